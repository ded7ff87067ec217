//! The move notation: `notation::parse_moves`, `parse_point` and `Game::from_move_string`
//! on arbitrary text, for the board size (any byte, so also sizes off the supported range)
//! and rule the first two bytes pick.

#![no_main]

use gomoku_engine::board::{MAX_SIZE, Point};
use gomoku_engine::notation::{
    NotationError, format_moves, format_point, parse_moves, parse_point,
};
use gomoku_engine::{Game, Rule};
use libfuzzer_sys::fuzz_target;

/// An error names a token that really is in the text, where it says.
fn check_error(text: &str, e: &NotationError) {
    assert!(
        text.is_char_boundary(e.offset) && text[e.offset..].starts_with(&e.token),
        "error {e:?} does not point at its token in {text:?}"
    );
}

fn on_board(p: Point, size: u8) -> bool {
    p.col < size.min(MAX_SIZE) && p.row < size
}

fuzz_target!(|data: &[u8]| {
    let [size, pick, rest @ ..] = data else {
        return;
    };
    let size = *size;
    let rule = Rule::ALL[*pick as usize % Rule::ALL.len()];
    let text = String::from_utf8_lossy(rest);

    let moves = parse_moves(&text, size);
    match &moves {
        Ok(points) => {
            assert!(points.iter().all(|&p| on_board(p, size)), "{points:?}");
            let written = format_moves(points.iter().copied());
            assert_eq!(
                parse_moves(&written, size).as_ref(),
                Ok(points),
                "{written}"
            );
        }
        Err(e) => {
            assert!(!e.token.is_empty(), "{e:?}");
            check_error(&text, e);
        }
    }

    match parse_point(&text, size) {
        Ok(p) => {
            assert!(on_board(p, size));
            assert_eq!(moves.as_deref(), Ok(&[p][..]));
            assert_eq!(parse_point(&format_point(p), size), Ok(p));
        }
        Err(e) => check_error(&text, &e),
    }

    match Game::from_move_string(size, rule, &text) {
        Ok(game) => {
            let points: Vec<Point> = game.points().collect();
            assert_eq!(moves.as_ref(), Ok(&points));
            assert_eq!((game.size(), game.rule()), (size, rule));
            let written = format_moves(points.iter().copied());
            let again = Game::from_move_string(size, rule, &written)
                .unwrap_or_else(|e| panic!("{written} does not load again: {e}"));
            assert_eq!(again, game);
        }
        Err(_) => {
            // Fails exactly when the text does not parse or the points are no legal game.
            if let Ok(points) = &moves {
                assert!(Game::from_moves(size, rule, points.iter().copied()).is_err());
            }
        }
    }
});
