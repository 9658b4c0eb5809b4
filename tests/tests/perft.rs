//! Every variant's perft suite, `tests/data/perft/<variant>.epd`, at every depth it lists
//! (the sources of the counts are in the README there): a few hundred million leaves in
//! all, so run it in the optimised test profile (`cargo test`), not in debug.

use feerie_tests::{perft_dir, read_suite, run_suite, suite_file};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

/// How many depth entries each suite had when its counts were checked against their
/// source: fewer means lines were lost from the file.
const MIN_ENTRIES: &[(&str, usize)] = &[
    ("chess.epd", 50),
    ("dynamo.epd", 80),
    ("augsburg.epd", 28),
    ("einstein.epd", 24),
    ("reverse-einstein.epd", 19),
    ("anti-einstein.epd", 13),
];

/// Runs the suite file it names with the variant's rules, every entry: the mismatches
/// and the number of entries checked.
struct RunSuite<'a>(&'a str);

impl VariantVisitor for RunSuite<'_> {
    type Output = (Vec<String>, usize);
    fn visit<V: VariantSpec>(self) -> Self::Output {
        run_suite::<V::Rules>(self.0, u64::MAX)
    }
}

#[test]
fn every_suite_matches_its_reference_counts() {
    let mut failures = Vec::new();
    for &variant in Variant::ALL {
        let file = suite_file(variant);
        let entries: usize = read_suite(&file).iter().map(|c| c.depths.len()).sum();
        let (mismatches, checked) = variant.dispatch(RunSuite(&file));
        assert_eq!(checked, entries, "{file}: entries skipped");
        let min = MIN_ENTRIES
            .iter()
            .find(|(name, _)| *name == file)
            .map_or(1, |&(_, min)| min);
        assert!(checked >= min, "only {checked} entries of {file} checked");
        failures.extend(mismatches.into_iter().map(|m| format!("{file}: {m}")));
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

/// A suite whose name is no variant's would never run.
#[test]
fn every_suite_file_is_a_variants() {
    let dir = std::fs::read_dir(perft_dir()).expect("list tests/data/perft");
    for entry in dir {
        let path = entry.expect("suite entry").path();
        if path.extension().is_some_and(|e| e == "epd") {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            assert!(
                Variant::from_name(stem).is_some(),
                "{} names no variant",
                path.display()
            );
        }
    }
    for &(file, _) in MIN_ENTRIES {
        assert!(
            Variant::ALL.iter().any(|&v| suite_file(v) == file),
            "{file} is no variant's suite"
        );
    }
}
