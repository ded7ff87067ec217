//! The Swap2 opening: who plays which colour, decided over the first moves.
//!
//! The first player places three stones (black, white, black). The second player then
//! takes white (and plays move 4), takes black (the first player is white and plays move
//! 4), or places two more stones (white, black) and leaves the choice to the first player,
//! who then takes black or white; white plays move 6.
//!
//! The stones stay in the `Game` and the colours alternate there as always: the opening
//! only says which seat places the next stone. `Swap2` keeps just the choices; everything
//! else (the stage, who acts) follows from them and the number of moves played, so undo
//! and redo in the game need no special case beyond `after_undo`.

use crate::board::Stone;
use crate::game::Game;
use std::fmt;

/// A player's seat in the match, fixed before the colours are: the first player opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "the first player",
            Seat::Second => "the second player",
        })
    }
}

/// The second player's choice after the first three stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swap2Choice {
    /// Play white, starting with move 4.
    TakeWhite,
    /// Play black; the first player is white and plays move 4.
    TakeBlack,
    /// Place moves 4 and 5 (white, black), then the first player picks a colour.
    PlaceTwo,
}

/// Where the opening stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swap2Stage {
    /// The first player is placing the first three stones.
    PlaceThree,
    /// The second player must choose (`Swap2Choice`).
    SecondChooses,
    /// The second player is placing moves 4 and 5.
    PlaceTwo,
    /// The first player must choose a colour.
    FirstChooses,
    /// The colours are settled: `black` plays black from here on.
    Decided { black: Seat },
}

/// Stones the first player places before the second chooses.
const OPENING_STONES: usize = 3;
/// Stones on the board when the first player chooses, after the second placed two more.
const AFTER_PLACE_TWO: usize = OPENING_STONES + 2;

/// The choices made so far in a Swap2 opening. Small and `Copy`, to live beside a `Game`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Swap2 {
    /// Made with `OPENING_STONES` on the board.
    second: Option<Swap2Choice>,
    /// The colour the first player took, made with `AFTER_PLACE_TWO` stones on the board.
    first_colour: Option<Stone>,
}

/// Why a Swap2 call was refused. A refused call changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Error {
    /// It is the other seat's turn to act.
    WrongSeat { by: Seat, to_act: Seat },
    /// There is no such choice to make at this stage.
    WrongStage(Swap2Stage),
    /// The game has ended; the opening can no longer change.
    GameOver,
}

impl fmt::Display for Swap2Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Swap2Error::WrongSeat { by, to_act } => {
                write!(f, "it is for {to_act} to act, not {by}")
            }
            Swap2Error::WrongStage(stage) => {
                let now = match stage {
                    Swap2Stage::PlaceThree => "the first three stones are being placed",
                    Swap2Stage::SecondChooses => "the second player is choosing",
                    Swap2Stage::PlaceTwo => "two more stones are being placed",
                    Swap2Stage::FirstChooses => "the first player is choosing a colour",
                    Swap2Stage::Decided { .. } => "the colours are already decided",
                };
                write!(f, "that choice is not open now: {now}")
            }
            Swap2Error::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for Swap2Error {}

impl Swap2 {
    pub fn new() -> Swap2 {
        Swap2::default()
    }

    /// Where the opening of `game` stands. Once stones are on the board past a choice
    /// that was not made (a redo after `after_undo` forgot it), the choice is still open.
    pub fn stage(&self, game: &Game) -> Swap2Stage {
        let placed = game.moves().len();
        if placed < OPENING_STONES {
            return Swap2Stage::PlaceThree;
        }
        match self.second {
            None => Swap2Stage::SecondChooses,
            Some(Swap2Choice::TakeWhite) => Swap2Stage::Decided { black: Seat::First },
            Some(Swap2Choice::TakeBlack) => Swap2Stage::Decided {
                black: Seat::Second,
            },
            Some(Swap2Choice::PlaceTwo) if placed < AFTER_PLACE_TWO => Swap2Stage::PlaceTwo,
            Some(Swap2Choice::PlaceTwo) => match self.first_colour {
                None => Swap2Stage::FirstChooses,
                Some(Stone::Black) => Swap2Stage::Decided { black: Seat::First },
                Some(Stone::White) => Swap2Stage::Decided {
                    black: Seat::Second,
                },
            },
        }
    }

    /// Who places the next stone or must choose. Still defined when the game is over.
    pub fn to_act(&self, game: &Game) -> Seat {
        match self.stage(game) {
            Swap2Stage::PlaceThree | Swap2Stage::FirstChooses => Seat::First,
            Swap2Stage::SecondChooses | Swap2Stage::PlaceTwo => Seat::Second,
            Swap2Stage::Decided { black } => match game.to_move() {
                Stone::Black => black,
                Stone::White => black.other(),
            },
        }
    }

    /// May `by` place the next stone now? Never while a choice is pending or the game is
    /// over.
    pub fn may_place(&self, game: &Game, by: Seat) -> bool {
        let placing = matches!(
            self.stage(game),
            Swap2Stage::PlaceThree | Swap2Stage::PlaceTwo | Swap2Stage::Decided { .. }
        );
        placing && !game.is_over() && self.to_act(game) == by
    }

    /// The second player's choice after the first three stones.
    pub fn choose(&mut self, game: &Game, by: Seat, choice: Swap2Choice) -> Result<(), Swap2Error> {
        self.check_turn(game, by, Swap2Stage::SecondChooses)?;
        self.second = Some(choice);
        Ok(())
    }

    /// The first player's colour, after the second placed two more stones.
    pub fn choose_colour(
        &mut self,
        game: &Game,
        by: Seat,
        colour: Stone,
    ) -> Result<(), Swap2Error> {
        self.check_turn(game, by, Swap2Stage::FirstChooses)?;
        self.first_colour = Some(colour);
        Ok(())
    }

    /// Is the game at stage `wanted`, with `by` to act and the game still on?
    fn check_turn(&self, game: &Game, by: Seat, wanted: Swap2Stage) -> Result<(), Swap2Error> {
        let stage = self.stage(game);
        if game.is_over() {
            Err(Swap2Error::GameOver)
        } else if stage != wanted {
            Err(Swap2Error::WrongStage(stage))
        } else if self.to_act(game) != by {
            Err(Swap2Error::WrongSeat {
                by,
                to_act: self.to_act(game),
            })
        } else {
            Ok(())
        }
    }

    /// The seat playing black, once the colours are decided.
    pub fn black(&self, game: &Game) -> Option<Seat> {
        match self.stage(game) {
            Swap2Stage::Decided { black } => Some(black),
            _ => None,
        }
    }

    /// The seat playing `stone`, once the colours are decided.
    pub fn seat_of(&self, game: &Game, stone: Stone) -> Option<Seat> {
        let black = self.black(game)?;
        Some(match stone {
            Stone::Black => black,
            Stone::White => black.other(),
        })
    }

    /// Forgets the choices made at a position the game no longer reaches: a choice belongs
    /// to the stones on the board when it was made, and goes when one of them is undone.
    /// Call after every undo (calling it more often is harmless).
    pub fn after_undo(&mut self, game: &Game) {
        let placed = game.moves().len();
        if placed < AFTER_PLACE_TWO {
            self.first_colour = None;
        }
        if placed < OPENING_STONES {
            self.second = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    /// Plays the next stone somewhere free, checking first that `by` may place it.
    fn place(swap: &Swap2, game: &mut Game, by: Seat) {
        assert!(swap.may_place(game, by), "{by} may not place at {swap:?}");
        assert!(!swap.may_place(game, by.other()));
        let n = game.moves().len() as u8;
        game.play(Point::new(n, n % 2)).unwrap();
    }

    fn after_three() -> (Swap2, Game) {
        let (swap, mut game) = (Swap2::new(), Game::default());
        for _ in 0..3 {
            assert_eq!(swap.stage(&game), Swap2Stage::PlaceThree);
            assert_eq!(swap.to_act(&game), Seat::First);
            place(&swap, &mut game, Seat::First);
        }
        assert_eq!(swap.stage(&game), Swap2Stage::SecondChooses);
        assert_eq!(swap.black(&game), None);
        (swap, game)
    }

    #[test]
    fn taking_white_leaves_the_opener_black() {
        let (mut swap, mut game) = after_three();
        swap.choose(&game, Seat::Second, Swap2Choice::TakeWhite)
            .unwrap();
        assert_eq!(
            swap.stage(&game),
            Swap2Stage::Decided { black: Seat::First }
        );
        assert_eq!(swap.black(&game), Some(Seat::First));
        assert_eq!(swap.seat_of(&game, Stone::White), Some(Seat::Second));
        // The second player, white, plays move 4; then the turns alternate.
        place(&swap, &mut game, Seat::Second);
        place(&swap, &mut game, Seat::First);
        assert_eq!(swap.to_act(&game), Seat::Second);
    }

    #[test]
    fn taking_black_makes_the_opener_white_and_move_four_his() {
        let (mut swap, mut game) = after_three();
        swap.choose(&game, Seat::Second, Swap2Choice::TakeBlack)
            .unwrap();
        assert_eq!(swap.black(&game), Some(Seat::Second));
        assert_eq!(game.to_move(), Stone::White);
        place(&swap, &mut game, Seat::First);
        place(&swap, &mut game, Seat::Second);
    }

    #[test]
    fn placing_two_hands_the_colour_choice_to_the_opener() {
        for (colour, black, white) in [
            (Stone::Black, Seat::First, Seat::Second),
            (Stone::White, Seat::Second, Seat::First),
        ] {
            let (mut swap, mut game) = after_three();
            swap.choose(&game, Seat::Second, Swap2Choice::PlaceTwo)
                .unwrap();
            for _ in 0..2 {
                assert_eq!(swap.stage(&game), Swap2Stage::PlaceTwo);
                place(&swap, &mut game, Seat::Second);
            }
            assert_eq!(swap.stage(&game), Swap2Stage::FirstChooses);
            assert_eq!(swap.to_act(&game), Seat::First);
            assert!(!swap.may_place(&game, Seat::First));
            assert!(!swap.may_place(&game, Seat::Second));
            swap.choose_colour(&game, Seat::First, colour).unwrap();
            assert_eq!(swap.black(&game), Some(black));
            // White plays move 6.
            place(&swap, &mut game, white);
            place(&swap, &mut game, black);
        }
    }

    #[test]
    fn the_wrong_seat_or_stage_is_refused_and_changes_nothing() {
        let mut game = Game::default();
        let mut swap = Swap2::new();
        assert_eq!(
            swap.choose(&game, Seat::Second, Swap2Choice::TakeWhite),
            Err(Swap2Error::WrongStage(Swap2Stage::PlaceThree))
        );
        assert!(!swap.may_place(&game, Seat::Second));
        for _ in 0..3 {
            place(&swap, &mut game, Seat::First);
        }
        let before = swap;
        assert_eq!(
            swap.choose(&game, Seat::First, Swap2Choice::TakeBlack),
            Err(Swap2Error::WrongSeat {
                by: Seat::First,
                to_act: Seat::Second
            })
        );
        assert_eq!(
            swap.choose_colour(&game, Seat::Second, Stone::Black),
            Err(Swap2Error::WrongStage(Swap2Stage::SecondChooses))
        );
        assert_eq!(swap, before);
        assert!(!swap.may_place(&game, Seat::First));
        assert!(!swap.may_place(&game, Seat::Second));

        swap.choose(&game, Seat::Second, Swap2Choice::PlaceTwo)
            .unwrap();
        for _ in 0..2 {
            place(&swap, &mut game, Seat::Second);
        }
        let before = swap;
        assert_eq!(
            swap.choose_colour(&game, Seat::Second, Stone::White),
            Err(Swap2Error::WrongSeat {
                by: Seat::Second,
                to_act: Seat::First
            })
        );
        assert_eq!(
            swap.choose(&game, Seat::Second, Swap2Choice::TakeWhite),
            Err(Swap2Error::WrongStage(Swap2Stage::FirstChooses))
        );
        assert_eq!(swap, before);

        swap.choose_colour(&game, Seat::First, Stone::White)
            .unwrap();
        let err = swap
            .choose_colour(&game, Seat::First, Stone::Black)
            .unwrap_err();
        assert_eq!(
            err,
            Swap2Error::WrongStage(Swap2Stage::Decided {
                black: Seat::Second
            })
        );
        assert!(err.to_string().contains("already decided"), "{err}");
    }

    #[test]
    fn an_ended_game_takes_no_choice_and_no_stone() {
        let (mut swap, mut game) = after_three();
        game.end(crate::game::Ending::Resign(Stone::White)).unwrap();
        let before = swap;
        assert_eq!(
            swap.choose(&game, Seat::Second, Swap2Choice::TakeWhite),
            Err(Swap2Error::GameOver)
        );
        assert_eq!(swap, before);
        let mut game = Game::default();
        game.end(crate::game::Ending::DrawAgreed).unwrap();
        assert!(!Swap2::new().may_place(&game, Seat::First));
    }

    #[test]
    fn undo_back_past_a_choice_forgets_it() {
        let (mut swap, mut game) = after_three();
        swap.choose(&game, Seat::Second, Swap2Choice::PlaceTwo)
            .unwrap();
        place(&swap, &mut game, Seat::Second);
        place(&swap, &mut game, Seat::Second);
        swap.choose_colour(&game, Seat::First, Stone::Black)
            .unwrap();
        place(&swap, &mut game, Seat::Second);

        // Taking back move 6 keeps the colours: they were chosen before it.
        game.undo();
        swap.after_undo(&game);
        assert_eq!(swap.black(&game), Some(Seat::First));
        // Taking back move 5 reopens the stones the colour choice was made on.
        game.undo();
        swap.after_undo(&game);
        assert_eq!(swap.stage(&game), Swap2Stage::PlaceTwo);
        assert_eq!(swap.to_act(&game), Seat::Second);
        // Back to two stones: the second player's choice is gone too.
        game.undo();
        game.undo();
        swap.after_undo(&game);
        assert_eq!(swap.stage(&game), Swap2Stage::PlaceThree);
        assert_eq!(swap, Swap2::new());
        // Redo brings the stones back but not the choice: it must be made again.
        game.redo();
        game.redo();
        assert_eq!(swap.stage(&game), Swap2Stage::SecondChooses);
        swap.choose(&game, Seat::Second, Swap2Choice::TakeBlack)
            .unwrap();
        assert_eq!(swap.black(&game), Some(Seat::Second));
        assert_eq!(swap.to_act(&game), Seat::Second);
    }
}
