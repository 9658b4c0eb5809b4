//! Perft: counts leaf nodes of the legal move tree, the standard check of a move generator.

use crate::position::Position;
use rayon::prelude::*;

/// Leaf nodes at `depth` (bulk-counted: the last ply counts moves without playing them).
pub fn perft<P: Position>(pos: &mut P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.play(mv);
        total += perft(pos, depth - 1);
        pos.undo();
    }
    total
}

/// Leaf counts per root move, in generation order. Large trees are split over root moves
/// with rayon; `parallel = false` keeps it on the calling thread (for speed comparisons).
pub fn perft_divide<P: Position>(pos: &P, depth: u32, parallel: bool) -> Vec<(P::Move, u64)> {
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let count = |&mv: &P::Move| {
        let mut p = pos.clone();
        p.play(mv);
        (mv, perft(&mut p, depth.saturating_sub(1)))
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
