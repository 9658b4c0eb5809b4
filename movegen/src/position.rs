//! The rules trait every variant implements, and what it returns.

use crate::board::Placement;
use crate::error::{FenError, MoveError};
use crate::game::Game;
use crate::types::Color;
use arrayvec::ArrayVec;
use std::fmt;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

/// A fixed-capacity list of moves; each variant picks its capacity.
pub trait MoveBuffer<M>: Default + Clone + Send + Deref<Target = [M]> + DerefMut {
    fn push(&mut self, mv: M);
    fn clear(&mut self);
    /// Keeps the first `len` moves.
    fn truncate(&mut self, len: usize);
    /// Keeps the moves `keep` accepts, in their order.
    fn retain_moves(&mut self, mut keep: impl FnMut(M) -> bool)
    where
        M: Copy,
    {
        let mut kept = 0;
        for i in 0..self.len() {
            let mv = self[i];
            if keep(mv) {
                self[kept] = mv;
                kept += 1;
            }
        }
        self.truncate(kept);
    }
}

impl<M: Copy + Send, const N: usize> MoveBuffer<M> for ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        ArrayVec::truncate(self, len);
    }
}

/// Implements `Debug` for a move type as its `Display`, the canonical move string, so
/// that assertions and debug output show moves as a player writes them.
macro_rules! debug_as_display {
    ($move:ty) => {
        impl std::fmt::Debug for $move {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }
    };
}
pub(crate) use debug_as_display;

/// A move as the search stores it (transposition table, killers): 32 bits, never 0.
pub trait MoveCode: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static {
    fn to_bits(self) -> u32;
    /// The move encoded by `bits`, if they encode one (not necessarily legal anywhere).
    fn from_bits(bits: u32) -> Option<Self>;
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Third occurrence of the same position.
    Repetition,
    /// 100 plies without an irreversible move.
    FiftyMoves,
    /// Both sides have only a king.
    InsufficientMaterial,
}

impl Outcome {
    /// The result from White's point of view when `side_to_move` faces this outcome:
    /// 1.0 win, 0.5 draw, 0.0 loss.
    pub fn white_score(self, side_to_move: Color) -> f64 {
        match (self, side_to_move) {
            (Outcome::Checkmate, Color::White) => 0.0,
            (Outcome::Checkmate, Color::Black) => 1.0,
            _ => 0.5,
        }
    }

    /// PGN `Termination`-style text.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::Checkmate => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::Repetition => "threefold repetition",
            Outcome::FiftyMoves => "50-move rule",
            Outcome::InsufficientMaterial => "insufficient material",
        }
    }
}

/// The rules of one variant. Positions keep their own history (the state stack of their
/// `Game`), so `undo` restores exactly what `play` changed, and repetitions and the
/// Dynamo no-undo rule can look back over the game. What every variant keeps the same
/// way (side, clocks, key, check, history) is read through `game()`, so the methods
/// about it are written once, here. Only rules live here: how a search treats the moves
/// (which are noisy, history, null move) is the search crate's `SearchPolicy`.
pub trait Position: Clone + Send + Sync + fmt::Debug + 'static {
    type Move: MoveCode;
    type MoveList: MoveBuffer<Self::Move>;
    /// The board its pieces stand on: the orthodox `Board`, or Augsburg's `UnitBoard`.
    type Board: Placement;

    /// The FEN of the start position.
    const START_FEN: &'static str;
    /// The start position.
    fn startpos() -> Self {
        Self::from_fen(Self::START_FEN).expect("the start FEN is valid")
    }
    fn from_fen(fen: &str) -> Result<Self, FenError>;
    fn to_fen(&self) -> String;

    /// The board its pieces stand on.
    fn board(&self) -> &Self::Board;
    /// The state every variant keeps the same way: side to move, castling rights, en
    /// passant, clocks, key, check, and the history of saved states. The methods below
    /// read it.
    fn game(&self) -> &Game<impl Copy + Default, impl Copy>;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.game().side
    }
    /// Fills `moves` (cleared first) with every legal move, each once.
    fn legal_moves(&self, moves: &mut Self::MoveList);
    /// The number of legal moves (perft's bulk-counted last ply). Variants may count
    /// without building the list.
    fn count_legal(&self) -> usize {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len()
    }
    /// Plays a legal move. Playing anything else is a logic error.
    fn play(&mut self, mv: Self::Move);
    /// Takes back the last `play` (or `play_null`).
    fn undo(&mut self);
    /// Passes the move (null-move pruning). Only called when not in check.
    fn play_null(&mut self);
    #[inline]
    fn in_check(&self) -> bool {
        self.game().in_check()
    }
    /// Zobrist key of placement, side to move, castling and en passant rights.
    #[inline]
    fn hash(&self) -> u64 {
        self.game().hash
    }
    /// Plies since the last irreversible move.
    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.game().halfmove
    }
    /// How many earlier positions of this game (since the last irreversible move)
    /// equal the current one.
    fn repetitions(&self) -> usize {
        self.game().repetitions()
    }
    /// True when both sides have only a king.
    fn bare_kings(&self) -> bool {
        self.board().bare_kings()
    }

    /// True when `gives_check` answers without playing the move, so that asking it
    /// first is cheaper than playing every move and asking `in_check`.
    const FAST_GIVES_CHECK: bool = false;

    /// True when the legal moves depend on the move before, not only on the position
    /// (Dynamo's no-undo rule), so a table of results must key on both.
    const MOVES_DEPEND_ON_LAST_MOVE: bool = false;

    /// True when `mv` (legal) puts the opponent in check. The default plays it on a
    /// copy; a variant whose search asks often (Dynamo's quiescence) answers faster.
    fn gives_check(&self, mv: Self::Move) -> bool {
        let mut after = self.clone();
        after.play(mv);
        after.in_check()
    }

    /// Keeps the moves of `moves` (legal here) that give check: the candidates for a
    /// mating move. A variant may share work between the moves.
    fn retain_checks(&self, moves: &mut Self::MoveList) {
        moves.retain_moves(|mv| self.gives_check(mv));
    }

    /// A text picture of the board for the `d` command.
    fn board_picture(&self) -> String {
        self.board().picture()
    }

    /// The game's outcome if it is over, counting rule draws.
    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(if self.in_check() {
                Outcome::Checkmate
            } else {
                Outcome::Stalemate
            });
        }
        if self.halfmove_clock() >= 100 {
            Some(Outcome::FiftyMoves)
        } else if self.repetitions() >= 2 {
            Some(Outcome::Repetition)
        } else if self.bare_kings() {
            Some(Outcome::InsufficientMaterial)
        } else {
            None
        }
    }

    /// Parses a move string and matches it against the legal moves, so a string is
    /// either a legal move of this position or an error, never a guess.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}
