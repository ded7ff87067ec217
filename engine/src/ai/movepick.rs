//! Move picking: which points the main search tries, and in what order. A point is
//! ordered by what it is worth to the mover and to the opponent (blocking it); the
//! transposition table's move comes first, then the killers of the ply. Against an
//! opponent's winning four only defences and counter-fours qualify.

use super::position::Position;
use super::types::{PackedMove, Threat};
use crate::board::Stone;

/// A point's own chances outweigh what it blocks, 4 to 3: attacking first is usually
/// right, but a strong block still beats a weak attack.
const OWN_WEIGHT: i32 = 4;
const BLOCK_WEIGHT: i32 = 3;
/// Ordering bonuses, far above any point's value: the table's move first, killers next.
const TT_MOVE_BONUS: i32 = 1 << 28;
const KILLER_BONUS: i32 = 1 << 20;
/// Plies that keep killers; deeper plies (rare) simply have none.
const KILLER_PLIES: usize = 128;

/// Ordering key of a point for the side `me`: own chances first, defence close behind.
pub(crate) fn order_score(pos: &Position, i: usize, me: Stone) -> i32 {
    pos.value(i, me) * OWN_WEIGHT + pos.value(i, me.opponent()) * BLOCK_WEIGHT
}

/// Per ply, the last two moves that caused a beta cut-off there (newest first): they
/// often refute sibling positions too.
pub(crate) struct Killers(Vec<[PackedMove; 2]>);

impl Killers {
    pub(crate) fn new() -> Self {
        Killers(vec![[PackedMove::NONE; 2]; KILLER_PLIES])
    }

    fn at(&self, ply: usize) -> [PackedMove; 2] {
        self.0.get(ply).copied().unwrap_or([PackedMove::NONE; 2])
    }

    /// Remembers `m` as the newest killer of `ply`.
    pub(crate) fn record(&mut self, ply: usize, m: usize) {
        let m = PackedMove::new(m);
        if let Some(k) = self.0.get_mut(ply)
            && k[0] != m
        {
            k[1] = k[0];
            k[0] = m;
        }
    }
}

/// Cut-offs recorded at a point raise its order by at most this much: enough to sort
/// points of equal static worth, never enough to put a quiet point above a threat.
const HISTORY_BONUS_MAX: i32 = 24;

/// The ordering bonus of a point from its history count: it grows with the log of the
/// count, so a few deep cut-offs matter and a count that runs away does not.
fn history_bonus(count: u32) -> i32 {
    (u32::BITS - count.leading_zeros()) as i32 * HISTORY_BONUS_MAX / u32::BITS as i32
}

/// Moves worth searching for `me` at `ply`, best-ordered, at most `branch` of them.
/// Against a threatened open four (or double four) only defences and counter-fours
/// qualify.
pub(crate) fn moves(
    pos: &Position,
    me: Stone,
    tt_move: Option<usize>,
    killers: &Killers,
    history: &[u32],
    ply: usize,
    branch: usize,
) -> Vec<usize> {
    let opp = me.opponent();
    let pressed = pos.has_at_least(opp, Threat::WinningFour);
    let killers = killers.at(ply);
    let mut list: Vec<(i32, usize)> = (0..pos.cell_count())
        .filter(|&i| {
            // Most points are far from the stones (or, when pressed, make no four): asked
            // first, that settles most of them.
            (if pressed {
                pos.class(i, me) >= Threat::Four || pos.class(i, opp) >= Threat::Four
            } else {
                pos.is_near(i)
            }) && pos.is_empty(i)
                && pos.class(i, me) != Threat::Forbidden
        })
        .map(|i| {
            let bonus = if Some(i) == tt_move {
                TT_MOVE_BONUS
            } else if killers.contains(&PackedMove::new(i)) {
                KILLER_BONUS
            } else {
                history_bonus(history[i])
            };
            (order_score(pos, i, me) + bonus, i)
        })
        .collect();
    // Only the best `branch` are ordered: most nodes have several times that many points
    // near the stones, and sorting them all was a tenth of the search's time.
    if list.len() > branch {
        if branch > 0 {
            list.select_nth_unstable_by(branch - 1, |a, b| b.cmp(a));
        }
        list.truncate(branch);
    }
    list.sort_unstable_by(|a, b| b.cmp(a));
    list.into_iter().map(|(_, i)| i).collect()
}

/// The best-ordered legal point, for when every threat-based choice is illegal.
pub(crate) fn fallback(pos: &Position) -> Option<usize> {
    let me = pos.to_move();
    (0..pos.cell_count())
        .filter(|&i| pos.is_legal(i))
        .max_by_key(|&i| (pos.is_near(i), order_score(pos, i, me)))
}

/// The moves that may refute an opponent's threat win, best-ordered: our own fours and
/// either every legal point near the stones (`wide`) or the legal points of `root`.
pub(crate) fn refutation_candidates(pos: &Position, root: &[usize], wide: bool) -> Vec<usize> {
    let me = pos.to_move();
    let mut candidates: Vec<usize> = (0..pos.cell_count())
        .filter(|&i| {
            pos.is_legal(i)
                && (pos.class(i, me) >= Threat::Four
                    || if wide {
                        pos.is_near(i)
                    } else {
                        root.contains(&i)
                    })
        })
        .collect();
    candidates.sort_by_key(|&i| std::cmp::Reverse(order_score(pos, i, me)));
    candidates
}
