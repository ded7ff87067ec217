//! The review of a finished (or loaded) game: the engine judges every position of the
//! line on the board, one after another through the search service, with a budget per
//! position the player sets. From those judgements the engine's `review` marks the moves
//! that lost the most (and every move that allowed or missed a forced win). The judgements
//! are kept with the line they are for: reopening the review of the same game shows them
//! at once, and a cancelled review goes on from where it stopped.

use crate::AppSystems;
use crate::game_match::{Match, MatchAction};
use crate::screens::Screen;
use crate::search::{Purpose, RequestId, SearchService};
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::Game;
use gomoku_engine::ai::{Analysis, AnalysisSettings, Limits};
use gomoku_engine::review::{self, MoveReview};

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

/// One review: the line it judges and what is known of it.
#[derive(Debug)]
pub struct Reviewed {
    /// The whole line, played to its end.
    pub game: Game,
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
    pub failure: Option<String>,
}

impl Reviewed {
    fn new(game: Game, budget_ms: u32) -> Self {
        let count = game.moves().len() + 1;
        Reviewed {
            game,
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

    /// Where the position after `ply` moves of the line is in the game's tree.
    fn path_to(&self, ply: usize) -> Vec<usize> {
        let path = self.game.current_path();
        path[..ply.min(path.len())].to_vec()
    }
}

/// The review window's state: whether it shows, and the last review made.
#[derive(Resource, Default, Debug)]
pub struct GameReview {
    pub open: bool,
    pub current: Option<Reviewed>,
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
            (obey, judge_next)
                .chain()
                .after(AppSystems::Apply)
                .before(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), close);
}

fn close(mut review: ResMut<GameReview>, mut service: ResMut<SearchService>) {
    review.open = false;
    if let Some(running) = review.current.as_mut().and_then(|r| r.running.take()) {
        service.cancel(running);
    }
}

fn obey(
    mut commands: MessageReader<ReviewCommand>,
    game_match: Res<Match>,
    settings: Res<Settings>,
    mut review: ResMut<GameReview>,
    mut service: ResMut<SearchService>,
    mut actions: MessageWriter<MatchAction>,
) {
    for command in commands.read() {
        match command {
            // Applied next frame, with the other actions, by the match's one writer.
            ReviewCommand::Show(ply) => {
                if let Some(r) = &review.current {
                    actions.write(MatchAction::ShowPosition(r.path_to(*ply)));
                }
            }
            ReviewCommand::Start => {
                let line = whole_line(&game_match.game);
                let budget_ms = settings.review_ms;
                // The same game judged at least as deeply: keep what is known.
                let kept = review
                    .current
                    .as_ref()
                    .is_some_and(|r| r.game.points().eq(line.points()) && r.budget_ms >= budget_ms);
                match review.current.as_mut() {
                    Some(r) if kept => {
                        r.failure = None;
                        // The same moves, but the tree around them may have changed (a
                        // line promoted): where they are now.
                        r.game = line;
                    }
                    _ => {
                        if let Some(id) = review.current.as_mut().and_then(|r| r.running.take()) {
                            service.cancel(id);
                        }
                        review.current = Some(Reviewed::new(line, budget_ms));
                    }
                }
                review.open = true;
            }
            ReviewCommand::Cancel | ReviewCommand::Close => {
                if let Some(r) = review.current.as_mut()
                    && let Some(id) = r.running.take()
                {
                    service.cancel(id);
                    r.failure = Some("Cancelled.".to_string());
                }
                if *command == ReviewCommand::Close {
                    review.open = false;
                }
            }
        }
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
    let mut position = r.game.clone();
    for _ in r.done..r.game.moves().len() {
        position.undo();
    }
    if position.is_over() {
        // Nothing to judge after the last move of a finished game.
        r.done += 1;
        finish_if_complete(r);
        return;
    }
    let settings = AnalysisSettings {
        lines: 1,
        limits: Limits {
            time_ms: Some(r.budget_ms.into()),
            nodes: None,
        },
    };
    r.running = Some(service.request_analysis(Purpose::Review, &position, settings));
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
            r.failure = Some(format!("The review stopped: {failure}."));
        }
    }
}
