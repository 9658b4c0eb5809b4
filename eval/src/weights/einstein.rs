//! The Einstein family evaluation's weights (`EinsteinEval`).

use feerie_movegen::PieceKind;

/// Every weight of the Einstein evaluation, in centipawns (percentages where named).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Orthodox values of pawn, knight, bishop, rook, queen.
    pub piece: [i32; 5],
    /// A pawn on its own last rank: it has no move and no capture, only a target.
    pub dead_pawn: i32,
    /// Share (percent) of the quiet mutation's value change a piece with a quiet move
    /// is expected to undergo.
    pub quiet_share: i32,
    /// Share (percent) of the capture mutation's value change a piece with a
    /// worthwhile capture is expected to undergo.
    pub capture_share: i32,
    /// Bonus per worthwhile capture a piece has (victim undefended or not cheaper).
    pub capture_option: i32,
    /// Per reachable square (not own-occupied), by kind P, N, B, R, Q.
    pub mobility: [i32; 5],
    /// Per step of centrality (0 on the rim .. 3 in the centre), by kind P, N, B, R, Q.
    pub centre: [i32; 5],
    /// Pawn bonus by relative rank (index 7, the last rank, is unused: `dead_pawn`).
    pub pawn_rank: [i32; 8],
    /// King danger units per enemy piece attacking the king zone, by kind P, N, B, R, Q.
    pub king_attack: [i32; 5],
    /// Danger penalty = units^2 * scale / 8, capped at `king_danger_cap`.
    pub king_danger_scale: i32,
    pub king_danger_cap: i32,
    /// Middlegame bonus per own piece on the three squares in front of the king.
    pub king_shield: i32,
    /// Middlegame bonus for a king on its back rank.
    pub king_home: i32,
    /// Endgame bonus per step of king centrality.
    pub king_centre_endgame: i32,
    /// Bonus per pawn with a forward step: a move that costs nothing (the Einstein
    /// pieces pay for every quiet move, so spare tempo moves stave off zugzwang).
    pub free_step: i32,
    /// Percent of the value of each piece of the side to move that hangs (attacked and
    /// undefended, or attacked by a pawn), except the largest, which it can save.
    pub hanging_share: i32,
    /// Material lead (current kinds, pawns included) from which the side ahead is
    /// driven to mate: see [`mop_up`].
    pub mop_margin: i32,
    /// Mop-up bonus per step of the other king away from the centre.
    pub mop_edge: i32,
    /// Mop-up bonus per step the own king is closer to the other king.
    pub mop_close: i32,
    /// Mop-up bonus per 4 squares the other king cannot reach by king steps over
    /// squares the side ahead does not attack.
    pub mop_region: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Game phase units of a kind; `max_phase` is full middlegame material.
    pub phase: [i32; 6],
    pub max_phase: i32,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        piece: [100, 310, 330, 500, 950],
        dead_pawn: 25,
        quiet_share: 30,
        capture_share: 30,
        capture_option: 12,
        mobility: [0, 4, 4, 3, 2],
        centre: [4, 8, 4, 0, 2],
        pawn_rank: [0, 0, 4, 10, 18, 28, 40, 0],
        king_attack: [1, 2, 2, 3, 5],
        king_danger_scale: 6,
        king_danger_cap: 400,
        king_shield: 12,
        king_home: 20,
        king_centre_endgame: 10,
        free_step: 6,
        hanging_share: 40,
        mop_margin: 200,
        mop_edge: 30,
        mop_close: 10,
        mop_region: 10,
        tempo: 10,
        phase: [0, 1, 1, 2, 4, 0],
        max_phase: 24,
    };

    /// The value of a piece of `kind` (a king counts nothing).
    #[inline]
    pub fn value(&self, kind: PieceKind) -> i32 {
        match kind {
            PieceKind::King => 0,
            k => self.piece[k.index()],
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}
