//! The in-game panel: players, scores, clocks, whose turn, and the game's buttons.

use super::{root_ui, stone_icon, touch_spacing};
use crate::ai::{AskHint, ComputerPlayer, Hint, RetryComputer};
use crate::board::layout::SIDE_PANEL_WIDTH;
use crate::board::{HudPlace, ReservedArea};
use crate::game_match::{Match, MatchAction};
use crate::online::{Online, OnlineCommand};
use crate::screens::{Phase, Screen};
use crate::settings::{Settings, persist};
use crate::storage::Store;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::notation::{format_moves, format_point};
use gomoku_engine::{Outcome, Stone};
use std::time::Duration;

/// The move-string field's text, kept while the player edits it.
#[derive(Default)]
pub(super) struct ImportField {
    text: String,
    shown_for: Option<String>,
}

/// The HUD's online section's share of the world.
#[derive(SystemParam)]
pub(super) struct OnlinePanel<'w, 's> {
    room: Option<Res<'w, Online>>,
    requests: MessageWriter<'w, OnlineCommand>,
    /// The chat line being typed.
    chat_field: Local<'s, String>,
    texts: Res<'w, crate::i18n::Texts>,
}

fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

pub(super) fn hud(
    mut contexts: EguiContexts,
    game_match: Res<Match>,
    phase: Res<State<Phase>>,
    computer: Res<ComputerPlayer>,
    hint: Res<Hint>,
    mut settings: ResMut<Settings>,
    store: Res<Store>,
    place: Res<HudPlace>,
    mut reserved: ResMut<ReservedArea>,
    mut actions: MessageWriter<MatchAction>,
    mut ask_hint: MessageWriter<AskHint>,
    mut retry: MessageWriter<RetryComputer>,
    mut keep: super::share::KeepAndShare,
    mut next: ResMut<NextState<Screen>>,
    mut field: Local<ImportField>,
    mut online: OnlinePanel,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx, "hud-root");
    let game = &game_match.game;
    // Changed inside the panel, stored after it: no storage work inside UI closures.
    let mut show_numbers = None;
    let mut analysis = None;
    let mut online_out = super::online::HudRequests::default();
    let is_online = online.room.is_some();
    let below = place.is_below();
    let contents = |ui: &mut egui::Ui| {
        if below {
            touch_spacing(ui);
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                ui.strong("Gomoku");
                ui.label(egui::RichText::new(game.rule().label()).weak());
            });
            // Side by side, to leave the panel's height to the controls.
            ui.columns(2, |columns| {
                for (ui, stone) in columns.iter_mut().zip([Stone::Black, Stone::White]) {
                    player_card(ui, &game_match, stone, true);
                }
            });
        } else {
            ui.add_space(6.0);
            ui.heading("Gomoku");
            ui.label(egui::RichText::new(game.rule().label()).weak());
            ui.separator();
            for stone in [Stone::Black, Stone::White] {
                player_card(ui, &game_match, stone, false);
            }
        }

        ui.add_space(4.0);
        let thinking = computer.is_thinking();
        let status = match game.outcome() {
            Outcome::Won { winner, .. } => format!("{} wins!", game_match.player(*winner).name),
            Outcome::Draw => "Draw: the board is full.".to_string(),
            Outcome::Resigned { winner } => format!(
                "{} resigned: {} wins!",
                game_match.player(winner.opponent()).name,
                game_match.player(*winner).name
            ),
            Outcome::OutOfTime { winner } => format!(
                "{} lost on time: {} wins!",
                game_match.player(winner.opponent()).name,
                game_match.player(*winner).name
            ),
            Outcome::DrawAgreed => "Draw agreed.".to_string(),
            Outcome::Ongoing if thinking => "Computer is thinking…".to_string(),
            Outcome::Ongoing if *phase.get() == Phase::RemoteTurn => {
                format!("Waiting for {}…", game_match.player(game.to_move()).name)
            }
            Outcome::Ongoing => format!("{} to move", game_match.player(game.to_move()).name),
        };
        ui.horizontal(|ui| {
            if thinking {
                ui.add(egui::Spinner::new().size(16.0));
            }
            ui.label(egui::RichText::new(status).strong());
        });
        if let Some(trouble) = &computer.trouble {
            let warn = egui::Color32::from_rgb(230, 120, 60);
            if trouble.gave_up() {
                ui.colored_label(
                    warn,
                    format!("The computer could not move: {}.", trouble.last),
                );
                ui.horizontal(|ui| {
                    if ui.button("Retry").clicked() {
                        retry.write(RetryComputer);
                    }
                    if ui.button("Back to the menu").clicked() {
                        next.set(Screen::Menu);
                    }
                });
            } else {
                ui.colored_label(
                    warn,
                    format!(
                        "The computer's search failed ({}); trying again (attempt {} of {}).",
                        trouble.last,
                        trouble.attempts + 1,
                        crate::ai::MAX_ATTEMPTS
                    ),
                );
            }
        }
        ui.label(format!(
            "Move {}",
            game.moves().len() + usize::from(!game.is_over())
        ));
        let mut opening_actions = Vec::new();
        super::opening::swap2_section(ui, &game_match, &mut opening_actions);
        actions.write_batch(opening_actions);
        if let Some(room) = online.room.as_deref() {
            super::online::hud_section(
                ui,
                &online.texts,
                room,
                game.is_over(),
                &mut online.chat_field,
                &mut online_out,
            );
        }
        ui.separator();

        ui.horizontal(|ui| {
            if ui
                .add_enabled(game_match.can_undo(), egui::Button::new("⟲ Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                actions.write(MatchAction::Undo);
            }
            if ui
                .add_enabled(game_match.can_redo(), egui::Button::new("⟳ Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                actions.write(MatchAction::Redo);
            }
            if ui
                .add_enabled(!is_online, egui::Button::new("Restart"))
                .clicked()
            {
                actions.write(MatchAction::Restart);
            }
        });
        ui.horizontal(|ui| {
            // Online, the engine's help would be a third player at the board.
            let can_ask = !is_online
                && *phase.get() == Phase::HumanTurn
                && hint.point(&game_match).is_none()
                && !hint.is_searching();
            if ui
                .add_enabled(can_ask, egui::Button::new("Hint"))
                .on_hover_text("H: the engine's move for you")
                .clicked()
            {
                ask_hint.write(AskHint);
            }
            if hint.is_searching() {
                ui.add(egui::Spinner::new().size(16.0));
                ui.label("Looking…");
            } else if let Some(p) = hint.point(&game_match) {
                ui.label(format!("Try {}", format_point(p)));
            }
            let mut analysing = settings.analysis;
            if ui
                .add_enabled_ui(!is_online, |ui| ui.toggle_value(&mut analysing, "Analysis"))
                .inner
                .on_hover_text("A: the engine's judgement of the position, live")
                .changed()
            {
                analysis = Some(analysing);
            }
        });
        super::share::keep_and_share_row(ui, &mut keep, &game_match, is_online);
        ui.horizontal(|ui| {
            if ui.button("Menu").on_hover_text("Esc").clicked() {
                next.set(Screen::Menu);
            }
            let mut numbers = settings.show_numbers;
            if ui.checkbox(&mut numbers, "Move numbers").changed() {
                show_numbers = Some(numbers);
            }
        });
        ui.separator();

        let mut tree_actions = Vec::new();
        let changed = game_match.is_changed();
        super::move_tree::section(ui, &game_match, changed, &mut tree_actions);
        actions.write_batch(tree_actions);
        ui.separator();

        ui.label("Main line (paste moves to set up a position)");
        // Refilled only when the moves change (checked when the match changes), so a
        // player's edit, or a rejected paste, stays in the field.
        if game_match.is_changed() || field.shown_for.is_none() {
            let current = format_moves(game.main_line().map(|m| m.point));
            if field.shown_for.as_ref() != Some(&current) {
                field.text = current.clone();
                field.shown_for = Some(current);
            }
        }
        ui.add(
            egui::TextEdit::multiline(&mut field.text)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .font(egui::TextStyle::Monospace),
        );
        if ui
            .add_enabled(!is_online, egui::Button::new("Set position"))
            .clicked()
        {
            actions.write(MatchAction::SetPosition(field.text.clone()));
        }

        let hint_failure = hint.failure.as_ref();
        for message in [
            game_match.notice.as_ref(),
            keep.shelf.status.as_ref(),
            keep.status(),
            hint_failure,
        ]
        .into_iter()
        .flatten()
        {
            ui.add_space(4.0);
            ui.colored_label(egui::Color32::from_rgb(230, 170, 60), message);
        }
    };
    let (right, bottom) = match *place {
        HudPlace::Right => {
            let panel = egui::Panel::right("hud")
                .exact_size(SIDE_PANEL_WIDTH)
                .resizable(false)
                .show(&mut root, contents);
            (panel.response.rect.width(), 0.0)
        }
        // Under the board (a phone held upright): what does not fit scrolls, by dragging.
        HudPlace::Below { height } => {
            let panel = egui::Panel::bottom("hud-below")
                .exact_size(height)
                .resizable(false)
                .show(&mut root, |ui| {
                    egui::ScrollArea::vertical()
                        .auto_shrink(false)
                        .show(ui, contents);
                });
            (0.0, panel.response.rect.height())
        }
    };
    if (reserved.right, reserved.bottom) != (right, bottom) {
        reserved.right = right;
        reserved.bottom = bottom;
    }
    if online_out.leave {
        // Leaving the board leaves the room (`online`).
        next.set(Screen::Menu);
    }
    online.requests.write_batch(online_out.commands);
    if let Some(numbers) = show_numbers {
        settings.show_numbers = numbers;
        persist(&store, &settings);
    }
    if let Some(on) = analysis {
        settings.analysis = on;
        persist(&store, &settings);
    }
    Ok(())
}

/// A player's stone, name, score and clock; `compact` (half the width of a phone) puts the
/// score and clock under the stone and name.
fn player_card(ui: &mut egui::Ui, game_match: &Match, stone: Stone, compact: bool) {
    let game = &game_match.game;
    let player = game_match.player(stone);
    let active = !game.is_over() && game.to_move() == stone;
    let won = game.outcome().winner() == Some(stone);
    let stroke = if active || won {
        egui::Stroke::new(2.0, egui::Color32::from_rgb(235, 180, 60))
    } else {
        egui::Stroke::new(1.0, egui::Color32::from_gray(70))
    };
    let name = egui::RichText::new(&player.name).size(if compact { 15.0 } else { 17.0 });
    let name = if active { name.strong() } else { name };
    // Under a time control, what is left; otherwise the time spent.
    let (clock, low) = match game_match.time_left(stone) {
        Some(left) => (left, left < Duration::from_secs(10)),
        None => (game_match.clock(stone), false),
    };
    let stats = egui::RichText::new(format!("Wins: {}   ⏱ {}", player.score, clock_text(clock)))
        .monospace();
    let stats = if low && active {
        stats.color(egui::Color32::from_rgb(230, 90, 60))
    } else {
        stats
    };
    let icon = |ui: &mut egui::Ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
        stone_icon(ui.painter(), rect.center(), 11.0, stone == Stone::Black);
    };
    egui::Frame::group(ui.style())
        .stroke(stroke)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            if compact {
                ui.spacing_mut().item_spacing.y = 2.0;
                ui.horizontal(|ui| {
                    icon(ui);
                    ui.add(egui::Label::new(name).truncate());
                });
                ui.label(stats);
            } else {
                ui.horizontal(|ui| {
                    icon(ui);
                    ui.vertical(|ui| {
                        ui.label(name);
                        ui.label(stats);
                    });
                });
            }
        });
}
