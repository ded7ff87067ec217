//! Hints for the person to move: on request the engine searches the position at the top
//! level (through the search service, beside the computer's own searches) and the board
//! shows its move until the position changes.

use super::{Asked, is_position};
use crate::AppSystems;
use crate::game_match::Match;
use crate::screens::{Phase, Screen};
use crate::search::{Purpose, SearchFailure, SearchService};
use bevy::prelude::*;
use gomoku_engine::Point;
use gomoku_engine::ai::{Level, Limits, SearchSettings};

/// How long a hint may think: long enough for the master level's threat searches.
const HINT_TIME_MS: u64 = 1_000;

/// The person asks for a hint (HUD button or the H key).
#[derive(Message, Debug, Clone, Copy)]
pub struct AskHint;

#[derive(Resource, Default, Debug)]
pub struct Hint {
    asked: Option<Asked>,
    /// The suggested point and the position (move list) it is for.
    shown: Option<(Vec<Point>, Point)>,
    /// Why the last hint could not be given.
    pub failure: Option<SearchFailure>,
}

impl Hint {
    /// The hint to draw for the match as it stands, if any.
    pub fn point(&self, game_match: &Match) -> Option<Point> {
        let (moves, p) = self.shown.as_ref()?;
        is_position(moves, &game_match.game).then_some(*p)
    }

    pub fn is_searching(&self) -> bool {
        self.asked.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .add_message::<AskHint>()
        .add_systems(
            Update,
            collect_hint
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            ask_hint
                .after(AppSystems::Apply)
                .before(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), forget_hint);
}

fn forget_hint(mut hint: ResMut<Hint>, mut service: ResMut<SearchService>) {
    if let Some(asked) = hint.asked.take() {
        service.cancel(asked.id);
    }
    hint.shown = None;
    hint.failure = None;
}

/// Starts a hint search on request while a person is to move; cancels one whose
/// position is gone, and forgets a hint shown for another position.
fn ask_hint(
    mut asks: MessageReader<AskHint>,
    game_match: Res<Match>,
    phase: Res<State<Phase>>,
    time: Res<Time<Real>>,
    mut hint: ResMut<Hint>,
    mut service: ResMut<SearchService>,
) {
    let game = &game_match.game;
    // Online, the engine's help would be a third player at the board.
    let persons_turn = *phase.get() == Phase::HumanTurn && !game_match.is_online();
    if let Some(asked) = &hint.asked
        && (!persons_turn || !asked.is_for(game))
    {
        service.cancel(asked.id);
        hint.asked = None;
    }
    if hint.shown.is_some() && hint.point(&game_match).is_none() {
        hint.shown = None;
    }
    if asks.read().count() == 0
        || !persons_turn
        || hint.asked.is_some()
        || hint.point(&game_match).is_some()
    {
        return;
    }
    let settings = SearchSettings {
        level: Level::MAX,
        limits: Limits::time(HINT_TIME_MS),
        seed: 0,
    };
    let id = service.request(Purpose::Hint, game, settings);
    hint.failure = None;
    hint.asked = Some(Asked::new(id, game, time.elapsed()));
}

/// Takes a finished hint search for the position on the board.
fn collect_hint(
    game_match: Res<Match>,
    mut hint: ResMut<Hint>,
    mut service: ResMut<SearchService>,
) {
    let Some(asked) = &hint.asked else {
        return;
    };
    if !asked.is_for(&game_match.game) {
        return; // `ask_hint` cancels it after this frame's actions.
    }
    let Some(answer) = service.take_answer(asked.id) else {
        return;
    };
    let moves = hint.asked.take().map(|a| a.moves).unwrap_or_default();
    match answer {
        Ok(found) => hint.shown = found.map(|info| (moves, info.best)),
        Err(failure) => {
            warn!("the hint's search failed: {failure}");
            hint.failure = Some(failure);
        }
    }
}
