//! A closed standard output (`feerie ... | head -1`, a GUI that went away) ends every
//! subcommand and the UCI loop quietly: no panic, no backtrace, status 141 (as a shell
//! reports a program killed by SIGPIPE).

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

/// The status the README documents for a closed standard output.
const STDOUT_CLOSED_STATUS: i32 = 141;

/// Runs feerie with a standard output whose reader is already closed, so that its first
/// write fails whatever the timing.
fn run_with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    Command::new(common::binary())
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .output()
        .expect("run feerie")
}

fn assert_quiet_exit(args: &[&str], out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    assert_eq!(
        out.status.code(),
        Some(STDOUT_CLOSED_STATUS),
        "{args:?}: {stderr}"
    );
}

#[test]
fn subcommands_end_quietly_when_stdout_is_closed() {
    for args in [
        &["perft", "--depth", "5", "--divide"][..],
        &["perft", "--depth", "2"],
        &["help"],
        &["--version"],
        &["bench", "--depth", "2"],
    ] {
        assert_quiet_exit(args, &run_with_closed_stdout(args));
    }
}

#[test]
fn a_match_ends_quietly_when_stdout_is_closed() {
    let engine = format!("cmd={}", common::binary());
    let args = [
        "match",
        "--engine",
        &engine,
        "--engine",
        &engine,
        "--each",
        "depth=1",
        "--rounds",
        "1",
        "--games",
        "1",
        "--maxmoves",
        "10",
    ];
    assert_quiet_exit(&args, &run_with_closed_stdout(&args));
}

/// The UCI loop stops when its reader is gone, instead of answering nobody for ever: the
/// reader is closed after `uciok`, and the next answer (`readyok`) ends the process.
#[test]
fn uci_loop_ends_when_its_reader_closes_stdout() {
    let mut child = Command::new(common::binary())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start feerie");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    writeln!(stdin, "uci").expect("send uci");
    let mut line = String::new();
    while line.trim_end() != "uciok" {
        line.clear();
        let read = stdout.read_line(&mut line).expect("read");
        assert!(read > 0, "no uciok before end of output");
    }
    drop(stdout);
    // The engine may already be gone when the second line is sent: ignore that error.
    let _ = writeln!(stdin, "isready").and_then(|()| writeln!(stdin, "go depth 5"));
    let status = common::expect_exit(
        &mut child,
        "the engine kept running after its reader closed stdout",
    );
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(status.code(), Some(STDOUT_CLOSED_STATUS), "{stderr}");
}
