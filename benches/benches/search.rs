//! Every variant's `bench` workload under criterion: its bench positions (its description
//! in `feerie-variants`) searched to its bench depth, single-threaded, each with a fresh
//! 16 MiB table as `feerie bench` does, so the node count printed on the first run is the
//! one `feerie bench --variant V` prints. Benchmark ids: `search/<variant>/depth<d>`.

use criterion::{Criterion, criterion_group, criterion_main};
use feerie_movegen::Position;
use feerie_search::{Limits, Searcher, Signals};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::time::Instant;

/// The table size `feerie bench` uses.
const HASH_MB: usize = 16;

struct BenchVariant<'a>(&'a mut Criterion);

impl VariantVisitor for BenchVariant<'_> {
    type Output = ();
    fn visit<V: VariantSpec>(self) {
        let positions: Vec<V::Rules> = V::BENCH_FENS
            .iter()
            .map(|fen| V::Rules::from_fen(fen).expect("bench FEN"))
            .collect();
        let limits = Limits {
            depth: Some(V::BENCH_DEPTH),
            ..Limits::default()
        };
        let mut searcher = Searcher::<V::Rules, V::Eval>::new(HASH_MB, V::Eval::default());
        let mut run = || {
            positions
                .iter()
                .map(|pos| {
                    searcher.clear();
                    searcher
                        .search(pos, &limits, &Signals::default(), &mut |_| {})
                        .nodes
                })
                .sum::<u64>()
        };
        let id = format!("{}/depth{}", V::NAME, V::BENCH_DEPTH);
        let start = Instant::now();
        let nodes = run();
        println!(
            "search/{id}: {nodes} nodes, {:?} (first run)",
            start.elapsed()
        );
        let mut group = self.0.benchmark_group("search");
        group.sample_size(10);
        group.bench_function(id, |b| b.iter(&mut run));
        group.finish();
    }
}

fn every_variant(c: &mut Criterion) {
    for &variant in Variant::ALL {
        variant.dispatch(BenchVariant(c));
    }
}

criterion_group!(benches, every_variant);
criterion_main!(benches);
