//! A backend that searches nothing: tests see each request and answer or fail it when
//! they choose. Insert `FakeSearch` before the game's plugins to use it.

use super::{AnalysisEnd, Answer, RequestId, SearchFailure, SearchRequest, SearchService};
use bevy::prelude::*;
use gomoku_engine::ai::{Analysis, SearchInfo};

/// What a test has said for a request, delivered at the next frame's end.
#[derive(Debug)]
enum Said {
    Answer(Answer),
    Report(Analysis),
    End(AnalysisEnd),
    Failure(SearchFailure),
}

#[derive(Resource, Default, Debug)]
pub struct FakeSearch {
    /// Requests handed over and neither answered nor cancelled, oldest first.
    pub pending: Vec<SearchRequest>,
    /// Requests the service cancelled.
    pub cancelled: Vec<RequestId>,
    /// What the test has said, delivered at the next frame's end.
    outbox: Vec<(RequestId, Said)>,
}

impl FakeSearch {
    /// Answers `id` with `info`, as a search that found it would.
    pub fn answer(&mut self, id: RequestId, info: SearchInfo) {
        self.finish(id, Ok(Some(info)));
    }

    /// Ends `id` with a failure, as a crashed search (or analysis) would.
    pub fn fail(&mut self, id: RequestId, failure: SearchFailure) {
        self.pending.retain(|r| r.id != id);
        self.outbox.push((id, Said::Failure(failure)));
    }

    /// Reports that analysis `id` has deepened to `analysis`; it keeps running.
    pub fn report(&mut self, id: RequestId, analysis: Analysis) {
        self.outbox.push((id, Said::Report(analysis)));
    }

    /// Ends analysis `id`, as one that spent its budget would.
    pub fn end_analysis(&mut self, id: RequestId, end: AnalysisEnd) {
        self.pending.retain(|r| r.id != id);
        self.outbox.push((id, Said::End(end)));
    }

    fn finish(&mut self, id: RequestId, answer: Answer) {
        self.pending.retain(|r| r.id != id);
        self.outbox.push((id, Said::Answer(answer)));
    }
}

pub(super) fn drive(mut service: ResMut<SearchService>, mut fake: ResMut<FakeSearch>) {
    for id in service.take_cancelled() {
        fake.pending.retain(|r| r.id != id);
        fake.cancelled.push(id);
    }
    let new = service.take_new();
    fake.pending.extend(new);
    for (id, said) in std::mem::take(&mut fake.outbox) {
        match said {
            Said::Answer(answer) => service.answer(id, answer),
            Said::Report(analysis) => service.report(id, analysis),
            Said::End(end) => service.end_analysis(id, end),
            Said::Failure(failure) => service.fail(id, failure),
        }
    }
}
