//! Legal move generation: whole units, fissions, fusions, captures, en passant,
//! promotions and castling with a corner unit.
//!
//! Each component kind of a unit gives a target bitboard; a part moves to the union of
//! the targets of the kinds it holds, so a (from, to, part, promotion) is produced once
//! however many of its components could make it. Legality: a fission leaves its square
//! occupied, so outside check it is always legal; a whole unit is legal unless pinned
//! off its line; en passant and every move in check use the mask or a replay on
//! bitboards.

use super::Augsburg;
use super::moves::{Move, MoveList};
use super::unit::Unit;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::fen::CastlingSide;
use crate::types::{PieceKind, Square};

/// Promotion choices, each pawn component becoming one such piece.
const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

impl Augsburg {
    /// Fills `list` with every legal move.
    pub(super) fn generate(&self, list: &mut MoveList) {
        list.clear();
        let b = &self.board;
        let us = self.game.side;
        let them = us.flip();
        let king = b.king(us).expect("king on board");
        let our = b.color(us);
        let occ = b.occupied();
        let kings = b.kings();

        let no_king = occ.without(king);
        for to in attacks::king(king) & !our & !kings {
            if (b.attackers_to(to, no_king) & b.color(them)).is_empty() {
                push(list, Move::new(king, to, Unit::EMPTY, true, None));
            }
        }
        if self.game.checkers.more_than_one() {
            return;
        }
        let check_mask = match self.game.checkers.single() {
            Some(c) => attacks::between(king, c).with(c),
            None => Bitboard::FULL,
        };
        let pinned = self.pinned(king);
        let last_rank = Bitboard::rank(us.relative_rank(7));

        for from in b.units(us) {
            let unit = b.cell(from).components();
            let targets = self.kind_targets(from, unit);
            let part_ok = check_mask;
            let whole_ok = if pinned.has(from) {
                check_mask & attacks::line(king, from)
            } else {
                check_mask
            };
            // En passant (a part with a pawn, on the pawn's capture square) removes a
            // unit elsewhere: replay it instead of using masks.
            let ep = self.game.en_passant.filter(|&e| targets[0].has(e));
            let (ep_part, ep_whole) = match ep {
                Some(e) => (self.ep_safe(from, e, false), self.ep_safe(from, e, true)),
                None => (false, false),
            };

            let mut part = Unit::EMPTY;
            while let Some(p) = part.next_part(unit) {
                part = p;
                let whole = p == unit;
                let kinds = p.kinds();
                let mut tgt = Bitboard::EMPTY;
                for (i, t) in targets.iter().enumerate() {
                    if kinds >> i & 1 != 0 {
                        tgt |= *t;
                    }
                }
                let mut legal = tgt & if whole { whole_ok } else { part_ok };
                let has_pawn = p.has(PieceKind::Pawn);
                if let Some(e) = ep.filter(|&e| has_pawn && tgt.has(e)) {
                    legal = legal.without(e);
                    if if whole { ep_whole } else { ep_part } {
                        legal = legal.with(e);
                    }
                }
                if has_pawn {
                    for to in legal & !last_rank {
                        push(list, Move::new(from, to, p, whole, None));
                    }
                    for to in legal & last_rank {
                        for promo in PROMOTIONS {
                            push(list, Move::new(from, to, p, whole, Some(promo)));
                        }
                    }
                } else {
                    for to in legal {
                        push(list, Move::new(from, to, p, whole, None));
                    }
                }
            }
        }

        if self.game.checkers.is_empty() {
            self.castlings(list, occ);
        }
    }

    /// Targets of each component kind of `unit` on `from` (pawn, knight, bishop, rook),
    /// kings excluded (never captured, never fused with). Empty for absent kinds.
    pub(super) fn kind_targets(&self, from: Square, unit: Unit) -> [Bitboard; 4] {
        let b = &self.board;
        let us = self.game.side;
        let occ = b.occupied();
        let not_kings = !b.kings();
        let mut t = [Bitboard::EMPTY; 4];
        if unit.has(PieceKind::Pawn) {
            let blocked = b.color(us.flip()) | b.kings();
            let mut p = Bitboard::EMPTY;
            let one = from.shift(us.forward()).expect("pawn not on its last rank");
            if !blocked.has(one) {
                p = p.with(one);
                if from.rank() == us.relative_rank(1) && !occ.has(one) {
                    let two = one.shift(us.forward()).expect("on board");
                    if !blocked.has(two) {
                        p = p.with(two);
                    }
                }
            }
            let diag = attacks::pawn(us, from);
            p |= diag & b.units(us.flip());
            if let Some(e) = self.game.en_passant.filter(|&e| diag.has(e)) {
                p = p.with(e);
            }
            t[0] = p;
        }
        if unit.has(PieceKind::Knight) {
            t[1] = attacks::knight(from) & not_kings;
        }
        if unit.has(PieceKind::Bishop) {
            t[2] = attacks::bishop(from, occ) & not_kings;
        }
        if unit.has(PieceKind::Rook) {
            t[3] = attacks::rook(from, occ) & not_kings;
        }
        t
    }

    /// Castling with the whole corner unit or any part of it holding a rook component.
    pub(super) fn castlings(&self, list: &mut MoveList, occ: Bitboard) {
        let b = &self.board;
        let us = self.game.side;
        let them = us.flip();
        for side in CastlingSide::of(us) {
            if self.game.castling & side.right == 0
                || (side.must_be_empty() & occ).any()
                || Iterator::any(&mut side.king_path(), |sq| b.is_attacked(sq, them, occ))
            {
                continue;
            }
            let corner = b.cell(side.rook_from).components();
            for p in corner.parts().filter(|p| p.has(PieceKind::Rook)) {
                push(
                    list,
                    Move::new(side.king_from, side.king_to, p, p == corner, None),
                );
            }
        }
    }

    /// Our units that alone stand between our king and an enemy slider component.
    fn pinned(&self, king: Square) -> Bitboard {
        let b = &self.board;
        let them = self.game.side.flip();
        let their = b.color(them);
        let snipers = (attacks::rook(king, their) & b.kind(PieceKind::Rook)
            | attacks::bishop(king, their) & b.kind(PieceKind::Bishop))
            & their;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(king, s) & b.occupied();
            if !blockers.more_than_one() {
                pinned |= blockers & b.color(self.game.side);
            }
        }
        pinned
    }

    /// Whether an en passant capture onto `ep` leaves our king safe; `whole` when the
    /// capturing part is the whole unit (its square empties).
    fn ep_safe(&self, from: Square, ep: Square, whole: bool) -> bool {
        let b = &self.board;
        let us = self.game.side;
        let victim = ep.shift(-us.forward()).expect("on board");
        let king = b.king(us).expect("king on board");
        let mut occ = b.occupied().without(victim).with(ep);
        if whole {
            occ = occ.without(from);
        }
        let enemies = b.color(us.flip()).without(victim);
        (b.attackers_to(king, occ) & enemies).is_empty()
    }

    /// Whether moving `part` from `from` to `to` is an en passant capture: the part
    /// holds a pawn and `to` is the en passant square on that pawn's capture diagonal.
    /// (A pawn-holding part reaching the square by another component's move is a plain
    /// move: the reference counts of `augsburg.epd` depend on it, see `tests`.)
    pub(super) fn is_en_passant(&self, from: Square, to: Square, part: Unit) -> bool {
        part.has(PieceKind::Pawn)
            && self.game.en_passant == Some(to)
            && attacks::pawn(self.game.side, from).has(to)
    }
}

/// Adds a move; a list already at capacity (a position with a huge unit, far beyond
/// anything measured) keeps the moves it has rather than aborting the program.
#[inline]
fn push(list: &mut MoveList, mv: Move) {
    let _ = list.try_push(mv);
}
