//! The Augsburg evaluation's weights (`AugsburgEval`).

use crate::{Field, WeightFields};

/// Every weight of the Augsburg evaluation, in centipawns (indices by `PieceKind` for the
/// four component kinds pawn, knight, bishop, rook). Generic over the number type so
/// the same evaluation code also yields its trace (`crate::traced`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights<T = i32> {
    /// Material per component.
    pub component: [T; 4],
    /// Per square a unit reaches (union over its kinds), by the kind that reaches most.
    pub mobility: T,
    /// Mobility counted up to this many squares per unit (diminishing returns).
    pub mobility_cap: T,
    /// Per component beyond the first in a unit: one move for several pieces.
    pub tie: T,
    /// Per duplicated component kind (a second rook in a unit adds no reach).
    pub duplicate: T,
    /// Per pawn riding in a unit with a piece, times its relative rank (0..7).
    pub carried_pawn_rank: T,
    /// Pawn advancement by relative rank.
    pub pawn_rank: [T; 8],
    /// Centralisation per component kind, times (3 - distance to the centre).
    pub centre: [T; 4],
    /// Weight of each attacking kind on the enemy king zone.
    pub king_attack: [T; 4],
    /// King danger = (sum of attack weights)^2 * this / 16, before the phase scale.
    pub king_danger: T,
    pub king_danger_cap: T,
    /// King on the centre files in the middlegame (per unit of centre closeness).
    pub king_centre_midgame: T,
    /// King centralisation in the endgame.
    pub king_centre_endgame: T,
    /// Bonus for the side to move.
    pub tempo: T,
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

impl<T: Copy> Weights<T> {
    /// Every weight through `f`, in the order of `fields` (the weight vector).
    pub fn map<U>(&self, mut f: impl FnMut(T) -> U) -> Weights<U> {
        Weights {
            component: self.component.map(&mut f),
            mobility: f(self.mobility),
            mobility_cap: f(self.mobility_cap),
            tie: f(self.tie),
            duplicate: f(self.duplicate),
            carried_pawn_rank: f(self.carried_pawn_rank),
            pawn_rank: self.pawn_rank.map(&mut f),
            centre: self.centre.map(&mut f),
            king_attack: self.king_attack.map(&mut f),
            king_danger: f(self.king_danger),
            king_danger_cap: f(self.king_danger_cap),
            king_centre_midgame: f(self.king_centre_midgame),
            king_centre_endgame: f(self.king_centre_endgame),
            tempo: f(self.tempo),
        }
    }
}

impl WeightFields for Weights {
    /// The fields in declaration order, as `map` flattens them. The king attack weights
    /// are squared, so held; the caps are held.
    fn fields(&mut self) -> Vec<Field<'_>> {
        let Weights {
            component,
            mobility,
            mobility_cap,
            tie,
            duplicate,
            carried_pawn_rank,
            pawn_rank,
            centre,
            king_attack,
            king_danger,
            king_danger_cap,
            king_centre_midgame,
            king_centre_endgame,
            tempo,
        } = self;
        vec![
            Field::array("component", component),
            Field::scalar("mobility", mobility),
            Field::scalar("mobility_cap", mobility_cap).held(),
            Field::scalar("tie", tie),
            Field::scalar("duplicate", duplicate),
            Field::scalar("carried_pawn_rank", carried_pawn_rank),
            Field::array("pawn_rank", pawn_rank),
            Field::array("centre", centre),
            Field::array("king_attack", king_attack).held(),
            Field::scalar("king_danger", king_danger),
            Field::scalar("king_danger_cap", king_danger_cap).held(),
            Field::scalar("king_centre_midgame", king_centre_midgame),
            Field::scalar("king_centre_endgame", king_centre_endgame),
            Field::scalar("tempo", tempo),
        ]
    }
}

// `TUNED_AUGSBURG`: the weights `feerie tune` fitted to self-play, proven by an SPRT
// match against `DEFAULT` (docs/tuning.md).
include!("tuned/augsburg.rs");

/// The weights Augsburg plays with: the tuned ones.
impl Default for Weights {
    fn default() -> Weights {
        TUNED_AUGSBURG
    }
}
