//! The online protocol: `online::decode` on arbitrary lines (an input is one or more
//! messages, one a line), and what decodes is judged on a small game the way the app
//! judges a peer's messages: moves through `check_peer_move` (as sent, and again with the
//! right hash so that play goes on), undo and draw through `Offers`, resignations through
//! `check_resign`, resumes through `resume_check`. This side plays black and answers each
//! accepted peer move with the first legal point.
//!
//! Checked: decoding never panics; what decodes is in canonical form (it encodes back to
//! the same bytes) and decodes again to the same message; errors are one line; a refused
//! action leaves the game as it was; an accepted move is the peer's, legal, and gives the
//! hash the peer sent; the game always replays from its own moves.

#![no_main]

use gomoku_engine::game::{Ending, Game, Move};
use gomoku_engine::online::{
    Message, Offers, PositionHash, Proposal, ResumePlan, Side, check_peer_move, check_resign,
    decode, encode, resume_check, undo_count,
};
use gomoku_engine::{Rule, Stone};
use libfuzzer_sys::fuzz_target;

const SIZE: u8 = 9;
const LOCAL: Stone = Stone::Black;
const PEER: Stone = Stone::White;

fn one_line(text: &str) {
    assert!(!text.is_empty() && !text.contains(['\n', '\r']), "{text:?}");
}

struct Referee {
    game: Game,
    offers: Offers,
}

impl Referee {
    fn ply(&self) -> u32 {
        self.game.moves().len() as u32
    }

    fn play_peer(&mut self, m: Move) {
        let before = self.game.moves().len();
        assert_eq!(Game::stone_of(before), PEER, "the peer moved for this side");
        self.game
            .play_timed(m.point, m.time_ms)
            .expect("an accepted move is legal");
    }

    /// This side's reply: the first legal point, if it is this side's turn.
    fn reply(&mut self) {
        let game = &self.game;
        if !game.is_over()
            && game.to_move() == LOCAL
            && let Some(p) = game.board().points().find(|&p| game.check(p).is_ok())
        {
            self.game.play(p).expect("checked");
        }
    }

    fn judge(&mut self, message: Message) {
        let before = self.game.clone();
        let result = match message {
            Message::Move {
                ply,
                at,
                used_ms,
                hash,
            } => {
                let turn = Side::to_move(&self.game, PEER);
                let sent = check_peer_move(&self.game, turn, ply, at, hash);
                let fixed = check_peer_move(
                    &self.game,
                    turn,
                    self.ply(),
                    at,
                    PositionHash::after(&self.game, at),
                );
                if sent.is_ok() {
                    assert_eq!(sent, fixed);
                }
                fixed.map(|p| {
                    self.play_peer(Move {
                        point: p,
                        time_ms: Some(used_ms),
                    });
                    assert_eq!(
                        PositionHash::of(&self.game),
                        PositionHash::after(&before, p)
                    );
                    self.reply();
                })
            }
            Message::UndoRequest { ply } => {
                let asked = self.offers.request_undo(Side::Peer, PEER, ply, &self.game);
                // This side agrees to every request it can.
                asked.and_then(|()| {
                    self.offers
                        .answer(Proposal::Undo, Side::Local, ply, &self.game)
                        .map(|()| {
                            let plies = undo_count(&self.game, PEER);
                            assert!((1..=2).contains(&plies));
                            for _ in 0..plies {
                                self.game.undo();
                            }
                            assert_eq!(self.game.to_move(), PEER);
                        })
                })
            }
            Message::UndoAnswer { ply, accepted } => self
                .offers
                .answer(Proposal::Undo, Side::Peer, ply, &self.game)
                .map(|()| {
                    if accepted {
                        for _ in 0..undo_count(&self.game, LOCAL) {
                            self.game.undo();
                        }
                    }
                }),
            Message::DrawOffer { ply } => {
                // This side offers a draw back now and then, so answers can match.
                let _ = self.offers.offer_draw(Side::Local, self.ply(), &self.game);
                self.offers.offer_draw(Side::Peer, ply, &self.game)
            }
            Message::DrawAnswer { ply, accepted } => self
                .offers
                .answer(Proposal::Draw, Side::Peer, ply, &self.game)
                .map(|()| {
                    if accepted {
                        self.game.end(Ending::DrawAgreed).expect("ongoing");
                    }
                }),
            Message::Resign { ply } => check_resign(&self.game, ply).map(|()| {
                self.game.end(Ending::Resign(PEER)).expect("ongoing");
            }),
            Message::Resume { moves, hash } => {
                resume_check(&self.game, &moves, hash, |ply| Game::stone_of(ply) == PEER).map(
                    |plan| {
                        if let ResumePlan::CatchUp(missing) = plan {
                            for m in missing {
                                self.play_peer(m);
                            }
                            assert_eq!(PositionHash::of(&self.game), hash);
                        }
                    },
                )
            }
            Message::NextGame { .. } if self.game.is_over() => {
                self.game.new_game();
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = result {
            one_line(&e.to_string());
            assert_eq!(self.game, before, "a refused action changed the game: {e}");
        }
        self.offers.sync(&self.game);
        let replayed = Game::from_moves(SIZE, Rule::Freestyle, self.game.points())
            .expect("the game replays from its own moves");
        assert_eq!(replayed.board(), self.game.board());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut referee = Referee {
        game: Game::new(SIZE, Rule::Freestyle).expect("valid size"),
        offers: Offers::new(),
    };
    for line in data.split(|&b| b == b'\n').take(64) {
        match decode(line) {
            Ok(message) => {
                let text = encode(&message).expect("a decoded message encodes");
                assert_eq!(text.as_bytes(), line, "not canonical");
                assert_eq!(decode(text.as_bytes()).as_ref(), Ok(&message));
                referee.judge(message);
            }
            Err(e) => one_line(&e.to_string()),
        }
    }
});
