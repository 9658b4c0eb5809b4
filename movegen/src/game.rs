//! The part of a position every variant keeps the same way: whose move it is, castling
//! rights, en passant, the clocks, the Zobrist key, check, and the stack of saved states
//! that `undo` pops and the repetition count reads. A variant embeds a `Game` beside its
//! board and says only what is its own: the en passant state `E` (`()` when it has none)
//! and what a move must save to be taken back, `U`.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Placement;
use crate::fen::{CastlingRights, FenFields};
use crate::types::{Color, Square};
use crate::zobrist;
use std::ops::{Deref, DerefMut};

/// The state a move changes besides the board, `Copy` so that saving it is one store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameState<E> {
    pub side: Color,
    /// `CastlingRights` bits still held.
    pub castling: u8,
    pub en_passant: E,
    /// Plies since the last irreversible move.
    pub halfmove: u32,
    pub fullmove: u32,
    /// Zobrist key of placement, side, castling and en passant (as the variant defines
    /// which en passant states count).
    pub hash: u64,
    /// Pieces giving check to the side to move. Dynamo, whose check is a threat to
    /// push the king off rather than an attack, marks it with the king's own square.
    pub checkers: Bitboard,
}

impl<E: Copy + Default> GameState<E> {
    /// The state a FEN describes (side and clocks from `fields`), before its key and
    /// check are known.
    pub fn new(fields: &FenFields<'_>, castling: u8, en_passant: E) -> Self {
        GameState {
            side: fields.side,
            castling,
            en_passant,
            halfmove: fields.halfmove,
            fullmove: fields.fullmove,
            hash: 0,
            checkers: Bitboard::EMPTY,
        }
    }

    /// Sets the key and the checkers from scratch, for an orthodox-checking variant
    /// whose en passant key is `en_passant_key`.
    pub fn with_key_and_checkers<B: Placement>(
        mut self,
        board: &B,
        en_passant_key: impl FnOnce(&B, &Self) -> u64,
    ) -> Self {
        self.checkers = board.checkers(self.side);
        self.hash = self.key_from(board, en_passant_key);
        self
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// The key computed from scratch, from the placement's key and the en passant key
    /// the variant gives the current state.
    pub fn key(&self, placement: u64, en_passant_key: u64) -> u64 {
        let side = if self.side == Color::Black {
            zobrist::SIDE
        } else {
            0
        };
        placement ^ zobrist::castling(self.castling) ^ en_passant_key ^ side
    }

    /// The key computed from scratch from `board` (tests compare it with the
    /// incremental one).
    pub fn key_from<B: Placement>(
        &self,
        board: &B,
        en_passant_key: impl FnOnce(&B, &Self) -> u64,
    ) -> u64 {
        self.key(board.placement_hash(), en_passant_key(board, self))
    }

    /// Takes castling and en passant out of the key before a move changes them, and
    /// clears en passant. `en_passant_key` is the variant's key of an en passant state.
    #[inline]
    pub fn begin_move<B>(&mut self, board: &B, en_passant_key: impl FnOnce(&B, &Self) -> u64) {
        self.hash ^= zobrist::castling(self.castling) ^ en_passant_key(board, self);
        self.en_passant = E::default();
    }

    /// After the move is on `board`: hands the move to the other side, puts the side,
    /// castling and en passant back into the key (whether en passant counts depends on
    /// who is to move), and finds the pieces giving check.
    #[inline]
    pub fn end_move<B: Placement>(
        &mut self,
        board: &B,
        en_passant_key: impl FnOnce(&B, &Self) -> u64,
    ) {
        self.pass_turn();
        self.hash ^= zobrist::SIDE ^ zobrist::castling(self.castling) ^ en_passant_key(board, self);
        self.checkers = board.checkers(self.side);
    }

    /// The FEN of this state with the variant's placement field and en passant field
    /// (`None` writes `-`).
    pub fn fen(&self, placement: &str, en_passant: Option<&str>) -> String {
        format!(
            "{placement} {} {} {} {} {}",
            self.side.fen_char(),
            CastlingRights::to_fen(self.castling),
            en_passant.unwrap_or("-"),
            self.halfmove,
            self.fullmove
        )
    }

    /// Hands the move to the other side (the key and check are left to the caller).
    #[inline]
    pub fn pass_turn(&mut self) {
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
    }
}

/// The current state and the history: one saved state, with the variant's undo record
/// `U`, per move played. Reads as its current `GameState` (`game.side`, `game.hash`).
#[derive(Clone, Debug)]
pub struct Game<E, U> {
    now: GameState<E>,
    history: Vec<(GameState<E>, U)>,
}

impl<E: Copy + Default, U: Copy> Game<E, U> {
    pub fn new(now: GameState<E>) -> Self {
        Game {
            now,
            history: Vec::new(),
        }
    }

    /// Saves the current state with `undo`, before a move changes it.
    #[inline]
    pub fn push(&mut self, undo: U) {
        self.history.push((self.now, undo));
    }

    /// Saves `before` (the state before the move being played) with `undo`, for moves
    /// that build their undo record while they play.
    #[inline]
    pub fn push_before(&mut self, before: GameState<E>, undo: U) {
        self.history.push((before, undo));
    }

    /// Plays a null move (the side passes) for an orthodox-checking variant; `undo` is
    /// the variant's record of a null move.
    #[inline]
    pub fn play_null<B: Placement>(
        &mut self,
        undo: U,
        board: &B,
        en_passant_key: impl Fn(&B, &GameState<E>) -> u64,
    ) {
        debug_assert!(!self.in_check(), "null move in check");
        self.push(undo);
        self.begin_move(board, &en_passant_key);
        self.halfmove += 1;
        self.end_move(board, &en_passant_key);
    }

    /// Restores the state before the last move and returns that move's undo record.
    #[inline]
    pub fn pop(&mut self) -> U {
        let (before, undo) = self.history.pop().expect("undo without play");
        self.now = before;
        undo
    }

    /// The undo record of the last move, if any.
    #[inline]
    pub fn last_undo(&self) -> Option<&U> {
        self.history.last().map(|(_, undo)| undo)
    }

    /// The undo record of the last move, to complete it after the move is played.
    #[inline]
    pub fn last_undo_mut(&mut self) -> Option<&mut U> {
        self.history.last_mut().map(|(_, undo)| undo)
    }

    /// How many earlier positions since the last irreversible move have the current key
    /// (older ones cannot repeat, and only every other one has the same side to move).
    pub fn repetitions(&self) -> usize {
        self.history
            .iter()
            .rev()
            .take(self.now.halfmove as usize)
            .skip(1)
            .step_by(2)
            .filter(|(before, _)| before.hash == self.now.hash)
            .count()
    }
}

impl<E, U> Deref for Game<E, U> {
    type Target = GameState<E>;

    #[inline]
    fn deref(&self) -> &GameState<E> {
        &self.now
    }
}

impl<E, U> DerefMut for Game<E, U> {
    #[inline]
    fn deref_mut(&mut self) -> &mut GameState<E> {
        &mut self.now
    }
}

/// The key of a one-square en passant state (chess, Augsburg): only when a pawn of the
/// side to move could capture, so that positions that differ only by a useless en
/// passant square repeat.
#[inline]
pub fn en_passant_square_key(board: &impl Placement, game: &GameState<Option<Square>>) -> u64 {
    match game.en_passant {
        Some(ep) if (attacks::pawn(game.side.flip(), ep) & board.pawns(game.side)).any() => {
            zobrist::en_passant(ep.index())
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use crate::{Chess, Dynamo, Position};

    fn play_all<P: Position>(pos: &mut P, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.play(mv);
        }
    }

    /// Knights out and back twice: the start position occurs a third time; a pawn move
    /// then resets the clock and nothing before it counts any more.
    #[test]
    fn repetitions_count_back_to_the_last_irreversible_move() {
        let mut p = Chess::startpos();
        play_all(&mut p, "g1f3 g8f6 f3g1 f6g8");
        assert_eq!((p.repetitions(), p.halfmove_clock()), (1, 4));
        play_all(&mut p, "g1f3 g8f6 f3g1 f6g8");
        assert_eq!(p.repetitions(), 2);
        play_all(&mut p, "e2e4");
        assert_eq!((p.repetitions(), p.halfmove_clock()), (0, 0));
        for _ in 0..9 {
            p.undo();
        }
        assert_eq!(p.to_fen(), Chess::startpos().to_fen());
        assert_eq!(p.hash(), Chess::startpos().hash());
    }

    /// A null move hands the turn over, counts a ply, and is taken back whole, in an
    /// orthodox variant and in Dynamo (which keeps its key its own way).
    #[test]
    fn null_moves_pass_the_turn_and_undo_restores_it() {
        fn check<P: Position>(fen: &str, after: &str) {
            let mut p = P::from_fen(fen).unwrap();
            p.play_null();
            assert_eq!(p.to_fen(), after);
            assert_eq!(p.hash(), P::from_fen(after).unwrap().hash());
            p.undo();
            assert_eq!(p.to_fen(), fen);
        }
        check::<Chess>(
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 7",
            "4k3/8/8/3pP3/8/8/8/4K3 b - - 4 7",
        );
        check::<Dynamo>(
            "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 9",
            "r3k3/8/8/8/8/8/8/4K2R w Kq - 1 10",
        );
    }
}
