//! What every level of the computer player must do.

use gomoku_engine::ai::{Level, Limits, SearchInfo, SearchSettings, TimeUse, search};
use gomoku_engine::notation::{parse_moves, parse_point};
use gomoku_engine::{Game, Point, Rule};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

fn game(moves: &str, rule: Rule) -> Game {
    Game::from_moves(15, rule, parse_moves(moves, 15).unwrap()).unwrap()
}

fn best(g: &Game, level: Level, seed: u64) -> Point {
    let settings = SearchSettings {
        level,
        seed,
        limits: Limits::nodes(100_000),
    };
    search(g, &settings, &AtomicBool::new(false)).unwrap().best
}

#[test]
fn empty_board_opens_in_the_centre() {
    for level in Level::all() {
        assert_eq!(
            best(&Game::default(), level, 1),
            parse_point("h8", 15).unwrap()
        );
    }
}

#[test]
fn takes_its_own_five_before_blocking() {
    // Black to move with four in a row (h8..k8 open at g8/l8); white threatens i9..l9 too.
    let g = game("h8h9i8i9j8j9k8k9", Rule::Freestyle);
    for level in Level::all() {
        for seed in 0..20 {
            let p = best(&g, level, seed);
            assert!(
                ["g8", "l8"]
                    .map(|s| parse_point(s, 15).unwrap())
                    .contains(&p),
                "{level}: {p:?}"
            );
        }
    }
}

#[test]
fn blocks_the_opponents_five() {
    // White to move; black has a closed four a3..d3 (a3 is on the edge): e3 must be blocked.
    let g = game("a3h8b3h9c3o15d3", Rule::Freestyle);
    for level in Level::all() {
        for seed in 0..20 {
            assert_eq!(
                best(&g, level, seed),
                parse_point("e3", 15).unwrap(),
                "{level}"
            );
        }
    }
}

#[test]
fn standard_rule_does_not_count_an_overline_as_a_win() {
    // Black to move: d5 e5 f5 g5 and i5, with c5 taken by white, so h5 makes six: a win
    // under freestyle but not under standard, where white's open four c6..f6 must be
    // blocked at b6 or g6 instead.
    let moves = "d5c6e5d6f5e6g5f6i5c5";
    let h5 = parse_point("h5", 15).unwrap();
    for seed in 0..10 {
        assert_eq!(best(&game(moves, Rule::Freestyle), Level::MIN, seed), h5);
        let p = best(&game(moves, Rule::Standard), Level::MIN, seed);
        assert!(
            ["b6", "g6"]
                .map(|s| parse_point(s, 15).unwrap())
                .contains(&p),
            "{p:?}"
        );
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let g = game("a1b1a2b2a3b3a4b4a5", Rule::Freestyle);
    assert!(search(&g, &SearchSettings::default(), &AtomicBool::new(false)).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn never_returns_an_occupied_or_off_board_point(
        picks in prop::collection::vec((0u8..15, 0u8..15), 0..60),
        seed in any::<u64>(),
        level in 1u8..=6,
        rule in prop::sample::select(Rule::ALL.to_vec()),
    ) {
        let mut g = Game::new(15, rule).unwrap();
        for (c, r) in picks {
            let _ = g.play(Point::new(c, r));
        }
        let settings = SearchSettings {
            level: Level::new(level).unwrap(),
            limits: Limits::nodes(20_000),
            seed,
        };
        if let Some(info) = search(&g, &settings, &AtomicBool::new(false)) {
            prop_assert!(g.check(info.best).is_ok());
        } else {
            prop_assert!(g.is_over());
        }
    }
}

#[test]
fn a_raised_cancel_stops_a_master_search_within_a_few_hundred_nodes() {
    // A quiet middle game and no limits: the master's own budget is 1.5 million nodes,
    // so only the cancel can end it this early.
    let g = game("h8i9h9i8g7j10j9g10", Rule::Freestyle);
    let settings = SearchSettings {
        level: Level::MAX,
        limits: Limits::default(),
        seed: 1,
    };
    let free = search(
        &g,
        &SearchSettings {
            limits: Limits::nodes(50_000),
            ..settings
        },
        &AtomicBool::new(false),
    )
    .unwrap();
    // No iteration starts past 70% of the budget, and the last may end well before it.
    assert!(free.nodes > 20_000, "uncancelled, it searches: {free:?}");
    let cancelled =
        search(&g, &settings, &AtomicBool::new(true)).expect("a move even when cancelled");
    // The flag is looked at every 256 nodes; what follows the stop only unwinds.
    assert!(cancelled.nodes <= 1_000, "{cancelled:?}");
    assert!(g.check(cancelled.best).is_ok(), "{cancelled:?}");
}

#[test]
fn master_answers_an_open_three() {
    // White to move; black h8 h9 h10 is an open three: white must close it at h7 or
    // h11 (or lose to an open four).
    let g = game("h8i8h9i9h10", Rule::Freestyle);
    let p = best(&g, Level::MAX, 3);
    assert!(
        ["h7", "h11"]
            .map(|s| parse_point(s, 15).unwrap())
            .contains(&p),
        "{p:?}"
    );
}

/// A point where the side to move completes five.
fn five_point(g: &mut Game) -> Option<Point> {
    let points: Vec<Point> = g.board().points().collect();
    points.into_iter().find(|&p| match g.play(p) {
        Ok(_) => {
            let won = g.is_over();
            g.undo();
            won
        }
        Err(_) => false,
    })
}

#[test]
fn master_plays_a_forced_win_it_is_shown() {
    // The first position of the shipped VCF set: the side to move wins by fours.
    let set = include_str!("../data/forced-wins.txt");
    let moves = set.lines().find_map(|l| l.strip_prefix("win ")).unwrap();
    let g = game(moves, Rule::Freestyle);
    let settings = SearchSettings {
        level: Level::MAX,
        limits: Limits::nodes(200_000),
        seed: 1,
    };
    let info = search(&g, &settings, &AtomicBool::new(false)).unwrap();
    assert!(info.score > 900_000, "{info:?}");
    // Its line, played out against the forced blocks, ends in the mover's five or in a
    // four no reply can stop.
    let mover = g.to_move();
    let mut played = g.clone();
    for &p in &info.pv {
        played
            .play(p)
            .unwrap_or_else(|e| panic!("{p:?}: {e} in {info:?}"));
    }
    if played.is_over() {
        assert_eq!(played.outcome().winner(), Some(mover), "{info:?}");
    } else {
        let replies: Vec<Point> = played.board().points().collect();
        for r in replies {
            if played.play(r).is_ok() {
                assert!(
                    !played.is_over() && five_point(&mut played).is_some(),
                    "{r:?} stops {info:?}"
                );
                played.undo();
            }
        }
    }
}

#[test]
fn lower_levels_vary_their_moves_and_master_does_not() {
    let g = game("h8i9h9g8", Rule::Freestyle);
    let distinct = |level| {
        let mut moves: Vec<Point> = (0..12).map(|seed| best(&g, level, seed)).collect();
        moves.sort();
        moves.dedup();
        moves.len()
    };
    assert!(distinct(Level::MIN) > 1, "beginner varies");
    assert_eq!(distinct(Level::MAX), 1, "master is deterministic");
}

/// The master's search of a quiet middle game on `nodes`, spending them as `time_use` says.
fn search_spending(nodes: u64, time_use: TimeUse) -> SearchInfo {
    let g = game("h8i9i8g8j7k6h10j9i11", Rule::Freestyle);
    let settings = SearchSettings {
        level: Level::MAX,
        seed: 1,
        limits: Limits {
            time_use,
            ..Limits::nodes(nodes)
        },
    };
    search(&g, &settings, &AtomicBool::new(false)).unwrap()
}

#[test]
fn spending_all_deepens_until_the_budget_is_spent() {
    // One of this search's iterations ends at about 74 000 nodes (84%) with the best move
    // it had, past the 70% after which saving starts no iteration (85% had the move
    // changed): saving stops there, spending goes on to the budget.
    const NODES: u64 = 88_000;
    let saving = search_spending(NODES, TimeUse::SaveForLater);
    let spending = search_spending(NODES, TimeUse::SpendAll);
    assert!(
        saving.nodes < NODES,
        "saving for later starts no iteration past most of the budget: {} nodes",
        saving.nodes
    );
    assert!(
        spending.nodes >= NODES,
        "spending all stops only at the budget: {} nodes",
        spending.nodes
    );
    assert!(spending.depth >= saving.depth);
}
