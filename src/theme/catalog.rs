//! The skin catalogue: stone looks, board backgrounds and line colours, as data in
//! `assets/themes/*.skins.ron`, loaded through Bevy's asset system.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use serde::Deserialize;
use std::fmt;

#[derive(Asset, TypePath, Clone, Debug, Deserialize)]
pub struct SkinCatalog {
    pub stones: Vec<StoneSkin>,
    pub backgrounds: Vec<BackgroundSkin>,
    pub lines: Vec<LineSkin>,
    /// The colours of what is drawn over the stones; optional in the file.
    #[serde(default)]
    pub marks: MarkColours,
    /// Textures the skins name, held so they load (and stay loaded) with the catalogue.
    #[serde(skip)]
    #[dependency]
    pub textures: Vec<Handle<Image>>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct StoneSkin {
    pub name: String,
    pub look: StoneLook,
}

/// Colours are `#rrggbb` or `#rrggbbaa`; textures are paths under `assets/`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum StoneLook {
    /// Painted with a radial highlight and shadow, like real stones.
    Shaded { black: String, white: String },
    /// Solid discs with an outline.
    Flat {
        black: String,
        white: String,
        outline: String,
    },
    /// Images, one per colour.
    Textured { black: String, white: String },
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct BackgroundSkin {
    pub name: String,
    pub look: BackgroundLook,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum BackgroundLook {
    /// Painted wood grain between two colours.
    Wood {
        light: String,
        dark: String,
    },
    Plain(String),
    Image(String),
}

/// Colours (`#rrggbb` or `#rrggbbaa`) of the marks drawn on the board, whatever the skin.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default)]
pub struct MarkColours {
    /// The pulsing dot on the last move.
    pub last_move: String,
    /// The ring on the hint's suggested point.
    pub hint: String,
    /// The crosses on black's forbidden points (Renju).
    pub forbidden: String,
    /// The line through a winning five.
    pub victory: String,
    /// The board's drop shadow.
    pub board_shadow: String,
}

impl Default for MarkColours {
    fn default() -> Self {
        MarkColours {
            last_move: "#e6261a".into(),
            hint: "#33d959".into(),
            forbidden: "#e61a14".into(),
            victory: "#f23326e6".into(),
            board_shadow: "#00000059".into(),
        }
    }
}

impl MarkColours {
    fn named(&self) -> [(&'static str, &str); 5] {
        [
            ("last_move", &self.last_move),
            ("hint", &self.hint),
            ("forbidden", &self.forbidden),
            ("victory", &self.victory),
            ("board_shadow", &self.board_shadow),
        ]
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct LineSkin {
    pub name: String,
    pub color: String,
}

/// A catalogue entry chosen by its name.
pub trait Named {
    fn name(&self) -> &str;

    /// The `skin.*` key of its name in the player's language (`skin_key`).
    fn key(&self) -> String {
        skin_key(self.name())
    }
}

/// The key of a skin's name: `skin.` and the name in lower case, each run of other
/// characters than ASCII letters and digits one `-` ("Jade & Onyx": `skin.jade-onyx`).
/// A player's own skin has no such key and shows its own name (`Texts::text_or`).
pub fn skin_key(name: &str) -> String {
    let mut key = String::from("skin.");
    for word in name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !key.ends_with('.') {
            key.push('-');
        }
        key.push_str(&word.to_ascii_lowercase());
    }
    key
}

macro_rules! named {
    ($($t:ty),*) => {$(
        impl Named for $t {
            fn name(&self) -> &str {
                &self.name
            }
        }
    )*};
}
named!(StoneSkin, BackgroundSkin, LineSkin);

/// The entry called `name`, or the list's first when there is none (an empty or stale
/// choice in the settings).
pub fn chosen<'a, T: Named>(items: &'a [T], name: &str) -> Option<&'a T> {
    items.iter().find(|i| i.name() == name).or(items.first())
}

impl Default for SkinCatalog {
    /// A catalogue built into the binary, used until (or if never) the data file loads.
    /// Its names are ids, as in the data file: the menu shows their `skin.*` texts.
    fn default() -> Self {
        SkinCatalog {
            stones: vec![StoneSkin {
                name: "Classic".into(), // i18n: not shown
                look: StoneLook::Shaded {
                    black: "#1f1f1f".into(),
                    white: "#f3f1ea".into(),
                },
            }],
            backgrounds: vec![BackgroundSkin {
                name: "Kaya".into(), // i18n: not shown
                look: BackgroundLook::Wood {
                    light: "#e6bf7e".into(),
                    dark: "#c99a5b".into(),
                },
            }],
            lines: vec![LineSkin {
                name: "Ink".into(), // i18n: not shown
                color: "#1c1a17".into(),
            }],
            marks: MarkColours::default(),
            textures: Vec::new(),
        }
    }
}

impl SkinCatalog {
    /// Every colour must parse; every list must have an entry.
    pub fn validate(&self) -> Result<(), String> {
        if self.stones.is_empty() || self.backgrounds.is_empty() || self.lines.is_empty() {
            // The loader's errors are logged (`theme::finish_loading`), never shown.
            let empty = "a catalogue needs a stone skin, a background and a line colour"; // i18n: not shown
            return Err(empty.into());
        }
        let mut colors: Vec<(&str, &str)> = Vec::new();
        for s in &self.stones {
            match &s.look {
                StoneLook::Shaded { black, white } => {
                    colors.extend([(&*s.name, &**black), (&*s.name, &**white)])
                }
                StoneLook::Flat {
                    black,
                    white,
                    outline,
                } => colors.extend([
                    (&*s.name, &**black),
                    (&*s.name, &**white),
                    (&*s.name, &**outline),
                ]),
                StoneLook::Textured { .. } => {}
            }
        }
        for b in &self.backgrounds {
            match &b.look {
                BackgroundLook::Wood { light, dark } => {
                    colors.extend([(&*b.name, &**light), (&*b.name, &**dark)])
                }
                BackgroundLook::Plain(c) => colors.push((&b.name, c)),
                BackgroundLook::Image(_) => {}
            }
        }
        colors.extend(self.lines.iter().map(|l| (&*l.name, &*l.color)));
        colors.extend(self.marks.named());
        for (name, c) in colors {
            parse_color(c).map_err(|e| format!("skin '{name}': {e}"))?; // i18n: not shown
        }
        Ok(())
    }

    /// Paths of every texture the skins use.
    pub fn texture_paths(&self) -> Vec<String> {
        let mut out = Vec::new();
        for s in &self.stones {
            if let StoneLook::Textured { black, white } = &s.look {
                out.extend([black.clone(), white.clone()]);
            }
        }
        for b in &self.backgrounds {
            if let BackgroundLook::Image(path) = &b.look {
                out.push(path.clone());
            }
        }
        out
    }
}

pub fn parse_color(text: &str) -> Result<Color, String> {
    Srgba::hex(text.trim())
        .map(Color::Srgba)
        .map_err(|_| format!("'{text}' is not a colour like #rrggbb")) // i18n: not shown
}

#[derive(Debug)]
pub enum CatalogError {
    Io(std::io::Error),
    Parse(String),
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::Io(e) => write!(f, "cannot read skins: {e}"), // i18n: not shown
            CatalogError::Parse(e) => write!(f, "bad skins file: {e}"), // i18n: not shown
        }
    }
}

impl std::error::Error for CatalogError {}

#[derive(Default, TypePath)]
pub struct SkinCatalogLoader;

impl AssetLoader for SkinCatalogLoader {
    type Asset = SkinCatalog;
    type Settings = ();
    type Error = CatalogError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<SkinCatalog, CatalogError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(CatalogError::Io)?;
        let mut catalog: SkinCatalog =
            ron::de::from_bytes(&bytes).map_err(|e| CatalogError::Parse(e.to_string()))?;
        catalog.validate().map_err(CatalogError::Parse)?;
        catalog.textures = catalog
            .texture_paths()
            .into_iter()
            .map(|p| load_context.load(p))
            .collect();
        Ok(catalog)
    }

    fn extensions(&self) -> &[&str] {
        &["skins.ron"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_catalogue_parses_and_validates() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/themes/default.skins.ron"
        ))
        .unwrap();
        let catalog: SkinCatalog = ron::from_str(&text).unwrap();
        catalog.validate().unwrap();
        assert!(
            catalog.stones.len() >= 3 && catalog.backgrounds.len() >= 3 && catalog.lines.len() >= 4
        );
        for path in catalog.texture_paths() {
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("assets")
                .join(&path);
            assert!(file.is_file(), "missing texture {path}");
        }
    }

    #[test]
    fn a_choice_falls_back_to_the_first_entry() {
        let c: SkinCatalog = ron::from_str(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/themes/default.skins.ron"
            ))
            .unwrap(),
        )
        .unwrap();
        assert_eq!(chosen(&c.stones, "Flat").map(Named::name), Some("Flat"));
        assert_eq!(
            chosen(&c.stones, "no such skin").map(Named::name),
            Some(c.stones[0].name.as_str())
        );
        assert!(chosen::<LineSkin>(&[], "Ink").is_none());
    }

    fn shipped_catalogue() -> SkinCatalog {
        ron::from_str(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/themes/default.skins.ron"
            ))
            .unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn skin_keys_are_the_names_in_lower_case_with_dashes() {
        assert_eq!(skin_key("Jade & Onyx"), "skin.jade-onyx");
        assert_eq!(skin_key("Kaya wood"), "skin.kaya-wood");
        assert_eq!(skin_key(" Ink 2 "), "skin.ink-2");
        assert_eq!(skin_key("翡翠"), "skin.");
    }

    #[test]
    fn every_shipped_and_built_in_skin_has_an_english_name() {
        // The catalogue test keeps the other languages in step with English.
        let english = crate::i18n::Texts::new(crate::i18n::Language::English);
        let mut missing = Vec::new();
        for catalog in [shipped_catalogue(), SkinCatalog::default()] {
            let names = (catalog.stones.iter().map(|s| (s.key(), &s.name)))
                .chain(catalog.backgrounds.iter().map(|b| (b.key(), &b.name)))
                .chain(catalog.lines.iter().map(|l| (l.key(), &l.name)));
            for (key, name) in names {
                if english.text_or(&key, "") != name {
                    missing.push(format!("{key} ({name})"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "skins without their English name in assets/i18n/en/skin.json: {missing:?}"
        );
    }

    #[test]
    fn bad_colours_are_reported_with_the_skin() {
        let mut c = SkinCatalog::default();
        c.lines[0].color = "#12345z".into();
        assert!(c.validate().unwrap_err().contains("Ink"));
        assert!(SkinCatalog::default().validate().is_ok());
        let mut c = SkinCatalog::default();
        c.marks.hint = "green".into();
        assert!(c.validate().unwrap_err().contains("hint"));
    }
}
