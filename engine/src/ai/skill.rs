//! Skill: how each level weakens the search so a new player can win. Lower levels look
//! less deep, skip threat searches and choose at random among the moves close to the
//! best; the beginner does not search at all. One table row per level.

use super::eval::ShapeWeights;
use super::movepick::KillerPlace;
use rand::RngExt;
use rand::rngs::SmallRng;
use std::fmt;

/// How one level searches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// Iterative deepening stops at this depth (0: no look-ahead, pick by looks).
    pub max_depth: i32,
    /// Moves searched per node in a quiet position, best-ordered first (where
    /// `deep_branch` widens, only where fewer plies remain than its `from_depth`).
    pub branch: usize,
    /// More moves a node where many plies remain (the master only).
    pub deep_branch: Option<DeepBranch>,
    /// Look for its own VCF at the root.
    pub vcf: bool,
    /// Look for the opponent's VCF and play only moves that refute it.
    pub defend: bool,
    /// In an analysis, look for its own VCT at the root and refute the opponent's (play
    /// leaves VCTs to the main search: see `search::VCT_DEPTH`).
    pub vct: bool,
    /// Any root move within this many points of the best may be chosen (0 = the best).
    pub margin: i32,
    /// Prunes by the static score: null moves, reverse futility, razoring and move counts
    /// (the master only: the levels below were set by matches against `winsets` without).
    pub prunes_by_looks: bool,
    /// Values a leaf at the mean of its static score and its parent's (the master only,
    /// for the same reason).
    pub averages_leaves: bool,
    /// Which late moves are searched shallower first, and by how much.
    pub reductions: Reductions,
    /// Where the killers are ordered: the master's after its own threats, the levels
    /// below keep the order they were calibrated with.
    pub killers: KillerPlace,
    /// How the evaluation weighs the combined shapes of the side to move and the other
    /// (the master weighs them alike; the levels below keep their calibration).
    pub shapes: ShapeWeights,
}

impl Style {
    /// Moves searched per node with `depth` plies left to search.
    pub(crate) fn branch_at(&self, depth: i32) -> usize {
        match self.deep_branch {
            Some(deep) if depth >= deep.from_depth => deep.branch.max(self.branch),
            _ => self.branch,
        }
    }
}

/// A wider branch far from the leaves of a deep search. A move a narrow branch leaves out
/// is left out at every depth, so searching deeper never mends that choice; far from the
/// leaves, where few nodes are, more moves cost little and a longer turn can weigh them
/// (README's v52).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DeepBranch {
    /// Nodes with at least this many plies left to search.
    pub from_depth: i32,
    /// Moves searched there, best-ordered first (never fewer than `Style::branch`).
    pub branch: usize,
}

/// Late-move reductions (`search.rs`), in nodes at least three plies deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reductions {
    /// Quiet moves (no threat of either side's) from the fourth on by a ply, from the
    /// ninth on by two: the levels below master were calibrated with these.
    Stepped,
    /// Every move after the first, threats too, by ln(depth)·ln(move number)/2, a ply
    /// less where the window is open (PentaZen's formula): the master's. Most points near
    /// the stones make or block a three, so sparing threats spared most moves; fours are
    /// reduced too (sparing them measured weaker: README's v24 rows). A move whose
    /// cut-offs elsewhere match the node's best-proven move's is reduced a ply less, and a
    /// late one that never cut off a ply more (the search's history: README's v60).
    Logarithmic,
}

/// One level: its name, how it searches and what it may spend by default.
struct LevelSpec {
    name: &'static str,
    style: Style,
    /// The node budget when the caller sets no limit, so that every search ends.
    default_nodes: u64,
}

/// The levels, from `Level::MIN` (row 0) to `Level::MAX`.
const LEVELS: [LevelSpec; 6] = [
    LevelSpec {
        name: "Beginner",
        // Depth 0: no look-ahead at all, a move among the promising ones.
        style: Style {
            max_depth: 0,
            branch: 16,
            deep_branch: None,
            vcf: false,
            defend: false,
            vct: false,
            margin: 0,
            prunes_by_looks: false,
            averages_leaves: false,
            reductions: Reductions::Stepped,
            killers: KillerPlace::First,
            shapes: ShapeWeights::Fitted,
        },
        default_nodes: 20_000,
    },
    LevelSpec {
        name: "Novice",
        style: Style {
            max_depth: 1,
            branch: 16,
            deep_branch: None,
            vcf: false,
            defend: false,
            vct: false,
            margin: 650,
            prunes_by_looks: false,
            averages_leaves: false,
            reductions: Reductions::Stepped,
            killers: KillerPlace::First,
            shapes: ShapeWeights::Fitted,
        },
        default_nodes: 50_000,
    },
    LevelSpec {
        name: "Casual",
        style: Style {
            max_depth: 2,
            branch: 12,
            deep_branch: None,
            vcf: false,
            defend: false,
            vct: false,
            margin: 350,
            prunes_by_looks: false,
            averages_leaves: false,
            reductions: Reductions::Stepped,
            killers: KillerPlace::First,
            shapes: ShapeWeights::Fitted,
        },
        default_nodes: 100_000,
    },
    LevelSpec {
        name: "Club",
        style: Style {
            max_depth: 4,
            branch: 12,
            deep_branch: None,
            vcf: true,
            defend: true,
            vct: false,
            margin: 800,
            prunes_by_looks: false,
            averages_leaves: false,
            reductions: Reductions::Stepped,
            killers: KillerPlace::First,
            shapes: ShapeWeights::Fitted,
        },
        default_nodes: 300_000,
    },
    LevelSpec {
        name: "Expert",
        style: Style {
            max_depth: 8,
            branch: 12,
            deep_branch: None,
            vcf: true,
            defend: true,
            vct: false,
            margin: 0,
            prunes_by_looks: false,
            averages_leaves: false,
            reductions: Reductions::Stepped,
            killers: KillerPlace::First,
            shapes: ShapeWeights::Fitted,
        },
        default_nodes: 600_000,
    },
    LevelSpec {
        name: "Master",
        // Deep enough never to be the limit: the budget ends the search.
        style: Style {
            max_depth: 64,
            branch: 14,
            deep_branch: Some(DeepBranch {
                from_depth: 6,
                branch: 24,
            }),
            vcf: true,
            defend: true,
            vct: true,
            margin: 0,
            prunes_by_looks: true,
            averages_leaves: true,
            reductions: Reductions::Logarithmic,
            killers: KillerPlace::AfterOwnThreats,
            shapes: ShapeWeights::Symmetric,
        },
        default_nodes: 1_500_000,
    },
];

/// How strong the computer plays, from 1 (beginner) up to `Level::MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(LEVELS.len() as u8);

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
        self.spec().name
    }

    fn spec(self) -> &'static LevelSpec {
        &LEVELS[(self.0 - Level::MIN.0) as usize]
    }

    /// How this level searches.
    pub(crate) fn style(self) -> Style {
        self.spec().style
    }

    /// The node budget when the caller sets no limit, so that every search ends.
    pub(crate) fn default_nodes(self) -> u64 {
        self.spec().default_nodes
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

/// The beginner takes a move whose ordering score reaches 1/LOOKS_DIVISOR of the best
/// one's: promising-looking, not necessarily good.
const LOOKS_DIVISOR: i32 = 2;

/// The beginner's choice: no search, a random move among those that look nearly as good
/// as the best-ordered one (`root[0]`) by `order_score` (own chances plus what it blocks).
pub(crate) fn pick_by_looks(
    root: &[usize],
    order_score: impl Fn(usize) -> i32,
    rng: &mut SmallRng,
) -> usize {
    let top = order_score(root[0]);
    let good: Vec<usize> = root
        .iter()
        .copied()
        .filter(|&m| order_score(m) * LOOKS_DIVISOR >= top)
        .collect();
    good[rng.random_range(0..good.len())]
}

/// Lower levels: a random root move among `best` and those that `reaches` (a null-window
/// test at the depth the search completed) finds scoring at least `threshold`. `reaches`
/// answers `None` once the budget has run out: the moves tested so far are the choice.
pub(crate) fn pick_within_margin(
    root: &[usize],
    best: usize,
    mut reaches: impl FnMut(usize) -> Option<bool>,
    rng: &mut SmallRng,
) -> usize {
    let mut good = vec![best];
    for &m in root.iter().filter(|&&m| m != best) {
        match reaches(m) {
            None => break,
            Some(true) => good.push(m),
            Some(false) => {}
        }
    }
    good[rng.random_range(0..good.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_one_named_row_per_level_growing_stronger() {
        assert_eq!(Level::all().count(), LEVELS.len());
        let names: Vec<&str> = Level::all().map(Level::name).collect();
        assert_eq!(
            names,
            ["Beginner", "Novice", "Casual", "Club", "Expert", "Master"]
        );
        for (weaker, stronger) in Level::all().zip(Level::all().skip(1)) {
            assert!(weaker.style().max_depth < stronger.style().max_depth);
            assert!(weaker.default_nodes() < stronger.default_nodes());
        }
        assert_eq!(Level::MAX.style().margin, 0, "the master plays its best");
    }

    #[test]
    fn only_the_master_searches_more_moves_where_many_plies_remain() {
        let master = Level::MAX.style();
        let deep = master.deep_branch.expect("the master widens deep nodes");
        assert!(deep.branch > master.branch);
        assert_eq!(master.branch_at(deep.from_depth), deep.branch);
        assert_eq!(master.branch_at(deep.from_depth - 1), master.branch);
        // The levels below keep the branch they were calibrated with.
        for level in Level::all().filter(|&l| l != Level::MAX) {
            let style = level.style();
            assert_eq!(style.branch_at(i32::MAX), style.branch, "{level}");
        }
    }
}
