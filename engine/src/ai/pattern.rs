//! Line patterns: what one more stone on an empty point makes along one line.
//!
//! The shape along a line through a point is fully decided by the five points on either
//! side of it (a five needs four, the exact-five rule looks one further for an overline).
//! Those ten neighbours, two bits each, form a 20-bit key; a table computed once per rule
//! variant maps every key to its [`Pattern`], so the search reads a point's shape in each
//! direction with one lookup and keeps the keys up to date as stones come and go. Where
//! five or more wins, the fifth neighbour on a side never matters: that rule's table is
//! indexed by the inner eight alone (64 KiB instead of 1 MiB, which stays in the cache).

use std::sync::OnceLock;

/// Neighbours considered on each side of a point.
pub(crate) const REACH: usize = 5;

/// Neighbour codes inside a key, from the point of view of the stone being placed.
pub(crate) const EMPTY: u32 = 0;
pub(crate) const OWN: u32 = 1;
pub(crate) const OPP: u32 = 2;
/// Off the board: blocks like an opponent's stone.
pub(crate) const WALL: u32 = 3;

/// What placing a stone makes along one line, weakest first. Ordered so that comparisons
/// read naturally: `p >= Pattern::Block4` means "makes a four or better".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever be made through this point along this line.
    Dead = 0,
    /// A run longer than five where that does not win (exact-five rules).
    Overline,
    Block1,
    Flex1,
    Block2,
    Flex2,
    /// A three that can become a four, but not an open four.
    Block3,
    /// An open three: one more stone makes an open four.
    Flex3,
    /// A four: exactly one point completes a five.
    Block4,
    /// An open four (or two fours on one line): two points complete a five.
    Flex4,
    Five,
}

impl Pattern {
    pub(crate) const COUNT: usize = 11;
    pub(crate) const ALL: [Pattern; 11] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::Five,
    ];

    fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }
}

/// Which runs count as five for the side whose table it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FiveRule {
    /// Five or more in a row wins (freestyle; white in Renju).
    FiveOrMore,
    /// Only exactly five wins (standard; black in Renju).
    ExactlyFive,
}

impl FiveRule {
    /// The neighbours on each side that decide a pattern under this rule. A five through
    /// the point lies within four of it; a stone five away joins the run through the point
    /// only when the four between are own stones, and then the point already makes five
    /// or more, which wins where any length does. Only the exact-five rule must look that
    /// far, to tell an overline from a five.
    pub(crate) fn reach(self) -> usize {
        match self {
            FiveRule::FiveOrMore => REACH - 1,
            FiveRule::ExactlyFive => REACH,
        }
    }
}

/// The slot of the neighbour at `offset` (±1..=±REACH) inside a key.
pub(crate) fn slot(offset: i32) -> u32 {
    debug_assert!(offset != 0 && offset.unsigned_abs() as usize <= REACH);
    if offset < 0 {
        (offset + REACH as i32) as u32
    } else {
        (offset + REACH as i32 - 1) as u32
    }
}

/// The same key seen by the other colour: own and opponent codes swap, walls stay.
pub(crate) fn swap_colours(key: u32) -> u32 {
    let differ = (key ^ (key >> 1)) & 0x5_5555;
    key ^ (differ | (differ << 1))
}

/// Every key's pattern under one five rule, indexed by the neighbours within the rule's
/// reach: the key's middle `4 * reach` bits (slots run from the farthest point on one side
/// to the farthest on the other, so the outer ones are the key's lowest and highest bits).
pub(crate) struct PatternTable {
    patterns: Vec<u8>,
    /// How far a key is shifted, and which of its bits are kept, to index `patterns`:
    /// fixed when the table is built, since every move's look-ups pass here.
    shift: u32,
    mask: u32,
}

impl PatternTable {
    /// The pattern of a full key (neighbours beyond the reach are ignored).
    pub(crate) fn lookup(&self, key: u32) -> Pattern {
        Pattern::from_u8(self.patterns[((key >> self.shift) & self.mask) as usize])
    }

    /// The neighbours on each side that this table reads (four bits of mask each).
    pub(crate) fn reach(&self) -> usize {
        self.mask.count_ones() as usize / 4
    }
}

/// The key bits of the slots below a reach's inner ones, on one side.
fn outer_bits(reach: usize) -> u32 {
    2 * (REACH - reach) as u32
}

/// The pattern table for one five rule, built on first use.
pub(crate) fn table(rule: FiveRule) -> &'static PatternTable {
    static FIVE_OR_MORE: OnceLock<PatternTable> = OnceLock::new();
    static EXACTLY_FIVE: OnceLock<PatternTable> = OnceLock::new();
    let cell = match rule {
        FiveRule::FiveOrMore => &FIVE_OR_MORE,
        FiveRule::ExactlyFive => &EXACTLY_FIVE,
    };
    cell.get_or_init(|| build(rule, rule.reach()))
}

/// A line of `2 * REACH + 1` codes with the placed stone in the middle.
type Line = [u32; 2 * REACH + 1];

fn decode(key: u32) -> Line {
    let mut line = [OWN; 2 * REACH + 1];
    for offset in 1..=REACH as i32 {
        line[REACH - offset as usize] = (key >> (2 * slot(-offset))) & 3;
        line[REACH + offset as usize] = (key >> (2 * slot(offset))) & 3;
    }
    line
}

fn encode(line: &Line) -> u32 {
    let mut key = 0;
    for offset in 1..=REACH as i32 {
        key |= line[REACH - offset as usize] << (2 * slot(-offset));
        key |= line[REACH + offset as usize] << (2 * slot(offset));
    }
    key
}

/// Neighbours beyond the first blocker on a side cannot matter: walling them off maps the
/// million keys onto a few thousand distinct lines.
fn canonical(mut line: Line) -> Line {
    for side in [-1i32, 1] {
        let mut blocked = false;
        for step in 1..=REACH as i32 {
            let i = (REACH as i32 + side * step) as usize;
            if blocked {
                line[i] = WALL;
            } else if line[i] == OPP || line[i] == WALL {
                line[i] = WALL;
                blocked = true;
            }
        }
    }
    line
}

/// Length of the own run through the middle.
fn run_through_middle(line: &Line) -> usize {
    let mut start = REACH;
    while start > 0 && line[start - 1] == OWN {
        start -= 1;
    }
    let mut end = REACH;
    while end + 1 < line.len() && line[end + 1] == OWN {
        end += 1;
    }
    end - start + 1
}

/// The table of `rule` over the neighbours within `reach` (those beyond it empty).
fn build(rule: FiveRule, reach: usize) -> PatternTable {
    let mut memo: std::collections::HashMap<u32, Pattern> = std::collections::HashMap::new();
    let mut patterns = vec![0u8; 1 << (4 * reach)];
    for (index, entry) in patterns.iter_mut().enumerate() {
        let key = (index as u32) << outer_bits(reach);
        let line = canonical(decode(key));
        *entry = classify(&line, rule, &mut memo) as u8;
    }
    PatternTable {
        patterns,
        shift: outer_bits(reach),
        mask: (1 << (4 * reach)) - 1,
    }
}

/// The pattern of a canonical line, by the recursive definitions: a four has one point
/// that completes five, an open four two; a three (open three) becomes a four (open four)
/// with one more stone, and so on down to ones.
fn classify(
    line: &Line,
    rule: FiveRule,
    memo: &mut std::collections::HashMap<u32, Pattern>,
) -> Pattern {
    let key = encode(line);
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let run = run_through_middle(line);
    let pattern = if run == 5 || (run > 5 && rule == FiveRule::FiveOrMore) {
        Pattern::Five
    } else if run > 5 {
        Pattern::Overline
    } else {
        let mut fives = 0;
        let mut best = Pattern::Dead;
        for i in (0..line.len()).filter(|&i| line[i] == EMPTY) {
            let mut next = *line;
            next[i] = OWN;
            let next = canonical(next);
            let run = run_through_middle(&next);
            if run == 5 || (run > 5 && rule == FiveRule::FiveOrMore) {
                fives += 1;
            } else if run < 5 {
                best = best.max(classify(&next, rule, memo));
            }
        }
        match (fives, best) {
            (2.., _) => Pattern::Flex4,
            (1, _) => Pattern::Block4,
            (_, Pattern::Flex4) => Pattern::Flex3,
            (_, Pattern::Block4) => Pattern::Block3,
            (_, Pattern::Flex3) => Pattern::Flex2,
            (_, Pattern::Block3) => Pattern::Block2,
            (_, Pattern::Flex2) => Pattern::Flex1,
            (_, Pattern::Block2) => Pattern::Block1,
            _ => Pattern::Dead,
        }
    };
    memo.insert(key, pattern);
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses a line picture: `x` own, `o` opponent, `|` wall, `.` empty; `*` marks the
    /// point being played (also own). Missing neighbours are empty.
    fn key_of(picture: &str) -> u32 {
        let star = picture.find('*').expect("a * in the picture");
        let mut line = [EMPTY; 2 * REACH + 1];
        for (i, c) in picture.chars().enumerate() {
            let at = REACH as i32 + i as i32 - star as i32;
            if at < 0 || at as usize >= line.len() || c == '*' {
                continue;
            }
            line[at as usize] = match c {
                'x' => OWN,
                'o' => OPP,
                '|' => WALL,
                _ => EMPTY,
            };
        }
        encode(&line)
    }

    fn free(picture: &str) -> Pattern {
        table(FiveRule::FiveOrMore).lookup(key_of(picture))
    }

    fn exact(picture: &str) -> Pattern {
        table(FiveRule::ExactlyFive).lookup(key_of(picture))
    }

    #[test]
    fn shapes_are_recognised() {
        assert_eq!(free("..xx*xx.."), Pattern::Five);
        assert_eq!(free("...xx*x...."), Pattern::Flex4);
        assert_eq!(free("..oxx*x...."), Pattern::Block4);
        assert_eq!(free("..x.x*x.x.."), Pattern::Flex4, "two fours on one line");
        assert_eq!(free("....x*x...."), Pattern::Flex3);
        assert_eq!(free("...x.*x...."), Pattern::Flex3, "split three");
        assert_eq!(free("...ox*x...."), Pattern::Block3);
        assert_eq!(free("|x*x.o"), Pattern::Dead, "no room for five");
        assert_eq!(free("....*x....."), Pattern::Flex2);
        assert_eq!(free(".....*....."), Pattern::Flex1);
        assert_eq!(free("o.x*x.o"), Pattern::Block3, "only five points of room");
    }

    #[test]
    fn exact_five_sees_overlines() {
        assert_eq!(free("xxx*xx"), Pattern::Five);
        assert_eq!(exact(".xxx*xx."), Pattern::Overline);
        assert_eq!(exact(".xx*x.x"), Pattern::Block4, "the gap would make six");
        assert_eq!(free(".xx*x.x"), Pattern::Flex4);
        assert_eq!(exact("x.xx*x."), Pattern::Block4);
        assert_eq!(free("x.xx*x."), Pattern::Flex4);
    }

    #[test]
    fn five_or_more_never_depends_on_the_fifth_neighbour() {
        // Every full key, against the pattern its line has when all ten neighbours are
        // read: a stone, a wall or a gap five away changes nothing where overlines win.
        let full = build(FiveRule::FiveOrMore, REACH);
        let narrow = table(FiveRule::FiveOrMore);
        assert_eq!(narrow.reach(), REACH - 1);
        for key in 0..1u32 << (4 * REACH) {
            assert_eq!(narrow.lookup(key), full.lookup(key), "key {key:#07x}");
        }
        // The exact-five rule does read it: a stone there turns one of an open four's
        // completions into an overline.
        assert_eq!(exact(".xxx*."), Pattern::Flex4);
        assert_eq!(exact("x.xxx*."), Pattern::Block4);
        assert_eq!(free("x.xxx*."), Pattern::Flex4);
    }

    #[test]
    fn colour_swap_is_an_involution_that_keeps_walls() {
        let k = key_of("|ox.*xo.");
        let s = swap_colours(k);
        assert_ne!(k, s);
        assert_eq!(swap_colours(s), k);
        assert_eq!(s, key_of("|xo.*ox."));
    }
}
