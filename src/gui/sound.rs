//! The sound's settings: off and on, and how loud. Drawn by the menu and the HUD.

use crate::i18n::Texts;
use crate::settings::Settings;
use crate::sound::MAX_VOLUME;
use crate::tr;
use bevy_egui::egui;

/// A mute checkbox and a volume slider; says whether a setting changed, so the caller
/// stores the settings.
pub(super) fn sound_controls(ui: &mut egui::Ui, settings: &mut Settings, texts: &Texts) -> bool {
    let mut changed = ui
        .checkbox(&mut settings.sound_muted, tr!(texts, "sound.mute"))
        .changed();
    let volume = egui::Slider::new(&mut settings.sound_volume, 0..=MAX_VOLUME)
        .text(tr!(texts, "sound.volume"))
        .suffix("%");
    changed |= ui.add_enabled(!settings.sound_muted, volume).changed();
    changed
}
