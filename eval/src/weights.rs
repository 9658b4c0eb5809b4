//! Every number the orthodox evaluation uses, in one place so a tuner can rewrite them.
//!
//! Tables are written as a White player sees the board: the first row is rank 8, the
//! last row rank 1, files a..h left to right. Black uses the same tables mirrored.
//! Values are centipawns; `MG` applies with all pieces on the board, `EG` with none, and
//! the evaluation blends the two by the remaining non-pawn material (the phase).

/// Material per piece kind (pawn, knight, bishop, rook, queen, king) in the middlegame.
pub const MATERIAL_MG: [i32; 6] = [82, 330, 345, 470, 1000, 0];
/// Material in the endgame: pawns and rooks gain as the board empties.
pub const MATERIAL_EG: [i32; 6] = [100, 300, 320, 520, 950, 0];

/// Phase weight per kind; the sum over the start position is `PHASE_TOTAL`.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_TOTAL: i32 = 24;

/// Bonus for owning both bishops (they cover both colours).
pub const BISHOP_PAIR_MG: i32 = 25;
pub const BISHOP_PAIR_EG: i32 = 50;

/// Passed pawn bonus by relative rank (index 0 = first rank): a pawn no enemy pawn can
/// stop or capture on its way. Grows steeply near promotion, more so in the endgame.
pub const PASSED_MG: [i32; 8] = [0, 5, 8, 15, 28, 45, 70, 0];
pub const PASSED_EG: [i32; 8] = [0, 10, 15, 30, 55, 90, 140, 0];

/// Penalty for a pawn with no friendly pawn on the neighbouring files.
pub const ISOLATED_MG: i32 = 12;
pub const ISOLATED_EG: i32 = 15;
/// Penalty for each pawn beyond the first on a file.
pub const DOUBLED_MG: i32 = 10;
pub const DOUBLED_EG: i32 = 20;

/// Small bonus for having the move: evaluations at odd and even depths agree better.
pub const TEMPO: i32 = 10;

#[rustfmt::skip]
/// Pawns: push the centre pawns, keep the king's shelter (f2-h2) at home, reward the
/// seventh rank a little in the middlegame.
pub const PAWN_MG: [i32; 64] = [
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
pub const PAWN_EG: [i32; 64] = [
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
pub const KNIGHT_MG: [i32; 64] = [
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
pub const KNIGHT_EG: [i32; 64] = [
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
pub const BISHOP_MG: [i32; 64] = [
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
pub const BISHOP_EG: [i32; 64] = [
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
pub const ROOK_MG: [i32; 64] = [
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
pub const ROOK_EG: [i32; 64] = [
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
pub const QUEEN_MG: [i32; 64] = [
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
pub const QUEEN_EG: [i32; 64] = [
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
pub const KING_MG: [i32; 64] = [
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
pub const KING_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -25,   0,  15,  20,  20,  15,   0, -25,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -25,   0,  15,  20,  20,  15,   0, -25,
    -30, -15,   0,   0,   0,   0, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

/// Middlegame tables by piece kind index.
pub const PST_MG: [&[i32; 64]; 6] = [
    &PAWN_MG, &KNIGHT_MG, &BISHOP_MG, &ROOK_MG, &QUEEN_MG, &KING_MG,
];
/// Endgame tables by piece kind index.
pub const PST_EG: [&[i32; 64]; 6] = [
    &PAWN_EG, &KNIGHT_EG, &BISHOP_EG, &ROOK_EG, &QUEEN_EG, &KING_EG,
];
