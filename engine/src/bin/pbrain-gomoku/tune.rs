//! `pbrain-gomoku tune`: fits the evaluation's weights to self-play results from scratch
//! (Texel's method, `gomoku_engine::ai::tuning`) and prints them as the `WEIGHTS` table of
//! `engine/src/ai/eval.rs`, with the error before and after.

use gomoku_engine::ai::tuning::{self, SelfPlay};
use std::time::Instant;

/// The eval's fixed point: its weights are whole numbers of 1/SCALE points.
const SCALE: f64 = 5.0;

pub fn run(args: &[String]) -> Result<(), String> {
    let mut plan = SelfPlay {
        games: 1000,
        nodes_per_move: 2000,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut rounds = 200;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("bad {flag} '{value}'"))
        };
        match flag.as_str() {
            "--games" => plan.games = number()? as usize,
            "--nodes" => plan.nodes_per_move = number()?,
            "--seed" => plan.seed = number()?,
            "--threads" => plan.threads = number()? as usize,
            "--rounds" => rounds = number()? as usize,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let clock = Instant::now();
    let samples = tuning::self_play(plan);
    eprintln!(
        "{} games, {} quiet positions in {:.0} s",
        plan.games,
        samples.len(),
        clock.elapsed().as_secs_f64()
    );
    let start = tuning::current_weights();
    let k = tuning::best_scale(&samples, &start);
    let before = tuning::error(&samples, &start, k);
    eprintln!("scale k = {k:.1}, error of the current weights {before:.6}");
    let fitted = tuning::fit(&samples, start, k, rounds, |round, e| {
        eprintln!("round {round}: error {e:.6}");
    });
    eprintln!(
        "error {before:.6} -> {:.6} in {:.0} s",
        tuning::error(&samples, &fitted, k),
        clock.elapsed().as_secs_f64()
    );
    let whole: Vec<String> = fitted
        .iter()
        .map(|w| format!("{}", (w * SCALE).round() as i64))
        .collect();
    println!("const WEIGHTS: [i32; FEATURES] = [{}];", whole.join(", "));
    Ok(())
}
