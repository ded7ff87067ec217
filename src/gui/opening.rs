//! The Swap2 opening in the HUD: what the opening waits for, and the chooser's buttons
//! when the chooser is a person at this machine.

use crate::game_match::{Match, MatchAction, OpeningStep, PlayerKind};
use crate::i18n::Texts;
use crate::tr;
use bevy_egui::egui;
use gomoku_engine::Stone;
use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};

/// Shows the opening's stage while it is undecided; the actions chosen go to `actions`.
pub(super) fn swap2_section(
    ui: &mut egui::Ui,
    texts: &Texts,
    game_match: &Match,
    actions: &mut Vec<MatchAction>,
) {
    let Some(stage) = game_match.swap2_stage() else {
        return;
    };
    let chooser = &game_match.players[game_match.mover()];
    let local = chooser.kind == PlayerKind::Human;
    let name = &chooser.name;
    let placed = game_match.game.moves().len();
    let text = match stage {
        Swap2Stage::PlaceThree => {
            tr!(texts, "hud.swap2-place-three", name = name, placed = placed)
        }
        Swap2Stage::SecondChooses => tr!(texts, "hud.swap2-second-chooses", name = name),
        Swap2Stage::PlaceTwo => tr!(
            texts,
            "hud.swap2-place-two",
            name = name,
            placed = placed.saturating_sub(3)
        ),
        Swap2Stage::FirstChooses => tr!(texts, "hud.swap2-first-chooses", name = name),
        Swap2Stage::Decided { .. } => return,
    };
    ui.colored_label(egui::Color32::from_rgb(235, 180, 60), text);
    if !local {
        return;
    }
    let mut step = None;
    ui.horizontal_wrapped(|ui| match stage {
        Swap2Stage::SecondChooses => {
            if ui.button(tr!(texts, "hud.swap2-take-white")).clicked() {
                step = Some(OpeningStep::Choose(Swap2Choice::TakeWhite));
            }
            if ui.button(tr!(texts, "hud.swap2-take-black")).clicked() {
                step = Some(OpeningStep::Choose(Swap2Choice::TakeBlack));
            }
            if ui.button(tr!(texts, "hud.swap2-place-two-more")).clicked() {
                step = Some(OpeningStep::Choose(Swap2Choice::PlaceTwo));
            }
        }
        Swap2Stage::FirstChooses => {
            if ui.button(tr!(texts, "hud.swap2-play-black")).clicked() {
                step = Some(OpeningStep::Colour(Stone::Black));
            }
            if ui.button(tr!(texts, "hud.swap2-play-white")).clicked() {
                step = Some(OpeningStep::Colour(Stone::White));
            }
        }
        _ => {}
    });
    if let Some(step) = step {
        actions.push(MatchAction::Swap2 {
            step,
            by: PlayerKind::Human,
        });
    }
}
