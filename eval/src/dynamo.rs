//! Dynamo evaluation: material on the board, king exposure to being pushed or pulled off,
//! a cheap mobility proxy, and pawns close to promotion (by their own step or a push).
//!
//! In Dynamo nothing is captured: material leaves by being pushed or pulled off the
//! board, so what matters beside material is how close pieces, and above all the king,
//! stand to an edge with an open line towards it.

use crate::Evaluator;
use feerie_movegen::attacks::{self, ray};
use feerie_movegen::bitboard::Bitboard;
use feerie_movegen::{Color, Dynamo, PieceKind, Position, Square};

/// Every weight of the evaluation, in centipawns, in one place for tuning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Pawn, knight, bishop, rook, queen (the king is never counted).
    pub material: [i32; 5],
    /// King by distance to the nearest edge: 0 (on the edge) .. 3 (centre).
    pub king_edge: [i32; 4],
    /// Per direction whose line from the king to the edge is empty (a push off that
    /// way needs only an enemy slider behind the king).
    pub king_open_line: i32,
    /// Per enemy slider that sees the king (first piece on its line): it can push or pull.
    pub king_slider_contact: i32,
    /// Per enemy knight, king or pawn one leap/step from the king.
    pub king_leaper_contact: i32,
    /// Non-king piece standing on the edge (one push from leaving the board).
    pub piece_on_edge: [i32; 5],
    /// Per square a piece reaches (sliders and knights).
    pub mobility: i32,
    /// Pawn by relative rank (its own first rank = 0); rank 6 is one step from promotion.
    pub pawn_rank: [i32; 8],
    /// For the side to move.
    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    material: [100, 310, 330, 500, 950],
    king_edge: [-120, -40, -10, 0],
    king_open_line: -18,
    king_slider_contact: -30,
    king_leaper_contact: -20,
    piece_on_edge: [-5, -15, -10, -10, -20],
    mobility: 2,
    pawn_rank: [-10, 0, 0, 5, 15, 35, 70, 0],
    tempo: 10,
};

/// Distance of a square to the nearest edge, 0..3.
fn edge_distance(sq: Square) -> usize {
    let f = sq.file().min(7 - sq.file());
    let r = sq.rank().min(7 - sq.rank());
    f.min(r) as usize
}

#[derive(Clone, Debug)]
pub struct DynamoEval {
    pub weights: Weights,
}

impl Default for DynamoEval {
    fn default() -> DynamoEval {
        DynamoEval { weights: WEIGHTS }
    }
}

impl DynamoEval {
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
        assert_eq!(eval(feerie_movegen::dynamo::START_FEN), WEIGHTS.tempo);
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
