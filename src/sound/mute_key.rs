//! M turns the sound off and on again, remembered like the menu's setting.

use crate::settings::{Settings, persist};
use crate::storage::Store;
use bevy::prelude::*;

pub(super) fn mute_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    store: Res<Store>,
) {
    if keys.just_pressed(KeyCode::KeyM) {
        settings.sound_muted = !settings.sound_muted;
        persist(&store, &settings);
    }
}
