//! The tree-consistency walk (`feerie_movegen::consistency`: play and undo, incremental
//! against recomputed hash, move strings, legality shortcuts) over every variant's perft
//! suite positions, each to the deepest listed depth up to `MAX_DEPTH` whose perft count
//! stays within `LEAF_BUDGET`. The walk's leaf count must also equal the suite's.

use feerie_movegen::Position;
use feerie_movegen::consistency::verify_tree;
use feerie_tests::{read_suite, suite_file};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

const MAX_DEPTH: u32 = 3;
const LEAF_BUDGET: u64 = 100_000;

/// Walks every position of the suite file it names; the number of trees walked, or the
/// first fault.
struct WalkSuite<'a>(&'a str);

impl VariantVisitor for WalkSuite<'_> {
    type Output = Result<usize, String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        let mut walked = 0;
        for case in read_suite(self.0) {
            let Some(&(depth, expected)) = case
                .depths
                .iter()
                .filter(|&&(d, n)| d <= MAX_DEPTH && n <= LEAF_BUDGET)
                .max()
            else {
                continue;
            };
            let mut pos = V::Rules::from_fen(&case.fen).map_err(|e| format!("{e}"))?;
            let stats = verify_tree(&mut pos, depth)?;
            if stats.leaves != expected {
                return Err(format!(
                    "{} depth {depth}: walked {} leaves, the suite says {expected}",
                    case.fen, stats.leaves
                ));
            }
            walked += 1;
        }
        Ok(walked)
    }
}

/// The variants walk side by side (a thread each): every node is checked from several
/// angles, which costs far more per node than perft.
#[test]
fn every_variant_tree_is_consistent() {
    std::thread::scope(|scope| {
        for &variant in Variant::ALL {
            scope.spawn(move || {
                let file = suite_file(variant);
                let walked = variant
                    .dispatch(WalkSuite(&file))
                    .unwrap_or_else(|e| panic!("{variant}: {e}"));
                assert!(walked >= 4, "{file}: only {walked} trees walked");
            });
        }
    });
}
