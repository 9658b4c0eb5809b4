//! The solver's output: Popeye's layout for people, one JSON object per line for programs.

use crate::problem::Problem;
use crate::solution::Report;

/// The problem in Popeye's layout: texts, diagram, stipulation and condition, then the
/// solution of every part and `solution finished. Time = ...`.
pub fn popeye(problem: &Problem, reports: &[Report]) -> String {
    let _ = (problem, reports);
    unimplemented!("output::popeye")
}

/// One JSON object (no newline) for the problem, or for its error.
pub fn json(problem: &Problem, result: &Result<Vec<Report>, String>) -> String {
    let _ = (problem, result);
    unimplemented!("output::json")
}
