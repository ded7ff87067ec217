//! A one-line text form of a search request and its reply, for running the search in
//! another context (the browser's AI Web Worker) that only passes strings.
//!
//! Request: `SIZE RULE LEVEL TIME_MS SEED MOVES` (moves in notation, `-` for none).
//! Reply: `BEST SCORE DEPTH NODES`, or `none` when there is nothing to play.
//!
//! Analysis request: `analyse SIZE RULE LINES TIME_MS NODES MOVES` (0: no such limit).
//! Analysis (each report and the last): `DEPTH NODES MS COUNT` and then, per line, `SCORE
//! PV` (the line's moves run together, `h8i9j10`); `none` when there is nothing to
//! analyse.

use super::{Analysis, AnalysisSettings, Level, Limits, Line, SearchInfo, SearchSettings};
use crate::game::Game;
use crate::notation::{format_moves, format_point, parse_moves, parse_point};
use crate::rules::Rule;

pub fn encode_request(game: &Game, settings: &SearchSettings) -> String {
    format!(
        "{} {} {} {} {} {}",
        game.size(),
        game.rule().keyword(),
        settings.level.number(),
        settings.limits.time_ms.unwrap_or(0),
        settings.seed,
        game_moves(game)
    )
}

/// The game's moves in notation, `-` for none.
fn game_moves(game: &Game) -> String {
    let moves = format_moves(game.points());
    if moves.is_empty() { "-".into() } else { moves }
}

/// The game of `size`, `rule` and `moves` (`-` for none), as a request names it.
fn request_game(size: &str, rule: &str, moves: &str) -> Result<Game, String> {
    let size: u8 = size.parse().map_err(|_| format!("bad size '{size}'"))?;
    let rule: Rule = rule.parse()?;
    let moves = if moves == "-" { "" } else { moves };
    Game::from_move_string(size, rule, moves).map_err(|e| e.to_string())
}

/// A number in its own type: out of range is an error, not a silent wrap.
fn number<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.parse().map_err(|_| format!("bad {what} '{s}'"))
}

/// Reads a request; a time of 0 means no time limit.
pub fn decode_request(line: &str) -> Result<(Game, SearchSettings), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [size, rule, level, time_ms, seed, moves] = fields[..] else {
        return Err(format!("expected 6 fields, got {}", fields.len()));
    };
    let level = level
        .parse()
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| format!("bad level '{level}'"))?;
    let time_ms: u64 = number(time_ms, "time")?;
    let seed: u64 = number(seed, "seed")?;
    let game = request_game(size, rule, moves)?;
    let limits = Limits {
        time_ms: (time_ms > 0).then_some(time_ms),
        nodes: None,
        ..Limits::default()
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
    Ok(Some(SearchInfo {
        best,
        score: number(score, "score")?,
        depth: number(depth, "depth")?,
        nodes: number(nodes, "nodes")?,
        elapsed_ms: 0,
        pv: vec![best],
    }))
}

pub fn encode_analysis_request(game: &Game, settings: &AnalysisSettings) -> String {
    format!(
        "analyse {} {} {} {} {} {}",
        game.size(),
        game.rule().keyword(),
        settings.lines,
        settings.limits.time_ms.unwrap_or(0),
        settings.limits.nodes.unwrap_or(0),
        game_moves(game)
    )
}

/// Reads an analysis request; a time or node count of 0 means no such limit, and a
/// line count of 0 is an error.
pub fn decode_analysis_request(line: &str) -> Result<(Game, AnalysisSettings), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let ["analyse", size, rule, lines, time_ms, nodes, moves] = fields[..] else {
        return Err(format!(
            "expected 'analyse' and 6 fields, got '{}'",
            line.trim()
        ));
    };
    let lines: usize = number(lines, "line count")?;
    if lines == 0 {
        return Err("an analysis needs at least 1 line".into());
    }
    let time_ms: u64 = number(time_ms, "time")?;
    let nodes: u64 = number(nodes, "node count")?;
    let game = request_game(size, rule, moves)?;
    let limits = Limits {
        time_ms: (time_ms > 0).then_some(time_ms),
        nodes: (nodes > 0).then_some(nodes),
        ..Limits::default()
    };
    Ok((game, AnalysisSettings { lines, limits }))
}

pub fn encode_analysis(analysis: Option<&Analysis>) -> String {
    let Some(a) = analysis else {
        return "none".to_string();
    };
    let mut text = format!("{} {} {} {}", a.depth, a.nodes, a.elapsed_ms, a.lines.len());
    for line in &a.lines {
        let pv = format_moves(line.pv.iter().copied());
        text += &format!(" {} {}", line.score, if pv.is_empty() { "-" } else { &pv });
    }
    text
}

/// Reads an analysis for a board of `size`; every line must have at least its move.
pub fn decode_analysis(line: &str, size: u8) -> Result<Option<Analysis>, String> {
    if line.trim() == "none" {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [depth, nodes, elapsed_ms, count, rest @ ..] = &fields[..] else {
        return Err(format!("bad analysis '{line}'"));
    };
    let count: usize = number(count, "line count")?;
    if count.checked_mul(2) != Some(rest.len()) {
        return Err(format!(
            "analysis of {count} lines has {} fields for them",
            rest.len()
        ));
    }
    let lines = rest
        .chunks(2)
        .map(|pair| {
            let pv = parse_moves(pair[1], size).map_err(|e| e.to_string())?;
            if pv.is_empty() {
                return Err(format!("empty line '{}'", pair[1]));
            }
            Ok(Line {
                score: number(pair[0], "score")?,
                pv,
            })
        })
        .collect::<Result<Vec<Line>, String>>()?;
    Ok(Some(Analysis {
        depth: number(depth, "depth")?,
        nodes: number(nodes, "nodes")?,
        elapsed_ms: number(elapsed_ms, "time")?,
        lines,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{analyse, search};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn analysis_requests_and_analyses_round_trip() {
        let game = Game::from_move_string(15, Rule::Renju, "h8i9j10").unwrap();
        let settings = AnalysisSettings {
            lines: 3,
            limits: Limits::time(2000),
        };
        let line = encode_analysis_request(&game, &settings);
        assert_eq!(line, "analyse 15 renju 3 2000 0 h8i9j10");
        assert_eq!(decode_analysis_request(&line), Ok((game.clone(), settings)));
        let empty = Game::new(19, Rule::Freestyle).unwrap();
        let by_nodes = AnalysisSettings {
            lines: 1,
            limits: Limits::nodes(5000),
        };
        let line = encode_analysis_request(&empty, &by_nodes);
        assert_eq!(line, "analyse 19 freestyle 1 0 5000 -");
        assert_eq!(decode_analysis_request(&line), Ok((empty, by_nodes)));

        let mut reports = Vec::new();
        let cancel = AtomicBool::new(false);
        let last = analyse(&game, &by_nodes_of(3, 20_000), &cancel, &mut |a| {
            reports.push(encode_analysis(Some(a)))
        })
        .unwrap();
        assert!(!reports.is_empty());
        let text = encode_analysis(Some(&last));
        assert_eq!(reports.last(), Some(&text));
        assert_eq!(decode_analysis(&text, 15), Ok(Some(last)));
        assert_eq!(encode_analysis(None), "none");
        assert_eq!(decode_analysis("none", 15), Ok(None));
        let by_hand = "4 1200 15 2 -999996 h7b3 35 h11h12a1";
        let back = decode_analysis(by_hand, 15).unwrap().unwrap();
        assert_eq!((back.depth, back.nodes, back.elapsed_ms), (4, 1200, 15));
        assert_eq!(back.lines[0].score, -999_996);
        assert_eq!(format_moves(back.lines[1].pv.iter().copied()), "h11h12a1");
        assert_eq!(encode_analysis(Some(&back)), by_hand);
    }

    fn by_nodes_of(lines: usize, nodes: u64) -> AnalysisSettings {
        AnalysisSettings {
            lines,
            limits: Limits::nodes(nodes),
        }
    }

    #[test]
    fn malformed_analysis_lines_are_errors() {
        for bad in [
            "",
            "15 freestyle 3 100 0 -",
            "analyse 15 freestyle 3 100 0",
            "analyse 15 freestyle 0 100 0 -",
            "analyse 15 freestyle -1 100 0 -",
            "analyse 15 gomoku 3 100 0 -",
            "analyse 99 freestyle 3 100 0 -",
            "analyse 15 freestyle 3 x 0 -",
            "analyse 15 freestyle 3 100 -5 -",
            "analyse 15 freestyle 3 100 0 h8h8",
            "analyse 15 freestyle 3 100 0 h8 extra",
        ] {
            assert!(decode_analysis_request(bad).is_err(), "{bad}");
        }
        for bad in [
            "",
            "1 2 3",
            "1 2 3 1",
            "1 2 3 1 50",
            "1 2 3 1 50 h8 7",
            "1 2 3 2 50 h8",
            "1 2 3 1 x h8",
            "1 2 3 1 50 -",
            "1 2 3 1 50 z99",
            "1 2 3 1 4294967296 h8",
            "-1 2 3 1 50 h8",
            "1 2 -3 1 50 h8",
            "1 2 3 18446744073709551615 50 h8",
            "1 2 3 9223372036854775808 50 h8",
        ] {
            assert!(decode_analysis(bad, 15).is_err(), "{bad}");
        }
    }

    #[test]
    fn requests_and_replies_round_trip() {
        let game = Game::from_move_string(15, Rule::Standard, "h8i9").unwrap();
        let settings = SearchSettings {
            level: Level::MIN,
            limits: Limits::time(700),
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
