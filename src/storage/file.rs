//! The desktop: `settings.ron` in the config dir, `saves/*.gomoku` and the online game in
//! progress (`online-game.ron`) in the data dir.
//! `GOMOKU_HOME` puts both under one folder (tests, CI, portable installs).

use super::{IoAction, SaveEntry, Storage, StorageError, format_utc, image_name, save_stamp};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use web_time::{SystemTime, UNIX_EPOCH};

pub struct FileStorage {
    config_dir: PathBuf,
    saves_dir: PathBuf,
}

/// The extension of saved games.
const SAVE_EXTENSION: &str = "gomoku";

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
        let under = |dir: Option<PathBuf>| dir.unwrap_or_else(std::env::temp_dir).join("gomoku");
        FileStorage {
            config_dir: under(dirs::config_dir()),
            saves_dir: under(dirs::data_dir()).join("saves"),
        }
    }

    fn settings_path(&self) -> PathBuf {
        self.config_dir.join("settings.ron")
    }

    fn online_game_path(&self) -> PathBuf {
        // Beside the saves folder, not in it: it is no save to list.
        self.saves_dir
            .parent()
            .unwrap_or(&self.config_dir)
            .join("online-game.ron")
    }

    fn read_if_there(path: &Path) -> Result<Option<String>, StorageError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(IoAction::Read, path)(e)),
        }
    }
}

fn io_error(action: IoAction, path: &Path) -> impl FnOnce(std::io::Error) -> StorageError {
    let what = path.display().to_string();
    move |source| StorageError::Io {
        action,
        what,
        source,
    }
}

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

impl Storage for FileStorage {
    fn load_settings(&self) -> Result<Option<String>, StorageError> {
        FileStorage::read_if_there(&self.settings_path())
    }

    fn load_online_game(&self) -> Result<Option<String>, StorageError> {
        FileStorage::read_if_there(&self.online_game_path())
    }

    fn save_online_game(&self, text: &str) -> Result<(), StorageError> {
        let path = self.online_game_path();
        write_atomically(&path, text).map_err(io_error(IoAction::Write, &path))
    }

    fn clear_online_game(&self) -> Result<(), StorageError> {
        let path = self.online_game_path();
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(io_error(IoAction::Remove, &path)(e)),
            _ => Ok(()),
        }
    }

    fn save_settings(&self, text: &str) -> Result<(), StorageError> {
        let path = self.settings_path();
        write_atomically(&path, text).map_err(io_error(IoAction::Write, &path))
    }

    fn list_saves(&self) -> Result<Vec<SaveEntry>, StorageError> {
        let dir = match std::fs::read_dir(&self.saves_dir) {
            Ok(dir) => dir,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_error(IoAction::Read, &self.saves_dir)(e)),
        };
        let mut out: Vec<(SystemTime, SaveEntry)> = dir
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == SAVE_EXTENSION))
            .map(|e| {
                let modified = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(UNIX_EPOCH);
                let id = e.file_name().to_string_lossy().into_owned();
                let saved_at = format_utc(modified);
                (modified, SaveEntry { id, saved_at })
            })
            .collect();
        // Newest first; ids carry the save time to the millisecond and a sequence number,
        // so they order saves made within one file-time tick.
        out.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.id.cmp(&a.1.id)));
        Ok(out.into_iter().map(|(_, e)| e).collect())
    }

    fn write_save(&self, text: &str) -> Result<SaveEntry, StorageError> {
        let now = SystemTime::now();
        let stamp = save_stamp(now);
        let id = (1..)
            .map(|n| format!("{stamp}-{n:03}.{SAVE_EXTENSION}"))
            .find(|id| !self.saves_dir.join(id).exists())
            .expect("some sequence number is free"); // i18n: not shown
        let path = self.saves_dir.join(&id);
        write_atomically(&path, text).map_err(io_error(IoAction::Write, &path))?;
        Ok(SaveEntry {
            id,
            saved_at: format_utc(now),
        })
    }

    fn write_image(&self, png: &[u8]) -> Result<String, StorageError> {
        std::fs::create_dir_all(&self.saves_dir)
            .map_err(io_error(IoAction::Create, &self.saves_dir))?;
        let now = SystemTime::now();
        for n in 1.. {
            let path = self.saves_dir.join(image_name(now, n));
            // `create_new`: an existing picture is never written over, even by a race.
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut file) => {
                    std::io::Write::write_all(&mut file, png)
                        .map_err(io_error(IoAction::Write, &path))?;
                    return Ok(path.display().to_string());
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io_error(IoAction::Create, &path)(e)),
            }
        }
        unreachable!("some sequence number is free")
    }

    fn read_save(&self, id: &str) -> Result<String, StorageError> {
        if id.contains(['/', '\\']) || id.starts_with('.') {
            return Err(StorageError::BadName(id.to_string()));
        }
        let path = self.saves_dir.join(id);
        std::fs::read_to_string(&path).map_err(|e| match e.kind() {
            ErrorKind::NotFound => StorageError::NotFound(id.to_string()),
            _ => io_error(IoAction::Read, &path)(e),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_never_overwrite_and_list_newest_first() {
        let dir = std::env::temp_dir().join(format!("gomoku-storage-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = FileStorage::in_dir(&dir);
        assert!(store.list_saves().unwrap().is_empty());
        let ids: Vec<String> = ["first", "second", "third"]
            .iter()
            .map(|text| store.write_save(text).unwrap().id)
            .collect();
        assert_eq!(store.read_save(&ids[0]).unwrap(), "first");
        assert_eq!(store.read_save(&ids[2]).unwrap(), "third");
        let listed: Vec<String> = store
            .list_saves()
            .unwrap()
            .into_iter()
            .map(|e| e.id)
            .collect();
        let newest_first: Vec<String> = ids.iter().rev().cloned().collect();
        assert_eq!(listed, newest_first);
        assert!(matches!(
            store.read_save("../etc/passwd"),
            Err(StorageError::BadName(_))
        ));
        assert!(matches!(
            store.read_save("missing.gomoku"),
            Err(StorageError::NotFound(_))
        ));
        assert_eq!(store.load_settings().unwrap(), None);
        store.save_settings("x").unwrap();
        store.save_settings("y").unwrap();
        assert_eq!(store.load_settings().unwrap().as_deref(), Some("y"));
        let first = store.write_image(b"one").unwrap();
        let second = store.write_image(b"two").unwrap();
        assert_ne!(first, second, "a picture never replaces another");
        assert_eq!(std::fs::read(&first).unwrap(), b"one");
        assert_eq!(std::fs::read(&second).unwrap(), b"two");
        assert!(first.ends_with(".png"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
