//! Desktop: each search is a task on `AsyncComputeTaskPool`, so it never runs on the
//! render thread; several may run at once. Cancelling raises the engine's cooperative
//! flag. A panic inside a search is caught and reported as a failure, not lost with its
//! thread.

use super::{Answer, RequestId, SearchFailure, SearchService};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gomoku_engine::Game;
use gomoku_engine::ai::{SearchInfo, SearchSettings, search};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The search a task runs: the engine's, or a stand-in for tests (slow, or failing).
pub type SearchFn = fn(&Game, &SearchSettings, &AtomicBool) -> Option<SearchInfo>;

#[derive(Resource)]
pub struct TaskPoolSearch {
    search: SearchFn,
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

impl Default for TaskPoolSearch {
    fn default() -> Self {
        TaskPoolSearch::with_search(search)
    }
}

impl TaskPoolSearch {
    pub fn with_search(search: SearchFn) -> Self {
        TaskPoolSearch {
            search,
            running: Vec::new(),
        }
    }

    fn spawn(&mut self, id: RequestId, game: Game, settings: SearchSettings) {
        let cancel = Arc::new(AtomicBool::new(false));
        let (flag, search) = (cancel.clone(), self.search);
        let task = AsyncComputeTaskPool::get().spawn(async move {
            catch_unwind(AssertUnwindSafe(|| search(&game, &settings, &flag)))
                .map_err(|panic| SearchFailure::Crashed(panic_message(panic.as_ref())))
        });
        self.running.push(Running { id, task, cancel });
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
