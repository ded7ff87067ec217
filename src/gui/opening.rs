//! The Swap2 opening in the HUD: what the opening waits for, and the chooser's buttons
//! when the chooser is a person at this machine.

use crate::game_match::{Match, MatchAction, OpeningStep, PlayerKind};
use bevy_egui::egui;
use gomoku_engine::Stone;
use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};

/// Shows the opening's stage while it is undecided; the actions chosen go to `actions`.
pub(super) fn swap2_section(ui: &mut egui::Ui, game_match: &Match, actions: &mut Vec<MatchAction>) {
    let Some(stage) = game_match.swap2_stage() else {
        return;
    };
    let chooser = &game_match.players[game_match.mover()];
    let local = chooser.kind == PlayerKind::Human;
    let name = &chooser.name;
    let placed = game_match.game.moves().len();
    let text = match stage {
        Swap2Stage::PlaceThree => format!("Swap2: {name} places three stones ({placed} of 3)."),
        Swap2Stage::SecondChooses => format!("Swap2: {name} takes a colour or places two more."),
        Swap2Stage::PlaceTwo => {
            format!(
                "Swap2: {name} places two more stones ({} of 2).",
                placed - 3
            )
        }
        Swap2Stage::FirstChooses => format!("Swap2: {name} chooses a colour."),
        Swap2Stage::Decided { .. } => return,
    };
    ui.colored_label(egui::Color32::from_rgb(235, 180, 60), text);
    if !local {
        return;
    }
    let mut step = None;
    ui.horizontal_wrapped(|ui| match stage {
        Swap2Stage::SecondChooses => {
            if ui.button("Take white").clicked() {
                step = Some(OpeningStep::Choose(Swap2Choice::TakeWhite));
            }
            if ui.button("Take black").clicked() {
                step = Some(OpeningStep::Choose(Swap2Choice::TakeBlack));
            }
            if ui.button("Place two more").clicked() {
                step = Some(OpeningStep::Choose(Swap2Choice::PlaceTwo));
            }
        }
        Swap2Stage::FirstChooses => {
            if ui.button("Play black").clicked() {
                step = Some(OpeningStep::Colour(Stone::Black));
            }
            if ui.button("Play white").clicked() {
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
