//! `Game`: the one source of truth for a match — board, move stack, redo stack, outcome.

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

/// A match in progress. Invariants: the board holds exactly the stones of `moves`,
/// alternating from black; `outcome` is the outcome of `moves`, or the `Ending` declared
/// after them while they left the game ongoing; `redo` holds the moves undone since the
/// last new move or ending, the next one to redo last, and is empty while the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    board: Board,
    rule: Rule,
    moves: Vec<Move>,
    redo: Vec<Move>,
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
            moves: Vec::new(),
            redo: Vec::new(),
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
            game.push(Move {
                point,
                time_ms: None,
            });
        }
        Ok(game)
    }

    /// A fresh game with the same size and rule.
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

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Moves waiting to be redone, next first.
    pub fn redo_moves(&self) -> impl Iterator<Item = &Move> {
        self.redo.iter().rev()
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

    /// Plays `p` for the side to move, recording how long it took to choose. A new move
    /// clears the redo stack.
    pub fn play_timed(&mut self, p: Point, time_ms: Option<u32>) -> Result<&Outcome, PlayError> {
        self.check(p)?;
        self.redo.clear();
        self.push(Move { point: p, time_ms });
        Ok(&self.outcome)
    }

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

    /// Ends the game with `ending` (a resignation, a fallen flag, an agreed draw) after
    /// the moves played so far; refused when the game is already over. Like a new move it
    /// clears the redo stack: redo never plays on past an ending.
    pub fn end(&mut self, ending: Ending) -> Result<&Outcome, PlayError> {
        if self.outcome.is_over() {
            return Err(PlayError::GameOver);
        }
        self.redo.clear();
        self.outcome = ending.outcome();
        Ok(&self.outcome)
    }

    /// Takes back the last move (also after the game ended, which resumes it). A declared
    /// ending goes with it, so one undo returns to play at the position before that move;
    /// with no move to take back, only the ending goes and this returns `None`.
    pub fn undo(&mut self) -> Option<Point> {
        let Some(m) = self.moves.pop() else {
            // No stones, so the only way to be over is an ending.
            self.outcome = Outcome::Ongoing;
            return None;
        };
        self.board.set(m.point, None);
        self.redo.push(m);
        // Play stops at the first win, draw or ending, so any earlier position was ongoing.
        self.outcome = Outcome::Ongoing;
        Some(m.point)
    }

    /// Replays the last undone move. An ending undone with a move is not restored: the
    /// redo stack holds moves only.
    pub fn redo(&mut self) -> Option<Point> {
        let m = self.redo.pop()?;
        self.push(m);
        Some(m.point)
    }

    pub fn undo_all(&mut self) {
        while self.undo().is_some() {}
    }

    pub fn redo_all(&mut self) {
        while self.redo().is_some() {}
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
    fn a_new_move_after_undo_clears_redo() {
        let mut g = game("h8i9j10");
        g.undo();
        g.undo();
        assert!(g.can_redo());
        g.play(Point::new(0, 0)).unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.redo(), None);
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
        // Ending is a new event, like a move: nothing is left to redo past it.
        assert!(!g.can_redo());
        assert_eq!(g.undo(), Some(Point::new(8, 8)));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g.moves().len(), 1);
        assert_eq!(g.redo(), Some(Point::new(8, 8)));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g, game("h8i9"));
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
