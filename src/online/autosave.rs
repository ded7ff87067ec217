//! The online game in progress, kept in storage after every change, so that a player whose
//! app closed (a crash, a flat battery, a closed tab) can go back into the room and pick
//! the game up: the menu offers it, both sides then compare move lists and position hashes
//! as after any lost connection.

use super::{Online, Role, RoomCode};
use crate::game_match::Match;
use crate::storage::Store;
use bevy::prelude::*;
use gomoku_engine::online::{self as wire, GameSettings, Message};
use gomoku_engine::record::Record;
use serde::{Deserialize, Serialize};
use web_time::{SystemTime, UNIX_EPOCH};

/// How long a kept game is offered: the other player will not wait longer.
pub const OFFERED_FOR_SECS: u64 = 30 * 60;

/// What is kept of an online game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptGame {
    pub room: String,
    pub host: bool,
    pub our_name: String,
    pub peer_name: String,
    /// The agreed settings as their wire line, so the one codec reads them back.
    pub settings: String,
    /// Games started in the room (the next one's number follows).
    pub games: u32,
    /// Does this side play black in the kept game?
    pub black_is_ours: bool,
    /// The game so far, in the save format (black and white named).
    pub record: String,
    /// When it was kept, in seconds since 1970.
    pub saved_at: u64,
}

/// A kept game, read back and checked.
#[derive(Clone, Debug)]
pub struct Resumable {
    pub code: RoomCode,
    pub role: Role,
    pub our_name: String,
    pub peer_name: String,
    pub settings: GameSettings,
    pub games: u32,
    pub black_is_ours: bool,
    pub record: Record,
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl KeptGame {
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// Reads a kept game; anything unreadable, or older than `OFFERED_FOR_SECS`, is no
    /// game to resume (and says why, for the log).
    pub fn parse(text: &str, now: u64) -> Result<Resumable, String> {
        let kept: KeptGame = ron::from_str(text).map_err(|e| e.to_string())?;
        if now.saturating_sub(kept.saved_at) > OFFERED_FOR_SECS {
            return Err("it is too old to resume".into()); // i18n: not shown
        }
        let settings = match wire::decode(kept.settings.as_bytes()) {
            Ok(Message::Settings(settings)) => settings,
            Ok(other) => return Err(format!("its settings are a {} line", other.kind())), // i18n: not shown
            Err(e) => return Err(format!("its settings: {e}")), // i18n: not shown
        };
        let record = Record::parse(&kept.record).map_err(|e| format!("its game: {e}"))?; // i18n: not shown
        let code = RoomCode::parse(&kept.room).map_err(|e| e.to_string())?;
        Ok(Resumable {
            code,
            role: if kept.host { Role::Host } else { Role::Guest },
            our_name: kept.our_name,
            peer_name: kept.peer_name,
            settings,
            games: kept.games,
            black_is_ours: kept.black_is_ours,
            record,
        })
    }
}

/// The kept game the menu offers, read when the menu opens.
#[derive(Resource, Default)]
pub struct OfferedResume(pub Option<Resumable>);

pub(super) fn offer_on_the_menu(store: Res<Store>, mut offered: ResMut<OfferedResume>) {
    offered.0 = resumable(&store);
}

/// The kept game the menu may offer, if any.
pub fn resumable(store: &Store) -> Option<Resumable> {
    let text = match store.0.load_online_game() {
        Ok(text) => text?,
        Err(e) => {
            warn!("the kept online game could not be read: {e}");
            return None;
        }
    };
    KeptGame::parse(&text, now_secs())
        .inspect_err(|e| info!("the kept online game is not offered: {e}")) // i18n: not shown
        .ok()
}

/// Keeps the game after every move while the room's game is on, and forgets it when the
/// game is over: a finished game is nothing to come back to. Not during a Swap2 opening,
/// whose choices a record does not hold (the opening is five stones; a game lost there
/// is started again).
pub(super) fn keep_the_game(
    online: Option<Res<Online>>,
    game_match: Res<Match>,
    store: Res<Store>,
    mut kept: Local<Option<(usize, bool, u32)>>,
) {
    let Some(online) = online else {
        *kept = None;
        return;
    };
    let Some(settings) = online.peer.settings_agreed() else {
        return;
    };
    let game = &game_match.game;
    let now = (
        game.moves().len(),
        game.is_over(),
        online.peer.games_started(),
    );
    if *kept == Some(now) || game_match.swap2_stage().is_some() {
        return;
    }
    *kept = Some(now);
    let result = if game.is_over() {
        store.0.clear_online_game()
    } else {
        let Ok(settings) = wire::encode(&Message::Settings(settings)) else {
            return;
        };
        let black = &game_match.player(gomoku_engine::Stone::Black).name;
        let white = &game_match.player(gomoku_engine::Stone::White).name;
        let kept = KeptGame {
            room: online.code.to_string(),
            host: online.role == Role::Host,
            our_name: online.our_name.clone(),
            peer_name: online.peer_name.clone().unwrap_or_default(),
            settings,
            games: online.peer.games_started(),
            black_is_ours: game_match.player(gomoku_engine::Stone::Black).kind
                != crate::game_match::PlayerKind::Remote,
            record: Record::new(game.clone(), black, white).to_text(),
            saved_at: now_secs(),
        };
        store.0.save_online_game(&kept.to_text())
    };
    if let Err(e) = result {
        warn!("the online game could not be kept: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::online::Opening;
    use gomoku_engine::time_control::TimeControl;
    use gomoku_engine::{Game, Rule};

    fn kept(saved_at: u64) -> KeptGame {
        let settings = GameSettings {
            rule: Rule::Renju,
            size: 15,
            time_control: TimeControl::fischer(5, 3),
            opening: Opening::GuestBlack,
        };
        let game = Game::from_move_string(15, Rule::Renju, "h8i9").unwrap();
        KeptGame {
            room: "tiger-42".into(),
            host: false,
            our_name: "Bob".into(),
            peer_name: "Ann".into(),
            settings: wire::encode(&Message::Settings(settings)).unwrap(),
            games: 2,
            black_is_ours: true,
            record: Record::new(game, "Bob", "Ann").to_text(),
            saved_at,
        }
    }

    #[test]
    fn a_kept_game_reads_back_whole() {
        let back = KeptGame::parse(&kept(1000).to_text(), 1000 + 60).unwrap();
        assert_eq!(back.code.as_str(), "tiger-42");
        assert_eq!(back.role, Role::Guest);
        assert_eq!(back.settings.opening, Opening::GuestBlack);
        assert_eq!(back.settings.time_control, TimeControl::fischer(5, 3));
        assert_eq!(back.games, 2);
        assert_eq!(back.record.game.moves().len(), 2);
        assert_eq!(back.peer_name, "Ann");
    }

    #[test]
    fn an_old_or_damaged_kept_game_is_not_offered() {
        assert!(KeptGame::parse(&kept(1000).to_text(), 1000 + OFFERED_FOR_SECS + 1).is_err());
        assert!(KeptGame::parse("(room: 5)", 0).is_err());
        let mut bad = kept(0);
        bad.settings = "gomoku 1 bye".into();
        assert!(KeptGame::parse(&bad.to_text(), 0).is_err());
        let mut bad = kept(0);
        bad.record = "gomoku-record 1\nmove z99\nend\n".into();
        assert!(KeptGame::parse(&bad.to_text(), 0).is_err());
    }
}
