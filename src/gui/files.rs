//! The load dialog: saved games with their date, players and length; a corrupt file shows
//! its error and cannot be chosen. Reading and loading happen in `crate::saves`.

use crate::board::ReservedArea;
use crate::i18n::Texts;
use crate::review::ReviewCommand;
use crate::saves::{SaveAction, SaveShelf};
use crate::tr;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn file_dialog(
    mut contexts: EguiContexts,
    shelf: Res<SaveShelf>,
    mut requests: MessageWriter<SaveAction>,
    mut review: MessageWriter<ReviewCommand>,
    reserved: Res<ReservedArea>,
    texts: Res<Texts>,
) -> Result {
    let Some(listing) = &shelf.listing else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen = None;
    egui::Window::new(tr!(texts, "files.load-title"))
        // Its place stays when the language (and so the title) changes.
        .id(egui::Id::new("load-a-game"))
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
                    ui.colored_label(egui::Color32::LIGHT_RED, e.text(&texts));
                    &[]
                }
            };
            if saves.is_empty() {
                ui.label(tr!(texts, "files.no-saves"));
            }
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    for listed in saves {
                        ui.horizontal(|ui| {
                            ui.label(egui::RichText::new(&listed.entry.saved_at).monospace());
                            match &listed.record {
                                Ok(r) => {
                                    let text = tr!(
                                        texts,
                                        "files.listed-game",
                                        black = &r.black,
                                        white = &r.white,
                                        count = r.game.moves().len()
                                    );
                                    if ui.button(text).clicked() {
                                        chosen = Some(listed.entry.id.clone());
                                    }
                                    if ui
                                        .small_button(tr!(texts, "files.review"))
                                        .on_hover_text(tr!(texts, "files.review-tooltip"))
                                        .clicked()
                                    {
                                        chosen = Some(listed.entry.id.clone());
                                        // Read after this load is applied (next frame).
                                        review.write(ReviewCommand::Start);
                                    }
                                }
                                Err(why) => {
                                    ui.colored_label(
                                        egui::Color32::LIGHT_RED,
                                        tr!(texts, "files.unreadable", why = why.text(&texts)),
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
