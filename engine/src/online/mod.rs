//! Online play between two people over a reliable, ordered data channel (the app uses a
//! WebRTC data channel): the messages, their text form on the wire, and the checks the
//! receiving side makes before anything a peer sends may touch its game. Nothing here
//! does networking or keeps time; the app passes bytes in and out.
//!
//! Trust: each side keeps its own `Game` and treats the peer's messages as claims. A
//! peer move is played only after `check_peer_move` accepted it (its turn, the right
//! ply, a legal point, and the same position hash afterwards); undo and draw answers only
//! count for a request the other side really made at that ply (`Offers`); a resume only
//! replays the peer's own legal moves after all of this side's (`resume_check`); an
//! undo count is derived, never sent (`undo_count`). So a peer can never move
//! for the other side or rewrite history without consent, and a message that is refused
//! leaves the game as it was: the error says why, for the log and the HUD.
//!
//! # Wire format
//!
//! A message is one line of UTF-8 text without a line break, at most
//! [`MAX_MESSAGE_BYTES`] bytes, fields separated by single spaces:
//!
//! ```text
//! gomoku VERSION KIND FIELD...
//! ```
//!
//! `gomoku VERSION ` is the one part every version of the protocol keeps, so a message of
//! another version is recognised as such (`WireError::OtherVersion`) even when the rest
//! would not parse here; the answer to it is `version-refused`. Points are in the
//! project's notation (`h8`, columns `a..y`, rows `1..25` from the bottom); the codec
//! takes any point of the largest board, and the checks bound it by the game's size. A
//! ply is the number of moves on the board before the action (a move's ply is its
//! 0-based index); a position hash is 16 lowercase hex digits ([`PositionHash`]).
//!
//! Every message has exactly one spelling (no leading zeros, lowercase points, single
//! spaces, nothing trailing); `decode` refuses any other, so what decodes encodes back to
//! the same bytes. The kinds, with an example line each:
//!
//! ```text
//! gomoku 1 hello Ada Lovelace                 name: the rest of the line (1..=24 chars)
//! gomoku 1 version-refused 1                  the refusing side's version
//! gomoku 1 settings renju 15 5+3 swap2        rule, size, time control, opening
//! gomoku 1 move 12 h8 1520 9f3a2b0c11d4e5f6   ply, point, thinking ms, hash after it
//! gomoku 1 swap2 3 place-two                  ply, take-white | take-black | place-two
//! gomoku 1 colour 5 white                     ply, black | white
//! gomoku 1 undo 14                            ply when asked
//! gomoku 1 undo-answer 14 accept              ply of the request, accept | decline
//! gomoku 1 resign 20                          ply
//! gomoku 1 out-of-time 20                     ply whose side to move ran out of time
//! gomoku 1 draw 20                            ply
//! gomoku 1 draw-answer 20 decline             ply of the offer, accept | decline
//! gomoku 1 chat good game!                    text: the rest of the line (1..=200 chars)
//! gomoku 1 ping 7                             nonce
//! gomoku 1 pong 7                             the ping's nonce
//! gomoku 1 next-game 2                        number of the game in this match
//! gomoku 1 resume 9f3a2b0c11d4e5f6 h8:1520 i9:800 j10   hash, then the moves held
//! gomoku 1 bye
//! ```
//!
//! In `resume`, a move without `:MS` has no recorded thinking time. Names and chat are
//! trimmed text without control characters or line breaks (`PlayerName`, `ChatText`);
//! the types cannot hold anything else, so `encode` never truncates, and `decode`
//! refuses such text rather than repair it. `encode` refuses only what the peer would:
//! a point off the largest board, a size out of range, a time control its text cannot
//! carry exactly (not whole minutes and seconds), an over-long resume.

mod check;
mod codec;
mod error;
mod hash;
mod message;
mod negotiation;
mod resume;
#[cfg(test)]
mod tests;
mod text;

pub use check::{check_peer_move, check_ply, check_resign};
pub use codec::{WireError, decode, encode};
pub use error::{Action, PeerError};
pub use hash::PositionHash;
pub use message::{GameSettings, Message, Opening, WireSwap2Choice};
pub use negotiation::{Offers, Proposal, undo_count};
pub use resume::{ResumePlan, resume_check, resume_message};
pub use text::{ChatText, PlayerName, TextError};

use crate::board::{MAX_SIZE, Stone};
use crate::game::Game;

/// The version this build speaks; a peer of another version is told so and refused.
pub const PROTOCOL_VERSION: u16 = 1;

/// The longest message accepted or sent, in bytes: room for the longest message there can
/// be, a `resume` of a full 25x25 board with ten-digit times (625 moves of at most 15
/// bytes each, about 9.4 KB). Everything else fits in 1 KB.
pub const MAX_MESSAGE_BYTES: usize = 10 * 1024;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 200;

/// The most moves a `resume` can hold: every point of the largest board.
pub const MAX_RESUME_MOVES: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// One of the two ends of the connection, as seen from this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player at this machine.
    Local,
    /// The player at the other end.
    Peer,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Local => Side::Peer,
            Side::Peer => Side::Local,
        }
    }

    /// Who places the next stone in a game past its opening, when the peer plays
    /// `peer_colour`. (During a Swap2 opening the opening's own state says who places.)
    pub fn to_move(game: &Game, peer_colour: Stone) -> Side {
        if game.to_move() == peer_colour {
            Side::Peer
        } else {
            Side::Local
        }
    }

    /// As the subject of a sentence: "the opponent", "you".
    pub(crate) fn who(self) -> &'static str {
        match self {
            Side::Local => "you",
            Side::Peer => "the opponent",
        }
    }

    /// As a possessive: "the opponent's", "your".
    pub(crate) fn whose(self) -> &'static str {
        match self {
            Side::Local => "your",
            Side::Peer => "the opponent's",
        }
    }
}
