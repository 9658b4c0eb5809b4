//! The UCI engine embedded as the web page embeds it, `feerie_uci::Uci` fed one line at a
//! time with its output collected by a sink, answers as the `feerie` binary does: the
//! same lines, best moves and node counts, but for the clock's figures, over the session
//! of uci/examples/session/session.uci (every variant, a few positions each, MultiPV, a mated
//! side, perft, bench). `.ci/run` runs that session natively and as WebAssembly, where
//! the searches run on the caller's thread, and compares them: together they show that
//! the page's engine plays as the binary.

mod common;
#[path = "../../uci/examples/session/mod.rs"]
mod session;

use common::{Engine, TIMEOUT};
use feerie_uci::{Out, Uci};
use session::{SESSION, last_line, without_clock};
use std::sync::mpsc::{self, Receiver};

/// `Uci` with a sink that hands its lines to the test.
struct Embedded {
    uci: Uci,
    lines: Receiver<String>,
}

impl Embedded {
    fn new() -> Embedded {
        let (sink, lines) = mpsc::channel();
        let uci = Uci::new(Out::new(move |line| {
            let _ = sink.send(line.to_string());
        }));
        Embedded { uci, lines }
    }

    /// Handles `command`; returns its lines up to one starting with `last`.
    fn answer(&mut self, command: &str, last: &str) -> Vec<String> {
        self.uci.handle_line(command);
        let mut seen = Vec::new();
        while seen.last().is_none_or(|l: &String| !l.starts_with(last)) {
            match self.lines.recv_timeout(TIMEOUT) {
                Ok(line) => seen.push(line),
                Err(_) => panic!("no {last} after {command}; got {seen:?}"),
            }
        }
        seen
    }
}

/// `lines` without what the clock decides.
fn stable(lines: &[String]) -> Vec<String> {
    lines.iter().filter_map(|l| without_clock(l)).collect()
}

#[test]
fn the_embedded_engine_answers_as_the_binary_does() {
    let mut binary = Engine::start();
    let mut embedded = Embedded::new();
    let mut searches = 0;
    for command in SESSION.lines() {
        let (from_binary, from_embedded) = match last_line(command) {
            Some(last) => {
                binary.send(command);
                (
                    binary.read_until_prefix(last),
                    embedded.answer(command, last),
                )
            }
            None => {
                binary.send(command);
                let mut lines = binary.sync();
                lines.push("readyok".into());
                embedded.uci.handle_line(command);
                (lines, embedded.answer("isready", "readyok"))
            }
        };
        assert_eq!(
            stable(&from_binary),
            stable(&from_embedded),
            "after {command}"
        );
        if command.starts_with("go depth") {
            searches += 1;
            let info = from_embedded
                .iter()
                .filter(|l| l.starts_with("info depth "));
            assert!(info.count() >= 1, "{from_embedded:?}");
            let bestmove = from_embedded.last().expect("the bestmove line");
            assert!(bestmove.starts_with("bestmove "), "{bestmove}");
        }
    }
    assert_eq!(searches, 14, "the session's go depth commands");
}
