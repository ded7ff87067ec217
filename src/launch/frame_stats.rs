//! `--exit-after SECS`: frame times while the computer thinks versus not, printed when
//! the time is up (how the desktop shows that a search never stalls the render thread).

use super::LaunchOptions;
use crate::game_match::Match;
use crate::screens::Screen;
use crate::search::{Purpose, SearchService};
use bevy::prelude::*;
use std::time::Duration;

/// Frames seen, their total and their longest time.
#[derive(Default, Debug, Clone, Copy)]
pub struct FrameTally {
    pub frames: u32,
    pub total: Duration,
    pub longest: Duration,
}

impl FrameTally {
    fn add(&mut self, dt: Duration) {
        self.frames += 1;
        self.total += dt;
        self.longest = self.longest.max(dt);
    }
}

impl std::fmt::Display for FrameTally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mean_ms = match self.frames {
            0 => 0.0,
            n => self.total.as_secs_f64() * 1000.0 / f64::from(n),
        };
        write!(
            f,
            "{} frames, mean {mean_ms:.1} ms, longest {:.1} ms", // i18n: not shown
            self.frames,
            self.longest.as_secs_f64() * 1000.0
        )
    }
}

/// Frame times seen while the computer thinks versus not.
#[derive(Resource, Default, Debug)]
pub struct FrameStats {
    pub idle: FrameTally,
    pub thinking: FrameTally,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameStats>()
        .add_systems(Last, record_frames.run_if(in_state(Screen::Playing)));
    let timed = app
        .world()
        .get_resource::<LaunchOptions>()
        .is_some_and(|o| o.exit_after.is_some());
    if timed {
        app.add_systems(Last, report_and_exit);
    }
}

fn record_frames(
    time: Res<Time<Real>>,
    service: Res<SearchService>,
    mut stats: ResMut<FrameStats>,
) {
    let dt = time.delta();
    if service.is_busy_with(Purpose::ComputerMove) {
        stats.thinking.add(dt);
    } else {
        stats.idle.add(dt);
    }
}

fn report_and_exit(
    options: Res<LaunchOptions>,
    time: Res<Time<Real>>,
    stats: Res<FrameStats>,
    game_match: Res<Match>,
    mut exit: MessageWriter<AppExit>,
) {
    if options
        .exit_after
        .is_some_and(|secs| time.elapsed_secs() >= secs)
    {
        println!("frames while idle:     {}", stats.idle); // i18n: not shown
        println!("frames while thinking: {}", stats.thinking); // i18n: not shown
        println!("moves played: {}", game_match.game.moves().len()); // i18n: not shown
        exit.write(AppExit::Success);
    }
}
