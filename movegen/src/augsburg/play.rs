//! Make and unmake: every square a move changes is recorded with its old content in a
//! small `Copy` state pushed on a stack, so undo restores fusions, fissions, promotions
//! and castling parts exactly whatever the move did.

use super::Augsburg;
use super::board::Cell;
use super::moves::Move;
use crate::fen::{CastlingRights, CastlingSide};
use crate::game::en_passant_square_key;
use crate::types::{PieceKind, Square};

/// Most squares one move changes: castling touches four (king from/to, corner, the
/// castling part's square), en passant three.
const MAX_CHANGED: usize = 4;

/// The squares `play` changed with their old contents, saved beside the game state so
/// `undo` restores them exactly.
#[derive(Clone, Copy, Debug)]
pub(super) struct Changes {
    changed: [(Square, Cell); MAX_CHANGED],
    n_changed: u8,
}

impl Changes {
    const NONE: Changes = Changes {
        changed: [(Square::new(0), Cell::EMPTY); MAX_CHANGED],
        n_changed: 0,
    };
}

impl Augsburg {
    /// Plays a legal move.
    pub(super) fn make(&mut self, mv: Move) {
        debug_assert_eq!(
            self.board.cell(mv.from()).color(),
            Some(self.game.side),
            "{mv}: no unit of the side to move on its square"
        );
        let before = *self.game;
        let mut st = Changes::NONE;
        let irreversible = if self.board.cell(mv.from()).is_king() {
            self.game.begin_move(&self.board, en_passant_square_key);
            self.play_king(&mut st, mv)
        } else {
            self.play_unit(&mut st, mv)
        };
        self.game.halfmove = if irreversible {
            0
        } else {
            self.game.halfmove + 1
        };
        self.game.push_before(before, st);
        self.game.end_move(&self.board, en_passant_square_key);
    }

    /// Takes back the last move (or null move).
    pub(super) fn unmake(&mut self) {
        let st = self.game.pop();
        for &(sq, cell) in st.changed[..st.n_changed as usize].iter().rev() {
            self.board.set(sq, cell);
        }
    }

    /// Passes.
    pub(super) fn make_null(&mut self) {
        self.game
            .play_null(Changes::NONE, &self.board, en_passant_square_key);
    }

    /// Sets a square, keeping the hash and the undo record up to date.
    #[inline]
    fn put(&mut self, st: &mut Changes, sq: Square, cell: Cell) {
        let old = self.board.set(sq, cell);
        self.game.hash ^= old.key(sq) ^ cell.key(sq);
        st.changed[st.n_changed as usize] = (sq, old);
        st.n_changed += 1;
    }

    /// A king move or castling. Returns whether it is irreversible: a capture, or a
    /// castling part that holds a pawn component (a pawn on its first rank may ride).
    fn play_king(&mut self, st: &mut Changes, mv: Move) -> bool {
        let us = self.game.side;
        let (from, to) = (mv.from(), mv.to());
        self.game.castling &= !CastlingRights::of(us);
        if from.file().abs_diff(to.file()) == 2 {
            let side = CastlingSide::landing_on(us, to);
            let corner = self.board.cell(side.rook_from).components();
            self.put(st, from, Cell::EMPTY);
            self.put(st, to, Cell::king(us));
            self.put(st, side.rook_from, Cell::unit(us, corner.minus(mv.part())));
            self.put(st, side.rook_to, Cell::unit(us, mv.part()));
            return mv.part().has(PieceKind::Pawn);
        }
        let captured = !self.board.cell(to).is_empty();
        if captured {
            self.game.castling &= !CastlingSide::rights_touching(to);
        }
        self.put(st, from, Cell::EMPTY);
        self.put(st, to, Cell::king(us));
        captured
    }

    /// A unit's move (whole or part). Returns whether it is irreversible.
    /// Must run before `begin_move` clears the en passant square.
    fn play_unit(&mut self, st: &mut Changes, mv: Move) -> bool {
        let us = self.game.side;
        let (from, to, part) = (mv.from(), mv.to(), mv.part());
        let unit = self.board.cell(from).components();
        let target = self.board.cell(to);
        let capture = target.color() == Some(us.flip());
        let fusion = target.color() == Some(us);
        let has_pawn = part.has(PieceKind::Pawn);
        let en_passant = self.is_en_passant(from, to, part);
        self.game.begin_move(&self.board, en_passant_square_key);

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
            self.game.en_passant = from.shift(us.forward());
        }
        let mut lost = 0;
        if part.has(PieceKind::Rook) {
            lost |= CastlingSide::rights_touching(from);
        }
        if capture {
            lost |= CastlingSide::rights_touching(to);
        }
        self.game.castling &= !lost;
        capture || en_passant || fusion || has_pawn
    }
}
