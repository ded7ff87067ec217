//! A Gomocup brain: the engine behind the Gomocup protocol on stdin/stdout, so it can be
//! measured against other engines (e.g. with `../shared/arena/arena.py`).
//!
//! `--level L` plays the protocol at a lower level (1-6; default 6, the master). With
//! other arguments it is a small command-line tool:
//!   pbrain-gomoku best --moves h8i9h9 [--ms N] [--level L]
//!   pbrain-gomoku analyse --moves h8i9h9 [--multipv N] [--ms N] [--rule R] [--size N]
//!   pbrain-gomoku bench [--nodes N]
//!   pbrain-gomoku forbidden --moves h8i9...
//!   pbrain-gomoku swap2-openings [--count N] [--seed S] [--ms N]
//!   pbrain-gomoku tune [--games N] [--nodes N] [--seed S] [--threads N] [--rounds N]

mod analyse;
mod bench;
mod openings;
mod tune;

use gomoku_engine::Rule;
use gomoku_engine::ai::{Level, Limits, SearchSettings, search};
use gomoku_engine::game::Game;
use gomoku_engine::notation::format_point;
use gomoku_engine::protocol::Brain;
use gomoku_engine::renju::forbidden_points;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

const USAGE: &str = "usage: pbrain-gomoku [--level L]            (Gomocup protocol on stdin/stdout)
       pbrain-gomoku best --moves MOVES [--ms N] [--level L] [--rule standard|renju] [--size N]
       pbrain-gomoku analyse --moves MOVES [--multipv N] [--ms N] [--rule R] [--size N]
                                                      (the best N lines, one row per depth)
       pbrain-gomoku bench [--nodes N]                (fixed positions, the VCF set and the
                                                       reference wins; default 500000 nodes)
       pbrain-gomoku forbidden --moves MOVES [--size N]  (Renju: black's forbidden points)
       pbrain-gomoku swap2-openings [--count N] [--seed S] [--ms N] [--level L] [--rule R] [--size N]
                                                      (its own Swap2 openings, arena format;
                                                       --ms: search time per candidate)
       pbrain-gomoku tune [--games N] [--nodes N] [--seed S] [--threads N] [--rounds N]
                                                      (fit the eval's weights to self-play)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let done = match args.first().map(String::as_str) {
        None => return protocol(Level::MAX),
        Some("--level") => match args
            .get(1)
            .and_then(|n| n.parse().ok())
            .and_then(Level::new)
        {
            Some(level) if args.len() == 2 => return protocol(level),
            _ => Err("bad --level".to_string()),
        },
        Some("bench") => bench_nodes(&args[1..]).map(bench::run),
        Some("forbidden") => forbidden(&args[1..]),
        Some("best") => best(&args[1..]),
        Some("analyse") => analyse::run(&args[1..]),
        Some("swap2-openings") => openings::run(&args[1..]),
        Some("tune") => tune::run(&args[1..]),
        Some(other) => Err(format!("unknown command '{other}'")),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn protocol(level: Level) -> ExitCode {
    let mut brain = Brain::new(level);
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // A line that is not UTF-8 (a stray byte, a mangled name) gets an ERROR of its
        // own; the brain goes on with the next line.
        let reply = brain.handle_bytes(strip_line_end(&bytes));
        for l in &reply.lines {
            if writeln!(out, "{l}").and_then(|_| out.flush()).is_err() {
                return ExitCode::FAILURE;
            }
        }
        if reply.quit {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// The line without its `\n` or `\r\n`, as `BufRead::lines` gives it.
fn strip_line_end(bytes: &[u8]) -> &[u8] {
    match bytes.strip_suffix(b"\n") {
        Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
        None => bytes,
    }
}

fn bench_nodes(args: &[String]) -> Result<u64, String> {
    match args {
        [] => Ok(500_000),
        [flag, n] if flag == "--nodes" => n
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("bad --nodes '{n}'")),
        _ => Err("bench takes only --nodes N".into()),
    }
}

/// Prints black's forbidden points (Renju) after `--moves`, one per line.
fn forbidden(args: &[String]) -> Result<(), String> {
    let (mut moves, mut size) = (None, 15u8);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--moves" => moves = Some(value.clone()),
            "--size" => size = value.parse().map_err(|_| "bad --size".to_string())?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let moves = moves.ok_or("forbidden needs --moves")?;
    let game = Game::from_move_string(size, Rule::Renju, &moves).map_err(|e| e.to_string())?;
    for p in forbidden_points(game.board()) {
        println!("{}", format_point(p));
    }
    Ok(())
}

fn best(args: &[String]) -> Result<(), String> {
    let (mut moves, mut ms, mut level, mut rule, mut size) =
        (String::new(), 1000u64, Level::MAX, Rule::Freestyle, 15u8);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--moves" => moves = value()?,
            "--ms" => ms = value()?.parse().map_err(|_| "bad --ms".to_string())?,
            "--level" => {
                level = value()?
                    .parse()
                    .ok()
                    .and_then(Level::new)
                    .ok_or("bad --level")?
            }
            "--rule" => rule = value()?.parse()?,
            "--size" => size = value()?.parse().map_err(|_| "bad --size".to_string())?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let game = Game::from_move_string(size, rule, &moves).map_err(|e| e.to_string())?;
    let settings = SearchSettings {
        level,
        limits: Limits::time(ms),
        seed: 1,
    };
    let info =
        search(&game, &settings, &AtomicBool::new(false)).ok_or("no move: the game is over")?;
    println!("{}", format_point(info.best));
    eprintln!(
        "score {} depth {} nodes {} time {} ms pv {}",
        info.score,
        info.depth,
        info.nodes,
        info.elapsed_ms,
        info.pv
            .iter()
            .map(|p| format_point(*p))
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(())
}
