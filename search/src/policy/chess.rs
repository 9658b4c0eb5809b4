//! Orthodox chess: captures and promotions are noisy, ordered by MVV-LVA, with a
//! static exchange evaluation to tell the losing ones.

use super::exchange::{Capture, exchange_gain};
use super::{SearchPolicy, butterfly, pieces};
use feerie_movegen::chess::Move;
use feerie_movegen::{Chess, Color, PieceKind, Position};

impl SearchPolicy for Chess {
    // Internal iterative reduction, proven by its second SPRT here (docs/search.md).
    const INTERNAL_ITERATIVE_REDUCTION: bool = true;
    const CUT_NODE_REDUCTION: i32 = 2;
    const REDUCE_LOSING_NOISY: bool = true;
    const TT_REFINES_EVAL: bool = true;
    const STEEP_HISTORY_BONUS: bool = true;

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
        let victim = self.captured(mv).map(|p| p.kind);
        let capture = Capture::on(self.board(), mv.from(), mv.to(), victim, |mover| {
            mv.promotion().unwrap_or(mover)
        })?;
        Some(exchange_gain(self.board(), capture, |kind| kind))
    }

    /// The pawns of both sides, hashed, and the side to move in the lowest bit.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        let board = self.board();
        let white = board.pieces(Color::White, PieceKind::Pawn).0;
        let black = board.pieces(Color::Black, PieceKind::Pawn).0;
        let pawns =
            white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        Some((pawns >> 32) << 1 | self.side_to_move().index() as u64)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        butterfly(self.side_to_move(), mv.from(), mv.to())
    }

    /// Pieces besides pawns, and more than a lone knight or bishop: that is where
    /// zugzwang lives (in `kbK5/pp6/1P6/8/8/8/8/R7 w`, after 1.Ra6 every Black move
    /// allows mate, passing would not).
    fn null_move_safe(&self) -> bool {
        let board = self.board();
        let ours = pieces(board, self.side_to_move());
        let heavy = board.kind(PieceKind::Rook) | board.kind(PieceKind::Queen);
        (ours & heavy).any() || ours.more_than_one()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The correction key follows the pawns and the side to move, nothing else.
    #[test]
    fn correction_keys_are_the_pawns_and_the_side_to_move() {
        let key = |fen: &str| Chess::from_fen(fen).unwrap().correction_key().unwrap();
        let start = key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // Pieces moved, same pawns, same side: the same key.
        assert_eq!(
            start,
            key("r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2")
        );
        // The other side to move, a pawn moved, a pawn of either side gone: new keys.
        let others = [
            key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
            key("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
            key("rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ];
        for k in others {
            assert_ne!(k, start);
        }
        assert_eq!(start & 1, 0);
        assert_eq!(others[0] & 1, 1);
    }

    /// A null move needs a rook, a queen or two pieces: a lone knight or bishop with
    /// pawns is where zugzwang hides mates.
    #[test]
    fn null_move_needs_more_than_a_lone_minor_piece() {
        let safe = |fen: &str| Chess::from_fen(fen).unwrap().null_move_safe();
        // After 1.Ra6 of kbK5/pp6/1P6/8/8/8/8/R7: every Black move allows mate.
        assert!(!safe("kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1"));
        assert!(!safe("4k3/pppp4/8/8/8/8/8/2N1K3 w - - 0 1"));
        assert!(!safe("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"));
        assert!(safe("4k3/8/8/8/8/8/PPP5/2B1K1N1 w - - 0 1"));
        assert!(safe("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"));
        assert!(safe("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
        // Only the side to move counts.
        assert!(!safe("3qk3/8/8/8/8/8/8/4K1N1 w - - 0 1"));
    }
}
