//! The tree-consistency walker every variant is tested with: it walks the legal move tree
//! and checks at every node what must hold whatever the rules are, so a fault in an
//! incremental update, a shortcut or the notation shows up as the line of moves that
//! reaches it.
//!
//! At every node: the FEN reads back to the same FEN, and the position read from it has
//! the same hash and check state as the one reached by playing moves (incremental against
//! recomputed). At every inner node: `count_legal` equals the length of the move list;
//! the list holds each move once. For every move: its text parses back to it through `parse_move`, its
//! 32-bit code decodes to it, `gives_check` agrees with playing it and asking `in_check`
//! (and `retain_checks` keeps exactly the moves that give check),
//! and `undo` restores FEN, hash and check state exactly.

use crate::position::{MoveCode, Position};

/// What a walk visited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Every node, the root and the leaves included.
    pub nodes: u64,
    /// Nodes at the walk's depth: the perft count of that depth.
    pub leaves: u64,
    /// The longest legal move list seen, the leaves' lists included.
    pub widest: usize,
}

/// Walks every line to `depth`; returns what it visited, or a description of the first
/// inconsistency (the moves leading to it and what differs).
pub fn verify_tree<P: Position>(pos: &mut P, depth: u32) -> Result<TreeStats, String> {
    let mut stats = TreeStats::default();
    walk(pos, depth, &mut Vec::new(), &mut stats)?;
    Ok(stats)
}

fn walk<P: Position>(
    pos: &mut P,
    depth: u32,
    line: &mut Vec<String>,
    stats: &mut TreeStats,
) -> Result<(), String> {
    let fen = pos.to_fen();
    let fail = |line: &[String], what: String| Err(format!("{fen} after {line:?}: {what}"));
    check_against_fen(pos, &fen).or_else(|what| fail(line, what))?;
    stats.nodes += 1;
    if depth == 0 {
        // Leaves are most of the tree: only counted here (the count is checked against
        // the list at every inner node).
        stats.leaves += 1;
        stats.widest = stats.widest.max(pos.count_legal());
        return Ok(());
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    check_move_list(pos, &moves).or_else(|what| fail(line, what))?;
    stats.widest = stats.widest.max(moves.len());
    let (hash, check) = (pos.hash(), pos.in_check());
    let mut checks = moves.clone();
    pos.retain_checks(&mut checks);
    let mut checking = Vec::new();
    for &mv in moves.iter() {
        let text = mv.to_string();
        check_move_codes(pos, mv, &text).or_else(|what| fail(line, what))?;
        let gives_check = pos.gives_check(mv);
        line.push(text);
        pos.play(mv);
        if pos.in_check() != gives_check {
            return fail(line, format!("gives_check said {gives_check}"));
        }
        if gives_check {
            checking.push(mv);
        }
        walk(pos, depth - 1, line, stats)?;
        pos.undo();
        let restored = [
            ("FEN", pos.to_fen() == fen),
            ("hash", pos.hash() == hash),
            ("check state", pos.in_check() == check),
        ];
        if let Some((what, _)) = restored.iter().find(|(_, same)| !same) {
            return fail(line, format!("undo does not restore the {what}"));
        }
        line.pop();
    }
    if checks[..] != checking[..] {
        let names = |list: &[P::Move]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let (kept, wanted) = (names(&checks), names(&checking));
        return fail(line, format!("retain_checks kept {kept:?}, not {wanted:?}"));
    }
    Ok(())
}

/// The position read back from its own FEN writes the same FEN and has the same hash
/// and check state (the incremental state equals the recomputed one).
fn check_against_fen<P: Position>(pos: &P, fen: &str) -> Result<(), String> {
    let fresh = P::from_fen(fen).map_err(|e| format!("own FEN refused: {e}"))?;
    if fresh.to_fen() != fen {
        return Err(format!("FEN reads back as {}", fresh.to_fen()));
    }
    if fresh.hash() != pos.hash() {
        return Err("incremental hash differs from the recomputed one".to_string());
    }
    if fresh.in_check() != pos.in_check() {
        return Err("in_check differs from the position read from the FEN".to_string());
    }
    Ok(())
}

/// `count_legal` agrees with the list, and the list holds each move once.
fn check_move_list<P: Position>(pos: &P, moves: &P::MoveList) -> Result<(), String> {
    if pos.count_legal() != moves.len() {
        return Err(format!(
            "count_legal is {}, the move list has {}",
            pos.count_legal(),
            moves.len()
        ));
    }
    let mut codes: Vec<u32> = moves.iter().map(|m| m.to_bits()).collect();
    codes.sort_unstable();
    if let Some(pair) = codes.windows(2).find(|pair| pair[0] == pair[1]) {
        let twice = P::Move::from_bits(pair[0]).map(|m| m.to_string());
        return Err(format!("{twice:?} is listed twice"));
    }
    Ok(())
}

/// The move's text parses back to it, and its 32-bit code decodes to it.
fn check_move_codes<P: Position>(pos: &P, mv: P::Move, text: &str) -> Result<(), String> {
    match pos.parse_move(text) {
        Ok(parsed) if parsed == mv => {}
        other => return Err(format!("'{text}' parses as {other:?}")),
    }
    if P::Move::from_bits(mv.to_bits()) != Some(mv) {
        return Err(format!("'{text}' does not survive its 32-bit code"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;

    #[test]
    fn chess_tree_is_consistent() {
        let mut p =
            Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let stats = verify_tree(&mut p, 2).unwrap();
        assert_eq!((stats.nodes, stats.leaves), (1 + 48 + 2039, 2039));
        assert!(stats.widest >= 48);
    }
}
