//! The session's solver: one problem at a time, solved by `feerie_solve::page` on a
//! blocking thread (the solver is CPU-bound and spreads over its own threads). A new
//! problem or `stop_solve` raises the running one's stop flag; the socket loop drops
//! what a replaced solve still says (its tag is no longer live), so after `stop_solve` the
//! page gets `solve_stopped` at once and never the late answer.

use super::messages::Outbox;
use feerie_solve::Problem;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A solve started by the session (running, or finished with its answer sent).
#[derive(Debug)]
pub struct Solve {
    stop: Arc<AtomicBool>,
}

impl Solve {
    /// Solves `problem`, its answer going to `out`.
    pub fn start(problem: Problem, out: Outbox) -> Solve {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        tokio::task::spawn_blocking(move || {
            out.send_text(feerie_solve::page::solve(&problem, &flag));
        });
        Solve { stop }
    }

    /// Ends the search as soon as it sees the flag (within a position).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The message that a solve was stopped.
pub fn stopped() -> Value {
    json!({"type": "solve_stopped"})
}
