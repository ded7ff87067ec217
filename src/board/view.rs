//! Entities that mirror the match: the board itself, stones (re-synced from the move
//! list, so undo, redo, load and new games need no special case), the last-move flash,
//! the hover ghost and the victory line.

use super::layout::BoardLayout;
use crate::AppSystems;
use crate::ai::Hint;
use crate::game_match::Match;
use crate::input::Hover;
use crate::screens::{Phase, Screen};
use crate::theme::{ActiveSkin, apply_skin, paint};
use bevy::prelude::*;
use gomoku_engine::{Game, Outcome, Point, Stone, renju};
use std::f32::consts::FRAC_PI_4;

/// Z layers, back to front.
const Z_BACKGROUND: f32 = 0.0;
const Z_LINES: f32 = 1.0;
const Z_STONES: f32 = 2.0;
const Z_HOVER: f32 = 2.5;
const Z_MARKER: f32 = 3.0;
const Z_VICTORY: f32 = 4.0;
/// Stone sprites are a little over a cell: the painted disc fills 90% of the image.
const STONE_SPRITE: f32 = 1.04;
const APPEAR_SECS: f32 = 0.16;
const VICTORY_SECS: f32 = 0.45;
const HINT_COLOUR: Color = Color::srgb(0.2, 0.85, 0.35);
const FORBIDDEN_COLOUR: Color = Color::srgb(0.9, 0.1, 0.08);

/// The parent of everything drawn on the board; its transform maps board units (cells,
/// origin at the centre) to the world, so a resize only touches this one transform.
#[derive(Component)]
pub struct BoardRoot;

/// A stone showing move number `index` of the game.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneView {
    pub index: usize,
    pub point: Point,
}

/// Grows a freshly placed stone into place.
#[derive(Component)]
struct Appear(f32);

/// The pulsing marker on the last move.
#[derive(Component)]
pub struct LastMoveMarker;

/// A red cross on a point where black may not play (Renju), shown while black is to move.
#[derive(Component, Debug)]
pub struct ForbiddenMark(pub Point);

/// The ring around the engine's suggested move (the HUD's Hint).
#[derive(Component)]
pub struct HintMarker;

/// The translucent stone under the pointer or keyboard cursor.
#[derive(Component)]
pub struct HoverGhost;

/// The line joining the winning stones; drawn from the first to the last over a moment.
#[derive(Component, Debug)]
pub struct VictoryLine {
    pub from: Point,
    pub to: Point,
    age: f32,
}

/// A white disc tinted per use (star points, the marker, the line's ends).
#[derive(Resource)]
struct Disc(Handle<Image>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Disc>()
        .add_systems(OnEnter(Screen::Playing), spawn_board.after(apply_skin))
        .add_systems(
            Update,
            (
                place_root,
                sync_stones,
                animate_appear,
                update_marker,
                update_hover,
                update_hint,
                sync_forbidden_marks,
                sync_victory_line,
                animate_victory_line,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Playing)),
        );
}

impl FromWorld for Disc {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        Disc(images.add(paint::stone(Color::WHITE, None, 0.0)))
    }
}

fn stone_image(skin: &ActiveSkin, stone: Stone) -> Handle<Image> {
    skin.stones[(stone == Stone::White) as usize].clone()
}

fn spawn_board(
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
        Sprite::from_color(Color::srgba(0.0, 0.0, 0.0, 0.35), Vec2::splat(extent + 0.3)),
        Transform::from_xyz(0.12, -0.16, Z_BACKGROUND - 0.1),
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
    let thin = 0.035;
    let thick = 0.07;
    for i in 0..size {
        let offset = i as f32 - half;
        let width = if i == 0 || i == size - 1 { thick } else { thin };
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
                custom_size: Some(Vec2::splat(0.2)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, Z_LINES + 0.1),
        ));
    }
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Sprite {
            image: disc.0.clone(),
            color: Color::srgb(0.9, 0.15, 0.1),
            custom_size: Some(Vec2::splat(0.3)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_MARKER),
        Visibility::Hidden,
        ChildOf(root),
    ));
    commands.spawn((
        Name::new("Hint marker"),
        HintMarker,
        Sprite {
            image: disc.0.clone(),
            color: HINT_COLOUR,
            custom_size: Some(Vec2::splat(0.9)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_HOVER - 0.1),
        Visibility::Hidden,
        ChildOf(root),
    ));
    commands.spawn((
        Name::new("Hover ghost"),
        HoverGhost,
        Sprite {
            custom_size: Some(Vec2::splat(STONE_SPRITE)),
            color: Color::srgba(1.0, 1.0, 1.0, 0.5),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_HOVER),
        Visibility::Hidden,
        ChildOf(root),
    ));
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

fn place_root(layout: Res<BoardLayout>, mut root: Query<&mut Transform, With<BoardRoot>>) {
    if !layout.is_changed() {
        return;
    }
    for mut t in &mut root {
        t.translation = layout.center.extend(0.0);
        t.scale = Vec3::splat(layout.cell);
    }
}

fn sync_stones(
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

fn animate_appear(
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

fn update_marker(
    game_match: Res<Match>,
    layout: Res<BoardLayout>,
    time: Res<Time>,
    marker: Single<(&mut Transform, &mut Visibility, &mut Sprite), With<LastMoveMarker>>,
) {
    let (mut t, mut vis, mut sprite) = marker.into_inner();
    let Some(last) = game_match.game.last_move() else {
        *vis = Visibility::Hidden;
        return;
    };
    let at = layout.local(last);
    t.translation = at.extend(Z_MARKER);
    *vis = Visibility::Inherited;
    let pulse = (time.elapsed_secs() * 5.0).sin() * 0.5 + 0.5;
    t.scale = Vec3::splat(0.8 + 0.4 * pulse);
    sprite.color = sprite.color.with_alpha(0.55 + 0.45 * pulse);
}

fn update_hover(
    game_match: Res<Match>,
    hover: Res<Hover>,
    phase: Res<State<Phase>>,
    layout: Res<BoardLayout>,
    skin: Res<ActiveSkin>,
    ghost: Single<(&mut Transform, &mut Visibility, &mut Sprite), With<HoverGhost>>,
) {
    let (mut t, mut vis, mut sprite) = ghost.into_inner();
    let target = hover
        .0
        .filter(|p| *phase.get() == Phase::HumanTurn && game_match.game.check(*p).is_ok());
    let Some(p) = target else {
        *vis = Visibility::Hidden;
        return;
    };
    t.translation = layout.local(p).extend(Z_HOVER);
    sprite.image = stone_image(&skin, game_match.game.to_move());
    *vis = Visibility::Inherited;
}

fn update_hint(
    game_match: Res<Match>,
    hint: Res<Hint>,
    layout: Res<BoardLayout>,
    time: Res<Time>,
    marker: Single<(&mut Transform, &mut Visibility, &mut Sprite), With<HintMarker>>,
) {
    let (mut t, mut vis, mut sprite) = marker.into_inner();
    let Some(p) = hint.point(&game_match) else {
        *vis = Visibility::Hidden;
        return;
    };
    t.translation = layout.local(p).extend(Z_HOVER - 0.1);
    *vis = Visibility::Inherited;
    // A slow breath, calmer than the last-move flash, so the two are not confused.
    let breath = (time.elapsed_secs() * 2.5).sin() * 0.5 + 0.5;
    sprite.color = HINT_COLOUR.with_alpha(0.35 + 0.35 * breath);
}

/// Re-marks black's forbidden points when the match changes or a new board appears (the
/// rule's recursion makes them cheap enough to recompute, but not every frame).
fn sync_forbidden_marks(
    mut commands: Commands,
    game_match: Res<Match>,
    layout: Res<BoardLayout>,
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
                        Sprite::from_color(FORBIDDEN_COLOUR, Vec2::new(0.5, 0.09)),
                        Transform::from_rotation(Quat::from_rotation_z(angle)),
                    ));
                }
            });
    }
}

fn sync_victory_line(
    mut commands: Commands,
    game_match: Res<Match>,
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
            Sprite::from_color(Color::srgba(0.95, 0.2, 0.15, 0.9), Vec2::new(0.0, 0.16)),
            Transform::from_xyz(0.0, 0.0, Z_VICTORY),
            ChildOf(*root),
        ));
    }
}

fn animate_victory_line(
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
