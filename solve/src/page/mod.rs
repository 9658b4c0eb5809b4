//! The solver as the page of `feerie gui` asks for it (docs/gui-api.md, "Solving"): one
//! JSON request in, one JSON message out, the same on the server (which runs it on a
//! blocking thread) and in the browser (the WebAssembly module runs it in a worker).
//!
//! The request is a position as `feerie solve --variant V --fen F --stip S` takes it,
//! with the options of its flags; the answer holds the problem in Popeye's input
//! language (for the copy button), the solution in Popeye's layout, and the solution
//! as a tree whose every move says how to put its position on a board ([`tree`]).

mod tree;

use crate::output;
use crate::problem::{Duplex, Problem, SolveOptions};
use crate::solution::Report;
use crate::solver::solve_problem;
use crate::stipulation::{Stipulation, StipulationError};
use feerie_variants::Variant;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};

/// A `{"type": "solve", ...}` request: the fields of `feerie solve --fen` and its flags.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    #[serde(rename = "type")]
    kind: String,
    variant: String,
    fen: String,
    stipulation: String,
    #[serde(default, rename = "try")]
    tries: bool,
    #[serde(default)]
    defence: Option<u32>,
    #[serde(default)]
    variation: bool,
    #[serde(default)]
    nothreat: bool,
    #[serde(default)]
    setplay: bool,
    #[serde(default)]
    maxsolutions: Option<usize>,
    #[serde(default)]
    duplex: bool,
    #[serde(default)]
    halfduplex: bool,
}

/// Solves the problem of `request_json` and returns the one message for the page: `{"type":
/// "solution", ...}`, or `{"type": "error", "message": ...}` for a request that cannot be
/// solved. Setting `stop` ends the search early; the answer then has what was found so
/// far, with `"partial": true` and `"stopped": true`. Never panics on bad input.
pub fn answer(request_json: &str, stop: &AtomicBool) -> String {
    match problem(request_json) {
        Err(message) => error(&message),
        Ok(problem) => solve(&problem, stop),
    }
}

/// [`answer`] in two steps, for a server that checks the request before it stops the
/// solve the request replaces: the second step, the message for `problem`.
pub fn solve(problem: &Problem, stop: &AtomicBool) -> String {
    match solve_problem(problem, stop, &|_: &str| {}) {
        Err(reason) => error(&reason.to_string()),
        Ok(reports) => solution(problem, &reports, stop.load(Ordering::Relaxed)),
    }
}

/// The error message answering a solve request: `{"type": "error", "message": message,
/// "request": "solve"}` (the page shows it with the solver, not as the session's error).
pub fn error(message: &str) -> String {
    json!({"type": "error", "message": message, "request": "solve"}).to_string()
}

/// The first step of [`answer`]: the problem a request asks for, or why it cannot be
/// solved, in the words `feerie solve` uses for the same flags.
pub fn problem(request_json: &str) -> Result<Problem, String> {
    let value: Value =
        serde_json::from_str(request_json).map_err(|e| format!("the request is not JSON: {e}"))?;
    let request: Request = serde_json::from_value(value).map_err(|e| format!("solve: {e}"))?;
    if request.kind != "solve" {
        return Err(format!(
            "a request of type '{}' is no solve request",
            request.kind
        ));
    }
    let variant = Variant::from_name(&request.variant.to_ascii_lowercase()).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        format!(
            "unknown variant '{}' (the variants: {})",
            request.variant,
            names.join(", ")
        )
    })?;
    let stipulation: Stipulation = request
        .stipulation
        .parse()
        .map_err(|e: StipulationError| e.to_string())?;
    if request.defence == Some(0) {
        return Err("defence must be at least 1".to_string());
    }
    if request.maxsolutions == Some(0) {
        return Err("maxsolutions must be at least 1".to_string());
    }
    let duplex = match (request.duplex, request.halfduplex) {
        (true, true) => return Err("duplex and halfduplex exclude each other".to_string()),
        (true, false) => Duplex::Duplex,
        (false, true) => Duplex::HalfDuplex,
        (false, false) => Duplex::No,
    };
    let options = SolveOptions {
        tries: request.tries || request.defence.is_some(),
        variation: request.variation,
        no_threat: request.nothreat,
        set_play: request.setplay,
        defence: request.defence.unwrap_or(1),
        max_solutions: request.maxsolutions,
        move_numbers: false,
        duplex,
        intelligent: None,
        no_board: false,
        max_time: None,
    };
    Problem::of_position(variant, &request.fen, stipulation, options)
}

/// The `solution` message of `reports`.
fn solution(problem: &Problem, reports: &[Report], stopped: bool) -> String {
    let mut tree = Vec::new();
    for (part, report) in output::part_objects(problem, reports)
        .into_iter()
        .zip(reports)
    {
        let Value::Object(mut part) = part else {
            return error("the solution could not be written as JSON");
        };
        let fen = problem.part_fen(report.swapped);
        match tree::fields(
            problem.variant,
            &fen,
            problem.stipulation.play,
            &report.solution,
        ) {
            Ok(fields) => part.extend(fields),
            Err(e) => return error(&e),
        }
        tree.push(Value::Object(part));
    }
    json!({
        "type": "solution",
        "input": output::input_file(problem),
        "text": output::popeye(problem, reports),
        "tree": tree,
        "partial": reports.iter().any(|r| r.partial),
        "stopped": stopped,
    })
    .to_string()
}

#[cfg(test)]
mod tests;
