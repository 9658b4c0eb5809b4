//! The command-line tools: `feerie perft`, `feerie bench`, `help`, `--version`, and
//! usage errors that exit with status 2 instead of crashing.

mod common;

use feerie_movegen::Variant;
use std::process::{Command, Output};

fn feerie(args: &[&str]) -> Output {
    Command::new(common::binary())
        .args(args)
        .output()
        .expect("run feerie")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `<move>: <count>` as perft's divide prints it.
fn is_divide_line(line: &str) -> bool {
    line.split_once(": ").is_some_and(|(mv, n)| {
        (4..=5).contains(&mv.len()) && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
    })
}

#[test]
fn perft_counts_and_divides() {
    let out = feerie(&[
        "perft",
        "--variant",
        "chess",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--depth",
        "3",
        "--divide",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("\nNodes searched: 97862\n"), "{text}");
    let divide = text.lines().filter(|l| is_divide_line(l)).count();
    assert_eq!(divide, 48, "{text}");
    assert!(text.contains("e1g1: "), "{text}");
}

#[test]
fn perft_after_moves_from_the_start_position() {
    let out = feerie(&["perft", "--depth", "2", "--moves", "e2e4", "e7e5"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).starts_with("Nodes searched: 835\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn bench_reports_nodes_and_speed() {
    let out = feerie(&["bench", "--depth", "2"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.lines().any(|l| l.starts_with("Nodes searched: ")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("Nodes/second: ")),
        "{text}"
    );
}

/// The bench of every variant, one shallow depth: a line per position, the depth it was
/// asked for, and a node count that is the same on a second run.
#[test]
fn bench_of_every_variant_is_deterministic() {
    let nodes = |out: &Output| {
        stdout(out)
            .lines()
            .find_map(|l| l.strip_prefix("Nodes searched: ").map(str::to_string))
            .expect("Nodes searched line")
    };
    for variant in Variant::ALL.iter().map(|v| v.to_string()) {
        let run = || feerie(&["bench", "--variant", &variant, "--depth", "3"]);
        let (a, b) = (run(), run());
        assert!(a.status.success(), "{variant}");
        let text = stdout(&a);
        assert!(
            text.contains(&format!("Variant: {variant}\nDepth: 3\n")),
            "{text}"
        );
        assert!(
            text.lines().filter(|l| l.starts_with("Position ")).count() >= 4,
            "{text}"
        );
        assert_eq!(nodes(&a), nodes(&b), "{variant}");
    }
}

#[test]
fn help_and_version() {
    let out = feerie(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        format!("feerie {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = feerie(&["help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("feerie perft"));
}

#[test]
fn usage_errors_exit_with_status_2() {
    for args in [
        &["frobnicate"][..],
        &["perft"],
        &["perft", "--depth"],
        &["perft", "--depth", "x"],
        &["perft", "--depth", "2", "--fen", "not a fen"],
        &["perft", "--depth", "2", "--moves", "e2e5"],
        &["perft", "--depth", "2", "--variant", "shogi"],
        &["perft", "--depth", "2", "--bogus"],
        &["bench", "--depth", "0"],
        &["match"],
    ] {
        let out = feerie(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}: no message");
    }
}
