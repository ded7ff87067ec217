//! Headless App tests: MinimalPlugins + StatesPlugin + the game's core plugins, driven by
//! writing input and messages, then asserting on the world.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::ai::{AiPacing, AskHint, DroppedResults, Hint, Thinking, deliver, deliver_hint};
use gomoku::board::BoardLayout;
use gomoku::board::view::{ForbiddenMark, HintMarker, LastMoveMarker, StoneView, VictoryLine};
use gomoku::game_match::{Match, MatchAction, MatchSetup, PlayerKind};
use gomoku::input::{PointerWorld, UiHasPointer};
use gomoku::screens::{Phase, Screen};
use gomoku::storage::{MemoryStorage, Store};
use gomoku_engine::ai::SearchInfo;
use gomoku_engine::notation::{parse_moves, parse_point};
use gomoku_engine::{Point, Rule, Stone};
use std::time::Duration;

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

fn app_with(setup: MatchSetup) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(Store(Box::new(MemoryStorage::default())))
        .add_plugins(gomoku::core_plugin);
    app.insert_resource(AiPacing {
        min_think: Duration::ZERO,
        move_time_ms: 500,
    });
    app.insert_resource(Match::new(&setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app.update();
    app
}

fn two_humans() -> App {
    app_with(MatchSetup::default())
}

/// Ann (black) against the computer, which holds its answers back for `min_think`, so a
/// test can stand in for it or race it.
fn human_vs_computer(min_think: Duration) -> App {
    let mut app = app_with(MatchSetup {
        players: [
            ("Ann".into(), PlayerKind::Human),
            ("CPU".into(), PlayerKind::Computer),
        ],
        ..MatchSetup::default()
    });
    app.insert_resource(AiPacing {
        min_think,
        move_time_ms: 500,
    });
    app
}

const NEVER: Duration = Duration::from_secs(3600);

fn stones(app: &mut App) -> Vec<(usize, Point)> {
    let mut q = app.world_mut().query::<&StoneView>();
    let mut v: Vec<_> = q.iter(app.world()).map(|s| (s.index, s.point)).collect();
    v.sort();
    v
}

/// Writes an action and runs two frames: one applies it, the next enters the new phase.
fn act(app: &mut App, action: MatchAction) {
    app.world_mut().write_message(action);
    app.update();
    app.update();
}

fn play(app: &mut App, moves: &str) {
    for p in parse_moves(moves, 15).unwrap() {
        act(app, MatchAction::Place(p));
    }
}

fn click_at(app: &mut App, p: Option<Point>, world_offset: Vec2) {
    let layout = *app.world().resource::<BoardLayout>();
    let world = p.map_or(Vec2::new(10_000.0, 0.0), |p| {
        layout.to_world(p) + world_offset
    });
    app.world_mut().resource_mut::<PointerWorld>().0 = Some(world);
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.update();
    let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
    buttons.release(MouseButton::Left);
    buttons.clear();
    app.update();
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

#[test]
fn a_click_places_exactly_one_stone_at_the_nearest_point() {
    let mut app = two_humans();
    // A little off the intersection still picks it.
    click_at(&mut app, Some(pt("h8")), Vec2::new(9.0, -7.0));
    assert_eq!(stones(&mut app), vec![(0, pt("h8"))]);
    // On a stone, and off the board: nothing happens.
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    click_at(&mut app, None, Vec2::ZERO);
    assert_eq!(stones(&mut app), vec![(0, pt("h8"))]);
    assert_eq!(app.world().resource::<Match>().game.moves().len(), 1);
}

#[test]
fn clicks_owned_by_the_ui_do_not_place_stones() {
    let mut app = two_humans();
    app.world_mut().resource_mut::<UiHasPointer>().0 = true;
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    assert!(stones(&mut app).is_empty());
    app.world_mut().resource_mut::<UiHasPointer>().0 = false;
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    assert_eq!(stones(&mut app).len(), 1);
}

#[test]
fn undo_and_redo_despawn_and_respawn_stones() {
    let mut app = two_humans();
    play(&mut app, "h8i9j10");
    assert_eq!(stones(&mut app).len(), 3);
    act(&mut app, MatchAction::Undo);
    act(&mut app, MatchAction::Undo);
    assert_eq!(stones(&mut app), vec![(0, pt("h8"))]);
    act(&mut app, MatchAction::Redo);
    assert_eq!(stones(&mut app), vec![(0, pt("h8")), (1, pt("i9"))]);
    // A new move replaces the redo line.
    play(&mut app, "a1");
    assert_eq!(
        stones(&mut app),
        vec![(0, pt("h8")), (1, pt("i9")), (2, pt("a1"))]
    );
    act(&mut app, MatchAction::Redo);
    assert_eq!(stones(&mut app).len(), 3);
}

fn marker(app: &mut App) -> (Vec2, Visibility) {
    let mut q = app
        .world_mut()
        .query_filtered::<(&Transform, &Visibility), With<LastMoveMarker>>();
    let (t, v) = q.single(app.world()).unwrap();
    (t.translation.truncate(), *v)
}

#[test]
fn the_flash_marker_follows_the_last_move() {
    let mut app = two_humans();
    let layout = *app.world().resource::<BoardLayout>();
    assert_eq!(marker(&mut app).1, Visibility::Hidden);
    play(&mut app, "h8i9");
    assert_eq!(
        marker(&mut app),
        (layout.local(pt("i9")), Visibility::Inherited)
    );
    act(&mut app, MatchAction::Undo);
    assert_eq!(marker(&mut app).0, layout.local(pt("h8")));
    act(&mut app, MatchAction::Redo);
    assert_eq!(marker(&mut app).0, layout.local(pt("i9")));
    act(&mut app, MatchAction::Restart);
    assert_eq!(marker(&mut app).1, Visibility::Hidden);
}

fn victory_lines(app: &mut App) -> Vec<(Point, Point)> {
    let mut q = app.world_mut().query::<&VictoryLine>();
    q.iter(app.world()).map(|l| (l.from, l.to)).collect()
}

#[test]
fn five_in_a_row_draws_the_victory_line_and_ends_the_game() {
    let mut app = two_humans();
    play(&mut app, "a1b1a2b2a3b3a4b4");
    assert!(victory_lines(&mut app).is_empty());
    assert_eq!(phase(&app), Phase::HumanTurn);
    play(&mut app, "a5");
    app.update();
    assert_eq!(victory_lines(&mut app), vec![(pt("a1"), pt("a5"))]);
    assert_eq!(phase(&app), Phase::Over);
    // Clicks do nothing once it is over; undo resumes play and removes the line.
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    assert_eq!(stones(&mut app).len(), 9);
    act(&mut app, MatchAction::Undo);
    app.update();
    assert!(victory_lines(&mut app).is_empty());
    assert_eq!(phase(&app), Phase::HumanTurn);
}

#[test]
fn scores_stay_with_players_when_next_game_swaps_colours() {
    let mut app = app_with(MatchSetup {
        players: [
            ("Ann".into(), PlayerKind::Human),
            ("Bob".into(), PlayerKind::Human),
        ],
        ..MatchSetup::default()
    });
    play(&mut app, "a1b1a2b2a3b3a4b4a5"); // Ann (black) wins
    let m = app.world().resource::<Match>();
    assert_eq!((m.players[0].score, m.players[1].score), (1, 0));
    // Undo takes the unfinished game's point back; redo gives it again.
    act(&mut app, MatchAction::Undo);
    assert_eq!(app.world().resource::<Match>().players[0].score, 0);
    act(&mut app, MatchAction::Redo);
    assert_eq!(app.world().resource::<Match>().players[0].score, 1);

    act(&mut app, MatchAction::NextGame);
    let m = app.world().resource::<Match>();
    assert_eq!(m.player(Stone::Black).name, "Bob");
    assert!(m.game.moves().is_empty());
    play(&mut app, "a1b1a2b2a3b3a4b4a5"); // Bob (now black) wins
    let m = app.world().resource::<Match>();
    assert_eq!((m.players[0].score, m.players[1].score), (1, 1));
    assert_eq!(m.player(Stone::White).name, "Ann");
}

#[test]
fn against_the_computer_undo_and_redo_move_in_pairs() {
    let mut app = human_vs_computer(NEVER);
    play(&mut app, "h8i9");
    assert_eq!(phase(&app), Phase::HumanTurn);
    act(&mut app, MatchAction::Undo);
    assert!(app.world().resource::<Match>().game.moves().is_empty());
    assert_eq!(phase(&app), Phase::HumanTurn);
    act(&mut app, MatchAction::Redo);
    assert_eq!(stones(&mut app), vec![(0, pt("h8")), (1, pt("i9"))]);
}

fn info(best: Point) -> SearchInfo {
    SearchInfo {
        best,
        score: 0,
        depth: 1,
        nodes: 1,
        elapsed_ms: 0,
        pv: vec![best],
    }
}

#[test]
fn a_stale_computer_answer_is_dropped() {
    let mut app = human_vs_computer(NEVER);
    act(&mut app, MatchAction::Place(pt("h8")));
    assert_eq!(phase(&app), Phase::ComputerTurn);
    // The search for [h8] finishes, but before it is collected the position changes.
    let mut thinking = app.world_mut().remove_resource::<Thinking>().unwrap();
    assert!(deliver(&mut thinking, &[pt("h8")], info(pt("a1"))));
    app.world_mut().insert_resource(thinking);
    app.world_mut().resource_mut::<Match>().game.undo();
    app.update();
    assert_eq!(app.world().resource::<DroppedResults>().0, 1);
    assert!(
        app.world()
            .resource::<Match>()
            .game
            .board()
            .get(pt("a1"))
            .is_none()
    );

    // Undo while thinking cancels the search: no job remains for the old position.
    act(&mut app, MatchAction::Place(pt("h8")));
    act(&mut app, MatchAction::Undo);
    let mut thinking = app.world_mut().remove_resource::<Thinking>().unwrap();
    assert!(!deliver(&mut thinking, &[pt("h8")], info(pt("a1"))));
}

#[test]
fn the_computer_answers_off_the_render_thread() {
    let mut app = human_vs_computer(Duration::ZERO);
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    let mut frames = 0;
    while app.world().resource::<Match>().game.moves().len() < 2 {
        app.update();
        frames += 1;
        assert!(frames < 2_000, "the computer never answered");
        std::thread::sleep(Duration::from_millis(1));
    }
    app.update();
    let m = app.world().resource::<Match>();
    let reply = m.game.moves()[1].point;
    assert_ne!(reply, pt("h8"));
    assert_eq!(phase(&app), Phase::HumanTurn);
    assert_eq!(stones(&mut app).len(), 2);
}

#[test]
fn keyboard_moves_the_cursor_places_and_undoes() {
    let mut app = two_humans();
    let press = |app: &mut App, keys: &[KeyCode]| {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for k in keys {
            input.press(*k);
        }
        app.update();
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        input.release_all();
        input.clear();
    };
    // From the centre: right, up, place => i9.
    press(&mut app, &[KeyCode::ArrowRight]);
    press(&mut app, &[KeyCode::ArrowUp]);
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(stones(&mut app), vec![(0, pt("i9"))]);
    press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert!(stones(&mut app).is_empty());
    press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(stones(&mut app).len(), 1);
    // Ctrl and Z pressed and released within one frame still undo (slow frames).
    {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        input.press(KeyCode::ControlLeft);
        input.press(KeyCode::KeyZ);
        input.release(KeyCode::KeyZ);
        input.release(KeyCode::ControlLeft);
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    assert!(stones(&mut app).is_empty());
    press(&mut app, &[KeyCode::Escape]);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
}

#[test]
fn importing_a_bad_move_string_changes_nothing() {
    let mut app = two_humans();
    play(&mut app, "h8");
    act(&mut app, MatchAction::Import("h8 i9 zz".into()));
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.moves().len(), 1);
    assert!(m.notice.as_deref().unwrap().contains("zz"));
    act(&mut app, MatchAction::Import("a1b2c3".into()));
    assert_eq!(stones(&mut app).len(), 3);
}

#[test]
fn loading_a_record_replaces_the_game_and_names() {
    use gomoku_engine::record::Record;
    let mut app = two_humans();
    play(&mut app, "a1");
    let text = "gomoku-record 1\nrule standard\nsize 15\nblack Cho\nwhite Dee\nmove h8 100\nmove i9\nresult ongoing\nend\n";
    let record = Record::parse(text).unwrap();
    act(&mut app, MatchAction::Load(Box::new(record)));
    assert_eq!(stones(&mut app), vec![(0, pt("h8")), (1, pt("i9"))]);
    let m = app.world().resource::<Match>();
    assert_eq!(m.player(Stone::Black).name, "Cho");
    assert_eq!(m.game.rule(), gomoku_engine::Rule::Standard);
    assert_eq!(m.game.moves()[0].time_ms, Some(100));
}

#[test]
fn a_hint_is_shown_on_the_board_until_the_position_changes() {
    let mut app = two_humans();
    play(&mut app, "h8i9");
    app.world_mut().write_message(AskHint);
    app.update();
    assert!(app.world().resource::<Hint>().is_searching());
    let moves: Vec<Point> = app.world().resource::<Match>().game.points().collect();
    assert!(deliver_hint(
        &mut app.world_mut().resource_mut::<Hint>(),
        &moves,
        info(pt("g7"))
    ));
    app.update();
    let shown = |app: &mut App| {
        let m = app.world().resource::<Match>();
        app.world().resource::<Hint>().point(m)
    };
    assert_eq!(shown(&mut app), Some(pt("g7")));
    let layout = *app.world().resource::<BoardLayout>();
    let mut marker = app
        .world_mut()
        .query_filtered::<(&Transform, &Visibility), With<HintMarker>>();
    let (t, vis) = marker.single(app.world()).unwrap();
    assert_eq!(*vis, Visibility::Inherited);
    assert_eq!(t.translation.truncate(), layout.local(pt("g7")));

    play(&mut app, "a1");
    assert_eq!(shown(&mut app), None);
    let (_, vis) = marker.single(app.world()).unwrap();
    assert_eq!(*vis, Visibility::Hidden);
}

#[test]
fn renju_marks_blacks_forbidden_points_and_refuses_them_with_a_reason() {
    let mut app = app_with(MatchSetup {
        rule: Rule::Renju,
        ..MatchSetup::default()
    });
    play(&mut app, "f8a1g8a3h6a5h7a7");
    let marks = |app: &mut App| {
        let mut q = app.world_mut().query::<&ForbiddenMark>();
        q.iter(app.world()).map(|m| m.0).collect::<Vec<_>>()
    };
    assert_eq!(marks(&mut app), vec![pt("h8")]);
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    app.update();
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.moves().len(), 8, "nothing placed");
    let notice = m.notice.clone().unwrap_or_default();
    assert!(notice.contains("double three"), "{notice}");
    // White to move: no marks.
    play(&mut app, "o15");
    assert_eq!(marks(&mut app), Vec::<Point>::new());
}
