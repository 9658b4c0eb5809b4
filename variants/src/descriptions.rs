//! The description of each variant: rules, evaluator, name and bench workload.

use crate::VariantSpec;
use crate::wdl_models::*;
use feerie_eval::NnueEval;
use feerie_eval::nnue::{AntiEinsteinNet, AugsburgNet, DynamoNet, EinsteinNet, ReverseEinsteinNet};
use feerie_eval::wdl::WdlModel;
use feerie_movegen::{AntiEinstein, Augsburg, Chess, Dynamo, Einstein, ReverseEinstein};

// Bench depths are per variant so that the default bench takes about a second on one
// core: Dynamo and Augsburg nodes cost several times a chess node; in Einstein and
// anti-Einstein most moves demote the mover, which keeps the trees narrow, while
// reverse-Einstein promotes quiet movers and grows wide.

/// Chess bench positions: opening, tactics, castling, middlegames, endgames, a mate.
const CHESS_BENCH: &[&str] = &[
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
const DYNAMO_BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
    "n1k5/p1n2p1p/p3ppP1/3p3P/P7/5N2/RPP2P1P/4KQ1R w K - 1 16",
    "8/pp1k4/Pp2ppN1/p1p5/2P5/7P/1P5K/4N3 w - - 0 21",
];

/// Augsburg bench positions: the start, compound units with castling, fissions, promotion.
const AUGSBURG_BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1",
    "(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1",
    "4k3/1(PP)6/8/8/8/8/8/4K3 w - - 0 1",
];

/// Einstein-family bench positions (all three variants share them): the start, two
/// middlegames from an Einstein self-play game (after 10 and 20 moves: mutated pieces,
/// castling rights without rooks on the corners), a rook-and-pawns endgame.
const EINSTEIN_BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnb1kbnr/p1p5/1p2p2p/1P1p2q1/P5P1/8/2PPP3/RNBQKBNR w KQ - 0 11",
    "rnbk2n1/p7/1p2p3/2npNr1p/P2P4/B1PP3N/4P3/1NBQK1N1 w KQ - 1 21",
    "8/1p3k2/p5p1/8/3R4/6P1/5PK1/8 w - - 0 40",
];

/// Orthodox chess, the baseline that proves the core.
#[derive(Debug)]
pub struct ChessSpec;

impl VariantSpec for ChessSpec {
    const NAME: &'static str = "chess";
    type Rules = Chess;
    type Eval = NnueEval;
    const BENCH_FENS: &'static [&'static str] = CHESS_BENCH;
    const BENCH_DEPTH: u32 = 10;
    const WDL: WdlModel = CHESS_WDL;
}

/// Dynamo: no captures; pieces push and pull others, off the board too.
#[derive(Debug)]
pub struct DynamoSpec;

impl VariantSpec for DynamoSpec {
    const NAME: &'static str = "dynamo";
    type Rules = Dynamo;
    type Eval = NnueEval<DynamoNet>;
    const BENCH_FENS: &'static [&'static str] = DYNAMO_BENCH;
    const BENCH_DEPTH: u32 = 6;
    const WDL: WdlModel = DYNAMO_WDL;
}

/// Augsburg: pieces fuse into compound units and split again.
#[derive(Debug)]
pub struct AugsburgSpec;

impl VariantSpec for AugsburgSpec {
    const NAME: &'static str = "augsburg";
    type Rules = Augsburg;
    type Eval = NnueEval<AugsburgNet>;
    const BENCH_FENS: &'static [&'static str] = AUGSBURG_BENCH;
    const BENCH_DEPTH: u32 = 7;
    const WDL: WdlModel = AUGSBURG_WDL;
}

/// Einstein chess: a moved piece mutates up after a capture, down after a quiet move.
#[derive(Debug)]
pub struct EinsteinSpec;

impl VariantSpec for EinsteinSpec {
    const NAME: &'static str = "einstein";
    type Rules = Einstein;
    type Eval = NnueEval<EinsteinNet>;
    const BENCH_FENS: &'static [&'static str] = EINSTEIN_BENCH;
    const BENCH_DEPTH: u32 = 12;
    const WDL: WdlModel = EINSTEIN_WDL;
}

/// Reverse Einstein chess: the mutations of Einstein chess the other way round.
#[derive(Debug)]
pub struct ReverseEinsteinSpec;

impl VariantSpec for ReverseEinsteinSpec {
    const NAME: &'static str = "reverse-einstein";
    type Rules = ReverseEinstein;
    type Eval = NnueEval<ReverseEinsteinNet>;
    const BENCH_FENS: &'static [&'static str] = EINSTEIN_BENCH;
    const BENCH_DEPTH: u32 = 9;
    const WDL: WdlModel = REVERSE_EINSTEIN_WDL;
}

/// Anti-Einstein chess: a capturing piece stays as it is, any other move takes it one step down.
#[derive(Debug)]
pub struct AntiEinsteinSpec;

impl VariantSpec for AntiEinsteinSpec {
    const NAME: &'static str = "anti-einstein";
    type Rules = AntiEinstein;
    type Eval = NnueEval<AntiEinsteinNet>;
    const BENCH_FENS: &'static [&'static str] = EINSTEIN_BENCH;
    const BENCH_DEPTH: u32 = 13;
    const WDL: WdlModel = ANTI_EINSTEIN_WDL;
}
