//! The exhaustive solver, generic over a variant's rules.
//!
//! `battle` proves direct and self play, `tree` writes their solution trees, `keys`
//! finds keys, tries and set play; `help` enumerates help and series lines and `lines`
//! drives it from the diagram; `first_moves` spreads the diagram's moves over threads;
//! `searcher` holds one thread's state and `table` the shared transposition table.

mod battle;
mod first_moves;
mod help;
mod keys;
mod lines;
mod searcher;
mod table;
mod tree;

#[cfg(test)]
mod tests;

use crate::notation::Notation;
use crate::problem::{Duplex, Problem, SolveOptions};
use crate::solution::{Report, UnsolvablePosition};
use crate::stipulation::{Play, Stipulation};
use battle::Battle;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use first_moves::Visit;
use searcher::Shared;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use table::Table;
use web_time::Instant;

/// The stack of each search thread.
const STACK_BYTES: usize = 256 << 20;

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
    let start = Instant::now();
    // Plies searched, passes of series play included.
    let half_moves = match stipulation.play {
        Play::Help => lines::help_length(stipulation),
        Play::Series | Play::SeriesHelp => 2 * stipulation.moves,
        Play::Direct | Play::SelfPlay => 2 * stipulation.moves - 1,
    };
    let table = Table::for_length(half_moves);
    let shared = Shared {
        goal: stipulation.goal,
        table: &table,
        stop,
        history_keyed: P::MOVES_DEPEND_ON_LAST_MOVE,
        found: AtomicUsize::new(0),
        max_solutions: options.max_solutions,
        listed_moves: AtomicUsize::new(0),
        unlisted: AtomicUsize::new(0),
    };
    let visit = Visit {
        notation,
        goal: stipulation.goal,
        move_numbers: options.move_numbers,
        progress,
        start,
    };
    let battle = match stipulation.play {
        Play::Direct => Some(Battle::Direct),
        Play::SelfPlay => Some(Battle::SelfPlay),
        _ => None,
    };
    let run = || match battle {
        Some(battle) => {
            let show = tree::Show {
                battle,
                notation,
                threats: !options.no_threat,
                deep: options.variation,
            };
            keys::solve_battle(position, show, stipulation.moves, options, &shared, &visit)
        }
        None => {
            let (solution, nodes) =
                lines::solve_lines(position, stipulation, options.set_play, &shared, &visit);
            let cut = options
                .max_solutions
                .is_some_and(|max| shared.found.load(Ordering::Relaxed) >= max);
            (solution, nodes, cut)
        }
    };
    let (solution, nodes, cut) = match search_threads() {
        Some(pool) => pool.install(run),
        None => run(),
    };
    let unlisted = shared.unlisted.load(Ordering::Relaxed);
    Report {
        stipulation,
        swapped: false,
        solution,
        partial: cut || unlisted > 0 || stop.load(Ordering::Relaxed),
        unlisted,
        nodes,
        elapsed: start.elapsed(),
    }
}

/// The threads that search the first moves, made once for every problem of the run.
/// The search recurses once per half-move with a move list on the stack of each level
/// (8 KiB in Augsburg): the threads get stacks to match the longest stipulation. `None`
/// when they cannot be made (always on WebAssembly, which has one thread): the search
/// then runs on the caller's thread, and rayon's global pool, which `first_moves` then
/// uses, is that thread alone.
fn search_threads() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(STACK_BYTES)
            .build()
            .ok()
    })
    .as_ref()
}

/// Solves every part of `problem` (the stipulation as written and, with `duplex` or
/// `halfduplex`, with the colours' roles exchanged). An error when the position cannot
/// be solved as written (for example the side not to move is in check).
pub fn solve_problem(
    problem: &Problem,
    stop: &AtomicBool,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<Report>, UnsolvablePosition> {
    let parts: &[bool] = match problem.options.duplex {
        Duplex::No => &[false],
        Duplex::Duplex => &[false, true],
        Duplex::HalfDuplex => &[true],
    };
    let mut reports = Vec::new();
    for &swapped in parts {
        let fen = problem.part_fen(swapped);
        match problem.variant.dispatch(SolveVariant {
            fen: &fen,
            problem,
            stop,
            progress,
        }) {
            Ok(mut report) => {
                report.swapped = swapped;
                reports.push(report);
            }
            // Popeye solves the duplex part only when it is legal (the side that would not
            // move is not in check), and says nothing about it otherwise.
            Err(_) if swapped && !reports.is_empty() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(reports)
}

/// The notation of the layout for `variant`: Popeye's for the variants Popeye knows.
pub fn notation_of(variant: Variant) -> Notation {
    match variant {
        Variant::Dynamo | Variant::Augsburg => Notation::Uci,
        _ => Notation::Popeye,
    }
}

/// Solves one part of a problem with the rules of the variant it is dispatched on.
struct SolveVariant<'a> {
    fen: &'a str,
    problem: &'a Problem,
    stop: &'a AtomicBool,
    progress: &'a (dyn Fn(&str) + Sync),
}

impl VariantVisitor for SolveVariant<'_> {
    type Output = Result<Report, UnsolvablePosition>;

    fn visit<V: VariantSpec>(self) -> Result<Report, UnsolvablePosition> {
        let position = V::Rules::from_fen(self.fen).map_err(|reason| UnsolvablePosition {
            variant: self.problem.variant,
            fen: self.fen.to_string(),
            reason,
        })?;
        Ok(solve(
            &position,
            self.problem.stipulation,
            &self.problem.options,
            notation_of(self.problem.variant),
            self.stop,
            self.progress,
        ))
    }
}
