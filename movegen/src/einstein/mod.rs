//! The Einstein family (docs/rules.md, "Einstein family"): orthodox moves whose moving
//! piece then mutates. One position type, generic over the mutation table, plays all three
//! variants. Check and legality are orthodox (a mutation changes only the moved piece,
//! which never attacks its own king), so the generator is a pin-and-check-mask one like
//! chess's, with the Einstein pawn steps, en passant and castling.
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
pub use mutation::{down, up, Anti, Mutation, Reverse, Standard};

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::chess::{
    count_repetitions, debug_assert_legal_shape, parse_uci_move, validate_castling, validate_kings,
};
use crate::error::{FenError, MoveError};
use crate::fen::{CastlingRights, CastlingSide, FenFields};
use crate::position::Position;
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist;
use std::marker::PhantomData;

/// `einstein`.
pub type Einstein = EinsteinPosition<Standard>;
/// `reverse-einstein`.
pub type ReverseEinstein = EinsteinPosition<Reverse>;
/// `anti-einstein`.
pub type AntiEinstein = EinsteinPosition<Anti>;

/// What `play` changes besides the board, saved so `undo` restores it exactly.
#[derive(Clone, Copy, Debug)]
struct State {
    mv: Option<Move>,
    /// The moved piece before its mutation.
    moved: Option<Piece>,
    captured: Option<Piece>,
    castling: u8,
    en_passant: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    checkers: Bitboard,
}

/// A position of an Einstein variant; `M` is its mutation table.
#[derive(Clone, Debug)]
pub struct EinsteinPosition<M: Mutation> {
    board: Board,
    side: Color,
    /// Rights the kings still have: lost only when the king moves.
    castling: u8,
    en_passant: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    checkers: Bitboard,
    history: Vec<State>,
    rules: PhantomData<M>,
}

const START_FEN: &str = crate::chess::START_FEN;

impl<M: Mutation> EinsteinPosition<M> {
    /// The piece placement (an orthodox board), e.g. for evaluators that read only it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

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
        let us = self.side;
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
        let king = self.our_king();
        let no_king = occ.without(king);
        let mut king_steps = (attacks::king(king) & !occ).into_iter();
        Iterator::any(&mut king_steps, |to| {
            !self.board.is_attacked(to, us.flip(), no_king)
        })
    }

    fn our_king(&self) -> Square {
        self.board.king(self.side).expect("king on board")
    }

    fn compute_checkers(&self) -> Bitboard {
        let k = self.our_king();
        self.board.attackers_to(k, self.board.occupied()) & self.board.color(self.side.flip())
    }

    /// En passant key contribution: only the passed squares a pawn of the side to move
    /// attacks, so positions that differ only by a useless en passant field repeat.
    fn ep_hash(&self) -> u64 {
        let Some(ep) = self.en_passant else {
            return 0;
        };
        let pawns = self.board.pieces(self.side, PieceKind::Pawn);
        let mut h = 0;
        for sq in ep.passed {
            if (attacks::pawn(self.side.flip(), sq) & pawns).any() {
                h ^= zobrist::en_passant(sq.index());
            }
        }
        h
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board.placement_hash() ^ zobrist::castling(self.castling) ^ self.ep_hash();
        if self.side == Color::Black {
            h ^= zobrist::SIDE;
        }
        h
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn recomputed_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn generate(&self, list: &mut MoveList) {
        list.clear();
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
        // Squares that answer a single check (block or capture the checker).
        let target = match self.checkers.single() {
            Some(c) => attacks::between(king, c).with(c),
            None => Bitboard::FULL,
        };
        let pinned = self.board.pinned(us, king);
        let allowed = |from: Square| {
            if pinned.has(from) {
                target & attacks::line(king, from)
            } else {
                target
            }
        };
        let add = |list: &mut MoveList, from: Square, targets: Bitboard| {
            for to in targets & their {
                list.push(Move::new(from, to, Move::CAPTURE));
            }
            for to in targets & !occ {
                list.push(Move::new(from, to, Move::QUIET));
            }
        };
        for from in self.board.pieces(us, PieceKind::Knight) & !pinned {
            add(list, from, attacks::knight(from) & !our & target);
        }
        for from in self.board.bishop_likes() & our {
            add(
                list,
                from,
                attacks::bishop(from, occ) & !our & allowed(from),
            );
        }
        for from in self.board.rook_likes() & our {
            add(list, from, attacks::rook(from, occ) & !our & allowed(from));
        }
        self.generate_pawns(list, king, occ, &allowed);
        if self.checkers.is_empty() {
            self.generate_castling(list, occ);
        }
    }

    /// Pawn moves: 1, 2 or 3 squares from the first rank, 1 or 2 from the start rank,
    /// else 1 (none from the last rank); diagonal captures and en passant.
    fn generate_pawns(
        &self,
        list: &mut MoveList,
        king: Square,
        occ: Bitboard,
        allowed: &impl Fn(Square) -> Bitboard,
    ) {
        let us = self.side;
        let their = self.board.color(us.flip());
        let fwd = us.forward();
        for from in self.board.pieces(us, PieceKind::Pawn) {
            let ok = allowed(from);
            let steps = match us.relative_rank(from.rank()) {
                0 => 3,
                1 => 2,
                7 => 0,
                _ => 1,
            };
            let mut sq = from;
            for step in 1..=steps {
                match sq.shift(fwd) {
                    Some(next) if !occ.has(next) => sq = next,
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
            for to in hits & their & ok {
                list.push(Move::new(from, to, Move::CAPTURE));
            }
            if let Some(ep) = self.en_passant {
                for to in hits & ep.passed {
                    if self.en_passant_legal(from, to, ep.victim, king) {
                        list.push(Move::new(from, to, Move::EN_PASSANT));
                    }
                }
            }
        }
    }

    /// En passant is tested by playing it on the occupancy: it can uncover an attack
    /// through the capturer and the victim, or fail to answer a check.
    fn en_passant_legal(&self, from: Square, to: Square, victim: Square, king: Square) -> bool {
        let occ = self.board.occupied().without(from).without(victim).with(to);
        let attackers = self.board.attackers_to(king, occ) & self.board.color(self.side.flip());
        attackers.without(victim).is_empty()
    }

    /// Castling: the right is still held (so the king never moved and stands at home),
    /// a friendly rook stands on the corner now, the squares between are empty, and the
    /// king is not in check and neither passes nor lands on an attacked square.
    fn generate_castling(&self, list: &mut MoveList, occ: Bitboard) {
        let us = self.side;
        let rook = Some(Piece::new(us, PieceKind::Rook));
        for side in CastlingSide::of(us) {
            if self.castling & side.right != 0
                && self.board.piece_at(side.rook_from) == rook
                && (side.must_be_empty() & occ).is_empty()
                && !Iterator::any(&mut side.king_path().into_iter(), |sq| {
                    self.board.is_attacked(sq, us.flip(), occ)
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

    fn castling_side(color: Color, king_to: Square) -> &'static CastlingSide {
        CastlingSide::of(color)
            .iter()
            .find(|s| s.king_to == king_to)
            .expect("castling side")
    }

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        self.hash ^= zobrist::piece(piece.index(), sq.index());
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

    fn save(&self, mv: Option<Move>, moved: Option<Piece>, captured: Option<Piece>) -> State {
        State {
            mv,
            moved,
            captured,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            checkers: self.checkers,
        }
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
}

impl<M: Mutation> Position for EinsteinPosition<M> {
    type Move = Move;
    type MoveList = MoveList;

    fn startpos() -> Self {
        Self::from_fen(START_FEN).expect("start position")
    }

    /// Pawns may stand on any rank (see the module notes). A castling right needs its
    /// king at home, not its rook.
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let fields = FenFields::split(fen)?;
        let board = Board::from_fen_placement(&fields)?;
        let castling = fields.castling_rights()?;
        validate_kings(&board, fields.side)?;
        validate_castling(&board, castling, false)?;
        let stepped = M::after_quiet(PieceKind::Pawn);
        let en_passant = EnPassant::from_fen(fields.en_passant, &board, fields.side, stepped)?;
        let mut pos = EinsteinPosition {
            board,
            side: fields.side,
            castling,
            en_passant,
            halfmove: fields.halfmove,
            fullmove: fields.fullmove,
            hash: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::new(),
            rules: PhantomData,
        };
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
            EnPassant::to_fen(self.en_passant, self.side.flip()),
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
        self.generate(moves);
    }

    fn play(&mut self, mv: Move) {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board.piece_at(from).expect("piece on from-square");
        let captured_sq = match mv.kind() {
            Move::EN_PASSANT => Some(self.en_passant.expect("en passant state").victim),
            Move::CAPTURE => Some(to),
            _ => None,
        };
        let captured = captured_sq.map(|sq| self.board.piece_at(sq).expect("captured piece"));
        debug_assert_legal_shape(mv, us, piece, captured);
        self.history
            .push(self.save(Some(mv), Some(piece), captured));
        self.begin_move();

        if let Some(sq) = captured_sq {
            self.take(sq);
        }
        self.take(from);
        let kind = Self::mutated(piece.kind, captured.is_some());
        self.place(to, Piece::new(us, kind));

        if mv.is_castle() {
            let side = Self::castling_side(us, to);
            let rook = self.take(side.rook_from);
            self.place(side.rook_to, Piece::new(us, M::after_quiet(rook.kind)));
        }
        if piece.kind == PieceKind::King {
            self.castling &= !CastlingRights::of(us);
        }
        if mv.kind() == Move::DOUBLE_PUSH {
            self.en_passant = Some(EnPassant::after_step(from, to));
        }
        if piece.kind == PieceKind::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.end_move();
    }

    fn undo(&mut self) {
        let st = self.history.pop().expect("undo without play");
        self.side = self.side.flip();
        if let (Some(mv), Some(moved)) = (st.mv, st.moved) {
            let (from, to) = (mv.from(), mv.to());
            self.board.remove(to);
            self.board.put(from, moved);
            if let Some(c) = st.captured {
                let sq = match mv.kind() {
                    Move::EN_PASSANT => st.en_passant.expect("en passant state").victim,
                    _ => to,
                };
                self.board.put(sq, c);
            }
            if mv.is_castle() {
                let side = Self::castling_side(self.side, to);
                self.board.remove(side.rook_to);
                self.board
                    .put(side.rook_from, Piece::new(self.side, PieceKind::Rook));
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
        self.history.push(self.save(None, None, None));
        self.begin_move();
        self.halfmove += 1;
        self.end_move();
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
        parse_uci_move(self, text, false)
    }
}

#[cfg(test)]
mod tests;
