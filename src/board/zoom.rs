//! Pinch to zoom the board, and a finger's drag to move it while zoomed: on a phone a
//! 19×19 board has 18-pixel cells, too small to hit a point reliably with a finger. The
//! zoom only enlarges (the fitted board is the least), up to finger-sized cells, and the
//! board always covers the area it was fitted to.

use super::layout::{BoardLayout, ReservedArea};
use crate::AppSystems;
use crate::screens::Screen;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::HashSet;

/// The largest cell a zoom makes, in logical pixels: a fingertip's width, with room.
pub const MAX_ZOOMED_CELL: f32 = 48.0;

/// How far a finger moves before its touch is a drag of the board, in logical pixels (as
/// far as a tap may move: `input::TAP_SLOP`).
const DRAG_SLOP: f32 = 16.0;

/// The board's zoom over its fitted layout: `scale` times the fitted cell, the centre
/// moved by `offset` (world units). `update_layout` applies it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardZoom {
    pub scale: f32,
    pub offset: Vec2,
}

impl Default for BoardZoom {
    fn default() -> Self {
        BoardZoom {
            scale: 1.0,
            offset: Vec2::ZERO,
        }
    }
}

/// Touches that were part of a pinch or a drag of the board: lifting them is no tap.
#[derive(Resource, Default, Debug)]
pub struct GestureTouches(pub HashSet<u64>);

impl BoardZoom {
    pub fn is_zoomed(&self) -> bool {
        self.scale > 1.0
    }

    /// The layout `fitted` shows with this zoom.
    pub fn apply(&self, fitted: BoardLayout) -> BoardLayout {
        BoardLayout {
            center: fitted.center + self.offset,
            cell: fitted.cell * self.scale,
            ..fitted
        }
    }

    /// The most `scale` may be over `fitted`: cells up to `MAX_ZOOMED_CELL`, never less
    /// than the fitted board.
    fn max_scale(fitted: &BoardLayout) -> f32 {
        (MAX_ZOOMED_CELL / fitted.cell).max(1.0)
    }

    /// Zooms by `factor` around `at` (world): the board point under `at` stays there.
    pub fn zoom_at(&mut self, fitted: &BoardLayout, at: Vec2, factor: f32) {
        let before = self.apply(*fitted);
        self.scale = (self.scale * factor).clamp(1.0, Self::max_scale(fitted));
        let under = (at - before.center) / before.cell;
        let cell = fitted.cell * self.scale;
        self.offset = at - under * cell - fitted.center;
        self.clamp(fitted);
    }

    /// This zoom for a new fitted layout (a turned phone, a resized window, a panel that
    /// grew): within its scale limits and covering its square.
    pub fn refitted(mut self, fitted: &BoardLayout) -> BoardZoom {
        self.scale = self.scale.clamp(1.0, Self::max_scale(fitted));
        self.clamp(fitted);
        self
    }

    /// Moves the board by `delta` (world units).
    pub fn pan(&mut self, fitted: &BoardLayout, delta: Vec2) {
        self.offset += delta;
        self.clamp(fitted);
    }

    /// Keeps the zoomed board over all of the fitted board's square: no edge of it moves
    /// inside that square, so no empty strip shows beside the board.
    fn clamp(&mut self, fitted: &BoardLayout) {
        let fitted_half = fitted.half_extent_cells() * fitted.cell;
        let slack = (fitted_half * self.scale - fitted_half).max(0.0);
        self.offset = self.offset.clamp(Vec2::splat(-slack), Vec2::splat(slack));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardZoom>()
        .init_resource::<GestureTouches>()
        .add_systems(
            Update,
            pinch_and_drag
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnEnter(Screen::Playing), |mut zoom: ResMut<BoardZoom>| {
            *zoom = BoardZoom::default();
        });
}

/// Window position (y down, from the top-left) to world (y up, from the centre).
fn to_world(window: Vec2, pos: Vec2) -> Vec2 {
    Vec2::new(pos.x - window.x / 2.0, window.y / 2.0 - pos.y)
}

/// Two fingers on the board pinch it (and move it with their midpoint); one finger that
/// drags a zoomed board moves it. Touches that begin on a panel are the panel's.
pub(crate) fn pinch_and_drag(
    touches: Option<Res<Touches>>,
    window: Query<&Window, With<PrimaryWindow>>,
    reserved: Res<ReservedArea>,
    layout: Res<BoardLayout>,
    mut zoom: ResMut<BoardZoom>,
    mut gesture: ResMut<GestureTouches>,
) {
    let (Some(touches), Ok(window)) = (touches, window.single()) else {
        return;
    };
    let size = Vec2::new(window.width(), window.height());
    // The layout before this frame's zoom is the fitted one with the zoom undone.
    let fitted = BoardLayout {
        center: layout.center - zoom.offset,
        cell: layout.cell / zoom.scale,
        ..*layout
    };
    let on_board: Vec<_> = touches
        .iter()
        .filter(|t| !reserved.contains(size, t.start_position()))
        .collect();
    match on_board.as_slice() {
        [a, b] => {
            gesture.0.extend([a.id(), b.id()]);
            let (before_a, before_b) = (a.previous_position(), b.previous_position());
            let (now_a, now_b) = (a.position(), b.position());
            let spread_before = before_a.distance(before_b);
            if spread_before > 1.0 {
                let middle = to_world(size, (now_a + now_b) / 2.0);
                let moved = (now_a + now_b - before_a - before_b) / 2.0;
                let mut next = *zoom;
                next.pan(&fitted, Vec2::new(moved.x, -moved.y));
                next.zoom_at(&fitted, middle, now_a.distance(now_b) / spread_before);
                zoom.set_if_neq(next);
            }
        }
        [one]
            if zoom.is_zoomed()
                && (gesture.0.contains(&one.id())
                    || one.start_position().distance(one.position()) > DRAG_SLOP) =>
        {
            gesture.0.insert(one.id());
            let delta = one.delta();
            let mut next = *zoom;
            next.pan(&fitted, Vec2::new(delta.x, -delta.y));
            zoom.set_if_neq(next);
        }
        _ => {}
    }
    // Forget touches once lifted, after `tap_to_place` has seen them this frame.
    if touches.iter().next().is_none() && touches.iter_just_released().next().is_none() {
        gesture.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phone_board() -> BoardLayout {
        // A 19×19 board across a 390-pixel-wide phone: about 18-pixel cells.
        BoardLayout::fit(Vec2::new(0.0, 200.0), Vec2::new(390.0, 390.0), 19)
    }

    #[test]
    fn a_pinch_keeps_the_point_under_the_fingers_and_stops_at_finger_sized_cells() {
        let fitted = phone_board();
        assert!(fitted.cell < 20.0, "{}", fitted.cell);
        let mut zoom = BoardZoom::default();
        let at = fitted.to_world(gomoku_engine::Point::new(12, 12));
        zoom.zoom_at(&fitted, at, 2.0);
        let zoomed = zoom.apply(fitted);
        assert!((zoomed.cell - 2.0 * fitted.cell).abs() < 1e-3);
        assert!(
            zoomed
                .to_world(gomoku_engine::Point::new(12, 12))
                .distance(at)
                < 1e-3
        );
        zoom.zoom_at(&fitted, at, 10.0);
        assert!((zoom.apply(fitted).cell - MAX_ZOOMED_CELL).abs() < 1e-3);
        // Pinching in never shrinks the board below its fitted size, and centres it.
        zoom.zoom_at(&fitted, at, 0.01);
        assert_eq!(zoom, BoardZoom::default());
    }

    #[test]
    fn a_zoomed_board_moves_but_always_covers_its_square() {
        let fitted = phone_board();
        let mut zoom = BoardZoom::default();
        zoom.pan(&fitted, Vec2::new(50.0, 0.0));
        assert_eq!(zoom.offset, Vec2::ZERO, "an unzoomed board does not move");
        zoom.zoom_at(&fitted, fitted.center, 2.0);
        zoom.pan(&fitted, Vec2::new(10_000.0, -10_000.0));
        let zoomed = zoom.apply(fitted);
        let half = |l: &BoardLayout| l.half_extent_cells() * l.cell;
        // The zoomed board's left edge is at the fitted square's left edge, not inside it.
        assert!((zoomed.center.x - half(&zoomed) - (fitted.center.x - half(&fitted))).abs() < 1e-3);
        assert!((zoomed.center.y + half(&zoomed) - (fitted.center.y + half(&fitted))).abs() < 1e-3);
        // A smaller area (the HUD under the board grew) keeps the zoom inside its limits.
        let smaller = BoardLayout::fit(Vec2::new(0.0, 230.0), Vec2::new(330.0, 330.0), 19);
        let refitted = zoom.refitted(&smaller);
        let kept = refitted.apply(smaller);
        assert!(kept.cell <= MAX_ZOOMED_CELL + 1e-3);
        assert!((kept.center.x - half(&kept) - (smaller.center.x - half(&smaller))).abs() < 1e-3);
        // A big board's cells may already be finger-sized: then there is no zoom at all.
        let desktop = BoardLayout::fit(Vec2::ZERO, Vec2::new(1000.0, 1000.0), 15);
        let mut zoom = BoardZoom::default();
        zoom.zoom_at(&desktop, Vec2::ZERO, 3.0);
        assert_eq!(zoom, BoardZoom::default());
    }
}
