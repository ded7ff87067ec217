//! Where cues go: a backend that plays them (this platform's, or a test's recording one).

use super::{SoundCue, gain};
use crate::settings::Settings;
use bevy::prelude::*;
use std::sync::{Arc, Mutex};

/// Something that plays cues. `gain` is the amplitude factor of the volume, in (0, 1].
/// A backend never blocks the frame: it hands the sound on and returns.
pub trait SoundBackend: Send + Sync + 'static {
    fn play(&mut self, cue: SoundCue, gain: f32);
}

/// The output cues are played on; without it (headless apps) they are only decided.
#[derive(Resource)]
pub struct SoundOutput(Box<dyn SoundBackend>);

impl SoundOutput {
    pub fn new(backend: impl SoundBackend) -> SoundOutput {
        SoundOutput(Box::new(backend))
    }
}

/// A backend that keeps what it was asked to play, for tests: clone it before inserting
/// `SoundOutput::new(recording.clone())` and read `played` after.
#[derive(Clone, Default)]
pub struct RecordingOutput(Arc<Mutex<Vec<(SoundCue, f32)>>>);

impl RecordingOutput {
    /// The cues played so far, with their gains.
    pub fn played(&self) -> Vec<(SoundCue, f32)> {
        self.0.lock().map(|v| v.clone()).unwrap_or_default()
    }
}

impl SoundBackend for RecordingOutput {
    fn play(&mut self, cue: SoundCue, gain: f32) {
        if let Ok(mut played) = self.0.lock() {
            played.push((cue, gain));
        }
    }
}

/// A backend that plays nothing: a platform with no output of ours, or one whose output
/// could not start (said once in the log by whoever found out).
#[cfg(not(any(target_os = "linux", target_os = "freebsd", target_arch = "wasm32")))]
struct Silent;

#[cfg(not(any(target_os = "linux", target_os = "freebsd", target_arch = "wasm32")))]
impl SoundBackend for Silent {
    fn play(&mut self, _: SoundCue, _: f32) {}
}

pub(super) fn play_cues(
    mut cues: MessageReader<SoundCue>,
    settings: Res<Settings>,
    output: Option<ResMut<SoundOutput>>,
) {
    let Some(mut output) = output else {
        cues.clear();
        return;
    };
    let gain = gain(&settings);
    for cue in cues.read() {
        output.0.play(*cue, gain);
    }
}

/// This platform's output.
pub(super) fn platform_output() -> SoundOutput {
    #[cfg(any(target_os = "linux", target_os = "freebsd"))]
    return SoundOutput::new(super::pulse::PulseOutput::start());
    #[cfg(target_arch = "wasm32")]
    return SoundOutput::new(super::web::WebOutput::start());
    #[cfg(not(any(target_os = "linux", target_os = "freebsd", target_arch = "wasm32")))]
    {
        info!("no sound: this build has no sound output for this system");
        SoundOutput::new(Silent)
    }
}
