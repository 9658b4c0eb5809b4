//! Move generation and perft speed of every variant, all in one criterion run so that
//! the figures can be compared as ratios to chess. Perft groups report leaves/s
//! (`Throughput::Elements`), counted single-threaded with bulk counting at the last ply.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use feerie_movegen::{
    perft, AntiEinstein, Augsburg, Chess, Dynamo, Einstein, Position, ReverseEinstein,
};

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

/// The start position: every variant begins from it.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// "Kiwipete", the busy castling middlegame every perft suite in tests/data/perft has.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Depths are picked so that each perft takes roughly 10-100 ms on one core.

fn chess(c: &mut Criterion) {
    let positions = cases::<Chess>(&[("startpos", START, 5), ("kiwipete", KIWIPETE, 4)]);
    bench_variant(c, "chess", positions);
}

fn dynamo(c: &mut Criterion) {
    // Dynamo's tree is ~8x wider than chess's (168 root moves), so depth 3 already
    // gives 4 M leaves; Kiwipete at depth 3 would take ~0.4 s, so the suite's open
    // queen middlegame stands in as the busy position.
    let positions = cases::<Dynamo>(&[
        ("startpos", START, 3),
        (
            "queen-middlegame",
            "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
            3,
        ),
    ]);
    bench_variant(c, "dynamo", positions);
}

fn augsburg(c: &mut Criterion) {
    // Compound rook+knight units in both corners, with castling: the busiest line of
    // the suite.
    let positions = cases::<Augsburg>(&[
        ("startpos", START, 4),
        (
            "compound-castling",
            "r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1",
            4,
        ),
    ]);
    bench_variant(c, "augsburg", positions);
}

fn einstein(c: &mut Criterion) {
    let positions = cases::<Einstein>(&[("startpos", START, 5), ("kiwipete", KIWIPETE, 4)]);
    bench_variant(c, "einstein", positions);
}

fn reverse_einstein(c: &mut Criterion) {
    let positions = cases::<ReverseEinstein>(&[("startpos", START, 5), ("kiwipete", KIWIPETE, 4)]);
    bench_variant(c, "reverse-einstein", positions);
}

fn anti_einstein(c: &mut Criterion) {
    let positions = cases::<AntiEinstein>(&[("startpos", START, 5), ("kiwipete", KIWIPETE, 4)]);
    bench_variant(c, "anti-einstein", positions);
}

criterion_group!(
    benches,
    chess,
    dynamo,
    augsburg,
    einstein,
    reverse_einstein,
    anti_einstein
);
criterion_main!(benches);
