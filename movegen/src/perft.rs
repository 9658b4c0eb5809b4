//! Perft: counts leaf nodes of the legal move tree, the standard check of a move generator.

use crate::position::Position;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Deepest perft the engine runs, from `go perft` and `feerie perft` alike: depth 12 of
/// the chess start position is already 62 trillion leaves.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Leaf nodes at `depth` (bulk-counted: the last ply counts moves without playing them).
pub fn perft<P: Position>(pos: &mut P, depth: u32) -> u64 {
    count_tree(pos, depth, None)
}

/// The perft recursion. With `stop`, nodes three or more plies above the leaves look at
/// the flag (too few to cost anything) and give up, returning a partial count.
fn count_tree<P: Position>(pos: &mut P, depth: u32, stop: Option<&AtomicBool>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    if depth >= 3 && stop.is_some_and(|s| s.load(Relaxed)) {
        return 0;
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.play(mv);
        total += count_tree(pos, depth - 1, stop);
        pos.undo();
    }
    total
}

/// Leaf counts per root move, in generation order. Large trees are split over root moves
/// with rayon; `parallel = false` keeps it on the calling thread (for speed comparisons).
/// Where threads cannot be made (WebAssembly), rayon's pool is the calling thread.
pub fn perft_divide<P: Position>(pos: &P, depth: u32, parallel: bool) -> Vec<(P::Move, u64)> {
    divide(pos, depth, parallel, None)
}

/// A parallel `perft_divide` that gives up as soon as `stop` is set (`None` then), so a
/// long perft can be interrupted like a search.
pub fn perft_divide_until<P: Position>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(P::Move, u64)>> {
    let counts = divide(pos, depth, true, Some(stop));
    (!stop.load(Relaxed)).then_some(counts)
}

fn divide<P: Position>(
    pos: &P,
    depth: u32,
    parallel: bool,
    stop: Option<&AtomicBool>,
) -> Vec<(P::Move, u64)> {
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let count = |&mv: &P::Move| {
        let mut p = pos.clone();
        p.play(mv);
        (mv, count_tree(&mut p, depth.saturating_sub(1), stop))
    };
    if parallel && depth >= 4 {
        moves.par_iter().map(count).collect()
    } else {
        moves.iter().map(count).collect()
    }
}

/// Total of a divide, computed in parallel for large depths.
pub fn perft_total<P: Position>(pos: &P, depth: u32, parallel: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_divide(pos, depth, parallel)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// One line of a perft suite: `<FEN> ;D1 n ;D2 n ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    pub fen: String,
    /// (depth, expected leaf count)
    pub depths: Vec<(u32, u64)>,
}

impl PerftCase {
    /// Parses one suite line; `None` for blank lines and `#` comments.
    pub fn parse(line: &str) -> Option<Result<PerftCase, String>> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut depths = Vec::new();
        for part in parts {
            let part = part.trim();
            let parsed = part
                .strip_prefix('D')
                .and_then(|r| r.split_once(' '))
                .and_then(|(d, n)| Some((d.parse().ok()?, n.trim().parse().ok()?)));
            match parsed {
                Some(pair) => depths.push(pair),
                None => return Some(Err(format!("bad perft entry '{part}' in: {line}"))),
            }
        }
        Some(Ok(PerftCase { fen, depths }))
    }
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use crate::Chess;

    #[test]
    fn a_set_stop_flag_abandons_the_count_and_a_clear_one_does_not() {
        let pos = Chess::startpos();
        let stop = AtomicBool::new(true);
        assert_eq!(perft_divide_until(&pos, 6, &stop), None);
        let go_on = AtomicBool::new(false);
        let counts = perft_divide_until(&pos, 3, &go_on).expect("not stopped");
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    }
}
