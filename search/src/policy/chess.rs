//! Orthodox chess: captures and promotions are noisy, ordered by MVV-LVA, with a
//! static exchange evaluation to tell the losing ones.

use super::exchange::{exchange_gain, Capture};
use super::{butterfly, has_pieces, SearchPolicy};
use feerie_movegen::chess::Move;
use feerie_movegen::{Chess, Position};

impl SearchPolicy for Chess {
    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    /// MVV-LVA; a promotion counts ten times the kind promoted to.
    fn noisy_score(&self, mv: Move) -> i32 {
        let victim = self.captured(mv).map_or(-1, |p| p.kind.index() as i32);
        let attacker = self
            .board()
            .piece_at(mv.from())
            .map_or(0, |p| p.kind.index() as i32);
        let promo = mv.promotion().map_or(0, |p| p.index() as i32 * 10);
        victim * 10 - attacker + promo
    }

    fn noisy_gain(&self, mv: Move) -> Option<i32> {
        let mover = self.board().piece_at(mv.from())?.kind;
        let capture = Capture {
            side: self.side_to_move(),
            from: mv.from(),
            to: mv.to(),
            victim: self.captured(mv).map(|p| p.kind),
            mover,
            arrives_as: mv.promotion().unwrap_or(mover),
        };
        Some(exchange_gain(self.board(), capture, |kind| kind))
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        butterfly(self.side_to_move(), mv.from(), mv.to())
    }

    fn null_move_safe(&self) -> bool {
        has_pieces(self.board(), self.side_to_move())
    }
}
