//! The HUD's move list: the game's tree, main line first and each variation in
//! parentheses on a row of its own, indented by how deeply it is nested; the current move
//! is highlighted and a click goes to a move. Buttons step along the line, switch between
//! variations, promote the current line to the main line and delete the current move.

use crate::game_match::{Match, MatchAction};
use crate::i18n::Texts;
use crate::tr;
use bevy_egui::egui;
use gomoku_engine::Game;
use gomoku_engine::game::{Sibling, TreeItem};
use gomoku_engine::notation::format_point;

/// Indentation of a variation's row, per level of nesting.
const INDENT: f32 = 12.0;
/// The list's height before it scrolls.
const LIST_HEIGHT: f32 = 130.0;

/// The buttons' glyphs: egui's default fonts have them (see the test below).
const BACK: &str = "⏴";
const FORWARD: &str = "⏵";
const UP: &str = "⏶";
const DOWN: &str = "⏷";

/// Draws the section; what the player asks for goes into `actions`. `scroll` brings the
/// current move into view (when the match changed).
pub(super) fn section(
    ui: &mut egui::Ui,
    texts: &Texts,
    game_match: &Match,
    scroll: bool,
    actions: &mut Vec<MatchAction>,
) {
    let game = &game_match.game;
    ui.horizontal(|ui| {
        ui.label(tr!(texts, "analysis.tree.moves"));
        if let Some((index, total)) = game.variation_of_last().filter(|(_, n)| *n > 1) {
            let variation = tr!(
                texts,
                "analysis.tree.variation",
                index = index + 1,
                total = total
            );
            ui.label(egui::RichText::new(variation).small().weak());
        }
    });
    // Wrapped: six buttons are wider than the HUD.
    ui.horizontal_wrapped(|ui| {
        let mut button = |enabled: bool, text: &str, hover: &str, action: MatchAction| {
            if ui
                .add_enabled(enabled, egui::Button::new(text))
                .on_hover_text(hover)
                .on_disabled_hover_text(hover)
                .clicked()
            {
                actions.push(action);
            }
        };
        button(
            game_match.can_undo(),
            BACK,
            tr!(texts, "analysis.tree.back"),
            MatchAction::Undo,
        );
        button(
            game_match.can_redo(),
            FORWARD,
            tr!(texts, "analysis.tree.forward"),
            MatchAction::Redo,
        );
        button(
            game_match.can_switch_variation(Sibling::Previous),
            UP,
            tr!(texts, "analysis.tree.previous-variation"),
            MatchAction::SwitchVariation(Sibling::Previous),
        );
        button(
            game_match.can_switch_variation(Sibling::Next),
            DOWN,
            tr!(texts, "analysis.tree.next-variation"),
            MatchAction::SwitchVariation(Sibling::Next),
        );
        button(
            game_match.can_promote(),
            tr!(texts, "analysis.tree.promote"),
            tr!(texts, "analysis.tree.promote-tooltip"),
            MatchAction::PromoteLine,
        );
        button(
            game_match.can_delete(),
            tr!(texts, "analysis.tree.delete"),
            tr!(texts, "analysis.tree.delete-tooltip"),
            MatchAction::DeleteMove,
        );
    });
    egui::ScrollArea::vertical()
        .id_salt("move-tree")
        .max_height(LIST_HEIGHT)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            move_list(ui, texts, game, game_match.can_navigate(), scroll, actions);
        });
}

/// The tree as wrapped rows of moves (`12.h8`): the main line, and each variation on rows
/// of its own in parentheses.
fn move_list(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &Game,
    clickable: bool,
    scroll: bool,
    actions: &mut Vec<MatchAction>,
) {
    let items = game.tree_items();
    if items.is_empty() {
        ui.label(egui::RichText::new(tr!(texts, "analysis.tree.no-moves")).weak());
        return;
    }
    let current = game.current_path();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(3.0, 2.0);
        let new_row = |ui: &mut egui::Ui, level: usize| {
            ui.end_row();
            ui.add_space(INDENT * level as f32);
        };
        // After a variation closes, the line it branched from goes on in a row of its own.
        let mut resume: Option<usize> = None;
        for item in &items {
            match item {
                TreeItem::VariationStart { level } => {
                    resume = None;
                    new_row(ui, *level);
                    ui.label(egui::RichText::new("(").weak());
                }
                TreeItem::VariationEnd { level } => {
                    ui.label(egui::RichText::new(")").weak());
                    resume = Some(level - 1);
                }
                TreeItem::Move { mv, path, level } => {
                    if let Some(level) = resume.take() {
                        new_row(ui, level);
                    }
                    let here = path.as_slice() == current;
                    // The moves that lead to the position stand out; variations are quieter.
                    let mut text =
                        egui::RichText::new(format!("{}.{}", path.len(), format_point(mv.point)))
                            .monospace();
                    if current.starts_with(path) {
                        text = text.strong();
                    } else if *level > 0 {
                        text = text.weak();
                    }
                    let response = ui
                        .add_enabled(clickable, egui::Button::selectable(here, text))
                        .on_hover_text(tr!(texts, "analysis.tree.go-to"));
                    if here && scroll {
                        response.scroll_to_me(None);
                    }
                    if response.clicked() && !here {
                        actions.push(MatchAction::GoTo(path.clone()));
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buttons_glyphs_are_in_the_games_fonts() {
        let ctx = egui::Context::default();
        ctx.set_fonts(crate::i18n::font_definitions(
            crate::i18n::Language::English,
        ));
        let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
        let glyphs = [BACK, FORWARD, UP, DOWN].concat();
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            let font = egui::FontId::new(15.0, family.clone());
            assert!(
                ctx.fonts_mut(|fonts| fonts.has_glyphs(&font, &glyphs)),
                "{family:?} lacks one of {glyphs}"
            );
        }
    }
}
