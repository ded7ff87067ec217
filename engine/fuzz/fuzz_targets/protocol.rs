//! The Gomocup protocol state machine (`protocol::Brain::handle_bytes`) fed arbitrary
//! lines, as the `pbrain-gomoku` binary feeds it stdin: START, BOARD...DONE, TURN, BEGIN,
//! SWAP2BOARD...DONE, TAKEBACK, INFO and anything else, in any order, UTF-8 or not.
//!
//! The brain plays at the lowest level, which looks no move ahead, so a search stays short
//! whatever time limits the input sets with INFO (a few milliseconds under the fuzzer's
//! instrumentation, mostly setting up the search's tables); at most `MAX_SEARCHES` lines
//! that can search are handled per input.
//!
//! Checked after every line: each reply is a single non-empty line without control
//! characters; a move reply names a point on the board that is now the game's last move
//! (a reply of several points, as SWAP2BOARD gives, the game's last moves in order);
//! the game stays one that its moves rebuild.

#![no_main]

use gomoku_engine::Game;
use gomoku_engine::ai::Level;
use gomoku_engine::board::{MAX_SIZE, MIN_SIZE, Point};
use gomoku_engine::protocol::Brain;
use libfuzzer_sys::fuzz_target;

const MAX_SEARCHES: usize = 8;

/// `x,y` as the brain writes its moves (0-based, from the top-left).
fn as_move(line: &str) -> Option<(u32, u32)> {
    let (x, y) = line.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(x) && digits(y)).then(|| Some((x.parse().ok()?, y.parse().ok()?)))?
}

fn may_search(line: &str) -> bool {
    let word = line.trim().split_whitespace().next().unwrap_or("");
    ["BEGIN", "TURN", "DONE"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

fn check_game(game: &Game) {
    assert!((MIN_SIZE..=MAX_SIZE).contains(&game.size()));
    // BOARD positions are taken as given (no Renju judging), so rebuild the same way.
    let rebuilt = Game::set_up(game.size(), game.rule(), game.points())
        .unwrap_or_else(|e| panic!("the brain's game does not rebuild: {e}"));
    assert_eq!(rebuilt.board(), game.board());
    assert_eq!(rebuilt.outcome(), game.outcome());
}

fuzz_target!(|data: &[u8]| {
    let mut brain = Brain::new(Level::MIN);
    let mut searches = 0;
    // Lines as pbrain-gomoku reads them: bytes up to `\n`, without `\r\n`, maybe not UTF-8.
    for bytes in data.split(|&b| b == b'\n') {
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let line = String::from_utf8_lossy(bytes);
        if may_search(&line) {
            searches += 1;
            if searches > MAX_SEARCHES {
                break;
            }
        }
        let reply = brain.handle_bytes(bytes);
        assert!(reply.lines.len() <= 1, "{line:?} -> {reply:?}");
        for out in &reply.lines {
            assert!(!out.is_empty(), "{line:?} -> empty reply");
            assert!(!out.contains(char::is_control), "{line:?} -> {out:?}");
            let points: Option<Vec<(u32, u32)>> = out.split(' ').map(as_move).collect();
            if let Some(points) = points {
                let game = brain.game().expect("a move reply without a game");
                let size = game.size() as u32;
                let played: Vec<Point> = game.points().collect();
                let tail = &played[played.len().saturating_sub(points.len())..];
                assert_eq!(tail.len(), points.len(), "{line:?} -> {out:?} not played");
                for ((x, y), p) in points.into_iter().zip(tail) {
                    assert!(x < size && y < size, "{line:?} -> {out:?} off the board");
                    let q = Point::new(x as u8, (size - 1 - y) as u8);
                    assert_eq!(*p, q, "{line:?} -> {out:?} not played");
                }
            }
        }
        if let Some(game) = brain.game() {
            check_game(game);
        }
        if reply.quit {
            break;
        }
    }
});
