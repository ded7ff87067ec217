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

use crate::i18n::{Arg, Texts};
use crate::tr;
use bevy::prelude::*;
use std::fmt;
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

/// What a file operation that failed was doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoAction {
    Read,
    Write,
    Remove,
    Create,
}

impl fmt::Display for IoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IoAction::Read => "read",
            IoAction::Write => "write",
            IoAction::Remove => "remove",
            IoAction::Create => "create",
        })
    }
}

/// Why storage could not do what was asked. Nothing is changed when it fails. The
/// `Display` is English, for logs; a player reads `text`.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("cannot {action} {what}: {source}")]
    Io {
        action: IoAction,
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

impl StorageError {
    /// The error in the player's language, lower case to follow a colon ("Save failed:
    /// …"). The system's own wording of a file error stays in the log.
    pub fn text(&self, texts: &Texts) -> String {
        match self {
            StorageError::Io {
                action,
                what,
                source,
            } => {
                let key = match action {
                    IoAction::Read => "files.storage.cannot-read",
                    IoAction::Write => "files.storage.cannot-write",
                    IoAction::Remove => "files.storage.cannot-remove",
                    IoAction::Create => "files.storage.cannot-create",
                };
                texts.format(
                    key,
                    &[
                        ("path", Arg::from(what)),
                        ("reason", Arg::from(io_reason(texts, source))),
                    ],
                )
            }
            StorageError::Unavailable => tr!(texts, "files.storage.unavailable").to_owned(),
            StorageError::Full(key) => tr!(texts, "files.storage.full", key = key),
            StorageError::Unreadable(key) => tr!(texts, "files.storage.unreadable", key = key),
            StorageError::BadName(id) => tr!(texts, "files.storage.bad-name", id = id),
            StorageError::NotFound(id) => tr!(texts, "files.storage.not-found", id = id),
            StorageError::Download(name) => tr!(texts, "files.storage.download", name = name),
        }
    }
}

/// The few causes of a file error a player can act on, by name; any other is "a system
/// error", its details in the log (`std::io::ErrorKind` grows, so it needs a catch-all).
fn io_reason<'a>(texts: &'a Texts, error: &std::io::Error) -> &'a str {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::PermissionDenied => tr!(texts, "files.io.permission-denied"),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => tr!(texts, "files.io.full"),
        ErrorKind::ReadOnlyFilesystem => tr!(texts, "files.io.read-only"),
        ErrorKind::NotFound => tr!(texts, "files.io.not-found"),
        _ => tr!(texts, "files.io.other"),
    }
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
    fn every_storage_error_reads_in_every_language() {
        use crate::i18n::Language;
        let io = |action, kind| StorageError::Io {
            action,
            what: "/saves/x.gomoku".into(),
            source: std::io::Error::from(kind),
        };
        use std::io::ErrorKind;
        let errors = [
            io(IoAction::Read, ErrorKind::PermissionDenied),
            io(IoAction::Write, ErrorKind::StorageFull),
            io(IoAction::Remove, ErrorKind::ReadOnlyFilesystem),
            io(IoAction::Create, ErrorKind::Interrupted),
            StorageError::Unavailable,
            StorageError::Full("gomoku.settings".into()),
            StorageError::Unreadable("gomoku.saves".into()),
            StorageError::BadName("../x".into()),
            StorageError::NotFound("x.gomoku".into()),
            StorageError::Download("board.png".into()),
        ];
        for language in Language::ALL {
            let texts = Texts::new(language);
            for error in &errors {
                let text = error.text(&texts);
                assert!(
                    !text.contains("files.") && !text.contains('{'),
                    "{}: {error:?} reads {text:?}",
                    language.tag()
                );
            }
        }
        let english = Texts::new(Language::English);
        assert_eq!(
            errors[0].text(&english),
            "cannot read /saves/x.gomoku: permission denied"
        );
        assert_eq!(errors[8].text(&english), "no save 'x.gomoku'");
    }

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(format_utc(UNIX_EPOCH), "1970-01-01 00:00");
        // 2024-02-29 12:34:56.789 UTC, a leap day.
        let t = UNIX_EPOCH + Duration::from_millis(1_709_210_096_789);
        assert_eq!(format_utc(t), "2024-02-29 12:34");
        assert_eq!(save_stamp(t), "2024-02-29_12-34-56-789");
    }
}
