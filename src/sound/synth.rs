//! The game's sounds, made by this code at start: mono f32 PCM at `SAMPLE_RATE`, every
//! sample in [-1, 1]. There are no sound files; the sounds are this code's output and
//! under the project's licence (MIT OR Apache-2.0), like the code.

use super::SoundCue;
use std::f32::consts::TAU;
use std::sync::Arc;

pub const SAMPLE_RATE: u32 = 48_000;

/// One sound, ready to play.
pub type Clip = Arc<[f32]>;

/// Every cue's clip, synthesised once.
pub struct SoundBank {
    clips: [Clip; SoundCue::ALL.len()],
}

impl SoundBank {
    pub fn synthesise() -> SoundBank {
        SoundBank {
            clips: SoundCue::ALL.map(|cue| Clip::from(synthesise(cue))),
        }
    }

    pub fn clip(&self, cue: SoundCue) -> &Clip {
        &self.clips[cue as usize]
    }
}

/// The samples of `cue`.
pub fn synthesise(cue: SoundCue) -> Vec<f32> {
    match cue {
        // A wooden "clack": a few ms of filtered noise (the contact) over a fast-decaying
        // tone with a bright partial (the stone and the board). White's is a little
        // higher and brighter, so the two colours are told apart by ear.
        SoundCue::BlackStone => stone(520.0, 0.35, 0.25, 0x9e37_79b9),
        SoundCue::WhiteStone => stone(660.0, 0.6, 0.4, 0x85eb_ca6b),
        // A rising major arpeggio for a win, a slower falling minor one for a loss.
        SoundCue::Win => arpeggio(&[523.25, 659.26, 783.99, 1046.5], 0.09, 0.35),
        SoundCue::Loss => arpeggio(&[392.0, 311.13, 261.63, 196.0], 0.13, 0.4),
        // The clock's last seconds: short and soft, under the stones' clicks.
        SoundCue::ClockTick => tick(),
    }
}

fn seconds(s: f32) -> usize {
    (s * SAMPLE_RATE as f32) as usize
}

/// A stone at `pitch` Hz; `brightness` weighs the upper partial and opens the noise
/// filter, `noise` is the contact's loudness.
fn stone(pitch: f32, brightness: f32, noise: f32, seed: u32) -> Vec<f32> {
    let len = seconds(0.09);
    let rate = SAMPLE_RATE as f32;
    let mut random = seed;
    let mut low_passed = 0.0;
    // A one-pole low-pass: more of the noise's highs through for a brighter stone.
    let smoothing = 0.25 + 0.5 * brightness;
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let t = i as f32 / rate;
        // xorshift32: the same noise every run.
        random ^= random << 13;
        random ^= random >> 17;
        random ^= random << 5;
        let white = random as f32 / u32::MAX as f32 * 2.0 - 1.0;
        low_passed += smoothing * (white - low_passed);
        let contact = noise * low_passed * (-t / 0.003).exp();
        let body = (TAU * pitch * t).sin() + brightness * 0.5 * (TAU * pitch * 2.76 * t).sin();
        let ring = 0.6 * body * (-t / 0.018).exp();
        out.push(contact + ring);
    }
    finish(out, 0.8)
}

/// Bell-like notes `step` seconds apart, each ringing for `ring` seconds.
fn arpeggio(notes: &[f32], step: f32, ring: f32) -> Vec<f32> {
    let rate = SAMPLE_RATE as f32;
    let len = seconds(step * (notes.len() - 1) as f32 + ring);
    let mut out = vec![0.0; len];
    for (n, pitch) in notes.iter().enumerate() {
        let start = seconds(step * n as f32);
        for (i, sample) in out[start..].iter_mut().enumerate() {
            let t = i as f32 / rate;
            let attack = (t / 0.004).min(1.0);
            let decay = (-t / (ring / 4.0)).exp();
            let tone = (TAU * pitch * t).sin() + 0.3 * (TAU * 2.0 * pitch * t).sin();
            *sample += attack * decay * tone;
        }
    }
    finish(out, 0.6)
}

fn tick() -> Vec<f32> {
    let rate = SAMPLE_RATE as f32;
    let out = (0..seconds(0.03))
        .map(|i| {
            let t = i as f32 / rate;
            (TAU * 1800.0 * t).sin() * (-t / 0.005).exp()
        })
        .collect();
    finish(out, 0.35)
}

/// Scales to `peak`, with a short fade in and out so no clip starts or stops with a step
/// (which would be heard as a click of its own).
fn finish(mut samples: Vec<f32>, peak: f32) -> Vec<f32> {
    let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    let scale = if loudest > 0.0 { peak / loudest } else { 0.0 };
    let fade = seconds(0.002).min(samples.len() / 2);
    let len = samples.len();
    for (i, sample) in samples.iter_mut().enumerate() {
        let edge = i.min(len - 1 - i);
        let ramp = if edge < fade {
            edge as f32 / fade as f32
        } else {
            1.0
        };
        *sample = (*sample * scale * ramp).clamp(-1.0, 1.0);
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duration_ms(samples: &[f32]) -> u32 {
        (samples.len() as u64 * 1000 / u64::from(SAMPLE_RATE)) as u32
    }

    #[test]
    fn every_clip_is_short_audible_and_within_full_scale() {
        for cue in SoundCue::ALL {
            let clip = synthesise(cue);
            assert!(!clip.is_empty(), "{cue:?}");
            assert!(
                clip.iter()
                    .all(|s| s.is_finite() && (-1.0..=1.0).contains(s)),
                "{cue:?} leaves [-1, 1]"
            );
            let peak = clip.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.2, "{cue:?} is too quiet: {peak}");
            // Faded at both ends: no step in or out.
            assert!(clip[0].abs() < 1e-3 && clip[clip.len() - 1].abs() < 1e-3);
            assert!(
                duration_ms(&clip) <= 800,
                "{cue:?}: {} ms",
                duration_ms(&clip)
            );
        }
        assert!(duration_ms(&synthesise(SoundCue::BlackStone)) < 150);
        assert!(duration_ms(&synthesise(SoundCue::WhiteStone)) < 150);
        assert!(duration_ms(&synthesise(SoundCue::ClockTick)) < 100);
    }

    #[test]
    fn black_and_white_stones_sound_different_and_the_same_every_time() {
        let black = synthesise(SoundCue::BlackStone);
        let white = synthesise(SoundCue::WhiteStone);
        assert_ne!(black, white);
        let difference: f32 = black.iter().zip(&white).map(|(b, w)| (b - w).abs()).sum();
        assert!(difference / black.len() as f32 > 0.01, "barely different");
        assert_eq!(black, synthesise(SoundCue::BlackStone));
        // White's is the brighter: more sign changes (a higher pitch, more highs).
        let crossings = |s: &[f32]| {
            s.windows(2)
                .filter(|w| w[0].signum() != w[1].signum())
                .count()
        };
        assert!(crossings(&white) > crossings(&black));
    }

    #[test]
    fn the_win_rises_and_the_loss_falls() {
        // The pitch of each clip's first and last tenth, by zero crossings.
        let pitch = |s: &[f32]| {
            s.windows(2)
                .filter(|w| w[0].signum() != w[1].signum())
                .count()
        };
        for (cue, rises) in [(SoundCue::Win, true), (SoundCue::Loss, false)] {
            let clip = synthesise(cue);
            let tenth = clip.len() / 10;
            let (start, end) = (pitch(&clip[..tenth]), pitch(&clip[clip.len() - tenth..]));
            assert_eq!(end > start, rises, "{cue:?}: {start} then {end}");
        }
    }
}
