//! The computer player: while the phase is `ComputerTurn` it asks the search service for
//! a move in the match's position and plays the answer as a `MatchAction` of its own. A
//! failed search is shown in the HUD and retried after a growing pause; after
//! `MAX_ATTEMPTS` it stops and the HUD offers to retry or to return to the menu. In an
//! undecided Swap2 opening its steps are the engine's Swap2 judgement (`opening`), asked
//! through the same service and failing and retrying the same way.

use super::opening::{Next, OpeningWork};
use super::{Asked, is_position};
use crate::AppSystems;
use crate::game_match::{Match, MatchAction, PlayerKind};
use crate::review::GameReview;
use crate::screens::{Phase, Screen};
use crate::search::{Purpose, SearchFailure, SearchService};
use bevy::prelude::*;
use gomoku_engine::Point;
use gomoku_engine::ai::{Limits, SearchSettings, next_seed};
use std::time::Duration;

/// Searches tried for one position before the computer gives up and asks the player.
pub const MAX_ATTEMPTS: u32 = 3;

/// How the computer paces itself.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AiPacing {
    /// Shortest time the computer appears to think, so its reply can be followed by eye.
    pub min_think: Duration,
    /// Search budget per move, and per Swap2 step (shared by that step's searches).
    pub move_time_ms: u64,
    /// The pause before the first retry of a failed search; each further retry waits
    /// twice as long.
    pub first_retry_pause: Duration,
}

impl Default for AiPacing {
    fn default() -> Self {
        AiPacing {
            min_think: Duration::from_millis(350),
            move_time_ms: 2_000,
            first_retry_pause: Duration::from_millis(500),
        }
    }
}

/// Searches for the computer's move that failed, for the position they were for.
#[derive(Debug, Clone, PartialEq)]
pub struct ComputerTrouble {
    moves: Vec<Point>,
    /// Failed searches so far for this position.
    pub attempts: u32,
    pub last: SearchFailure,
    /// When the next attempt starts; `None` once the computer has given up.
    pub retry_at: Option<Duration>,
}

impl ComputerTrouble {
    pub fn gave_up(&self) -> bool {
        self.retry_at.is_none()
    }
}

/// The computer's search in flight, its seed, and its trouble, if any.
#[derive(Resource, Debug)]
pub struct ComputerPlayer {
    asked: Option<Asked>,
    /// An answer held back until `AiPacing::min_think` has passed.
    ready: Option<Point>,
    /// The Swap2 step it is working on, while the opening waits for it.
    opening: Option<OpeningWork>,
    seed: u64,
    pub trouble: Option<ComputerTrouble>,
}

impl Default for ComputerPlayer {
    fn default() -> Self {
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::try_from_rng(&mut rand::rngs::SysRng)
            .unwrap_or_else(|_| StdRng::seed_from_u64(7));
        ComputerPlayer {
            asked: None,
            ready: None,
            opening: None,
            seed: rng.random(),
            trouble: None,
        }
    }
}

impl ComputerPlayer {
    /// Is the computer searching (or holding its answer back) right now?
    pub fn is_thinking(&self) -> bool {
        self.asked.is_some() || self.opening.is_some()
    }
}

/// The player asks the computer to try again after it gave up.
#[derive(Message, Debug, Clone, Copy)]
pub struct RetryComputer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .init_resource::<AiPacing>()
        .add_message::<RetryComputer>()
        .add_systems(
            Update,
            collect_answer
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            ask_or_cancel
                .after(AppSystems::Apply)
                .before(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), stop);
}

fn stop(mut computer: ResMut<ComputerPlayer>, mut service: ResMut<SearchService>) {
    if let Some(asked) = computer.asked.take() {
        service.cancel(asked.id);
    }
    if let Some(work) = computer.opening.take() {
        work.cancel(&mut service);
    }
    computer.ready = None;
    computer.trouble = None;
}

/// Starts a search when the computer is to move and none runs for this position (unless
/// it is pausing after a failure or has given up); cancels one whose position is gone. In
/// an undecided Swap2 opening it works on the opening's step instead, and writes that
/// step's actions one at a time.
fn ask_or_cancel(
    game_match: Res<Match>,
    phase: Res<State<Phase>>,
    pacing: Res<AiPacing>,
    time: Res<Time<Real>>,
    mut retry: MessageReader<RetryComputer>,
    mut computer: ResMut<ComputerPlayer>,
    mut service: ResMut<SearchService>,
    mut actions: MessageWriter<MatchAction>,
    review: Res<GameReview>,
) {
    let game = &game_match.game;
    let computer = &mut *computer;
    // While a player reviews the game, the computer waits: the position on the board is
    // one being studied, not one to play on in.
    let to_move = *phase.get() == Phase::ComputerTurn && !review.open;
    if let Some(asked) = &computer.asked
        && (!to_move || !asked.is_for(game))
    {
        service.cancel(asked.id);
        computer.asked = None;
        computer.ready = None;
    }
    if let Some(work) = &computer.opening
        && (!to_move || !work.is_for(&game_match))
    {
        work.cancel(&mut service);
        computer.opening = None;
    }
    if computer
        .trouble
        .as_ref()
        .is_some_and(|t| !to_move || !is_position(&t.moves, game))
    {
        computer.trouble = None; // The position it failed in is gone.
    }
    if retry.read().count() > 0 {
        computer.trouble = None;
    }
    let now = time.elapsed();
    let waiting = computer
        .trouble
        .as_ref()
        .is_some_and(|t| t.retry_at.is_none_or(|at| now < at));
    if !to_move || computer.asked.is_some() || waiting {
        return;
    }
    if let Some(work) = &mut computer.opening {
        match work.next(&game_match, now, pacing.min_think) {
            Next::Wait => return,
            Next::Act(action) => {
                actions.write(action);
                computer.trouble = None;
                return;
            }
            Next::Done => computer.opening = None,
        }
    }
    computer.seed = next_seed(computer.seed);
    if game_match.swap2_stage().is_some() {
        computer.opening = OpeningWork::start(
            &game_match,
            &mut service,
            computer.seed,
            pacing.move_time_ms,
            now,
        );
        if computer.opening.is_some() {
            return;
        }
    }
    let settings = SearchSettings {
        level: game_match.level,
        limits: Limits::time(pacing.move_time_ms),
        seed: computer.seed,
    };
    let id = service.request(Purpose::ComputerMove, game, settings);
    computer.asked = Some(Asked::new(id, game, now));
}

/// Plays a finished search, if it is still for the position on the board; records a
/// failure and when to try again.
fn collect_answer(
    game_match: Res<Match>,
    pacing: Res<AiPacing>,
    time: Res<Time<Real>>,
    mut computer: ResMut<ComputerPlayer>,
    mut service: ResMut<SearchService>,
    mut actions: MessageWriter<MatchAction>,
) {
    let computer = &mut *computer;
    let now = time.elapsed();
    if let Some(work) = &mut computer.opening
        && work.is_for(&game_match)
        && let Err(failure) = work.collect(&mut service)
    {
        warn!("the computer's Swap2 search failed: {failure}");
        let moves = work.base.clone();
        computer.opening = None;
        record_failure(computer, moves, failure, now, &pacing);
        return;
    }
    let Some(asked) = &computer.asked else {
        return;
    };
    if !asked.is_for(&game_match.game) {
        return; // `ask_or_cancel` cancels it after this frame's actions.
    }
    if computer.ready.is_none() {
        match service.take_answer(asked.id) {
            None => return,
            Some(Ok(Some(info))) => computer.ready = Some(info.best),
            Some(Ok(None)) => {
                // Nothing to play: the game is over or the board full, which the match
                // already knows.
                computer.asked = None;
                return;
            }
            Some(Err(failure)) => {
                warn!("the computer's search failed: {failure}");
                let moves = asked.moves.clone();
                computer.asked = None;
                record_failure(computer, moves, failure, now, &pacing);
                return;
            }
        }
    }
    if now.saturating_sub(asked.at) < pacing.min_think {
        return;
    }
    if let Some(at) = computer.ready.take() {
        actions.write(MatchAction::Place {
            at,
            by: PlayerKind::Computer,
        });
    }
    computer.asked = None;
    computer.trouble = None;
}

/// A failed search for the position `moves`: counts the attempt and sets when to try
/// again, or gives up after `MAX_ATTEMPTS`.
fn record_failure(
    computer: &mut ComputerPlayer,
    moves: Vec<Point>,
    failure: SearchFailure,
    now: Duration,
    pacing: &AiPacing,
) {
    let attempts = computer.trouble.as_ref().map_or(0, |t| t.attempts) + 1;
    let retry_at =
        (attempts < MAX_ATTEMPTS).then(|| now + pacing.first_retry_pause * 2u32.pow(attempts - 1));
    computer.trouble = Some(ComputerTrouble {
        moves,
        attempts,
        last: failure,
        retry_at,
    });
}
