//! The static board: its background, shadow, lines and star points, under one root whose
//! transform maps board units (cells, origin at the centre) to the world.

use super::{Disc, Z_BACKGROUND, Z_LINES};
use crate::board::BoardLayout;
use crate::screens::Screen;
use crate::theme::ActiveSkin;
use bevy::prelude::*;
use gomoku_engine::Point;

/// Line widths in cells: the border is drawn twice as thick as the grid.
const GRID_LINE: f32 = 0.035;
const BORDER_LINE: f32 = 0.07;
/// How far the shadow falls, and how much larger than the board it is, in cells.
const SHADOW_OFFSET: Vec2 = Vec2::new(0.12, -0.16);
const SHADOW_GROWTH: f32 = 0.3;
const STAR_POINT: f32 = 0.2;

/// The parent of everything drawn on the board; a resize only touches its transform.
#[derive(Component)]
pub struct BoardRoot;

pub(super) fn spawn_board(
    mut commands: Commands,
    skin: Res<ActiveSkin>,
    layout: Res<BoardLayout>,
    disc: Res<Disc>,
) {
    let size = layout.size;
    let half = (size as f32 - 1.0) / 2.0;
    let extent = layout.half_extent_cells() * 2.0;
    let root = commands
        .spawn((
            Name::new("Board"),
            BoardRoot,
            DespawnOnExit(Screen::Playing),
            Transform::from_translation(layout.center.extend(0.0))
                .with_scale(Vec3::splat(layout.cell)),
            Visibility::default(),
        ))
        .id();
    let mut child = |bundle: (Name, Sprite, Transform)| {
        commands.spawn((bundle, ChildOf(root)));
    };
    child((
        Name::new("Board shadow"),
        Sprite::from_color(skin.marks.board_shadow, Vec2::splat(extent + SHADOW_GROWTH)),
        Transform::from_translation(SHADOW_OFFSET.extend(Z_BACKGROUND - 0.1)),
    ));
    child((
        Name::new("Board background"),
        Sprite {
            image: skin.background.clone(),
            custom_size: Some(Vec2::splat(extent)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_BACKGROUND),
    ));
    for i in 0..size {
        let offset = i as f32 - half;
        let width = if i == 0 || i == size - 1 {
            BORDER_LINE
        } else {
            GRID_LINE
        };
        let span = 2.0 * half + width;
        child((
            Name::new(format!("Row line {}", i + 1)),
            Sprite::from_color(skin.line, Vec2::new(span, width)),
            Transform::from_xyz(0.0, offset, Z_LINES),
        ));
        child((
            Name::new(format!("Column line {}", i + 1)),
            Sprite::from_color(skin.line, Vec2::new(width, span)),
            Transform::from_xyz(offset, 0.0, Z_LINES),
        ));
    }
    for p in star_points(size) {
        let at = layout.local(p);
        child((
            Name::new("Star point"),
            Sprite {
                image: disc.0.clone(),
                color: skin.line,
                custom_size: Some(Vec2::splat(STAR_POINT)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, Z_LINES + 0.1),
        ));
    }
}

/// The traditional marked points: 3-3 style corners plus the centre on boards of 13+,
/// only the centre on smaller odd boards.
pub fn star_points(size: u8) -> Vec<Point> {
    let mut out = Vec::new();
    if size >= 13 {
        let (a, b) = (3, size - 4);
        out.extend([
            Point::new(a, a),
            Point::new(a, b),
            Point::new(b, a),
            Point::new(b, b),
        ]);
    }
    if size % 2 == 1 {
        out.push(Point::new(size / 2, size / 2));
    }
    out
}

pub(super) fn place_root(
    layout: Res<BoardLayout>,
    mut root: Query<&mut Transform, With<BoardRoot>>,
) {
    if !layout.is_changed() {
        return;
    }
    for mut t in &mut root {
        t.translation = layout.center.extend(0.0);
        t.scale = Vec3::splat(layout.cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_common_boards() {
        assert_eq!(star_points(15).len(), 5);
        assert!(star_points(15).contains(&Point::new(7, 7)));
        assert!(star_points(15).contains(&Point::new(3, 11)));
        assert_eq!(star_points(9), vec![Point::new(4, 4)]);
        assert_eq!(star_points(10), vec![]);
    }
}
