//! UCI sessions against the `feerie` binary: handshake, searches, perft, stop/quit timing,
//! positions without moves, and bad input that must never crash or change the state.

mod common;

use common::Engine;
use feerie_movegen::{Chess, Position};
use std::time::{Duration, Instant};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The FEN of the start position after `moves`, as the rules library writes it.
fn fen_after(moves: &[&str]) -> String {
    let mut pos = Chess::startpos();
    for mv in moves {
        let m = pos.parse_move(mv).unwrap();
        pos.play(m);
    }
    pos.to_fen()
}

fn is_error(line: &str) -> bool {
    line.starts_with("info string error: ")
}

/// The lines that are not the running search's `info` reports.
fn without_search_info(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|l| !l.starts_with("info ") || l.starts_with("info string"))
        .collect()
}

#[test]
fn handshake_lists_identity_and_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until("uciok", |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name Feerie")));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    assert!(
        lines.iter().any(
            |l| l.starts_with("option name UCI_Variant type combo default chess")
                && l.contains(" var chess")
        ),
        "{lines:?}"
    );
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Clear Hash",
        "Move Overhead",
        "Ponder",
    ] {
        let decl = format!("option name {name} type ");
        assert!(
            lines.iter().any(|l| l.starts_with(&decl)),
            "{name} missing: {lines:?}"
        );
    }
    assert!(e.sync().is_empty());
}

#[test]
fn fixed_depth_search_answers_a_legal_move() {
    let mut e = Engine::start();
    e.send("uci");
    e.read_until_prefix("uciok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 3");
    let (lines, best) = e.bestmove();
    let best = best.unwrap_or_else(|| panic!("no move: {lines:?}"));
    let pos = Chess::from_fen(&fen_after(&["e2e4", "e7e5", "g1f3"])).unwrap();
    assert!(pos.parse_move(&best).is_ok(), "illegal bestmove {best}");
    for info in lines.iter().filter(|l| l.starts_with("info depth")) {
        assert!(info.contains(" score "), "{info}");
    }
    assert!(e.sync().is_empty());
}

#[test]
fn go_perft_divides_the_start_position() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.read_until_prefix("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let moves: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(moves.len(), 21, "{lines:?}"); // 20 moves + the total
    assert!(lines.contains(&"e2e4: 600".to_string()));
    assert_eq!(lines[lines.len() - 2], "");
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // Still searching, and still answering.
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    let start = Instant::now();
    e.send("stop");
    let (_, best) = e.bestmove();
    let took = start.elapsed();
    assert!(
        took < Duration::from_millis(500),
        "bestmove took {took:?} after stop"
    );
    assert!(best.is_some());
    assert!(e.sync().is_empty());
}

/// Analysis stays live between depths: an infinite search prints `info depth nodes nps
/// time` lines of its own, with growing node counts, and a finite one never does.
#[test]
fn an_infinite_search_reports_its_progress_between_depths() {
    let is_progress = |l: &str| l.starts_with("info depth") && !l.contains(" pv ");
    let nodes = |l: &str| -> u64 {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words
            .iter()
            .position(|w| *w == "nodes")
            .expect("a node count");
        words[at + 1].parse().unwrap()
    };
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    let first = e.read_until("a progress line", is_progress);
    let second = e.read_until("a second progress line", is_progress);
    let (first, second) = (first.last().unwrap(), second.last().unwrap());
    for line in [first, second] {
        for field in ["nps", "time"] {
            assert!(line.contains(&format!(" {field} ")), "{line}");
        }
    }
    assert!(nodes(second) > nodes(first), "{first} then {second}");
    e.send("stop");
    let (_, best) = e.bestmove();
    assert!(best.is_some());

    e.send("go depth 9");
    let (lines, _) = e.bestmove();
    assert!(!lines.iter().any(|l| is_progress(l)), "{lines:?}");
}

/// `UCI_ShowWDL` puts `wdl W D L` (per mille, summing to 1000) on every score line, in
/// every variant; without it no line has one.
#[test]
fn show_wdl_adds_chances_to_every_score_line() {
    let wdl_of = |line: &str| -> Option<[u32; 3]> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "wdl")?;
        let n = |i: usize| words[at + i].parse::<u32>().unwrap();
        Some([n(1), n(2), n(3)])
    };
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 4");
    let (plain, _) = e.bestmove();
    assert!(plain.iter().all(|l| wdl_of(l).is_none()), "{plain:?}");
    e.send("setoption name UCI_ShowWDL value true");
    for variant in feerie_variants::Variant::ALL.iter().map(|v| v.name()) {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("position startpos moves e2e4");
        e.send("go depth 4");
        let (lines, _) = e.bestmove();
        let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scored.is_empty(), "{variant}: {lines:?}");
        for line in scored {
            let chances = wdl_of(line).unwrap_or_else(|| panic!("{variant}: {line}"));
            assert_eq!(chances.iter().sum::<u32>(), 1000, "{variant}: {line}");
        }
    }
    // A mate found is a certain win.
    e.send("setoption name UCI_Variant value chess");
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go depth 4");
    let (lines, best) = e.bestmove();
    assert_eq!(best.as_deref(), Some("d1d8"));
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert_eq!(wdl_of(last), Some([1000, 0, 0]), "{last}");
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(200));
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("ponderhit");
    let (_, best) = e.bestmove();
    assert!(best.is_some());
}

#[test]
fn quit_exits_promptly_even_while_searching() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(2));
    assert!(status.is_some_and(|s| s.success()), "{:?}", status);
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[test]
fn end_of_input_lets_a_finite_search_answer() {
    let mut e = Engine::start();
    e.send("go depth 2");
    e.close_input();
    let (_, best) = e.bestmove();
    assert!(best.is_some());
    assert!(e.wait_exit(Duration::from_secs(5)).is_some());
}

#[test]
fn checkmated_and_stalemated_sides_answer_none() {
    let mut e = Engine::start();
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 5");
    let (lines, best) = e.bestmove();
    assert_eq!(best, None);
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);

    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go wtime 1000 btime 1000");
    let (lines, best) = e.bestmove();
    assert_eq!(best, None);
    assert_eq!(lines, ["info depth 0 score cp 0", "bestmove (none)"]);

    // Reached by moves: fool's mate.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go movetime 50");
    let (lines, _) = e.bestmove();
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
}

#[test]
fn bad_commands_report_errors_and_keep_the_position() {
    let mut e = Engine::start();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    assert!(e.sync().is_empty());
    // Empty lines are no commands: nothing is answered (as in Stockfish).
    for empty in ["", "   "] {
        e.send(empty);
        assert!(e.sync().is_empty(), "{empty:?} was answered");
    }
    let bad = [
        "frobnicate",
        "position",
        "position banana",
        "position fen",
        "position fen 8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 zz9",
        "position startpos e2e4",
        "position startpos moves c6f6/e6g6",
        "setoption",
        "setoption name",
        "setoption name Hash",
        "setoption name Hash value -5",
        "setoption name Hash value 999999999",
        "setoption name Threads value many",
        "setoption name MultiPV value 0",
        "setoption name Move Overhead value 99999",
        "setoption name Ponder value perhaps",
        "setoption name UCI_Variant value shogi",
        "setoption name NoSuchOption value 1",
        "go perft",
        "go perft -1",
        "go perft 99",
        "go perft x",
        "bench 0",
        "bench deep",
        "debug maybe",
    ];
    for line in bad {
        e.send(line);
        let answer = e.sync();
        assert!(
            answer.iter().any(|l| is_error(l)),
            "no error line for {line:?}: {answer:?}"
        );
        assert!(answer.iter().all(|l| is_error(l)), "{line:?} -> {answer:?}");
    }
    // Names the move and its index.
    e.send("position startpos moves e2e4 e7e5 e1e3");
    let answer = e.sync();
    assert!(answer[0].contains("move 3 'e1e3'"), "{answer:?}");
    assert_eq!(e.fen(), fen);
    assert!(e.sync().is_empty());
}

#[test]
fn bytes_that_are_not_utf8_are_refused() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send_raw(b"position \xff\xfe startpos\n");
    let answer = e.sync();
    assert!(answer.iter().any(|l| is_error(l)), "{answer:?}");
    assert_eq!(e.fen(), fen_after(&["e2e4"]));
    // Windows line ends are fine.
    e.send_raw(b"position startpos\r\n");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), START_FEN);
}

#[test]
fn absurd_go_parameters_still_end_in_a_legal_bestmove() {
    let mut e = Engine::start();
    for go in [
        "go depth 300 movetime 200", // clamped to MAX_DEPTH; the time ends it
        "go depth 0",
        "go nodes 0",
        "go wtime -1000 btime -1000",
        "go movetime -5",
        "go depth abc",
        "go searchmoves zz e2e4 depth 2",
        "go mate 0 depth 2",
        "go nodes 99999999999999999999999 depth 2",
        "go banana depth 2",
        "go btime 100",
    ] {
        e.send("position startpos");
        e.send(go);
        let (lines, best) = e.bestmove();
        assert!(
            lines.iter().any(|l| is_error(l)),
            "no error for {go}: {lines:?}"
        );
        let best = best.unwrap_or_else(|| panic!("{go}: {lines:?}"));
        assert!(Chess::startpos().parse_move(&best).is_ok(), "{go}: {best}");
        if go == "go depth abc" || go == "go btime 100" {
            let fallback = "no valid limit left; searching to depth 1";
            assert!(
                lines.iter().any(|l| l.ends_with(fallback)),
                "{go}: {lines:?}"
            );
        }
        assert!(e.sync().is_empty());
    }
}

#[test]
fn searchmoves_restrict_the_root() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 2 searchmoves h2h3");
    let (_, best) = e.bestmove();
    assert_eq!(best.as_deref(), Some("h2h3"));
}

#[test]
fn commands_that_need_an_idle_engine_are_refused_while_searching() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    for line in [
        "go depth 1",
        "setoption name Hash value 32",
        "ucinewgame",
        "go perft 2",
        "bench 1",
    ] {
        e.send(line);
        let answer = without_search_info(e.sync());
        assert!(
            answer.len() == 1 && is_error(&answer[0]),
            "{line} while searching: {answer:?}"
        );
    }
    // `position` works on the engine's game, not the running search.
    e.send("position startpos moves d2d4");
    assert!(without_search_info(e.sync()).is_empty());
    e.send("stop");
    let (_, best) = e.bestmove();
    assert!(Chess::startpos().parse_move(&best.unwrap()).is_ok());
    assert_eq!(e.fen(), fen_after(&["d2d4"]));
    // Idle again: options are accepted, and exactly one bestmove came.
    e.send("setoption name Hash value 32");
    let answer = e.sync();
    assert!(answer.is_empty(), "{answer:?}");
}

#[test]
fn options_are_accepted_and_variant_resets_the_position() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    for line in [
        "setoption name Hash value 8",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Move Overhead value 30",
        "setoption name Ponder value true",
        "setoption name Clear Hash",
        "setoption name clear hash",
    ] {
        e.send(line);
        let answer = e.sync();
        assert!(answer.is_empty(), "{line}: {answer:?}");
    }
    assert_ne!(e.fen(), START_FEN);
    e.send("setoption name UCI_Variant value chess");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), START_FEN);
    e.send("go depth 2");
    assert!(e.bestmove().1.is_some());
}

#[test]
fn display_shows_board_fen_and_key() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("d");
    let lines = e.read_until_prefix("Key: ");
    assert!(lines.iter().any(|l| l.contains("a  b  c")), "{lines:?}");
    let fen = format!("Fen: {}", fen_after(&["e2e4", "e7e5"]));
    assert!(lines.contains(&fen), "{lines:?}");
    let key = lines.last().unwrap()["Key: ".len()..].to_string();
    assert!(u64::from_str_radix(&key, 16).is_ok(), "{key}");
}

#[test]
fn bench_prints_a_deterministic_node_count() {
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut e = Engine::start();
        e.send("bench 2");
        let lines = e.read_until_prefix("Nodes/second");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("Position ")).count(),
            8,
            "{lines:?}"
        );
        let nodes = lines
            .iter()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .expect("Nodes searched line")
            .to_string();
        runs.push(nodes);
    }
    assert_eq!(runs[0], runs[1]);
}
