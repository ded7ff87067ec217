//! Where the board sits on screen, and the math between world positions and points.

use super::zoom::BoardZoom;
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

/// The HUD's width beside the board, in logical pixels.
pub const SIDE_PANEL_WIDTH: f32 = 290.0;
/// The least height the HUD keeps under the board when it goes there.
pub const MIN_BOTTOM_PANEL: f32 = 260.0;

/// Logical pixels at each edge of the window kept free of the board: the HUD's panel, the
/// analysis bar's strip. Each panel writes its own edges; the board centres in the rest.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ReservedArea {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

impl ReservedArea {
    /// Is `pos` (logical pixels from the window's top-left) on a reserved edge of a window
    /// `size` large?
    pub fn contains(&self, size: Vec2, pos: Vec2) -> bool {
        pos.x < self.left
            || pos.x >= size.x - self.right
            || pos.y < self.top
            || pos.y >= size.y - self.bottom
    }
}

/// Where the HUD goes, decided from the window's shape each frame (`update_layout`):
/// beside the board, or under it where a side panel would squeeze the board (a phone held
/// upright). Under the board it is as tall as the full-width board leaves.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum HudPlace {
    #[default]
    Right,
    Below {
        height: f32,
    },
}

impl HudPlace {
    /// The HUD's place in a `size` window, `top` pixels of which are kept above the board.
    /// It goes under the board when that gives the board more room than a side panel does.
    pub fn for_window(size: Vec2, top: f32) -> Self {
        let beside = (size.x - SIDE_PANEL_WIDTH).min(size.y);
        // The board's side when the HUD goes below: the width, or what leaves the HUD its
        // least height.
        let above = size.x.min(size.y - top - MIN_BOTTOM_PANEL);
        if above > beside {
            HudPlace::Below {
                height: (size.y - top - above.max(0.0)).max(0.0),
            }
        } else {
            HudPlace::Right
        }
    }

    pub fn is_below(self) -> bool {
        matches!(self, HudPlace::Below { .. })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .init_resource::<ReservedArea>()
        .init_resource::<HudPlace>()
        .add_systems(Update, update_layout.before(AppSystems::RecordInput));
}

fn update_layout(
    window: Query<&Window, With<PrimaryWindow>>,
    reserved: Res<ReservedArea>,
    game_match: Res<Match>,
    mut zoom: ResMut<BoardZoom>,
    mut layout: ResMut<BoardLayout>,
    mut place: ResMut<HudPlace>,
) {
    // A new board size starts unzoomed.
    if game_match.game.size() != layout.size {
        zoom.set_if_neq(BoardZoom::default());
    }
    let size = game_match.game.size();
    let new = match window.single() {
        Ok(w) => {
            let window = Vec2::new(w.width(), w.height());
            place.set_if_neq(HudPlace::for_window(window, reserved.top));
            let r = &*reserved;
            let area = Vec2::new(
                (window.x - r.left - r.right).max(1.0),
                (window.y - r.top - r.bottom).max(1.0),
            );
            // World y is up: a strip kept at the top moves the board down.
            let center = Vec2::new((r.left - r.right) / 2.0, (r.bottom - r.top) / 2.0);
            let fitted = BoardLayout::fit(center, area, size);
            zoom.set_if_neq(zoom.refitted(&fitted));
            zoom.apply(fitted)
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

    #[test]
    fn the_hud_goes_under_the_board_where_a_side_panel_would_squeeze_it() {
        // A desktop window, a small one, a landscape tablet: beside.
        for (w, h) in [(1280.0, 800.0), (800.0, 600.0), (1024.0, 768.0)] {
            assert_eq!(HudPlace::for_window(Vec2::new(w, h), 0.0), HudPlace::Right);
        }
        // A phone held upright: below, under a board as wide as the window.
        assert_eq!(
            HudPlace::for_window(Vec2::new(390.0, 844.0), 0.0),
            HudPlace::Below { height: 454.0 }
        );
        // A tablet held upright: below too, with its least height.
        assert_eq!(
            HudPlace::for_window(Vec2::new(768.0, 1024.0), 0.0),
            HudPlace::Below {
                height: MIN_BOTTOM_PANEL
            }
        );
        // A short phone: the board shrinks to leave the HUD its least height.
        assert_eq!(
            HudPlace::for_window(Vec2::new(390.0, 600.0), 40.0),
            HudPlace::Below {
                height: MIN_BOTTOM_PANEL
            }
        );
        let kept = ReservedArea {
            bottom: 100.0,
            ..default()
        };
        let window = Vec2::new(390.0, 844.0);
        assert!(kept.contains(window, Vec2::new(10.0, 800.0)));
        assert!(!kept.contains(window, Vec2::new(10.0, 700.0)));
    }
}
