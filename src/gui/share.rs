//! The HUD's row for keeping and sharing the game: save, load, a picture of the board,
//! and in the browser a link that opens this position.

use crate::game_match::Match;
use crate::i18n::Texts;
use crate::saves::{SaveAction, SaveShelf};
use crate::share::{SaveBoardImage, ShareStatus};
use crate::tr;
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
    pub texts: Res<'w, Texts>,
}

impl KeepAndShare<'_> {
    /// The HUD's notices from this row, in the player's language: the last save or
    /// load's outcome, then the last share's.
    pub fn notices(&self) -> impl Iterator<Item = String> + '_ {
        let saved = self.shelf.status.as_ref().map(|s| s.text(&self.texts));
        let shared = self.status.0.as_ref().map(|s| s.text(&self.texts));
        saved.into_iter().chain(shared)
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
        let texts = &row.texts;
        if ui.button(tr!(texts, "files.save")).clicked() {
            row.save_actions.write(SaveAction::SaveGame);
        }
        if ui
            .add_enabled(!is_online, egui::Button::new(tr!(texts, "files.load")))
            .clicked()
        {
            row.save_actions.write(SaveAction::ListSaves);
        }
        if ui
            .button(tr!(texts, "files.picture"))
            .on_hover_text(tr!(texts, "files.picture-tooltip"))
            .clicked()
        {
            row.picture.write(SaveBoardImage);
        }
        #[cfg(target_arch = "wasm32")]
        if ui
            .button(tr!(texts, "files.copy-link"))
            .on_hover_text(tr!(texts, "files.copy-link-tooltip"))
            .clicked()
        {
            if let Some(base) = crate::launch::browser::page_address() {
                let link = base + &crate::share::position_query(&game_match.game);
                ui.ctx().copy_text(link.clone());
                row.status.0 = Some(crate::share::Shared::LinkCopied { link });
            }
        }
        // Only the browser's link reads the game.
        #[cfg(not(target_arch = "wasm32"))]
        let _ = game_match;
    });
}
