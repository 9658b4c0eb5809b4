//! What the search asks of the machine besides computing: threads beside the caller's
//! (Lazy SMP helpers) and a short sleep while it waits for `stop`. A WebAssembly module
//! in a web page has one thread: there the search runs alone on the caller's thread and
//! does not wait for a `stop` that no other thread could send.

use std::time::Duration;

/// Whether threads can run beside the caller's.
pub const THREADS: bool = cfg!(not(target_family = "wasm"));

/// The number of search threads (the caller's and its helpers) for `requested`.
pub fn search_threads(requested: usize) -> usize {
    if THREADS { requested.max(1) } else { 1 }
}

/// Gives another thread a moment to set a flag the caller waits for; `false`, at once,
/// where there is no other thread, so waiting would never end.
#[allow(
    clippy::disallowed_methods,
    reason = "the one sleep, reached only where there are threads"
)]
pub fn pause() -> bool {
    if THREADS {
        std::thread::sleep(Duration::from_millis(1));
    }
    THREADS
}
