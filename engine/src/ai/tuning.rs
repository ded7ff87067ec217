//! Fitting the evaluation's weights to game outcomes (Texel's method): the computer plays
//! itself from varied openings, every quiet position it passes through is kept with the
//! result of its game, and the weights are moved, one at a time, while that makes the
//! evaluation predict the results better. `pbrain-gomoku tune` runs it from scratch.

use super::eval::{self, FEATURES};
use super::position::Position;
use super::types::Threat;
use super::{Engine, Level, Limits, Resources, SearchSettings, next_seed};
use crate::board::{Point, Stone};
use crate::game::{Game, Outcome};
use crate::rules::Rule;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// One position of a self-play game: its features and how the game ended for the side
/// to move then (1 won, 0.5 drawn, 0 lost).
#[derive(Clone, Debug)]
pub struct Sample {
    features: [i32; FEATURES],
    result: f64,
}

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub games: usize,
    /// The master's node budget a move: small, so thousands of games fit in minutes.
    pub nodes_per_move: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Stones placed at random near the centre before the computer takes over: enough for
/// every game to differ, few enough that the games stay sensible.
const OPENING_STONES: usize = 4;
/// How far from the centre (king's moves) the opening's random stones may lie.
const OPENING_RADIUS: i8 = 2;
/// A game this long is called a draw: the board is far from full, but nothing happens.
const MAX_PLIES: usize = 150;
/// The table each game's engine keeps between its moves.
const GAME_TABLE_BYTES: usize = 1 << 20;

/// Plays `plan.games` games and returns their quiet positions.
pub fn self_play(plan: SelfPlay) -> Vec<Sample> {
    let threads = plan.threads.max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..plan.games)
                        .step_by(threads)
                        .flat_map(|g| play_one(plan, g as u64))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play thread panicked"))
            .collect()
    })
}

fn play_one(plan: SelfPlay, game_number: u64) -> Vec<Sample> {
    let mut rng = SmallRng::seed_from_u64(plan.seed ^ game_number.wrapping_mul(0x9E37_79B9));
    let mut game = Game::new(15, Rule::Freestyle).expect("15x15 is a valid board");
    let centre = 7i8;
    let _ = game.play(Point::new(7, 7));
    while game.moves().len() < OPENING_STONES {
        let dc = rng.random_range(-OPENING_RADIUS..=OPENING_RADIUS);
        let dr = rng.random_range(-OPENING_RADIUS..=OPENING_RADIUS);
        let p = Point::new((centre + dc) as u8, (centre + dr) as u8);
        if game.board().is_empty_at(p) {
            let _ = game.play(p);
        }
    }
    let engine = Engine::new(Resources {
        table_bytes: GAME_TABLE_BYTES,
        ..Resources::default()
    });
    let cancel = AtomicBool::new(false);
    let mut seed = plan.seed ^ game_number;
    let mut kept: Vec<([i32; FEATURES], Stone)> = Vec::new();
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let pos = Position::new(game.board(), game.rule(), game.to_move());
        if is_quiet(&pos) {
            kept.push((eval::features(&pos, true), game.to_move()));
        }
        seed = next_seed(seed);
        let settings = SearchSettings {
            level: Level::MAX,
            limits: Limits::nodes(plan.nodes_per_move),
            seed,
        };
        let Some(info) = engine.search(&game, &settings, &cancel) else {
            break;
        };
        if game.play(info.best).is_err() {
            break;
        }
    }
    let winner = match game.outcome() {
        Outcome::Won { winner, .. } => Some(*winner),
        _ => None,
    };
    kept.into_iter()
        .map(|(features, mover)| Sample {
            features,
            result: match winner {
                Some(w) if w == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
        })
        .collect()
}

/// A position whose score is not decided by the next move or two: the side to move has
/// no five or open four to make, and no five of the opponent's to block.
fn is_quiet(pos: &Position) -> bool {
    let me = pos.to_move();
    !pos.has_at_least(me, Threat::WinningFour) && !pos.has_at_least(me.opponent(), Threat::Five)
}

/// How well `weights` predict the results: the mean squared error of the win chance
/// `1 / (1 + e^(-score / k))`.
pub fn error(samples: &[Sample], weights: &[f64; FEATURES], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let score: f64 = s
                .features
                .iter()
                .zip(weights)
                .map(|(&x, w)| x as f64 * w)
                .sum();
            let chance = 1.0 / (1.0 + (-score / k).exp());
            (s.result - chance).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale `k` at which the current weights predict best (golden-section search over
/// a wide range): the tuned weights keep it, so they stay in the same units.
pub fn best_scale(samples: &[Sample], weights: &[f64; FEATURES]) -> f64 {
    let (mut lo, mut hi) = (10.0f64, 100_000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Texel's local search: each weight in turn is nudged up and down by a share of its
/// size, and a nudge is kept when it lowers the error; the share halves whenever a whole
/// round changes nothing. `report` hears each round's error.
pub fn fit(
    samples: &[Sample],
    start: [f64; FEATURES],
    k: f64,
    rounds: usize,
    mut report: impl FnMut(usize, f64),
) -> [f64; FEATURES] {
    let mut weights = start;
    let mut best = error(samples, &weights, k);
    let mut share = 0.25;
    for round in 0..rounds {
        let mut improved = false;
        for i in 0..FEATURES {
            let step = (weights[i].abs() * share).max(1.0);
            for delta in [step, -step] {
                let mut trial = weights;
                trial[i] += delta;
                let e = error(samples, &trial, k);
                if e < best {
                    best = e;
                    weights = trial;
                    improved = true;
                    break;
                }
            }
        }
        report(round, best);
        if !improved {
            share /= 2.0;
            if share < 0.005 {
                break;
            }
        }
    }
    weights
}

/// The evaluation's fitted weights now in force, in points (as `fit` takes them). The
/// master weighs the combined shapes by the mean of these (`eval::ShapeWeights`), and
/// its self-play games are played so: a refit would start from them.
pub fn current_weights() -> [f64; FEATURES] {
    eval::weights_in_points()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(features: [i32; FEATURES], result: f64) -> Sample {
        Sample { features, result }
    }

    #[test]
    fn fitting_moves_a_weight_towards_what_predicts_the_results() {
        // Positions with more of feature 0 were won, those with less lost: a weight of
        // zero predicts nothing, and the fit must make it positive.
        let mut won = [0; FEATURES];
        won[0] = 10;
        let mut lost = [0; FEATURES];
        lost[0] = -10;
        let samples = vec![sample(won, 1.0), sample(lost, 0.0)];
        let start = [0.0; FEATURES];
        let before = error(&samples, &start, 100.0);
        let fitted = fit(&samples, start, 100.0, 50, |_, _| {});
        assert!(fitted[0] > 0.0, "{}", fitted[0]);
        assert!(error(&samples, &fitted, 100.0) < before);
    }

    #[test]
    fn self_play_keeps_quiet_positions_with_their_games_results() {
        let samples = self_play(SelfPlay {
            games: 2,
            nodes_per_move: 300,
            seed: 7,
            threads: 1,
        });
        assert!(!samples.is_empty());
        assert!(samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
        // A decided game's positions alternate movers: both the winner's and the loser's
        // are kept, each with its own result.
        if samples.iter().any(|s| s.result != 0.5) {
            assert!(samples.iter().any(|s| s.result == 1.0));
            assert!(samples.iter().any(|s| s.result == 0.0));
        }
    }
}
