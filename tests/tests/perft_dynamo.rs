//! The Dynamo perft suite (counts from an independent implementation of docs/rules.md,
//! "Dynamo").

use feerie_movegen::Dynamo;
use feerie_tests::run_suite;

#[test]
fn dynamo_suite_matches_reference_counts() {
    let (failures, checked) = run_suite::<Dynamo>("dynamo.epd", u64::MAX);
    assert!(checked >= 80, "only {checked} entries checked");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
