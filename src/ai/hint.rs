//! Hints for the human: on request the engine searches the position for the side to move
//! (at the top level, off the render thread like the computer's own moves) and the board
//! shows its move until the position changes.

use super::{Job, backend};
use crate::AppSystems;
use crate::game_match::Match;
use crate::screens::Screen;
use bevy::prelude::*;
use gomoku_engine::Point;
use gomoku_engine::ai::{Level, Limits, SearchInfo, SearchSettings};

/// How long a hint may think: long enough for the master level's threat searches.
const HINT_TIME_MS: u64 = 1_000;

/// The human asks for a hint (HUD button or the H key).
#[derive(Message, Debug, Clone, Copy)]
pub struct AskHint;

#[derive(Resource, Default)]
pub struct Hint {
    job: Option<Job>,
    /// The suggested point and the position (move list) it is for.
    shown: Option<(Vec<Point>, Point)>,
}

impl Hint {
    /// The hint to draw for the match as it stands, if any.
    pub fn point(&self, game_match: &Match) -> Option<Point> {
        let (moves, p) = self.shown.as_ref()?;
        (moves.iter().copied().eq(game_match.game.points())).then_some(*p)
    }

    pub fn is_searching(&self) -> bool {
        self.job.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .add_message::<AskHint>()
        .add_systems(
            Update,
            (start_hint, poll_hint)
                .chain()
                .after(AppSystems::Apply)
                // A hint for a position that is gone is cancelled before the computer's
                // own search starts: the browser's one worker then restarts for it,
                // rather than finishing the stale hint first.
                .before(super::start_or_cancel)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), forget_hint);
}

fn forget_hint(mut hint: ResMut<Hint>, mut searcher: backend::Searcher) {
    if let Some(job) = hint.job.take() {
        searcher.cancel(job);
    }
    hint.shown = None;
}

fn start_hint(
    mut asks: MessageReader<AskHint>,
    game_match: Res<Match>,
    time: Res<Time<Real>>,
    mut hint: ResMut<Hint>,
    mut searcher: backend::Searcher,
) {
    if asks.read().count() == 0
        || game_match.game.is_over()
        || game_match.computer_to_move()
        || hint.point(&game_match).is_some()
        || hint
            .job
            .as_ref()
            .is_some_and(|job| job.is_for(&game_match.game))
    {
        return;
    }
    if let Some(old) = hint.job.take() {
        searcher.cancel(old);
    }
    let settings = SearchSettings {
        level: Level::MAX,
        limits: Limits {
            time_ms: Some(HINT_TIME_MS),
            nodes: None,
        },
        seed: 0,
    };
    hint.job = Some(Job::start(
        &mut searcher,
        &game_match.game,
        settings,
        time.elapsed(),
    ));
}

/// Collects a finished hint search; drops hints (shown or pending) for an old position.
fn poll_hint(game_match: Res<Match>, mut hint: ResMut<Hint>, mut searcher: backend::Searcher) {
    if hint.shown.is_some() && hint.point(&game_match).is_none() {
        hint.shown = None;
    }
    let Some(mut job) = hint.job.take() else {
        return;
    };
    if !job.is_for(&game_match.game) || game_match.computer_to_move() {
        searcher.cancel(job);
        return;
    }
    if !job.poll(&mut searcher, game_match.game.size()) {
        hint.job = Some(job);
        return;
    }
    hint.shown = job.result.flatten().map(|info| (job.moves, info.best));
}

/// Test hook: finishes the pending hint search for `moves` with `info`.
pub fn deliver_hint(hint: &mut Hint, moves: &[Point], info: SearchInfo) -> bool {
    hint.job.as_mut().is_some_and(|job| job.finish(moves, info))
}
