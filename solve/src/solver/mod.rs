//! The exhaustive solver, generic over a variant's rules.

use crate::notation::Notation;
use crate::problem::{Problem, SolveOptions};
use crate::solution::Report;
use crate::stipulation::Stipulation;
use feerie_movegen::Position;
use std::sync::atomic::AtomicBool;

/// Solves `stipulation` in `position` (whose side to move is the first mover).
/// `progress` receives a line per first move when `options.move_numbers` is set.
pub fn solve<P: Position>(
    position: &P,
    stipulation: Stipulation,
    options: &SolveOptions,
    notation: Notation,
    stop: &AtomicBool,
    progress: &(dyn Fn(&str) + Sync),
) -> Report {
    let _ = (position, stipulation, options, notation, stop, progress);
    unimplemented!("solver::solve")
}

/// Solves every part of `problem` (the stipulation as written and, with `duplex` or
/// `halfduplex`, with the colours' roles exchanged). An error when the position cannot
/// be solved as written (for example the side not to move is in check).
pub fn solve_problem(
    problem: &Problem,
    stop: &AtomicBool,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<Report>, String> {
    let _ = (problem, stop, progress);
    unimplemented!("solver::solve_problem")
}
