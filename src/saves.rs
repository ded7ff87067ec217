//! Saving and loading games. The HUD and the load dialog only ask, with `SaveAction`s;
//! this plugin does the storage work in an ordinary system (never inside a UI closure)
//! and hands a chosen game to the match as `MatchAction::Load`.

use crate::AppSystems;
use crate::game_match::{Match, MatchAction};
use crate::i18n::Texts;
use crate::screens::Screen;
use crate::storage::{SaveEntry, StorageError, Store};
use crate::tr;
use bevy::prelude::*;
use gomoku_engine::Stone;
use gomoku_engine::record::{Record, RecordError};
use std::sync::Arc;

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

/// Why a listed save cannot be loaded.
#[derive(Clone, Debug)]
pub enum Unreadable {
    /// Storage could not hand its text over.
    Storage(Arc<StorageError>),
    /// Its text is not a record this app reads.
    Record(RecordError),
}

impl Unreadable {
    /// The reason in the player's language. A record's own explanation is English prose
    /// of the engine's: the player reads where (the line), the log reads what.
    pub fn text(&self, texts: &Texts) -> String {
        match self {
            Unreadable::Storage(e) => e.text(texts),
            Unreadable::Record(RecordError { line: 0, .. }) => {
                tr!(texts, "files.record-unreadable").to_owned()
            }
            Unreadable::Record(RecordError { line, .. }) => {
                tr!(texts, "files.record-unreadable-at", line = *line)
            }
        }
    }
}

/// A saved game as listed: its entry and what reading it gave.
#[derive(Debug)]
pub struct Listed {
    pub entry: SaveEntry,
    pub record: Result<Record, Unreadable>,
}

/// The last save or load outcome, shown in the HUD in the language of the moment.
#[derive(Clone, Debug)]
pub enum SaveStatus {
    /// The game was saved under this id.
    Saved {
        id: String,
    },
    SaveFailed(Arc<StorageError>),
    /// The chosen save could not be read.
    CannotLoad {
        id: String,
        why: Unreadable,
    },
    /// The id is not in the listing (it changed meanwhile).
    NotListed {
        id: String,
    },
}

impl SaveStatus {
    pub fn text(&self, texts: &Texts) -> String {
        match self {
            SaveStatus::Saved { id } => tr!(texts, "files.saved-as", id = id),
            SaveStatus::SaveFailed(e) => tr!(texts, "files.save-failed", why = e.text(texts)),
            SaveStatus::CannotLoad { id, why } => {
                tr!(texts, "files.cannot-load", id = id, why = why.text(texts))
            }
            SaveStatus::NotListed { id } => tr!(texts, "files.not-listed", id = id),
        }
    }
}

/// What the save/load side has to show.
#[derive(Resource, Default, Debug)]
pub struct SaveShelf {
    /// The saves as last listed, while the load dialog is open (or why they could not be).
    pub listing: Option<Result<Vec<Listed>, StorageError>>,
    /// The last save or load outcome, shown in the HUD.
    pub status: Option<SaveStatus>,
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
                    Ok(entry) => SaveStatus::Saved { id: entry.id },
                    Err(e) => {
                        warn!("save failed: {e}");
                        SaveStatus::SaveFailed(Arc::new(e))
                    }
                });
            }
            SaveAction::ListSaves => {
                let listing = store.0.list_saves();
                if let Err(e) = &listing {
                    warn!("no saves listed: {e}");
                }
                shelf.listing = Some(listing.map(|entries| {
                    entries
                        .into_iter()
                        .map(|entry| {
                            let record = store
                                .0
                                .read_save(&entry.id)
                                .map_err(|e| Unreadable::Storage(Arc::new(e)))
                                .and_then(|t| Record::parse(&t).map_err(Unreadable::Record));
                            match &record {
                                Err(Unreadable::Record(e)) => {
                                    warn!("save {} unreadable: {e}", entry.id)
                                }
                                Err(Unreadable::Storage(e)) => {
                                    warn!("save {} unreadable: {e}", entry.id)
                                }
                                Ok(_) => {}
                            }
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
                    Some(Err(why)) => {
                        shelf.status = Some(SaveStatus::CannotLoad {
                            id: id.clone(),
                            why,
                        })
                    }
                    None => shelf.status = Some(SaveStatus::NotListed { id: id.clone() }),
                }
            }
            SaveAction::CloseList => shelf.listing = None,
        }
    }
}
