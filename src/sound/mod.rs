//! Sound: a stone's click, a win or a loss, the clock's last seconds. What plays when is
//! decided by plain systems (`cues`) that write a `SoundCue`; an output (`output`) plays
//! the cues with sounds synthesised at start (`synth`): PulseAudio's protocol on Linux
//! (`pulse`), WebAudio in the browser (`web`). Headless apps (tests) get the decisions
//! only, and a test may insert a `RecordingOutput` to hear what would play.

mod cues;
mod mute_key;
mod output;
#[cfg(any(target_os = "linux", target_os = "freebsd"))]
mod pulse;
pub mod synth;
#[cfg(target_arch = "wasm32")]
mod web;

pub use output::{RecordingOutput, SoundBackend, SoundOutput};

use crate::AppSystems;
use crate::input::UiHasKeyboard;
use crate::screens::Screen;
use crate::settings::Settings;
use bevy::prelude::*;

/// A sound to play now.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundCue {
    BlackStone,
    WhiteStone,
    /// The person at this machine won (or, two people at one machine, someone did).
    Win,
    /// The person at this machine lost, to the computer or to the player online.
    Loss,
    /// One of the last ten seconds of a clock of a side that plays at this machine.
    ClockTick,
}

impl SoundCue {
    /// Every cue, in the order of its discriminant (the bank's index).
    pub const ALL: [SoundCue; 5] = [
        SoundCue::BlackStone,
        SoundCue::WhiteStone,
        SoundCue::Win,
        SoundCue::Loss,
        SoundCue::ClockTick,
    ];
}

/// The volume asked for, 0 to 100 percent.
pub const MAX_VOLUME: u8 = 100;

/// Does anything play at all?
pub fn audible(settings: &Settings) -> bool {
    !settings.sound_muted && settings.sound_volume > 0
}

/// The amplitude factor for the settings' volume: the slider's percent squared, which
/// the ear hears as roughly even steps.
pub fn gain(settings: &Settings) -> f32 {
    let fraction = f32::from(settings.sound_volume.min(MAX_VOLUME)) / f32::from(MAX_VOLUME);
    fraction * fraction
}

/// The decisions and the playing of cues; the device itself comes with `output_plugin`.
pub fn plugin(app: &mut App) {
    app.add_message::<SoundCue>()
        .init_resource::<cues::OnlyPlay>()
        .add_systems(
            Update,
            cues::note_actions
                .after(AppSystems::RecordInput)
                .before(AppSystems::Apply),
        )
        .add_systems(
            Update,
            mute_key::mute_key
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing))
                .run_if(|ui: Res<UiHasKeyboard>| !ui.0),
        )
        .add_systems(
            Update,
            (
                (
                    cues::stone_clicks,
                    cues::game_endings,
                    // The last seconds tick for the game on the board, not under the menu.
                    cues::clock_ticks.run_if(in_state(Screen::Playing)),
                ),
                output::play_cues,
            )
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// This platform's sound output: the windowed app's, never a headless one's.
pub fn output_plugin(app: &mut App) {
    app.insert_resource(output::platform_output());
}
