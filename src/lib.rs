//! The Bevy side of Gomoku: it presents an `engine::Game` and turns input into engine
//! calls. Rules, AI and records live in the `gomoku-engine` crate.

pub mod ai;
pub mod analysis;
pub mod board;
pub mod game_match;
pub mod gui;
pub mod i18n;
pub mod input;
pub mod launch;
pub mod online;
pub mod review;
pub mod saves;
pub mod screens;
pub mod search;
pub mod settings;
pub mod share;
pub mod sound;
pub mod storage;
pub mod theme;

use bevy::prelude::*;

/// The frame's order: read input, apply it to the match, then present the result.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    RecordInput,
    Apply,
    Present,
}

/// Everything that does not need a window, a GPU or egui: states, the match, the board
/// view, picking, the search service, the computer player and skins. Headless tests run
/// exactly this (with `search::FakeSearch` inserted first when they answer for the engine).
pub fn core_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::RecordInput,
            AppSystems::Apply,
            AppSystems::Present,
        )
            .chain(),
    );
    app.add_plugins((
        screens::plugin,
        settings::plugin,
        i18n::plugin,
        theme::plugin,
        game_match::plugin,
        board::plugin,
        input::plugin,
        saves::plugin,
        search::plugin,
        ai::plugin,
        analysis::plugin,
        online::plugin,
        review::plugin,
        sound::plugin,
    ));
}
