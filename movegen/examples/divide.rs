//! `cargo run --release --example divide -- <depth> <fen> [moves...]`: Augsburg perft divide.

use feerie_movegen::{perft_divide, Augsburg, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().expect("depth");
    let mut pos = Augsburg::from_fen(&args[2]).expect("fen");
    for m in &args[3..] {
        let mv = pos.parse_move(m).expect("move");
        pos.play(mv);
    }
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
    println!("total {total}");
}
