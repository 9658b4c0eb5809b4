//! Make and unmake: every square a move changes is recorded with its old content in a
//! small `Copy` state pushed on a stack, so undo restores fusions, fissions, promotions
//! and castling parts exactly whatever the move did.

use super::board::Cell;
use super::moves::Move;
use super::Augsburg;
use crate::bitboard::Bitboard;
use crate::fen::{CastlingRights, CastlingSide};
use crate::types::{Color, PieceKind, Square};
use crate::zobrist;

/// Most squares one move changes: castling touches four (king from/to, corner, the
/// castling part's square), en passant three.
const MAX_CHANGED: usize = 4;

/// What `play` changed, saved so `undo` restores it exactly.
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    changed: [(Square, Cell); MAX_CHANGED],
    n_changed: u8,
    castling: u8,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    pub(super) hash: u64,
    checkers: Bitboard,
}

impl Augsburg {
    /// Plays a legal move.
    pub(super) fn make(&mut self, mv: Move) {
        debug_assert_eq!(
            self.board.cell(mv.from()).color(),
            Some(self.side),
            "{mv}: no unit of the side to move on its square"
        );
        let mut st = self.save();
        let irreversible = if self.board.cell(mv.from()).is_king() {
            self.begin_move();
            self.play_king(&mut st, mv)
        } else {
            self.play_unit(&mut st, mv)
        };
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        self.history.push(st);
        self.end_move();
    }

    /// Takes back the last move (or null move).
    pub(super) fn unmake(&mut self) {
        let st = self.history.pop().expect("undo without play");
        for &(sq, cell) in st.changed[..st.n_changed as usize].iter().rev() {
            self.board.set(sq, cell);
        }
        self.side = self.side.flip();
        self.castling = st.castling;
        self.en_passant = st.en_passant;
        self.halfmove = st.halfmove;
        self.fullmove = st.fullmove;
        self.hash = st.hash;
        self.checkers = st.checkers;
    }

    /// Passes.
    pub(super) fn make_null(&mut self) {
        debug_assert!(!self.checkers.any(), "null move in check");
        let st = self.save();
        self.begin_move();
        self.halfmove += 1;
        self.history.push(st);
        self.end_move();
    }

    fn save(&self) -> State {
        State {
            changed: [(Square::new(0), Cell::EMPTY); MAX_CHANGED],
            n_changed: 0,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            checkers: self.checkers,
        }
    }

    /// Sets a square, keeping the hash and the undo record up to date.
    #[inline]
    fn put(&mut self, st: &mut State, sq: Square, cell: Cell) {
        let old = self.board.set(sq, cell);
        self.hash ^= old.key(sq) ^ cell.key(sq);
        st.changed[st.n_changed as usize] = (sq, old);
        st.n_changed += 1;
    }

    /// Takes castling and en passant out of the hash before a move changes them.
    fn begin_move(&mut self) {
        self.hash ^= zobrist::castling(self.castling) ^ self.ep_hash();
        self.en_passant = None;
    }

    /// Flips the side and puts castling, en passant and the side back into the hash.
    fn end_move(&mut self) {
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.hash ^= zobrist::SIDE ^ zobrist::castling(self.castling) ^ self.ep_hash();
        self.checkers = self.compute_checkers();
    }

    /// A king move or castling. Returns whether it is irreversible: a capture, or a
    /// castling part that holds a pawn component (a pawn on its first rank may ride).
    fn play_king(&mut self, st: &mut State, mv: Move) -> bool {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        self.castling &= !CastlingRights::of(us);
        if from.file().abs_diff(to.file()) == 2 {
            let side = CastlingSide::of(us)
                .iter()
                .find(|s| s.king_to == to)
                .expect("castling side");
            let corner = self.board.cell(side.rook_from).components();
            self.put(st, from, Cell::EMPTY);
            self.put(st, to, Cell::king(us));
            self.put(st, side.rook_from, Cell::unit(us, corner.minus(mv.part())));
            self.put(st, side.rook_to, Cell::unit(us, mv.part()));
            return mv.part().has(PieceKind::Pawn);
        }
        let captured = !self.board.cell(to).is_empty();
        if captured {
            self.castling &= !CastlingSide::rights_touching(to);
        }
        self.put(st, from, Cell::EMPTY);
        self.put(st, to, Cell::king(us));
        captured
    }

    /// A unit's move (whole or part). Returns whether it is irreversible.
    /// Must run before `begin_move` clears the en passant square.
    fn play_unit(&mut self, st: &mut State, mv: Move) -> bool {
        let us = self.side;
        let (from, to, part) = (mv.from(), mv.to(), mv.part());
        let unit = self.board.cell(from).components();
        let target = self.board.cell(to);
        let capture = target.color() == Some(us.flip());
        let fusion = target.color() == Some(us);
        let has_pawn = part.has(PieceKind::Pawn);
        let en_passant = self.is_en_passant(from, to, part);
        self.begin_move();

        self.put(st, from, Cell::unit(us, unit.minus(part)));
        if en_passant {
            let victim = to.shift(-us.forward()).expect("on board");
            self.put(st, victim, Cell::EMPTY);
        }
        let arriving = mv.promotion().map_or(part, |k| part.promoted(k));
        let placed = if fusion {
            target.components().plus(arriving)
        } else {
            arriving
        };
        self.put(st, to, Cell::unit(us, placed));

        if has_pawn
            && !capture
            && from.rank() == us.relative_rank(1)
            && from.shift(2 * us.forward()) == Some(to)
        {
            self.en_passant = from.shift(us.forward());
        }
        let mut lost = 0;
        if part.has(PieceKind::Rook) {
            lost |= CastlingSide::rights_touching(from);
        }
        if capture {
            lost |= CastlingSide::rights_touching(to);
        }
        self.castling &= !lost;
        capture || en_passant || fusion || has_pawn
    }
}
