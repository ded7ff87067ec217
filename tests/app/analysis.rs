//! Live analysis and the game review, driven through the fake search backend (and once
//! through real tasks).

use super::*;
use gomoku::analysis::LiveAnalysis;
use gomoku::review::{GameReview, ReviewCommand};
use gomoku::settings::Settings;
use gomoku_engine::ai::{Analysis, Line};

fn analysis_of(best: &str, score: i32) -> Analysis {
    Analysis {
        depth: 4,
        nodes: 1_000,
        elapsed_ms: 10,
        lines: vec![Line {
            score,
            pv: vec![pt(best)],
        }],
    }
}

fn turn_analysis_on(app: &mut App) {
    app.world_mut().resource_mut::<Settings>().analysis = true;
    app.update();
}

fn requests(app: &App, purpose: Purpose) -> Vec<RequestId> {
    let fake = app.world().resource::<FakeSearch>();
    fake.pending
        .iter()
        .filter(|r| r.purpose == purpose)
        .map(|r| r.id)
        .collect()
}

fn shown(app: &App) -> Option<Analysis> {
    let game = &app.world().resource::<Match>().game;
    app.world().resource::<LiveAnalysis>().of(game).cloned()
}

#[test]
fn live_analysis_follows_the_position_and_never_shows_a_stale_report() {
    let mut app = two_humans();
    play(&mut app, "h8i9");
    turn_analysis_on(&mut app);
    let first = pending_request(&app, Purpose::Analysis);
    let report = analysis_of("h10", 120);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .report(first, report.clone());
    app.update();
    app.update();
    assert_eq!(shown(&app), Some(report.clone()));
    // A deeper report replaces it; the analysis keeps running.
    let deeper = Analysis {
        depth: 6,
        ..analysis_of("g7", 80)
    };
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .report(first, deeper.clone());
    app.update();
    app.update();
    assert_eq!(shown(&app), Some(deeper));
    assert!(app.world().resource::<LiveAnalysis>().is_running());

    play(&mut app, "a1");
    assert!(
        app.world()
            .resource::<FakeSearch>()
            .cancelled
            .contains(&first)
    );
    assert_eq!(shown(&app), None, "nothing of the old position shows");
    // A report the old search still sends is dropped.
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .report(first, report);
    app.update();
    app.update();
    assert_eq!(shown(&app), None);
    assert!(
        app.world().resource::<SearchService>().late_answers() >= 1,
        "the late report was dropped, not kept"
    );
    let second = pending_request(&app, Purpose::Analysis);
    assert_ne!(second, first, "the new position is analysed afresh");
}

#[test]
fn an_analysis_that_spent_its_budget_is_not_started_again_and_off_stops_it() {
    let mut app = two_humans();
    play(&mut app, "h8");
    turn_analysis_on(&mut app);
    let id = pending_request(&app, Purpose::Analysis);
    let last = analysis_of("i9", -40);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .end_analysis(id, Ok(Some(last.clone())));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(shown(&app), Some(last));
    assert!(requests(&app, Purpose::Analysis).is_empty(), "not again");

    play(&mut app, "i9");
    let running = pending_request(&app, Purpose::Analysis);
    app.world_mut().resource_mut::<Settings>().analysis = false;
    app.update();
    assert!(
        app.world()
            .resource::<FakeSearch>()
            .cancelled
            .contains(&running)
    );
    assert!(requests(&app, Purpose::Analysis).is_empty());
}

#[test]
fn live_analysis_gives_way_to_the_computer() {
    let mut app = human_vs_computer();
    turn_analysis_on(&mut app);
    let before = pending_request(&app, Purpose::Analysis);
    play(&mut app, "h8");
    assert_eq!(phase(&app), Phase::ComputerTurn);
    assert!(
        app.world()
            .resource::<FakeSearch>()
            .cancelled
            .contains(&before)
    );
    // Only the computer's own search runs while it thinks.
    pending_request(&app, Purpose::ComputerMove);
    computer_answers(&mut app, "i9");
    assert_eq!(phase(&app), Phase::HumanTurn);
    pending_request(&app, Purpose::Analysis);
}

#[test]
fn with_analysis_on_the_computer_answers_within_its_budget_and_frames_keep_coming() {
    let mut app = app_with_backend(ann_vs("CPU"), ThreadSearch::default());
    turn_analysis_on(&mut app);
    act(&mut app, MatchAction::SetPosition("h8i9".into()));
    // Live analysis of Ann's position reports while she thinks.
    run_until(&mut app, "an analysis report", |app| {
        shown(app).is_some_and(|a| a.depth >= 1)
    });
    play(&mut app, "h9");
    assert_eq!(phase(&app), Phase::ComputerTurn);
    let asked = Instant::now();
    let mut frames = 0;
    while phase(&app) == Phase::ComputerTurn {
        app.update();
        frames += 1;
        let analysing = app
            .world()
            .resource::<SearchService>()
            .is_busy_with(Purpose::Analysis);
        assert!(
            !(phase(&app) == Phase::ComputerTurn && analysing),
            "analysis gives way while the computer thinks"
        );
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "no answer in 5 s for a 500 ms budget"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let answered = asked.elapsed();
    // The budget is wall-clock time, so even a loaded machine answers near it; the slack
    // is for the root's threat searches and a starved frame or two.
    assert!(
        answered < Duration::from_millis(2_500),
        "the computer took {answered:?} for a 500 ms budget"
    );
    // A search on the frame's thread would hold one frame for all of it.
    assert!(
        frames >= 8,
        "only {frames} frames while the computer thought"
    );
    assert_eq!(moves(&app).len(), 4);
    // Ann's turn again: analysis resumes.
    run_until(&mut app, "analysis again", |app| {
        app.world()
            .resource::<SearchService>()
            .is_busy_with(Purpose::Analysis)
    });
}

/// Answers every pending review request with a judgement, until the review is done.
fn judge_all(app: &mut App, judge: impl Fn(&Game) -> Analysis) {
    for _ in 0..200 {
        let pending: Vec<_> = app
            .world()
            .resource::<FakeSearch>()
            .pending
            .iter()
            .filter(|r| r.purpose == Purpose::Review)
            .map(|r| (r.id, judge(&r.game)))
            .collect();
        for (id, analysis) in pending {
            app.world_mut()
                .resource_mut::<FakeSearch>()
                .end_analysis(id, Ok(Some(analysis)));
        }
        app.update();
        let review = app.world().resource::<GameReview>();
        if review.current.as_ref().is_some_and(|r| r.is_complete()) {
            return;
        }
    }
    panic!("the review never completed");
}

#[test]
fn a_review_judges_every_position_once_and_keeps_its_results() {
    let mut app = two_humans();
    play(&mut app, "h8i9h9i8");
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    assert!(app.world().resource::<GameReview>().open);
    // One position at a time, each the game's position before a move (or after the last).
    let first = app.world().resource::<FakeSearch>().pending.clone();
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].purpose, Purpose::Review);
    assert_eq!(first[0].game.moves().len(), 0);
    judge_all(&mut app, |game| {
        analysis_of("a1", 10 * game.moves().len() as i32)
    });
    let review = app.world().resource::<GameReview>();
    let reviewed = review.current.as_ref().unwrap();
    assert_eq!(reviewed.progress(), (5, 5));
    assert_eq!(reviewed.moves.len(), 4, "every move is reviewed");
    for ply in 0..=4 {
        assert_eq!(
            reviewed.judgement(ply).unwrap().lines[0].score,
            10 * ply as i32
        );
    }

    app.world_mut().write_message(ReviewCommand::Close);
    app.update();
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    app.update();
    let review = app.world().resource::<GameReview>();
    assert!(review.open && review.current.as_ref().unwrap().is_complete());
    assert!(
        requests(&app, Purpose::Review).is_empty(),
        "a kept review is shown, not made again"
    );
}

#[test]
fn a_cancelled_review_goes_on_from_where_it_stopped() {
    let mut app = two_humans();
    play(&mut app, "h8i9h9");
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    let id = requests(&app, Purpose::Review)[0];
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .end_analysis(id, Ok(Some(analysis_of("a1", 0))));
    app.update();
    app.update();
    let second = requests(&app, Purpose::Review);
    assert_eq!(second.len(), 1);
    app.world_mut().write_message(ReviewCommand::Cancel);
    app.update();
    assert!(
        app.world()
            .resource::<FakeSearch>()
            .cancelled
            .contains(&second[0])
    );
    assert!(requests(&app, Purpose::Review).is_empty());
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    app.update();
    let resumed = app.world().resource::<FakeSearch>().pending.clone();
    assert_eq!(resumed.len(), 1);
    assert_eq!(
        resumed[0].game.moves().len(),
        1,
        "the first position stays judged"
    );
}

#[test]
fn showing_a_reviewed_position_moves_the_board_the_computer_waits_and_closing_returns() {
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    computer_answers(&mut app, "i9");
    play(&mut app, "h9");
    computer_answers(&mut app, "i8");
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    app.world_mut().write_message(ReviewCommand::Show(1));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(moves(&app), vec![pt("h8")]);
    assert_eq!(phase(&app), Phase::ComputerTurn);
    assert!(
        requests(&app, Purpose::ComputerMove).is_empty(),
        "the computer does not play into a position under review"
    );
    app.world_mut().write_message(ReviewCommand::Close);
    for _ in 0..3 {
        app.update();
    }
    // Closed, the board is back where the game stood: Ann to move, nothing asked.
    assert_eq!(moves(&app).len(), 4);
    assert_eq!(phase(&app), Phase::HumanTurn);
    assert!(requests(&app, Purpose::ComputerMove).is_empty());
}

#[test]
fn closing_a_review_returns_the_board_to_the_result_it_showed_other_positions_of() {
    let mut app = two_humans();
    play(&mut app, "h8i9h9i8");
    act(
        &mut app,
        MatchAction::End(gomoku_engine::Ending::Resign(Stone::White)),
    );
    let black_score = |app: &App| app.world().resource::<Match>().players[0].score;
    assert_eq!(black_score(&app), 1);
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    app.world_mut().write_message(ReviewCommand::Show(2));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(moves(&app), parse_moves("h8i9", 15).unwrap());
    app.world_mut().write_message(ReviewCommand::Close);
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.points().count(), 4, "back where the game stood");
    assert_eq!(
        *m.game.outcome(),
        gomoku_engine::Outcome::Resigned {
            winner: Stone::Black
        },
        "with its result"
    );
    assert_eq!(black_score(&app), 1, "the point is counted once");
}

#[test]
fn a_review_closes_when_its_game_leaves_the_board() {
    let mut app = two_humans();
    play(&mut app, "h8i9h9");
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    assert!(app.world().resource::<GameReview>().open);
    let judging = requests(&app, Purpose::Review);
    act(&mut app, MatchAction::Restart);
    assert!(!app.world().resource::<GameReview>().open);
    assert!(requests(&app, Purpose::Review).is_empty());
    assert!(
        app.world()
            .resource::<FakeSearch>()
            .cancelled
            .contains(&judging[0])
    );
}

#[test]
fn a_game_on_the_clock_is_reviewed_once_it_is_over() {
    let mut app = two_humans_with(MatchSetup {
        time_control: "5+3".parse().unwrap(),
        ..MatchSetup::default()
    });
    play(&mut app, "h8i9");
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    let review = app.world().resource::<GameReview>();
    assert!(!review.open && review.refused.is_some());
    assert!(requests(&app, Purpose::Review).is_empty());
    act(
        &mut app,
        MatchAction::End(gomoku_engine::Ending::Resign(Stone::Black)),
    );
    app.world_mut().write_message(ReviewCommand::Start);
    app.update();
    assert!(app.world().resource::<GameReview>().open);
    assert_eq!(requests(&app, Purpose::Review).len(), 1);
}

#[test]
fn a_failed_analysis_says_why_and_is_not_asked_again_every_frame() {
    let mut app = two_humans();
    play(&mut app, "h8");
    turn_analysis_on(&mut app);
    let id = pending_request(&app, Purpose::Analysis);
    app.world_mut()
        .resource_mut::<FakeSearch>()
        .fail(id, SearchFailure::Unavailable("no worker".into()));
    for _ in 0..5 {
        app.update();
    }
    let live = app.world().resource::<LiveAnalysis>();
    assert_eq!(
        live.failure,
        Some(SearchFailure::Unavailable("no worker".into()))
    );
    assert!(
        requests(&app, Purpose::Analysis).is_empty(),
        "no retry loop"
    );
    // Off and on again: a fresh try.
    app.world_mut().resource_mut::<Settings>().analysis = false;
    app.update();
    turn_analysis_on(&mut app);
    assert_eq!(requests(&app, Purpose::Analysis).len(), 1);
}
