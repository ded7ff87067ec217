//! Headless App tests: MinimalPlugins + StatesPlugin + the game's core plugins, driven by
//! writing input and messages, then asserting on the world. The engine's searches are
//! answered by the test through `FakeSearch`, except where a test needs real tasks.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::ai::{AiPacing, AskHint, ComputerPlayer, Hint, MAX_ATTEMPTS, RetryComputer};
use gomoku::board::BoardLayout;
use gomoku::board::view::{ForbiddenMark, HintMarker, LastMoveMarker, StoneView, VictoryLine};
use gomoku::game_match::{Match, MatchAction, MatchSetup, Notice, PlayerKind};
use gomoku::input::{PointerWorld, UiHasPointer};
use gomoku::saves::{SaveAction, SaveShelf, SaveStatus, Unreadable};
use gomoku::screens::{Phase, Screen};
use gomoku::search::{FakeSearch, Purpose, RequestId, SearchFailure, SearchService, ThreadSearch};
use gomoku::storage::{MemoryStorage, Store};
use gomoku_engine::ai::{SearchInfo, SearchSettings};
use gomoku_engine::game::GameBuildError;
use gomoku_engine::notation::{parse_moves, parse_point};
use gomoku_engine::renju::Forbidden;
use gomoku_engine::{Game, PlayError, Point, Rule, Stone};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

/// The game's core plugins around `backend`, a resource that chooses how searches run
/// (`FakeSearch`, or `ThreadSearch` with a stand-in search), with `setup` started.
fn app_with_backend(setup: MatchSetup, backend: impl Resource) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(Store(Box::new(MemoryStorage::default())))
        .insert_resource(backend)
        .add_plugins(gomoku::core_plugin);
    app.insert_resource(AiPacing {
        min_think: Duration::ZERO,
        move_time_ms: 500,
        first_retry_pause: RETRY_PAUSE,
    });
    app.world_mut().write_message(MatchAction::NewMatch(setup));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app.update();
    app
}

/// Long enough that no frame takes it, even on a loaded 2-core machine.
const RETRY_PAUSE: Duration = Duration::from_millis(300);

fn app_with(setup: MatchSetup) -> App {
    app_with_backend(setup, FakeSearch::default())
}

fn two_humans() -> App {
    app_with(MatchSetup::default())
}

fn ann_vs(computer: &str) -> MatchSetup {
    MatchSetup {
        players: [
            ("Ann".into(), PlayerKind::Human),
            (computer.into(), PlayerKind::Computer),
        ],
        ..MatchSetup::default()
    }
}

/// Ann (black) against the computer, whose searches the test answers.
fn human_vs_computer() -> App {
    app_with(ann_vs("CPU"))
}

fn stones(app: &mut App) -> Vec<(usize, Point)> {
    let mut q = app.world_mut().query::<&StoneView>();
    let mut v: Vec<_> = q.iter(app.world()).map(|s| (s.index, s.point)).collect();
    v.sort();
    v
}

fn moves(app: &App) -> Vec<Point> {
    app.world().resource::<Match>().game.points().collect()
}

/// Writes an action and runs two frames: one applies it, the next shows it.
fn act(app: &mut App, action: MatchAction) {
    app.world_mut().write_message(action);
    app.update();
    app.update();
}

/// Plays `moves` as the people at the board.
fn play(app: &mut App, moves: &str) {
    for p in parse_moves(moves, 15).unwrap() {
        act(
            app,
            MatchAction::Place {
                at: p,
                by: PlayerKind::Human,
            },
        );
    }
}

/// The one request the fake backend holds, which must be for `purpose` in the match's
/// position as it stands.
fn pending_request(app: &App, purpose: Purpose) -> RequestId {
    let fake = app.world().resource::<FakeSearch>();
    assert_eq!(fake.pending.len(), 1, "requests: {:?}", fake.pending);
    let request = &fake.pending[0];
    assert_eq!(request.purpose, purpose);
    assert_eq!(request.game.points().collect::<Vec<_>>(), moves(app));
    request.id
}

/// The engine answers the computer's pending search with `reply`.
fn computer_answers(app: &mut App, reply: &str) {
    let id = pending_request(app, Purpose::ComputerMove);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .answer(id, info(pt(reply)));
    for _ in 0..3 {
        app.update();
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

/// Presses `keys` together for a frame, then lets go of them for the next.
fn press(app: &mut App, keys: &[KeyCode]) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for k in keys {
        input.press(*k);
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
    app.update();
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
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
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    computer_answers(&mut app, "i9");
    assert_eq!(moves(&app), vec![pt("h8"), pt("i9")]);
    assert_eq!(phase(&app), Phase::HumanTurn);
    act(&mut app, MatchAction::Undo);
    assert!(moves(&app).is_empty());
    assert_eq!(phase(&app), Phase::HumanTurn);
    act(&mut app, MatchAction::Redo);
    assert_eq!(stones(&mut app), vec![(0, pt("h8")), (1, pt("i9"))]);
}

#[test]
fn a_stone_for_the_computers_side_from_the_board_is_refused() {
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    assert_eq!(phase(&app), Phase::ComputerTurn);
    play(&mut app, "a1");
    assert_eq!(moves(&app), vec![pt("h8")]);
    let notice = app.world().resource::<Match>().notice.clone();
    assert_eq!(
        notice,
        Some(Notice::NotYourMove {
            player: "CPU".into()
        })
    );
}

#[test]
fn the_phase_follows_the_match_in_the_frame_of_the_action() {
    let mut app = human_vs_computer();
    app.world_mut().write_message(MatchAction::Place {
        at: pt("h8"),
        by: PlayerKind::Human,
    });
    app.update();
    assert_eq!(phase(&app), Phase::ComputerTurn);
    // ...and the computer asked for its move in that same frame.
    pending_request(&app, Purpose::ComputerMove);
    // A new match where the computer takes black: its turn at once.
    let setup = MatchSetup {
        players: [
            ("CPU".into(), PlayerKind::Computer),
            ("Ann".into(), PlayerKind::Human),
        ],
        ..MatchSetup::default()
    };
    app.world_mut().write_message(MatchAction::NewMatch(setup));
    app.update();
    assert_eq!(phase(&app), Phase::ComputerTurn);
    assert!(moves(&app).is_empty());
    pending_request(&app, Purpose::ComputerMove);
    assert_eq!(
        app.world().resource::<Match>().player(Stone::Black).name,
        "CPU"
    );
}

#[test]
fn a_stale_computer_answer_is_dropped() {
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    let asked = pending_request(&app, Purpose::ComputerMove);
    // Undo before the search ends: the request is cancelled, and its late answer dropped.
    act(&mut app, MatchAction::Undo);
    assert!(
        app.world()
            .resource::<FakeSearch>()
            .cancelled
            .contains(&asked)
    );
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .answer(asked, info(pt("a1")));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<SearchService>().late_answers(), 1);
    assert!(moves(&app).is_empty());

    // The answer arrives, and in the frame it is collected the person undoes: the
    // computer's move must not land on the position after the undo.
    play(&mut app, "h8");
    let asked = pending_request(&app, Purpose::ComputerMove);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .answer(asked, info(pt("a1")));
    app.update(); // handed to the service at the end of this frame
    act(&mut app, MatchAction::Undo);
    assert!(moves(&app).is_empty());
    assert!(!app.world().resource::<ComputerPlayer>().is_thinking());
}

/// A stand-in for the engine that takes a known time, then plays the first free point.
fn slow_search(game: &Game, _: &SearchSettings, _: &AtomicBool) -> Option<SearchInfo> {
    std::thread::sleep(SLOW_SEARCH);
    let free = (0..15)
        .flat_map(|row| (0..15).map(move |col| Point::new(col, row)))
        .find(|p| game.board().get(*p).is_none())?;
    Some(info(free))
}
const SLOW_SEARCH: Duration = Duration::from_millis(500);

#[test]
fn the_computer_answers_off_the_render_thread() {
    let mut app = app_with_backend(ann_vs("CPU"), ThreadSearch::with_search(slow_search));
    // Before the click: the search may begin within the click's own frames, and on a
    // loaded machine those took long enough that an answer came "early" once.
    let asked = Instant::now();
    click_at(&mut app, Some(pt("h8")), Vec2::ZERO);
    let mut frames_while_searching = 0;
    while moves(&app).len() < 2 {
        app.update();
        frames_while_searching += 1;
        assert!(asked.elapsed() < Duration::from_secs(20), "no answer");
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(asked.elapsed() >= SLOW_SEARCH);
    // Searching on the render thread would block one frame for the whole search and
    // answer within 2 frames; off it, frames keep coming (dozens on an idle machine, at
    // least ten even when a build loads both cores).
    assert!(
        frames_while_searching >= 8,
        "only {frames_while_searching} frames ran during a {SLOW_SEARCH:?} search"
    );
    assert_eq!(moves(&app)[1], pt("a1"));
    app.update();
    assert_eq!(phase(&app), Phase::HumanTurn);
    assert_eq!(stones(&mut app).len(), 2);
}

fn trouble(app: &App) -> Option<(u32, bool)> {
    let computer = app.world().resource::<ComputerPlayer>();
    computer.trouble.as_ref().map(|t| (t.attempts, t.gave_up()))
}

/// Runs frames until `done` holds (or fails after a few seconds).
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn failed_searches_are_retried_after_growing_pauses_then_the_player_decides() {
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    let mut pauses = Vec::new();
    for attempt in 1..=MAX_ATTEMPTS {
        let id = pending_request(&app, Purpose::ComputerMove);
        app.world_mut()
            .resource_mut::<FakeSearch>()
            .fail(id, SearchFailure::Crashed("a test's failure".into()));
        run_until(&mut app, "the failure is seen", |app| {
            trouble(app).is_some_and(|(n, _)| n == attempt)
        });
        if attempt < MAX_ATTEMPTS {
            assert_eq!(trouble(&app), Some((attempt, false)));
            // The frame that saw the failure set the retry's time from its own clock.
            let seen_at = app.world().resource::<Time<Real>>().elapsed();
            let computer = app.world().resource::<ComputerPlayer>();
            let retry_at = computer.trouble.as_ref().unwrap().retry_at.unwrap();
            let pause = retry_at - seen_at;
            pauses.push(pause);
            // No retry in the very next frame: it waits for its time.
            app.update();
            assert!(app.world().resource::<FakeSearch>().pending.is_empty());
            run_until(&mut app, "a retry", |app| {
                !app.world().resource::<FakeSearch>().pending.is_empty()
            });
        }
    }
    // The pause doubles: 300 ms, then 600 ms (the pacing the test set).
    assert_eq!(pauses, [RETRY_PAUSE, RETRY_PAUSE * 2]);
    // Given up: no more searches, no move, until the player asks again.
    assert_eq!(trouble(&app), Some((MAX_ATTEMPTS, true)));
    for _ in 0..50 {
        app.update();
    }
    assert!(app.world().resource::<FakeSearch>().pending.is_empty());
    assert_eq!(moves(&app), vec![pt("h8")]);
    app.world_mut().write_message(RetryComputer);
    app.update();
    pending_request(&app, Purpose::ComputerMove);
    computer_answers(&mut app, "i9");
    assert_eq!(moves(&app), vec![pt("h8"), pt("i9")]);
    assert_eq!(trouble(&app), None);
}

fn panicking_search(_: &Game, _: &SearchSettings, _: &AtomicBool) -> Option<SearchInfo> {
    panic!("a search that breaks");
}

#[test]
fn a_panicking_search_on_its_thread_is_reported_and_bounded() {
    let mut app = app_with_backend(ann_vs("CPU"), ThreadSearch::with_search(panicking_search));
    play(&mut app, "h8");
    run_until(&mut app, "the computer gives up", |app| {
        trouble(app).is_some_and(|(_, gave_up)| gave_up)
    });
    let computer = app.world().resource::<ComputerPlayer>();
    let failure = computer.trouble.as_ref().unwrap().last.clone();
    assert_eq!(
        failure,
        SearchFailure::Crashed("a search that breaks".into())
    );
    assert_eq!(computer.trouble.as_ref().unwrap().attempts, MAX_ATTEMPTS);
    assert_eq!(moves(&app), vec![pt("h8")]);
    // Undo leaves the broken position: the trouble is forgotten.
    act(&mut app, MatchAction::Undo);
    assert_eq!(trouble(&app), None);
}

#[test]
fn saves_load_back_and_a_corrupt_one_changes_nothing() {
    let mut app = two_humans();
    play(&mut app, "h8i9j10");
    app.world_mut().write_message(SaveAction::SaveGame);
    app.update();
    let status = app.world().resource::<SaveShelf>().status.clone().unwrap();
    assert!(matches!(status, SaveStatus::Saved { .. }), "{status:?}");
    app.world()
        .resource::<Store>()
        .0
        .write_save("gomoku-record 1\nsize 15\nmove zz\n")
        .unwrap();
    act(&mut app, MatchAction::Restart);
    play(&mut app, "a1");
    app.world_mut().write_message(SaveAction::ListSaves);
    app.update();
    let (good, bad) = {
        let shelf = app.world().resource::<SaveShelf>();
        let listing = shelf.listing.as_ref().unwrap().as_ref().unwrap();
        assert_eq!(listing.len(), 2);
        // Newest first: the corrupt one was written last.
        assert!(listing[0].record.is_err());
        assert!(listing[1].record.is_ok());
        (listing[1].entry.id.clone(), listing[0].entry.id.clone())
    };
    act(&mut app, MatchAction::Undo); // the listing stays open meanwhile
    app.world_mut().write_message(SaveAction::Load(bad.clone()));
    app.update();
    assert!(moves(&app).is_empty(), "a corrupt save changed the game");
    let status = app.world().resource::<SaveShelf>().status.clone().unwrap();
    assert!(
        matches!(&status, SaveStatus::CannotLoad { id, why: Unreadable::Record(_) } if *id == bad),
        "{status:?}"
    );
    app.world_mut().write_message(SaveAction::Load(good));
    app.update();
    app.update();
    assert_eq!(moves(&app), vec![pt("h8"), pt("i9"), pt("j10")]);
    assert!(app.world().resource::<SaveShelf>().listing.is_none());
}

#[test]
fn keyboard_moves_the_cursor_places_and_undoes() {
    let mut app = two_humans();
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
    act(&mut app, MatchAction::SetPosition("h8 i9 zz".into()));
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.moves().len(), 1);
    assert!(
        matches!(
            &m.notice,
            Some(Notice::CannotImport(GameBuildError::Notation(e))) if e.token == "zz"
        ),
        "{:?}",
        m.notice
    );
    act(&mut app, MatchAction::SetPosition("a1b2c3".into()));
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
    let id = pending_request(&app, Purpose::Hint);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .answer(id, info(pt("g7")));
    app.update();
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
fn a_failed_hint_says_why_and_asking_again_searches_again() {
    let mut app = two_humans();
    play(&mut app, "h8");
    app.world_mut().write_message(AskHint);
    app.update();
    let id = pending_request(&app, Purpose::Hint);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .fail(id, SearchFailure::Unavailable("no worker".into()));
    app.update();
    app.update();
    let hint = app.world().resource::<Hint>();
    assert!(!hint.is_searching());
    assert_eq!(
        hint.failure,
        Some(SearchFailure::Unavailable("no worker".into()))
    );
    app.world_mut().write_message(AskHint);
    app.update();
    assert_ne!(pending_request(&app, Purpose::Hint), id);
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
    assert_eq!(
        m.notice,
        Some(Notice::CannotPlay(PlayError::Forbidden(
            pt("h8"),
            Forbidden::DoubleThree
        )))
    );
    // White to move: no marks.
    play(&mut app, "o15");
    assert_eq!(marks(&mut app), Vec::<Point>::new());
}

fn two_humans_with(setup: MatchSetup) -> App {
    app_with(MatchSetup {
        players: [
            ("Ann".into(), PlayerKind::Human),
            ("Bob".into(), PlayerKind::Human),
        ],
        ..setup
    })
}

fn name_of(app: &App, stone: Stone) -> String {
    app.world().resource::<Match>().player(stone).name.clone()
}

#[test]
fn swap2_taking_black_hands_the_opener_white_and_move_four() {
    use gomoku::game_match::OpeningStep;
    use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};
    let mut app = two_humans_with(MatchSetup {
        swap2: true,
        ..MatchSetup::default()
    });
    // Ann opens with three stones of both colours.
    play(&mut app, "h8i9j10");
    let m = app.world().resource::<Match>();
    assert_eq!(m.swap2_stage(), Some(Swap2Stage::SecondChooses));
    assert_eq!(m.players[m.mover()].name, "Bob");
    // No stone until Bob has chosen.
    act(
        &mut app,
        MatchAction::Place {
            at: pt("k11"),
            by: PlayerKind::Human,
        },
    );
    assert_eq!(moves(&app).len(), 3);
    assert_eq!(
        app.world().resource::<Match>().notice,
        Some(Notice::Swap2AwaitsChoice {
            chooser: "Bob".into()
        })
    );
    act(
        &mut app,
        MatchAction::Swap2 {
            step: OpeningStep::Choose(Swap2Choice::TakeBlack),
            by: PlayerKind::Human,
        },
    );
    assert_eq!(name_of(&app, Stone::Black), "Bob");
    assert_eq!(name_of(&app, Stone::White), "Ann");
    let m = app.world().resource::<Match>();
    assert_eq!(m.swap2_stage(), None);
    assert_eq!(m.players[m.mover()].name, "Ann");
    play(&mut app, "k11");
    assert_eq!(moves(&app).len(), 4);
}

#[test]
fn swap2_placing_two_more_lets_the_opener_choose_and_undo_forgets_the_choice() {
    use gomoku::game_match::OpeningStep;
    use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};
    let mut app = two_humans_with(MatchSetup {
        swap2: true,
        ..MatchSetup::default()
    });
    play(&mut app, "h8i9j10");
    act(
        &mut app,
        MatchAction::Swap2 {
            step: OpeningStep::Choose(Swap2Choice::PlaceTwo),
            by: PlayerKind::Human,
        },
    );
    play(&mut app, "k11l12");
    let m = app.world().resource::<Match>();
    assert_eq!(m.swap2_stage(), Some(Swap2Stage::FirstChooses));
    assert_eq!(m.players[m.mover()].name, "Ann");
    act(
        &mut app,
        MatchAction::Swap2 {
            step: OpeningStep::Colour(Stone::White),
            by: PlayerKind::Human,
        },
    );
    assert_eq!(name_of(&app, Stone::White), "Ann");
    assert_eq!(name_of(&app, Stone::Black), "Bob");
    // Undo back into the opening: the colour choice is forgotten, the opener is black
    // again while the opening runs.
    act(&mut app, MatchAction::Undo);
    act(&mut app, MatchAction::Undo);
    let m = app.world().resource::<Match>();
    assert_eq!(m.swap2_stage(), Some(Swap2Stage::PlaceTwo));
    assert_eq!(m.players[m.mover()].name, "Bob");
    assert_eq!(name_of(&app, Stone::Black), "Ann");
}

#[test]
fn a_local_flag_fall_ends_the_game_for_the_side_to_move() {
    use gomoku_engine::Outcome;
    use gomoku_engine::time_control::TimeControl;
    let mut app = two_humans_with(MatchSetup {
        time_control: TimeControl::Fischer {
            base: Duration::from_millis(300),
            increment: Duration::ZERO,
        },
        ..MatchSetup::default()
    });
    run_until(&mut app, "Ann's flag to fall", |app| {
        app.world().resource::<Match>().game.is_over()
    });
    let m = app.world().resource::<Match>();
    assert_eq!(
        *m.game.outcome(),
        Outcome::OutOfTime {
            winner: Stone::White
        }
    );
    assert_eq!(m.player(Stone::White).score, 1);
    assert_eq!(phase(&app), Phase::Over);
}

/// Ann against the computer under Swap2; `computer_opens` gives it the first seat.
fn swap2_vs_computer(computer_opens: bool) -> App {
    let ann = ("Ann".to_string(), PlayerKind::Human);
    let cpu = ("CPU".to_string(), PlayerKind::Computer);
    app_with(MatchSetup {
        players: if computer_opens {
            [cpu, ann]
        } else {
            [ann, cpu]
        },
        swap2: true,
        ..MatchSetup::default()
    })
}

/// The computer's searches the fake backend holds, oldest first, with their positions.
fn computer_requests(app: &App) -> Vec<(RequestId, Vec<Point>)> {
    let fake = app.world().resource::<FakeSearch>();
    fake.pending
        .iter()
        .map(|r| {
            assert_eq!(r.purpose, Purpose::ComputerMove);
            (r.id, r.game.points().collect())
        })
        .collect()
}

/// Answers the computer's search `id` with `best`, judged `score` for the side to move.
fn answer_scored(app: &mut App, id: RequestId, best: &str, score: i32) {
    let found = SearchInfo {
        score,
        ..info(pt(best))
    };
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .answer(id, found);
}

/// Frames enough for the computer to take its answers and play out its Swap2 step.
fn settle(app: &mut App) {
    for _ in 0..10 {
        app.update();
    }
}

/// The one search the computer has asked for, which must be of `position`.
fn the_computer_search(app: &App, position: &str) -> RequestId {
    let requests = computer_requests(app);
    assert_eq!(requests.len(), 1, "{requests:?}");
    assert_eq!(requests[0].1, parse_moves(position, 15).unwrap());
    requests[0].0
}

fn swap2_stage(app: &App) -> Option<gomoku_engine::swap2::Swap2Stage> {
    app.world().resource::<Match>().swap2_stage()
}

#[test]
fn the_computer_opens_swap2_with_the_candidate_its_searches_judge_most_balanced() {
    use gomoku_engine::ai::swap2::OPENING_CANDIDATES;
    use gomoku_engine::swap2::Swap2Stage;
    let mut app = swap2_vs_computer(true);
    assert_eq!(phase(&app), Phase::ComputerTurn);
    let candidates = computer_requests(&app);
    assert_eq!(candidates.len(), OPENING_CANDIDATES);
    for (_, stones) in &candidates {
        assert_eq!(stones.len(), 3, "each candidate is a whole opening");
        assert_eq!(stones[0], pt("h8"));
    }
    // White's scores: clear edges, a forced loss (no opening however near zero its
    // number looks), and one nearly balanced, which must be the one placed.
    let chosen = 5;
    for (i, (id, _)) in candidates.iter().enumerate() {
        let score = match i {
            _ if i == chosen => -20,
            2 => -999_000,
            _ if i % 2 == 0 => 900,
            _ => -700,
        };
        if i + 1 < candidates.len() {
            answer_scored(&mut app, *id, "a1", score);
        }
    }
    settle(&mut app);
    assert!(
        moves(&app).is_empty(),
        "nothing placed before every candidate is judged"
    );
    let (last, _) = candidates[candidates.len() - 1];
    answer_scored(&mut app, last, "a1", 650);
    settle(&mut app);
    assert_eq!(moves(&app), candidates[chosen].1);
    assert_eq!(stones(&mut app).len(), 3);
    assert_eq!(swap2_stage(&app), Some(Swap2Stage::SecondChooses));
    assert_eq!(phase(&app), Phase::HumanTurn);
    assert!(computer_requests(&app).is_empty());
    assert!(!app.world().resource::<ComputerPlayer>().is_thinking());
}

#[test]
fn the_computer_answers_a_three_stone_opening_by_the_score_its_search_gives() {
    use gomoku_engine::swap2::Swap2Stage;
    // White clearly better: it takes white and plays its search's move.
    let mut app = swap2_vs_computer(false);
    play(&mut app, "h8i8d9");
    assert_eq!(phase(&app), Phase::ComputerTurn);
    let id = the_computer_search(&app, "h8i8d9");
    answer_scored(&mut app, id, "j7", 900);
    settle(&mut app);
    assert_eq!(swap2_stage(&app), None);
    assert_eq!(name_of(&app, Stone::White), "CPU");
    assert_eq!(moves(&app), parse_moves("h8i8d9j7", 15).unwrap());
    assert_eq!(phase(&app), Phase::HumanTurn);

    // Black clearly better: it takes black, and Ann plays white's move 4.
    let mut app = swap2_vs_computer(false);
    play(&mut app, "h8i8d9");
    let id = the_computer_search(&app, "h8i8d9");
    answer_scored(&mut app, id, "j7", -900);
    settle(&mut app);
    assert_eq!(swap2_stage(&app), None);
    assert_eq!(name_of(&app, Stone::Black), "CPU");
    assert_eq!(moves(&app).len(), 3);
    assert_eq!(phase(&app), Phase::HumanTurn);
    play(&mut app, "j7");
    assert_eq!(phase(&app), Phase::ComputerTurn, "then it plays black");

    // Close to even: white's best move and black's best answer, checked for balance
    // at five stones, are placed, and Ann chooses the colour.
    let mut app = swap2_vs_computer(false);
    play(&mut app, "h8i8d9");
    let id = the_computer_search(&app, "h8i8d9");
    answer_scored(&mut app, id, "j7", 20);
    settle(&mut app);
    assert!(moves(&app).len() == 3 && swap2_stage(&app) == Some(Swap2Stage::SecondChooses));
    let id = the_computer_search(&app, "h8i8d9j7");
    answer_scored(&mut app, id, "f11", -30);
    settle(&mut app);
    let id = the_computer_search(&app, "h8i8d9j7f11");
    answer_scored(&mut app, id, "e10", 40);
    settle(&mut app);
    assert_eq!(moves(&app), parse_moves("h8i8d9j7f11", 15).unwrap());
    assert_eq!(swap2_stage(&app), Some(Swap2Stage::FirstChooses));
    assert_eq!(phase(&app), Phase::HumanTurn);

    // Close at three, but the two stones would leave white clearly better: it takes
    // white itself and plays white's move.
    let mut app = swap2_vs_computer(false);
    play(&mut app, "h8i8d9");
    let id = the_computer_search(&app, "h8i8d9");
    answer_scored(&mut app, id, "j7", -20);
    settle(&mut app);
    let id = the_computer_search(&app, "h8i8d9j7");
    answer_scored(&mut app, id, "f11", 0);
    settle(&mut app);
    let id = the_computer_search(&app, "h8i8d9j7f11");
    answer_scored(&mut app, id, "e10", 800);
    settle(&mut app);
    assert_eq!(swap2_stage(&app), None);
    assert_eq!(name_of(&app, Stone::White), "CPU");
    assert_eq!(moves(&app), parse_moves("h8i8d9j7", 15).unwrap());
}

#[test]
fn the_computer_as_opener_takes_the_colour_its_search_favours_at_five_stones() {
    use gomoku::game_match::OpeningStep;
    use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};
    for (score, cpu_colour, placed) in [(-500, Stone::Black, 5), (500, Stone::White, 6)] {
        let mut app = swap2_vs_computer(true);
        for (id, _) in computer_requests(&app) {
            answer_scored(&mut app, id, "a1", 0);
        }
        settle(&mut app);
        assert_eq!(swap2_stage(&app), Some(Swap2Stage::SecondChooses));
        act(
            &mut app,
            MatchAction::Swap2 {
                step: OpeningStep::Choose(Swap2Choice::PlaceTwo),
                by: PlayerKind::Human,
            },
        );
        play(&mut app, "a15o1");
        assert_eq!(swap2_stage(&app), Some(Swap2Stage::FirstChooses));
        assert_eq!(phase(&app), Phase::ComputerTurn);
        let five: Vec<Point> = moves(&app);
        let requests = computer_requests(&app);
        assert_eq!(requests.len(), 1);
        assert_eq!(requests[0].1, five);
        answer_scored(&mut app, requests[0].0, "b2", score);
        settle(&mut app);
        assert_eq!(swap2_stage(&app), None, "score {score}");
        assert_eq!(name_of(&app, cpu_colour), "CPU", "score {score}");
        assert_eq!(moves(&app).len(), placed, "score {score}");
        if placed == 6 {
            assert_eq!(moves(&app)[5], pt("b2"), "white's move is its search's");
        }
        assert_eq!(phase(&app), Phase::HumanTurn);
    }
}

#[test]
fn the_computers_swap2_search_is_cancelled_when_the_position_changes() {
    use gomoku_engine::swap2::Swap2Stage;
    let mut app = swap2_vs_computer(false);
    play(&mut app, "h8i8d9");
    let id = the_computer_search(&app, "h8i8d9");
    act(&mut app, MatchAction::Undo);
    assert!(app.world().resource::<FakeSearch>().cancelled.contains(&id));
    assert_eq!(swap2_stage(&app), Some(Swap2Stage::PlaceThree));
    // Its answer, arriving late, changes nothing.
    answer_scored(&mut app, id, "j7", 900);
    settle(&mut app);
    assert_eq!(moves(&app).len(), 2);
    assert_eq!(swap2_stage(&app), Some(Swap2Stage::PlaceThree));
    assert_eq!(phase(&app), Phase::HumanTurn);
}
// Further tests in files of their own, in this one test binary (each binary is a
// Bevy-sized link).
#[path = "app/analysis.rs"]
mod analysis;
#[path = "app/phone.rs"]
mod phone;
#[path = "app/sound.rs"]
mod sound;
#[path = "app/variations.rs"]
mod variations;
