//! `SWAP2BOARD`: the Swap2 opening over the Gomocup protocol, as Gomocup's experimental
//! tournaments defined it (gomocup.org, "Experimental Tournament", 2020 and 2021) and
//! AlphaGomoku and KataGomo answer it. The manager sends `SWAP2BOARD`, then the stones
//! placed so far one `x,y` a line (no owner field: they alternate black, white, black...),
//! then `DONE`. The brain answers by the number of stones:
//!
//! - 0: the three opening stones on one line, `x,y x,y x,y` (black, white, black);
//! - 3: `SWAP` (it takes black; the opener plays white's move 4), one point (it stays
//!   white and plays it as move 4), or two points (moves 4 and 5, white and black; the
//!   opener then chooses);
//! - 5: `SWAP` (it takes black; the other plays white's move 6) or one point (it plays
//!   white's move 6).
//!
//! The brain's game afterwards holds the stones with its answer played, so that a `TURN`
//! can follow as well as the `BOARD` a manager normally sends next.

use super::{Brain, Reply};
use crate::ai::swap2::{Swap2Decision, decide_by};
use crate::ai::{Limits, SearchSettings, next_seed};
use crate::board::Point;
use crate::game::Game;
use crate::swap2::Swap2Stage;
use std::sync::atomic::AtomicBool;

impl Brain {
    /// `SWAP2BOARD`: the stone lines and `DONE` follow.
    pub(super) fn begin_swap2(&mut self) -> Reply {
        if self.game.is_none() {
            return Reply::error("no game: send START first");
        }
        self.swap2_lines = Some(Vec::new());
        Reply::none()
    }

    /// One line after `SWAP2BOARD`: a stone `x,y`, or `DONE`.
    pub(super) fn swap2_line(&mut self, line: &str) -> Reply {
        if line.eq_ignore_ascii_case("DONE") {
            let stones = self.swap2_lines.take().unwrap_or_default();
            return self.finish_swap2(stones);
        }
        let size = self.game.as_ref().map_or(0, Game::size);
        let parsed = match line.split(',').count() {
            2 => self.to_point(line, size),
            _ => Err(format!("expected x,y or DONE but got '{line}'")),
        };
        match parsed {
            Ok(p) => {
                self.swap2_lines.get_or_insert_default().push(p);
                Reply::none()
            }
            Err(e) => Reply::error(e),
        }
    }

    fn finish_swap2(&mut self, stones: Vec<Point>) -> Reply {
        let Some(size) = self.game.as_ref().map(Game::size) else {
            return Reply::error("no game: send START first");
        };
        let stage = match stones.len() {
            0 => Swap2Stage::PlaceThree,
            3 => Swap2Stage::SecondChooses,
            5 => Swap2Stage::FirstChooses,
            n => {
                return Reply::error(format!("SWAP2BOARD needs 0, 3 or 5 stones, got {n}"));
            }
        };
        let game = match Game::set_up(size, self.rule, stones) {
            Ok(game) if !game.is_over() => game,
            Ok(_) => return Reply::error("bad SWAP2BOARD: the game is already won"),
            Err(e) => return Reply::error(format!("bad SWAP2BOARD: {e}")),
        };
        self.seed = next_seed(self.seed);
        let settings = SearchSettings {
            level: self.level,
            limits: Limits::time(self.turn_budget_ms()),
            seed: self.seed,
        };
        // The brain's own engine: its threads and table memory, as INFO set them.
        let cancel = AtomicBool::new(false);
        let engine = &self.engine;
        let decided = decide_by(&game, stage, &settings, |position, each| {
            engine.search(position, each, &cancel)
        });
        let Some(decision) = decided else {
            return Reply::error("no Swap2 decision in that position");
        };
        let mut game = game;
        let placed: Vec<Point> = match decision {
            Swap2Decision::Open(stones) => stones.to_vec(),
            Swap2Decision::TakeBlack => Vec::new(),
            Swap2Decision::TakeWhite(p) => vec![p],
            Swap2Decision::PlaceTwo(pair) => pair.to_vec(),
        };
        for p in &placed {
            if let Err(e) = game.play(*p) {
                return Reply::error(format!("the brain's own Swap2 stone was refused: {e}"));
            }
        }
        self.game = Some(game);
        if placed.is_empty() {
            return Reply::line("SWAP");
        }
        let points: Vec<String> = placed.iter().map(|&p| Brain::format(p, size)).collect();
        Reply::line(points.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::board::Stone;

    fn run(brain: &mut Brain, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|l| brain.handle(l).lines).collect()
    }

    fn started() -> Brain {
        let mut b = Brain::new(Level::MAX);
        run(
            &mut b,
            &["START 15", "INFO timeout_turn 500", "INFO rule 1"],
        );
        b
    }

    /// The points of a reply of `x,y` tokens, checked to be on a 15x15 board.
    fn points(reply: &str) -> Vec<Point> {
        let b = Brain::default();
        reply
            .split(' ')
            .map(|t| {
                b.to_point(t, 15)
                    .unwrap_or_else(|e| panic!("{reply:?}: {e}"))
            })
            .collect()
    }

    #[test]
    fn with_no_stones_it_opens_with_three_near_the_centre() {
        let mut b = started();
        let reply = run(&mut b, &["SWAP2BOARD", "DONE"]);
        assert_eq!(reply.len(), 1, "{reply:?}");
        let stones = points(&reply[0]);
        assert_eq!(stones.len(), 3, "{reply:?}");
        assert_eq!(
            reply[0].split(' ').next(),
            Some("7,7"),
            "black's first in the centre"
        );
        let game = b.game().unwrap();
        assert_eq!(game.points().collect::<Vec<_>>(), stones);
        assert_eq!(game.to_move(), Stone::White);
    }

    #[test]
    fn with_three_stones_it_swaps_plays_white_or_places_two() {
        // White's stone in a corner: black is far better, so the brain takes black.
        let mut b = started();
        assert_eq!(
            run(&mut b, &["SWAP2BOARD", "7,7", "0,14", "8,6", "DONE"]),
            ["SWAP"]
        );
        assert_eq!(b.game().unwrap().moves().len(), 3);
        // Black's stones in two corners, white's in the centre: it stays white and plays.
        let mut b = started();
        let reply = run(&mut b, &["SWAP2BOARD", "0,14", "7,7", "0,0", "DONE"]);
        let moved = points(&reply[0]);
        assert_eq!(moved.len(), 1, "{reply:?}");
        assert_eq!(b.game().unwrap().last_move(), Some(moved[0]));
        assert_eq!(b.game().unwrap().moves().len(), 4);
        // A near-balanced opening of the shared set: any of the three answers is a
        // choice, but each must be well-formed and played.
        let mut b = started();
        let reply = run(&mut b, &["SWAP2BOARD", "7,7", "8,7", "3,6", "DONE"]);
        let game = b.game().unwrap();
        match reply[0].as_str() {
            "SWAP" => assert_eq!(game.moves().len(), 3),
            answer => {
                let placed = points(answer);
                assert!((1..=2).contains(&placed.len()), "{reply:?}");
                assert_eq!(game.points().skip(3).collect::<Vec<_>>(), placed);
            }
        }
    }

    #[test]
    fn with_five_stones_it_takes_black_or_plays_whites_move() {
        // Black's open three, white to move: black is better, so SWAP (take black).
        let mut b = started();
        let lines = ["SWAP2BOARD", "7,7", "0,14", "7,6", "0,0", "7,5", "DONE"];
        assert_eq!(run(&mut b, &lines), ["SWAP"]);
        // White's two stones in the centre, black's three in corners: it plays white.
        let mut b = started();
        let lines = ["SWAP2BOARD", "0,14", "7,7", "14,14", "7,6", "0,0", "DONE"];
        let reply = run(&mut b, &lines);
        let moved = points(&reply[0]);
        assert_eq!(moved.len(), 1, "{reply:?}");
        assert_eq!(b.game().unwrap().moves().len(), 6);
        assert_eq!(b.game().unwrap().last_move(), Some(moved[0]));
    }

    #[test]
    fn malformed_swap2board_gets_errors_and_the_brain_keeps_going() {
        let mut b = Brain::new(Level::MAX);
        assert!(
            run(&mut b, &["SWAP2BOARD"])[0].starts_with("ERROR"),
            "no START"
        );
        let mut b = started();
        for bad in [
            vec!["SWAP2BOARD", "7,7", "DONE"],
            vec!["SWAP2BOARD", "7,7", "8,7", "7,7", "DONE"],
            vec!["SWAP2BOARD", "7,7", "8,7", "9,9", "8,8", "DONE"],
        ] {
            let reply = run(&mut b, &bad);
            assert_eq!(reply.len(), 1, "{bad:?}: {reply:?}");
            assert!(reply[0].starts_with("ERROR"), "{bad:?}: {reply:?}");
        }
        // Bad stone lines are refused one by one, and the good ones still count.
        let reply = run(
            &mut b,
            &[
                "SWAP2BOARD",
                "7,7,1",
                "15,3",
                "a,b",
                "0,14",
                "7,7",
                "0,0",
                "DONE",
            ],
        );
        assert_eq!(reply.len(), 4, "{reply:?}");
        assert!(
            reply[..3].iter().all(|r| r.starts_with("ERROR")),
            "{reply:?}"
        );
        assert_eq!(points(&reply[3]).len(), 1, "{reply:?}");
        // And the brain still plays.
        assert_eq!(run(&mut b, &["RESTART"]), ["OK"]);
        assert_eq!(run(&mut b, &["BEGIN"]), ["7,7"]);
    }
}
