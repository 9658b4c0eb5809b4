//! Searches one orthodox position and prints the info lines: a quick look at depth
//! and speed. `cargo run --release -p feerie-search --example think -- [ms] [fen]`,
//! with `THREADS=n` and `DEPTH=n` in the environment.

use feerie_linear::ChessEval;
use feerie_movegen::{Chess, Position};
use feerie_search::{Limits, Searcher, Signals};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let pos = match args.get(2) {
        Some(fen) => Chess::from_fen(fen).expect("FEN"),
        None => Chess::startpos(),
    };
    let threads: usize = std::env::var("THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    let mut searcher = Searcher::new(64, ChessEval::default());
    searcher.settings.threads = threads;
    searcher.settings.move_overhead_ms = 0;
    // DEPTH=n searches to a fixed depth instead of for `ms` milliseconds.
    let depth = std::env::var("DEPTH").ok().and_then(|d| d.parse().ok());
    let limits = Limits {
        movetime: depth.is_none().then(|| Duration::from_millis(ms)),
        depth,
        ..Limits::default()
    };
    let r = searcher.search(&pos, &limits, &Signals::default(), &mut |i| {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {} seldepth {} score {:?} nodes {} nps {} hashfull {} time {} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.nps,
            i.hashfull,
            i.time_ms,
            pv.join(" ")
        );
    });
    println!("bestmove {:?} ponder {:?}", r.best, r.ponder);
}
