//! `Game`: the one source of truth for a match — board, the tree of every line played
//! (main line and variations), the position on it, outcome.

mod tree;

pub use tree::{Sibling, TreeItem};

use crate::board::{Board, Point, SizeError, Stone};
use crate::notation::{NotationError, parse_moves};
use crate::renju::Forbidden;
use crate::rules::Rule;
use std::fmt;

/// One played move, with the thinking time it took when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub point: Point,
    pub time_ms: Option<u32>,
}

/// How the game stands. The first three follow from the stones on the board; the others
/// from an `Ending` the players declared (see `Game::end`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Outcome {
    #[default]
    Ongoing,
    /// `line` is the whole winning run, in order along the line.
    Won { winner: Stone, line: Vec<Point> },
    /// The board filled up with no winner.
    Draw,
    /// The other side resigned.
    Resigned { winner: Stone },
    /// The other side's clock ran out.
    OutOfTime { winner: Stone },
    /// Both sides agreed to a draw.
    DrawAgreed,
}

impl Outcome {
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    pub fn winner(&self) -> Option<Stone> {
        match self {
            Outcome::Won { winner, .. }
            | Outcome::Resigned { winner }
            | Outcome::OutOfTime { winner } => Some(*winner),
            Outcome::Ongoing | Outcome::Draw | Outcome::DrawAgreed => None,
        }
    }

    /// The declared ending that made this outcome, if it did not come from the board.
    pub fn ending(&self) -> Option<Ending> {
        match self {
            Outcome::Resigned { winner } => Some(Ending::Resign(winner.opponent())),
            Outcome::OutOfTime { winner } => Some(Ending::OutOfTime(winner.opponent())),
            Outcome::DrawAgreed => Some(Ending::DrawAgreed),
            Outcome::Ongoing | Outcome::Won { .. } | Outcome::Draw => None,
        }
    }
}

/// A way a match ends that the board does not show: the players (or a clock) declare it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// This side gives up.
    Resign(Stone),
    /// This side's flag fell. Whether it really did is for the caller to judge (see
    /// `TimeControl::is_out_of_time`): the game keeps move times, not the time control.
    OutOfTime(Stone),
    /// Both sides agreed to a draw.
    DrawAgreed,
}

impl Ending {
    /// The outcome this ending gives.
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::Resign(loser) => Outcome::Resigned {
                winner: loser.opponent(),
            },
            Ending::OutOfTime(loser) => Outcome::OutOfTime {
                winner: loser.opponent(),
            },
            Ending::DrawAgreed => Outcome::DrawAgreed,
        }
    }
}

/// Why a move was refused. A refused move changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    OffBoard(Point),
    Occupied(Point),
    GameOver,
    /// Renju: the point is forbidden for black.
    Forbidden(Point, Forbidden),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::notation::format_point;
        match self {
            PlayError::OffBoard(p) => write!(f, "({}, {}) is off the board", p.col, p.row),
            PlayError::Occupied(p) => write!(f, "{} is already taken", format_point(*p)),
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::Forbidden(p, why) => {
                write!(f, "{} is forbidden for black ({why})", format_point(*p))
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// A match in progress, with every line tried in it: going back and playing another move
/// keeps the old line as a variation, so the moves form a tree (`tree`), main line first.
///
/// Invariants:
/// - every path of the tree replays legally from the empty board, siblings have distinct
///   points, and a position the board decides (a win, a full board) has no moves after it;
/// - `line` is a path of the tree from the start to a leaf: the line being followed;
/// - `moves` are the first `moves.len()` moves of `line`, the current position, and the
///   board holds exactly their stones, alternating from black;
/// - `outcome` is the outcome of `moves`, or the `Ending` declared in this position while
///   the moves left the game ongoing. An ending belongs to the position, not to the tree:
///   leaving the position (undo, another variation) drops it, and nothing restores it;
/// - redo plays `line` on from the current position, and nothing while the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    board: Board,
    rule: Rule,
    tree: tree::Tree,
    line: Vec<usize>,
    moves: Vec<Move>,
    outcome: Outcome,
}

impl Default for Game {
    fn default() -> Self {
        Game::with_board(Board::default(), Rule::default())
    }
}

impl Game {
    pub fn new(size: u8, rule: Rule) -> Result<Game, SizeError> {
        Ok(Game::with_board(Board::new(size)?, rule))
    }

    fn with_board(board: Board, rule: Rule) -> Game {
        Game {
            board,
            rule,
            tree: tree::Tree::default(),
            line: Vec::new(),
            moves: Vec::new(),
            outcome: Outcome::Ongoing,
        }
    }

    /// Replays `points` from an empty board; fails at the first illegal one.
    pub fn from_moves(
        size: u8,
        rule: Rule,
        points: impl IntoIterator<Item = Point>,
    ) -> Result<Game, GameBuildError> {
        Game::replay(size, rule, points, true)
    }

    /// Parses a move string (`h8i9j10`, see `notation::parse_moves`) and replays it.
    pub fn from_move_string(size: u8, rule: Rule, text: &str) -> Result<Game, GameBuildError> {
        let points = parse_moves(text, size).map_err(GameBuildError::Notation)?;
        Game::from_moves(size, rule, points)
    }

    /// Like `from_moves`, but takes the stones as given under Renju: a position someone
    /// else reports (a Gomocup manager's BOARD, replayed in an order made up here) is not
    /// re-judged for forbidden points.
    pub fn set_up(
        size: u8,
        rule: Rule,
        points: impl IntoIterator<Item = Point>,
    ) -> Result<Game, GameBuildError> {
        Game::replay(size, rule, points, false)
    }

    fn replay(
        size: u8,
        rule: Rule,
        points: impl IntoIterator<Item = Point>,
        judge_forbidden: bool,
    ) -> Result<Game, GameBuildError> {
        let mut game = Game::new(size, rule).map_err(GameBuildError::Size)?;
        for (index, point) in points.into_iter().enumerate() {
            let legal = if judge_forbidden {
                game.check(point)
            } else {
                game.check_placement(point)
            };
            legal.map_err(|error| GameBuildError::Move { index, error })?;
            game.add(Move {
                point,
                time_ms: None,
            });
        }
        Ok(game)
    }

    /// A fresh game with the same size and rule: the tree is empty again.
    pub fn new_game(&mut self) {
        *self = Game::with_board(
            Board::new(self.board.size()).expect("size was valid"),
            self.rule,
        );
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> u8 {
        self.board.size()
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The moves on the board: the current path from the start.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The points played so far, in order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.moves.iter().map(|m| m.point)
    }

    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().map(|m| m.point)
    }

    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_over()
    }

    /// Whose turn it is (black moves first). Still defined when the game is over.
    pub fn to_move(&self) -> Stone {
        if self.moves.len().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// The colour of the stone played as move `index` (0-based).
    pub fn stone_of(index: usize) -> Stone {
        if index.is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Is there a move or a declared ending to take back?
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty() || self.outcome.ending().is_some()
    }

    /// Is there a move ahead on the line to replay? Never while the game is over.
    pub fn can_redo(&self) -> bool {
        !self.outcome.is_over() && self.moves.len() < self.line.len()
    }

    /// Moves waiting to be redone, next first: the rest of the line being followed.
    pub fn redo_moves(&self) -> impl Iterator<Item = &Move> {
        let over = self.outcome.is_over();
        self.line_ahead().filter(move |_| !over).map(|(_, m)| m)
    }

    /// The line ahead of the current position, also while the game is over: each move
    /// with its index among its siblings.
    pub(crate) fn line_ahead(&self) -> impl Iterator<Item = (usize, &Move)> {
        let mut children = self.tree.children(self.current_path());
        self.line[self.moves.len()..].iter().map(move |&i| {
            let node = &children[i];
            children = &node.children;
            (i, &node.mv)
        })
    }

    /// Is `p` a legal move now?
    pub fn check(&self, p: Point) -> Result<(), PlayError> {
        self.check_placement(p)?;
        if self.rule.has_forbidden_moves(self.to_move())
            && let Some(why) = crate::renju::forbidden(&self.board, p)
        {
            return Err(PlayError::Forbidden(p, why));
        }
        Ok(())
    }

    /// The checks every placement needs: the game goes on and the point is free.
    fn check_placement(&self, p: Point) -> Result<(), PlayError> {
        if self.outcome.is_over() {
            Err(PlayError::GameOver)
        } else if !self.board.contains(p) {
            Err(PlayError::OffBoard(p))
        } else if self.board.get(p).is_some() {
            Err(PlayError::Occupied(p))
        } else {
            Ok(())
        }
    }

    pub fn play(&mut self, p: Point) -> Result<&Outcome, PlayError> {
        self.play_timed(p, None)
    }

    /// Plays `p` for the side to move, recording how long it took to choose. A move
    /// already played from this position is walked into again (its time becomes
    /// `time_ms`); any other becomes a new variation, after those already there, and the
    /// line ahead follows it from now on.
    pub fn play_timed(&mut self, p: Point, time_ms: Option<u32>) -> Result<&Outcome, PlayError> {
        self.check(p)?;
        self.add(Move { point: p, time_ms });
        Ok(&self.outcome)
    }

    /// Adds `m` to the tree after the current position (or finds it there) and plays it.
    fn add(&mut self, m: Move) {
        let ply = self.moves.len();
        let children = self.tree.children_mut(&self.line[..ply]);
        let index = match children.iter().position(|n| n.mv.point == m.point) {
            Some(i) => {
                children[i].mv.time_ms = m.time_ms;
                i
            }
            None => {
                children.push(tree::Node {
                    mv: m,
                    children: Vec::new(),
                });
                children.len() - 1
            }
        };
        if self.line.get(ply) != Some(&index) {
            self.line.truncate(ply);
            self.line.push(index);
            self.tree.extend_main(&mut self.line);
        }
        self.push(m);
    }

    /// Puts `m`, the next move of `line`, on the board.
    fn push(&mut self, m: Move) {
        let stone = self.to_move();
        self.board.set(m.point, Some(stone));
        self.moves.push(m);
        self.outcome = match self.rule.winning_line(&self.board, m.point) {
            Some(line) => Outcome::Won {
                winner: stone,
                line,
            },
            None if self.board.is_full() => Outcome::Draw,
            None => Outcome::Ongoing,
        };
    }

    /// Ends the game with `ending` (a resignation, a fallen flag, an agreed draw) in the
    /// current position; refused when the game is already over. While it stands nothing is
    /// redone: redo never plays on past an ending. The moves ahead stay in the tree.
    pub fn end(&mut self, ending: Ending) -> Result<&Outcome, PlayError> {
        if self.outcome.is_over() {
            return Err(PlayError::GameOver);
        }
        self.outcome = ending.outcome();
        Ok(&self.outcome)
    }

    /// Steps back one move (also after the game ended, which resumes it), keeping the line
    /// ahead for redo. A declared ending goes with it, so one undo returns to play at the
    /// position before that move; with no move to take back, only the ending goes and this
    /// returns `None`.
    pub fn undo(&mut self) -> Option<Point> {
        let Some(m) = self.moves.pop() else {
            // No stones, so the only way to be over is an ending.
            self.outcome = Outcome::Ongoing;
            return None;
        };
        self.board.set(m.point, None);
        // Play stops at the first win, draw or ending, so any earlier position was ongoing.
        self.outcome = Outcome::Ongoing;
        Some(m.point)
    }

    /// Steps forward along the line: into the move last stepped back from, or the main
    /// line's. An ending undone with a move is not restored.
    pub fn redo(&mut self) -> Option<Point> {
        if !self.can_redo() {
            return None;
        }
        Some(self.step_forward())
    }

    /// Plays the next move of `line`; there must be one.
    fn step_forward(&mut self) -> Point {
        let ply = self.moves.len();
        let m = self.tree.children(&self.line[..ply])[self.line[ply]].mv;
        self.push(m);
        m.point
    }

    pub fn undo_all(&mut self) {
        while self.undo().is_some() {}
    }

    pub fn redo_all(&mut self) {
        while self.redo().is_some() {}
    }

    /// The main line: from the start, each position's first move.
    pub fn main_line(&self) -> impl Iterator<Item = &Move> {
        let mut children = self.tree.children(&[]);
        std::iter::from_fn(move || {
            let first = children.first()?;
            children = &first.children;
            Some(&first.mv)
        })
    }

    /// The path (see `TreeItem`) of the current position: `moves()` as indices.
    pub fn current_path(&self) -> &[usize] {
        &self.line[..self.moves.len()]
    }

    /// Is the current position on the main line?
    pub fn on_main_line(&self) -> bool {
        self.current_path().iter().all(|&i| i == 0)
    }

    /// Every move played from the current position, main line's first: the variations
    /// here. `redo_choice` says which of them redo plays.
    pub fn next_moves(&self) -> impl ExactSizeIterator<Item = &Move> {
        self.tree
            .children(self.current_path())
            .iter()
            .map(|node| &node.mv)
    }

    /// The index in `next_moves` of the move redo plays, if it can.
    pub fn redo_choice(&self) -> Option<usize> {
        self.can_redo().then(|| self.line[self.moves.len()])
    }

    /// Where the last move stands among the moves played from the position before it:
    /// `(index, count)`, index 0 the main line's. `None` before the first move.
    pub fn variation_of_last(&self) -> Option<(usize, usize)> {
        let (&index, before) = self.current_path().split_last()?;
        Some((index, self.tree.children(before).len()))
    }

    /// Replaces the last move by its previous or next sibling (the variations from the
    /// position before it), and follows that variation's main line ahead. Like an undo,
    /// it drops a declared ending. Returns the new last move, or `None` (nothing changed)
    /// when there is no sibling that way.
    pub fn switch_variation(&mut self, to: Sibling) -> Option<Point> {
        let (index, count) = self.variation_of_last()?;
        let index = match to {
            Sibling::Previous => index.checked_sub(1)?,
            Sibling::Next => Some(index + 1).filter(|&i| i < count)?,
        };
        let mut path = self.current_path().to_vec();
        *path.last_mut()? = index;
        self.go_to(&path);
        self.last_move()
    }

    /// Makes the current line the main line: each move on the path to the current position
    /// becomes the first of its siblings (the others keep their order after it). The
    /// position, and an ending declared in it, stay. Returns whether anything moved.
    pub fn promote_line(&mut self) -> bool {
        let mut moved = false;
        for depth in 0..self.moves.len() {
            let index = self.line[depth];
            if index != 0 {
                let siblings = self.tree.children_mut(&self.line[..depth]);
                let node = siblings.remove(index);
                siblings.insert(0, node);
                self.line[depth] = 0;
                moved = true;
            }
        }
        moved
    }

    /// Deletes the last move and every move after it from the tree, and returns to the
    /// position before it, as an undo would (a declared ending goes too). The line ahead is
    /// then that position's main line: deleting a main-line move makes its next sibling the
    /// main line. Returns the deleted move, or `None` (nothing changed) at the start.
    pub fn delete_move(&mut self) -> Option<Point> {
        let ply = self.moves.len();
        let index = *self.line.get(ply.checked_sub(1)?)?;
        let point = self.undo()?;
        self.line.truncate(ply - 1);
        self.tree.children_mut(&self.line).remove(index);
        self.tree.extend_main(&mut self.line);
        Some(point)
    }

    /// Goes to the position at `path` (see `TreeItem`), by stepping back to where it
    /// leaves the current path and on along it. A position on the line ahead, or behind,
    /// keeps the line, as undo and redo do; any other follows its main line ahead. Leaving
    /// the position drops a declared ending. Returns false (nothing changed) when `path` is
    /// not in the tree.
    pub fn go_to(&mut self, path: &[usize]) -> bool {
        if !self.tree.contains(path) {
            return false;
        }
        if path == self.current_path() {
            return true;
        }
        let common = path
            .iter()
            .zip(self.current_path())
            .take_while(|(a, b)| a == b)
            .count();
        while self.moves.len() > common {
            self.undo();
        }
        if !self.line.starts_with(path) {
            self.line.truncate(common);
            self.line.extend_from_slice(&path[common..]);
            self.tree.extend_main(&mut self.line);
        }
        if self.outcome.ending().is_some() {
            // Leaving the position forward: its ending goes, as it would with an undo.
            self.outcome = Outcome::Ongoing;
        }
        while self.moves.len() < path.len() {
            self.step_forward();
        }
        true
    }

    /// The whole tree in reading order, for a move list: see `TreeItem`.
    pub fn tree_items(&self) -> Vec<TreeItem<'_>> {
        self.tree.items()
    }

    /// Where the position after `points`, played from the start, is in the tree; `None`
    /// when that line is not in it (another game, or deleted moves).
    pub fn path_of(&self, points: &[Point]) -> Option<Vec<usize>> {
        self.path_from(&[], points).ok()
    }

    /// The path from the position at `from` along `points`, where each is in the tree;
    /// `Err(i)` when `points[i]` is not.
    pub(crate) fn path_from(&self, from: &[usize], points: &[Point]) -> Result<Vec<usize>, usize> {
        let mut path = from.to_vec();
        for (i, p) in points.iter().enumerate() {
            let index = self
                .tree
                .children(&path)
                .iter()
                .position(|node| node.mv.point == *p)
                .ok_or(i)?;
            path.push(index);
        }
        Ok(path.split_off(from.len()))
    }

    /// Sets the line ahead of the current position: `ahead`, a path from it (checked by the
    /// caller), then on along the main line.
    pub(crate) fn follow(&mut self, ahead: &[usize]) {
        self.line.truncate(self.moves.len());
        self.line.extend_from_slice(ahead);
        self.tree.extend_main(&mut self.line);
    }

    /// Total recorded thinking time of `stone`'s moves, in milliseconds.
    pub fn thinking_ms(&self, stone: Stone) -> u64 {
        self.moves
            .iter()
            .enumerate()
            .filter(|(i, _)| Game::stone_of(*i) == stone)
            .filter_map(|(_, m)| m.time_ms)
            .map(u64::from)
            .sum()
    }
}

/// Why a list of moves does not make a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameBuildError {
    Size(SizeError),
    /// The move string does not parse.
    Notation(NotationError),
    /// Move number `index` (0-based) is illegal.
    Move {
        index: usize,
        error: PlayError,
    },
}

impl fmt::Display for GameBuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameBuildError::Size(e) => e.fmt(f),
            GameBuildError::Notation(e) => e.fmt(f),
            GameBuildError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for GameBuildError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use proptest::prelude::*;

    #[test]
    fn a_move_string_builds_a_game_or_says_what_is_wrong() {
        let g = Game::from_move_string(15, Rule::Freestyle, "h8 i9,h9").unwrap();
        assert_eq!(g.moves().len(), 3);
        assert!(matches!(
            Game::from_move_string(15, Rule::Freestyle, "h8 z99"),
            Err(GameBuildError::Notation(_))
        ));
        assert!(matches!(
            Game::from_move_string(15, Rule::Freestyle, "h8h8"),
            Err(GameBuildError::Move { index: 1, .. })
        ));
    }

    fn game(moves: &str) -> Game {
        Game::from_moves(15, Rule::Freestyle, parse_moves(moves, 15).unwrap()).unwrap()
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let mut g = game("h8i9");
        let before = g.clone();
        assert_eq!(
            g.play(Point::new(7, 7)),
            Err(PlayError::Occupied(Point::new(7, 7)))
        );
        assert_eq!(
            g.play(Point::new(15, 3)),
            Err(PlayError::OffBoard(Point::new(15, 3)))
        );
        assert_eq!(g, before);
    }

    #[test]
    fn win_ends_the_game_and_undo_resumes_it() {
        let mut g = game("a1b1a2b2a3b3a4b4");
        assert_eq!(g.to_move(), Stone::Black);
        let outcome = g.play(Point::new(0, 4)).unwrap().clone();
        assert_eq!(outcome.winner(), Some(Stone::Black));
        let before = g.clone();
        assert_eq!(g.play(Point::new(5, 5)), Err(PlayError::GameOver));
        assert_eq!(g, before);
        g.undo();
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        g.redo();
        assert_eq!(g.outcome().winner(), Some(Stone::Black));
    }

    #[test]
    fn a_new_move_after_undo_starts_a_variation_with_nothing_to_redo() {
        let mut g = game("h8i9j10");
        g.undo();
        g.undo();
        assert!(g.can_redo());
        g.play(Point::new(0, 0)).unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.redo(), None);
        // The old line is still there, as the main line.
        assert_eq!(g.main_line().count(), 3);
        assert_eq!(g.variation_of_last(), Some((1, 2)));
    }

    #[test]
    fn full_board_without_five_is_a_draw() {
        // Fill 5x5 column pairs so no line of five forms: pattern by (col / 2 + row) parity.
        let size = 5;
        let mut black = vec![];
        let mut white = vec![];
        for r in 0..size {
            for c in 0..size {
                let p = Point::new(c, r);
                if ((c / 2) + r) % 2 == 0 {
                    black.push(p)
                } else {
                    white.push(p)
                }
            }
        }
        // 13 black, 12 white: interleave black first.
        let mut moves = vec![];
        for i in 0..25 {
            moves.push(if i % 2 == 0 {
                black[i / 2]
            } else {
                white[i / 2]
            });
        }
        let g = Game::from_moves(size, Rule::Freestyle, moves).unwrap();
        assert_eq!(g.outcome(), &Outcome::Draw);
    }

    #[test]
    fn thinking_time_sums_per_side() {
        let mut g = Game::default();
        g.play_timed(Point::new(7, 7), Some(100)).unwrap();
        g.play_timed(Point::new(8, 8), Some(250)).unwrap();
        g.play_timed(Point::new(9, 9), Some(50)).unwrap();
        assert_eq!(g.thinking_ms(Stone::Black), 150);
        assert_eq!(g.thinking_ms(Stone::White), 250);
        g.undo();
        assert_eq!(g.thinking_ms(Stone::Black), 100);
        g.redo();
        assert_eq!(g.thinking_ms(Stone::Black), 150);
    }

    const ENDINGS: [Ending; 5] = [
        Ending::Resign(Stone::Black),
        Ending::Resign(Stone::White),
        Ending::OutOfTime(Stone::Black),
        Ending::OutOfTime(Stone::White),
        Ending::DrawAgreed,
    ];

    #[test]
    fn an_ending_decides_the_game_and_stops_play() {
        for ending in ENDINGS {
            let mut g = game("h8i9j10");
            let outcome = g.end(ending).unwrap().clone();
            assert!(outcome.is_over());
            assert_eq!(outcome.ending(), Some(ending));
            let winner = match ending {
                Ending::Resign(loser) | Ending::OutOfTime(loser) => Some(loser.opponent()),
                Ending::DrawAgreed => None,
            };
            assert_eq!(outcome.winner(), winner, "{ending:?}");
            let before = g.clone();
            assert_eq!(g.play(Point::new(0, 0)), Err(PlayError::GameOver));
            assert_eq!(g.end(Ending::DrawAgreed), Err(PlayError::GameOver));
            assert_eq!(g, before);
        }
    }

    #[test]
    fn a_game_won_on_the_board_cannot_also_be_resigned() {
        let mut g = game("a1b1a2b2a3b3a4b4a5");
        let before = g.clone();
        assert_eq!(
            g.end(Ending::Resign(Stone::Black)),
            Err(PlayError::GameOver)
        );
        assert_eq!(g, before);
        assert_eq!(g.outcome().ending(), None);
    }

    #[test]
    fn undo_takes_back_the_ending_with_the_last_move_and_redo_does_not_restore_it() {
        let mut g = game("h8i9j10");
        g.undo();
        assert!(g.can_redo());
        g.end(Ending::Resign(Stone::White)).unwrap();
        // Nothing is redone past an ending while it stands.
        assert!(!g.can_redo());
        assert_eq!(g.redo_moves().count(), 0);
        assert_eq!(g.redo(), None);
        assert_eq!(g.undo(), Some(Point::new(8, 8)));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g.moves().len(), 1);
        assert_eq!(g.redo(), Some(Point::new(8, 8)));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g.moves(), game("h8i9").moves());
        // The move stepped back from before the ending is still in the tree, ahead.
        assert_eq!(g.redo(), Some(Point::new(9, 9)));
        assert_eq!(g, game("h8i9j10"));
    }

    #[test]
    fn an_ending_before_any_move_is_undone_on_its_own() {
        let mut g = Game::default();
        assert!(!g.can_undo());
        g.end(Ending::Resign(Stone::Black)).unwrap();
        assert!(g.can_undo());
        assert_eq!(g.undo(), None);
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert!(!g.can_undo());
        assert_eq!(g, Game::default());
    }

    proptest! {
        #[test]
        fn random_games_keep_their_invariants(
            size in 5u8..=19,
            picks in prop::collection::vec((0u8..25, 0u8..25), 0..200),
            rule_standard in any::<bool>(),
            ending in proptest::option::of(0usize..ENDINGS.len()),
        ) {
            let rule = if rule_standard { Rule::Standard } else { Rule::Freestyle };
            let mut g = Game::new(size, rule).unwrap();
            for (c, r) in picks {
                // Any pick: legal ones play, illegal ones must leave the game untouched.
                let before = g.clone();
                if g.play(Point::new(c, r)).is_err() {
                    prop_assert_eq!(&g, &before);
                }
                prop_assert_eq!(g.board().stone_count(), g.moves().len());
            }
            let full = g.clone();
            // An ending, when the board left the game open, goes with the last undo and
            // does not come back with redo.
            if let Some(i) = ending {
                let ended = g.end(ENDINGS[i]).is_ok();
                prop_assert_eq!(ended, !full.is_over());
                prop_assert_eq!(g.can_undo(), ended || full.can_undo());
            }
            g.undo_all();
            prop_assert!(!g.can_undo());
            prop_assert_eq!(g.board(), &Board::new(size).unwrap());
            prop_assert_eq!(g.outcome(), &Outcome::Ongoing);
            g.redo_all();
            prop_assert_eq!(g, full);
        }
    }
}
