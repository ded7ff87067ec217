//! The computer's judgement in a Swap2 opening (the rule of online play and of Gomocup's
//! `SWAP2BOARD`): which three stones to open with, what to do with three stones on the
//! board (take white, take black or place two more), which two to place, and which colour
//! to take after five.
//!
//! Everything here judges positions by search scores it is given, so the app (which asks
//! its search service, off the render thread) and the protocol (which searches in place)
//! share one logic: [`Swap2Planner`] says which positions it wants searched, takes the
//! answers, and ends with a [`Swap2Decision`]. [`decide`] is the driver that runs the
//! searches itself, splitting a time budget over them.
//!
//! Scores are the search's: from the side to move's point of view, forced wins and losses
//! beyond [`is_forced`]. After three or five stones white is to move, so "the score" of
//! an opening is white's.

use super::types::WON;
use super::{Engine, Limits, Resources, SearchInfo, SearchSettings, next_seed};
use crate::board::{Point, Stone};
use crate::game::Game;
use crate::swap2::Swap2Stage;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// What the computer does at one step of a Swap2 opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swap2Decision {
    /// Open with these stones: black, white, black (including any already on the board).
    Open([Point; 3]),
    /// Take black: the other player plays white's next move.
    TakeBlack,
    /// Take white and play this point as white's next move (move 4, or 6 after five).
    TakeWhite(Point),
    /// Place these two stones, white then black (including one already placed), and let
    /// the opener choose the colour.
    PlaceTwo([Point; 2]),
}

/// Is `score` a result the search proved (a forced win or loss), not an estimate?
pub fn is_forced(score: i32) -> bool {
    score.abs() >= WON
}

/// How far from balanced a position is for the side to move: `|score|`, or `None` for a
/// forced result, which no opening may be.
pub fn imbalance(score: i32) -> Option<i32> {
    (!is_forced(score)).then_some(score.abs())
}

/// Candidate openings judged for one opening decision. Each costs one search; eight let
/// a 5 s protocol turn give each about 600 ms (depth 6 or so on the CI machine), and the
/// most balanced of eight is usually well inside `TAKE_COLOUR_EDGE`.
pub const OPENING_CANDIDATES: usize = 8;

/// The shortest search worth judging an opening by: below about 50 ms the search does not
/// get past depth 3 and its score is mostly the static evaluation's noise. A budget too
/// small for `OPENING_CANDIDATES` searches of this length judges fewer candidates.
pub const MIN_JUDGE_MS: u64 = 50;

/// How many candidate openings a budget of `time_ms` (all searches together) judges.
pub fn candidates_for_budget(time_ms: Option<u64>) -> usize {
    match time_ms {
        None => OPENING_CANDIDATES,
        Some(ms) => ((ms / MIN_JUDGE_MS) as usize).clamp(1, OPENING_CANDIDATES),
    }
}

/// With three stones on the board, a score for white (to move) at least this far from
/// zero says one colour is clearly better, and the second player takes it; inside the
/// band the position is too close to call, so the second player places two more and
/// leaves the risk of the choice to the opener. 300 because the search's score for one
/// and the same three-stone position moves by up to about 300 between a 100 ms and a
/// 1 s search (odd and even depths: h8 i8 d9 of `arena/openings-15.txt` reads -28 at
/// 100 ms and +272 at 300 ms), while an opening that really favours a side reads well
/// over 1000 (h8 a1 i9: about -1600 for white): only an edge beyond the noise is an edge.
pub const TAKE_COLOUR_EDGE: i32 = 300;

/// The second player's choice at three stones from white's score there (white to move).
pub fn choice_at_three(white_score: i32) -> ChoiceAtThree {
    if white_score >= TAKE_COLOUR_EDGE {
        ChoiceAtThree::TakeWhite
    } else if white_score <= -TAKE_COLOUR_EDGE {
        ChoiceAtThree::TakeBlack
    } else {
        ChoiceAtThree::PlaceTwo
    }
}

/// `choice_at_three`'s answer: `Swap2Choice` without the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceAtThree {
    TakeWhite,
    TakeBlack,
    PlaceTwo,
}

/// The two stones placed after three are white's best move and black's best answer to
/// it: if the three-stone position was balanced, best play keeps it so. The five-stone
/// position they make must still be within this of zero for white (to move); otherwise
/// the pair would hand the opener a clear colour, and the second player takes the better
/// colour itself instead. The same band as `TAKE_COLOUR_EDGE`: inside it the choice is
/// too close to call for the opener as much as for the placer.
pub const PLACE_TWO_MAX_IMBALANCE: i32 = TAKE_COLOUR_EDGE;

/// Are the two stones that led to white's `five_score` balanced enough to place?
pub fn pair_is_balanced(five_score: i32) -> bool {
    imbalance(five_score).is_some_and(|i| i <= PLACE_TWO_MAX_IMBALANCE)
}

/// The colour the opener takes after five stones, from white's score (white to move).
/// The opener chooses last and passes no risk on, so any edge decides: white from zero
/// up (white has the move, and ties go to the side that keeps the initiative in hand).
pub fn colour_at_five(white_score: i32) -> Stone {
    if white_score >= 0 {
        Stone::White
    } else {
        Stone::Black
    }
}

/// The most balanced of judged candidates: the least `imbalance`, forced results left
/// out; the earliest among equals. `None` if every one is forced (or there are none).
pub fn most_balanced<T: Copy>(judged: &[(T, i32)]) -> Option<T> {
    judged
        .iter()
        .filter_map(|&(c, score)| imbalance(score).map(|i| (i, c)))
        .min_by_key(|&(i, _)| i)
        .map(|(_, c)| c)
}

/// The first white stone lies at most this far (king's moves) from the first black one:
/// a white stone further away leaves black a free hand in the centre, which no sensible
/// opening does.
const WHITE_REACH: i32 = 2;
/// The second black stone lies this far from the first: adjacent stones make a black two
/// in the centre, too strong to be balanced; further than five it no longer takes part.
const SECOND_BLACK_REACH: (i32, i32) = (2, 5);

/// Up to `count` distinct three-stone openings (black, white, black) near the centre of
/// a board like `game`'s, from `seed`; the stones `game` already has (at most three) are
/// kept as the openings' first ones. The first black stone goes in the centre, white
/// within `WHITE_REACH` of it, the second black at a distance in `SECOND_BLACK_REACH`:
/// the shapes openings are made of, not points anywhere. Openings that are the same up
/// to a symmetry of the board are generated once.
pub fn candidate_openings(game: &Game, seed: u64, count: usize) -> Vec<[Point; 3]> {
    let placed: Vec<Point> = game.points().take(3).collect();
    let size = game.size();
    let centre = game.board().center();
    let first = placed.first().copied().unwrap_or(centre);
    let ring = |low: i32, high: i32| -> Vec<Point> {
        let mut points = Vec::new();
        for dr in -high..=high {
            for dc in -high..=high {
                if dc.abs().max(dr.abs()) < low {
                    continue;
                }
                let (c, r) = (first.col as i32 + dc, first.row as i32 + dr);
                if (0..size as i32).contains(&c) && (0..size as i32).contains(&r) {
                    points.push(Point::new(c as u8, r as u8));
                }
            }
        }
        points
    };
    let whites = ring(1, WHITE_REACH);
    let blacks = ring(SECOND_BLACK_REACH.0, SECOND_BLACK_REACH.1);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pick = |from: &[Point]| from[rng.random_range(0..from.len())];
    let mut found: Vec<[Point; 3]> = Vec::new();
    let mut seen: Vec<[Point; 3]> = Vec::new();
    let legal = |stones: &[Point; 3]| {
        Game::from_moves(size, game.rule(), stones.iter().copied()).is_ok_and(|g| !g.is_over())
    };
    let mut consider = |stones: [Point; 3], found: &mut Vec<[Point; 3]>| {
        let key = canonical(stones, size);
        if !seen.contains(&key) && legal(&stones) {
            seen.push(key);
            found.push(stones);
        }
    };
    if placed.len() == 3 {
        consider([placed[0], placed[1], placed[2]], &mut found);
        return found;
    }
    // Enough tries that a small board, where few shapes fit, still yields what it can.
    for _ in 0..count * 40 {
        if found.len() >= count || whites.is_empty() || blacks.is_empty() {
            break;
        }
        let white = placed.get(1).copied().unwrap_or_else(|| pick(&whites));
        let black = pick(&blacks);
        consider([first, white, black], &mut found);
    }
    if found.is_empty() {
        // A board too small for the shapes: any legal stones nearest the first.
        let mut near: Vec<Point> = game.board().points().collect();
        near.sort_by_key(|p| {
            (p.col as i32 - first.col as i32).abs() + (p.row as i32 - first.row as i32).abs()
        });
        let mut stones = placed.clone();
        if stones.is_empty() {
            stones.push(first);
        }
        for p in near {
            if stones.len() == 3 {
                break;
            }
            if !stones.contains(&p) {
                stones.push(p);
            }
        }
        if let [a, b, c] = stones[..] {
            consider([a, b, c], &mut found);
        }
    }
    found
}

/// The same opening for every symmetry of the square board: the least of its eight
/// images, stone by stone in play order.
pub fn canonical(stones: [Point; 3], size: u8) -> [Point; 3] {
    let n = size - 1;
    let maps: [fn(u8, u8, u8) -> (u8, u8); 8] = [
        |c, r, _| (c, r),
        |c, r, n| (n - c, r),
        |c, r, n| (c, n - r),
        |c, r, n| (n - c, n - r),
        |c, r, _| (r, c),
        |c, r, n| (n - r, c),
        |c, r, n| (r, n - c),
        |c, r, n| (n - r, n - c),
    ];
    maps.iter()
        .map(|f| {
            stones.map(|p| {
                let (c, r) = f(p.col, p.row, n);
                Point::new(c, r)
            })
        })
        .min()
        .unwrap_or(stones)
}

/// Where a planner stands: what its next searches are for.
#[derive(Clone, Debug)]
enum Step {
    /// Judging candidate openings: one search each, white to move.
    Openings(Vec<[Point; 3]>),
    /// The second player at three stones: the position itself, white to move. `choosing`:
    /// the choice is still to make (otherwise placing two more is already chosen).
    AtThree {
        choosing: bool,
    },
    /// Black's best answer to white's `white` (the first of the two stones to place).
    /// `check`: whether the five stones must then be checked for balance (not when the
    /// choice to place two is already made).
    BlackAnswer {
        white: Point,
        check: bool,
    },
    /// The five stones after `pair`, white to move: balanced enough to place?
    CheckFive {
        pair: [Point; 2],
    },
    /// The opener at five stones: the position itself, white to move.
    AtFive,
    Decided(Swap2Decision),
}

/// The computer's judgement at one step of a Swap2 opening, as a sequence of searches:
/// ask `wanted` for the positions to search, give their answers to `answer` in the same
/// order, and repeat until `decision` has one. At most `planned_searches` searches in all.
#[derive(Clone, Debug)]
pub struct Swap2Planner {
    /// The position the decision is for.
    game: Game,
    step: Step,
    planned: usize,
}

impl Swap2Planner {
    /// The planner for `stage` in `game`, judging up to `candidates` openings when it
    /// opens; `None` when the stage asks nothing of the computer here (the colours are
    /// decided, or the game is over).
    pub fn new(game: &Game, stage: Swap2Stage, seed: u64, candidates: usize) -> Option<Self> {
        if game.is_over() {
            return None;
        }
        // A fresh game of the same stones: no redo stack or times travel with it.
        let game = Game::set_up(game.size(), game.rule(), game.points()).ok()?;
        let placed = game.moves().len();
        let (step, planned) = match (stage, placed) {
            (Swap2Stage::PlaceThree, 0..3) => {
                let openings = candidate_openings(&game, seed, candidates.max(1));
                if openings.is_empty() {
                    return None; // No legal opening fits the stones given.
                }
                let n = openings.len();
                (Step::Openings(openings), n)
            }
            (Swap2Stage::SecondChooses, 3) => (Step::AtThree { choosing: true }, 3),
            (Swap2Stage::PlaceTwo, 3) => (Step::AtThree { choosing: false }, 2),
            (Swap2Stage::PlaceTwo, 4) => {
                let white = game.last_move()?;
                (
                    Step::BlackAnswer {
                        white,
                        check: false,
                    },
                    1,
                )
            }
            (Swap2Stage::FirstChooses, 5) => (Step::AtFive, 1),
            _ => return None,
        };
        let mut planner = Swap2Planner {
            game,
            step,
            planned,
        };
        if let Step::Openings(openings) = &planner.step
            && openings.len() == 1
        {
            // Nothing to choose between (three stones given, or a tiny board).
            planner.step = Step::Decided(Swap2Decision::Open(openings[0]));
        }
        Some(planner)
    }

    /// The most searches this planner asks for, all rounds together: a time budget split
    /// by this lasts.
    pub fn planned_searches(&self) -> usize {
        self.planned.max(1)
    }

    /// The decision, once made.
    pub fn decision(&self) -> Option<Swap2Decision> {
        match self.step {
            Step::Decided(d) => Some(d),
            _ => None,
        }
    }

    /// The positions to search now (each for its side to move), independent of each
    /// other; empty once decided.
    pub fn wanted(&self) -> Vec<Game> {
        let with = |extra: &[Point]| {
            Game::set_up(
                self.game.size(),
                self.game.rule(),
                self.game.points().chain(extra.iter().copied()),
            )
            .ok()
        };
        let base: Vec<Point> = self.game.points().collect();
        match &self.step {
            Step::Openings(openings) => openings
                .iter()
                .filter_map(|o| with(&o[base.len()..]))
                .collect(),
            Step::AtThree { .. } | Step::AtFive => vec![self.game.clone()],
            Step::BlackAnswer { white, .. } => {
                let extra: &[Point] = if base.len() == 4 { &[] } else { &[*white] };
                with(extra).into_iter().collect()
            }
            Step::CheckFive { pair } => with(pair).into_iter().collect(),
            Step::Decided(_) => Vec::new(),
        }
    }

    /// The answers to the positions `wanted` gave, in its order: a search's finding, or
    /// `None` where it found nothing to play.
    pub fn answer(&mut self, found: &[Option<SearchInfo>]) {
        let first = found.first().and_then(|f| f.as_ref());
        self.step = match std::mem::replace(&mut self.step, Step::AtFive) {
            Step::Openings(openings) => {
                let judged: Vec<([Point; 3], i32)> = openings
                    .iter()
                    .zip(found)
                    .filter_map(|(o, f)| f.as_ref().map(|f| (*o, f.score)))
                    .collect();
                // All forced (or none answered): the first candidate, as good as any.
                let chosen = most_balanced(&judged).unwrap_or(openings[0]);
                Step::Decided(Swap2Decision::Open(chosen))
            }
            Step::AtThree { choosing } => {
                match first {
                    // No move for white at three stones: only a full board does that.
                    None => Step::Decided(Swap2Decision::TakeBlack),
                    Some(f) if !choosing => Step::BlackAnswer {
                        white: f.best,
                        check: false,
                    },
                    Some(f) => match choice_at_three(f.score) {
                        ChoiceAtThree::TakeWhite => Step::Decided(Swap2Decision::TakeWhite(f.best)),
                        ChoiceAtThree::TakeBlack => Step::Decided(Swap2Decision::TakeBlack),
                        ChoiceAtThree::PlaceTwo => Step::BlackAnswer {
                            white: f.best,
                            check: true,
                        },
                    },
                }
            }
            Step::BlackAnswer { white, check } => match (first, check) {
                (Some(f), true) => Step::CheckFive {
                    pair: [white, f.best],
                },
                (Some(f), false) => Step::Decided(Swap2Decision::PlaceTwo([white, f.best])),
                // Black has nothing to play after white's move (it won): white's move
                // wins, so white it is.
                (None, _) => Step::Decided(Swap2Decision::TakeWhite(white)),
            },
            Step::CheckFive { pair } => match first {
                Some(f) if pair_is_balanced(f.score) => {
                    Step::Decided(Swap2Decision::PlaceTwo(pair))
                }
                // Unbalanced after best play for two plies: white's best move leads to
                // the side the five-stone score favours.
                Some(f) if f.score > 0 => Step::Decided(Swap2Decision::TakeWhite(pair[0])),
                Some(_) => Step::Decided(Swap2Decision::TakeBlack),
                None => Step::Decided(Swap2Decision::PlaceTwo(pair)),
            },
            Step::AtFive => match first {
                Some(f) => match colour_at_five(f.score) {
                    Stone::White => Step::Decided(Swap2Decision::TakeWhite(f.best)),
                    Stone::Black => Step::Decided(Swap2Decision::TakeBlack),
                },
                None => Step::Decided(Swap2Decision::TakeBlack),
            },
            decided @ Step::Decided(_) => decided,
        };
    }
}

/// Decides the computer's step at `stage` of `game`'s Swap2 opening, searching here (on
/// one thread, one table for all its searches): `settings.limits` is the budget of the
/// whole decision, split evenly over its searches (with no limit set, each search has the
/// level's own). `None` when the stage asks nothing of the computer (see
/// `Swap2Planner::new`).
pub fn decide(
    game: &Game,
    stage: Swap2Stage,
    settings: &SearchSettings,
    cancel: &AtomicBool,
) -> Option<Swap2Decision> {
    let engine = Engine::new(Resources::default());
    decide_by(game, stage, settings, |position, each| {
        engine.search(position, each, cancel)
    })
}

/// `decide` with the searches run by `search` (an `Engine` of the caller's, say), each
/// given its share of `settings.limits` and a seed of its own.
pub fn decide_by(
    game: &Game,
    stage: Swap2Stage,
    settings: &SearchSettings,
    mut search: impl FnMut(&Game, &SearchSettings) -> Option<SearchInfo>,
) -> Option<Swap2Decision> {
    let candidates = candidates_for_budget(settings.limits.time_ms);
    let mut planner = Swap2Planner::new(game, stage, settings.seed, candidates)?;
    let share = planner.planned_searches() as u64;
    let limits = Limits {
        time_ms: settings.limits.time_ms.map(|t| (t / share).max(1)),
        nodes: settings.limits.nodes.map(|n| (n / share).max(1)),
        ..Limits::default()
    };
    let mut seed = settings.seed;
    while planner.decision().is_none() {
        // A round of no searches (which the planner never asks for) is answered empty,
        // and the planner decides with what it has.
        let wanted = planner.wanted();
        let found: Vec<Option<SearchInfo>> = wanted
            .iter()
            .map(|position| {
                seed = next_seed(seed);
                let each = SearchSettings {
                    level: settings.level,
                    limits,
                    seed,
                };
                search(position, &each)
            })
            .collect();
        planner.answer(&found);
    }
    planner.decision()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::notation::parse_point;
    use crate::rules::Rule;

    fn pt(s: &str) -> Point {
        parse_point(s, 15).unwrap()
    }

    fn game(moves: &str) -> Game {
        Game::from_move_string(15, Rule::Freestyle, moves).unwrap()
    }

    fn info(best: &str, score: i32) -> Option<SearchInfo> {
        Some(SearchInfo {
            best: pt(best),
            score,
            depth: 6,
            nodes: 1000,
            elapsed_ms: 10,
            pv: vec![pt(best)],
        })
    }

    fn king_distance(a: Point, b: Point) -> i32 {
        (a.col as i32 - b.col as i32)
            .abs()
            .max((a.row as i32 - b.row as i32).abs())
    }

    #[test]
    fn forced_results_are_never_balanced() {
        assert!(is_forced(WON) && is_forced(-WON - 5));
        assert!(!is_forced(WON - 1));
        assert_eq!(imbalance(-120), Some(120));
        assert_eq!(imbalance(WON + 3), None);
        // A forced loss is "nearest zero" by no measure, however the numbers compare.
        assert_eq!(
            most_balanced(&[("won", WON + 2), ("loose", 900), ("close", -40)]),
            Some("close")
        );
        assert_eq!(most_balanced(&[("won", WON), ("lost", -WON)]), None);
        assert_eq!(
            most_balanced(&[("a", 50), ("b", -50)]),
            Some("a"),
            "first of equals"
        );
    }

    #[test]
    fn the_choice_at_three_follows_whites_score_through_the_thresholds() {
        assert_eq!(choice_at_three(TAKE_COLOUR_EDGE), ChoiceAtThree::TakeWhite);
        assert_eq!(choice_at_three(WON + 7), ChoiceAtThree::TakeWhite);
        assert_eq!(choice_at_three(-TAKE_COLOUR_EDGE), ChoiceAtThree::TakeBlack);
        assert_eq!(choice_at_three(-WON), ChoiceAtThree::TakeBlack);
        for close in [0, TAKE_COLOUR_EDGE - 1, 1 - TAKE_COLOUR_EDGE] {
            assert_eq!(choice_at_three(close), ChoiceAtThree::PlaceTwo, "{close}");
        }
        assert_eq!(colour_at_five(1), Stone::White);
        assert_eq!(colour_at_five(0), Stone::White);
        assert_eq!(colour_at_five(-1), Stone::Black);
        assert!(pair_is_balanced(-PLACE_TWO_MAX_IMBALANCE));
        assert!(!pair_is_balanced(PLACE_TWO_MAX_IMBALANCE + 1));
        assert!(!pair_is_balanced(-WON));
    }

    #[test]
    fn candidate_openings_are_distinct_legal_shapes_near_the_centre() {
        let empty = Game::default();
        let centre = pt("h8");
        let openings = candidate_openings(&empty, 42, OPENING_CANDIDATES);
        assert_eq!(openings.len(), OPENING_CANDIDATES);
        let mut keys: Vec<_> = openings.iter().map(|o| canonical(*o, 15)).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(
            keys.len(),
            openings.len(),
            "no two are the same up to symmetry"
        );
        for [b1, w, b2] in &openings {
            assert_eq!(*b1, centre);
            assert!((1..=WHITE_REACH).contains(&king_distance(*w, *b1)), "{w:?}");
            let d = king_distance(*b2, *b1);
            assert!(
                (SECOND_BLACK_REACH.0..=SECOND_BLACK_REACH.1).contains(&d),
                "{b2:?}"
            );
            assert!(Game::from_moves(15, Rule::Freestyle, [*b1, *w, *b2]).is_ok());
        }
        // The seed chooses them: the same seed the same openings, another seed others.
        assert_eq!(candidate_openings(&empty, 42, 8), openings);
        assert_ne!(candidate_openings(&empty, 43, 8), openings);
        // Stones already placed are kept.
        let started = game("g7i9");
        for o in candidate_openings(&started, 5, 4) {
            assert_eq!(o[..2], [pt("g7"), pt("i9")]);
            assert!(!o[..2].contains(&o[2]));
        }
        // A board too small for the shapes still gets an opening.
        let tiny = Game::new(5, Rule::Freestyle).unwrap();
        assert!(!candidate_openings(&tiny, 1, 3).is_empty());
    }

    #[test]
    fn the_opener_places_the_candidate_judged_most_balanced() {
        let empty = Game::default();
        let mut planner = Swap2Planner::new(&empty, Swap2Stage::PlaceThree, 9, 4).unwrap();
        let wanted = planner.wanted();
        assert_eq!(wanted.len(), 4);
        assert_eq!(planner.planned_searches(), 4);
        assert!(wanted.iter().all(|g| g.moves().len() == 3));
        assert!(wanted.iter().all(|g| g.to_move() == Stone::White));
        // The third is closest to zero once the forced one is left out.
        let scores = [700, -WON - 3, 80, -400];
        let found: Vec<_> = scores.iter().map(|&s| info("a1", s)).collect();
        planner.answer(&found);
        let third: Vec<Point> = wanted[2].points().collect();
        assert_eq!(
            planner.decision(),
            Some(Swap2Decision::Open([third[0], third[1], third[2]]))
        );
        assert!(planner.wanted().is_empty());
    }

    #[test]
    fn at_three_a_clear_score_takes_that_colour_and_a_close_one_places_two() {
        let three = game("h8i8d9");
        let plan = |score| {
            let mut p = Swap2Planner::new(&three, Swap2Stage::SecondChooses, 1, 8).unwrap();
            assert_eq!(p.wanted().len(), 1);
            assert_eq!(p.wanted()[0].moves().len(), 3);
            p.answer(&[info("j7", score)]);
            p
        };
        assert_eq!(
            plan(900).decision(),
            Some(Swap2Decision::TakeWhite(pt("j7")))
        );
        assert_eq!(plan(-900).decision(), Some(Swap2Decision::TakeBlack));
        // Close: black's answer to white's best is searched, then the five stones.
        let mut p = plan(20);
        assert_eq!(p.decision(), None);
        let four = &p.wanted()[0];
        assert_eq!(four.last_move(), Some(pt("j7")));
        assert_eq!(four.to_move(), Stone::Black);
        p.answer(&[info("f11", 0)]);
        let five = &p.wanted()[0];
        assert_eq!(
            five.points().skip(3).collect::<Vec<_>>(),
            [pt("j7"), pt("f11")]
        );
        let mut balanced = p.clone();
        balanced.answer(&[info("e10", -60)]);
        assert_eq!(
            balanced.decision(),
            Some(Swap2Decision::PlaceTwo([pt("j7"), pt("f11")]))
        );
        // Two stones that leave one side clearly better are not placed: the placer takes
        // that side instead.
        let mut for_white = p.clone();
        for_white.answer(&[info("e10", 800)]);
        assert_eq!(
            for_white.decision(),
            Some(Swap2Decision::TakeWhite(pt("j7")))
        );
        let mut for_black = p;
        for_black.answer(&[info("e10", -800)]);
        assert_eq!(for_black.decision(), Some(Swap2Decision::TakeBlack));
    }

    #[test]
    fn placing_two_after_the_choice_and_choosing_at_five() {
        // The choice to place two is made: three stones, then four.
        let mut p = Swap2Planner::new(&game("h8i8d9"), Swap2Stage::PlaceTwo, 1, 8).unwrap();
        p.answer(&[info("j7", 5000)]);
        p.answer(&[info("f11", 0)]);
        assert_eq!(
            p.decision(),
            Some(Swap2Decision::PlaceTwo([pt("j7"), pt("f11")]))
        );
        let mut p = Swap2Planner::new(&game("h8i8d9j7"), Swap2Stage::PlaceTwo, 1, 8).unwrap();
        assert_eq!(p.wanted()[0].moves().len(), 4);
        p.answer(&[info("f11", 0)]);
        assert_eq!(
            p.decision(),
            Some(Swap2Decision::PlaceTwo([pt("j7"), pt("f11")]))
        );

        let five = game("h8i8d9j7f11");
        let at_five = |score| {
            let mut p = Swap2Planner::new(&five, Swap2Stage::FirstChooses, 1, 8).unwrap();
            p.answer(&[info("g10", score)]);
            p.decision()
        };
        assert_eq!(at_five(40), Some(Swap2Decision::TakeWhite(pt("g10"))));
        assert_eq!(at_five(-40), Some(Swap2Decision::TakeBlack));
    }

    #[test]
    fn no_plan_where_nothing_is_the_computers_to_decide() {
        let three = game("h8i8d9");
        assert!(
            Swap2Planner::new(
                &three,
                Swap2Stage::Decided {
                    black: crate::Seat::First
                },
                1,
                8
            )
            .is_none()
        );
        assert!(Swap2Planner::new(&three, Swap2Stage::FirstChooses, 1, 8).is_none());
        assert!(Swap2Planner::new(&game("h8i8"), Swap2Stage::SecondChooses, 1, 8).is_none());
        // Three stones given: the opening is what it is.
        let p = Swap2Planner::new(&three, Swap2Stage::PlaceThree, 1, 8);
        assert!(p.is_none(), "three stones are no longer PlaceThree");
    }

    #[test]
    fn decide_runs_real_searches_within_its_budget() {
        let settings = SearchSettings {
            level: Level::MAX,
            limits: Limits::time(400),
            seed: 3,
        };
        let cancel = AtomicBool::new(false);
        let start = crate::clock::Stopwatch::start();
        let opened = decide(&Game::default(), Swap2Stage::PlaceThree, &settings, &cancel);
        let Some(Swap2Decision::Open(stones)) = opened else {
            panic!("{opened:?}");
        };
        assert!(Game::from_moves(15, Rule::Freestyle, stones).is_ok());
        assert_eq!(stones[0], pt("h8"));
        // The budget covers all candidate searches together (with slack for a busy box).
        assert!(start.elapsed_ms() < 400 + 300, "{} ms", start.elapsed_ms());

        // Black's two stones in corners and white's in the centre: white is clearly
        // better, so the second player takes white and plays its move.
        let white_better = decide(
            &game("a1h8a15"),
            Swap2Stage::SecondChooses,
            &settings,
            &cancel,
        );
        assert!(
            matches!(white_better, Some(Swap2Decision::TakeWhite(_))),
            "{white_better:?}"
        );
        // White's only stone in a corner against black's two in the centre: take black.
        let black_better = decide(
            &game("h8a1i9"),
            Swap2Stage::SecondChooses,
            &settings,
            &cancel,
        );
        assert_eq!(black_better, Some(Swap2Decision::TakeBlack));
        // Black's open three at five stones, white to move: the opener takes black.
        let five = game("h8a1h9a15h10");
        let choice = decide(&five, Swap2Stage::FirstChooses, &settings, &cancel);
        assert_eq!(choice, Some(Swap2Decision::TakeBlack));
    }
}
