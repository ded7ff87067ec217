//! Level 1: a one-ply threat scorer in the manner of the classic web AIs. Every empty point
//! near the stones is scored by the five-windows through it: windows holding only the
//! mover's stones count as attack, windows holding only the opponent's as defence. An
//! immediate five is always taken and an opponent's immediate five always blocked.

use super::{SearchInfo, SearchSettings};
use crate::board::{Board, Point, Stone, five_windows};
use crate::rules::Rule;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};

/// Value of a window holding k of the mover's stones and nothing else (index = k).
const ATTACK: [i32; 5] = [1, 40, 900, 16_000, 500_000];
/// Value of a window holding k of the opponent's stones and nothing else.
const DEFEND: [i32; 5] = [1, 20, 450, 5_000, 100_000];
const WIN: i32 = 10_000_000;
const BLOCK: i32 = 5_000_000;
/// Moves scoring within this fraction of the best are equally good to the beginner.
const SLACK: f64 = 0.08;

/// Empty points within two of any stone: where every sensible move lies.
pub(crate) fn candidates(board: &Board) -> Vec<Point> {
    if board.stone_count() == 0 {
        return vec![board.center()];
    }
    let size = board.size();
    board
        .points()
        .filter(|&p| board.is_empty_at(p))
        .filter(|&p| {
            (-2..=2).any(|dr: i8| {
                (-2..=2).any(|dc: i8| {
                    p.offset((dc, dr), 1, size)
                        .is_some_and(|q| board.get(q).is_some())
                })
            })
        })
        .collect()
}

/// Would `stone` at `p` make a winning row under `rule`?
pub(crate) fn wins_at(board: &mut Board, p: Point, stone: Stone, rule: Rule) -> bool {
    board.set(p, Some(stone));
    let win = rule.winning_line(board, p).is_some();
    board.set(p, None);
    win
}

pub(super) fn best_move(
    board: &Board,
    me: Stone,
    rule: Rule,
    settings: &SearchSettings,
    cancel: &AtomicBool,
) -> Option<SearchInfo> {
    let mut scratch = board.clone();
    let windows = five_windows(board.size());
    let mut scored: Vec<(Point, i32)> = Vec::new();
    for p in candidates(board) {
        if cancel.load(Ordering::Relaxed) && !scored.is_empty() {
            break;
        }
        let score = if wins_at(&mut scratch, p, me, rule) {
            WIN
        } else if wins_at(&mut scratch, p, me.opponent(), rule) {
            BLOCK
        } else {
            windows
                .iter()
                .filter(|w| w.contains(&p))
                .map(|w| {
                    let mine = w.iter().filter(|q| board.get(**q) == Some(me)).count();
                    let theirs = w
                        .iter()
                        .filter(|q| board.get(**q) == Some(me.opponent()))
                        .count();
                    match (mine, theirs) {
                        (k, 0) => ATTACK[k.min(4)],
                        (0, k) => DEFEND[k.min(4)],
                        _ => 0,
                    }
                })
                .sum()
        };
        scored.push((p, score));
    }
    let nodes = scored.len() as u64;
    let best = scored.iter().map(|s| s.1).max()?;
    // Wins and blocks are never diluted by randomness.
    let floor = if best >= BLOCK {
        best
    } else {
        best - (best as f64 * SLACK) as i32
    };
    let good: Vec<_> = scored.into_iter().filter(|s| s.1 >= floor).collect();
    let mut rng = SmallRng::seed_from_u64(settings.seed);
    let (point, score) = good[rng.random_range(0..good.len())];
    Some(SearchInfo {
        best: point,
        score,
        depth: 1,
        nodes,
        elapsed_ms: 0,
        pv: vec![point],
    })
}
