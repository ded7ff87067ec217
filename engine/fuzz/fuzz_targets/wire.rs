//! The AI worker's wire format: `ai::wire::decode_request`, `decode_reply`,
//! `decode_analysis_request` and `decode_analysis` (for the board size the first byte
//! picks) on arbitrary text. What decodes must encode and decode back to the same thing,
//! and no number may change on the way in.

#![no_main]

use gomoku_engine::ai::wire::{
    decode_analysis, decode_analysis_request, decode_reply, decode_request, encode_analysis,
    encode_analysis_request, encode_reply, encode_request,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);

    if let Ok((game, settings)) = decode_request(&text) {
        let line = encode_request(&game, &settings);
        assert_eq!(
            decode_request(&line).as_ref(),
            Ok(&(game.clone(), settings)),
            "{line}"
        );
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(
            fields[2].parse::<u128>().ok(),
            Some(settings.level.number() as u128)
        );
        let time = fields[3].parse::<u128>().ok();
        assert_eq!(time, Some(settings.limits.time_ms.unwrap_or(0) as u128));
        assert_eq!(fields[4].parse::<u128>().ok(), Some(settings.seed as u128));
        assert_eq!(settings.limits.nodes, None);
    }

    if let Ok(Some(info)) = decode_reply(&text, size) {
        let line = encode_reply(Some(&info));
        assert_eq!(decode_reply(&line, size), Ok(Some(info.clone())), "{line}");
        assert_eq!(info.pv, [info.best]);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let number = |s: &str| s.parse::<i128>().ok();
        assert_eq!(
            (number(fields[1]), number(fields[2]), number(fields[3])),
            (
                Some(info.score as i128),
                Some(info.depth as i128),
                Some(info.nodes as i128)
            ),
            "the reply's numbers changed on decoding: {text:?}"
        );
    }

    if let Ok((game, settings)) = decode_analysis_request(&text) {
        let line = encode_analysis_request(&game, &settings);
        assert_eq!(
            decode_analysis_request(&line).as_ref(),
            Ok(&(game.clone(), settings)),
            "{line}"
        );
        assert!(settings.lines >= 1);
    }

    if let Ok(Some(analysis)) = decode_analysis(&text, size) {
        let line = encode_analysis(Some(&analysis));
        assert_eq!(
            decode_analysis(&line, size),
            Ok(Some(analysis.clone())),
            "{line}"
        );
        assert!(analysis.lines.iter().all(|l| !l.pv.is_empty()));
    }
});
