//! The load dialog: saved games with their date, players and length; a corrupt file shows
//! its error and cannot be chosen. Reading and loading happen in `crate::saves`.

use crate::board::ReservedArea;
use crate::review::ReviewCommand;
use crate::saves::{SaveAction, SaveShelf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn file_dialog(
    mut contexts: EguiContexts,
    shelf: Res<SaveShelf>,
    mut requests: MessageWriter<SaveAction>,
    mut review: MessageWriter<ReviewCommand>,
    reserved: Res<ReservedArea>,
) -> Result {
    let Some(listing) = &shelf.listing else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen = None;
    egui::Window::new("Load a game")
        .open(&mut open)
        .collapsible(false)
        .anchor(
            egui::Align2::CENTER_CENTER,
            super::board_area_offset(&reserved),
        )
        .default_width(460.0_f32.min(ctx.content_rect().width() - 24.0))
        .show(ctx, |ui| {
            let saves = match listing {
                Ok(saves) => saves.as_slice(),
                Err(e) => {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                    &[]
                }
            };
            if saves.is_empty() {
                ui.label("No saved games yet.");
            }
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    for listed in saves {
                        ui.horizontal(|ui| {
                            ui.label(egui::RichText::new(&listed.entry.saved_at).monospace());
                            match &listed.record {
                                Ok(r) => {
                                    let text = format!(
                                        "{} vs {} · {} moves",
                                        r.black,
                                        r.white,
                                        r.game.moves().len()
                                    );
                                    if ui.button(text).clicked() {
                                        chosen = Some(listed.entry.id.clone());
                                    }
                                    if ui
                                        .small_button("Review")
                                        .on_hover_text("Load it and let the engine judge it")
                                        .clicked()
                                    {
                                        chosen = Some(listed.entry.id.clone());
                                        // Read after this load is applied (next frame).
                                        review.write(ReviewCommand::Start);
                                    }
                                }
                                Err(e) => {
                                    ui.colored_label(
                                        egui::Color32::LIGHT_RED,
                                        format!("unreadable: {e}"),
                                    );
                                }
                            }
                        });
                    }
                });
        });
    if let Some(id) = chosen {
        requests.write(SaveAction::Load(id));
    } else if !open {
        requests.write(SaveAction::CloseList);
    }
    Ok(())
}
