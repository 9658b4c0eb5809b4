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
use crate::board::{Board, Placement};
use crate::chess::{debug_assert_legal_shape, parse_uci_move};
use crate::error::{FenError, MoveError};
use crate::fen::{CastlingRights, CastlingSide, FenFields};
use crate::fen_checks::{validate_common, CastlingRook};
use crate::game::{Game, GameState};
use crate::orthodox::{self, Frame, MoveCounter, MoveSink};
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

/// What `play` saves besides the game state, so `undo` restores the board exactly.
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// `None` for a null move.
    mv: Option<Move>,
    /// The moved piece before its mutation.
    moved: Option<Piece>,
    captured: Option<Piece>,
}

/// A position of an Einstein variant; `M` is its mutation table. Castling rights are
/// lost only when the king moves.
#[derive(Clone, Debug)]
pub struct EinsteinPosition<M: Mutation> {
    board: Board,
    game: Game<Option<EnPassant>, Undo>,
    rules: PhantomData<M>,
}

const START_FEN: &str = crate::chess::START_FEN;

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
    /// `gives_check`'s view of `mv`: what arrives where, what leaves.
    fn arrival(&self, mv: Move) -> orthodox::Arrival {
        let us = self.game.side;
        let (from, to) = (mv.from(), mv.to());
        let moved = self.board.piece_at(from).expect("piece on from-square");
        let victim = match mv.kind() {
            Move::EN_PASSANT => self.game.en_passant.map(|ep| ep.victim),
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
        orthodox::Arrival {
            from,
            to,
            kind: Self::mutated(moved.kind, mv.is_capture()),
            victim,
            rook,
        }
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

    /// Generates every legal move into `sink`: a move list, or a counter (perft's last
    /// ply).
    fn generate<S: MoveSink>(&self, list: &mut S) {
        orthodox::generate(&self.board, &self.game, list, |list, frame| {
            self.generate_pawns(list, frame)
        });
    }

    /// Pawn moves: 1, 2 or 3 squares from the first rank, 1 or 2 from the start rank,
    /// else 1 (none from the last rank); diagonal captures and en passant.
    fn generate_pawns<S: MoveSink>(&self, list: &mut S, frame: &Frame) {
        let us = frame.us;
        let fwd = us.forward();
        for from in self.board.pieces(us, PieceKind::Pawn) {
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
            if let Some(ep) = self.game.en_passant {
                for to in hits & ep.passed {
                    if frame.en_passant_legal(&self.board, from, to, ep.victim) {
                        list.push(Move::new(from, to, Move::EN_PASSANT));
                    }
                }
            }
        }
    }

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        self.game.hash ^= zobrist::piece(piece.index(), sq.index());
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

impl<M: Mutation> Position for EinsteinPosition<M> {
    const FAST_GIVES_CHECK: bool = true;
    type Move = Move;
    type MoveList = MoveList;
    type Board = Board;

    const START_FEN: &'static str = START_FEN;

    /// Pawns may stand on any rank (see the module notes). A castling right needs its
    /// king at home, not its rook.
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let fields = FenFields::split(fen)?;
        let board = Board::from_fen_placement(&fields)?;
        let castling = fields.castling_rights()?;
        validate_common(
            &board,
            fields.side,
            castling,
            CastlingRook::NotNeeded,
            |c| board.king_attacked(c),
        )?;
        let stepped = M::after_quiet(PieceKind::Pawn);
        let en_passant = EnPassant::from_fen(fields.en_passant, &board, fields.side, stepped)?;
        let game =
            GameState::new(&fields, castling, en_passant).with_key_and_checkers(&board, ep_key);
        Ok(EinsteinPosition {
            board,
            game: Game::new(game),
            rules: PhantomData,
        })
    }

    fn to_fen(&self) -> String {
        let en_passant = self
            .game
            .en_passant
            .map(|ep| ep.to_fen(self.game.side.flip()));
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
        let captured_sq = match mv.kind() {
            Move::EN_PASSANT => Some(self.game.en_passant.expect("en passant state").victim),
            Move::CAPTURE => Some(to),
            _ => None,
        };
        let captured = captured_sq.map(|sq| self.board.piece_at(sq).expect("captured piece"));
        debug_assert_legal_shape(mv, us, piece, captured);
        self.game.push(Undo {
            mv: Some(mv),
            moved: Some(piece),
            captured,
        });
        self.game.begin_move(&self.board, ep_key);

        if let Some(sq) = captured_sq {
            self.take(sq);
        }
        self.take(from);
        let kind = Self::mutated(piece.kind, captured.is_some());
        self.place(to, Piece::new(us, kind));

        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            let rook = self.take(side.rook_from);
            self.place(side.rook_to, Piece::new(us, M::after_quiet(rook.kind)));
        }
        if piece.kind == PieceKind::King {
            self.game.castling &= !CastlingRights::of(us);
        }
        if mv.kind() == Move::DOUBLE_PUSH {
            self.game.en_passant = Some(EnPassant::after_step(from, to));
        }
        if piece.kind == PieceKind::Pawn || captured.is_some() {
            self.game.halfmove = 0;
        } else {
            self.game.halfmove += 1;
        }
        self.game.end_move(&self.board, ep_key);
    }

    fn undo(&mut self) {
        let undo = self.game.pop();
        let (Some(mv), Some(moved)) = (undo.mv, undo.moved) else {
            return;
        };
        let us = self.game.side;
        let (from, to) = (mv.from(), mv.to());
        self.board.remove(to);
        self.board.put(from, moved);
        if let Some(c) = undo.captured {
            let sq = match mv.kind() {
                Move::EN_PASSANT => self.game.en_passant.expect("en passant state").victim,
                _ => to,
            };
            self.board.put(sq, c);
        }
        if mv.is_castle() {
            let side = CastlingSide::landing_on(us, to);
            self.board.remove(side.rook_to);
            self.board
                .put(side.rook_from, Piece::new(us, PieceKind::Rook));
        }
    }

    fn play_null(&mut self) {
        let undo = Undo {
            mv: None,
            moved: None,
            captured: None,
        };
        self.game.play_null(undo, &self.board, ep_key);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_uci_move(self, text, false)
    }

    /// As `play` would leave it: the man arrives mutated, a castled rook too.
    fn gives_check(&self, mv: Move) -> bool {
        orthodox::gives_check(&self.board, self.game.side, &self.arrival(mv))
    }

    fn retain_checks(&self, moves: &mut MoveList) {
        orthodox::retain_checks(&self.board, self.game.side, moves, |mv| self.arrival(mv));
    }
}

#[cfg(test)]
mod tests;
