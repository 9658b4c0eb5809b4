//! Move generation and perft speed of every variant, all in one criterion run so that
//! the figures can be compared as ratios to chess. The positions are each variant's first
//! two `bench` positions (its description in `feerie-variants`: the start position and a
//! busy middlegame). Perft groups report leaves/s (`Throughput::Elements`), counted
//! single-threaded with bulk counting at the last ply.
//! Benchmark ids: `<variant>/legal_moves/<i>` and `<variant>/perft/<i>/d<depth>`, `i`
//! the position's index among the variant's bench positions.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use feerie_movegen::{Position, perft};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::hint::black_box;

/// Bench positions per variant timed here.
const POSITIONS: usize = 2;
/// Each perft runs to the first depth with at least this many leaves: tens of
/// milliseconds on one core, enough to time, and the same depth on every run.
const MIN_LEAVES: u64 = 2_000_000;

/// The first depth whose perft of `pos` reaches `MIN_LEAVES` (or the last one tried),
/// with its leaf count.
fn perft_depth<P: Position>(pos: &P) -> (u32, u64) {
    let mut depth = 1;
    loop {
        let leaves = perft(&mut pos.clone(), depth);
        if leaves >= MIN_LEAVES || depth == 6 {
            return (depth, leaves);
        }
        depth += 1;
    }
}

struct BenchVariant<'a>(&'a mut Criterion);

impl VariantVisitor for BenchVariant<'_> {
    type Output = ();
    fn visit<V: VariantSpec>(self) {
        let c = self.0;
        let positions: Vec<V::Rules> = V::BENCH_FENS[..POSITIONS]
            .iter()
            .map(|fen| V::Rules::from_fen(fen).expect("bench FEN"))
            .collect();

        let mut group = c.benchmark_group(format!("{}/legal_moves", V::NAME));
        for (i, pos) in positions.iter().enumerate() {
            group.bench_function(i.to_string(), |b| {
                let mut moves = <V::Rules as Position>::MoveList::default();
                b.iter(|| {
                    black_box(pos).legal_moves(&mut moves);
                    black_box(moves.len())
                })
            });
        }
        group.finish();

        let mut group = c.benchmark_group(format!("{}/perft", V::NAME));
        group.sample_size(10);
        for (i, pos) in positions.iter().enumerate() {
            let (depth, leaves) = perft_depth(pos);
            group.throughput(Throughput::Elements(leaves));
            group.bench_function(format!("{i}/d{depth}"), |b| {
                b.iter(|| perft(&mut black_box(pos.clone()), depth))
            });
        }
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
