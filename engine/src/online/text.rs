//! Text a peer sends to be shown on the other screen (a player's name, a chat line):
//! bounded, trimmed, one line, and free of control characters, so that it can neither
//! break the one-line wire format nor garble the HUD or the log.
//!
//! The types can only hold valid text: `new` refuses anything else (what `decode` uses,
//! so a bad name from a peer is an error, not silently changed) and `lossy` cleans up
//! what a local player typed. So `encode` never has to truncate or refuse text.

use super::{MAX_CHAT_CHARS, MAX_NAME_CHARS};
use std::fmt;

/// Why a piece of text is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextError {
    Empty,
    TooLong {
        chars: usize,
        max: usize,
    },
    /// A control character or a line/paragraph separator.
    Control(char),
    /// Leading or trailing whitespace.
    Untrimmed,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Empty => f.write_str("the text is empty"),
            TextError::TooLong { chars, max } => {
                write!(f, "the text has {chars} characters (at most {max})")
            }
            TextError::Control(c) => write!(f, "the text holds the control character {c:?}"),
            TextError::Untrimmed => f.write_str("the text starts or ends with a space"),
        }
    }
}

impl std::error::Error for TextError {}

/// A player's name as sent in `hello`: 1 to `MAX_NAME_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerName(String);

/// One chat line: 1 to `MAX_CHAT_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChatText(String);

impl PlayerName {
    pub fn new(text: &str) -> Result<PlayerName, TextError> {
        validate(text, MAX_NAME_CHARS).map(|()| PlayerName(text.to_string()))
    }

    /// What is left of `text` once line breaks and control characters become spaces,
    /// the ends are trimmed and it is cut to length; `None` when nothing is.
    pub fn lossy(text: &str) -> Option<PlayerName> {
        clean(text, MAX_NAME_CHARS).map(PlayerName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl ChatText {
    pub fn new(text: &str) -> Result<ChatText, TextError> {
        validate(text, MAX_CHAT_CHARS).map(|()| ChatText(text.to_string()))
    }

    /// As `PlayerName::lossy`.
    pub fn lossy(text: &str) -> Option<ChatText> {
        clean(text, MAX_CHAT_CHARS).map(ChatText)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for ChatText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Control characters, and the separators that end a line without being controls
/// (U+2028, U+2029).
fn is_forbidden(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

fn validate(text: &str, max: usize) -> Result<(), TextError> {
    if text.is_empty() {
        return Err(TextError::Empty);
    }
    if let Some(c) = text.chars().find(|&c| is_forbidden(c)) {
        return Err(TextError::Control(c));
    }
    if text.trim() != text {
        return Err(TextError::Untrimmed);
    }
    let chars = text.chars().count();
    if chars > max {
        return Err(TextError::TooLong { chars, max });
    }
    Ok(())
}

fn clean(text: &str, max: usize) -> Option<String> {
    let spaced: String = text
        .chars()
        .map(|c| if is_forbidden(c) { ' ' } else { c })
        .collect();
    let cut: String = spaced.trim().chars().take(max).collect();
    let cut = cut.trim_end();
    (!cut.is_empty()).then(|| cut.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn valid_names_and_chat_are_kept_as_written() {
        assert_eq!(
            PlayerName::new("Ada Lovelace").unwrap().as_str(),
            "Ada Lovelace"
        );
        assert_eq!(
            ChatText::new("gg, 良い対局").unwrap().as_str(),
            "gg, 良い対局"
        );
        let longest = "é".repeat(MAX_NAME_CHARS);
        assert!(
            PlayerName::new(&longest).is_ok(),
            "the limit is in characters"
        );
    }

    #[test]
    fn bad_text_is_refused_with_the_reason() {
        assert_eq!(PlayerName::new(""), Err(TextError::Empty));
        assert_eq!(PlayerName::new("a\nb"), Err(TextError::Control('\n')));
        assert_eq!(ChatText::new("a\u{7}"), Err(TextError::Control('\u{7}')));
        assert_eq!(
            ChatText::new("a\u{2028}b"),
            Err(TextError::Control('\u{2028}'))
        );
        assert_eq!(PlayerName::new(" Ada"), Err(TextError::Untrimmed));
        assert_eq!(ChatText::new("hi "), Err(TextError::Untrimmed));
        assert_eq!(
            PlayerName::new(&"x".repeat(MAX_NAME_CHARS + 1)),
            Err(TextError::TooLong {
                chars: MAX_NAME_CHARS + 1,
                max: MAX_NAME_CHARS
            })
        );
        assert!(ChatText::new(&"x".repeat(MAX_CHAT_CHARS)).is_ok());
        assert!(ChatText::new(&"x".repeat(MAX_CHAT_CHARS + 1)).is_err());
    }

    #[test]
    fn lossy_cleans_up_typed_text() {
        assert_eq!(
            PlayerName::lossy("  Ada\tLove\nlace  ").unwrap().as_str(),
            "Ada Love lace"
        );
        let cut = PlayerName::lossy(&format!("{} tail", "n".repeat(MAX_NAME_CHARS - 1))).unwrap();
        assert_eq!(
            cut.as_str(),
            "n".repeat(MAX_NAME_CHARS - 1),
            "no trailing space after the cut"
        );
        assert_eq!(ChatText::lossy(" \r\n\u{0} "), None);
    }

    proptest! {
        #[test]
        fn lossy_text_is_always_valid(text in any::<String>()) {
            if let Some(name) = PlayerName::lossy(&text) {
                prop_assert_eq!(PlayerName::new(name.as_str()), Ok(name.clone()));
            }
            if let Some(chat) = ChatText::lossy(&text) {
                prop_assert_eq!(ChatText::new(chat.as_str()), Ok(chat.clone()));
            }
        }
    }
}
