//! The Dynamo evaluation's weights (`DynamoEval`).

use crate::{Field, WeightFields};

/// Every weight of the Dynamo evaluation, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl Weights {
    /// The hand-set weights, the tuner's starting point.
    pub const DEFAULT: Weights = Weights {
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
}

// `TUNED_DYNAMO`: the weights `feerie tune` fitted to self-play, which won their SPRT
// match against `DEFAULT` (docs/tuning.md).
include!("tuned/dynamo.rs");

/// The weights Dynamo plays with: the tuned ones.
impl Default for Weights {
    fn default() -> Weights {
        TUNED_DYNAMO
    }
}

impl WeightFields for Weights {
    fn fields(&mut self) -> Vec<Field<'_>> {
        let Weights {
            material,
            king_edge,
            king_open_line,
            king_slider_contact,
            king_leaper_contact,
            piece_on_edge,
            mobility,
            pawn_rank,
            tempo,
        } = self;
        vec![
            Field::array("material", material),
            Field::array("king_edge", king_edge),
            Field::scalar("king_open_line", king_open_line),
            Field::scalar("king_slider_contact", king_slider_contact),
            Field::scalar("king_leaper_contact", king_leaper_contact),
            Field::array("piece_on_edge", piece_on_edge),
            Field::scalar("mobility", mobility),
            Field::array("pawn_rank", pawn_rank),
            Field::scalar("tempo", tempo),
        ]
    }
}
