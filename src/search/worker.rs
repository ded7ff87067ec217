//! Browser: searches run in Web Workers (`ai_worker.js` loading the engine's small wasm
//! module), because wasm here has no threads and a search on the page's thread freezes
//! it. Requests and replies are `gomoku_engine::ai::wire` lines. A worker searches one
//! position at a time and cannot be interrupted, so a cancelled search's worker is
//! terminated, and up to `MAX_WORKERS` run side by side (the computer's move and a hint,
//! say). A worker that fails in any way is dropped and its request fails; the next
//! request starts a fresh one.

use super::{RequestId, SearchFailure, SearchRequest, SearchService, Task};
use bevy::prelude::*;
use gomoku_engine::ai::wire;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The worker script, beside index.html.
const WORKER_URL: &str = "ai_worker.js";
/// Workers alive at once: each holds its own engine and transposition table.
const MAX_WORKERS: usize = 3;

/// What a worker said, by the key of the worker that said it.
enum WorkerEvent {
    Reply(u32, String),
    /// An analysis has deepened: its newest report.
    Progress(u32, String),
    Failed(u32, String),
}

/// What a busy worker is doing: the request, the board size its lines are read with, and
/// whether it analyses (reports as it goes) or chooses a move.
#[derive(Clone, Copy)]
struct Busy {
    id: RequestId,
    size: u8,
    analysing: bool,
}

struct Slot {
    key: u32,
    worker: web_sys::Worker,
    busy: Option<Busy>,
    // Kept alive as long as the worker can call them.
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

#[derive(Default)]
pub struct WorkerPool {
    slots: Vec<Slot>,
    waiting: VecDeque<SearchRequest>,
    events: Rc<RefCell<Vec<WorkerEvent>>>,
    next_key: u32,
}

impl WorkerPool {
    fn spawn(&mut self) -> Result<usize, SearchFailure> {
        let worker = web_sys::Worker::new(WORKER_URL)
            .map_err(|e| SearchFailure::Unavailable(format!("{e:?}")))?;
        self.next_key += 1;
        let key = self.next_key;
        let sink = self.events.clone();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                let field = |name: &str| {
                    js_sys::Reflect::get(&event.data(), &name.into())
                        .ok()
                        .and_then(|v| v.as_string())
                };
                sink.borrow_mut()
                    .push(match (field("reply"), field("progress")) {
                        (Some(reply), _) => WorkerEvent::Reply(key, reply),
                        (None, Some(progress)) => WorkerEvent::Progress(key, progress),
                        (None, None) => {
                            // Details for the log; the player reads the failure's kind.
                            let why = "a message without a reply"; // i18n: not shown
                            WorkerEvent::Failed(key, why.into())
                        }
                    });
            },
        );
        let sink = self.events.clone();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            // A script that cannot load, or an uncaught error inside the worker.
            let why = js_sys::Reflect::get(&event, &"message".into())
                .ok()
                .and_then(|v| v.as_string())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| format!("the worker failed ({})", event.type_())); // i18n: not shown
            sink.borrow_mut().push(WorkerEvent::Failed(key, why));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.slots.push(Slot {
            key,
            worker,
            busy: None,
            _on_message: on_message,
            _on_error: on_error,
        });
        Ok(self.slots.len() - 1)
    }

    /// A worker free to search: an idle one, or a new one while there is room.
    fn idle_slot(&mut self) -> Option<Result<usize, SearchFailure>> {
        match self.slots.iter().position(|s| s.busy.is_none()) {
            Some(i) => Some(Ok(i)),
            None if self.slots.len() < MAX_WORKERS => Some(self.spawn()),
            None => None,
        }
    }

    fn start_waiting(&mut self, service: &mut SearchService) {
        while !self.waiting.is_empty() {
            let Some(slot) = self.idle_slot() else {
                return; // All workers busy: it waits for one.
            };
            let request = self.waiting.pop_front().expect("front was just seen"); // i18n: not shown
            let posted = slot.and_then(|i| {
                let (field, line) = match &request.task {
                    Task::Move(settings) => {
                        ("request", wire::encode_request(&request.game, settings))
                    }
                    Task::Analyse(settings) => (
                        "analyse",
                        wire::encode_analysis_request(&request.game, settings),
                    ),
                };
                let message = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&message, &field.into(), &line.into());
                let slot = &mut self.slots[i];
                slot.worker
                    .post_message(&message)
                    .map_err(|e| SearchFailure::Unavailable(format!("{e:?}")))?;
                slot.busy = Some(Busy {
                    id: request.id,
                    size: request.game.size(),
                    analysing: matches!(request.task, Task::Analyse(_)),
                });
                Ok(())
            });
            if let Err(failure) = posted {
                error!("AI worker: {failure}");
                service.fail(request.id, failure);
            }
        }
    }

    fn drop_worker(&mut self, key: u32) -> Option<Busy> {
        let i = self.slots.iter().position(|s| s.key == key)?;
        self.slots.remove(i).busy
    }
}

fn drive(mut service: ResMut<SearchService>, mut pool: NonSendMut<WorkerPool>) {
    for id in service.take_cancelled() {
        pool.waiting.retain(|r| r.id != id);
        let searching = pool
            .slots
            .iter()
            .find(|s| s.busy.is_some_and(|busy| busy.id == id));
        if let Some(key) = searching.map(|s| s.key) {
            pool.drop_worker(key);
        }
    }
    let new = service.take_new();
    pool.waiting.extend(new);
    let events = std::mem::take(&mut *pool.events.borrow_mut());
    for event in events {
        match event {
            WorkerEvent::Progress(key, line) => {
                let Some(busy) = pool
                    .slots
                    .iter()
                    .find(|s| s.key == key)
                    .and_then(|s| s.busy)
                else {
                    continue; // A worker already dropped or done.
                };
                match wire::decode_analysis(&line, busy.size) {
                    Ok(Some(analysis)) => service.report(busy.id, analysis),
                    Ok(None) => {}
                    Err(e) => {
                        warn!("AI worker: an unreadable report '{line}': {e}");
                    }
                }
            }
            WorkerEvent::Reply(key, reply) => {
                let Some(slot) = pool.slots.iter_mut().find(|s| s.key == key) else {
                    continue; // A worker already dropped.
                };
                let Some(busy) = slot.busy.take() else {
                    continue;
                };
                let read = if busy.analysing {
                    wire::decode_analysis(&reply, busy.size)
                        .map(|end| service.end_analysis(busy.id, Ok(end)))
                } else {
                    wire::decode_reply(&reply, busy.size)
                        .map(|found| service.answer(busy.id, Ok(found)))
                };
                if let Err(e) = read {
                    // A trap, a module that failed to load, or garbage: this worker is
                    // not to be trusted again.
                    pool.drop_worker(key);
                    let failure = match reply.strip_prefix("error ") {
                        Some(why) => SearchFailure::Crashed(why.to_string()),
                        None => SearchFailure::Unreadable(format!("'{reply}': {e}")),
                    };
                    error!("AI worker: {failure}");
                    service.fail(busy.id, failure);
                }
            }
            WorkerEvent::Failed(key, why) => {
                error!("AI worker failed: {why}");
                if let Some(busy) = pool.drop_worker(key) {
                    service.fail(busy.id, SearchFailure::Crashed(why));
                }
            }
        }
    }
    pool.start_waiting(&mut service);
}

pub(super) fn plugin(app: &mut App) {
    app.insert_non_send(WorkerPool::default())
        .add_systems(PostUpdate, drive);
}
