//! The pieces together, as the app will use them: a minimal referee for one side feeds
//! the peer's messages through `decode` and the checks, and a property test drives it
//! with random mixes of valid, stale, forged and malformed messages. Whatever arrives, the
//! game changes only by an action the rules and the local player allow.

use super::*;
use crate::board::Point;
use crate::game::{Ending, Move, Outcome};
use crate::rules::Rule;
use proptest::prelude::*;

const SIZE: u8 = 7;
/// This side plays black, the peer white.
const LOCAL: Stone = Stone::Black;
const PEER: Stone = Stone::White;

#[derive(Debug)]
struct Referee {
    game: Game,
    offers: Offers,
}

impl Referee {
    fn new() -> Referee {
        Referee {
            game: Game::new(SIZE, Rule::Freestyle).unwrap(),
            offers: Offers::new(),
        }
    }

    fn ply(&self) -> u32 {
        self.game.moves().len() as u32
    }

    /// Handles one message from the peer; `Ok` when it was accepted (or needs no check).
    fn receive(&mut self, bytes: &[u8]) -> Result<(), String> {
        let message = decode(bytes).map_err(|e| e.to_string())?;
        let game = &mut self.game;
        let result = match message {
            Message::Move {
                ply,
                at,
                used_ms,
                hash,
            } => check_peer_move(game, Side::to_move(game, PEER), ply, at, hash).map(|at| {
                game.play_timed(at, Some(used_ms)).expect("checked");
            }),
            Message::UndoRequest { ply } => self.offers.request_undo(Side::Peer, PEER, ply, game),
            Message::UndoAnswer { ply, accepted } => self
                .offers
                .answer(Proposal::Undo, Side::Peer, ply, game)
                .map(|()| {
                    if accepted {
                        for _ in 0..undo_count(game, LOCAL) {
                            game.undo();
                        }
                    }
                }),
            Message::DrawOffer { ply } => self.offers.offer_draw(Side::Peer, ply, game),
            Message::DrawAnswer { ply, accepted } => self
                .offers
                .answer(Proposal::Draw, Side::Peer, ply, game)
                .map(|()| {
                    if accepted {
                        game.end(Ending::DrawAgreed).expect("checked");
                    }
                }),
            Message::Resign { ply } => check_resign(game, ply).map(|()| {
                game.end(Ending::Resign(PEER)).expect("checked");
            }),
            Message::Resume { moves, hash } => {
                resume_check(game, &moves, hash, |ply| Game::stone_of(ply) == PEER).map(|plan| {
                    if let ResumePlan::CatchUp(missing) = plan {
                        for m in missing {
                            game.play_timed(m.point, m.time_ms).expect("checked");
                        }
                    }
                })
            }
            _ => Ok(()),
        };
        self.offers.sync(&self.game);
        result.map_err(|e| e.to_string())
    }
}

/// What the peer (honest, confused or hostile) sends next.
#[derive(Clone, Debug)]
enum Send {
    /// A move with the right ply and hash, legal or not.
    Move(u8, u8),
    /// A move with a made-up ply or hash.
    Forged(u8, u8, u32, u64),
    Undo,
    UndoAnswer(bool),
    Draw,
    DrawAnswer(bool),
    Resign,
    /// The current game plus some points (as a resume).
    Resume(Vec<(u8, u8)>),
    /// Arbitrary bytes.
    Junk(Vec<u8>),
    /// The local player moves (first free point) or asks for an undo or a draw.
    LocalMove,
    LocalUndo,
    LocalDraw,
}

fn send() -> impl Strategy<Value = Send> {
    let coord = || 0u8..SIZE + 2;
    prop_oneof![
        4 => (coord(), coord()).prop_map(|(c, r)| Send::Move(c, r)),
        1 => (coord(), coord(), 0u32..12, any::<u64>()).prop_map(|(c, r, p, h)| Send::Forged(c, r, p, h)),
        1 => Just(Send::Undo),
        1 => any::<bool>().prop_map(Send::UndoAnswer),
        1 => Just(Send::Draw),
        1 => any::<bool>().prop_map(Send::DrawAnswer),
        1 => Just(Send::Resign),
        1 => prop::collection::vec((coord(), coord()), 0..4).prop_map(Send::Resume),
        1 => prop::collection::vec(any::<u8>(), 0..40).prop_map(Send::Junk),
        3 => Just(Send::LocalMove),
        1 => Just(Send::LocalUndo),
        1 => Just(Send::LocalDraw),
    ]
}

fn line(message: &Message) -> Vec<u8> {
    encode(message).unwrap().into_bytes()
}

proptest! {
    #[test]
    fn the_game_changes_only_by_allowed_actions(script in prop::collection::vec(send(), 0..40)) {
        let mut referee = Referee::new();
        for step in script {
            let before = referee.game.clone();
            let local_undo_pending = referee.offers.pending(Proposal::Undo, Side::Local).is_some();
            let local_draw_pending = referee.offers.pending(Proposal::Draw, Side::Local).is_some();
            let ply = referee.ply();
            let bytes = match step {
                Send::LocalMove => {
                    if !before.is_over() && before.to_move() == LOCAL {
                        let free = before.board().points().find(|&p| before.check(p).is_ok());
                        if let Some(p) = free {
                            referee.game.play(p).unwrap();
                            referee.offers.sync(&referee.game);
                        }
                    }
                    continue;
                }
                Send::LocalUndo => {
                    let _ = referee.offers.request_undo(Side::Local, LOCAL, ply, &before);
                    continue;
                }
                Send::LocalDraw => {
                    let _ = referee.offers.offer_draw(Side::Local, ply, &before);
                    continue;
                }
                Send::Move(c, r) => {
                    let at = Point::new(c, r);
                    line(&Message::Move { ply, at, used_ms: 5, hash: PositionHash::after(&before, at) })
                }
                Send::Forged(c, r, p, h) => line(&Message::Move {
                    ply: p,
                    at: Point::new(c, r),
                    used_ms: 5,
                    hash: PositionHash::from_bits(h),
                }),
                Send::Undo => line(&Message::UndoRequest { ply }),
                Send::UndoAnswer(accepted) => line(&Message::UndoAnswer { ply, accepted }),
                Send::Draw => line(&Message::DrawOffer { ply }),
                Send::DrawAnswer(accepted) => line(&Message::DrawAnswer { ply, accepted }),
                Send::Resign => line(&Message::Resign { ply }),
                Send::Resume(extra) => {
                    let points: Vec<Point> = before
                        .points()
                        .chain(extra.iter().map(|&(c, r)| Point::new(c, r)))
                        .collect();
                    let moves = points.iter().map(|&point| Move { point, time_ms: None }).collect();
                    let hash = PositionHash::of_moves(before.rule(), SIZE, points);
                    line(&Message::Resume { moves, hash })
                }
                Send::Junk(bytes) => bytes,
            };
            let result = referee.receive(&bytes);
            let after = &referee.game;
            if result.is_err() {
                prop_assert_eq!(after, &before, "a refused message changed the game");
                continue;
            }
            let (old, new) = (before.moves(), after.moves());
            if new.len() >= old.len() {
                // Grown: every move this side had is kept, and every new one was the peer's
                // to place, legal where it was played (the game replays), with the outcome
                // only over by the board or an ending the peer declared or local offered.
                prop_assert_eq!(&new[..old.len()], old);
                for ply in old.len()..new.len() {
                    prop_assert_eq!(Game::stone_of(ply), PEER, "the peer moved for this side");
                }
                let replayed = Game::from_moves(SIZE, Rule::Freestyle, after.points()).unwrap();
                prop_assert_eq!(replayed.board(), after.board());
                if after.outcome() != before.outcome() {
                    match after.outcome() {
                        Outcome::DrawAgreed => {
                            prop_assert!(local_draw_pending && new.len() == old.len())
                        }
                        Outcome::Resigned { winner } => prop_assert_eq!(*winner, LOCAL),
                        other => prop_assert_eq!(other, replayed.outcome()),
                    }
                }
            } else {
                // Shrunk: only by an undo this side asked for, back to its own turn.
                prop_assert!(local_undo_pending, "history rewritten without consent");
                prop_assert_eq!(old.len() - new.len(), undo_count(&before, LOCAL));
                prop_assert_eq!(&old[..new.len()], new);
                prop_assert_eq!(after.to_move(), LOCAL);
            }
        }
    }
}

#[test]
fn an_honest_exchange_plays_out() {
    let mut referee = Referee::new();
    let peer_moves = [Point::new(0, 0), Point::new(0, 1)];
    for at in peer_moves {
        referee
            .game
            .play(Point::new(3, 3 + referee.ply() as u8 / 2))
            .unwrap();
        let ply = referee.ply();
        let hash = PositionHash::after(&referee.game, at);
        let message = Message::Move {
            ply,
            at,
            used_ms: 900,
            hash,
        };
        assert_eq!(referee.receive(&line(&message)), Ok(()));
        assert_eq!(referee.game.last_move(), Some(at));
    }
    // The peer asks to take back its last move; this side (the test) agrees and undoes.
    let ply = referee.ply();
    assert_eq!(
        referee.receive(&line(&Message::UndoRequest { ply })),
        Ok(())
    );
    referee
        .offers
        .answer(Proposal::Undo, Side::Local, ply, &referee.game)
        .unwrap();
    assert_eq!(undo_count(&referee.game, PEER), 1);
    // A second answer by the peer to its own request is refused.
    assert!(
        referee
            .receive(&line(&Message::UndoAnswer {
                ply,
                accepted: true
            }))
            .is_err()
    );
    assert_eq!(referee.game.moves().len(), 4);
}
