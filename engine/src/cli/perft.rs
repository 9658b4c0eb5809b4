//! `feerie perft`: counts the leaves of the move tree, root moves shared among every core,
//! with a progress line on standard error when a run lasts more than a second.

use crate::variants::{self, VariantVisitor};
use feerie_eval::Evaluator;
use feerie_movegen::{perft, Position, Variant};
use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Deepest perft accepted, the same cap as `go perft`.
// The lead points this at `feerie_movegen::perft::MAX_PERFT_DEPTH` once both are merged.
pub const MAX_PERFT_DEPTH: u32 = 12;

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
    variants::dispatch(job.variant, job)
}

impl VariantVisitor for &PerftJob<'_> {
    type Output = Result<PerftResult, String>;

    fn visit<P: Position, E: Evaluator<P>>(self) -> Self::Output {
        let pos = position::<P>(self.fen, self.moves)?;
        Ok(count(&pos, self.depth))
    }
}

/// The position after `moves` from `fen`, with the messages `position` gives in UCI.
fn position<P: Position>(fen: Option<&str>, moves: &[String]) -> Result<P, String> {
    let mut pos = match fen {
        None => P::startpos(),
        Some(fen) => P::from_fen(fen).map_err(|e| e.to_string())?,
    };
    for (index, text) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{text}' refused: {e}", index + 1))?;
        pos.play(mv);
    }
    Ok(pos)
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

/// `perft: 12/20 root moves, 123456789 leaves, 3.2 s` on standard error (ignored if
/// standard error is closed: the count goes on).
fn report_progress(tally: &Tally, root_moves: usize, elapsed: Duration) {
    let _ = writeln!(
        std::io::stderr(),
        "perft: {}/{root_moves} root moves, {} leaves, {:.1} s",
        tally.done.load(Ordering::Relaxed),
        tally.leaves.load(Ordering::Relaxed),
        elapsed.as_secs_f64()
    );
}
