//! A unit's contents: a multiset of pawn, knight, bishop and rook components.
//!
//! Four bits per component kind, in `PieceKind` index order (pawn in bits 0-3, knight
//! 4-7, bishop 8-11, rook 12-15), so a whole unit, or the part that moves, fits in 16 bits
//! and multiset sums and differences are plain integer additions (FEN validation keeps
//! every count, including what promotions can add, at most 15: no nibble ever carries).

use crate::types::{Color, PieceKind};
use std::fmt;

/// The four component kinds, in nibble order.
pub const COMPONENTS: [PieceKind; 4] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// Canonical printing order (R, B, N, P): docs/rules.md, "Notation: FEN".
const PRINT_ORDER: [PieceKind; 4] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// A multiset of components (possibly empty: the "no part" value).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Unit(u16);

impl Unit {
    pub const EMPTY: Unit = Unit(0);
    /// Largest count of one kind a nibble holds.
    pub const MAX_COUNT: u32 = 15;

    #[inline]
    pub const fn from_bits(bits: u16) -> Unit {
        Unit(bits)
    }

    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// `n` components of `kind` (pawn..rook; a queen is two kinds, see `queen`).
    #[inline]
    pub const fn of(kind: PieceKind, n: u32) -> Unit {
        Unit((n as u16 & 15) << (4 * kind.index()))
    }

    /// The orthodox queen: bishop + rook.
    pub const QUEEN: Unit = Unit(0x1100);

    #[inline]
    pub const fn count(self, kind: PieceKind) -> u32 {
        (self.0 >> (4 * kind.index()) & 15) as u32
    }

    #[inline]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.count(kind) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of components.
    pub const fn size(self) -> u32 {
        self.count(PieceKind::Pawn)
            + self.count(PieceKind::Knight)
            + self.count(PieceKind::Bishop)
            + self.count(PieceKind::Rook)
    }

    /// Bit i set when component kind i is present.
    #[inline]
    pub const fn kinds(self) -> u8 {
        let mut m = 0u8;
        let mut i = 0;
        while i < 4 {
            if self.0 >> (4 * i) & 15 != 0 {
                m |= 1 << i;
            }
            i += 1;
        }
        m
    }

    /// Multiset sum. Counts must stay at most 15.
    #[inline]
    pub const fn plus(self, other: Unit) -> Unit {
        Unit(self.0 + other.0)
    }

    /// Multiset difference; `other` must be contained in `self`.
    #[inline]
    pub const fn minus(self, other: Unit) -> Unit {
        Unit(self.0 - other.0)
    }

    /// True when `other` is a sub-multiset of `self`.
    pub const fn contains(self, other: Unit) -> bool {
        let mut i = 0;
        while i < 4 {
            if (other.0 >> (4 * i) & 15) > (self.0 >> (4 * i) & 15) {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The unit after its pawns promote to `to` (knight, bishop, rook or queen): each
    /// pawn component becomes one such piece, a queen adding a bishop and a rook.
    pub const fn promoted(self, to: PieceKind) -> Unit {
        let p = self.count(PieceKind::Pawn);
        let rest = Unit(self.0 & !0xF);
        match to {
            PieceKind::Queen => rest
                .plus(Unit::of(PieceKind::Bishop, p))
                .plus(Unit::of(PieceKind::Rook, p)),
            kind => rest.plus(Unit::of(kind, p)),
        }
    }

    /// The next non-empty sub-multiset of `whole` after `self` in mixed-radix order,
    /// starting from `EMPTY`; `None` after the last (which is `whole` itself).
    #[inline]
    pub fn next_part(self, whole: Unit) -> Option<Unit> {
        let mut s = self.0;
        for i in 0..4 {
            let shift = 4 * i;
            if (s >> shift & 15) < (whole.0 >> shift & 15) {
                return Some(Unit(s + (1 << shift)));
            }
            s &= !(15 << shift);
        }
        None
    }

    /// Every non-empty sub-multiset of `self`, each once.
    pub fn parts(self) -> impl Iterator<Item = Unit> {
        let whole = self;
        std::iter::successors(Unit::EMPTY.next_part(whole), move |p| p.next_part(whole))
    }

    /// Component letters in canonical order (R, B, N, P with repetition), lower case.
    pub fn letters(self) -> String {
        let mut s = String::new();
        for kind in PRINT_ORDER {
            for _ in 0..self.count(kind) {
                s.push(kind.letter());
            }
        }
        s
    }

    /// The FEN label of a unit of `color`: a plain letter for one component, `Q`/`q`
    /// for exactly bishop + rook, else the letters in parentheses.
    pub fn fen_label(self, color: Color) -> String {
        let text = if self == Unit::QUEEN {
            "q".to_string()
        } else if self.size() == 1 {
            self.letters()
        } else {
            format!("({})", self.letters())
        };
        match color {
            Color::White => text.to_ascii_uppercase(),
            Color::Black => text,
        }
    }

    /// Label for board pictures: `RBN`, `Q`, `p`.
    pub fn picture_label(self, color: Color) -> String {
        let text = if self == Unit::QUEEN {
            "q".to_string()
        } else {
            self.letters()
        };
        match color {
            Color::White => text.to_ascii_uppercase(),
            Color::Black => text,
        }
    }

    /// The component a letter names (either case), with `q` as bishop + rook.
    pub fn from_letter(c: char) -> Option<Unit> {
        match c.to_ascii_lowercase() {
            'p' => Some(Unit::of(PieceKind::Pawn, 1)),
            'n' => Some(Unit::of(PieceKind::Knight, 1)),
            'b' => Some(Unit::of(PieceKind::Bishop, 1)),
            'r' => Some(Unit::of(PieceKind::Rook, 1)),
            'q' => Some(Unit::QUEEN),
            _ => None,
        }
    }

    /// Adds `other` unless a count would exceed 15.
    pub fn checked_plus(self, other: Unit) -> Option<Unit> {
        COMPONENTS
            .iter()
            .all(|&k| self.count(k) + other.count(k) <= Unit::MAX_COUNT)
            .then(|| self.plus(other))
    }
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unit({})", self.letters())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_enumerates_each_submultiset_once() {
        let u = Unit::of(PieceKind::Knight, 2).plus(Unit::of(PieceKind::Pawn, 1));
        let parts: Vec<Unit> = u.parts().collect();
        assert_eq!(parts.len(), 3 * 2 - 1);
        assert!(parts.iter().all(|p| u.contains(*p) && !p.is_empty()));
        assert_eq!(*parts.last().unwrap(), u);
        let mut dedup = parts.clone();
        dedup.sort_by_key(|p| p.bits());
        dedup.dedup();
        assert_eq!(dedup.len(), parts.len());
    }

    #[test]
    fn labels_are_canonical() {
        let rbn = Unit::QUEEN.plus(Unit::of(PieceKind::Knight, 1));
        assert_eq!(rbn.fen_label(Color::White), "(RBN)");
        assert_eq!(Unit::QUEEN.fen_label(Color::Black), "q");
        assert_eq!(Unit::of(PieceKind::Pawn, 1).fen_label(Color::White), "P");
        let two_queens = Unit::of(PieceKind::Pawn, 2).promoted(PieceKind::Queen);
        assert_eq!(two_queens.fen_label(Color::White), "(RRBB)");
    }
}
