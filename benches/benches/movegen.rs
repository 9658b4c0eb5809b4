//! Move generation and perft speed per variant, all in one criterion run so that the
//! figures can be compared as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use feerie_movegen::{perft, Chess, Position};

/// (name, FEN, perft depth) per variant: a start position and a busy middlegame.
fn cases<P: Position>(fens: &[(&'static str, &'static str, u32)]) -> Vec<(String, P, u32)> {
    fens.iter()
        .map(|&(name, fen, depth)| (name.to_string(), P::from_fen(fen).unwrap(), depth))
        .collect()
}

fn bench_variant<P: Position>(c: &mut Criterion, variant: &str, positions: Vec<(String, P, u32)>) {
    let mut group = c.benchmark_group(format!("{variant}/legal_moves"));
    for (name, pos, _) in &positions {
        group.bench_function(name.as_str(), |b| {
            let mut moves = P::MoveList::default();
            b.iter(|| {
                black_box(pos).legal_moves(&mut moves);
                black_box(moves.len())
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group(format!("{variant}/perft"));
    group.sample_size(10);
    for (name, pos, depth) in &positions {
        let leaves = perft(&mut pos.clone(), *depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name}/d{depth}"), |b| {
            b.iter(|| perft(&mut black_box(pos.clone()), *depth))
        });
    }
    group.finish();
}

fn chess(c: &mut Criterion) {
    let positions = cases::<Chess>(&[
        (
            "startpos",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
    ]);
    bench_variant(c, "chess", positions);
}

criterion_group!(benches, chess);
criterion_main!(benches);
