//! The keys of the engine's names (rules, levels, stones): the engine's own `label()` and
//! `name()` are English and stay for logs and files; the UI shows these keys' texts.

use gomoku_engine::ai::Level;
use gomoku_engine::{Rule, Stone};

/// The `common.rule.*` key of `rule`'s name.
pub fn rule_key(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "common.rule.freestyle",
        Rule::Standard => "common.rule.standard",
        Rule::Renju => "common.rule.renju",
    }
}

/// The `common.level.*` key of `level`'s name.
pub fn level_key(level: Level) -> &'static str {
    // `Level` holds only `Level::MIN..=Level::MAX`, one key a level (the test checks).
    match level.number() {
        1 => "common.level.beginner",
        2 => "common.level.novice",
        3 => "common.level.casual",
        4 => "common.level.club",
        5 => "common.level.expert",
        _ => "common.level.master",
    }
}

/// The `common.black`/`common.white` key of `stone`'s name.
pub fn stone_key(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "common.black",
        Stone::White => "common.white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Language, Texts};

    #[test]
    fn every_rule_level_and_stone_has_its_own_english_name() {
        let english = Texts::new(Language::English);
        for level in Level::all() {
            // The engine's English name is the text: a new level needs its own key.
            assert_eq!(english.text(level_key(level)), level.name(), "{level:?}");
        }
        for rule in Rule::ALL {
            assert_eq!(english.text(rule_key(rule)), rule.label(), "{rule:?}");
        }
        assert_eq!(english.text(stone_key(Stone::Black)), "Black");
        assert_eq!(english.text(stone_key(Stone::White)), "White");
    }
}
