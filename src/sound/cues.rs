//! What plays when: a stone that went onto the board, a game that ended in play, a local
//! clock's last seconds. Only moves made now make a sound: undo, redo, a loaded game, a
//! review's browsing or a position from the command line change the board silently.

use super::{SoundCue, audible};
use crate::game_match::{Match, MatchAction, PlayerKind, StonePlaced};
use crate::screens::Screen;
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::{Game, Stone};
use std::time::Duration;

/// A click for each stone placed by a person, the computer or the player online (the
/// match tells only of those, never of stones that undo, redo or a load bring back).
pub(super) fn stone_clicks(
    mut placed: MessageReader<StonePlaced>,
    settings: Res<Settings>,
    mut cues: MessageWriter<SoundCue>,
) {
    for stone in placed.read() {
        if audible(&settings) {
            cues.write(match Game::stone_of(stone.ply) {
                Stone::Black => SoundCue::BlackStone,
                Stone::White => SoundCue::WhiteStone,
            });
        }
    }
}

/// Does this action change the game by playing it: a move, a Swap2 choice, an ending
/// (a resignation, a draw agreed, a flag)? The rest walk the game or replace it.
fn is_play(action: &MatchAction) -> bool {
    matches!(
        action,
        MatchAction::Place { .. }
            | MatchAction::PeerMove { .. }
            | MatchAction::End(_)
            | MatchAction::Swap2 { .. }
    )
}

/// The sound of a game's end for the person at this machine: their win or loss against
/// the computer or online, the win sound between two people here, none for a draw.
pub fn ending_cue(game_match: &Match) -> Option<SoundCue> {
    let winner = game_match.game.outcome().winner()?;
    let here = |stone: Stone| game_match.player(stone).kind == PlayerKind::Human;
    if here(winner) {
        Some(SoundCue::Win)
    } else if here(winner.opponent()) {
        Some(SoundCue::Loss)
    } else {
        None
    }
}

/// Whether the actions the match applies this frame only play the game (or there are
/// none). Read just before the match reads them, so the two see the same actions.
#[derive(Resource, Default)]
pub(super) struct OnlyPlay(bool);

pub(super) fn note_actions(
    mut actions: MessageReader<MatchAction>,
    mut only_play: ResMut<OnlyPlay>,
) {
    // Every action is read (no stopping at the first), or the next frame would see it.
    only_play.0 = true;
    for action in actions.read() {
        only_play.0 &= is_play(action);
    }
}

/// A win or a loss when the game ends in play, in the frame it ends: after a stone, an
/// ending (also the other machine's) or a flag falling here. Not when undo, redo, a load
/// or a review's return brings back a finished game, even in a frame with a move too.
pub(super) fn game_endings(
    only_play: Res<OnlyPlay>,
    game_match: Res<Match>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut was_over: Local<bool>,
    mut cues: MessageWriter<SoundCue>,
) {
    let over = game_match.game.is_over();
    // An ending seen from the menu (a flag falling in a game left on the clock) is noted,
    // but not heard: the game is not on the screen.
    if over
        && !*was_over
        && only_play.0
        && *screen.get() == Screen::Playing
        && audible(&settings)
        && let Some(cue) = ending_cue(&game_match)
    {
        cues.write(cue);
    }
    *was_over = over;
}

/// Whose clock counts down where, and how many whole seconds (rounded up) it has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Countdown {
    pub side: Stone,
    /// The number of moves played: a new turn is a new countdown.
    pub ply: usize,
    pub seconds: u64,
}

/// Ticks are for the last this many seconds.
pub const LAST_SECONDS: u64 = 10;

/// The countdown of the side to move, if it plays at this machine under a time control
/// in a game still on, with its clock running.
pub fn countdown(game_match: &Match) -> Option<Countdown> {
    let game = &game_match.game;
    let side = game.to_move();
    if game.is_over() || game_match.player(side).kind != PlayerKind::Human {
        return None;
    }
    // The clocks start once the Swap2 opening decides the colours.
    if game_match.swap2_stage().is_some() {
        return None;
    }
    let left = game_match.time_left(side)?;
    Some(Countdown {
        side,
        ply: game.moves().len(),
        seconds: seconds_up(left),
    })
}

fn seconds_up(left: Duration) -> u64 {
    left.as_secs() + u64::from(left.subsec_nanos() > 0)
}

/// Does the clock tick between these two frames? Once for each second it reaches of the
/// last ten (at 10 s left, 9 s, ... 1 s), in the same turn; a turn that begins with
/// less left ticks from its next second on.
pub fn tick_due(before: Option<Countdown>, now: Option<Countdown>) -> bool {
    match (before, now) {
        (Some(before), Some(now)) => {
            before.side == now.side
                && before.ply == now.ply
                && now.seconds < before.seconds
                && (1..=LAST_SECONDS).contains(&now.seconds)
        }
        _ => false,
    }
}

pub(super) fn clock_ticks(
    game_match: Res<Match>,
    settings: Res<Settings>,
    mut last: Local<Option<Countdown>>,
    mut cues: MessageWriter<SoundCue>,
) {
    let now = countdown(&game_match);
    if tick_due(*last, now) && audible(&settings) {
        cues.write(SoundCue::ClockTick);
    }
    *last = now;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: u64) -> Option<Countdown> {
        Some(Countdown {
            side: Stone::Black,
            ply: 4,
            seconds,
        })
    }

    #[test]
    fn the_clock_ticks_on_each_of_its_last_ten_seconds_only() {
        let ticks: Vec<u64> = (0..=20)
            .rev()
            .filter(|&s| tick_due(at(s + 1), at(s)))
            .collect();
        assert_eq!(ticks, (1..=10).rev().collect::<Vec<_>>());
        // Not twice in the same second, nor for a clock given time back (an increment).
        assert!(!tick_due(at(5), at(5)));
        assert!(!tick_due(at(4), at(9)));
        // A new turn, or the other side's clock, starts a countdown of its own.
        let next_turn = Some(Countdown {
            ply: 5,
            ..at(4).unwrap()
        });
        assert!(!tick_due(at(5), next_turn));
        let white = Some(Countdown {
            side: Stone::White,
            ..at(4).unwrap()
        });
        assert!(!tick_due(at(5), white));
        assert!(!tick_due(None, at(4)) && !tick_due(at(5), None));
    }

    #[test]
    fn seconds_left_round_up() {
        assert_eq!(seconds_up(Duration::from_millis(10_000)), 10);
        assert_eq!(seconds_up(Duration::from_millis(9_001)), 10);
        assert_eq!(seconds_up(Duration::from_millis(9_000)), 9);
        assert_eq!(seconds_up(Duration::ZERO), 0);
    }

    #[test]
    fn only_a_side_at_this_machine_under_a_clock_counts_down() {
        use crate::game_match::MatchSetup;
        use gomoku_engine::Point;
        use gomoku_engine::time_control::TimeControl;
        let online = MatchSetup {
            players: [
                ("Ann".into(), PlayerKind::Human),
                ("Bob".into(), PlayerKind::Remote),
            ],
            time_control: TimeControl::Fischer {
                base: Duration::from_secs(8),
                increment: Duration::ZERO,
            },
            ..MatchSetup::default()
        };
        let mut m = Match::new(&online);
        let ann = Countdown {
            side: Stone::Black,
            ply: 0,
            seconds: 8,
        };
        assert_eq!(countdown(&m), Some(ann));
        m.game.play(Point::new(7, 7)).unwrap();
        assert_eq!(countdown(&m), None, "the other machine's clock");
        let untimed = MatchSetup {
            time_control: TimeControl::Unlimited,
            ..online
        };
        assert_eq!(countdown(&Match::new(&untimed)), None);
    }
}
