//! The mutation tables of the Einstein family (docs/rules.md, "Einstein: mutation chains"):
//! what a moved non-king piece turns into after a capture and after a non-capture.

use crate::types::PieceKind;
use std::fmt::Debug;

/// One Einstein variant's mutation table. Implemented by zero-sized types so the
/// generic position is monomorphised per variant and the table costs nothing.
pub trait Mutation: Copy + Debug + Default + Send + Sync + 'static {
    /// The variant's name, for diagnostics (the `UCI_Variant` name lives in `feerie-variants`).
    const NAME: &'static str;
    /// The kind a piece of `kind` (never a king) becomes after capturing, en passant too.
    fn after_capture(kind: PieceKind) -> PieceKind;
    /// The kind a piece of `kind` (never a king) becomes after a non-capture, castling too.
    fn after_quiet(kind: PieceKind) -> PieceKind;
}

/// One step up the chain P, N, B, R, Q; a queen stays a queen.
#[inline]
pub const fn up(kind: PieceKind) -> PieceKind {
    match kind {
        PieceKind::Pawn => PieceKind::Knight,
        PieceKind::Knight => PieceKind::Bishop,
        PieceKind::Bishop => PieceKind::Rook,
        PieceKind::Rook | PieceKind::Queen => PieceKind::Queen,
        PieceKind::King => PieceKind::King,
    }
}

/// One step down the chain Q, R, B, N, P; a pawn stays a pawn.
#[inline]
pub const fn down(kind: PieceKind) -> PieceKind {
    match kind {
        PieceKind::Queen => PieceKind::Rook,
        PieceKind::Rook => PieceKind::Bishop,
        PieceKind::Bishop => PieceKind::Knight,
        PieceKind::Knight | PieceKind::Pawn => PieceKind::Pawn,
        PieceKind::King => PieceKind::King,
    }
}

/// `einstein`: capture one step up, non-capture one step down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standard;

/// `reverse-einstein`: capture one step down, non-capture one step up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reverse;

/// `anti-einstein`: capture keeps the kind, non-capture one step down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anti;

impl Mutation for Standard {
    const NAME: &'static str = "einstein";
    #[inline]
    fn after_capture(kind: PieceKind) -> PieceKind {
        up(kind)
    }
    #[inline]
    fn after_quiet(kind: PieceKind) -> PieceKind {
        down(kind)
    }
}

impl Mutation for Reverse {
    const NAME: &'static str = "reverse-einstein";
    #[inline]
    fn after_capture(kind: PieceKind) -> PieceKind {
        down(kind)
    }
    #[inline]
    fn after_quiet(kind: PieceKind) -> PieceKind {
        up(kind)
    }
}

impl Mutation for Anti {
    const NAME: &'static str = "anti-einstein";
    #[inline]
    fn after_capture(kind: PieceKind) -> PieceKind {
        kind
    }
    #[inline]
    fn after_quiet(kind: PieceKind) -> PieceKind {
        down(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PieceKind::*;

    #[test]
    fn chains_match_the_rules_table() {
        let chain = [Pawn, Knight, Bishop, Rook, Queen];
        let ups = [Knight, Bishop, Rook, Queen, Queen];
        let downs = [Pawn, Pawn, Knight, Bishop, Rook];
        for i in 0..5 {
            assert_eq!(Standard::after_capture(chain[i]), ups[i]);
            assert_eq!(Standard::after_quiet(chain[i]), downs[i]);
            assert_eq!(Reverse::after_capture(chain[i]), downs[i]);
            assert_eq!(Reverse::after_quiet(chain[i]), ups[i]);
            assert_eq!(Anti::after_capture(chain[i]), chain[i]);
            assert_eq!(Anti::after_quiet(chain[i]), downs[i]);
        }
    }
}
