//! The review window: a progress bar while the engine judges the game, then a chart of
//! black's chance over the game (egui_plot), the marked moves by severity with the
//! engine's better move and its line, and a click on either shows that position.

use super::analysis::{black_chance_of, black_result, search_failure_text, side_name};
use crate::i18n::Texts;
use crate::review::{GameReview, ReviewCommand, ReviewRefusal, ReviewStop, Reviewed};
use crate::settings::{REVIEW_BUDGET_CHOICES_MS, Settings, persist};
use crate::storage::Store;
use crate::tr;
use bevy::prelude::{MessageWriter, Res, ResMut, Result};
use bevy_egui::{EguiContexts, egui};
use egui_plot::{HLine, Line, MarkerShape, Plot, PlotPoints, Points};
use gomoku_engine::Game;
use gomoku_engine::ai::{black_chance, verdict};
use gomoku_engine::notation::format_point;
use gomoku_engine::review::{Forced, MoveReview, Severity};

const CHART_HEIGHT: f32 = 170.0;

fn severity_colour(severity: Option<Severity>) -> egui::Color32 {
    match severity {
        Some(Severity::Blunder) => egui::Color32::from_rgb(225, 70, 60),
        Some(Severity::Mistake) => egui::Color32::from_rgb(235, 150, 50),
        Some(Severity::Inaccuracy) => egui::Color32::from_rgb(230, 210, 80),
        None => egui::Color32::GRAY,
    }
}

fn severity_name<'a>(texts: &'a Texts, m: &MoveReview) -> &'a str {
    match (m.forced, m.severity) {
        (Some(Forced::AllowsWin), _) => tr!(texts, "analysis.severity.allows-win"),
        (Some(Forced::MissesWin), _) => tr!(texts, "analysis.severity.misses-win"),
        (None, Some(severity)) => severity_label(texts, severity),
        (None, None) => "",
    }
}

/// A severity's name: in the marked moves and on the chart's dots.
fn severity_label(texts: &Texts, severity: Severity) -> &str {
    match severity {
        Severity::Blunder => tr!(texts, "analysis.severity.blunder"),
        Severity::Mistake => tr!(texts, "analysis.severity.mistake"),
        Severity::Inaccuracy => tr!(texts, "analysis.severity.inaccuracy"),
    }
}

/// Why judging stopped short, in the player's language.
fn stop_text(texts: &Texts, stop: &ReviewStop) -> String {
    match stop {
        ReviewStop::Cancelled => tr!(texts, "analysis.review-cancelled").to_owned(),
        ReviewStop::Failed(failure) => {
            let why = search_failure_text(texts, failure);
            tr!(texts, "analysis.review-stopped", why = why)
        }
    }
}

/// Black's chance in percent at each position of the line that has been judged: the
/// chart's curve. A finished game's last position scores its result.
fn curve(r: &Reviewed) -> Vec<[f64; 2]> {
    let plies = r.game.moves().len();
    (0..=plies)
        .filter_map(|ply| {
            let chance = match r.judgement(ply) {
                Some(a) => {
                    let to_move = Game::stone_of(ply);
                    black_chance_of(verdict(a.lines.first()?.score), to_move)
                }
                None if ply == plies && r.is_complete() => black_result(&r.game),
                None => return None,
            };
            Some([ply as f64, f64::from(chance) * 100.0])
        })
        .collect()
}

pub(super) fn review_window(
    mut contexts: EguiContexts,
    review: Res<GameReview>,
    mut settings: ResMut<Settings>,
    store: Res<Store>,
    mut commands: MessageWriter<ReviewCommand>,
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let title = tr!(texts, "analysis.review-title");
    // Its place stays when the language (and so the title) changes.
    let window_id = egui::Id::new("game-review");
    if let Some(refusal) = &review.refused {
        let why = match refusal {
            ReviewRefusal::GameStillRunning => tr!(texts, "analysis.review-refused"),
        };
        let mut open = true;
        egui::Window::new(title)
            .id(window_id)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
            .show(ctx, |ui| ui.label(why));
        if !open {
            commands.write(ReviewCommand::Close);
        }
        return Ok(());
    }
    let Some(r) = review.current.as_ref().filter(|_| review.open) else {
        return Ok(());
    };
    let mut open = true;
    let mut budget = None;
    let mut out = Vec::new();
    egui::Window::new(title)
        .id(window_id)
        .open(&mut open)
        .collapsible(true)
        .default_width(430.0)
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .show(ctx, |ui| {
            let (done, total) = r.progress();
            if !r.is_complete() {
                ui.horizontal(|ui| {
                    ui.add(
                        egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                            .desired_width(250.0)
                            .text(tr!(
                                texts,
                                "analysis.review-progress",
                                done = done,
                                total = total
                            )),
                    );
                    if r.is_running() {
                        if ui.button(tr!(texts, "common.cancel")).clicked() {
                            out.push(ReviewCommand::Cancel);
                        }
                    } else if ui.button(tr!(texts, "analysis.review-go-on")).clicked() {
                        out.push(ReviewCommand::Start);
                    }
                });
            }
            if let Some(stop) = &r.failure {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 170, 60),
                    stop_text(&texts, stop),
                );
            }
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "analysis.review-time-per-position"));
                let mut chosen = settings.review_ms;
                let milliseconds = |ms: u32| tr!(texts, "analysis.review-ms", ms = ms);
                egui::ComboBox::from_id_salt("review-budget")
                    .selected_text(milliseconds(chosen))
                    .show_ui(ui, |ui| {
                        for ms in REVIEW_BUDGET_CHOICES_MS {
                            ui.selectable_value(&mut chosen, ms, milliseconds(ms));
                        }
                    });
                if chosen != settings.review_ms {
                    budget = Some(chosen);
                }
            });
            chart(ui, &texts, r, &mut out);
            marked_moves(ui, &texts, r, &mut out);
        });
    if !open {
        out.push(ReviewCommand::Close);
    }
    if let Some(ms) = budget {
        settings.review_ms = ms;
        persist(&store, &settings);
        // A deeper budget judges again; a shallower one keeps what was found.
        out.push(ReviewCommand::Start);
    }
    commands.write_batch(out);
    Ok(())
}

/// Black's chance over the game, the marked moves as dots; a click shows that position.
fn chart(ui: &mut egui::Ui, texts: &Texts, r: &Reviewed, out: &mut Vec<ReviewCommand>) {
    let plies = r.game.moves().len();
    let marks: Vec<&MoveReview> = r.moves.iter().filter(|m| m.severity.is_some()).collect();
    let response = Plot::new("review-chart")
        .height(CHART_HEIGHT)
        .include_x(0.0)
        .include_x(plies as f64)
        .include_y(0.0)
        .include_y(100.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .y_axis_label(tr!(texts, "analysis.chart-black-chance-axis"))
        .x_axis_label(tr!(texts, "analysis.chart-move-axis"))
        .show(ui, |plot| {
            plot.hline(
                HLine::new(tr!(texts, "analysis.chart-even"), 50.0)
                    .color(egui::Color32::from_gray(110)),
            );
            plot.line(
                Line::new(
                    tr!(texts, "analysis.chart-black-chance"),
                    PlotPoints::from(curve(r)),
                )
                .color(egui::Color32::from_rgb(120, 180, 240))
                .width(2.0),
            );
            for severity in [Severity::Inaccuracy, Severity::Mistake, Severity::Blunder] {
                let at: Vec<[f64; 2]> = marks
                    .iter()
                    .filter(|m| m.severity == Some(severity))
                    .map(|m| {
                        let after = black_chance(m.mover, m.chance_after);
                        [(m.ply + 1) as f64, f64::from(after) * 100.0]
                    })
                    .collect();
                plot.points(
                    Points::new(severity_label(texts, severity), PlotPoints::from(at))
                        .shape(MarkerShape::Circle)
                        .radius(4.0)
                        .color(severity_colour(Some(severity))),
                );
            }
            plot.pointer_coordinate()
        });
    if response.response.clicked()
        && let Some(at) = response.inner
    {
        let ply = (at.x.round().max(0.0) as usize).min(plies);
        out.push(ReviewCommand::Show(ply));
    }
}

/// The marked moves in game order, each with the better move and its line.
fn marked_moves(ui: &mut egui::Ui, texts: &Texts, r: &Reviewed, out: &mut Vec<ReviewCommand>) {
    if !r.is_complete() {
        return;
    }
    let marked: Vec<&MoveReview> = r.moves.iter().filter(|m| m.severity.is_some()).collect();
    if marked.is_empty() {
        ui.label(tr!(texts, "analysis.review-clean"));
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(180.0)
        .show(ui, |ui| {
            for m in marked {
                let side = side_name(texts, m.mover);
                let lost = format!("{:.0}", (m.chance_before - m.chance_after).max(0.0) * 100.0);
                let (number, point) = (m.ply + 1, format_point(m.played));
                let severity = severity_name(texts, m);
                let text = match m.better {
                    None => tr!(
                        texts,
                        "analysis.marked-move",
                        number = number,
                        side = side,
                        point = point,
                        severity = severity,
                        lost = lost
                    ),
                    Some(better) => {
                        let line = m
                            .better_line
                            .iter()
                            .take(6)
                            .map(|&p| format_point(p))
                            .collect::<Vec<_>>()
                            .join(" ");
                        tr!(
                            texts,
                            "analysis.marked-move-better",
                            number = number,
                            side = side,
                            point = point,
                            severity = severity,
                            lost = lost,
                            better = format_point(better),
                            line = line
                        )
                    }
                };
                let label = egui::RichText::new(text).color(severity_colour(m.severity));
                if ui
                    .add(egui::Button::new(label).frame(false))
                    .on_hover_text(tr!(texts, "analysis.review-show-before"))
                    .clicked()
                {
                    out.push(ReviewCommand::Show(m.ply));
                }
            }
        });
}
