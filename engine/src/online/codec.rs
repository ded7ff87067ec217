//! The text form of a `Message` (see the module documentation of `online` for the
//! format): `encode` and `decode`, and `WireError` for what cannot be either.
//!
//! Decoding is strict: every field must be in its one canonical spelling, so a message
//! that decodes re-encodes to the very same bytes, and two peers can never read the same
//! bytes differently. It is also bounded: the length is checked before anything else,
//! and nothing grows with the input beyond that.

use super::hash::PositionHash;
use super::message::{GameSettings, Message, Opening, WireSwap2Choice};
use super::text::{ChatText, PlayerName, TextError};
use super::{MAX_MESSAGE_BYTES, MAX_RESUME_MOVES, PROTOCOL_VERSION};
use crate::board::{MAX_SIZE, MIN_SIZE, Point, Stone};
use crate::game::Move;
use crate::notation::{format_point, parse_point};
use crate::rules::Rule;
use crate::time_control::TimeControl;
use std::fmt::{self, Write};
use std::str::FromStr;

/// What starts every message of every version.
const MAGIC: &str = "gomoku ";

/// The longest unknown kind kept for the error message.
const MAX_KIND_SHOWN: usize = 24;

/// Why bytes are not a message of this version, or a message cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Over `MAX_MESSAGE_BYTES`.
    TooLong {
        bytes: usize,
    },
    /// Does not start with `gomoku `: not this game's protocol at all.
    NotGomoku,
    /// The version after `gomoku ` is not a number.
    BadVersion,
    /// A message of another protocol version (or, from `encode`, a `Hello` claiming one).
    OtherVersion(u16),
    NotUtf8,
    /// The kind (shortened, for the log) is not one this version knows.
    UnknownKind(String),
    /// A field is missing, malformed, out of range or not in its canonical spelling.
    BadField {
        kind: &'static str,
        field: &'static str,
    },
    /// More fields than the kind has.
    ExtraField {
        kind: &'static str,
    },
    /// A name or chat line that `PlayerName` / `ChatText` refuses.
    BadText {
        kind: &'static str,
        error: TextError,
    },
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::TooLong { bytes } => write!(
                f,
                "a message of {bytes} bytes is over the limit of {MAX_MESSAGE_BYTES}"
            ),
            WireError::NotGomoku => f.write_str("the message is not from this game"),
            WireError::BadVersion => f.write_str("the message's protocol version is unreadable"),
            WireError::OtherVersion(v) => write!(
                f,
                "the other side speaks protocol version {v}, this game version {PROTOCOL_VERSION}"
            ),
            WireError::NotUtf8 => f.write_str("the message is not UTF-8 text"),
            WireError::UnknownKind(kind) => write!(f, "unknown message kind {kind:?}"),
            WireError::BadField { kind, field } => {
                write!(f, "a {kind} message with a bad {field}")
            }
            WireError::ExtraField { kind } => write!(f, "a {kind} message with extra fields"),
            WireError::BadText { kind, error } => write!(f, "a {kind} message: {error}"),
        }
    }
}

impl std::error::Error for WireError {}

/// Writes `message` as one line. Refuses (rather than sending what the peer would refuse
/// or read differently): a `Hello` of another version, a board size out of range, a time
/// control not in whole minutes and seconds within range, a point off the largest board,
/// a `resume` of more than `MAX_RESUME_MOVES` moves. Names and chat cannot be invalid.
pub fn encode(message: &Message) -> Result<String, WireError> {
    let kind = message.kind();
    let version = match message {
        Message::Hello { version, .. } if *version != PROTOCOL_VERSION => {
            return Err(WireError::OtherVersion(*version));
        }
        _ => PROTOCOL_VERSION,
    };
    let mut out = format!("{MAGIC}{version} {kind}");
    // Writing to a String cannot fail; the `fmt::Result`s below are ignored for that reason.
    let mut field = |text: &dyn fmt::Display| {
        let _ = write!(out, " {text}");
    };
    match message {
        Message::Hello { name, .. } => field(name),
        Message::VersionRefused { ours } => field(ours),
        Message::Settings(settings) => {
            let GameSettings {
                rule,
                size,
                time_control,
                opening,
            } = *settings;
            if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
                return Err(WireError::BadField {
                    kind,
                    field: "size",
                });
            }
            if time_control_from(&time_control.to_string()) != Some(time_control) {
                return Err(WireError::BadField {
                    kind,
                    field: "time control",
                });
            }
            field(&rule.keyword());
            field(&size);
            field(&time_control);
            field(&opening_keyword(opening));
        }
        Message::Move {
            ply,
            at,
            used_ms,
            hash,
        } => {
            field(ply);
            field(&point_text(kind, *at)?);
            field(used_ms);
            field(hash);
        }
        Message::Swap2Choice { ply, choice } => {
            field(ply);
            field(&swap2_keyword(*choice));
        }
        Message::ColourChoice { ply, colour } => {
            field(ply);
            field(&colour.name());
        }
        Message::UndoRequest { ply }
        | Message::Resign { ply }
        | Message::OutOfTime { ply }
        | Message::DrawOffer { ply } => field(ply),
        Message::UndoAnswer { ply, accepted } | Message::DrawAnswer { ply, accepted } => {
            field(ply);
            field(&answer_keyword(*accepted));
        }
        Message::Chat(text) => field(text),
        Message::Ping { nonce } | Message::Pong { nonce } => field(nonce),
        Message::NextGame { number } => field(number),
        Message::Resume { moves, hash } => {
            if moves.len() > MAX_RESUME_MOVES {
                return Err(WireError::BadField {
                    kind,
                    field: "moves",
                });
            }
            field(hash);
            for m in moves {
                let point = point_text(kind, m.point)?;
                match m.time_ms {
                    Some(ms) => field(&format_args!("{point}:{ms}")),
                    None => field(&point),
                }
            }
        }
        Message::Bye => {}
    }
    if out.len() > MAX_MESSAGE_BYTES {
        // Unreachable with the limits above; kept so a future field cannot silently
        // produce messages the peer refuses.
        return Err(WireError::TooLong { bytes: out.len() });
    }
    Ok(out)
}

/// Reads one message. Never panics, whatever the bytes.
pub fn decode(bytes: &[u8]) -> Result<Message, WireError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(WireError::TooLong { bytes: bytes.len() });
    }
    let rest = bytes
        .strip_prefix(MAGIC.as_bytes())
        .ok_or(WireError::NotGomoku)?;
    // The version is read from the raw bytes, so another version is recognised whatever
    // it puts after it.
    let end = rest.iter().position(|&b| b == b' ').unwrap_or(rest.len());
    let version = std::str::from_utf8(&rest[..end])
        .ok()
        .and_then(canonical::<u16>)
        .ok_or(WireError::BadVersion)?;
    if version != PROTOCOL_VERSION {
        return Err(WireError::OtherVersion(version));
    }
    let body = rest
        .get(end + 1..)
        .ok_or_else(|| WireError::UnknownKind(String::new()))?;
    let body = std::str::from_utf8(body).map_err(|_| WireError::NotUtf8)?;
    let (kind, args) = match body.split_once(' ') {
        Some((kind, args)) => (kind, Some(args)),
        None => (body, None),
    };
    let kind = known_kind(kind)?;
    let mut fields = Fields { kind, rest: args };
    let message = match kind {
        "hello" => Message::Hello {
            version,
            name: PlayerName::new(fields.rest("name")?)
                .map_err(|error| WireError::BadText { kind, error })?,
        },
        "version-refused" => Message::VersionRefused {
            ours: fields.number("version")?,
        },
        "settings" => {
            let rule =
                fields.parse("rule", |t| Rule::ALL.into_iter().find(|r| r.keyword() == t))?;
            let size = fields.parse("size", |t| {
                canonical::<u8>(t).filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
            })?;
            let time_control = fields.parse("time control", time_control_from)?;
            let opening = fields.parse("opening", |t| {
                [Opening::HostBlack, Opening::GuestBlack, Opening::Swap2]
                    .into_iter()
                    .find(|&o| opening_keyword(o) == t)
            })?;
            Message::Settings(GameSettings {
                rule,
                size,
                time_control,
                opening,
            })
        }
        "move" => Message::Move {
            ply: fields.number("ply")?,
            at: fields.parse("point", point_from)?,
            used_ms: fields.number("time")?,
            hash: fields.parse("hash", hash_from)?,
        },
        "swap2" => Message::Swap2Choice {
            ply: fields.number("ply")?,
            choice: fields.parse("choice", |t| {
                [
                    WireSwap2Choice::TakeWhite,
                    WireSwap2Choice::TakeBlack,
                    WireSwap2Choice::PlaceTwo,
                ]
                .into_iter()
                .find(|&c| swap2_keyword(c) == t)
            })?,
        },
        "colour" => Message::ColourChoice {
            ply: fields.number("ply")?,
            colour: fields.parse("colour", |t| {
                [Stone::Black, Stone::White]
                    .into_iter()
                    .find(|s| s.name() == t)
            })?,
        },
        "undo" => Message::UndoRequest {
            ply: fields.number("ply")?,
        },
        "undo-answer" => Message::UndoAnswer {
            ply: fields.number("ply")?,
            accepted: fields.parse("answer", answer_from)?,
        },
        "resign" => Message::Resign {
            ply: fields.number("ply")?,
        },
        "out-of-time" => Message::OutOfTime {
            ply: fields.number("ply")?,
        },
        "draw" => Message::DrawOffer {
            ply: fields.number("ply")?,
        },
        "draw-answer" => Message::DrawAnswer {
            ply: fields.number("ply")?,
            accepted: fields.parse("answer", answer_from)?,
        },
        "chat" => Message::Chat(
            ChatText::new(fields.rest("text")?)
                .map_err(|error| WireError::BadText { kind, error })?,
        ),
        "ping" => Message::Ping {
            nonce: fields.number("nonce")?,
        },
        "pong" => Message::Pong {
            nonce: fields.number("nonce")?,
        },
        "next-game" => Message::NextGame {
            number: fields.number("number")?,
        },
        "resume" => {
            let hash = fields.parse("hash", hash_from)?;
            let mut moves = Vec::new();
            while let Some(token) = fields.next_optional() {
                if moves.len() == MAX_RESUME_MOVES {
                    return Err(WireError::BadField {
                        kind,
                        field: "moves",
                    });
                }
                moves.push(timed_move_from(token).ok_or(WireError::BadField {
                    kind,
                    field: "moves",
                })?);
            }
            Message::Resume { moves, hash }
        }
        "bye" => Message::Bye,
        _ => unreachable!("known_kind returned {kind}"),
    };
    fields.end()?;
    Ok(message)
}

const KINDS: [&str; 18] = [
    "hello",
    "version-refused",
    "settings",
    "move",
    "swap2",
    "colour",
    "undo",
    "undo-answer",
    "resign",
    "out-of-time",
    "draw",
    "draw-answer",
    "chat",
    "ping",
    "pong",
    "next-game",
    "resume",
    "bye",
];

/// The kind as a `'static` keyword, or the error naming what was sent.
fn known_kind(kind: &str) -> Result<&'static str, WireError> {
    KINDS
        .into_iter()
        .find(|&k| k == kind)
        .ok_or_else(|| WireError::UnknownKind(kind.chars().take(MAX_KIND_SHOWN).collect()))
}

/// The fields after the kind: single-space separated, or the rest of the line for text.
struct Fields<'a> {
    kind: &'static str,
    /// What is not read yet; `None` once nothing (not even an empty field) is left.
    rest: Option<&'a str>,
}

impl<'a> Fields<'a> {
    fn next_optional(&mut self) -> Option<&'a str> {
        let rest = self.rest.take()?;
        match rest.split_once(' ') {
            Some((token, after)) => {
                self.rest = Some(after);
                Some(token)
            }
            None => Some(rest),
        }
    }

    fn parse<T>(
        &mut self,
        field: &'static str,
        read: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, WireError> {
        let bad = WireError::BadField {
            kind: self.kind,
            field,
        };
        self.next_optional().and_then(read).ok_or(bad)
    }

    fn number<T: FromStr + ToString>(&mut self, field: &'static str) -> Result<T, WireError> {
        self.parse(field, canonical::<T>)
    }

    /// Everything not read yet, spaces and all (names, chat).
    fn rest(&mut self, field: &'static str) -> Result<&'a str, WireError> {
        self.rest.take().ok_or(WireError::BadField {
            kind: self.kind,
            field,
        })
    }

    fn end(mut self) -> Result<(), WireError> {
        match self.next_optional() {
            None => Ok(()),
            Some(_) => Err(WireError::ExtraField { kind: self.kind }),
        }
    }
}

/// A value whose one spelling is `token`: `Display` writes it back exactly (so no sign,
/// no leading zeros, no spaces).
fn canonical<T: FromStr + ToString>(token: &str) -> Option<T> {
    token.parse().ok().filter(|v: &T| v.to_string() == token)
}

fn point_from(token: &str) -> Option<Point> {
    parse_point(token, MAX_SIZE)
        .ok()
        .filter(|&p| format_point(p) == token)
}

/// A point's text, refused when it is off the largest board (notation has no letter
/// for it, and the peer would refuse it anyway).
fn point_text(kind: &'static str, p: Point) -> Result<String, WireError> {
    if p.col < MAX_SIZE && p.row < MAX_SIZE {
        Ok(format_point(p))
    } else {
        Err(WireError::BadField {
            kind,
            field: "point",
        })
    }
}

fn timed_move_from(token: &str) -> Option<Move> {
    let (point, time_ms) = match token.split_once(':') {
        Some((point, ms)) => (point, Some(canonical::<u32>(ms)?)),
        None => (token, None),
    };
    Some(Move {
        point: point_from(point)?,
        time_ms,
    })
}

fn hash_from(token: &str) -> Option<PositionHash> {
    let lower_hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
    (token.len() == 16 && token.bytes().all(lower_hex))
        .then(|| u64::from_str_radix(token, 16).ok())
        .flatten()
        .map(PositionHash::from_bits)
}

/// The project's own time-control text (`none`, `5+3`), in its canonical spelling.
fn time_control_from(token: &str) -> Option<TimeControl> {
    canonical::<TimeControl>(token)
}

fn opening_keyword(opening: Opening) -> &'static str {
    match opening {
        Opening::HostBlack => "host-black",
        Opening::GuestBlack => "guest-black",
        Opening::Swap2 => "swap2",
    }
}

fn swap2_keyword(choice: WireSwap2Choice) -> &'static str {
    match choice {
        WireSwap2Choice::TakeWhite => "take-white",
        WireSwap2Choice::TakeBlack => "take-black",
        WireSwap2Choice::PlaceTwo => "place-two",
    }
}

fn answer_keyword(accepted: bool) -> &'static str {
    if accepted { "accept" } else { "decline" }
}

fn answer_from(token: &str) -> Option<bool> {
    match token {
        "accept" => Some(true),
        "decline" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn name(text: &str) -> PlayerName {
        PlayerName::new(text).unwrap()
    }

    fn hash() -> PositionHash {
        PositionHash::from_bits(0x9f3a_2b0c_11d4_e5f6)
    }

    /// One message of every kind, each with the line it must encode to.
    fn examples() -> Vec<(Message, &'static str)> {
        let h8 = Point::new(7, 7);
        vec![
            (
                Message::Hello {
                    version: 1,
                    name: name("Ada Lovelace"),
                },
                "gomoku 1 hello Ada Lovelace",
            ),
            (
                Message::VersionRefused { ours: 1 },
                "gomoku 1 version-refused 1",
            ),
            (
                Message::Settings(GameSettings {
                    rule: Rule::Renju,
                    size: 15,
                    time_control: TimeControl::fischer(5, 3),
                    opening: Opening::Swap2,
                }),
                "gomoku 1 settings renju 15 5+3 swap2",
            ),
            (
                Message::Settings(GameSettings {
                    rule: Rule::Freestyle,
                    size: 19,
                    time_control: TimeControl::Unlimited,
                    opening: Opening::GuestBlack,
                }),
                "gomoku 1 settings freestyle 19 none guest-black",
            ),
            (
                Message::Move {
                    ply: 12,
                    at: h8,
                    used_ms: 1520,
                    hash: hash(),
                },
                "gomoku 1 move 12 h8 1520 9f3a2b0c11d4e5f6",
            ),
            (
                Message::Swap2Choice {
                    ply: 3,
                    choice: WireSwap2Choice::PlaceTwo,
                },
                "gomoku 1 swap2 3 place-two",
            ),
            (
                Message::ColourChoice {
                    ply: 5,
                    colour: Stone::White,
                },
                "gomoku 1 colour 5 white",
            ),
            (Message::UndoRequest { ply: 14 }, "gomoku 1 undo 14"),
            (
                Message::UndoAnswer {
                    ply: 14,
                    accepted: true,
                },
                "gomoku 1 undo-answer 14 accept",
            ),
            (Message::Resign { ply: 20 }, "gomoku 1 resign 20"),
            (Message::OutOfTime { ply: 20 }, "gomoku 1 out-of-time 20"),
            (Message::DrawOffer { ply: 20 }, "gomoku 1 draw 20"),
            (
                Message::DrawAnswer {
                    ply: 20,
                    accepted: false,
                },
                "gomoku 1 draw-answer 20 decline",
            ),
            (
                Message::Chat(ChatText::new("good game!").unwrap()),
                "gomoku 1 chat good game!",
            ),
            (Message::Ping { nonce: 7 }, "gomoku 1 ping 7"),
            (Message::Pong { nonce: 7 }, "gomoku 1 pong 7"),
            (Message::NextGame { number: 2 }, "gomoku 1 next-game 2"),
            (
                Message::Resume {
                    moves: vec![
                        Move {
                            point: h8,
                            time_ms: Some(1520),
                        },
                        Move {
                            point: Point::new(8, 8),
                            time_ms: Some(800),
                        },
                        Move {
                            point: Point::new(9, 9),
                            time_ms: None,
                        },
                    ],
                    hash: hash(),
                },
                "gomoku 1 resume 9f3a2b0c11d4e5f6 h8:1520 i9:800 j10",
            ),
            (
                Message::Resume {
                    moves: vec![],
                    hash: hash(),
                },
                "gomoku 1 resume 9f3a2b0c11d4e5f6",
            ),
            (Message::Bye, "gomoku 1 bye"),
        ]
    }

    #[test]
    fn every_kind_encodes_to_its_line_and_back() {
        let mut kinds: Vec<&str> = Vec::new();
        for (message, line) in examples() {
            assert_eq!(encode(&message).as_deref(), Ok(line));
            assert_eq!(decode(line.as_bytes()), Ok(message.clone()), "{line}");
            kinds.push(message.kind());
        }
        kinds.dedup();
        assert_eq!(kinds, KINDS, "an example of every kind, in order");
    }

    #[test]
    fn the_largest_messages_fit_the_limit() {
        let corner = Point::new(MAX_SIZE - 1, MAX_SIZE - 1);
        let resume = Message::Resume {
            moves: vec![
                Move {
                    point: corner,
                    time_ms: Some(u32::MAX),
                };
                MAX_RESUME_MOVES
            ],
            hash: hash(),
        };
        let line = encode(&resume).unwrap();
        assert!(line.len() <= MAX_MESSAGE_BYTES, "{}", line.len());
        assert_eq!(decode(line.as_bytes()), Ok(resume));
        let chat =
            Message::Chat(ChatText::new(&"😀".repeat(super::super::MAX_CHAT_CHARS)).unwrap());
        assert_eq!(decode(encode(&chat).unwrap().as_bytes()), Ok(chat));
    }

    #[test]
    fn oversized_messages_are_refused_before_reading() {
        let mut line = b"gomoku 1 chat ".to_vec();
        line.resize(MAX_MESSAGE_BYTES + 1, b'x');
        assert_eq!(
            decode(&line),
            Err(WireError::TooLong {
                bytes: MAX_MESSAGE_BYTES + 1
            })
        );
        let too_many = format!(
            "gomoku 1 resume {}{}",
            hash(),
            " a1".repeat(MAX_RESUME_MOVES + 1)
        );
        assert!(too_many.len() <= MAX_MESSAGE_BYTES);
        assert_eq!(
            decode(too_many.as_bytes()),
            Err(WireError::BadField {
                kind: "resume",
                field: "moves"
            })
        );
    }

    #[test]
    fn another_version_is_recognised_whatever_follows() {
        assert_eq!(
            decode(b"gomoku 2 hello Bob"),
            Err(WireError::OtherVersion(2))
        );
        assert_eq!(decode(b"gomoku 0"), Err(WireError::OtherVersion(0)));
        assert_eq!(
            decode(b"gomoku 65535 \xff\xfe binary"),
            Err(WireError::OtherVersion(65535))
        );
        assert_eq!(decode(b"gomoku 01 bye"), Err(WireError::BadVersion));
        assert_eq!(decode(b"gomoku 65536 bye"), Err(WireError::BadVersion));
        assert_eq!(decode(b"gomoku x bye"), Err(WireError::BadVersion));
        assert_eq!(decode(b"chess 1 bye"), Err(WireError::NotGomoku));
        assert_eq!(decode(b""), Err(WireError::NotGomoku));
        // This build only speaks its own version.
        assert_eq!(
            encode(&Message::Hello {
                version: 2,
                name: name("Bob")
            }),
            Err(WireError::OtherVersion(2))
        );
    }

    #[test]
    fn bad_utf8_and_bad_text_are_refused() {
        assert_eq!(decode(b"gomoku 1 chat caf\xe9"), Err(WireError::NotUtf8));
        for (line, error) in [
            ("gomoku 1 chat a\u{7}b", TextError::Control('\u{7}')),
            ("gomoku 1 chat a\rb", TextError::Control('\r')),
            ("gomoku 1 hello a\u{2029}", TextError::Control('\u{2029}')),
            ("gomoku 1 hello  Ada", TextError::Untrimmed),
            ("gomoku 1 chat ", TextError::Empty),
        ] {
            let kind = if line.contains("chat") {
                "chat"
            } else {
                "hello"
            };
            assert_eq!(
                decode(line.as_bytes()),
                Err(WireError::BadText { kind, error }),
                "{line:?}"
            );
        }
        let long = format!(
            "gomoku 1 hello {}",
            "n".repeat(super::super::MAX_NAME_CHARS + 1)
        );
        assert!(matches!(
            decode(long.as_bytes()),
            Err(WireError::BadText {
                error: TextError::TooLong { .. },
                ..
            })
        ));
        assert_eq!(
            decode(b"gomoku 1 hello"),
            Err(WireError::BadField {
                kind: "hello",
                field: "name"
            })
        );
    }

    #[test]
    fn out_of_range_and_non_canonical_fields_are_refused() {
        let bad = |line: &str, field: &'static str| {
            let kind = line.split(' ').nth(2).unwrap();
            let kind = KINDS.into_iter().find(|&k| k == kind).unwrap();
            assert_eq!(
                decode(line.as_bytes()),
                Err(WireError::BadField { kind, field }),
                "{line:?}"
            );
        };
        bad("gomoku 1 move 4294967296 h8 0 9f3a2b0c11d4e5f6", "ply");
        bad("gomoku 1 move -1 h8 0 9f3a2b0c11d4e5f6", "ply");
        bad("gomoku 1 move 012 h8 0 9f3a2b0c11d4e5f6", "ply");
        bad("gomoku 1 move +12 h8 0 9f3a2b0c11d4e5f6", "ply");
        bad("gomoku 1 move 12 z8 0 9f3a2b0c11d4e5f6", "point");
        bad("gomoku 1 move 12 h26 0 9f3a2b0c11d4e5f6", "point");
        bad("gomoku 1 move 12 H8 0 9f3a2b0c11d4e5f6", "point");
        bad("gomoku 1 move 12 h08 0 9f3a2b0c11d4e5f6", "point");
        bad("gomoku 1 move 12 h8 0 9F3A2B0C11D4E5F6", "hash");
        bad("gomoku 1 move 12 h8 0 9f3a2b0c11d4e5f", "hash");
        bad("gomoku 1 move 12 h8 0 +f3a2b0c11d4e5f6", "hash");
        bad("gomoku 1 move 12 h8", "time");
        bad("gomoku 1 move 12  h8 0 9f3a2b0c11d4e5f6", "point");
        bad("gomoku 1 settings renju 26 5+3 swap2", "size");
        bad("gomoku 1 settings renju 4 5+3 swap2", "size");
        bad("gomoku 1 settings Renju 15 5+3 swap2", "rule");
        bad("gomoku 1 settings renju 15 0+3 swap2", "time control");
        bad("gomoku 1 settings renju 15 05+3 swap2", "time control");
        bad("gomoku 1 settings renju 15 5+3601 swap2", "time control");
        bad("gomoku 1 settings renju 15 5+3 random", "opening");
        bad("gomoku 1 swap2 3 swap", "choice");
        bad("gomoku 1 colour 5 red", "colour");
        bad("gomoku 1 undo-answer 14 yes", "answer");
        bad("gomoku 1 version-refused 65536", "version");
        bad("gomoku 1 resume 9f3a2b0c11d4e5f6 h8:", "moves");
        bad("gomoku 1 resume 9f3a2b0c11d4e5f6 h8:01", "moves");
        bad("gomoku 1 resume 9f3a2b0c11d4e5f6 h8i9", "moves");
        bad("gomoku 1 resume 9f3a2b0c11d4e5f6 ", "moves");
        for line in ["gomoku 1 bye ", "gomoku 1 ping 7 8", "gomoku 1 resign 3 "] {
            assert!(
                matches!(decode(line.as_bytes()), Err(WireError::ExtraField { .. })),
                "{line:?}"
            );
        }
        assert_eq!(
            decode(b"gomoku 1 castle e1"),
            Err(WireError::UnknownKind("castle".into()))
        );
        assert_eq!(
            decode(b"gomoku 1"),
            Err(WireError::UnknownKind(String::new()))
        );
        assert_eq!(
            decode(b"gomoku 1 "),
            Err(WireError::UnknownKind(String::new()))
        );
    }

    #[test]
    fn what_the_peer_would_refuse_is_not_sent() {
        let settings = |size, time_control| {
            Message::Settings(GameSettings {
                rule: Rule::Freestyle,
                size,
                time_control,
                opening: Opening::HostBlack,
            })
        };
        let bad = |kind, field| Err(WireError::BadField { kind, field });
        assert_eq!(
            encode(&settings(30, TimeControl::Unlimited)),
            bad("settings", "size")
        );
        // Half a second has no text form: it would be read back as another control.
        let odd = TimeControl::Fischer {
            base: std::time::Duration::from_millis(90_500),
            increment: std::time::Duration::ZERO,
        };
        assert_eq!(encode(&settings(15, odd)), bad("settings", "time control"));
        let far = Message::Move {
            ply: 0,
            at: Point::new(25, 0),
            used_ms: 0,
            hash: hash(),
        };
        assert_eq!(encode(&far), bad("move", "point"));
        let long = Message::Resume {
            moves: vec![
                Move {
                    point: Point::new(0, 0),
                    time_ms: None
                };
                MAX_RESUME_MOVES + 1
            ],
            hash: hash(),
        };
        assert_eq!(encode(&long), bad("resume", "moves"));
    }

    #[test]
    fn errors_read_as_sentences() {
        assert_eq!(
            WireError::OtherVersion(2).to_string(),
            "the other side speaks protocol version 2, this game version 1"
        );
        assert_eq!(
            WireError::BadField {
                kind: "move",
                field: "hash"
            }
            .to_string(),
            "a move message with a bad hash"
        );
    }

    fn point() -> impl Strategy<Value = Point> {
        (0..MAX_SIZE, 0..MAX_SIZE).prop_map(|(c, r)| Point::new(c, r))
    }

    fn message() -> impl Strategy<Value = Message> {
        let ply = any::<u32>;
        let hash = || any::<u64>().prop_map(PositionHash::from_bits);
        let time_control = prop_oneof![
            Just(TimeControl::Unlimited),
            (1u64..=1440, 0u64..=3600).prop_map(|(m, s)| TimeControl::fischer(m, s)),
        ];
        let settings = (
            prop::sample::select(Rule::ALL.to_vec()),
            MIN_SIZE..=MAX_SIZE,
            time_control,
            prop::sample::select(vec![
                Opening::HostBlack,
                Opening::GuestBlack,
                Opening::Swap2,
            ]),
        )
            .prop_map(|(rule, size, time_control, opening)| {
                Message::Settings(GameSettings {
                    rule,
                    size,
                    time_control,
                    opening,
                })
            });
        let timed = (point(), prop::option::of(any::<u32>()))
            .prop_map(|(point, time_ms)| Move { point, time_ms });
        prop_oneof![
            any::<String>()
                .prop_filter_map("no name left", |t| PlayerName::lossy(&t))
                .prop_map(|name| Message::Hello {
                    version: PROTOCOL_VERSION,
                    name
                }),
            any::<u16>().prop_map(|ours| Message::VersionRefused { ours }),
            settings,
            (ply(), point(), any::<u32>(), hash()).prop_map(|(ply, at, used_ms, hash)| {
                Message::Move {
                    ply,
                    at,
                    used_ms,
                    hash,
                }
            }),
            (
                ply(),
                prop::sample::select(vec![
                    WireSwap2Choice::TakeWhite,
                    WireSwap2Choice::TakeBlack,
                    WireSwap2Choice::PlaceTwo
                ])
            )
                .prop_map(|(ply, choice)| Message::Swap2Choice { ply, choice }),
            (ply(), any::<bool>()).prop_map(|(ply, black)| Message::ColourChoice {
                ply,
                colour: if black { Stone::Black } else { Stone::White }
            }),
            ply().prop_map(|ply| Message::UndoRequest { ply }),
            (ply(), any::<bool>())
                .prop_map(|(ply, accepted)| Message::UndoAnswer { ply, accepted }),
            ply().prop_map(|ply| Message::Resign { ply }),
            ply().prop_map(|ply| Message::OutOfTime { ply }),
            ply().prop_map(|ply| Message::DrawOffer { ply }),
            (ply(), any::<bool>())
                .prop_map(|(ply, accepted)| Message::DrawAnswer { ply, accepted }),
            any::<String>()
                .prop_filter_map("no text left", |t| ChatText::lossy(&t))
                .prop_map(Message::Chat),
            any::<u32>().prop_map(|nonce| Message::Ping { nonce }),
            any::<u32>().prop_map(|nonce| Message::Pong { nonce }),
            any::<u32>().prop_map(|number| Message::NextGame { number }),
            (prop::collection::vec(timed, 0..40), hash())
                .prop_map(|(moves, hash)| Message::Resume { moves, hash }),
            Just(Message::Bye),
        ]
    }

    /// A byte-level edit of a valid line.
    #[derive(Clone, Debug)]
    enum Edit {
        Replace(usize, u8),
        Insert(usize, u8),
        Remove(usize),
    }

    fn apply(line: &mut Vec<u8>, edit: &Edit) {
        match *edit {
            Edit::Replace(i, b) if !line.is_empty() => {
                let i = i % line.len();
                line[i] = b;
            }
            Edit::Insert(i, b) => {
                let i = i % (line.len() + 1);
                line.insert(i, b);
            }
            Edit::Remove(i) if !line.is_empty() => {
                let i = i % line.len();
                line.remove(i);
            }
            _ => {}
        }
    }

    /// Whatever decodes is in canonical form: it encodes back to the very same bytes.
    fn assert_canonical(bytes: &[u8]) -> Result<(), TestCaseError> {
        if let Ok(message) = decode(bytes) {
            let again = encode(&message);
            prop_assert_eq!(again.as_ref().map(|l| l.as_bytes()), Ok(bytes));
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn every_message_round_trips(message in message()) {
            let line = encode(&message).unwrap();
            prop_assert!(line.len() <= MAX_MESSAGE_BYTES);
            prop_assert!(!line.contains(['\n', '\r']));
            prop_assert_eq!(decode(line.as_bytes()), Ok(message));
        }

        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            assert_canonical(&bytes)?;
            let mut prefixed = b"gomoku 1 ".to_vec();
            prefixed.extend(&bytes);
            assert_canonical(&prefixed)?;
        }

        #[test]
        fn mutated_messages_never_panic_and_stay_canonical(
            message in message(),
            edits in prop::collection::vec(
                prop_oneof![
                    (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Replace(i, b)),
                    (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
                    any::<usize>().prop_map(Edit::Remove),
                ],
                1..4,
            ),
        ) {
            let mut line = encode(&message).unwrap().into_bytes();
            for edit in &edits {
                apply(&mut line, edit);
            }
            assert_canonical(&line)?;
        }
    }
}
