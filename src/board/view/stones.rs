//! Entities that mirror the match: the stones (re-synced from the move list, so undo,
//! redo, load and new games need no special case), the last-move flash, black's forbidden
//! points under Renju, and the line through a winning five.

use super::{
    BoardRoot, Disc, STONE_SPRITE, Z_MARKER, Z_STONES, Z_VICTORY, show_mark_at, stone_image,
};
use crate::board::BoardLayout;
use crate::game_match::Match;
use crate::theme::ActiveSkin;
use bevy::prelude::*;
use gomoku_engine::{Game, Outcome, Point, renju};
use std::f32::consts::FRAC_PI_4;

const APPEAR_SECS: f32 = 0.16;
const VICTORY_SECS: f32 = 0.45;
/// The last-move dot pulses quickly enough to catch the eye after the computer moves.
const MARKER_PULSE_PER_SEC: f32 = 5.0;
const MARKER_SIZE: f32 = 0.3;

/// A stone showing move number `index` of the game.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneView {
    pub index: usize,
    pub point: Point,
}

/// Grows a freshly placed stone into place.
#[derive(Component)]
pub(super) struct Appear(f32);

/// The pulsing marker on the last move.
#[derive(Component)]
pub struct LastMoveMarker;

/// A red cross on a point where black may not play (Renju), shown while black is to move.
#[derive(Component, Debug)]
pub struct ForbiddenMark(pub Point);

/// The line joining the winning stones; drawn from the first to the last over a moment.
#[derive(Component, Debug)]
pub struct VictoryLine {
    pub from: Point,
    pub to: Point,
    age: f32,
}

pub(super) fn spawn_last_move_marker(
    mut commands: Commands,
    skin: Res<ActiveSkin>,
    disc: Res<Disc>,
    root: Single<Entity, With<BoardRoot>>,
) {
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Sprite {
            image: disc.0.clone(),
            color: skin.marks.last_move,
            custom_size: Some(Vec2::splat(MARKER_SIZE)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_MARKER),
        Visibility::Hidden,
        ChildOf(*root),
    ));
}

pub(super) fn sync_stones(
    mut commands: Commands,
    game_match: Res<Match>,
    skin: Res<ActiveSkin>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    stones: Query<(Entity, &StoneView)>,
) {
    let moves = game_match.game.moves();
    let mut shown: Vec<Option<Entity>> = vec![None; moves.len()];
    for (entity, view) in &stones {
        match moves.get(view.index) {
            Some(m) if m.point == view.point && shown[view.index].is_none() => {
                shown[view.index] = Some(entity)
            }
            _ => commands.entity(entity).despawn(),
        }
    }
    for (index, m) in moves.iter().enumerate() {
        if shown[index].is_some() {
            continue;
        }
        let at = layout.local(m.point);
        commands.spawn((
            Name::new(format!("Stone {}", index + 1)),
            StoneView {
                index,
                point: m.point,
            },
            Sprite {
                image: stone_image(&skin, Game::stone_of(index)),
                custom_size: Some(Vec2::splat(STONE_SPRITE)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, Z_STONES + index as f32 * 1e-4)
                .with_scale(Vec3::splat(0.7)),
            Appear(0.0),
            ChildOf(*root),
        ));
    }
}

pub(super) fn animate_appear(
    mut commands: Commands,
    time: Res<Time>,
    mut stones: Query<(Entity, &mut Appear, &mut Transform)>,
) {
    for (entity, mut appear, mut t) in &mut stones {
        appear.0 += time.delta_secs();
        let k = (appear.0 / APPEAR_SECS).min(1.0);
        // Ease out with a touch of overshoot, like a stone settling.
        let s = 1.0 + 0.08 * (k * std::f32::consts::PI).sin() - 0.3 * (1.0 - k).powi(2);
        t.scale = Vec3::splat(s);
        if k >= 1.0 {
            t.scale = Vec3::ONE;
            commands.entity(entity).remove::<Appear>();
        }
    }
}

pub(super) fn update_last_move_marker(
    game_match: Res<Match>,
    layout: Res<BoardLayout>,
    time: Res<Time>,
    marker: Single<(&mut Transform, &mut Visibility, &mut Sprite), With<LastMoveMarker>>,
) {
    let (mut t, mut vis, mut sprite) = marker.into_inner();
    let last = game_match.game.last_move();
    if show_mark_at(last, Z_MARKER, &layout, &mut t, &mut vis) {
        let pulse = (time.elapsed_secs() * MARKER_PULSE_PER_SEC).sin() * 0.5 + 0.5;
        t.scale = Vec3::splat(0.8 + 0.4 * pulse);
        sprite.color = sprite.color.with_alpha(0.55 + 0.45 * pulse);
    }
}

/// Re-marks black's forbidden points when the match changes or a new board appears (the
/// rule's recursion makes them cheap enough to recompute, but not every frame).
pub(super) fn sync_forbidden_marks(
    mut commands: Commands,
    game_match: Res<Match>,
    layout: Res<BoardLayout>,
    skin: Res<ActiveSkin>,
    root: Single<(Entity, Ref<BoardRoot>)>,
    marks: Query<(Entity, &ForbiddenMark)>,
) {
    let (root, board) = root.into_inner();
    if !game_match.is_changed() && !board.is_added() {
        return;
    }
    let game = &game_match.game;
    let wanted = if !game.is_over() && game.rule().has_forbidden_moves(game.to_move()) {
        renju::forbidden_points(game.board())
    } else {
        Vec::new()
    };
    let mut shown: Vec<Point> = marks.iter().map(|(_, mark)| mark.0).collect();
    shown.sort_by_key(|p| (p.row, p.col));
    if shown == wanted {
        return;
    }
    for (entity, _) in &marks {
        commands.entity(entity).despawn();
    }
    for &p in &wanted {
        let at = layout.local(p);
        commands
            .spawn((
                Name::new("Forbidden mark"),
                ForbiddenMark(p),
                Transform::from_xyz(at.x, at.y, Z_MARKER - 0.1),
                Visibility::default(),
                ChildOf(root),
            ))
            .with_children(|cross| {
                for angle in [FRAC_PI_4, -FRAC_PI_4] {
                    cross.spawn((
                        Sprite::from_color(skin.marks.forbidden, Vec2::new(0.5, 0.09)),
                        Transform::from_rotation(Quat::from_rotation_z(angle)),
                    ));
                }
            });
    }
}

pub(super) fn sync_victory_line(
    mut commands: Commands,
    game_match: Res<Match>,
    skin: Res<ActiveSkin>,
    root: Single<Entity, With<BoardRoot>>,
    lines: Query<(Entity, &VictoryLine)>,
) {
    let wanted = match game_match.game.outcome() {
        Outcome::Won { line, .. } => line.first().zip(line.last()).map(|(a, b)| (*a, *b)),
        _ => None,
    };
    let mut found = false;
    for (entity, line) in &lines {
        if Some((line.from, line.to)) == wanted && !found {
            found = true;
        } else {
            commands.entity(entity).despawn();
        }
    }
    if let (Some((from, to)), false) = (wanted, found) {
        commands.spawn((
            Name::new("Victory line"),
            VictoryLine { from, to, age: 0.0 },
            Sprite::from_color(skin.marks.victory, Vec2::new(0.0, 0.16)),
            Transform::from_xyz(0.0, 0.0, Z_VICTORY),
            ChildOf(*root),
        ));
    }
}

pub(super) fn animate_victory_line(
    time: Res<Time>,
    layout: Res<BoardLayout>,
    mut lines: Query<(&mut VictoryLine, &mut Transform, &mut Sprite)>,
) {
    for (mut line, mut t, mut sprite) in &mut lines {
        line.age += time.delta_secs();
        let (a, b) = (layout.local(line.from), layout.local(line.to));
        let k = (line.age / VICTORY_SECS).min(1.0);
        let k = 1.0 - (1.0 - k).powi(3);
        // Overhang half a stone at each end once fully drawn.
        let dir = (b - a).normalize_or_zero();
        let start = a - dir * 0.35;
        let full = (b - a).length() + 0.7;
        let len = full * k;
        t.translation = (start + dir * len / 2.0).extend(Z_VICTORY);
        t.rotation = Quat::from_rotation_z(dir.y.atan2(dir.x));
        let glow = (line.age * 4.0).sin() * 0.1 + 0.9;
        sprite.custom_size = Some(Vec2::new(len, 0.16));
        sprite.color = sprite.color.with_alpha(glow);
    }
}
