//! Dynamo FEN (docs/rules.md, "Notation: FEN"): the checks beyond syntax that make a
//! position possible.

use super::Dynamo;
use crate::bitboard::Bitboard;
use crate::error::FenError;
use crate::fen::{CastlingRights, CastlingSide};
use crate::types::{Color, Piece, PieceKind};

impl Dynamo {
    /// FEN checks beyond syntax: one king each, no pawn on its own last rank, castling
    /// rights only with king and rook at home, the side not to move not in check.
    pub(super) fn validate(&self) -> Result<(), FenError> {
        for color in Color::BOTH {
            let n = self.board.pieces(color, PieceKind::King).count();
            if n != 1 {
                let name = if color == Color::White {
                    "white"
                } else {
                    "black"
                };
                return Err(FenError::impossible(format!("{name} has {n} kings, not 1")));
            }
            let name = if color == Color::White {
                "white"
            } else {
                "black"
            };
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
        for cs in CastlingSide::ALL {
            if self.castling & cs.right == 0 {
                continue;
            }
            let color = if cs.king_from.rank() == 0 {
                Color::White
            } else {
                Color::Black
            };
            let king =
                self.board.piece_at(cs.king_from) == Some(Piece::new(color, PieceKind::King));
            let rook =
                self.board.piece_at(cs.rook_from) == Some(Piece::new(color, PieceKind::Rook));
            if !king || !rook {
                return Err(FenError::impossible(format!(
                    "castling right '{}' without king and rook on their original squares",
                    CastlingRights::to_fen(cs.right)
                )));
            }
        }
        if self.king_in_danger(self.side.flip()) {
            return Err(FenError::impossible(
                "the side not to move is in check (its king could be removed)",
            ));
        }
        Ok(())
    }
}
