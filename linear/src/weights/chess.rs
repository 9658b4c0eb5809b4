//! The orthodox evaluation's weights (`ChessEval`).
//!
//! Tables are written as a White player sees the board: the first row is rank 8, the
//! last row rank 1, files a..h left to right. Black uses the same tables mirrored.
//! Values are centipawns; `mg` applies with all pieces on the board, `eg` with none, and
//! the evaluation blends the two by the remaining non-pawn material (the phase).

use crate::{Field, WeightFields};

/// Every number of the orthodox evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material per piece kind (pawn, knight, bishop, rook, queen, king) in the
    /// middlegame.
    pub material_mg: [i32; 6],
    /// Material in the endgame: pawns and rooks gain as the board empties.
    pub material_eg: [i32; 6],
    /// Phase weight per kind; the sum over the start position is `phase_total`.
    pub phase_weight: [i32; 6],
    pub phase_total: i32,
    /// Bonus for owning both bishops (they cover both colours).
    pub bishop_pair_mg: i32,
    pub bishop_pair_eg: i32,
    /// Passed pawn bonus by relative rank (index 0 = first rank): a pawn no enemy pawn
    /// can stop or capture on its way. Grows steeply near promotion, more so in the
    /// endgame.
    pub passed_mg: [i32; 8],
    pub passed_eg: [i32; 8],
    /// Endgame bonus of a passed pawn by relative rank, per square (up to 5) between
    /// the enemy king and the square in front of the pawn: a far king cannot stop it.
    pub passed_enemy_king_eg: [i32; 8],
    /// Endgame penalty of a passed pawn by relative rank, per square (up to 5) between
    /// its own king and the square in front of it: a near king escorts it.
    pub passed_own_king_eg: [i32; 8],
    /// Endgame bonus of a passed pawn by relative rank when no piece stands on its
    /// way to promotion.
    pub passed_free_eg: [i32; 8],
    /// Penalty for a pawn with no friendly pawn on the neighbouring files.
    pub isolated_mg: i32,
    pub isolated_eg: i32,
    /// Penalty for each pawn beyond the first on a file.
    pub doubled_mg: i32,
    pub doubled_eg: i32,
    /// Bonus by relative rank for a pawn defended by a pawn or with a pawn beside it on
    /// its rank: a chain or a phalanx holds and supports advances.
    pub connected_mg: [i32; 8],
    pub connected_eg: [i32; 8],
    /// Mobility per knight, bishop, rook and queen: per square it attacks beyond
    /// `MOBILITY_CENTRE` (fewer cost), counting only squares free of its own side's
    /// pieces and out of reach of the enemy pawns.
    pub mobility_mg: [i32; 4],
    pub mobility_eg: [i32; 4],
    /// Middlegame bonus per square of the enemy king's zone (its square and the squares
    /// around) that a knight, bishop, rook or queen attacks.
    pub king_attack_mg: [i32; 4],
    /// Middlegame bonus per square from which a knight, bishop, rook or queen could
    /// check the enemy king next move: empty or enemy-held, out of reach of the enemy
    /// pawns and not next to the king (where the king itself guards it).
    pub safe_check_mg: [i32; 4],
    /// Middlegame bonus per own pawn in front of the king (its file and the two next to
    /// it), one and two ranks ahead.
    pub shelter_mg: [i32; 2],
    /// Middlegame bonus per unit of king danger: the square of the attack units on the
    /// enemy king's zone (knight and bishop 2 per square, rook 3, queen 5; at most 40)
    /// over 16, when at least two pieces attack it.
    pub king_danger_mg: i32,
    /// Bonus per enemy knight, bishop, rook or queen a pawn attacks.
    pub threat_pawn_mg: i32,
    pub threat_pawn_eg: i32,
    /// Bonus per enemy rook or queen a knight or bishop attacks.
    pub threat_minor_mg: i32,
    pub threat_minor_eg: i32,
    /// Bonus per enemy queen a rook attacks.
    pub threat_rook_mg: i32,
    pub threat_rook_eg: i32,
    /// Bonus for a rook on a file without pawns, and on a file without own pawns
    /// (enemy pawns only).
    pub rook_open_mg: i32,
    pub rook_open_eg: i32,
    pub rook_half_open_mg: i32,
    pub rook_half_open_eg: i32,
    /// Bonus for a knight and a bishop on an outpost: the fourth to sixth rank,
    /// defended by a pawn, where no enemy pawn can ever attack it.
    pub outpost_mg: [i32; 2],
    pub outpost_eg: [i32; 2],
    /// Small bonus for having the move: evaluations at odd and even depths agree better.
    pub tempo: i32,
    /// Middlegame piece-square tables by piece kind index.
    pub pst_mg: [[i32; 64]; 6],
    /// Endgame piece-square tables by piece kind index.
    pub pst_eg: [[i32; 64]; 6],
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        material_mg: [82, 330, 345, 470, 1000, 0],
        material_eg: [100, 300, 320, 520, 950, 0],
        phase_weight: [0, 1, 1, 2, 4, 0],
        phase_total: 24,
        bishop_pair_mg: 25,
        bishop_pair_eg: 50,
        passed_mg: [0, 5, 8, 15, 28, 45, 70, 0],
        passed_eg: [0, 10, 15, 30, 55, 90, 140, 0],
        passed_enemy_king_eg: [0, 0, 0, 4, 8, 14, 20, 0],
        passed_own_king_eg: [0, 0, 0, 2, 4, 6, 8, 0],
        passed_free_eg: [0, 0, 0, 5, 10, 20, 35, 0],
        isolated_mg: 12,
        isolated_eg: 15,
        doubled_mg: 10,
        doubled_eg: 20,
        connected_mg: [0, 4, 6, 8, 14, 25, 40, 0],
        connected_eg: [0, 2, 4, 6, 10, 20, 30, 0],
        mobility_mg: [4, 5, 2, 1],
        mobility_eg: [4, 5, 4, 2],
        king_attack_mg: [8, 6, 6, 5],
        safe_check_mg: [0; 4],
        shelter_mg: [12, 6],
        king_danger_mg: 2,
        threat_pawn_mg: 40,
        threat_pawn_eg: 30,
        threat_minor_mg: 30,
        threat_minor_eg: 25,
        threat_rook_mg: 30,
        threat_rook_eg: 25,
        rook_open_mg: 25,
        rook_open_eg: 10,
        rook_half_open_mg: 12,
        rook_half_open_eg: 8,
        outpost_mg: [25, 12],
        outpost_eg: [15, 6],
        tempo: 10,
        pst_mg: [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG],
        pst_eg: [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG],
    };
}

// `TUNED_CHESS`: the weights `feerie tune` fitted to self-play with the piece-square
// tables held, which won their SPRT matches, the first against `DEFAULT`, the refit
// of 2026-11-29 against the set before it (docs/tuning.md).
include!("tuned/chess.rs");

/// The weights chess plays with: the tuned ones.
impl Default for Weights {
    fn default() -> Weights {
        TUNED_CHESS
    }
}

#[rustfmt::skip]
/// Pawns: push the centre pawns, keep the king's shelter (f2-h2) at home, reward the
/// seventh rank a little in the middlegame.
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  60,  60,  65,  65,  60,  60,  60,
     15,  20,  25,  35,  35,  25,  20,  15,
      5,  10,  12,  25,  25,  12,  10,   5,
      0,   0,   8,  20,  20,   5,   0,   0,
      2,   2,   2,   5,   5,  -5,   2,   2,
      0,   2,   0, -15, -15,  10,  10,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
/// Pawns in the endgame: advancement is everything, passed or not.
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    120, 115, 110, 105, 105, 110, 115, 120,
     70,  65,  60,  55,  55,  60,  65,  70,
     35,  30,  25,  20,  20,  25,  30,  35,
     15,  12,  10,   5,   5,  10,  12,  15,
      5,   5,   0,   0,   0,   0,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
/// Knights: eight moves in the centre, two in a corner; outposts on the enemy side.
const KNIGHT_MG: [i32; 64] = [
    -60, -35, -25, -20, -20, -25, -35, -60,
    -30, -10,   5,  10,  10,   5, -10, -30,
    -15,  10,  20,  25,  25,  20,  10, -15,
    -15,   5,  15,  25,  25,  15,   5, -15,
    -20,   0,  12,  18,  18,  12,   0, -20,
    -25,  -5,  10,   8,   8,  10,  -5, -25,
    -35, -20,  -5,   0,   0,  -5, -20, -35,
    -55, -30, -25, -20, -20, -25, -30, -55,
];

#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -35, -15,  -5,   0,   0,  -5, -15, -35,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -35, -15,  -5,   0,   0,  -5, -15, -35,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

#[rustfmt::skip]
/// Bishops: long diagonals and active squares; a bishop left on c1/f1 is undeveloped.
const BISHOP_MG: [i32; 64] = [
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   5,   0,   0,   0,   0,   5, -10,
     -5,   5,  10,  10,  10,  10,   5,  -5,
     -5,  10,  10,  15,  15,  10,  10,  -5,
     -5,   5,  15,  15,  15,  15,   5,  -5,
      0,  10,  10,  10,  10,  10,  10,   0,
      0,  15,   5,   5,   5,   5,  15,   0,
    -15,  -5, -12,  -5,  -5, -12,  -5, -15,
];

#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
    -10,  -3,   0,   2,   2,   0,  -3, -10,
     -8,   0,   5,   7,   7,   5,   0,  -8,
     -5,   2,   7,  10,  10,   7,   2,  -5,
     -5,   2,   7,  10,  10,   7,   2,  -5,
     -8,   0,   5,   7,   7,   5,   0,  -8,
    -10,  -3,   0,   2,   2,   0,  -3, -10,
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
];

#[rustfmt::skip]
/// Rooks: the seventh rank and central files; stay off the a/h files early.
const ROOK_MG: [i32; 64] = [
      5,   5,   8,  10,  10,   8,   5,   5,
     20,  25,  25,  25,  25,  25,  25,  20,
      0,   5,   5,   5,   5,   5,   5,   0,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -8,   0,   0,   0,   0,   0,   0,  -8,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
     -5,   0,   5,  10,  10,   5,   0,  -5,
];

#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     10,  10,  10,  10,  10,  10,  10,  10,
     15,  15,  15,  15,  15,  15,  15,  15,
      5,   5,   5,   5,   5,   5,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     -3,   0,   0,   0,   0,   0,   0,  -3,
     -5,  -3,   0,   0,   0,   0,  -3,  -5,
     -5,  -3,   0,   0,   0,   0,  -3,  -5,
];

#[rustfmt::skip]
/// Queens: mild centralisation; no early adventures is left to the search.
const QUEEN_MG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   2,   5,   5,   5,   5,   0, -10,
    -10,   0,   2,   0,   0,   0,   0, -10,
    -20, -10, -10,   0,  -5, -10, -10, -20,
];

#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -10,   5,  10,  12,  12,  10,   5, -10,
     -5,   5,  12,  15,  15,  12,   5,  -5,
     -5,   5,  12,  15,  15,  12,   5,  -5,
    -10,   5,  10,  12,  12,  10,   5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -20, -10, -10,  -5,  -5, -10, -10, -20,
];

#[rustfmt::skip]
/// King in the middlegame: castled behind its pawns, never in the open.
const KING_MG: [i32; 64] = [
    -60, -70, -70, -80, -80, -70, -70, -60,
    -60, -70, -70, -80, -80, -70, -70, -60,
    -50, -60, -60, -70, -70, -60, -60, -50,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -15, -25, -25, -30, -30, -25, -25, -15,
     15,  15,  -5, -15, -15,  -5,  15,  15,
     20,  35,  15, -10,   0, -10,  35,  20,
];

#[rustfmt::skip]
/// King in the endgame: walk to the centre, where it supports pawns and blocks.
const KING_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -25,   0,  15,  20,  20,  15,   0, -25,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -25,   0,  15,  20,  20,  15,   0, -25,
    -30, -15,   0,   0,   0,   0, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

impl WeightFields for Weights {
    fn fields(&mut self) -> Vec<Field<'_>> {
        let Weights {
            material_mg,
            material_eg,
            phase_weight,
            phase_total,
            bishop_pair_mg,
            bishop_pair_eg,
            passed_mg,
            passed_eg,
            passed_enemy_king_eg,
            passed_own_king_eg,
            passed_free_eg,
            isolated_mg,
            isolated_eg,
            doubled_mg,
            doubled_eg,
            connected_mg,
            connected_eg,
            mobility_mg,
            mobility_eg,
            king_attack_mg,
            safe_check_mg,
            shelter_mg,
            king_danger_mg,
            threat_pawn_mg,
            threat_pawn_eg,
            threat_minor_mg,
            threat_minor_eg,
            threat_rook_mg,
            threat_rook_eg,
            rook_open_mg,
            rook_open_eg,
            rook_half_open_mg,
            rook_half_open_eg,
            outpost_mg,
            outpost_eg,
            tempo,
            pst_mg,
            pst_eg,
        } = self;
        vec![
            Field::array("material_mg", material_mg),
            Field::array("material_eg", material_eg),
            // The phase blends the other weights: a product, so held.
            Field::array("phase_weight", phase_weight).held(),
            Field::scalar("phase_total", phase_total).held(),
            Field::scalar("bishop_pair_mg", bishop_pair_mg),
            Field::scalar("bishop_pair_eg", bishop_pair_eg),
            Field::array("passed_mg", passed_mg),
            Field::array("passed_eg", passed_eg),
            Field::array("passed_enemy_king_eg", passed_enemy_king_eg),
            Field::array("passed_own_king_eg", passed_own_king_eg),
            Field::array("passed_free_eg", passed_free_eg),
            Field::scalar("isolated_mg", isolated_mg),
            Field::scalar("isolated_eg", isolated_eg),
            Field::scalar("doubled_mg", doubled_mg),
            Field::scalar("doubled_eg", doubled_eg),
            Field::array("connected_mg", connected_mg),
            Field::array("connected_eg", connected_eg),
            Field::array("mobility_mg", mobility_mg),
            Field::array("mobility_eg", mobility_eg),
            Field::array("king_attack_mg", king_attack_mg),
            Field::array("safe_check_mg", safe_check_mg),
            Field::array("shelter_mg", shelter_mg),
            Field::scalar("king_danger_mg", king_danger_mg),
            Field::scalar("threat_pawn_mg", threat_pawn_mg),
            Field::scalar("threat_pawn_eg", threat_pawn_eg),
            Field::scalar("threat_minor_mg", threat_minor_mg),
            Field::scalar("threat_minor_eg", threat_minor_eg),
            Field::scalar("threat_rook_mg", threat_rook_mg),
            Field::scalar("threat_rook_eg", threat_rook_eg),
            Field::scalar("rook_open_mg", rook_open_mg),
            Field::scalar("rook_open_eg", rook_open_eg),
            Field::scalar("rook_half_open_mg", rook_half_open_mg),
            Field::scalar("rook_half_open_eg", rook_half_open_eg),
            Field::array("outpost_mg", outpost_mg),
            Field::array("outpost_eg", outpost_eg),
            Field::scalar("tempo", tempo),
            Field::table("pst_mg", pst_mg),
            Field::table("pst_eg", pst_eg),
        ]
    }
}
