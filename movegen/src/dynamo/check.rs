//! Dynamo check (docs/rules.md, "Dynamo: check and mate"): can the opponent remove the king
//! from the board in one move? Computed from rays and precomputed "pusher" masks, never by
//! generating moves.

use super::moves::Move;
use crate::attacks::{self, ray};
use crate::bitboard::Bitboard;
use crate::geometry::{KING_STEPS, KNIGHT_LEAPS, offset};
use crate::types::{Color, PieceKind, Square};

/// The placement as bare bitboards: cheap to copy and to change for legality tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bits {
    pub kind: [Bitboard; 6],
    pub color: [Bitboard; 2],
}

impl Bits {
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.color[0] | self.color[1]
    }

    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.kind[kind.index()] & self.color[color.index()]
    }

    #[inline]
    pub fn toggle(&mut self, sq: Square, color: Color, kind: PieceKind) {
        let b = Bitboard::from_square(sq);
        self.kind[kind.index()] ^= b;
        self.color[color.index()] ^= b;
    }
}

/// `table[k]`: squares from which a leaper (steps `steps`) pushes a piece on `k` off the
/// board: the leaper stands one step before `k` and the same step from `k` leaves.
const fn pusher_table<const N: usize>(steps: &[(i8, i8); N]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut k = 0;
    while k < 64 {
        let mut i = 0;
        while i < N {
            let (df, dr) = steps[i];
            if offset(k as u8, df, dr).is_none() {
                if let Some(s) = offset(k as u8, -df, -dr) {
                    t[k] |= 1u64 << s;
                }
            }
            i += 1;
        }
        k += 1;
    }
    t
}

/// Lines through a square, edge to edge (the square excluded): rook-wise and bishop-wise.
const fn lines_table(dirs: &[(i8, i8); 4]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = crate::geometry::slider_attacks(k as u8, 0, dirs);
        k += 1;
    }
    t
}

static ROOK_LINES: [u64; 64] = lines_table(&crate::geometry::ROOK_DIRS);
static BISHOP_LINES: [u64; 64] = lines_table(&crate::geometry::BISHOP_DIRS);

/// `DIRECTION[a][b]`: the direction (index into `attacks::DIRECTIONS`) of the ray from
/// `a` through `b`, for squares on one line.
static DIRECTION: [[u8; 64]; 64] = direction_table();

const fn direction_table() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = attacks::DIRECTIONS[d];
            let mut cur = a as u8;
            while let Some(n) = offset(cur, df, dr) {
                t[a][n as usize] = d as u8;
                cur = n;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static KNIGHT_PUSHERS: [u64; 64] = pusher_table(&KNIGHT_LEAPS);
static KING_PUSHERS: [u64; 64] = pusher_table(&KING_STEPS);
/// Pawns of a colour push an enemy off diagonally forward (their forward).
static PAWN_PUSHERS: [[u64; 64]; 2] = [
    pusher_table(&[(1, 1), (-1, 1)]),
    pusher_table(&[(1, -1), (-1, -1)]),
];

/// What a move must touch to change whether the king on `k`, not removable now, can be
/// removed by `by`. Adding a piece never opens a removal (it can only block a line or
/// crowd the squares beyond the king), so a move matters only when it touches a line
/// through the king holding an enemy slider of that line (`hot`, with the king's square),
/// or brings an enemy piece onto a line through the king or a square from which a
/// leaper or pawn pushes it off (`landing`).
///
/// When the king is in check every move matters, but most leave one of the removals
/// threatening it now untouched: `threats` holds the squares each of up to
/// `MAX_THREATS` of those removals needs unchanged, and a move touching none of one
/// set leaves the king removable without the full test.
#[derive(Clone, Copy, Debug)]
pub struct KingGuard {
    hot: Bitboard,
    landing: Bitboard,
    enemy: Bitboard,
    threats: [Bitboard; MAX_THREATS],
}

/// Threats kept by an in-check `KingGuard`: more rarely occur, and any subset is sound.
const MAX_THREATS: usize = 3;

impl KingGuard {
    /// Every move matters (the king is in check, or gone).
    pub const EVERYTHING: KingGuard = KingGuard {
        hot: Bitboard::FULL,
        landing: Bitboard::EMPTY,
        enemy: Bitboard::EMPTY,
        // Every move touches some square: a full set never proves anything.
        threats: [Bitboard::FULL; MAX_THREATS],
    };

    /// Every move matters, and the removals threatening the king on `k` now (it is in
    /// check) tell most moves that leave it in check.
    pub fn in_check(bits: &Bits, k: Square, by: Color) -> KingGuard {
        let mut guard = KingGuard::EVERYTHING;
        for (slot, support) in guard.threats.iter_mut().zip(threat_supports(bits, k, by)) {
            *slot = support;
        }
        guard
    }

    pub fn new(bits: &Bits, k: Square, by: Color) -> KingGuard {
        let enemy = bits.color[by.index()];
        let queens = bits.kind[PieceKind::Queen.index()];
        let rooks = (bits.kind[PieceKind::Rook.index()] | queens) & enemy;
        let bishops = (bits.kind[PieceKind::Bishop.index()] | queens) & enemy;
        let ki = k.index();
        let mut hot = Bitboard::from_square(k);
        // Lines E-W, N-S, NE-SW, SE-NW (directions 0..8 of `attacks::DIRECTIONS`).
        for (d, sliders) in [(0, rooks), (2, rooks), (4, bishops), (5, bishops)] {
            let line = ray(d, k) | ray(attacks::opposite(d), k);
            if (line & sliders).any() {
                hot |= line;
            }
        }
        let landing = attacks::queen(k, Bitboard::EMPTY)
            | Bitboard(KNIGHT_PUSHERS[ki] | KING_PUSHERS[ki] | PAWN_PUSHERS[by.index()][ki]);
        KingGuard {
            hot,
            landing,
            enemy,
            threats: [Bitboard::FULL; MAX_THREATS],
        }
    }

    /// False when `mv` (changing the squares `touched`) cannot make the king removable
    /// (see the type).
    #[inline(always)]
    pub fn may_matter(&self, mv: Move, touched: Bitboard) -> bool {
        (touched & self.hot).any()
            || mv
                .parts()
                .any(|d| self.enemy.has(d.from()) && d.to().is_some_and(|t| self.landing.has(t)))
    }

    /// True when a move from the squares `from` to the squares `to` (`Move::rough_squares`)
    /// cannot matter: the cheap first test of `may_matter`.
    #[inline(always)]
    pub fn surely_irrelevant(&self, from: Bitboard, to: Bitboard) -> bool {
        ((from | to) & self.hot).is_empty()
            && ((from & self.enemy).is_empty() || (to & self.landing).is_empty())
    }

    /// True when a move changing the squares `touched` surely leaves the king removable:
    /// it touches none of the squares one of the threats now needs.
    #[inline(always)]
    pub fn still_threatened(&self, touched: Bitboard) -> bool {
        self.threats.iter().any(|&t| (touched & t).is_empty())
    }
}

/// The removals of the king on `k` that `by` threatens now, each as the squares it needs
/// unchanged (the king's square, the remover's, and the squares that must stay empty),
/// leaper pushes first (the smallest sets). A move touching none of one set leaves that
/// removal possible.
fn threat_supports(bits: &Bits, k: Square, by: Color) -> impl Iterator<Item = Bitboard> {
    let enemy = bits.color[by.index()];
    let ki = k.index();
    let king = Bitboard::from_square(k);
    let leapers = (Bitboard(KNIGHT_PUSHERS[ki]) & bits.kind[PieceKind::Knight.index()]
        | Bitboard(KING_PUSHERS[ki]) & bits.kind[PieceKind::King.index()]
        | Bitboard(PAWN_PUSHERS[by.index()][ki]) & bits.kind[PieceKind::Pawn.index()])
        & enemy;
    let occ = bits.occupied();
    let queens = bits.kind[PieceKind::Queen.index()];
    let rooks = (bits.kind[PieceKind::Rook.index()] | queens) & enemy;
    let bishops = (bits.kind[PieceKind::Bishop.index()] | queens) & enemy;
    let sliders = (attacks::rook(k, occ) & rooks) | (attacks::bishop(k, occ) & bishops);
    let lines = (0..8).filter_map(move |d| {
        let on_ray = ray(d, k) & occ;
        if (on_ray & sliders).is_empty() {
            return None;
        }
        // Pulled off: the slider is alone on its ray. Pushed off: the squares up to it
        // and the line beyond the king stay as they are.
        if !on_ray.more_than_one() {
            return Some(ray(d, k) | king);
        }
        let beyond = ray(attacks::opposite(d), k);
        ((beyond & occ).is_empty()).then(|| {
            let s = nearest(d, on_ray);
            attacks::between(k, s) | Bitboard::from_square(s) | beyond | king
        })
    });
    leapers
        .map(move |s| Bitboard::from_square(s) | king)
        .chain(lines)
}

/// The piece of `set` (non-empty, all on ray `d` of some square) nearest to that square.
#[inline]
pub fn nearest(d: usize, set: Bitboard) -> Square {
    // Even directions (E, N, NE, NW) increase the square index.
    if d & 1 == 0 {
        set.lsb()
    } else {
        Square::new(63 - set.0.leading_zeros() as u8)
    }
}

/// True when `by` could remove the piece on `k` (a king) from the board with one move:
/// a push off by a slider (line beyond `k` empty to the edge), a knight, king or pawn (the
/// step beyond `k` leaves the board), or a slider's moving pull off the board (the slider
/// is the only piece on that ray from `k`).
pub fn removable(bits: &Bits, k: Square, by: Color) -> bool {
    let enemy = bits.color[by.index()];
    let ki = k.index();
    if (Bitboard(KNIGHT_PUSHERS[ki]) & bits.kind[PieceKind::Knight.index()] & enemy).any()
        || (Bitboard(KING_PUSHERS[ki]) & bits.kind[PieceKind::King.index()] & enemy).any()
        || (Bitboard(PAWN_PUSHERS[by.index()][ki]) & bits.kind[PieceKind::Pawn.index()] & enemy)
            .any()
    {
        return true;
    }
    let occ = bits.occupied();
    let queens = bits.kind[PieceKind::Queen.index()];
    let rooks = (bits.kind[PieceKind::Rook.index()] | queens) & enemy;
    let bishops = (bits.kind[PieceKind::Bishop.index()] | queens) & enemy;
    // Most of the time no enemy slider stands on the king's lines at all.
    if (Bitboard(ROOK_LINES[ki]) & rooks | Bitboard(BISHOP_LINES[ki]) & bishops).is_empty() {
        return false;
    }
    let sliders = (attacks::rook(k, occ) & rooks) | (attacks::bishop(k, occ) & bishops);
    if sliders.is_empty() {
        return false;
    }
    for s in sliders {
        // The first piece along d is an enemy slider moving that way: it pushes the king
        // along the opposite direction, or pulls it along d by leaving the board.
        let d = DIRECTION[ki][s.index()] as usize;
        if !(ray(d, k) & occ).more_than_one() || (ray(attacks::opposite(d), k) & occ).is_empty() {
            return true;
        }
    }
    false
}
