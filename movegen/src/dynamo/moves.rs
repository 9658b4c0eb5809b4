//! Dynamo moves: up to two displacements in 32 bits, and their notation
//! (docs/rules.md, "Notation: Dynamo moves").
//!
//! A move is identified by its effect, so the encoding is canonical: the displacement with
//! the smaller from-square comes first. Equal effects then have equal bits, which is what
//! lets the generator remove duplicates with a sort.

use crate::bitboard::Bitboard;
use crate::error::MoveError;
use crate::position::{MoveCode, debug_as_display};
use crate::types::{PieceKind, Square};
use std::fmt;
use std::num::NonZeroU32;

/// One displacement in 16 bits, never zero (from != to, or the off-board bit is set):
///
/// | bits  | field |
/// |-------|-------|
/// | 0-5   | from square |
/// | 6-11  | to square (0 when off the board) |
/// | 12    | off the board |
/// | 13-15 | promotion: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen |
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Displacement(u16);

const OFF: u16 = 1 << 12;

impl Displacement {
    /// `to == None` is off the board; `promo` must be a knight..queen.
    #[inline]
    pub fn new(from: Square, to: Option<Square>, promo: Option<PieceKind>) -> Displacement {
        let to_bits = match to {
            Some(t) => (t.to_u8() as u16) << 6,
            None => OFF,
        };
        let p = promo.map_or(0, |k| k.index() as u16); // N=1 .. Q=4
        debug_assert!(p <= 4 && to != Some(from));
        Displacement(from.to_u8() as u16 | to_bits | p << 13)
    }

    #[inline]
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The destination, `None` when the piece leaves the board.
    #[inline]
    pub fn to(self) -> Option<Square> {
        (self.0 & OFF == 0).then(|| Square::new((self.0 >> 6 & 63) as u8))
    }

    /// The from-square and, when on the board, the to-square.
    #[inline]
    pub fn squares(self) -> Bitboard {
        let on_board = ((self.0 & OFF) == 0) as u64;
        Bitboard(1u64 << (self.0 & 63) | on_board << (self.0 >> 6 & 63))
    }

    #[inline]
    pub fn promotion(self) -> Option<PieceKind> {
        let p = self.0 >> 13;
        (p != 0).then(|| PieceKind::from_index(p as usize))
    }

    fn from_raw(bits: u16) -> Option<Displacement> {
        let d = Displacement(bits);
        let p = bits >> 13;
        let ok = match d.to() {
            Some(t) => t != d.from() && p <= 4,
            None => bits >> 6 & 63 == 0 && p == 0,
        };
        ok.then_some(d)
    }
}

impl fmt::Debug for Displacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Displacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        match self.to() {
            Some(t) => write!(f, "{t}")?,
            None => f.write_str("E")?,
        }
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter())?;
        }
        Ok(())
    }
}

/// A Dynamo move: one or two displacements.
///
/// | bits  | field |
/// |-------|-------|
/// | 0-15  | displacement with the smaller from-square (see `Displacement`) |
/// | 16-31 | the other displacement, or 0 when the move has only one |
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(NonZeroU32);

impl Move {
    #[inline]
    pub fn single(d: Displacement) -> Move {
        Move(NonZeroU32::new(d.0 as u32).expect("displacement is never zero"))
    }

    /// Two displacements of different pieces, in any order.
    #[inline]
    pub fn pair(a: Displacement, b: Displacement) -> Move {
        debug_assert!(a.from() != b.from());
        let (lo, hi) = if a.from() < b.from() { (a, b) } else { (b, a) };
        Move(NonZeroU32::new(lo.0 as u32 | (hi.0 as u32) << 16).expect("never zero"))
    }

    #[inline]
    pub fn first(self) -> Displacement {
        Displacement(self.0.get() as u16)
    }

    #[inline]
    pub fn second(self) -> Option<Displacement> {
        let hi = (self.0.get() >> 16) as u16;
        (hi != 0).then_some(Displacement(hi))
    }

    /// The one or two displacements, in from-square order.
    #[inline]
    pub fn parts(self) -> impl Iterator<Item = Displacement> {
        std::iter::once(self.first()).chain(self.second())
    }

    /// Every square the move empties or fills.
    #[inline]
    pub fn squares(self) -> Bitboard {
        let hi = self.second().map_or(Bitboard::EMPTY, Displacement::squares);
        self.first().squares() | hi
    }

    /// The from-squares and the to-squares, possibly with a1 added to either (a
    /// missing second displacement and a piece leaving the board read as a1): a cheap
    /// superset for filters that only need to know which squares a move cannot touch.
    #[inline(always)]
    pub fn rough_squares(self) -> (Bitboard, Bitboard) {
        let b = self.0.get();
        let sq = |x: u32| 1u64 << (x & 63);
        (
            Bitboard(sq(b) | sq(b >> 16)),
            Bitboard(sq(b >> 6) | sq(b >> 22)),
        )
    }

    /// True when a piece leaves the board.
    #[inline]
    pub fn removes(self) -> bool {
        self.0.get() & (OFF as u32 | (OFF as u32) << 16) != 0
    }

    #[inline]
    pub fn promotes(self) -> bool {
        self.0.get() & (0xE000 | 0xE000 << 16) != 0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first())?;
        if let Some(s) = self.second() {
            write!(f, "/{s}")?;
        }
        Ok(())
    }
}

debug_as_display!(Move);

impl MoveCode for Move {
    fn to_bits(self) -> u32 {
        self.0.get()
    }

    fn from_bits(bits: u32) -> Option<Move> {
        let lo = Displacement::from_raw(bits as u16)?;
        let hi = (bits >> 16) as u16;
        if hi == 0 {
            return (lo.0 != 0).then(|| Move::single(lo));
        }
        let hi = Displacement::from_raw(hi)?;
        (lo.0 != 0 && lo.from() < hi.from()).then(|| Move::pair(lo, hi))
    }
}

/// Parses one displacement: `e2e4`, `e7e8q`, `a5E`.
fn parse_displacement(text: &str) -> Option<Displacement> {
    if !text.is_ascii() || text.len() < 3 {
        return None;
    }
    let from = Square::parse(&text[0..2])?;
    let rest = &text[2..];
    if rest == "E" {
        return Some(Displacement::new(from, None, None));
    }
    if rest.len() < 2 {
        return None;
    }
    let to = Square::parse(&rest[0..2])?;
    let promo = match &rest[2..] {
        "" => None,
        "q" => Some(PieceKind::Queen),
        "r" => Some(PieceKind::Rook),
        "b" => Some(PieceKind::Bishop),
        "n" => Some(PieceKind::Knight),
        _ => return None,
    };
    (to != from).then(|| Displacement::new(from, Some(to), promo))
}

/// Parses a move string whose parts may come in any order into its canonical move,
/// without looking at a position. Two parts from the same square are malformed.
pub fn parse_effect(text: &str) -> Result<Move, MoveError> {
    let bad = || MoveError::Malformed(text.to_string());
    let mut parts = text.split('/');
    let a = parse_displacement(parts.next().ok_or_else(bad)?).ok_or_else(bad)?;
    let mv = match parts.next() {
        None => Move::single(a),
        Some(p) => {
            let b = parse_displacement(p).ok_or_else(bad)?;
            if b.from() == a.from() {
                return Err(bad());
            }
            Move::pair(a, b)
        }
    };
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn bits_round_trip() {
        let samples = [
            Move::single(Displacement::new(sq("a1"), Some(sq("b1")), None)),
            Move::single(Displacement::new(sq("b1"), Some(sq("a1")), None)),
            Move::single(Displacement::new(sq("a1"), None, None)),
            Move::single(Displacement::new(
                sq("e7"),
                Some(sq("e8")),
                Some(PieceKind::Queen),
            )),
            Move::pair(
                Displacement::new(sq("e6"), None, None),
                Displacement::new(sq("c6"), None, None),
            ),
            Move::pair(
                Displacement::new(sq("c7"), Some(sq("c8")), Some(PieceKind::Knight)),
                Displacement::new(sq("b2"), Some(sq("b3")), None),
            ),
        ];
        for m in samples {
            assert_eq!(Move::from_bits(m.to_bits()), Some(m));
            assert_eq!(parse_effect(&m.to_string()), Ok(m));
        }
        assert_eq!(Move::from_bits(0), None);
        // from == to, and the two displacements in the wrong order, are not moves.
        assert_eq!(Move::from_bits(0x41 | 1 << 6), None);
        let a = Displacement::new(sq("a1"), Some(sq("a2")), None).0 as u32;
        let b = Displacement::new(sq("b1"), Some(sq("b2")), None).0 as u32;
        assert!(Move::from_bits(a | b << 16).is_some());
        assert_eq!(Move::from_bits(b | a << 16), None);
        assert_eq!(std::mem::size_of::<Option<Move>>(), 4);
    }

    #[test]
    fn canonical_text_and_any_order() {
        let m = parse_effect("e6g6/c6f6").unwrap();
        assert_eq!(m.to_string(), "c6f6/e6g6");
        assert_eq!(
            parse_effect("c7c8q/b2b3").unwrap().to_string(),
            "b2b3/c7c8q"
        );
        assert_eq!(parse_effect("a5E").unwrap().to_string(), "a5E");
        for bad in [
            "",
            "e2",
            "e2e",
            "e2e2",
            "e2e4x",
            "a5Eq",
            "e2e4/",
            "/e2e4",
            "e2e4/e2e5",
            "a1a2/b1b2/c1c2",
            "i1a1",
            "e2E4",
            "E",
            "e2e4 ",
        ] {
            assert!(
                matches!(parse_effect(bad), Err(MoveError::Malformed(_))),
                "{bad}"
            );
        }
    }
}
