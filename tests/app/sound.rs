//! Sound: which cue plays at which event, heard through a recording output.

use super::*;
use bevy::time::TimeUpdateStrategy;
use gomoku::settings::Settings;
use gomoku::sound::{RecordingOutput, SoundCue, SoundOutput};
use gomoku_engine::game::Ending;
use gomoku_engine::time_control::TimeControl;

/// Plays cues into a recording from here on.
fn listen(app: &mut App) -> RecordingOutput {
    let recording = RecordingOutput::default();
    app.insert_resource(SoundOutput::new(recording.clone()));
    recording
}

fn cues(recording: &RecordingOutput) -> Vec<SoundCue> {
    recording.played().into_iter().map(|(cue, _)| cue).collect()
}

#[test]
fn each_stone_clicks_once_black_and_white_differently() {
    let mut app = two_humans();
    let heard = listen(&mut app);
    play(&mut app, "h8i9h9");
    assert_eq!(
        cues(&heard),
        [
            SoundCue::BlackStone,
            SoundCue::WhiteStone,
            SoundCue::BlackStone
        ]
    );
    // A refused click (an occupied point) is silent.
    play(&mut app, "h8");
    assert_eq!(cues(&heard).len(), 3);
}

#[test]
fn the_computers_stone_clicks_and_its_win_is_the_persons_loss() {
    let mut app = human_vs_computer();
    let heard = listen(&mut app);
    // Set up from a move string, silently: white (the computer) has four and is to move.
    act(
        &mut app,
        MatchAction::SetPosition("h8a1c3a2j8a3e12a4m13".into()),
    );
    assert_eq!(cues(&heard), []);
    computer_answers(&mut app, "a5");
    assert!(app.world().resource::<Match>().game.is_over());
    assert_eq!(cues(&heard), [SoundCue::WhiteStone, SoundCue::Loss]);
}

#[test]
fn the_persons_win_against_the_computer_plays_the_win() {
    let mut app = human_vs_computer();
    let heard = listen(&mut app);
    act(
        &mut app,
        MatchAction::SetPosition("h8a1i8a2j8a3k8a4".into()),
    );
    play(&mut app, "l8");
    assert!(app.world().resource::<Match>().game.is_over());
    assert_eq!(cues(&heard), [SoundCue::BlackStone, SoundCue::Win]);
    // The person resigning the next game loses it.
    act(&mut app, MatchAction::NextGame);
    act(&mut app, MatchAction::End(Ending::Resign(Stone::White)));
    // After NextGame the person has white.
    assert_eq!(cues(&heard)[2..], [SoundCue::Loss]);
}

#[test]
fn between_two_people_here_any_win_plays_the_win() {
    let mut app = two_humans();
    let heard = listen(&mut app);
    play(&mut app, "h8a1i8a2j8a3k8a4l8");
    assert_eq!(cues(&heard).last(), Some(&SoundCue::Win));
    act(&mut app, MatchAction::Restart);
    play(&mut app, "a1h8a2i8a3j8a4k8c3l8");
    assert_eq!(cues(&heard).last(), Some(&SoundCue::Win));
}

#[test]
fn undo_redo_and_loading_are_silent_even_back_to_a_finished_game() {
    let mut app = two_humans();
    play(&mut app, "h8a1i8a2j8a3k8a4l8");
    assert!(app.world().resource::<Match>().game.is_over());
    let heard = listen(&mut app);
    act(&mut app, MatchAction::Undo);
    act(&mut app, MatchAction::Undo);
    act(&mut app, MatchAction::Redo);
    act(&mut app, MatchAction::Redo);
    assert!(app.world().resource::<Match>().game.is_over());
    act(&mut app, MatchAction::Undo);
    act(&mut app, MatchAction::GoTo(vec![0, 0, 0, 0, 0, 0, 0, 0, 0]));
    assert!(app.world().resource::<Match>().game.is_over());
    // A declared ending comes back with redo, silently too.
    act(&mut app, MatchAction::Restart);
    play(&mut app, "h8");
    let before = cues(&heard).len();
    act(&mut app, MatchAction::End(Ending::Resign(Stone::White)));
    assert_eq!(cues(&heard)[before..], [SoundCue::Win]);
    act(&mut app, MatchAction::Undo);
    act(&mut app, MatchAction::Redo);
    act(&mut app, MatchAction::SetPosition("a1b2c3".into()));
    assert_eq!(cues(&heard)[before..], [SoundCue::Win]);
    assert_eq!(cues(&heard)[..before], [SoundCue::BlackStone]);
}

#[test]
fn muted_or_at_zero_nothing_plays_and_the_volume_reaches_the_output() {
    let mut app = two_humans();
    let heard = listen(&mut app);
    app.world_mut().resource_mut::<Settings>().sound_muted = true;
    play(&mut app, "h8a1i8a2j8a3k8a4l8");
    assert_eq!(cues(&heard), []);
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.sound_muted = false;
        settings.sound_volume = 0;
    }
    act(&mut app, MatchAction::Restart);
    play(&mut app, "h8");
    assert_eq!(cues(&heard), []);
    app.world_mut().resource_mut::<Settings>().sound_volume = 50;
    play(&mut app, "i9");
    assert_eq!(heard.played(), [(SoundCue::WhiteStone, 0.25)]);
}

#[test]
fn m_mutes_and_unmutes_and_the_choice_is_stored() {
    let mut app = two_humans();
    let stored = |app: &App| {
        let text = app.world().resource::<Store>().0.load_settings().unwrap();
        Settings::from_text(&text.expect("settings stored")).unwrap()
    };
    press(&mut app, &[KeyCode::KeyM]);
    assert!(app.world().resource::<Settings>().sound_muted);
    assert!(stored(&app).sound_muted);
    press(&mut app, &[KeyCode::KeyM]);
    assert!(!stored(&app).sound_muted);
}

#[test]
fn the_sound_settings_survive_the_text_round_trip_and_older_files_load() {
    let settings = Settings {
        sound_volume: 35,
        sound_muted: true,
        ..Settings::default()
    };
    assert_eq!(Settings::from_text(&settings.to_text()), Ok(settings));
    let older = Settings::from_text("(level: 4)").unwrap();
    assert_eq!(older.sound_volume, Settings::default().sound_volume);
    assert!(!older.sound_muted);
}

#[test]
fn a_local_clock_ticks_once_a_second_for_its_last_ten_seconds() {
    let mut app = two_humans_with(MatchSetup {
        time_control: TimeControl::Fischer {
            base: Duration::from_secs(13),
            increment: Duration::ZERO,
        },
        ..MatchSetup::default()
    });
    let heard = listen(&mut app);
    let frame = Duration::from_millis(100);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.update();
    let mut ticks_at = Vec::new();
    for _ in 0..200 {
        let before = cues(&heard).len();
        app.update();
        let m = app.world().resource::<Match>();
        if cues(&heard)[before..].contains(&SoundCue::ClockTick) {
            ticks_at.push(m.time_left(Stone::Black).unwrap());
        }
        if m.game.is_over() {
            break;
        }
    }
    assert_eq!(ticks_at.len(), 10, "ticks at {ticks_at:?}");
    // The first at ten seconds left (within a frame), the last at one.
    assert!(ticks_at[0] <= Duration::from_secs(10) && ticks_at[0] > Duration::from_millis(9_800));
    assert!(ticks_at[9] <= Duration::from_secs(1));
    // The flag fell: between two people here, the win sound for white.
    assert_eq!(cues(&heard).last(), Some(&SoundCue::Win));
}

#[test]
fn a_clock_left_running_under_the_menu_is_not_heard() {
    let mut app = two_humans_with(MatchSetup {
        time_control: TimeControl::Fischer {
            base: Duration::from_secs(12),
            increment: Duration::ZERO,
        },
        ..MatchSetup::default()
    });
    let heard = listen(&mut app);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    for _ in 0..150 {
        app.update();
    }
    assert!(
        app.world().resource::<Match>().game.is_over(),
        "the flag fell under the menu (the clock runs on, as it always has)"
    );
    assert!(
        cues(&heard).is_empty(),
        "heard under the menu: {:?}",
        cues(&heard)
    );
}
