//! The `pbrain-gomoku` command line: its tool subcommands and its protocol loop.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
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

#[test]
fn best_prints_a_move_and_its_search_info() {
    let o = run(
        &["best", "--moves", "h8i9h9", "--ms", "100", "--level", "6"],
        "",
    );
    assert!(o.status.success());
    let mv = stdout(&o);
    assert!(mv.trim().len() >= 2, "{mv:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("depth"));
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
fn bench_reports_search_and_vcf_numbers() {
    let o = run(&["bench", "--nodes", "2000"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("nodes/s"), "{out}");
    assert!(out.contains("vcf win : 40/40 solved"), "{out}");
    assert!(out.contains("vcf none: 0/20"), "{out}");
}
