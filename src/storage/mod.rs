//! Where settings and saved games live. One small interface, so the browser build keeps
//! them in localStorage while the desktop keeps files in the user's config and data dirs;
//! one backend per file.

#[cfg(not(target_arch = "wasm32"))]
mod file;
mod memory;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use file::{FileStorage, write_atomically};
pub use memory::MemoryStorage;
#[cfg(target_arch = "wasm32")]
pub use web::WebStorage;

use bevy::prelude::*;
// `std::time::SystemTime::now` panics in the browser; web-time is std's on the desktop.
use web_time::{SystemTime, UNIX_EPOCH};

/// A saved game as listed for loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// Opaque key for `Storage::read_save` (the file name on desktop).
    pub id: String,
    /// When it was saved, `YYYY-MM-DD HH:MM` (UTC).
    pub saved_at: String,
}

/// Why storage could not do what was asked. Nothing is changed when it fails.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("cannot {action} {what}: {source}")]
    Io {
        action: &'static str,
        what: String,
        source: std::io::Error,
    },
    #[error("this browser offers no localStorage")]
    Unavailable,
    #[error("cannot write {0} (storage full?)")]
    Full(String),
    #[error("cannot read {0}")]
    Unreadable(String),
    #[error("'{0}' is not a save name")]
    BadName(String),
    #[error("no save '{0}'")]
    NotFound(String),
    #[error("cannot download {0}")]
    Download(String),
}

pub trait Storage: Send + Sync + 'static {
    /// The stored settings text, if there is one (`Ok(None)`: never saved).
    fn load_settings(&self) -> Result<Option<String>, StorageError>;
    fn save_settings(&self, text: &str) -> Result<(), StorageError>;
    /// Newest first.
    fn list_saves(&self) -> Result<Vec<SaveEntry>, StorageError>;
    /// Stores a new save; never overwrites an earlier one.
    fn write_save(&self, text: &str) -> Result<SaveEntry, StorageError>;
    fn read_save(&self, id: &str) -> Result<String, StorageError>;
    /// The online game in progress, kept as it goes so a player can rejoin after closing
    /// the app (`Ok(None)`: none kept). One slot, replaced whole.
    fn load_online_game(&self) -> Result<Option<String>, StorageError>;
    fn save_online_game(&self, text: &str) -> Result<(), StorageError>;
    fn clear_online_game(&self) -> Result<(), StorageError>;
    /// Keeps a picture of the board (PNG bytes) where a player finds it: a new file next
    /// to the saves (never over another), or a download in the browser. Says where.
    fn write_image(&self, png: &[u8]) -> Result<String, StorageError>;
}

/// The name a new board picture gets: the time, then a number that makes it unique.
fn image_name(now: SystemTime, n: u32) -> String {
    format!("board-{}-{n:03}.png", save_stamp(now))
}

/// The storage in use.
#[derive(Resource)]
pub struct Store(pub Box<dyn Storage>);

/// The storage this platform keeps things in.
pub fn platform_storage() -> Box<dyn Storage> {
    #[cfg(not(target_arch = "wasm32"))]
    return Box::new(FileStorage::from_env());
    #[cfg(target_arch = "wasm32")]
    return Box::new(WebStorage);
}

/// `t` as RFC 3339 UTC with milliseconds (`2024-02-29T12:34:56.789Z`).
fn rfc3339(t: SystemTime) -> String {
    let since_epoch = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    // A std `SystemTime` built from the epoch is fine in the browser; only `now` is not.
    humantime::format_rfc3339_millis(std::time::UNIX_EPOCH + since_epoch).to_string()
}

/// When a save was made, as the load dialog lists it: `YYYY-MM-DD HH:MM` (UTC).
pub fn format_utc(t: SystemTime) -> String {
    rfc3339(t)[..16].replacen('T', " ", 1)
}

/// A save's id stem: its time to the millisecond, in an order that sorts by time and with
/// no character a file system refuses (`2024-02-29_12-34-56-789`).
fn save_stamp(t: SystemTime) -> String {
    rfc3339(t)[..23].replace('T', "_").replace([':', '.'], "-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(format_utc(UNIX_EPOCH), "1970-01-01 00:00");
        // 2024-02-29 12:34:56.789 UTC, a leap day.
        let t = UNIX_EPOCH + Duration::from_millis(1_709_210_096_789);
        assert_eq!(format_utc(t), "2024-02-29 12:34");
        assert_eq!(save_stamp(t), "2024-02-29_12-34-56-789");
    }
}
