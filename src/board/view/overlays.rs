//! What is drawn over the match for the person at the board: the translucent stone under
//! the pointer or keyboard cursor, and the ring on the hint's point.

use super::{Disc, STONE_SPRITE, Z_HOVER, show_mark_at, stone_image};
use crate::ai::Hint;
use crate::board::BoardLayout;
use crate::game_match::Match;
use crate::input::Hover;
use crate::screens::Phase;
use crate::theme::ActiveSkin;
use bevy::prelude::*;

/// The hover ghost is a stone at half strength.
const GHOST_ALPHA: f32 = 0.5;
/// The hint ring is a disc a little smaller than a stone, under it.
const HINT_RING: f32 = 0.9;
/// The ring breathes slowly, calmer than the last-move flash, so the two differ.
const HINT_BREATH_PER_SEC: f32 = 2.5;
/// The ring's opacity: a base and the breath's swing above it.
const HINT_ALPHA: (f32, f32) = (0.35, 0.35);

/// The ring around the engine's suggested move (the HUD's Hint).
#[derive(Component)]
pub struct HintMarker;

/// The translucent stone under the pointer or keyboard cursor.
#[derive(Component)]
pub struct HoverGhost;

pub(super) fn spawn_overlays(
    mut commands: Commands,
    skin: Res<ActiveSkin>,
    disc: Res<Disc>,
    root: Single<Entity, With<super::BoardRoot>>,
) {
    commands.spawn((
        Name::new("Hint marker"),
        HintMarker,
        Sprite {
            image: disc.0.clone(),
            color: skin.marks.hint,
            custom_size: Some(Vec2::splat(HINT_RING)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_HOVER - 0.1),
        Visibility::Hidden,
        ChildOf(*root),
    ));
    commands.spawn((
        Name::new("Hover ghost"),
        HoverGhost,
        Sprite {
            custom_size: Some(Vec2::splat(STONE_SPRITE)),
            color: Color::WHITE.with_alpha(GHOST_ALPHA),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_HOVER),
        Visibility::Hidden,
        ChildOf(*root),
    ));
}

pub(super) fn update_hover_ghost(
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
    if show_mark_at(target, Z_HOVER, &layout, &mut t, &mut vis) {
        sprite.image = stone_image(&skin, game_match.game.to_move());
    }
}

pub(super) fn update_hint_ring(
    game_match: Res<Match>,
    hint: Res<Hint>,
    layout: Res<BoardLayout>,
    skin: Res<ActiveSkin>,
    time: Res<Time>,
    marker: Single<(&mut Transform, &mut Visibility, &mut Sprite), With<HintMarker>>,
) {
    let (mut t, mut vis, mut sprite) = marker.into_inner();
    let p = hint.point(&game_match);
    if show_mark_at(p, Z_HOVER - 0.1, &layout, &mut t, &mut vis) {
        let breath = (time.elapsed_secs() * HINT_BREATH_PER_SEC).sin() * 0.5 + 0.5;
        let (base, swing) = HINT_ALPHA;
        sprite.color = skin.marks.hint.with_alpha(base + swing * breath);
    }
}
