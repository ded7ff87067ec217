//! The load dialog: saved games with their date, players and length; a corrupt file shows
//! its error and changes nothing.

use crate::game_match::MatchAction;
use crate::storage::{SaveEntry, Store};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::record::Record;

/// A saved game as listed: its entry and what reading it gave.
struct Listed {
    entry: SaveEntry,
    record: Result<Record, String>,
}

#[derive(Resource, Default)]
pub struct FileDialog {
    open: bool,
    saves: Vec<Listed>,
    error: Option<String>,
    /// The last save/load outcome, shown in the HUD.
    pub status: Option<String>,
}

impl FileDialog {
    /// Opens the dialog, reading every save once.
    pub fn open(&mut self, store: &Store) {
        self.open = true;
        self.error = None;
        self.saves.clear();
        match store.0.list_saves() {
            Ok(entries) => {
                for entry in entries {
                    let record = store
                        .0
                        .read_save(&entry.id)
                        .and_then(|t| Record::parse(&t).map_err(|e| e.to_string()));
                    self.saves.push(Listed { entry, record });
                }
            }
            Err(e) => self.error = Some(e),
        }
    }
}

pub(super) fn file_dialog(
    mut contexts: EguiContexts,
    mut dialog: ResMut<FileDialog>,
    mut actions: MessageWriter<MatchAction>,
) -> Result {
    if !dialog.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen = None;
    egui::Window::new("Load a game")
        .open(&mut open)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [-super::HUD_WIDTH / 2.0, 0.0])
        .default_width(460.0)
        .show(ctx, |ui| {
            if let Some(e) = &dialog.error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
            if dialog.saves.is_empty() {
                ui.label("No saved games yet.");
            }
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    for (i, listed) in dialog.saves.iter().enumerate() {
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
                                        chosen = Some(i);
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
    if let Some(i) = chosen
        && let Ok(record) = &dialog.saves[i].record
    {
        actions.write(MatchAction::Load(Box::new(record.clone())));
        dialog.status = None;
        open = false;
    }
    dialog.open = open;
    Ok(())
}
