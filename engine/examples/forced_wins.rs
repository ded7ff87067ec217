//! Builds `engine/data/forced-wins.txt`, the VCF positions that `pbrain-gomoku bench` and
//! the tests use: games between randomised mid levels from random openings, keeping the
//! first position of each game where the side to move has a VCF of at least `MIN_FOURS`
//! fours, and a position without one where the side to move still has fours to try.
//!
//!     cargo run --release -p gomoku-engine --example forced_wins > engine/data/forced-wins.txt

use gomoku_engine::ai::{Level, Limits, SearchSettings, find_vcf, search};
use gomoku_engine::notation::format_moves;
use gomoku_engine::{Game, Point};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

const MIN_FOURS: usize = 4;
const WANTED: usize = 40;
const NODES: u64 = 2_000_000;

/// Can the side to move make a four (a move after which it threatens five)? The other
/// side "passes" on the first free point, usually a corner far from the fight.
fn has_four(game: &Game) -> bool {
    let wins_now = |g: &Game| {
        g.board()
            .points()
            .any(|w| g.clone().play(w).is_ok_and(|o| o.is_over()))
    };
    game.board().points().any(|p| {
        let mut g = game.clone();
        if g.play(p).is_err() || g.is_over() {
            return false;
        }
        let Some(q) = g.board().points().find(|&q| q != p && g.check(q).is_ok()) else {
            return false;
        };
        g.play(q).is_ok() && !g.is_over() && wins_now(&g)
    })
}

fn main() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let (mut wins, mut nones) = (Vec::new(), Vec::new());
    let cancel = AtomicBool::new(false);
    for game_no in 0.. {
        if wins.len() >= WANTED && nones.len() >= WANTED / 2 {
            break;
        }
        let mut game = Game::default();
        for _ in 0..3 {
            let p = Point::new(rng.random_range(5..10), rng.random_range(5..10));
            let _ = game.play(p);
        }
        let mut found_none = false;
        while !game.is_over() && game.moves().len() < 120 {
            if let Some(line) = find_vcf(&game, NODES) {
                if line.len() >= 2 * MIN_FOURS - 1 && wins.len() < WANTED {
                    wins.push(format_moves(game.points()));
                }
                break;
            }
            if !found_none && game.moves().len() > 12 && nones.len() < WANTED / 2 && has_four(&game)
            {
                nones.push(format_moves(game.points()));
                found_none = true;
            }
            let settings = SearchSettings {
                level: Level::new(rng.random_range(3..=4)).unwrap(),
                limits: Limits::nodes(20_000),
                seed: rng.random(),
            };
            let Some(info) = search(&game, &settings, &cancel) else {
                break;
            };
            game.play(info.best).expect("the search plays legal moves");
        }
        eprintln!("game {game_no}: {} wins, {} nones", wins.len(), nones.len());
    }
    println!("# VCF positions on 15x15 freestyle, built by engine/examples/forced_wins.rs.");
    println!("# 'win': the side to move wins by continuous fours ({MIN_FOURS}+ fours);");
    println!("# 'none': it has fours to play but no VCF.");
    for w in wins {
        println!("win {w}");
    }
    for n in nones {
        println!("none {n}");
    }
}
