//! Static evaluation per variant, behind one trait the search calls. Every evaluator's
//! numbers are in `weights` (one module per evaluator), and each evaluator is built
//! from its `Weights` the same way: `XEval::new(weights)`, or `XEval::default()`.

pub mod augsburg;
pub mod chess;
pub mod dynamo;
pub mod einstein;
pub mod linear;
pub mod nnue;
pub mod traced;
pub mod wdl;
pub mod weights;

pub use augsburg::AugsburgEval;
pub use chess::ChessEval;
pub use dynamo::DynamoEval;
pub use einstein::EinsteinEval;
pub use nnue::NnueEval;

use feerie_movegen::Position;

/// Scores a position in centipawns from the side to move's point of view.
/// Implementations are cheap to clone and shared between search threads.
pub trait Evaluator<P: Position>: Clone + Default + Send + Sync + 'static {
    fn evaluate(&self, pos: &P) -> i32;

    /// Makes `net` (`None`: the built-in one) the network the evaluators of this kind
    /// made from now on take (`EvalFile`); `false`, and nothing changed, for an
    /// evaluator that is no network.
    fn use_network(net: Option<nnue::Network>) -> bool {
        let _ = net;
        false
    }
}
