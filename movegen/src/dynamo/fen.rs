//! Dynamo FEN (docs/rules.md, "Notation: FEN"): the checks beyond syntax that make a
//! position possible.

use super::Dynamo;
use crate::bitboard::Bitboard;
use crate::error::FenError;
use crate::fen_checks::{CastlingRook, color_name, validate_common};
use crate::types::{Color, PieceKind};

impl Dynamo {
    /// FEN checks beyond syntax: those every variant makes (check meaning that the king
    /// could be removed), then no more than 16 pieces or 8 pawns a side and no pawn on
    /// its own last rank.
    pub(super) fn validate(&self) -> Result<(), FenError> {
        let side = self.game.side;
        validate_common(
            &self.board,
            side,
            self.game.castling,
            CastlingRook::Needed,
            |c| self.king_in_danger(c),
        )?;
        for color in Color::BOTH {
            let name = color_name(color);
            if self.board.color(color).count() > 16
                || self.board.pieces(color, PieceKind::Pawn).count() > 8
            {
                return Err(FenError::impossible(format!(
                    "{name} has more than 16 pieces or 8 pawns"
                )));
            }
            let last = Bitboard::rank(color.relative_rank(7));
            if (self.board.pieces(color, PieceKind::Pawn) & last).any() {
                return Err(FenError::impossible(
                    "a pawn stands on its own last rank (it would have promoted)",
                ));
            }
        }
        Ok(())
    }
}
