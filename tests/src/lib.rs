//! Helpers shared by the integration tests: reading the perft suites kept in
//! `tests/data/perft` and running them for any variant; a brute-force problem solver,
//! random problem positions and the solver's answers in the same form, to check
//! `feerie solve`.

pub mod brute;
pub mod random_problem;
pub mod solver_answers;

use feerie_movegen::{PerftCase, Position, perft_total};
use feerie_variants::Variant;
use std::path::PathBuf;

/// The repository's perft suites (`tests/data/perft`, see its README for their sources).
pub fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/perft")
}

/// The suite file of `variant`: its `UCI_Variant` name with `.epd`.
pub fn suite_file(variant: Variant) -> String {
    format!("{}.epd", variant.name())
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
