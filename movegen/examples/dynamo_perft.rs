//! `cargo run --release -p feerie-movegen --example dynamo_perft -- "<fen>" <depth> [moves...]`
//! prints a divide (one line per root move) and the leaf rate, single thread.

use feerie_movegen::{Dynamo, Position, perft_divide};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args
        .get(1)
        .map_or(feerie_movegen::dynamo::START_FEN, |s| s.as_str());
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(1);
    let mut pos = Dynamo::from_fen(fen).expect("valid FEN");
    for m in &args[3.min(args.len())..] {
        let mv = pos.parse_move(m).expect("legal move");
        pos.play(mv);
    }
    let start = Instant::now();
    let mut lines: Vec<(String, u64)> = perft_divide(&pos, depth, false)
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    let secs = start.elapsed().as_secs_f64();
    lines.sort();
    let total: u64 = lines.iter().map(|l| l.1).sum();
    for (m, n) in &lines {
        println!("{m}: {n}");
    }
    println!(
        "moves {} total {total} in {secs:.3}s = {:.0} leaves/s",
        lines.len(),
        total as f64 / secs
    );
}
