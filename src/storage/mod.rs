//! Where settings and saved games live. One small interface, so the browser build can keep
//! them in localStorage while the desktop keeps files in the user's config and data dirs.

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use std::path::{Path, PathBuf};
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

pub trait Storage: Send + Sync + 'static {
    fn load_settings(&self) -> Option<String>;
    fn save_settings(&self, text: &str) -> Result<(), String>;
    /// Newest first.
    fn list_saves(&self) -> Result<Vec<SaveEntry>, String>;
    /// Stores a new save; never overwrites an earlier one.
    fn write_save(&self, text: &str) -> Result<SaveEntry, String>;
    fn read_save(&self, id: &str) -> Result<String, String>;
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

/// Files on disk: `settings.ron` in the config dir, `saves/*.gomoku` in the data dir.
/// `GOMOKU_HOME` puts both under one folder (tests, CI, portable installs).
#[cfg(not(target_arch = "wasm32"))]
pub struct FileStorage {
    config_dir: PathBuf,
    saves_dir: PathBuf,
}

#[cfg(not(target_arch = "wasm32"))]
impl FileStorage {
    pub fn in_dir(root: &Path) -> Self {
        FileStorage {
            config_dir: root.to_path_buf(),
            saves_dir: root.join("saves"),
        }
    }

    pub fn from_env() -> Self {
        if let Some(home) = std::env::var_os("GOMOKU_HOME") {
            return FileStorage::in_dir(Path::new(&home));
        }
        let config = dirs::config_dir()
            .unwrap_or_else(std::env::temp_dir)
            .join("gomoku");
        let data = dirs::data_dir()
            .unwrap_or_else(std::env::temp_dir)
            .join("gomoku");
        FileStorage {
            config_dir: config,
            saves_dir: data.join("saves"),
        }
    }

    fn settings_path(&self) -> PathBuf {
        self.config_dir.join("settings.ron")
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// Writes `path` through a temporary file and a rename, so a crash mid-write leaves the
/// previous file whole.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

#[cfg(not(target_arch = "wasm32"))]
impl Storage for FileStorage {
    fn load_settings(&self) -> Option<String> {
        std::fs::read_to_string(self.settings_path()).ok()
    }

    fn save_settings(&self, text: &str) -> Result<(), String> {
        write_atomically(&self.settings_path(), text).map_err(|e| e.to_string())
    }

    fn list_saves(&self) -> Result<Vec<SaveEntry>, String> {
        let dir = match std::fs::read_dir(&self.saves_dir) {
            Ok(dir) => dir,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("cannot read {}: {e}", self.saves_dir.display())),
        };
        let mut out: Vec<(SystemTime, SaveEntry)> = dir
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "gomoku"))
            .map(|e| {
                let modified = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(UNIX_EPOCH);
                let id = e.file_name().to_string_lossy().into_owned();
                (
                    modified,
                    SaveEntry {
                        id,
                        saved_at: format_utc(modified),
                    },
                )
            })
            .collect();
        out.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.id.cmp(&a.1.id)));
        Ok(out.into_iter().map(|(_, e)| e).collect())
    }

    fn write_save(&self, text: &str) -> Result<SaveEntry, String> {
        let now = SystemTime::now();
        let stamp = format_utc_compact(now);
        let mut n = 1;
        let mut id = format!("{stamp}.gomoku");
        while self.saves_dir.join(&id).exists() {
            n += 1;
            id = format!("{stamp}-{n}.gomoku");
        }
        write_atomically(&self.saves_dir.join(&id), text).map_err(|e| e.to_string())?;
        Ok(SaveEntry {
            id,
            saved_at: format_utc(now),
        })
    }

    fn read_save(&self, id: &str) -> Result<String, String> {
        if id.contains(['/', '\\']) || id.starts_with('.') {
            return Err(format!("'{id}' is not a save name"));
        }
        std::fs::read_to_string(self.saves_dir.join(id))
            .map_err(|e| format!("cannot read {id}: {e}"))
    }
}

/// The browser's localStorage: `gomoku.settings`, an index `gomoku.saves` (one id per
/// line, oldest first) and `gomoku.save.<id>` per game. A save is written before it is
/// listed, so a failure leaves the earlier saves and the index as they were.
#[cfg(target_arch = "wasm32")]
pub struct WebStorage;

#[cfg(target_arch = "wasm32")]
impl WebStorage {
    fn local() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "this browser offers no localStorage".to_string())
    }

    fn get(key: &str) -> Result<Option<String>, String> {
        Self::local()?
            .get_item(key)
            .map_err(|_| format!("cannot read {key}"))
    }

    fn set(key: &str, value: &str) -> Result<(), String> {
        Self::local()?
            .set_item(key, value)
            .map_err(|_| format!("cannot write {key} (storage full?)"))
    }
}

#[cfg(target_arch = "wasm32")]
impl Storage for WebStorage {
    fn load_settings(&self) -> Option<String> {
        Self::get("gomoku.settings").ok().flatten()
    }

    fn save_settings(&self, text: &str) -> Result<(), String> {
        Self::set("gomoku.settings", text)
    }

    fn list_saves(&self) -> Result<Vec<SaveEntry>, String> {
        let index = Self::get("gomoku.saves")?.unwrap_or_default();
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

    fn write_save(&self, text: &str) -> Result<SaveEntry, String> {
        let now = SystemTime::now();
        let index = Self::get("gomoku.saves")?.unwrap_or_default();
        let mut id = format_utc_compact(now);
        let mut n = 1;
        while index
            .lines()
            .any(|l| l.split('\t').next() == Some(id.as_str()))
        {
            n += 1;
            id = format!("{}-{n}", format_utc_compact(now));
        }
        Self::set(&format!("gomoku.save.{id}"), text)?;
        let entry = SaveEntry {
            id,
            saved_at: format_utc(now),
        };
        Self::set(
            "gomoku.saves",
            &format!("{index}{}\t{}\n", entry.id, entry.saved_at),
        )?;
        Ok(entry)
    }

    fn read_save(&self, id: &str) -> Result<String, String> {
        Self::get(&format!("gomoku.save.{id}"))?.ok_or_else(|| format!("no save '{id}'"))
    }
}

/// Keeps everything in memory: for tests, and wherever nothing can be stored.
#[derive(Default)]
pub struct MemoryStorage {
    settings: std::sync::Mutex<Option<String>>,
    saves: std::sync::Mutex<Vec<(SaveEntry, String)>>,
}

impl Storage for MemoryStorage {
    fn load_settings(&self) -> Option<String> {
        self.settings.lock().ok()?.clone()
    }

    fn save_settings(&self, text: &str) -> Result<(), String> {
        *self.settings.lock().map_err(|e| e.to_string())? = Some(text.to_string());
        Ok(())
    }

    fn list_saves(&self) -> Result<Vec<SaveEntry>, String> {
        let saves = self.saves.lock().map_err(|e| e.to_string())?;
        Ok(saves.iter().rev().map(|(e, _)| e.clone()).collect())
    }

    fn write_save(&self, text: &str) -> Result<SaveEntry, String> {
        let mut saves = self.saves.lock().map_err(|e| e.to_string())?;
        let entry = SaveEntry {
            id: format!("save-{}", saves.len() + 1),
            saved_at: format_utc(SystemTime::now()),
        };
        saves.push((entry.clone(), text.to_string()));
        Ok(entry)
    }

    fn read_save(&self, id: &str) -> Result<String, String> {
        let saves = self.saves.lock().map_err(|e| e.to_string())?;
        saves
            .iter()
            .find(|(e, _)| e.id == id)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| format!("no save '{id}'"))
    }
}

/// Days since 1970-01-01 to a civil date (proleptic Gregorian).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn utc_parts(t: SystemTime) -> (i64, u32, u32, u64, u64, u64) {
    let secs = t
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    (y, m, d, rem / 3600, rem % 3600 / 60, rem % 60)
}

pub fn format_utc(t: SystemTime) -> String {
    let (y, m, d, hh, mm, _) = utc_parts(t);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02}")
}

fn format_utc_compact(t: SystemTime) -> String {
    let (y, m, d, hh, mm, ss) = utc_parts(t);
    format!("{y:04}-{m:02}-{d:02}_{hh:02}-{mm:02}-{ss:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(format_utc(UNIX_EPOCH), "1970-01-01 00:00");
        // 2024-02-29 12:34:56 UTC, a leap day.
        let t = UNIX_EPOCH + Duration::from_secs(1_709_210_096);
        assert_eq!(format_utc(t), "2024-02-29 12:34");
    }

    #[test]
    fn saves_never_overwrite_and_list_newest_first() {
        let dir = std::env::temp_dir().join(format!("gomoku-storage-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = FileStorage::in_dir(&dir);
        assert_eq!(store.list_saves(), Ok(vec![]));
        let a = store.write_save("first").unwrap();
        let b = store.write_save("second").unwrap();
        assert_ne!(a.id, b.id);
        assert_eq!(store.read_save(&a.id).unwrap(), "first");
        assert_eq!(store.read_save(&b.id).unwrap(), "second");
        assert_eq!(store.list_saves().unwrap().len(), 2);
        assert!(store.read_save("../etc/passwd").is_err());
        store.save_settings("x").unwrap();
        store.save_settings("y").unwrap();
        assert_eq!(store.load_settings().as_deref(), Some("y"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
