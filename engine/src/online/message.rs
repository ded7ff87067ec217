//! The messages two peers exchange, as typed values (their text form is `codec`'s job).

use super::hash::PositionHash;
use super::text::{ChatText, PlayerName};
use crate::board::{Point, Stone};
use crate::game::Move;
use crate::rules::Rule;
use crate::time_control::TimeControl;

/// Who plays black in a game of the match, as the host settled it (a random choice is
/// drawn by the host before it sends the settings, so both sides see the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    HostBlack,
    GuestBlack,
    /// The Swap2 opening decides the colours; the host opens.
    Swap2,
}

/// The second player's choice after the first three Swap2 stones. The app maps it to and
/// from the Swap2 state machine's own type; the wire keeps its own so its spelling cannot
/// change with that code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WireSwap2Choice {
    TakeWhite,
    TakeBlack,
    PlaceTwo,
}

/// What the host proposes for the match; the guest plays it or leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameSettings {
    pub rule: Rule,
    /// Board side, `MIN_SIZE..=MAX_SIZE` (refused on the wire otherwise).
    pub size: u8,
    pub time_control: TimeControl,
    pub opening: Opening,
}

/// One message between the peers. A `ply` is the number of moves on the board when the
/// sender acted, so the receiver can tell a message that crossed one of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Message {
    /// The first message each side sends.
    Hello {
        version: u16,
        name: PlayerName,
    },
    /// The answer to a message of another version, before closing.
    VersionRefused {
        ours: u16,
    },
    /// From the host: the rules of the match.
    Settings(GameSettings),
    /// A stone at `at` as move number `ply` (0-based), chosen in `used_ms`; `hash` is the
    /// position once it is played.
    Move {
        ply: u32,
        at: Point,
        used_ms: u32,
        hash: PositionHash,
    },
    Swap2Choice {
        ply: u32,
        choice: WireSwap2Choice,
    },
    /// After a Swap2 `PlaceTwo`, the colour the opener takes.
    ColourChoice {
        ply: u32,
        colour: Stone,
    },
    /// Take back the requester's last move, and the reply to it if there is one, so the
    /// requester is to move again (`undo_count`).
    UndoRequest {
        ply: u32,
    },
    /// `ply` is the request's.
    UndoAnswer {
        ply: u32,
        accepted: bool,
    },
    Resign {
        ply: u32,
    },
    /// The flag of the side to move at `ply` fell: the sender's own, or a claim that the
    /// receiver's did (which the receiver judges by its own clock).
    OutOfTime {
        ply: u32,
    },
    DrawOffer {
        ply: u32,
    },
    /// `ply` is the offer's.
    DrawAnswer {
        ply: u32,
        accepted: bool,
    },
    Chat(ChatText),
    Ping {
        nonce: u32,
    },
    Pong {
        nonce: u32,
    },
    /// Start game `number` of the match, with the same settings.
    NextGame {
        number: u32,
    },
    /// After a reconnection, the moves this side holds (with their recorded times) and
    /// their hash; see `resume_check`.
    Resume {
        moves: Vec<Move>,
        hash: PositionHash,
    },
    /// The sender leaves the match.
    Bye,
}

impl Message {
    /// The kind's keyword on the wire, also a short name for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::VersionRefused { .. } => "version-refused",
            Message::Settings(_) => "settings",
            Message::Move { .. } => "move",
            Message::Swap2Choice { .. } => "swap2",
            Message::ColourChoice { .. } => "colour",
            Message::UndoRequest { .. } => "undo",
            Message::UndoAnswer { .. } => "undo-answer",
            Message::Resign { .. } => "resign",
            Message::OutOfTime { .. } => "out-of-time",
            Message::DrawOffer { .. } => "draw",
            Message::DrawAnswer { .. } => "draw-answer",
            Message::Chat(_) => "chat",
            Message::Ping { .. } => "ping",
            Message::Pong { .. } => "pong",
            Message::NextGame { .. } => "next-game",
            Message::Resume { .. } => "resume",
            Message::Bye => "bye",
        }
    }
}
