//! Augsburg: captures (of whole units) and promotions are noisy, ordered by the value
//! of the captured unit against the moving part.

use super::{butterfly, SearchPolicy};
use feerie_movegen::augsburg::{Augsburg, Move, Unit, COMPONENTS};
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

impl SearchPolicy for Augsburg {
    fn is_noisy(&self, mv: Move) -> bool {
        mv.promotion().is_some() || self.victim_square(mv).is_some()
    }

    fn noisy_score(&self, mv: Move) -> i32 {
        let victim = self
            .victim_square(mv)
            .map_or(0, |sq| unit_value(self.board().cell(sq).components()));
        let mover = unit_value(mv.part());
        let promo = mv.promotion().map_or(0, |k| {
            (component_value(k) - component_value(PieceKind::Pawn))
                * mv.part().count(PieceKind::Pawn) as i32
        });
        victim * 16 - mover / 16 + promo * 4
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
}
