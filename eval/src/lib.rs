//! Static evaluation, behind one trait the search calls. Every variant plays with its
//! network ([`NnueEval`], the networks in `nets/`); [`MaterialEval`] is what a new
//! variant plays its first games with, before it has one; [`wdl`] turns a score into
//! win/draw/loss chances. The hand-written evaluations `feerie tune` fits are in the
//! `feerie-linear` crate.

pub mod file;
pub mod material;
pub mod nnue;
pub mod wdl;

pub use material::MaterialEval;
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
