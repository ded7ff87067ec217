//! `pbrain-gomoku analyse`: the engine's analysis of a position (`ai::analyse`, the best
//! few lines as the app's analysis panel shows them), one line per completed depth:
//!
//!     pbrain-gomoku analyse --moves h8i9h9i8 --multipv 3 --ms 2000
//!     ...
//!     depth 8 nodes 164208 ms 1251 | h10 79% (+972) h10 h11 i10 g10 h7 h6 g8 j11 | h7 ...
//!
//! Each line: its move, its verdict (the mover's win chance, or `wins in N` / `loses in
//! N` when forced), its score and its moves. Like a search, the analysis starts no new
//! depth past 70% of its time.

use gomoku_engine::Rule;
use gomoku_engine::ai::{Analysis, AnalysisSettings, Limits, analyse, verdict};
use gomoku_engine::game::Game;
use gomoku_engine::notation::format_point;
use std::sync::atomic::AtomicBool;

pub fn run(args: &[String]) -> Result<(), String> {
    let (mut moves, mut lines, mut ms, mut rule, mut size) =
        (String::new(), 1usize, 1000u64, Rule::Freestyle, 15u8);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad {flag} '{value}'");
        match flag.as_str() {
            "--moves" => moves = value.clone(),
            "--multipv" => lines = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
            "--ms" => ms = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
            "--rule" => rule = value.parse()?,
            "--size" => size = value.parse().map_err(|_| bad())?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let game = Game::from_move_string(size, rule, &moves).map_err(|e| e.to_string())?;
    let settings = AnalysisSettings {
        lines,
        limits: Limits::time(ms),
    };
    let cancel = AtomicBool::new(false);
    analyse(&game, &settings, &cancel, &mut |a| {
        println!("{}", describe(a))
    })
    .ok_or("nothing to analyse: the game is over")?;
    Ok(())
}

/// `depth D nodes N ms T | MOVE VERDICT (SCORE) PV | ...`
fn describe(a: &Analysis) -> String {
    let mut text = format!("depth {} nodes {} ms {}", a.depth, a.nodes, a.elapsed_ms);
    for line in &a.lines {
        text += &format!(
            " | {} {} ({:+}) {}",
            format_point(line.first()),
            verdict(line.score),
            line.score,
            line.pv
                .iter()
                .map(|&p| format_point(p))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    text
}
