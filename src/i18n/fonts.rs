//! The fonts egui draws with: its own (Latin, symbols) first, then Noto Sans CJK for
//! Chinese and Japanese, cut by `tools/cut_fonts.py` to the characters the
//! translation files use. Han characters take their region's forms, so each language has
//! its own cut, and the language in use comes first among them.

use super::{Language, Texts};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::sync::Arc;

/// One region's cut of Noto Sans CJK (SIL Open Font License 1.1, `assets/fonts/`).
struct CjkFont {
    pub language: Language,
    /// Its name among egui's fonts.
    pub name: &'static str,
    pub bytes: &'static [u8],
}

const CJK_FONTS: [CjkFont; 3] = [
    CjkFont {
        language: Language::SimplifiedChinese,
        name: "Noto Sans CJK SC (cut)",
        bytes: include_bytes!("../../assets/fonts/NotoSansCJK-SC.cut.otf"),
    },
    CjkFont {
        language: Language::TraditionalChinese,
        name: "Noto Sans CJK TC (cut)",
        bytes: include_bytes!("../../assets/fonts/NotoSansCJK-TC.cut.otf"),
    },
    CjkFont {
        language: Language::Japanese,
        name: "Noto Sans CJK JP (cut)",
        bytes: include_bytes!("../../assets/fonts/NotoSansCJK-JP.cut.otf"),
    },
];

/// One of egui's own fonts, cut (`assets/fonts/egui/`), with egui's size tweak.
struct EguiFont {
    name: &'static str,
    bytes: &'static [u8],
    scale: f32,
}

/// egui's default fonts as its `default_fonts` feature sets them up, but cut to what the
/// game shows: the whole four are 1.4 MB of the browser's download, the cuts 0.11 MB.
const EGUI_FONTS: [EguiFont; 4] = [
    EguiFont {
        name: "Hack",
        bytes: include_bytes!("../../assets/fonts/egui/Hack-Regular.cut.ttf"),
        scale: 1.0,
    },
    EguiFont {
        name: "NotoEmoji-Regular",
        bytes: include_bytes!("../../assets/fonts/egui/NotoEmoji-Regular.cut.ttf"),
        scale: 0.81,
    },
    EguiFont {
        name: "Ubuntu-Light",
        bytes: include_bytes!("../../assets/fonts/egui/Ubuntu-Light.cut.ttf"),
        scale: 1.0,
    },
    EguiFont {
        name: "emoji-icon-font",
        bytes: include_bytes!("../../assets/fonts/egui/emoji-icon-font.cut.ttf"),
        scale: 0.9,
    },
];

/// egui's font families, in its order: the Latin (or monospace) font, then the symbols.
fn egui_definitions() -> egui::FontDefinitions {
    let mut definitions = egui::FontDefinitions::empty();
    for font in &EGUI_FONTS {
        let data = egui::FontData::from_static(font.bytes).tweak(egui::FontTweak {
            scale: font.scale,
            ..Default::default()
        });
        definitions
            .font_data
            .insert(font.name.to_owned(), Arc::new(data));
    }
    let names = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    definitions.families.insert(
        egui::FontFamily::Monospace,
        // Ubuntu-Light: the fallback for signs Hack lacks (√ and such), as in egui.
        names(&[
            "Hack",
            "Ubuntu-Light",
            "NotoEmoji-Regular",
            "emoji-icon-font",
        ]),
    );
    definitions.families.insert(
        egui::FontFamily::Proportional,
        names(&["Ubuntu-Light", "NotoEmoji-Regular", "emoji-icon-font"]),
    );
    definitions
}

/// egui's fonts with the CJK cuts after its first (Latin) font, `language`'s cut first:
/// the language names in the menu need the others even in English.
pub fn font_definitions(language: Language) -> egui::FontDefinitions {
    let mut definitions = egui_definitions();
    let mut order: Vec<&CjkFont> = CJK_FONTS.iter().collect();
    order.sort_by_key(|font| font.language != language);
    for font in &order {
        definitions.font_data.insert(
            font.name.to_owned(),
            Arc::new(egui::FontData::from_static(font.bytes)),
        );
    }
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let fonts = definitions.families.entry(family).or_default();
        let at = 1.min(fonts.len());
        for (i, font) in order.iter().enumerate() {
            fonts.insert(at + i, font.name.to_owned());
        }
    }
    definitions
}

/// Gives egui the fonts for the language in use, at start and at each change. It runs
/// before egui's pass begins (`EguiPreUpdateSet::BeginPass`): egui has no fonts of its
/// own here (no `default_fonts`), and a pass with none would panic at the first text.
pub fn follow_language_in_fonts(
    mut contexts: EguiContexts,
    texts: Res<Texts>,
    mut installed: Local<Option<Language>>,
) {
    if *installed == Some(texts.language()) {
        return;
    }
    // No context yet (before egui's first set-up): no pass either; the next frame.
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    ctx.set_fonts(font_definitions(texts.language()));
    *installed = Some(texts.language());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalog;

    /// Han, kana and CJK punctuation: the characters a CJK cut must have itself (egui's
    /// own fonts draw the rest).
    fn is_cjk(c: char) -> bool {
        matches!(u32::from(c),
            0x2E80..=0x2FFF      // radicals
            | 0x3000..=0x30FF    // CJK punctuation, hiragana, katakana
            | 0x3400..=0x4DBF    // extension A
            | 0x4E00..=0x9FFF    // unified ideographs
            | 0xF900..=0xFAFF    // compatibility ideographs
            | 0xFF00..=0xFFEF) // full-width forms
    }

    /// A context whose only proportional fonts are `fonts`, ready to answer glyph queries.
    fn context_with(fonts: egui::FontDefinitions) -> egui::Context {
        let ctx = egui::Context::default();
        ctx.set_fonts(fonts);
        let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
        ctx
    }

    fn translated_characters(language: Language) -> std::collections::BTreeSet<char> {
        catalog::load(language)
            .expect("translation files read")
            .values()
            .flat_map(|entry| entry.forms())
            .flat_map(|text| text.chars().collect::<Vec<_>>())
            .collect()
    }

    /// The non-ASCII characters of the string literals in src/'s code (as the key and
    /// prose scans read them; tests may use others).
    fn source_characters() -> std::collections::BTreeSet<char> {
        use crate::i18n::source_check::{code_lines, literals, rust_files};
        let mut files = Vec::new();
        rust_files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        files
            .iter()
            .flat_map(|path| {
                let text = std::fs::read_to_string(path).expect("source readable");
                code_lines(&text)
                    .flat_map(|(_, line)| literals(line))
                    .collect::<Vec<_>>()
            })
            .flat_map(|literal| literal.chars().collect::<Vec<_>>())
            .filter(|c| !c.is_ascii() && !c.is_whitespace())
            .collect()
    }

    #[test]
    fn every_translated_character_is_in_its_font() {
        let body = egui::FontId::proportional(15.0);
        for font in &CJK_FONTS {
            // The cut, then only egui's font of the replacement mark (◻): a character the
            // cut lacks resolves to the mark's font, which egui reports as no glyph.
            let mut only_the_cut = egui_definitions();
            only_the_cut.font_data.insert(
                font.name.to_owned(),
                Arc::new(egui::FontData::from_static(font.bytes)),
            );
            only_the_cut.families.insert(
                egui::FontFamily::Proportional,
                vec![font.name.to_owned(), "NotoEmoji-Regular".to_owned()],
            );
            let cut = context_with(only_the_cut);
            let missing: String = translated_characters(font.language)
                .into_iter()
                .filter(|&c| is_cjk(c) && !cut.fonts_mut(|f| f.has_glyph(&body, c)))
                .collect();
            assert!(
                missing.is_empty(),
                "{} lacks {missing:?}: run tools/cut_fonts.py",
                font.name
            );
        }
        // Everything else (Latin, digits, symbols) is drawn by the whole chain, and so is
        // every character of the code's own texts (icons such as ⏴).
        let all = context_with(font_definitions(Language::English));
        let missing: String = source_characters()
            .into_iter()
            .filter(|&c| !all.fonts_mut(|f| f.has_glyph(&body, c)))
            .collect();
        assert!(
            missing.is_empty(),
            "no font draws {missing:?} of src/: run tools/cut_fonts.py"
        );
        for language in Language::ALL {
            let all = context_with(font_definitions(language));
            let missing: String = translated_characters(language)
                .into_iter()
                .filter(|&c| !c.is_whitespace() && !all.fonts_mut(|f| f.has_glyph(&body, c)))
                .collect();
            assert!(
                missing.is_empty(),
                "{}: no font draws {missing:?}",
                language.tag()
            );
        }
    }

    #[test]
    fn the_language_in_use_has_its_own_regions_glyphs_first() {
        for font in &CJK_FONTS {
            let definitions = font_definitions(font.language);
            let family = &definitions.families[&egui::FontFamily::Proportional];
            let first_cjk = family
                .iter()
                .find(|name| CJK_FONTS.iter().any(|f| f.name == name.as_str()));
            assert_eq!(first_cjk.map(String::as_str), Some(font.name));
            // egui's Latin font stays first: CJK faces draw Latin letters wide.
            assert!(!CJK_FONTS.iter().any(|f| f.name == family[0]));
        }
    }
}
