//! Desktop: the search runs as a task on `AsyncComputeTaskPool`, cancelled through the
//! engine's cooperative flag.

use super::Job;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gomoku_engine::Game;
use gomoku_engine::ai::{SearchInfo, SearchSettings, search};
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct Pending {
    task: Task<Option<SearchInfo>>,
    cancel: Arc<AtomicBool>,
}

impl Drop for Pending {
    fn drop(&mut self) {
        // However the job ends, its search must stop, not run on to its budget.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Starts and polls searches. Needs nothing from the world on the desktop; it is a
/// `SystemParam` only to match the web backend, which needs its worker.
#[derive(SystemParam)]
pub struct Searcher<'w> {
    _world: PhantomData<&'w ()>,
}

impl Searcher<'_> {
    pub fn start(&mut self, game: &Game, settings: SearchSettings) -> Pending {
        let cancel = Arc::new(AtomicBool::new(false));
        let (game, flag) = (game.clone(), cancel.clone());
        let task =
            AsyncComputeTaskPool::get().spawn(async move { search(&game, &settings, &flag) });
        Pending { task, cancel }
    }

    pub fn poll(&mut self, pending: &mut Pending, _size: u8) -> Option<Option<SearchInfo>> {
        check_ready(&mut pending.task)
    }

    pub fn cancel(&mut self, job: Job) {
        // Dropping the job drops its `Pending`, which raises the cancel flag.
        drop(job);
    }
}

pub(super) fn plugin(_app: &mut App) {}
