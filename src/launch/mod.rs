//! How the app was launched: command-line options (or the browser's query string) that
//! start straight into a game, set its look, capture a screenshot or measure frames.

#[cfg(target_arch = "wasm32")]
pub mod browser;
mod frame_stats;
mod options;
pub mod query;
mod screenshot;

pub use frame_stats::{FrameStats, FrameTally};
pub use options::{LaunchOptions, USAGE};
pub use screenshot::{ScreenshotVerdict, judge_pixels};

use crate::game_match::{MatchAction, PlayerKind};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::AfterLoading;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    let straight_to_game = app
        .world()
        .get_resource::<LaunchOptions>()
        .is_some_and(LaunchOptions::straight_to_game);
    if straight_to_game {
        app.insert_resource(AfterLoading(Screen::Playing))
            .add_systems(Startup, start_launched_game);
    }
    app.add_plugins((screenshot::plugin, frame_stats::plugin));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(browser::plugin);
}

/// The launch's look overrides the remembered settings for this run (they are not stored),
/// and its game starts as actions, like any other: a new match, then its position.
fn start_launched_game(
    options: Res<LaunchOptions>,
    mut settings: ResMut<Settings>,
    mut actions: MessageWriter<MatchAction>,
) {
    let s = &mut *settings;
    for (wanted, setting) in [
        (&options.stones, &mut s.stones),
        (&options.background, &mut s.background),
        (&options.lines, &mut s.lines),
    ] {
        if let Some(name) = wanted {
            setting.clone_from(name);
        }
    }
    if let Some(rule) = options.rule {
        s.rule = rule.keyword().to_string();
    }
    s.show_numbers |= options.numbers;
    let mut setup = s.match_setup();
    if options.selfplay {
        setup.players = [
            ("Computer A".into(), PlayerKind::Computer),
            ("Computer B".into(), PlayerKind::Computer),
        ];
    }
    actions.write(MatchAction::NewMatch(setup));
    if let Some(moves) = &options.position {
        actions.write(MatchAction::SetPosition(moves.clone()));
    }
}
