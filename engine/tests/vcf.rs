//! The VCF solver against an independent referee that knows only the rules (`Game`):
//! every line it finds must be a real win by fours, and where it finds none, an
//! exhaustive search of short VCFs must find none either.

use gomoku_engine::ai::find_vcf;
use gomoku_engine::notation::parse_moves;
use gomoku_engine::{Game, Point, Rule};

const SET: &str = include_str!("../data/forced-wins.txt");

fn positions(kind: &str) -> Vec<Game> {
    SET.lines()
        .filter_map(|l| l.strip_prefix(kind)?.strip_prefix(' '))
        .map(|moves| {
            Game::from_moves(15, Rule::Freestyle, parse_moves(moves, 15).unwrap()).unwrap()
        })
        .collect()
}

/// The free point farthest from every stone: where a side "passes".
fn pass_point(g: &Game) -> Point {
    let stones: Vec<Point> = g.points().collect();
    g.board()
        .points()
        .filter(|&p| g.check(p).is_ok())
        .max_by_key(|p| {
            stones
                .iter()
                .map(|s| s.col.abs_diff(p.col).max(s.row.abs_diff(p.row)))
                .min()
                .unwrap_or(0)
        })
        .expect("a free point")
}

/// Points on the four lines within four of `p`.
fn line_points(p: Point) -> impl Iterator<Item = Point> {
    [(1i8, 0i8), (0, 1), (1, 1), (1, -1)]
        .into_iter()
        .flat_map(move |d| (-4..=4).filter_map(move |k| p.offset(d, k, 15)))
}

/// Points where the side to move completes five, among `points`.
fn fives(g: &mut Game, points: impl Iterator<Item = Point>) -> Vec<Point> {
    let mut out = Vec::new();
    for w in points {
        if g.play(w).is_ok() {
            if g.is_over() {
                out.push(w);
            }
            g.undo();
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The five points the side that just moved (at `last`) now threatens.
fn threats_of_last_mover(g: &mut Game, last: Point) -> Vec<Point> {
    let pass = pass_point(g);
    g.play(pass).unwrap();
    let t = fives(g, line_points(last));
    g.undo();
    t
}

fn all_fives(g: &mut Game) -> Vec<Point> {
    let all: Vec<Point> = g.board().points().collect();
    fives(g, all.into_iter())
}

/// Replays a claimed VCF, checking each step by the rules alone.
fn referee(mut g: Game, line: &[Point]) -> Result<(), String> {
    for (k, pair) in line.chunks(2).enumerate() {
        let attack = pair[0];
        let defender_fives = {
            let pass = pass_point(&g);
            g.play(pass).unwrap();
            let f = all_fives(&mut g);
            g.undo();
            f
        };
        if !defender_fives.is_empty() && defender_fives != [attack] {
            return Err(format!(
                "move {k}: the defender threatens five at {defender_fives:?}"
            ));
        }
        g.play(attack).map_err(|e| format!("move {k}: {e}"))?;
        if g.is_over() {
            return Ok(());
        }
        if !all_fives(&mut g).is_empty() {
            return Err(format!("move {k}: the defender could win at once"));
        }
        let threats = threats_of_last_mover(&mut g, attack);
        match (threats.len(), pair.get(1)) {
            (0, _) => return Err(format!("move {k}: {attack:?} is not a four")),
            (2.., _) => return Ok(()),
            (1, Some(&block)) if block == threats[0] => {
                g.play(block).unwrap();
                if g.is_over() {
                    return Err(format!("move {k}: the block wins for the defender"));
                }
            }
            (1, other) => return Err(format!("move {k}: block {other:?} vs threat {threats:?}")),
        }
    }
    Err("the line ends without a win".into())
}

/// Exhaustive VCF search of at most `depth` fours, by the rules alone.
fn brute_vcf(g: &mut Game, depth: u32) -> bool {
    if !all_fives(g).is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let candidates: Vec<Point> = g
        .board()
        .points()
        .filter(|&p| g.check(p).is_ok() && g.points().any(|s| line_points(s).any(|q| q == p)))
        .collect();
    for p in candidates {
        g.play(p).unwrap();
        let wins = if g.is_over() {
            true
        } else if !all_fives(g).is_empty() {
            false
        } else {
            let threats = threats_of_last_mover(g, p);
            match threats.len() {
                0 => false,
                1 => {
                    g.play(threats[0]).unwrap();
                    let w = !g.is_over() && brute_vcf(g, depth - 1);
                    g.undo();
                    w
                }
                _ => true,
            }
        };
        g.undo();
        if wins {
            return true;
        }
    }
    false
}

#[test]
fn the_shipped_set_has_both_kinds() {
    assert!(positions("win").len() >= 30);
    assert!(positions("none").len() >= 10);
}

#[test]
fn every_forced_win_is_found_and_holds_up() {
    for (n, g) in positions("win").into_iter().enumerate() {
        let line = find_vcf(&g, 2_000_000).unwrap_or_else(|| panic!("win #{n}: no VCF found"));
        assert!(line.len() >= 7, "win #{n}: at least four fours: {line:?}");
        referee(g, &line).unwrap_or_else(|e| panic!("win #{n}: {e} in {line:?}"));
    }
}

#[test]
fn no_vcf_is_claimed_where_none_exists() {
    for (n, g) in positions("none").into_iter().enumerate() {
        assert_eq!(find_vcf(&g, 2_000_000), None, "none #{n}");
        assert!(
            !brute_vcf(&mut g.clone(), 4),
            "none #{n}: the referee finds one"
        );
    }
}

#[test]
fn the_referee_confirms_the_shortest_wins() {
    // Wins of exactly four fours are within reach of the referee's exhaustive search.
    let mut confirmed = 0;
    for (n, g) in positions("win").into_iter().enumerate() {
        let line = find_vcf(&g, 2_000_000).unwrap();
        if line.len() <= 8 {
            assert!(brute_vcf(&mut g.clone(), 4), "win #{n}");
            confirmed += 1;
        }
    }
    assert!(confirmed > 0, "the set has short wins");
}
