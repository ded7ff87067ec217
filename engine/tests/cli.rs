//! The `pbrain-gomoku` command line: its tool subcommands and its protocol loop.

use gomoku_engine::notation::parse_point;
use gomoku_engine::{Game, Point, Rule};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    run_bytes(args, stdin.as_bytes())
}

fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn forbidden_lists_blacks_forbidden_points_one_per_line() {
    let o = run(&["forbidden", "--moves", "f8a1g8a3h6a5h7a7"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "h8\n");
    let none = run(&["forbidden", "--moves", "h8i9"], "");
    assert!(none.status.success());
    assert_eq!(stdout(&none), "");
    let bad = run(&["forbidden", "--moves", "h8h8"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("already taken"));
}

/// The move `best` prints for `moves`, checked to be a legal point of that position.
fn best_move(moves: &str, extra: &[&str]) -> (Point, Output) {
    let mut args = vec!["best", "--moves", moves];
    args.extend_from_slice(extra);
    let o = run(&args, "");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let printed = out.trim();
    let p = parse_point(printed, 15).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    let game = Game::from_move_string(15, Rule::Freestyle, moves).unwrap();
    assert!(
        game.check(p).is_ok(),
        "{printed} is not legal after {moves}"
    );
    (p, o)
}

#[test]
fn best_prints_a_legal_move_and_its_search_info() {
    let (_, o) = best_move("h8i9h9", &["--ms", "100", "--level", "6"]);
    let info = String::from_utf8_lossy(&o.stderr);
    assert!(info.contains("depth") && info.contains("nodes"), "{info}");
    // White's four a1..a4 can only be stopped at a5: every level must print that point.
    for level in ["1", "6"] {
        let (p, _) = best_move("h8a1h9a2h10a3b9a4", &["--ms", "100", "--level", level]);
        assert_eq!(p, parse_point("a5", 15).unwrap(), "level {level}");
    }
}

#[test]
fn the_protocol_loop_answers_and_survives_garbage() {
    let o = run(
        &[],
        "START 15\nINFO timeout_turn 200\nINFO rule 4\nBEGIN\nTURN x\nTURN 8,8\nEND\n",
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "OK");
    assert_eq!(lines[1], "7,7", "opens in the centre");
    assert!(lines[2].starts_with("ERROR"), "{lines:?}");
    assert!(lines[3].contains(','), "answers the next TURN: {lines:?}");
}

#[test]
fn the_protocol_loop_answers_a_line_that_is_not_utf8_with_an_error_and_goes_on() {
    let o = run_bytes(&[], b"START 15\nINFO \xff\xfe rule\r\nBEGIN\nEND\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("ERROR"), "{lines:?}");
    assert_eq!(lines[2], "7,7", "answers the BEGIN after the bad line");
}

#[test]
fn bench_reports_search_vcf_reference_win_and_blunder_numbers() {
    let o = run(&["bench", "--nodes", "2000"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("nodes/s"), "{out}");
    assert!(out.contains("vcf win : 40/40 solved"), "{out}");
    assert!(out.contains("vcf none: 0/20"), "{out}");
    // Every reference win is searched (a position that failed to load would panic).
    assert!(out.contains("/29 proved within 2000 nodes each"), "{out}");
    assert!(out.contains("/29 avoided within 2000 nodes each"), "{out}");
}

#[test]
fn swap2_openings_prints_distinct_three_stone_openings_in_the_arena_format() {
    let o = run(
        &[
            "swap2-openings",
            "--count",
            "3",
            "--seed",
            "7",
            "--ms",
            "20",
        ],
        "",
    );
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let mut seen = Vec::new();
    for line in out.lines() {
        // The arena reads a line up to its '#' comment.
        let stones = line.split('#').next().unwrap().trim();
        if stones.is_empty() {
            assert!(line.starts_with('#'), "{line:?}");
            continue;
        }
        let points: Vec<Point> = stones
            .split_whitespace()
            .map(|t| parse_point(t, 15).unwrap_or_else(|e| panic!("{line:?}: {e}")))
            .collect();
        assert_eq!(points.len(), 3, "{line:?}");
        assert_eq!(points[0], parse_point("h8", 15).unwrap(), "{line:?}");
        let game = Game::from_moves(15, Rule::Freestyle, points.iter().copied()).unwrap();
        assert!(!game.is_over());
        assert!(!seen.contains(&points), "{out}");
        seen.push(points);
    }
    assert_eq!(seen.len(), 3, "{out}");
    let bad = run(&["swap2-openings", "--count", "0"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn analyse_prints_a_row_per_depth_with_each_lines_verdict_and_rejects_bad_arguments() {
    let o = run(
        &[
            "analyse",
            "--moves",
            "h8i9h9i8",
            "--multipv",
            "3",
            "--ms",
            "150",
        ],
        "",
    );
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().collect();
    assert!(!rows.is_empty());
    for (k, row) in rows.iter().enumerate() {
        assert!(row.starts_with(&format!("depth {} nodes ", k + 1)), "{row}");
        let lines: Vec<&str> = row.split(" | ").skip(1).collect();
        assert_eq!(lines.len(), 3, "{row}");
        for line in lines {
            assert!(line.contains('%'), "a chance in {line}");
        }
    }
    // Black to move wins with the open four at h7 or h11.
    let won = stdout(&run(
        &["analyse", "--moves", "h8a15h9o15h10o1", "--ms", "10"],
        "",
    ));
    assert!(won.contains("wins in 2"), "{won}");
    for bad in [
        &["analyse", "--moves", "h8h8"][..],
        &["analyse", "--multipv", "0"],
        &["analyse", "--ms", "soon"],
        &["analyse", "--rule", "gomoku"],
        &["analyse", "--moves"],
        &["analyse", "--depth", "3"],
    ] {
        let o = run(bad, "");
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(!o.stderr.is_empty());
    }
    let over = run(&["analyse", "--moves", "h8a1h9a2h10a3h11a4h12"], "");
    assert_eq!(over.status.code(), Some(2));
}
