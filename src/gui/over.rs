//! The game-over panel: who won, and what next. Closing it leaves the board to review;
//! undo still resumes play.

use crate::board::ReservedArea;
use crate::game_match::{Match, MatchAction};
use crate::i18n::Texts;
use crate::online::{Online, OnlineCommand};
use crate::review::ReviewCommand;
use crate::screens::{Phase, Screen};
use crate::tr;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::Outcome;

pub(super) fn game_over(
    mut contexts: EguiContexts,
    game_match: Res<Match>,
    texts: Res<Texts>,
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
    let winner = |stone: &gomoku_engine::Stone| game_match.player(*stone).name.as_str();
    let loser = |stone: &gomoku_engine::Stone| game_match.player(stone.opponent()).name.as_str();
    let title = match game_match.game.outcome() {
        Outcome::Won { winner: w, .. } => tr!(texts, "hud.wins", name = winner(w)),
        Outcome::Resigned { winner: w } => {
            tr!(texts, "hud.resigned", loser = loser(w), winner = winner(w))
        }
        Outcome::OutOfTime { winner: w } => {
            tr!(
                texts,
                "hud.over-time-ran-out",
                loser = loser(w),
                winner = winner(w)
            )
        }
        Outcome::Draw => tr!(texts, "hud.over-draw-full").to_owned(),
        Outcome::DrawAgreed => tr!(texts, "hud.over-draw-agreed").to_owned(),
        Outcome::Ongoing => return Ok(()),
    };
    // Without a title bar, the window's title is only its id.
    egui::Window::new("game-over")
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
                ui.label(tr!(
                    texts,
                    "hud.over-score",
                    first = &a.name,
                    first_score = a.score,
                    second_score = b.score,
                    second = &b.name
                ));
            });
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr!(texts, "hud.over-next-game")).clicked() {
                    // Online, both machines start it together.
                    if online.is_some() {
                        online_requests.write(OnlineCommand::NextGame);
                    } else {
                        actions.write(MatchAction::NextGame);
                    }
                }
                if ui.button(tr!(texts, "hud.over-review-board")).clicked() {
                    *hidden = Some(moves);
                }
                if ui
                    .button(tr!(texts, "hud.over-review-game"))
                    .on_hover_text(tr!(texts, "hud.over-review-game-tip"))
                    .clicked()
                {
                    *hidden = Some(moves);
                    review.write(ReviewCommand::Start);
                }
                if ui.button(tr!(texts, "hud.menu")).clicked() {
                    next.set(Screen::Menu);
                }
            });
        });
    Ok(())
}
