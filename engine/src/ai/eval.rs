//! Evaluation: what a point's four line patterns are worth to one colour (its threat class
//! and a value), how the values of all empty points add up to a static score, and the
//! initiative bonus a leaf gets for a threat of its own.

use super::pattern::Pattern;
use super::position::Position;
use super::types::Threat;
use std::sync::OnceLock;

/// Worth of one direction's pattern at an empty point (index = `Pattern as u8`): rising
/// steeply with the shape, an open shape worth about three times its closed one.
const PATTERN_VALUE: [i32; 11] = [0, 0, 1, 3, 6, 18, 25, 70, 90, 350, 1500];
/// Extra worth of combined shapes, which the per-line values miss: an open or double four
/// wins, a four-three nearly so, a double three often.
const WINNING_FOUR_BONUS: i32 = 600;
const FOUR_THREE_BONUS: i32 = 400;
const DOUBLE_THREE_BONUS: i32 = 250;

/// Distinct patterns per direction: the table below has one row per combination.
const PATTERNS: usize = Pattern::ALL.len();

/// The threat class and value of a point from its patterns in the four directions, read
/// from a table of every combination (11^4 rows): this runs for about forty points at
/// every move the search makes, and computing it was half of the search's time.
pub(crate) fn classify(pats: &[Pattern; 4]) -> (Threat, i32) {
    static TABLE: OnceLock<Vec<(Threat, i32)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..PATTERNS.pow(4))
            .map(|row| {
                let pattern = |d: u32| Pattern::ALL[row / PATTERNS.pow(d) % PATTERNS];
                classify_directly(&[pattern(0), pattern(1), pattern(2), pattern(3)])
            })
            .collect()
    });
    let row = pats
        .iter()
        .rev()
        .fold(0, |row, &p| row * PATTERNS + p as usize);
    table[row]
}

/// `classify` by its definition: what the table is built from.
fn classify_directly(pats: &[Pattern; 4]) -> (Threat, i32) {
    let count = |p: Pattern| pats.iter().filter(|&&q| q == p).count();
    let (fives, flex4, block4, flex3) = (
        count(Pattern::Five),
        count(Pattern::Flex4),
        count(Pattern::Block4),
        count(Pattern::Flex3),
    );
    let (class, bonus) = if fives > 0 {
        (Threat::Five, 0)
    } else if flex4 > 0 || block4 >= 2 {
        (Threat::WinningFour, WINNING_FOUR_BONUS)
    } else if block4 > 0 && flex3 > 0 {
        (Threat::FourThree, FOUR_THREE_BONUS)
    } else if block4 > 0 {
        (Threat::Four, 0)
    } else if flex3 >= 2 {
        (Threat::DoubleThree, DOUBLE_THREE_BONUS)
    } else if flex3 > 0 {
        (Threat::Three, 0)
    } else if pats.iter().any(|&p| p > Pattern::Overline) {
        (Threat::Minor, 0)
    } else {
        (Threat::Nothing, 0)
    };
    let value = pats.iter().map(|&p| PATTERN_VALUE[p as usize]).sum::<i32>() + bonus;
    (class, value)
}

/// The side to move's point values count 6/5 against the opponent's: having the move is
/// worth about a fifth of the position.
const OWN_WEIGHT: i32 = 6;
const OPPONENT_WEIGHT: i32 = 5;
const WEIGHT_SCALE: i32 = 5;

/// Static score for the side to move from the summed point values of both sides.
pub(crate) fn evaluate(own_sum: i32, opponent_sum: i32) -> i32 {
    (own_sum * OWN_WEIGHT - opponent_sum * OPPONENT_WEIGHT) / WEIGHT_SCALE
}

/// A four-three of the side to move usually wins from a leaf; a double three does
/// unless the opponent has a four to gain time with.
const FOUR_THREE_INITIATIVE: i32 = 3000;
const DOUBLE_THREE_INITIATIVE: i32 = 1500;

/// Static value of a leaf for the side to move, plus its initiative.
pub(crate) fn leaf(pos: &Position) -> i32 {
    let me = pos.to_move();
    let opp = me.opponent();
    let mut s = pos.evaluate();
    if pos.count(me, Threat::FourThree) > 0 {
        s += FOUR_THREE_INITIATIVE;
    } else if pos.count(me, Threat::DoubleThree) > 0 && !pos.has_at_least(opp, Threat::Four) {
        s += DOUBLE_THREE_INITIATIVE;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_the_definition_for_every_combination() {
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in Pattern::ALL {
                    for d in Pattern::ALL {
                        let pats = [a, b, c, d];
                        assert_eq!(classify(&pats), classify_directly(&pats), "{pats:?}");
                    }
                }
            }
        }
    }
}
