//! The browser's localStorage: `gomoku.settings`, an index `gomoku.saves` (one
//! `id<TAB>time` line per save, oldest first) and `gomoku.save.<id>` per game. A save is
//! written before it is listed, so a failure leaves the earlier saves and the index as
//! they were.

use super::{SaveEntry, Storage, StorageError, format_utc, save_stamp};
use web_time::SystemTime;

pub struct WebStorage;

const SETTINGS_KEY: &str = "gomoku.settings";
const INDEX_KEY: &str = "gomoku.saves";
const ONLINE_GAME_KEY: &str = "gomoku.online-game";

fn save_key(id: &str) -> String {
    format!("gomoku.save.{id}")
}

impl WebStorage {
    fn local() -> Result<web_sys::Storage, StorageError> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or(StorageError::Unavailable)
    }

    fn get(key: &str) -> Result<Option<String>, StorageError> {
        Self::local()?
            .get_item(key)
            .map_err(|_| StorageError::Unreadable(key.to_string()))
    }

    fn set(key: &str, value: &str) -> Result<(), StorageError> {
        Self::local()?
            .set_item(key, value)
            .map_err(|_| StorageError::Full(key.to_string()))
    }
}

impl Storage for WebStorage {
    fn load_settings(&self) -> Result<Option<String>, StorageError> {
        Self::get(SETTINGS_KEY)
    }

    fn save_settings(&self, text: &str) -> Result<(), StorageError> {
        Self::set(SETTINGS_KEY, text)
    }

    fn load_online_game(&self) -> Result<Option<String>, StorageError> {
        Self::get(ONLINE_GAME_KEY)
    }

    fn save_online_game(&self, text: &str) -> Result<(), StorageError> {
        Self::set(ONLINE_GAME_KEY, text)
    }

    fn clear_online_game(&self) -> Result<(), StorageError> {
        Self::local()?
            .remove_item(ONLINE_GAME_KEY)
            .map_err(|_| StorageError::Full(ONLINE_GAME_KEY.to_string()))
    }

    fn list_saves(&self) -> Result<Vec<SaveEntry>, StorageError> {
        let index = Self::get(INDEX_KEY)?.unwrap_or_default();
        Ok(index
            .lines()
            .rev()
            .filter_map(|line| line.split_once('\t'))
            .map(|(id, at)| SaveEntry {
                id: id.to_string(),
                saved_at: at.to_string(),
            })
            .collect())
    }

    fn write_save(&self, text: &str) -> Result<SaveEntry, StorageError> {
        let now = SystemTime::now();
        let index = Self::get(INDEX_KEY)?.unwrap_or_default();
        let stamp = save_stamp(now);
        let taken = |id: &str| index.lines().any(|l| l.split('\t').next() == Some(id));
        let id = (1..)
            .map(|n| format!("{stamp}-{n:03}"))
            .find(|id| !taken(id))
            .expect("some sequence number is free");
        Self::set(&save_key(&id), text)?;
        let entry = SaveEntry {
            id,
            saved_at: format_utc(now),
        };
        Self::set(
            INDEX_KEY,
            &format!("{index}{}\t{}\n", entry.id, entry.saved_at),
        )?;
        Ok(entry)
    }

    fn read_save(&self, id: &str) -> Result<String, StorageError> {
        Self::get(&save_key(id))?.ok_or_else(|| StorageError::NotFound(id.to_string()))
    }
}
