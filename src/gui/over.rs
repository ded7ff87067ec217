//! The game-over panel: who won, and what next. Closing it leaves the board to review;
//! undo still resumes play.

use crate::board::ReservedArea;
use crate::game_match::{Match, MatchAction};
use crate::online::{Online, OnlineCommand};
use crate::review::ReviewCommand;
use crate::screens::{Phase, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::Outcome;

pub(super) fn game_over(
    mut contexts: EguiContexts,
    game_match: Res<Match>,
    phase: Res<State<Phase>>,
    mut hidden: Local<Option<usize>>,
    mut actions: MessageWriter<MatchAction>,
    mut online_requests: MessageWriter<OnlineCommand>,
    mut review: MessageWriter<ReviewCommand>,
    online: Option<Res<Online>>,
    mut next: ResMut<NextState<Screen>>,
    reserved: Res<ReservedArea>,
) -> Result {
    if *phase.get() != Phase::Over {
        *hidden = None;
        return Ok(());
    }
    // Hidden for review until the game changes.
    let moves = game_match.game.moves().len();
    if *hidden == Some(moves) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let winner = |stone: &gomoku_engine::Stone| game_match.player(*stone).name.clone();
    let loser = |stone: &gomoku_engine::Stone| game_match.player(stone.opponent()).name.clone();
    let title = match game_match.game.outcome() {
        Outcome::Won { winner: w, .. } => format!("{} wins!", winner(w)),
        Outcome::Resigned { winner: w } => format!("{} resigned: {} wins!", loser(w), winner(w)),
        Outcome::OutOfTime { winner: w } => {
            format!("{}'s time ran out: {} wins!", loser(w), winner(w))
        }
        Outcome::Draw => "A draw: the board is full.".to_string(),
        Outcome::DrawAgreed => "A draw, by agreement.".to_string(),
        Outcome::Ongoing => return Ok(()),
    };
    egui::Window::new("Game over")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        // At the top of the board's area; as narrow as a phone held upright needs.
        .anchor(
            egui::Align2::CENTER_TOP,
            [super::board_area_offset(&reserved).x, reserved.top + 16.0],
        )
        .max_width(ctx.content_rect().width() - 24.0)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(title);
                let [a, b] = &game_match.players;
                ui.label(format!(
                    "Score: {} {} – {} {}",
                    a.name, a.score, b.score, b.name
                ));
            });
            ui.horizontal_wrapped(|ui| {
                if ui.button("Next game (swap colours)").clicked() {
                    // Online, both machines start it together.
                    if online.is_some() {
                        online_requests.write(OnlineCommand::NextGame);
                    } else {
                        actions.write(MatchAction::NextGame);
                    }
                }
                if ui.button("Review board").clicked() {
                    *hidden = Some(moves);
                }
                if ui
                    .button("Review game")
                    .on_hover_text("The engine judges every move and marks the mistakes")
                    .clicked()
                {
                    *hidden = Some(moves);
                    review.write(ReviewCommand::Start);
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                }
            });
        });
    Ok(())
}
