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
    // The rows below pin one clause of the RIF definitions each, and most come with a
    // partner (here or above) that one stone flips, so a row fails if its clause breaks.
    //
    // (a) A "three" that can only become a straight four through a forbidden point is no
    // three. (x black, o white, * the point asked.)
    //
    //   10  . . . . . x .    White d8 leaves f8 g8 h8 one completion: e8 would give
    //    9  . . . . . x .    e8-h8, closed by d8; i8 gives f8-i8, with e8 and j8 both
    //    8  o . x x * . .    exact fives. But i8 joins i5 i6 i7 . i9 i10 into six, an
    //    7  . . . . x x .    overline: i8 is forbidden, so f8 g8 h8 is no three. h6 h7
    //    6  . . . . x x .    h8 is one (h5 and h9 are plain fours), and one three is no
    //    5  . . . . . x .    3-3.
    //       d e f g h i j
    Case {
        note: "(a) the only straight-four point i8 of f8 g8 h8 (white d8) is an overline \
               (i5 i6 i7 + i8 + i9 i10), so only h6 h7 h8 is a three",
        black: "f8 g8 h6 h7 i5 i6 i7 i9 i10",
        white: "d8",
        point: "h8",
        expect: None,
    },
    Case {
        note: "(a) the partner: without the i stones, i8 is free and O . f g h . . is a three",
        black: "f8 g8 h6 h7",
        white: "d8",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
    // (b) The completion must not make a five at the same time (RIF: a three is a row to
    // which one stone, "without at the same time a five in a row is made", adds a straight
    // four). As in (a), i8 is f8 g8 h8's only straight-four point, and i8 is not forbidden
    // (a five never is), but it also completes i4 i5 i6 i7 (white i3) to five: that stone
    // wins, it makes no straight four, so f8 g8 h8 is no three and h8 only makes h6 h7 h8.
    Case {
        note: "(b) f8 g8 h8's only straight-four point i8 also makes the five i4-i8, \
               so it is no three",
        black: "f8 g8 h6 h7 i4 i5 i6 i7",
        white: "d8 i3",
        point: "h8",
        expect: None,
    },
    Case {
        note: "(b) the partner: with d8 free, e8 makes the straight four e8-h8 (d8 and i8 \
               exact fives on the row) without a five, so f8 g8 h8 is a three again",
        black: "f8 g8 h6 h7 i4 i5 i6 i7",
        white: "i3",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
    // (c) A straight four needs both ends to make exactly five. Row 8 reads
    // c . . f g h . . k: e8 gives e8-h8, whose end d8 makes c8-h8, six; i8 gives f8-i8,
    // whose end j8 makes f8-k8, six. Both fours are closed by an overline: no three. The
    // partner without k8 is the table's "real 3-3" row above (i8 is then straight).
    Case {
        note: "(c) c8 . . f8 g8 h8 . . k8: every four from it has an end that makes six",
        black: "c8 f8 g8 k8 h6 h7",
        white: "",
        point: "h8",
        expect: None,
    },
    // (d) Split threes. e8 . g8 h8 is a three through f8 (the table's second row); blocked
    // next to it, the four e8-h8 is closed and no other point makes a straight four; a
    // block one step further leaves d8 free, so it stays a three. x . . x x is no three:
    // no single stone makes four in a row from it.
    Case {
        note: "(d) split three e8 . g8 h8 blocked at d8: f8 only makes a closed four",
        black: "e8 g8 h9 h10",
        white: "d8",
        point: "h8",
        expect: None,
    },
    Case {
        note: "(d) split three e8 . g8 h8 blocked at i8: f8 only makes a closed four",
        black: "e8 g8 h9 h10",
        white: "i8",
        point: "h8",
        expect: None,
    },
    Case {
        note: "(d) split three with white c8: f8 still makes e8-h8 with d8 and i8 fives",
        black: "e8 g8 h9 h10",
        white: "c8",
        point: "h8",
        expect: Some(Forbidden::DoubleThree),
    },
    Case {
        note: "(d) e8 . . h8 i8 is no three: f8, g8 or j8 leave at most three in a row",
        black: "e8 i8 h9 h10",
        white: "",
        point: "h8",
        expect: None,
    },
    // (e) Fours: two on one line, closed fours, and 4-3.
    Case {
        note: "(e) 4-4 on one line, xx.xx.xx: g8 makes e8-i8, j8 makes h8-l8, two fives",
        black: "e8 f8 i8 k8 l8",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleFour),
    },
    Case {
        note: "(e) closed fours count: h5 h6 h7 + h8 (white h4) and e8 f8 g8 + h8 (white d8)",
        black: "h5 h6 h7 e8 f8 g8",
        white: "h4 d8",
        point: "h8",
        expect: Some(Forbidden::DoubleFour),
    },
    Case {
        note: "(e) 4-3 with a split four: h4 h5 h6 . h8 (h7 makes five) and e8 . g8 h8",
        black: "h4 h5 h6 e8 g8",
        white: "",
        point: "h8",
        expect: None,
    },
    // (f) Exactly five is never forbidden, whatever else the stone makes.
    Case {
        note: "(f) d8-h8 is five although h8 also makes the fours h5-h8 and h8-k11",
        black: "d8 e8 f8 g8 h5 h6 h7 i9 j10 k11",
        white: "",
        point: "h8",
        expect: None,
    },
    Case {
        note: "(f) the partner without d8: three fours (e8-h8, h5-h8, h8-k11)",
        black: "e8 f8 g8 h5 h6 h7 i9 j10 k11",
        white: "",
        point: "h8",
        expect: Some(Forbidden::DoubleFour),
    },
    Case {
        note: "(f) d8-h8 is five although h5 h6 h7 + h8 + h9 h10 is six",
        black: "d8 e8 f8 g8 h5 h6 h7 h9 h10",
        white: "",
        point: "h8",
        expect: None,
    },
    Case {
        note: "(f) the partner without d8: the overline alone",
        black: "e8 f8 g8 h5 h6 h7 h9 h10",
        white: "",
        point: "h8",
        expect: Some(Forbidden::Overline),
    },
];

/// (g) Nesting, two levels deep. Black f8 g8 h6 h7 i9 i10 j9, white d8 i6, and black
/// asks about h8:
///
/// ```text
///   14  . . x . . . .    x black, o white, * h8, + i8 and i11;
///   13  . . . x . . .    f14 g13 h12 only in the second position
///   12  . . . . x . .
///   11  . . . . . + .
///   10  . . . . . x .
///    9  . . . . . x x
///    8  o . x x * + .
///    7  . . . . x . .
///    6  . . . . x o .
///       d e f g h i j
/// ```
///
/// h6 h7 h8 is a three. f8 g8 h8 is one only through i8 (d8 closes e8-h8), so h8 hangs
/// on i8. With h8 down, i8 makes the four f8-i8, the three h7 i8 j9 (g6 and k10 are
/// plain fours) and the three i8 i9 i10, which white i6 leaves only one straight-four
/// point: i11 (i7 would give i7-i10, closed by i6). So i8 hangs on i11:
/// - i11 free: i8 is 4-3-3, a double three; f8 g8 h8 is no three; h8 is allowed.
/// - with f14 g13 h12, i11 makes two fours (i8-i11 and f14-i11): i11 is a double four,
///   i8 i9 i10 is no three, i8 is a plain 4-3 and allowed, and h8 is a real 3-3.
#[test]
fn nested_threes_flip_with_the_deepest_point() {
    let at = |s| parse_point(s, 15).unwrap();
    let (h8, i8, i11) = (at("h8"), at("i8"), at("i11"));
    for (extra, i11_is, i8_is, h8_is) in [
        ("", None, Some(Forbidden::DoubleThree), None),
        (
            " f14 g13 h12",
            Some(Forbidden::DoubleFour),
            None,
            Some(Forbidden::DoubleThree),
        ),
    ] {
        let black = format!("f8 g8 h6 h7 i9 i10 j9{extra}");
        let b = board(&black, "d8 i6");
        let with_h8 = board(&format!("{black} h8"), "d8 i6");
        let with_h8_i8 = board(&format!("{black} h8 i8"), "d8 i6");
        assert_eq!(
            forbidden(&with_h8_i8, i11),
            i11_is,
            "i11 after h8 i8{extra}"
        );
        assert_eq!(forbidden(&with_h8, i8), i8_is, "i8 after h8{extra}");
        assert_eq!(forbidden(&b, h8), h8_is, "h8{extra}");
        assert_eq!(forbidden_points(&b).contains(&h8), h8_is.is_some());
    }
}

#[test]
fn the_hand_derived_table() {
    // Every row is checked before failing, so a broken clause shows all the rows it breaks.
    let mut wrong = Vec::new();
    for case in CASES {
        let b = board(case.black, case.white);
        let p = parse_point(case.point, 15).unwrap();
        let got = forbidden(&b, p);
        if got != case.expect {
            wrong.push(format!(
                "{}: got {got:?}, want {:?}",
                case.note, case.expect
            ));
        }
        if forbidden_points(&b).contains(&p) != case.expect.is_some() {
            wrong.push(format!("all points disagree: {}", case.note));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
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
        limits: Limits::nodes(200_000),
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
            limits: Limits::nodes(50_000),
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
