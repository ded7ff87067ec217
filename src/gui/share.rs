//! The HUD's row for keeping and sharing the game: save, load, a picture of the board,
//! and in the browser a link that opens this position.

use crate::game_match::Match;
use crate::saves::{SaveAction, SaveShelf};
use crate::share::{SaveBoardImage, ShareStatus};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// What the row reads and asks.
#[derive(SystemParam)]
pub(super) struct KeepAndShare<'w> {
    pub shelf: Res<'w, SaveShelf>,
    status: ResMut<'w, ShareStatus>,
    save_actions: MessageWriter<'w, SaveAction>,
    picture: MessageWriter<'w, SaveBoardImage>,
}

impl KeepAndShare<'_> {
    /// The last share's outcome, for the HUD's notices.
    pub fn status(&self) -> Option<&String> {
        self.status.0.as_ref()
    }
}

/// Save, Load…, Picture and (in the browser) Copy link.
pub(super) fn keep_and_share_row(
    ui: &mut egui::Ui,
    row: &mut KeepAndShare,
    game_match: &Match,
    is_online: bool,
) {
    // Wrapped: with Copy link the row is wider than the HUD.
    ui.horizontal_wrapped(|ui| {
        if ui.button("Save").clicked() {
            row.save_actions.write(SaveAction::SaveGame);
        }
        if ui
            .add_enabled(!is_online, egui::Button::new("Load…"))
            .clicked()
        {
            row.save_actions.write(SaveAction::ListSaves);
        }
        if ui
            .button("Picture")
            .on_hover_text("Save the board as a PNG image")
            .clicked()
        {
            row.picture.write(SaveBoardImage);
        }
        #[cfg(target_arch = "wasm32")]
        if ui
            .button("Copy link")
            .on_hover_text("A link to this page that opens this position")
            .clicked()
        {
            if let Some(base) = crate::launch::browser::page_address() {
                let link = base + &crate::share::position_query(&game_match.game);
                ui.ctx().copy_text(link.clone());
                row.status.0 = Some(format!("Link copied: {link}"));
            }
        }
        // Only the browser's link reads the game.
        #[cfg(not(target_arch = "wasm32"))]
        let _ = game_match;
    });
}
