//! The first moves of the diagram, searched in parallel (one searcher per move, all
//! sharing the table), or in order with `movenumbers` so the progress lines come out
//! as Popeye prints them.

use super::searcher::{Searcher, Shared};
use crate::notation::{Notation, move_text};
use crate::stipulation::Goal;
use feerie_movegen::Position;
use rayon::prelude::*;
use web_time::Instant;

/// How the first moves are visited.
pub(crate) struct Visit<'a> {
    pub notation: Notation,
    /// The stipulation's goal: a stalemate is marked ` =` only when it is the goal.
    pub goal: Goal,
    pub move_numbers: bool,
    pub progress: &'a (dyn Fn(&str) + Sync),
    pub start: Instant,
}

/// Runs `each` on a fresh searcher for every first move of `root`, in move order; returns
/// the results (in move order) and the nodes visited.
pub(crate) fn for_each_first_move<P, T, F>(
    root: &P,
    shared: &Shared<'_>,
    visit: &Visit<'_>,
    each: F,
) -> (Vec<T>, u64)
where
    P: Position,
    T: Send,
    F: Fn(&mut Searcher<'_, P>, P::Move) -> Option<T> + Sync,
{
    let mut moves = P::MoveList::default();
    root.legal_moves(&mut moves);
    let run = |(index, &mv): (usize, &P::Move)| -> (Option<T>, u64) {
        if shared.stop.load(std::sync::atomic::Ordering::Relaxed) || shared.full() {
            return (None, 0);
        }
        if visit.move_numbers {
            (visit.progress)(&progress_line(root, mv, index + 1, visit));
        }
        let mut searcher = Searcher::new(root.clone(), shared);
        let result = each(&mut searcher, mv);
        (result, searcher.nodes + 1)
    };
    let results: Vec<(Option<T>, u64)> = if visit.move_numbers {
        moves.iter().enumerate().map(run).collect()
    } else {
        moves.par_iter().enumerate().map(run).collect()
    };
    let nodes = results.iter().map(|r| r.1).sum::<u64>() + 1;
    (results.into_iter().filter_map(|r| r.0).collect(), nodes)
}

/// Popeye's `movenumbers` line: `  3  (Qh1-f3    Time = 0.007 s)`.
fn progress_line<P: Position>(root: &P, mv: P::Move, number: usize, visit: &Visit<'_>) -> String {
    let text = move_text(root, mv, visit.notation, visit.goal);
    let mark = crate::output::text::mark(text.mark);
    format!(
        "{number:>3}  ({}{mark}    Time = {:.3} s)",
        text.text,
        visit.start.elapsed().as_secs_f64()
    )
}
