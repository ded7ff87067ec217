//! The receiving side's judge of the peer's ply-stamped actions: pure functions over this
//! side's `Game`, which say whether to apply an action, never apply it themselves.

use super::Side;
use super::error::{Action, PeerError};
use super::hash::PositionHash;
use crate::board::Point;
use crate::game::Game;

/// This side's ply: the moves on its board. A game holds at most 625 moves, so it fits.
fn current_ply(game: &Game) -> u32 {
    u32::try_from(game.moves().len()).unwrap_or(u32::MAX)
}

/// Checks the peer's move `at`, sent as move number `ply` with `hash` the position after
/// it, when `turn` says who places the next stone (`Side::to_move`, or the Swap2 opening's
/// state). Accepts only a move for the peer's own turn, at this side's ply, on the board,
/// legal by `Game::check`, and leading to the position the peer says; then the caller
/// plays the returned point (`Game::play_timed` with the sent time).
pub fn check_peer_move(
    game: &Game,
    turn: Side,
    ply: u32,
    at: Point,
    hash: PositionHash,
) -> Result<Point, PeerError> {
    if game.is_over() {
        return Err(PeerError::GameOver {
            by: Side::Peer,
            action: Action::Move,
        });
    }
    if turn != Side::Peer {
        return Err(PeerError::OutOfTurn { at });
    }
    check_ply(game, Side::Peer, Action::Move, ply)?;
    if !game.board().contains(at) {
        return Err(PeerError::OffBoard {
            at,
            size: game.size(),
        });
    }
    game.check(at)
        .map_err(|why| PeerError::Illegal { at, why })?;
    if PositionHash::after(game, at) != hash {
        return Err(PeerError::PositionsDiffer { at });
    }
    Ok(at)
}

/// Checks that `by`'s `action` was made at this side's position: its `ply` is the number
/// of moves on this side's board. For Swap2 and colour choices, which only make sense for
/// the exact position they answer.
pub fn check_ply(game: &Game, by: Side, action: Action, ply: u32) -> Result<(), PeerError> {
    let expected = current_ply(game);
    if ply == expected {
        Ok(())
    } else {
        Err(PeerError::WrongPly {
            by,
            action,
            got: ply,
            expected,
        })
    }
}

/// Checks the peer's resignation. It may have crossed a move of this side (its ply then
/// is one less), which does not make it any less meant; one for a position this side
/// never reached is refused, and so is one after the game ended.
pub fn check_resign(game: &Game, ply: u32) -> Result<(), PeerError> {
    if game.is_over() {
        return Err(PeerError::GameOver {
            by: Side::Peer,
            action: Action::Resign,
        });
    }
    let expected = current_ply(game);
    if ply > expected {
        return Err(PeerError::WrongPly {
            by: Side::Peer,
            action: Action::Resign,
            got: ply,
            expected,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Stone;
    use crate::game::{Ending, PlayError};
    use crate::notation::parse_moves;
    use crate::rules::Rule;
    use proptest::prelude::*;

    fn game(rule: Rule, moves: &str) -> Game {
        Game::from_moves(15, rule, parse_moves(moves, 15).unwrap()).unwrap()
    }

    fn pt(text: &str) -> Point {
        parse_moves(text, 15).unwrap()[0]
    }

    /// The peer plays white: after h8 it is the peer's turn, at ply 1.
    fn peer_white_after_h8() -> Game {
        game(Rule::Freestyle, "h8")
    }

    #[test]
    fn a_legal_move_on_the_peers_turn_with_the_right_hash_is_accepted() {
        let g = peer_white_after_h8();
        let turn = Side::to_move(&g, Stone::White);
        let at = pt("i9");
        assert_eq!(
            check_peer_move(&g, turn, 1, at, PositionHash::after(&g, at)),
            Ok(at)
        );
    }

    #[test]
    fn a_move_out_of_turn_is_refused() {
        let g = peer_white_after_h8();
        // The peer plays black here, so white (this side) is to move.
        let turn = Side::to_move(&g, Stone::Black);
        let at = pt("i9");
        assert_eq!(
            check_peer_move(&g, turn, 1, at, PositionHash::after(&g, at)),
            Err(PeerError::OutOfTurn { at })
        );
    }

    #[test]
    fn a_move_for_another_ply_is_refused() {
        let g = peer_white_after_h8();
        let at = pt("i9");
        let hash = PositionHash::after(&g, at);
        for ply in [0, 2, u32::MAX] {
            assert_eq!(
                check_peer_move(&g, Side::Peer, ply, at, hash),
                Err(PeerError::WrongPly {
                    by: Side::Peer,
                    action: Action::Move,
                    got: ply,
                    expected: 1
                })
            );
        }
    }

    #[test]
    fn a_move_with_another_hash_is_refused() {
        let g = peer_white_after_h8();
        let at = pt("i9");
        // The hash of the peer having played elsewhere: the games differ.
        let elsewhere = PositionHash::after(&g, pt("j10"));
        assert_eq!(
            check_peer_move(&g, Side::Peer, 1, at, elsewhere),
            Err(PeerError::PositionsDiffer { at })
        );
    }

    #[test]
    fn occupied_off_board_and_forbidden_points_are_refused() {
        let g = peer_white_after_h8();
        let h8 = pt("h8");
        assert_eq!(
            check_peer_move(&g, Side::Peer, 1, h8, PositionHash::after(&g, h8)),
            Err(PeerError::Illegal {
                at: h8,
                why: PlayError::Occupied(h8)
            })
        );
        let off = Point::new(15, 3);
        assert_eq!(
            check_peer_move(&g, Side::Peer, 1, off, PositionHash::after(&g, off)),
            Err(PeerError::OffBoard { at: off, size: 15 })
        );
        // Renju: black's double three at h8 (h9-h10 and i8-j8 already black).
        let renju = game(Rule::Renju, "h9a1h10a3i8a5j8a7");
        let h8 = pt("h8");
        let refused = check_peer_move(&renju, Side::Peer, 8, h8, PositionHash::after(&renju, h8));
        assert!(
            matches!(
                refused,
                Err(PeerError::Illegal {
                    why: PlayError::Forbidden(..),
                    ..
                })
            ),
            "{refused:?}"
        );
    }

    #[test]
    fn no_move_is_accepted_after_the_game_ended() {
        let mut g = peer_white_after_h8();
        g.end(Ending::Resign(Stone::Black)).unwrap();
        let at = pt("i9");
        assert_eq!(
            check_peer_move(&g, Side::Peer, 1, at, PositionHash::after(&g, at)),
            Err(PeerError::GameOver {
                by: Side::Peer,
                action: Action::Move
            })
        );
        assert!(check_resign(&g, 1).is_err());
    }

    #[test]
    fn choices_need_the_exact_ply_and_resignations_may_lag_one_move() {
        let g = game(Rule::Freestyle, "h8i9j10");
        assert_eq!(check_ply(&g, Side::Peer, Action::Swap2Choice, 3), Ok(()));
        assert!(check_ply(&g, Side::Peer, Action::Swap2Choice, 2).is_err());
        assert_eq!(check_resign(&g, 3), Ok(()));
        assert_eq!(check_resign(&g, 2), Ok(()));
        assert!(check_resign(&g, 4).is_err());
    }

    proptest! {
        /// The check accepts exactly when every condition holds, judged here without it.
        #[test]
        fn accepts_exactly_the_legal_moves_of_the_peers_turn(
            cells in prop::collection::vec((0u8..9, 0u8..9), 0..20),
            peer_turn in any::<bool>(),
            ply_offset in -1i64..=1,
            at in (0u8..11, 0u8..11),
            right_hash in any::<bool>(),
        ) {
            let mut g = Game::new(9, Rule::Freestyle).unwrap();
            for (c, r) in cells {
                let _ = g.play(Point::new(c, r));
            }
            let at = Point::new(at.0, at.1);
            let ply = (g.moves().len() as i64 + ply_offset).max(0) as u32;
            let hash = if right_hash {
                PositionHash::after(&g, at)
            } else {
                PositionHash::from_bits(PositionHash::after(&g, at).bits() ^ 1)
            };
            let turn = if peer_turn { Side::Peer } else { Side::Local };
            let before = g.clone();
            let verdict = check_peer_move(&g, turn, ply, at, hash);
            let expected = !g.is_over()
                && peer_turn
                && ply as usize == g.moves().len()
                && at.col < 9 && at.row < 9
                && g.board().get(at).is_none()
                && right_hash;
            prop_assert_eq!(verdict.is_ok(), expected, "{:?}", verdict);
            prop_assert_eq!(&g, &before);
            if verdict.is_ok() {
                g.play(at).unwrap();
                prop_assert_eq!(PositionHash::of(&g), hash);
            }
        }
    }
}
