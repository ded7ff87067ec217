//! Everything in memory: for tests, and wherever nothing can be stored.

use super::{SaveEntry, Storage, StorageError, format_utc, image_name, save_stamp};
use std::sync::{Mutex, MutexGuard};
use web_time::SystemTime;

#[derive(Default)]
pub struct MemoryStorage {
    settings: Mutex<Option<String>>,
    /// Oldest first.
    saves: Mutex<Vec<(SaveEntry, String)>>,
    online_game: Mutex<Option<String>>,
    /// Board pictures by name, oldest first.
    images: Mutex<Vec<(String, Vec<u8>)>>,
}

impl MemoryStorage {
    /// The pictures written so far, oldest first.
    pub fn images(&self) -> Vec<(String, Vec<u8>)> {
        lock(&self.images).clone()
    }
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

    fn write_image(&self, png: &[u8]) -> Result<String, StorageError> {
        let mut images = lock(&self.images);
        let name = image_name(SystemTime::now(), images.len() as u32 + 1);
        images.push((name.clone(), png.to_vec()));
        Ok(name)
    }

    fn read_save(&self, id: &str) -> Result<String, StorageError> {
        lock(&self.saves)
            .iter()
            .find(|(e, _)| e.id == id)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| StorageError::NotFound(id.to_string()))
    }
}
