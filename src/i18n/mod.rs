//! The player's language: every text a player sees comes from the translation files
//! under `assets/i18n/` through `Texts` (and its `tr!` macro), in the language the menu
//! chose or, until it chooses, the system's or the browser's.

mod catalog;
mod fonts;
mod language;
pub mod names;
#[cfg(test)]
mod source_check;

pub use fonts::{follow_language_in_fonts, font_definitions};
pub use language::Language;

use crate::settings::Settings;
use bevy::prelude::*;
use catalog::Table;
use std::borrow::Cow;
use std::fmt::Write as _;

/// The text of `key` in the player's language: `tr!(texts, "menu.start")` gives a `&str`;
/// with arguments, `tr!(texts, "hud.to-move", name = player)` gives a `String`. The
/// argument `count` also chooses a plural form.
#[macro_export]
macro_rules! tr {
    ($texts:expr, $key:literal) => {
        $texts.text($key)
    };
    ($texts:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $texts.format($key, &[$((stringify!($name), $crate::i18n::Arg::from($value))),+])
    };
}

/// An argument of a text: a count (which may choose a plural form) or any text.
#[derive(Clone, Debug)]
pub enum Arg<'a> {
    Count(i64),
    Text(Cow<'a, str>),
}

impl Arg<'_> {
    fn write_to(&self, out: &mut String) {
        match self {
            Arg::Count(n) => {
                let _ = write!(out, "{n}");
            }
            Arg::Text(text) => out.push_str(text),
        }
    }
}

macro_rules! count_args {
    ($($t:ty),+) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Count(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )+};
}
count_args!(u8, u16, u32, u64, usize, i32, i64);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

/// The texts of the language in use.
#[derive(Resource)]
pub struct Texts {
    language: Language,
    table: Table,
    /// English's, for a key the language lacks (the catalog test fails first).
    english: Option<Table>,
    /// Each language's own name for itself, for the menu's choice.
    autonyms: [String; 4],
}

impl Texts {
    pub fn new(language: Language) -> Texts {
        let read = |language: Language| {
            catalog::load(language).unwrap_or_else(|e| {
                error!("translation files of {}: {e}", language.tag());
                Table::new()
            })
        };
        // Each language's files are read once: the autonyms need all four.
        let mut tables = Language::ALL.map(|l| (l, read(l)));
        let autonyms = tables.each_ref().map(|(l, table)| {
            catalog::lookup(table, *l, "common.language-autonym", None)
                .map_or_else(|| l.tag().to_owned(), str::to_owned)
        });
        let mut take = |wanted: Language| {
            tables
                .iter_mut()
                .find(|(l, _)| *l == wanted)
                .map(|(_, table)| std::mem::take(table))
                .unwrap_or_default()
        };
        let table = take(language);
        let english = (language != Language::English).then(|| take(Language::English));
        Texts {
            language,
            table,
            english,
            autonyms,
        }
    }

    pub fn language(&self) -> Language {
        self.language
    }

    fn entry<'a>(&'a self, key: &str, count: Option<i64>) -> Option<&'a str> {
        catalog::lookup(&self.table, self.language, key, count).or_else(|| {
            let english = self.english.as_ref()?;
            catalog::lookup(english, Language::English, key, count)
        })
    }

    /// The text of `key`; a key no file has shows as itself (and the catalog test fails).
    pub fn text<'a>(&'a self, key: &'a str) -> &'a str {
        self.entry(key, None).unwrap_or(key)
    }

    /// The text of a key made from data (a skin's name): `fallback` where no file has it.
    pub fn text_or<'a>(&'a self, key: &str, fallback: &'a str) -> &'a str {
        self.entry(key, None).unwrap_or(fallback)
    }

    /// The text of `key` with its arguments filled; `count` chooses the plural form.
    pub fn format(&self, key: &str, args: &[(&str, Arg<'_>)]) -> String {
        let count = args.iter().find_map(|(name, arg)| match (name, arg) {
            (&"count", Arg::Count(n)) => Some(*n),
            _ => None,
        });
        catalog::fill(self.entry(key, count).unwrap_or(key), args)
    }

    /// `language`'s name for itself ("日本語").
    pub fn autonym(&self, language: Language) -> &str {
        let index = Language::ALL
            .iter()
            .position(|l| *l == language)
            .unwrap_or(0);
        &self.autonyms[index]
    }
}

/// The language the settings ask for, or the system's while they leave it open.
pub fn language_of(settings: &Settings) -> Language {
    settings
        .language
        .unwrap_or_else(Language::preferred_by_system)
}

pub fn plugin(app: &mut App) {
    let language = language_of(app.world().resource::<Settings>());
    app.insert_resource(Texts::new(language))
        .add_systems(Update, follow_settings);
}

/// A language chosen in the menu takes effect at once.
fn follow_settings(settings: Res<Settings>, mut texts: ResMut<Texts>) {
    if !settings.is_changed() {
        return;
    }
    let language = language_of(&settings);
    if texts.language != language {
        *texts = Texts::new(language);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_come_in_the_chosen_language_with_arguments_and_plurals() {
        let english = Texts::new(Language::English);
        let japanese = Texts::new(Language::Japanese);
        assert_eq!(tr!(english, "common.language-autonym"), "English");
        assert_eq!(tr!(japanese, "common.language-autonym"), "日本語");
        assert_eq!(english.autonym(Language::TraditionalChinese), "繁體中文");
        assert_eq!(japanese.autonym(Language::SimplifiedChinese), "简体中文");
        assert_eq!(tr!(english, "common.moves", count = 1), "1 move");
        assert_eq!(tr!(english, "common.moves", count = 12), "12 moves");
        assert_eq!(tr!(japanese, "common.moves", count = 12), "12手");
        assert_eq!(english.text("common.no-such-key"), "common.no-such-key");
        assert_eq!(english.text_or("skin.no-such-skin", "Mine"), "Mine");
    }
}
