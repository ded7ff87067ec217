//! The review of a finished (or loaded) game: the engine judges every position of the
//! line on the board, one after another through the search service, with a budget per
//! position the player sets. From those judgements the engine's `review` marks the moves
//! that lost the most (and every move that allowed or missed a forced win). The judgements
//! are kept with the line they are for: reopening the review of the same game shows them
//! at once, and a cancelled review goes on from where it stopped.
//!
//! A review shows its positions on the board, so while it is open the computer waits
//! (`ai::computer`); closing it returns the board to where the game stood, its result
//! (a resignation, a fallen flag) with it. A game still running under a clock, or online,
//! is reviewed once it is over: a review in the middle would stop a clock's player or put
//! the engine's judgement in an online game. A review whose game has left the board (a
//! restart, a load, a new match) closes.

use crate::AppSystems;
use crate::game_match::{Match, MatchAction};
use crate::screens::Screen;
use crate::search::{PositionKey, Purpose, RequestId, SearchFailure, SearchService};
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::ai::{Analysis, AnalysisSettings, Limits};
use gomoku_engine::review::{self, MoveReview};
use gomoku_engine::{Ending, Game, Point};

/// What a player asks of the review.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Review the line on the board (or show the kept review of it).
    Start,
    /// Stop judging; what was judged stays.
    Cancel,
    /// Hide the review; its results stay for the next time.
    Close,
    /// Show the position after this many moves on the board.
    Show(usize),
}

/// Why judging stopped short of the last position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewStop {
    /// The player cancelled (or closed the window while it judged).
    Cancelled,
    /// The search behind it failed.
    Failed(SearchFailure),
}

/// Why a review was not started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRefusal {
    /// A game still running under a clock, or online, waits for its end.
    GameStillRunning,
}

/// One review: the line it judges and what is known of it.
#[derive(Debug)]
pub struct Reviewed {
    /// The whole line, played to its end.
    pub game: Game,
    /// The position before each move, and after the last: what is judged.
    positions: Vec<Game>,
    /// The budget each position was (or is being) judged with.
    pub budget_ms: u32,
    /// `judged[i]`: the analysis of the position before move `i` (the last: after the
    /// final move; none when the game ended there).
    judged: Vec<Option<Analysis>>,
    /// Positions judged so far, from the start.
    done: usize,
    running: Option<RequestId>,
    /// The marks, made once every position is judged.
    pub moves: Vec<MoveReview>,
    /// Why judging stopped short.
    pub failure: Option<ReviewStop>,
}

impl Reviewed {
    fn new(game: Game, budget_ms: u32) -> Self {
        let positions = review::positions(&game);
        let count = positions.len();
        Reviewed {
            game,
            positions,
            budget_ms,
            judged: vec![None; count],
            done: 0,
            running: None,
            moves: Vec::new(),
            failure: None,
        }
    }

    /// Positions judged and positions in all, for a progress bar.
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.judged.len())
    }

    pub fn is_complete(&self) -> bool {
        self.done == self.judged.len()
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The judgement of the position before move `ply` (or after the last), once made.
    pub fn judgement(&self, ply: usize) -> Option<&Analysis> {
        self.judged.get(ply)?.as_ref()
    }

    /// The first `ply` moves of the line.
    fn line_to(&self, ply: usize) -> Vec<Point> {
        self.game.points().take(ply).collect()
    }
}

/// Where the game stood when its review opened: where closing returns the board.
#[derive(Debug)]
struct Home {
    moves: Vec<Point>,
    /// The result declared off the board there, which showing another position drops.
    ending: Option<Ending>,
    /// Has the review shown another position since?
    left: bool,
}

/// The review window's state: whether it shows, and the last review made.
#[derive(Resource, Default, Debug)]
pub struct GameReview {
    pub open: bool,
    pub current: Option<Reviewed>,
    home: Option<Home>,
    /// Why the last request to review was refused.
    pub refused: Option<ReviewRefusal>,
}

/// The line on the board played to its end: the moves made and those redo would replay.
pub fn whole_line(game: &Game) -> Game {
    let mut line = game.clone();
    line.redo_all();
    line
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .add_message::<ReviewCommand>()
        .add_systems(
            Update,
            collect_judgement
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (follow_game, obey, judge_next)
                .chain()
                .after(AppSystems::Apply)
                .before(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), close);
}

fn close(mut review: ResMut<GameReview>, mut service: ResMut<SearchService>) {
    review.open = false;
    review.home = None;
    stop(review.current.as_mut(), &mut service);
}

fn obey(
    mut commands: MessageReader<ReviewCommand>,
    game_match: Res<Match>,
    settings: Res<Settings>,
    mut review: ResMut<GameReview>,
    mut service: ResMut<SearchService>,
    mut actions: MessageWriter<MatchAction>,
) {
    let review = &mut *review;
    for command in commands.read() {
        match command {
            // Applied next frame, with the other actions, by the match's one writer.
            ReviewCommand::Show(ply) => {
                let Some(r) = &review.current else { continue };
                // Found by its moves: a promotion may have moved the line in the tree.
                if let Some(path) = game_match.game.path_of(&r.line_to(*ply)) {
                    actions.write(MatchAction::ShowPosition(path));
                    if let Some(home) = &mut review.home {
                        home.left = true;
                    }
                }
            }
            ReviewCommand::Start => {
                let game = &game_match.game;
                let running_game = !game.is_over();
                if running_game && (game_match.is_online() || game_match.time_control.is_timed()) {
                    review.refused = Some(ReviewRefusal::GameStillRunning);
                    continue;
                }
                review.refused = None;
                let line = whole_line(game);
                let budget_ms = settings.review_ms;
                // The same game judged at least as deeply: keep what is known.
                let kept = review.current.as_ref().is_some_and(|r| {
                    PositionKey::of(&r.game) == PositionKey::of(&line) && r.budget_ms >= budget_ms
                });
                match review.current.as_mut() {
                    Some(r) if kept => r.failure = None,
                    _ => {
                        stop(review.current.as_mut(), &mut service);
                        review.current = Some(Reviewed::new(line, budget_ms));
                    }
                }
                if !review.open {
                    review.home = Some(Home {
                        moves: game.points().collect(),
                        ending: game.outcome().ending(),
                        left: false,
                    });
                }
                review.open = true;
            }
            ReviewCommand::Cancel => {
                if stop(review.current.as_mut(), &mut service)
                    && let Some(r) = review.current.as_mut()
                {
                    r.failure = Some(ReviewStop::Cancelled);
                }
            }
            ReviewCommand::Close => {
                if stop(review.current.as_mut(), &mut service)
                    && let Some(r) = review.current.as_mut()
                {
                    r.failure = Some(ReviewStop::Cancelled);
                }
                review.open = false;
                review.refused = None;
                // Back to where the game stood, with its result.
                if let Some(home) = review.home.take().filter(|h| h.left)
                    && let Some(path) = game_match.game.path_of(&home.moves)
                {
                    actions.write(MatchAction::ShowPosition(path));
                    if let Some(ending) = home.ending {
                        actions.write(MatchAction::End(ending));
                    }
                }
            }
        }
    }
}

/// Stops the review's running judgement, if any; says whether one ran.
fn stop(r: Option<&mut Reviewed>, service: &mut SearchService) -> bool {
    match r.and_then(|r| r.running.take()) {
        Some(id) => {
            service.cancel(id);
            true
        }
        None => false,
    }
}

/// Closes a review whose game has left the board: a restart, a load, a new match, or
/// its line deleted.
fn follow_game(
    game_match: Res<Match>,
    mut review: ResMut<GameReview>,
    mut service: ResMut<SearchService>,
) {
    let review = &mut *review;
    let Some(r) = review.current.as_mut().filter(|_| review.open) else {
        return;
    };
    let game = &game_match.game;
    let same_game = r.game.size() == game.size()
        && r.game.rule() == game.rule()
        && game.path_of(&r.line_to(usize::MAX)).is_some();
    if !same_game {
        stop(Some(r), &mut service);
        review.open = false;
        review.home = None;
    }
}

/// Asks for the next position's judgement while the review is open and unfinished.
fn judge_next(mut review: ResMut<GameReview>, mut service: ResMut<SearchService>) {
    let open = review.open;
    let Some(r) = review.current.as_mut() else {
        return;
    };
    if !open || r.running.is_some() || r.is_complete() || r.failure.is_some() {
        return;
    }
    let position = &r.positions[r.done];
    if position.is_over() {
        // Nothing to judge after the last move of a finished game.
        r.done += 1;
        finish_if_complete(r);
        return;
    }
    let settings = AnalysisSettings {
        lines: 1,
        limits: Limits::time(r.budget_ms.into()),
    };
    r.running = Some(service.request_analysis(Purpose::Review, position, settings));
}

fn finish_if_complete(r: &mut Reviewed) {
    if r.is_complete() {
        r.moves = review::review_moves(&r.game, &r.judged);
    }
}

/// Takes a finished judgement and moves on to the next position.
fn collect_judgement(mut review: ResMut<GameReview>, mut service: ResMut<SearchService>) {
    let Some(r) = review.current.as_mut() else {
        return;
    };
    let Some(id) = r.running else {
        return;
    };
    let Some(end) = service.take_analysis_end(id) else {
        return;
    };
    r.running = None;
    match end {
        Ok(found) => {
            r.judged[r.done] = found;
            r.done += 1;
            finish_if_complete(r);
        }
        Err(failure) => {
            warn!("the review's search failed: {failure}");
            r.failure = Some(ReviewStop::Failed(failure));
        }
    }
}
