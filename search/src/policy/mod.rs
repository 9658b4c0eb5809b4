//! Search policy: which moves the search treats as noisy and how it orders them, how
//! deep quiescence goes, how history is indexed and when a null move is sound. These
//! are search decisions, not rules, so they live here, one small module per variant
//! family, built on the facts the rules types expose (what a move captures or removes,
//! the placement after a move, whether a side has a free move).

mod augsburg;
mod chess;
mod dynamo;
mod einstein;
mod exchange;

use feerie_movegen::board::Board;
use feerie_movegen::{Bitboard, Color, PieceKind, Position, Square};

/// Size of the history tables the search keeps, indexed by
/// [`SearchPolicy::history_index`]: side to move, from-square, to-square.
pub const HISTORY_SIZE: usize = 2 * 64 * 64;

/// How the search treats one variant's positions and moves.
pub trait SearchPolicy: Position {
    /// Quiescence plies (counted from its first) in which quiet moves that give check
    /// are searched too. 0 for chess-like variants.
    const QSEARCH_CHECK_PLIES: u32 = 0;
    /// Quiescence plies after which the static evaluation stands. Unbounded for
    /// chess-like variants, where captures run out.
    const QSEARCH_MAX_PLIES: u32 = u32::MAX;
    /// Quiescence tries, of the moves a big unit makes between the same two squares,
    /// only the first in the ordering (see [`SearchPolicy::one_of_many_parts`]).
    const QSEARCH_ONE_PART_PER_ROUTE: bool = false;

    /// Internal iterative reduction (`params::IIR_MIN_DEPTH`): on in the variants where
    /// an SPRT proved it.
    const INTERNAL_ITERATIVE_REDUCTION: bool = false;

    /// Extra late move reduction, in plies, at expected cut nodes (nodes expected to
    /// fail high, docs/search.md): a late quiet move there follows moves that should
    /// have cut already. 0 where no SPRT proved it.
    const CUT_NODE_REDUCTION: i32 = 0;

    /// Late move reductions for noisy moves expected to lose material (ordered after
    /// the killers), as for quiet moves: on where an SPRT proved it.
    const REDUCE_LOSING_NOISY: bool = false;

    /// The transposition table's score stands in for the static evaluation in pruning
    /// when its bound says the true value lies beyond it (docs/search.md): on where an
    /// SPRT proved it.
    const TT_REFINES_EVAL: bool = false;

    /// History learns from cutoffs with `params::steep_history_bonus` rather than
    /// `params::history_bonus`: on where an SPRT proved it.
    const STEEP_HISTORY_BONUS: bool = false;

    /// The key of the correction history (`search/src/correction.rs`): the same for
    /// positions whose evaluation errs alike (in chess, the same pawns and side to
    /// move). `None` where no SPRT proved the correction.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// Captures, promotions, removals of enemy pieces: the moves quiescence search looks
    /// at and move ordering puts first. A move that only throws away the mover's own
    /// material is not noisy.
    fn is_noisy(&self, mv: Self::Move) -> bool;
    /// Ordering score of a noisy move (larger first): e.g. MVV-LVA.
    fn noisy_score(&self, mv: Self::Move) -> i32;
    /// What a noisy move is expected to win in centipawns, counting the obvious reply
    /// (a static exchange estimate), or `None` when the variant does not estimate it.
    /// Quiescence skips noisy moves expected to lose material.
    fn noisy_gain(&self, _mv: Self::Move) -> Option<i32> {
        None
    }
    /// Whether `mv` is one of the many moves with different parts that a big unit
    /// makes between the same two squares (with `QSEARCH_ONE_PART_PER_ROUTE`).
    fn one_of_many_parts(&self, _mv: Self::Move) -> bool {
        false
    }
    /// Index for history and counter tables, below `HISTORY_SIZE`.
    fn history_index(&self, mv: Self::Move) -> usize;
    /// True when a null move is unlikely to hide zugzwang (the side has pieces).
    fn null_move_safe(&self) -> bool;
}

/// The butterfly index of a move of `side` from `from` to `to`.
#[inline]
fn butterfly(side: Color, from: Square, to: Square) -> usize {
    side.index() * 4096 + from.index() * 64 + to.index()
}

/// True when `side` has a piece besides pawns and its king on an orthodox board: the
/// usual guard against zugzwang for a null move.
#[inline]
fn has_pieces(board: &Board, side: Color) -> bool {
    pieces(board, side).any()
}

/// The pieces of `side` besides pawns and its king.
#[inline]
fn pieces(board: &Board, side: Color) -> Bitboard {
    board.color(side) & !(board.kind(PieceKind::Pawn) | board.kind(PieceKind::King))
}
