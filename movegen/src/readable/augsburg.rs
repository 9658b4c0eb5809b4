//! Augsburg: the unit, its squares and the part that moves, `(BNP)a3-c2(N)`; `x` for a
//! capture, `&` for a fusion (the part joins the friendly unit on the target square).

use super::{Readable, becomes, letter};
use crate::augsburg::{Augsburg, Move, Unit};
use crate::position::Position;
use crate::types::PieceKind;

impl Readable for Augsburg {
    fn readable_body(&self, mv: Move) -> String {
        let board = self.board();
        let cell = board.cell(mv.from());
        let part = if mv.is_whole() {
            String::new()
        } else {
            format!("({})", part_name(mv.part()))
        };
        let promotion = mv.promotion().map(becomes).unwrap_or_default();
        let file_step = i32::from(mv.to().file()) - i32::from(mv.from().file());
        if cell.is_king() && file_step.abs() == 2 {
            let castle = if file_step > 0 { "O-O" } else { "O-O-O" };
            return format!("{castle}{part}");
        }
        let unit = if cell.is_king() {
            "K".to_string()
        } else {
            unit_name(cell.components())
        };
        let sep = if self.victim_square(mv).is_some() {
            'x'
        } else if board.cell(mv.to()).color() == cell.color() {
            '&'
        } else {
            '-'
        };
        format!("{unit}{}{sep}{}{part}{promotion}", mv.from(), mv.to())
    }
}

/// A unit as the texts name it: one component's letter (none for a pawn), `Q` for a
/// bishop and a rook, else the letters in parentheses, `(BNP)`.
fn unit_name(unit: Unit) -> String {
    if unit == Unit::QUEEN {
        "Q".to_string()
    } else if unit.size() == 1 {
        let kind = crate::augsburg::COMPONENTS
            .into_iter()
            .find(|&k| unit.has(k))
            .unwrap_or(PieceKind::Pawn);
        letter(kind)
    } else {
        format!("({})", unit.letters().to_ascii_uppercase())
    }
}

/// The part that moves, inside the parentheses: `N`, `BP`, `Q` for a bishop and a rook.
fn part_name(part: Unit) -> String {
    if part == Unit::QUEEN {
        "Q".to_string()
    } else {
        part.letters().to_ascii_uppercase()
    }
}
