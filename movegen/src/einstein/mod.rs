//! The Einstein family (docs/rules.md, "Einstein family"): orthodox moves whose moving
//! piece then mutates. The three variants play on chess's position type,
//! `OrthodoxPosition`, with the rules `EinsteinRules<M>`, generic over the mutation table
//! `M`. Check and legality are orthodox (a mutation changes only the moved piece, which
//! never attacks its own king), so the generator is chess's pin-and-check-mask one, with
//! the Einstein pawn steps, en passant and castling.
//!
//! Decisions where docs/rules.md is silent (keep them consistent everywhere):
//! - FEN: pawns of either colour may stand on any rank (in einstein the last after a
//!   pawn's non-capture, the first after a knight's non-capture; in reverse-einstein
//!   wherever a knight captures). A castling right needs its king at home, not its rook.
//! - The en passant field must match the board: consecutive squares passed by a step
//!   from the first or start rank, empty, with the stepped piece (a pawn; a knight in
//!   reverse-einstein) beyond them. Two squares are read in either order and written in
//!   passing order (`b2b3` for white, `b7b6` for black).
//! - "Pawn move" for the 50-move rule means the moving piece was a pawn before moving.
//! - The hash includes only the passed squares a pawn of the side to move attacks.

mod en_passant;
mod moves;
mod mutation;

pub use en_passant::EnPassant;
pub use moves::{Move, MoveList};
pub use mutation::{Anti, Mutation, Reverse, Standard, down, up};

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, Placement};
use crate::error::FenError;
use crate::fen::{CastlingRights, CastlingSide, FenFields};
use crate::fen_checks::{CastlingRook, validate_common};
use crate::game::GameState;
use crate::orthodox::{
    Arrival, Frame, MoveSink, OrthodoxPosition, OrthodoxRules, debug_assert_legal_shape,
};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist;
use std::marker::PhantomData;

/// `einstein`.
pub type Einstein = EinsteinPosition<Standard>;
/// `reverse-einstein`.
pub type ReverseEinstein = EinsteinPosition<Reverse>;
/// `anti-einstein`.
pub type AntiEinstein = EinsteinPosition<Anti>;

/// What `play` saves besides the game state, so `undo` restores the board exactly.
#[derive(Clone, Copy, Debug, Default)]
pub struct Undo {
    /// `None` for a null move.
    mv: Option<Move>,
    /// The moved piece before its mutation.
    moved: Option<Piece>,
    captured: Option<Piece>,
}

/// The rules of the Einstein variant whose mutation table is `M`, for
/// [`OrthodoxPosition`]. Castling rights are lost only when the king moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct EinsteinRules<M: Mutation>(PhantomData<M>);

/// A position of an Einstein variant; `M` is its mutation table.
pub type EinsteinPosition<M> = OrthodoxPosition<EinsteinRules<M>>;

/// En passant key contribution: only the passed squares a pawn of the side to move
/// attacks, so positions that differ only by a useless en passant field repeat.
fn ep_key(board: &Board, game: &GameState<Option<EnPassant>>) -> u64 {
    let Some(ep) = game.en_passant else {
        return 0;
    };
    let pawns = board.pieces(game.side, PieceKind::Pawn);
    let mut h = 0;
    for sq in ep.passed {
        if (attacks::pawn(game.side.flip(), sq) & pawns).any() {
            h ^= zobrist::en_passant(sq.index());
        }
    }
    h
}

impl<M: Mutation> EinsteinPosition<M> {
    /// The kind the piece on `from` has after moving, capture or not.
    #[inline]
    pub fn mutated(kind: PieceKind, capture: bool) -> PieceKind {
        match (kind, capture) {
            (PieceKind::King, _) => PieceKind::King,
            (k, true) => M::after_capture(k),
            (k, false) => M::after_quiet(k),
        }
    }

    /// The piece `mv` captures (en passant: the piece passed), if it is a capture.
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        match mv.kind() {
            _ if !mv.is_capture() => None,
            Move::EN_PASSANT => self
                .game
                .en_passant
                .and_then(|ep| self.board.piece_at(ep.victim)),
            _ => self.board.piece_at(mv.to()),
        }
    }

    /// True when the side to move has a move that costs it nothing (pins aside): a pawn
    /// step (a pawn stays a pawn, or grows), a quiet move of a piece whose mutation does
    /// not step it down (in reverse-einstein any quiet move), or a king step to a square
    /// the opponent does not attack. In einstein and anti-einstein every other quiet
    /// move steps the mover down.
    pub fn has_free_move(&self) -> bool {
        let us = self.game.side;
        let ours = self.board.color(us);
        let occ = self.board.occupied();
        let kings = self.board.kind(PieceKind::King);
        let pawns = self.board.pieces(us, PieceKind::Pawn);
        let steps = if us == Color::White {
            pawns.north()
        } else {
            pawns.south()
        };
        if (steps & !occ).any() {
            return true;
        }
        for sq in ours & !kings & !pawns {
            let kind = self.board.piece_at(sq).expect("occupied").kind;
            if M::after_quiet(kind) >= kind {
                let reach = match kind {
                    PieceKind::Knight => attacks::knight(sq),
                    PieceKind::Bishop => attacks::bishop(sq, occ),
                    PieceKind::Rook => attacks::rook(sq, occ),
                    _ => attacks::queen(sq, occ),
                };
                if (reach & !occ).any() {
                    return true;
                }
            }
        }
        let king = self.board.king(us).expect("king on board");
        let no_king = occ.without(king);
        let mut king_steps = (attacks::king(king) & !occ).into_iter();
        Iterator::any(&mut king_steps, |to| {
            !self.board.is_attacked(to, us.flip(), no_king)
        })
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn recomputed_hash(&self) -> u64 {
        self.game.key_from(&self.board, ep_key)
    }

    #[inline]
    fn take(&mut self, sq: Square) -> Piece {
        let p = self.board.remove(sq);
        self.toggle(sq, p);
        p
    }

    #[inline]
    fn place(&mut self, sq: Square, piece: Piece) {
        self.board.put(sq, piece);
        self.toggle(sq, piece);
    }
}

impl<M: Mutation> OrthodoxRules for EinsteinRules<M> {
    type EnPassant = Option<EnPassant>;
    type Undo = Undo;
    type MoveList = MoveList;
    const PROMOTIONS: bool = false;

    /// Pawns may stand on any rank (see the module notes). A castling right needs its
    /// king at home, not its rook.
    fn read_fen(
        fields: &FenFields<'_>,
        board: &Board,
        castling: u8,
    ) -> Result<Option<EnPassant>, FenError> {
        validate_common(board, fields.side, castling, CastlingRook::NotNeeded, |c| {
            board.king_attacked(c)
        })?;
        let stepped = M::after_quiet(PieceKind::Pawn);
        EnPassant::from_fen(fields.en_passant, board, fields.side, stepped)
    }

    fn en_passant_fen(game: &GameState<Option<EnPassant>>) -> Option<String> {
        game.en_passant.map(|ep| ep.to_fen(game.side.flip()))
    }

    fn en_passant_key(board: &Board, game: &GameState<Option<EnPassant>>) -> u64 {
        ep_key(board, game)
    }

    /// Pawn moves: 1, 2 or 3 squares from the first rank, 1 or 2 from the start rank,
    /// else 1 (none from the last rank); diagonal captures and en passant.
    fn pawn_moves<S: MoveSink>(pos: &EinsteinPosition<M>, list: &mut S, frame: &Frame) {
        let us = frame.us;
        let fwd = us.forward();
        for from in pos.board.pieces(us, PieceKind::Pawn) {
            let ok = frame.allowed(from, Bitboard::FULL);
            let steps = match us.relative_rank(from.rank()) {
                0 => 3,
                1 => 2,
                7 => 0,
                _ => 1,
            };
            let mut sq = from;
            for step in 1..=steps {
                match sq.shift(fwd) {
                    Some(next) if !frame.occ.has(next) => sq = next,
                    _ => break,
                }
                if ok.has(sq) {
                    let kind = if step == 1 {
                        Move::QUIET
                    } else {
                        Move::DOUBLE_PUSH
                    };
                    list.push(Move::new(from, sq, kind));
                }
            }
            let hits = attacks::pawn(us, from);
            for to in hits & frame.their & ok {
                list.push(Move::new(from, to, Move::CAPTURE));
            }
            if let Some(ep) = pos.game.en_passant {
                for to in hits & ep.passed {
                    if frame.en_passant_legal(&pos.board, from, to, ep.victim) {
                        list.push(Move::new(from, to, Move::EN_PASSANT));
                    }
                }
            }
        }
    }

    /// As `play` would leave it: the man arrives mutated, a castled rook too.
    fn arrival(pos: &EinsteinPosition<M>, mv: Move) -> Arrival {
        let us = pos.game.side;
        let (from, to) = (mv.from(), mv.to());
        let moved = pos.board.piece_at(from).expect("piece on from-square");
        let victim = match mv.kind() {
            Move::EN_PASSANT => pos.game.en_passant.map(|ep| ep.victim),
            _ => None,
        };
        let rook = mv.is_castle().then(|| {
            let side = CastlingSide::landing_on(us, to);
            (
                side.rook_from,
                side.rook_to,
                M::after_quiet(PieceKind::Rook),
            )
        });
        Arrival {
            from,
            to,
            kind: EinsteinPosition::<M>::mutated(moved.kind, mv.is_capture()),
            victim,
            rook,
        }
    }

    fn play(pos: &mut EinsteinPosition<M>, mv: Move) {
        let us = pos.game.side;
        let (from, to) = (mv.from(), mv.to());
        let piece = pos.board.piece_at(from).expect("piece on from-square");
        let captured_sq = match mv.kind() {
            Move::EN_PASSANT => Some(pos.game.en_passant.expect("en passant state").victim),
            Move::CAPTURE => Some(to),
            _ => None,
        };
        let captured = captured_sq.map(|sq| pos.board.piece_at(sq).expect("captured piece"));
        debug_assert_legal_shape(mv, us, piece, captured);
        pos.game.push(Undo {
            mv: Some(mv),
            moved: Some(piece),
            captured,
        });
        pos.game.begin_move(&pos.board, ep_key);

        if let Some(sq) = captured_sq {
            pos.take(sq);
        }
        pos.take(from);
        let kind = EinsteinPosition::<M>::mutated(piece.kind, captured.is_some());
        pos.place(to, Piece::new(us, kind));

        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            let rook = pos.take(side.rook_from);
            pos.place(side.rook_to, Piece::new(us, M::after_quiet(rook.kind)));
        }
        if piece.kind == PieceKind::King {
            pos.game.castling &= !CastlingRights::of(us);
        }
        if mv.kind() == Move::DOUBLE_PUSH {
            pos.game.en_passant = Some(EnPassant::after_step(from, to));
        }
        if piece.kind == PieceKind::Pawn || captured.is_some() {
            pos.game.halfmove = 0;
        } else {
            pos.game.halfmove += 1;
        }
        pos.game.end_move(&pos.board, ep_key);
    }

    fn undo(pos: &mut EinsteinPosition<M>, undo: Undo) {
        let (Some(mv), Some(moved)) = (undo.mv, undo.moved) else {
            return;
        };
        let us = pos.game.side;
        let (from, to) = (mv.from(), mv.to());
        pos.board.remove(to);
        pos.board.put(from, moved);
        if let Some(c) = undo.captured {
            let sq = match mv.kind() {
                Move::EN_PASSANT => pos.game.en_passant.expect("en passant state").victim,
                _ => to,
            };
            pos.board.put(sq, c);
        }
        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            pos.board.remove(side.rook_to);
            pos.board
                .put(side.rook_from, Piece::new(us, PieceKind::Rook));
        }
    }
}

#[cfg(test)]
mod tests;
