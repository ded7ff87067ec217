//! Live analysis on screen: the evaluation bar beside the board (black's chance of
//! winning, or the proven result), a line of depth, nodes and speed under it, the
//! candidate moves marked on their points with their evaluation, and the best line as
//! numbered translucent stones, shown while the pointer is on the bar or a candidate (or
//! always, a setting). All of it is painted by egui over the board.

use super::{number_on_stone, stone_icon};
use crate::analysis::LiveAnalysis;
use crate::board::{BoardLayout, HudPlace, ReservedArea};
use crate::game_match::Match;
use crate::i18n::Texts;
use crate::search::SearchFailure;
use crate::settings::Settings;
use crate::tr;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::ai::{Analysis, Line, Verdict, black_chance, verdict};
use gomoku_engine::{Point, Stone};

/// The room kept left of the board for the bar and its labels, in logical pixels.
const BAR_ROOM: f32 = 76.0;
const BAR_WIDTH: f32 = 22.0;
/// Where the HUD goes under the board (a phone held upright) the bar lies across the top
/// of the board, in a strip this tall, its numbers on one line above it.
const STRIP_ROOM: f32 = 46.0;
const STRIP_BAR_HEIGHT: f32 = 14.0;
/// Height kept under the bar for its two lines of numbers.
const STATS_HEIGHT: f32 = 34.0;
/// A candidate's preview shows when the pointer is this close to its point, in cells.
const HOVER_CELLS: f32 = 0.45;
/// How strongly the line's stones show: enough to read, not to mistake for real ones.
const LINE_OPACITY: f32 = 0.6;
/// Candidate rings, best first.
const CANDIDATE_COLOURS: [egui::Color32; 3] = [
    egui::Color32::from_rgb(80, 200, 120),
    egui::Color32::from_rgb(90, 160, 230),
    egui::Color32::from_rgb(200, 170, 90),
];

/// Black's chance of winning by a verdict for `to_move`; a forced result is 0 or 1.
pub(super) fn black_chance_of(v: Verdict, to_move: Stone) -> f32 {
    black_chance(to_move, v.chance())
}

/// Black's share of a finished game's result: 1 won, 0 lost, a half for a draw.
pub(super) fn black_result(game: &gomoku_engine::Game) -> f32 {
    match game.outcome().winner() {
        Some(Stone::Black) => 1.0,
        Some(Stone::White) => 0.0,
        None => 0.5,
    }
}

/// A side's name in the player's language.
pub(super) fn side_name(texts: &Texts, stone: Stone) -> &str {
    match stone {
        Stone::Black => tr!(texts, "common.black"),
        Stone::White => tr!(texts, "common.white"),
    }
}

/// Why a search (live analysis, the review) stopped without an answer. The failure's
/// details (a panic's message, a worker's error) are in the log.
pub(super) fn search_failure_text<'a>(texts: &'a Texts, failure: &SearchFailure) -> &'a str {
    match failure {
        SearchFailure::Crashed(_) => tr!(texts, "analysis.search-crashed"),
        SearchFailure::Unavailable(_) => tr!(texts, "analysis.search-unavailable"),
        SearchFailure::Unreadable(_) => tr!(texts, "analysis.search-unreadable"),
    }
}

/// The bar's headline: who is better and by how much, or who wins by force.
fn headline(texts: &Texts, v: Verdict, to_move: Stone) -> String {
    let wins_in = |winner: Stone, moves: u32| {
        let side = side_name(texts, winner);
        tr!(texts, "analysis.wins-in", side = side, count = moves)
    };
    match v {
        Verdict::Wins { moves } => wins_in(to_move, moves),
        Verdict::Loses { moves } => wins_in(to_move.opponent(), moves),
        Verdict::Chance(_) => {
            let black = black_chance_of(v, to_move);
            let (side, chance) = if black >= 0.5 {
                (Stone::Black, black)
            } else {
                (Stone::White, 1.0 - black)
            };
            let percent = format!("{:.0}", chance * 100.0);
            let side = side_name(texts, side);
            tr!(
                texts,
                "analysis.side-chance",
                side = side,
                percent = percent
            )
        }
    }
}

/// `1234567` as `1.2M`, for the bar's small numbers.
fn short_count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.0}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

pub(super) fn analysis_overlay(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    game_match: Res<Match>,
    live: Res<LiveAnalysis>,
    settings: Res<Settings>,
    windows: Query<&Window>,
    place: Res<HudPlace>,
    mut reserved: ResMut<ReservedArea>,
    texts: Res<Texts>,
) -> Result {
    let on = settings.analysis && !game_match.is_online();
    let across = place.is_below();
    let (left, top) = match (on, across) {
        (false, _) => (0.0, 0.0),
        (true, false) => (BAR_ROOM, 0.0),
        (true, true) => (0.0, STRIP_ROOM),
    };
    if (reserved.left, reserved.top) != (left, top) {
        reserved.left = left;
        reserved.top = top;
    }
    let Some(window) = windows.iter().next() else {
        return Ok(());
    };
    if !on {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let (w, h) = (window.width(), window.height());
    let screen = |v: Vec2| egui::pos2(v.x + w / 2.0, h / 2.0 - v.y);
    let game = &game_match.game;
    let to_move = game.to_move();
    let analysis = live.of(game);

    // The bar spans the board's height, less room for its numbers, in the kept room; or
    // lies across the board's width above it.
    let half = layout.half_extent_cells() * layout.cell;
    let top = screen(layout.center + Vec2::new(-half, half));
    let bar = if across {
        egui::Rect::from_min_max(
            egui::pos2(top.x + 4.0, top.y - 6.0 - STRIP_BAR_HEIGHT),
            egui::pos2(top.x + 2.0 * half - 4.0, top.y - 6.0),
        )
    } else {
        let bar_x = top.x - BAR_ROOM / 2.0 - BAR_WIDTH / 2.0 - 4.0;
        egui::Rect::from_min_max(
            egui::pos2(bar_x, top.y + 18.0),
            egui::pos2(bar_x + BAR_WIDTH, top.y + 2.0 * half - STATS_HEIGHT),
        )
    };
    let best = analysis.and_then(|a| a.lines.first());
    // A finished game shows its result; a position not yet judged, an even bar.
    let result = game.is_over().then(|| black_result(game));
    let black = result
        .or(best.map(|l| black_chance_of(verdict(l.score), to_move)))
        .unwrap_or(0.5);
    painter.rect_filled(bar, 3.0, egui::Color32::from_gray(236));
    // Black's share from the bottom, or from the left across the board; a red mark halfway.
    let (black_part, halfway) = if across {
        let split = bar.left() + bar.width() * black;
        (
            egui::Rect::from_min_max(bar.left_top(), egui::pos2(split, bar.bottom())),
            [
                egui::pos2(bar.center().x, bar.top() - 3.0),
                egui::pos2(bar.center().x, bar.bottom() + 3.0),
            ],
        )
    } else {
        let split = bar.bottom() - bar.height() * black;
        (
            egui::Rect::from_min_max(egui::pos2(bar.left(), split), bar.right_bottom()),
            [
                egui::pos2(bar.left() - 3.0, bar.center().y),
                egui::pos2(bar.right() + 3.0, bar.center().y),
            ],
        )
    };
    painter.rect_filled(black_part, 3.0, egui::Color32::from_gray(24));
    painter.line_segment(
        halfway,
        egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 60, 60)),
    );
    let ink = egui::Color32::from_gray(225);
    let small = egui::FontId::proportional(11.0);
    let title = match best {
        _ if game.is_over() => match game.outcome().winner() {
            Some(Stone::Black) => tr!(texts, "analysis.black-won").to_owned(),
            Some(Stone::White) => tr!(texts, "analysis.white-won").to_owned(),
            None => tr!(texts, "analysis.drawn").to_owned(),
        },
        Some(l) => headline(&texts, verdict(l.score), to_move),
        None if live.is_running() => tr!(texts, "analysis.thinking").to_owned(),
        None => live.failure.as_ref().map_or_else(String::new, |failure| {
            let why = search_failure_text(&texts, failure);
            tr!(texts, "analysis.stopped", why = why)
        }),
    };
    let (title_at, title_align) = if across {
        (
            egui::pos2(bar.left(), bar.top() - 11.0),
            egui::Align2::LEFT_CENTER,
        )
    } else {
        (
            egui::pos2(bar.center().x, bar.top() - 9.0),
            egui::Align2::CENTER_CENTER,
        )
    };
    painter.text(title_at, title_align, title, small.clone(), ink);
    if let Some(a) = analysis {
        let speed = a.nodes * 1000 / a.elapsed_ms.max(1);
        let stats = [
            tr!(texts, "analysis.depth", depth = a.depth),
            format!("{} · {}/s", short_count(a.nodes), short_count(speed)),
        ];
        if across {
            painter.text(
                egui::pos2(bar.right(), bar.top() - 11.0),
                egui::Align2::RIGHT_CENTER,
                stats.join(" · "),
                small.clone(),
                ink,
            );
        } else {
            for (row, text) in stats.into_iter().enumerate() {
                painter.text(
                    egui::pos2(bar.center().x, bar.bottom() + 10.0 + 13.0 * row as f32),
                    egui::Align2::CENTER_CENTER,
                    text,
                    small.clone(),
                    ink,
                );
            }
        }
    }
    let Some(analysis) = analysis else {
        return Ok(());
    };

    let pointer = ctx.pointer_hover_pos();
    let on_bar = pointer.is_some_and(|p| bar.expand(6.0).contains(p));
    let point_at = |p: Point| screen(layout.to_world(p));
    let hovered = pointer.and_then(|pos| {
        analysis
            .lines
            .iter()
            .find(|line| point_at(line.pv[0]).distance(pos) < layout.cell * HOVER_CELLS)
    });
    let line = hovered.or(best.filter(|_| on_bar || settings.analysis_line_always));
    if let Some(line) = line {
        paint_line(&painter, &layout, &screen, line, to_move);
    }
    paint_candidates(&painter, &layout, &point_at, analysis, &texts);
    Ok(())
}

/// The candidates' rings on their points, each with its evaluation inside.
fn paint_candidates(
    painter: &egui::Painter,
    layout: &BoardLayout,
    point_at: &impl Fn(Point) -> egui::Pos2,
    analysis: &Analysis,
    texts: &Texts,
) {
    let font = egui::FontId::proportional((layout.cell * 0.28).clamp(8.0, 14.0));
    let radius = layout.cell * 0.44;
    for (line, colour) in analysis.lines.iter().zip(CANDIDATE_COLOURS) {
        let at = point_at(line.pv[0]);
        // A dark disc under the text keeps it readable on any board and stone.
        painter.circle(
            at,
            radius,
            egui::Color32::from_black_alpha(170),
            egui::Stroke::new(2.5, colour),
        );
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            short_verdict(texts, verdict(line.score)),
            font.clone(),
            egui::Color32::WHITE,
        );
    }
}

/// A verdict short enough for a point: `62`, `W3` (wins in 3), `L2` (loses in 2).
fn short_verdict(texts: &Texts, v: Verdict) -> String {
    match v {
        Verdict::Wins { moves } => tr!(texts, "analysis.candidate-wins", moves = moves),
        Verdict::Loses { moves } => tr!(texts, "analysis.candidate-loses", moves = moves),
        Verdict::Chance(c) => format!("{:.0}", c * 100.0),
    }
}

/// A line as numbered translucent stones, the side to move's first. Its first move is a
/// candidate, whose ring marks it: the stones start at the second, numbered 2.
fn paint_line(
    painter: &egui::Painter,
    layout: &BoardLayout,
    screen: &impl Fn(Vec2) -> egui::Pos2,
    line: &Line,
    to_move: Stone,
) {
    let font = egui::FontId::proportional((layout.cell * 0.4).clamp(8.0, 18.0));
    let mut faint = painter.clone();
    faint.set_opacity(LINE_OPACITY);
    let mut stone = to_move.opponent();
    for (i, &p) in line.pv.iter().enumerate().skip(1) {
        let at = screen(layout.to_world(p));
        let black = stone == Stone::Black;
        let radius = layout.cell * 0.42;
        stone_icon(&faint, at, radius, black);
        number_on_stone(painter, at, i + 1, stone, font.clone());
        stone = stone.opponent();
    }
}
