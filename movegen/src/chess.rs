//! Orthodox chess: fully legal move generation with pin and check masks.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::error::{FenError, MoveError};
use crate::fen::{CastlingRights, CastlingSide, FenFields};
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

/// Where generated moves go: a list, or a counter for perft's bulk-counted last ply.
trait MoveSink {
    fn push(&mut self, mv: Move);
    /// The moves of a non-pawn piece from `from` to each of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard, their: Bitboard);
    /// A pawn move, as four promotions when it reaches the last rank.
    fn pawn_moves(&mut self, from: Square, to: Square, capture: bool);
    /// Pawn moves of a whole set at once: to each of `targets` from `delta` squares
    /// back. A `kind` of `QUIET` or `CAPTURE` promotes on the last rank.
    fn pawn_set(&mut self, targets: Bitboard, delta: i8, kind: u16);
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        ArrayVec::push(self, mv);
    }

    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, their: Bitboard) {
        for to in targets & their {
            self.push(Move::new(from, to, Move::CAPTURE));
        }
        for to in targets & !their {
            self.push(Move::new(from, to, Move::QUIET));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, from: Square, to: Square, capture: bool) {
        let capture_bit = if capture { Move::CAPTURE } else { Move::QUIET };
        if to.rank() == 0 || to.rank() == 7 {
            for p in (0..4).rev() {
                self.push(Move::new(from, to, Move::PROMOTION | capture_bit | p));
            }
        } else {
            self.push(Move::new(from, to, capture_bit));
        }
    }

    #[inline]
    fn pawn_set(&mut self, targets: Bitboard, delta: i8, kind: u16) {
        for to in targets {
            let from = Square::new((to.to_u8() as i8 - delta) as u8);
            if kind == Move::DOUBLE_PUSH {
                self.push(Move::new(from, to, kind));
            } else {
                self.pawn_moves(from, to, kind == Move::CAPTURE);
            }
        }
    }
}

/// Counts moves without building them.
struct MoveCounter(usize);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard, _their: Bitboard) {
        self.0 += targets.count() as usize;
    }

    #[inline]
    fn pawn_moves(&mut self, _from: Square, to: Square, _capture: bool) {
        self.0 += if to.rank() == 0 || to.rank() == 7 {
            4
        } else {
            1
        };
    }

    #[inline]
    fn pawn_set(&mut self, targets: Bitboard, _delta: i8, _kind: u16) {
        let promoting = targets & (Bitboard::RANK_1 | Bitboard::RANK_8);
        self.0 += (targets.count() + 3 * promoting.count()) as usize;
    }
}

/// What `play` changes besides the board, saved so `undo` restores it exactly.
#[derive(Clone, Copy, Debug)]
struct State {
    mv: Option<Move>,
    captured: Option<Piece>,
    castling: u8,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    checkers: Bitboard,
}

#[derive(Clone, Debug)]
pub struct Chess {
    board: Board,
    side: Color,
    castling: u8,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    checkers: Bitboard,
    history: Vec<State>,
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    /// The piece placement (an orthodox board), e.g. for evaluators that read only it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The piece `mv` captures (en passant: the pawn passed), if it is a capture.
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        if !mv.is_capture() {
            None
        } else if mv.kind() == Move::EN_PASSANT {
            Some(Piece::new(self.side.flip(), PieceKind::Pawn))
        } else {
            self.board.piece_at(mv.to())
        }
    }

    fn our_king(&self) -> Square {
        self.board.king(self.side).expect("king on board")
    }

    fn compute_checkers(&self) -> Bitboard {
        let k = self.our_king();
        self.board.attackers_to(k, self.board.occupied()) & self.board.color(self.side.flip())
    }

    /// En passant key contribution: only when an enemy pawn could capture, so that
    /// positions that differ only by a useless en passant square repeat.
    fn ep_hash(&self) -> u64 {
        match self.en_passant {
            Some(ep)
                if (attacks::pawn(self.side.flip(), ep)
                    & self.board.pieces(self.side, PieceKind::Pawn))
                .any() =>
            {
                zobrist::en_passant(ep.index())
            }
            _ => 0,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board.placement_hash() ^ zobrist::castling(self.castling) ^ self.ep_hash();
        if self.side == Color::Black {
            h ^= zobrist::SIDE;
        }
        h
    }

    /// Generates every legal move into `sink`: a move list, or a counter that only adds
    /// up popcounts (perft's last ply).
    fn generate<S: MoveSink>(&self, list: &mut S) {
        let us = self.side;
        let them = us.flip();
        let king = self.our_king();
        let our = self.board.color(us);
        let their = self.board.color(them);
        let occ = our | their;

        let no_king = occ.without(king);
        for to in attacks::king(king) & !our {
            if !self.board.is_attacked(to, them, no_king) {
                let kind = if their.has(to) {
                    Move::CAPTURE
                } else {
                    Move::QUIET
                };
                list.push(Move::new(king, to, kind));
            }
        }
        if self.checkers.more_than_one() {
            return;
        }
        let target = match self.checkers.single() {
            Some(c) => attacks::between(king, c).with(c),
            None => Bitboard::FULL,
        };
        let pinned = self.board.pinned(us, king);
        let movable = |from: Square, attacks: Bitboard| {
            let mut t = attacks & !our & target;
            if pinned.has(from) {
                t &= attacks::line(king, from);
            }
            t
        };
        for from in self.board.pieces(us, PieceKind::Knight) & !pinned {
            list.piece_moves(from, attacks::knight(from) & !our & target, their);
        }
        for from in self.board.bishop_likes() & our {
            list.piece_moves(from, movable(from, attacks::bishop(from, occ)), their);
        }
        for from in self.board.pieces(us, PieceKind::Rook) | self.board.pieces(us, PieceKind::Queen)
        {
            list.piece_moves(from, movable(from, attacks::rook(from, occ)), their);
        }

        self.pawn_moves_into(list, pinned, target);

        if self.checkers.is_empty() {
            for side in CastlingSide::of(us) {
                if self.castling & side.right != 0
                    && (side.must_be_empty() & occ).is_empty()
                    && !Iterator::any(&mut side.king_path(), |sq| {
                        self.board.is_attacked(sq, them, occ)
                    })
                {
                    let kind = if side.king_to.file() == 6 {
                        Move::SHORT_CASTLE
                    } else {
                        Move::LONG_CASTLE
                    };
                    list.push(Move::new(side.king_from, side.king_to, kind));
                }
            }
        }
    }

    /// Pawn moves: the pawns that are not pinned set-wise by shifts (a perft leaf counts
    /// them with popcounts), the pinned ones one by one along their pin line.
    fn pawn_moves_into<S: MoveSink>(&self, list: &mut S, pinned: Bitboard, target: Bitboard) {
        let us = self.side;
        let occ = self.board.occupied();
        let their = self.board.color(us.flip());
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

        let king = self.our_king();
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

        if let Some(ep) = self.en_passant {
            for from in attacks::pawn(us.flip(), ep) & pawns {
                if self.en_passant_legal(from, ep, king) {
                    list.push(Move::new(from, ep, Move::EN_PASSANT));
                }
            }
        }
    }

    /// En passant is tested by playing it on the occupancy: it can uncover a rank attack
    /// through two pawns, or fail to answer a check.
    fn en_passant_legal(&self, from: Square, ep: Square, king: Square) -> bool {
        let them = self.side.flip();
        let victim = ep.shift(-self.side.forward()).expect("on board");
        let occ = self.board.occupied().without(from).without(victim).with(ep);
        let attackers = self.board.attackers_to(king, occ) & self.board.color(them);
        attackers.without(victim).is_empty()
    }

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        self.hash ^= zobrist::piece(piece.index(), sq.index());
    }

    fn save(&self, mv: Option<Move>, captured: Option<Piece>) -> State {
        State {
            mv,
            captured,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            checkers: self.checkers,
        }
    }

    /// Clears the en passant square and castling rights from the hash before a move
    /// changes them.
    fn begin_move(&mut self) {
        self.hash ^= zobrist::castling(self.castling) ^ self.ep_hash();
        self.en_passant = None;
    }

    /// Flips the side and puts castling, en passant and the side into the hash.
    fn end_move(&mut self) {
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.hash ^= zobrist::SIDE ^ zobrist::castling(self.castling) ^ self.ep_hash();
    }
}

impl Position for Chess {
    type Move = Move;
    type MoveList = MoveList;

    fn startpos() -> Chess {
        Chess::from_fen(START_FEN).expect("start position")
    }

    fn from_fen(fen: &str) -> Result<Chess, FenError> {
        let fields = FenFields::split(fen)?;
        let board = Board::from_fen_placement(&fields)?;
        let castling = fields.castling_rights()?;
        let en_passant = fields.en_passant_square()?;
        let mut pos = Chess {
            board,
            side: fields.side,
            castling,
            en_passant,
            halfmove: fields.halfmove,
            fullmove: fields.fullmove,
            hash: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::new(),
        };
        validate_orthodox(&pos.board, pos.side, pos.castling)?;
        if (pos.board.kind(PieceKind::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
            return Err(FenError::impossible(
                "a pawn stands on the first or last rank",
            ));
        }
        if let Some(ep) = en_passant {
            validate_en_passant(&pos.board, pos.side, ep)?;
        }
        pos.checkers = pos.compute_checkers();
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board.fen_placement(),
            self.side.fen_char(),
            CastlingRights::to_fen(self.castling),
            self.en_passant.map_or("-".to_string(), |s| s.to_string()),
            self.halfmove,
            self.fullmove
        )
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
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
        let us = self.side;
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
        self.history.push(self.save(Some(mv), captured));
        self.begin_move();

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
            let side = CastlingSide::of(us)
                .iter()
                .find(|s| s.king_to == to)
                .expect("castling side");
            let rook = self.board.remove(side.rook_from);
            self.toggle(side.rook_from, rook);
            self.board.put(side.rook_to, rook);
            self.toggle(side.rook_to, rook);
        }
        self.castling &= !(CastlingSide::rights_touching(from) | CastlingSide::rights_touching(to));
        if mv.kind() == Move::DOUBLE_PUSH {
            self.en_passant = from.shift(us.forward());
        }
        if piece.kind == PieceKind::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.end_move();
        self.checkers = self.compute_checkers();
    }

    fn undo(&mut self) {
        let st = self.history.pop().expect("undo without play");
        self.side = self.side.flip();
        if let Some(mv) = st.mv {
            let (from, to) = (mv.from(), mv.to());
            let moved = self.board.remove(to);
            let original = if mv.promotion().is_some() {
                Piece::new(self.side, PieceKind::Pawn)
            } else {
                moved
            };
            self.board.put(from, original);
            if let Some(c) = st.captured {
                let sq = if mv.kind() == Move::EN_PASSANT {
                    to.shift(-self.side.forward()).expect("on board")
                } else {
                    to
                };
                self.board.put(sq, c);
            }
            if mv.is_castle() {
                let side = CastlingSide::of(self.side)
                    .iter()
                    .find(|s| s.king_to == to)
                    .expect("castling side");
                self.board.relocate(side.rook_to, side.rook_from);
            }
        }
        self.castling = st.castling;
        self.en_passant = st.en_passant;
        self.halfmove = st.halfmove;
        self.fullmove = st.fullmove;
        self.hash = st.hash;
        self.checkers = st.checkers;
    }

    fn play_null(&mut self) {
        debug_assert!(!self.in_check(), "null move in check: {}", self.to_fen());
        self.history.push(self.save(None, None));
        self.begin_move();
        self.halfmove += 1;
        self.end_move();
        self.checkers = self.compute_checkers();
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn repetitions(&self) -> usize {
        count_repetitions(
            self.hash,
            self.halfmove,
            self.history.iter().map(|s| s.hash),
        )
    }

    fn bare_kings(&self) -> bool {
        self.board.occupied() == self.board.kind(PieceKind::King)
    }

    fn board_picture(&self) -> String {
        self.board.picture()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_orthodox_move(self, text)
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

/// Counts earlier occurrences of `hash` among the positions before the last
/// `halfmove` plies (older ones cannot repeat: an irreversible move separates them).
/// `history` yields the hash before each move, oldest first.
pub fn count_repetitions(
    hash: u64,
    halfmove: u32,
    history: impl DoubleEndedIterator<Item = u64> + ExactSizeIterator,
) -> usize {
    history
        .rev()
        .take(halfmove as usize)
        .skip(1)
        .step_by(2)
        .filter(|&h| h == hash)
        .count()
}

/// Checks shared by orthodox-board variants: one king each, the side not to move not in
/// check, castling rights only with king and rook at home.
pub fn validate_orthodox(board: &Board, side: Color, castling: u8) -> Result<(), FenError> {
    validate_kings(board, side)?;
    validate_castling(board, castling, true)
}

/// One king each, and the side not to move not in check.
pub fn validate_kings(board: &Board, side: Color) -> Result<(), FenError> {
    for color in Color::BOTH {
        let n = board.pieces(color, PieceKind::King).count();
        if n != 1 {
            let name = if color == Color::White {
                "white"
            } else {
                "black"
            };
            return Err(FenError::impossible(format!("{name} has {n} kings, not 1")));
        }
    }
    let them = side.flip();
    let their_king = board.king(them).expect("checked");
    if board.is_attacked(their_king, side, board.occupied()) {
        return Err(FenError::impossible("the side not to move is in check"));
    }
    Ok(())
}

/// Every castling right needs its king at home, and its rook in the corner when
/// `need_rook` (the Einstein family keeps a right while the corner is empty).
pub fn validate_castling(board: &Board, castling: u8, need_rook: bool) -> Result<(), FenError> {
    for cs in CastlingSide::ALL {
        if castling & cs.right == 0 {
            continue;
        }
        let color = if cs.king_from.rank() == 0 {
            Color::White
        } else {
            Color::Black
        };
        let king_home = board.piece_at(cs.king_from) == Some(Piece::new(color, PieceKind::King));
        let rook_home = board.piece_at(cs.rook_from) == Some(Piece::new(color, PieceKind::Rook));
        if need_rook && !(king_home && rook_home) {
            return Err(FenError::impossible(format!(
                "castling right '{}' without king and rook on their squares",
                CastlingRights::to_fen(cs.right)
            )));
        }
        if !king_home {
            return Err(FenError::impossible(format!(
                "castling right '{}' without the king on {}",
                CastlingRights::to_fen(cs.right),
                cs.king_from
            )));
        }
    }
    Ok(())
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
