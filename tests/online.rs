//! Online play between two headless apps in this process, through a signalling server
//! hosted here on 127.0.0.1 and real WebRTC data channels.
//!
//! Nothing may leave the machine, so the harness runs its tests inside a network
//! namespace of their own that has only the loopback device (`unshare --net`: as root,
//! or as a user through a user namespace). webrtc's mDNS socket needs a multicast route
//! there. A machine where no namespace can be made fails this test with the reason; it
//! never passes by skipping.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::game_match::{Match, MatchAction, OpeningStep, PlayerKind};
use gomoku::online::link::{LinkEvent, PeerLink};
use gomoku::online::signalling::{self, HostedSignalling};
use gomoku::online::{
    ColourChoice, Connection, IceServers, Network, Online, OnlineCommand, Question, RoomCode,
    RoomSetup,
};
use gomoku::screens::Screen;
use gomoku::search::FakeSearch;
use gomoku::storage::{MemoryStorage, SaveEntry, Storage, StorageError, Store};
use gomoku_engine::ai::SearchInfo;
use gomoku_engine::notation::{parse_moves, parse_point};
use gomoku_engine::online::{self as wire, Message, PlayerName, PositionHash};
use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};
use gomoku_engine::time_control::TimeControl;
use gomoku_engine::{Game, Outcome, Point, Rule, Stone};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::{Command, ExitCode};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Set in the environment of the copy of this binary that runs inside the namespace.
const INSIDE: &str = "GOMOKU_TEST_NETNS";

/// The inner run's exit code when tests failed, told apart from `unshare`'s own failures
/// (which exit 1), so that the next way of making a namespace is tried only for those.
const TESTS_FAILED: u8 = 101;

/// Generous: two WebRTC handshakes on a loaded 2-core machine take a few seconds.
const PATIENCE: Duration = Duration::from_secs(30);

fn main() -> ExitCode {
    if std::env::var_os(INSIDE).is_none() {
        return rerun_isolated();
    }
    // However this run was started, it may reach nothing but loopback.
    // /proc/net/dev lists this network namespace's devices (/sys/class/net shows the
    // mount's, which unshare --net leaves as the host's).
    let devices: Vec<String> = std::fs::read_to_string("/proc/net/dev")
        .unwrap_or_default()
        .lines()
        .skip(2)
        .filter_map(|line| {
            line.split_once(':')
                .map(|(name, _)| name.trim().to_string())
        })
        .collect();
    if devices != ["lo"] {
        eprintln!("refusing to run: network devices here are {devices:?}, not only lo");
        return ExitCode::from(TESTS_FAILED);
    }
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let tests: [(&str, fn()); 9] = [
        (
            "a_closed_app_comes_back_to_its_kept_game",
            a_closed_app_comes_back_to_its_kept_game,
        ),
        (
            "a_swap2_opening_is_played_out_between_the_machines",
            a_swap2_opening_is_played_out_between_the_machines,
        ),
        (
            "a_bot_plays_its_swap2_steps_by_its_searches",
            a_bot_plays_its_swap2_steps_by_its_searches,
        ),
        (
            "a_game_to_five_shows_on_both_screens",
            a_game_to_five_shows_on_both_screens,
        ),
        (
            "take_backs_need_the_other_players_consent",
            take_backs_need_the_other_players_consent,
        ),
        (
            "resignation_next_game_and_an_agreed_draw",
            resignation_next_game_and_an_agreed_draw,
        ),
        (
            "a_fallen_flag_ends_the_game_on_both_sides",
            a_fallen_flag_ends_the_game_on_both_sides,
        ),
        ("a_lying_peer_changes_nothing", a_lying_peer_changes_nothing),
        (
            "a_dropped_link_rejoins_and_resumes_the_position",
            a_dropped_link_rejoins_and_resumes_the_position,
        ),
    ];
    let mut failed = Vec::new();
    for (name, test) in tests {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let started = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(test));
        let verdict = if result.is_ok() { "ok" } else { "FAILED" };
        println!(
            "test {name} ... {verdict} ({:.1} s)",
            started.elapsed().as_secs_f32()
        );
        if result.is_err() {
            failed.push(name);
        }
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("failed: {failed:?}");
        ExitCode::from(TESTS_FAILED)
    }
}

/// Runs this binary again in a network namespace with only `lo`, and passes on its exit.
fn rerun_isolated() -> ExitCode {
    let exe = std::env::current_exe().expect("the test binary's path");
    let setup = "ip link set lo up && ip route add 224.0.0.251/32 dev lo && exec \"$0\" \"$@\"";
    let mut last_error = String::new();
    // As root a network namespace is enough; a user needs a user namespace around it.
    for unshare in [&["--net"][..], &["--net", "--map-root-user"]] {
        let status = Command::new("unshare")
            .args(unshare)
            .args(["--", "sh", "-c", setup])
            .arg(&exe)
            .args(std::env::args().skip(1))
            .env(INSIDE, "1")
            .status();
        match status {
            Ok(s) if s.success() => return ExitCode::SUCCESS,
            // The namespace was made (the tests ran and said so) but something failed.
            Ok(s) if s.code() == Some(i32::from(TESTS_FAILED)) => return ExitCode::FAILURE,
            Ok(s) => last_error = format!("unshare {unshare:?} ended with {s}"),
            Err(e) => last_error = format!("unshare could not run: {e}"),
        }
    }
    eprintln!(
        "the online tests need a network namespace with only loopback (unshare --net, as root \
         or with user namespaces); none could be made: {last_error}"
    );
    ExitCode::FAILURE
}

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

/// One storage shared by the apps that stand for runs of the game on one machine.
#[derive(Clone, Default)]
struct Disk(Arc<MemoryStorage>);

impl Storage for Disk {
    fn load_settings(&self) -> Result<Option<String>, StorageError> {
        self.0.load_settings()
    }
    fn save_settings(&self, text: &str) -> Result<(), StorageError> {
        self.0.save_settings(text)
    }
    fn list_saves(&self) -> Result<Vec<SaveEntry>, StorageError> {
        self.0.list_saves()
    }
    fn write_save(&self, text: &str) -> Result<SaveEntry, StorageError> {
        self.0.write_save(text)
    }
    fn read_save(&self, id: &str) -> Result<String, StorageError> {
        self.0.read_save(id)
    }
    fn load_online_game(&self) -> Result<Option<String>, StorageError> {
        self.0.load_online_game()
    }
    fn save_online_game(&self, text: &str) -> Result<(), StorageError> {
        self.0.save_online_game(text)
    }
    fn clear_online_game(&self) -> Result<(), StorageError> {
        self.0.clear_online_game()
    }
    fn write_image(&self, png: &[u8]) -> Result<String, StorageError> {
        self.0.write_image(png)
    }
}

fn app() -> App {
    app_on(Box::new(MemoryStorage::default()))
}

fn app_on(storage: Box<dyn Storage>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(Store(storage))
        .insert_resource(FakeSearch::default())
        .add_plugins(gomoku::core_plugin);
    app.update();
    app
}

fn network(server: &HostedSignalling) -> Network {
    Network {
        signal: format!("ws://{}", server.address),
        ice: IceServers::default(),
    }
}

fn serve() -> HostedSignalling {
    // The apps' plugins set up the task pools the server runs on.
    let _ = app();
    signalling::host(([127, 0, 0, 1], 0).into()).expect("a signalling server on 127.0.0.1")
}

/// Two apps in one room: Ann creates it, Bob joins with its code.
struct Pair {
    host: App,
    guest: App,
    _server: HostedSignalling,
}

fn setup(colours: ColourChoice, time_control: TimeControl) -> RoomSetup {
    RoomSetup {
        rule: Rule::Freestyle,
        size: 15,
        time_control,
        colours,
    }
}

fn command(app: &mut App, command: OnlineCommand) {
    app.world_mut().write_message(command);
}

fn online(app: &App) -> &Online {
    app.world().get_resource::<Online>().expect("in a room")
}

fn game(app: &App) -> &Game {
    &app.world().resource::<Match>().game
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Runs frames of every app until `done` holds, or fails the test with `what`.
fn pump(apps: &mut [&mut App], what: &str, mut done: impl FnMut(&[&mut App]) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        if done(apps) {
            return;
        }
        if Instant::now() > deadline {
            let states: Vec<String> = apps
                .iter()
                .map(|a| {
                    a.world()
                        .get_resource::<Online>()
                        .map_or("no room".into(), |o| {
                            format!("{:?} refused {:?}", o.connection, o.refused)
                        })
                })
                .collect();
            panic!("timed out waiting for {what}; rooms: {states:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn open_room(server: &HostedSignalling, room: RoomSetup) -> (App, RoomCode) {
    let mut host = app();
    command(
        &mut host,
        OnlineCommand::Create {
            name: "Ann".into(),
            setup: room,
            network: network(server),
            player: PlayerKind::Human,
        },
    );
    pump(&mut [&mut host], "the room to open", |apps| {
        apps[0]
            .world()
            .get_resource::<Online>()
            .is_some_and(|o| o.connection == Connection::WaitingForOpponent)
    });
    let code = online(&host).code.clone();
    (host, code)
}

fn pair(room: RoomSetup) -> Pair {
    pair_with_guest_on(room, Disk::default())
}

fn pair_with_guest_on(room: RoomSetup, guest_disk: Disk) -> Pair {
    pair_of(room, guest_disk, PlayerKind::Human)
}

/// A room whose guest's side is played by `guest_player` (a person, or the computer as
/// `--online-bot` plays it, its searches answered by the test).
fn pair_of(room: RoomSetup, guest_disk: Disk, guest_player: PlayerKind) -> Pair {
    let server = serve();
    let (mut host, code) = open_room(&server, room);
    let mut guest = app_on(Box::new(guest_disk));
    command(
        &mut guest,
        OnlineCommand::Join {
            name: "Bob".into(),
            code,
            network: network(&server),
            player: guest_player,
        },
    );
    pump(
        &mut [&mut host, &mut guest],
        "both boards to show",
        |apps| {
            apps.iter().all(|a| {
                screen(a) == Screen::Playing
                    && a.world().resource::<Match>().is_online()
                    && a.world()
                        .get_resource::<Online>()
                        .is_some_and(|o| o.connection == Connection::Connected)
            })
        },
    );
    Pair {
        host,
        guest,
        _server: server,
    }
}

impl Pair {
    fn both(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        pump(&mut [&mut self.host, &mut self.guest], what, |apps| {
            apps.iter().all(|a| done(a))
        });
    }

    /// Places `at` on `app`'s side (a person at that machine), then waits until both
    /// games hold the same moves.
    fn play(&mut self, host_plays: bool, at: &str) {
        let app = if host_plays {
            &mut self.host
        } else {
            &mut self.guest
        };
        let before = game(app).moves().len();
        app.world_mut().write_message(MatchAction::Place {
            at: pt(at),
            by: PlayerKind::Human,
        });
        self.both(&format!("{at} on both boards"), |a| {
            game(a).moves().len() == before + 1 && game(a).last_move() == Some(pt(at))
        });
    }
}

fn a_game_to_five_shows_on_both_screens() {
    let mut p = pair(setup(ColourChoice::CreatorBlack, TimeControl::Unlimited));
    // Names are exchanged: each side shows the other's.
    for app in [&p.host, &p.guest] {
        let m = app.world().resource::<Match>();
        assert_eq!(m.player(Stone::Black).name, "Ann");
        assert_eq!(m.player(Stone::White).name, "Bob");
    }
    assert_eq!(online(&p.host).peer_name.as_deref(), Some("Bob"));
    assert_eq!(online(&p.guest).peer_name.as_deref(), Some("Ann"));
    for (black, white) in [("h8", "h9"), ("i8", "i9"), ("j8", "j9"), ("k8", "k9")] {
        p.play(true, black);
        p.play(false, white);
    }
    p.play(true, "l8");
    p.both("Ann's win on both screens", |a| {
        game(a).outcome().winner() == Some(Stone::Black)
            && a.world().resource::<Match>().player(Stone::Black).score == 1
    });
    // The round trip was measured.
    p.both("a round trip", |a| online(a).round_trip.is_some());
}

fn choose(app: &mut App, step: OpeningStep) {
    app.world_mut().write_message(MatchAction::Swap2 {
        step,
        by: PlayerKind::Human,
    });
}

fn a_swap2_opening_is_played_out_between_the_machines() {
    let mut p = pair(setup(ColourChoice::Swap2, TimeControl::Unlimited));
    // Ann, the room's creator, opens with three stones.
    p.play(true, "h8");
    p.play(true, "i9");
    p.play(true, "j10");
    p.both("Bob's choice to be awaited", |a| {
        a.world().resource::<Match>().swap2_stage() == Some(Swap2Stage::SecondChooses)
    });
    choose(&mut p.guest, OpeningStep::Choose(Swap2Choice::PlaceTwo));
    p.both("Bob's two stones to be awaited", |a| {
        a.world().resource::<Match>().swap2_stage() == Some(Swap2Stage::PlaceTwo)
    });
    p.play(false, "k11");
    p.play(false, "l12");
    choose(&mut p.host, OpeningStep::Colour(Stone::White));
    p.both("the colours decided alike", |a| {
        let m = a.world().resource::<Match>();
        m.swap2_stage().is_none()
            && m.player(Stone::White).name == "Ann"
            && m.player(Stone::Black).name == "Bob"
    });
    // White plays move six: Ann.
    p.play(true, "m13");
}

/// Waits for the guest's computer to ask about the position `moves`, and answers with
/// `best`, judged `score` for the side to move.
fn bot_answers(p: &mut Pair, moves: &str, best: &str, score: i32) {
    let position = parse_moves(moves, 15).unwrap();
    let asked = |app: &App| {
        let fake = app.world().resource::<FakeSearch>();
        fake.pending
            .iter()
            .find(|r| r.game.points().eq(position.iter().copied()))
            .map(|r| r.id)
    };
    pump(
        &mut [&mut p.host, &mut p.guest],
        &format!("the bot's search of {moves}"),
        |apps| asked(apps[1]).is_some(),
    );
    let id = asked(&p.guest).expect("asked above");
    let found = SearchInfo {
        best: pt(best),
        score,
        depth: 6,
        nodes: 1,
        elapsed_ms: 0,
        pv: vec![pt(best)],
    };
    p.guest
        .world_mut()
        .resource_mut::<FakeSearch>()
        .answer(id, found);
}

fn a_bot_plays_its_swap2_steps_by_its_searches() {
    let room = setup(ColourChoice::Swap2, TimeControl::Unlimited);
    let mut p = pair_of(room, Disk::default(), PlayerKind::Computer);
    for at in ["h8", "i8", "d9"] {
        p.play(true, at);
    }
    // Close to even for white: the bot places white's best move and black's best answer,
    // which its last search finds balanced, and Ann chooses.
    bot_answers(&mut p, "h8i8d9", "j7", 20);
    bot_answers(&mut p, "h8i8d9j7", "f11", -30);
    bot_answers(&mut p, "h8i8d9j7f11", "e10", 40);
    let five = parse_moves("h8i8d9j7f11", 15).unwrap();
    p.both("the bot's two stones and then Ann's choice", |a| {
        a.world().resource::<Match>().swap2_stage() == Some(Swap2Stage::FirstChooses)
            && game(a).points().eq(five.iter().copied())
    });
    choose(&mut p.host, OpeningStep::Colour(Stone::Black));
    // The bot is white, and plays move six from its search.
    bot_answers(&mut p, "h8i8d9j7f11", "g10", 0);
    p.both("the bot's move six on both boards", |a| {
        let m = a.world().resource::<Match>();
        m.swap2_stage().is_none()
            && m.player(Stone::White).name == "Bob"
            && game(a).moves().len() == 6
            && game(a).last_move() == Some(pt("g10"))
    });
}

fn take_backs_need_the_other_players_consent() {
    let mut p = pair(setup(ColourChoice::CreatorBlack, TimeControl::Unlimited));
    p.play(true, "h8");
    p.play(false, "i9");
    p.play(true, "j10");
    // Undo alone does nothing online.
    p.host.world_mut().write_message(MatchAction::Undo);
    command(&mut p.host, OnlineCommand::AskUndo);
    pump(
        &mut [&mut p.host, &mut p.guest],
        "Bob to be asked",
        |apps| online(apps[1]).question() == Some(Question::Undo),
    );
    assert_eq!(game(&p.host).moves().len(), 3);
    command(&mut p.guest, OnlineCommand::AnswerUndo(false));
    pump(&mut [&mut p.host, &mut p.guest], "the refusal", |apps| {
        online(apps[0]).asked().is_none()
    });
    assert_eq!(game(&p.host).moves().len(), 3);
    assert_eq!(game(&p.guest).moves().len(), 3);

    command(&mut p.host, OnlineCommand::AskUndo);
    pump(
        &mut [&mut p.host, &mut p.guest],
        "Bob to be asked again",
        |apps| online(apps[1]).question() == Some(Question::Undo),
    );
    command(&mut p.guest, OnlineCommand::AnswerUndo(true));
    p.both("j10 taken back on both boards", |a| {
        game(a).moves().len() == 2 && game(a).to_move() == Stone::Black
    });
    // And play goes on from there.
    p.play(true, "k11");
}

fn resignation_next_game_and_an_agreed_draw() {
    let mut p = pair(setup(ColourChoice::CreatorBlack, TimeControl::Unlimited));
    p.play(true, "h8");
    command(&mut p.guest, OnlineCommand::Resign);
    p.both("Bob's resignation", |a| {
        *game(a).outcome()
            == Outcome::Resigned {
                winner: Stone::Black,
            }
    });
    command(&mut p.guest, OnlineCommand::NextGame);
    p.both("the next game, colours swapped", |a| {
        let m = a.world().resource::<Match>();
        game(a).moves().is_empty() && m.player(Stone::Black).name == "Bob"
    });
    assert_eq!(
        p.host.world().resource::<Match>().players[0].score,
        1,
        "Ann keeps her win"
    );
    p.play(false, "h8");
    command(&mut p.host, OnlineCommand::OfferDraw);
    pump(
        &mut [&mut p.host, &mut p.guest],
        "Bob to see the offer",
        |apps| online(apps[1]).question() == Some(Question::Draw),
    );
    // While her offer waits, Ann's stones are held: one would cross Bob's answer.
    p.host.world_mut().write_message(MatchAction::Place {
        at: pt("j10"),
        by: PlayerKind::Human,
    });
    pump(&mut [&mut p.host], "the held stone's notice", |a| {
        a[0].world().resource::<Match>().notice.is_some()
    });
    assert_eq!(game(&p.host).moves().len(), 1);
    command(&mut p.guest, OnlineCommand::AnswerDraw(true));
    p.both("the agreed draw", |a| {
        *game(a).outcome() == Outcome::DrawAgreed
    });
}

fn a_fallen_flag_ends_the_game_on_both_sides() {
    let quick = TimeControl::Fischer {
        base: Duration::from_secs(3),
        increment: Duration::ZERO,
    };
    let mut p = pair(setup(ColourChoice::CreatorWhite, quick));
    // Bob has black and does not move: his own machine lets his flag fall and says so.
    p.both("Bob's flag", |a| {
        *game(a).outcome()
            == Outcome::OutOfTime {
                winner: Stone::White,
            }
    });
    assert_eq!(
        p.host.world().resource::<Match>().player(Stone::White).name,
        "Ann"
    );
}

/// A peer that speaks the wire by hand, to say what an honest game never would.
fn a_lying_peer_changes_nothing() {
    let server = serve();
    let (mut host, code) = open_room(
        &server,
        setup(ColourChoice::CreatorBlack, TimeControl::Unlimited),
    );
    let mut liar = PeerLink::open(&code.url(&network(&server).signal), &IceServers::default());
    let mut peer = None;
    let mut heard = Vec::new();
    pump(&mut [&mut host], "the liar to be linked", |_| {
        for event in liar.poll() {
            match event {
                LinkEvent::PeerConnected(id) => peer = Some(id),
                LinkEvent::Received(_, bytes) => heard.push(wire::decode(&bytes)),
                other => panic!("unexpected {other:?}"),
            }
        }
        peer.is_some()
    });
    let peer = peer.unwrap();
    let say = |liar: &mut PeerLink, message: &Message| {
        assert!(liar.send(peer, wire::encode(message).unwrap().as_bytes()));
    };
    say(
        &mut liar,
        &Message::Hello {
            version: wire::PROTOCOL_VERSION,
            name: PlayerName::new("Mallory").unwrap(),
        },
    );
    pump(&mut [&mut host], "the game to start", |a| {
        screen(a[0]) == Screen::Playing && a[0].world().resource::<Match>().is_online()
    });
    let refusals = |host: &App| online(host).refused_total;
    let lie = |host: &mut App, liar: &mut PeerLink, bytes: Vec<u8>, what: &str| {
        let before = refusals(host);
        let moves = game(host).moves().to_vec();
        assert!(liar.send(peer, &bytes));
        pump(&mut [host], what, |a| refusals(a[0]) > before);
        assert_eq!(
            game(host).moves(),
            moves.as_slice(),
            "{what} changed the game"
        );
    };
    let white_move = |ply: u32, at: &str, game: &Game| {
        let hash = PositionHash::after(game, pt(at));
        wire::encode(&Message::Move {
            ply,
            at: pt(at),
            used_ms: 100,
            hash,
        })
        .unwrap()
        .into_bytes()
    };
    // Ann has black: a stone from Mallory now is out of turn.
    let bytes = white_move(0, "h8", game(&host));
    lie(&mut host, &mut liar, bytes, "a move out of turn");
    host.world_mut().write_message(MatchAction::Place {
        at: pt("h8"),
        by: PlayerKind::Human,
    });
    pump(&mut [&mut host], "Ann's h8", |a| {
        game(a[0]).moves().len() == 1
    });
    let bytes = wire::encode(&Message::Move {
        ply: 1,
        at: pt("h8"),
        used_ms: 100,
        hash: PositionHash::of(game(&host)),
    })
    .unwrap()
    .into_bytes();
    lie(&mut host, &mut liar, bytes, "a stone on an occupied point");
    let honest = white_move(1, "i9", game(&host));
    let mut wrong_hash = String::from_utf8(honest).unwrap();
    wrong_hash.replace_range(wrong_hash.len() - 4.., "0000");
    lie(
        &mut host,
        &mut liar,
        wrong_hash.into_bytes(),
        "a move with another position's hash",
    );
    let bytes = white_move(5, "i9", game(&host));
    lie(&mut host, &mut liar, bytes, "a move at the wrong ply");
    lie(
        &mut host,
        &mut liar,
        b"gomoku 1 move to the moon".to_vec(),
        "a malformed message",
    );
    lie(
        &mut host,
        &mut liar,
        vec![b'x'; 64 * 1024],
        "an oversized message",
    );
    lie(
        &mut host,
        &mut liar,
        vec![0xff, 0xfe, 0x00],
        "bytes that are not text",
    );
    let bytes = wire::encode(&Message::UndoAnswer {
        ply: 1,
        accepted: true,
    })
    .unwrap()
    .into_bytes();
    lie(
        &mut host,
        &mut liar,
        bytes,
        "an answer to an undo nobody asked for",
    );
    // An honest move after all that is still taken.
    let bytes = white_move(1, "i9", game(&host));
    assert!(liar.send(peer, &bytes));
    pump(&mut [&mut host], "Mallory's honest i9", |a| {
        game(a[0]).moves().len() == 2
    });
    // A peer of another version is refused, and told so.
    assert!(liar.send(peer, b"gomoku 2 hello Mallory"));
    pump(&mut [&mut host], "the version refusal", |a| {
        matches!(online(a[0]).connection, Connection::Failed(_))
    });
    assert_eq!(game(&host).moves().len(), 2);
    let deadline = Instant::now() + PATIENCE;
    let mut told = false;
    while !told && Instant::now() < deadline {
        for event in liar.poll() {
            if let LinkEvent::Received(_, bytes) = event {
                told |= matches!(
                    wire::decode(&bytes),
                    Ok(Message::VersionRefused {
                        ours: wire::PROTOCOL_VERSION
                    })
                );
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(told, "the other version was not told why");
}

fn a_dropped_link_rejoins_and_resumes_the_position() {
    let mut p = pair(setup(ColourChoice::CreatorBlack, TimeControl::Unlimited));
    p.play(true, "h8");
    p.play(false, "i9");
    // Bob's link drops; Ann sees him go, and moves while he is away.
    command(&mut p.guest, OnlineCommand::Reconnect);
    p.host.world_mut().write_message(MatchAction::Place {
        at: pt("j10"),
        by: PlayerKind::Human,
    });
    p.both("Bob back with Ann's j10", |a| {
        game(a).moves().len() == 3
            && game(a).last_move() == Some(pt("j10"))
            && online(a).connection == Connection::Connected
    });
    assert_eq!(game(&p.host), game(&p.guest));
    p.play(false, "k11");
}

fn a_closed_app_comes_back_to_its_kept_game() {
    let disk = Disk::default();
    let mut p = pair_with_guest_on(
        setup(ColourChoice::CreatorBlack, TimeControl::Unlimited),
        disk.clone(),
    );
    p.play(true, "h8");
    p.play(false, "i9");
    // Bob's app closes without a word (no goodbye); Ann moves while he is away.
    p.guest = app_on(Box::new(disk.clone()));
    pump(&mut [&mut p.host], "Ann to see Bob gone", |apps| {
        matches!(online(apps[0]).connection, Connection::OpponentLost { .. })
    });
    p.host.world_mut().write_message(MatchAction::Place {
        at: pt("j10"),
        by: PlayerKind::Human,
    });
    // Bob starts the game again: the menu offers the kept game, and he takes it.
    let network = network(&p._server);
    command(
        &mut p.guest,
        OnlineCommand::Resume {
            network,
            player: PlayerKind::Human,
        },
    );
    p.both("Bob back in the game with Ann's j10", |a| {
        screen(a) == Screen::Playing
            && game(a).moves().len() == 3
            && a.world()
                .get_resource::<Online>()
                .is_some_and(|o| o.connection == Connection::Connected)
    });
    assert_eq!(game(&p.host), game(&p.guest));
    assert_eq!(
        p.guest
            .world()
            .resource::<Match>()
            .player(Stone::White)
            .name,
        "Bob"
    );
    p.play(false, "k11");
    // A game left on purpose is not kept, and the other player is told.
    command(&mut p.guest, OnlineCommand::Leave);
    pump(
        &mut [&mut p.guest, &mut p.host],
        "Bob to leave, and Ann to know",
        |a| {
            a[0].world().get_resource::<Online>().is_none()
                && online(a[1]).connection == Connection::OpponentLeft
        },
    );
    assert_eq!(disk.load_online_game().unwrap(), None);
}
