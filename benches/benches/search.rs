//! Fixed-depth searches of a few positions (orthodox chess): the time per search, and
//! through the node count the search speed.

use criterion::{criterion_group, criterion_main, Criterion};
use feerie_eval::ChessEval;
use feerie_movegen::{Chess, Position};
use feerie_search::{Limits, Searcher, Signals};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        8,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        7,
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 10),
];

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let pos = Chess::from_fen(fen).expect("bench FEN");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(4, ChessEval);
        searcher.clear();
        let nodes = searcher
            .search(&pos, &limits, &Signals::default(), &mut |_| {})
            .nodes;
        println!("search/{name}: depth {depth}, {nodes} nodes");
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| {
                searcher.clear();
                searcher.search(&pos, &limits, &Signals::default(), &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
