//! What a search may still spend: wall time, nodes and the caller's cancel flag, plus a
//! narrower local allowance for sub-searches (a threat search may use only part of it),
//! and floors: a number of nodes that a search, or a sub-search, may spend whatever the
//! time says (only the cancel flag stops it sooner), so that an analysis on a tiny budget
//! still proves a short forced win.

use super::TimeUse;
use crate::clock::Stopwatch;
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes between looks at the clock and the cancel flag: often enough to stop within a
/// millisecond, rarely enough that reading the clock costs nothing measurable.
const CHECK_EVERY: u64 = 256;

pub(crate) struct Budget<'a> {
    clock: Stopwatch,
    time_ms: Option<u64>,
    node_cap: Option<u64>,
    cancel: &'a AtomicBool,
    pub(crate) nodes: u64,
    stopped: bool,
    local: Option<Local>,
    local_hit: bool,
    /// The whole budget does not run out before this many nodes (a cancel still stops).
    floor: u64,
    time_use: TimeUse,
}

/// A sub-search's allowance: until `ms` on the clock or `nodes` nodes, but in any case
/// until `floor` nodes (when `floored`).
#[derive(Clone, Copy)]
struct Local {
    ms: u64,
    nodes: u64,
    floor: u64,
    floored: bool,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(time_ms: Option<u64>, node_cap: Option<u64>, cancel: &'a AtomicBool) -> Self {
        Budget {
            clock: Stopwatch::start(),
            time_ms,
            node_cap,
            cancel,
            nodes: 0,
            stopped: false,
            local: None,
            local_hit: false,
            floor: 0,
            time_use: TimeUse::SaveForLater,
        }
    }

    /// The same budget, spent as `time_use` says.
    pub(crate) fn spending(self, time_use: TimeUse) -> Self {
        Budget { time_use, ..self }
    }

    /// Whether the search may leave part of the budget for later moves.
    pub(crate) fn time_use(&self) -> TimeUse {
        self.time_use
    }

    pub(crate) fn elapsed_ms(&self) -> u64 {
        self.clock.elapsed_ms()
    }

    /// Counts one node; true when the search must stop (globally or locally).
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check();
        }
        self.stopped || self.local_hit
    }

    /// True once the whole search must stop.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// True once this search (whole or local) has run out: its "no" is not a verdict.
    pub(crate) fn exhausted(&self) -> bool {
        self.stopped || self.local_hit
    }

    /// True once the caller asked the search to stop.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn check(&mut self) {
        let elapsed = self.clock.elapsed_ms();
        let floor = self.local.map_or(self.floor, |l| l.floor.max(self.floor));
        let spent = self.time_ms.is_some_and(|t| elapsed >= t)
            || self.node_cap.is_some_and(|n| self.nodes >= n);
        if self.cancelled() || (spent && self.nodes >= floor) {
            self.stopped = true;
        }
        if let Some(l) = self.local
            && (elapsed >= l.ms || self.nodes >= l.nodes)
            && self.nodes >= l.floor
        {
            self.local_hit = true;
        }
    }

    /// From now on the whole budget lasts at least `nodes` more nodes, whatever the clock
    /// says; a budget already spent is given them too (unless it was cancelled).
    pub(crate) fn spend_at_least(&mut self, nodes: u64) {
        self.floor = self.nodes + nodes;
        self.resume();
    }

    /// A budget stopped by its limits (not by a cancel) runs again until the next check,
    /// which decides afresh with the floors now in force.
    fn resume(&mut self) {
        if !self.cancelled() {
            self.stopped = false;
        }
    }

    /// Fraction of the whole budget used so far (time or nodes, whichever is further).
    pub(crate) fn used(&self) -> f64 {
        let t = self
            .time_ms
            .map_or(0.0, |t| self.clock.elapsed_ms() as f64 / t.max(1) as f64);
        let n = self
            .node_cap
            .map_or(0.0, |n| self.nodes as f64 / n.max(1) as f64);
        t.max(n)
    }

    /// Starts a sub-search allowed `share` of what is left of the budget, and in any case
    /// `min_nodes` nodes (0: no more than its share). A floor lets a budget already spent
    /// run again for the sub-search (unless it was cancelled).
    pub(crate) fn begin_local(&mut self, share: f64, min_nodes: u64) {
        let elapsed = self.clock.elapsed_ms();
        let ms = self.time_ms.map_or(u64::MAX, |t| {
            elapsed + (t.saturating_sub(elapsed) as f64 * share) as u64
        });
        let nodes = self.node_cap.map_or(u64::MAX, |n| {
            self.nodes + (n.saturating_sub(self.nodes) as f64 * share) as u64
        });
        self.local = Some(Local {
            ms,
            nodes,
            floor: self.nodes + min_nodes,
            floored: min_nodes > 0,
        });
        self.local_hit = false;
        if min_nodes > 0 {
            self.resume();
        }
    }

    pub(crate) fn end_local(&mut self) {
        let had_floor = self.local.is_some_and(|l| l.floored);
        self.local = None;
        self.local_hit = false;
        // What the floor kept running may be over the whole budget: say so now, not
        // up to a check later.
        if had_floor {
            self.check();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancel_raised_mid_search_stops_it_within_one_check() {
        let cancel = AtomicBool::new(false);
        let mut budget = Budget::new(None, None, &cancel);
        for _ in 0..1000 {
            assert!(!budget.tick());
        }
        cancel.store(true, Ordering::Relaxed);
        let more = (1..=CHECK_EVERY).find(|_| budget.tick());
        assert!(
            more.is_some(),
            "still running {CHECK_EVERY} nodes after the cancel"
        );
        assert!(budget.stopped());
    }

    #[test]
    fn the_node_cap_stops_within_one_check() {
        let cancel = AtomicBool::new(false);
        let mut budget = Budget::new(None, Some(1000), &cancel);
        let stopped_at = (1..=1000 + CHECK_EVERY).find(|_| budget.tick());
        assert!(stopped_at.is_some_and(|n| n >= 1000), "{stopped_at:?}");
    }
}
