//! Entities that present the match on the board, in three parts: the static board
//! (`board`), what mirrors the match's stones and marks (`stones`), and what overlays them
//! for the person at the board (`overlays`: the hover ghost and the hint ring). Colours
//! come from the active skin.

mod board;
mod overlays;
mod stones;

pub use board::{BoardRoot, star_points};
pub use overlays::{HintMarker, HoverGhost};
pub use stones::{ForbiddenMark, LastMoveMarker, StoneView, VictoryLine};

use crate::AppSystems;
use crate::board::BoardLayout;
use crate::screens::Screen;
use crate::theme::{ActiveSkin, apply_skin, paint};
use bevy::prelude::*;
use gomoku_engine::{Point, Stone};

/// Z layers, back to front.
const Z_BACKGROUND: f32 = 0.0;
const Z_LINES: f32 = 1.0;
const Z_STONES: f32 = 2.0;
const Z_HOVER: f32 = 2.5;
const Z_MARKER: f32 = 3.0;
const Z_VICTORY: f32 = 4.0;
/// Stone sprites are a little over a cell: the painted disc fills 90% of the image.
const STONE_SPRITE: f32 = 1.04;

/// A white disc tinted per use (star points, the marker, the hint ring).
#[derive(Resource)]
struct Disc(Handle<Image>);

impl FromWorld for Disc {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        Disc(images.add(paint::stone(Color::WHITE, None, 0.0)))
    }
}

/// Moves a mark (last move, hint ring, hover ghost) onto `p` at depth `z` and shows it,
/// or hides it when there is no point to mark. Says whether it is shown.
fn show_mark_at(
    p: Option<Point>,
    z: f32,
    layout: &BoardLayout,
    transform: &mut Transform,
    visibility: &mut Visibility,
) -> bool {
    let Some(p) = p else {
        *visibility = Visibility::Hidden;
        return false;
    };
    transform.translation = layout.local(p).extend(z);
    *visibility = Visibility::Inherited;
    true
}

fn stone_image(skin: &ActiveSkin, stone: Stone) -> Handle<Image> {
    skin.stones[(stone == Stone::White) as usize].clone()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Disc>()
        .add_systems(
            OnEnter(Screen::Playing),
            (
                board::spawn_board,
                stones::spawn_last_move_marker,
                overlays::spawn_overlays,
            )
                .chain()
                .after(apply_skin),
        )
        .add_systems(
            Update,
            (
                board::place_root,
                stones::sync_stones,
                stones::animate_appear,
                stones::update_last_move_marker,
                overlays::update_hover_ghost,
                overlays::update_hint_ring,
                stones::sync_forbidden_marks,
                stones::sync_victory_line,
                stones::animate_victory_line,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        );
}
