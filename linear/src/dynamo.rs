//! Dynamo evaluation: material on the board, king exposure to being pushed or pulled off,
//! a cheap mobility proxy, and pawns close to promotion (by their own step or a push).
//!
//! In Dynamo nothing is captured: material leaves by being pushed or pulled off the
//! board, so what matters beside material is how close pieces, and above all the king,
//! stand to an edge with an open line towards it. The weights are in
//! `weights::dynamo::Weights`.

use crate::weights::dynamo::Weights;
use crate::{Linear, Recorder, Sink, Trace, WeightInfo};
use feerie_eval::Evaluator;
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

    /// The terms of `color`'s side alone (positive is good for `color`): its score, or
    /// their record.
    fn side_score<S: Sink + Default>(&self, pos: &Dynamo, color: Color) -> S {
        let mut s = S::default();
        let w = &self.weights;
        let board = pos.board();
        let occ = board.occupied();
        let ours = board.color(color);
        let edge = Bitboard::RANK_1 | Bitboard::RANK_8 | Bitboard::FILE_A | Bitboard::FILE_H;
        for kind in [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            let k = kind.index();
            let set = board.pieces(color, kind);
            s.term(ix::MATERIAL + k, w.material[k], set.count() as i32);
            let on_edge = (set & edge).count() as i32;
            s.term(ix::PIECE_ON_EDGE + k, w.piece_on_edge[k], on_edge);
            for sq in set {
                let reach = match kind {
                    PieceKind::Pawn => {
                        let rank = color.relative_rank(sq.rank()) as usize;
                        s.term(ix::PAWN_RANK + rank, w.pawn_rank[rank], 1);
                        continue;
                    }
                    PieceKind::Knight => attacks::knight(sq),
                    PieceKind::Bishop => attacks::bishop(sq, occ),
                    PieceKind::Rook => attacks::rook(sq, occ),
                    _ => attacks::queen(sq, occ),
                };
                s.term(ix::MOBILITY, w.mobility, (reach & !ours).count() as i32);
            }
        }
        if let Some(k) = board.king(color) {
            self.king_safety(pos, k, color, &mut s);
        }
        s
    }

    fn king_safety<S: Sink>(&self, pos: &Dynamo, k: Square, color: Color, s: &mut S) {
        let w = &self.weights;
        let board = pos.board();
        let occ = board.occupied();
        let them = board.color(color.flip());
        let edge = edge_distance(k);
        s.term(ix::KING_EDGE + edge, w.king_edge[edge], 1);
        let open = (0..8).filter(|&d| (ray(d, k) & occ).is_empty()).count() as i32;
        s.term(ix::KING_OPEN_LINE, w.king_open_line, open);
        let sliders = (attacks::rook(k, occ) & board.rook_likes()
            | attacks::bishop(k, occ) & board.bishop_likes())
            & them;
        let sliders = sliders.count() as i32;
        s.term(ix::KING_SLIDER_CONTACT, w.king_slider_contact, sliders);
        let leapers = (attacks::knight(k) & board.kind(PieceKind::Knight))
            | (attacks::king(k) & board.kind(PieceKind::King))
            | (attacks::pawn(color, k) & board.kind(PieceKind::Pawn));
        let leapers = (leapers & them).count() as i32;
        s.term(ix::KING_LEAPER_CONTACT, w.king_leaper_contact, leapers);
    }
}

/// Flat indices of the weights, in the order of `Weights::fields` (the tests of
/// `linear/tests/linear.rs` check them against the scores).
mod ix {
    pub const MATERIAL: usize = 0;
    pub const KING_EDGE: usize = MATERIAL + 5;
    pub const KING_OPEN_LINE: usize = KING_EDGE + 4;
    pub const KING_SLIDER_CONTACT: usize = KING_OPEN_LINE + 1;
    pub const KING_LEAPER_CONTACT: usize = KING_SLIDER_CONTACT + 1;
    pub const PIECE_ON_EDGE: usize = KING_LEAPER_CONTACT + 1;
    pub const MOBILITY: usize = PIECE_ON_EDGE + 5;
    pub const PAWN_RANK: usize = MOBILITY + 1;
    pub const TEMPO: usize = PAWN_RANK + 8;
}

impl Evaluator<Dynamo> for DynamoEval {
    fn evaluate(&self, pos: &Dynamo) -> i32 {
        let us = pos.side_to_move();
        self.side_score::<i32>(pos, us) - self.side_score::<i32>(pos, us.flip())
            + self.weights.tempo
    }
}

impl Linear<Dynamo> for DynamoEval {
    fn weight_info() -> Vec<WeightInfo> {
        crate::weight_info::<Weights>()
    }

    fn to_vector(&self) -> Vec<f64> {
        crate::to_vector(&self.weights)
    }

    fn from_vector(v: &[f64]) -> DynamoEval {
        DynamoEval::new(crate::from_vector(v))
    }

    fn trace(&self, pos: &Dynamo) -> Trace {
        let mut trace = Trace::default();
        for (color, sign) in [(Color::White, 1.0), (Color::Black, -1.0)] {
            self.side_score::<Recorder>(pos, color)
                .add_to(&mut trace, sign);
        }
        trace.add(ix::TEMPO, crate::white_sign(pos));
        trace
    }

    fn rust_source(&self, name: &str) -> String {
        crate::rust_source(&self.weights, name)
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
            Weights::default().tempo
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
