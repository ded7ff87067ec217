//! Where the board sits on screen, and the math between world positions and points.

use crate::AppSystems;
use crate::game_match::Match;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_engine::Point;

/// Cells of margin around the outer lines (room for the coordinates).
pub const MARGIN_CELLS: f32 = 1.0;
/// Share of the free area's shorter side the board takes.
const FILL: f32 = 0.95;

/// The board's placement in world space (one world unit = one logical pixel, origin at the
/// window's centre, y up). `cell` is the distance between neighbouring lines.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub center: Vec2,
    pub cell: f32,
    pub size: u8,
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout {
            center: Vec2::ZERO,
            cell: 40.0,
            size: 15,
        }
    }
}

impl BoardLayout {
    /// The largest square board that fits a free area of `area` centred at `center`.
    pub fn fit(center: Vec2, area: Vec2, size: u8) -> Self {
        let cell = (area.x.min(area.y) * FILL / (size as f32 - 1.0 + 2.0 * MARGIN_CELLS)).max(4.0);
        BoardLayout { center, cell, size }
    }

    /// A point's position in board units (cells), relative to the board's centre.
    pub fn local(&self, p: Point) -> Vec2 {
        let half = (self.size as f32 - 1.0) / 2.0;
        Vec2::new(p.col as f32 - half, p.row as f32 - half)
    }

    pub fn to_world(&self, p: Point) -> Vec2 {
        self.center + self.local(p) * self.cell
    }

    /// The intersection nearest a world position, or `None` off the board (more than half
    /// a cell beyond the outer lines).
    pub fn pick(&self, world: Vec2) -> Option<Point> {
        let half = (self.size as f32 - 1.0) / 2.0;
        let grid = (world - self.center) / self.cell + Vec2::splat(half);
        let (c, r) = (grid.x.round(), grid.y.round());
        let max = self.size as f32 - 1.0;
        (c >= 0.0 && r >= 0.0 && c <= max && r <= max).then(|| Point::new(c as u8, r as u8))
    }

    /// Half the side of the drawn board, outer margin included, in cells.
    pub fn half_extent_cells(&self) -> f32 {
        (self.size as f32 - 1.0) / 2.0 + MARGIN_CELLS
    }
}

/// Logical pixels on the right of the window taken by the HUD; the board centres in the rest.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ReservedRight(pub f32);

/// Logical pixels on the left of the window kept free of the board (the analysis bar).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ReservedLeft(pub f32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .init_resource::<ReservedRight>()
        .init_resource::<ReservedLeft>()
        .add_systems(Update, update_layout.before(AppSystems::RecordInput));
}

fn update_layout(
    window: Query<&Window, With<PrimaryWindow>>,
    right: Res<ReservedRight>,
    left: Res<ReservedLeft>,
    game_match: Res<Match>,
    mut layout: ResMut<BoardLayout>,
) {
    let size = game_match.game.size();
    let new = match window.single() {
        Ok(w) => {
            let area = Vec2::new((w.width() - right.0 - left.0).max(1.0), w.height());
            BoardLayout::fit(Vec2::new((left.0 - right.0) / 2.0, 0.0), area, size)
        }
        // Headless (tests): keep the placement, follow the board size.
        Err(_) => BoardLayout { size, ..*layout },
    };
    layout.set_if_neq(new);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_inverts_to_world_and_rejects_off_board() {
        let layout = BoardLayout::fit(Vec2::new(-100.0, 0.0), Vec2::new(600.0, 600.0), 15);
        for p in [Point::new(0, 0), Point::new(7, 7), Point::new(14, 3)] {
            let w = layout.to_world(p);
            assert_eq!(layout.pick(w), Some(p));
            assert_eq!(layout.pick(w + Vec2::splat(layout.cell * 0.45)), Some(p));
        }
        let corner = layout.to_world(Point::new(0, 0));
        assert_eq!(layout.pick(corner - Vec2::splat(layout.cell * 0.6)), None);
        assert_eq!(layout.pick(Vec2::new(10_000.0, 0.0)), None);
        // h8 is the centre.
        assert_eq!(layout.pick(Vec2::new(-100.0, 0.0)), Some(Point::new(7, 7)));
    }

    #[test]
    fn fit_keeps_the_board_square_inside_the_area() {
        let l = BoardLayout::fit(Vec2::ZERO, Vec2::new(1000.0, 500.0), 15);
        assert!(l.half_extent_cells() * 2.0 * l.cell <= 500.0);
    }
}
