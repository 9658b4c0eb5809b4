//! Dynamo evaluation: material on the board, king exposure to being pushed or pulled off,
//! a cheap mobility proxy, and pawns close to promotion (by their own step or a push).
//!
//! In Dynamo nothing is captured: material leaves by being pushed or pulled off the
//! board, so what matters beside material is how close pieces, and above all the king,
//! stand to an edge with an open line towards it. The weights are in
//! `weights::dynamo::Weights`.

use crate::weights::dynamo::Weights;
use crate::Evaluator;
use feerie_movegen::attacks::{self, ray};
use feerie_movegen::bitboard::Bitboard;
use feerie_movegen::{Color, Dynamo, PieceKind, Position, Square};

/// Distance of a square to the nearest edge, 0..3.
fn edge_distance(sq: Square) -> usize {
    let f = sq.file().min(7 - sq.file());
    let r = sq.rank().min(7 - sq.rank());
    f.min(r) as usize
}

/// The Dynamo evaluator.
#[derive(Clone, Debug, Default)]
pub struct DynamoEval {
    weights: Weights,
}

impl DynamoEval {
    pub fn new(weights: Weights) -> DynamoEval {
        DynamoEval { weights }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The score of `color`'s side alone (positive is good for `color`).
    fn side_score(&self, pos: &Dynamo, color: Color) -> i32 {
        let w = &self.weights;
        let board = pos.board();
        let occ = board.occupied();
        let ours = board.color(color);
        let edge = Bitboard::RANK_1 | Bitboard::RANK_8 | Bitboard::FILE_A | Bitboard::FILE_H;
        let mut score = 0;
        for kind in [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            let set = board.pieces(color, kind);
            score += w.material[kind.index()] * set.count() as i32;
            score += w.piece_on_edge[kind.index()] * (set & edge).count() as i32;
            for sq in set {
                let reach = match kind {
                    PieceKind::Pawn => {
                        score += w.pawn_rank[color.relative_rank(sq.rank()) as usize];
                        continue;
                    }
                    PieceKind::Knight => attacks::knight(sq),
                    PieceKind::Bishop => attacks::bishop(sq, occ),
                    PieceKind::Rook => attacks::rook(sq, occ),
                    _ => attacks::queen(sq, occ),
                };
                score += w.mobility * (reach & !ours).count() as i32;
            }
        }
        if let Some(k) = board.king(color) {
            score += self.king_safety(pos, k, color);
        }
        score
    }

    fn king_safety(&self, pos: &Dynamo, k: Square, color: Color) -> i32 {
        let w = &self.weights;
        let board = pos.board();
        let occ = board.occupied();
        let them = board.color(color.flip());
        let mut score = w.king_edge[edge_distance(k)];
        let open = (0..8).filter(|&d| (ray(d, k) & occ).is_empty()).count() as i32;
        score += w.king_open_line * open;
        let sliders = (attacks::rook(k, occ) & board.rook_likes()
            | attacks::bishop(k, occ) & board.bishop_likes())
            & them;
        score += w.king_slider_contact * sliders.count() as i32;
        let leapers = (attacks::knight(k) & board.kind(PieceKind::Knight))
            | (attacks::king(k) & board.kind(PieceKind::King))
            | (attacks::pawn(color, k) & board.kind(PieceKind::Pawn));
        score += w.king_leaper_contact * (leapers & them).count() as i32;
        score
    }
}

impl Evaluator<Dynamo> for DynamoEval {
    fn evaluate(&self, pos: &Dynamo) -> i32 {
        let us = pos.side_to_move();
        self.side_score(pos, us) - self.side_score(pos, us.flip()) + self.weights.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        DynamoEval::default().evaluate(&Dynamo::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(
            eval(feerie_movegen::dynamo::START_FEN),
            Weights::DEFAULT.tempo
        );
    }

    #[test]
    fn symmetric_positions_mirror() {
        // The same position with colours swapped and the board mirrored scores the same.
        let a = eval("4k3/8/2n5/8/3P4/8/1Q6/4K3 w - - 0 1");
        let b = eval("4k3/1q6/8/3p4/8/2N5/8/4K3 b - - 0 1");
        assert_eq!(a, b);
    }

    #[test]
    fn material_and_king_exposure_count() {
        // An extra queen is worth a lot.
        assert!(eval("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1") > 800);
        // A king in the corner with open lines is worse than a sheltered central one.
        let corner = eval("8/8/8/8/3k4/8/8/K7 w - - 0 1");
        let centre = eval("8/8/8/8/3k4/8/3K4/8 w - - 0 1");
        assert!(centre > corner, "{centre} vs {corner}");
        // A pawn one step from promotion is worth more than one at home.
        let far = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let home = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(far > home);
    }
}
