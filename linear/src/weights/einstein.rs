//! The Einstein family evaluation's weights (`EinsteinEval`).

use crate::{Field, WeightFields};
use feerie_movegen::PieceKind;
use feerie_movegen::einstein::{Anti, Mutation, Reverse, Standard};

/// Every weight of the Einstein evaluation, in centipawns (percentages where named).
/// Generic over the number type so the same evaluation code also yields its trace
/// (`crate::traced`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights<T = i32> {
    /// Orthodox values of pawn, knight, bishop, rook, queen.
    pub piece: [T; 5],
    /// A pawn on its own last rank: it has no move and no capture, only a target.
    pub dead_pawn: T,
    /// Share (percent) of the quiet mutation's value change a piece with a quiet move
    /// is expected to undergo.
    pub quiet_share: T,
    /// Share (percent) of the capture mutation's value change a piece with a
    /// worthwhile capture is expected to undergo.
    pub capture_share: T,
    /// Bonus per worthwhile capture a piece has (victim undefended or not cheaper).
    pub capture_option: T,
    /// Per reachable square (not own-occupied), by kind P, N, B, R, Q.
    pub mobility: [T; 5],
    /// Per step of centrality (0 on the rim .. 3 in the centre), by kind P, N, B, R, Q.
    pub centre: [T; 5],
    /// Pawn bonus by relative rank (index 7, the last rank, is unused: `dead_pawn`).
    pub pawn_rank: [T; 8],
    /// King danger units per enemy piece attacking the king zone, by kind P, N, B, R, Q.
    pub king_attack: [T; 5],
    /// Danger penalty = units^2 * scale / 8, capped at `king_danger_cap`.
    pub king_danger_scale: T,
    pub king_danger_cap: T,
    /// Middlegame bonus per own piece on the three squares in front of the king.
    pub king_shield: T,
    /// Middlegame bonus for a king on its back rank.
    pub king_home: T,
    /// Endgame bonus per step of king centrality.
    pub king_centre_endgame: T,
    /// Bonus per pawn with a forward step: a move that costs nothing (the Einstein
    /// pieces pay for every quiet move, so spare tempo moves stave off zugzwang).
    pub free_step: T,
    /// Percent of the value of each piece of the side to move that hangs (attacked and
    /// undefended, or attacked by a pawn), except the largest, which it can save.
    pub hanging_share: T,
    /// Material lead (current kinds, pawns included) from which the side ahead is
    /// driven to mate: see [`mop_up`].
    pub mop_margin: T,
    /// Mop-up bonus per step of the other king away from the centre.
    pub mop_edge: T,
    /// Mop-up bonus per step the own king is closer to the other king.
    pub mop_close: T,
    /// Mop-up bonus per 4 squares the other king cannot reach by king steps over
    /// squares the side ahead does not attack.
    pub mop_region: T,
    /// Bonus for the side to move.
    pub tempo: T,
    /// Game phase units of a kind; `max_phase` is full middlegame material.
    pub phase: [T; 6],
    pub max_phase: T,
}

impl Weights {
    /// Today's weights, the start of every variant's own (`EinsteinVariant`).
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
}

// `TUNED_REVERSE_EINSTEIN`: the weights `feerie tune` fitted to reverse-einstein's
// self-play, proven by an SPRT match against `DEFAULT` (docs/tuning.md). Einstein and
// anti-Einstein keep `DEFAULT`: their tuned weights reached no verdict (mostly draws).
include!("tuned/reverse_einstein.rs");

/// A variant of the Einstein family with its own default weights, so each can be
/// tuned apart.
pub trait EinsteinVariant: Mutation {
    const WEIGHTS: Weights;
}

impl EinsteinVariant for Standard {
    const WEIGHTS: Weights = Weights::DEFAULT;
}

impl EinsteinVariant for Reverse {
    const WEIGHTS: Weights = TUNED_REVERSE_EINSTEIN;
}

impl EinsteinVariant for Anti {
    const WEIGHTS: Weights = Weights::DEFAULT;
}

impl<T: Copy + From<i32>> Weights<T> {
    /// The value of a piece of `kind` (a king counts nothing).
    #[inline]
    pub fn value(&self, kind: PieceKind) -> T {
        match kind {
            PieceKind::King => T::from(0),
            k => self.piece[k.index()],
        }
    }

    /// Every weight through `f`, in the order of `fields` (the weight vector).
    pub fn map<U>(&self, mut f: impl FnMut(T) -> U) -> Weights<U> {
        Weights {
            piece: self.piece.map(&mut f),
            dead_pawn: f(self.dead_pawn),
            quiet_share: f(self.quiet_share),
            capture_share: f(self.capture_share),
            capture_option: f(self.capture_option),
            mobility: self.mobility.map(&mut f),
            centre: self.centre.map(&mut f),
            pawn_rank: self.pawn_rank.map(&mut f),
            king_attack: self.king_attack.map(&mut f),
            king_danger_scale: f(self.king_danger_scale),
            king_danger_cap: f(self.king_danger_cap),
            king_shield: f(self.king_shield),
            king_home: f(self.king_home),
            king_centre_endgame: f(self.king_centre_endgame),
            free_step: f(self.free_step),
            hanging_share: f(self.hanging_share),
            mop_margin: f(self.mop_margin),
            mop_edge: f(self.mop_edge),
            mop_close: f(self.mop_close),
            mop_region: f(self.mop_region),
            tempo: f(self.tempo),
            phase: self.phase.map(&mut f),
            max_phase: f(self.max_phase),
        }
    }
}

impl WeightFields for Weights {
    /// The fields in declaration order, as `map` flattens them. Held: what multiplies
    /// the piece values (the shares), the king attack units (squared), the cap, the
    /// mop-up threshold and the phase units.
    fn fields(&mut self) -> Vec<Field<'_>> {
        let Weights {
            piece,
            dead_pawn,
            quiet_share,
            capture_share,
            capture_option,
            mobility,
            centre,
            pawn_rank,
            king_attack,
            king_danger_scale,
            king_danger_cap,
            king_shield,
            king_home,
            king_centre_endgame,
            free_step,
            hanging_share,
            mop_margin,
            mop_edge,
            mop_close,
            mop_region,
            tempo,
            phase,
            max_phase,
        } = self;
        vec![
            Field::array("piece", piece),
            Field::scalar("dead_pawn", dead_pawn),
            Field::scalar("quiet_share", quiet_share).held(),
            Field::scalar("capture_share", capture_share).held(),
            Field::scalar("capture_option", capture_option),
            Field::array("mobility", mobility),
            Field::array("centre", centre),
            Field::array("pawn_rank", pawn_rank),
            Field::array("king_attack", king_attack).held(),
            Field::scalar("king_danger_scale", king_danger_scale),
            Field::scalar("king_danger_cap", king_danger_cap).held(),
            Field::scalar("king_shield", king_shield),
            Field::scalar("king_home", king_home),
            Field::scalar("king_centre_endgame", king_centre_endgame),
            Field::scalar("free_step", free_step),
            Field::scalar("hanging_share", hanging_share).held(),
            Field::scalar("mop_margin", mop_margin).held(),
            Field::scalar("mop_edge", mop_edge),
            Field::scalar("mop_close", mop_close),
            Field::scalar("mop_region", mop_region),
            Field::scalar("tempo", tempo),
            Field::array("phase", phase).held(),
            Field::scalar("max_phase", max_phase).held(),
        ]
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}
