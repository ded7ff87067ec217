//! The search's core vocabulary: colours (the crate's [`Stone`]) and values kept per
//! colour, threat classes, a move packed into two bytes, and scores.

use crate::board::Stone;
use std::num::NonZeroU16;
use std::ops::{Index, IndexMut};

/// One value per colour, indexed by [`Stone`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PerStone<T>([T; 2]);

impl<T> PerStone<T> {
    pub(crate) const fn new(black: T, white: T) -> Self {
        PerStone([black, white])
    }
}

impl<T> Index<Stone> for PerStone<T> {
    type Output = T;

    fn index(&self, stone: Stone) -> &T {
        &self.0[stone as usize]
    }
}

impl<T> IndexMut<Stone> for PerStone<T> {
    fn index_mut(&mut self, stone: Stone) -> &mut T {
        &mut self.0[stone as usize]
    }
}

/// Both colours, black first.
pub(crate) const STONES: [Stone; 2] = [Stone::Black, Stone::White];

/// What a point is worth to one colour, by the strongest thing a stone there makes,
/// weakest first. Fours and better (`Four..`) are the moves a VCF uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Threat {
    /// Renju: black may not play here. Below everything, so `class >= Four` never
    /// mistakes a forbidden point for a four.
    Forbidden = 0,
    /// No line through the point can still become five.
    Nothing,
    /// Something short of an open three (ones, twos, closed threes).
    Minor,
    /// An open three.
    Three,
    /// Two open threes.
    DoubleThree,
    /// A four: the opponent must block its one five point.
    Four,
    /// A four and an open three.
    FourThree,
    /// An open four or a double four: two five points, unstoppable.
    WinningFour,
    /// Completes five.
    Five,
}

impl Threat {
    pub(crate) const COUNT: usize = 9;
    /// Every class, weakest first.
    pub(crate) const ALL: [Threat; Threat::COUNT] = [
        Threat::Forbidden,
        Threat::Nothing,
        Threat::Minor,
        Threat::Three,
        Threat::DoubleThree,
        Threat::Four,
        Threat::FourThree,
        Threat::WinningFour,
        Threat::Five,
    ];
}

/// A point index in two bytes, or no move: what the transposition table and the killer
/// slots keep. (Stored as index + 1, so "no move" costs no extra byte.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PackedMove(Option<NonZeroU16>);

impl PackedMove {
    pub(crate) const NONE: PackedMove = PackedMove(None);

    pub(crate) fn new(i: usize) -> PackedMove {
        debug_assert!(i < u16::MAX as usize);
        PackedMove(NonZeroU16::new(i as u16 + 1))
    }

    pub(crate) fn get(self) -> Option<usize> {
        self.0.map(|n| n.get() as usize - 1)
    }
}

/// A five made `p` plies from the root scores `win_in(p)`; anything at or beyond `WON`
/// (or at or below `-WON`) is a forced result, not an estimate.
pub(crate) const WIN: i32 = 1_000_000;
/// Longer than any game: scores within this many plies of `WIN` are forced results.
const LONGEST_FORCED_LINE: i32 = 10_000;
pub(crate) const WON: i32 = WIN - LONGEST_FORCED_LINE;
/// Above every score: the open window's bounds.
pub(crate) const INF: i32 = WIN + 1;

/// The score of a five `plies` plies from here, for the side that makes it.
pub(crate) const fn win_in(plies: i32) -> i32 {
    WIN - plies
}

/// The score of the opponent's five `plies` plies from here.
pub(crate) const fn loss_in(plies: i32) -> i32 {
    -win_in(plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_move_keeps_every_index_and_none() {
        for i in [0, 1, 224, 624] {
            assert_eq!(PackedMove::new(i).get(), Some(i));
        }
        assert_eq!(PackedMove::NONE.get(), None);
        assert_eq!(PackedMove::default(), PackedMove::NONE);
        assert_eq!(std::mem::size_of::<PackedMove>(), 2);
    }
}
