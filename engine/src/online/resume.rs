//! Resuming after a lost connection: both sides send `Message::Resume` with the moves
//! they hold, and each judges the other's with `resume_check`. Equal games resume as they
//! are; when one game is the other plus some of the peer's moves, the side behind replays
//! them (they were checked like any peer move) and the side ahead waits; games that
//! differ in a move both hold cannot be resumed, nor can a game the peer extended with
//! stones that were this side's to place (the peer cannot move for this side this way
//! either; that also refuses the rare resume after an accepted undo whose answer was
//! lost, rather than guess who consented to what). Only the moves are compared: a declared ending (a
//! resignation, an agreed draw) is not part of them, and the thinking times of the moves
//! both hold are this side's.

use super::Side;
use super::error::{Action, PeerError};
use super::hash::PositionHash;
use super::message::Message;
use crate::game::{Game, Move};

/// What to do with the peer's `Resume`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumePlan {
    /// Both hold the same moves.
    InStep,
    /// The peer holds these moves after all of this side's: play them, in order. Each is
    /// legal there, and the peer's hash matches the result.
    CatchUp(Vec<Move>),
    /// This side holds `missing` moves the peer lacks; the peer catches up from this
    /// side's own `Resume`.
    PeerCatchesUp { missing: usize },
}

/// The `Resume` message for `game`.
pub fn resume_message(game: &Game) -> Message {
    Message::Resume {
        moves: game.moves().to_vec(),
        hash: PositionHash::of(game),
    }
}

/// Judges the peer's `Resume` against this side's game `ours`: the peer's moves must make
/// a legal game of the same rule and size whose hash is `their_hash`, one game must be the
/// beginning of the other, and the moves this side lacks must all be the peer's to place:
/// `peer_places(ply)` says whether the stone of move `ply` (0-based) is (for a game past
/// its opening, `Game::stone_of(ply) == peer_colour`; in a Swap2 opening the opening's
/// record of who placed what).
pub fn resume_check(
    ours: &Game,
    their_moves: &[Move],
    their_hash: PositionHash,
    peer_places: impl Fn(usize) -> bool,
) -> Result<ResumePlan, PeerError> {
    // No length check needed: the replay stops at the first move past a full board.
    let mut theirs = Game::new(ours.size(), ours.rule()).expect("our own size is valid");
    for (index, m) in their_moves.iter().enumerate() {
        theirs
            .play_timed(m.point, m.time_ms)
            .map_err(|why| PeerError::ResumeIllegal { index, why })?;
    }
    if PositionHash::of(&theirs) != their_hash {
        return Err(PeerError::ResumeHashMismatch);
    }
    let ours_moves = ours.moves();
    let agreed = ours_moves
        .iter()
        .zip(their_moves)
        .take_while(|(a, b)| a.point == b.point)
        .count();
    if agreed < ours_moves.len() && agreed < their_moves.len() {
        return Err(PeerError::Diverged { agreed });
    }
    if let Some(ply) = (agreed..their_moves.len()).find(|&ply| !peer_places(ply)) {
        return Err(PeerError::ResumeForeignMove { ply });
    }
    if their_moves.len() > agreed && ours.is_over() {
        // Over by a declared ending (an ending by the board would have made the peer's
        // longer game illegal): it stands.
        return Err(PeerError::GameOver {
            by: Side::Peer,
            action: Action::Resume,
        });
    }
    Ok(if their_moves.len() > agreed {
        ResumePlan::CatchUp(their_moves[agreed..].to_vec())
    } else if ours_moves.len() > agreed {
        ResumePlan::PeerCatchesUp {
            missing: ours_moves.len() - agreed,
        }
    } else {
        ResumePlan::InStep
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Point, Stone};
    use crate::game::PlayError;
    use crate::notation::parse_moves;
    use crate::rules::Rule;

    fn game(moves: &str) -> Game {
        let mut g = Game::new(15, Rule::Freestyle).unwrap();
        for (i, p) in parse_moves(moves, 15).unwrap().into_iter().enumerate() {
            g.play_timed(p, Some(100 * i as u32)).unwrap();
        }
        g
    }

    /// The peer plays white.
    fn peer_places(ply: usize) -> bool {
        Game::stone_of(ply) == Stone::White
    }

    fn check(ours: &Game, theirs: &Game) -> Result<ResumePlan, PeerError> {
        let Message::Resume { moves, hash } = resume_message(theirs) else {
            unreachable!()
        };
        resume_check(ours, &moves, hash, peer_places)
    }

    #[test]
    fn equal_games_resume_as_they_are() {
        assert_eq!(check(&game("h8i9"), &game("h8i9")), Ok(ResumePlan::InStep));
        assert_eq!(check(&game(""), &game("")), Ok(ResumePlan::InStep));
    }

    #[test]
    fn the_side_behind_replays_the_missing_moves_with_their_times() {
        let ahead = game("h8i9j10k11");
        let mut behind = game("h8i9j10");
        let Ok(ResumePlan::CatchUp(missing)) = check(&behind, &ahead) else {
            panic!("{:?}", check(&behind, &ahead))
        };
        assert_eq!(missing, ahead.moves()[3..]);
        for m in missing {
            behind.play_timed(m.point, m.time_ms).unwrap();
        }
        assert_eq!(behind, ahead);
    }

    #[test]
    fn the_side_ahead_waits_for_the_peer() {
        assert_eq!(
            check(&game("h8i9j10"), &game("h8")),
            Ok(ResumePlan::PeerCatchesUp { missing: 2 })
        );
    }

    #[test]
    fn the_peer_cannot_add_moves_that_were_ours_to_play() {
        // j10 would be black's, this side's: the peer made it up.
        assert_eq!(
            check(&game("h8i9"), &game("h8i9j10k11")),
            Err(PeerError::ResumeForeignMove { ply: 2 })
        );
    }

    #[test]
    fn a_declared_ending_is_not_resumed_past() {
        let mut ours = game("h8i9j10");
        ours.end(crate::game::Ending::Resign(Stone::White)).unwrap();
        assert_eq!(
            check(&ours, &game("h8i9j10k11")),
            Err(PeerError::GameOver {
                by: Side::Peer,
                action: Action::Resume
            })
        );
        assert_eq!(check(&ours, &game("h8i9j10")), Ok(ResumePlan::InStep));
    }

    #[test]
    fn games_that_differ_are_refused() {
        assert_eq!(
            check(&game("h8i9j10"), &game("h8i9k10l11")),
            Err(PeerError::Diverged { agreed: 2 })
        );
        assert_eq!(
            check(&game("h8"), &game("i9")),
            Err(PeerError::Diverged { agreed: 0 })
        );
    }

    #[test]
    fn illegal_moves_and_a_wrong_hash_are_refused() {
        let ours = game("h8");
        let h8 = Move {
            point: Point::new(7, 7),
            time_ms: None,
        };
        let twice = [h8, h8];
        let hash = PositionHash::of_moves(Rule::Freestyle, 15, twice.map(|m| m.point));
        assert_eq!(
            resume_check(&ours, &twice, hash, peer_places),
            Err(PeerError::ResumeIllegal {
                index: 1,
                why: PlayError::Occupied(h8.point)
            })
        );
        // Off this board (the codec takes points of the largest board).
        let far = [Move {
            point: Point::new(20, 20),
            time_ms: None,
        }];
        assert!(matches!(
            resume_check(&ours, &far, PositionHash::from_bits(0), peer_places),
            Err(PeerError::ResumeIllegal { index: 0, .. })
        ));
        let wrong = PositionHash::of(&game("h8i9j10"));
        assert_eq!(
            resume_check(&ours, game("h8i9").moves(), wrong, peer_places),
            Err(PeerError::ResumeHashMismatch)
        );
    }
}
