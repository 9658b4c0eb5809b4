//! Positions whose placement is an orthodox [`Board`]: six kinds on 8x8, one piece per
//! square. Evaluators that read only the placement (such as [`ChessEval`]) can then
//! score any such variant, e.g. to measure a variant's own evaluation against plain
//! chess knowledge on the same rules.
//!
//! [`ChessEval`]: crate::ChessEval

use feerie_movegen::board::Board;
use feerie_movegen::einstein::{EinsteinPosition, Mutation};
use feerie_movegen::Chess;

/// A position whose pieces stand on an orthodox [`Board`].
pub trait OrthodoxBoard {
    /// The placement; the side to move comes from `Position::side_to_move`.
    fn board(&self) -> &Board;
}

impl OrthodoxBoard for Chess {
    #[inline]
    fn board(&self) -> &Board {
        Chess::board(self)
    }
}

impl<M: Mutation> OrthodoxBoard for EinsteinPosition<M> {
    #[inline]
    fn board(&self) -> &Board {
        EinsteinPosition::board(self)
    }
}
