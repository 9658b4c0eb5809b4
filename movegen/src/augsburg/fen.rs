//! Augsburg FEN: compound units in parentheses, read in any letter order, written
//! canonically; the checks that make a position possible.

use super::board::{Cell, UnitBoard};
use super::unit::{COMPONENTS, Unit};
use crate::bitboard::Bitboard;
use crate::board::{Placement, placement_string};
use crate::error::FenError;
use crate::fen::{FenFields, PlacementToken};
use crate::fen_checks::{CastlingRook, color_name, validate_common};
use crate::types::{Color, PieceKind, Square};

/// Reads the placement field.
pub fn read_placement(fields: &FenFields<'_>) -> Result<UnitBoard, FenError> {
    let mut board = UnitBoard::default();
    fields.for_each_square(|sq, token| {
        let cell = match token {
            PlacementToken::Letter(c) if c.eq_ignore_ascii_case(&'k') => {
                Cell::king(letter_color(c))
            }
            PlacementToken::Letter(c) => {
                let unit = Unit::from_letter(c).ok_or_else(|| {
                    FenError::syntax("placement", format!("unknown piece letter '{c}' on {sq}"))
                })?;
                Cell::unit(letter_color(c), unit)
            }
            PlacementToken::Group(g) => read_group(g, sq)?,
        };
        board.set(sq, cell);
        Ok(())
    })?;
    Ok(board)
}

fn letter_color(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// A parenthesised unit: one colour, components p, n, b, r, q (= b + r), no king.
fn read_group(group: &str, sq: Square) -> Result<Cell, FenError> {
    let err = |reason: String| FenError::syntax("placement", format!("unit on {sq}: {reason}"));
    if group.is_empty() {
        return Err(err("empty parentheses".to_string()));
    }
    let mut color = None;
    let mut unit = Unit::EMPTY;
    for c in group.chars() {
        if c.eq_ignore_ascii_case(&'k') {
            return Err(err("a king cannot be part of a unit".to_string()));
        }
        let part =
            Unit::from_letter(c).ok_or_else(|| err(format!("unknown component letter '{c}'")))?;
        let col = letter_color(c);
        if color.is_some_and(|k| k != col) {
            return Err(err(format!("mixed colours in '({group})'")));
        }
        color = Some(col);
        unit = unit
            .checked_plus(part)
            .ok_or_else(|| err("more than 15 components of one kind".to_string()))?;
    }
    Ok(Cell::unit(color.expect("non-empty group"), unit))
}

/// The placement field, canonical.
pub fn write_placement(board: &UnitBoard) -> String {
    placement_string(|sq| board.cell(sq).label(true))
}

/// Rejects positions that cannot occur: the checks every variant makes (kings, castling
/// rights with king and rook component at home, the side not to move in check), pawn
/// components on their own last rank, and component totals that a promotion could push
/// past 15 in one unit.
pub fn validate(board: &UnitBoard, side: Color, castling: u8) -> Result<(), FenError> {
    validate_common(board, side, castling, CastlingRook::Needed, |c| {
        board.king_attacked(c)
    })?;
    for color in Color::BOTH {
        let name = color_name(color);
        let last = Bitboard::rank(color.relative_rank(7));
        if let Some(sq) = (board.units_with(color, PieceKind::Pawn) & last)
            .into_iter()
            .next()
        {
            return Err(FenError::impossible(format!(
                "{name} pawn component on {sq}, its own last rank"
            )));
        }
        let mut totals = [0u32; 4];
        for sq in board.units(color) {
            let unit = board.cell(sq).components();
            for kind in COMPONENTS {
                totals[kind.index()] += unit.count(kind);
            }
        }
        let pawns = totals[0];
        if totals[1..].iter().any(|&t| t + pawns > Unit::MAX_COUNT) {
            return Err(FenError::impossible(format!(
                "{name} has too many components: a unit could hold more than 15 of one kind"
            )));
        }
    }
    Ok(())
}

/// An en passant square must be on the right rank, empty, in front of an enemy unit with
/// a pawn component that has just stepped two squares (the square it came from may still
/// hold the part that stayed behind).
pub fn validate_en_passant(board: &UnitBoard, side: Color, ep: Square) -> Result<(), FenError> {
    let them = side.flip();
    let ok = ep.rank() == side.relative_rank(5)
        && board.cell(ep).is_empty()
        && ep.shift(them.forward()).is_some_and(|s| {
            let c = board.cell(s);
            c.color() == Some(them) && c.components().has(PieceKind::Pawn)
        });
    if ok {
        Ok(())
    } else {
        Err(FenError::impossible(format!(
            "en passant square {ep} does not follow a two-square step of a unit with a pawn"
        )))
    }
}
