//! The UCI session of examples/session/session.uci through [`Uci::handle_line`], as the
//! web page's engine runs it, printed without the clock's figures (`nps`, `time`, the
//! bench's time and speed) so that two builds can be compared line by line: `.ci/run`
//! runs it natively, where each search runs on a thread of its own, and compiled to
//! WebAssembly (`wasm32-wasip1` under Node's WASI), where it runs on the caller's
//! thread; so both give the same best moves and node counts. engine/tests/uci_embedded.rs
//! checks that the `feerie` binary answers the same session with the same lines.

mod session;

use feerie_uci::{Out, Uci};
use session::{SESSION, last_line, without_clock};
use std::sync::mpsc;

fn main() {
    let (sink, lines) = mpsc::channel::<String>();
    let mut uci = Uci::new(Out::new(move |line| {
        let _ = sink.send(line.to_string());
    }));
    let print = |line: &str| {
        if let Some(line) = without_clock(line) {
            println!("{line}");
        }
    };
    for command in SESSION.lines() {
        println!("> {command}");
        uci.handle_line(command);
        // A search, perft or bench may still be writing on its own thread: wait for its
        // last line. What the command itself printed is there already.
        let last = last_line(command);
        let mut ended = last.is_none();
        while !ended {
            let line = lines.recv().expect("the engine lives");
            ended = last.is_some_and(|prefix| line.starts_with(prefix));
            print(&line);
        }
        for line in lines.try_iter() {
            print(&line);
        }
    }
}
