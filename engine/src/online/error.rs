//! `PeerError`: why something the other side sent (or this side tried) was refused, in
//! sentences fit for the HUD and the log. A refusal always leaves the game unchanged.

use super::Side;
use super::negotiation::Proposal;
use crate::board::Point;
use crate::game::PlayError;
use crate::notation::format_point;
use std::fmt;

/// The action a ply-stamped message carries, to name it in an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move,
    UndoRequest,
    UndoAnswer,
    DrawOffer,
    DrawAnswer,
    Resign,
    Swap2Choice,
    ColourChoice,
    /// Moves that a resume would add.
    Resume,
}

impl Action {
    fn noun(self) -> &'static str {
        match self {
            Action::Move => "move",
            Action::UndoRequest => "undo request",
            Action::UndoAnswer => "answer to an undo request",
            Action::DrawOffer => "draw offer",
            Action::DrawAnswer => "answer to a draw offer",
            Action::Resign => "resignation",
            Action::Swap2Choice => "Swap2 choice",
            Action::ColourChoice => "colour choice",
            Action::Resume => "moves to resume",
        }
    }
}

/// A refused action of `by` (the peer, unless the app asked on behalf of the local
/// player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerError {
    /// The game has ended; nothing more is played on it.
    GameOver {
        by: Side,
        action: Action,
    },
    /// A move while it is the other side's turn to place a stone.
    OutOfTurn {
        at: Point,
    },
    /// Sent for a position with `got` moves, but this side's game has `expected`: an older
    /// one (it crossed a move) or one this side never saw.
    WrongPly {
        by: Side,
        action: Action,
        got: u32,
        expected: u32,
    },
    OffBoard {
        at: Point,
        size: u8,
    },
    /// Refused by the rules (`Game::check`).
    Illegal {
        at: Point,
        why: PlayError,
    },
    /// Legal, but the sender's position afterwards is not this side's: the games differ.
    PositionsDiffer {
        at: Point,
    },
    /// A second request of the same kind while the first is unanswered.
    AlreadyPending {
        by: Side,
        proposal: Proposal,
    },
    /// An answer to a request the other side never made, or already withdrew.
    NothingToAnswer {
        by: Side,
        proposal: Proposal,
    },
    /// An undo request with no move of the requester's to take back.
    NothingToUndo {
        by: Side,
    },
    /// A resume whose move `index` (0-based) is illegal.
    ResumeIllegal {
        index: usize,
        why: PlayError,
    },
    /// A resume whose hash is not that of its own moves.
    ResumeHashMismatch,
    /// The two games agree on their first `agreed` moves and then differ.
    Diverged {
        agreed: usize,
    },
    /// A resume that adds move `ply` (0-based), which was this side's to place.
    ResumeForeignMove {
        ply: usize,
    },
}

/// A point's name for a sentence; points off any board are written as coordinates
/// (notation has no letter for them).
fn point_name(p: Point) -> String {
    if p.col < 26 {
        format_point(p)
    } else {
        format!("({}, {})", p.col, p.row)
    }
}

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerError::GameOver { by, action } => write!(
                f,
                "{} {} came after the game ended",
                by.whose(),
                action.noun()
            ),
            PeerError::OutOfTurn { at } => write!(
                f,
                "the opponent tried to play {} out of turn",
                point_name(*at)
            ),
            PeerError::WrongPly {
                by,
                action,
                got,
                expected,
            } => {
                let when = if got < expected {
                    "an earlier position"
                } else {
                    "a position this game has not reached"
                };
                write!(
                    f,
                    "{} {} was for {when} ({got} stones on the board, not {expected})",
                    by.whose(),
                    action.noun()
                )
            }
            PeerError::OffBoard { at, size } => write!(
                f,
                "the opponent's move at {} is off the {size}x{size} board",
                point_name(*at)
            ),
            PeerError::Illegal { at, why } => {
                let reason = match why {
                    PlayError::Occupied(_) => "already taken".to_string(),
                    PlayError::Forbidden(_, kind) => format!("forbidden for black ({kind})"),
                    other => other.to_string(),
                };
                write!(
                    f,
                    "the opponent's move at {} is illegal: {reason}",
                    point_name(*at)
                )
            }
            PeerError::PositionsDiffer { at } => write!(
                f,
                "after the opponent's move at {} the two positions differ",
                point_name(*at)
            ),
            PeerError::AlreadyPending { by, proposal } => write!(
                f,
                "{} already waiting for an answer to {}",
                match by {
                    Side::Local => "you are",
                    Side::Peer => "the opponent is",
                },
                proposal.noun()
            ),
            PeerError::NothingToAnswer { by, proposal } => write!(
                f,
                "{} answered {} that was never made or is withdrawn",
                by.who(),
                proposal.noun()
            ),
            PeerError::NothingToUndo { by } => {
                write!(f, "{} asked to undo with no move to take back", by.who())
            }
            PeerError::ResumeIllegal { index, why } => write!(
                f,
                "the opponent's game cannot be resumed: its move {} is illegal ({why})",
                index + 1
            ),
            PeerError::ResumeHashMismatch => f.write_str(
                "the opponent's game cannot be resumed: its moves and its hash disagree",
            ),
            PeerError::Diverged { agreed } => write!(
                f,
                "the two games differ after move {agreed}, so this one cannot be resumed"
            ),
            PeerError::ResumeForeignMove { ply } => write!(
                f,
                "the opponent's game cannot be resumed: its move {} was yours to play, not theirs",
                ply + 1
            ),
        }
    }
}

impl std::error::Error for PeerError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_name_the_move_and_the_reason() {
        let h8 = Point::new(7, 7);
        assert_eq!(
            PeerError::Illegal {
                at: h8,
                why: PlayError::Occupied(h8)
            }
            .to_string(),
            "the opponent's move at h8 is illegal: already taken"
        );
        assert_eq!(
            PeerError::OutOfTurn { at: h8 }.to_string(),
            "the opponent tried to play h8 out of turn"
        );
        assert_eq!(
            PeerError::WrongPly {
                by: Side::Peer,
                action: Action::DrawOffer,
                got: 3,
                expected: 4
            }
            .to_string(),
            "the opponent's draw offer was for an earlier position (3 stones on the board, not 4)"
        );
        assert_eq!(
            PeerError::OffBoard {
                at: Point::new(200, 3),
                size: 15
            }
            .to_string(),
            "the opponent's move at (200, 3) is off the 15x15 board"
        );
    }
}
