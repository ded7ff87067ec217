//! The translation files, `assets/i18n/<tag>/<area>.json`, built into the program (so a
//! text is there from the first frame, offline and in tests), and the checks that keep
//! the four languages in step.
//!
//! Each file is a JSON object from key to text. A key starts with its file's area
//! (`menu.start` lives in `menu.json`). A text may name arguments in braces (`{name}`;
//! `{{` and `}}` are literal braces). A text that depends on a number is an object of
//! CLDR plural forms, `{"one": "1 move", "other": "{count} moves"}`, chosen by the
//! argument `count`; Chinese and Japanese need only `other`.

use super::Language;
use serde::Deserialize;
#[cfg(test)]
use std::collections::BTreeSet;
use std::collections::{BTreeMap, HashMap};

/// One text of a translation file.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Entry {
    Text(String),
    Plural {
        #[serde(default)]
        one: Option<String>,
        other: String,
    },
}

impl Entry {
    /// The form for `count` in `language` (the one form, for a plain text).
    fn form(&self, language: Language, count: Option<i64>) -> &str {
        match self {
            Entry::Text(text) => text,
            Entry::Plural { one, other } => match (plural_category(language, count), one) {
                (PluralCategory::One, Some(one)) => one,
                _ => other,
            },
        }
    }

    #[cfg(test)]
    /// Every form of the text.
    pub fn forms(&self) -> Vec<&str> {
        match self {
            Entry::Text(text) => vec![text],
            Entry::Plural { one, other } => one
                .iter()
                .map(String::as_str)
                .chain([other.as_str()])
                .collect(),
        }
    }
}

/// CLDR's plural categories, of the ones these languages use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PluralCategory {
    One,
    Other,
}

/// CLDR's cardinal rule for integers: English has `one` for 1; Chinese and Japanese
/// have only `other`.
fn plural_category(language: Language, count: Option<i64>) -> PluralCategory {
    match (language, count) {
        (Language::English, Some(1)) => PluralCategory::One,
        _ => PluralCategory::Other,
    }
}

/// Expands to the list of `(area, file text)` of one language's folder.
macro_rules! language_files {
    ($tag:literal: $($area:ident),+ $(,)?) => {
        &[$((
            stringify!($area),
            include_str!(concat!("../../assets/i18n/", $tag, "/", stringify!($area), ".json")),
        )),+]
    };
}

/// Every area's file, per language. A new area is a new line in each list (and a file
/// in each folder: the build fails without it).
pub fn files(language: Language) -> &'static [(&'static str, &'static str)] {
    match language {
        Language::English => {
            language_files!("en": common, menu, hud, game, online, files, analysis, page, sound, skin)
        }
        Language::SimplifiedChinese => {
            language_files!("zh-CN": common, menu, hud, game, online, files, analysis, page, sound, skin)
        }
        Language::TraditionalChinese => {
            language_files!("zh-TW": common, menu, hud, game, online, files, analysis, page, sound, skin)
        }
        Language::Japanese => {
            language_files!("ja": common, menu, hud, game, online, files, analysis, page, sound, skin)
        }
    }
}

/// One language's texts, keyed.
pub type Table = HashMap<String, Entry>;

/// Reads one language's files; the first problem found is the error.
pub fn load(language: Language) -> Result<Table, String> {
    let mut table = Table::new();
    for (area, text) in files(language) {
        let file = format!("{}/{area}.json", language.tag());
        let entries: BTreeMap<String, Entry> =
            serde_json::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        for (key, entry) in entries {
            if !key.starts_with(&format!("{area}.")) {
                return Err(format!(
                    "{file}: key {key:?} does not start with \"{area}.\""
                ));
            }
            if table.insert(key.clone(), entry).is_some() {
                return Err(format!("{file}: key {key:?} appears twice"));
            }
        }
    }
    Ok(table)
}

#[cfg(test)] // The checks run as tests; the game only reads.
/// A text's argument names, `{name}` (not the escaped `{{`), or what is malformed.
pub fn placeholders(text: &str) -> Result<BTreeSet<String>, String> {
    let mut names = BTreeSet::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
            }
            '{' => {
                let name: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(format!("bad argument {{{name}}} in {text:?}"));
                }
                names.insert(name);
            }
            '}' => return Err(format!("a lone }} in {text:?}")),
            _ => {}
        }
    }
    Ok(names)
}

/// Fills `{name}`s from `args`; a name with no argument stays as written, which a test
/// run shows at once rather than a panic in a player's game.
pub fn fill(text: &str, args: &[(&str, super::Arg<'_>)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let name: String = chars.by_ref().take_while(|&c| c != '}').collect();
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => value.write_to(&mut out),
                    None => {
                        out.push('{');
                        out.push_str(&name);
                        out.push('}');
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)] // The checks run as tests; the game only reads.
/// Everything wrong with the translation files: unreadable files, keys missing from a
/// language or found only in it, texts whose arguments differ from English's, plural
/// texts without the forms their language needs, empty texts.
pub fn problems() -> Vec<String> {
    let mut problems = Vec::new();
    let tables: Vec<(Language, Table)> = Language::ALL
        .into_iter()
        .filter_map(|language| match load(language) {
            Ok(table) => Some((language, table)),
            Err(e) => {
                problems.push(e);
                None
            }
        })
        .collect();
    problems.extend(problems_in(&tables));
    problems
}

#[cfg(test)] // The checks run as tests; the game only reads.
/// `problems` of tables already read.
fn problems_in(tables: &[(Language, Table)]) -> Vec<String> {
    let mut problems = Vec::new();
    let Some((_, english)) = tables.iter().find(|(l, _)| *l == Language::English) else {
        return problems;
    };
    for (language, table) in tables {
        let tag = language.tag();
        for (key, entry) in table {
            let mut names = BTreeSet::new();
            for form in entry.forms() {
                if form.trim().is_empty() {
                    problems.push(format!("{tag}: {key} is empty"));
                }
                match placeholders(form) {
                    Ok(found) => names.extend(found),
                    Err(e) => problems.push(format!("{tag}: {key}: {e}")),
                }
            }
            if let (Language::English, Entry::Plural { one: None, .. }) = (language, entry) {
                problems.push(format!("{tag}: {key} has no \"one\" form"));
            }
            let Some(original) = english.get(key) else {
                problems.push(format!("{tag}: {key} is not in en"));
                continue;
            };
            let english_names: BTreeSet<String> = original
                .forms()
                .into_iter()
                .filter_map(|f| placeholders(f).ok())
                .flatten()
                .collect();
            // English may leave the count out of its `one` form ("a move"), so only
            // the union of a text's forms is compared.
            if names != english_names {
                problems.push(format!(
                    "{tag}: {key} takes {names:?}, but en takes {english_names:?}"
                ));
            }
            if matches!(original, Entry::Plural { .. }) != matches!(entry, Entry::Plural { .. }) {
                problems.push(format!("{tag}: {key} is plural in one language only"));
            }
        }
        let mut missing: Vec<&String> =
            english.keys().filter(|k| !table.contains_key(*k)).collect();
        missing.sort();
        for key in missing {
            problems.push(format!("{tag}: {key} is missing"));
        }
    }
    problems
}

/// The text for `key` in `table`, in the form for `count`.
pub(super) fn lookup<'a>(
    table: &'a Table,
    language: Language,
    key: &str,
    count: Option<i64>,
) -> Option<&'a str> {
    table.get(key).map(|entry| entry.form(language, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Arg;

    #[test]
    fn every_language_has_every_key_with_the_same_arguments() {
        let problems = problems();
        assert!(
            problems.is_empty(),
            "translation files:\n{}",
            problems.join("\n")
        );
    }

    fn table(entries: &[(&str, Entry)]) -> Table {
        entries
            .iter()
            .map(|(k, e)| (k.to_string(), e.clone()))
            .collect()
    }

    #[test]
    fn a_missing_key_a_changed_argument_or_a_missing_form_is_reported() {
        let text = |t: &str| Entry::Text(t.into());
        let english = table(&[
            ("menu.a", text("A {name}")),
            ("menu.b", text("B")),
            (
                "menu.n",
                Entry::Plural {
                    one: None,
                    other: "{count} moves".into(),
                },
            ),
        ]);
        let japanese = table(&[
            ("menu.a", text("エー {nom}")),
            ("menu.n", text("{count} 手")),
            ("menu.z", text("余分")),
        ]);
        let problems = problems_in(&[(Language::English, english), (Language::Japanese, japanese)]);
        for expected in [
            "en: menu.n has no \"one\" form",
            "ja: menu.b is missing",
            "ja: menu.z is not in en",
            "ja: menu.n is plural in one language only",
        ] {
            assert!(
                problems.iter().any(|p| p == expected),
                "{expected} not in {problems:?}"
            );
        }
        assert!(
            problems.iter().any(|p| p.starts_with("ja: menu.a takes")),
            "{problems:?}"
        );
        assert_eq!(problems.len(), 5, "{problems:?}");
    }

    #[test]
    fn arguments_are_named_in_braces() {
        assert_eq!(
            placeholders("{{literal}} {x} {x} {y_2}").unwrap(),
            ["x".to_string(), "y_2".to_string()].into()
        );
        assert!(placeholders("a } b").is_err());
        assert!(placeholders("{bad name}").is_err());
        assert!(placeholders("{}").is_err());
    }

    #[test]
    fn arguments_fill_and_counts_choose_the_plural_form() {
        let plural = Entry::Plural {
            one: Some("one move".into()),
            other: "{count} moves".into(),
        };
        assert_eq!(plural.form(Language::English, Some(1)), "one move");
        assert_eq!(plural.form(Language::English, Some(2)), "{count} moves");
        assert_eq!(plural.form(Language::English, Some(0)), "{count} moves");
        assert_eq!(plural.form(Language::Japanese, Some(1)), "{count} moves");
        assert_eq!(
            fill(
                "{count} moves by {who} {{x}}",
                &[("count", Arg::from(3)), ("who", Arg::from("Ann"))]
            ),
            "3 moves by Ann {x}"
        );
        assert_eq!(fill("{unknown}", &[]), "{unknown}");
    }
}
