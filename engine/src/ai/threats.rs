//! Threat-space search. VCF ("victory by continuous fours"): the attacker plays only
//! fours, each of which leaves the defender exactly one reply, until a five or an
//! unstoppable four. VCT ("victory by continuous threats") also lets the attacker make
//! open threes, answered by every defence (the points of the threatened lines and the
//! defender's own fours). Both run for the side to move and answer with the winning line.

use super::budget::Budget;
use super::pattern::Pattern;
use super::position::Position;
use super::types::Threat;
use crate::board::Stone;

/// Longest VCF (in fours) searched: VCFs are cheap, so this is generous.
pub(crate) const MAX_VCF_DEPTH: u8 = 30;
/// Fours a narrow VCF tries at each of the attacker's turns after its first: the most
/// valuable ones. A VCF tried at every leaf spent most of the master's nodes on lines
/// of fours that lead nowhere; the wins it then misses are few, and the root's full VCF
/// or a deeper iteration finds them (PentaZen's leaf VCF tries two; README's v46).
const NARROW_VCF_FOURS: usize = 2;
/// What a narrow VCF's four must also make on another line through its stone: a three,
/// closed or open (one more stone makes a four there). A four that makes less, once
/// blocked, rarely leaves the attacker anything new to go on with, and most of a leaf's
/// fours are of that kind: skipping them took the leaf VCFs of 10 312 positions
/// of arena games from 284 356 nodes to 16 683 and lost 195 of their 870 wins, those
/// whose four makes a two that a later four turns into a three (README's v47).
/// PentaZen's VCF skips such fours too.
const NARROW_VCF_SECOND_LINE: Pattern = Pattern::Block3;

/// Positions known not to win (by hash), with the depth they were tried at. Kept for a
/// whole search: a position's verdict does not depend on the path to it.
struct Refuted {
    keys: Vec<u64>,
    depths: Vec<u8>,
}

impl Refuted {
    const SIZE: usize = 1 << 16;

    fn new() -> Self {
        Refuted {
            keys: vec![0; Self::SIZE],
            depths: vec![0; Self::SIZE],
        }
    }

    fn holds(&self, hash: u64, depth: u8) -> bool {
        let i = hash as usize & (Self::SIZE - 1);
        self.keys[i] == hash && self.depths[i] >= depth
    }

    fn insert(&mut self, hash: u64, depth: u8) {
        let i = hash as usize & (Self::SIZE - 1);
        self.keys[i] = hash;
        self.depths[i] = depth;
    }
}

/// What threat searches remember between calls: positions without a VCF, without one
/// among a narrow VCF's lines, and without a VCT (separately: a position can lack one
/// and have another). A narrow search's refutation proves nothing to a full one, while a
/// full one's holds for a narrow one too.
pub(crate) struct ThreatMemory {
    vcf: Refuted,
    narrow_vcf: Refuted,
    vct: Refuted,
}

impl ThreatMemory {
    pub(crate) fn new() -> Self {
        ThreatMemory {
            vcf: Refuted::new(),
            narrow_vcf: Refuted::new(),
            vct: Refuted::new(),
        }
    }
}

pub(crate) struct ThreatSearch<'p, 'b, 'c> {
    pos: &'p mut Position,
    budget: &'b mut Budget<'c>,
    memory: &'p mut ThreatMemory,
    /// The winning line, built while unwinding (attacker and defender moves, in order).
    line: Vec<usize>,
    /// In a narrow VCF, the depth it started at: every turn skips fours that make no three
    /// on another line (unless the defender may have forbidden points), and the turns
    /// below it keep only the `NARROW_VCF_FOURS` most valuable of the rest.
    narrow_below: Option<u8>,
}

/// The single empty point colour `c` completes a five at, looking around `near`.
fn five_point_near(pos: &Position, near: usize, c: Stone) -> Option<usize> {
    pos.line_neighbours(near)
        .find(|&q| pos.is_empty(q) && pos.class(q, c) == Threat::Five)
}

/// Any empty point where colour `c` completes a five.
pub(crate) fn five_point(pos: &Position, c: Stone) -> Option<usize> {
    pos.points_of(c, Threat::Five).next()
}

impl<'p, 'b, 'c> ThreatSearch<'p, 'b, 'c> {
    pub(crate) fn new(
        pos: &'p mut Position,
        budget: &'b mut Budget<'c>,
        memory: &'p mut ThreatMemory,
    ) -> Self {
        ThreatSearch {
            pos,
            budget,
            memory,
            line: Vec::new(),
            narrow_below: None,
        }
    }

    /// A VCF for the side to move within `depth` fours, as its line of moves.
    pub(crate) fn vcf(&mut self, depth: u8) -> Option<Vec<usize>> {
        self.line.clear();
        self.vcf_attack(depth).then(|| self.take_line())
    }

    /// A VCF within `depth` fours that tries only fours making a three on another line too
    /// (`NARROW_VCF_SECOND_LINE`; every four where the defender may have forbidden
    /// points), all of them at its first turn and the `NARROW_VCF_FOURS` most valuable at
    /// each later one: cheap enough for every leaf of the main search. Its wins are wins;
    /// its failures prove nothing.
    pub(crate) fn narrow_vcf(&mut self, depth: u8) -> Option<Vec<usize>> {
        self.narrow_below = Some(depth);
        let line = self.vcf(depth);
        self.narrow_below = None;
        line
    }

    /// A VCT for the side to move within `depth` threats, deepening one threat at a time.
    pub(crate) fn vct(&mut self, max_depth: u8) -> Option<Vec<usize>> {
        for depth in 1..=max_depth {
            self.line.clear();
            if self.vct_attack(depth) {
                return Some(self.take_line());
            }
            if self.budget.tick() {
                return None;
            }
        }
        None
    }

    fn take_line(&mut self) -> Vec<usize> {
        let mut line = std::mem::take(&mut self.line);
        line.reverse();
        line
    }

    /// The points where colour `c` has a threat class from `low` to `high`, most
    /// valuable first.
    fn moves_of(&self, c: Stone, low: Threat, high: Threat) -> Vec<usize> {
        let mut moves: Vec<(i32, usize)> = self
            .pos
            .points_between(c, low, high)
            .map(|p| (self.pos.value(p, c), p))
            .collect();
        moves.sort_unstable_by(|a, b| b.cmp(a));
        moves.into_iter().map(|(_, p)| p).collect()
    }

    /// Plays `p`, asks `next` whether the attack still wins, takes `p` back; a winning
    /// `p` joins the line.
    fn play_through(&mut self, p: usize, next: impl FnOnce(&mut Self) -> bool) -> bool {
        self.pos.play(p);
        let won = next(self);
        self.pos.undo();
        if won {
            self.line.push(p);
        }
        won
    }

    /// Attacker (side to move) to play; true if continuous fours win.
    fn vcf_attack(&mut self, depth: u8) -> bool {
        let me = self.pos.to_move();
        let opp = me.opponent();
        if let Some(p) = five_point(self.pos, me) {
            self.line.push(p);
            return true;
        }
        let hash = self.pos.hash();
        let narrow = self.narrow_below.is_some();
        if self.budget.tick()
            || depth == 0
            || self.memory.vcf.holds(hash, depth)
            || (narrow && self.memory.narrow_vcf.holds(hash, depth))
        {
            return false;
        }
        let moves: Vec<usize> = match self.pos.count(opp, Threat::Five) {
            0 => {
                if let Some(p) = self.pos.points_of(me, Threat::WinningFour).next() {
                    self.line.push(p);
                    return true;
                }
                // With one four left, a four wins only where its block is forbidden to the
                // defender: one that left two fives would have been a winning four above,
                // and after the block the next level looks for nothing but a five. Trying
                // each four here only to learn that cost nodes for nothing.
                if depth == 1 && !self.pos.has_forbidden_points(opp) {
                    return false;
                }
                let mut fours = self.moves_of(me, Threat::Four, Threat::FourThree);
                if let Some(top) = self.narrow_below {
                    // A four whose block is forbidden to the defender (Renju) wins by
                    // itself, whatever else its stone makes: where the defender may have
                    // forbidden points, every four is tried.
                    if !self.pos.has_forbidden_points(opp) {
                        fours.retain(|&p| self.makes_a_second_line(p, me));
                    }
                    if depth < top {
                        fours.truncate(NARROW_VCF_FOURS);
                    }
                }
                fours
            }
            // The defender threatens five: only a four on that very point goes on.
            1 => five_point(self.pos, opp)
                .filter(|&p| self.pos.class(p, me) >= Threat::Four)
                .into_iter()
                .collect(),
            _ => Vec::new(),
        };
        for m in moves {
            if self.four_then_block(m, |s| s.vcf_attack(depth - 1)) {
                return true;
            }
            if self.budget.exhausted() {
                return false;
            }
        }
        if narrow {
            self.memory.narrow_vcf.insert(hash, depth);
        } else {
            self.memory.vcf.insert(hash, depth);
        }
        false
    }

    /// Does colour `c`'s four at `p` make at least `NARROW_VCF_SECOND_LINE` on another
    /// line as well? The four itself is one of the point's four patterns.
    fn makes_a_second_line(&self, p: usize, c: Stone) -> bool {
        let lines = self.pos.patterns(p, c);
        lines
            .iter()
            .filter(|&&q| q >= NARROW_VCF_SECOND_LINE)
            .count()
            >= 2
    }

    /// Plays the attacker's four at `m`, then the defender's only block, and asks `next`
    /// whether the attacker still wins. An open four or double four wins at once.
    fn four_then_block(&mut self, m: usize, next: impl FnOnce(&mut Self) -> bool) -> bool {
        let me = self.pos.to_move();
        let opp = me.opponent();
        self.play_through(m, |s| match s.pos.count(me, Threat::Five) {
            0 => false,
            1 => {
                let block = five_point_near(s.pos, m, me).expect("the five is on m's lines");
                // A block that completes the defender's own five ends it; one the
                // defender may not play (Renju) loses.
                match s.pos.class(block, opp) {
                    Threat::Five => false,
                    Threat::Forbidden => true,
                    _ => s.play_through(block, next),
                }
            }
            _ => {
                let five = five_point_near(s.pos, m, me).expect("the five is on m's lines");
                s.line.push(five);
                true
            }
        })
    }

    /// Attacker to move; true if continuous threats (fours and open threes) win.
    fn vct_attack(&mut self, depth: u8) -> bool {
        let me = self.pos.to_move();
        let opp = me.opponent();
        if let Some(p) = five_point(self.pos, me) {
            self.line.push(p);
            return true;
        }
        if self.budget.tick() || self.memory.vct.holds(self.pos.hash(), depth) {
            return false;
        }
        match self.pos.count(opp, Threat::Five) {
            0 => {}
            1 => {
                // Forced to block; the attack goes on only if a threat still stands.
                let p = five_point(self.pos, opp).expect("counted");
                if self.pos.class(p, me) == Threat::Forbidden {
                    return false;
                }
                return self.play_through(p, |s| s.vct_defend(depth));
            }
            _ => return false,
        }
        if let Some(p) = self.pos.points_of(me, Threat::WinningFour).next() {
            self.line.push(p);
            return true;
        }
        if depth == 0 {
            return false;
        }
        for m in self.moves_of(me, Threat::Three, Threat::FourThree) {
            if self.play_through(m, |s| s.vct_defend(depth - 1)) {
                return true;
            }
            if self.budget.exhausted() {
                return false;
            }
        }
        self.memory.vct.insert(self.pos.hash(), depth);
        false
    }

    /// Defender to move after an attacker's threat; true if every defence still loses.
    fn vct_defend(&mut self, depth: u8) -> bool {
        let d = self.pos.to_move();
        let a = d.opponent();
        if self.pos.count(d, Threat::Five) > 0 || self.budget.tick() {
            return false;
        }
        match self.pos.count(a, Threat::Five) {
            0 => {}
            1 => {
                let p = five_point(self.pos, a).expect("counted");
                if self.pos.class(p, d) == Threat::Forbidden {
                    return true;
                }
                return self.play_through(p, |s| s.vct_attack(depth));
            }
            _ => return true,
        }
        if !self.pos.has_at_least(a, Threat::WinningFour) {
            return false;
        }
        // Every point of the attacker's four-lines, and every counter-four.
        let defences: Vec<usize> = (0..self.pos.cell_count())
            .filter(|&i| {
                self.pos.is_empty(i)
                    && self.pos.class(i, d) != Threat::Forbidden
                    && (self.pos.class(i, a) >= Threat::Four
                        || self.pos.class(i, d) >= Threat::Four)
            })
            .collect();
        let mark = self.line.len();
        for m in defences {
            self.pos.play(m);
            let won = self.vct_attack(depth);
            self.pos.undo();
            // Only the line after the first defence is kept: it shows one way it wins.
            self.line.truncate(mark);
            if !won {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::game::Game;
    use crate::notation::{parse_moves, parse_point};
    use crate::rules::Rule;
    use std::sync::atomic::AtomicBool;

    /// Runs threat `searches` one after another for the side to move in `moves`, sharing
    /// one memory; answers each one's line and the nodes all took.
    fn lines_of(
        rule: Rule,
        moves: &str,
        searches: &[&dyn Fn(&mut ThreatSearch) -> Option<Vec<usize>>],
    ) -> (Vec<Option<Vec<Point>>>, u64) {
        let game = Game::from_move_string(15, rule, moves).unwrap();
        let mut pos = Position::new(game.board(), game.rule(), game.to_move());
        let cancel = AtomicBool::new(false);
        let mut budget = Budget::new(None, None, &cancel);
        let mut memory = ThreatMemory::new();
        let mut lines = Vec::new();
        for search in searches {
            let line = search(&mut ThreatSearch::new(&mut pos, &mut budget, &mut memory));
            lines.push(line.map(|l| l.into_iter().map(|i| pos.point(i)).collect()));
        }
        (lines, budget.nodes)
    }

    /// The VCF of the side to move in `moves` within `depth` fours, and the nodes it took.
    fn vcf_within(rule: Rule, moves: &str, depth: u8) -> (Option<Vec<Point>>, u64) {
        let (mut lines, nodes) = lines_of(rule, moves, &[&|t| t.vcf(depth)]);
        (lines.remove(0), nodes)
    }

    /// The line one threat search finds for the side to move in `moves`, under freestyle.
    fn line_of(
        moves: &str,
        search: &dyn Fn(&mut ThreatSearch) -> Option<Vec<usize>>,
    ) -> Option<Vec<Point>> {
        let (mut lines, _) = lines_of(Rule::Freestyle, moves, &[search]);
        lines.remove(0)
    }

    fn points(moves: &str) -> Vec<Point> {
        parse_moves(moves, 15).unwrap()
    }

    /// Asserts that in `moves` the full VCF of `depth` fours wins by `line` and the narrow
    /// one of the same depth finds nothing: `skipped` says which of its rules cut the win.
    fn assert_only_the_full_vcf_wins(moves: &str, depth: u8, line: &str, skipped: &str) {
        let full = |t: &mut ThreatSearch| t.vcf(depth);
        let narrow = |t: &mut ThreatSearch| t.narrow_vcf(depth);
        assert_eq!(line_of(moves, &full), Some(points(line)));
        assert_eq!(line_of(moves, &narrow), None, "{skipped}");
    }

    /// From a master's game: black to move wins with g9 (a four that makes only twos on
    /// its diagonals, g9 h10 and g9 h8), then j12, a four and a three on the g9 h10
    /// diagonal, then i11.
    const FIRST_FOUR_MAKES_A_TWO: &str = "h8j7f4j6j8i8h9k6h10h7i9g11j9k9j10m4l5g7";

    /// From a master's game: black to move wins by the line m7 n8 m5 n4 m6 m4 m8 m9 n7 o7
    /// o6, whose fours each make a closed three on another line, but after m7 n8, with
    /// five fours left, m5 is not among black's two most valuable fours.
    const SECOND_FOUR_UNDERVALUED: &str = "h8i7k5i6i5j5h7h6j8k8k6j7l9f4g4f6g6g5e3f5f7e8h4e5d5g3d6\
                                           d4c3j3k7i9e7f8k4k3j4i4l6i3h3f3f2i8i10h2i1l3m3j6l7l5";

    #[test]
    fn a_narrow_vcf_tries_only_fours_that_make_a_three_on_another_line() {
        assert_only_the_full_vcf_wins(
            FIRST_FOUR_MAKES_A_TWO,
            3,
            "g9 f9 j12 j11 i11",
            "a four making only a two was tried",
        );
        let narrow = |t: &mut ThreatSearch| t.narrow_vcf(3);
        // After it, j12 makes a three on the diagonal as well as its four.
        let after_first = format!("{FIRST_FOUR_MAKES_A_TWO}g9f9");
        assert_eq!(line_of(&after_first, &narrow), Some(points("j12 j11 i11")));
    }

    /// From a master's game: black to move wins by continuous fours, starting with h9,
    /// which is not among black's two most valuable fours.
    const FIRST_FOUR_UNDERVALUED: &str = "h8j6l4h6k6j7j5l7k7k8i6j8j9l8m8l10l9k9i7j10i11k10m10k11\
                                          k12l12m13m11n12k13j14n9m9n7n8k4m6m7n6i5i10g8h11k3g7i13j13\
                                          l11j11l13l14j12h14o11n11n10o9j4l2k14h10h12i9i8";

    #[test]
    fn a_narrow_vcf_tries_only_the_most_valuable_fours_after_its_first() {
        assert_only_the_full_vcf_wins(
            SECOND_FOUR_UNDERVALUED,
            6,
            "m7 n8 m5 n4 m6 m4 m8 m9 n7 o7 o6",
            "an undervalued later four was tried",
        );
        let narrow = |t: &mut ThreatSearch| t.narrow_vcf(6);
        // The same position that fails as a later turn, where only two fours are tried,
        // wins as a first turn, where all are.
        let after_first = format!("{SECOND_FOUR_UNDERVALUED}m7n8");
        let narrow_after_first = |t: &mut ThreatSearch| t.narrow_vcf(5);
        assert_eq!(
            line_of(&after_first, &narrow_after_first),
            Some(points("m5 n4 m6 m4 m8 m9 n7 o7 o6"))
        );
        let line =
            line_of(FIRST_FOUR_UNDERVALUED, &narrow).expect("the first turn tries every four");
        assert_eq!(line[0], parse_point("h9", 15).unwrap());
    }

    #[test]
    fn a_narrow_vcf_that_fails_does_not_refute_a_full_one() {
        let full = |t: &mut ThreatSearch| t.vcf(3);
        let narrow = |t: &mut ThreatSearch| t.narrow_vcf(3);
        let (lines, _) = lines_of(Rule::Freestyle, FIRST_FOUR_MAKES_A_TWO, &[&narrow, &full]);
        assert_eq!(lines, [None, Some(points("g9 f9 j12 j11 i11"))]);
    }

    /// Renju, white to move: h12 makes a four whose only block, h8, is a double three for
    /// black (`tests/renju.rs` has the position's reasoning).
    const BLOCK_FORBIDDEN_TO_BLACK: &str = "f8h9g8h10i7h11j6a1h7o15h13";

    #[test]
    fn a_narrow_vcf_tries_a_four_whose_block_is_forbidden_whatever_else_it_makes() {
        // h12 makes only a four, whose block h8 is forbidden to black.
        let (lines, _) = lines_of(
            Rule::Renju,
            BLOCK_FORBIDDEN_TO_BLACK,
            &[&|t: &mut ThreatSearch| t.narrow_vcf(1)],
        );
        assert_eq!(lines[0], Some(points("h12")));
    }

    #[test]
    fn a_last_four_is_tried_only_where_its_block_is_forbidden() {
        // Black h8 i8 j8, blocked by white's g8: fours at k8 and l8, no winning four.
        let (line, nodes) = vcf_within(Rule::Freestyle, "h8g8i8a1j8a3", 1);
        assert_eq!(line, None);
        assert_eq!(nodes, 1, "the two fours were tried");
        // Renju: one four wins where its block is forbidden.
        let (line, _) = vcf_within(Rule::Renju, BLOCK_FORBIDDEN_TO_BLACK, 1);
        assert_eq!(line, Some(vec![parse_point("h12", 15).unwrap()]));
    }
}
