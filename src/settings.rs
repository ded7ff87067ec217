//! The menu's choices, remembered between runs through `Storage`.

use crate::game_match::{MatchSetup, PlayerKind};
use crate::storage::{Store, platform_storage};
use bevy::prelude::*;
use gomoku_engine::Rule;
use gomoku_engine::ai::Level;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    HumanVsHuman,
    #[default]
    HumanVsComputer,
}

/// Everything the menu lets a player choose. Unknown or missing fields in a stored file
/// fall back to defaults, so older settings files keep loading.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub mode: Mode,
    /// Player one's name (the person, against the computer).
    pub name_one: String,
    pub name_two: String,
    /// Does player one take black (and so move first) in the first game?
    pub one_plays_black: bool,
    pub level: u8,
    /// The rule's keyword (`Rule::keyword`), read back with `Rule::from_str`.
    pub rule: String,
    pub size: u8,
    pub stones: String,
    pub background: String,
    pub lines: String,
    pub show_numbers: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            mode: Mode::default(),
            name_one: "Player".into(),
            name_two: "Friend".into(),
            one_plays_black: true,
            level: Level::default().number(),
            rule: Rule::default().keyword().to_string(),
            size: 15,
            stones: String::new(),
            background: String::new(),
            lines: String::new(),
            show_numbers: false,
        }
    }
}

impl Settings {
    /// The chosen rule; an unknown keyword (an older or edited file) means the default.
    pub fn rule(&self) -> Rule {
        self.rule.parse().unwrap_or_default()
    }

    pub fn level(&self) -> Level {
        Level::new(self.level).unwrap_or_default()
    }

    /// The match these settings describe.
    pub fn match_setup(&self) -> MatchSetup {
        let one = (non_empty(&self.name_one, "Player"), PlayerKind::Human);
        let two = match self.mode {
            Mode::HumanVsHuman => (non_empty(&self.name_two, "Friend"), PlayerKind::Human),
            Mode::HumanVsComputer => (
                format!("Computer ({})", self.level().name()),
                PlayerKind::Computer,
            ),
        };
        let players = if self.one_plays_black {
            [one, two]
        } else {
            [two, one]
        };
        MatchSetup {
            players,
            rule: self.rule(),
            size: self.size,
            level: self.level(),
        }
    }

    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    pub fn from_text(text: &str) -> Result<Settings, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }
}

fn non_empty(name: &str, fallback: &str) -> String {
    let trimmed = name.trim();
    if trimmed.is_empty() {
        fallback.to_string()
    } else {
        trimmed.to_string()
    }
}

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Store>() {
        app.insert_resource(Store(platform_storage()));
    }
    let stored = app.world().resource::<Store>().0.load_settings();
    let settings = match stored.map(|t| t.map(|t| Settings::from_text(&t))) {
        Ok(Some(Ok(s))) => s,
        Ok(Some(Err(e))) => {
            warn!("settings file unreadable, using defaults: {e}");
            Settings::default()
        }
        Err(e) => {
            warn!("settings could not be read, using defaults: {e}");
            Settings::default()
        }
        Ok(None) => Settings::default(),
    };
    app.insert_resource(settings);
}

/// Stores the settings; failures are logged, never fatal.
pub fn persist(store: &Store, settings: &Settings) {
    if let Err(e) = store.0.save_settings(&settings.to_text()) {
        warn!("could not save settings: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_tolerate_missing_fields() {
        let s = Settings {
            name_one: "Ann".into(),
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        };
        assert_eq!(Settings::from_text(&s.to_text()), Ok(s));
        let partial = Settings::from_text("(name_one: \"Zed\")").unwrap();
        assert_eq!(partial.name_one, "Zed");
        assert_eq!(partial.size, 15);
        assert!(Settings::from_text("(size: \"big\")").is_err());
    }

    #[test]
    fn computer_takes_the_colour_the_person_leaves() {
        let s = Settings {
            one_plays_black: false,
            ..Settings::default()
        };
        let setup = s.match_setup();
        assert_eq!(setup.players[0].1, PlayerKind::Computer);
        assert_eq!(setup.players[1].0, "Player");
    }
}
