//! The browser's localStorage: `gomoku.settings`, an index `gomoku.saves` (one
//! `id<TAB>time` line per save, oldest first) and `gomoku.save.<id>` per game. A save is
//! written before it is listed, so a failure leaves the earlier saves and the index as
//! they were.

use super::{SaveEntry, Storage, StorageError, format_utc, image_name, save_stamp};
use bevy::log::warn;
use wasm_bindgen::JsCast;
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
            .expect("some sequence number is free"); // i18n: not shown
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

    fn write_image(&self, png: &[u8]) -> Result<String, StorageError> {
        let name = image_name(SystemTime::now(), 1);
        download(&name, png).map_err(|e| {
            warn!("cannot download {name}: {e:?}");
            StorageError::Download(name.clone())
        })?;
        // The browser keeps it where it keeps downloads: its name is what a player finds.
        Ok(name)
    }
}

/// Hands `bytes` to the browser as a download named `name`: a link to a blob, clicked.
fn download(name: &str, bytes: &[u8]) -> Result<(), wasm_bindgen::JsValue> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes).into());
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?; // i18n: not shown
    let link: web_sys::HtmlElement = document.create_element("a")?.dyn_into()?;
    link.set_attribute("href", &url)?;
    link.set_attribute("download", name)?;
    link.click();
    // The blob's address is not revoked: revoking it at once can cancel the download in
    // some browsers, and one picture is small.
    Ok(())
}
