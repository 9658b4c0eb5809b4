//! The one place that maps a `Variant` to its rules, its evaluator and its bench
//! positions. Adding a variant is one line in `new_session`.

use crate::bench;
use crate::options::EngineOptions;
use crate::session::{GameSession, Session};
use feerie_movegen::{Chess, Variant};

/// A fresh game of `variant` at its start position, its searcher set from `options`.
pub fn new_session(variant: Variant, options: &EngineOptions) -> Box<dyn Session> {
    match variant {
        Variant::Chess => GameSession::<Chess, ChessEval>::boxed(variant, options, bench::CHESS),
    }
}

// TEMPORARY until `feerie_eval::chess::ChessEval` lands: at merge, replace this import
// with `use feerie_eval::chess::ChessEval;` and delete the module below.
use temporary::ChessEval;

/// TEMPORARY placeholder evaluator (material only) so the engine builds before the real
/// chess evaluation exists. Delete at merge.
mod temporary {
    use feerie_eval::Evaluator;
    use feerie_movegen::{Chess, PieceKind};

    #[derive(Clone, Debug, Default)]
    pub struct ChessEval;

    impl Evaluator<Chess> for ChessEval {
        fn evaluate(&self, pos: &Chess) -> i32 {
            let board = pos.board();
            let us = feerie_movegen::Position::side_to_move(pos);
            let them = us.flip();
            [
                (PieceKind::Pawn, 100),
                (PieceKind::Knight, 320),
                (PieceKind::Bishop, 330),
                (PieceKind::Rook, 500),
                (PieceKind::Queen, 900),
            ]
            .iter()
            .map(|&(kind, value)| {
                let diff =
                    board.pieces(us, kind).count() as i32 - board.pieces(them, kind).count() as i32;
                diff * value
            })
            .sum()
        }
    }
}
