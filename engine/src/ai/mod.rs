//! The computer player. One entry point, `search`, serves the desktop app, the browser's
//! worker and the Gomocup binary; levels select how hard it tries.

mod analysis;
mod budget;
mod engine;
mod eval;
mod movepick;
mod pattern;
mod position;
mod search;
mod skill;
pub mod swap2;
mod threats;
mod tt;
pub mod tuning;
mod types;
mod verdict;
pub mod wire;

pub use analysis::{Analysis, AnalysisSettings, Line, analyse};
pub use engine::{DEFAULT_TABLE_BYTES, Engine, MAX_TABLE_BYTES, MAX_THREADS, Resources, Threads};
pub use skill::Level;
pub(crate) use tt::SLOT_BYTES as TABLE_SLOT_BYTES;
pub use verdict::{Verdict, WIN_CHANCE_SCALE, black_chance, verdict, win_chance};

use crate::board::Point;
use crate::game::Game;
use budget::Budget;
use position::Position;
use std::sync::atomic::AtomicBool;

/// What a search may spend. `None` means no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub time_use: TimeUse,
}

impl Limits {
    /// At most `ms` milliseconds, however many nodes: play and analysis.
    pub fn time(ms: u64) -> Self {
        Limits {
            time_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// At most `nodes` nodes, however long: the same search on any machine (tests,
    /// benchmarks, tuning).
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// Whether a search leaves part of its budget unspent for later moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeUse {
    /// Iterative deepening starts no new iteration past most of the budget (an iteration
    /// that would rarely finish): what is left stays on a clock that later moves share.
    #[default]
    SaveForLater,
    /// Deepening goes on until the budget is spent, an unfinished iteration trusted only
    /// for a move it proved better: the turn's own time, which no later move can use
    /// (a Gomocup turn limit that binds before the match clock does; README's v44).
    SpendAll,
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

/// Chooses a move for the side to move in `game`, on one thread with a fresh table (an
/// [`Engine`] keeps its table and may use more threads). Returns `None` when there is
/// nothing to play (game over or board full). `cancel` is polled cooperatively: once it is set the
/// search returns its best move so far within a millisecond or so. With no limits set,
/// the level's own node budget applies.
pub fn search(game: &Game, settings: &SearchSettings, cancel: &AtomicBool) -> Option<SearchInfo> {
    Engine::new(Resources::default()).search(game, settings, cancel)
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
