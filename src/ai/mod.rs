//! The computer player and the hint: both ask the search service (`crate::search`) about
//! the match's position, and each owns its requests: a request remembers the position it
//! was asked for, is cancelled when the match moves on (undo, restart, load, leaving the
//! game), and an answer for another position is dropped.

mod computer;
mod hint;
mod opening;

pub use computer::{AiPacing, ComputerPlayer, ComputerTrouble, MAX_ATTEMPTS, RetryComputer};
pub use hint::{AskHint, Hint};

use crate::search::RequestId;
use bevy::prelude::*;
use gomoku_engine::{Game, Point};
use std::time::Duration;

/// A request this module made, and the position (move list) it was made for.
#[derive(Debug)]
struct Asked {
    id: RequestId,
    moves: Vec<Point>,
    at: Duration,
}

impl Asked {
    fn new(id: RequestId, game: &Game, at: Duration) -> Self {
        Asked {
            id,
            moves: game.points().collect(),
            at,
        }
    }

    /// Was this asked about `game` as it stands now?
    fn is_for(&self, game: &Game) -> bool {
        is_position(&self.moves, game)
    }
}

/// Is `moves` the move list of `game` as it stands now? How every request, hint and
/// failure here remembers the position it belongs to.
fn is_position(moves: &[Point], game: &Game) -> bool {
    moves.iter().copied().eq(game.points())
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((computer::plugin, hint::plugin));
}
