//! The desktop's output on Linux: one playback stream to the PulseAudio server (or
//! PipeWire's, which speaks the same protocol), through a pure-Rust client of its
//! protocol, so building needs no system library (cpal and rodio link ALSA's, which
//! needs libasound2-dev and pkg-config). Cues are mixed into that stream here. Without a
//! server (a bare-ALSA system, a CI machine) the game runs silently and says so once.

use super::SoundCue;
use super::output::SoundBackend;
use super::synth::{Clip, SAMPLE_RATE, SoundBank};
use bevy::prelude::*;
use pulseaudio::protocol;
use std::sync::{Arc, Mutex};

/// How much the server holds ahead of the speaker: a click is heard this long after its
/// stone, about two frames. Lower risks gaps on a busy machine.
const TARGET_LATENCY_MS: u32 = 40;
const BYTES_PER_SAMPLE: usize = 4;
/// More sounds at once than this are dropped (the oldest play on).
const MAX_VOICES: usize = 16;

pub struct PulseOutput {
    bank: SoundBank,
    mixer: Arc<Mutex<Mixer>>,
}

impl PulseOutput {
    /// Connects on a thread of its own, so a slow or missing server never holds a frame.
    pub fn start() -> PulseOutput {
        let mixer = Arc::new(Mutex::new(Mixer::default()));
        let stream_mixer = mixer.clone();
        let started = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || {
                let why = bevy::tasks::block_on(play(stream_mixer.clone()));
                if let Ok(mut mixer) = stream_mixer.lock() {
                    mixer.closed = true;
                    mixer.voices.clear();
                }
                info!("no sound: {why}");
            });
        if let Err(e) = started {
            info!("no sound: the sound thread could not start: {e}");
            if let Ok(mut mixer) = mixer.lock() {
                mixer.closed = true;
            }
        }
        PulseOutput {
            bank: SoundBank::synthesise(),
            mixer,
        }
    }
}

impl SoundBackend for PulseOutput {
    fn play(&mut self, cue: SoundCue, gain: f32) {
        if let Ok(mut mixer) = self.mixer.lock() {
            mixer.add(self.bank.clip(cue).clone(), gain);
        }
    }
}

/// Plays the mixer's voices until the connection ends; returns why it ended (or never
/// began).
async fn play(mixer: Arc<Mutex<Mixer>>) -> String {
    let name = c"Gomoku"; // i18n: not shown
    let client = match pulseaudio::Client::from_env(name) {
        Ok(client) => client,
        Err(pulseaudio::ClientError::ServerUnavailable) => {
            return "no PulseAudio or PipeWire server ($XDG_RUNTIME_DIR/pulse/native)".into(); // i18n: not shown
        }
        Err(e) => return format!("the sound server could not be reached: {e}"), // i18n: not shown
    };
    let bytes_per_ms = SAMPLE_RATE as usize * BYTES_PER_SAMPLE / 1000;
    let mut props = protocol::Props::new();
    props.set(protocol::Prop::MediaName, name);
    props.set(protocol::Prop::MediaRole, c"game");
    let params = protocol::PlaybackStreamParams {
        sample_spec: protocol::SampleSpec {
            format: protocol::SampleFormat::Float32Le,
            channels: 1,
            sample_rate: SAMPLE_RATE,
        },
        channel_map: protocol::ChannelMap::mono(),
        cvolume: Some(protocol::ChannelVolume::norm(1)),
        sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
        buffer_attr: protocol::stream::BufferAttr {
            target_length: TARGET_LATENCY_MS * bytes_per_ms as u32,
            minimum_request_length: 10 * bytes_per_ms as u32,
            ..default()
        },
        flags: protocol::stream::StreamFlags {
            adjust_latency: true,
            ..default()
        },
        props,
        ..default()
    };
    let source_mixer = mixer.clone();
    // Called on the client's thread whenever the server wants more: always a full buffer
    // (silence between sounds), since a short answer of nothing would end the stream.
    let source = move |buf: &mut [u8]| {
        match source_mixer.lock() {
            Ok(mut mixer) => mixer.fill(buf),
            Err(_) => buf.fill(0),
        }
        buf.len()
    };
    use pulseaudio::AsPlaybackSource;
    let stream = match client
        .create_playback_stream(params, source.as_playback_source())
        .await
    {
        Ok(stream) => stream,
        Err(e) => return format!("the sound server refused a stream: {e}"), // i18n: not shown
    };
    info!("sound plays through the sound server at {client:?}");
    // The source never ends, so this returns only when the connection does.
    match stream.source_eof().await {
        Ok(()) => "the sound stream ended".into(), // i18n: not shown
        Err(e) => format!("the sound server went away: {e}"), // i18n: not shown
    }
}

/// A sound being played: its samples, how far it has got, how loud.
struct Voice {
    clip: Clip,
    at: usize,
    gain: f32,
}

/// The sounds playing now, summed into the stream's samples.
#[derive(Default)]
struct Mixer {
    voices: Vec<Voice>,
    /// The bytes of a sample that the last request had no room left for.
    carry: Vec<u8>,
    /// No stream will ever read the voices: the server is gone or was never there.
    closed: bool,
}

impl Mixer {
    fn add(&mut self, clip: Clip, gain: f32) {
        if !self.closed && self.voices.len() < MAX_VOICES {
            self.voices.push(Voice { clip, at: 0, gain });
        }
    }

    fn next_sample(&mut self) -> f32 {
        let mut sum = 0.0;
        for voice in &mut self.voices {
            if let Some(sample) = voice.clip.get(voice.at) {
                sum += sample * voice.gain;
                voice.at += 1;
            }
        }
        sum.clamp(-1.0, 1.0)
    }

    /// Fills `buf` with the stream's next bytes (little-endian f32 samples); a request
    /// that splits a sample gets the rest of it at the start of the next.
    fn fill(&mut self, buf: &mut [u8]) {
        let carried = self.carry.len().min(buf.len());
        buf[..carried].copy_from_slice(&self.carry[..carried]);
        self.carry.drain(..carried);
        let mut written = carried;
        while written < buf.len() {
            let bytes = self.next_sample().to_le_bytes();
            let n = (buf.len() - written).min(BYTES_PER_SAMPLE);
            buf[written..written + n].copy_from_slice(&bytes[..n]);
            self.carry.extend_from_slice(&bytes[n..]);
            written += n;
        }
        self.voices.retain(|voice| voice.at < voice.clip.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(bytes: &[u8]) -> Vec<f32> {
        bytes
            .chunks_exact(BYTES_PER_SAMPLE)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    }

    #[test]
    fn the_mixer_sums_voices_with_their_gains_then_plays_silence() {
        let mut mixer = Mixer::default();
        mixer.add(Clip::from(vec![0.5, 0.5, 0.5]), 1.0);
        mixer.add(Clip::from(vec![0.8, 0.8]), 0.5);
        let mut buf = vec![0xff; 5 * BYTES_PER_SAMPLE];
        mixer.fill(&mut buf);
        assert_eq!(samples(&buf), [0.9, 0.9, 0.5, 0.0, 0.0]);
        assert!(mixer.voices.is_empty(), "finished voices are let go");
    }

    #[test]
    fn loud_sums_are_clipped_and_split_samples_carry_over() {
        let mut mixer = Mixer::default();
        mixer.add(Clip::from(vec![0.9, -0.9, 0.25]), 1.0);
        mixer.add(Clip::from(vec![0.9, -0.9, 0.25]), 1.0);
        // Requests of odd sizes: the byte stream is the same as one whole request.
        let mut stream = Vec::new();
        for size in [3, 6, 1, 2] {
            let mut buf = vec![0; size];
            mixer.fill(&mut buf);
            stream.extend(buf);
        }
        assert_eq!(samples(&stream), [1.0, -1.0, 0.5]);
    }

    #[test]
    fn a_closed_mixer_takes_no_sounds() {
        let mut mixer = Mixer {
            closed: true,
            ..Mixer::default()
        };
        mixer.add(Clip::from(vec![0.5]), 1.0);
        assert!(mixer.voices.is_empty());
    }

    /// By hand, with a server: `cargo test --release --lib plays_on -- --ignored`. Without
    /// one it fails on `closed`, having said why in the log, and nothing panicked.
    #[test]
    #[ignore = "needs a PulseAudio or PipeWire server"]
    fn plays_on_a_running_server() {
        let mut output = PulseOutput::start();
        std::thread::sleep(std::time::Duration::from_millis(500));
        for cue in SoundCue::ALL {
            output.play(cue, 1.0);
            std::thread::sleep(std::time::Duration::from_millis(900));
        }
        assert!(!output.mixer.lock().unwrap().closed, "no stream");
    }
}
