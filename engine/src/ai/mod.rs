//! The computer player. One entry point, `search`, serves the desktop app, the browser's
//! worker and the Gomocup binary; levels select how hard it tries.

mod budget;
mod pattern;
mod position;
mod search;
mod threats;
mod tt;
pub mod wire;

use crate::board::Point;
use crate::game::Game;
use budget::Budget;
use position::Position;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use search::{Searcher, Style};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How strong the computer plays, from 1 (beginner) up to `Level::MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(6);

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
            2 => "Novice",
            3 => "Casual",
            4 => "Club",
            5 => "Expert",
            _ => "Master",
        }
    }

    /// How this level searches: lower levels look less deep, skip threat searches and
    /// choose at random among moves close to the best, so a new player can win.
    fn style(self) -> Style {
        let (max_depth, branch, vcf, defend, vct, margin) = match self.0 {
            // Depth 0: no look-ahead at all, a move among the promising ones.
            1 => (0, 16, false, false, false, 0),
            2 => (1, 16, false, false, false, 150),
            3 => (2, 12, false, false, false, 60),
            4 => (4, 12, true, true, false, 15),
            5 => (8, 12, true, true, false, 0),
            _ => (64, 14, true, true, true, 0),
        };
        Style {
            max_depth,
            branch,
            vcf,
            defend,
            vct,
            margin,
        }
    }

    /// The node budget when the caller sets no limit, so that every search ends.
    fn default_nodes(self) -> u64 {
        [20_000, 50_000, 100_000, 300_000, 600_000, 1_500_000][self.0 as usize - 1]
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
/// search returns its best move so far within a millisecond or so. With no limits set,
/// the level's own node budget applies.
pub fn search(game: &Game, settings: &SearchSettings, cancel: &AtomicBool) -> Option<SearchInfo> {
    if game.is_over() || game.board().is_full() {
        return None;
    }
    let level = settings.level;
    let Limits { time_ms, nodes } = settings.limits;
    let nodes = match (time_ms, nodes) {
        (None, None) => Some(level.default_nodes()),
        (_, nodes) => nodes,
    };
    let pos = Position::new(game.board(), game.rule(), game.to_move());
    let mut searcher = Searcher::new(pos, Budget::new(time_ms, nodes, cancel), level.style());
    let mut rng = SmallRng::seed_from_u64(settings.seed);
    let found = searcher.run(&mut rng)?;
    let point = |i: usize| searcher.pos.point(i);
    Some(SearchInfo {
        best: point(found.best),
        score: found.score,
        depth: found.depth,
        nodes: searcher.budget.nodes,
        elapsed_ms: searcher.budget.elapsed_ms(),
        pv: found.pv.iter().map(|&i| point(i)).collect(),
    })
}

/// Victory by continuous fours for the side to move in `game`: the attacker's fours and
/// the defender's forced blocks, in order, ending with the attacker's five or unstoppable
/// four; `None` if no such win exists within `max_nodes` nodes (or the game is over).
pub fn find_vcf(game: &Game, max_nodes: u64) -> Option<Vec<Point>> {
    if game.is_over() {
        return None;
    }
    let cancel = AtomicBool::new(false);
    let mut budget = Budget::new(None, Some(max_nodes), &cancel);
    let mut pos = Position::new(game.board(), game.rule(), game.to_move());
    let mut memory = threats::ThreatMemory::new();
    let line = threats::ThreatSearch::new(&mut pos, &mut budget, &mut memory)
        .vcf(threats::MAX_VCF_DEPTH)?;
    Some(line.into_iter().map(|i| pos.point(i)).collect())
}
