//! Scores a player can read: a forced win or loss in so many moves, or else the side to
//! move's chance of winning, on the logistic scale the evaluation was fitted with.

use super::types::{WIN, WON};
use crate::board::Stone;
use std::fmt;

/// The evaluation's scale `k`: a score `s` (the side to move's view) predicts the game's
/// result (1 won, 0.5 drawn, 0 lost) as `1 / (1 + e^(-s / k))`, the logistic curve the
/// Texel tuning fits the weights against (`ai::tuning::error`). This is the `k` that
/// `ai::tuning::best_scale` finds for the shipped weights, measured with `pbrain-gomoku
/// tune --games 800 --nodes 2000 --threads 1 --rounds 0 --seed S`: 752.5, 720.7 and
/// 691.5 for seeds 1, 2 and 3 (about 16 500 quiet self-play positions each), 724.1 with
/// `--games 2000 --seed 11` (41 080 positions, the tuning's own game count); rounded.
/// It is fitted to static scores of quiet positions; a search's score is read the same
/// way.
pub const WIN_CHANCE_SCALE: f64 = 720.0;

/// What a score means for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The side to move wins by force in `moves` of its own moves (1: a five now).
    Wins { moves: u32 },
    /// The opponent wins by force in `moves` of its own moves, whatever the side to move
    /// does (1: the opponent's five comes next).
    Loses { moves: u32 },
    /// No forced result: the chance that the side to move wins, 0..=1.
    Chance(f32),
}

/// The verdict on `score`, a search score from the side to move's view (as
/// `SearchInfo::score` and `Line::score`).
pub fn verdict(score: i32) -> Verdict {
    if score >= WON {
        let plies = (WIN - score).max(1) as u32;
        Verdict::Wins {
            moves: plies.div_ceil(2),
        }
    } else if score <= -WON {
        let plies = (WIN + score).max(2) as u32;
        Verdict::Loses { moves: plies / 2 }
    } else {
        Verdict::Chance((1.0 / (1.0 + (-f64::from(score) / WIN_CHANCE_SCALE).exp())) as f32)
    }
}

/// The side to move's chance of winning after `score`: 1 for a forced win, 0 for a forced
/// loss.
pub fn win_chance(score: i32) -> f32 {
    verdict(score).chance()
}

/// Black's chance, from the chance `chance` of the side `mover`.
pub fn black_chance(mover: Stone, chance: f32) -> f32 {
    match mover {
        Stone::Black => chance,
        Stone::White => 1.0 - chance,
    }
}

impl Verdict {
    /// The side to move's chance of winning: 1 for a forced win, 0 for a forced loss.
    pub fn chance(self) -> f32 {
        match self {
            Verdict::Wins { .. } => 1.0,
            Verdict::Loses { .. } => 0.0,
            Verdict::Chance(c) => c,
        }
    }

    /// A forced result, not an estimate.
    pub fn is_forced(self) -> bool {
        !matches!(self, Verdict::Chance(_))
    }
}

/// `wins in 3`, `loses in 2`, `62%`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Wins { moves } => write!(f, "wins in {moves}"),
            Verdict::Loses { moves } => write!(f, "loses in {moves}"),
            Verdict::Chance(c) => write!(f, "{:.0}%", c * 100.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::types::{loss_in, win_in};

    #[test]
    fn forced_scores_count_the_winners_own_moves() {
        assert_eq!(verdict(win_in(1)), Verdict::Wins { moves: 1 });
        // An open four now, the five next time: two moves.
        assert_eq!(verdict(win_in(3)), Verdict::Wins { moves: 2 });
        assert_eq!(verdict(win_in(9)), Verdict::Wins { moves: 5 });
        // The opponent's five on its first move, then on its third.
        assert_eq!(verdict(loss_in(2)), Verdict::Loses { moves: 1 });
        assert_eq!(verdict(loss_in(6)), Verdict::Loses { moves: 3 });
        assert_eq!(verdict(WON), Verdict::Wins { moves: 5_000 });
        assert_eq!(verdict(win_in(5)).to_string(), "wins in 3");
        assert_eq!(verdict(loss_in(4)).to_string(), "loses in 2");
    }

    #[test]
    fn the_chance_follows_the_fitted_logistic_scale() {
        assert_eq!(verdict(0), Verdict::Chance(0.5));
        let Verdict::Chance(up) = verdict(WIN_CHANCE_SCALE as i32) else {
            panic!("not forced");
        };
        // One scale unit up: 1 / (1 + 1/e).
        assert!((up - 0.731).abs() < 0.001, "{up}");
        assert!((win_chance(-(WIN_CHANCE_SCALE as i32)) - (1.0 - up)).abs() < 1e-6);
        let high = win_chance(3_000);
        assert!(high > 0.98 && high < 1.0, "{high}");
        assert_eq!(win_chance(win_in(7)), 1.0);
        assert_eq!(win_chance(loss_in(2)), 0.0);
        assert_eq!(verdict(446).to_string(), "65%");
    }

    #[test]
    fn black_sees_whites_chance_from_the_other_side() {
        assert_eq!(black_chance(Stone::Black, 0.7), 0.7);
        assert!((black_chance(Stone::White, 0.7) - 0.3).abs() < 1e-6);
    }
}
