//! Move picking: which points the main search tries, and in what order. A point is
//! ordered by what it is worth to the mover and to the opponent (blocking it); the
//! transposition table's move comes first, then the killers of the ply, before or after
//! the mover's own threats as the level places them. Against an opponent's winning four
//! only defences and counter-fours qualify.

use super::position::Position;
use super::types::{PackedMove, Threat};
use crate::board::Stone;

/// A point's own chances outweigh what it blocks, 4 to 3: attacking first is usually
/// right, but a strong block still beats a weak attack.
const OWN_WEIGHT: i32 = 4;
const BLOCK_WEIGHT: i32 = 3;
/// Ordering bonuses, far above any point's value: the table's move first, then (where
/// the killers come after them) the mover's own threats, then the killers.
const TT_MOVE_BONUS: i32 = 1 << 28;
const OWN_THREAT_BONUS: i32 = 1 << 24;
const KILLER_BONUS: i32 = 1 << 20;
/// Plies that keep killers; deeper plies (rare) simply have none.
const KILLER_PLIES: usize = 128;

/// Ordering key of a point for the side `me`: own chances first, defence close behind.
pub(crate) fn order_score(pos: &Position, i: usize, me: Stone) -> i32 {
    pos.value(i, me) * OWN_WEIGHT + pos.value(i, me.opponent()) * BLOCK_WEIGHT
}

/// Where a node's killers go in its order, after the table's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KillerPlace {
    /// Before every other move: the levels below master were calibrated so.
    First,
    /// After the mover's own threats (an open three or better), first among the rest; a
    /// killer that is such a threat leads the threats. The master's: in `bench`'s nodes
    /// without a table move, a quiet first move (a killer, mostly) cut off in 18% of
    /// them, and most of the later cut-offs there came from the mover's fours and open
    /// threes (README's v57).
    AfterOwnThreats,
}

/// Per ply, the last two moves that caused a beta cut-off there (newest first): they
/// often refute sibling positions too. `place` says where they are ordered.
pub(crate) struct Killers {
    moves: Vec<[PackedMove; 2]>,
    place: KillerPlace,
}

impl Killers {
    pub(crate) fn new(place: KillerPlace) -> Self {
        Killers {
            moves: vec![[PackedMove::NONE; 2]; KILLER_PLIES],
            place,
        }
    }

    fn at(&self, ply: usize) -> [PackedMove; 2] {
        self.moves
            .get(ply)
            .copied()
            .unwrap_or([PackedMove::NONE; 2])
    }

    /// Remembers `m` as the newest killer of `ply`.
    pub(crate) fn record(&mut self, ply: usize, m: usize) {
        let m = PackedMove::new(m);
        if let Some(k) = self.moves.get_mut(ply)
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
    let killers_after_threats = killers.place == KillerPlace::AfterOwnThreats;
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
            let threat_bonus = if killers_after_threats && pos.class(i, me) >= Threat::Three {
                OWN_THREAT_BONUS
            } else {
                0
            };
            (order_score(pos, i, me) + bonus + threat_bonus, i)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rules::Rule;

    /// Black to move with an open two (h8 i8), white's two stones apart; the moves at ply 1
    /// with `j11`, a quiet point, recorded there as a killer: the list, and `j11`.
    fn ordered_with_a_quiet_killer(place: KillerPlace) -> (Position, Vec<usize>, usize) {
        let game = Game::from_move_string(15, Rule::Freestyle, "h8h10i8k12").unwrap();
        let pos = Position::new(game.board(), game.rule(), game.to_move());
        let j11 = pos.index(crate::notation::parse_point("j11", 15).unwrap());
        let me = pos.to_move();
        assert!(
            pos.class(j11, me) < Threat::Three && pos.class(j11, me.opponent()) < Threat::Three
        );
        let mut killers = Killers::new(place);
        killers.record(1, j11);
        let history = vec![0; pos.cell_count()];
        let moves = moves(&pos, me, None, &killers, &history, 1, usize::MAX);
        (pos, moves, j11)
    }

    #[test]
    fn a_killer_placed_first_leads_the_order() {
        let (_, moves, j11) = ordered_with_a_quiet_killer(KillerPlace::First);
        assert_eq!(moves[0], j11);
    }

    #[test]
    fn a_quiet_killer_placed_after_own_threats_follows_them_and_leads_the_rest() {
        let (pos, moves, j11) = ordered_with_a_quiet_killer(KillerPlace::AfterOwnThreats);
        let me = pos.to_move();
        let threats = moves
            .iter()
            .take_while(|&&m| pos.class(m, me) >= Threat::Three)
            .count();
        // g8 and j8 at least make an open three of h8 i8.
        assert!(threats >= 2, "{moves:?}");
        assert_eq!(moves[threats], j11, "{moves:?}");
        assert!(
            moves[threats..]
                .iter()
                .all(|&m| pos.class(m, me) < Threat::Three)
        );
    }
}
