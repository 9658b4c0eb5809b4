//! The Einstein move: the orthodox move encoding (`orthodox::Move`), never with a promotion (the
//! mutation follows from the rules, so the move does not carry it).

use arrayvec::ArrayVec;

/// Einstein moves are chess moves; a pawn step of two or three squares is a
/// `Move::DOUBLE_PUSH` (it opens en passant on the passed squares).
pub use crate::orthodox::Move;

/// Capacity bound: at most 15 non-king pieces a side, each with at most 27 moves (a
/// queen in the centre of an empty board; a pawn has at most 5), plus 8 king moves:
/// 15 * 27 + 8 = 413. Every piece may become a queen here, so chess's 218 is no bound.
pub type MoveList = ArrayVec<Move, 416>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::MoveCode;
    use crate::types::Square;

    #[test]
    fn encoding_round_trips() {
        for from in Square::all() {
            for to in Square::all().filter(|&t| t != from) {
                for kind in 0..=Move::EN_PASSANT {
                    let m = Move::new(from, to, kind);
                    assert_eq!((m.from(), m.to(), m.kind()), (from, to, kind));
                    assert_eq!(Move::from_bits(m.to_bits()), Some(m));
                }
            }
        }
        assert_eq!(Move::from_bits(0), None);
        assert_eq!(Move::from_bits(1 << 16), None);
        assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
    }

    #[test]
    fn canonical_strings_have_no_suffix() {
        let e2 = Square::parse("e2").unwrap();
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(Move::new(e2, e4, Move::DOUBLE_PUSH).to_string(), "e2e4");
        let e1 = Square::parse("e1").unwrap();
        let g1 = Square::parse("g1").unwrap();
        assert_eq!(Move::new(e1, g1, Move::SHORT_CASTLE).to_string(), "e1g1");
    }
}
