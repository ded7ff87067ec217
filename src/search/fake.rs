//! A backend that searches nothing: tests see each request and answer or fail it when
//! they choose. Insert `FakeSearch` before the game's plugins to use it.

use super::{Answer, RequestId, SearchFailure, SearchRequest, SearchService};
use bevy::prelude::*;
use gomoku_engine::ai::SearchInfo;

#[derive(Resource, Default, Debug)]
pub struct FakeSearch {
    /// Requests handed over and neither answered nor cancelled, oldest first.
    pub pending: Vec<SearchRequest>,
    /// Requests the service cancelled.
    pub cancelled: Vec<RequestId>,
    /// Answers the test has given, delivered at the next frame's end.
    outbox: Vec<(RequestId, Answer)>,
}

impl FakeSearch {
    /// Answers `id` with `info`, as a search that found it would.
    pub fn answer(&mut self, id: RequestId, info: SearchInfo) {
        self.finish(id, Ok(Some(info)));
    }

    /// Ends `id` with a failure, as a crashed search would.
    pub fn fail(&mut self, id: RequestId, failure: SearchFailure) {
        self.finish(id, Err(failure));
    }

    fn finish(&mut self, id: RequestId, answer: Answer) {
        self.pending.retain(|r| r.id != id);
        self.outbox.push((id, answer));
    }
}

pub(super) fn drive(mut service: ResMut<SearchService>, mut fake: ResMut<FakeSearch>) {
    for id in service.take_cancelled() {
        fake.pending.retain(|r| r.id != id);
        fake.cancelled.push(id);
    }
    let new = service.take_new();
    fake.pending.extend(new);
    for (id, answer) in std::mem::take(&mut fake.outbox) {
        service.answer(id, answer);
    }
}
