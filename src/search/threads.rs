//! Desktop: each search runs on a thread of its own, so it never runs on the render
//! thread; several may run at once. Not on Bevy's `AsyncComputeTaskPool`: that pool
//! (one thread on a small machine) also compiles the render pipelines and finishes
//! screenshots, which a two-minute analysis would hold up. Cancelling raises the engine's
//! cooperative flag. A panic inside a search is caught and reported as a failure, not
//! lost with its thread. An analysis leaves its newest report in a slot as it deepens.

use super::{AnalysisEnd, Answer, RequestId, SearchFailure, SearchRequest, SearchService, Task};
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::Game;
use gomoku_engine::ai::{Analysis, Engine, Resources, SearchInfo, SearchSettings};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stand-in for the engine's search, for tests (slow, or failing).
pub type SearchFn = fn(&Game, &SearchSettings, &AtomicBool) -> Option<SearchInfo>;

#[derive(Resource, Default)]
pub struct ThreadSearch {
    /// `None`: the engine's own search.
    stand_in: Option<SearchFn>,
    /// What the engine may use (threads, table memory): the settings' choice.
    resources: Resources,
    /// Made at the first search after the resources were set, then shared by every
    /// search (its table is safe to share, and what one search learns helps the next).
    engine: Option<Arc<Engine>>,
    running: Vec<Running>,
}

/// A slot one thread writes and the frame's side takes from.
type Slot<T> = Arc<Mutex<Option<T>>>;

struct Running {
    id: RequestId,
    /// How the search ended, once it has.
    finished: Slot<Finished>,
    /// An analysis's newest report not yet handed over.
    newest: Option<Slot<Analysis>>,
    cancel: Arc<AtomicBool>,
}

/// How a search ended, by what it was asked.
enum Finished {
    Move(Answer),
    Analysis(AnalysisEnd),
}

impl Drop for Running {
    fn drop(&mut self) {
        // However a search ends for us, it must stop, not run on to its budget.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl ThreadSearch {
    pub fn with_search(search: SearchFn) -> Self {
        ThreadSearch {
            stand_in: Some(search),
            ..ThreadSearch::default()
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

    /// Starts `request` on a thread of its own.
    fn spawn(&mut self, request: SearchRequest) -> Result<(), SearchFailure> {
        let SearchRequest { id, game, task, .. } = request;
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let engine = {
            let resources = self.resources;
            self.engine
                .get_or_insert_with(|| Arc::new(Engine::new(resources)))
                .clone()
        };
        let newest: Option<Slot<Analysis>> =
            matches!(task, Task::Analyse(_)).then(|| Arc::new(Mutex::new(None)));
        let reports = newest.clone();
        let stand_in = self.stand_in;
        let search = move || match task {
            Task::Move(settings) => Finished::Move(
                catch_unwind(AssertUnwindSafe(|| match stand_in {
                    Some(search) => search(&game, &settings, &flag),
                    None => engine.search(&game, &settings, &flag),
                }))
                .map_err(crashed),
            ),
            Task::Analyse(settings) => {
                let slot = reports.expect("an analysis has a report slot"); // i18n: not shown
                // Only the newest report matters: an older one not yet handed over is
                // replaced.
                let mut report = |a: &Analysis| *lock(&slot) = Some(a.clone());
                Finished::Analysis(
                    catch_unwind(AssertUnwindSafe(|| {
                        engine.analyse(&game, &settings, &flag, &mut report)
                    }))
                    .map_err(crashed),
                )
            }
        };
        let finished: Slot<Finished> = Arc::new(Mutex::new(None));
        let result = finished.clone();
        let started = std::thread::Builder::new()
            .name("gomoku-search".into())
            .spawn(move || {
                let ended = search();
                *lock(&result) = Some(ended);
            });
        if let Err(e) = started {
            // A failure's details go to the log; the player reads its kind (`key`).
            let why = format!("no thread for the search: {e}"); // i18n: not shown
            return Err(SearchFailure::Unavailable(why));
        }
        self.running.push(Running {
            id,
            finished,
            newest,
            cancel,
        });
        Ok(())
    }
}

fn crashed(panic: Box<dyn std::any::Any + Send>) -> SearchFailure {
    SearchFailure::Crashed(panic_message(panic.as_ref()))
}

/// The settings choose what the engine may use; a change applies from the next search.
pub(super) fn follow_settings(settings: Res<Settings>, mut pool: ResMut<ThreadSearch>) {
    if settings.is_changed() {
        pool.set_resources(settings.search_resources());
    }
}

/// A slot whose writer panicked still holds a whole value (one assignment).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a caught panic said, for a message to the player.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

pub(super) fn drive(mut service: ResMut<SearchService>, mut pool: ResMut<ThreadSearch>) {
    for id in service.take_cancelled() {
        // Dropping it raises its cancel flag; its thread ends within a millisecond or so.
        pool.running.retain(|r| r.id != id);
    }
    for request in service.take_new() {
        let id = request.id;
        if let Err(failure) = pool.spawn(request) {
            error!("{failure}");
            service.fail(id, failure);
        }
    }
    pool.running.retain_mut(|running| {
        if let Some(newest) = running.newest.as_ref().and_then(|n| lock(n).take()) {
            service.report(running.id, newest);
        }
        let finished = lock(&running.finished).take();
        match finished {
            Some(Finished::Move(answer)) => service.answer(running.id, answer),
            Some(Finished::Analysis(end)) => service.end_analysis(running.id, end),
            None => return true,
        }
        false
    });
}
