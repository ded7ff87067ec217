//! Pointer, touch and keyboard into board points and match actions.

use crate::AppSystems;
use crate::ai::AskHint;
use crate::analysis::ToggleAnalysis;
use crate::board::zoom::{GestureTouches, pinch_and_drag};
use crate::board::{BoardLayout, ReservedArea};
use crate::game_match::{Match, MatchAction, PlayerKind};
use crate::review::ReviewCommand;
use crate::screens::{Phase, Screen};
use crate::settings::{Settings, persist};
use crate::storage::Store;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_engine::game::Sibling;
use gomoku_engine::{PlayError, Point};

/// The point a stone would go to: under the pointer, or moved there with the arrows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Hover(pub Option<Point>);

/// The pointer's world position this frame (`None` outside the window).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PointerWorld(pub Option<Vec2>);

/// Set by the UI each frame: the pointer is over a panel (or dragging a widget), so board
/// clicks belong to the UI.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct UiHasPointer(pub bool);

/// Present when the pointer must be ignored (automated screenshots).
#[derive(Resource)]
pub struct PointerDisabled;

/// Set by the UI each frame: a text field has focus, so keys belong to it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct UiHasKeyboard(pub bool);

/// Under tap-to-confirm (`Settings::tap_to_confirm`), the point a first tap showed the
/// stone on, with the position it was shown in: a second tap there places the stone, in
/// that position only (after any move, undo or new game it must be shown again).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TapPreview(Option<(Point, Vec<Point>)>);

impl TapPreview {
    /// The previewed point, if it was shown in `game_match`'s position as it stands.
    pub fn point(&self, game_match: &Match) -> Option<Point> {
        self.0
            .as_ref()
            .filter(|(_, moves)| moves.iter().copied().eq(game_match.game.points()))
            .map(|(p, _)| *p)
    }
}

/// How far a finger may move between touching and lifting for a tap, in logical pixels;
/// further is a drag (scrolling the HUD) or a pinch, and places nothing.
const TAP_SLOP: f32 = 16.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hover>()
        .init_resource::<PointerWorld>()
        .init_resource::<UiHasPointer>()
        .init_resource::<UiHasKeyboard>()
        .init_resource::<TapPreview>()
        .add_systems(
            OnEnter(Screen::Playing),
            |mut hover: ResMut<Hover>, mut preview: ResMut<TapPreview>| {
                hover.0 = None;
                preview.0 = None;
            },
        )
        .add_systems(
            Update,
            decide_tap_to_confirm
                .in_set(AppSystems::RecordInput)
                .before(tap_to_place),
        )
        .add_systems(
            Update,
            (
                track_pointer,
                (
                    hover_from_pointer,
                    click_to_place,
                    tap_to_place.after(pinch_and_drag),
                )
                    .run_if(in_state(Phase::HumanTurn).and_then(not(ui_has_pointer))),
                (
                    keyboard_cursor.run_if(in_state(Phase::HumanTurn)),
                    keyboard_commands,
                    keyboard_tree,
                )
                    .run_if(not(ui_has_keyboard)),
            )
                .chain()
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        );
}

fn ui_has_pointer(ui: Res<UiHasPointer>) -> bool {
    ui.0
}

fn ui_has_keyboard(ui: Res<UiHasKeyboard>) -> bool {
    ui.0
}

/// Window cursor to world, through the 2D camera. Without a window (tests) the resource
/// is left as set.
fn track_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    disabled: Option<Res<PointerDisabled>>,
    mut pointer: ResMut<PointerWorld>,
) {
    let (Ok(window), Ok((camera, at)), None) = (window.single(), camera.single(), disabled) else {
        return;
    };
    let world = window
        .cursor_position()
        .and_then(|c| camera.viewport_to_world_2d(at, c).ok());
    pointer.set_if_neq(PointerWorld(world));
}

fn hover_from_pointer(
    pointer: Res<PointerWorld>,
    layout: Res<BoardLayout>,
    mut hover: ResMut<Hover>,
) {
    // Only a moving pointer takes the cursor over from the keyboard.
    if pointer.is_changed() {
        hover.set_if_neq(Hover(pointer.0.and_then(|w| layout.pick(w))));
    }
}

/// Can the person be asked to place at `p`? A Renju-forbidden point counts, so the match
/// can say why it refuses it; a stone does not.
fn placeable(p: Point, game_match: &Match) -> bool {
    matches!(
        game_match.game.check(p),
        Ok(()) | Err(PlayError::Forbidden(..))
    )
}

/// Asks the match to place the person's stone at `p`. Runs only while a person is to move;
/// a click on a stone or off the board does nothing.
fn try_place(p: Option<Point>, game_match: &Match, actions: &mut MessageWriter<MatchAction>) {
    if let Some(p) = p.filter(|p| placeable(*p, game_match)) {
        actions.write(MatchAction::Place {
            at: p,
            by: PlayerKind::Human,
        });
    }
}

fn click_to_place(
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<PointerWorld>,
    layout: Res<BoardLayout>,
    game_match: Res<Match>,
    mut actions: MessageWriter<MatchAction>,
) {
    if buttons.just_pressed(MouseButton::Left) {
        try_place(
            pointer.0.and_then(|w| layout.pick(w)),
            &game_match,
            &mut actions,
        );
    }
}

/// A window position (logical pixels from the top-left) in the world: the 2D camera sits
/// at the origin, one world unit to a logical pixel, y up (the board's labels use the same).
fn window_to_world(window: Vec2, pos: Vec2) -> Vec2 {
    Vec2::new(pos.x - window.x / 2.0, window.y / 2.0 - pos.y)
}

/// A tap on the board places a stone, or under tap-to-confirm shows it first (`TapPreview`,
/// drawn as the hover stone): a second tap on the same point places it, a tap on another
/// free point moves the stone there, one on a stone or off the board takes it away. A
/// touch that began on a panel, moved like a drag, or came with another finger is no tap.
fn tap_to_place(
    touches: Option<Res<Touches>>,
    gesture: Res<GestureTouches>,
    window: Query<&Window, With<PrimaryWindow>>,
    reserved: Res<ReservedArea>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    game_match: Res<Match>,
    mut preview: ResMut<TapPreview>,
    mut hover: ResMut<Hover>,
    mut actions: MessageWriter<MatchAction>,
) {
    let (Some(touches), Ok(window)) = (touches, window.single()) else {
        return;
    };
    if touches.iter().count() + touches.iter_just_released().count() > 1 {
        return;
    }
    let size = Vec2::new(window.width(), window.height());
    for touch in touches.iter_just_released() {
        if touch.start_position().distance(touch.position()) > TAP_SLOP
            || reserved.contains(size, touch.start_position())
            || gesture.0.contains(&touch.id())
        {
            continue;
        }
        let p = layout
            .pick(window_to_world(size, touch.position()))
            .filter(|p| placeable(*p, &game_match));
        // A touch before any mouse decides it on (`decide_tap_to_confirm`).
        if !settings.tap_to_confirm.unwrap_or(true) {
            try_place(p, &game_match, &mut actions);
            continue;
        }
        match p {
            Some(p) if preview.point(&game_match) == Some(p) => {
                preview.0 = None;
                try_place(Some(p), &game_match, &mut actions);
            }
            Some(p) => {
                preview.0 = Some((p, game_match.game.points().collect()));
                hover.0 = Some(p);
            }
            None => {
                preview.0 = None;
                hover.0 = None;
            }
        }
    }
}

/// Decides `Settings::tap_to_confirm` the first time it is needed, and remembers it: on when
/// the browser reports a touch screen or the first press seen is a touch, off when it is
/// a mouse button. On any screen, so a tap in the menu counts.
fn decide_tap_to_confirm(
    touches: Option<Res<Touches>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    store: Res<Store>,
    mut settings: ResMut<Settings>,
    mut asked_browser: Local<bool>,
) {
    if settings.tap_to_confirm.is_some() {
        return;
    }
    let touch_screen = !std::mem::replace(&mut *asked_browser, true) && browser_touch_screen();
    let decided = if touch_screen || touches.is_some_and(|t| t.any_just_pressed()) {
        true
    } else if buttons.is_some_and(|b| b.get_just_pressed().next().is_some()) {
        false
    } else {
        return;
    };
    settings.tap_to_confirm = Some(decided);
    persist(&store, &settings);
}

#[cfg(target_arch = "wasm32")]
fn browser_touch_screen() -> bool {
    crate::launch::browser::has_touch_screen()
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_touch_screen() -> bool {
    false
}

fn keyboard_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    game_match: Res<Match>,
    mut hover: ResMut<Hover>,
    mut actions: MessageWriter<MatchAction>,
) {
    if shift_held(&keys) {
        return; // Shift+arrows walk the game's tree (`keyboard_tree`).
    }
    let size = game_match.game.size();
    let step = [
        (KeyCode::ArrowLeft, (-1, 0)),
        (KeyCode::ArrowRight, (1, 0)),
        (KeyCode::ArrowUp, (0, 1)),
        (KeyCode::ArrowDown, (0, -1)),
    ];
    for (key, dir) in step {
        if keys.just_pressed(key) {
            let from = hover
                .0
                .or(game_match.game.last_move())
                .unwrap_or(game_match.game.board().center());
            hover.0 = Some(from.offset(dir, 1, size).unwrap_or(from));
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        try_place(hover.0, &game_match, &mut actions);
    }
}

fn keyboard_commands(
    keys: Res<ButtonInput<KeyCode>>,
    mut actions: MessageWriter<MatchAction>,
    mut hint: MessageWriter<AskHint>,
    mut analysis: MessageWriter<ToggleAnalysis>,
    mut review: MessageWriter<ReviewCommand>,
    mut next: ResMut<NextState<Screen>>,
) {
    // A modifier counts if it is down or was let go this frame: at a low frame rate (a
    // browser rendering in software) a quick Ctrl+Z presses and releases both in one frame.
    let held = |codes: [KeyCode; 2]| keys.any_pressed(codes) || keys.any_just_released(codes);
    let ctrl = held([KeyCode::ControlLeft, KeyCode::ControlRight])
        || held([KeyCode::SuperLeft, KeyCode::SuperRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && (keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ))) {
        actions.write(MatchAction::Redo);
    } else if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        actions.write(MatchAction::Undo);
    } else if !ctrl && keys.just_pressed(KeyCode::KeyH) {
        hint.write(AskHint);
    } else if !ctrl && keys.just_pressed(KeyCode::KeyA) {
        analysis.write(ToggleAnalysis);
    } else if !ctrl && keys.just_pressed(KeyCode::KeyR) {
        review.write(ReviewCommand::Start);
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}

/// Is Shift down, or let go this frame (see `keyboard_commands`)?
fn shift_held(keys: &ButtonInput<KeyCode>) -> bool {
    let codes = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
    keys.any_pressed(codes) || keys.any_just_released(codes)
}

/// Shift+arrows walk the game's tree: left and right step back and forward along the line
/// (undo and redo), up and down switch the last move to the previous or next variation.
/// Plain arrows keep moving the board cursor. The match refuses what it does not allow
/// (online, or while the computer is to move).
fn keyboard_tree(keys: Res<ButtonInput<KeyCode>>, mut actions: MessageWriter<MatchAction>) {
    if !shift_held(&keys) {
        return;
    }
    let steps = [
        (KeyCode::ArrowLeft, MatchAction::Undo),
        (KeyCode::ArrowRight, MatchAction::Redo),
        (
            KeyCode::ArrowUp,
            MatchAction::SwitchVariation(Sibling::Previous),
        ),
        (
            KeyCode::ArrowDown,
            MatchAction::SwitchVariation(Sibling::Next),
        ),
    ];
    for (key, action) in steps {
        if keys.just_pressed(key) {
            actions.write(action);
        }
    }
}
