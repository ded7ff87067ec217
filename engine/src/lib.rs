//! Gomoku without a game engine: the board and its notation, the rules, the game with
//! unlimited undo and redo, records, and the computer player. Nothing here knows Bevy.

pub mod ai;
pub mod board;
pub mod clock;
pub mod game;
pub mod notation;
pub mod online;
pub mod protocol;
pub mod record;
pub mod renju;
pub mod review;
pub mod rules;
pub mod swap2;
pub mod time_control;

pub use board::{Board, Point, Stone};
pub use game::{Ending, Game, Move, Outcome, PlayError};
pub use rules::Rule;
pub use swap2::{Seat, Swap2, Swap2Choice, Swap2Error, Swap2Stage};
