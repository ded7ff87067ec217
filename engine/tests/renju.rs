//! Renju's forbidden points, a table of positions whose answers were worked out by hand
//! from the RIF rules (the reasoning is in each row's note).

use gomoku_engine::ai::{Level, Limits, SearchSettings, find_vcf, search};
use gomoku_engine::notation::{format_point, parse_moves, parse_point};
use gomoku_engine::renju::{Forbidden, forbidden, forbidden_points};
use gomoku_engine::{Board, Game, PlayError, Point, Rule, Stone};
use std::sync::atomic::AtomicBool;

fn pts(s: &str) -> Vec<Point> {
    parse_moves(s, 15).unwrap()
}

fn board(black: &str, white: &str) -> Board {
    let stones: Vec<(Point, Stone)> = pts(black)
        .into_iter()
        .map(|p| (p, Stone::Black))
        .chain(pts(white).into_iter().map(|p| (p, Stone::White)))
        .collect();
    Board::from_stones(15, &stones).unwrap()
}

struct Case {
    note: &'static str,
    black: &'static str,
    white: &'static str,
    point: &'static str,
    expect: Option<Forbidden>,
}

const CASES: &[Case] = &[
    Case {
        note: "plain 3-3: f8 g8 + h8 and h6 h7 + h8 are open threes",
        black: "f8 g8 h6 h7",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
    Case {
        note: "split three e8 . g8 h8 (f8 makes a straight four) and h9 h10 + h8",
        black: "e8 g8 h9 h10",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
    Case {
        note: "4-4 across lines: h5 h6 h7 + h8 and e8 f8 g8 + h8",
        black: "h5 h6 h7 e8 f8 g8",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleFour),
    },
    Case {
        note: "4-4 on one line: e8 . g8 h8 i8 . k8: f8 and j8 each make a different five",
        black: "e8 g8 i8 k8",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleFour),
    },
    Case {
        note: "an open four is one four: e8 f8 g8 + h8, both ends make the same five",
        black: "e8 f8 g8",
        white: "",
        point: "h8",
        expect: None,
    },
    Case {
        note: "overline: e8 f8 g8 + h8 + i8 j8 is six",
        black: "e8 f8 g8 i8 j8",
        white: "",
        point: "h8",
        expect: Some(Forbidden::Overline),
    },
    Case {
        note: "five wins although h8 also makes a 4-4 (h5 h6 h7) and a three (i9 j10)",
        black: "d8 e8 f8 g8 h5 h6 h7 i9 j10",
        white: "",
        point: "h8",
        expect: None,
    },
    Case {
        note: "4-3 is allowed: h5 h6 h7 + h8 is a four, f8 g8 + h8 a three",
        black: "h5 h6 h7 f8 g8",
        white: "",
        point: "h8",
        expect: None,
    },
    Case {
        note: "fake 3-3: c8 . . f8 g8 h8 is a three only through i8 (after e8, d8 would \
               make six), and i8 is a double four (i5 i6 i7 + i8, i8 + j7 k6 l5), so only \
               h6 h7 h8 is real",
        black: "c8 f8 g8 h6 h7 i5 i6 i7 j7 k6 l5",
        white: "",
        point: "h8",
        expect: None,
    },
    Case {
        note: "the same without the stones that make i8 forbidden: a real 3-3",
        black: "c8 f8 g8 h6 h7",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
    Case {
        note: "fake three at the edge: a8 b8 + c8 can only grow to a8-d8, closed by the edge",
        black: "a8 b8 c6 c7",
        white: "",
        point: "c8",
        expect: None,
    },
    Case {
        note: "one column in, the same shape is open: b8 c8 + d8 and d6 d7 + d8",
        black: "b8 c8 d6 d7",
        white: "",
        point: "d8",
        expect: Some(Forbidden::DoubleThree),
    },
    Case {
        note: "three blocked by white e8: f8 g8 h8 can only become a closed four",
        black: "f8 g8 h6 h7",
        white: "e8",
        point: "h8",
        expect: None,
    },
    Case {
        note: "three blocked far: white k8 leaves f8 g8 h8 i8 with j8 then k8 closed, \
               but e8 f8 g8 h8 is still straight (d8, i8 free)",
        black: "f8 g8 h6 h7",
        white: "k8",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
];

#[test]
fn the_hand_derived_table() {
    for case in CASES {
        let b = board(case.black, case.white);
        let p = parse_point(case.point, 15).unwrap();
        assert_eq!(forbidden(&b, p), case.expect, "{}", case.note);
        assert_eq!(
            forbidden_points(&b).contains(&p),
            case.expect.is_some(),
            "all points agree: {}",
            case.note
        );
    }
}

#[test]
fn a_forbidden_move_is_refused_with_its_reason_and_changes_nothing() {
    // Black f8 g8 h6 h7 played in a legal order; black to move; h8 is a double three.
    let mut g = Game::from_moves(15, Rule::Renju, pts("f8a1g8a3h6a5h7a7")).unwrap();
    let before = g.clone();
    let h8 = parse_point("h8", 15).unwrap();
    assert_eq!(
        g.play(h8),
        Err(PlayError::Forbidden(h8, Forbidden::DoubleThree))
    );
    assert_eq!(g, before);
    assert!(
        g.check(h8)
            .unwrap_err()
            .to_string()
            .contains("double three")
    );
    // The same point is fine for white, and for black under the other rules.
    let g = Game::from_moves(15, Rule::Standard, pts("f8a1g8a3h6a5h7a7")).unwrap();
    assert!(g.check(h8).is_ok());
}

#[test]
fn whites_overline_wins_and_blacks_five_wins_through_a_forbidden_shape() {
    // White e2 f2 g2 i2 j2, then h2 makes six: a win for white.
    let g = Game::from_moves(15, Rule::Renju, pts("a15e2c15f2e15g2g15i2j15j2l15h2")).unwrap();
    assert_eq!(g.outcome().winner(), Some(Stone::White));
    // Black d8 e8 f8 g8 + h8 is exactly five although h8 also makes a 4-4.
    let g = Game::from_moves(15, Rule::Renju, pts("d8a1e8a3f8a5h5a7h6a9h7a11g8o1h8")).unwrap();
    assert_eq!(g.outcome().winner(), Some(Stone::Black));
}

fn master(g: &Game) -> Point {
    let settings = SearchSettings {
        level: Level::MAX,
        limits: Limits {
            time_ms: None,
            nodes: Some(200_000),
        },
        seed: 1,
    };
    search(g, &settings, &AtomicBool::new(false)).unwrap().best
}

#[test]
fn black_never_plays_a_forbidden_point_even_to_block() {
    // Black to move; white threatens five at h8 (h9..h12 with h13 black), which is a
    // double three for black (f8 g8 + h8, h8 + i7 j6): black cannot block, must not try.
    let g = Game::from_moves(15, Rule::Renju, pts("f8h9g8h10i7h11j6h12h13a1")).unwrap();
    // Check the setup: h8 is forbidden for black and is white's five point.
    let h8 = parse_point("h8", 15).unwrap();
    assert!(
        matches!(g.check(h8), Err(PlayError::Forbidden(..))),
        "{:?}",
        g.check(h8)
    );
    for level in Level::all() {
        let settings = SearchSettings {
            level,
            limits: Limits {
                time_ms: None,
                nodes: Some(50_000),
            },
            seed: 3,
        };
        let p = search(&g, &settings, &AtomicBool::new(false)).unwrap().best;
        assert!(g.check(p).is_ok(), "{level}: {}", format_point(p));
    }
}

#[test]
fn white_wins_through_a_point_black_may_not_block() {
    // White h9 h10 h11 between black h7 and h13, white to move: h12 makes a four whose
    // only block, h8, is a double three for black (f8 g8 + h8, h8 + i7 j6).
    let g = Game::from_moves(15, Rule::Renju, pts("f8h9g8h10i7h11j6a1h7o15h13")).unwrap();
    assert_eq!(g.to_move(), Stone::White);
    let line = find_vcf(&g, 100_000).expect("white's VCF through the forbidden point");
    assert_eq!(line, vec![parse_point("h12", 15).unwrap()]);
    assert_eq!(master(&g), parse_point("h12", 15).unwrap());
}
