//! Attack tables. Leaper, ray, between and ring tables are computed at compile time by
//! `const fn`; slider lookups use magic multipliers found by `build.rs`.

use crate::bitboard::Bitboard;
use crate::geometry::{self, KING_STEPS, KNIGHT_LEAPS};
use crate::types::{Color, PieceKind, Square};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

const fn step_table<const N: usize>(steps: &[(i8, i8); N]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = geometry::step_attacks(sq as u8, steps);
        sq += 1;
    }
    t
}

const fn pawn_table(color: Color) -> [u64; 64] {
    let dr = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = geometry::step_attacks(sq as u8, &[(-1, dr), (1, dr)]);
        sq += 1;
    }
    t
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_LEAPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// The eight queen directions, in the order of `geometry::KING_STEPS`:
/// E, W, N, S, NE, SE, NW, SW.
pub const DIRECTIONS: [(i8, i8); 8] = KING_STEPS;

/// Index of the direction opposite to `d`: E<->W, N<->S, NE<->SW, SE<->NW. (Not `d ^ 1`:
/// that pairs NE with SE.)
#[inline]
pub const fn opposite(d: usize) -> usize {
    [1, 0, 3, 2, 7, 6, 5, 4][d]
}

/// `RAYS[d][s]`: the squares from `s` (exclusive) to the edge along direction `d`.
static RAYS: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut cur = sq as u8;
            while let Some(n) = geometry::offset(cur, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                t[d][sq] |= 1u64 << n;
                cur = n;
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// `BETWEEN[a][b]`: squares strictly between a and b on a common line, else empty.
/// `LINE[a][b]`: the whole line through a and b (edge to edge), else empty.
static BETWEEN_LINE: ([[u64; 64]; 64], [[u64; 64]; 64]) = {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut cur = a as u8;
            let mut passed = 0u64;
            while let Some(n) = geometry::offset(cur, DIRECTIONS[d].0, DIRECTIONS[d].1) {
                between[a][n as usize] = passed;
                // Direction d and its opposite make the line.
                line[a][n as usize] = RAYS[d][a] | RAYS[opposite(d)][a] | (1u64 << a);
                passed |= 1u64 << n;
                cur = n;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
};

/// `RING[d]`: squares from which one step along direction `d` leaves the board.
static RING: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            if geometry::offset(sq as u8, DIRECTIONS[d].0, DIRECTIONS[d].1).is_none() {
                t[d] |= 1u64 << sq;
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// `KNIGHT_RING[i]`: squares from which knight leap `i` (of `geometry::KNIGHT_LEAPS`)
/// lands outside the board.
static KNIGHT_RING: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        let mut sq = 0;
        while sq < 64 {
            if geometry::offset(sq as u8, KNIGHT_LEAPS[i].0, KNIGHT_LEAPS[i].1).is_none() {
                t[i] |= 1u64 << sq;
            }
            sq += 1;
        }
        i += 1;
    }
    t
};

#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDER_TABLE[m.offset + idx])
}

#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[sq.index()], occupied)
}

#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[sq.index()], occupied)
}

#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares a man of `kind` and `color` on `sq` attacks with the given occupancy (a pawn:
/// its diagonal captures).
#[inline]
pub fn by_kind(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn(color, sq),
        PieceKind::Knight => knight(sq),
        PieceKind::Bishop => bishop(sq, occupied),
        PieceKind::Rook => rook(sq, occupied),
        PieceKind::Queen => queen(sq, occupied),
        PieceKind::King => king(sq),
    }
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_LINE.0[a.index()][b.index()])
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_LINE.1[a.index()][b.index()])
}

/// Squares from `sq` (exclusive) to the edge along direction `d` (index into `DIRECTIONS`).
#[inline]
pub fn ray(d: usize, sq: Square) -> Bitboard {
    Bitboard(RAYS[d][sq.index()])
}

/// Squares from which one step along direction `d` leaves the board (Dynamo exits).
#[inline]
pub fn ring(d: usize) -> Bitboard {
    Bitboard(RING[d])
}

/// Squares from which knight leap `i` lands outside the board (Dynamo knight exits).
#[inline]
pub fn knight_ring(i: usize) -> Bitboard {
    Bitboard(KNIGHT_RING[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{BISHOP_DIRS, ROOK_DIRS, slider_attacks};

    /// Deterministic occupancies to compare the magic lookups with the slow reference.
    fn occupancies() -> impl Iterator<Item = u64> {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        (0..2000).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & x.rotate_left(17)
        })
    }

    #[test]
    fn magic_lookups_match_reference() {
        for sq in Square::all() {
            for occ in occupancies() {
                let s = sq.to_u8();
                assert_eq!(
                    rook(sq, Bitboard(occ)).0,
                    slider_attacks(s, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop(sq, Bitboard(occ)).0,
                    slider_attacks(s, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn leaper_tables() {
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(knight(sq("d4")).count(), 8);
        assert_eq!(king(sq("h8")).count(), 3);
        assert_eq!(
            pawn(Color::White, sq("a2")),
            Bitboard::from_square(sq("b3"))
        );
        assert_eq!(pawn(Color::Black, sq("e5")).count(), 2);
    }

    #[test]
    fn between_and_line() {
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert_eq!(line(sq("b2"), sq("c3")).count(), 8);
        assert!(line(sq("b2"), sq("c4")).is_empty());
        // The anti-diagonal through e4 and g2 runs a8..h1, not along the other diagonal.
        assert_eq!(line(sq("e4"), sq("g2")).count(), 8);
        assert!(line(sq("e4"), sq("g2")).has(sq("b7")));
        assert!(!line(sq("e4"), sq("g2")).has(sq("g6")));
        for d in 0..8 {
            assert_eq!(opposite(opposite(d)), d);
            let (f, r) = DIRECTIONS[d];
            assert_eq!(DIRECTIONS[opposite(d)], (-f, -r));
        }
    }

    /// Every square of `line(a, b)` is collinear with a and b (a diagonal line used to
    /// include the other diagonal's ray from `a`, letting pinned pieces leave the pin).
    #[test]
    fn lines_are_collinear() {
        for a in Square::all() {
            for b in Square::all().filter(|&b| b != a) {
                let l = line(a, b);
                if l.is_empty() {
                    continue;
                }
                assert!(l.has(a) && l.has(b) && l == line(b, a), "{a} {b}");
                let (af, ar) = (a.file() as i32, a.rank() as i32);
                let (bf, br) = (b.file() as i32 - af, b.rank() as i32 - ar);
                for s in l {
                    let (sf, sr) = (s.file() as i32 - af, s.rank() as i32 - ar);
                    assert_eq!(sf * br, sr * bf, "{s} on line({a}, {b})");
                }
            }
        }
    }

    #[test]
    fn rings_are_the_edges() {
        // East: the h-file; north-east: h-file and rank 8.
        assert_eq!(ring(0), Bitboard::FILE_H);
        assert_eq!(ring(4), Bitboard::FILE_H | Bitboard::RANK_8);
        // A leap of (1, 2) leaves from the h-file and ranks 7 and 8.
        assert_eq!(
            knight_ring(0),
            Bitboard::FILE_H | Bitboard::rank(6) | Bitboard::RANK_8
        );
        // A slider exits along a direction exactly when the ray to the edge is empty.
        let d5 = Square::parse("d5").unwrap();
        assert_eq!(ray(2, d5).count(), 3);
        assert!(ray(0, Square::parse("h3").unwrap()).is_empty());
    }
}
