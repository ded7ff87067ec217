//! The computer's steps in a Swap2 opening: placing the three opening stones, the choice
//! at three stones, placing two more, and the colour at five. The judgement is the
//! engine's (`gomoku_engine::ai::swap2::Swap2Planner`); this side asks the search service
//! for the positions the planner wants, a round at a time, hands it the answers, and turns
//! its decision into `MatchAction`s, one a step, paced like the computer's moves.
//!
//! The work belongs to the position it was planned in: once the match leaves it (undo, a
//! new game, the other player's choice), its searches are cancelled and it is dropped.

use crate::game_match::{Match, MatchAction, OpeningStep, PlayerKind};
use crate::search::{Purpose, RequestId, SearchFailure, SearchService};
use gomoku_engine::ai::swap2::{Swap2Decision, Swap2Planner, candidates_for_budget};
use gomoku_engine::ai::{Limits, SearchInfo, SearchSettings, next_seed};
use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};
use gomoku_engine::{Point, Stone};
use std::time::Duration;

/// One Swap2 step the computer is working on.
#[derive(Debug)]
pub(super) struct OpeningWork {
    /// The position (move list) the step was planned in.
    pub(super) base: Vec<Point>,
    planner: Swap2Planner,
    /// What each search of the plan may use.
    settings: SearchSettings,
    /// This round's requests in the planner's order, and the answers come so far.
    asked: Vec<(RequestId, Option<Option<SearchInfo>>)>,
    /// When the work began, or its last action was written: the next waits `min_think`.
    paced_from: Duration,
    /// The state (stones placed, stage) an action was last written for: none is written
    /// twice for one state.
    sent_for: Option<(usize, Option<Swap2Stage>)>,
}

/// What the work does this frame.
#[derive(Debug)]
pub(super) enum Next {
    /// Searches in flight, or pacing, or an action not yet applied.
    Wait,
    /// Write this action.
    Act(MatchAction),
    /// Nothing left for this position: the work is done.
    Done,
}

impl OpeningWork {
    /// Plans the computer's step in the undecided opening of `game_match`, and asks for
    /// its first searches. `move_time_ms` is the whole step's budget, shared by its
    /// searches. `None` when the opening asks nothing of the computer here.
    pub(super) fn start(
        game_match: &Match,
        service: &mut SearchService,
        seed: u64,
        move_time_ms: u64,
        now: Duration,
    ) -> Option<OpeningWork> {
        let stage = game_match.swap2_stage()?;
        let game = &game_match.game;
        let candidates = candidates_for_budget(Some(move_time_ms));
        let planner = Swap2Planner::new(game, stage, seed, candidates)?;
        let share = planner.planned_searches() as u64;
        let mut work = OpeningWork {
            base: game.points().collect(),
            planner,
            settings: SearchSettings {
                level: game_match.level,
                limits: Limits::time((move_time_ms / share).max(1)),
                seed,
            },
            asked: Vec::new(),
            paced_from: now,
            sent_for: None,
        };
        work.ask(service);
        Some(work)
    }

    /// Requests the planner's next round of searches, if it wants one.
    fn ask(&mut self, service: &mut SearchService) {
        self.asked = self
            .planner
            .wanted()
            .iter()
            .map(|position| {
                self.settings.seed = next_seed(self.settings.seed);
                let id = service.request(Purpose::ComputerMove, position, self.settings);
                (id, None)
            })
            .collect();
    }

    /// Cancels the searches in flight.
    pub(super) fn cancel(&self, service: &mut SearchService) {
        for (id, answer) in &self.asked {
            if answer.is_none() {
                service.cancel(*id);
            }
        }
    }

    /// Is the decision still being searched?
    pub(super) fn is_searching(&self) -> bool {
        self.planner.decision().is_none()
    }

    /// Takes the answers that have come; once a round is complete, hands it to the
    /// planner and asks the next. A failed search fails the whole step (the rest of the
    /// round is cancelled).
    pub(super) fn collect(&mut self, service: &mut SearchService) -> Result<(), SearchFailure> {
        if !self.is_searching() {
            return Ok(());
        }
        for i in 0..self.asked.len() {
            let (id, answer) = &mut self.asked[i];
            if answer.is_some() {
                continue;
            }
            match service.take_answer(*id) {
                None => {}
                Some(Ok(found)) => *answer = Some(found),
                Some(Err(failure)) => {
                    self.cancel(service);
                    return Err(failure);
                }
            }
        }
        // (A round of no searches, which the planner never asks for, is answered empty:
        // the planner then decides with what it has, so the work cannot stall.)
        if self.asked.iter().any(|(_, a)| a.is_none()) {
            return Ok(());
        }
        let found: Vec<Option<SearchInfo>> =
            self.asked.drain(..).map(|(_, a)| a.flatten()).collect();
        self.planner.answer(&found);
        if self.is_searching() {
            self.ask(service);
        }
        Ok(())
    }

    /// The stones the decision places, in order, from the base position on.
    fn planned_stones(&self) -> Vec<Point> {
        let placed = self.base.len();
        match self.planner.decision() {
            Some(Swap2Decision::Open(stones)) => stones[placed.min(3)..].to_vec(),
            Some(Swap2Decision::TakeWhite(p)) => vec![p],
            Some(Swap2Decision::PlaceTwo(pair)) => pair[placed.saturating_sub(3).min(2)..].to_vec(),
            Some(Swap2Decision::TakeBlack) | None => Vec::new(),
        }
    }

    /// Is the match still on the way this work planned: its base position, plus the
    /// first of the stones the decision places?
    pub(super) fn is_for(&self, game_match: &Match) -> bool {
        let now: Vec<Point> = game_match.game.points().collect();
        let Some(extra) = now.strip_prefix(self.base.as_slice()) else {
            return false;
        };
        if self.is_searching() {
            return extra.is_empty();
        }
        self.planned_stones().starts_with(extra)
    }

    /// The next action of the decided step for the match as it stands, once `min_think`
    /// has passed since the last one.
    pub(super) fn next(&mut self, game_match: &Match, now: Duration, min_think: Duration) -> Next {
        let Some(decision) = self.planner.decision() else {
            return Next::Wait;
        };
        let stage = game_match.swap2_stage();
        let placed = game_match.game.moves().len();
        let state = (placed, stage);
        if self.sent_for == Some(state) {
            return Next::Wait; // Not applied yet.
        }
        let action = match (stage, decision) {
            (Some(Swap2Stage::SecondChooses), choice) => {
                let choice = match choice {
                    Swap2Decision::TakeWhite(_) => Swap2Choice::TakeWhite,
                    Swap2Decision::TakeBlack => Swap2Choice::TakeBlack,
                    Swap2Decision::PlaceTwo(_) => Swap2Choice::PlaceTwo,
                    Swap2Decision::Open(_) => return Next::Done,
                };
                swap2(OpeningStep::Choose(choice))
            }
            (Some(Swap2Stage::FirstChooses), Swap2Decision::TakeWhite(_)) => {
                swap2(OpeningStep::Colour(Stone::White))
            }
            (Some(Swap2Stage::FirstChooses), Swap2Decision::TakeBlack) => {
                swap2(OpeningStep::Colour(Stone::Black))
            }
            (Some(Swap2Stage::FirstChooses), _) => return Next::Done,
            // Stones: the opening's, the two placed, or white's move after taking white.
            _ => match placed
                .checked_sub(self.base.len())
                .and_then(|i| self.planned_stones().get(i).copied())
            {
                Some(at) => MatchAction::Place {
                    at,
                    by: PlayerKind::Computer,
                },
                None => return Next::Done,
            },
        };
        if now.saturating_sub(self.paced_from) < min_think {
            return Next::Wait;
        }
        self.paced_from = now;
        self.sent_for = Some(state);
        Next::Act(action)
    }
}

fn swap2(step: OpeningStep) -> MatchAction {
    MatchAction::Swap2 {
        step,
        by: PlayerKind::Computer,
    }
}
