//! The search service: one place where the app asks the engine to search a position.
//! Whoever asks (the computer player, the hint, live analysis, the review) owns its
//! requests, keeps their ids and drops answers it no longer wants; the service knows
//! nothing of why a position is asked. A request either chooses a move (one answer) or
//! analyses (reports as it deepens, then an end). A backend runs them: threads of their
//! own on the desktop, Web Workers in the browser, or a fake that tests drive.

mod fake;
#[cfg(not(target_arch = "wasm32"))]
mod threads;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use threads::panic_message;
#[cfg(target_arch = "wasm32")]
mod worker;

pub use fake::FakeSearch;
#[cfg(not(target_arch = "wasm32"))]
pub use threads::{SearchFn, ThreadSearch};

use bevy::prelude::*;
use gomoku_engine::ai::{Analysis, AnalysisSettings, SearchInfo, SearchSettings};
use gomoku_engine::{Game, Point, Rule};
use std::collections::HashMap;

/// Which position a request or a result is about: the board's size, the rule and the
/// moves. The same stones under another rule, or on another board, are another position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    size: u8,
    rule: Rule,
    moves: Vec<Point>,
}

impl PositionKey {
    pub fn of(game: &Game) -> Self {
        PositionKey {
            size: game.size(),
            rule: game.rule(),
            moves: game.points().collect(),
        }
    }

    /// Is `game` this position as it stands now?
    pub fn is(&self, game: &Game) -> bool {
        self.size == game.size()
            && self.rule == game.rule()
            && self.moves.iter().copied().eq(game.points())
    }
}

/// Names one request for as long as it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(u64);

/// Why a position is searched; answers go back to the owner of the request, this only
/// lets the HUD and statistics say what is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// The computer player's next move.
    ComputerMove,
    /// A suggestion for the person to move.
    Hint,
    /// A look at a position nobody has to move in now.
    Analysis,
    /// One position of a finished game's review.
    Review,
}

/// What to do with a position: choose a move, or analyse it and report as it deepens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    Move(SearchSettings),
    Analyse(AnalysisSettings),
}

/// One position to search, as it stood when asked.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    pub id: RequestId,
    pub purpose: Purpose,
    pub game: Game,
    pub task: Task,
}

/// A search that ended without an answer: the backend broke, not the position. Its
/// `Display`, with the backend's own words, is for logs; players read `key`'s text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchFailure {
    /// The search stopped part-way: a panic on the desktop, a trap in the browser.
    Crashed(String),
    /// No backend could be started (a Web Worker that cannot load).
    Unavailable(String),
    /// The backend answered something that is not a reply.
    Unreadable(String),
}

impl SearchFailure {
    /// The key of what a player reads about the failure (in the `game` area); the
    /// backend's details (a panic's message, a worker's error) stay in the logs.
    pub fn key(&self) -> &'static str {
        match self {
            SearchFailure::Crashed(_) => "game.search-crashed",
            SearchFailure::Unavailable(_) => "game.search-unavailable",
            SearchFailure::Unreadable(_) => "game.search-unreadable",
        }
    }
}

impl std::fmt::Display for SearchFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchFailure::Crashed(why) => write!(f, "the search stopped: {why}"), // i18n: not shown
            SearchFailure::Unavailable(why) => write!(f, "the search could not start: {why}"), // i18n: not shown
            SearchFailure::Unreadable(why) => write!(f, "the search answered nonsense: {why}"), // i18n: not shown
        }
    }
}

impl std::error::Error for SearchFailure {}

/// What a search gives back: its finding (`None` when there is nothing to play) or why it
/// has none.
pub type Answer = Result<Option<SearchInfo>, SearchFailure>;

/// How an analysis ended: its last report (`None` when there was nothing to analyse) or why
/// it has none.
pub type AnalysisEnd = Result<Option<Analysis>, SearchFailure>;

/// Requests in flight and answers waiting to be taken. Several requests may be in flight
/// at once; each answer waits under its own id until its owner takes it.
#[derive(Resource, Default, Debug)]
pub struct SearchService {
    next_id: u64,
    /// Asked, not yet handed to the backend.
    queued: Vec<SearchRequest>,
    /// Every request not yet answered or cancelled: why it was asked, and whether it is an
    /// analysis (which ends with `AnalysisEnd`, not `Answer`).
    pending: HashMap<RequestId, (Purpose, bool)>,
    /// Cancelled since the backend last looked.
    cancelled: Vec<RequestId>,
    answers: HashMap<RequestId, Answer>,
    /// The newest report of each analysis still running.
    reports: HashMap<RequestId, Analysis>,
    /// Analyses that ended, waiting for their owners.
    analysis_ends: HashMap<RequestId, AnalysisEnd>,
    /// Answers that arrived for requests already cancelled, and so were dropped.
    late: u32,
}

impl SearchService {
    /// Asks for a search of `game` as it stands now.
    pub fn request(
        &mut self,
        purpose: Purpose,
        game: &Game,
        settings: SearchSettings,
    ) -> RequestId {
        self.ask(purpose, game, Task::Move(settings))
    }

    /// Asks for an analysis of `game` as it stands now: its reports come in as it deepens
    /// (`latest_report`), and its end once it has spent its budget (`take_analysis_end`).
    pub fn request_analysis(
        &mut self,
        purpose: Purpose,
        game: &Game,
        settings: AnalysisSettings,
    ) -> RequestId {
        self.ask(purpose, game, Task::Analyse(settings))
    }

    fn ask(&mut self, purpose: Purpose, game: &Game, task: Task) -> RequestId {
        self.next_id += 1;
        let id = RequestId(self.next_id);
        self.pending
            .insert(id, (purpose, matches!(task, Task::Analyse(_))));
        self.queued.push(SearchRequest {
            id,
            purpose,
            game: game.clone(),
            task,
        });
        id
    }

    /// Stops a request: the backend stops its search, and an answer that still comes is
    /// dropped. Cancelling an answered or unknown request does nothing.
    pub fn cancel(&mut self, id: RequestId) {
        self.answers.remove(&id);
        self.reports.remove(&id);
        self.analysis_ends.remove(&id);
        if self.pending.remove(&id).is_some() {
            self.queued.retain(|r| r.id != id);
            self.cancelled.push(id);
        }
    }

    /// The answer to `id`, once it has come; taking it ends the request.
    pub fn take_answer(&mut self, id: RequestId) -> Option<Answer> {
        self.answers.remove(&id)
    }

    /// The newest report of analysis `id`, while it runs.
    pub fn latest_report(&self, id: RequestId) -> Option<&Analysis> {
        self.reports.get(&id)
    }

    /// How analysis `id` ended, once it has; taking it ends the request.
    pub fn take_analysis_end(&mut self, id: RequestId) -> Option<AnalysisEnd> {
        let end = self.analysis_ends.remove(&id)?;
        self.reports.remove(&id);
        Some(end)
    }

    /// Is `id` still being searched?
    pub fn is_pending(&self, id: RequestId) -> bool {
        self.pending.contains_key(&id)
    }

    /// Is any search for `purpose` running?
    pub fn is_busy_with(&self, purpose: Purpose) -> bool {
        self.pending.values().any(|(p, _)| *p == purpose)
    }

    /// Answers dropped because their request had been cancelled.
    pub fn late_answers(&self) -> u32 {
        self.late
    }

    /// Backend side: the requests asked since the last call, oldest first.
    fn take_new(&mut self) -> Vec<SearchRequest> {
        std::mem::take(&mut self.queued)
    }

    /// Backend side: the requests cancelled since the last call.
    fn take_cancelled(&mut self) -> Vec<RequestId> {
        std::mem::take(&mut self.cancelled)
    }

    /// Backend side: the answer to `id`. One for a request no longer pending is dropped.
    fn answer(&mut self, id: RequestId, answer: Answer) {
        if self.pending.remove(&id).is_some() {
            self.answers.insert(id, answer);
        } else {
            self.late += 1;
        }
    }

    /// Backend side: analysis `id` has deepened. A report for a request no longer pending
    /// is dropped.
    fn report(&mut self, id: RequestId, analysis: Analysis) {
        if self.pending.contains_key(&id) {
            self.reports.insert(id, analysis);
        } else {
            self.late += 1;
        }
    }

    /// Backend side: analysis `id` ended. Its last report stays readable until the end is
    /// taken.
    fn end_analysis(&mut self, id: RequestId, end: AnalysisEnd) {
        if self.pending.remove(&id).is_some() {
            if let Ok(Some(last)) = &end {
                self.reports.insert(id, last.clone());
            }
            self.analysis_ends.insert(id, end);
        } else {
            self.late += 1;
        }
    }

    /// Backend side: request `id` failed, whatever it asked.
    fn fail(&mut self, id: RequestId, failure: SearchFailure) {
        match self.pending.get(&id) {
            Some((_, true)) => self.end_analysis(id, Err(failure)),
            _ => self.answer(id, Err(failure)),
        }
    }
}

/// The backend runs in `PostUpdate`: it starts what this frame asked for and hands over
/// what finished, which the owners collect next frame while recording input.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SearchService>();
    if app.world().contains_resource::<FakeSearch>() {
        app.add_systems(PostUpdate, fake::drive);
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    app.init_resource::<ThreadSearch>().add_systems(
        PostUpdate,
        (
            threads::follow_settings.run_if(resource_exists::<crate::settings::Settings>),
            threads::drive,
        )
            .chain(),
    );
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(worker::plugin);
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Point;

    fn info() -> SearchInfo {
        SearchInfo {
            best: Point::new(0, 0),
            score: 0,
            depth: 1,
            nodes: 1,
            elapsed_ms: 0,
            pv: vec![],
        }
    }

    #[test]
    fn answers_are_routed_by_request_and_late_ones_dropped() {
        let mut service = SearchService::default();
        let game = Game::default();
        let a = service.request(Purpose::ComputerMove, &game, SearchSettings::default());
        let b = service.request(Purpose::Hint, &game, SearchSettings::default());
        assert_ne!(a, b);
        assert_eq!(service.take_new().len(), 2);
        assert!(service.is_busy_with(Purpose::Hint));
        service.answer(b, Ok(None));
        assert_eq!(service.take_answer(a), None, "a's answer has not come");
        assert_eq!(service.take_answer(b), Some(Ok(None)));
        assert!(!service.is_busy_with(Purpose::Hint));
        service.cancel(a);
        assert_eq!(service.take_cancelled(), vec![a]);
        service.answer(a, Ok(Some(info())));
        assert_eq!(service.take_answer(a), None);
        assert_eq!(service.late_answers(), 1);
    }

    #[test]
    fn a_request_cancelled_before_the_backend_saw_it_never_reaches_it() {
        let mut service = SearchService::default();
        let id = service.request(Purpose::Analysis, &Game::default(), Default::default());
        service.cancel(id);
        assert!(service.take_new().is_empty());
        assert!(!service.is_pending(id));
    }
}
