//! Dynamo chess (docs/rules.md, "Dynamo"): no captures; pieces push and pull one other
//! piece, possibly off the board. A king is in check when the opponent could remove it.
//!
//! Generation lists every effect once (`generation`), written as its displacements (`moves`),
//! then keeps the moves after which the mover's king is on the board and cannot be
//! removed (`check`; `check::KingGuard` skips the test for moves that cannot matter),
//! and that do not undo the opponent's last move.
//!
//! Decisions where docs/rules.md is silent:
//! - the no-undo rule compares 64-bit placement keys, and does not apply right after a
//!   null move (there is no opponent's move to undo);
//! - `hash` covers placement, side and castling rights, not the no-undo state: two
//!   positions that differ only by their forbidden reply share a key (a transposition
//!   table move must still be checked against the legal moves);
//! - `from_fen` refuses more than 16 pieces or 8 pawns of one colour (no Dynamo move
//!   creates a piece), which also bounds the move-list capacity.

pub mod check;
mod fen;
mod generation;
pub mod moves;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::error::{FenError, MoveError};
use crate::fen::{CastlingSide, FenFields};
use crate::game::{Game, GameState};
use crate::position::{MoveCode, Position};
use crate::types::{Color, Piece, PieceKind};
use crate::zobrist;
use arrayvec::ArrayVec;
use check::{Bits, KingGuard, removable};
use generation::{Candidates, Gen};
pub use moves::{Displacement, Move};

/// Legal moves of one position. Witness (`move_counts_fit` test): at most 552 over the
/// perft suite's positions and replies and crowded positions with up to fifteen queens
/// (a side has at most 16 pieces: `from_fen` refuses more); 1024 leaves a margin.
pub type MoveList = ArrayVec<Move, 1024>;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What `play` saves besides the game state, so `undo` restores the board exactly.
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// `None` for a null move.
    mv: Option<Move>,
    /// The pieces that stood on the move's from-squares (in `Move::parts` order).
    pieces: [Option<Piece>; 2],
    /// Zobrist key of the placement alone, before the move: the no-undo rule compares
    /// the placement after a reply with the one before the opponent's last move.
    placement: u64,
    /// Squares whose content the move changed: a reply can restore `placement` only by
    /// changing all of them.
    changed: Bitboard,
}

/// The no-undo rule's forbidden placement: a move can restore `key` only by touching
/// every square of `changed` (the squares the opponent's last move changed).
struct Forbidden {
    key: u64,
    changed: Bitboard,
    /// One square of `changed` (a move not touching it cannot restore `key`); empty when
    /// nothing is forbidden, full when `changed` is empty.
    one: Bitboard,
}

impl Forbidden {
    fn new(key: u64, changed: Bitboard) -> Forbidden {
        let one = if changed.is_empty() {
            Bitboard::FULL
        } else {
            Bitboard::from_square(changed.lsb())
        };
        Forbidden { key, changed, one }
    }
}

/// A Dynamo position. It has no en passant (`()`), and marks check with the king's
/// square in `GameState::checkers`.
#[derive(Clone, Debug)]
pub struct Dynamo {
    board: Board,
    game: Game<(), Undo>,
    /// Zobrist key of the placement alone, for the no-undo rule.
    placement: u64,
}

impl Dynamo {
    /// The placement as bitboards.
    pub fn bits(&self) -> Bits {
        let mut bits = Bits::default();
        for k in PieceKind::ALL {
            bits.kind[k.index()] = self.board.kind(k);
        }
        for c in Color::BOTH {
            bits.color[c.index()] = self.board.color(c);
        }
        bits
    }

    /// True when the king of `color` could be removed by the other side.
    pub fn king_in_danger(&self, color: Color) -> bool {
        match self.board.king(color) {
            Some(k) => removable(&self.bits(), k, color.flip()),
            None => true,
        }
    }

    /// What `GameState::checkers` holds: the king's square when it could be removed.
    fn check_mark(&self) -> Bitboard {
        let side = self.game.side;
        if self.king_in_danger(side) {
            self.board.pieces(side, PieceKind::King)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The placement key after `mv`.
    #[inline]
    fn placement_after(&self, mv: Move) -> u64 {
        let mut key = self.placement;
        for d in mv.parts() {
            let p = self.board.piece_at(d.from()).expect("displaced piece");
            key ^= zobrist::piece(p.index(), d.from().index());
            if let Some(to) = d.to() {
                let placed = Piece::new(p.color, d.promotion().unwrap_or(p.kind));
                key ^= zobrist::piece(placed.index(), to.index());
            }
        }
        key
    }

    /// The placement after `mv` (legal), as bitboards, without playing it.
    #[inline]
    pub fn bits_after(&self, mv: Move) -> Bits {
        let mut b = self.bits();
        self.toggle_displacement(&mut b, mv.first());
        if let Some(d) = mv.second() {
            self.toggle_displacement(&mut b, d);
        }
        b
    }

    /// Applies one displacement to `b`. Toggles commute, so the two displacements of a
    /// move can be applied one after the other even when one lands where the other left.
    #[inline]
    fn toggle_displacement(&self, b: &mut Bits, d: Displacement) {
        let p = self.board.piece_at(d.from()).expect("displaced piece");
        b.toggle(d.from(), p.color, p.kind);
        if let Some(to) = d.to() {
            b.toggle(to, p.color, d.promotion().unwrap_or(p.kind));
        }
    }

    /// The mover's king stays on the board and cannot be removed, and the move does not
    /// restore the placement the no-undo rule forbids. The guard (everything matters
    /// when the king is in check) skips the king test for moves that cannot change it.
    #[inline(always)]
    fn legal_after(&self, bits: &Bits, mv: Move, forbidden: &Forbidden, guard: &KingGuard) -> bool {
        // Most moves touch nothing either test looks at: decided by a few masks.
        let (from, to) = mv.rough_squares();
        if ((from | to) & forbidden.one).is_empty() && guard.surely_irrelevant(from, to) {
            return true;
        }
        let touched = mv.squares();
        if (forbidden.changed & !touched).is_empty() && forbidden.key == self.placement_after(mv) {
            return false;
        }
        !guard.may_matter(mv, touched)
            || (!guard.still_threatened(touched) && self.king_safe_after(bits, mv))
    }

    /// The mover's king is on the board after `mv` and cannot be removed.
    #[inline(never)]
    fn king_safe_after(&self, bits: &Bits, mv: Move) -> bool {
        let mut b = *bits;
        self.toggle_displacement(&mut b, mv.first());
        if let Some(d) = mv.second() {
            self.toggle_displacement(&mut b, d);
        }
        let king = b.pieces(self.game.side, PieceKind::King);
        king.any() && !removable(&b, king.lsb(), self.game.side.flip())
    }

    /// The placement the no-undo rule forbids now.
    fn forbidden(&self) -> Forbidden {
        match self.game.last_undo() {
            Some(s) if s.mv.is_some() => Forbidden::new(s.placement, s.changed),
            // No square set is ever wholly touched: nothing is forbidden.
            _ => Forbidden {
                key: 0,
                changed: Bitboard::FULL,
                one: Bitboard::EMPTY,
            },
        }
    }

    /// The moves, legal or not, that the piece on `sq` makes as the active piece (its
    /// plain moves, exits, pushes and pulls, and the king's castling): for the page,
    /// which tells a piece's own targets from those others push or pull it to. An
    /// effect several pieces can make is among the ways of each.
    pub fn ways_of(&self, sq: crate::types::Square) -> Vec<Move> {
        let us = self.game.side;
        let mut cand = Candidates::new();
        Gen::new(&self.board, us, &mut cand).of_piece(sq);
        let mut ways = cand.to_vec();
        if self.board.king(us) == Some(sq) {
            ways.extend(CastlingSide::of(us).iter().map(|cs| {
                Move::pair(
                    Displacement::new(cs.king_from, Some(cs.king_to), None),
                    Displacement::new(cs.rook_from, Some(cs.rook_to), None),
                )
            }));
        }
        ways
    }

    /// Calls `found` with every legal move, in generation order (castling last).
    #[inline]
    fn for_each_legal(&self, mut found: impl FnMut(Move)) {
        let us = self.game.side;
        let mut cand = Candidates::new();
        Gen::new(&self.board, us, &mut cand).all(us);
        let bits = self.bits();
        let forbidden = self.forbidden();
        let guard = match self.board.king(us) {
            Some(k) if !self.game.in_check() => KingGuard::new(&bits, k, us.flip()),
            Some(k) => KingGuard::in_check(&bits, k, us.flip()),
            None => KingGuard::EVERYTHING,
        };
        for &m in cand.iter() {
            if self.legal_after(&bits, m, &forbidden, &guard) {
                found(m);
            }
        }
        if self.game.in_check() {
            return;
        }
        for cs in CastlingSide::of(us) {
            if self.game.castling & cs.right == 0
                || (cs.must_be_empty() & self.board.occupied()).any()
            {
                continue;
            }
            let m = Move::pair(
                Displacement::new(cs.king_from, Some(cs.king_to), None),
                Displacement::new(cs.rook_from, Some(cs.rook_to), None),
            );
            if self.castling_path_safe(&bits, cs)
                && self.legal_after(&bits, m, &forbidden, &KingGuard::EVERYTHING)
            {
                found(m);
            }
        }
    }

    /// Castling's extra condition: the king's path squares (its start square was tested
    /// by the caller: not in check) are safe with the king standing there instead.
    fn castling_path_safe(&self, bits: &Bits, cs: &CastlingSide) -> bool {
        let path = cs.king_path().without(cs.king_from);
        path.into_iter().all(|sq| {
            let mut b = *bits;
            b.toggle(cs.king_from, self.game.side, PieceKind::King);
            b.toggle(sq, self.game.side, PieceKind::King);
            !removable(&b, sq, self.game.side.flip())
        })
    }

    fn save(&self, mv: Option<Move>) -> Undo {
        let mut pieces = [None; 2];
        if let Some(m) = mv {
            for (i, d) in m.parts().enumerate() {
                pieces[i] = self.board.piece_at(d.from());
            }
        }
        Undo {
            mv,
            pieces,
            placement: self.placement,
            changed: Bitboard::EMPTY,
        }
    }

    fn finish_move(&mut self) {
        self.game.pass_turn();
        self.game.hash = self.game.key(self.placement, 0);
        self.game.checkers = self.check_mark();
    }
}

impl Position for Dynamo {
    const FAST_GIVES_CHECK: bool = true;
    const MOVES_DEPEND_ON_LAST_MOVE: bool = true;
    type Move = Move;
    type MoveList = MoveList;
    type Board = Board;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(fen: &str) -> Result<Dynamo, FenError> {
        let fields = FenFields::split(fen)?;
        let board = Board::from_fen_placement(&fields)?;
        let castling = fields.castling_rights()?;
        // Dynamo has no en passant: a square is accepted (if it is one) and ignored.
        fields.en_passant_square()?;
        let mut pos = Dynamo {
            placement: board.placement_hash(),
            board,
            game: Game::new(GameState::new(&fields, castling, ())),
        };
        pos.validate()?;
        pos.game.hash = pos.game.key(pos.placement, 0);
        pos.game.checkers = pos.check_mark();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        self.game.fen(&self.board.fen_placement(), None)
    }

    #[inline]
    fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    fn game(&self) -> &Game<impl Copy + Default, impl Copy> {
        &self.game
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.for_each_legal(|m| moves.push(m));
    }

    fn count_legal(&self) -> usize {
        let mut n = 0;
        self.for_each_legal(|_| n += 1);
        n
    }

    fn play(&mut self, mv: Move) {
        let st = self.save(Some(mv));
        self.game.push(st);
        let mut irreversible = false;
        for (i, d) in mv.parts().enumerate() {
            let p = st.pieces[i].expect("displaced piece");
            self.board.remove(d.from());
            self.placement ^= zobrist::piece(p.index(), d.from().index());
            self.game.castling &= !CastlingSide::rights_touching(d.from());
            irreversible |= p.kind == PieceKind::Pawn || d.to().is_none();
        }
        for (i, d) in mv.parts().enumerate() {
            if let (Some(to), Some(p)) = (d.to(), st.pieces[i]) {
                let placed = Piece::new(p.color, d.promotion().unwrap_or(p.kind));
                self.board.put(to, placed);
                self.placement ^= zobrist::piece(placed.index(), to.index());
            }
        }
        let mut changed = Bitboard::EMPTY;
        for (i, d) in mv.parts().enumerate() {
            if self.board.piece_at(d.from()) != st.pieces[i] {
                changed = changed.with(d.from());
            }
            if let Some(to) = d.to() {
                changed = changed.with(to);
            }
        }
        self.game.last_undo_mut().expect("just pushed").changed = changed;
        self.game.halfmove = if irreversible {
            0
        } else {
            self.game.halfmove + 1
        };
        self.finish_move();
    }

    fn undo(&mut self) {
        let st = self.game.pop();
        if let Some(mv) = st.mv {
            for d in mv.parts() {
                if let Some(to) = d.to() {
                    self.board.remove(to);
                }
            }
            for (i, d) in mv.parts().enumerate() {
                self.board
                    .put(d.from(), st.pieces[i].expect("displaced piece"));
            }
        }
        self.placement = st.placement;
    }

    fn play_null(&mut self) {
        debug_assert!(!self.in_check(), "null move in check: {}", self.to_fen());
        self.game.push(self.save(None));
        self.game.halfmove += 1;
        self.finish_move();
    }

    /// The enemy king cannot be removed now (the opponent's move was legal), so only a
    /// move its `KingGuard` says may matter can change that: most moves are answered by
    /// mask tests.
    fn gives_check(&self, mv: Move) -> bool {
        let them = self.game.side.flip();
        let Some(k) = self.board.king(them) else {
            return false;
        };
        let bits = self.bits();
        if !KingGuard::new(&bits, k, self.game.side).may_matter(mv, mv.squares()) {
            return false;
        }
        let b = self.bits_after(mv);
        let king = b.pieces(them, PieceKind::King);
        king.any() && removable(&b, king.lsb(), self.game.side)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let wanted = moves::parse_effect(text)?;
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter()
            .copied()
            .find(|m| m.to_bits() == wanted.to_bits())
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Largest (candidate, legal) counts over a position's moves and their replies.
    fn max_counts(fen: &str) -> (usize, usize) {
        let mut pos = Dynamo::from_fen(fen).unwrap();
        let count = |p: &Dynamo| {
            let mut c = Candidates::new();
            Gen::new(&p.board, p.game.side, &mut c).all(p.game.side);
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            (c.len(), l.len())
        };
        let mut best = count(&pos);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for &m in list.iter() {
            pos.play(m);
            let (c, l) = count(&pos);
            best = (best.0.max(c), best.1.max(l));
            pos.undo();
        }
        best
    }

    /// Witness for the capacities of `Candidates` and `MoveList`.
    #[test]
    fn move_counts_fit() {
        let suite = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/perft/dynamo.epd"
        );
        let text = std::fs::read_to_string(suite).expect("the Dynamo perft suite");
        let mut best = (0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (c, l) = max_counts(line.split(';').next().unwrap());
            best = (best.0.max(c), best.1.max(l));
        }
        // Crowded, open positions: nine queens, or every officer on open lines.
        for fen in [
            "6rk/6pp/8/3Q4/Q6Q/8/1Q3Q2/K2QQ2Q w - - 0 1",
            "6rk/1Q4pp/8/3QQ3/3QQ3/8/1Q3Q2/K2Q4 w - - 0 1",
            "6rk/6pp/2QRBN2/8/2NBRQ2/8/8/K7 w - - 0 1",
            "6rk/1Q4pp/2B1N3/3QQ3/3QQ3/2N1B3/1Q3Q2/K6R w - - 0 1",
            // Fifteen queens (at most 16 pieces a side: `from_fen` refuses more).
            "6rk/6pp/1Q3Q2/3Q4/Q3Q2Q/2Q3Q1/Q4Q2/K2Q2Q1 w - - 0 1",
        ] {
            let (c, l) = max_counts(fen);
            eprintln!("{fen}: {c} candidates, {l} legal");
            best = (best.0.max(c), best.1.max(l));
        }
        eprintln!("max candidates {}, max legal {}", best.0, best.1);
        assert!(best.0 < 768 && best.1 < 768, "{best:?}");
    }

    /// Legal moves by the definition, slowly: every candidate is played on a copy and
    /// the result tested (king present and safe, placement not the forbidden one).
    fn slow_legal(pos: &Dynamo) -> Vec<Move> {
        let mut cand = Candidates::new();
        Gen::new(&pos.board, pos.game.side, &mut cand).all(pos.game.side);
        let forbidden = pos
            .game
            .last_undo()
            .filter(|s| s.mv.is_some())
            .map(|s| s.placement);
        let mut out: Vec<Move> = cand
            .iter()
            .copied()
            .filter(|&m| {
                let mut p = pos.clone();
                p.play(m);
                p.board.king(pos.game.side).is_some()
                    && !p.king_in_danger(pos.game.side)
                    && forbidden != Some(p.placement)
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// A small deterministic random number generator for random games.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The fast legality test (danger-zone shortcut, no-undo prefilter) agrees with the
    /// definition along random games from the suite's positions.
    #[test]
    fn fast_legality_matches_definition() {
        let mut rand = xorshift(0x2545_F491_4F6C_DD1D);
        let fens = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/p1p2p2/pnp2P2/5P2/bPP2Pb1/8/2P1P3/7K b - - 0 18",
            "r2qkbn1/pp3p2/P2p4/3p2pb/8/5PP1/2PPKP1r/7n b q - 0 12",
            "7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1",
        ];
        let mut nodes = 0;
        for fen in fens {
            for _game in 0..30 {
                let mut pos = Dynamo::from_fen(fen).unwrap();
                for _ply in 0..60 {
                    let mut fast = MoveList::new();
                    pos.legal_moves(&mut fast);
                    let castles: Vec<Move> = CastlingSide::ALL
                        .iter()
                        .map(|c| {
                            Move::pair(
                                Displacement::new(c.king_from, Some(c.king_to), None),
                                Displacement::new(c.rook_from, Some(c.rook_to), None),
                            )
                        })
                        .collect();
                    let mut fast_sorted: Vec<Move> = fast
                        .iter()
                        .copied()
                        .filter(|m| !castles.contains(m))
                        .collect();
                    fast_sorted.sort_unstable();
                    assert_eq!(fast_sorted, slow_legal(&pos), "{}", pos.to_fen());
                    nodes += 1;
                    if fast.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let m = fast[(rand() % fast.len() as u64) as usize];
                    pos.play(m);
                }
            }
        }
        assert!(nodes > 1000, "{nodes}");
    }

    /// A piece's own ways are what it makes as the active piece: the e2 pawn of the
    /// start steps, the knight and bishop push or pull it; every legal move is the way
    /// of some piece of the side to move.
    #[test]
    fn ways_of_a_piece_are_its_own_moves() {
        let mut rand = xorshift(0x5DEE_CE66_D1CE_4E5B);
        let text = |pos: &Dynamo, sq: &str| -> Vec<String> {
            let sq = crate::types::Square::parse(sq).unwrap();
            pos.ways_of(sq).iter().map(|m| m.to_string()).collect()
        };
        let start = Dynamo::from_fen(START_FEN).unwrap();
        let pawn = text(&start, "e2");
        for own in ["e2e3", "e2e4"] {
            assert!(pawn.contains(&own.to_string()), "{pawn:?}");
        }
        for other in ["e2c3", "g1E/e2g1", "f1E/e2f1", "d1E/e2d1", "e2E"] {
            assert!(!pawn.contains(&other.to_string()), "{other} in {pawn:?}");
        }
        let knight = text(&start, "g1");
        assert!(knight.contains(&"g1E/e2g1".to_string()) && knight.contains(&"e2c3".to_string()));
        assert!(text(&start, "e7").is_empty(), "an enemy piece has no ways");
        for fen in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let mut pos = Dynamo::from_fen(fen).unwrap();
            for _ply in 0..40 {
                let mut legal = MoveList::new();
                pos.legal_moves(&mut legal);
                if legal.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let ours = pos.board.color(pos.game.side);
                let ways: Vec<Move> = ours.into_iter().flat_map(|sq| pos.ways_of(sq)).collect();
                for m in legal.iter() {
                    assert!(
                        ways.contains(m),
                        "{m} is no piece's way in {}",
                        pos.to_fen()
                    );
                }
                let m = legal[(rand() % legal.len() as u64) as usize];
                pos.play(m);
            }
        }
    }

    /// `gives_check` (mask shortcut, toggled bitboards) agrees with playing the move
    /// and asking `in_check`, along random games.
    #[test]
    fn gives_check_matches_play() {
        let p = Dynamo::from_fen("r3k3/1P6/8/n2R4/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(p.gives_check(p.parse_move("d5e5").unwrap()));
        assert!(!p.gives_check(p.parse_move("d5d4").unwrap()));
        let mut rand = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut checks = 0;
        for fen in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1",
        ] {
            for _game in 0..20 {
                let mut pos = Dynamo::from_fen(fen).unwrap();
                for _ply in 0..60 {
                    let mut list = MoveList::new();
                    pos.legal_moves(&mut list);
                    if list.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    for &m in list.iter() {
                        let fast = pos.gives_check(m);
                        pos.play(m);
                        assert_eq!(fast, pos.in_check(), "{m} in {}", pos.to_fen());
                        checks += usize::from(fast);
                        pos.undo();
                    }
                    let m = list[(rand() % list.len() as u64) as usize];
                    pos.play(m);
                }
            }
        }
        assert!(checks > 100, "{checks}");
    }
}
