//! Text on the board, painted by egui under every window: the coordinates along the
//! edges and, when chosen, move numbers on the stones.

use crate::board::BoardLayout;
use crate::game_match::Match;
use crate::settings::Settings;
use crate::theme::ActiveSkin;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::{Game, Point};

pub(super) fn labels(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    game_match: Res<Match>,
    settings: Res<Settings>,
    skin: Res<ActiveSkin>,
    windows: Query<&Window>,
) -> Result {
    let Some(window) = windows.iter().next() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let (w, h) = (window.width(), window.height());
    // World (y up, origin at the window centre) to egui points (y down, origin top-left).
    let screen = |v: Vec2| egui::pos2(v.x + w / 2.0, h / 2.0 - v.y);
    let line = skin.line.to_srgba();
    let color = egui::Color32::from_rgba_unmultiplied(
        (line.red * 255.0) as u8,
        (line.green * 255.0) as u8,
        (line.blue * 255.0) as u8,
        220,
    );
    let font = egui::FontId::proportional((layout.cell * 0.36).clamp(8.0, 18.0));
    let size = layout.size;
    let edge = layout.cell * 0.62;
    for i in 0..size {
        let col = layout.to_world(Point::new(i, 0));
        let letter = ((b'a' + i) as char).to_string();
        painter.text(
            screen(col - Vec2::new(0.0, edge)),
            egui::Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            color,
        );
        let top = layout.to_world(Point::new(i, size - 1));
        painter.text(
            screen(top + Vec2::new(0.0, edge)),
            egui::Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            color,
        );
        let row = layout.to_world(Point::new(0, i));
        let number = (i + 1).to_string();
        painter.text(
            screen(row - Vec2::new(edge, 0.0)),
            egui::Align2::CENTER_CENTER,
            &number,
            font.clone(),
            color,
        );
        let right = layout.to_world(Point::new(size - 1, i));
        painter.text(
            screen(right + Vec2::new(edge, 0.0)),
            egui::Align2::CENTER_CENTER,
            &number,
            font.clone(),
            color,
        );
    }
    if settings.show_numbers {
        let font = egui::FontId::proportional((layout.cell * 0.42).clamp(7.0, 20.0));
        for (i, m) in game_match.game.moves().iter().enumerate() {
            let at = screen(layout.to_world(m.point));
            super::number_on_stone(&painter, at, i + 1, Game::stone_of(i), font.clone());
        }
    }
    Ok(())
}
