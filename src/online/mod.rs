//! Online play: a room on a signalling server, a WebRTC link to the one other player in
//! it, and the game's messages over that link. The player on the other machine is a third
//! source of moves beside the mouse and the computer; its moves, checked by the engine
//! (`gomoku_engine::online`), reach the match as `MatchAction`s like any other.
//!
//! - `room`: room codes and their addresses.
//! - `link`: the socket and its message loop.
//! - `peer`: the conversation with the other player (greeting, settings, moves, offers,
//!   clocks, reconnection) as systems around the `Online` resource.
//! - `signalling` (desktop): hosting the signalling server in this app, for a LAN game.

pub mod autosave;
pub mod link;
mod peer;
pub mod room;
#[cfg(not(target_arch = "wasm32"))]
pub mod signalling;

pub use link::{IceServers, LinkFailure};
pub use room::RoomCode;

use crate::AppSystems;
use crate::game_match::PlayerKind;
use crate::screens::Screen;
use bevy::prelude::*;
use gomoku_engine::Rule;
use gomoku_engine::online::{PeerError, Proposal, Side, WireError};
use gomoku_engine::swap2::Swap2Stage;
use gomoku_engine::time_control::TimeControl;
use std::time::Duration;

/// Who opened the room. The host chooses the game; the guest accepts it by joining.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Guest,
}

/// Who takes black in the first game, as the room's creator chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum ColourChoice {
    #[default]
    CreatorBlack,
    CreatorWhite,
    /// Drawn when the other player arrives.
    Random,
    /// The Swap2 opening decides.
    Swap2,
}

/// The game a room's creator offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomSetup {
    pub rule: Rule,
    pub size: u8,
    pub time_control: TimeControl,
    pub colours: ColourChoice,
}

/// Where to find the other player, and how to reach them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The signalling server, `ws://host:port`.
    pub signal: String,
    pub ice: IceServers,
}

/// What a player asks of online play: from the menu, the HUD, or the command line.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    Create {
        name: String,
        setup: RoomSetup,
        network: Network,
        /// Who plays this side: a person, or the computer (`--online-bot`).
        player: PlayerKind,
    },
    Join {
        name: String,
        code: RoomCode,
        network: Network,
        player: PlayerKind,
    },
    /// Go back into the room of the game kept from an earlier run (`autosave`).
    Resume {
        network: Network,
        player: PlayerKind,
    },
    /// Leave the room, telling the other player.
    Leave,
    /// Open the link again after it failed, to the same room.
    Reconnect,
    AskUndo,
    AnswerUndo(bool),
    OfferDraw,
    AnswerDraw(bool),
    Resign,
    /// The other player's time ran out, or they left and did not come back.
    ClaimWin,
    Chat(String),
    /// The game is over: start the next one, colours swapped, on both machines.
    NextGame,
}

/// How the link to the other player stands, as the HUD shows it (`gui::online` words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Reaching the signalling server.
    Connecting,
    /// In the room, alone.
    WaitingForOpponent,
    /// Linked; greetings and the game's settings are being exchanged.
    Greeting,
    Connected,
    /// The other player's connection dropped; they may come back to the room.
    OpponentLost {
        since: Duration,
    },
    /// The other player left the room.
    OpponentLeft,
    /// The link is gone; `Reconnect` tries the same room again.
    Failed(Failure),
}

/// Why this side is not connected. The English `Display` is for the log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    #[error(transparent)]
    Link(#[from] LinkFailure),
    /// Linked, but the other side never answered the greetings.
    #[error("the other player's app does not answer")]
    NoAnswer,
    /// The other side speaks protocol version `theirs`, this one `PROTOCOL_VERSION`.
    #[error("the other player's game speaks online protocol version {theirs}, not ours")]
    OtherVersion { theirs: u16 },
}

/// Why a message from the other player was refused (it changed nothing). The English
/// `Display` is for the log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("an unreadable message: {0}")]
    Unreadable(WireError),
    /// The engine's judgement of a move, an offer, a resignation or a resume.
    #[error("{0}")]
    Judged(PeerError),
    /// A message of this kind (the wire's name) has no place in the game as it stands.
    #[error("a {0} message makes no sense now")]
    OutOfPlace(&'static str),
    #[error("a Swap2 choice the opening does not wait for ({0:?})")]
    Swap2NotAwaited(Option<Swap2Stage>),
    #[error("a Swap2 choice that is this side's to make")]
    Swap2NotTheirs,
    #[error("a claim that this side ran out of time, which it has not")]
    FalseFlagClaim,
}

/// A line of chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub from: String,
    pub said: Said,
}

/// What a chat line holds: a player's words as typed, or an answer told in the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Text(String),
    DeclinedUndo,
    DeclinedDraw,
}

/// An offer or request made to this side, waiting for its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The other player asks to take back their last move(s).
    Undo,
    Draw,
}

/// The state of online play, present from creating or joining a room until leaving it.
#[derive(Resource)]
pub struct Online {
    pub role: Role,
    pub code: RoomCode,
    pub our_name: String,
    pub peer_name: Option<String>,
    pub connection: Connection,
    /// The last measured round trip to the other player.
    pub round_trip: Option<Duration>,
    pub chat: Vec<ChatLine>,
    /// The last messages from the other player that were refused, newest last.
    pub refused: Vec<Refusal>,
    /// How many were refused since joining (`refused` keeps only the last few).
    pub refused_total: usize,
    peer: peer::PeerState,
}

impl Online {
    /// What the other player asked of this side, waiting for an answer.
    pub fn question(&self) -> Option<Question> {
        self.pending(Side::Peer)
    }

    /// What this side asked, waiting for the other player's answer.
    pub fn asked(&self) -> Option<Question> {
        self.pending(Side::Local)
    }

    fn pending(&self, by: Side) -> Option<Question> {
        let offers = &self.peer.offers;
        if offers.pending(Proposal::Undo, by).is_some() {
            Some(Question::Undo)
        } else if offers.pending(Proposal::Draw, by).is_some() {
            Some(Question::Draw)
        } else {
            None
        }
    }

    /// May this side claim the win now (the other player's time is up, or they have been
    /// gone for `ABANDON_AFTER`)?
    pub fn can_claim(&self) -> bool {
        self.peer.can_claim
    }
}

/// A generator for room codes and colour draws, seeded by the system.
fn fresh_rng() -> rand::rngs::StdRng {
    use rand::SeedableRng;
    rand::rngs::StdRng::try_from_rng(&mut rand::rngs::SysRng).unwrap_or_else(|_| {
        let now = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .unwrap_or_default();
        rand::rngs::StdRng::seed_from_u64(now.as_nanos() as u64)
    })
}

/// How long the other player may stay away before the game can be claimed.
pub const ABANDON_AFTER: Duration = Duration::from_secs(120);
/// Extra time the other player's clock is given before their flag can be claimed: their
/// own machine judges their time, and its word takes a round trip to arrive.
pub const FLAG_GRACE: Duration = Duration::from_secs(3);
/// Chat lines kept for the HUD.
pub const CHAT_LINES: usize = 50;
/// Refused messages kept for the HUD.
pub const REFUSALS_SHOWN: usize = 5;

pub fn plugin(app: &mut App) {
    app.add_message::<OnlineCommand>()
        .init_resource::<autosave::OfferedResume>()
        .init_resource::<peer::ClosingLinks>()
        .add_systems(Update, peer::close_lingering_links)
        .add_systems(OnEnter(Screen::Menu), autosave::offer_on_the_menu)
        .add_systems(OnExit(Screen::Playing), peer::leave_with_the_board)
        .add_systems(
            Update,
            (
                peer::run_commands,
                peer::pump_link,
                peer::watch_connection,
                peer::hold_moves_while_asking,
            )
                .chain()
                .in_set(AppSystems::RecordInput),
        )
        .add_systems(Update, autosave::keep_the_game.after(AppSystems::Apply));
    app.add_systems(
        Update,
        peer::show_the_board
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Menu)),
    );
    app.add_systems(
        Update,
        (
            peer::send_placed_stones,
            peer::send_opening_choices,
            peer::report_endings,
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}
