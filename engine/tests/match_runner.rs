//! `feerie match` end to end: Feerie against itself in every variant (the PGN replayed
//! move by move through the referee), and against engines that misbehave on purpose.

mod common;

use feerie_match::pgn::{GameResult, ParsedGame, parse_pgn};
use feerie_movegen::{Chess, Color, Dynamo, Outcome, Position};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const FEERIE: &str = env!("CARGO_BIN_EXE_feerie");

fn temp_path(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-test");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs `feerie match` with `--pgnout pgn`.
fn match_into(args: &[&str], pgn: &Path) -> Output {
    Command::new(FEERIE)
        .arg("match")
        .args(args)
        .arg("--pgnout")
        .arg(pgn)
        .output()
        .expect("run feerie match")
}

/// Runs `feerie match` into a new PGN file and returns (stdout, PGN text).
fn run_match(args: &[&str], pgn_name: &str) -> (String, String) {
    let pgn = temp_path(pgn_name);
    let _ = std::fs::remove_file(&pgn);
    let output = match_into(args, &pgn);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "feerie match failed: {}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&pgn).expect("PGN written");
    (stdout, text)
}

/// Replays a game through the referee: every move legal, and a result that follows from
/// the final position when the game ended by the rules.
struct Replay<'a>(&'a ParsedGame);

impl VariantVisitor for Replay<'_> {
    type Output = Result<(), String>;

    fn visit<V: VariantSpec>(self) -> Result<(), String> {
        let game = self.0;
        let (pos, _) = game
            .replay::<V::Rules>(V::NAME, 1)
            .map_err(|e| e.to_string())?;
        let result = game.result.ok_or("no result")?;
        let termination = game.tag("Termination").ok_or("no Termination")?;
        match pos.outcome() {
            Some(Outcome::Checkmate) => {
                let expected = if pos.side_to_move() == Color::White {
                    GameResult::BlackWins
                } else {
                    GameResult::WhiteWins
                };
                if result != expected || termination != "checkmate" {
                    return Err(format!("mate on the board but {result:?} / {termination}"));
                }
            }
            Some(other) if termination == other.describe() => {
                if result != GameResult::Draw {
                    return Err(format!("{termination} but {result:?}"));
                }
            }
            _ => {
                if termination != "adjudication" {
                    return Err(format!("game not over but ended by {termination}"));
                }
            }
        }
        Ok(())
    }
}

/// Feerie against itself (as `a` and `b`) at `limit`, `rounds` rounds.
fn feerie_pair(limit: &str, rounds: &str) -> Vec<String> {
    let feerie = format!("cmd={FEERIE}");
    let pair = ["--engine", &feerie, "name=a", "--engine", &feerie, "name=b"];
    let rest = ["--each", limit, "--rounds", rounds];
    pair.iter().chain(&rest).map(|a| a.to_string()).collect()
}

/// Feerie against itself in `variant`: two rounds, both colours.
fn self_play(variant: &str, limit: &str) -> Vec<String> {
    let mut args = vec!["--variant".to_string(), variant.to_string()];
    args.extend(feerie_pair(limit, "2"));
    args.push("--repeat".to_string());
    args
}

#[test]
fn self_play_match_in_every_variant_replays_through_the_referee() {
    for &variant in Variant::ALL {
        let name = variant.name();
        let mut args = self_play(name, "nodes=300");
        args.extend(["--concurrency", "2", "--maxmoves", "60", "--seed", "3"].map(String::from));
        let (stdout, pgn) = run_match(
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            &format!("{name}.pgn"),
        );
        let games = parse_pgn(&pgn).unwrap();
        assert_eq!(games.len(), 4, "{name}: {stdout}");
        let (mut a_points, mut b_points) = (0.0, 0.0);
        for game in &games {
            assert_eq!(game.tag("Variant"), Some(name));
            assert!(
                game.tag("FEN").is_some(),
                "generated openings are not the start"
            );
            variant
                .dispatch(Replay(game))
                .unwrap_or_else(|e| panic!("{name}: {e}\n{pgn}"));
            let white_points = match game.result.unwrap() {
                GameResult::WhiteWins => 1.0,
                GameResult::BlackWins => 0.0,
                GameResult::Draw => 0.5,
                GameResult::Unfinished => panic!("unfinished game"),
            };
            if game.tag("White") == Some("a") {
                a_points += white_points;
                b_points += 1.0 - white_points;
            } else {
                b_points += white_points;
                a_points += 1.0 - white_points;
            }
        }
        assert_eq!(a_points + b_points, 4.0);
        let summary = stdout.lines().find(|l| l.starts_with("Games: ")).unwrap();
        assert!(
            summary.contains(&format!("Points: {a_points:.1}")),
            "{name}: {summary} vs {a_points}"
        );
        assert!(stdout.contains("Elo difference"), "{stdout}");
    }
}

/// The `args=` of the misbehaving proxy around Feerie (standard-library Python).
fn misbehaving(mode: &str) -> String {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/python/misbehaving_engine.py");
    format!("args={} {FEERIE} {mode}", script.display())
}

#[test]
fn misbehaving_engines_lose_with_the_reason_and_the_match_goes_on() {
    let book = format!("file={}", write_book().display());
    for variant in ["chess", "dynamo"] {
        for (mode, termination) in [
            ("illegal", "illegal move"),
            ("crash", "crash"),
            ("silent", "timeout"),
        ] {
            let mut args = vec!["--variant", variant, "--engine", "cmd=python3"];
            let proxy = misbehaving(mode);
            let feerie = format!("cmd={FEERIE}");
            args.extend([
                proxy.as_str(),
                "name=bad",
                "nodes=200",
                "--engine",
                &feerie,
                "name=feerie",
                "nodes=200",
                "--rounds",
                "2",
                "--repeat",
                "--watchdog",
                "2",
            ]);
            if variant == "chess" {
                args.extend(["--openings", &book]);
            }
            let (stdout, pgn) = run_match(&args, &format!("bad-{variant}-{mode}.pgn"));
            let games = parse_pgn(&pgn).unwrap();
            assert_eq!(
                games.len(),
                4,
                "{variant} {mode}: every game is played: {stdout}"
            );
            for game in &games {
                assert_eq!(
                    game.tag("Termination"),
                    Some(termination),
                    "{variant} {mode}:\n{pgn}"
                );
                let bad_is_white = game.tag("White") == Some("bad");
                let expected = if bad_is_white {
                    GameResult::BlackWins
                } else {
                    GameResult::WhiteWins
                };
                assert_eq!(game.result, Some(expected), "{variant} {mode}:\n{pgn}");
                // The moves before the misbehaviour were relayed, legal, and read back.
                let plies = match variant {
                    "chess" => game.replay::<Chess>("chess", 1).map(|(_, m)| m.len()),
                    _ => game.replay::<Dynamo>("dynamo", 1).map(|(_, m)| m.len()),
                };
                assert!(plies.unwrap() >= 4, "{variant} {mode}:\n{pgn}");
            }
            if mode == "illegal" {
                let refused = pgn.matches("makes an illegal move: ").count();
                assert_eq!(refused, 4, "{pgn}");
                assert_eq!(pgn.matches(" move 'a1a1'}").count(), 4, "{pgn}");
            }
            assert!(stdout.contains("Wins: 0, Losses: 4, Draws: 0"), "{stdout}");
        }
    }
}

/// Runs `feerie match` expecting it to fail; returns (exit code, stderr, stdout).
fn failing_match(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(FEERIE)
        .arg("match")
        .args(args)
        .output()
        .expect("run feerie match");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).to_string(),
        String::from_utf8_lossy(&output.stdout).to_string(),
    )
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_with_an_error() {
    let feerie = format!("cmd={FEERIE}");
    let (code, stderr, stdout) = failing_match(&[
        "--engine",
        "cmd=/nonexistent/engine",
        "name=ghost",
        "--engine",
        &feerie,
        "--each",
        "nodes=100",
        "--rounds",
        "3",
    ]);
    assert_eq!(code, Some(1), "{stderr}{stdout}");
    assert!(
        stderr
            .starts_with("feerie: engine 'ghost' (cmd /nonexistent/engine) could not be started: "),
        "{stderr}"
    );
    assert!(
        !stdout.contains("Finished game"),
        "no game is played: {stdout}"
    );

    // A program that exits at once never answers `uci`.
    let (code, stderr, stdout) = failing_match(&[
        "--engine",
        &feerie,
        "--engine",
        "cmd=python3",
        "args=-c pass",
        "name=mute",
        "--each",
        "nodes=100",
    ]);
    assert_eq!(code, Some(1), "{stderr}{stdout}");
    assert_eq!(
        stderr.trim(),
        "feerie: engine 'mute' (cmd python3 -c pass) exited before answering uci"
    );

    // A program that runs but never answers `uci` (the handshake waits 10 s).
    let (code, stderr, _) = failing_match(&[
        "--engine",
        "cmd=sleep",
        "args=60",
        "name=sleeper",
        "--engine",
        &feerie,
        "--each",
        "nodes=100",
    ]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        stderr.trim(),
        "feerie: engine 'sleeper' (cmd sleep 60) did not answer uci within 10 s"
    );
}

fn write_book() -> PathBuf {
    let path = temp_path("book.epd");
    std::fs::write(
        &path,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5;\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n",
    )
    .unwrap();
    path
}

/// The positions a PGN's games reach after `plies` moves, in game order.
struct Reached<'a>(&'a [ParsedGame], usize);

impl VariantVisitor for Reached<'_> {
    type Output = Vec<String>;

    fn visit<V: VariantSpec>(self) -> Vec<String> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let mut game = game.clone();
                game.moves.truncate(self.1);
                game.replay::<V::Rules>(V::NAME, i + 1).unwrap().0.to_fen()
            })
            .collect()
    }
}

#[test]
fn a_match_pgn_serves_as_openings_for_the_next_match() {
    for variant in [Variant::Chess, Variant::Dynamo, Variant::Augsburg] {
        let name = variant.name();
        let mut args = self_play(name, "nodes=200");
        args.extend(["--maxmoves", "30"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, first) = run_match(&args, &format!("book-{name}.pgn"));
        let book_path = temp_path(&format!("book-{name}.pgn"));
        let book = parse_pgn(&first).unwrap();
        let openings = format!("file={}", book_path.display());
        let args = [args, vec!["--openings", &openings, "plies=6"]].concat();
        let (stdout, second) = run_match(&args, &format!("from-book-{name}.pgn"));
        let games = parse_pgn(&second).unwrap();
        assert_eq!(games.len(), 4, "{stdout}");
        let reached = variant.dispatch(Reached(&book, 6));
        for (i, game) in games.iter().enumerate() {
            // Round r (two games) opens with the book's game r.
            assert_eq!(game.tag("FEN"), Some(reached[i / 2].as_str()), "{name}");
            variant
                .dispatch(Replay(game))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn a_malformed_pgn_book_names_the_game_and_move() {
    let path = temp_path("bad-book.pgn");
    std::fs::write(
        &path,
        "[White \"x\"]\n[Black \"y\"]\n[Round \"1\"]\n\n1. e4 e5 *\n\n\
         [White \"p\"]\n[Black \"q\"]\n[Round \"2\"]\n\n1. d4 d5 2. Qxd5 *\n",
    )
    .unwrap();
    let output = Command::new(FEERIE)
        .arg("match")
        .args(["--engine", &format!("cmd={FEERIE}"), "--engine"])
        .arg(format!("cmd={FEERIE}"))
        .args(["--each", "nodes=100", "--openings"])
        .arg(format!("file={}", path.display()))
        .output()
        .expect("run feerie match");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.trim(),
        format!(
            "feerie: {}: game 2 (p - q, round 2): move 2. Qxd5: 'Qxd5' is not a legal move",
            path.display()
        )
    );
}

#[test]
fn a_silent_engine_under_a_clock_loses_on_time_with_the_times_in_the_comment() {
    let feerie = format!("cmd={FEERIE}");
    let proxy = misbehaving("silent");
    let (stdout, pgn) = run_match(
        &[
            "--engine",
            "cmd=python3",
            &proxy,
            "name=bad",
            "--engine",
            &feerie,
            "name=feerie",
            "--each",
            "tc=2+0.1",
            "--timemargin",
            "50",
        ],
        "silent-clock.pgn",
    );
    let games = parse_pgn(&pgn).unwrap();
    assert_eq!(games.len(), 1, "{stdout}");
    assert_eq!(games[0].tag("Termination"), Some("time forfeit"), "{pgn}");
    // The silent engine waited out its whole clock plus the margin.
    let comment = pgn
        .lines()
        .find(|l| l.contains("loses on time"))
        .unwrap_or_else(|| panic!("{pgn}"));
    let numbers: Vec<u64> = comment
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    let [used, left, ..] = numbers[..] else {
        panic!("{comment}")
    };
    assert!(
        comment.contains(&format!(
            "{{White loses on time ({used} ms used, {left} ms left on the clock)}}"
        )),
        "{comment}"
    );
    assert_eq!(used, left + 50, "{comment}");
}

/// The words of an `--engine` running a fake UCI engine, a Python script written to
/// `NAME.py`: it says `uci_answer` to `uci`, `readyok` to `isready`, and runs the
/// Python statements `on_go` at each `go` (`say(TEXT)` prints a line).
fn fake_engine(name: &str, uci_answer: &str, on_go: &str) -> [String; 3] {
    let path = temp_path(&format!("{name}.py"));
    let on_go: String = on_go.lines().map(|l| format!("        {l}\n")).collect();
    let script = format!(
        "import os, sys\n\
         def say(text):\n    sys.stdout.write(text + '\\n')\n    sys.stdout.flush()\n\
         for line in sys.stdin:\n\
         \x20   words = line.split()[:1]\n\
         \x20   if words == ['uci']:\n        say({uci_answer:?})\n\
         \x20   elif words == ['isready']:\n        say('readyok')\n\
         \x20   elif words == ['go']:\n{on_go}\
         \x20   elif words == ['quit']:\n        break\n"
    );
    std::fs::write(&path, script).unwrap();
    [
        "cmd=python3".to_string(),
        format!("args={}", path.display()),
        format!("name={name}"),
    ]
}

/// A match of `engine` (as White) against Feerie, one game at 100 nodes, with `more` args.
fn against_feerie(engine: &[String; 3], more: &[&str]) -> Vec<String> {
    let mut args = vec!["--engine".to_string()];
    args.extend(engine.iter().cloned());
    args.extend(["--engine", &format!("cmd={FEERIE}"), "name=feerie"].map(String::from));
    args.extend(["--each", "nodes=100"].map(String::from));
    args.extend(more.iter().map(|a| a.to_string()));
    args
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn uciok_followed_by_more_words_is_taken_as_uciok() {
    let engine = fake_engine(
        "uciok-extra",
        "id name extra\nuciok extra",
        "say('bestmove a1a1')",
    );
    let args = against_feerie(&engine, &[]);
    let (stdout, pgn) = run_match(&strs(&args), "uciok-extra.pgn");
    let games = parse_pgn(&pgn).unwrap();
    assert_eq!(games.len(), 1, "{stdout}");
    assert_eq!(games[0].tag("Termination"), Some("illegal move"), "{pgn}");
}

#[test]
fn an_engine_without_the_variant_stops_the_match_at_start() {
    let offers = "option name UCI_Variant type combo default chess var chess var crazyhouse\nuciok";
    for (name, uci, variant, why) in [
        (
            "no-dynamo",
            offers,
            "dynamo",
            "its UCI_Variant offers chess, crazyhouse",
        ),
        (
            "chess-only",
            "uciok",
            "augsburg",
            "it has no UCI_Variant option",
        ),
    ] {
        let engine = fake_engine(name, uci, "say('bestmove a1a1')");
        let args = against_feerie(&engine, &["--variant", variant]);
        let (code, stderr, stdout) = failing_match(&strs(&args));
        assert_eq!(code, Some(1), "{stderr}{stdout}");
        let script = engine[1].trim_start_matches("args=");
        assert_eq!(
            stderr.trim(),
            format!(
                "feerie: engine '{name}' (cmd python3 {script}) does not play {variant} ({why})"
            )
        );
        assert!(!stdout.contains("Finished game"), "{stdout}");
    }
}

#[test]
fn floods_of_engine_output_keep_the_memory_of_match_small() {
    // 200 MB in one line without a newline, or in 64 kB lines without a bestmove; then
    // the engine reports the match's peak memory (its parent's VmHWM, in kB) and exits:
    // the written bytes have been read by then.
    for (name, chunk) in [
        ("flood-line", "b'x' * (1 << 20)"),
        ("flood-lines", "b'info string ' + b'x' * 65000 + b'\\n'"),
    ] {
        let report = temp_path(&format!("{name}-hwm.txt"));
        let _ = std::fs::remove_file(&report);
        let on_go = format!(
            "chunk = {chunk}\n\
             for _ in range(200 * (1 << 20) // len(chunk)):\n    sys.stdout.buffer.write(chunk)\n\
             sys.stdout.flush()\n\
             status = open('/proc/%d/status' % os.getppid()).read()\n\
             hwm = [l.split()[1] for l in status.splitlines() if l.startswith('VmHWM')]\n\
             open({:?}, 'w').write(hwm[0])\n\
             sys.exit(0)",
            report.display().to_string()
        );
        let engine = fake_engine(name, "uciok", &on_go);
        let args = against_feerie(&engine, &[]);
        let (stdout, pgn) = run_match(&strs(&args), &format!("{name}.pgn"));
        let games = parse_pgn(&pgn).unwrap();
        assert_eq!(games.len(), 1, "{stdout}");
        assert_eq!(games[0].tag("Termination"), Some("crash"), "{pgn}");
        let hwm_kb: u64 = std::fs::read_to_string(&report).unwrap().parse().unwrap();
        assert!(
            hwm_kb < 64_000,
            "{name}: feerie match peaked at {hwm_kb} kB"
        );
    }
}

/// Feerie against itself at `nodes`, `rounds` rounds of at most 40 moves.
fn self_match(nodes: &str, rounds: &str) -> Vec<String> {
    let mut args = feerie_pair(nodes, rounds);
    args.extend(["--maxmoves", "40"].map(String::from));
    args
}

#[test]
fn pgnout_appends_to_an_existing_file() {
    let pgn = temp_path("append.pgn");
    let earlier = "[Event \"earlier\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";
    std::fs::write(&pgn, earlier).unwrap();
    let output = match_into(&strs(&self_match("nodes=100", "1")), &pgn);
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.starts_with(earlier), "{text}");
    assert_eq!(parse_pgn(&text).unwrap().len(), 2, "{text}");
}

#[test]
fn an_unwritable_pgnout_stops_the_match_with_an_error() {
    // Five hundred games would take minutes: the match stops at the first write.
    let mut match_cmd = Command::new(FEERIE)
        .arg("match")
        .args(self_match("nodes=2000", "500"))
        .args(["--pgnout", "/dev/full"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = common::expect_exit(&mut match_cmd, "the match went on after the write error");
    let output = match_cmd.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim(),
        "feerie: cannot write /dev/full: No space left on device (os error 28)"
    );
}

#[test]
fn a_full_disk_leaves_only_whole_games_in_the_pgn() {
    // A file size limit of 2048 bytes (4 blocks of 512) stands for a full disk; the
    // signal it raises is ignored, so the write fails instead (EFBIG).
    let pgn = temp_path("full-disk.pgn");
    let _ = std::fs::remove_file(&pgn);
    let output = Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 4; exec \"$0\" \"$@\"",
            FEERIE,
            "match",
        ])
        .args(self_match("nodes=200", "20"))
        .arg("--pgnout")
        .arg(&pgn)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim(),
        format!(
            "feerie: cannot write {}: File too large (os error 27)",
            pgn.display()
        )
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = parse_pgn(&text).unwrap();
    assert!(!games.is_empty(), "the games before the limit are kept");
    assert_eq!(text.matches("[Event ").count(), games.len(), "{text}");
    let last = games.last().unwrap().result.expect("a result").as_str();
    assert!(
        text.trim_end().ends_with(last),
        "the last game is cut:\n{text}"
    );
}

#[test]
fn ctrl_c_stops_the_match_without_unfinished_games_and_exits_130() {
    let pgn = temp_path("interrupted.pgn");
    let _ = std::fs::remove_file(&pgn);
    let feerie = format!("cmd={FEERIE}");
    let mut match_cmd = Command::new(FEERIE)
        .args(["match", "--engine", &feerie, "--engine", &feerie])
        .args(["--each", "tc=60+1", "--rounds", "4", "--concurrency", "2"])
        .arg("--pgnout")
        .arg(&pgn)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The PGN file is opened once Ctrl-C is caught; the games start right after.
    let deadline = std::time::Instant::now() + common::TIMEOUT;
    while !pgn.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(500));
    let pid = match_cmd.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let status = common::expect_exit(&mut match_cmd, "the match did not stop on Ctrl-C");
    let output = match_cmd.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(status.code(), Some(130), "{stdout}");
    assert!(stdout.contains("Results of "), "{stdout}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(!text.contains("\"*\""), "unfinished games written:\n{text}");
}
