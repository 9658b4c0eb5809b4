//! The Einstein move: orthodox geometry, no promotions; the mutation follows from the
//! rules, so the move does not carry it.

use crate::position::MoveCode;
use crate::types::Square;
use arrayvec::ArrayVec;
use std::fmt;
use std::num::NonZeroU16;

/// An Einstein move in 16 bits (never zero, since from != to):
///
/// | bits  | field |
/// |-------|-------|
/// | 0-5   | from square |
/// | 6-11  | to square |
/// | 12-15 | kind: 0 quiet, 1 pawn step of 2 or 3 squares, 2 short castle, 3 long castle, 4 capture, 5 en passant |
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

impl Move {
    pub const QUIET: u16 = 0;
    /// A pawn step of two or three squares: it opens en passant on the passed squares.
    pub const MULTI_STEP: u16 = 1;
    pub const SHORT_CASTLE: u16 = 2;
    pub const LONG_CASTLE: u16 = 3;
    pub const CAPTURE: u16 = 4;
    pub const EN_PASSANT: u16 = 5;

    #[inline]
    pub fn new(from: Square, to: Square, kind: u16) -> Move {
        debug_assert!(kind <= Move::EN_PASSANT);
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

    /// Captures, en passant included: the moved piece mutates by the capture chain.
    #[inline]
    pub fn is_capture(self) -> bool {
        self.kind() & Move::CAPTURE != 0
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.kind(), Move::SHORT_CASTLE | Move::LONG_CASTLE)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl MoveCode for Move {
    fn to_bits(self) -> u32 {
        self.0.get() as u32
    }
    fn from_bits(bits: u32) -> Option<Move> {
        let m = Move(NonZeroU16::new(u16::try_from(bits).ok()?)?);
        (m.from() != m.to() && m.kind() <= Move::EN_PASSANT).then_some(m)
    }
}

/// Capacity bound: at most 15 non-king pieces a side, each with at most 27 moves (a
/// queen in the centre of an empty board; a pawn has at most 5), plus 8 king moves:
/// 15 * 27 + 8 = 413. Every piece may become a queen here, so chess's 218 is no bound.
pub type MoveList = ArrayVec<Move, 416>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        for from in Square::all() {
            for to in Square::all().filter(|&t| t != from) {
                for kind in 0..=Move::EN_PASSANT {
                    let m = Move::new(from, to, kind);
                    assert_eq!((m.from(), m.to(), m.kind()), (from, to, kind));
                    assert_eq!(Move::from_bits(m.to_bits()), Some(m));
                }
            }
        }
        assert_eq!(Move::from_bits(0), None);
        assert_eq!(Move::from_bits(1 << 16), None);
        assert_eq!(Move::from_bits(6 << 12 | 1), None);
        assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
    }

    #[test]
    fn canonical_strings_have_no_suffix() {
        let e2 = Square::parse("e2").unwrap();
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(Move::new(e2, e4, Move::MULTI_STEP).to_string(), "e2e4");
        let e1 = Square::parse("e1").unwrap();
        let g1 = Square::parse("g1").unwrap();
        assert_eq!(Move::new(e1, g1, Move::SHORT_CASTLE).to_string(), "e1g1");
    }
}
