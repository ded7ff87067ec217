//! `record::from_psq` (Piskvork's PSQ import) on arbitrary text, under the rule the first
//! byte picks. Whatever loads must write back as PSQ and as a save record, and load again
//! to the same game.

#![no_main]

use gomoku_engine::Rule;
use gomoku_engine::record::{Record, from_psq, to_psq};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let rule = Rule::ALL[pick as usize % Rule::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    let Ok(game) = from_psq(&text, rule) else {
        return;
    };
    assert_eq!(game.rule(), rule);

    let psq = to_psq(&game);
    let again = from_psq(&psq, rule)
        .unwrap_or_else(|e| panic!("PSQ written for a loaded game does not load: {e}\n{psq}"));
    assert_eq!(again.moves().len(), game.moves().len());
    for (a, b) in again.moves().iter().zip(game.moves()) {
        assert_eq!(a.point, b.point);
        assert_eq!(a.time_ms, Some(b.time_ms.unwrap_or(0)));
    }
    assert_eq!(again.board(), game.board());
    assert_eq!(again.outcome(), game.outcome());

    let record = Record::new(game.clone(), "a", "b");
    let saved = record.to_text();
    let loaded = Record::parse(&saved)
        .unwrap_or_else(|e| panic!("a game loaded from PSQ does not save and load: {e}\n{saved}"));
    assert_eq!(loaded.game, game);
});
