//! Desktop: each search is a task on `AsyncComputeTaskPool`, so it never runs on the
//! render thread; several may run at once. Cancelling raises the engine's cooperative
//! flag. A panic inside a search is caught and reported as a failure, not lost with its
//! thread.

use super::{Answer, RequestId, SearchFailure, SearchService};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gomoku_engine::Game;
use gomoku_engine::ai::{Engine, Resources, SearchInfo, SearchSettings};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stand-in for the engine's search, for tests (slow, or failing).
pub type SearchFn = fn(&Game, &SearchSettings, &AtomicBool) -> Option<SearchInfo>;

#[derive(Resource, Default)]
pub struct TaskPoolSearch {
    /// `None`: the engine's own search.
    stand_in: Option<SearchFn>,
    /// What the engine may use (threads, table memory): the settings' choice.
    resources: Resources,
    /// Made at the first search after the resources were set, then shared by every
    /// search (its table is safe to share, and what one search learns helps the next).
    engine: Option<Arc<Engine>>,
    running: Vec<Running>,
}

struct Running {
    id: RequestId,
    task: Task<Answer>,
    cancel: Arc<AtomicBool>,
}

impl Drop for Running {
    fn drop(&mut self) {
        // However a search ends for us, it must stop, not run on to its budget.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl TaskPoolSearch {
    pub fn with_search(search: SearchFn) -> Self {
        TaskPoolSearch {
            stand_in: Some(search),
            ..TaskPoolSearch::default()
        }
    }

    pub fn resources(&self) -> Resources {
        self.resources
    }

    /// Searches from now on use `resources`; running ones finish with what they had.
    pub fn set_resources(&mut self, resources: Resources) {
        if resources != self.resources {
            self.resources = resources;
            self.engine = None;
        }
    }

    fn spawn(&mut self, id: RequestId, game: Game, settings: SearchSettings) {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let searcher = match self.stand_in {
            Some(search) => Searcher::StandIn(search),
            None => {
                let resources = self.resources;
                let engine = self
                    .engine
                    .get_or_insert_with(|| Arc::new(Engine::new(resources)));
                Searcher::Engine(engine.clone())
            }
        };
        let task = AsyncComputeTaskPool::get().spawn(async move {
            catch_unwind(AssertUnwindSafe(|| match searcher {
                Searcher::Engine(engine) => engine.search(&game, &settings, &flag),
                Searcher::StandIn(search) => search(&game, &settings, &flag),
            }))
            .map_err(|panic| SearchFailure::Crashed(panic_message(panic.as_ref())))
        });
        self.running.push(Running { id, task, cancel });
    }
}

/// What one task searches with.
enum Searcher {
    Engine(Arc<Engine>),
    StandIn(SearchFn),
}

/// The settings choose what the engine may use; a change applies from the next search.
pub(super) fn follow_settings(settings: Res<Settings>, mut pool: ResMut<TaskPoolSearch>) {
    if settings.is_changed() {
        pool.set_resources(settings.search_resources());
    }
}

/// What a caught panic said, for a message to the player.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

pub(super) fn drive(mut service: ResMut<SearchService>, mut pool: ResMut<TaskPoolSearch>) {
    for id in service.take_cancelled() {
        // Dropping the task raises its cancel flag.
        pool.running.retain(|r| r.id != id);
    }
    for request in service.take_new() {
        pool.spawn(request.id, request.game, request.settings);
    }
    pool.running
        .retain_mut(|running| match check_ready(&mut running.task) {
            Some(answer) => {
                service.answer(running.id, answer);
                false
            }
            None => true,
        });
}
