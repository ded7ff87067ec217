//! Saving and loading games. The HUD and the load dialog only ask, with `SaveAction`s;
//! this plugin does the storage work in an ordinary system (never inside a UI closure)
//! and hands a chosen game to the match as `MatchAction::Load`.

use crate::AppSystems;
use crate::game_match::{Match, MatchAction};
use crate::screens::Screen;
use crate::storage::{SaveEntry, Store};
use bevy::prelude::*;
use gomoku_engine::Stone;
use gomoku_engine::record::Record;

#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum SaveAction {
    /// Save the game on the board as a new save; earlier saves stay.
    SaveGame,
    /// Read every save for the load dialog.
    ListSaves,
    /// Load the listed save with this id.
    Load(String),
    /// Close the load dialog.
    CloseList,
}

/// A saved game as listed: its entry and what reading it gave.
#[derive(Debug)]
pub struct Listed {
    pub entry: SaveEntry,
    pub record: Result<Record, String>,
}

/// What the save/load side has to show.
#[derive(Resource, Default, Debug)]
pub struct SaveShelf {
    /// The saves as last listed, while the load dialog is open (or why they could not be).
    pub listing: Option<Result<Vec<Listed>, String>>,
    /// The last save or load outcome, shown in the HUD.
    pub status: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveShelf>()
        .add_message::<SaveAction>()
        .add_systems(
            Update,
            handle_save_actions
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), |mut shelf: ResMut<SaveShelf>| {
            *shelf = SaveShelf::default()
        });
}

fn handle_save_actions(
    mut requests: MessageReader<SaveAction>,
    store: Res<Store>,
    game_match: Res<Match>,
    mut shelf: ResMut<SaveShelf>,
    mut actions: MessageWriter<MatchAction>,
) {
    for request in requests.read() {
        match request {
            SaveAction::SaveGame => {
                let black = &game_match.player(Stone::Black).name;
                let white = &game_match.player(Stone::White).name;
                let text = Record::new(game_match.game.clone(), black, white).to_text();
                shelf.status = Some(match store.0.write_save(&text) {
                    Ok(entry) => format!("Saved as {}.", entry.id),
                    Err(e) => format!("Save failed: {e}."),
                });
            }
            SaveAction::ListSaves => {
                let listing = store.0.list_saves().map_err(|e| e.to_string());
                shelf.listing = Some(listing.map(|entries| {
                    entries
                        .into_iter()
                        .map(|entry| {
                            let record = store.0.read_save(&entry.id).map_err(|e| e.to_string());
                            let record =
                                record.and_then(|t| Record::parse(&t).map_err(|e| e.to_string()));
                            Listed { entry, record }
                        })
                        .collect()
                }));
            }
            SaveAction::Load(id) => {
                let chosen = shelf
                    .listing
                    .as_ref()
                    .and_then(|l| l.as_ref().ok())
                    .and_then(|l| l.iter().find(|s| s.entry.id == *id))
                    .map(|s| s.record.clone());
                match chosen {
                    Some(Ok(record)) => {
                        actions.write(MatchAction::Load(Box::new(record)));
                        shelf.listing = None;
                        shelf.status = None;
                    }
                    Some(Err(e)) => shelf.status = Some(format!("Cannot load {id}: {e}.")),
                    None => shelf.status = Some(format!("No save '{id}' listed.")),
                }
            }
            SaveAction::CloseList => shelf.listing = None,
        }
    }
}
