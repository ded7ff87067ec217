//! Live analysis: while it is on, the engine studies the position on the board in the
//! background (through the search service, never on the render thread), deepening while
//! the position stands and starting again at every change. What it has found so far is
//! kept with the position it is for, so a report for a position that is gone never shows.
//!
//! It gives way to the computer player: while the computer thinks, analysis stops, so the
//! computer's move gets the whole machine and its time is what it would be with analysis
//! off. Online, it is off: the engine's help would be a third player at the board.

use crate::AppSystems;
use crate::game_match::Match;
use crate::review::GameReview;
use crate::screens::{Phase, Screen};
use crate::search::{PositionKey, Purpose, RequestId, SearchFailure, SearchService};
use crate::settings::{Settings, persist};
use crate::storage::Store;
use bevy::prelude::*;
use gomoku_engine::Game;
use gomoku_engine::ai::{Analysis, AnalysisSettings, Limits};

/// Candidate moves shown (the engine's multi-PV lines).
pub const CANDIDATE_LINES: usize = 3;
/// One position is analysed for at most this long; then its last report stands. A player
/// who leaves the board alone does not keep the machine busy for ever.
const POSITION_BUDGET_MS: u64 = 120_000;

/// Turns live analysis on or off (HUD, menu, the A key).
#[derive(Message, Debug, Clone, Copy)]
pub struct ToggleAnalysis;

/// A running analysis and the position it studies.
#[derive(Debug)]
struct Running {
    id: RequestId,
    position: PositionKey,
}

/// What live analysis has found, and for which position.
#[derive(Resource, Default, Debug)]
pub struct LiveAnalysis {
    running: Option<Running>,
    /// The newest report and the position it is about.
    shown: Option<(PositionKey, Analysis)>,
    /// The position whose analysis has spent its budget (or failed): not started again
    /// while it stands.
    finished: Option<PositionKey>,
    /// Why the last analysis stopped without a result.
    pub failure: Option<SearchFailure>,
}

impl LiveAnalysis {
    /// What the engine has found about `game` as it stands now, if anything yet.
    pub fn of(&self, game: &Game) -> Option<&Analysis> {
        let (position, analysis) = self.shown.as_ref()?;
        position.is(game).then_some(analysis)
    }

    /// Is the engine studying a position now?
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    fn stop(&mut self, service: &mut SearchService) {
        if let Some(running) = self.running.take() {
            service.cancel(running.id);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveAnalysis>()
        .add_message::<ToggleAnalysis>()
        .add_systems(
            Update,
            collect_reports
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (toggle, follow_position)
                .chain()
                .after(AppSystems::Apply)
                .before(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), forget);
}

/// Flips the setting, and remembers it for the next run.
fn toggle(
    mut toggles: MessageReader<ToggleAnalysis>,
    mut settings: ResMut<Settings>,
    store: Option<Res<Store>>,
) {
    // Two toggles in one frame cancel out, as two presses would.
    if toggles.read().count() % 2 == 1 {
        settings.analysis = !settings.analysis;
        if let Some(store) = store {
            persist(&store, &settings);
        }
    }
}

fn forget(mut live: ResMut<LiveAnalysis>, mut service: ResMut<SearchService>) {
    live.stop(&mut service);
    *live = LiveAnalysis::default();
}

/// Is there a position for live analysis to study now? Not while the computer thinks
/// (it is to move and no review holds it).
fn wanted(settings: &Settings, game_match: &Match, computer_thinks: bool) -> bool {
    settings.analysis && !game_match.is_online() && !game_match.game.is_over() && !computer_thinks
}

/// Starts an analysis of the position on the board when there is none, stops one whose
/// position is gone or that must give way, and forgets what was shown for another
/// position.
fn follow_position(
    settings: Res<Settings>,
    game_match: Res<Match>,
    phase: Res<State<Phase>>,
    review: Res<GameReview>,
    mut live: ResMut<LiveAnalysis>,
    mut service: ResMut<SearchService>,
) {
    let game = &game_match.game;
    let computer_thinks = (*phase.get() == Phase::ComputerTurn && !review.open)
        || service.is_busy_with(Purpose::ComputerMove);
    let wanted = wanted(&settings, &game_match, computer_thinks);
    let stale = live.running.as_ref().is_some_and(|r| !r.position.is(game));
    if stale || (!wanted && live.running.is_some()) {
        live.stop(&mut service);
    }
    if live.of(game).is_none() {
        live.shown = None;
    }
    // Off, then on again, analyses afresh; so does another position.
    if !settings.analysis || live.finished.as_ref().is_some_and(|f| !f.is(game)) {
        live.finished = None;
        live.failure = None;
    }
    if !wanted || live.running.is_some() || live.finished.is_some() {
        return;
    }
    let request = AnalysisSettings {
        lines: CANDIDATE_LINES,
        limits: Limits::time(POSITION_BUDGET_MS),
    };
    let id = service.request_analysis(Purpose::Analysis, game, request);
    live.running = Some(Running {
        id,
        position: PositionKey::of(game),
    });
}

/// Takes the newest report of the running analysis, and its end.
fn collect_reports(
    game_match: Res<Match>,
    mut live: ResMut<LiveAnalysis>,
    mut service: ResMut<SearchService>,
) {
    let Some(running) = &live.running else {
        return;
    };
    if !running.position.is(&game_match.game) {
        return; // `follow_position` stops it after this frame's actions.
    }
    let (id, position) = (running.id, running.position.clone());
    if let Some(report) = service.latest_report(id) {
        let newer = live.shown.as_ref().is_none_or(|(_, shown)| shown != report);
        if newer {
            live.shown = Some((position.clone(), report.clone()));
        }
    }
    let Some(end) = service.take_analysis_end(id) else {
        return;
    };
    live.running = None;
    live.finished = Some(position.clone());
    match end {
        Ok(Some(last)) => live.shown = Some((position, last)),
        Ok(None) => {}
        Err(failure) => {
            warn!("live analysis failed: {failure}");
            live.failure = Some(failure);
        }
    }
}
