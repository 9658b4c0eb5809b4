//! The perft suites in `tests/data/perft` are copies of the project's shared suites,
//! which live in `shared/perft` beside the repository on the developers' machines and CI.
//! A clone with nothing beside it has only the copies, and this test says so.

use feerie_tests::{perft_dir, suite_file};
use feerie_variants::Variant;
use std::path::PathBuf;

fn shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/perft")
}

#[test]
fn suites_match_shared_copy() {
    let shared = shared_dir();
    if !shared.is_dir() {
        eprintln!(
            "note: {} is not there; the repository's copies are used as they are",
            shared.display()
        );
        return;
    }
    let mut compared = 0;
    for entry in std::fs::read_dir(&shared).expect("list shared suites") {
        let path = entry.expect("shared suite entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("epd") {
            continue;
        }
        let name = path.file_name().expect("file name").to_owned();
        let ours = perft_dir().join(&name);
        let theirs = std::fs::read(&path).expect("read shared suite");
        let copy = std::fs::read(&ours)
            .unwrap_or_else(|e| panic!("{} has no copy in the repository: {e}", path.display()));
        assert!(
            copy == theirs,
            "{} differs from {}: copy the shared suite again, never edit a number",
            ours.display(),
            path.display()
        );
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} shared suites found");
}

#[test]
fn every_suite_file_is_read() {
    for &variant in Variant::ALL {
        let name = suite_file(variant);
        let cases = feerie_tests::read_suite(&name);
        assert!(!cases.is_empty(), "{name} has no position");
    }
}
