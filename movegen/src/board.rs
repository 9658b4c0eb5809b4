//! The orthodox board: one piece per square, kept both as bitboards and as a mailbox.
//! Chess, Dynamo and the Einstein family all play on it.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::error::FenError;
use crate::fen::{FenFields, PlacementToken};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    mailbox: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
        }
    }
}

impl Board {
    /// Reads the placement field (single letters only).
    pub fn from_fen_placement(fields: &FenFields<'_>) -> Result<Board, FenError> {
        let mut board = Board::default();
        fields.for_each_square(|sq, token| match token {
            PlacementToken::Letter(c) => {
                let piece = Piece::from_fen_char(c).ok_or_else(|| {
                    FenError::syntax("placement", format!("unknown piece letter '{c}'"))
                })?;
                board.put(sq, piece);
                Ok(())
            }
            PlacementToken::Group(g) => Err(FenError::syntax(
                "placement",
                format!("compound piece '({g})' exists only in augsburg"),
            )),
        })?;
        Ok(board)
    }

    /// The placement field.
    pub fn fen_placement(&self) -> String {
        placement_string(|sq| self.piece_at(sq).map(|p| p.fen_char().to_string()))
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    #[inline]
    pub fn kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The king of `color`, if there is one.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        let k = self.pieces(color, PieceKind::King);
        k.any().then(|| k.lsb())
    }

    /// Rooks and queens.
    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.kind(PieceKind::Rook) | self.kind(PieceKind::Queen)
    }

    /// Bishops and queens.
    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.kind(PieceKind::Bishop) | self.kind(PieceKind::Queen)
    }

    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()].is_none());
        let b = Bitboard::from_square(sq);
        self.by_kind[piece.kind.index()] |= b;
        self.by_color[piece.color.index()] |= b;
        self.mailbox[sq.index()] = Some(piece);
    }

    /// Removes and returns the piece on `sq` (which must be occupied).
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Piece {
        let piece = self.mailbox[sq.index()]
            .take()
            .expect("remove from empty square");
        let b = Bitboard::from_square(sq);
        self.by_kind[piece.kind.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        piece
    }

    /// Moves the piece on `from` to the empty square `to`.
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square) {
        let piece = self.remove(from);
        self.put(to, piece);
    }

    /// Every piece of either colour attacking `sq` with the given occupancy.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (attacks::pawn(Color::White, sq) & self.pieces(Color::Black, PieceKind::Pawn))
            | (attacks::pawn(Color::Black, sq) & self.pieces(Color::White, PieceKind::Pawn))
            | (attacks::knight(sq) & self.kind(PieceKind::Knight))
            | (attacks::king(sq) & self.kind(PieceKind::King))
            | (attacks::rook(sq, occupied) & self.rook_likes())
            | (attacks::bishop(sq, occupied) & self.bishop_likes())
    }

    /// Pieces of `us` pinned to their king on `king` by enemy sliders: shared by every
    /// variant whose pieces move and check orthodoxly.
    #[inline]
    pub fn pinned(&self, us: Color, king: Square) -> Bitboard {
        let their = self.color(us.flip());
        let occ = self.occupied();
        let snipers = (attacks::rook(king, their) & self.rook_likes()
            | attacks::bishop(king, their) & self.bishop_likes())
            & their;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(king, s) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & self.color(us);
            }
        }
        pinned
    }

    /// True when a piece of `by` attacks `sq` with the given occupancy.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (self.attackers_to(sq, occupied) & self.color(by)).any()
    }

    /// Zobrist key of the placement alone.
    pub fn placement_hash(&self) -> u64 {
        Square::all()
            .filter_map(|sq| {
                self.piece_at(sq)
                    .map(|p| zobrist::piece(p.index(), sq.index()))
            })
            .fold(0, |a, b| a ^ b)
    }

    /// Board picture for the `d` command.
    pub fn picture(&self) -> String {
        picture(|sq| self.piece_at(sq).map(|p| p.fen_char().to_string()))
    }
}

/// What the code every variant shares reads of a board, the orthodox `Board` or
/// Augsburg's `UnitBoard`: occupancy, kings and rooks, orthodox attacks.
pub trait Placement {
    fn occupied(&self) -> Bitboard;
    fn color(&self, color: Color) -> Bitboard;
    /// Squares of both kings.
    fn kings(&self) -> Bitboard;
    /// Squares of the pawns of `color` (in Augsburg, of its units with a pawn component).
    fn pawns(&self, color: Color) -> Bitboard;
    /// True when `sq` holds a rook of `color` (in Augsburg, a unit with a rook component).
    fn has_rook(&self, sq: Square, color: Color) -> bool;
    /// Every piece of either colour attacking `sq` with the given occupancy.
    fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard;

    /// True when a piece of `by` attacks `sq` with the given occupancy.
    fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool;
    /// Zobrist key of the placement alone, computed from scratch.
    fn placement_hash(&self) -> u64;
    /// A text picture of the board for the `d` command.
    fn picture(&self) -> String;

    /// The squares of the men of each colour and orthodox kind, `[color * 6 + kind]`,
    /// which a network's inputs are (`feerie_eval::nnue`). An Augsburg unit marks its
    /// square in the plane of each kind of component it holds, and in the queen's
    /// plane when it holds two kinds or more (docs/nnue.md).
    fn planes(&self) -> [Bitboard; 12];

    /// Pieces of the other side giving check to the king of `us` (on the board).
    #[inline]
    fn checkers(&self, us: Color) -> Bitboard {
        let king = self.king(us).expect("king on board");
        self.attackers_to(king, self.occupied()) & self.color(us.flip())
    }

    /// The king of `color`, if there is one.
    fn king(&self, color: Color) -> Option<Square>;

    /// True when both sides have only a king.
    #[inline]
    fn bare_kings(&self) -> bool {
        self.occupied() == self.kings()
    }

    /// True when the king of `color` (which must be on the board) is attacked.
    fn king_attacked(&self, color: Color) -> bool {
        let king = self.king(color).expect("king on board");
        self.is_attacked(king, color.flip(), self.occupied())
    }
}

impl Placement for Board {
    #[inline]
    fn occupied(&self) -> Bitboard {
        Board::occupied(self)
    }
    fn planes(&self) -> [Bitboard; 12] {
        let mut planes = [Bitboard::EMPTY; 12];
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                planes[color.index() * 6 + kind.index()] = self.pieces(color, kind);
            }
        }
        planes
    }
    #[inline]
    fn color(&self, color: Color) -> Bitboard {
        Board::color(self, color)
    }
    #[inline]
    fn kings(&self) -> Bitboard {
        self.kind(PieceKind::King)
    }
    #[inline]
    fn pawns(&self, color: Color) -> Bitboard {
        self.pieces(color, PieceKind::Pawn)
    }
    fn has_rook(&self, sq: Square, color: Color) -> bool {
        self.piece_at(sq) == Some(Piece::new(color, PieceKind::Rook))
    }
    #[inline]
    fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        Board::attackers_to(self, sq, occupied)
    }
    #[inline]
    fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        Board::is_attacked(self, sq, by, occupied)
    }
    #[inline]
    fn king(&self, color: Color) -> Option<Square> {
        Board::king(self, color)
    }
    fn placement_hash(&self) -> u64 {
        Board::placement_hash(self)
    }
    fn picture(&self) -> String {
        Board::picture(self)
    }
}

/// Writes a FEN placement field from a per-square label.
pub fn placement_string(label: impl Fn(Square) -> Option<String>) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            match label(Square::from_coords(file, rank)) {
                Some(l) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push_str(&l);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// A Stockfish-style board picture from a per-square label (labels up to 3 characters
/// wide, for compound units).
pub fn picture(label: impl Fn(Square) -> Option<String>) -> String {
    let width = Square::all()
        .filter_map(&label)
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let cell = width + 2;
    let border = format!(" +{}\n", format!("{}+", "-".repeat(cell)).repeat(8));
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&border);
        out.push_str(" |");
        for file in 0..8 {
            let l = label(Square::from_coords(file, rank)).unwrap_or_default();
            out.push_str(&format!(" {l:^width$} |"));
        }
        out.push_str(&format!(" {}\n", rank + 1));
    }
    out.push_str(&border);
    out.push_str("  ");
    for file in 0..8u8 {
        out.push_str(&format!(" {:^width$} ", (b'a' + file) as char));
    }
    out.push('\n');
    out
}
