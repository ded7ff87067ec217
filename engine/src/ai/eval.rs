//! Evaluation: what a point's four line patterns are worth to one colour (its threat class
//! and a value), how the values of all empty points add up to a static score, and the
//! initiative bonus a leaf gets for a threat of its own.

use super::pattern::Pattern;
use super::position::{Position, TotalsBefore};
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

/// What one colour makes at an empty point: the threat class of its four patterns, its
/// value for move ordering, and what it adds to the evaluation's running sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PointShape {
    pub class: Threat,
    pub value: i32,
    pub worth: Worth,
}

impl PointShape {
    /// An empty point black may not play (Renju): it threatens nothing and is worth nothing.
    pub(crate) const FORBIDDEN: PointShape = PointShape {
        class: Threat::Forbidden,
        value: 0,
        worth: Worth {
            moving: 0,
            waiting: 0,
        },
    };
    /// A point no line runs through (or not yet computed).
    pub(crate) const NOTHING: PointShape = PointShape {
        class: Threat::Nothing,
        value: 0,
        worth: Worth {
            moving: 0,
            waiting: 0,
        },
    };
}

/// The shape of a point from its patterns in the four directions. This runs for about
/// forty points at every move the search makes, so nothing is computed here: the class
/// is read from a table of every combination (11^4 rows), and the value and the worth
/// are sums of one share per pattern and one for the class, from small tables. The table
/// holds the class alone, one byte a row: 14 KiB, which stays in the first-level cache,
/// where whole 16-byte shapes made 229 KiB (README's v48 and v56).
pub(crate) fn shape(pats: &[Pattern; 4]) -> PointShape {
    let tables = shape_tables();
    let row = pats
        .iter()
        .rev()
        .fold(0, |row, &p| row * PATTERNS + p as usize);
    let class = tables.class[row];
    let mut share = tables.per_class[class as usize];
    for &p in pats {
        share += tables.per_pattern[p as usize];
    }
    PointShape {
        class,
        value: share.value,
        worth: share.worth,
    }
}

/// What one pattern, or one class, adds to a point's shape.
#[derive(Clone, Copy)]
struct Share {
    value: i32,
    worth: Worth,
}

impl std::ops::AddAssign for Share {
    fn add_assign(&mut self, other: Share) {
        self.value += other.value;
        self.worth += other.worth;
    }
}

/// What `shape` reads.
struct ShapeTables {
    /// The class of every combination of four patterns, the first direction's pattern
    /// varying fastest.
    class: Vec<Threat>,
    per_pattern: [Share; Pattern::COUNT],
    per_class: [Share; Threat::COUNT],
}

/// `shape`'s tables: the classes from their definition, the shares from
/// `PATTERN_VALUE`, the class bonuses and `WEIGHTS` laid out per pattern and per class.
fn shape_tables() -> &'static ShapeTables {
    static TABLES: OnceLock<ShapeTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables = ShapeTables {
            class: (0..PATTERNS.pow(4))
                .map(|row| {
                    let pattern = |d: u32| Pattern::ALL[row / PATTERNS.pow(d) % PATTERNS];
                    classify_directly(&[pattern(0), pattern(1), pattern(2), pattern(3)]).0
                })
                .collect(),
            per_pattern: std::array::from_fn(|p| Share {
                value: PATTERN_VALUE[p],
                worth: Worth::default(),
            }),
            per_class: std::array::from_fn(|class| Share {
                value: class_bonus(Threat::ALL[class]),
                worth: Worth::default(),
            }),
        };
        let n = WEIGHED_PATTERNS.len();
        for (k, &p) in WEIGHED_PATTERNS.iter().enumerate() {
            tables.per_pattern[p as usize].worth = Worth {
                moving: WEIGHTS[k],
                waiting: WEIGHTS[n + k],
            };
        }
        for (k, shape) in SHAPES.into_iter().enumerate() {
            tables.per_class[shape as usize].worth = Worth {
                moving: WEIGHTS[OWN_SHAPES_AT + k],
                waiting: WEIGHTS[OPPONENT_SHAPES_AT + k],
            };
        }
        tables
    })
}

/// `shape` by its definition: what the tables are checked against.
#[cfg(test)]
fn shape_directly(pats: &[Pattern; 4]) -> PointShape {
    let (class, value) = classify_directly(pats);
    PointShape {
        class,
        value,
        worth: point_worth(pats, class),
    }
}

/// The threat class and ordering value of a point from its four patterns.
fn classify_directly(pats: &[Pattern; 4]) -> (Threat, i32) {
    let count = |p: Pattern| pats.iter().filter(|&&q| q == p).count();
    let (fives, flex4, block4, flex3) = (
        count(Pattern::Five),
        count(Pattern::Flex4),
        count(Pattern::Block4),
        count(Pattern::Flex3),
    );
    let class = if fives > 0 {
        Threat::Five
    } else if flex4 > 0 || block4 >= 2 {
        Threat::WinningFour
    } else if block4 > 0 && flex3 > 0 {
        Threat::FourThree
    } else if block4 > 0 {
        Threat::Four
    } else if flex3 >= 2 {
        Threat::DoubleThree
    } else if flex3 > 0 {
        Threat::Three
    } else if pats.iter().any(|&p| p > Pattern::Overline) {
        Threat::Minor
    } else {
        Threat::Nothing
    };
    let value = pats.iter().map(|&p| PATTERN_VALUE[p as usize]).sum::<i32>() + class_bonus(class);
    (class, value)
}

/// What a combined shape adds to the ordering value beyond its patterns' values.
fn class_bonus(class: Threat) -> i32 {
    match class {
        Threat::WinningFour => WINNING_FOUR_BONUS,
        Threat::FourThree => FOUR_THREE_BONUS,
        Threat::DoubleThree => DOUBLE_THREE_BONUS,
        _ => 0,
    }
}

/// What the evaluation weighs, for the side to move ("own") and the other ("opponent"):
/// per pattern from `Block1` to `Five`, how many (empty point, direction) pairs have it;
/// per combined shape (winning four, four-three, double three), how many empty points
/// make it; and at a leaf, whether the side to move holds a four-three, or a double three
/// the opponent has no four against (the initiative).
pub(crate) const FEATURES: usize = 2 * WEIGHED_PATTERNS.len() + 2 * SHAPES.len() + 2;
/// Where in `WEIGHTS` the side to move's shape weights begin, and the other's.
const OWN_SHAPES_AT: usize = 2 * WEIGHED_PATTERNS.len();
const OPPONENT_SHAPES_AT: usize = OWN_SHAPES_AT + SHAPES.len();
/// The patterns that can still become five, weakest first: all but `Dead` and `Overline`.
const WEIGHED_PATTERNS: &[Pattern] = Pattern::ALL.split_at(Pattern::Block1 as usize).1;
const SHAPES: [Threat; 3] = [Threat::WinningFour, Threat::FourThree, Threat::DoubleThree];

/// The weights of the features, in 1/EVAL_SCALE points, as `pbrain-gomoku tune` fitted
/// them (its first round from the hand-set start: a pattern worth 6/5 of its
/// `PATTERN_VALUE` for the side to move and 1 for the other, a shape its bonus the same
/// way, a four-three's initiative 3000 and a double three's 1500; see README).
const EVAL_SCALE: i32 = 5;
const WEIGHTS: [i32; FEATURES] = [
    // own patterns, Block1 ..= Five
    11, 18, 42, 138, 252, 731, 1357, 2100, 9000, //
    // opponent patterns
    -10, -15, -28, -110, -249, -605, -1243, -1800, -7500, //
    // own shapes: winning four, four-three, double three
    3600, 12613, 1166, //
    // opponent shapes
    -1279, -2290, -1108, //
    // initiative: four-three, double three
    3877, 69849,
];

/// How a level weighs the combined shapes (winning four, four-three, double three) of the
/// side to move and of the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShapeWeights {
    /// As fitted (`WEIGHTS`): the side to move's shapes far above the other's (the
    /// other's four-three point weighs a fifth of ours). The levels below master were
    /// calibrated with these.
    Fitted,
    /// Each shape weighs the same for both sides, the mean of the sizes of its two fitted
    /// weights: the master's. The fit saw one static score; the master values a leaf at
    /// the mean of two plies' scores (`averaged_leaf`), where the side to move's shapes
    /// are the other's a ply later. Measured in the arena and on the reference positions as
    /// README's v50.
    Symmetric,
}

/// The master's weight of each of `SHAPES`, for either side, in 1/EVAL_SCALE points.
const SYMMETRIC_SHAPE_WEIGHTS: [i32; 3] = symmetric_shape_weights();

const fn symmetric_shape_weights() -> [i32; 3] {
    let mut w = [0; 3];
    let mut k = 0;
    while k < SHAPES.len() {
        w[k] = (WEIGHTS[OWN_SHAPES_AT + k] - WEIGHTS[OPPONENT_SHAPES_AT + k]) / 2;
        k += 1;
    }
    w
}

/// What `shapes` add to the fitted score (in 1/EVAL_SCALE points), given the empty points
/// per class of the side to move (`mine`) and of the other (`theirs`).
fn shape_correction(
    shapes: ShapeWeights,
    mine: &[u16; Threat::COUNT],
    theirs: &[u16; Threat::COUNT],
) -> i32 {
    if shapes == ShapeWeights::Fitted {
        return 0;
    }
    SHAPES
        .iter()
        .enumerate()
        .map(|(k, &shape)| {
            let w = SYMMETRIC_SHAPE_WEIGHTS[k];
            (w - WEIGHTS[OWN_SHAPES_AT + k]) * i32::from(mine[shape as usize])
                + (-w - WEIGHTS[OPPONENT_SHAPES_AT + k]) * i32::from(theirs[shape as usize])
        })
        .sum()
}

/// The features of `pos` for the side to move; `at_leaf` adds the initiative.
pub(crate) fn features(pos: &Position, at_leaf: bool) -> [i32; FEATURES] {
    let me = pos.to_move();
    let opp = me.opponent();
    let mut f = [0; FEATURES];
    let mut k = 0;
    for side in [me, opp] {
        for p in pos.playable_patterns(side) {
            if let Some(j) = WEIGHED_PATTERNS.iter().position(|&q| q == p) {
                f[k + j] += 1;
            }
        }
        k += WEIGHED_PATTERNS.len();
    }
    for side in [me, opp] {
        for shape in SHAPES {
            f[k] = i32::from(pos.count(side, shape));
            k += 1;
        }
    }
    if at_leaf && let Some(initiative) = initiative(pos) {
        f[k + initiative as usize] = 1;
    }
    f
}

/// The side to move's initiative at a leaf, as the last two features count it.
#[derive(Clone, Copy)]
enum Initiative {
    /// A four-three: it usually wins.
    FourThree = 0,
    /// A double three the opponent has no four against, to gain time with.
    DoubleThree = 1,
}

fn initiative(pos: &Position) -> Option<Initiative> {
    let me = pos.to_move();
    if pos.count(me, Threat::FourThree) > 0 {
        Some(Initiative::FourThree)
    } else if pos.count(me, Threat::DoubleThree) > 0
        && !pos.has_at_least(me.opponent(), Threat::Four)
    {
        Some(Initiative::DoubleThree)
    } else {
        None
    }
}

/// `WEIGHTS` in points, for fitting.
pub(crate) fn weights_in_points() -> [f64; FEATURES] {
    WEIGHTS.map(|w| f64::from(w) / f64::from(EVAL_SCALE))
}

/// The weighed sum of `f`, in points: what `evaluate` and `leaf` compute incrementally
/// with the fitted shape weights.
#[cfg(test)]
pub(crate) fn weigh(f: &[i32; FEATURES]) -> i32 {
    weigh_by(f, &WEIGHTS)
}

#[cfg(test)]
fn weigh_by(f: &[i32; FEATURES], weights: &[i32; FEATURES]) -> i32 {
    f.iter().zip(weights).map(|(&x, w)| x * w).sum::<i32>() / EVAL_SCALE
}

/// What one empty point adds to its colour's two running sums: as the side to move's
/// point, and as the waiting side's (negated), in 1/EVAL_SCALE points. The definition,
/// read from `WEIGHTS` weight by weight: `shape_tables` lays them out for the search.
#[cfg(test)]
fn point_worth(pats: &[Pattern; 4], class: Threat) -> Worth {
    let n = WEIGHED_PATTERNS.len();
    let mut worth = Worth::default();
    if let Some(k) = SHAPES.iter().position(|&shape| shape == class) {
        worth.moving += WEIGHTS[OWN_SHAPES_AT + k];
        worth.waiting += WEIGHTS[OPPONENT_SHAPES_AT + k];
    }
    for p in pats {
        if let Some(k) = WEIGHED_PATTERNS.iter().position(|q| q == p) {
            worth.moving += WEIGHTS[k];
            worth.waiting += WEIGHTS[n + k];
        }
    }
    worth
}

/// A point's (or a colour's) worth when its colour is to move, and when it waits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Worth {
    pub moving: i32,
    pub waiting: i32,
}

impl std::ops::AddAssign for Worth {
    fn add_assign(&mut self, other: Worth) {
        self.moving += other.moving;
        self.waiting += other.waiting;
    }
}

impl std::ops::SubAssign for Worth {
    fn sub_assign(&mut self, other: Worth) {
        self.moving -= other.moving;
        self.waiting -= other.waiting;
    }
}

/// Static score for the side to move, from the position's running sums of point worth.
pub(crate) fn evaluate(pos: &Position, shapes: ShapeWeights) -> i32 {
    let me = pos.to_move();
    let correction = shape_correction(shapes, pos.counts(me), pos.counts(me.opponent()));
    score_for(pos.worth(me), pos.worth(me.opponent()), correction)
}

/// The static score for the side to move from its running sums, the waiting side's and a
/// `bonus` (all in 1/EVAL_SCALE points).
fn score_for(mine: Worth, theirs: Worth, bonus: i32) -> i32 {
    (mine.moving + theirs.waiting + bonus) / EVAL_SCALE
}

/// A leaf's value as the mean of its own and its parent's static score, the parent's seen
/// by the side to move here. A static score leans towards whoever moves (by about what a
/// move is worth), so leaves of odd and even depth disagree and iterations swing; the
/// mean of two plies leans neither way (PentaZen's evaluation is such a mean). Measured
/// in the arena as README's v22. A position with no move played since it was built is
/// valued as `leaf` does.
pub(crate) fn averaged_leaf(pos: &Position, shapes: ShapeWeights) -> i32 {
    let now = leaf(pos, shapes);
    let Some(TotalsBefore {
        mover,
        worth,
        counts,
    }) = pos.totals_before_last_move()
    else {
        return now;
    };
    let correction = shape_correction(shapes, &counts[mover], &counts[mover.opponent()]);
    let before = score_for(worth[mover], worth[mover.opponent()], correction);
    // After a pass the side to move is the one that moved last.
    let before = if mover == pos.to_move() {
        before
    } else {
        -before
    };
    (now + before) / 2
}

/// Static value of a leaf for the side to move, with its initiative.
pub(crate) fn leaf(pos: &Position, shapes: ShapeWeights) -> i32 {
    let me = pos.to_move();
    let bonus = initiative(pos).map_or(0, |i| WEIGHTS[FEATURES - 2 + i as usize])
        + shape_correction(shapes, pos.counts(me), pos.counts(me.opponent()));
    score_for(pos.worth(me), pos.worth(me.opponent()), bonus)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FITTED: ShapeWeights = ShapeWeights::Fitted;

    /// `WEIGHTS` with each combined shape weighed the same for both sides.
    fn symmetric_weights() -> [i32; FEATURES] {
        let mut w = WEIGHTS;
        for k in 0..SHAPES.len() {
            let mean = (WEIGHTS[OWN_SHAPES_AT + k] - WEIGHTS[OPPONENT_SHAPES_AT + k]) / 2;
            w[OWN_SHAPES_AT + k] = mean;
            w[OPPONENT_SHAPES_AT + k] = -mean;
        }
        w
    }

    #[test]
    fn symmetric_shapes_weigh_each_shape_alike_for_both_sides() {
        // Black (to move) has one double-three point (h8), white two (l12 and n7): the
        // counts differ, so a correction with a wrong weight, a wrong sign or the sides
        // swapped would show.
        let game = crate::Game::from_move_string(
            15,
            crate::rules::Rule::Freestyle,
            "f8l10g8l11h6j12h7k12b2n5b14n6d14l7b5m7",
        )
        .unwrap();
        let mut pos = Position::new(game.board(), game.rule(), game.to_move());
        let me = pos.to_move();
        let shape_counts = |pos: &Position, side| SHAPES.map(|s| pos.count(side, s));
        let (mine, theirs) = (shape_counts(&pos, me), shape_counts(&pos, me.opponent()));
        assert!(
            mine != theirs && mine.iter().any(|&n| n > 0) && theirs.iter().any(|&n| n > 0),
            "the premise: both sides hold shapes, in different numbers ({mine:?}, {theirs:?})"
        );
        let symmetric = ShapeWeights::Symmetric;
        let weights = symmetric_weights();
        assert_ne!(weights, WEIGHTS);
        assert_eq!(
            evaluate(&pos, symmetric),
            weigh_by(&features(&pos, false), &weights)
        );
        assert_eq!(
            leaf(&pos, symmetric),
            weigh_by(&features(&pos, true), &weights)
        );
        // The parent's score in an averaged leaf is weighed by the parent's counts, which
        // black's double three changes.
        let parent = evaluate(&pos, symmetric);
        pos.play(pos.index(crate::notation::parse_point("h8", 15).unwrap()));
        assert_ne!(
            shape_counts(&pos, me),
            mine,
            "the premise: h8 changes the counts"
        );
        assert_averages_with(&mut pos, parent, symmetric);
    }

    #[test]
    fn the_table_agrees_with_the_definition_for_every_combination() {
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in Pattern::ALL {
                    for d in Pattern::ALL {
                        let pats = [a, b, c, d];
                        assert_eq!(shape(&pats), shape_directly(&pats), "{pats:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn an_averaged_leaf_is_the_mean_of_its_score_and_its_parents() {
        let game = crate::Game::from_move_string(15, crate::rules::Rule::Freestyle, "h8i9h9i10g7")
            .unwrap();
        let mut pos = Position::new(game.board(), game.rule(), game.to_move());
        // Nothing played since the position was built: no parent to average with.
        assert_eq!(averaged_leaf(&pos, FITTED), leaf(&pos, FITTED));
        let parent = evaluate(&pos, FITTED);
        assert_ne!(
            parent, 0,
            "a parent worth nothing would not tell the signs apart"
        );
        pos.play(pos.index(crate::board::Point::new(9, 9)));
        assert_averages_with(&mut pos, parent, FITTED);
    }

    /// Just after a move from a position whose static score was `parent`: the averaged
    /// leaf is the mean of the leaf and the parent's score seen from this side, and after
    /// a pass (the parent's side to move again) the mean with the parent's score as it is.
    fn assert_averages_with(pos: &mut Position, parent: i32, shapes: ShapeWeights) {
        assert_eq!(averaged_leaf(pos, shapes), (leaf(pos, shapes) - parent) / 2);
        pos.pass();
        assert_eq!(averaged_leaf(pos, shapes), (leaf(pos, shapes) + parent) / 2);
    }
}
