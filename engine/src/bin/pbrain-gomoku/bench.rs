//! `pbrain-gomoku bench`: the search on fixed positions with a fixed node budget (so runs
//! compare across builds and machines), then the VCF solver on the shipped set, then the
//! search on forced wins it missed in play (`data/reference-wins.txt`), and on the
//! positions one move earlier, where it played the move that allowed them.

use gomoku_engine::Rule;
use gomoku_engine::ai::{
    Level, Limits, SearchInfo, SearchSettings, Verdict, find_vcf, search, verdict,
};
use gomoku_engine::clock::Stopwatch;
use gomoku_engine::game::Game;
use gomoku_engine::notation::format_point;
use std::sync::atomic::AtomicBool;

/// Openings and middle games of different character (quiet, sharp, crowded).
const POSITIONS: [&str; 8] = [
    "h8i9",
    "h8i8d9",
    "h8i9h9g8h10h7",
    "h8j6l4i6l6i5l7l5",
    "h8i9i8g8j7k6h10j9i11",
    "h8j8f11j6j7h6i6i7g5l8k8h5",
    "h8i7d7g7h7h6i5g5j8g8g6f5",
    "h8j7k4i6h5h7i7g8f9j6j8h6",
];

const VCF_SET: &str = include_str!("../../../data/forced-wins.txt");
/// The VCF solver's allowance per position, far above what any shipped win needs.
const VCF_NODES: u64 = 2_000_000;
/// Wins PentaZen announced where the master had not seen them coming (long attacks that
/// begin with threes and quiet moves): what its search proves of them, on the same node
/// budget as the positions above, measures how far it sees such attacks.
const REFERENCE_WINS: &str = include_str!("../../../data/reference-wins.txt");

fn game(moves: &str) -> Game {
    Game::from_move_string(15, Rule::Freestyle, moves).expect("bench positions are legal")
}

/// The positions of a shipped set marked `kind` (each line: the kind, a space, the moves).
fn positions_of(set: &str, kind: &str) -> Vec<Game> {
    set.lines()
        .filter_map(|l| l.strip_prefix(kind)?.strip_prefix(' '))
        .map(game)
        .collect()
}

/// The master's search of `game` on `nodes` (seeded, so runs repeat), and the
/// milliseconds it took.
fn master_search(game: &Game, nodes: u64) -> (SearchInfo, u64) {
    let settings = SearchSettings {
        level: Level::MAX,
        limits: Limits::nodes(nodes),
        seed: 1,
    };
    let clock = Stopwatch::start();
    let info =
        search(game, &settings, &AtomicBool::new(false)).expect("bench positions are not over");
    (info, clock.elapsed_ms())
}

pub fn run(nodes: u64) {
    println!("search: master level, {nodes} nodes per position");
    println!(
        "{:<34} {:>5} {:>5} {:>9} {:>7} {:>10} {:>9}",
        "position", "best", "depth", "nodes", "ms", "nodes/s", "score"
    );
    let (mut total_nodes, mut total_ms) = (0u64, 0u64);
    for moves in POSITIONS {
        let (info, ms) = master_search(&game(moves), nodes);
        let ms = ms.max(1);
        total_nodes += info.nodes;
        total_ms += ms;
        println!(
            "{:<34} {:>5} {:>5} {:>9} {:>7} {:>10} {:>9}",
            moves,
            format_point(info.best),
            info.depth,
            info.nodes,
            ms,
            info.nodes * 1000 / ms,
            info.score
        );
    }
    println!(
        "total: {total_nodes} nodes in {total_ms} ms = {} nodes/s",
        total_nodes * 1000 / total_ms.max(1)
    );

    vcf_set();
    reference_wins(nodes);
    reference_blunders(nodes);
}

/// The master's search on each reference win: which it proves (a score that says the side
/// to move wins) within `nodes`.
fn reference_wins(nodes: u64) {
    report_references("reference wins", "proved", nodes, ['W', '.'], |win| {
        let (info, ms) = master_search(win, nodes);
        (matches!(verdict(info.score), Verdict::Wins { .. }), ms)
    });
}

/// The master's own moves that lost the reference games (each reference win's last move:
/// PentaZen announced its win right after it): how often the master, searching the
/// position before it on the same budget, now plays another move. Another move is not
/// known to hold (the position may already have been lost), but the same move is known
/// to lose.
fn reference_blunders(nodes: u64) {
    report_references("reference blunders", "avoided", nodes, ['o', 'x'], |win| {
        let mut before = win.clone();
        let losing = before
            .undo()
            .expect("a reference win follows the master's move");
        let (info, ms) = master_search(&before, nodes);
        (info.best != losing, ms)
    });
}

/// Runs `check` (did it pass, and its milliseconds) on every reference win and prints one
/// line: how many passed (`verb`), a mark per position (`marks[0]` passed, `marks[1]` not)
/// and the time in all.
fn report_references(
    label: &str,
    verb: &str,
    nodes: u64,
    marks: [char; 2],
    check: impl Fn(&Game) -> (bool, u64),
) {
    let games = positions_of(REFERENCE_WINS, "win");
    let (mut passed, mut line, mut total_ms) = (0, String::new(), 0);
    for g in &games {
        let (ok, ms) = check(g);
        total_ms += ms;
        passed += usize::from(ok);
        line.push(if ok { marks[0] } else { marks[1] });
    }
    println!(
        "{label}: {passed}/{} {verb} within {nodes} nodes each ({line}), {total_ms} ms in all",
        games.len()
    );
}

/// The VCF solver on the shipped set: the wins it finds, and that it claims none where
/// there is none.
fn vcf_set() {
    for kind in ["win", "none"] {
        let games = positions_of(VCF_SET, kind);
        let (mut found, mut total_us, mut max_us, mut longest) = (0, 0u128, 0u128, 0);
        for g in &games {
            let clock = Stopwatch::start();
            let line = find_vcf(g, VCF_NODES);
            let us = clock.elapsed().as_micros();
            total_us += us;
            max_us = max_us.max(us);
            if let Some(line) = line {
                found += 1;
                longest = longest.max(line.len().div_ceil(2));
            }
        }
        let verdict = if kind == "win" {
            "solved"
        } else {
            "claimed (should be 0)"
        };
        println!(
            "vcf {kind:<4}: {found}/{} {verdict}; {total_us} us in all, max {max_us} us{}",
            games.len(),
            if kind == "win" {
                format!(", longest win {longest} fours")
            } else {
                String::new()
            }
        );
    }
}
