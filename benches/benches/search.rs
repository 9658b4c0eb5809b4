//! Searches of a few positions per variant, each with its variant's evaluator, to a fixed
//! depth: the time per search, and through the printed node count the search speed.
//! Benchmark ids: `search/<name>/depth<d>` for chess (unchanged, so old baselines still
//! compare), `search/<variant>/<name>/depth<d>` for the others.

use criterion::{criterion_group, criterion_main, Criterion};
use feerie_eval::{AugsburgEval, ChessEval, DynamoEval, EinsteinEval, Evaluator};
use feerie_movegen::{AntiEinstein, Augsburg, Chess, Dynamo, Einstein, ReverseEinstein};
use feerie_search::{Limits, SearchPolicy, Searcher, Signals};
use std::time::Instant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Benches each (name, FEN, depth) of `variant` with a fresh 4 MiB table per search.
/// `prefix` goes before the name in the benchmark id (empty for chess).
fn bench_variant<P: SearchPolicy, E: Evaluator<P>>(
    c: &mut Criterion,
    prefix: &str,
    positions: &[(&str, &str, u32)],
) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for &(name, fen, depth) in positions {
        let pos = P::from_fen(fen).expect("bench FEN");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(4, E::default());
        searcher.clear();
        let start = Instant::now();
        let result = searcher.search(&pos, &limits, &Signals::default(), &mut |_| {});
        let id = format!("{prefix}{name}/depth{depth}");
        println!(
            "search/{id}: {} nodes, {:?} (first run)",
            result.nodes,
            start.elapsed()
        );
        group.bench_function(id, |b| {
            b.iter(|| {
                searcher.clear();
                searcher.search(&pos, &limits, &Signals::default(), &mut |_| {})
            })
        });
    }
    group.finish();
}

fn chess(c: &mut Criterion) {
    bench_variant::<Chess, ChessEval>(
        c,
        "",
        &[
            ("start", START, 8),
            ("kiwipete", KIWIPETE, 7),
            ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 10),
        ],
    );
}

fn dynamo(c: &mut Criterion) {
    bench_variant::<Dynamo, DynamoEval>(
        c,
        "dynamo/",
        &[
            ("start", START, 5),
            (
                "queen-middlegame",
                "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
                5,
            ),
        ],
    );
}

fn augsburg(c: &mut Criterion) {
    bench_variant::<Augsburg, AugsburgEval>(
        c,
        "augsburg/",
        &[
            ("start", START, 6),
            (
                "italian",
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                5,
            ),
        ],
    );
}

fn einstein_family(c: &mut Criterion) {
    // Depths differ: reverse-einstein's upward mutations (pawns become knights, rooks
    // queens) make its trees far bushier.
    let positions = |start, kiwipete| [("start", START, start), ("kiwipete", KIWIPETE, kiwipete)];
    bench_variant::<Einstein, EinsteinEval>(c, "einstein/", &positions(8, 6));
    bench_variant::<ReverseEinstein, EinsteinEval>(c, "reverse-einstein/", &positions(7, 4));
    bench_variant::<AntiEinstein, EinsteinEval>(c, "anti-einstein/", &positions(8, 6));
}

criterion_group!(benches, chess, dynamo, augsburg, einstein_family);
criterion_main!(benches);
