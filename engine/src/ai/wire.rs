//! A one-line text form of a search request and its reply, for running the search in
//! another context (the browser's AI Web Worker) that only passes strings.
//!
//! Request: `SIZE RULE LEVEL TIME_MS SEED MOVES` (moves in notation, `-` for none).
//! Reply: `BEST SCORE DEPTH NODES`, or `none` when there is nothing to play.

use super::{Level, Limits, SearchInfo, SearchSettings};
use crate::game::Game;
use crate::notation::{format_moves, format_point, parse_point};
use crate::rules::Rule;

pub fn encode_request(game: &Game, settings: &SearchSettings) -> String {
    let moves = format_moves(game.points());
    format!(
        "{} {} {} {} {} {}",
        game.size(),
        game.rule().keyword(),
        settings.level.number(),
        settings.limits.time_ms.unwrap_or(0),
        settings.seed,
        if moves.is_empty() { "-" } else { &moves }
    )
}

/// Reads a request; a time of 0 means no time limit.
pub fn decode_request(line: &str) -> Result<(Game, SearchSettings), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [size, rule, level, time_ms, seed, moves] = fields[..] else {
        return Err(format!("expected 6 fields, got {}", fields.len()));
    };
    let size: u8 = size.parse().map_err(|_| format!("bad size '{size}'"))?;
    let rule: Rule = rule.parse()?;
    let level = level
        .parse()
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| format!("bad level '{level}'"))?;
    let time_ms: u64 = time_ms
        .parse()
        .map_err(|_| format!("bad time '{time_ms}'"))?;
    let seed: u64 = seed.parse().map_err(|_| format!("bad seed '{seed}'"))?;
    let moves = if moves == "-" { "" } else { moves };
    let game = Game::from_move_string(size, rule, moves).map_err(|e| e.to_string())?;
    let limits = Limits {
        time_ms: (time_ms > 0).then_some(time_ms),
        nodes: None,
    };
    Ok((
        game,
        SearchSettings {
            level,
            limits,
            seed,
        },
    ))
}

pub fn encode_reply(info: Option<&SearchInfo>) -> String {
    match info {
        Some(i) => format!(
            "{} {} {} {}",
            format_point(i.best),
            i.score,
            i.depth,
            i.nodes
        ),
        None => "none".to_string(),
    }
}

/// Reads a reply for a board of `size`.
pub fn decode_reply(line: &str, size: u8) -> Result<Option<SearchInfo>, String> {
    if line.trim() == "none" {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [best, score, depth, nodes] = fields[..] else {
        return Err(format!("bad reply '{line}'"));
    };
    let best = parse_point(best, size).map_err(|e| e.to_string())?;
    // Each number in its own type: out of range is an error, not a silent wrap.
    fn number<T: std::str::FromStr>(s: &str) -> Result<T, String> {
        s.parse().map_err(|_| format!("bad number '{s}' in reply"))
    }
    Ok(Some(SearchInfo {
        best,
        score: number(score)?,
        depth: number(depth)?,
        nodes: number(nodes)?,
        elapsed_ms: 0,
        pv: vec![best],
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::search;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn requests_and_replies_round_trip() {
        let game = Game::from_move_string(15, Rule::Standard, "h8i9").unwrap();
        let settings = SearchSettings {
            level: Level::MIN,
            limits: Limits {
                time_ms: Some(700),
                nodes: None,
            },
            seed: 42,
        };
        let line = encode_request(&game, &settings);
        assert_eq!(line, "15 standard 1 700 42 h8i9");
        assert_eq!(decode_request(&line), Ok((game.clone(), settings)));
        let info = search(&game, &settings, &AtomicBool::new(false)).unwrap();
        let back = decode_reply(&encode_reply(Some(&info)), 15)
            .unwrap()
            .unwrap();
        assert_eq!(
            (back.best, back.score, back.depth, back.nodes),
            (info.best, info.score, info.depth, info.nodes)
        );
        assert_eq!(decode_reply("none", 15), Ok(None));
        assert_eq!(
            decode_request("15 freestyle 1 0 0 -")
                .unwrap()
                .1
                .limits
                .time_ms,
            None
        );
    }

    #[test]
    fn malformed_lines_are_errors() {
        for bad in [
            "",
            "15 freestyle 1 100 0",
            "15 gomoku 1 100 0 -",
            "15 freestyle 9 100 0 -",
            "15 freestyle 1 100 0 h8h8",
            "99 freestyle 1 0 0 -",
        ] {
            assert!(decode_request(bad).is_err(), "{bad}");
        }
        // Found by fuzzing: numbers out of their field's range used to wrap (nodes -2
        // read as 18446744073709551614, which then did not decode again).
        for bad in [
            "",
            "h8 1 2",
            "z99 1 2 3",
            "h8 x 2 3",
            "h8 1 2 -2",
            "h8 1 -1 3",
            "h8 4294967296 2 3",
            "h8 1 4294967296 3",
        ] {
            assert!(decode_reply(bad, 15).is_err(), "{bad}");
        }
    }
}
