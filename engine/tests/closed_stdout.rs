//! A closed standard output (`feerie ... | head -1`, a GUI that went away) ends every
//! subcommand and the UCI loop quietly: no panic, no backtrace, status 141 (as a shell
//! reports a program killed by SIGPIPE). A standard error that cannot be written (a full
//! disk, a pipe nobody reads, a closed descriptor) loses the notes, not the work.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
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

/// Where a test sends feerie's standard error.
#[derive(Clone, Copy, Debug)]
enum DeadStderr {
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
    /// A pipe whose reader is gone: every write fails with "broken pipe".
    Unread,
    /// No descriptor 2 at all (`2>&-`).
    Closed,
}

/// Runs `feerie ARGS` in `dir` with the standard error `how`.
fn run_with_dead_stderr(dir: &Path, args: &[&str], how: DeadStderr) -> Output {
    let mut command = match how {
        DeadStderr::Closed => {
            let mut shell = Command::new("sh");
            shell.args(["-c", "exec \"$0\" \"$@\" 2>&-", common::binary()]);
            shell
        }
        _ => Command::new(common::binary()),
    };
    command.args(args).current_dir(dir).stdin(Stdio::null());
    match how {
        DeadStderr::Full => {
            let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
            command.stderr(full.expect("open /dev/full"));
        }
        DeadStderr::Unread => {
            let (reader, writer) = std::io::pipe().expect("pipe");
            drop(reader);
            command.stderr(writer);
        }
        DeadStderr::Closed => {}
    }
    command.output().expect("run feerie")
}

/// `count` data lines in datagen's format, of a few positions and results.
fn data_lines(count: usize) -> String {
    let fens = [
        "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    let results = ["1.0", "0.5", "0.0", "1.0", "0.5"];
    (0..count)
        .map(|i| format!("{} | {} | {}\n", fens[i % 3], i % 7 * 10, results[i % 5]))
        .collect()
}

/// datagen, book, tune and tune-net go on when their standard error is dead: each exits
/// 0 and writes its output file (with `panic = "abort"`, a failed `eprintln!` was a
/// SIGABRT that wrote nothing).
#[test]
fn tools_finish_their_work_when_stderr_is_dead() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dead-stderr");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("d.data"), data_lines(800)).unwrap();
    let jobs: [(&[&str], &str); 4] = [
        (
            &[
                "datagen",
                "--variant",
                "chess",
                "--games",
                "2",
                "--nodes",
                "100",
            ],
            "games.txt",
        ),
        (&["book", "--count", "1", "--nodes", "200"], "book.epd"),
        (
            &[
                "tune",
                "--variant",
                "chess",
                "--data",
                "d.data",
                "--epochs",
                "2",
            ],
            "w.rs",
        ),
        (&["tune-net", "--data", "d.data", "--epochs", "1"], "n.fnn"),
    ];
    for how in [DeadStderr::Full, DeadStderr::Unread, DeadStderr::Closed] {
        for (args, file) in jobs {
            let file = &format!("{how:?}-{file}");
            let args = [args, &["--threads", "1", "--out", file]].concat();
            let out = run_with_dead_stderr(&dir, &args, how);
            assert_eq!(out.status.code(), Some(0), "{args:?} with {how:?}: {out:?}");
            let written = std::fs::metadata(dir.join(file)).map_or(0, |m| m.len());
            assert!(written > 0, "{args:?} with {how:?} wrote no {file}");
        }
    }
}
