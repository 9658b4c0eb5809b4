//! `feerie perft`: counts the leaves of the move tree, root moves shared among every core,
//! with a progress line on standard error when a run lasts more than a second.

use feerie_movegen::{Position, perft};
use feerie_uci::session::position_after;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Deepest perft accepted: one cap for `feerie perft` and `go perft`.
pub use feerie_movegen::MAX_PERFT_DEPTH;

/// How often (and after how long) a running perft reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// What to count: the position after `moves` from `fen` (the start position when `None`).
#[derive(Debug)]
pub struct PerftJob<'a> {
    pub variant: Variant,
    pub fen: Option<&'a str>,
    pub moves: &'a [String],
    pub depth: u32,
}

/// Leaf counts per root move (generation order), their total and the time taken.
#[derive(Debug)]
pub struct PerftResult {
    pub divide: Vec<(String, u64)>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Runs `job`; an error names the bad FEN or move, or the depth out of range.
pub fn run(job: &PerftJob) -> Result<PerftResult, String> {
    if job.depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "perft depth must be between 0 and {MAX_PERFT_DEPTH} (got {})",
            job.depth
        ));
    }
    job.variant.dispatch(job)
}

impl VariantVisitor for &PerftJob<'_> {
    type Output = Result<PerftResult, String>;

    fn visit<V: VariantSpec>(self) -> Self::Output {
        let pos = position_after::<V::Rules>(self.fen, self.moves)?;
        Ok(count(&pos, self.depth))
    }
}

/// Shared by the workers: which root move is next, and what is done so far.
struct Tally {
    next: AtomicUsize,
    done: AtomicUsize,
    leaves: AtomicU64,
}

/// Counts every root move's subtree on worker threads (one root move at a time each,
/// taken from a shared index), while this thread reports progress.
fn count<P: Position>(pos: &P, depth: u32) -> PerftResult {
    let start = Instant::now();
    if depth == 0 {
        return PerftResult {
            divide: Vec::new(),
            nodes: 1,
            elapsed: start.elapsed(),
        };
    }
    let mut list = P::MoveList::default();
    pos.legal_moves(&mut list);
    let moves: Vec<P::Move> = list.iter().copied().collect();
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let tally = Tally {
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        leaves: AtomicU64::new(0),
    };
    let workers = thread::available_parallelism().map_or(1, |n| n.get());
    thread::scope(|scope| {
        // Each worker holds a sender and never sends: when all have finished the
        // channel disconnects, which wakes the progress loop.
        let (alive, finished) = mpsc::channel::<()>();
        for _ in 0..workers.min(moves.len()) {
            let alive = alive.clone();
            let (moves, counts, tally) = (&moves, &counts, &tally);
            scope.spawn(move || {
                let _alive = alive;
                loop {
                    let i = tally.next.fetch_add(1, Ordering::Relaxed);
                    let Some(&mv) = moves.get(i) else { break };
                    let mut child = pos.clone();
                    child.play(mv);
                    let n = perft(&mut child, depth - 1);
                    counts[i].store(n, Ordering::Relaxed);
                    tally.leaves.fetch_add(n, Ordering::Relaxed);
                    tally.done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        drop(alive);
        while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(PROGRESS_EVERY) {
            report_progress(&tally, moves.len(), start.elapsed());
        }
    });
    let divide: Vec<(String, u64)> = moves
        .iter()
        .zip(&counts)
        .map(|(mv, n)| (mv.to_string(), n.load(Ordering::Relaxed)))
        .collect();
    let nodes = divide.iter().map(|(_, n)| n).sum();
    PerftResult {
        divide,
        nodes,
        elapsed: start.elapsed(),
    }
}

/// Prints the progress line on standard error (ignored if standard error is closed: the
/// count goes on).
fn report_progress(tally: &Tally, root_moves: usize, elapsed: Duration) {
    let line = progress_line(
        tally.done.load(Ordering::Relaxed),
        root_moves,
        tally.leaves.load(Ordering::Relaxed),
        elapsed,
    );
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// `perft: 12/20 root moves, 123456789 leaves, 3.2 s`.
fn progress_line(done: usize, root_moves: usize, leaves: u64, elapsed: Duration) -> String {
    format!(
        "perft: {done}/{root_moves} root moves, {leaves} leaves, {:.1} s",
        elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_line_names_root_moves_leaves_and_seconds() {
        let line = progress_line(12, 20, 123_456_789, Duration::from_millis(3_240));
        assert_eq!(line, "perft: 12/20 root moves, 123456789 leaves, 3.2 s");
    }

    #[test]
    fn divide_is_in_generation_order_and_sums_to_the_total() {
        let moves = ["e2e4".to_string()];
        let job = PerftJob {
            variant: Variant::Chess,
            fen: None,
            moves: &moves,
            depth: 3,
        };
        let result = run(&job).expect("valid job");
        assert_eq!(result.nodes, 13_160);
        let mut pos = feerie_movegen::Chess::startpos();
        pos.play(pos.parse_move("e2e4").expect("legal"));
        let expected: Vec<(String, u64)> = feerie_movegen::perft_divide(&pos, 3, false)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        assert_eq!(result.divide, expected);
    }

    #[test]
    fn depth_above_the_cap_is_refused() {
        let job = PerftJob {
            variant: Variant::Chess,
            fen: None,
            moves: &[],
            depth: MAX_PERFT_DEPTH + 1,
        };
        let err = run(&job).expect_err("too deep");
        assert!(err.contains("between 0 and 12"), "{err}");
    }
}
