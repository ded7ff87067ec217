//! Time controls: none, or minutes per side plus a Fischer increment (`5+3`: five minutes
//! each, three seconds added after every move). A base that is not whole minutes is
//! written in seconds: `30s+1` (bullet).
//!
//! The clocks are not kept as running state: what a player has left follows from the
//! control and the thinking times recorded with each move of the `Game`. So undo, load
//! and a network peer's moves (each carrying the time its player used) need no special
//! case, and two machines that agree on the moves agree on the clocks.

use crate::board::Stone;
use crate::game::Game;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long each side may think.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clocks that run out; thinking time is still recorded.
    #[default]
    Unlimited,
    /// `base` for the whole game, plus `increment` after each of one's own moves.
    Fischer { base: Duration, increment: Duration },
}

/// The longest base time accepted from text (a day), so a typo or a hostile peer cannot
/// ask for clocks that overflow when increments are added.
const MAX_BASE_MINUTES: u64 = 24 * 60;
/// The largest increment accepted from text.
const MAX_INCREMENT_SECONDS: u64 = 60 * 60;

impl TimeControl {
    /// The controls offered in menus, from none to slow.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::Unlimited,
        TimeControl::fischer(1, 0),
        TimeControl::fischer(3, 2),
        TimeControl::fischer(5, 3),
        TimeControl::fischer(10, 5),
        TimeControl::fischer(15, 10),
    ];

    /// `minutes` per side plus `increment_seconds` after each move.
    pub const fn fischer(minutes: u64, increment_seconds: u64) -> TimeControl {
        TimeControl::Fischer {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment_seconds),
        }
    }

    pub fn is_timed(&self) -> bool {
        matches!(self, TimeControl::Fischer { .. })
    }

    /// What `stone` has left at the start of its next turn, or `None` without clocks:
    /// the base, plus an increment for each of its moves, less the time they took. A move
    /// without a recorded time counts as instant.
    pub fn remaining(&self, game: &Game, stone: Stone) -> Option<Duration> {
        let TimeControl::Fischer { base, increment } = *self else {
            return None;
        };
        let (own_moves, used_ms) = game
            .moves()
            .iter()
            .enumerate()
            .filter(|(index, _)| Game::stone_of(*index) == stone)
            .fold((0u32, 0u64), |(count, used), (_, m)| {
                (count + 1, used + u64::from(m.time_ms.unwrap_or(0)))
            });
        let earned = base + increment * own_moves;
        Some(earned.saturating_sub(Duration::from_millis(used_ms)))
    }

    /// What `stone` has left now, when the side to move has been thinking for `running`.
    pub fn remaining_now(&self, game: &Game, stone: Stone, running: Duration) -> Option<Duration> {
        let left = self.remaining(game, stone)?;
        let running = if !game.is_over() && game.to_move() == stone {
            running
        } else {
            Duration::ZERO
        };
        Some(left.saturating_sub(running))
    }

    /// Has the side to move run out of time after thinking for `running`? A move that
    /// took exactly the time left is still in time.
    pub fn is_out_of_time(&self, game: &Game, running: Duration) -> bool {
        match self.remaining(game, game.to_move()) {
            Some(left) => !game.is_over() && running > left,
            None => false,
        }
    }
}

impl fmt::Display for TimeControl {
    /// `none`, or minutes and increment seconds: `5+3`, or `30s+1` for a base that is
    /// not whole minutes. (Fractions of a second are not written; `FromStr` never makes
    /// them.)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::Fischer { base, increment } => {
                let seconds = base.as_secs();
                if seconds.is_multiple_of(60) {
                    write!(f, "{}+{}", seconds / 60, increment.as_secs())
                } else {
                    write!(f, "{seconds}s+{}", increment.as_secs())
                }
            }
        }
    }
}

/// Why a time control's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Not `none`, `MINUTES+SECONDS` or `SECONDSs+SECONDS`.
    Malformed(String),
    /// In seconds. Zero would lose on the first move; more than a day is surely a typo.
    BaseOutOfRange(u64),
    IncrementOutOfRange(u64),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Malformed(text) => write!(
                f,
                "{text:?} is not a time control: write none, or minutes+seconds such as 5+3 \
                 (30s+1 for a base in seconds)"
            ),
            TimeControlError::BaseOutOfRange(seconds) => write!(
                f,
                "{seconds} s a side is out of range (1 s to {MAX_BASE_MINUTES} minutes)"
            ),
            TimeControlError::IncrementOutOfRange(seconds) => write!(
                f,
                "an increment of {seconds} s is out of range (0 to {MAX_INCREMENT_SECONDS})"
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("none") {
            return Ok(TimeControl::Unlimited);
        }
        let malformed = || TimeControlError::Malformed(text.chars().take(40).collect());
        let (base, seconds) = text.split_once('+').ok_or_else(malformed)?;
        let number = |digits: &str| {
            (!digits.is_empty() && digits.len() <= 6 && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse::<u64>().ok())
                .flatten()
                .ok_or_else(malformed)
        };
        let base_seconds = match base.strip_suffix('s') {
            Some(seconds) => number(seconds)?,
            None => number(base)? * 60,
        };
        let seconds = number(seconds)?;
        if !(1..=MAX_BASE_MINUTES * 60).contains(&base_seconds) {
            return Err(TimeControlError::BaseOutOfRange(base_seconds));
        }
        if seconds > MAX_INCREMENT_SECONDS {
            return Err(TimeControlError::IncrementOutOfRange(seconds));
        }
        Ok(TimeControl::Fischer {
            base: Duration::from_secs(base_seconds),
            increment: Duration::from_secs(seconds),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::rules::Rule;

    fn timed_game(times_ms: &[u32]) -> Game {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for (i, &ms) in times_ms.iter().enumerate() {
            game.play_timed(Point::new(i as u8, 0), Some(ms)).unwrap();
        }
        game
    }

    #[test]
    fn text_round_trips_for_every_preset() {
        for control in TimeControl::PRESETS {
            assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
        }
        assert_eq!("5+3".parse(), Ok(TimeControl::fischer(5, 3)));
        assert_eq!(" NONE ".parse(), Ok(TimeControl::Unlimited));
        let bullet = TimeControl::Fischer {
            base: Duration::from_secs(30),
            increment: Duration::from_secs(1),
        };
        assert_eq!(bullet.to_string(), "30s+1");
        assert_eq!("30s+1".parse(), Ok(bullet));
        // A base in seconds that is whole minutes reads, and is written in minutes.
        assert_eq!("120s+0".parse(), Ok(TimeControl::fischer(2, 0)));
    }

    #[test]
    fn malformed_and_out_of_range_text_is_refused() {
        for bad in [
            "",
            "5",
            "+3",
            "5+",
            "5+-1",
            "a+b",
            "5+3+1",
            "9999999+1",
            "s+1",
            "5ss+1",
            "5+3s",
        ] {
            assert!(
                matches!(
                    bad.parse::<TimeControl>(),
                    Err(TimeControlError::Malformed(_))
                ),
                "{bad:?}"
            );
        }
        assert_eq!(
            "0+5".parse::<TimeControl>(),
            Err(TimeControlError::BaseOutOfRange(0))
        );
        assert_eq!(
            "0s+5".parse::<TimeControl>(),
            Err(TimeControlError::BaseOutOfRange(0))
        );
        assert_eq!(
            "1441+0".parse::<TimeControl>(),
            Err(TimeControlError::BaseOutOfRange(1441 * 60))
        );
        assert_eq!(
            "5+3601".parse::<TimeControl>(),
            Err(TimeControlError::IncrementOutOfRange(3601))
        );
    }

    #[test]
    fn each_move_spends_its_time_and_earns_the_increment() {
        let control = TimeControl::fischer(1, 2);
        // Black used 10 s and 20 s, white 5 s.
        let game = timed_game(&[10_000, 5_000, 20_000]);
        assert_eq!(
            control.remaining(&game, Stone::Black),
            Some(Duration::from_secs(60 + 4 - 30))
        );
        assert_eq!(
            control.remaining(&game, Stone::White),
            Some(Duration::from_secs(60 + 2 - 5))
        );
    }

    #[test]
    fn the_running_turn_counts_only_for_the_side_to_move() {
        let control = TimeControl::fischer(1, 0);
        let game = timed_game(&[10_000]);
        let running = Duration::from_secs(7);
        assert_eq!(
            control.remaining_now(&game, Stone::White, running),
            Some(Duration::from_secs(53))
        );
        assert_eq!(
            control.remaining_now(&game, Stone::Black, running),
            Some(Duration::from_secs(50))
        );
    }

    #[test]
    fn the_flag_falls_only_after_the_time_left() {
        let control = TimeControl::fischer(1, 0);
        let game = timed_game(&[]);
        assert!(!control.is_out_of_time(&game, Duration::from_secs(60)));
        assert!(control.is_out_of_time(&game, Duration::from_millis(60_001)));
        assert!(!TimeControl::Unlimited.is_out_of_time(&game, Duration::MAX));
    }

    #[test]
    fn undo_gives_back_the_time_of_the_moves_taken_back() {
        let control = TimeControl::fischer(1, 0);
        let mut game = timed_game(&[30_000, 1_000]);
        game.undo();
        game.undo();
        assert_eq!(
            control.remaining(&game, Stone::Black),
            Some(Duration::from_secs(60))
        );
    }

    #[test]
    fn an_unlimited_game_has_no_clock_to_show() {
        let game = timed_game(&[10_000]);
        assert_eq!(TimeControl::Unlimited.remaining(&game, Stone::Black), None);
    }
}
