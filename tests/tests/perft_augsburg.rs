//! The Augsburg perft suite, every depth (run in release: about 4.3 million leaves).

use feerie_movegen::Augsburg;
use feerie_tests::run_suite;

#[test]
fn augsburg_suite_matches_reference_counts() {
    let (failures, checked) = run_suite::<Augsburg>("augsburg.epd", u64::MAX);
    assert!(checked >= 28, "only {checked} entries checked");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
