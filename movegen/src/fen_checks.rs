//! The checks beyond syntax that every variant's FEN reader makes: one king each,
//! castling rights that match the board, the side not to move not in check. Variants
//! add their own (pawn ranks, en passant, piece counts) after these.

use crate::board::Placement;
use crate::error::FenError;
use crate::fen::{CastlingRights, CastlingSide};
use crate::types::Color;

/// Whether a castling right needs its rook in the corner, or only its king at home
/// (the Einstein family: any piece that has become a rook on the corner may castle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRook {
    Needed,
    NotNeeded,
}

/// One king each; every castling right with its king at home (and its rook, as
/// `rook` says); and the side not to move not in check. `in_check(color)` says whether
/// the king of `color` is in check as the variant defines check; it is asked once both
/// kings are known to stand on the board.
pub fn validate_common(
    board: &impl Placement,
    side: Color,
    castling: u8,
    rook: CastlingRook,
    in_check: impl FnOnce(Color) -> bool,
) -> Result<(), FenError> {
    for color in Color::BOTH {
        let n = (board.kings() & board.color(color)).count();
        if n != 1 {
            return Err(FenError::impossible(format!(
                "{} has {n} kings, not 1",
                color_name(color)
            )));
        }
    }
    for cs in CastlingSide::ALL {
        if castling & cs.right == 0 {
            continue;
        }
        let color = if cs.king_from.rank() == 0 {
            Color::White
        } else {
            Color::Black
        };
        let right = CastlingRights::to_fen(cs.right);
        if board.king(color) != Some(cs.king_from) {
            return Err(FenError::impossible(format!(
                "castling right '{right}' without the king on {}",
                cs.king_from
            )));
        }
        if rook == CastlingRook::Needed && !board.has_rook(cs.rook_from, color) {
            return Err(FenError::impossible(format!(
                "castling right '{right}' without a rook on {}",
                cs.rook_from
            )));
        }
    }
    if in_check(side.flip()) {
        return Err(FenError::impossible("the side not to move is in check"));
    }
    Ok(())
}

/// `white` or `black`, for messages.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
