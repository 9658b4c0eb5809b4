//! The command-line tools: `feerie perft`, `feerie bench`, `help`, `--version`, and
//! usage errors that exit with status 2 instead of crashing.

mod common;

use feerie_movegen::{Chess, Position};
use feerie_variants::Variant;
use std::process::{Command, Output};

fn feerie(args: &[&str]) -> Output {
    Command::new(common::binary())
        .args(args)
        .output()
        .expect("run feerie")
}

/// A new, empty directory `name` in the tests' scratch space.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `feerie ARGS` in `dir`.
fn feerie_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(common::binary())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run feerie")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The count of bench's `Nodes searched: N` line.
fn nodes_searched(out: &Output) -> String {
    stdout(out)
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: ").map(str::to_string))
        .expect("Nodes searched line")
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

/// `--evalfile`: bench and datagen play the variant with the network of the file (one
/// of zeros searches another tree than the built-in one; Augsburg's too), and refuse
/// a file that is not a network before doing anything.
#[test]
fn evalfile_changes_the_variants_network_and_bad_files_are_refused() {
    use feerie_eval::nnue::{FILE_BYTES, MAGIC};
    let dir = fresh_dir("evalfile");
    let mut zero = MAGIC.to_vec();
    zero.resize(FILE_BYTES, 0);
    std::fs::write(dir.join("zero.fnn"), zero).unwrap();
    std::fs::write(dir.join("short.fnn"), b"FNN3").unwrap();
    let nodes = |args: &[&str]| {
        let out = feerie_in(&dir, args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        nodes_searched(&out)
    };
    let built_in = nodes(&["bench", "--depth", "4"]);
    let zeros = nodes(&["bench", "--depth", "4", "--evalfile", "zero.fnn"]);
    assert_ne!(built_in, zeros);
    let reverse = ["bench", "--variant", "reverse-einstein", "--depth", "4"];
    assert_ne!(
        nodes(&reverse),
        nodes(&[&reverse[..], &["--evalfile", "zero.fnn"]].concat())
    );
    let augsburg = ["bench", "--variant", "augsburg", "--depth", "4"];
    assert_ne!(
        nodes(&augsburg),
        nodes(&[&augsburg[..], &["--evalfile", "zero.fnn"]].concat())
    );
    for args in [
        &["bench", "--evalfile", "short.fnn"][..],
        &["bench", "--evalfile", "missing.fnn"],
        &[
            "datagen",
            "--variant",
            "chess",
            "--games",
            "1",
            "--nodes",
            "10",
            "--evalfile",
            "short.fnn",
            "--out",
            "d.data",
        ],
    ] {
        let out = feerie_in(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--evalfile: "), "{args:?}: {err}");
    }
    assert!(!dir.join("d.data").exists());
}

/// The bench of every variant, one shallow depth: a line per position, the depth it was
/// asked for, and a node count that is the same on a second run.
#[test]
fn bench_of_every_variant_is_deterministic() {
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
        assert_eq!(nodes_searched(&a), nodes_searched(&b), "{variant}");
    }
}

#[test]
fn help_and_version() {
    for flag in ["--version", "-V", "version"] {
        let out = feerie(&[flag]);
        assert!(out.status.success());
        assert_eq!(
            stdout(&out),
            format!("feerie {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    for help in ["help", "--help", "-h"] {
        let out = feerie(&[help]);
        assert!(out.status.success());
        let text = stdout(&out);
        for command in SUBCOMMANDS {
            let listed = format!("\n  {command} ");
            assert!(text.contains(&listed), "{help}: {command}: {text}");
        }
        // The line `.ci/check-bench` reads the variants from.
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        let variants = format!("\nVariants: {}\n", names.join(", "));
        assert!(text.contains(&variants), "{help}: {text}");
    }
}

/// Every subcommand but `version`.
const SUBCOMMANDS: [&str; 11] = [
    "uci", "perft", "bench", "match", "solve", "book", "datagen", "data", "tune", "tune-net", "gui",
];

/// `feerie SUB --help` (and `feerie help SUB`) prints SUB's usage and flags on standard
/// output and exits with status 0.
#[test]
fn every_subcommand_has_its_help() {
    for command in SUBCOMMANDS {
        for args in [[command, "--help"], ["help", command]] {
            let out = feerie(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let text = stdout(&out);
            assert!(
                text.contains(&format!("Usage: feerie {command}")),
                "{args:?}: {text}"
            );
            assert!(text.contains("-h, --help"), "{args:?}: {text}");
            assert!(out.stderr.is_empty(), "{args:?}");
        }
    }
    let text = stdout(&feerie(&["perft", "--help"]));
    assert!(text.contains("--depth <DEPTH>"), "{text}");
    assert!(text.contains("--moves [<MOVE>...]"), "{text}");
}

/// A variant name that is none is a usage error that lists the variants.
#[test]
fn a_bad_variant_lists_the_variants() {
    for line in [
        "perft --depth 1 --variant shogi",
        "bench --variant shogi",
        "book --variant shogi",
        "solve --variant shogi --fen x --stip #2",
        "match --variant shogi --engine cmd=x --engine cmd=y",
    ] {
        let args: Vec<&str> = line.split(' ').collect();
        let out = feerie(&args);
        assert_eq!(out.status.code(), Some(2), "{line}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("'shogi'"), "{line}: {stderr}");
        for variant in Variant::ALL {
            assert!(stderr.contains(variant.name()), "{line}: {stderr}");
        }
    }
    // Any case is taken.
    assert!(
        feerie(&["perft", "--depth", "1", "--variant", "Dynamo"])
            .status
            .success()
    );
}

/// `--threads 0` (or more than 256) is a usage error naming the flag, before any work:
/// no thread would play, score or train.
#[test]
fn a_thread_count_out_of_range_is_refused() {
    for line in [
        "book --variant chess --count 1 --threads 0",
        "datagen --variant chess --games 1 --nodes 10 --out /nonexistent/d --threads 0",
        "tune --variant chess --data /nonexistent/d --threads 0",
        "tune-net --data /nonexistent/d --out /nonexistent/n --threads 0",
        "book --variant chess --count 1 --threads 257",
    ] {
        let args: Vec<&str> = line.split(' ').collect();
        let out = feerie(&args);
        assert_eq!(out.status.code(), Some(2), "{line}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--threads"), "{line}: {stderr}");
        assert!(stderr.contains("between 1 and 256"), "{line}: {stderr}");
        assert!(out.stdout.is_empty(), "{line}");
    }
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
        &["perft", "--depth", "13"],
        &["match"],
        &[
            "match",
            "--engine",
            "cmd=x",
            "--engine",
            "cmd=y",
            "--variant",
            "shogi",
        ],
        &["uci", "--foo"],
        &["--version", "extra"],
        &["help", "extra"],
    ] {
        let out = feerie(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("feerie: "), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", stdout(&out));
    }
}

/// Words after a command that takes none are refused, not ignored, with clap's hint to
/// `--help`.
#[test]
fn commands_without_arguments_refuse_extra_words() {
    for (args, extra) in [
        (&["uci", "--foo"][..], "--foo"),
        (&["--version", "extra"], "extra"),
        (&["help", "extra"], "extra"),
    ] {
        let out = feerie(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("feerie: error: "), "{stderr}");
        assert!(stderr.contains(&format!("'{extra}'")), "{stderr}");
        assert!(stderr.contains("try '--help'"), "{stderr}");
    }
}

/// Ranges are said in words, and perft stops at the depth `go perft` accepts.
#[test]
fn range_errors_are_in_words() {
    let out = feerie(&["bench", "--depth", "0"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("between 1 and 100"), "{stderr}");
    assert!(!stderr.contains("..="), "{stderr}");
    let out = feerie(&["perft", "--depth", "40"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("between 0 and 12"), "{stderr}");
}

/// A short perft prints no progress; the deepest accepted depth is accepted (on a
/// position with no legal move, so it is instant).
#[test]
fn perft_depth_cap_and_quiet_short_runs() {
    let out = feerie(&["perft", "--depth", "3"]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = feerie(&["perft", "--fen", mated, "--depth", "12"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout(&out).starts_with("Nodes searched: 0\n"),
        "{}",
        stdout(&out)
    );
}

/// Ctrl-C ends a long perft at once (nothing catches SIGINT).
#[test]
#[cfg(unix)]
fn ctrl_c_interrupts_a_long_perft() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(common::binary())
        .args(["perft", "--depth", "10"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start feerie");
    // Ctrl-C until it ends: a signal sent before perft installs its handler is lost
    // where the test runs with SIGINT ignored (a background job), and kills it where not.
    let deadline = std::time::Instant::now() + common::TIMEOUT;
    let status = loop {
        let kill = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("run kill");
        if let Some(status) = common::wait_exit(&mut child, std::time::Duration::from_millis(200)) {
            break status;
        }
        assert!(kill.success());
        if std::time::Instant::now() >= deadline {
            let _ = child.kill();
            panic!("perft went on after Ctrl-C");
        }
    };
    // Exit code 130 from the handler, or killed by SIGINT if it came before the handler.
    assert!(
        status.code() == Some(130) || status.signal() == Some(2),
        "{status:?}"
    );
}

/// `feerie book` writes a header and one EPD line per opening, the same for the same
/// flags whatever the thread count; a bad flag is a usage error.
#[test]
fn book_writes_reproducible_epd_openings() {
    let book = |threads: &str| {
        let out = feerie(&[
            "book",
            "--variant",
            "augsburg",
            "--count",
            "3",
            "--nodes",
            "2000",
            "--seed",
            "4",
            "--threads",
            threads,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out)
    };
    let text = book("1");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("# 3 openings of augsburg"), "{text}");
    for line in &lines[1..] {
        assert!(line.contains(" c0 \"") && line.contains("; ce "), "{line}");
    }
    assert_eq!(book("2"), text);
    for (flag, value) in [("--plies", "9-3"), ("--min-cp", "60")] {
        let bad = feerie(&["book", flag, value]);
        assert_eq!(bad.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&bad.stderr).contains(flag));
    }
}

/// `book --plies` says which bound is wrong and what it may be; a bad FEN in tune's or
/// tune-net's data is named with its file and line and said in words, not as Rust's
/// debug form of the error.
#[test]
fn tool_errors_say_what_is_allowed() {
    for (plies, said) in [
        ("200-300", "MAX: expected a number between 0 and 200"),
        ("x-3", "MIN: expected a number between 0 and 200"),
        ("9-3", "MIN 9 is above MAX 3"),
        ("6", "expected MIN-MAX (e.g. 6-10)"),
    ] {
        let out = feerie(&["book", "--plies", plies]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{plies}: {stderr}");
        let whole = format!("invalid value '{plies}' for '--plies <MIN-MAX>': {said}\n");
        assert!(stderr.contains(&whole), "{plies}: {stderr}");
    }
    let dir = fresh_dir("bad-fen");
    let lines = "# comment\n8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 1.0\n8/8/8/8/8/8/8/K6k9 w - - 0 1 | 0 | 1.0\n";
    std::fs::write(dir.join("bad.data"), lines).unwrap();
    for args in [
        &["tune", "--variant", "chess", "--data", "bad.data"][..],
        &["tune-net", "--data", "bad.data", "--out", "n.fnn"],
    ] {
        let out = feerie_in(&dir, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        let said =
            "feerie: bad.data:3: bad FEN '8/8/8/8/8/8/8/K6k9 w - - 0 1': bad FEN placement: ";
        assert!(stderr.starts_with(said), "{args:?}: {stderr}");
        assert!(!stderr.contains('{'), "{args:?}: {stderr}");
    }
}

/// Runs `feerie datagen --variant chess --games G --nodes 300 --seed 3 EXTRA --out NAME`
/// in a fresh directory of its own (so no `books/` is found: random openings) and
/// returns the data file's lines, sorted.
fn datagen(dir: &str, name: &str, games: &str, extra: &[&str]) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["datagen", "--variant", "chess", "--games", games];
    args.extend(["--nodes", "300", "--seed", "3", "--out", name]);
    args.extend(extra);
    let out = Command::new(common::binary())
        .args(&args)
        .current_dir(&dir)
        .output()
        .expect("run feerie");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains(" positions/s ("), "{stderr}");
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

/// `feerie datagen` writes `FEN | score | result` lines; two shards make the whole run
/// whatever the threads, and running again adds only the games not yet written.
#[test]
fn datagen_writes_positions_that_shards_split_and_reruns_resume() {
    let dir = format!("datagen-{}", std::process::id());
    let _ = std::fs::remove_dir_all(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(&dir));
    let whole = datagen(&dir, "whole.txt", "4", &["--threads", "2"]);
    assert!(whole.len() > 10, "{whole:?}");
    for line in &whole {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        let pos = Chess::from_fen(fields[0]).unwrap();
        assert!(!pos.in_check(), "{line}");
        assert!(fields[1].parse::<i32>().is_ok(), "{line}");
        assert!(["1.0", "0.5", "0.0"].contains(&fields[2]), "{line}");
    }
    let mut union = datagen(&dir, "one.txt", "4", &["--shard", "1/2", "--threads", "1"]);
    union.extend(datagen(&dir, "two.txt", "4", &["--shard", "2/2"]));
    union.sort();
    assert_eq!(union, whole);
    // The same command again finds every game done; more games add only the new ones.
    assert_eq!(datagen(&dir, "whole.txt", "4", &[]), whole);
    let six = datagen(&dir, "whole.txt", "6", &[]);
    assert_eq!(datagen(&dir, "six.txt", "6", &[]), six);
    assert!(whole.iter().all(|line| six.contains(line)));
}

/// Bad flags, books and data files are usage errors, not crashes.
#[test]
fn datagen_refuses_bad_flags_books_and_files() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("datagen-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("not-a-run.txt");
    std::fs::write(&data, "some other data\n").unwrap();
    let book = dir.join("bad.epd");
    std::fs::write(&book, "not a position\n").unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["datagen", "--variant", "chess", "--games", "1"];
        args.extend(extra);
        feerie(&args)
    };
    let out = dir.join("out.txt");
    let out = out.to_str().unwrap();
    for bad in [
        vec!["--nodes", "10"],
        vec!["--nodes", "ten", "--out", out],
        vec!["--nodes", "10", "--out", out, "--shard", "0/2"],
        vec![
            "--nodes",
            "10",
            "--out",
            out,
            "--book",
            book.to_str().unwrap(),
        ],
        vec!["--nodes", "10", "--out", out, "--book", "no-such-book.epd"],
        vec!["--nodes", "10", "--out", data.to_str().unwrap()],
    ] {
        let result = run(&bad);
        assert_eq!(result.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&result.stderr).starts_with("feerie: "));
    }
    assert_eq!(std::fs::read_to_string(&data).unwrap(), "some other data\n");
}

/// Ctrl-C stops a run with status 130 and leaves whole games in the data file, all of
/// them recorded in its `.done` file.
#[test]
#[cfg(unix)]
fn ctrl_c_stops_datagen_between_games() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("datagen-stop");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(common::binary())
        .args([
            "datagen",
            "--variant",
            "chess",
            "--games",
            "100000",
            "--nodes",
            "300",
        ])
        .args(["--threads", "2", "--out", "d.txt"])
        .current_dir(&dir)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start feerie");
    let done = || std::fs::read_to_string(dir.join("d.txt.done")).unwrap_or_default();
    let deadline = std::time::Instant::now() + common::TIMEOUT;
    while done().lines().count() < 3 {
        assert!(std::time::Instant::now() < deadline, "no game was written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let status = common::expect_exit(&mut child, "datagen went on after Ctrl-C");
    assert_eq!(status.code(), Some(130), "{status:?}");
    let records = done();
    let last: u64 = records
        .lines()
        .last()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let data = std::fs::read_to_string(dir.join("d.txt")).unwrap();
    assert_eq!(data.len() as u64, last);
    assert!(data.lines().all(|line| line.split(" | ").count() == 3));
}

/// The `loss before/after: train X, validation Y` figures `feerie tune` prints.
fn losses(stderr: &str, which: &str) -> (f64, f64) {
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix(&format!("tune: loss {which}")))
        .unwrap_or_else(|| panic!("no 'loss {which}' in {stderr}"));
    let number = |key: &str| -> f64 {
        let rest = &line[line.find(key).unwrap() + key.len()..];
        rest.split([',', ' '])
            .find(|s| !s.is_empty())
            .unwrap()
            .parse()
            .unwrap()
    };
    (number("train "), number("validation "))
}

/// `feerie tune` fits every variant's weights to a small datagen run: the loss does not
/// rise on the held-out part, and the weights come out as the Rust constant `eval/`
/// compiles in. A bad data line is an error naming the file and line.
#[test]
fn tune_fits_datagen_output_and_writes_rust() {
    let dir = fresh_dir("tune");
    let run = |args: &[&str]| feerie_in(&dir, args);
    for variant in Variant::ALL {
        let name = variant.name();
        let data = format!("{name}.data");
        let made = run(&[
            "datagen",
            "--variant",
            name,
            "--games",
            "40",
            "--nodes",
            "150",
            "--seed",
            "5",
            // One thread: the same data, so the same split, on every machine.
            "--threads",
            "1",
            "--out",
            &data,
        ]);
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
        let out = run(&[
            "tune",
            "--variant",
            name,
            "--data",
            &data,
            "--epochs",
            "50",
            "--rate",
            "2",
            "--threads",
            "2",
            "--out",
            "w.rs",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{name}: {stderr}");
        let before = losses(&stderr, "before");
        let after = losses(&stderr, "after");
        assert!(before.0 > 0.0 && before.1 > 0.0, "{name}: {stderr}");
        assert!(after.1 <= before.1 + 1e-4, "{name}: {stderr}");
        let source = std::fs::read_to_string(dir.join("w.rs")).unwrap();
        assert!(
            source.starts_with("// Generated by `feerie tune`"),
            "{source}"
        );
        assert!(source.contains("// loss before: train "), "{source}");
        let constant = format!(
            "pub const TUNED_{}: Weights",
            name.to_ascii_uppercase().replace('-', "_")
        );
        assert!(source.contains(&constant), "{source}");
    }

    std::fs::write(
        dir.join("bad.data"),
        "8/8/8/8/8/8/8/K6k w - - 0 1 | 12 | 0.7\n",
    )
    .unwrap();
    let bad = run(&["tune", "--variant", "dynamo", "--data", "bad.data"]);
    assert_eq!(bad.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("bad.data:1: bad result '0.7'"), "{stderr}");
    let missing = run(&["tune", "--variant", "dynamo", "--data", "none.data"]);
    assert_eq!(missing.status.code(), Some(1));

    // `--hold`: the held weights come out as they went in (a run of no epoch writes
    // the starting weights), and the header says they were held. The data are made so
    // that fitting must move the material, whatever the engine's self-play would give:
    // a knight up wins three games in four but a rook up only one in four, and every
    // held-out block holds the same positions as the training part (so the validation
    // loss falls with the training loss and a later epoch is kept).
    let knight_up = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let rook_up = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1";
    let lines: String = (0..1280)
        .map(|i| match i % 8 {
            6 => format!("{knight_up} | 0 | 0.5\n"),
            0 | 2 | 4 => format!("{knight_up} | 0 | 1.0\n"),
            1 => format!("{rook_up} | 0 | 1.0\n"),
            _ => format!("{rook_up} | 0 | 0.5\n"),
        })
        .collect();
    std::fs::write(dir.join("material.data"), lines).unwrap();
    let tune = |extra: &[&str], out: &str| {
        let mut args = vec!["tune", "--variant", "chess", "--data", "material.data"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", out]);
        let done = run(&args);
        assert!(
            done.status.success(),
            "{}",
            String::from_utf8_lossy(&done.stderr)
        );
        std::fs::read_to_string(dir.join(out)).unwrap()
    };
    let material = |source: &str| -> Vec<String> {
        source
            .lines()
            .filter(|l| l.trim_start().starts_with("material_"))
            .map(String::from)
            .collect()
    };
    let start = tune(&["--epochs", "0"], "start.rs");
    let fitted = tune(&["--epochs", "50", "--rate", "5"], "fitted.rs");
    let held = tune(
        &["--epochs", "50", "--rate", "5", "--hold", "material_"],
        "held.rs",
    );
    assert_ne!(
        material(&fitted),
        material(&start),
        "the data moves the material"
    );
    assert_eq!(material(&held), material(&start));
    assert!(held.contains(" --hold material_\n"), "{held}");
    // `--prior`: the pull towards the start keeps the material nearer it.
    let pulled = tune(
        &["--epochs", "50", "--rate", "5", "--prior", "100000"],
        "pulled.rs",
    );
    let moved = |source: &str| -> i64 {
        let numbers = |s: &str| -> Vec<i64> {
            material(s)
                .join(" ")
                .split(|c: char| !c.is_ascii_digit() && c != '-')
                .filter_map(|t| t.parse().ok())
                .collect()
        };
        let (a, b) = (numbers(&start), numbers(source));
        a.iter().zip(&b).map(|(x, y)| (x - y).abs()).sum()
    };
    assert!(pulled.contains(" --prior 100000\n"), "{pulled}");
    assert!(
        moved(&pulled) < moved(&fitted) / 2,
        "pulled {}, free {}",
        moved(&pulled),
        moved(&fitted)
    );
    let typo = run(&[
        "tune",
        "--variant",
        "chess",
        "--data",
        "material.data",
        "--hold",
        "materiel",
    ]);
    assert_eq!(typo.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&typo.stderr);
    assert!(stderr.contains("--hold materiel"), "{stderr}");
}

/// Runs `feerie ARGS` in `dir` with at most 2 GB of address space, failing if it has
/// not ended within `common::TIMEOUT`.
#[cfg(unix)]
fn feerie_bounded(dir: &std::path::Path, args: &[&str]) -> Output {
    let mut child = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 2000000 && exec \"$0\" \"$@\"",
            common::binary(),
        ])
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start feerie");
    if common::wait_exit(&mut child, common::TIMEOUT).is_none() {
        let _ = child.kill();
        panic!("{args:?} did not end");
    }
    child.wait_with_output().expect("feerie's output")
}

/// `--data` of tune and tune-net reads only regular files: a device (`/dev/zero`, read
/// until memory ran out), a FIFO (whose opening blocked) and a directory are refused at
/// once, naming the path and what it is.
#[test]
#[cfg(unix)]
fn data_that_is_no_regular_file_is_refused() {
    let dir = fresh_dir("data-not-a-file");
    let made = Command::new("mkfifo").arg(dir.join("fifo")).status();
    assert!(made.expect("run mkfifo").success());
    std::fs::create_dir(dir.join("folder")).unwrap();
    for (path, what) in [
        ("/dev/zero", "a device"),
        ("fifo", "a FIFO"),
        ("folder", "a directory"),
    ] {
        for args in [
            &[
                "tune",
                "--variant",
                "chess",
                "--data",
                path,
                "--out",
                "w.rs",
            ][..],
            &["tune-net", "--data", path, "--out", "n.fnn"],
        ] {
            let out = feerie_bounded(&dir, args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
            let said = format!("feerie: {path}: {what}, not a regular file\n");
            assert_eq!(stderr, said, "{args:?}");
        }
    }
    assert!(!dir.join("w.rs").exists() && !dir.join("n.fnn").exists());
}

/// Starts `feerie ARGS` in `dir`, waits for its first `epoch` line on standard error,
/// sends it `signal` (`INT`, `TERM`) and returns its exit status and standard error.
#[cfg(unix)]
fn signal_after_first_epoch(
    dir: &std::path::Path,
    args: &[&str],
    signal: &str,
) -> (std::process::ExitStatus, String) {
    use std::io::BufRead;
    let mut child = Command::new(common::binary())
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start feerie");
    let stderr = std::io::BufReader::new(child.stderr.take().expect("piped stderr"));
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut seen: Vec<String> = Vec::new();
    while !seen.last().is_some_and(|l| l.starts_with("epoch ")) {
        match lines.recv_timeout(common::TIMEOUT) {
            Ok(line) => seen.push(line),
            Err(e) => {
                let _ = child.kill();
                panic!("{args:?}: no epoch reported ({e}): {seen:?}");
            }
        }
    }
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status();
    assert!(kill.expect("run kill").success());
    let status = common::expect_exit(&mut child, "training went on after the signal");
    seen.extend(lines.iter());
    (status, seen.join("\n"))
}

/// SIGINT or SIGTERM stops tune and tune-net after the epoch under way (the run is set
/// for a million, far more than the test's time): the best weights so far are written,
/// in a form their readers take, and the exit status names the signal (130, 143).
#[test]
#[cfg(unix)]
fn a_signal_stops_training_and_keeps_the_best_weights() {
    use feerie_linear::{parse_rust_source, weights::chess::Weights};
    let dir = fresh_dir("train-stop");
    std::fs::write(dir.join("m.data"), material_data(800)).unwrap();
    let tune = [
        "tune",
        "--variant",
        "chess",
        "--data",
        "m.data",
        "--threads",
        "1",
    ];
    let tune_net = [
        "tune-net",
        "--data",
        "m.data",
        "--batch",
        "64",
        "--threads",
        "1",
    ];
    for (signal, status) in [("INT", 130), ("TERM", 143)] {
        let (out, net) = (format!("w-{signal}.rs"), format!("n-{signal}.fnn"));
        let args = [&tune[..], &["--epochs", "1000000", "--out", &out]].concat();
        let (stopped, stderr) = signal_after_first_epoch(&dir, &args, signal);
        assert_eq!(stopped.code(), Some(status), "{stderr}");
        let said = format!("tune: stopped by SIG{signal} after epoch ");
        assert!(stderr.contains(&said), "{stderr}");
        let source = std::fs::read_to_string(dir.join(&out)).expect("weights written");
        assert!(source.contains(&format!("// {}", &said[6..])), "{source}");
        parse_rust_source::<Weights>(&source).expect("the weights read back");

        let args = [&tune_net[..], &["--epochs", "1000000", "--out", &net]].concat();
        let (stopped, stderr) = signal_after_first_epoch(&dir, &args, signal);
        assert_eq!(stopped.code(), Some(status), "{stderr}");
        assert!(stderr.contains("tune-net: stopped by SIG"), "{stderr}");
        let bytes = std::fs::read(dir.join(&net)).expect("network written");
        feerie_eval::nnue::Network::from_bytes(&bytes).expect("a network");
    }
}

/// An `--out` that cannot be written is refused before the data is read, and no file
/// is left behind by the check.
#[test]
fn an_unwritable_out_is_refused_before_the_work() {
    let dir = fresh_dir("out-unwritable");
    std::fs::write(dir.join("m.data"), material_data(800)).unwrap();
    let data = ["--data", "m.data", "--epochs", "100000", "--out"];
    for out in ["no-such-dir/x", "."] {
        for args in [
            &[&["tune", "--variant", "chess"][..], &data, &[out]].concat()[..],
            &[&["tune-net"][..], &data, &[out]].concat()[..],
            &["book", "--count", "100000", "--out", out][..],
        ] {
            let done = feerie_in(&dir, args);
            let stderr = String::from_utf8_lossy(&done.stderr);
            assert!(
                matches!(done.status.code(), Some(1 | 2)),
                "{args:?}: {stderr}"
            );
            assert!(stderr.starts_with("feerie: "), "{args:?}: {stderr}");
            assert!(
                stderr.contains(&format!("cannot write {out}: ")),
                "{stderr}"
            );
            assert!(!stderr.contains("read in"), "{args:?}: {stderr}");
        }
    }
    let fresh = feerie_in(
        &dir,
        &[
            "tune",
            "--variant",
            "chess",
            "--data",
            "none",
            "--out",
            "w.rs",
        ],
    );
    assert_eq!(fresh.status.code(), Some(1));
    assert!(!dir.join("w.rs").exists(), "the check left a file");
}

/// `count` lines of `feerie datagen`'s format: the start position less some of its men
/// (each kept with chance 3/4, kings always), scored by material from White's side.
fn material_data(count: usize) -> String {
    let start = "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";
    let value = |c: char| match c.to_ascii_lowercase() {
        'p' => 100,
        'n' | 'b' => 300,
        'r' => 500,
        'q' => 900,
        _ => 0,
    };
    let mut seed = 7u64;
    let mut lines = String::new();
    for i in 0..count {
        let (mut score, mut board, mut empty) = (0, String::new(), 0);
        for (square, c) in start.chars().enumerate() {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            let kept = c == 'k' || c == 'K' || !(seed >> 33).is_multiple_of(4);
            if c == '.' || !kept {
                empty += 1;
            } else {
                if empty > 0 {
                    board += &empty.to_string();
                    empty = 0;
                }
                board.push(c);
                score += if c.is_ascii_uppercase() {
                    value(c)
                } else {
                    -value(c)
                };
            }
            if square % 8 == 7 {
                if empty > 0 {
                    board += &empty.to_string();
                    empty = 0;
                }
                if square < 63 {
                    board.push('/');
                }
            }
        }
        let result = match score {
            s if s > 0 => "1.0",
            s if s < 0 => "0.0",
            _ => "0.5",
        };
        let side = if i.is_multiple_of(2) { "w" } else { "b" };
        lines += &format!("{board} {side} - - 0 1 | {score} | {result}\n");
    }
    lines
}

/// `feerie tune-net` trains a chess network on a datagen run and writes a file the
/// engine's network reader takes; the validation loss falls from the first epoch to the
/// last, and one thread trains the same network as two. Training from a network
/// (`--init`) for no epoch writes that network again. Trained on positions scored by
/// material, a network prefers the side a queen up by well over three pawns. Bad data,
/// a starting file that is no network and a missing `--out` are errors, and no file is
/// written then.
#[test]
fn tune_net_trains_a_network_file() {
    use feerie_eval::nnue::Network;
    use feerie_movegen::{Chess, Position};
    let dir = fresh_dir("tune-net");
    let run = |args: &[&str]| feerie_in(&dir, args);
    let made = run(&[
        "datagen",
        "--variant",
        "chess",
        "--games",
        "60",
        "--nodes",
        "200",
        "--seed",
        "3",
        // One thread: the games' order in the file, so the network, does not depend on
        // how the threads are scheduled.
        "--threads",
        "1",
        "--out",
        "chess.data",
    ]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    // Eight epochs of `data` with one more option (`flag value`), written to `out`.
    let train = |data: &str, flag: &str, value: &str, out: &str| {
        run(&[
            "tune-net", "--data", data, "--epochs", "8", "--rate", "0.005", "--lambda", "1", flag,
            value, "--out", out,
        ])
    };
    let out = train("chess.data", "--threads", "2", "chess.fnn");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let validation = |epoch: &str| -> f64 {
        let line = stderr.lines().find(|l| l.starts_with(epoch)).expect(epoch);
        let at = line.find("validation ").unwrap() + "validation ".len();
        line[at..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(
        validation("epoch 8/8") < validation("epoch 1/8"),
        "{stderr}"
    );
    let bytes = std::fs::read(dir.join("chess.fnn")).unwrap();
    // The same seed and data give the same network on one thread.
    let again = train("chess.data", "--threads", "1", "again.fnn");
    assert!(again.status.success());
    assert!(
        std::fs::read(dir.join("again.fnn")).unwrap() == bytes,
        "threads changed the net"
    );
    let kept = run(&[
        "tune-net",
        "--data",
        "chess.data",
        "--init",
        "chess.fnn",
        "--epochs",
        "0",
        "--out",
        "kept.fnn",
    ]);
    assert!(kept.status.success());
    assert!(
        std::fs::read(dir.join("kept.fnn")).unwrap() == bytes,
        "--init lost the network"
    );
    let not_a_net = run(&[
        "tune-net",
        "--data",
        "chess.data",
        "--init",
        "chess.data",
        "--out",
        "no.fnn",
    ]);
    assert_eq!(not_a_net.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&not_a_net.stderr).contains("chess.data: not a Feerie network"),
        "{}",
        String::from_utf8_lossy(&not_a_net.stderr)
    );
    assert!(!dir.join("no.fnn").exists());

    // What a network learns from 60 games depends on the engine that played them, so
    // whether it knows a queen's worth is checked on data where material is all there
    // is: start positions with men taken away at random, scored by material.
    std::fs::write(dir.join("material.data"), material_data(3000)).unwrap();
    let trained = train("material.data", "--batch", "64", "material.fnn");
    assert!(
        trained.status.success(),
        "{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    let bytes = std::fs::read(dir.join("material.fnn")).unwrap();
    let net = Network::from_bytes(&bytes).unwrap();
    let score = |fen: &str| {
        let pos = Chess::from_fen(fen).unwrap();
        net.evaluate(pos.board(), pos.side_to_move())
    };
    let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let no_black_queen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    // A queen is 900 in the labels; the logistic squeezes it, yet it must weigh well
    // over three pawns, for whichever side is to move.
    let (queen_up, level) = (
        score(&format!("{no_black_queen} w KQkq - 0 1")),
        score(&format!("{full} w KQkq - 0 1")),
    );
    assert!(queen_up > level + 300, "{queen_up} {level}");
    let (queen_down, level) = (
        score(&format!("{no_black_queen} b KQkq - 0 1")),
        score(&format!("{full} b KQkq - 0 1")),
    );
    assert!(queen_down < level - 300, "{queen_down} {level}");

    std::fs::write(
        dir.join("bad.data"),
        "8/8/8/8/8/8/8/K6k w - - 0 1 | x | 1.0\n",
    )
    .unwrap();
    let bad = run(&["tune-net", "--data", "bad.data", "--out", "bad.fnn"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad.data:1: bad score 'x'"));
    assert!(!dir.join("bad.fnn").exists());
    let usage = run(&["tune-net", "--data", "chess.data"]);
    assert_eq!(usage.status.code(), Some(2));
}

/// `feerie tune-net --variant` reads a variant's own FENs: a reverse-Einstein run, with
/// a position only reverse-Einstein allows (a pawn on its first rank, where a knight
/// that moved turned into one), gives a network that reverse-Einstein's bench plays with
/// (`--evalfile`), while chess's FEN reader refuses the file (that line, if no earlier
/// one: their en passant rules differ too).
#[test]
fn tune_net_trains_a_network_for_another_variant() {
    let dir = fresh_dir("tune-net-variant");
    let run = |args: &[&str]| feerie_in(&dir, args);
    let made = run(&[
        "datagen",
        "--variant",
        "reverse-einstein",
        "--games",
        "30",
        "--nodes",
        "200",
        "--threads",
        "1",
        "--out",
        "re.data",
    ]);
    assert!(made.status.success());
    let mut data = std::fs::read_to_string(dir.join("re.data")).unwrap();
    data.push_str("4k3/8/8/8/8/8/8/P3K3 w - - 0 1 | 300 | 1.0\n");
    std::fs::write(dir.join("re.data"), &data).unwrap();
    let train = |variant: &str, out: &str| {
        run(&[
            "tune-net",
            "--variant",
            variant,
            "--data",
            "re.data",
            "--epochs",
            "2",
            "--out",
            out,
        ])
    };
    let trained = train("reverse-einstein", "re.fnn");
    assert!(
        trained.status.success(),
        "{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    let bench = run(&[
        "bench",
        "--variant",
        "reverse-einstein",
        "--depth",
        "3",
        "--evalfile",
        "re.fnn",
    ]);
    assert!(bench.status.success());
    let as_chess = train("chess", "chess.fnn");
    assert_eq!(as_chess.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&as_chess.stderr).contains(": bad FEN"),
        "{}",
        String::from_utf8_lossy(&as_chess.stderr)
    );
    assert!(!dir.join("chess.fnn").exists());
}

/// Augsburg's compound units are network inputs too: a network trained on its games,
/// with a line whose units hold two kinds (a knight and a bishop; a rook and a pawn),
/// is one Augsburg's bench plays with, and it searches another tree than the built-in.
#[test]
fn tune_net_trains_an_augsburg_network() {
    let dir = fresh_dir("tune-net-augsburg");
    let run = |args: &[&str]| feerie_in(&dir, args);
    let made = run(&[
        "datagen",
        "--variant",
        "augsburg",
        "--games",
        "60",
        "--nodes",
        "200",
        "--threads",
        "1",
        "--out",
        "au.data",
    ]);
    assert!(made.status.success());
    let mut data = std::fs::read_to_string(dir.join("au.data")).unwrap();
    data.push_str("4k3/8/8/3(BN)4/8/8/(RP)7/4K3 w - - 0 1 | 500 | 1.0\n");
    std::fs::write(dir.join("au.data"), &data).unwrap();
    let trained = run(&[
        "tune-net",
        "--variant",
        "augsburg",
        "--data",
        "au.data",
        "--epochs",
        "2",
        "--out",
        "au.fnn",
    ]);
    assert!(
        trained.status.success(),
        "{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    let bench = |extra: &[&str]| {
        let out = run(&[
            &["bench", "--variant", "augsburg", "--depth", "4"][..],
            extra,
        ]
        .concat());
        assert!(out.status.success());
        nodes_searched(&out)
    };
    assert_ne!(bench(&[]), bench(&["--evalfile", "au.fnn"]));
}
