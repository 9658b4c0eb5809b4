//! Orthodox chess: what sets it apart from the Einstein family, whose position type it
//! shares ([`OrthodoxPosition`]): pawn double steps, en passant and promotions, and
//! castling rights lost when a king or rook moves or is taken.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, Placement};
use crate::error::FenError;
use crate::fen::{CastlingSide, FenFields};
use crate::fen_checks::{CastlingRook, validate_common};
use crate::game::{GameState, en_passant_square_key};
use crate::orthodox::{
    Arrival, Frame, MoveSink, OrthodoxPosition, OrthodoxRules, debug_assert_legal_shape,
};
use crate::types::{Color, Piece, PieceKind, Square};
use arrayvec::ArrayVec;

pub use crate::orthodox::{Move, START_FEN};

/// Witness for the capacity: the most moves known in a legal chess position is 218.
pub type MoveList = ArrayVec<Move, 256>;

/// What `play` saves besides the game state, so `undo` restores the board exactly.
#[derive(Clone, Copy, Debug, Default)]
pub struct Undo {
    /// `None` for a null move.
    mv: Option<Move>,
    captured: Option<Piece>,
}

/// The rules of chess, for [`OrthodoxPosition`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessRules;

/// A chess position.
pub type Chess = OrthodoxPosition<ChessRules>;

impl Chess {
    /// The piece `mv` captures (en passant: the pawn passed), if it is a capture.
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        if !mv.is_capture() {
            None
        } else if mv.kind() == Move::EN_PASSANT {
            Some(Piece::new(self.game.side.flip(), PieceKind::Pawn))
        } else {
            self.board.piece_at(mv.to())
        }
    }
}

impl OrthodoxRules for ChessRules {
    type EnPassant = Option<Square>;
    type Undo = Undo;
    type MoveList = MoveList;
    const PROMOTIONS: bool = true;

    fn read_fen(
        fields: &FenFields<'_>,
        board: &Board,
        castling: u8,
    ) -> Result<Option<Square>, FenError> {
        let en_passant = fields.en_passant_square()?;
        validate_common(board, fields.side, castling, CastlingRook::Needed, |c| {
            board.king_attacked(c)
        })?;
        if (board.kind(PieceKind::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
            return Err(FenError::impossible(
                "a pawn stands on the first or last rank",
            ));
        }
        if let Some(ep) = en_passant {
            validate_en_passant(board, fields.side, ep)?;
        }
        Ok(en_passant)
    }

    fn en_passant_fen(game: &GameState<Option<Square>>) -> Option<String> {
        game.en_passant.map(|s| s.to_string())
    }

    #[inline]
    fn en_passant_key(board: &Board, game: &GameState<Option<Square>>) -> u64 {
        en_passant_square_key(board, game)
    }

    /// Pawn moves: the pawns that are not pinned set-wise by shifts (a perft leaf counts
    /// them with popcounts), the pinned ones one by one along their pin line.
    #[inline]
    fn pawn_moves<S: MoveSink>(pos: &Chess, list: &mut S, frame: &Frame) {
        let Frame {
            us,
            king,
            occ,
            their,
            target,
            pinned,
            ..
        } = *frame;
        let pawns = pos.board.pieces(us, PieceKind::Pawn);
        let fwd = us.forward();

        let free = pawns & !pinned;
        let single = free.shifted(fwd) & !occ;
        let third_rank = Bitboard::rank(us.relative_rank(2));
        let double = (single & third_rank).shifted(fwd) & !occ & target;
        list.pawn_set(single & target, fwd, Move::QUIET);
        list.pawn_set(double, 2 * fwd, Move::DOUBLE_PUSH);
        for (edge, delta) in [(Bitboard::FILE_A, fwd - 1), (Bitboard::FILE_H, fwd + 1)] {
            let captures = (free & !edge).shifted(delta) & their & target;
            list.pawn_set(captures, delta, Move::CAPTURE);
        }

        let start_rank = us.relative_rank(1);
        for from in pawns & pinned {
            let line = attacks::line(king, from);
            if let Some(one) = from.shift(fwd) {
                if !occ.has(one) {
                    if target.has(one) && line.has(one) {
                        list.pawn_moves(from, one, false);
                    }
                    if from.rank() == start_rank {
                        let two = one.shift(fwd).expect("on board");
                        if !occ.has(two) && target.has(two) && line.has(two) {
                            list.push(Move::new(from, two, Move::DOUBLE_PUSH));
                        }
                    }
                }
            }
            for to in attacks::pawn(us, from) & their & target & line {
                list.pawn_moves(from, to, true);
            }
        }

        if let Some(ep) = pos.game.en_passant {
            let victim = ep.shift(-fwd).expect("on board");
            for from in attacks::pawn(us.flip(), ep) & pawns {
                if frame.en_passant_legal(&pos.board, from, ep, victim) {
                    list.push(Move::new(from, ep, Move::EN_PASSANT));
                }
            }
        }
    }

    fn arrival(pos: &Chess, mv: Move) -> Arrival {
        let us = pos.game.side;
        let (from, to) = (mv.from(), mv.to());
        let moved = pos.board.piece_at(from).expect("piece on from-square");
        let victim = match mv.kind() {
            Move::EN_PASSANT => to.shift(-us.forward()),
            _ => None,
        };
        let rook = mv.is_castle().then(|| {
            let side = CastlingSide::landing_on(us, to);
            (side.rook_from, side.rook_to, PieceKind::Rook)
        });
        Arrival {
            from,
            to,
            kind: mv.promotion().unwrap_or(moved.kind),
            victim,
            rook,
        }
    }

    fn play(pos: &mut Chess, mv: Move) {
        let us = pos.game.side;
        let (from, to) = (mv.from(), mv.to());
        let piece = pos.board.piece_at(from).expect("piece on from-square");
        let captured_sq = if mv.kind() == Move::EN_PASSANT {
            to.shift(-us.forward()).expect("on board")
        } else {
            to
        };
        let captured = if mv.is_capture() {
            Some(pos.board.piece_at(captured_sq).expect("captured piece"))
        } else {
            None
        };
        debug_assert_legal_shape(mv, us, piece, captured);
        pos.game.push(Undo {
            mv: Some(mv),
            captured,
        });
        pos.game.begin_move(&pos.board, en_passant_square_key);

        if let Some(c) = captured {
            pos.board.remove(captured_sq);
            pos.toggle(captured_sq, c);
        }
        pos.board.remove(from);
        pos.toggle(from, piece);
        let placed = match mv.promotion() {
            Some(kind) => Piece::new(us, kind),
            None => piece,
        };
        pos.board.put(to, placed);
        pos.toggle(to, placed);

        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            let rook = pos.board.remove(side.rook_from);
            pos.toggle(side.rook_from, rook);
            pos.board.put(side.rook_to, rook);
            pos.toggle(side.rook_to, rook);
        }
        pos.game.castling &=
            !(CastlingSide::rights_touching(from) | CastlingSide::rights_touching(to));
        if mv.kind() == Move::DOUBLE_PUSH {
            pos.game.en_passant = from.shift(us.forward());
        }
        if piece.kind == PieceKind::Pawn || captured.is_some() {
            pos.game.halfmove = 0;
        } else {
            pos.game.halfmove += 1;
        }
        pos.game.end_move(&pos.board, en_passant_square_key);
    }

    fn undo(pos: &mut Chess, undo: Undo) {
        let Undo { mv, captured } = undo;
        let Some(mv) = mv else {
            return;
        };
        let us = pos.game.side;
        let (from, to) = (mv.from(), mv.to());
        let moved = pos.board.remove(to);
        let original = if mv.promotion().is_some() {
            Piece::new(us, PieceKind::Pawn)
        } else {
            moved
        };
        pos.board.put(from, original);
        if let Some(c) = captured {
            let sq = if mv.kind() == Move::EN_PASSANT {
                to.shift(-us.forward()).expect("on board")
            } else {
                to
            };
            pos.board.put(sq, c);
        }
        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            pos.board.relocate(side.rook_to, side.rook_from);
        }
    }
}

/// An en passant square must be on the right rank, empty, behind an enemy pawn that
/// has just made a two-square step.
fn validate_en_passant(board: &Board, side: Color, ep: Square) -> Result<(), FenError> {
    let them = side.flip();
    let ok = ep.rank() == side.relative_rank(5)
        && board.piece_at(ep).is_none()
        && ep
            .shift(them.forward())
            .is_some_and(|s| board.piece_at(s) == Some(Piece::new(them, PieceKind::Pawn)))
        && ep
            .shift(-them.forward())
            .is_some_and(|s| board.piece_at(s).is_none());
    if ok {
        Ok(())
    } else {
        Err(FenError::impossible(format!(
            "en passant square {ep} does not follow a two-square pawn step"
        )))
    }
}
