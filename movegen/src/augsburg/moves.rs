//! The Augsburg move: which part of which unit goes where, and its notation.

use super::unit::Unit;
use crate::position::{MoveCode, debug_as_display};
use crate::types::{PieceKind, Square};
use arrayvec::ArrayVec;
use std::fmt;
use std::num::NonZeroU32;

/// An Augsburg move in 32 bits (never zero, since from != to):
///
/// | bits  | field |
/// |-------|-------|
/// | 0-5   | from square |
/// | 6-11  | to square |
/// | 12-15 | pawn components that move |
/// | 16-19 | knight components that move |
/// | 20-23 | bishop components that move |
/// | 24-27 | rook components that move |
/// | 28-30 | promotion: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen (`PieceKind` index) |
/// | 31    | whole: the whole unit (or king, or whole corner unit when castling) moves |
///
/// A king move has no components. Castling is the king's move (e1g1, e1c1, e8g8, e8c8)
/// with the castling part of the corner unit in bits 12-27. Captures, fusions and en
/// passant follow from the position, as in the notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU32);

impl Move {
    const WHOLE: u32 = 1 << 31;

    #[inline]
    pub fn new(
        from: Square,
        to: Square,
        part: Unit,
        whole: bool,
        promotion: Option<PieceKind>,
    ) -> Move {
        let bits = from.to_u8() as u32
            | (to.to_u8() as u32) << 6
            | (part.bits() as u32) << 12
            | (promotion.map_or(0, |k| k.index() as u32)) << 28
            | if whole { Move::WHOLE } else { 0 };
        Move(NonZeroU32::new(bits).expect("from == to"))
    }

    #[inline]
    pub fn from(self) -> Square {
        Square::new((self.0.get() & 63) as u8)
    }

    #[inline]
    pub fn to(self) -> Square {
        Square::new((self.0.get() >> 6 & 63) as u8)
    }

    /// The components that move (empty for a king move).
    #[inline]
    pub fn part(self) -> Unit {
        Unit::from_bits((self.0.get() >> 12) as u16)
    }

    #[inline]
    pub fn is_whole(self) -> bool {
        self.0.get() & Move::WHOLE != 0
    }

    #[inline]
    pub fn promotion(self) -> Option<PieceKind> {
        match self.0.get() >> 28 & 7 {
            0 => None,
            k => Some(PieceKind::from_index(k as usize)),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if !self.is_whole() {
            write!(f, "({})", self.part().letters())?;
        }
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter())?;
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
        let m = Move(NonZeroU32::new(bits)?);
        let promo_ok = match bits >> 28 & 7 {
            0 => true,
            1..=4 => m.part().has(PieceKind::Pawn),
            _ => false,
        };
        let part_ok = m.is_whole() || !m.part().is_empty();
        (m.from() != m.to() && promo_ok && part_ok).then_some(m)
    }
}

/// Move list capacity. Fissions multiply moves: a unit of c_p pawns, c_n knights, c_b
/// bishops and c_r rooks has (c_p+1)(c_n+1)(c_b+1)(c_r+1)-1 parts, each moving as the
/// union of its kinds. Witness: the widest list over every node of every perft tree of
/// `tests/data/perft/augsburg.epd` to its full depth is 317 moves, in the tree of
/// `(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K` (two four-component units); the start position's
/// tree to depth 4 peaks at 231 (test `move_list_capacity_witness`). But one central
/// six-component unit already has 875 moves (`4k3/8/8/8/3(RRBBNP)4/8/8/4K3 w`), so the
/// capacity is 2048 (8 KiB a list). A position beyond it (a unit of a dozen or more
/// components) is generated only up to the capacity rather than aborting the program.
pub const CAPACITY: usize = 2048;

pub type MoveList = ArrayVec<Move, CAPACITY>;

/// Parsed form of a move string: squares, the listed part (`None`: whole unit) and the
/// promotion letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub from: Square,
    pub to: Square,
    pub part: Option<Unit>,
    pub promotion: Option<PieceKind>,
}

impl MoveText {
    /// Reads `<from><to>[(<components>)][<promotion>]`, the components in any order
    /// (lower case `r`, `b`, `n`, `p`). `None` when the text is malformed.
    pub fn parse(text: &str) -> Option<MoveText> {
        if !text.is_ascii() || text.len() < 4 {
            return None;
        }
        let from = Square::parse(&text[0..2])?;
        let to = Square::parse(&text[2..4])?;
        let mut rest = &text[4..];
        let mut part = None;
        if let Some(inner) = rest.strip_prefix('(') {
            let end = inner.find(')')?;
            let letters = &inner[..end];
            if letters.is_empty() {
                return None;
            }
            let mut unit = Unit::EMPTY;
            for c in letters.chars() {
                if !matches!(c, 'r' | 'b' | 'n' | 'p') {
                    return None;
                }
                unit = unit.checked_plus(Unit::from_letter(c)?)?;
            }
            part = Some(unit);
            rest = &inner[end + 1..];
        }
        let promotion = match rest {
            "" => None,
            "n" => Some(PieceKind::Knight),
            "b" => Some(PieceKind::Bishop),
            "r" => Some(PieceKind::Rook),
            "q" => Some(PieceKind::Queen),
            _ => return None,
        };
        Some(MoveText {
            from,
            to,
            part,
            promotion,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        let sq = |s| Square::parse(s).unwrap();
        let bnp = Unit::of(PieceKind::Bishop, 1).plus(Unit::of(PieceKind::Pawn, 1));
        let rr = Unit::of(PieceKind::Rook, 15);
        let cases = [
            Move::new(
                sq("a3"),
                sq("c2"),
                Unit::of(PieceKind::Knight, 1),
                false,
                None,
            ),
            Move::new(sq("a3"), sq("b4"), bnp, true, None),
            Move::new(
                sq("b7"),
                sq("b8"),
                Unit::of(PieceKind::Pawn, 2),
                true,
                Some(PieceKind::Queen),
            ),
            Move::new(sq("h8"), sq("a8"), rr, false, None),
            Move::new(
                sq("e1"),
                sq("g1"),
                Unit::of(PieceKind::Rook, 1),
                false,
                None,
            ),
            Move::new(sq("e1"), sq("e2"), Unit::EMPTY, true, None),
        ];
        for m in cases {
            let back = Move::from_bits(m.to_bits()).expect("valid bits");
            assert_eq!(back, m);
            assert_eq!(back.from(), m.from());
            assert_eq!(back.part(), m.part());
            assert_eq!(back.promotion(), m.promotion());
        }
        assert_eq!(cases[0].to_string(), "a3c2(n)");
        assert_eq!(cases[1].to_string(), "a3b4");
        assert_eq!(cases[2].to_string(), "b7b8q");
        assert_eq!(cases[4].to_string(), "e1g1(r)");
        assert_eq!(std::mem::size_of::<Option<Move>>(), 4);
        assert!(Move::from_bits(0).is_none());
    }

    #[test]
    fn text_parsing() {
        let t = MoveText::parse("a3c4(pb)").unwrap();
        assert_eq!(t.part.unwrap().letters(), "bp");
        assert_eq!(
            MoveText::parse("b7b8(p)n").unwrap().promotion,
            Some(PieceKind::Knight)
        );
        for bad in [
            "a3c4(", "a3c4()", "a3c4(x)", "a3c4(B)", "a3c4)", "a3c4(q)", "a3", "a3c4k",
        ] {
            assert!(MoveText::parse(bad).is_none(), "{bad}");
        }
    }
}
