//! The Einstein family: captures are noisy (pawns never promote), estimated by chess's
//! exchange with each capturer counted as what it mutates into; a null move needs a
//! move that costs nothing, since most quiet moves step the mover down.

use super::exchange::{Capture, exchange_gain};
use super::{SearchPolicy, butterfly, has_pieces};
use feerie_movegen::einstein::{Anti, EinsteinPosition, Move, Mutation, Reverse, Standard};
use feerie_movegen::{PieceKind, Position};

/// What the search does differently per Einstein variant: each choice is one that an
/// SPRT run proved in that variant (docs/search.md).
pub trait EinsteinSearch: Mutation {
    /// See `SearchPolicy::INTERNAL_ITERATIVE_REDUCTION`.
    const INTERNAL_ITERATIVE_REDUCTION: bool;
    /// See `SearchPolicy::CUT_NODE_REDUCTION`.
    const CUT_NODE_REDUCTION: i32 = 0;
    /// See `SearchPolicy::TT_REFINES_EVAL`.
    const TT_REFINES_EVAL: bool = false;
}

impl EinsteinSearch for Standard {
    const INTERNAL_ITERATIVE_REDUCTION: bool = true;
    // Expected cut nodes and the TT score, proven here and in anti-Einstein by their
    // own SPRTs (docs/search.md); not proven in reverse-Einstein.
    const CUT_NODE_REDUCTION: i32 = 2;
    const TT_REFINES_EVAL: bool = true;
}

impl EinsteinSearch for Reverse {
    const INTERNAL_ITERATIVE_REDUCTION: bool = true;
}

impl EinsteinSearch for Anti {
    const INTERNAL_ITERATIVE_REDUCTION: bool = true;
    const CUT_NODE_REDUCTION: i32 = 2;
    const TT_REFINES_EVAL: bool = true;
}

impl<M: EinsteinSearch> SearchPolicy for EinsteinPosition<M> {
    const INTERNAL_ITERATIVE_REDUCTION: bool = M::INTERNAL_ITERATIVE_REDUCTION;
    const CUT_NODE_REDUCTION: i32 = M::CUT_NODE_REDUCTION;
    const TT_REFINES_EVAL: bool = M::TT_REFINES_EVAL;

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// MVV-LVA, with the capturer's upgrade (or downgrade) as a tie-break.
    fn noisy_score(&self, mv: Move) -> i32 {
        let victim = self.captured(mv).map_or(-1, |p| p.kind.index() as i32);
        let attacker = self
            .board()
            .piece_at(mv.from())
            .map_or(PieceKind::Pawn, |p| p.kind);
        let change = Self::mutated(attacker, true).index() as i32 - attacker.index() as i32;
        victim * 16 - attacker.index() as i32 * 2 + change
    }

    /// Proven in each variant by its own SPRT (docs/search.md).
    fn noisy_gain(&self, mv: Move) -> Option<i32> {
        let victim = self.captured(mv).map(|p| p.kind);
        let capture = Capture::on(self.board(), mv.from(), mv.to(), victim, |mover| {
            Self::mutated(mover, true)
        })?;
        Some(exchange_gain(self.board(), capture, |kind| {
            Self::mutated(kind, true)
        }))
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        butterfly(self.side_to_move(), mv.from(), mv.to())
    }

    /// Passing is only a fair stand-in for a move when the side has a move that costs
    /// nothing (`has_free_move`); it also needs pieces besides pawns, as in chess.
    fn null_move_safe(&self) -> bool {
        has_pieces(self.board(), self.side_to_move()) && self.has_free_move()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::HISTORY_SIZE;
    use feerie_movegen::einstein::{MoveList, Reverse, Standard};

    fn pos<M: EinsteinSearch>(fen: &str) -> EinsteinPosition<M> {
        EinsteinPosition::from_fen(fen).unwrap()
    }

    #[test]
    fn noisy_moves_are_the_captures() {
        let p = pos::<Standard>("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        let noisy: Vec<String> = list
            .iter()
            .filter(|&&m| p.is_noisy(m))
            .map(|m| m.to_string())
            .collect();
        assert_eq!(noisy, ["e4d5"]);
        for &m in list.iter() {
            assert!(p.history_index(m) < HISTORY_SIZE);
        }
    }

    #[test]
    fn null_move_needs_a_free_move() {
        // Only a queen and a king boxed in: every move costs (einstein), so no null move.
        let boxed = "4k3/8/8/8/8/8/PP6/KQ6 w - - 0 1";
        assert!(!pos::<Standard>("4k3/8/8/8/8/p1p5/P1P5/KQ6 w - - 0 1").null_move_safe());
        // A pawn step is free.
        assert!(pos::<Standard>(boxed).null_move_safe());
        // In reverse-einstein a queen's quiet move is free.
        assert!(pos::<Reverse>("4k3/8/8/8/8/p1p5/P1P5/KQ6 w - - 0 1").null_move_safe());
        // Pawns alone: never (as in chess).
        assert!(!pos::<Reverse>("4k3/8/8/8/8/8/P7/K7 w - - 0 1").null_move_safe());
    }
}
