//! The computer player, never on the render thread: a task on `AsyncComputeTaskPool` on
//! the desktop, a Web Worker running the engine's wasm in the browser (where the task
//! pools share the main thread). Each job remembers the exact position it was asked
//! about; when the match moves on (undo, restart, load, leaving the game) the job is
//! cancelled and its answer dropped.

mod hint;
#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
use native as backend;
#[cfg(target_arch = "wasm32")]
use web as backend;

pub use hint::{AskHint, Hint, deliver_hint};

use crate::AppSystems;
use crate::game_match::{Match, MatchAction};
use crate::screens::Screen;
use bevy::prelude::*;
use gomoku_engine::ai::{Limits, SearchInfo, SearchSettings, next_seed};
use gomoku_engine::{Game, Point};
use std::time::Duration;

/// How the computer paces itself.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AiPacing {
    /// Shortest time the computer appears to think, so its reply can be followed by eye.
    pub min_think: Duration,
    /// Search budget per move.
    pub move_time_ms: u64,
}

impl Default for AiPacing {
    fn default() -> Self {
        AiPacing {
            min_think: Duration::from_millis(350),
            move_time_ms: 2_000,
        }
    }
}

/// The search in flight, if any.
#[derive(Resource, Default)]
pub struct Thinking(pub Option<Job>);

pub struct Job {
    /// The position searched, as its move list.
    moves: Vec<Point>,
    /// The backend's handle on the running search; `None` once it has answered.
    pending: Option<backend::Pending>,
    result: Option<Option<SearchInfo>>,
    started: Duration,
}

impl Job {
    /// Starts searching `game` as it stands.
    fn start(
        searcher: &mut backend::Searcher,
        game: &Game,
        settings: SearchSettings,
        now: Duration,
    ) -> Job {
        Job {
            moves: game.points().collect(),
            pending: Some(searcher.start(game, settings)),
            result: None,
            started: now,
        }
    }

    /// Is this the search of `game` as it stands now?
    fn is_for(&self, game: &Game) -> bool {
        self.moves.iter().copied().eq(game.points())
    }

    /// Has the backend answered? The answer is then in `result` (`Some(None)`: no move).
    fn poll(&mut self, searcher: &mut backend::Searcher, size: u8) -> bool {
        if let Some(pending) = self.pending.as_mut()
            && let Some(result) = searcher.poll(pending, size)
        {
            self.result = Some(result);
            self.pending = None;
        }
        self.result.is_some()
    }

    /// Test hook: finishes the job with `info`, if it searches `moves`.
    fn finish(&mut self, moves: &[Point], info: SearchInfo) -> bool {
        if self.moves != moves {
            return false;
        }
        self.pending = None;
        self.result = Some(Some(info));
        true
    }
}

/// A delivered answer that was not applied because the position had changed.
#[derive(Resource, Default, Debug)]
pub struct DroppedResults(pub u32);

/// Seeds for the computer's choices among equal moves.
#[derive(Resource)]
pub struct AiSeed(pub u64);

impl Default for AiSeed {
    fn default() -> Self {
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::try_from_rng(&mut rand::rngs::SysRng)
            .unwrap_or_else(|_| StdRng::seed_from_u64(7));
        AiSeed(rng.random())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<DroppedResults>()
        .init_resource::<AiSeed>()
        .init_resource::<AiPacing>()
        .add_plugins((backend::plugin, hint::plugin))
        .add_systems(
            Update,
            poll_search
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            start_or_cancel
                .after(AppSystems::Apply)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), stop_thinking);
}

fn stop_thinking(mut thinking: ResMut<Thinking>, mut searcher: backend::Searcher) {
    if let Some(job) = thinking.0.take() {
        searcher.cancel(job);
    }
}

/// Starts a search when the computer is to move and none runs for this position; cancels
/// one whose position is gone.
fn start_or_cancel(
    game_match: Res<Match>,
    pacing: Res<AiPacing>,
    time: Res<Time<Real>>,
    mut seed: ResMut<AiSeed>,
    mut thinking: ResMut<Thinking>,
    mut searcher: backend::Searcher,
) {
    let wanted = game_match.computer_to_move();
    match &thinking.0 {
        Some(job) if wanted && job.is_for(&game_match.game) => return,
        None if !wanted => return,
        _ => {}
    }
    if let Some(old) = thinking.0.take() {
        searcher.cancel(old);
    }
    if !wanted {
        return;
    }
    seed.0 = next_seed(seed.0);
    let settings = SearchSettings {
        level: game_match.level,
        limits: Limits {
            time_ms: Some(pacing.move_time_ms),
            nodes: None,
        },
        seed: seed.0,
    };
    thinking.0 = Some(Job::start(
        &mut searcher,
        &game_match.game,
        settings,
        time.elapsed(),
    ));
}

/// Collects a finished search and plays it, if the position is still the one searched.
fn poll_search(
    game_match: Res<Match>,
    pacing: Res<AiPacing>,
    time: Res<Time<Real>>,
    mut thinking: ResMut<Thinking>,
    mut dropped: ResMut<DroppedResults>,
    mut actions: MessageWriter<MatchAction>,
    mut searcher: backend::Searcher,
) {
    let Some(job) = thinking.0.as_mut() else {
        return;
    };
    if !job.poll(&mut searcher, game_match.game.size()) {
        return;
    }
    if !job.is_for(&game_match.game) || !game_match.computer_to_move() {
        dropped.0 += 1;
        thinking.0 = None;
        return;
    }
    if time.elapsed().saturating_sub(job.started) < pacing.min_think {
        return;
    }
    if let Some(Some(info)) = &job.result {
        actions.write(MatchAction::Place(info.best));
    }
    thinking.0 = None;
}

/// Test hook: hands a finished result to the job for `moves`, as if its search had ended.
pub fn deliver(thinking: &mut Thinking, moves: &[Point], info: SearchInfo) -> bool {
    thinking
        .0
        .as_mut()
        .is_some_and(|job| job.finish(moves, info))
}
