//! The Einstein family's perft suites (counts from Popeye 4.104), every depth.

use feerie_movegen::{AntiEinstein, Einstein, Position, ReverseEinstein};
use feerie_tests::run_suite;

fn check<P: Position>(suite: &str, min_entries: usize) {
    let (failures, checked) = run_suite::<P>(suite, u64::MAX);
    assert!(
        checked >= min_entries,
        "only {checked} entries of {suite} checked"
    );
    assert!(
        failures.is_empty(),
        "{suite} perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn einstein_suite_matches_popeye_counts() {
    check::<Einstein>("einstein.epd", 24);
}

#[test]
fn reverse_einstein_suite_matches_popeye_counts() {
    check::<ReverseEinstein>("reverse-einstein.epd", 19);
}

#[test]
fn anti_einstein_suite_matches_popeye_counts() {
    check::<AntiEinstein>("anti-einstein.epd", 13);
}
