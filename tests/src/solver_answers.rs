//! `feerie-solve`'s answer to a problem, in the brute force's form (`brute`): the keys'
//! UCI strings for direct and self play, each solution's UCI moves joined by spaces for
//! help play.

use feerie_solve::problem::Meta;
use feerie_solve::solution::{MoveText, Solution};
use feerie_solve::solver::solve_problem;
use feerie_solve::{Problem, SolveOptions, Stipulation};
use feerie_variants::Variant;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

/// Solves `stipulation` in `fen` (the first mover to move) with default options.
/// An error when the solver refuses the problem, reports other than one part, stops
/// short, or lists an answer twice.
pub fn answers(
    variant: Variant,
    fen: &str,
    stipulation: Stipulation,
) -> Result<BTreeSet<String>, String> {
    let problem = Problem {
        meta: Meta::default(),
        variant,
        fen: fen.to_string(),
        stipulation,
        options: SolveOptions::default(),
        twin: None,
        line: 0,
    };
    let reports =
        solve_problem(&problem, &AtomicBool::new(false), &|_| {}).map_err(|e| e.to_string())?;
    let [report] = reports.as_slice() else {
        return Err(format!("{} reports for one part", reports.len()));
    };
    if report.partial {
        return Err("the solver stopped short".to_string());
    }
    let listed: Vec<String> = match &report.solution {
        Solution::Battle { keys, .. } => keys.iter().map(|key| key.mv.uci.clone()).collect(),
        Solution::Lines { solutions, .. } => solutions.iter().map(|line| line_text(line)).collect(),
    };
    let set: BTreeSet<String> = listed.iter().cloned().collect();
    if set.len() != listed.len() {
        return Err(format!("an answer listed twice: {listed:?}"));
    }
    Ok(set)
}

fn line_text(line: &[MoveText]) -> String {
    line.iter()
        .map(|mv| mv.uci.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
