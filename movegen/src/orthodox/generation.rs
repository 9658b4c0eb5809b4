//! Legal move generation for pieces that move and give check orthodoxly, shared by chess
//! and the Einstein family: king steps, the check mask, pins, knights and sliders, and
//! castling. Each variant adds its own pawn moves, which is where they differ.
//!
//! Its items are `pub` in this private module: the public [`OrthodoxRules`] names them,
//! and nothing outside the crate can.
//!
//! [`OrthodoxRules`]: super::OrthodoxRules

use super::moves::Move;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::fen::CastlingSide;
use crate::game::GameState;
use crate::position::MoveBuffer;
use crate::types::{Color, Piece, PieceKind, Square};
use arrayvec::ArrayVec;

/// Where generated moves go: a list, or a counter for perft's bulk-counted last ply.
pub trait MoveSink {
    fn push(&mut self, mv: Move);
    /// The moves of a non-pawn piece from `from` to each of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard, their: Bitboard);
    /// A chess pawn move, as four promotions when it reaches the last rank.
    fn pawn_moves(&mut self, from: Square, to: Square, capture: bool);
    /// Chess pawn moves of a whole set at once: to each of `targets` from `delta`
    /// squares back. A `kind` of `QUIET` or `CAPTURE` promotes on the last rank.
    fn pawn_set(&mut self, targets: Bitboard, delta: i8, kind: u16);
}

impl<const N: usize> MoveSink for ArrayVec<Move, N> {
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
pub(crate) struct MoveCounter(pub usize);

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

/// The side to move's king and what its safety allows the other pieces.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub us: Color,
    pub king: Square,
    pub our: Bitboard,
    pub their: Bitboard,
    pub occ: Bitboard,
    /// Squares that answer check (the checker and the squares between); all when not in
    /// check.
    pub target: Bitboard,
    /// Pieces pinned to the king, which may move only along the pin line.
    pub pinned: Bitboard,
}

impl Frame {
    /// The squares among `reach` a piece on `from` may go to: not its own side's, answering
    /// check, and on its pin line if it is pinned.
    #[inline]
    pub fn allowed(&self, from: Square, reach: Bitboard) -> Bitboard {
        let mut t = reach & !self.our & self.target;
        if self.pinned.has(from) {
            t &= attacks::line(self.king, from);
        }
        t
    }

    /// True when the en passant capture from `from` to `to`, removing the piece on
    /// `victim`, leaves the king safe. Tested by playing it on the occupancy: it can
    /// uncover an attack through capturer and victim, or fail to answer a check.
    #[inline]
    pub fn en_passant_legal(
        &self,
        board: &Board,
        from: Square,
        to: Square,
        victim: Square,
    ) -> bool {
        let occ = self.occ.without(from).without(victim).with(to);
        let attackers = board.attackers_to(self.king, occ) & self.their;
        attackers.without(victim).is_empty()
    }
}

/// Generates the legal moves of the side to move into `sink`: king steps; unless in
/// double check, knights, bishops, rooks and queens, then the variant's pawn moves
/// (`pawns`), then castling when not in check (a right still held, a rook of the side on
/// the corner, the squares between empty, the king's path not attacked).
#[inline(always)]
pub(crate) fn generate<S: MoveSink, E>(
    board: &Board,
    game: &GameState<E>,
    sink: &mut S,
    pawns: impl FnOnce(&mut S, &Frame),
) {
    let us = game.side;
    let them = us.flip();
    let king = board.king(us).expect("king on board");
    let our = board.color(us);
    let their = board.color(them);
    let occ = our | their;

    let no_king = occ.without(king);
    for to in attacks::king(king) & !our {
        if !board.is_attacked(to, them, no_king) {
            let kind = if their.has(to) {
                Move::CAPTURE
            } else {
                Move::QUIET
            };
            sink.push(Move::new(king, to, kind));
        }
    }
    if game.checkers.more_than_one() {
        return;
    }
    let frame = Frame {
        us,
        king,
        our,
        their,
        occ,
        target: match game.checkers.single() {
            Some(c) => attacks::between(king, c).with(c),
            None => Bitboard::FULL,
        },
        pinned: board.pinned(us, king),
    };
    for from in board.pieces(us, PieceKind::Knight) & !frame.pinned {
        sink.piece_moves(from, attacks::knight(from) & !our & frame.target, their);
    }
    for from in board.bishop_likes() & our {
        sink.piece_moves(from, frame.allowed(from, attacks::bishop(from, occ)), their);
    }
    for from in board.rook_likes() & our {
        sink.piece_moves(from, frame.allowed(from, attacks::rook(from, occ)), their);
    }

    pawns(sink, &frame);

    if game.checkers.is_empty() {
        let rook = Some(Piece::new(us, PieceKind::Rook));
        for side in CastlingSide::of(us) {
            if game.castling & side.right != 0
                && (side.must_be_empty() & occ).is_empty()
                && !Iterator::any(&mut side.king_path(), |sq| board.is_attacked(sq, them, occ))
                && board.piece_at(side.rook_from) == rook
            {
                let kind = if side.king_to.file() == 6 {
                    Move::SHORT_CASTLE
                } else {
                    Move::LONG_CASTLE
                };
                sink.push(Move::new(side.king_from, side.king_to, kind));
            }
        }
    }
}

/// What a move does to the mover's men, for `gives_check`: the man on `from` arrives on
/// `to` as a `kind` (promoted or mutated), the enemy man on `victim` leaves (en passant:
/// not the arrival square), and in castling the rook goes from `rook.0` to `rook.1` as a
/// `rook.2`.
#[derive(Debug)]
pub struct Arrival {
    pub from: Square,
    pub to: Square,
    pub kind: PieceKind,
    pub victim: Option<Square>,
    pub rook: Option<(Square, Square, PieceKind)>,
}

/// True when `us`, having made the move `arrival` describes, attacks the enemy king:
/// directly with the arriving man (or castled rook), or by uncovering a slider. No move
/// is played, which is what makes it cheaper than play, `in_check`, undo. The enemy king
/// is not in check before the move (the position is legal), so only the moved men and
/// the sliders whose lines they open can check.
pub(crate) fn gives_check(board: &Board, us: Color, arrival: &Arrival) -> bool {
    let Some(king) = board.king(us.flip()) else {
        return false;
    };
    let mut occ = board.occupied() & !Bitboard::from(arrival.from);
    if let Some(victim) = arrival.victim {
        occ &= !Bitboard::from(victim);
    }
    occ |= Bitboard::from(arrival.to);
    let mut stayed = board.color(us) & !Bitboard::from(arrival.from);
    let mut castled = false;
    if let Some((rook_from, rook_to, rook_kind)) = arrival.rook {
        occ = (occ & !Bitboard::from(rook_from)) | Bitboard::from(rook_to);
        stayed &= !Bitboard::from(rook_from);
        castled = attacks::by_kind(rook_kind, us, rook_to, occ).has(king);
    }
    // A line opens only through a square that was left: the mover's, the victim's (en
    // passant) or the castled rook's, and only if it shares a line with the king.
    let opened = !attacks::line(king, arrival.from).is_empty()
        || arrival.victim.is_some()
        || arrival.rook.is_some();
    castled
        || attacks::by_kind(arrival.kind, us, arrival.to, occ).has(king)
        || opened && discovers(board, king, occ, stayed)
}

/// True when a slider of `stayed` attacks `king` with the occupancy `occ`.
#[inline]
fn discovers(board: &Board, king: Square, occ: Bitboard, stayed: Bitboard) -> bool {
    (attacks::rook(king, occ) & board.rook_likes() & stayed).any()
        || (attacks::bishop(king, occ) & board.bishop_likes() & stayed).any()
}

/// Keeps the moves of `moves` that give check; `arrival` says what each brings where.
pub(crate) fn retain_checks(
    board: &Board,
    us: Color,
    moves: &mut impl MoveBuffer<Move>,
    arrival: impl Fn(Move) -> Arrival,
) {
    match CheckSquares::new(board, us) {
        Some(checks) => moves.retain_moves(|mv| checks.gives_check(board, us, &arrival(mv))),
        None => moves.clear(),
    }
}

/// What `gives_check` needs about one position, computed once for all its moves (the
/// mating move's candidates are filtered by the thousand): where the enemy king stands,
/// the squares from which each kind of man would attack it, and the men of `us` that
/// alone stand between it and one of their sliders.
pub(crate) struct CheckSquares {
    king: Square,
    occupied: Bitboard,
    /// Squares a pawn of `us` attacks the king from.
    pawn: Bitboard,
    knight: Bitboard,
    /// The king's diagonals and straight lines, up to the edge.
    diagonal: Bitboard,
    straight: Bitboard,
    /// Men of `us` whose leaving the line uncovers a check.
    blockers: Bitboard,
}

impl CheckSquares {
    /// None when the enemy king is not on the board (no move can check it).
    pub(crate) fn new(board: &Board, us: Color) -> Option<CheckSquares> {
        let king = board.king(us.flip())?;
        let occupied = board.occupied();
        let ours = board.color(us);
        let diagonal = attacks::bishop(king, Bitboard::EMPTY);
        let straight = attacks::rook(king, Bitboard::EMPTY);
        let snipers = (diagonal & board.bishop_likes() | straight & board.rook_likes()) & ours;
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                blockers |= between & ours;
            }
        }
        Some(CheckSquares {
            king,
            occupied,
            pawn: attacks::pawn(us.flip(), king),
            knight: attacks::knight(king),
            diagonal,
            straight,
            blockers,
        })
    }

    /// `gives_check` with the shared work done: exact for every move; en passant and
    /// castling, which move more than one man, take the general test.
    pub(crate) fn gives_check(&self, board: &Board, us: Color, arrival: &Arrival) -> bool {
        if arrival.victim.is_some() || arrival.rook.is_some() {
            return gives_check(board, us, arrival);
        }
        let (from, to, king) = (arrival.from, arrival.to, self.king);
        // A blocker cannot pass its slider or the king: off the line it uncovers check.
        if self.blockers.has(from) && !attacks::line(king, from).has(to) {
            return true;
        }
        let clear =
            || (attacks::between(to, king) & self.occupied & !Bitboard::from(from)).is_empty();
        match arrival.kind {
            PieceKind::Pawn => self.pawn.has(to),
            PieceKind::Knight => self.knight.has(to),
            PieceKind::Bishop => self.diagonal.has(to) && clear(),
            PieceKind::Rook => self.straight.has(to) && clear(),
            PieceKind::Queen => (self.diagonal | self.straight).has(to) && clear(),
            PieceKind::King => attacks::king(king).has(to),
        }
    }
}
