//! Browser: the search runs in a Web Worker (`ai_worker.js` loading the engine's small
//! wasm module), because wasm here has no threads and a search on the page's thread
//! freezes it. Requests and replies are `gomoku_engine::ai::wire` lines. A search cannot
//! be interrupted inside the worker, so cancelling terminates the worker and starts a
//! fresh one.

use super::Job;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gomoku_engine::Game;
use gomoku_engine::ai::{SearchInfo, SearchSettings, wire};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The worker script, beside index.html.
const WORKER_URL: &str = "ai_worker.js";

pub struct Pending {
    id: u32,
}

/// The page's AI worker and the replies it has posted back, by request id.
pub struct AiWorker {
    worker: Option<web_sys::Worker>,
    replies: Rc<RefCell<Vec<(u32, String)>>>,
    on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    next_id: u32,
    /// The request the worker is busy with, if any.
    busy: Option<u32>,
}

impl AiWorker {
    fn new() -> Self {
        let replies: Rc<RefCell<Vec<(u32, String)>>> = Rc::default();
        let sink = replies.clone();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                let data = event.data();
                let id = js_sys::Reflect::get(&data, &"id".into())
                    .ok()
                    .and_then(|v| v.as_f64());
                let reply = js_sys::Reflect::get(&data, &"reply".into())
                    .ok()
                    .and_then(|v| v.as_string());
                if let (Some(id), Some(reply)) = (id, reply) {
                    sink.borrow_mut().push((id as u32, reply));
                }
            },
        );
        let mut worker = AiWorker {
            worker: None,
            replies,
            on_message,
            next_id: 0,
            busy: None,
        };
        worker.spawn();
        worker
    }

    fn spawn(&mut self) {
        match web_sys::Worker::new(WORKER_URL) {
            Ok(w) => {
                w.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
                self.worker = Some(w);
            }
            Err(e) => error!("cannot start the AI worker: {e:?}"),
        }
    }

    fn post(&mut self, line: &str) -> u32 {
        self.next_id += 1;
        let id = self.next_id;
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"id".into(), &JsValue::from(id));
        let _ = js_sys::Reflect::set(&message, &"request".into(), &JsValue::from_str(line));
        match &self.worker {
            Some(w) if w.post_message(&message).is_ok() => self.busy = Some(id),
            _ => error!("the AI worker is not running"),
        }
        id
    }

    fn take(&mut self, id: u32) -> Option<String> {
        let mut replies = self.replies.borrow_mut();
        let at = replies.iter().position(|(i, _)| *i == id)?;
        if self.busy == Some(id) {
            self.busy = None;
        }
        Some(replies.remove(at).1)
    }

    fn cancel(&mut self, id: u32) {
        if self.busy == Some(id) {
            if let Some(w) = self.worker.take() {
                w.terminate();
            }
            self.busy = None;
            self.spawn();
        }
        self.replies.borrow_mut().retain(|(i, _)| *i != id);
    }
}

#[derive(SystemParam)]
pub struct Searcher<'w> {
    worker: NonSendMut<'w, AiWorker>,
}

impl Searcher<'_> {
    pub fn start(&mut self, game: &Game, settings: SearchSettings) -> Pending {
        Pending {
            id: self.worker.post(&wire::encode_request(game, &settings)),
        }
    }

    pub fn poll(&mut self, pending: &mut Pending, size: u8) -> Option<Option<SearchInfo>> {
        let reply = self.worker.take(pending.id)?;
        match wire::decode_reply(&reply, size) {
            Ok(result) => Some(result),
            Err(e) => {
                error!("the AI worker answered '{reply}': {e}");
                Some(None)
            }
        }
    }

    pub fn cancel(&mut self, job: Job) {
        if let Some(pending) = &job.pending {
            self.worker.cancel(pending.id);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_non_send(AiWorker::new());
}
