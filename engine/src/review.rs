//! Reviewing a finished game: every move is judged by how much of the mover's win chance
//! it gave away, from an analysis of the position before it and of the one after it
//! (`ai::analyse`), and by the forced results the threat searches proved: a move that
//! lets a forced win go, or allows the opponent one, is always marked.
//!
//! The marks, on the mover's lost win chance (`ai::win_chance`, from 0 to 1):
//! an inaccuracy from [`INACCURACY`] (0.08), a mistake from [`MISTAKE`] (0.15), a blunder
//! from [`BLUNDER`] (0.30). The move the analysis found best is never marked.

use crate::ai::{Analysis, AnalysisSettings, Engine, Line, Verdict, verdict};
use crate::board::{Point, Stone};
use crate::game::{Game, Outcome};
use std::sync::atomic::AtomicBool;

/// A move that loses at least this much of the mover's win chance is an inaccuracy.
pub const INACCURACY: f32 = 0.08;
/// ... a mistake.
pub const MISTAKE: f32 = 0.15;
/// ... a blunder.
pub const BLUNDER: f32 = 0.30;

/// How bad a move was, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Severity {
    /// The mark for a move that lost `lost` of the mover's win chance, if any.
    pub fn of_lost_chance(lost: f32) -> Option<Severity> {
        if lost >= BLUNDER {
            Some(Severity::Blunder)
        } else if lost >= MISTAKE {
            Some(Severity::Mistake)
        } else if lost >= INACCURACY {
            Some(Severity::Inaccuracy)
        } else {
            None
        }
    }
}

/// A fault the threat searches proved, whatever the win chances say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forced {
    /// After this move the opponent has a forced win the mover did not have to allow.
    AllowsWin,
    /// The mover had a forced win and this move let it go.
    MissesWin,
}

/// The verdict on one move of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Its index in `game.moves()`.
    pub ply: usize,
    pub played: Point,
    pub mover: Stone,
    /// The mover's win chance before the move and after it (1 after a five).
    pub chance_before: f32,
    pub chance_after: f32,
    /// `None` for a good move (always for the move the analysis found best); a forced
    /// fault is a blunder.
    pub severity: Option<Severity>,
    pub forced: Option<Forced>,
    /// The analysis' best move when the played one was not it, and its line.
    pub better: Option<Point>,
    pub better_line: Vec<Point>,
}

/// The positions to judge: the game's position before each move, and after the last
/// (`moves().len() + 1` of them). Each is the game taken back to that point, so its redo
/// stack holds the rest; a declared ending (a resignation) is not in the last one, which
/// can therefore still be analysed.
pub fn positions(game: &Game) -> Vec<Game> {
    let mut position = game.clone();
    position.undo_all();
    let mut all = Vec::with_capacity(game.moves().len() + 1);
    for _ in game.moves() {
        all.push(position.clone());
        position.redo();
    }
    all.push(position);
    all
}

/// Analyses every position of `positions(game)` on `engine`, the last first (what the
/// table learns about the end helps judge the moves before it); a position with nothing
/// to analyse (the game over) is `None`. The `judged` that `review_moves` takes.
pub fn judge(
    engine: &Engine,
    game: &Game,
    settings: &AnalysisSettings,
    cancel: &AtomicBool,
) -> Vec<Option<Analysis>> {
    let mut judged: Vec<Option<Analysis>> = positions(game)
        .iter()
        .rev()
        .map(|p| engine.analyse(p, settings, cancel, &mut |_| {}))
        .collect();
    judged.reverse();
    judged
}

/// Reviews every move of `game`. `judged[i]` is the analysis of the position before move
/// `i` (`i` from 0 to `moves().len()`: the last is the final position, `None` when the
/// game is over there); a move whose positions were not judged (a `None` or a short
/// slice) gets no marks, and the chances it lacks are taken from the other side of it.
pub fn review_moves(game: &Game, judged: &[Option<Analysis>]) -> Vec<MoveReview> {
    let moves = game.moves();
    let analysis = |i: usize| judged.get(i).and_then(Option::as_ref);
    (0..moves.len())
        .map(|ply| {
            let played = moves[ply].point;
            let mover = Game::stone_of(ply);
            let made_five = ply + 1 == moves.len()
                && matches!(game.outcome(), Outcome::Won { winner, .. } if *winner == mover);
            let best = analysis(ply).and_then(Analysis::best);
            // Both verdicts from the mover's side.
            let before = best.map(|l| verdict(l.score));
            let after = if made_five {
                Some(Verdict::Wins { moves: 0 })
            } else {
                analysis(ply + 1)
                    .and_then(Analysis::score)
                    .map(|s| verdict(-s))
            };
            judge_move(ply, played, mover, best, before, after)
        })
        .collect()
}

fn judge_move(
    ply: usize,
    played: Point,
    mover: Stone,
    best: Option<&Line>,
    before: Option<Verdict>,
    after: Option<Verdict>,
) -> MoveReview {
    let known =
        |v: Option<Verdict>, other: Option<Verdict>| v.or(other).map_or(0.5, Verdict::chance);
    let chance_before = known(before, after);
    let chance_after = known(after, before);
    let was_best = best.is_some_and(|l| l.first() == played);
    let forced = match (before, after) {
        _ if was_best => None,
        (Some(Verdict::Wins { .. }), Some(a)) if !matches!(a, Verdict::Wins { .. }) => {
            Some(Forced::MissesWin)
        }
        (Some(b), Some(Verdict::Loses { .. })) if !matches!(b, Verdict::Loses { .. }) => {
            Some(Forced::AllowsWin)
        }
        _ => None,
    };
    let severity = if was_best {
        None
    } else if forced.is_some() {
        Some(Severity::Blunder)
    } else {
        Severity::of_lost_chance(chance_before - chance_after)
    };
    let better = best.filter(|_| !was_best);
    MoveReview {
        ply,
        played,
        mover,
        chance_before,
        chance_after,
        severity,
        forced,
        better: better.map(Line::first),
        better_line: better.map(|l| l.pv.clone()).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Limits, Resources, find_vcf};
    use crate::notation::format_point;
    use crate::rules::Rule;

    fn game(moves: &str) -> Game {
        Game::from_move_string(15, Rule::Freestyle, moves).unwrap()
    }

    /// Every position of `game` analysed on a modest node budget.
    fn reviewed(game: &Game) -> Vec<MoveReview> {
        let settings = AnalysisSettings {
            lines: 1,
            limits: Limits::nodes(5_000),
        };
        let engine = Engine::new(Resources::default());
        let judged = judge(&engine, game, &settings, &AtomicBool::new(false));
        assert_eq!(judged.len(), game.moves().len() + 1);
        review_moves(game, &judged)
    }

    #[test]
    fn positions_are_the_game_before_each_move_and_after_the_last() {
        let record = game("h8i9h9");
        let all = positions(&record);
        let moves: Vec<usize> = all.iter().map(|p| p.moves().len()).collect();
        assert_eq!(moves, [0, 1, 2, 3]);
        assert_eq!(
            all[2].points().collect::<Vec<_>>(),
            record.points().take(2).collect::<Vec<_>>()
        );
        assert_eq!(all[3].board(), record.board());
    }

    #[test]
    fn ignoring_an_open_three_allows_a_win_and_a_block_was_better() {
        // Black's h8-h10 is an open three when white plays o1 far away; black makes the
        // open four and the five.
        let record = game("h8a15h9o15h10o1h11a1h12");
        let review = reviewed(&record);
        let o1 = &review[5];
        assert_eq!(format_point(o1.played), "o1");
        assert_eq!(o1.mover, Stone::White);
        assert_eq!(o1.forced, Some(Forced::AllowsWin));
        assert_eq!(o1.severity, Some(Severity::Blunder));
        assert_eq!(o1.chance_after, 0.0);
        let better = o1.better.expect("a better move");
        assert_eq!(o1.better_line.first(), Some(&better));
        let mut blocked = record.clone();
        for _ in 0..4 {
            blocked.undo();
        }
        blocked.play(better).unwrap();
        assert_eq!(
            find_vcf(&blocked, 100_000),
            None,
            "{} blocks",
            format_point(better)
        );
        // White's next move could not save it: no fault is proven there; black's moves
        // were wins and stay unmarked, the five included.
        assert_eq!(review[7].forced, None);
        for black in review.iter().filter(|r| r.mover == Stone::Black) {
            assert_eq!(black.severity, None, "{}", format_point(black.played));
        }
        assert_eq!(review[8].chance_after, 1.0, "a five wins");
    }

    #[test]
    fn playing_elsewhere_with_a_vcf_misses_the_win_and_the_vcf_was_better() {
        // Black, to move, has a 15-ply VCF and plays in the corner instead.
        let before = game("j7h9g6j9k8i9k9i6k7k10i7f9g9h7g8i8l11g10");
        let vcf = find_vcf(&before, 100_000).expect("a VCF");
        let mut record = before.clone();
        record.play(Point::new(0, 0)).unwrap();
        let review = reviewed(&record);
        let miss = review.last().unwrap();
        assert_eq!(miss.forced, Some(Forced::MissesWin));
        assert_eq!(miss.severity, Some(Severity::Blunder));
        assert_eq!(miss.chance_before, 1.0);
        assert_eq!(miss.better, Some(vcf[0]));
        assert_eq!(miss.better_line, vcf);
    }

    /// The review marks no move of a sound game. The game is the master's against itself
    /// at 50 000 nodes a move: at 5 000 (v25, README), at 10 000 (v24 too) and at 40 000
    /// (v60) white was seen to lose by force within the ten moves (at 40 000, before its
    /// fifth move every reply loses in a 15-second analysis), which the review (its
    /// analysis also runs VCTs) rightly marks, and such a game says nothing of false
    /// marks.
    #[test]
    fn the_engines_own_opening_has_no_blunder() {
        let mut record = game("h8");
        let engine = Engine::new(Resources::default());
        let settings = crate::ai::SearchSettings {
            limits: Limits::nodes(50_000),
            ..Default::default()
        };
        let cancel = AtomicBool::new(false);
        while record.moves().len() < 10 {
            let info = engine.search(&record, &settings, &cancel).unwrap();
            record.play(info.best).unwrap();
        }
        let review = reviewed(&record);
        assert_eq!(review.len(), 10);
        for r in &review {
            assert!(r.forced.is_none(), "{r:?}");
            assert!(r.severity < Some(Severity::Blunder), "{r:?}");
        }
    }

    #[test]
    fn the_best_move_is_never_marked_and_marks_follow_the_lost_chance() {
        let line = |moves: &str| Line {
            score: 0,
            pv: crate::notation::parse_moves(moves, 15).unwrap(),
        };
        let best = line("h8i9");
        let p = |s: &str| crate::notation::parse_point(s, 15).unwrap();
        let chance = |c: f32| Some(Verdict::Chance(c));
        // The best move loses no mark even when the next analysis thinks less of it.
        let r = judge_move(
            0,
            p("h8"),
            Stone::Black,
            Some(&best),
            chance(0.9),
            chance(0.2),
        );
        assert_eq!((r.severity, r.better), (None, None));
        let lost = |drop: f32| {
            judge_move(
                0,
                p("a1"),
                Stone::Black,
                Some(&best),
                chance(0.9),
                chance(0.9 - drop),
            )
            .severity
        };
        assert_eq!(lost(0.05), None);
        assert_eq!(lost(0.1), Some(Severity::Inaccuracy));
        assert_eq!(lost(0.2), Some(Severity::Mistake));
        assert_eq!(lost(0.5), Some(Severity::Blunder));
        let r = judge_move(
            0,
            p("a1"),
            Stone::Black,
            Some(&best),
            chance(0.9),
            chance(0.5),
        );
        assert_eq!(r.better, Some(p("h8")));
        assert_eq!(r.better_line, best.pv);
        // Already lost: a move that keeps it lost allows nothing new.
        let loses = Some(Verdict::Loses { moves: 3 });
        let r = judge_move(0, p("a1"), Stone::Black, Some(&best), loses, loses);
        assert_eq!((r.forced, r.severity), (None, None));
    }
}
