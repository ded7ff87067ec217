//! The computer player. One entry point, `search`, serves the desktop app, the browser's
//! worker and the Gomocup binary; levels select how hard it tries.

mod scorer;
pub mod wire;

use crate::board::Point;
use crate::clock::Stopwatch;
use crate::game::Game;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How strong the computer plays, from 1 (beginner) up to `Level::MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(1);

    /// `None` for a number outside `MIN..=MAX`.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "Beginner",
            _ => "Master",
        }
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

/// What a search may spend. `None` means no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time_ms: Option<u64>,
    pub nodes: Option<u64>,
}

/// One search request: level, budget, and a seed so that a level's randomness is
/// reproducible (tests, benchmarks) or varied (play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchSettings {
    pub level: Level,
    pub limits: Limits,
    pub seed: u64,
}

/// The seed for the next search after one that used `seed`, so that a player who searches
/// repeatedly varies its choices (a 64-bit LCG step: cheap, and never sticks).
pub fn next_seed(seed: u64) -> u64 {
    seed.wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407)
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub best: Point,
    /// From the mover's point of view; larger is better.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Point>,
}

/// Chooses a move for the side to move in `game`. Returns `None` when there is nothing
/// to play (game over or board full). `cancel` is polled cooperatively: once it is set the
/// search returns its best move so far as soon as it can.
pub fn search(game: &Game, settings: &SearchSettings, cancel: &AtomicBool) -> Option<SearchInfo> {
    if game.is_over() || game.board().is_full() {
        return None;
    }
    let clock = Stopwatch::start();
    let mut info = scorer::best_move(game.board(), game.to_move(), game.rule(), settings, cancel)?;
    info.elapsed_ms = clock.elapsed_ms();
    Some(info)
}
