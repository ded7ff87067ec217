//! The standard notation: columns `a..` from the left, rows `1..` from the bottom, so `a1`
//! is the bottom-left corner and `h8` the centre of 15x15; move strings such as `h8i9j10`.

use crate::board::{MAX_SIZE, Point};
use std::fmt;

/// Why a piece of notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The offending token, as written.
    pub token: String,
    /// Byte offset of the token in the parsed text.
    pub offset: usize,
    pub reason: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad move '{}' at character {}: {}",
            self.token,
            self.offset + 1,
            self.reason
        )
    }
}

impl std::error::Error for NotationError {}

/// Formats a point, e.g. `h8`.
pub fn format_point(p: Point) -> String {
    format!("{}{}", (b'a' + p.col) as char, p.row as u32 + 1)
}

/// Formats moves as one string without separators, e.g. `h8i9j10`.
pub fn format_moves(moves: impl IntoIterator<Item = Point>) -> String {
    moves.into_iter().map(format_point).collect()
}

/// Parses one point such as `h8` on a board of `size` (case-insensitive).
pub fn parse_point(text: &str, size: u8) -> Result<Point, NotationError> {
    let trimmed = text.trim();
    let lead = text.len() - text.trim_start().len();
    let moves = parse_moves(trimmed, size).map_err(|mut e| {
        e.offset += lead;
        e
    })?;
    match moves.as_slice() {
        [p] => Ok(*p),
        _ => Err(NotationError {
            token: trimmed.to_string(),
            offset: lead,
            reason: "expected exactly one point",
        }),
    }
}

/// Parses a move string: points written back to back (`h8i9j10`), or separated by
/// whitespace (any, as `str::trim` and `parse_point` see it), commas or semicolons
/// (`h8 i9, j10`). Checks every point lies on a board of `size`.
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Point>, NotationError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b',' || b == b';' {
            i += 1;
            continue;
        }
        // `i` is always at a character boundary: it moves by ASCII bytes or whole characters.
        let c = text[i..].chars().next().unwrap_or_default();
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        let start = i;
        if !b.is_ascii_alphabetic() {
            // Take the whole unexpected run (up to the next letter or separator) as the token.
            let end = token_end(text, start);
            return Err(error(
                text,
                start,
                end,
                "a point starts with a column letter",
            ));
        }
        i += 1;
        let digits_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if digits_start == i {
            let end = token_end(text, start);
            return Err(error(
                text,
                start,
                end,
                "a column letter must be followed by a row number",
            ));
        }
        let col = b.to_ascii_lowercase() - b'a';
        // At most 2 digits are meaningful; longer runs overflow any board.
        let row: u32 = text[digits_start..i].parse().unwrap_or(u32::MAX);
        if col >= size.min(MAX_SIZE) {
            return Err(error(text, start, i, "column is off the board"));
        }
        if row == 0 || row > size as u32 {
            return Err(error(text, start, i, "row is off the board"));
        }
        out.push(Point::new(col, (row - 1) as u8));
    }
    Ok(out)
}

/// End of a malformed token: up to the next separator, but at least one character.
fn token_end(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    let first = rest.chars().next().map_or(0, char::len_utf8);
    let more = rest[first..]
        .find(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .unwrap_or(rest.len() - first);
    start + first + more
}

fn error(text: &str, start: usize, end: usize, reason: &'static str) -> NotationError {
    NotationError {
        token: text[start..end].to_string(),
        offset: start,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn standard_points() {
        assert_eq!(parse_point("h8", 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_point("a1", 15), Ok(Point::new(0, 0)));
        assert_eq!(parse_point("o15", 15), Ok(Point::new(14, 14)));
        assert_eq!(parse_point("A10", 15), Ok(Point::new(0, 9)));
        assert_eq!(format_point(Point::new(7, 7)), "h8");
        assert_eq!(format_point(Point::new(14, 14)), "o15");
    }

    #[test]
    fn move_strings_with_and_without_separators() {
        let expect = vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)];
        assert_eq!(parse_moves("h8i9j10", 15), Ok(expect.clone()));
        assert_eq!(parse_moves(" h8 i9, j10 ", 15), Ok(expect.clone()));
        assert_eq!(format_moves(expect), "h8i9j10");
        assert_eq!(parse_moves("", 15), Ok(vec![]));
    }

    #[test]
    fn errors_name_the_offending_token() {
        let e = parse_moves("h8 p3 i9", 15).unwrap_err();
        assert_eq!((e.token.as_str(), e.offset), ("p3", 3));
        let e = parse_moves("h8i16", 15).unwrap_err();
        assert_eq!(e.token, "i16");
        let e = parse_moves("h8 i0", 15).unwrap_err();
        assert_eq!(e.token, "i0");
        let e = parse_moves("h8 9i", 15).unwrap_err();
        assert_eq!(e.token, "9i");
        let e = parse_moves("h8 x", 15).unwrap_err();
        assert_eq!(e.token, "x");
        let e = parse_moves("h8 é5", 15).unwrap_err();
        assert_eq!(e.token, "é5");
        assert!(parse_point("h8i9", 15).is_err());
        assert!(parse_moves("h99999999999999999999", 15).is_err());
    }

    #[test]
    fn any_whitespace_separates_as_parse_point_trims_it() {
        // Found by fuzzing: parse_point trimmed a vertical tab or no-break space that
        // parse_moves refused as a bad token.
        let expect = vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)];
        assert_eq!(parse_moves("h8\u{b}i9\u{a0}j10\u{3000}", 15), Ok(expect));
        assert_eq!(parse_point("c1\u{b}\u{c}", 15), Ok(Point::new(2, 0)));
        assert_eq!(parse_moves("c1\u{b}\u{c}", 15), Ok(vec![Point::new(2, 0)]));
        let e = parse_moves("h8\u{a0}\u{a0}é5", 15).unwrap_err();
        assert_eq!((e.token.as_str(), e.offset), ("é5", 6));
    }

    proptest! {
        #[test]
        fn points_round_trip(size in 5u8..=25, c in 0u8..25, r in 0u8..25) {
            let p = Point::new(c % size, r % size);
            prop_assert_eq!(parse_point(&format_point(p), size), Ok(p));
        }

        #[test]
        fn move_strings_round_trip(size in 5u8..=25, raw in prop::collection::vec((0u8..25, 0u8..25), 0..40)) {
            let moves: Vec<Point> = raw.into_iter().map(|(c, r)| Point::new(c % size, r % size)).collect();
            prop_assert_eq!(parse_moves(&format_moves(moves.clone()), size), Ok(moves));
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
            let _ = parse_moves(&text, 15);
            let _ = parse_point(&text, 15);
        }
    }
}
