//! The menu's choices, remembered between runs through `Storage`.

use crate::game_match::{MatchSetup, PlayerKind};
use crate::i18n::names::level_key;
use crate::i18n::{Language, Texts};
use crate::online::{ColourChoice, IceServers, Network, RoomSetup};
use crate::storage::{Store, platform_storage};
use crate::tr;
use bevy::prelude::*;
use gomoku_engine::Rule;
use gomoku_engine::ai::{Level, Resources, Threads};
use gomoku_engine::time_control::TimeControl;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    HumanVsHuman,
    #[default]
    HumanVsComputer,
    /// Against a person on another machine.
    Online,
}

/// Everything the menu lets a player choose. Unknown or missing fields in a stored file
/// fall back to defaults, so older settings files keep loading.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub mode: Mode,
    /// Player one's name (the person, against the computer). Empty: the default name in
    /// the player's language (`common.default-player`), which follows a change of
    /// language; a name typed or stored (an older file's "Player" too) stays as it is.
    pub name_one: String,
    /// Player two's name at this machine; empty: `common.default-friend`.
    pub name_two: String,
    /// Does player one take black (and so move first) in the first game? Under Swap2:
    /// does player one open the first game?
    pub one_plays_black: bool,
    pub level: u8,
    /// The rule's keyword (`Rule::keyword`), read back with `Rule::from_str`.
    pub rule: String,
    pub size: u8,
    pub stones: String,
    pub background: String,
    pub lines: String,
    pub show_numbers: bool,
    /// Two-player and online games: `none` or minutes+increment (`TimeControl`'s text).
    pub time_control: String,
    /// Two players at this machine, or a person against the computer: open each game with
    /// Swap2 (the opener places three stones; the other takes a colour or places two more).
    pub swap2: bool,
    /// Online: who takes black when this side creates the room.
    pub online_colours: ColourChoice,
    /// Online: the signalling server, `ws://host:port`.
    pub signal: String,
    /// Online: STUN/TURN addresses, separated by spaces; none on a LAN.
    pub ice_urls: String,
    pub ice_username: String,
    pub ice_credential: String,
    /// Online: the last room code typed, to join again.
    pub room: String,
    /// The computer's search threads on the desktop; 0: every core but one (the frames
    /// keep one). The browser's worker has one thread whatever this says.
    pub computer_threads: u8,
    /// The computer's transposition table in MiB (one of `COMPUTER_MEMORY_CHOICES_MIB`).
    pub computer_memory_mib: u16,
    /// Live analysis: the engine's judgement of the position beside the board.
    pub analysis: bool,
    /// Live analysis draws the best line always, not only while the pointer is on the bar.
    pub analysis_line_always: bool,
    /// A review's thinking time for each position of the game, in milliseconds (one of
    /// `REVIEW_BUDGET_CHOICES_MS`).
    pub review_ms: u32,
    /// Touch: the first tap on a point shows the stone, a second tap there places it (a
    /// tap elsewhere moves it). `None` until decided: on when the first input seen is a
    /// touch or the browser reports a touch screen, off when it is a mouse
    /// (`input::decide_tap_to_confirm`). Mouse clicks place at once either way.
    pub tap_to_confirm: Option<bool>,
    /// The language of every text; `None` follows the system's (the browser's) until the
    /// menu chooses one.
    pub language: Option<Language>,
    /// The sounds' volume in percent (0 to `sound::MAX_VOLUME`).
    pub sound_volume: u8,
    /// No sound at all (the volume is kept for when it comes back).
    pub sound_muted: bool,
}

/// The review budgets the menu offers for each position: quick, sound, thorough.
pub const REVIEW_BUDGET_CHOICES_MS: [u32; 4] = [250, 500, 1000, 2000];

/// The table sizes the menu offers: more remembers more of a long think, and costs the
/// memory whether it is used or not.
pub const COMPUTER_MEMORY_CHOICES_MIB: [u16; 4] = [16, 64, 256, 1024];

impl Default for Settings {
    fn default() -> Self {
        Settings {
            mode: Mode::default(),
            name_one: String::new(),
            name_two: String::new(),
            one_plays_black: true,
            level: Level::default().number(),
            rule: Rule::default().keyword().to_string(),
            size: 15,
            stones: String::new(),
            background: String::new(),
            lines: String::new(),
            show_numbers: false,
            time_control: TimeControl::Unlimited.to_string(),
            swap2: false,
            online_colours: ColourChoice::default(),
            // An address, not `localhost`, which may resolve to ::1 where a LAN host
            // listens on IPv4.
            signal: "ws://127.0.0.1:3536".into(),
            ice_urls: String::new(),
            ice_username: String::new(),
            ice_credential: String::new(),
            room: String::new(),
            computer_threads: 0,
            computer_memory_mib: 64,
            analysis: false,
            analysis_line_always: false,
            review_ms: 500,
            tap_to_confirm: None,
            language: None,
            sound_volume: 70,
            sound_muted: false,
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

    /// What the computer's searches may use of this machine.
    pub fn search_resources(&self) -> Resources {
        Resources {
            threads: match self.computer_threads {
                0 => Threads::all_cores_but_one(),
                n => Threads::new(n.into()),
            },
            // A hand-edited size past the menu's largest would not fit a 32-bit address
            // space (the browser): the largest choice is the most it may ask.
            table_bytes: usize::from(self.computer_memory_mib.clamp(
                1,
                COMPUTER_MEMORY_CHOICES_MIB[COMPUTER_MEMORY_CHOICES_MIB.len() - 1],
            )) << 20,
        }
    }

    /// The chosen time control; unreadable text (an edited file) means none.
    pub fn time_control(&self) -> TimeControl {
        self.time_control.parse().unwrap_or_default()
    }

    /// The game this side offers when it creates a room.
    pub fn room_setup(&self) -> RoomSetup {
        RoomSetup {
            rule: self.rule(),
            size: self.size,
            time_control: self.time_control(),
            colours: self.online_colours,
        }
    }

    /// Where online play finds the other player.
    pub fn network(&self) -> Network {
        let optional = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        Network {
            signal: self.signal.trim().to_string(),
            ice: IceServers {
                urls: self
                    .ice_urls
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                username: optional(&self.ice_username),
                credential: optional(&self.ice_credential),
            },
        }
    }

    /// Player one's name, or the default one in `texts`' language.
    pub fn player_name_in(&self, texts: &Texts) -> String {
        non_empty(&self.name_one, tr!(texts, "common.default-player"))
    }

    /// The match these settings describe, its default names in `texts`' language.
    pub fn match_setup_in(&self, texts: &Texts) -> MatchSetup {
        let one = (self.player_name_in(texts), PlayerKind::Human);
        let two = match self.mode {
            // An online match is set up by the two machines together (`online`); from
            // here it starts as two players at this one.
            Mode::HumanVsHuman | Mode::Online => (
                non_empty(&self.name_two, tr!(texts, "common.default-friend")),
                PlayerKind::Human,
            ),
            Mode::HumanVsComputer => (
                tr!(
                    texts,
                    "common.computer-name",
                    level = texts.text(level_key(self.level()))
                ),
                PlayerKind::Computer,
            ),
        };
        // Under Swap2 the first player opens and the opening decides the colours: between
        // two people player 1 opens, against the computer whoever the menu says.
        let swap2 = self.swap2 && matches!(self.mode, Mode::HumanVsHuman | Mode::HumanVsComputer);
        let one_first = self.one_plays_black || (self.mode == Mode::HumanVsHuman && swap2);
        let players = if one_first { [one, two] } else { [two, one] };
        MatchSetup {
            players,
            rule: self.rule(),
            size: self.size,
            level: self.level(),
            time_control: match self.mode {
                Mode::HumanVsComputer => TimeControl::Unlimited,
                Mode::HumanVsHuman | Mode::Online => self.time_control(),
            },
            swap2,
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
    fn the_computer_uses_every_core_but_one_unless_told_and_its_chosen_memory() {
        let s = Settings::default();
        assert_eq!(s.search_resources().threads, Threads::all_cores_but_one());
        assert_eq!(s.search_resources().table_bytes, 64 << 20);
        let s = Settings {
            computer_threads: 3,
            computer_memory_mib: 256,
            ..s
        };
        assert_eq!(s.search_resources().threads, Threads::new(3));
        assert_eq!(s.search_resources().table_bytes, 256 << 20);
        // A settings file from before these choices keeps loading, with the defaults.
        let old = Settings::from_text("(level: 4)").unwrap();
        assert_eq!(old.computer_threads, 0);
        assert_eq!(old.computer_memory_mib, 64);
    }

    #[test]
    fn swap2_against_the_computer_opens_with_the_chosen_player() {
        let s = Settings {
            swap2: true,
            ..Settings::default()
        };
        let setup = s.match_setup_in(&Texts::new(Language::English));
        assert!(setup.swap2);
        assert_eq!(setup.players[0].1, PlayerKind::Human, "the person opens");
        let s = Settings {
            one_plays_black: false,
            ..s
        };
        let setup = s.match_setup_in(&Texts::new(Language::English));
        assert!(setup.swap2);
        assert_eq!(
            setup.players[0].1,
            PlayerKind::Computer,
            "the computer opens"
        );
        // Online, the room decides the opening.
        let online = Settings {
            mode: Mode::Online,
            ..s
        };
        assert!(!online.match_setup_in(&Texts::new(Language::English)).swap2);
    }

    #[test]
    fn computer_takes_the_colour_the_person_leaves() {
        let s = Settings {
            one_plays_black: false,
            ..Settings::default()
        };
        let setup = s.match_setup_in(&Texts::new(Language::English));
        assert_eq!(setup.players[0].1, PlayerKind::Computer);
        assert_eq!(setup.players[1].0, "Player");
    }

    #[test]
    fn default_names_follow_the_language_and_typed_ones_stay() {
        let japanese = Texts::new(Language::Japanese);
        let s = Settings {
            level: 1,
            ..Settings::default()
        };
        let setup = s.match_setup_in(&japanese);
        assert_eq!(setup.players[0].0, "プレイヤー");
        assert_eq!(setup.players[1].0, "コンピューター（入門）");
        let two = Settings {
            mode: Mode::HumanVsHuman,
            name_two: "  ".into(),
            ..s.clone()
        };
        assert_eq!(two.match_setup_in(&japanese).players[1].0, "友だち");
        assert_eq!(
            Settings::default().player_name_in(&Texts::new(Language::SimplifiedChinese)),
            "玩家"
        );
        // An older file's stored default is a name like any other.
        let old = Settings::from_text("(name_one: \"Player\")").unwrap();
        assert_eq!(old.player_name_in(&japanese), "Player");
    }
}
