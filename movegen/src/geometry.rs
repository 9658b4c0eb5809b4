//! Board geometry by slow, obviously-correct loops. Shared by `build.rs` (which derives
//! the magic slider tables from it) and by the compile-time tables in `attacks`, so the
//! fast lookups and their reference come from one piece of code.

/// Rook directions as (file step, rank step).
pub const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as (file step, rank step).
pub const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight leaps as (file step, rank step).
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps as (file step, rank step), in the same order as the eight queen directions.
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The square `(file + df, rank + dr)` if it is on the board.
pub const fn offset(sq: u8, df: i8, dr: i8) -> Option<u8> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f < 0 || f > 7 || r < 0 || r > 7 {
        None
    } else {
        Some((r * 8 + f) as u8)
    }
}

/// Squares attacked by a slider on `sq` along `dirs`, stopping at (and including) blockers.
pub const fn slider_attacks(sq: u8, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1u64 << next;
            if occupied & (1u64 << next) != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    attacks
}

/// Squares whose occupancy matters for a slider on `sq` (the board edges along each ray
/// are left out: a blocker there changes nothing).
pub const fn relevant_occupancy(sq: u8, dirs: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1u64 << next;
            cur = next;
        }
        d += 1;
    }
    mask
}

/// The squares reached by single steps from `sq` (knight leaps or king steps).
pub const fn step_attacks<const N: usize>(sq: u8, steps: &[(i8, i8); N]) -> u64 {
    let mut attacks = 0u64;
    let mut i = 0;
    while i < N {
        if let Some(t) = offset(sq, steps[i].0, steps[i].1) {
            attacks |= 1u64 << t;
        }
        i += 1;
    }
    attacks
}
