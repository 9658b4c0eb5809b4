//! Every number the search's pruning, reductions and move ordering use, in one place so
//! a tuner can rewrite them (as `feerie_linear::weights` holds the hand-written evaluations').
//! Depths are in plies, scores in centipawns.

/// Aspiration windows start at this iteration depth, around the previous score.
pub const ASPIRATION_MIN_DEPTH: usize = 5;
/// Half-width of the first aspiration window.
pub const ASPIRATION_DELTA: i32 = 20;
/// Once the half-width passes this, the window opens fully.
pub const ASPIRATION_FULL_WIDTH: i32 = 1000;

/// The next half-width after a failed aspiration search: half as wide again.
#[inline]
pub const fn aspiration_widen(delta: i32) -> i32 {
    delta + delta / 2
}

/// Reverse futility pruning up to this remaining depth...
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 6;
/// ...when the static evaluation beats beta by this much per ply of depth.
pub const REVERSE_FUTILITY_MARGIN: i32 = 80;

/// Null move pruning from this remaining depth.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// A null move search is reduced by this many plies, plus one per
/// `NULL_MOVE_DEPTH_DIVISOR` plies of depth, plus one per `NULL_MOVE_EVAL_DIVISOR`
/// the static evaluation is above beta (at most `NULL_MOVE_EVAL_MAX`).
pub const NULL_MOVE_REDUCTION: i32 = 3;
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
pub const NULL_MOVE_EVAL_DIVISOR: i32 = 200;
pub const NULL_MOVE_EVAL_MAX: i32 = 3;

/// Plies a null move search is reduced by: more at depth and further above beta.
#[inline]
pub fn null_move_reduction(depth: i32, eval_over_beta: i32) -> i32 {
    NULL_MOVE_REDUCTION
        + depth / NULL_MOVE_DEPTH_DIVISOR
        + (eval_over_beta / NULL_MOVE_EVAL_DIVISOR).min(NULL_MOVE_EVAL_MAX)
}

/// Futility pruning of quiet moves up to this remaining depth...
pub const FUTILITY_MAX_DEPTH: i32 = 4;
/// ...when the static evaluation plus this margin per ply of depth, and its base,
/// stays at or below alpha.
pub const FUTILITY_MARGIN: i32 = 100;
pub const FUTILITY_BASE: i32 = 60;

/// The futility margin at `depth`.
#[inline]
pub const fn futility_margin(depth: i32) -> i32 {
    FUTILITY_MARGIN * depth + FUTILITY_BASE
}

/// Late move pruning of quiet moves up to this remaining depth, once
/// `late_move_count(depth)` moves have been searched.
pub const LATE_MOVE_PRUNING_MAX_DEPTH: i32 = 4;
pub const LATE_MOVE_BASE: usize = 4;
pub const LATE_MOVE_SCALE: usize = 3;

/// Moves searched at `depth` after which late move pruning starts.
#[inline]
pub const fn late_move_count(depth: i32) -> usize {
    LATE_MOVE_BASE + LATE_MOVE_SCALE * (depth * depth) as usize
}

/// Internal iterative reduction: a node this deep with no TT move is searched one ply
/// shallower (its ordering is a guess, so a full-depth search is mostly wasted; the
/// next visit will have a move from this one).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move reductions from this remaining depth...
pub const LMR_MIN_DEPTH: i32 = 3;
/// ...for quiet moves after this many searched.
pub const LMR_MIN_MOVES: usize = 2;
/// History that takes one ply off the reduction (a bad history adds one).
pub const LMR_HISTORY_DIVISOR: i32 = 8192;
/// Plies less reduction at PV nodes, and for killers (moves ordered above history).
pub const LMR_PV_RELIEF: i32 = 1;
pub const LMR_KILLER_RELIEF: i32 = 1;

/// The base reduction = `LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;

/// Late move reduction in plies by depth and move number (both capped at 63): grows
/// with the log of both.
pub fn lmr_table() -> Box<[[u8; 64]; 64]> {
    let mut t = Box::new([[0u8; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
        }
    }
    t
}

/// History bonus per squared ply of depth, and its cap.
pub const HISTORY_BONUS_SCALE: i32 = 16;
pub const HISTORY_BONUS_MAX: i32 = 2000;

/// History bonus (and malus for the quiet moves tried before) of a quiet move that
/// caused a cutoff at `depth`.
#[inline]
pub fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_SCALE * depth * depth).min(HISTORY_BONUS_MAX)
}

/// The steeper history bonus of `SearchPolicy::STEEP_HISTORY_BONUS`: Stockfish 11's
/// shape scaled to our history bound, so the shallow cutoffs, the most numerous,
/// teach the ordering too.
#[inline]
pub fn steep_history_bonus(depth: i32) -> i32 {
    (44 * depth * depth + 210 * depth - 200).clamp(0, HISTORY_MAX / 2)
}

/// Each iteration keeps this share of the best-move changes counted before it...
pub const INSTABILITY_DECAY: f64 = 0.5;
/// ...and the soft time limit stretches by this much per change counted, up to
/// `INSTABILITY_MAX` changes.
pub const INSTABILITY_STRETCH: f64 = 0.5;
pub const INSTABILITY_MAX: f64 = 2.0;

/// The factor on the soft time limit after `best_changes` (decayed) changes of the
/// best move: spend more while it keeps changing.
#[inline]
pub fn soft_time_scale(best_changes: f64) -> f64 {
    1.0 + best_changes.min(INSTABILITY_MAX) * INSTABILITY_STRETCH
}

/// The soft time limit is multiplied by 1 + `EFFORT_SLOPE` × (`EFFORT_PIVOT` − the
/// best root move's share of the root nodes). The pivot is about the mean share in
/// opening positions at 100 ms a move, so the time spent on average stays the same.
pub const EFFORT_PIVOT: f64 = 0.5;
pub const EFFORT_SLOPE: f64 = 1.0;

/// The factor on the soft time limit when the best move took `best_share` of the
/// root's nodes: less time when the other moves are refuted cheaply, more when they
/// are hard to refute.
#[inline]
pub fn effort_time_scale(best_share: f64) -> f64 {
    1.0 + EFFORT_SLOPE * (EFFORT_PIVOT - best_share)
}

/// Correction history (`correction.rs`): entries per side to move...
pub const CORRECTION_ENTRIES: usize = 16_384;
/// ...the largest correction, in centipawns...
pub const CORRECTION_MAX: i32 = 128;
/// ...and an update moves an entry by weight/`CORRECTION_WEIGHT_SCALE` of the way to
/// the new error, the weight growing with the depth searched (plus one) up to
/// `CORRECTION_MAX_WEIGHT`.
pub const CORRECTION_WEIGHT_SCALE: i32 = 256;
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

/// History values stay within +-HISTORY_MAX (the gravity formula of `History::update`).
pub const HISTORY_MAX: i32 = 16_384;

#[cfg(test)]
mod tests {
    use super::*;

    /// The steeper bonus never gives less than the old one, grows with depth and stays
    /// within half the history bound, so no single cutoff saturates an entry.
    #[test]
    fn steep_history_bonus_grows_within_half_the_bound() {
        assert_eq!(steep_history_bonus(1), 54);
        for depth in 1..=64 {
            let (now, next) = (steep_history_bonus(depth), steep_history_bonus(depth + 1));
            assert!(now >= history_bonus(depth), "depth {depth}: {now}");
            assert!(
                now <= next && next <= HISTORY_MAX / 2,
                "depth {depth}: {now}, {next}"
            );
        }
        assert_eq!(steep_history_bonus(64), HISTORY_MAX / 2);
    }
}
