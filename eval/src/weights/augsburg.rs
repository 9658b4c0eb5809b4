//! The Augsburg evaluation's weights (`AugsburgEval`).

/// Every weight of the Augsburg evaluation, in centipawns (indices by `PieceKind` for the
/// four component kinds pawn, knight, bishop, rook).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material per component.
    pub component: [i32; 4],
    /// Per square a unit reaches (union over its kinds), by the kind that reaches most.
    pub mobility: i32,
    /// Mobility counted up to this many squares per unit (diminishing returns).
    pub mobility_cap: i32,
    /// Per component beyond the first in a unit: one move for several pieces.
    pub tie: i32,
    /// Per duplicated component kind (a second rook in a unit adds no reach).
    pub duplicate: i32,
    /// Per pawn riding in a unit with a piece, times its relative rank (0..7).
    pub carried_pawn_rank: i32,
    /// Pawn advancement by relative rank.
    pub pawn_rank: [i32; 8],
    /// Centralisation per component kind, times (3 - distance to the centre).
    pub centre: [i32; 4],
    /// Weight of each attacking kind on the enemy king zone.
    pub king_attack: [i32; 4],
    /// King danger = (sum of attack weights)^2 * this / 16, before the phase scale.
    pub king_danger: i32,
    pub king_danger_cap: i32,
    /// King on the centre files in the middlegame (per unit of centre closeness).
    pub king_centre_midgame: i32,
    /// King centralisation in the endgame.
    pub king_centre_endgame: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        component: [100, 310, 330, 500],
        mobility: 4,
        mobility_cap: 28,
        tie: 20,
        duplicate: 45,
        carried_pawn_rank: 6,
        pawn_rank: [0, 0, 5, 10, 20, 35, 60, 0],
        centre: [0, 12, 6, 2],
        king_attack: [1, 2, 2, 3],
        king_danger: 9,
        king_danger_cap: 400,
        king_centre_midgame: 12,
        king_centre_endgame: 10,
        tempo: 12,
    };
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}
