//! Tests over the source: every key written in the code is in the translation files,
//! and no prose literal is left where a player could see it.

use super::{Language, catalog};
use std::path::{Path, PathBuf};

/// What marks a line whose prose no player sees (a log line, the command line's help,
/// a file format): the scan skips it.
const NOT_SHOWN: &str = "// i18n: not shown";

/// Lines that never reach a player whatever they hold.
const SKIPPED_LINE_STARTS: [&str; 15] = [
    "//",
    "#[error(",
    "info!(",
    "warn!(",
    "error!(",
    "debug!(",
    "trace!(",
    "panic!(",
    "unreachable!(",
    "assert",
    "debug_assert",
    "#[doc",
    "#[serde",
    "#[arg",
    "Name::new(",
];

pub(super) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("source folder readable")
        .flatten()
    {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals on a line (plain `"…"` ones; raw strings are not used for UI).
pub(super) fn literals(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut chars = line.chars();
    let mut in_char = false;
    while let Some(c) = chars.next() {
        match c {
            // A char literal like '"' must not open a string.
            '\'' if !in_char => in_char = true,
            '\'' => in_char = false,
            '"' if !in_char => {
                let mut literal = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        c => literal.push(c),
                    }
                }
                found.push(literal);
            }
            _ => in_char = false,
        }
    }
    found
}

/// Does the literal read as words a person would read (not a key, an id, a format)?
fn is_prose(literal: &str) -> bool {
    let words: Vec<&str> = literal
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .collect();
    let capitalised = words.first().is_some_and(|w| {
        literal.trim_start().starts_with(w)
            && w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && w.chars().skip(1).all(|c| c.is_ascii_lowercase())
    });
    !words.is_empty() && (capitalised || (words.len() >= 2 && literal.contains(' ')))
}

/// The code of a file up to its test module (by this project's layout, the last item).
pub(super) fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .map(|(i, line)| (i + 1, line))
}

fn sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    // The translation machinery's own messages go to logs and tests, and its tests
    // name sample keys.
    let machinery = root.join("src").join("i18n");
    files
        .into_iter()
        .filter(|path| !path.starts_with(&machinery))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("source readable");
            (path.strip_prefix(root).unwrap_or(&path).to_path_buf(), text)
        })
        .collect()
}

/// Does the literal look like a key of one of the translation files' areas?
fn as_key(literal: &str) -> Option<&str> {
    let (area, rest) = literal.split_once('.')?;
    let is_area = catalog::files(Language::English)
        .iter()
        .any(|(a, _)| *a == area);
    let key_like = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '.' | '_'));
    (is_area && key_like).then_some(literal)
}

#[test]
fn every_key_in_the_code_is_in_the_translation_files() {
    let english = catalog::load(Language::English).expect("English files read");
    let mut unknown = Vec::new();
    for (path, text) in sources() {
        for (number, line) in code_lines(&text) {
            for literal in literals(line) {
                if let Some(key) = as_key(&literal)
                    && !english.contains_key(key)
                {
                    unknown.push(format!("{}:{number}: {key}", path.display()));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "keys with no text:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn no_prose_literal_is_left_for_a_player_to_see() {
    let mut prose = Vec::new();
    for (path, text) in sources() {
        for (number, line) in code_lines(&text) {
            let code = line.trim_start();
            if line.contains(NOT_SHOWN) || SKIPPED_LINE_STARTS.iter().any(|s| code.starts_with(s)) {
                continue;
            }
            for literal in literals(line) {
                if as_key(&literal).is_none() && is_prose(&literal) {
                    prose.push(format!("{}:{number}: {literal:?}", path.display()));
                }
            }
        }
    }
    assert!(
        prose.is_empty(),
        "{} literals read as prose: give them a key in assets/i18n, or mark a line no \
         player sees with `{NOT_SHOWN}`:\n{}",
        prose.len(),
        prose.join("\n")
    );
}

#[test]
fn the_scan_sees_prose_and_lets_keys_ids_and_formats_pass() {
    assert_eq!(
        literals(r#"ui.label("Start"); x('"'); f("a \"b\" c")"#),
        ["Start", "a b c"]
    );
    for prose in [
        "Start",
        "Back to the menu",
        "could not read the file",
        "Computer ({})",
    ] {
        assert!(is_prose(prose), "{prose}");
    }
    for not_prose in [
        "menu.start",
        "hud-root",
        "{}:{:02}",
        "analysisDepth",
        "h8",
        "settings.ron",
        "A",
    ] {
        assert!(!is_prose(not_prose), "{not_prose}");
    }
    assert_eq!(as_key("menu.start-game"), Some("menu.start-game"));
    assert_eq!(as_key("settings.ron"), None);
}
