//! Helpers shared by the integration tests: reading the perft suites kept in
//! `tests/data/perft` and running them for any variant.

use feerie_movegen::{perft_total, PerftCase, Position};
use std::path::PathBuf;

/// The repository's perft suites (`tests/data/perft`, see its README for their sources).
pub fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/perft")
}

/// Reads a suite file, e.g. `chess.epd`.
pub fn read_suite(name: &str) -> Vec<PerftCase> {
    let path = perft_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read perft suite {}: {e}", path.display()));
    text.lines()
        .filter_map(PerftCase::parse)
        .map(|c| c.expect("well-formed suite line"))
        .collect()
}

/// Runs every case of a suite up to `max_nodes` expected leaves per entry, returning the
/// mismatches as readable lines (empty when all match) and the number of entries checked.
pub fn run_suite<P: Position>(name: &str, max_nodes: u64) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in read_suite(name) {
        let pos = match P::from_fen(&case.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: FEN refused: {e}", case.fen));
                continue;
            }
        };
        for &(depth, expected) in &case.depths {
            if expected > max_nodes {
                continue;
            }
            checked += 1;
            let got = perft_total(&pos, depth, true);
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    case.fen
                ));
            }
        }
    }
    (failures, checked)
}

/// Walks the legal move tree to `depth` and checks at every node what must hold for
/// any variant: the incremental hash equals the hash of the position re-read from its
/// own FEN, the FEN round-trips, every move's canonical string parses back to that move,
/// and `undo` restores FEN and hash exactly. Returns the number of nodes visited.
pub fn check_tree<P: Position>(pos: &mut P, depth: u32) -> Result<u64, String> {
    let fen = pos.to_fen();
    let reread = P::from_fen(&fen).map_err(|e| format!("{fen}: own FEN refused: {e}"))?;
    if reread.to_fen() != fen {
        return Err(format!("FEN round trip: {fen} -> {}", reread.to_fen()));
    }
    if reread.hash() != pos.hash() {
        return Err(format!("{fen}: incremental hash differs from recomputed"));
    }
    if depth == 0 {
        return Ok(1);
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    if pos.count_legal() != moves.len() {
        return Err(format!("{fen}: count_legal differs from the move list"));
    }
    let mut nodes = 1;
    for &mv in moves.iter() {
        let text = mv.to_string();
        match pos.parse_move(&text) {
            Ok(parsed) if parsed == mv => {}
            other => return Err(format!("{fen}: '{text}' parses as {other:?}")),
        }
        let hash = pos.hash();
        pos.play(mv);
        nodes += check_tree(pos, depth - 1)?;
        pos.undo();
        if pos.to_fen() != fen || pos.hash() != hash {
            return Err(format!("{fen}: undo of {text} gives {}", pos.to_fen()));
        }
    }
    Ok(nodes)
}
