//! How the app was launched: command-line options (or the browser's query string) that
//! start straight into a game, set its look, capture a screenshot or measure frames.

#[cfg(target_arch = "wasm32")]
pub mod browser;
mod frame_stats;
#[cfg(not(target_arch = "wasm32"))]
pub mod headless;
mod options;
pub mod query;
mod screenshot;

pub use frame_stats::{FrameStats, FrameTally};
pub use options::{LaunchOptions, OnlineStart, USAGE};
pub use screenshot::{ScreenshotVerdict, judge_pixels};

use crate::game_match::{MatchAction, PlayerKind};
use crate::i18n::Texts;
use crate::online::OnlineCommand;
use crate::review::ReviewCommand;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::AfterLoading;
use crate::tr;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    let straight_to_game = app
        .world()
        .get_resource::<LaunchOptions>()
        .is_some_and(LaunchOptions::straight_to_game);
    if straight_to_game {
        app.insert_resource(AfterLoading(Screen::Playing))
            .add_systems(Startup, start_launched_game.after(apply_settings_overrides))
            .add_systems(
                OnEnter(Screen::Playing),
                review_launched_game.run_if(run_once),
            );
    }
    app.add_systems(Startup, (apply_settings_overrides, start_online).chain());
    app.add_plugins((screenshot::plugin, frame_stats::plugin));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(browser::plugin);
}

/// The launch's choices override the remembered settings for this run (they are not
/// stored).
fn apply_settings_overrides(
    options: Option<Res<LaunchOptions>>,
    mut settings: ResMut<Settings>,
    mut texts: ResMut<Texts>,
) {
    let Some(options) = options else {
        return;
    };
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
    if let Some(size) = options.size {
        s.size = size;
    }
    s.show_numbers |= options.numbers;
    s.analysis |= options.analysis;
    if let Some(language) = options.language {
        s.language = Some(language);
        // At once, not at the next Update: the launched game's names are made at Startup.
        if texts.language() != language {
            *texts = Texts::new(language);
        }
    }
    for (wanted, setting) in [
        (&options.name, &mut s.name_one),
        (&options.signal, &mut s.signal),
        (&options.ice_user, &mut s.ice_username),
        (&options.ice_credential, &mut s.ice_credential),
    ] {
        if let Some(value) = wanted {
            setting.clone_from(value);
        }
    }
    if let Some(control) = options.time_control {
        s.time_control = control.to_string();
    }
    if !options.ice_urls.is_empty() {
        s.ice_urls = options.ice_urls.join(" ");
    }
    if let Some(colours) = options.colours {
        s.online_colours = colours;
    }
}

/// `--host-signalling`, `--create` and `--join`: online play from the command line. A
/// port that cannot be bound ends the app with the reason, as a bad option does.
fn start_online(
    options: Option<Res<LaunchOptions>>,
    settings: Res<Settings>,
    texts: Res<Texts>,
    mut commands: Commands,
    mut online: MessageWriter<OnlineCommand>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(options) = options else {
        return;
    };
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(port) = options.host_signalling {
        match crate::online::signalling::host(([0, 0, 0, 0], port).into()) {
            Ok(hosted) => {
                println!("hosting signalling on ws://<this machine's address>:{port}"); // i18n: not shown
                commands.insert_resource(hosted);
            }
            Err(e) => {
                error!("{e}");
                eprintln!("{e}");
                exit.write(AppExit::error());
                return;
            }
        }
    }
    #[cfg(target_arch = "wasm32")]
    if options.host_signalling.is_some() {
        warn!("--host-signalling needs the desktop app; the browser cannot listen");
    }
    let _ = (&mut commands, &mut exit);
    let player = if options.online_bot {
        PlayerKind::Computer
    } else {
        PlayerKind::Human
    };
    let name = settings.player_name_in(&texts);
    let network = settings.network();
    match &options.online {
        Some(OnlineStart::Create) => {
            online.write(OnlineCommand::Create {
                name,
                setup: settings.room_setup(),
                network,
                player,
            });
        }
        Some(OnlineStart::Join(code)) => {
            online.write(OnlineCommand::Join {
                name,
                code: code.clone(),
                network,
                player,
            });
        }
        None => {}
    }
}

/// The launch's game starts as actions, like any other: a new match, then its position.
fn start_launched_game(
    options: Res<LaunchOptions>,
    settings: Res<Settings>,
    texts: Res<Texts>,
    mut actions: MessageWriter<MatchAction>,
) {
    let s = &*settings;
    let mut setup = s.match_setup_in(&texts);
    if options.selfplay {
        setup.players = [
            (
                tr!(texts, "analysis.selfplay-first").into(),
                PlayerKind::Computer,
            ),
            (
                tr!(texts, "analysis.selfplay-second").into(),
                PlayerKind::Computer,
            ),
        ];
    }
    actions.write(MatchAction::NewMatch(setup));
    if let Some(moves) = &options.position {
        actions.write(MatchAction::SetPosition(moves.clone()));
    }
}

/// `--review`: the first time the board shows, its game's review opens.
fn review_launched_game(options: Res<LaunchOptions>, mut review: MessageWriter<ReviewCommand>) {
    if options.review {
        review.write(ReviewCommand::Start);
    }
}
