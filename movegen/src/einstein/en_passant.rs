//! Einstein en passant: after a pawn step of two or three squares, every passed square
//! is a target, and the capture removes whatever piece made the step (it may have
//! mutated). The FEN field lists the passed squares in passing order (`b2b3`, `e3`).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::error::FenError;
use crate::types::{Color, Piece, PieceKind, Square};

/// The en passant state a multi-square pawn step leaves for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// The squares the pawn passed over (one or two), where an enemy pawn may capture.
    pub passed: Bitboard,
    /// Where the piece that stepped stands, removed by an en passant capture.
    pub victim: Square,
}

impl EnPassant {
    /// The state after a step from `from` to `to` (same file, 2 or 3 squares).
    #[inline]
    pub fn after_step(from: Square, to: Square) -> EnPassant {
        EnPassant {
            passed: crate::attacks::between(from, to),
            victim: to,
        }
    }

    /// The passed squares in passing order: the side that stepped is `stepper`.
    pub fn squares(&self, stepper: Color) -> Vec<Square> {
        let mut v: Vec<Square> = self.passed.into_iter().collect();
        if stepper == Color::Black {
            v.reverse();
        }
        v
    }

    /// The FEN field: the passed squares in passing order.
    pub fn to_fen(self, stepper: Color) -> String {
        self.squares(stepper)
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// Reads the FEN field for a position where `side` is to move (so `side.flip()`
    /// stepped). `stepped_kind` is what a pawn turns into by a non-capture in the
    /// variant: the piece that must stand where the step ended. Both orders of two
    /// squares are accepted; output is always in passing order.
    pub fn from_fen(
        field: &str,
        board: &Board,
        side: Color,
        stepped_kind: PieceKind,
    ) -> Result<Option<EnPassant>, FenError> {
        if field == "-" {
            return Ok(None);
        }
        let bad_syntax = || {
            FenError::syntax(
                "en passant",
                format!("'{field}' is not '-' or one or two squares"),
            )
        };
        if !field.is_ascii() || (field.len() != 2 && field.len() != 4) {
            return Err(bad_syntax());
        }
        let mut squares = Vec::new();
        for i in (0..field.len()).step_by(2) {
            squares.push(Square::parse(&field[i..i + 2]).ok_or_else(bad_syntax)?);
        }
        let stepper = side.flip();
        squares.sort_by_key(|s| stepper.relative_rank(s.rank()));
        let impossible = || {
            FenError::impossible(format!(
                "en passant field '{field}' does not follow a pawn step of 2 or 3 squares"
            ))
        };
        let first = squares[0];
        let last = *squares.last().expect("one or two squares");
        let consecutive = squares.len() == 1 || first.shift(stepper.forward()) == Some(last);
        let first_rank = stepper.relative_rank(first.rank());
        let rank_ok = match squares.len() {
            1 => first_rank == 1 || first_rank == 2,
            _ => first_rank == 1,
        };
        if !consecutive || !rank_ok {
            return Err(impossible());
        }
        let origin = first.shift(-stepper.forward()).ok_or_else(impossible)?;
        let victim = last.shift(stepper.forward()).ok_or_else(impossible)?;
        let empty = squares.iter().all(|&s| board.piece_at(s).is_none())
            && board.piece_at(origin).is_none();
        if !empty || board.piece_at(victim) != Some(Piece::new(stepper, stepped_kind)) {
            return Err(impossible());
        }
        let passed = squares.iter().fold(Bitboard::EMPTY, |b, &s| b.with(s));
        Ok(Some(EnPassant { passed, victim }))
    }
}
