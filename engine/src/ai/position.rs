//! The search's own board: stones plus everything derived from them that the search asks
//! about at every node, kept up to date incrementally on play and undo: each empty
//! point's line pattern in all four directions for both colours, the threat class those
//! patterns combine to, an evaluation sum, "near a stone" counts and a Zobrist hash.

use super::eval::{self, PointShape};
use super::pattern::{self, FiveRule, Pattern, PatternTable};
use super::types::{PerStone, STONES, Threat};
use crate::board::{Board, DIRECTIONS, Point, Stone};
use crate::renju;
use crate::rules::Rule;
use std::sync::OnceLock;

/// "Near a stone" means within this many points (king's move distance): where the
/// search looks for moves.
const NEAR_RADIUS: i8 = 2;

/// The code of a stone inside a pattern key, which is written as black sees the line.
fn key_code(stone: Stone) -> u32 {
    match stone {
        Stone::Black => pattern::OWN,
        Stone::White => pattern::OPP,
    }
}

/// Random 64-bit numbers per point and colour, the same in every run.
fn zobrist() -> &'static [[u64; 2]] {
    static KEYS: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            // SplitMix64: fixed seed, good spread, no dependency.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let cells = crate::board::MAX_SIZE as usize * crate::board::MAX_SIZE as usize;
        (0..cells).map(|_| [next(), next()]).collect()
    })
}

/// Where a position's hash starts: one number per board size and rule, so that a table
/// kept from one game to the next (`Engine`) never takes a position of another rule or
/// board for this one (the same stones on the same indices mean something else there).
fn game_salt(size: usize, rule: Rule) -> u64 {
    let mut z = ((size as u64) << 8 | rule as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 31)
}

/// A neighbour that sees a point in one of its lines: (its index, direction, key slot).
type Watcher = (u16, u8, u8);

/// An empty point a move's lines reached, as it was before: its pattern in the direction
/// the move changed and its shape, for the undo to put back instead of computing again.
#[derive(Clone, Copy)]
struct Touched {
    point: u16,
    direction: u8,
    pattern: PerStone<Pattern>,
    shape: PerStone<PointShape>,
}

/// The running totals before the last move, and who made it (`totals_before_last_move`).
pub(crate) struct TotalsBefore {
    pub mover: Stone,
    pub worth: PerStone<eval::Worth>,
    pub counts: PerStone<[u16; Threat::COUNT]>,
}

/// What a move changed, as it was before: the totals, and where its touched points
/// begin in `Position::touched`.
#[derive(Clone, Copy)]
struct Change {
    counts: PerStone<[u16; Threat::COUNT]>,
    worth: PerStone<eval::Worth>,
    touched_from: u32,
}

#[derive(Clone)]
pub(crate) struct Position {
    size: usize,
    /// Under Renju black's candidate double threes, double fours and overlines are checked
    /// against the exact rules on `board`.
    rule: Rule,
    board: Board,
    cells: Vec<Option<Stone>>,
    /// Per point and direction, the neighbours as black sees them.
    keys: Vec<[u32; 4]>,
    pats: Vec<PerStone<[Pattern; 4]>>,
    /// Per empty point and colour, what its patterns make (an occupied point's is left as
    /// it was when its stone was played).
    shape: Vec<PerStone<PointShape>>,
    /// Stones within two points (king's move distance).
    near: Vec<u8>,
    /// Empty points per colour and threat class.
    counts: PerStone<[u16; Threat::COUNT]>,
    /// Per colour, what its empty points are worth to the evaluation (`PointShape::worth`).
    worth: PerStone<eval::Worth>,
    hash: u64,
    tables: PerStone<&'static PatternTable>,
    /// Per point, the points whose keys hold it: those within both tables' reach along
    /// the four lines (four a side in freestyle, five where an overline must be seen).
    watchers: Vec<Vec<Watcher>>,
    neighbourhood: Vec<Vec<u16>>,
    moves: Vec<u16>,
    /// Per move in `moves`, what its undo puts back: an undo that restores the points
    /// costs a copy, one that computes them again costs two table look-ups per colour
    /// and point, most of a search's time.
    changes: Vec<Change>,
    touched: Vec<Touched>,
    to_move: Stone,
}

impl Position {
    /// May colour `c` have points it is not allowed to play (Renju's black)?
    pub(crate) fn has_forbidden_points(&self, c: Stone) -> bool {
        self.rule.has_forbidden_moves(c)
    }

    /// The position of `board` with `to_move` to play.
    pub(crate) fn new(board: &Board, rule: Rule, to_move: Stone) -> Position {
        let size = board.size() as usize;
        let n = size * size;
        let five_rule = |stone| {
            if rule.is_winning_run(6, stone) {
                FiveRule::FiveOrMore
            } else {
                FiveRule::ExactlyFive
            }
        };
        let mut counts = PerStone::new([0; Threat::COUNT], [0; Threat::COUNT]);
        // Every point starts empty, of class Nothing, dead in every direction.
        for c in STONES {
            counts[c][Threat::Nothing as usize] = n as u16;
        }
        let mut pos = Position {
            size,
            rule,
            board: Board::new(size as u8).expect("the game's board size is valid"),
            cells: vec![None; n],
            keys: vec![[0; 4]; n],
            pats: vec![PerStone::new([Pattern::Dead; 4], [Pattern::Dead; 4]); n],
            shape: vec![PerStone::new(PointShape::NOTHING, PointShape::NOTHING); n],
            near: vec![0; n],
            counts,
            worth: PerStone::new(eval::Worth::default(), eval::Worth::default()),
            hash: game_salt(size, rule),
            tables: PerStone::new(
                pattern::table(five_rule(Stone::Black)),
                pattern::table(five_rule(Stone::White)),
            ),
            watchers: vec![Vec::new(); n],
            neighbourhood: vec![Vec::new(); n],
            moves: Vec::new(),
            changes: Vec::new(),
            touched: Vec::new(),
            to_move: Stone::Black,
        };
        let reach = pos.tables[Stone::Black]
            .reach()
            .max(pos.tables[Stone::White].reach()) as i32;
        for i in 0..n {
            let p = pos.point(i);
            for (d, dir) in DIRECTIONS.into_iter().enumerate() {
                for offset in (-reach..=reach).filter(|&o| o != 0) {
                    match p.offset(dir, offset, size as u8) {
                        // The point at `offset` from p sees p at `-offset`.
                        Some(q) => pos.watchers[i].push((
                            (q.row as usize * size + q.col as usize) as u16,
                            d as u8,
                            pattern::slot(-offset) as u8,
                        )),
                        None => pos.keys[i][d] |= pattern::WALL << (2 * pattern::slot(offset)),
                    }
                }
            }
            for dr in -NEAR_RADIUS..=NEAR_RADIUS {
                for dc in -NEAR_RADIUS..=NEAR_RADIUS {
                    if (dr, dc) != (0, 0)
                        && let Some(q) = p.offset((dc, dr), 1, size as u8)
                    {
                        pos.neighbourhood[i].push((q.row as usize * size + q.col as usize) as u16);
                    }
                }
            }
        }
        for i in 0..n {
            for d in 0..4 {
                let pats = pos.line_patterns(i, d);
                for c in STONES {
                    pos.pats[i][c][d] = pats[c];
                }
            }
            for c in STONES {
                pos.refresh_shape(i, c);
            }
        }
        for p in board.points() {
            if let Some(stone) = board.get(p) {
                let i = pos.index(p);
                pos.to_move = stone;
                pos.play(i);
            }
        }
        pos.to_move = to_move;
        // The given stones are the position, not moves to take back.
        pos.moves.clear();
        pos.changes.clear();
        pos.touched.clear();
        pos
    }

    pub(crate) fn size(&self) -> usize {
        self.size
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Is `i` a legal point for the side to move, by the exact rules?
    pub(crate) fn is_legal(&self, i: usize) -> bool {
        self.cells[i].is_none()
            && !(self.has_forbidden_points(self.to_move)
                && renju::forbidden(&self.board, self.point(i)).is_some())
    }

    pub(crate) fn index(&self, p: Point) -> usize {
        p.row as usize * self.size + p.col as usize
    }

    pub(crate) fn point(&self, i: usize) -> Point {
        Point::new((i % self.size) as u8, (i / self.size) as u8)
    }

    pub(crate) fn to_move(&self) -> Stone {
        self.to_move
    }

    pub(crate) fn hash(&self) -> u64 {
        self.hash ^ self.to_move as u64
    }

    /// The hash `hash` will give after the side to move plays on `i`.
    pub(crate) fn hash_after(&self, i: usize) -> u64 {
        self.hash ^ zobrist()[i][self.to_move as usize] ^ self.to_move.opponent() as u64
    }

    pub(crate) fn is_empty(&self, i: usize) -> bool {
        self.cells[i].is_none()
    }

    pub(crate) fn stones(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    pub(crate) fn is_near(&self, i: usize) -> bool {
        self.near[i] > 0
    }

    /// Threat class of an empty point for a colour.
    pub(crate) fn class(&self, i: usize, c: Stone) -> Threat {
        self.shape[i][c].class
    }

    /// Colour `c`'s line patterns at empty point `i`, one a direction: what its stone
    /// there would make on each line.
    pub(crate) fn patterns(&self, i: usize, c: Stone) -> [Pattern; 4] {
        self.pats[i][c]
    }

    pub(crate) fn value(&self, i: usize, c: Stone) -> i32 {
        self.shape[i][c].value
    }

    /// Number of empty points where colour `c` has threat class `class`.
    pub(crate) fn count(&self, c: Stone, class: Threat) -> u16 {
        self.counts[c][class as usize]
    }

    /// Does colour `c` have a point making at least `class`?
    pub(crate) fn has_at_least(&self, c: Stone, class: Threat) -> bool {
        self.counts[c][class as usize..].iter().any(|&n| n > 0)
    }

    /// The empty points where colour `c` has exactly threat class `class`.
    pub(crate) fn points_of(&self, c: Stone, class: Threat) -> impl Iterator<Item = usize> + '_ {
        self.points_between(c, class, class)
    }

    /// The empty points where colour `c` has a threat class from `low` to `high`, in one
    /// pass over the board that ends at the last of them: the totals say how many there
    /// are, and most classes have none (the threat searches ask at every node).
    pub(crate) fn points_between(
        &self,
        c: Stone,
        low: Threat,
        high: Threat,
    ) -> impl Iterator<Item = usize> + '_ {
        let classes = low as usize..=high as usize;
        let wanted = self.counts[c][classes.clone()]
            .iter()
            .map(|&n| usize::from(n))
            .sum();
        (0..self.cells.len())
            .filter(move |&i| {
                self.cells[i].is_none() && classes.contains(&(self.shape[i][c].class as usize))
            })
            .take(wanted)
    }

    /// What colour `c`'s empty points are worth to the evaluation.
    pub(crate) fn worth(&self, c: Stone) -> eval::Worth {
        self.worth[c]
    }

    /// Colour `c`'s empty points per threat class (`count` of every class at once).
    pub(crate) fn counts(&self, c: Stone) -> &[u16; Threat::COUNT] {
        &self.counts[c]
    }

    /// The patterns of colour `c` at every empty point it may play, four a point: what
    /// the evaluation's running sums are made of (counted afresh; for fitting and tests).
    pub(crate) fn playable_patterns(&self, c: Stone) -> impl Iterator<Item = Pattern> + '_ {
        (0..self.cells.len())
            .filter(move |&i| {
                self.cells[i].is_none() && self.shape[i][c].class != Threat::Forbidden
            })
            .flat_map(move |i| self.pats[i][c])
    }

    /// The neighbours along the four lines (as far as the patterns read) of a point, for
    /// local scans.
    pub(crate) fn line_neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.watchers[i].iter().map(|w| w.0 as usize)
    }

    /// Places a stone of the side to move on empty point `i`.
    pub(crate) fn play(&mut self, i: usize) {
        debug_assert!(self.cells[i].is_none());
        let c = self.to_move;
        self.changes.push(Change {
            counts: self.counts,
            worth: self.worth,
            touched_from: self.touched.len() as u32,
        });
        self.remove_contribution(i);
        self.cells[i] = Some(c);
        self.board.set(self.point(i), Some(c));
        self.hash ^= zobrist()[i][c as usize];
        let code = key_code(c);
        // Renju's exact rule sees beyond the patterns: there every point is done again.
        let redo_every_point = self.has_forbidden_points(Stone::Black);
        for k in 0..self.watchers[i].len() {
            let (q, d, s) = self.watchers[i][k];
            let (q, d) = (q as usize, d as usize);
            let key = &mut self.keys[q][d];
            *key = (*key & !(3 << (2 * s))) | (code << (2 * s));
            if self.cells[q].is_none() {
                let was =
                    PerStone::new(self.pats[q][Stone::Black][d], self.pats[q][Stone::White][d]);
                let now = self.line_patterns(q, d);
                // A far stone often leaves the line's pattern as it was, and with it the
                // point's shape.
                if now == was && !redo_every_point {
                    continue;
                }
                self.touched.push(Touched {
                    point: q as u16,
                    direction: d as u8,
                    pattern: was,
                    shape: self.shape[q],
                });
                // Often only one colour's pattern changed: the other's shape stands.
                for c in STONES {
                    if now[c] != was[c] || redo_every_point {
                        self.pats[q][c][d] = now[c];
                        self.refresh_shape(q, c);
                    }
                }
            }
        }
        for k in 0..self.neighbourhood[i].len() {
            self.near[self.neighbourhood[i][k] as usize] += 1;
        }
        self.moves.push(i as u16);
        self.to_move = c.opponent();
    }

    /// Takes back the last `play`: every point and total as it was before it.
    pub(crate) fn undo(&mut self) {
        let i = self.moves.pop().expect("undo after play") as usize;
        let change = self.changes.pop().expect("every play keeps its change");
        let c = self.cells[i]
            .take()
            .expect("the last move's point holds its stone");
        self.board.set(self.point(i), None);
        self.hash ^= zobrist()[i][c as usize];
        for k in 0..self.watchers[i].len() {
            let (q, d, s) = self.watchers[i][k];
            self.keys[q as usize][d as usize] &= !(3 << (2 * s));
        }
        // Newest first, so that a point touched twice ends as it was first found.
        for t in self.touched.drain(change.touched_from as usize..).rev() {
            let (q, d) = (t.point as usize, t.direction as usize);
            for c in STONES {
                self.pats[q][c][d] = t.pattern[c];
            }
            self.shape[q] = t.shape;
        }
        self.counts = change.counts;
        self.worth = change.worth;
        for k in 0..self.neighbourhood[i].len() {
            self.near[self.neighbourhood[i][k] as usize] -= 1;
        }
        self.to_move = c;
    }

    /// Before the last move: who was to move then, and both colours' running totals;
    /// `None` when no move was played since `new`.
    pub(crate) fn totals_before_last_move(&self) -> Option<TotalsBefore> {
        let change = self.changes.last()?;
        let last = *self.moves.last()? as usize;
        Some(TotalsBefore {
            mover: self.cells[last]?,
            worth: change.worth,
            counts: change.counts,
        })
    }

    /// Passes the move (null move), used to ask "what if the opponent moved now".
    pub(crate) fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// Both colours' patterns of point `i` in direction `d`, from its key.
    fn line_patterns(&self, i: usize, d: usize) -> PerStone<Pattern> {
        let key = self.keys[i][d];
        PerStone::new(
            self.tables[Stone::Black].lookup(key),
            self.tables[Stone::White].lookup(pattern::swap_colours(key)),
        )
    }

    /// The shape of empty point `i` for colour `c` from its patterns, and its share of
    /// that colour's totals.
    fn refresh_shape(&mut self, i: usize, c: Stone) {
        let mut shape = eval::shape(&self.pats[i][c]);
        if self.has_forbidden_points(c) && self.may_be_forbidden(i, shape.class) {
            shape = PointShape::FORBIDDEN;
        }
        let old = std::mem::replace(&mut self.shape[i][c], shape);
        self.counts[c][old.class as usize] -= 1;
        self.worth[c] -= old.worth;
        self.counts[c][shape.class as usize] += 1;
        self.worth[c] += shape.worth;
    }

    /// Black's patterns at `i` hint at a double three, double four or overline: ask the
    /// exact rules (rarely needed, so their cost does not matter).
    fn may_be_forbidden(&self, i: usize, class: Threat) -> bool {
        let pats = &self.pats[i][Stone::Black];
        let strong = pats.iter().filter(|&&p| p >= Pattern::Flex3).count();
        class != Threat::Five
            && (strong >= 2 || pats.contains(&Pattern::Overline))
            && renju::forbidden(&self.board, self.point(i)).is_some()
    }

    /// Takes empty point `i` out of the totals: class counts and the evaluation's worth (a
    /// forbidden point is worth nothing: black cannot play there).
    fn remove_contribution(&mut self, i: usize) {
        for c in STONES {
            let shape = self.shape[i][c];
            self.counts[c][shape.class as usize] -= 1;
            self.worth[c] -= shape.worth;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    fn position(moves: &str) -> Position {
        let game =
            crate::Game::from_moves(15, Rule::Freestyle, parse_moves(moves, 15).unwrap()).unwrap();
        Position::new(game.board(), Rule::Freestyle, game.to_move())
    }

    #[test]
    fn play_then_undo_restores_everything() {
        let mut pos = position("h8i9h9i10g7");
        let snapshot = |pos: &Position| {
            (
                pos.hash(),
                pos.worth,
                pos.counts,
                pos.keys.clone(),
                pos.near.clone(),
                pos.pats.clone(),
                pos.shape.clone(),
            )
        };
        let before = snapshot(&pos);
        // One move at a time, then four neighbouring moves, each touching points the
        // ones before it touched, taken back newest first.
        for i in [0, 17, 112, 200] {
            if pos.is_empty(i) {
                pos.play(i);
                pos.undo();
            }
        }
        let line = ["j9", "j10", "i11", "h12"]
            .map(|p| pos.index(crate::notation::parse_point(p, 15).unwrap()));
        for &i in &line {
            pos.play(i);
        }
        for _ in line {
            pos.undo();
        }
        assert!(before == snapshot(&pos));
    }

    #[test]
    fn incremental_state_matches_a_fresh_build() {
        let mut pos = position("h8i9h9");
        for p in ["h10", "j8", "h11"] {
            let i = pos.index(crate::notation::parse_point(p, 15).unwrap());
            pos.play(i);
        }
        let fresh = position("h8i9h9h10j8h11");
        assert_eq!(pos.hash(), fresh.hash());
        assert_eq!(pos.worth, fresh.worth);
        assert_eq!(pos.counts, fresh.counts);
        // An occupied point's shape is not kept up to date (nothing asks for it).
        let empty_shapes = |p: &Position| {
            (0..p.cell_count())
                .filter(|&i| p.is_empty(i))
                .map(|i| p.shape[i])
                .collect::<Vec<_>>()
        };
        assert_eq!(empty_shapes(&pos), empty_shapes(&fresh));
    }

    #[test]
    fn the_running_evaluation_is_the_weighed_features() {
        let mut pos = position("h8i9h9i10g7j8");
        for p in ["h10", "h7", "k7"] {
            assert_eq!(
                eval::evaluate(&pos, eval::ShapeWeights::Fitted),
                eval::weigh(&eval::features(&pos, false))
            );
            assert_eq!(
                eval::leaf(&pos, eval::ShapeWeights::Fitted),
                eval::weigh(&eval::features(&pos, true))
            );
            pos.play(pos.index(crate::notation::parse_point(p, 15).unwrap()));
        }
        pos.undo();
        assert_eq!(
            eval::leaf(&pos, eval::ShapeWeights::Fitted),
            eval::weigh(&eval::features(&pos, true))
        );
    }

    #[test]
    fn the_hash_after_a_move_is_known_before_it() {
        let mut pos = position("h8i9h9");
        for p in ["h10", "a1", "o15"] {
            let i = pos.index(crate::notation::parse_point(p, 15).unwrap());
            let foreseen = pos.hash_after(i);
            pos.play(i);
            assert_eq!(foreseen, pos.hash(), "{p}");
        }
    }

    #[test]
    fn the_same_stones_under_another_rule_or_on_another_board_hash_apart() {
        let stones = |size: u8, rule: Rule| {
            let game =
                crate::Game::from_moves(size, rule, parse_moves("h8i9", size).unwrap()).unwrap();
            Position::new(game.board(), rule, game.to_move()).hash()
        };
        let freestyle = stones(15, Rule::Freestyle);
        assert_eq!(freestyle, stones(15, Rule::Freestyle));
        assert_ne!(freestyle, stones(15, Rule::Renju));
        assert_ne!(freestyle, stones(15, Rule::Standard));
        assert_ne!(freestyle, stones(19, Rule::Freestyle));
    }

    #[test]
    fn threats_are_classified() {
        // Black h8 h9 h10 (open three, white to move but we ask about black's points).
        let pos = position("h8a1h9a2h10");
        let h11 = pos.index(Point::new(7, 10));
        let h7 = pos.index(Point::new(7, 6));
        assert_eq!(pos.class(h11, Stone::Black), Threat::WinningFour);
        assert_eq!(pos.class(h7, Stone::Black), Threat::WinningFour);
        assert_eq!(pos.count(Stone::Black, Threat::WinningFour), 2);
        assert!(pos.has_at_least(Stone::Black, Threat::Four));
        assert!(!pos.has_at_least(Stone::White, Threat::Three));
    }

    #[test]
    fn points_between_are_the_empty_points_of_those_classes() {
        // Both colours hold fours, threes and lesser shapes; black's h8 h9 h10 open three.
        let mut pos = position("h8i9h9i10h10i11g7j8");
        pos.play(pos.index(Point::new(10, 6)));
        for c in STONES {
            for (l, &low) in Threat::ALL.iter().enumerate() {
                for &high in &Threat::ALL[l..] {
                    let expected: Vec<usize> = (0..pos.cell_count())
                        .filter(|&i| pos.is_empty(i) && (low..=high).contains(&pos.class(i, c)))
                        .collect();
                    let found: Vec<usize> = pos.points_between(c, low, high).collect();
                    assert_eq!(found, expected, "{c:?} {low:?}..={high:?}");
                }
            }
        }
    }
}
