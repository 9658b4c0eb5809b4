//! The move of chess and the Einstein family: from, to and a kind, in 16 bits.

use crate::position::{MoveCode, debug_as_display};
use crate::types::{PieceKind, Square};
use std::fmt;
use std::num::NonZeroU16;

/// An orthodox move in 16 bits (never zero, since from != to):
///
/// | bits  | field |
/// |-------|-------|
/// | 0-5   | from square |
/// | 6-11  | to square |
/// | 12-15 | kind: 0 quiet, 1 double push, 2 short castle, 3 long castle, 4 capture, 5 en passant, 8-11 promotion to N/B/R/Q, 12-15 capture with promotion to N/B/R/Q |
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

impl Move {
    pub const QUIET: u16 = 0;
    /// A pawn step of more than one square (two, or three from the first rank in the
    /// Einstein family): it opens en passant.
    pub const DOUBLE_PUSH: u16 = 1;
    pub const SHORT_CASTLE: u16 = 2;
    pub const LONG_CASTLE: u16 = 3;
    pub const CAPTURE: u16 = 4;
    pub const EN_PASSANT: u16 = 5;
    pub const PROMOTION: u16 = 8;

    #[inline]
    pub fn new(from: Square, to: Square, kind: u16) -> Move {
        let bits = from.to_u8() as u16 | (to.to_u8() as u16) << 6 | kind << 12;
        Move(NonZeroU16::new(bits).expect("from == to"))
    }

    #[inline]
    pub fn from(self) -> Square {
        Square::new((self.0.get() & 63) as u8)
    }

    #[inline]
    pub fn to(self) -> Square {
        Square::new((self.0.get() >> 6 & 63) as u8)
    }

    #[inline]
    pub fn kind(self) -> u16 {
        self.0.get() >> 12
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.kind() & Move::CAPTURE != 0
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.kind(), Move::SHORT_CASTLE | Move::LONG_CASTLE)
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub fn promotion(self) -> Option<PieceKind> {
        (self.kind() & Move::PROMOTION != 0)
            .then(|| PieceKind::from_index(1 + (self.kind() & 3) as usize))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter())?;
        }
        Ok(())
    }
}

debug_as_display!(Move);

impl MoveCode for Move {
    fn to_bits(self) -> u32 {
        self.0.get() as u32
    }
    fn from_bits(bits: u32) -> Option<Move> {
        let m = Move(NonZeroU16::new(u16::try_from(bits).ok()?)?);
        (m.from() != m.to()).then_some(m)
    }
}
