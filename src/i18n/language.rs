//! The four languages the game speaks, how they are named in tags, and which one the
//! system or the browser prefers.

use serde::{Deserialize, Serialize};

/// A language the game has translation files for (`assets/i18n/<tag>/`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    /// 简体中文, as written in mainland China and Singapore.
    SimplifiedChinese,
    /// 繁體中文, as written in Taiwan, Hong Kong and Macau.
    TraditionalChinese,
    Japanese,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::SimplifiedChinese,
        Language::TraditionalChinese,
        Language::Japanese,
    ];

    /// The BCP 47 tag, which is also the folder of its translation files.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::SimplifiedChinese => "zh-CN",
            Language::TraditionalChinese => "zh-TW",
            Language::Japanese => "ja",
        }
    }

    /// The language a BCP 47 tag (`ja-JP`, `zh-Hant-HK`, `zh_TW.UTF-8`, `en`) asks for,
    /// if the game speaks it. Plain `zh` means simplified Chinese, the larger readership.
    pub fn from_tag(tag: &str) -> Option<Language> {
        // POSIX locales write `zh_TW.UTF-8@variant`; only the language and region count.
        let tag = tag.split(['.', '@']).next().unwrap_or("").replace('_', "-");
        let mut parts = tag.split('-').map(str::to_ascii_lowercase);
        match parts.next()?.as_str() {
            "en" => Some(Language::English),
            "ja" => Some(Language::Japanese),
            "zh" => {
                let rest: Vec<String> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|p| matches!(p.as_str(), "hant" | "tw" | "hk" | "mo"));
                let simplified = rest.iter().any(|p| p == "hans");
                Some(if traditional && !simplified {
                    Language::TraditionalChinese
                } else {
                    Language::SimplifiedChinese
                })
            }
            _ => None,
        }
    }

    /// The first of the system's (or the browser's) preferred languages that the game
    /// speaks; English when it speaks none of them.
    pub fn preferred_by_system() -> Language {
        Self::first_spoken(sys_locale::get_locales())
    }

    /// The first of `tags`, in order of preference, that the game speaks.
    pub fn first_spoken(tags: impl IntoIterator<Item = String>) -> Language {
        tags.into_iter()
            .find_map(|tag| Language::from_tag(&tag))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_their_language_whatever_the_region_or_encoding() {
        for (tag, language) in [
            ("en", Some(Language::English)),
            ("en-GB", Some(Language::English)),
            ("ja-JP", Some(Language::Japanese)),
            ("zh", Some(Language::SimplifiedChinese)),
            ("zh-CN", Some(Language::SimplifiedChinese)),
            ("zh-Hans-HK", Some(Language::SimplifiedChinese)),
            ("zh-TW", Some(Language::TraditionalChinese)),
            ("zh-HK", Some(Language::TraditionalChinese)),
            ("zh-Hant", Some(Language::TraditionalChinese)),
            ("zh_TW.UTF-8", Some(Language::TraditionalChinese)),
            ("ja_JP.eucJP@x", Some(Language::Japanese)),
            ("fr-FR", None),
            ("", None),
        ] {
            assert_eq!(Language::from_tag(tag), language, "{tag}");
        }
        for language in Language::ALL {
            assert_eq!(Language::from_tag(language.tag()), Some(language));
        }
    }

    #[test]
    fn the_first_spoken_preference_wins_and_english_is_the_fallback() {
        let tags = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            Language::first_spoken(tags(&["fr-FR", "ja-JP", "zh-CN"])),
            Language::Japanese
        );
        assert_eq!(
            Language::first_spoken(tags(&["de", "ko"])),
            Language::English
        );
        assert_eq!(Language::first_spoken(tags(&[])), Language::English);
    }
}
