//! `swap2-openings`: the computer's own Swap2 openings (three stones it judges balanced),
//! printed in the format of `arena/openings-15.txt`, so that a match between two brains
//! can start from them:
//!
//!     pbrain-gomoku swap2-openings --count 20 --seed 1 --ms 300 > own.txt
//!     python3 arena.py --openings own.txt --engine a BIN --engine b BIN --turn-ms 200
//!
//! Each opening is what the opener would place: the most balanced of
//! `OPENING_CANDIDATES` candidates, each judged by a search of `--ms` milliseconds.

use gomoku_engine::Rule;
use gomoku_engine::ai::swap2::{OPENING_CANDIDATES, Swap2Decision, Swap2Planner, canonical};
use gomoku_engine::ai::{Level, Limits, SearchInfo, SearchSettings, next_seed, search};
use gomoku_engine::game::Game;
use gomoku_engine::notation::format_point;
use gomoku_engine::swap2::Swap2Stage;
use std::sync::atomic::AtomicBool;

/// Seeds tried per opening wanted before giving up on finding one not printed yet.
const TRIES_PER_OPENING: usize = 20;

pub fn run(args: &[String]) -> Result<(), String> {
    let (mut count, mut seed, mut ms, mut level, mut rule, mut size) =
        (20usize, 1u64, 300u64, Level::MAX, Rule::Freestyle, 15u8);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad {flag} '{value}'");
        match flag.as_str() {
            "--count" => count = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
            "--seed" => seed = value.parse().map_err(|_| bad())?,
            "--ms" => ms = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
            "--level" => level = value.parse().ok().and_then(Level::new).ok_or_else(bad)?,
            "--rule" => rule = value.parse()?,
            "--size" => size = value.parse().map_err(|_| bad())?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let empty = Game::new(size, rule).map_err(|e| e.to_string())?;
    println!(
        "# The computer's own Swap2 openings, {size}x{size} {}: black, white, black; white to move.",
        rule.keyword()
    );
    println!(
        "# pbrain-gomoku swap2-openings --count {count} --seed {seed} --ms {ms} --level {}: \
         the most balanced of {OPENING_CANDIDATES} candidates each, {ms} ms a candidate.",
        level.number()
    );
    println!("# After each: white's score there (the side to move's view), depth and time.");
    let mut printed: Vec<[gomoku_engine::Point; 3]> = Vec::new();
    let cancel = AtomicBool::new(false);
    for _ in 0..count * TRIES_PER_OPENING {
        if printed.len() >= count {
            break;
        }
        seed = next_seed(seed);
        let (stones, info) = open(&empty, seed, ms, level, &cancel)?;
        let key = canonical(stones, size);
        if printed.iter().any(|o| canonical(*o, size) == key) {
            continue;
        }
        printed.push(stones);
        let moves: Vec<String> = stones.iter().map(|&p| format_point(p)).collect();
        println!(
            "{}  # white {} depth {} {} ms",
            moves.join(" "),
            info.score,
            info.depth,
            info.elapsed_ms
        );
    }
    if printed.len() < count {
        return Err(format!(
            "only {} distinct openings found of {count}",
            printed.len()
        ));
    }
    Ok(())
}

/// The opening the computer places on `empty` with `seed`, and the search that judged it.
fn open(
    empty: &Game,
    seed: u64,
    ms: u64,
    level: Level,
    cancel: &AtomicBool,
) -> Result<([gomoku_engine::Point; 3], SearchInfo), String> {
    let mut planner = Swap2Planner::new(empty, Swap2Stage::PlaceThree, seed, OPENING_CANDIDATES)
        .ok_or("no opening on this board")?;
    let wanted = planner.wanted();
    let mut search_seed = seed;
    let found: Vec<Option<SearchInfo>> = wanted
        .iter()
        .map(|position| {
            search_seed = next_seed(search_seed);
            let settings = SearchSettings {
                level,
                limits: Limits::time(ms),
                seed: search_seed,
            };
            search(position, &settings, cancel)
        })
        .collect();
    planner.answer(&found);
    let Some(Swap2Decision::Open(stones)) = planner.decision() else {
        return Err("the planner chose no opening".into());
    };
    let info = wanted
        .iter()
        .zip(found)
        .find(|(g, _)| g.points().eq(stones))
        .and_then(|(_, f)| f)
        .ok_or("the chosen opening was not searched")?;
    Ok((stones, info))
}
