//! The chess perft suite, every depth (run in release: a few hundred million nodes).

use feerie_movegen::Chess;
use feerie_tests::run_suite;

#[test]
fn chess_suite_matches_stockfish_counts() {
    let (failures, checked) = run_suite::<Chess>("chess.epd", u64::MAX);
    assert!(checked >= 50, "only {checked} entries checked");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
