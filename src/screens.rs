//! Screens and the phase of a game in progress.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Waiting for the skin catalogue.
    #[default]
    Loading,
    Menu,
    Playing,
}

/// Who acts next while a game is on screen. Set by the match after every change.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum Phase {
    /// A person is to move: board input is live.
    #[default]
    HumanTurn,
    /// The computer is searching: board input is ignored.
    ComputerTurn,
    /// The player on the other machine is to move: board input is ignored.
    RemoteTurn,
    /// Won or drawn: the game-over panel shows; undo still resumes play.
    Over,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_sub_state::<Phase>();
}
