//! Everything in memory: for tests, and wherever nothing can be stored.

use super::{SaveEntry, Storage, StorageError, format_utc, save_stamp};
use std::sync::{Mutex, MutexGuard};
use web_time::SystemTime;

#[derive(Default)]
pub struct MemoryStorage {
    settings: Mutex<Option<String>>,
    /// Oldest first.
    saves: Mutex<Vec<(SaveEntry, String)>>,
    online_game: Mutex<Option<String>>,
}

/// A poisoned lock only means another thread panicked mid-call; the data is still whole
/// (every write is a single assignment or push).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Storage for MemoryStorage {
    fn load_settings(&self) -> Result<Option<String>, StorageError> {
        Ok(lock(&self.settings).clone())
    }

    fn save_settings(&self, text: &str) -> Result<(), StorageError> {
        *lock(&self.settings) = Some(text.to_string());
        Ok(())
    }

    fn list_saves(&self) -> Result<Vec<SaveEntry>, StorageError> {
        Ok(lock(&self.saves)
            .iter()
            .rev()
            .map(|(e, _)| e.clone())
            .collect())
    }

    fn write_save(&self, text: &str) -> Result<SaveEntry, StorageError> {
        let mut saves = lock(&self.saves);
        let now = SystemTime::now();
        let entry = SaveEntry {
            id: format!("{}-{:03}", save_stamp(now), saves.len() + 1),
            saved_at: format_utc(now),
        };
        saves.push((entry.clone(), text.to_string()));
        Ok(entry)
    }

    fn load_online_game(&self) -> Result<Option<String>, StorageError> {
        Ok(lock(&self.online_game).clone())
    }

    fn save_online_game(&self, text: &str) -> Result<(), StorageError> {
        *lock(&self.online_game) = Some(text.to_string());
        Ok(())
    }

    fn clear_online_game(&self) -> Result<(), StorageError> {
        *lock(&self.online_game) = None;
        Ok(())
    }

    fn read_save(&self, id: &str) -> Result<String, StorageError> {
        lock(&self.saves)
            .iter()
            .find(|(e, _)| e.id == id)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| StorageError::NotFound(id.to_string()))
    }
}
