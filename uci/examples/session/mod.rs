//! The UCI session that shows the engine answers alike wherever it runs, and what of its
//! answers may differ: the clock's figures. Shared by examples/uci_same_on_wasm.rs and the
//! binary's engine/tests/uci_embedded.rs.

/// Searches in every variant, a few positions each, MultiPV, a mated side, perft, bench.
pub const SESSION: &str = include_str!("session.uci");

/// How the answer to `command` ends when it can come from another thread (a search,
/// perft or bench); `None` when the command has answered by the time it returns.
pub fn last_line(command: &str) -> Option<&'static str> {
    if command.starts_with("go perft") {
        Some("Nodes searched: ")
    } else if command.starts_with("go") {
        Some("bestmove ")
    } else if command.starts_with("bench") {
        Some("Nodes/second: ")
    } else {
        None
    }
}

/// `line` without what the clock decides: `nps` and `time` of an `info` line; `None`
/// for the bench's time and speed lines.
pub fn without_clock(line: &str) -> Option<String> {
    if line.starts_with("Total time (ms): ") || line.starts_with("Nodes/second: ") {
        return None;
    }
    let mut words = line.split(' ');
    let mut kept = Vec::new();
    while let Some(word) = words.next() {
        if line.starts_with("info ") && matches!(word, "nps" | "time") {
            words.next();
        } else {
            kept.push(word);
        }
    }
    Some(kept.join(" "))
}
