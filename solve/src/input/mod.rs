//! Popeye's input language (the subset Feerie solves), in English, French and German.
//!
//! The language is chosen by the first word (`beginproblem`, `debutprobleme`,
//! `anfangproblem`); keywords are case-insensitive and may be abbreviated as long as the
//! abbreviation is unique among Popeye's keywords at that place (Popeye's rule).
//! Supported: `remark`, `author`, `origin`, `title`, `pieces`, `stipulation`,
//! `condition` (`EinsteinChess`, `ReversalEinsteinChess`, `AntiEinsteinChess`, and the
//! new names `Dynamo` and `Augsburg`), `option` (`try`, `defence N`, `setplay`,
//! `variation`, `nothreat`, `movenumbers`, `maxsolutions N`, `duplex`, `halfduplex`,
//! `nocastling SQUARES`, `enpassant SQUARES`, `whitetoplay`, `intelligent N`; the options
//! that change only Popeye's output or speed are accepted and ignored), `forsyth`,
//! `protocol`, `latex`, `award` (read and left aside), `twin` and `zeroposition` (`move`,
//! `exchange`, `remove`, `add`, `stipulation`, `condition`, `continued`), `nextproblem`,
//! `endproblem` (the end of the input counts as one).
//! [`crate::output::input_file`] writes a problem back in the language.
//!
//! Augsburg units are written in the pieces as their component letters in parentheses
//! followed by the squares: `(bsp)a3` (English), `(fcp)a3` (French), `(lsb)a3`
//! (German) is a bishop + knight + pawn unit; a queen letter is the {bishop, rook}
//! unit; a king is never part of a unit. Units are only accepted with `condition
//! Augsburg`.

mod commands;
mod diagram;
mod fen;
mod forsyth;
pub(crate) mod language;
mod lexer;
mod pieces;
mod reader;
mod setup;
mod twins;

#[cfg(test)]
mod tests;

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

impl std::error::Error for InputError {}

/// Reads every problem of `text`: one entry per problem (one per twin when it has twins),
/// or an error for a problem that cannot be read; reading goes on with the next problem.
/// A twin whose position is impossible is an error of its own; the other twins stay.
pub fn parse(text: &str) -> Vec<Result<Problem, InputError>> {
    reader::parse(text)
}
