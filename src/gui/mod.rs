//! Everything drawn with egui: the menu, the HUD, the game-over panel, board labels and
//! the save/load dialog. Only the windowed app adds this plugin.

mod analysis;
mod files;
mod hud;
mod labels;
mod menu;
mod move_tree;
mod online;
mod opening;
mod over;
mod review;
mod share;
mod sound;

use crate::board::ReservedArea;
use crate::i18n::Texts;
use crate::input::{UiHasKeyboard, UiHasPointer};
use crate::screens::Screen;
use crate::tr;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_plugins(crate::share::plugin);
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            PreUpdate,
            crate::i18n::follow_language_in_fonts
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Update, name_window)
        .add_systems(
            EguiPrimaryContextPass,
            (
                style.run_if(run_once),
                menu::menu.run_if(in_state(Screen::Menu)),
                loading.run_if(in_state(Screen::Loading)),
                (
                    hud::hud,
                    labels::labels,
                    analysis::analysis_overlay,
                    review::review_window,
                    over::game_over,
                    files::file_dialog,
                )
                    .run_if(in_state(Screen::Playing)),
                track_ui_focus,
            )
                .chain(),
        )
        .add_systems(
            OnExit(Screen::Playing),
            |mut reserved: ResMut<ReservedArea>| *reserved = ReservedArea::default(),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d)); // i18n: not shown
}

/// The window's title in the player's language, from the first frame and at each change.
fn name_window(texts: Res<Texts>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !texts.is_changed() {
        return;
    }
    for mut window in &mut windows {
        window.title = tr!(texts, "menu.title").to_owned();
    }
}

fn style(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut style = (*ctx.global_style()).clone();
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    for (text_style, size) in [
        (egui::TextStyle::Body, 15.0),
        (egui::TextStyle::Button, 15.0),
        (egui::TextStyle::Heading, 24.0),
        (egui::TextStyle::Small, 12.0),
        (egui::TextStyle::Monospace, 14.0),
    ] {
        if let Some(font) = style.text_styles.get_mut(&text_style) {
            font.size = size;
        }
    }
    ctx.set_global_style(style);
    Ok(())
}

fn loading(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("loading".into())
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.add(egui::Spinner::new().size(32.0));
        });
    Ok(())
}

/// Tells board input whether egui owns the pointer or the keyboard this frame: the
/// panels' edges (`ReservedArea`) and egui's windows count as UI.
fn track_ui_focus(
    mut contexts: EguiContexts,
    reserved: Res<ReservedArea>,
    windows: Query<&Window>,
    mut pointer: ResMut<UiHasPointer>,
    mut keyboard: ResMut<UiHasKeyboard>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = windows
        .iter()
        .next()
        .map_or(Vec2::splat(f32::MAX), |w| Vec2::new(w.width(), w.height()));
    let over_ui = ctx.pointer_latest_pos().is_some_and(|pos| {
        reserved.contains(size, Vec2::new(pos.x, pos.y))
            || ctx
                .layer_id_at(pos)
                .is_some_and(|layer| layer.order != egui::Order::Background)
    });
    pointer.set_if_neq(UiHasPointer(
        over_ui || ctx.egui_wants_pointer_input() || ctx.egui_is_using_pointer(),
    ));
    keyboard.set_if_neq(UiHasKeyboard(ctx.egui_wants_keyboard_input()));
    Ok(())
}

/// The offset from the window's centre to the centre of the board's area (what the
/// panels leave), for anchoring windows over the board; y down, as egui's.
fn board_area_offset(reserved: &ReservedArea) -> egui::Vec2 {
    egui::vec2(
        (reserved.left - reserved.right) / 2.0,
        (reserved.top - reserved.bottom) / 2.0,
    )
}

/// Finger-sized controls, for the panel under the board on a phone or tablet.
fn touch_spacing(ui: &mut egui::Ui) {
    let spacing = ui.spacing_mut();
    spacing.button_padding = egui::vec2(14.0, 11.0);
    spacing.interact_size.y = 44.0;
    spacing.item_spacing = egui::vec2(10.0, 8.0);
    spacing.icon_width = 22.0;
    spacing.icon_width_inner = 12.0;
    spacing.icon_spacing = 8.0;
}

/// A root `Ui` covering the window, for panels (egui 0.36 shows panels inside a `Ui`).
fn root_ui(ctx: &egui::Context, id: &str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Paints a stone icon for `stone` at `center`.
fn stone_icon(painter: &egui::Painter, center: egui::Pos2, radius: f32, black: bool) {
    let (fill, stroke) = if black {
        (
            egui::Color32::from_rgb(28, 28, 28),
            egui::Color32::from_gray(90),
        )
    } else {
        (
            egui::Color32::from_rgb(242, 240, 234),
            egui::Color32::from_gray(150),
        )
    };
    painter.circle(center, radius, fill, egui::Stroke::new(1.5, stroke));
    // A small highlight, as on the board's stones.
    let glint = egui::Color32::from_white_alpha(if black { 70 } else { 200 });
    painter.circle_filled(
        center + egui::vec2(-radius * 0.35, -radius * 0.35),
        radius * 0.3,
        glint,
    );
}

/// A move number on a stone of `stone`'s colour at `center`, in ink that reads on it.
fn number_on_stone(
    painter: &egui::Painter,
    center: egui::Pos2,
    number: usize,
    stone: gomoku_engine::Stone,
    font: egui::FontId,
) {
    let ink = match stone {
        gomoku_engine::Stone::Black => egui::Color32::from_gray(235),
        gomoku_engine::Stone::White => egui::Color32::from_gray(25),
    };
    painter.text(
        center,
        egui::Align2::CENTER_CENTER,
        number.to_string(),
        font,
        ink,
    );
}
