//! A phone held upright (a 390x844 window): the HUD goes under a full-width board, and
//! touch taps place stones, through a preview under tap-to-confirm. Touches go through
//! Bevy's own touch system, as a window's would.

use super::*;
use bevy::input::touch::{TouchInput, TouchPhase, Touches, touch_screen_input_system};
use bevy::window::{PrimaryWindow, WindowResolution};
use gomoku::board::layout::MIN_BOTTOM_PANEL;
use gomoku::board::{HudPlace, ReservedArea};
use gomoku::input::{Hover, TapPreview};
use gomoku::settings::Settings;

/// Two people at a phone: a 390x844 window, touch input, tap-to-confirm as given.
fn phone(tap_to_confirm: Option<bool>) -> App {
    let mut app = two_humans();
    app.init_resource::<Touches>()
        .add_message::<TouchInput>()
        .add_systems(PreUpdate, touch_screen_input_system);
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(390, 844),
            ..default()
        },
        PrimaryWindow,
    ));
    app.world_mut().resource_mut::<Settings>().tap_to_confirm = tap_to_confirm;
    app.update();
    hud_takes_its_place(&mut app);
    app
}

fn hud_place(app: &App) -> HudPlace {
    *app.world().resource::<HudPlace>()
}

/// The HUD (egui, which these tests leave out) takes the place the layout gives it, as
/// `gui::hud` does: the bottom panel's height, or the side panel's width.
fn hud_takes_its_place(app: &mut App) {
    let (right, bottom) = match hud_place(app) {
        HudPlace::Right => (gomoku::board::layout::SIDE_PANEL_WIDTH, 0.0),
        HudPlace::Below { height } => (0.0, height),
    };
    let mut reserved = app.world_mut().resource_mut::<ReservedArea>();
    reserved.right = right;
    reserved.bottom = bottom;
    app.update();
}

fn window_size(app: &mut App) -> Vec2 {
    let mut q = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>();
    let w = q.single(app.world()).unwrap();
    Vec2::new(w.width(), w.height())
}

/// The drawn board's square (coordinates' margin included) in window pixels, y down.
fn board_rect(app: &mut App) -> Rect {
    let size = window_size(app);
    let layout = *app.world().resource::<BoardLayout>();
    let centre = Vec2::new(
        size.x / 2.0 + layout.center.x,
        size.y / 2.0 - layout.center.y,
    );
    Rect::from_center_half_size(
        centre,
        Vec2::splat(layout.half_extent_cells() * layout.cell),
    )
}

/// Where `p` is in the window (logical pixels from the top-left).
fn on_screen(app: &mut App, p: Point) -> Vec2 {
    let size = window_size(app);
    let world = app.world().resource::<BoardLayout>().to_world(p);
    Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y)
}

fn touch(app: &mut App, phase: TouchPhase, position: Vec2) {
    let mut q = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>();
    let window = q.single(app.world()).unwrap();
    app.world_mut().write_message(TouchInput {
        phase,
        position,
        window,
        force: None,
        id: 1,
    });
    app.update();
}

/// A finger down at `from`, moved to `to`, lifted; then a frame to show what it did.
fn swipe(app: &mut App, from: Vec2, to: Vec2) {
    touch(app, TouchPhase::Started, from);
    if to != from {
        touch(app, TouchPhase::Moved, to);
    }
    touch(app, TouchPhase::Ended, to);
    app.update();
}

/// A tap on `p`, a little off the intersection, as a finger lands.
fn tap(app: &mut App, p: &str) {
    let at = on_screen(app, pt(p)) + Vec2::new(4.0, -3.0);
    swipe(app, at, at);
}

fn preview(app: &App) -> Option<Point> {
    app.world()
        .resource::<TapPreview>()
        .point(app.world().resource::<Match>())
}

fn hover(app: &App) -> Option<Point> {
    app.world().resource::<Hover>().0
}

#[test]
fn a_phone_held_upright_has_the_board_on_top_at_full_width_and_the_hud_under_it() {
    let mut app = phone(Some(true));
    let HudPlace::Below { height } = hud_place(&app) else {
        panic!("the HUD should go under the board: {:?}", hud_place(&app));
    };
    assert!(height >= MIN_BOTTOM_PANEL, "the HUD's height: {height}");
    let board = board_rect(&mut app);
    let hud_top = 844.0 - height;
    assert!(
        board.min.x >= 0.0 && board.max.x <= 390.0 && board.min.y >= 0.0,
        "{board:?}"
    );
    assert!(
        board.max.y <= hud_top,
        "{board:?} runs into the HUD at {hud_top}"
    );
    assert!(board.width() >= 0.9 * 390.0, "{board:?} is not full width");
    let cell = app.world().resource::<BoardLayout>().cell;
    assert!(
        cell >= 22.0,
        "cells of {cell} px are too small for a finger"
    );
    // Every point is inside the window, above the HUD.
    for p in [pt("a1"), pt("o15"), pt("a15"), pt("o1")] {
        let at = on_screen(&mut app, p);
        assert!(board.contains(at) && at.y < hud_top, "{p:?} at {at}");
    }

    // The analysis bar lies across the top: the board moves down, still clear of the HUD.
    app.world_mut().resource_mut::<ReservedArea>().top = 46.0;
    app.update();
    hud_takes_its_place(&mut app);
    let HudPlace::Below { height } = hud_place(&app) else {
        panic!("the HUD should stay under the board");
    };
    let board = board_rect(&mut app);
    assert!(board.min.y >= 46.0, "{board:?} under the bar");
    assert!(board.max.y <= 844.0 - height, "{board:?} above the HUD");

    // Turned into a desktop-sized window, the HUD goes back to the side.
    app.world_mut().resource_mut::<ReservedArea>().top = 0.0;
    let mut q = app.world_mut().query::<&mut Window>();
    q.single_mut(app.world_mut())
        .unwrap()
        .resolution
        .set(1280.0, 800.0);
    app.update();
    assert_eq!(hud_place(&app), HudPlace::Right);
    hud_takes_its_place(&mut app);
    let board = board_rect(&mut app);
    assert!(
        board.max.x <= 1280.0 - gomoku::board::layout::SIDE_PANEL_WIDTH,
        "{board:?}"
    );
}

#[test]
fn tap_to_confirm_shows_the_stone_first_and_places_it_on_a_second_tap() {
    let mut app = phone(Some(true));
    tap(&mut app, "h8");
    assert!(stones(&mut app).is_empty(), "one tap places nothing");
    assert_eq!(preview(&app), Some(pt("h8")));
    assert_eq!(
        hover(&app),
        Some(pt("h8")),
        "the stone shows where it would go"
    );
    // A tap elsewhere moves the stone shown; a second tap there places it.
    tap(&mut app, "i9");
    assert!(stones(&mut app).is_empty());
    assert_eq!(preview(&app), Some(pt("i9")));
    assert_eq!(hover(&app), Some(pt("i9")));
    tap(&mut app, "i9");
    assert_eq!(stones(&mut app), vec![(0, pt("i9"))]);
    assert_eq!(preview(&app), None);

    // White shows a stone, then the position changes (an undo and black's other move):
    // one tap on the same point only shows it again.
    tap(&mut app, "h8");
    assert_eq!(preview(&app), Some(pt("h8")));
    act(&mut app, MatchAction::Undo);
    play(&mut app, "j10");
    assert_eq!(preview(&app), None, "shown in another position");
    tap(&mut app, "h8");
    assert_eq!(
        moves(&app),
        vec![pt("j10")],
        "the first tap after a change only shows"
    );
    tap(&mut app, "h8");
    assert_eq!(moves(&app), vec![pt("j10"), pt("h8")]);

    // A tap on a stone or off the board takes the shown stone away.
    tap(&mut app, "g7");
    assert_eq!(preview(&app), Some(pt("g7")));
    tap(&mut app, "h8");
    assert_eq!(preview(&app), None);
    assert_eq!(hover(&app), None);
    tap(&mut app, "g7");
    assert_eq!(moves(&app).len(), 2, "shown again, not placed");
}

#[test]
fn taps_place_at_once_without_tap_to_confirm_and_clicks_never_wait() {
    let mut app = phone(Some(false));
    tap(&mut app, "h8");
    assert_eq!(stones(&mut app), vec![(0, pt("h8"))]);

    // Under tap-to-confirm the mouse still places with one click.
    let mut app = phone(Some(true));
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    assert_eq!(stones(&mut app), vec![(0, pt("h8"))]);
    assert_eq!(preview(&app), None);
}

#[test]
fn drags_and_touches_that_begin_on_the_hud_are_not_taps() {
    let mut app = phone(Some(false));
    // Scrolling the HUD: the finger starts on the panel and ends over the board.
    let h8 = on_screen(&mut app, pt("h8"));
    swipe(&mut app, Vec2::new(200.0, 800.0), h8);
    assert!(stones(&mut app).is_empty(), "a drag from the HUD");
    // A finger that lands on the HUD and lifts there: a button's, not the board's.
    swipe(&mut app, Vec2::new(200.0, 700.0), Vec2::new(200.0, 700.0));
    assert!(stones(&mut app).is_empty());
    // A drag across the board.
    swipe(&mut app, h8, h8 + Vec2::new(60.0, 0.0));
    assert!(stones(&mut app).is_empty(), "a drag across the board");
    swipe(&mut app, h8, h8);
    assert_eq!(stones(&mut app), vec![(0, pt("h8"))]);
}

#[test]
fn the_first_touch_or_click_decides_tap_to_confirm_and_it_is_remembered() {
    let stored = |app: &App| {
        let text = app
            .world()
            .resource::<Store>()
            .0
            .load_settings()
            .unwrap()
            .unwrap_or_default();
        Settings::from_text(&text)
            .ok()
            .and_then(|s| s.tap_to_confirm)
    };
    let mut app = phone(None);
    touch(&mut app, TouchPhase::Started, Vec2::new(200.0, 700.0));
    assert_eq!(
        app.world().resource::<Settings>().tap_to_confirm,
        Some(true)
    );
    assert_eq!(stored(&app), Some(true));

    let mut app = phone(None);
    click_at(&mut app, None, Vec2::ZERO);
    assert_eq!(
        app.world().resource::<Settings>().tap_to_confirm,
        Some(false)
    );
    assert_eq!(stored(&app), Some(false));
    // Decided once: a later touch leaves it.
    touch(&mut app, TouchPhase::Started, Vec2::new(200.0, 700.0));
    assert_eq!(
        app.world().resource::<Settings>().tap_to_confirm,
        Some(false)
    );
}

/// Fingers `ids` touch (or move, or lift) at `positions` in one frame.
fn fingers(app: &mut App, phase: TouchPhase, touches: &[(u64, Vec2)]) {
    let mut q = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>();
    let window = q.single(app.world()).unwrap();
    for &(id, position) in touches {
        app.world_mut().write_message(TouchInput {
            phase,
            position,
            window,
            force: None,
            id,
        });
    }
    app.update();
}

#[test]
fn a_pinch_zooms_the_board_a_drag_moves_it_and_neither_places_a_stone() {
    let mut app = phone(Some(true));
    let fitted = *app.world().resource::<BoardLayout>();
    let middle = on_screen(&mut app, pt("h8"));
    // Two fingers 60 px apart spread to 120 px, in steps, as a pinch goes.
    let apart = |d: f32| {
        [
            (1, middle - Vec2::new(d, 0.0)),
            (2, middle + Vec2::new(d, 0.0)),
        ]
    };
    fingers(&mut app, TouchPhase::Started, &apart(30.0));
    for d in [40.0, 50.0, 60.0] {
        fingers(&mut app, TouchPhase::Moved, &apart(d));
    }
    // One finger lifts before the other, as fingers do.
    fingers(&mut app, TouchPhase::Ended, &apart(60.0)[..1]);
    fingers(&mut app, TouchPhase::Ended, &apart(60.0)[1..]);
    app.update();
    let zoomed = *app.world().resource::<BoardLayout>();
    assert!(
        zoomed.cell > 1.9 * fitted.cell,
        "a pinch to twice the spread: cells {} -> {}",
        fitted.cell,
        zoomed.cell
    );
    assert!(
        on_screen(&mut app, pt("h8")).distance(middle) < 1.0,
        "h8 stays between the fingers"
    );
    assert!(stones(&mut app).is_empty(), "a pinch places nothing");
    assert_eq!(preview(&app), None, "a pinch shows no stone");

    // On the zoomed board a tap still means the point under the finger.
    tap(&mut app, "j9");
    assert_eq!(preview(&app), Some(pt("j9")));
    tap(&mut app, "j9");
    assert_eq!(stones(&mut app), vec![(0, pt("j9"))]);

    // A finger's drag moves the zoomed board, and places nothing.
    let before = on_screen(&mut app, pt("h8"));
    swipe(&mut app, middle, middle + Vec2::new(40.0, 0.0));
    let after = on_screen(&mut app, pt("h8"));
    assert!(
        (after.x - before.x - 40.0).abs() < 1.0,
        "the board follows the finger: {before} -> {after}"
    );
    assert_eq!(stones(&mut app).len(), 1, "a drag places nothing");
    assert_eq!(preview(&app), None);
}
