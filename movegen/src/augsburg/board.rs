//! The Augsburg board: a mailbox of square contents, and bitboards per colour and per
//! component kind so that attacks come from the ordinary lookups of each kind present.

use super::unit::{COMPONENTS, Unit};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Placement, picture};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist;

/// What stands on a square, in 32 bits: bits 0-15 the unit's components, bit 16 a king,
/// bit 17 black. Zero is the empty square (a king or a unit is never zero).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cell(u32);

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    const KING: u32 = 1 << 16;
    const BLACK: u32 = 1 << 17;

    #[inline]
    pub const fn king(color: Color) -> Cell {
        Cell(Cell::KING | (color as u32) << 17)
    }

    /// A unit of `color`, or the empty square when `unit` is empty.
    #[inline]
    pub const fn unit(color: Color, unit: Unit) -> Cell {
        if unit.is_empty() {
            Cell::EMPTY
        } else {
            Cell(unit.bits() as u32 | (color as u32) << 17)
        }
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn is_king(self) -> bool {
        self.0 & Cell::KING != 0
    }

    /// The components (empty for a king or an empty square).
    #[inline]
    pub const fn components(self) -> Unit {
        Unit::from_bits(self.0 as u16)
    }

    #[inline]
    pub const fn color(self) -> Option<Color> {
        if self.0 == 0 {
            None
        } else if self.0 & Cell::BLACK != 0 {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    }

    /// Zobrist key of this content on `sq`: the orthodox king key for kings; for units,
    /// one key per (colour, kind, set bit of that kind's count), so every multiset has
    /// its own combination (codes 12..44 of `zobrist::PIECE_CODES`).
    pub fn key(self, sq: Square) -> u64 {
        let Some(color) = self.color() else {
            return 0;
        };
        if self.is_king() {
            return zobrist::piece(Piece::new(color, PieceKind::King).index(), sq.index());
        }
        let unit = self.components();
        let mut h = 0;
        for kind in COMPONENTS {
            let mut n = unit.count(kind);
            while n != 0 {
                let bit = n.trailing_zeros() as usize;
                let code = 12 + color.index() * 16 + kind.index() * 4 + bit;
                h ^= zobrist::piece(code, sq.index());
                n &= n - 1;
            }
        }
        h
    }

    /// The content seen from `label`-printing code: kings `K`/`k`, units by their label.
    pub fn label(self, fen: bool) -> Option<String> {
        let color = self.color()?;
        if self.is_king() {
            return Some(Piece::new(color, PieceKind::King).fen_char().to_string());
        }
        let unit = self.components();
        Some(if fen {
            unit.fen_label(color)
        } else {
            unit.picture_label(color)
        })
    }
}

impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label(true).unwrap_or_else(|| "-".to_string()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitBoard {
    cells: [Cell; 64],
    by_color: [Bitboard; 2],
    /// Squares of units holding at least one component of each kind (pawn..rook).
    by_kind: [Bitboard; 4],
    kings: Bitboard,
}

impl Default for UnitBoard {
    fn default() -> UnitBoard {
        UnitBoard {
            cells: [Cell::EMPTY; 64],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 4],
            kings: Bitboard::EMPTY,
        }
    }
}

impl UnitBoard {
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// Replaces the content of `sq`, returning what stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, cell: Cell) -> Cell {
        let old = self.cells[sq.index()];
        let b = Bitboard::from_square(sq);
        if let Some(c) = old.color() {
            self.by_color[c.index()] &= !b;
            self.kings &= !b;
            for k in &mut self.by_kind {
                *k &= !b;
            }
        }
        if let Some(c) = cell.color() {
            self.by_color[c.index()] |= b;
            if cell.is_king() {
                self.kings |= b;
            } else {
                let kinds = cell.components().kinds();
                for (i, k) in self.by_kind.iter_mut().enumerate() {
                    if kinds >> i & 1 != 0 {
                        *k |= b;
                    }
                }
            }
        }
        self.cells[sq.index()] = cell;
        old
    }

    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares of units (either colour) with at least one component of `kind`.
    #[inline]
    pub fn kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Squares of units of `color` with at least one component of `kind`.
    #[inline]
    pub fn units_with(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    /// Squares of the non-king units of `color`.
    #[inline]
    pub fn units(&self, color: Color) -> Bitboard {
        self.by_color[color.index()] & !self.kings
    }

    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        (self.kings & self.by_color[color.index()])
            .into_iter()
            .next()
    }

    /// Every unit or king of either colour attacking `sq` (a unit attacks with each of
    /// its components) given the occupancy.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let pawns = self.kind(PieceKind::Pawn);
        (attacks::pawn(Color::White, sq) & pawns & self.by_color[1])
            | (attacks::pawn(Color::Black, sq) & pawns & self.by_color[0])
            | (attacks::knight(sq) & self.kind(PieceKind::Knight))
            | (attacks::king(sq) & self.kings)
            | (attacks::rook(sq, occupied) & self.kind(PieceKind::Rook))
            | (attacks::bishop(sq, occupied) & self.kind(PieceKind::Bishop))
    }

    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (self.attackers_to(sq, occupied) & self.color(by)).any()
    }

    /// Zobrist key of the placement, computed from scratch.
    pub fn placement_hash(&self) -> u64 {
        Square::all().fold(0, |h, sq| h ^ self.cell(sq).key(sq))
    }
}

impl Placement for UnitBoard {
    #[inline]
    fn occupied(&self) -> Bitboard {
        UnitBoard::occupied(self)
    }
    #[inline]
    fn color(&self, color: Color) -> Bitboard {
        UnitBoard::color(self, color)
    }
    #[inline]
    fn kings(&self) -> Bitboard {
        self.kings
    }
    #[inline]
    fn pawns(&self, color: Color) -> Bitboard {
        self.units_with(color, PieceKind::Pawn)
    }
    fn has_rook(&self, sq: Square, color: Color) -> bool {
        let cell = self.cell(sq);
        cell.color() == Some(color) && !cell.is_king() && cell.components().has(PieceKind::Rook)
    }
    #[inline]
    fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        UnitBoard::attackers_to(self, sq, occupied)
    }
    #[inline]
    fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        UnitBoard::is_attacked(self, sq, by, occupied)
    }
    #[inline]
    fn king(&self, color: Color) -> Option<Square> {
        UnitBoard::king(self, color)
    }
    fn placement_hash(&self) -> u64 {
        UnitBoard::placement_hash(self)
    }
    fn picture(&self) -> String {
        picture(|sq| self.cell(sq).label(false))
    }
    fn planes(&self) -> [Bitboard; 12] {
        let mut compound = Bitboard::EMPTY;
        for (i, &a) in self.by_kind.iter().enumerate() {
            for &b in &self.by_kind[i + 1..] {
                compound |= a & b;
            }
        }
        let mut planes = [Bitboard::EMPTY; 12];
        for color in Color::BOTH {
            let side = self.by_color[color.index()];
            let base = color.index() * 6;
            for kind in COMPONENTS {
                planes[base + kind.index()] = self.by_kind[kind.index()] & side;
            }
            planes[base + PieceKind::Queen.index()] = compound & side;
            planes[base + PieceKind::King.index()] = self.kings & side;
        }
        planes
    }
}
