//! `Record::parse` on arbitrary text. Whatever loads must be a consistent game that saves
//! and loads back to the same record, and that survives the PSQ format too.

#![no_main]

use gomoku_engine::Game;
use gomoku_engine::record::{Record, from_psq, to_psq};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = Record::parse(&text) else {
        return;
    };
    let game = &record.game;

    let saved = record.to_text();
    let again = Record::parse(&saved).unwrap_or_else(|e| {
        panic!("a loaded record saves as text that does not load: {e}\n{saved}")
    });
    assert_eq!(again, record, "save and load changed the record:\n{saved}");
    assert_eq!(again.to_text(), saved, "saving is not stable");

    // The position's moves replay from an empty board to the same position and result; a
    // declared ending (resignation, flag, agreed draw) is not in the moves, so it is
    // applied after.
    let mut replayed = Game::from_moves(game.size(), game.rule(), game.points())
        .unwrap_or_else(|e| panic!("the loaded moves do not replay: {e}"));
    assert_eq!(replayed.board(), game.board());
    if let Some(ending) = game.outcome().ending() {
        replayed
            .end(ending)
            .unwrap_or_else(|e| panic!("the loaded ending does not apply to its moves: {e}"));
    }
    assert_eq!(replayed.outcome(), game.outcome());

    // The main line through PSQ (which has no variations): same points, and the times it
    // can carry.
    let main: Vec<_> = game.main_line().copied().collect();
    let psq = to_psq(game);
    let back = from_psq(&psq, game.rule())
        .unwrap_or_else(|e| panic!("PSQ written for a loaded record does not load: {e}\n{psq}"));
    assert_eq!(back.moves().len(), main.len());
    for (a, b) in back.moves().iter().zip(&main) {
        assert_eq!(a.point, b.point);
        assert_eq!(a.time_ms, Some(b.time_ms.unwrap_or(0)));
    }
});
