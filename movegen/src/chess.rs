//! Orthodox chess: fully legal move generation with pin and check masks.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, Placement};
use crate::error::{FenError, MoveError};
use crate::fen::{CastlingSide, FenFields};
use crate::fen_checks::{validate_common, CastlingRook};
use crate::game::{en_passant_square_key, Game, GameState};
use crate::orthodox::{self, Frame, MoveCounter, MoveSink};
use crate::position::{MoveCode, Position};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist;
use arrayvec::ArrayVec;
use std::fmt;
use std::num::NonZeroU16;

/// A chess move in 16 bits (never zero, since from != to):
///
/// | bits  | field |
/// |-------|-------|
/// | 0-5   | from square |
/// | 6-11  | to square |
/// | 12-15 | kind: 0 quiet, 1 double push, 2 short castle, 3 long castle, 4 capture, 5 en passant, 8-11 promotion to N/B/R/Q, 12-15 capture with promotion to N/B/R/Q |
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

impl Move {
    pub const QUIET: u16 = 0;
    /// A pawn step of more than one square (two, or three from the first rank in the
    /// Einstein family): it opens en passant.
    pub const DOUBLE_PUSH: u16 = 1;
    pub const SHORT_CASTLE: u16 = 2;
    pub const LONG_CASTLE: u16 = 3;
    pub const CAPTURE: u16 = 4;
    pub const EN_PASSANT: u16 = 5;
    pub const PROMOTION: u16 = 8;

    #[inline]
    pub fn new(from: Square, to: Square, kind: u16) -> Move {
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

    #[inline]
    pub fn is_capture(self) -> bool {
        self.kind() & Move::CAPTURE != 0
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.kind(), Move::SHORT_CASTLE | Move::LONG_CASTLE)
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub fn promotion(self) -> Option<PieceKind> {
        (self.kind() & Move::PROMOTION != 0)
            .then(|| PieceKind::from_index(1 + (self.kind() & 3) as usize))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter())?;
        }
        Ok(())
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
        (m.from() != m.to()).then_some(m)
    }
}

/// Witness for the capacity: the most moves known in a legal chess position is 218.
pub type MoveList = ArrayVec<Move, 256>;

/// What `play` saves besides the game state, so `undo` restores the board exactly.
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// `None` for a null move.
    mv: Option<Move>,
    captured: Option<Piece>,
}

#[derive(Clone, Debug)]
pub struct Chess {
    board: Board,
    game: Game<Option<Square>, Undo>,
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    /// `gives_check`'s view of `mv`: what arrives where, what leaves.
    fn arrival(&self, mv: Move) -> orthodox::Arrival {
        let us = self.game.side;
        let (from, to) = (mv.from(), mv.to());
        let moved = self.board.piece_at(from).expect("piece on from-square");
        let victim = match mv.kind() {
            Move::EN_PASSANT => to.shift(-us.forward()),
            _ => None,
        };
        let rook = mv.is_castle().then(|| {
            let side = CastlingSide::landing_on(us, to);
            (side.rook_from, side.rook_to, PieceKind::Rook)
        });
        orthodox::Arrival {
            from,
            to,
            kind: mv.promotion().unwrap_or(moved.kind),
            victim,
            rook,
        }
    }

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

    /// Generates every legal move into `sink`: a move list, or a counter that only adds
    /// up popcounts (perft's last ply).
    #[inline]
    fn generate<S: MoveSink>(&self, list: &mut S) {
        orthodox::generate(&self.board, &self.game, list, |list, frame| {
            self.pawn_moves_into(list, frame)
        });
    }

    /// Pawn moves: the pawns that are not pinned set-wise by shifts (a perft leaf counts
    /// them with popcounts), the pinned ones one by one along their pin line.
    #[inline]
    fn pawn_moves_into<S: MoveSink>(&self, list: &mut S, frame: &Frame) {
        let Frame {
            us,
            king,
            occ,
            their,
            target,
            pinned,
            ..
        } = *frame;
        let pawns = self.board.pieces(us, PieceKind::Pawn);
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

        if let Some(ep) = self.game.en_passant {
            let victim = ep.shift(-fwd).expect("on board");
            for from in attacks::pawn(us.flip(), ep) & pawns {
                if frame.en_passant_legal(&self.board, from, ep, victim) {
                    list.push(Move::new(from, ep, Move::EN_PASSANT));
                }
            }
        }
    }

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        self.game.hash ^= zobrist::piece(piece.index(), sq.index());
    }
}

impl Position for Chess {
    const FAST_GIVES_CHECK: bool = true;
    type Move = Move;
    type MoveList = MoveList;
    type Board = Board;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(fen: &str) -> Result<Chess, FenError> {
        let fields = FenFields::split(fen)?;
        let board = Board::from_fen_placement(&fields)?;
        let castling = fields.castling_rights()?;
        let en_passant = fields.en_passant_square()?;
        validate_common(&board, fields.side, castling, CastlingRook::Needed, |c| {
            board.king_attacked(c)
        })?;
        if (board.kind(PieceKind::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
            return Err(FenError::impossible(
                "a pawn stands on the first or last rank",
            ));
        }
        if let Some(ep) = en_passant {
            validate_en_passant(&board, fields.side, ep)?;
        }
        let game = GameState::new(&fields, castling, en_passant)
            .with_key_and_checkers(&board, en_passant_square_key);
        Ok(Chess {
            board,
            game: Game::new(game),
        })
    }

    fn to_fen(&self) -> String {
        let en_passant = self.game.en_passant.map(|s| s.to_string());
        self.game
            .fen(&self.board.fen_placement(), en_passant.as_deref())
    }

    #[inline]
    fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    fn game(&self) -> &Game<impl Copy + Default, impl Copy> {
        &self.game
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves);
    }

    #[inline]
    fn count_legal(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    fn play(&mut self, mv: Move) {
        let us = self.game.side;
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board.piece_at(from).expect("piece on from-square");
        let captured_sq = if mv.kind() == Move::EN_PASSANT {
            to.shift(-us.forward()).expect("on board")
        } else {
            to
        };
        let captured = if mv.is_capture() {
            Some(self.board.piece_at(captured_sq).expect("captured piece"))
        } else {
            None
        };
        debug_assert_legal_shape(mv, us, piece, captured);
        self.game.push(Undo {
            mv: Some(mv),
            captured,
        });
        self.game.begin_move(&self.board, en_passant_square_key);

        if let Some(c) = captured {
            self.board.remove(captured_sq);
            self.toggle(captured_sq, c);
        }
        self.board.remove(from);
        self.toggle(from, piece);
        let placed = match mv.promotion() {
            Some(kind) => Piece::new(us, kind),
            None => piece,
        };
        self.board.put(to, placed);
        self.toggle(to, placed);

        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            let rook = self.board.remove(side.rook_from);
            self.toggle(side.rook_from, rook);
            self.board.put(side.rook_to, rook);
            self.toggle(side.rook_to, rook);
        }
        self.game.castling &=
            !(CastlingSide::rights_touching(from) | CastlingSide::rights_touching(to));
        if mv.kind() == Move::DOUBLE_PUSH {
            self.game.en_passant = from.shift(us.forward());
        }
        if piece.kind == PieceKind::Pawn || captured.is_some() {
            self.game.halfmove = 0;
        } else {
            self.game.halfmove += 1;
        }
        self.game.end_move(&self.board, en_passant_square_key);
    }

    fn undo(&mut self) {
        let Undo { mv, captured } = self.game.pop();
        let Some(mv) = mv else {
            return;
        };
        let us = self.game.side;
        let (from, to) = (mv.from(), mv.to());
        let moved = self.board.remove(to);
        let original = if mv.promotion().is_some() {
            Piece::new(us, PieceKind::Pawn)
        } else {
            moved
        };
        self.board.put(from, original);
        if let Some(c) = captured {
            let sq = if mv.kind() == Move::EN_PASSANT {
                to.shift(-us.forward()).expect("on board")
            } else {
                to
            };
            self.board.put(sq, c);
        }
        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            self.board.relocate(side.rook_to, side.rook_from);
        }
    }

    fn play_null(&mut self) {
        let undo = Undo {
            mv: None,
            captured: None,
        };
        self.game
            .play_null(undo, &self.board, en_passant_square_key);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_orthodox_move(self, text)
    }

    fn gives_check(&self, mv: Move) -> bool {
        orthodox::gives_check(&self.board, self.game.side, &self.arrival(mv))
    }

    fn retain_checks(&self, moves: &mut MoveList) {
        orthodox::retain_checks(&self.board, self.game.side, moves, |mv| self.arrival(mv));
    }
}

/// The cheap part of "`play` gets a legal move", checked in debug builds (tests): the
/// mover belongs to the side to move, and a captured piece is an enemy piece, never a king.
#[inline]
pub(crate) fn debug_assert_legal_shape<M: std::fmt::Display>(
    mv: M,
    us: Color,
    piece: Piece,
    captured: Option<Piece>,
) {
    debug_assert_eq!(piece.color, us, "{mv} moves the opponent's {piece:?}");
    debug_assert!(
        captured.is_none_or(|c| c.color != us && c.kind != PieceKind::King),
        "{mv} captures {captured:?}"
    );
}

/// Parses an orthodox UCI move string (`e2e4`, `e7e8q`) against the legal moves.
pub fn parse_orthodox_move<P: Position>(pos: &P, text: &str) -> Result<P::Move, MoveError> {
    parse_uci_move(pos, text, true)
}

/// Parses a UCI move string against the legal moves; a promotion suffix is well formed
/// only when the variant has promotions (`promotions`).
pub fn parse_uci_move<P: Position>(
    pos: &P,
    text: &str,
    promotions: bool,
) -> Result<P::Move, MoveError> {
    let b = text.as_bytes();
    let well_formed = (b.len() == 4 || (promotions && b.len() == 5))
        && text.is_char_boundary(2)
        && text.is_char_boundary(4)
        && Square::parse(&text[0..2]).is_some()
        && Square::parse(&text[2..4]).is_some()
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'));
    if !well_formed {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|m| m.to_string() == text)
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
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
