//! Popeye's input language (the subset Feerie solves), in English, French and German.

use crate::problem::Problem;
use std::fmt;

/// Why a problem of the input could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line of the offending word.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Reads every problem of `text`: one entry per problem (one per twin when it has twins),
/// or an error for a problem that cannot be read; reading goes on with the next problem.
pub fn parse(text: &str) -> Vec<Result<Problem, InputError>> {
    let _ = text;
    unimplemented!("input::parse")
}
