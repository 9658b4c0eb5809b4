//! Chess (SAN) and the Einstein family: `Ne3xd5=B`, a long algebraic whose `=X` names
//! what the moved piece became.

use super::{Readable, becomes, letter};
use crate::chess::{Chess, Move};
use crate::einstein::{EinsteinPosition, Mutation};
use crate::position::Position;
use crate::san::san_body_of;
use crate::types::PieceKind;

impl Readable for Chess {
    fn readable_body(&self, mv: Move) -> String {
        san_body_of(self, mv)
    }
}

impl<M: Mutation> Readable for EinsteinPosition<M> {
    fn readable_body(&self, mv: Move) -> String {
        if mv.is_castle() {
            let castle = if mv.kind() == Move::SHORT_CASTLE {
                "O-O"
            } else {
                "O-O-O"
            };
            // The king keeps its kind; the rook mutates as any moved piece.
            return format!("{castle}{}", becomes(M::after_quiet(PieceKind::Rook)));
        }
        let kind = self
            .board()
            .piece_at(mv.from())
            .expect("a legal move starts on a piece")
            .kind;
        let after = match kind {
            PieceKind::King => kind,
            _ if mv.is_capture() => M::after_capture(kind),
            _ => M::after_quiet(kind),
        };
        let sep = if mv.is_capture() { 'x' } else { '-' };
        let change = if after == kind {
            String::new()
        } else {
            becomes(after)
        };
        format!("{}{}{sep}{}{change}", letter(kind), mv.from(), mv.to())
    }
}
