//! Moves as text: Popeye's long notation for chess and the Einstein family, UCI strings
//! for Dynamo and Augsburg (which Popeye does not know), with the check or goal mark.

use crate::solution::MoveText;
use feerie_movegen::Position;

/// Which notation the layout uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `Ra8-a4=B`, `Rd6*d3=Q`, `0-0=B`, `c3*d2 ep.=S`, `c2-c1=R` (promotion).
    Popeye,
    /// The UCI string.
    Uci,
}

/// `mv` (legal in `before`) as text.
pub fn move_text<P: Position>(before: &P, mv: P::Move, notation: Notation) -> MoveText {
    let _ = (before, mv, notation);
    unimplemented!("notation::move_text")
}
