//! `cargo run --release --example divide -- <depth> <fen> [moves...]`: Augsburg perft divide.

use feerie_movegen::{Augsburg, Position, perft_divide};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().expect("depth");
    let mut pos = Augsburg::from_fen(&args[2]).expect("fen");
    for m in &args[3..] {
        let mv = pos.parse_move(m).expect("move");
        pos.play(mv);
    }
    if std::env::var("PLAYED").is_ok() {
        let t = std::time::Instant::now();
        let n = perft_played(&mut pos, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "played {n} leaves in {s:.2} s: {:.1} M/s",
            n as f64 / s / 1e6
        );
        return;
    }
    let t = std::time::Instant::now();
    let mut total = 0;
    let mut lines: Vec<String> = perft_divide(&pos, depth, false)
        .into_iter()
        .map(|(m, n)| {
            total += n;
            format!("{m}: {n}")
        })
        .collect();
    lines.sort();
    println!("{}", lines.join("\n"));
    let s = t.elapsed().as_secs_f64();
    println!(
        "total {total} in {s:.2} s: {:.1} M leaves/s",
        total as f64 / s / 1e6
    );
}

/// Perft that plays every leaf move (no bulk counting), for an honest make/undo rate.
#[allow(dead_code)]
fn perft_played(pos: &mut Augsburg, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = <Augsburg as Position>::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut n = 0;
    for &m in moves.iter() {
        pos.play(m);
        n += perft_played(pos, depth - 1);
        pos.undo();
    }
    n
}
