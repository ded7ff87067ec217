//! The fonts egui draws with: its own (Latin, symbols) first, then Noto Sans CJK for
//! Chinese and Japanese, cut by `tools/cut_cjk_fonts.py` to the characters the
//! translation files use. Han characters take their region's forms, so each language has
//! its own cut, and the language in use comes first among them.

use super::{Language, Texts};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::sync::Arc;

/// One region's cut of Noto Sans CJK (SIL Open Font License 1.1, `assets/fonts/`).
pub struct CjkFont {
    pub language: Language,
    /// Its name among egui's fonts.
    pub name: &'static str,
    pub bytes: &'static [u8],
}

pub const CJK_FONTS: [CjkFont; 3] = [
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

/// egui's fonts with the CJK cuts after its first (Latin) font, `language`'s cut first:
/// the language names in the menu need the others even in English.
pub fn font_definitions(language: Language) -> egui::FontDefinitions {
    let mut definitions = egui::FontDefinitions::default();
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

/// Gives egui the fonts for the language in use, at start and at each change.
pub fn follow_language_in_fonts(
    mut contexts: EguiContexts,
    texts: Res<Texts>,
    mut installed: Local<Option<Language>>,
) -> Result {
    if *installed == Some(texts.language()) {
        return Ok(());
    }
    contexts
        .ctx_mut()?
        .set_fonts(font_definitions(texts.language()));
    *installed = Some(texts.language());
    Ok(())
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

    #[test]
    fn every_translated_character_is_in_its_font() {
        let body = egui::FontId::proportional(15.0);
        for font in &CJK_FONTS {
            let mut only_the_cut = egui::FontDefinitions::empty();
            only_the_cut.font_data.insert(
                font.name.to_owned(),
                Arc::new(egui::FontData::from_static(font.bytes)),
            );
            only_the_cut
                .families
                .insert(egui::FontFamily::Proportional, vec![font.name.to_owned()]);
            let cut = context_with(only_the_cut);
            let missing: String = translated_characters(font.language)
                .into_iter()
                .filter(|&c| is_cjk(c) && !cut.fonts_mut(|f| f.has_glyph(&body, c)))
                .collect();
            assert!(
                missing.is_empty(),
                "{} lacks {missing:?}: run tools/cut_cjk_fonts.py",
                font.name
            );
        }
        // Everything else (Latin, digits, symbols) is drawn by the whole chain.
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
