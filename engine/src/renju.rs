//! Renju's forbidden moves for black, by the RIF definitions: black may not make a
//! double three, a double four or an overline, unless the same stone makes exactly five.
//! A four is a line that one more black stone turns into exactly five (two such fours
//! can lie on one line); a three is a line that one more black stone, on a point that is
//! not itself forbidden, turns into a straight four (four in a row, both ends making
//! exactly five) without making a five at the same time. The "not forbidden" clause
//! makes the definition recursive.

use crate::board::{Board, DIRECTIONS, Point, Stone};
use std::fmt;

/// Why a point is forbidden for black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

/// Deeper than this, a completing point's own forbiddance is taken as "allowed": real
/// games never nest threes this far, and it bounds the work on contrived boards.
const MAX_NESTING: u32 = 6;

/// Is a black stone on the empty point `p` forbidden, and why?
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    if !board.is_empty_at(p) {
        return None;
    }
    forbidden_in(&mut board.clone(), p, 0)
}

/// Every empty point where black may not play, row by row from the bottom.
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    let mut scratch = board.clone();
    board
        .points()
        .filter(|&p| board.is_empty_at(p) && could_be_forbidden(board, p))
        .filter(|&p| forbidden_in(&mut scratch, p, 0).is_some())
        .collect()
}

/// A cheap filter: a forbidden point has black stones on at least two of its lines, or
/// four on one (overline, two fours on a line).
fn could_be_forbidden(board: &Board, p: Point) -> bool {
    let black_near = |dir: (i8, i8)| {
        (-4..=4)
            .filter(|&k| k != 0)
            .filter_map(|k| p.offset(dir, k, board.size()))
            .filter(|&q| board.get(q) == Some(Stone::Black))
            .count()
    };
    let counts: Vec<usize> = DIRECTIONS.into_iter().map(black_near).collect();
    counts.iter().filter(|&&n| n >= 2).count() >= 2 || counts.iter().any(|&n| n >= 4)
}

/// The black run through `p` along `dir`: (first, last) offsets from `p`.
fn run(board: &Board, p: Point, dir: (i8, i8)) -> (i32, i32) {
    let back = board.run_length(p, (-dir.0, -dir.1), Stone::Black) as i32;
    let ahead = board.run_length(p, dir, Stone::Black) as i32;
    (-back, ahead)
}

fn forbidden_in(board: &mut Board, p: Point, nesting: u32) -> Option<Forbidden> {
    board.set(p, Some(Stone::Black));
    let verdict = judge(board, p, nesting);
    board.set(p, None);
    verdict
}

/// The verdict for black's stone already standing on `p`.
fn judge(board: &mut Board, p: Point, nesting: u32) -> Option<Forbidden> {
    let lengths = DIRECTIONS.map(|dir| {
        let (a, b) = run(board, p, dir);
        b - a + 1
    });
    if lengths.contains(&5) {
        return None;
    }
    if lengths.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    let fours = DIRECTIONS.map(|dir| fours_on_line(board, p, dir));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let threes = DIRECTIONS
        .into_iter()
        .zip(fours)
        .filter(|&(dir, f)| f == 0 && is_real_three(board, p, dir, nesting))
        .count();
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

/// Would a black stone on empty `q` make exactly five along `dir`, through `p`?
fn completes_five(board: &mut Board, q: Point, dir: (i8, i8), p: Point) -> Option<(i32, i32)> {
    board.set(q, Some(Stone::Black));
    let (a, b) = run(board, p, dir);
    board.set(q, None);
    (b - a + 1 == 5).then_some((a, b))
}

/// The fours through black's stone on `p` along `dir`: the distinct sets of four stones
/// that one more stone makes exactly five with (an open four is one four, `x.xxx.x` two).
fn fours_on_line(board: &mut Board, p: Point, dir: (i8, i8)) -> usize {
    let size = board.size();
    let mut runs: Vec<(i32, i32, i32)> = Vec::new();
    for k in (-4..=4).filter(|&k| k != 0) {
        let Some(q) = p.offset(dir, k, size) else {
            continue;
        };
        if !board.is_empty_at(q) {
            continue;
        }
        if let Some((a, b)) = completes_five(board, q, dir, p) {
            runs.push((a, b, k));
        }
    }
    // Two completions of the same four stones: the stones of run minus the completing
    // point coincide exactly when both completions sit at the two ends of one run of four.
    let mut sets: Vec<Vec<i32>> = runs
        .iter()
        .map(|&(a, b, k)| (a..=b).filter(|&i| i != k).collect())
        .collect();
    sets.sort();
    sets.dedup();
    sets.len()
}

/// Is there a real three through black's stone on `p` along `dir`: a point `q` that makes
/// a straight four with it and is not itself forbidden?
fn is_real_three(board: &mut Board, p: Point, dir: (i8, i8), nesting: u32) -> bool {
    let size = board.size();
    for k in (-4..=4).filter(|&k| k != 0) {
        let Some(q) = p.offset(dir, k, size) else {
            continue;
        };
        if !board.is_empty_at(q) {
            continue;
        }
        board.set(q, Some(Stone::Black));
        // RIF: one stone must make the straight four "without at the same time a five in
        // a row is made". A `q` that also completes a five (on another line: this one is a
        // run of four) wins there and then, so it does not make this line a three, even
        // though `forbidden_in` would call `q` allowed (a five never is forbidden).
        let straight = is_straight_four(board, p, dir) && !makes_five(board, q);
        board.set(q, None);
        if straight && (nesting >= MAX_NESTING || forbidden_in(board, q, nesting + 1).is_none()) {
            return true;
        }
    }
    false
}

/// Does black's stone on `q` stand in a run of exactly five on some line?
fn makes_five(board: &Board, q: Point) -> bool {
    DIRECTIONS.into_iter().any(|dir| {
        let (a, b) = run(board, q, dir);
        b - a + 1 == 5
    })
}

/// Four black stones in a row through `p` whose both ends make exactly five.
fn is_straight_four(board: &mut Board, p: Point, dir: (i8, i8)) -> bool {
    let (a, b) = run(board, p, dir);
    if b - a + 1 != 4 {
        return false;
    }
    let size = board.size();
    [a - 1, b + 1].into_iter().all(|k| {
        p.offset(dir, k, size).is_some_and(|end| {
            board.is_empty_at(end) && completes_five(board, end, dir, p).is_some()
        })
    })
}
