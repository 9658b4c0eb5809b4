//! Work whose every figure must be the same on any target, printed so that two builds
//! can be compared line by line: `.ci/run` runs it natively and compiled to WebAssembly
//! (`wasm32-wasip1` under Node's WASI) and compares the outputs. It goes through the
//! seams of the WebAssembly build at run time: the clock of the search, the search on
//! the caller's thread, rayon's pool of perft and the solver. Per variant: the bench
//! (every bench position to the bench depth, as `feerie bench` searches them, so the
//! totals are the commit's `Bench:` line), and perft of the start position; then a
//! Dynamo #2 solved.

use feerie_eval::Evaluator;
use feerie_movegen::{Position, perft_total};
use feerie_search::{Limits, SearchPolicy, Searcher, Signals};
use feerie_solve::problem::Meta;
use feerie_solve::solver::solve_problem;
use feerie_solve::{Problem, SolveOptions};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::sync::atomic::AtomicBool;

/// The table size `feerie bench` searches with.
const BENCH_HASH_MB: usize = 16;

fn main() {
    let mut bench = Vec::new();
    for &variant in Variant::ALL {
        let nodes = variant.dispatch(Bench);
        bench.push(format!("{variant}={nodes}"));
        let depth = perft_depth(variant);
        println!(
            "{variant} perft {depth}: {}",
            variant.dispatch(Perft(depth))
        );
    }
    println!("{}", solved());
    println!("Bench: {}", bench.join(" "));
}

/// The total nodes of the variant's bench.
struct Bench;
impl VariantVisitor for Bench {
    type Output = u64;
    fn visit<V: VariantSpec>(self) -> u64 {
        bench::<V::Rules, V::Eval>(V::BENCH_FENS, V::BENCH_DEPTH)
    }
}

fn bench<P: SearchPolicy, E: Evaluator<P>>(fens: &[&str], depth: u32) -> u64 {
    let mut searcher: Searcher<P, E> = Searcher::new(BENCH_HASH_MB, E::default());
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = 0;
    for fen in fens {
        let pos = P::from_fen(fen).expect("a bench position");
        searcher.clear();
        let result = searcher.search(&pos, &limits, &Signals::default(), &mut |_| {});
        let best = result.best.map(|m| m.to_string());
        println!("{fen}: {best:?} {:?} nodes {}", result.score, result.nodes);
        total += result.nodes;
    }
    total
}

/// Deep enough for rayon to split the root moves (4), except in Dynamo, whose start
/// position has half a billion leaves at that depth.
fn perft_depth(variant: Variant) -> u32 {
    if variant == Variant::Dynamo { 3 } else { 4 }
}

/// Perft of the variant's start position to a depth, split over rayon's pool.
struct Perft(u32);
impl VariantVisitor for Perft {
    type Output = u64;
    fn visit<V: VariantSpec>(self) -> u64 {
        perft_total(&V::Rules::startpos(), self.0, true)
    }
}

/// The keys of a Dynamo #2 (tests/tests/solve_problems.rs reasons it out: 1.Ra7-d7).
fn solved() -> String {
    let problem = Problem {
        meta: Meta::default(),
        variant: Variant::Dynamo,
        fen: "R2b3k/R7/8/8/8/8/8/4K3 w - - 0 1".to_string(),
        stipulation: "#2".parse().expect("a stipulation"),
        options: SolveOptions::default(),
        twin: None,
        line: 0,
    };
    let reports = solve_problem(&problem, &AtomicBool::new(false), &|_| {}).expect("solvable");
    let solutions: Vec<String> = reports
        .iter()
        .map(|r| format!("{:?}", r.solution))
        .collect();
    format!("dynamo #2: {}", solutions.join("; "))
}
