//! Dynamo: nothing is captured, material leaves by being pushed or pulled off the
//! board. Only moves that win material outright are noisy, ordered by the material
//! swing, with a one-reply exchange estimate; quiescence also looks at quiet checks
//! near its root and stops at a fixed horizon.

use super::{SearchPolicy, butterfly, has_pieces};
use feerie_movegen::dynamo::check::removable;
use feerie_movegen::dynamo::{Displacement, Move};
use feerie_movegen::{Dynamo, PieceKind, Position};

/// Value of a piece leaving the board (or promoted to), for noisy moves.
const REMOVAL_VALUE: [i32; 6] = [100, 300, 320, 500, 900, 20_000];

/// Material the side to move wins by `mv`, in centipawns: enemy pieces it removes and
/// its promotions count for it, its own removed pieces and enemy promotions (a pushed
/// enemy pawn promotes too) against it.
#[inline]
fn material_swing(pos: &Dynamo, mv: Move) -> i32 {
    // Most moves neither remove nor promote: nothing to look up.
    if !(mv.removes() || mv.promotes()) {
        return 0;
    }
    let swing = displacement_swing(pos, mv.first());
    match mv.second() {
        Some(d) => swing + displacement_swing(pos, d),
        None => swing,
    }
}

/// `material_swing` of one displacement.
#[inline]
fn displacement_swing(pos: &Dynamo, d: Displacement) -> i32 {
    let Some(p) = pos.board().piece_at(d.from()) else {
        return 0;
    };
    let mut value = 0;
    if let Some(promo) = d.promotion() {
        value += REMOVAL_VALUE[promo.index()] - REMOVAL_VALUE[0];
    }
    if d.to().is_none() {
        value -= REMOVAL_VALUE[p.kind.index()];
    }
    if p.color == pos.side_to_move() {
        value
    } else {
        -value
    }
}

impl SearchPolicy for Dynamo {
    /// Quiet checks in the first quiescence ply: a check threatens to push the king off
    /// the board, the way Dynamo games are won, and it is cheap to find
    /// (`Dynamo::gives_check`).
    const QSEARCH_CHECK_PLIES: u32 = 1;
    /// Deeper quiescence costs more time than it finds: checks answer checks and
    /// removals answer removals for dozens of plies (matches in docs/log/search.md).
    const QSEARCH_MAX_PLIES: u32 = 4;
    /// With hundreds of moves a node, a node without a TT move orders them by guesswork,
    /// so it is searched a ply shallower (its SPRT is in docs/log/search.md).
    const INTERNAL_ITERATIVE_REDUCTION: bool = true;
    // Chess's three pieces, proven here by their own SPRT (docs/log/search.md).
    const CUT_NODE_REDUCTION: i32 = 2;
    const REDUCE_LOSING_NOISY: bool = true;
    const TT_REFINES_EVAL: bool = true;

    /// Only moves that win material outright: a self-removal (`d5E`, or a slider
    /// following its victim off for less than it pushed off) is a sacrifice, ordered and
    /// pruned like a quiet move, and quiescence never looks at it.
    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        material_swing(self, mv) > 0
    }

    fn noisy_score(&self, mv: Move) -> i32 {
        material_swing(self, mv)
    }

    /// The swing, less the most valuable of the mover's own displaced pieces that the
    /// opponent could then remove in one move (a one-reply exchange estimate: a queen
    /// that follows its victim onto an open line usually goes next).
    fn noisy_gain(&self, mv: Move) -> Option<i32> {
        let us = self.side_to_move();
        let after = self.bits_after(mv);
        let mut risk = 0;
        for d in mv.parts() {
            let (Some(to), Some(p)) = (d.to(), self.board().piece_at(d.from())) else {
                continue;
            };
            if p.color == us && p.kind != PieceKind::King && removable(&after, to, us.flip()) {
                let kind = d.promotion().unwrap_or(p.kind);
                risk = risk.max(REMOVAL_VALUE[kind.index()]);
            }
        }
        Some(material_swing(self, mv) - risk)
    }

    /// By the first displacement (an exit counts as a move to its own square).
    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let d = mv.first();
        butterfly(self.side_to_move(), d.from(), d.to().unwrap_or(d.from()))
    }

    fn null_move_safe(&self) -> bool {
        has_pieces(self.board(), self.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only material won is noisy: exits and removals that cost more than they win are
    /// not (quiescence never looks at them), and a removal whose pusher is then removed
    /// is expected to lose.
    #[test]
    fn noisy_means_material_won() {
        // White rook d5 can push the knight a5 off (and stay, follow, or follow it
        // off); the black rook a8 would push a rook standing on a5 off in turn.
        let p = Dynamo::from_fen("r3k3/1P6/8/n2R4/8/8/8/4K3 w - - 0 1").unwrap();
        let mv = |s: &str| p.parse_move(s).unwrap();
        assert!(p.is_noisy(mv("a5E")));
        assert_eq!(p.noisy_gain(mv("a5E")), Some(300));
        assert!(p.is_noisy(mv("a5E/d5a5")));
        assert_eq!(p.noisy_gain(mv("a5E/d5a5")), Some(300 - 500));
        // Rook and knight both leave: a rook for a knight.
        assert!(!p.is_noisy(mv("a5E/d5E")));
        // The rook leaves the board alone: a plain sacrifice.
        assert!(!p.is_noisy(mv("d5E")));
        assert!(p.noisy_score(mv("d5E")) < 0);
        // The pawn promotes, or pushes the rook on a8 off diagonally.
        assert!(p.is_noisy(mv("b7b8q")));
        assert!(p.is_noisy(mv("a8E")));
        assert!(p.noisy_score(mv("b7b8q")) > p.noisy_score(mv("b7b8n")));
        assert!(!p.is_noisy(mv("d5d4")));
        // Ordering: the safe removal first, the losing one below it.
        assert!(p.noisy_score(mv("a5E")) >= p.noisy_score(mv("a5E/d5a5")));
    }
}
