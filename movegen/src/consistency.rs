//! A check of make/undo and incremental hashing for any variant: walks the legal move
//! tree and compares, at every node, the incremental hash with the hash of the same
//! position read back from its FEN, and the position after `undo` with the one before.

use crate::position::Position;

/// Walks every line to `depth`; returns the number of nodes visited, or a description
/// of the first inconsistency (the moves leading to it and what differs).
pub fn verify_tree<P: Position>(pos: &mut P, depth: u32) -> Result<u64, String> {
    let mut line = Vec::new();
    walk(pos, depth, &mut line)
}

fn walk<P: Position>(pos: &mut P, depth: u32, line: &mut Vec<String>) -> Result<u64, String> {
    let fen = pos.to_fen();
    let fresh = P::from_fen(&fen).map_err(|e| format!("after {line:?}: FEN {fen} refused: {e}"))?;
    if fresh.hash() != pos.hash() {
        return Err(format!(
            "after {line:?}: incremental hash differs from the hash of {fen}"
        ));
    }
    if fresh.to_fen() != fen {
        return Err(format!(
            "after {line:?}: FEN {fen} reads back as {}",
            fresh.to_fen()
        ));
    }
    if depth == 0 {
        return Ok(1);
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let (hash, check) = (pos.hash(), pos.in_check());
    let mut nodes = 1;
    for &mv in moves.iter() {
        line.push(mv.to_string());
        pos.play(mv);
        nodes += walk(pos, depth - 1, line)?;
        pos.undo();
        if pos.to_fen() != fen || pos.hash() != hash || pos.in_check() != check {
            return Err(format!("after {line:?}: undo does not restore {fen}"));
        }
        line.pop();
    }
    Ok(nodes)
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
        assert_eq!(verify_tree(&mut p, 2), Ok(1 + 48 + 2039));
    }
}
