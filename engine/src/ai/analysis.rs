//! Analysis: the master's search, asked not for one move but for the best few (multi-PV),
//! each with its own score and line, iteration by iteration as it deepens. What the
//! app's evaluation bar, best line and candidate list show, and what a game review
//! judges each move by.
//!
//! Each iteration searches the root moves for the best line, then again without the
//! moves already chosen for the next one, and so on: a line's score is exact for its
//! move at that depth. The table is shared by all of them (the positions after the root
//! do not depend on which root moves were left out). The root's threat searches decide
//! first, with a floor of nodes whatever the budget (see `search::ANALYSIS_FLOORS`), so
//! a forced win or loss is found even on a tiny budget.

use super::search::{DEEPEN_UNTIL, Lost, Root, Searcher};
use super::types::WON;
use super::{Engine, Level, Limits, Resources};
use crate::board::Point;
use crate::game::Game;
use std::sync::atomic::AtomicBool;

/// The nodes the first iteration may spend whatever the budget says, so that even a
/// tiny budget gets every line a searched score, not a static one.
const FIRST_ITERATION_NODES: u64 = 20_000;

/// How an analysis runs: how many candidate lines (multi-PV) and what it may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// Candidate lines wanted, at least 1 (0 is read as 1).
    pub lines: usize,
    /// With neither limit set, the master's own node budget applies, as in a search.
    pub limits: Limits,
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings {
            lines: 1,
            limits: Limits::default(),
        }
    }
}

/// One candidate: its first move, score (the side to move's view, on the scale of
/// `SearchInfo::score`; see `ai::verdict`) and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: i32,
    /// The candidate move first; never empty.
    pub pv: Vec<Point>,
}

impl Line {
    /// The candidate move.
    pub fn first(&self) -> Point {
        self.pv[0]
    }
}

/// What an analysis has found so far: best line first (at most the lines asked for;
/// fewer when there are fewer moves worth a line, or when a threat search decided).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Iterations completed (0: none finished; a threat search's decision counts its
    /// line's length).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed_ms: u64,
    pub lines: Vec<Line>,
}

impl Analysis {
    /// The best line.
    pub fn best(&self) -> Option<&Line> {
        self.lines.first()
    }

    /// The best line's score, the position's value for the side to move.
    pub fn score(&self) -> Option<i32> {
        self.best().map(|l| l.score)
    }
}

impl Engine {
    /// Analyses the side to move's position in `game` with the master's search on this
    /// engine's table (one thread), calling `report` after every completed iteration (or
    /// once, when a threat search decided at the start) with all lines found so far;
    /// returns the last of them (or, when no iteration finished, the root's best-ordered
    /// move with its static score). `None` when the game is over or the board full.
    /// `cancel` stops it as it stops `search`.
    pub fn analyse(
        &self,
        game: &Game,
        settings: &AnalysisSettings,
        cancel: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
    ) -> Option<Analysis> {
        let searcher = self.searcher(game, Level::MAX, settings.limits, cancel, 0)?;
        searcher.analysing().analyse(settings.lines.max(1), report)
    }
}

/// [`Engine::analyse`] with a fresh one-thread engine, as [`super::search`] is for
/// searches.
pub fn analyse(
    game: &Game,
    settings: &AnalysisSettings,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(&Analysis),
) -> Option<Analysis> {
    Engine::new(Resources::default()).analyse(game, settings, cancel, report)
}

/// A line in point indices, before it becomes a `Line`.
type Candidate = (i32, Vec<usize>);

impl Searcher<'_> {
    fn analyse(mut self, wanted: usize, report: &mut dyn FnMut(&Analysis)) -> Option<Analysis> {
        let (mut moves, lost) = match self.root()? {
            Root::Decided(found) => {
                let analysis = self.analysis(found.depth, &[(found.score, found.pv)], &[], 1);
                report(&analysis);
                return Some(analysis);
            }
            Root::Open { moves, lost } => (moves, lost),
        };
        // The moves proven to lose fill the list after the searched ones, the slowest
        // loss first.
        let mut proven: Vec<Candidate> = lost
            .into_iter()
            .map(|Lost { score, pv }| (score, pv))
            .collect();
        proven.sort_by_key(|(score, _)| -score);
        let searched = wanted.min(moves.len());
        let mut last = None;
        self.budget.spend_at_least(FIRST_ITERATION_NODES);
        for depth in 1..=self.max_depth() {
            let Some(found) = self.iteration(&mut moves[..], searched, depth) else {
                break;
            };
            let analysis = self.analysis(depth as u32, &found, &proven, wanted);
            report(&analysis);
            last = Some(analysis);
            if found.iter().all(|(score, _)| score.abs() >= WON)
                || self.budget.used() > DEEPEN_UNTIL
            {
                break;
            }
        }
        Some(last.unwrap_or_else(|| {
            let first: Vec<Candidate> = moves
                .first()
                .map(|&m| (self.static_score(), vec![m]))
                .into_iter()
                .collect();
            self.analysis(0, &first, &proven, wanted)
        }))
    }

    /// One iteration at `depth`: the best `count` lines, each the best of the moves the
    /// earlier ones left; `None` if the budget ran out before all were searched.
    fn iteration(
        &mut self,
        moves: &mut [usize],
        count: usize,
        depth: i32,
    ) -> Option<Vec<Candidate>> {
        let mut found = Vec::with_capacity(count);
        for k in 0..count {
            // The best of `moves[k..]` goes to `moves[k]`: the next iteration tries the
            // lines in their order first.
            let (score, best) = self.search_root(&mut moves[k..], depth);
            if self.budget.stopped() {
                return None;
            }
            let m = best?;
            let mut pv = vec![m];
            self.pos.play(m);
            self.collect_pv(&mut pv, depth as usize);
            self.pos.undo();
            found.push((score, pv));
        }
        Some(found)
    }

    /// The analysis of `searched` lines followed by `proven` ones, `wanted` at most.
    fn analysis(
        &self,
        depth: u32,
        searched: &[Candidate],
        proven: &[Candidate],
        wanted: usize,
    ) -> Analysis {
        let mut lines: Vec<Line> = searched
            .iter()
            .chain(proven)
            .take(wanted)
            .map(|(score, pv)| Line {
                score: *score,
                pv: pv.iter().map(|&i| self.pos.point(i)).collect(),
            })
            .collect();
        // The searched lines come best first; a proven loss never ranks above a line
        // the search scored higher (a stable sort keeps equals in order).
        lines.sort_by_key(|l| -l.score);
        Analysis {
            depth,
            nodes: self.nodes(),
            elapsed_ms: self.budget.elapsed_ms(),
            lines,
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::find_vcf;
    use crate::ai::verdict::{Verdict, verdict};
    use crate::notation::format_point;
    use crate::rules::Rule;

    fn game(moves: &str) -> Game {
        Game::from_move_string(15, Rule::Freestyle, moves).unwrap()
    }

    fn nodes(lines: usize, n: u64) -> AnalysisSettings {
        AnalysisSettings {
            lines,
            limits: Limits::nodes(n),
        }
    }

    /// The analysis and every report it made on the way.
    fn run(game: &Game, settings: &AnalysisSettings) -> (Analysis, Vec<Analysis>) {
        let mut reports = Vec::new();
        let last = analyse(game, settings, &AtomicBool::new(false), &mut |a| {
            reports.push(a.clone())
        })
        .expect("the game is not over");
        (last, reports)
    }

    /// A VCF of 15 plies that the solver needs more than one budget check (256 nodes)
    /// to find.
    const HARD_VCF: &str = "j7h9g6j9k8i9k9i6k7k10i7f9g9h7g8i8l11g10";

    #[test]
    fn each_iteration_reports_distinct_candidates_best_first() {
        let position = game("h8i9h9i8");
        let (last, reports) = run(&position, &nodes(3, 40_000));
        assert!(reports.len() >= 3, "{} iterations", reports.len());
        assert_eq!(reports.last(), Some(&last), "the last report is the answer");
        for (k, a) in reports.iter().enumerate() {
            assert_eq!(a.depth, k as u32 + 1, "one report per depth");
            assert_eq!(a.lines.len(), 3);
            let firsts: Vec<Point> = a.lines.iter().map(Line::first).collect();
            assert!(
                firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
                "{firsts:?}"
            );
            assert!(a.lines.windows(2).all(|w| w[0].score >= w[1].score));
            // Every line is a legal continuation of the position.
            for line in &a.lines {
                let mut g = position.clone();
                for &p in &line.pv {
                    g.play(p).unwrap();
                }
            }
        }
        assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    }

    #[test]
    fn a_tiny_budget_still_proves_a_vcf_the_solver_needs_a_while_for() {
        let position = game(HARD_VCF);
        assert!(find_vcf(&position, 1).is_none(), "not found in one check");
        let (last, reports) = run(&position, &nodes(3, 1));
        assert_eq!(reports.len(), 1, "decided at the start: one report");
        assert_eq!(reports[0], last);
        let best = last.best().unwrap();
        assert!(
            matches!(verdict(best.score), Verdict::Wins { .. }),
            "{}",
            best.score
        );
        assert_eq!(best.pv, find_vcf(&position, 100_000).unwrap());
    }

    #[test]
    fn a_position_lost_to_two_open_threes_is_lost_on_a_tiny_budget() {
        // Black's open threes on column h and row 3; white, to move, blocks one at most.
        let position = game("h8a15h9o15h10o1c3l13d3d13e3");
        let (last, _) = run(&position, &nodes(3, 1));
        assert_eq!(last.lines.len(), 3);
        for line in &last.lines {
            assert_eq!(verdict(line.score), Verdict::Loses { moves: 2 }, "{line:?}");
        }
    }

    #[test]
    fn a_block_inside_the_opponents_vcf_is_searched_through() {
        // Black's VCF starts with a four; white must block it, and still loses.
        let mut position = game(HARD_VCF);
        let vcf = find_vcf(&position, 100_000).unwrap();
        position.play(vcf[0]).unwrap();
        let (last, _) = run(&position, &nodes(1, 1));
        let best = last.best().unwrap();
        assert_eq!(best.first(), vcf[1], "the only block");
        assert!(
            matches!(verdict(best.score), Verdict::Loses { .. }),
            "{}",
            best.score
        );
        // A block that ends the threat is not a loss: black's four h7-h10 on column h,
        // closed at h11, blocked at h6.
        let (last, _) = run(&game("h8a15h9o15h10h11h7"), &nodes(1, 20_000));
        let block = last.best().unwrap();
        assert_eq!(format_point(block.first()), "h6");
        assert!(!verdict(block.score).is_forced(), "{}", block.score);
    }

    #[test]
    fn nothing_to_analyse_once_the_game_is_over_and_a_cancel_stops_it() {
        let over = game("h8a1h9a2h10a3h11a4h12");
        let cancel = AtomicBool::new(false);
        assert_eq!(analyse(&over, &nodes(1, 1000), &cancel, &mut |_| {}), None);
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut reports = 0;
        let quiet = game("h8i9h9i8");
        let unlimited = AnalysisSettings {
            lines: 2,
            limits: Limits::time(60_000),
        };
        let a = analyse(&quiet, &unlimited, &cancel, &mut |_| reports += 1).unwrap();
        assert!(a.nodes < 10_000, "{} nodes after a cancel", a.nodes);
        assert_eq!(a.lines.len(), 1, "the root's first move, unsearched");
    }
}
