//! Augsburg: captures (of whole units) and promotions are noisy, ordered by the value
//! of the captured unit against the moving part.

use super::{SearchPolicy, butterfly};
use feerie_movegen::augsburg::{Augsburg, COMPONENTS, Move, Unit};
use feerie_movegen::{PieceKind, Position};

/// Value of one component in centipawns, for move ordering (MVV-LVA on units).
const fn component_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight => 320,
        PieceKind::Bishop => 330,
        PieceKind::Rook => 500,
        PieceKind::Queen => 830,
        PieceKind::King => 0,
    }
}

/// Sum of the component values of a unit.
fn unit_value(unit: Unit) -> i32 {
    COMPONENTS
        .iter()
        .map(|&k| unit.count(k) as i32 * component_value(k))
        .sum()
}

/// What a promotion adds: every pawn of the moving part becomes the promoted kind.
fn promotion_gain(mv: Move) -> i32 {
    mv.promotion().map_or(0, |kind| {
        (component_value(kind) - component_value(PieceKind::Pawn))
            * mv.part().count(PieceKind::Pawn) as i32
    })
}

impl SearchPolicy for Augsburg {
    // Internal iterative reduction and chess's three pieces, each proven here by its own
    // SPRT (docs/search.md).
    const INTERNAL_ITERATIVE_REDUCTION: bool = true;
    const CUT_NODE_REDUCTION: i32 = 2;
    const REDUCE_LOSING_NOISY: bool = true;
    const TT_REFINES_EVAL: bool = true;
    const QSEARCH_ONE_PART_PER_ROUTE: bool = true;

    fn is_noisy(&self, mv: Move) -> bool {
        mv.promotion().is_some() || self.victim_square(mv).is_some()
    }

    fn noisy_score(&self, mv: Move) -> i32 {
        let victim = self
            .victim_square(mv)
            .map_or(0, |sq| unit_value(self.board().cell(sq).components()));
        let mover = unit_value(mv.part());
        victim * 16 - mover / 16 + promotion_gain(mv) * 4
    }

    /// The unit taken (and a promotion's gain), less the moving part when the
    /// opponent attacks its arrival square: a one-reply exchange estimate, since a
    /// recapture may take with any part of a unit.
    fn noisy_gain(&self, mv: Move) -> Option<i32> {
        let board = self.board();
        let taken = self
            .victim_square(mv)
            .map_or(0, |sq| unit_value(board.cell(sq).components()));
        let promotion = promotion_gain(mv);
        let arriving = unit_value(mv.part()) + promotion;
        let mut occupied = board.occupied();
        if mv.is_whole() {
            occupied = occupied.without(mv.from());
        }
        let them = self.side_to_move().flip();
        let risk = if board.is_attacked(mv.to(), them, occupied) {
            arriving
        } else {
            0
        };
        Some(taken + promotion - risk)
    }

    /// A move of a unit of six components or more: it has dozens of parts, and a dozen
    /// components hundreds. Smaller units, the ones real games make, keep every part
    /// (the bench's node count is the same).
    fn one_of_many_parts(&self, mv: Move) -> bool {
        self.board().cell(mv.from()).components().size() >= 6
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        butterfly(self.side_to_move(), mv.from(), mv.to())
    }

    /// A unit holding a knight, bishop or rook (pawns alone do not count, as in chess).
    fn null_move_safe(&self) -> bool {
        let board = self.board();
        let ours = board.units(self.side_to_move());
        let pieces = board.kind(PieceKind::Knight)
            | board.kind(PieceKind::Bishop)
            | board.kind(PieceKind::Rook);
        (ours & pieces).any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::HISTORY_SIZE;
    use feerie_movegen::augsburg::MoveList;

    fn pos(fen: &str) -> Augsburg {
        Augsburg::from_fen(fen).unwrap()
    }

    #[test]
    fn captures_and_promotions_are_noisy() {
        // White pawn b4 can take the black queen+knight on c5 or the pawn on a5.
        let p = pos("4k3/8/8/p1(rbn)5/1P6/8/8/4K3 w - - 0 1");
        let take_unit = p.parse_move("b4c5").unwrap();
        let take_pawn = p.parse_move("b4a5").unwrap();
        let quiet = p.parse_move("b4b5").unwrap();
        assert!(p.is_noisy(take_unit) && p.is_noisy(take_pawn) && !p.is_noisy(quiet));
        assert!(p.noisy_score(take_unit) > p.noisy_score(take_pawn));
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        assert!(list.iter().all(|&m| p.history_index(m) < HISTORY_SIZE));
        assert!(!p.null_move_safe());
        // En passant and promotion are noisy; a fusion is not.
        let q = pos("4k3/8/8/8/3p(NP)3/8/8/4K3 b - e3 0 1");
        assert!(q.is_noisy(q.parse_move("d4e3").unwrap()));
        let r = pos("4k3/1(PP)6/8/8/8/1N6/8/N3K3 w - - 0 1");
        assert!(r.is_noisy(r.parse_move("b7b8(p)n").unwrap()));
        assert!(!r.is_noisy(r.parse_move("a1c2").unwrap()));
        assert!(!r.is_noisy(r.parse_move("b3a1").unwrap()));
    }

    #[test]
    fn gain_counts_the_reply_on_the_arrival_square() {
        // The queen+knight unit on c5 is defended by the pawn b6; the h4 pawn is not.
        let p = pos("4k3/8/1p6/2(qn)5/1P5p/8/8/4K2R w - - 0 1");
        let gain = |p: &Augsburg, m: &str| p.noisy_gain(p.parse_move(m).unwrap()).unwrap();
        // Pawn takes the defended unit: the pawn is lost, the unit won.
        assert_eq!(gain(&p, "b4c5"), 830 + 320 - 100);
        // Rook takes the undefended pawn.
        assert_eq!(gain(&p, "h1h4"), 100);
        // Defended by the pawn g5, the rook is lost for it.
        let q = pos("4k3/8/1p6/2(qn)3p1/1P5p/8/8/4K2R w - - 0 1");
        assert_eq!(gain(&q, "h1h4"), 100 - 500);
    }
}
