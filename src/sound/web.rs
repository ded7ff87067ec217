//! The browser's output: WebAudio. Browsers let a page make sound only after the person
//! has touched it, so the AudioContext is made (or resumed) on the first pointer, touch
//! or key event; cues before then are dropped, not saved up for later.

use super::SoundCue;
use super::output::SoundBackend;
use super::synth::{SAMPLE_RATE, SoundBank};
use bevy::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;
use web_sys::{AudioBuffer, AudioContext, AudioContextState};

/// The page's audio, on its one thread (the app's too).
struct Audio {
    bank: SoundBank,
    context: Option<AudioContext>,
    /// Each cue's buffer, by `SoundCue as usize`.
    buffers: Vec<Option<AudioBuffer>>,
    /// The browser gave no AudioContext: no more asking.
    failed: bool,
}

thread_local! {
    static AUDIO: RefCell<Option<Audio>> = const { RefCell::new(None) };
}

/// Plays through the page's `AUDIO`.
pub struct WebOutput;

impl WebOutput {
    pub fn start() -> WebOutput {
        AUDIO.with(|audio| {
            *audio.borrow_mut() = Some(Audio {
                bank: SoundBank::synthesise(),
                context: None,
                buffers: Vec::new(),
                failed: false,
            });
        });
        listen_for_gestures();
        WebOutput
    }
}

/// Every event that may let a page start its sound: pointerdown is one for a mouse,
/// pointerup and touchend for a finger, keydown for keys. Caught on the way down
/// (capture), before the canvas's own handlers.
fn listen_for_gestures() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let unlock = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| unlock());
    for event in ["pointerdown", "pointerup", "touchend", "keydown"] {
        let listening = window.add_event_listener_with_callback_and_bool(
            event,
            unlock.as_ref().unchecked_ref(),
            true,
        );
        if let Err(e) = listening {
            warn!("no sound on {event}: {e:?}");
        }
    }
    // It listens for as long as the page lives.
    unlock.forget();
}

/// Makes the AudioContext in a gesture's handler, or resumes one the browser suspended.
fn unlock() {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        let Some(audio) = audio.as_mut() else {
            return;
        };
        if audio.context.is_none() && !audio.failed {
            match AudioContext::new() {
                Ok(context) => {
                    audio.buffers = SoundCue::ALL
                        .iter()
                        .map(|&cue| buffer(&context, audio.bank.clip(cue)).ok())
                        .collect();
                    audio.context = Some(context);
                }
                Err(e) => {
                    audio.failed = true;
                    warn!("no sound: the browser gave no AudioContext: {e:?}");
                }
            }
        }
        if let Some(context) = &audio.context
            && context.state() == AudioContextState::Suspended
        {
            // A promise: the context runs once it settles, for the next cue.
            let _ = context.resume();
        }
    });
}

fn buffer(context: &AudioContext, clip: &[f32]) -> Result<AudioBuffer, JsValue> {
    let buffer = context.create_buffer(1, clip.len() as u32, SAMPLE_RATE as f32)?;
    buffer.copy_to_channel(clip, 0)?;
    Ok(buffer)
}

impl SoundBackend for WebOutput {
    fn play(&mut self, cue: SoundCue, gain: f32) {
        AUDIO.with(|audio| {
            let audio = audio.borrow();
            let Some(audio) = audio.as_ref() else {
                return;
            };
            let (Some(context), Some(Some(buffer))) =
                (&audio.context, audio.buffers.get(cue as usize))
            else {
                return;
            };
            if context.state() != AudioContextState::Running {
                return;
            }
            if let Err(e) = start(context, buffer, gain) {
                debug!("a sound did not play: {e:?}");
            }
        });
    }
}

/// Source -> gain -> speakers; the nodes go when the sound ends.
fn start(context: &AudioContext, buffer: &AudioBuffer, gain: f32) -> Result<(), JsValue> {
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(buffer));
    let volume = context.create_gain()?;
    volume.gain().set_value(gain);
    source.connect_with_audio_node(&volume)?;
    volume.connect_with_audio_node(&context.destination())?;
    source.start()
}
