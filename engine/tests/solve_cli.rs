//! `feerie solve` on the command line: usage errors, a position given as a FEN, a file
//! (or standard input) whose bad problem is reported while the next is solved, and the
//! shape of the JSON lines.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn feerie(args: &[&str]) -> Output {
    Command::new(common::binary())
        .args(args)
        .output()
        .expect("run feerie")
}

/// Runs `feerie solve ARGS` with `input` on standard input.
fn feerie_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(common::binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run feerie");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().expect("feerie's output")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The output with every solving time written as `T`.
fn without_times(text: &str) -> String {
    text.lines()
        .map(|line| match line.split_once("Time = ") {
            Some((before, _)) => format!("{before}Time = T"),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A file in Cargo's per-target test directory.
fn input_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// White and Black each mate in one along the back rank.
const BACK_RANKS: &str = "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";

/// A problem Feerie cannot read (Circe is not supported) followed by a good one.
const BAD_THEN_GOOD: &str = "beginproblem
stipulation #2
condition Circe
pieces white ke1 black ke8
nextproblem
stipulation #1
pieces white kg1 ra1 pf2g2h2 black kg8 ra8 pf7g7h7
endproblem
";

#[test]
fn usage_errors_exit_with_status_2_and_say_why() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-problems.inp");
    let missing = missing.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["solve"], "FILE"),
        (&["solve", "--bogus"], "--bogus"),
        (&["solve", missing], "cannot read"),
        (
            &["solve", "a.inp", "--fen", BACK_RANKS, "--stip", "#1"],
            "cannot be used with",
        ),
        (&["solve", "--fen", BACK_RANKS], "--stip"),
        (&["solve", "--fen", BACK_RANKS, "--stip", "#0"], "#0"),
        (
            &["solve", "--fen", "8/8/8/8 w - - 0 1", "--stip", "#1"],
            "bad FEN",
        ),
        (&["solve", "a.inp", "--try"], "--try"),
        (&["solve", "--variant", "xiangqi", "a.inp"], "xiangqi"),
        (
            &["solve", "--maxsolutions", "none", "a.inp"],
            "--maxsolutions",
        ),
    ];
    for (args, says) in cases {
        let out = feerie(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    }
}

#[test]
fn help_lists_solve() {
    let out = feerie(&["help"]);
    assert!(stdout(&out).contains("\n  solve "), "{}", stdout(&out));
    let out = feerie(&["solve", "--help"]);
    assert!(
        stdout(&out).contains("Usage: feerie solve [OPTIONS] <FILE|--fen <FEN>>"),
        "{}",
        stdout(&out)
    );
}

/// Needs the solver (solve-core).
#[test]
fn a_fen_is_laid_out_as_popeye_does() {
    let out = feerie(&["solve", "--fen", BACK_RANKS, "--stip", "#1", "--duplex"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let expected = format!(
        "Feerie v{}


+---a---b---c---d---e---f---g---h---+
|                                   |
8  -R   .   .   .   .   .  -K   .   8
|                                   |
7   .   .   .   .   .  -P  -P  -P   7
|                                   |
6   .   .   .   .   .   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   P   P   P   2
|                                   |
1   R   .   .   .   .   .   K   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  #1                          5 + 5
               Duplex

   1.Ra1*a8 # !


   1.Ra8*a1 # !


solution finished. Time = T

",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(without_times(&stdout(&out)), expected);
}

/// The FEN's side to move makes the first move. Needs the solver (solve-core).
#[test]
fn black_to_move_mates_in_a_direct_problem() {
    let black = BACK_RANKS.replace(" w ", " b ");
    let out = feerie(&["solve", "--fen", &black, "--stip", "#1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(value["keys"], serde_json::json!(["a8a1"]));
}

/// One object a line with the fields of the format. Needs the solver (solve-core).
#[test]
fn json_lines_have_the_documented_shape() {
    let out = feerie(&[
        "solve", "--fen", BACK_RANKS, "--stip", "#1", "--duplex", "--try", "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(objects.len(), 2, "{text}");
    for (object, duplex) in objects.iter().zip([false, true]) {
        assert_eq!(object["variant"], "chess");
        assert_eq!(object["stipulation"], "#1");
        assert_eq!(object["count"], 1);
        assert_eq!(object["partial"], false);
        assert!(object["time_ms"].is_number());
        assert!(object["tries"].is_array());
        assert_eq!(object["warnings"], serde_json::json!([]));
        assert_eq!(object.get("duplex").is_some(), duplex, "{object}");
    }
    assert_eq!(objects[0]["keys"], serde_json::json!(["a1a8"]));
    assert_eq!(objects[1]["keys"], serde_json::json!(["a8a1"]));
    assert_eq!(objects[1]["fen"], BACK_RANKS.replace(" w ", " b "));

    let help = BACK_RANKS.replace(" w ", " b ");
    let out = feerie(&["solve", "--fen", &help, "--stip", "h#1", "--json"]);
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(value["solutions"], serde_json::json!([["g8h8", "a1a8"]]));
}

/// Needs the input reader (solve-input) and the solver (solve-core).
#[test]
fn a_bad_problem_is_reported_and_the_next_one_solved() {
    let path = input_file("bad-then-good.inp", BAD_THEN_GOOD);
    let path = path.to_str().unwrap();
    let out = feerie(&["solve", path]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let errors = stderr(&out);
    assert!(
        errors.contains("line 3") && errors.contains("Circe"),
        "{errors}"
    );
    let text = stdout(&out);
    assert!(text.contains("\n   1.Ra1*a8 # !\n"), "{text}");
    assert_eq!(text.matches("solution finished.").count(), 1, "{text}");

    let out = feerie(&["solve", path, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let objects: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 2, "{}", stdout(&out));
    assert_eq!(objects[0]["line"], 3);
    assert!(objects[0]["error"].as_str().unwrap().contains("Circe"));
    assert_eq!(objects[1]["keys"], serde_json::json!(["a1a8"]));
}

/// Needs the input reader (solve-input) and the solver (solve-core).
#[test]
fn problems_are_read_from_standard_input() {
    let good = BAD_THEN_GOOD.split("nextproblem\n").nth(1).unwrap();
    let out = feerie_with_input(&["solve", "-"], &format!("beginproblem\n{good}"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("Feerie v"), "{text}");
    assert!(text.contains("\n   1.Ra1*a8 # !\n"), "{text}");
    assert!(text.contains("\nsolution finished. Time = "), "{text}");
}
