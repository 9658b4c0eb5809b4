//! `bench`: a fixed search workload per variant. Its node count changes only when the
//! search or evaluation changes, which makes it a quick "did behaviour change?" check.

use crate::out::Out;
use crate::session::{BenchReport, Session};
use feerie_movegen::Variant;

/// Depth `bench` searches when none is given.
pub const DEFAULT_BENCH_DEPTH: u32 = 10;

/// Chess bench positions: opening, tactics, castling, middlegames, endgames, a mate.
pub const CHESS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];

/// The bench positions of `variant`; empty means the start position only, so a new
/// variant has a bench before anyone picks positions for it.
pub fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => CHESS,
        #[allow(unreachable_patterns)] // variants without their own list yet
        _ => &[],
    }
}

/// Runs the bench of `session`'s variant and prints the summary lines.
pub fn run(session: &mut dyn Session, depth: u32, out: &Out) -> BenchReport {
    let report = session.bench(depth, out);
    let ms = report.elapsed.as_millis().max(1);
    let nps = u128::from(report.nodes) * 1000 / ms;
    out.line("");
    out.line(&format!("Variant: {}", session.variant()));
    out.line(&format!("Depth: {depth}"));
    out.line(&format!("Total time (ms): {ms}"));
    out.line(&format!("Nodes searched: {}", report.nodes));
    out.line(&format!("Nodes/second: {nps}"));
    report
}
