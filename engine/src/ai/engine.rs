//! A search engine that lasts: its transposition table is kept from one search to the
//! next (what the last move's search learned about the positions two plies on is still
//! there), and it searches on several threads (Lazy SMP) where the platform has them.

use super::budget::Budget;
use super::position::Position;
use super::search::Searcher;
use super::tt::{SLOT_BYTES, Table};
use super::{Level, Limits, SearchInfo, SearchSettings};
use crate::game::Game;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

/// The most threads one search uses: past this Lazy SMP gains nothing on a Gomoku board.
pub const MAX_THREADS: usize = 64;
/// The table a search gets when nobody says otherwise: 8 MiB, fine in the browser's
/// worker too.
pub const DEFAULT_TABLE_BYTES: usize = 8 << 20;
/// The largest table one search may have: 1 GiB.
pub const MAX_TABLE_BYTES: usize = 1 << 30;

/// How many threads a search runs on, from 1 to `MAX_THREADS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Threads(NonZeroUsize);

impl Threads {
    pub const ONE: Threads = Threads(NonZeroUsize::MIN);

    /// `n` threads, clamped to `1..=MAX_THREADS`.
    pub fn new(n: usize) -> Threads {
        Threads(NonZeroUsize::new(n.clamp(1, MAX_THREADS)).expect("clamped to at least 1"))
    }

    /// Every core of this machine but one, which is left to the app's frames (at least 1).
    /// The browser's worker has no threads: 1 there.
    pub fn all_cores_but_one() -> Threads {
        if cfg!(target_arch = "wasm32") {
            return Threads::ONE;
        }
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        Threads::new(cores.saturating_sub(1))
    }

    pub fn get(self) -> usize {
        self.0.get()
    }
}

impl Default for Threads {
    fn default() -> Self {
        Threads::ONE
    }
}

/// What a search may use of the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resources {
    pub threads: Threads,
    /// Memory for the transposition table; the table is the largest power of two of
    /// 16-byte slots that fits, up to `MAX_TABLE_BYTES`.
    pub table_bytes: usize,
}

impl Default for Resources {
    fn default() -> Self {
        Resources {
            threads: Threads::ONE,
            table_bytes: DEFAULT_TABLE_BYTES,
        }
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("resources", &self.resources())
            .finish_non_exhaustive()
    }
}

/// Searches positions one after another with one table, on `Resources::threads` threads.
/// The table is made at the first search, so an engine that never searches (a brain
/// told to quit, a parser fed garbage) costs nothing.
pub struct Engine {
    table: OnceLock<Table>,
    /// The table's size: `Table::slots_fitting` of what was asked for, in slots.
    slots: usize,
    threads: Threads,
}

impl Engine {
    pub fn new(resources: Resources) -> Engine {
        Engine {
            table: OnceLock::new(),
            slots: Table::slots_fitting(resources.table_bytes.min(MAX_TABLE_BYTES)),
            threads: resources.threads,
        }
    }

    /// The resources it now uses (the table's real size, rounded down to a power of two).
    pub fn resources(&self) -> Resources {
        Resources {
            threads: self.threads,
            table_bytes: self.slots * SLOT_BYTES,
        }
    }

    /// Uses `resources` from the next search on; a new table size starts an empty table.
    pub fn set_resources(&mut self, resources: Resources) {
        self.threads = resources.threads;
        let slots = Table::slots_fitting(resources.table_bytes.min(MAX_TABLE_BYTES));
        if slots != self.slots {
            self.slots = slots;
            self.table = OnceLock::new();
        }
    }

    /// Chooses a move for the side to move in `game`, as [`super::search`] does, on this
    /// engine's threads and with what its table learned before.
    pub fn search(
        &self,
        game: &Game,
        settings: &SearchSettings,
        cancel: &AtomicBool,
    ) -> Option<SearchInfo> {
        let helpers = self.threads.get() - 1;
        let mut searcher = self.searcher(game, settings.level, settings.limits, cancel, helpers)?;
        let mut rng = SmallRng::seed_from_u64(settings.seed);
        let found = searcher.run(&mut rng)?;
        let point = |i: usize| searcher.pos.point(i);
        Some(SearchInfo {
            best: point(found.best),
            score: found.score,
            depth: found.depth,
            nodes: searcher.nodes(),
            elapsed_ms: searcher.budget.elapsed_ms(),
            pv: found.pv.iter().map(|&i| point(i)).collect(),
        })
    }

    /// A searcher of `game` for `level` on this engine's table, with up to `helpers`
    /// helper threads (none in the browser); `None` when there is nothing to play. With
    /// no limits set, the level's own node budget applies.
    pub(super) fn searcher<'s>(
        &'s self,
        game: &Game,
        level: Level,
        limits: Limits,
        cancel: &'s AtomicBool,
        helpers: usize,
    ) -> Option<Searcher<'s>> {
        if game.is_over() || game.board().is_full() {
            return None;
        }
        let Limits {
            time_ms,
            nodes,
            time_use,
        } = limits;
        let nodes = match (time_ms, nodes) {
            (None, None) => Some(level.default_nodes()),
            (_, nodes) => nodes,
        };
        // The clock starts first: the first search of a process builds the pattern tables
        // inside `Position::new` (tens of milliseconds, more on a busy machine), and that
        // is part of the turn too.
        let budget = Budget::new(time_ms, nodes, cancel).spending(time_use);
        let pos = Position::new(game.board(), game.rule(), game.to_move());
        let helpers = if cfg!(target_arch = "wasm32") {
            0
        } else {
            helpers
        };
        let table = self
            .table
            .get_or_init(|| Table::fitting(self.slots * SLOT_BYTES));
        table.new_search();
        Some(Searcher::new(pos, budget, level.style(), table, helpers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::Rule;

    fn game(moves: &str) -> Game {
        Game::from_move_string(15, Rule::Freestyle, moves).unwrap()
    }

    fn nodes(n: u64) -> SearchSettings {
        SearchSettings {
            level: Level::MAX,
            limits: Limits::nodes(n),
            seed: 1,
        }
    }

    #[test]
    fn thread_counts_are_clamped_to_what_a_search_can_use() {
        assert_eq!(Threads::new(0), Threads::ONE);
        assert_eq!(Threads::new(1000).get(), MAX_THREADS);
        assert!(Threads::all_cores_but_one().get() >= 1);
    }

    #[test]
    fn the_table_is_sized_from_the_resources_and_resized_on_request() {
        let mut engine = Engine::new(Resources {
            threads: Threads::new(3),
            table_bytes: 3 << 20,
        });
        assert_eq!(engine.resources().table_bytes, 2 << 20, "a power of two");
        assert_eq!(engine.resources().threads.get(), 3);
        engine.set_resources(Resources {
            threads: Threads::ONE,
            table_bytes: usize::MAX,
        });
        assert_eq!(engine.resources().table_bytes, MAX_TABLE_BYTES);
    }

    #[test]
    fn a_kept_table_lets_the_next_search_of_a_position_go_deeper() {
        let position = game("h8i9h9i8j7g9k6");
        let cancel = AtomicBool::new(false);
        let fresh = Engine::new(Resources::default())
            .search(&position, &nodes(3_000), &cancel)
            .unwrap();
        let engine = Engine::new(Resources::default());
        engine.search(&position, &nodes(200_000), &cancel).unwrap();
        let again = engine.search(&position, &nodes(3_000), &cancel).unwrap();
        assert!(
            again.depth > fresh.depth,
            "with the table {} plies, fresh {}",
            again.depth,
            fresh.depth
        );
    }

    #[test]
    fn several_threads_find_the_same_forced_moves() {
        let engine = Engine::new(Resources {
            threads: Threads::new(3),
            ..Resources::default()
        });
        let cancel = AtomicBool::new(false);
        // White must block black's four h8..h11, whose other end h7 is white's: at h12.
        let block = game("h8h7h9a1h10a2h11");
        let info = engine.search(&block, &nodes(50_000), &cancel).unwrap();
        assert_eq!(crate::notation::format_point(info.best), "h12");
        // White's open three on row 1 with black to move and no four of its own: a
        // quiet position where every thread searches; the answer must be legal.
        let quiet = game("h8i9h9i8j7g9k6");
        let info = engine.search(&quiet, &nodes(100_000), &cancel).unwrap();
        assert!(quiet.board().is_empty_at(info.best));
        assert!(info.nodes >= 100_000, "the helpers' nodes count too");
    }
}
