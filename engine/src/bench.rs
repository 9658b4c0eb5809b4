//! `bench`: a fixed search workload per variant. Its node count changes only when the
//! search or evaluation changes, which makes it a quick "did behaviour change?" check.

use crate::out::Out;
use crate::session::{BenchReport, Session};
use feerie_movegen::Variant;

/// Depth `bench` searches when none is given: per variant, so that the default bench
/// takes about a second on one core (Dynamo and Augsburg nodes cost several times a
/// chess node; in Einstein and anti-Einstein most moves demote the mover, which keeps
/// the trees narrow, while reverse-Einstein promotes quiet movers and grows wide).
pub fn default_depth(variant: Variant) -> u32 {
    match variant {
        Variant::Chess => 10,
        Variant::Dynamo => 6,
        Variant::Augsburg => 7,
        Variant::Einstein => 12,
        Variant::ReverseEinstein => 9,
        Variant::AntiEinstein => 13,
    }
}

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

/// Dynamo bench positions: the start, castling, open middlegames, a crowded endgame.
pub const DYNAMO: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
    "n1k5/p1n2p1p/p3ppP1/3p3P/P7/5N2/RPP2P1P/4KQ1R w K - 1 16",
    "8/pp1k4/Pp2ppN1/p1p5/2P5/7P/1P5K/4N3 w - - 0 21",
];

/// Augsburg bench positions: the start, compound units with castling, fissions, promotion.
pub const AUGSBURG: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1",
    "(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1",
    "4k3/1(PP)6/8/8/8/8/8/4K3 w - - 0 1",
];

/// Einstein-family bench positions (all three variants share them): the start, two
/// middlegames from an Einstein self-play game (after 10 and 20 moves: mutated pieces,
/// castling rights without rooks on the corners), a rook-and-pawns endgame.
pub const EINSTEIN: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnb1kbnr/p1p5/1p2p2p/1P1p2q1/P5P1/8/2PPP3/RNBQKBNR w KQ - 0 11",
    "rnbk2n1/p7/1p2p3/2npNr1p/P2P4/B1PP3N/4P3/1NBQK1N1 w KQ - 1 21",
    "8/1p3k2/p5p1/8/3R4/6P1/5PK1/8 w - - 0 40",
];

/// The bench positions of `variant`; empty means the start position only, so a new
/// variant has a bench before anyone picks positions for it.
pub fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => CHESS,
        Variant::Dynamo => DYNAMO,
        Variant::Augsburg => AUGSBURG,
        Variant::Einstein | Variant::ReverseEinstein | Variant::AntiEinstein => EINSTEIN,
    }
}

/// Runs the bench of `session`'s variant and prints the summary lines.
pub fn run(session: &mut dyn Session, depth: u32, out: &Out) -> BenchReport {
    let report = session.bench(depth, out);
    print_summary(session.variant(), depth, &report, out);
    report
}

/// The lines after the positions: variant, depth, time, nodes and speed.
pub fn print_summary(variant: Variant, depth: u32, report: &BenchReport, out: &Out) {
    let ms = report.elapsed.as_millis().max(1);
    let nps = u128::from(report.nodes) * 1000 / ms;
    out.line("");
    out.line(&format!("Variant: {variant}"));
    out.line(&format!("Depth: {depth}"));
    out.line(&format!("Total time (ms): {ms}"));
    out.line(&format!("Nodes searched: {}", report.nodes));
    out.line(&format!("Nodes/second: {nps}"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::{
        AntiEinstein, Augsburg, Chess, Dynamo, Einstein, Position, ReverseEinstein,
    };

    fn parse_all<P: Position>(variant: Variant) {
        for fen in positions(variant) {
            assert!(P::from_fen(fen).is_ok(), "{variant}: {fen}");
        }
    }

    #[test]
    fn every_variant_has_valid_positions_and_a_depth() {
        parse_all::<Chess>(Variant::Chess);
        parse_all::<Dynamo>(Variant::Dynamo);
        parse_all::<Augsburg>(Variant::Augsburg);
        parse_all::<Einstein>(Variant::Einstein);
        parse_all::<ReverseEinstein>(Variant::ReverseEinstein);
        parse_all::<AntiEinstein>(Variant::AntiEinstein);
        for &v in Variant::ALL {
            assert!(!positions(v).is_empty(), "{v}");
            assert!((1..=20).contains(&default_depth(v)), "{v}");
        }
    }
}
