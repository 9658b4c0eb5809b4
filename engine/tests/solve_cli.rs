//! `feerie solve` on the command line: usage errors, a position given as a FEN, a file
//! (or standard input) whose bad problem is reported while the next is solved, and the
//! shape of the JSON lines, Ctrl-C and the bound on lines listed, a Latin-1 file.

mod common;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

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

/// The start position: White alone has millions of series mates in it, found for as long
/// as the search runs.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Collects what `from` gives until it closes.
fn collect(mut from: impl Read + Send + 'static) -> (Arc<Mutex<Vec<u8>>>, JoinHandle<()>) {
    let buffer = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&buffer);
    let reader = thread::spawn(move || {
        let mut chunk = [0; 1 << 16];
        while let Ok(n @ 1..) = from.read(&mut chunk) {
            sink.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
    });
    (buffer, reader)
}

/// `feerie solve` running, its output collected as it comes.
struct Solving {
    child: Child,
    stdout: Arc<Mutex<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    readers: Vec<JoinHandle<()>>,
}

impl Solving {
    /// Starts `feerie solve ARGS` and waits for its diagram: Ctrl-C is caught from then on.
    fn start(args: &[&str]) -> Solving {
        let mut child = Command::new(common::binary())
            .arg("solve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run feerie");
        let (stdout, out_reader) = collect(child.stdout.take().unwrap());
        let (stderr, err_reader) = collect(child.stderr.take().unwrap());
        let solving = Solving {
            child,
            stdout,
            stderr,
            readers: vec![out_reader, err_reader],
        };
        let deadline = Instant::now() + common::TIMEOUT;
        while !solving.stdout().contains("+---a---b") {
            assert!(
                Instant::now() < deadline,
                "no diagram: {}",
                solving.stdout()
            );
            thread::sleep(Duration::from_millis(10));
        }
        solving
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout.lock().unwrap()).into_owned()
    }

    /// The most memory the process has used so far, in KiB (VmHWM).
    fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the solver's /proc status");
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// The processor time the process has used so far (all threads, user and system).
    fn cpu_time(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("the solver's /proc stat");
        // After the command name in parentheses: state is field 3, utime and stime 14, 15.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .unwrap()
            .1
            .split_whitespace()
            .collect();
        let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
        // Linux counts them in USER_HZ, 100 a second.
        Duration::from_millis(ticks * 10)
    }

    /// Waits until the process has used `cpu` of processor time, however busy the machine.
    fn work_for(&self, cpu: Duration) {
        let deadline = Instant::now() + 6 * common::TIMEOUT;
        while self.cpu_time() < cpu {
            assert!(
                Instant::now() < deadline,
                "the solver got no processor time"
            );
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends Ctrl-C (SIGINT).
    fn interrupt(&self) {
        let kill = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(kill.success());
    }

    /// Waits for the exit; returns the exit code, how long it took, stdout and stderr.
    fn finish(&mut self) -> (Option<i32>, Duration, String, String) {
        let started = Instant::now();
        let status = common::expect_exit(&mut self.child, "the solver went on after Ctrl-C");
        let took = started.elapsed();
        for reader in self.readers.drain(..) {
            reader.join().unwrap();
        }
        let stderr = String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned();
        (status.code(), took, self.stdout(), stderr)
    }
}

impl Drop for Solving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The solution lines of a help or series problem in Popeye's layout.
fn solution_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("  1.")).count()
}

/// Checks a run of ser-#30 ended by Ctrl-C: quickly, with 130, the lines found (at
/// most 100,000 moves of them) and the partial closing.
fn check_stopped(mut solving: Solving) {
    let (code, took, text, errors) = solving.finish();
    assert_eq!(code, Some(130), "{errors}");
    assert!(took < Duration::from_secs(5), "{took:?} to stop");
    let lines = solution_lines(&text);
    assert!((1..=100_000).contains(&lines), "{lines} lines; {errors}");
    assert!(text.contains("\nPartial solution Time = "), "{errors}");
    assert!(
        errors.contains("Stopping: printing what was found"),
        "{errors}"
    );
}

/// Ctrl-C stops a series problem with millions of solutions at once, and prints the
/// lines found; memory stays bounded while it runs (the search table is 64 MiB, the
/// lines listed a few more).
#[test]
fn ctrl_c_stops_a_huge_series_problem_with_what_was_found() {
    let solving = Solving::start(&["--fen", START, "--stip", "ser-#30"]);
    solving.work_for(Duration::from_secs(8));
    let peak_mib = solving.peak_kib() / 1024;
    assert!(peak_mib < 100, "{peak_mib} MiB after 8 s of processor time");
    solving.interrupt();
    check_stopped(solving);
}

/// A second Ctrl-C, while the first is being answered, does not lose the output.
#[test]
fn a_second_ctrl_c_still_prints_what_was_found() {
    let solving = Solving::start(&["--fen", START, "--stip", "ser-#30"]);
    solving.work_for(Duration::from_secs(2));
    solving.interrupt();
    thread::sleep(Duration::from_millis(20));
    solving.interrupt();
    check_stopped(solving);
}

/// Beyond 100,000 moves in the lines listed, solutions are counted, not listed, and the
/// part says so.
#[test]
fn lines_beyond_those_listed_are_counted() {
    let args = [
        "solve",
        "--fen",
        "7k/6pp/8/8/8/8/8/QQ2K1QQ w - - 0 1",
        "--stip",
        "ser-#4",
    ];
    let out = feerie(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(solution_lines(&text), 30_445);
    let note = "partial: 30445 lines shown, 1331714 more found \
                (the lines listed hold at most 100000 moves)";
    assert!(
        text.contains(&format!("\n\n{note}\nPartial solution Time = ")),
        "{}",
        &text[text.len().saturating_sub(500)..]
    );

    let out = feerie(&[&args[..], &["--json"]].concat());
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(value["solutions"].as_array().unwrap().len(), 30_445);
    assert_eq!(value["count"], 30_445);
    assert_eq!(value["unlisted"], 1_331_714);
    assert_eq!(value["partial"], true);
    assert_eq!(value["warnings"][1], note);
}

/// A Latin-1 file (as Popeye's often are) is read as such, with a warning naming the
/// line that is not UTF-8.
#[test]
fn a_latin1_file_is_read_with_a_warning() {
    let good = BAD_THEN_GOOD.split("nextproblem\n").nth(1).unwrap();
    let mut bytes = b"beginproblem\nauthor Ren\xe9 Millour\n".to_vec();
    bytes.extend_from_slice(good.as_bytes());
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("latin1.inp");
    std::fs::write(&path, bytes).unwrap();
    let out = feerie(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("René Millour"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("\n   1.Ra1*a8 # !\n"),
        "{}",
        stdout(&out)
    );
    let warning = stderr(&out);
    assert!(
        warning.contains("latin1.inp:2: not UTF-8, the file is read as Latin-1"),
        "{warning}"
    );
}

/// What is not a regular problem file (a device, a FIFO with no writer, a directory) is
/// refused at once as a bad argument, and an endless standard input is read only up to the bound: none of
/// them blocks or fills memory.
#[test]
fn no_problem_file_blocks_or_fills_memory() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("solve-not-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("run mkfifo").success());
    for (path, what) in [
        (PathBuf::from("/dev/zero"), "a device, not a regular file"),
        (fifo, "a FIFO, not a regular file"),
        (dir.clone(), "a directory, not a regular file"),
    ] {
        let out = feerie(&["solve", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{path:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(what), "{path:?}: {}", stderr(&out));
    }
    // `ulimit -v`: without the bound, reading /dev/zero would fail on memory, not on size.
    let script = format!(
        "ulimit -v 2000000; exec '{}' solve - < /dev/zero",
        common::binary()
    );
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("standard input is longer than 64 MiB"),
        "{}",
        stderr(&out)
    );
}

/// Popeye's `maxtime N`: the problem stops after N seconds with Popeye's `solving
/// interrupted.` and what was found, and the next problem is still solved.
#[test]
fn maxtime_stops_one_problem_and_the_next_is_solved() {
    let path = input_file(
        "maxtime.inp",
        "beginproblem\nstipulation h#9\noption maxtime 1\n\
         pieces white ke1 qd1 ra1h1 bc1f1 sb1g1 pa2b2c2d2e2f2g2h2\n\
         black ke8 qd8 ra8h8 bc8f8 sb8g8 pa7b7c7d7e7f7g7h7\n\
         nextproblem\nstipulation #1\npieces white kb6 rh1 black kb8\nendproblem\n",
    );
    let start = Instant::now();
    let out = feerie(&["solve", path.to_str().unwrap()]);
    let elapsed = start.elapsed();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        text.matches("solving interrupted. Time = ").count(),
        1,
        "{text}"
    );
    assert!(text.contains("\n   1.Rh1-h8 # !\n"), "{text}");
    assert_eq!(text.matches("solution finished.").count(), 1, "{text}");
    // Stopped at 1 s; the bound is far above it, for a loaded machine.
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
}

/// A German file is answered in German, a French one in French: the piece letters of
/// the diagram and the moves, the twin lines, and one closing line after the last twin.
#[test]
fn german_and_french_inputs_are_answered_in_their_language() {
    let german = "anfangproblem\nforderung #1\nsteine weiss kg1 ta1 bf2g2h2 schwarz kg8 bf7g7h7\n\
                  zwilling versetze a1 b1\nendeproblem\n";
    let out = feerie_with_input(&["solve", "-"], german);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("\n1   T   .   .   .   .   .   K   .   1"),
        "{text}"
    );
    assert!(
        text.contains("\n2   .   .   .   .   .   B   B   B   2"),
        "{text}"
    );
    assert!(text.contains("\nb) wTa1-->b1  \n"), "{text}");
    assert!(text.contains("\n   1.Tb1-b8 # !\n"), "{text}");
    assert_eq!(
        text.matches("\nLoesung beendet. Zeit = ").count(),
        1,
        "{text}"
    );
    assert!(!text.contains("solution finished"), "{text}");
    // `movenumbers` lines too, as Popeye writes them: `  3  (Ta1-b1    Zeit = 0.001 s)`.
    let numbered = german.replace("forderung #1\n", "forderung #1\noption zugnummern\n");
    let text = stdout(&feerie_with_input(&["solve", "-"], &numbered));
    let line = text
        .lines()
        .find(|l| l.contains("(Ta1-b1 "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("    Zeit = "), "{line}");
    let french =
        "debutprobleme\nenonce #1\npieces blanc rg1 ta1 pf2g2h2 noir rg8 pf7g7h7\nfinprobleme\n";
    let out = feerie_with_input(&["solve", "-"], french);
    let text = stdout(&out);
    assert!(
        text.contains("\n1   T   .   .   .   .   .   R   .   1"),
        "{text}"
    );
    assert!(text.contains("\n   1.Ta1-a8 # !\n"), "{text}");
    assert!(text.contains("\nsolution terminee. Temps = "), "{text}");
    // The command line's form stays English.
    let out = feerie(&["solve", "--fen", BACK_RANKS, "--stip", "#1"]);
    assert!(stdout(&out).contains("\nsolution finished. Time = "));
}
