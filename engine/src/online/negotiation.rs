//! Undo requests and draw offers: what needs the other side's consent. `Offers` remembers
//! at most one pending request of each kind from each side, with the ply it was made at,
//! so that an answer counts only for a request really made at the current position, and
//! `undo_count` says how far an accepted undo goes back (both sides compute it alike).
//!
//! The app records its own requests here as well as the peer's, calls `sync` after every
//! change to the game, and, while the local player's undo request is pending, keeps that
//! player from moving: a move would cross the answer, both would be refused, and the two
//! games would differ until a resume.

use super::Side;
use super::check::check_ply;
use super::error::{Action, PeerError};
use crate::board::Stone;
use crate::game::Game;

/// What one side asks the other to agree to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proposal {
    Undo,
    Draw,
}

impl Proposal {
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Proposal::Undo => "an undo request",
            Proposal::Draw => "a draw offer",
        }
    }

    fn request_action(self) -> Action {
        match self {
            Proposal::Undo => Action::UndoRequest,
            Proposal::Draw => Action::DrawOffer,
        }
    }

    fn answer_action(self) -> Action {
        match self {
            Proposal::Undo => Action::UndoAnswer,
            Proposal::Draw => Action::DrawAnswer,
        }
    }
}

/// The pending requests of both kinds from both sides: the ply each was made at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    undo: [Option<u32>; 2],
    draw: [Option<u32>; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::Local => 0,
        Side::Peer => 1,
    }
}

impl Offers {
    pub fn new() -> Offers {
        Offers::default()
    }

    fn slot(&mut self, proposal: Proposal, by: Side) -> &mut Option<u32> {
        match proposal {
            Proposal::Undo => &mut self.undo[index(by)],
            Proposal::Draw => &mut self.draw[index(by)],
        }
    }

    /// The ply of `by`'s pending `proposal`, if any.
    pub fn pending(&self, proposal: Proposal, by: Side) -> Option<u32> {
        match proposal {
            Proposal::Undo => self.undo[index(by)],
            Proposal::Draw => self.draw[index(by)],
        }
    }

    /// Records `by`'s undo request made at `ply`, `by` playing `requester`. Refused after
    /// the game ended (an online game that ended stays ended), for another position, while
    /// another undo request of `by` is pending, or with no move of `by`'s to take back.
    pub fn request_undo(
        &mut self,
        by: Side,
        requester: Stone,
        ply: u32,
        game: &Game,
    ) -> Result<(), PeerError> {
        self.check_request(Proposal::Undo, by, ply, game)?;
        if undo_count(game, requester) == 0 {
            return Err(PeerError::NothingToUndo { by });
        }
        *self.slot(Proposal::Undo, by) = Some(ply);
        Ok(())
    }

    /// Records `by`'s draw offer made at `ply`; refused as `request_undo` is.
    pub fn offer_draw(&mut self, by: Side, ply: u32, game: &Game) -> Result<(), PeerError> {
        self.check_request(Proposal::Draw, by, ply, game)?;
        *self.slot(Proposal::Draw, by) = Some(ply);
        Ok(())
    }

    fn check_request(
        &self,
        proposal: Proposal,
        by: Side,
        ply: u32,
        game: &Game,
    ) -> Result<(), PeerError> {
        let action = proposal.request_action();
        if game.is_over() {
            return Err(PeerError::GameOver { by, action });
        }
        check_ply(game, by, action, ply)?;
        if self.pending(proposal, by).is_some() {
            return Err(PeerError::AlreadyPending { by, proposal });
        }
        Ok(())
    }

    /// Takes `by`'s answer to the other side's pending `proposal`, which must have been
    /// made at `ply`, this game's position. Either way the request is then settled; on
    /// `Ok`, an accepted undo takes back `undo_count` moves of the requester, an accepted
    /// draw ends the game. An answer to no request, or to one withdrawn by a move since,
    /// is refused and changes nothing.
    pub fn answer(
        &mut self,
        proposal: Proposal,
        by: Side,
        ply: u32,
        game: &Game,
    ) -> Result<(), PeerError> {
        let action = proposal.answer_action();
        let asker = by.other();
        if game.is_over() {
            return Err(PeerError::GameOver { by, action });
        }
        let Some(asked_at) = self.pending(proposal, asker) else {
            return Err(PeerError::NothingToAnswer { by, proposal });
        };
        check_ply(game, by, action, ply)?;
        if asked_at != ply {
            // `sync` was not called after a change: the request is stale all the same.
            return Err(PeerError::NothingToAnswer { by, proposal });
        }
        *self.slot(proposal, asker) = None;
        Ok(())
    }

    /// Withdraws every request made at another position than `game`'s: a move (or an
    /// undo) since the request changed what it was about.
    pub fn sync(&mut self, game: &Game) {
        let ply = u32::try_from(game.moves().len()).ok();
        for slot in self.undo.iter_mut().chain(self.draw.iter_mut()) {
            if *slot != ply {
                *slot = None;
            }
        }
        if game.is_over() {
            *self = Offers::default();
        }
    }
}

/// How many moves an accepted undo of `requester` takes back: its last move, and the
/// reply to it if there is one, so that `requester` is to move again. 0 when `requester`
/// has no move on the board. (Counted by colour, so not for the Swap2 opening, where one
/// player places stones of both colours; the app offers no undo there.)
pub fn undo_count(game: &Game, requester: Stone) -> usize {
    let moves = game.moves().len();
    (0..moves)
        .rev()
        .find(|&i| Game::stone_of(i) == requester)
        .map_or(0, |last| moves - last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::rules::Rule;

    fn game(moves: &str) -> Game {
        Game::from_moves(15, Rule::Freestyle, parse_moves(moves, 15).unwrap()).unwrap()
    }

    #[test]
    fn undo_goes_back_to_the_requesters_turn() {
        // Black asks after white replied: black's move and white's reply go.
        assert_eq!(undo_count(&game("h8i9"), Stone::Black), 2);
        // Black asks before white replied: only black's move goes.
        assert_eq!(undo_count(&game("h8i9j10"), Stone::Black), 1);
        assert_eq!(undo_count(&game("h8i9j10"), Stone::White), 2);
        // Nothing of the requester's on the board.
        assert_eq!(undo_count(&game(""), Stone::Black), 0);
        assert_eq!(undo_count(&game("h8"), Stone::White), 0);
    }

    #[test]
    fn an_accepted_undo_is_answered_once_and_counted_alike() {
        let g = game("h8i9j10");
        let mut offers = Offers::new();
        // The peer plays white and asks at ply 3, after black's j10.
        offers
            .request_undo(Side::Peer, Stone::White, 3, &g)
            .unwrap();
        assert_eq!(offers.pending(Proposal::Undo, Side::Peer), Some(3));
        offers.answer(Proposal::Undo, Side::Local, 3, &g).unwrap();
        assert_eq!(offers.pending(Proposal::Undo, Side::Peer), None);
        assert_eq!(undo_count(&g, Stone::White), 2);
        // A second answer finds nothing to answer.
        assert_eq!(
            offers.answer(Proposal::Undo, Side::Local, 3, &g),
            Err(PeerError::NothingToAnswer {
                by: Side::Local,
                proposal: Proposal::Undo
            })
        );
    }

    #[test]
    fn an_answer_to_no_request_is_refused() {
        let g = game("h8i9");
        let mut offers = Offers::new();
        let before = offers.clone();
        assert_eq!(
            offers.answer(Proposal::Draw, Side::Peer, 2, &g),
            Err(PeerError::NothingToAnswer {
                by: Side::Peer,
                proposal: Proposal::Draw
            })
        );
        // Its own request is no request to answer: the peer cannot accept its own offer.
        offers.offer_draw(Side::Peer, 2, &g).unwrap();
        assert!(offers.answer(Proposal::Draw, Side::Peer, 2, &g).is_err());
        assert_ne!(offers, before);
        assert_eq!(offers.pending(Proposal::Draw, Side::Peer), Some(2));
    }

    #[test]
    fn a_move_withdraws_older_requests_and_a_stale_answer_is_refused() {
        let mut g = game("h8i9");
        let mut offers = Offers::new();
        offers.offer_draw(Side::Local, 2, &g).unwrap();
        offers
            .request_undo(Side::Local, Stone::Black, 2, &g)
            .unwrap();
        g.play(parse_moves("j10", 15).unwrap()[0]).unwrap();
        offers.sync(&g);
        assert_eq!(offers.pending(Proposal::Draw, Side::Local), None);
        assert_eq!(offers.pending(Proposal::Undo, Side::Local), None);
        // The peer's acceptance, sent before it saw the move, arrives now.
        assert_eq!(
            offers.answer(Proposal::Draw, Side::Peer, 2, &g),
            Err(PeerError::NothingToAnswer {
                by: Side::Peer,
                proposal: Proposal::Draw
            })
        );
    }

    #[test]
    fn an_answer_matching_the_game_but_not_the_request_is_refused() {
        // The request was made at ply 2; a move followed and `sync` has not run yet.
        let mut g = game("h8i9");
        let mut offers = Offers::new();
        offers.offer_draw(Side::Local, 2, &g).unwrap();
        g.play(parse_moves("j10", 15).unwrap()[0]).unwrap();
        assert_eq!(
            offers.answer(Proposal::Draw, Side::Peer, 3, &g),
            Err(PeerError::NothingToAnswer {
                by: Side::Peer,
                proposal: Proposal::Draw
            })
        );
    }

    #[test]
    fn an_answer_for_another_ply_is_refused_and_leaves_the_request() {
        let g = game("h8i9");
        let mut offers = Offers::new();
        offers.offer_draw(Side::Local, 2, &g).unwrap();
        assert!(matches!(
            offers.answer(Proposal::Draw, Side::Peer, 1, &g),
            Err(PeerError::WrongPly {
                got: 1,
                expected: 2,
                ..
            })
        ));
        assert_eq!(offers.pending(Proposal::Draw, Side::Local), Some(2));
    }

    #[test]
    fn requests_are_refused_when_stale_repeated_empty_or_after_the_end() {
        let g = game("h8i9");
        let mut offers = Offers::new();
        assert!(matches!(
            offers.offer_draw(Side::Peer, 1, &g),
            Err(PeerError::WrongPly { .. })
        ));
        offers.offer_draw(Side::Peer, 2, &g).unwrap();
        assert_eq!(
            offers.offer_draw(Side::Peer, 2, &g),
            Err(PeerError::AlreadyPending {
                by: Side::Peer,
                proposal: Proposal::Draw
            })
        );
        assert_eq!(
            offers.request_undo(Side::Peer, Stone::White, 0, &game("")),
            Err(PeerError::NothingToUndo { by: Side::Peer })
        );
        let won = game("a1b1a2b2a3b3a4b4a5");
        assert!(matches!(
            Offers::new().request_undo(Side::Peer, Stone::White, 9, &won),
            Err(PeerError::GameOver { .. })
        ));
    }
}
