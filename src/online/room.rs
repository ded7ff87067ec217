//! Room codes: short enough to read aloud (`tiger-42`), and the signalling address a
//! code stands for.

use rand::RngExt;
use std::fmt;

/// Words that are easy to say and hard to mishear.
const WORDS: [&str; 32] = [
    "amber", "bamboo", "cedar", "cloud", "coral", "crane", "delta", "ember", "falcon", "fern",
    "garnet", "harbor", "heron", "island", "jade", "lotus", "maple", "meadow", "orchid", "otter",
    "panda", "pearl", "pine", "river", "sable", "stone", "tiger", "tulip", "violet", "willow",
    "winter", "zephyr",
];

/// Rooms of this game on a shared signalling server are kept apart from other programs'.
const ROOM_PREFIX: &str = "gomoku-";

/// A room's code, as players type and say it: lower-case letters, digits and dashes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoomCode(String);

/// Why a typed code is not a room code, with what was typed: the menu words it in the
/// player's language, the command line and the log in English (`Display`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a room code: use letters, digits and dashes, e.g. tiger-42")]
pub struct RoomCodeError(String);

impl RoomCodeError {
    /// What was typed (trimmed, and cut to 40 characters).
    pub fn typed(&self) -> &str {
        &self.0
    }
}

impl RoomCode {
    /// A new random code: one of 32 words and a number from 10 to 99 (2,880 codes; a room
    /// lives only while its players are in it).
    pub fn random(rng: &mut impl rand::Rng) -> RoomCode {
        let word = WORDS[rng.random_range(0..WORDS.len())];
        RoomCode(format!("{word}-{}", rng.random_range(10..100)))
    }

    /// Reads a typed code: spaces around it and upper case are forgiven.
    pub fn parse(typed: &str) -> Result<RoomCode, RoomCodeError> {
        let code = typed.trim().to_ascii_lowercase();
        let valid = (3..=32).contains(&code.len())
            && code
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !code.starts_with('-')
            && !code.ends_with('-');
        if valid {
            Ok(RoomCode(code))
        } else {
            Err(RoomCodeError(typed.trim().chars().take(40).collect()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The room's address on the signalling server at `signal` (`ws://host:port`).
    pub fn url(&self, signal: &str) -> String {
        format!("{}/{ROOM_PREFIX}{}", signal.trim_end_matches('/'), self.0)
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a typed signalling address cannot be opened, with the address as typed (trimmed):
/// the menu words it in the player's language, the command line in English (`Display`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignalUrlError {
    #[error("{0:?} is not a signalling address (ws://host:port)")]
    NotWebSocket(String),
    #[error("{0:?} has no host")]
    NoHost(String),
}

/// The command line reports its errors as English text.
impl From<SignalUrlError> for String {
    fn from(error: SignalUrlError) -> String {
        error.to_string()
    }
}

/// Is `signal` a signalling address this app can open?
pub fn check_signal_url(signal: &str) -> Result<(), SignalUrlError> {
    let signal = signal.trim();
    let rest = signal
        .strip_prefix("ws://")
        .or_else(|| signal.strip_prefix("wss://"))
        .ok_or_else(|| SignalUrlError::NotWebSocket(signal.to_string()))?;
    if rest.is_empty() || rest.contains(char::is_whitespace) {
        return Err(SignalUrlError::NoHost(signal.to_string()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_codes_are_valid_codes() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let code = RoomCode::random(&mut rng);
            assert_eq!(RoomCode::parse(code.as_str()), Ok(code));
        }
    }

    #[test]
    fn typed_codes_are_forgiven_case_and_spaces_but_not_symbols() {
        assert_eq!(RoomCode::parse("  Tiger-42 ").unwrap().as_str(), "tiger-42");
        for bad in [
            "", "ab", "tiger 42", "tiger/42", "-tiger", "tiger-", "虎-42",
        ] {
            assert!(RoomCode::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_room_url_is_the_server_and_the_prefixed_code() {
        let code = RoomCode::parse("tiger-42").unwrap();
        assert_eq!(
            code.url("ws://127.0.0.1:3536/"),
            "ws://127.0.0.1:3536/gomoku-tiger-42"
        );
    }

    #[test]
    fn only_websocket_addresses_are_signalling_addresses() {
        assert!(check_signal_url("ws://192.168.1.5:3536").is_ok());
        assert!(check_signal_url("wss://match.example.org").is_ok());
        for bad in ["http://x", "127.0.0.1:3536"] {
            let error = SignalUrlError::NotWebSocket(bad.to_string());
            assert_eq!(check_signal_url(bad), Err(error), "{bad:?}");
        }
        for bad in ["ws://", " ws://a b "] {
            let error = SignalUrlError::NoHost(bad.trim().to_string());
            assert_eq!(check_signal_url(bad), Err(error), "{bad:?}");
        }
    }
}
