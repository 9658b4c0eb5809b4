//! Dynamo move generation (docs/rules.md, "Dynamo: plain moves", "Dynamo: exits",
//! "Dynamo: pushes and pulls"): every way of playing, each written as its effect (docs/rules.md,
//! "Dynamo: one move per effect"). Different ways with the same effect give equal `Move`
//! bits; a small open-addressing set drops the repeats as they are emitted (cheaper than
//! sorting the list: measured 23% of perft time for sort + dedup, against a few percent).

use super::check::nearest;
use super::moves::{Displacement, Move};
use crate::attacks::{self, ray};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::fen::CastlingSide;
use crate::geometry::{KING_STEPS, KNIGHT_LEAPS};
use crate::position::MoveCode;
use crate::types::{Color, PieceKind, Square};
use arrayvec::ArrayVec;

/// Distinct effects before the legality test. Witness (`move_counts_fit` test): at most
/// about 560 over the perft suite's positions and replies and crowded positions with up
/// to fifteen queens; 1024 leaves a margin.
pub type Candidates = ArrayVec<Move, 1024>;

/// Slots of the duplicate filter: twice the candidate capacity keeps probes short.
const SEEN_SLOTS: usize = 2048;

/// Square-index step of each direction of `attacks::DIRECTIONS` (E, W, N, S, NE, SE, NW, SW).
const DELTA: [i8; 8] = [1, -1, 8, -8, 9, -7, 7, -9];

const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// A displacement before promotion is chosen: from, and to (`None`: off the board).
type Step = (Square, Option<Square>);

pub(crate) struct Gen<'a> {
    board: &'a Board,
    occ: Bitboard,
    out: &'a mut Candidates,
    /// Open-addressing set of the emitted move bits (0 = empty slot).
    seen: [u32; SEEN_SLOTS],
}

impl<'a> Gen<'a> {
    pub fn new(board: &'a Board, out: &'a mut Candidates) -> Gen<'a> {
        Gen {
            board,
            occ: board.occupied(),
            out,
            seen: [0; SEEN_SLOTS],
        }
    }

    /// Adds `m` unless the same effect was already emitted.
    #[inline]
    fn emit(&mut self, m: Move) {
        let bits = m.to_bits();
        let mut i = (bits.wrapping_mul(0x9E37_79B1) >> 21) as usize;
        loop {
            let slot = self.seen[i];
            if slot == bits {
                return;
            }
            if slot == 0 {
                self.seen[i] = bits;
                self.out.push(m);
                return;
            }
            i = (i + 1) & (SEEN_SLOTS - 1);
        }
    }

    /// The promotion choices of a displacement: four when a pawn ends on its last rank.
    #[inline]
    fn promos(&self, (from, to): Step) -> &'static [Option<PieceKind>] {
        const NONE: [Option<PieceKind>; 1] = [None];
        const ALL: [Option<PieceKind>; 4] = [
            Some(PROMOTIONS[0]),
            Some(PROMOTIONS[1]),
            Some(PROMOTIONS[2]),
            Some(PROMOTIONS[3]),
        ];
        // Only a pawn reaching the first or last rank can promote: test the rank first.
        match to {
            Some(t) if t.rank() == 0 || t.rank() == 7 => match self.board.piece_at(from) {
                Some(p) if p.kind == PieceKind::Pawn && t.rank() == p.color.relative_rank(7) => {
                    &ALL
                }
                _ => &NONE,
            },
            _ => &NONE,
        }
    }

    #[inline]
    fn one(&mut self, a: Step) {
        for &p in self.promos(a) {
            self.emit(Move::single(Displacement::new(a.0, a.1, p)));
        }
    }

    #[inline]
    fn two(&mut self, a: Step, b: Step) {
        for &pa in self.promos(a) {
            for &pb in self.promos(b) {
                self.emit(Move::pair(
                    Displacement::new(a.0, a.1, pa),
                    Displacement::new(b.0, b.1, pb),
                ));
            }
        }
    }

    /// Everything `us` can play except castling.
    pub fn all(&mut self, us: Color) {
        let b = self.board;
        for a in b.pieces(us, PieceKind::Pawn) {
            self.pawn(a, us);
        }
        for a in b.pieces(us, PieceKind::Knight) {
            self.leaper(a, &KNIGHT_LEAPS, true);
        }
        for a in b.pieces(us, PieceKind::King) {
            self.leaper(a, &KING_STEPS, false);
        }
        for a in b.pieces(us, PieceKind::Bishop) {
            self.slider(a, 4..8);
        }
        for a in b.pieces(us, PieceKind::Rook) {
            self.slider(a, 0..4);
        }
        for a in b.pieces(us, PieceKind::Queen) {
            self.slider(a, 0..8);
        }
    }

    /// Number of empty squares from `a` along `d` before the first piece, and whether
    /// the whole ray is empty (the edge can be crossed).
    #[inline]
    fn run(&self, d: usize, a: Square) -> (i32, bool) {
        let r = ray(d, a);
        let blockers = r & self.occ;
        if blockers.is_empty() {
            (r.count() as i32, true)
        } else {
            (
                attacks::between(a, nearest(d, blockers)).count() as i32,
                false,
            )
        }
    }

    /// A slider on `a` along each direction of `dirs`. Squares of the line are numbered
    /// by x: `a` is 0, x > 0 along d, x < 0 behind.
    fn slider(&mut self, a: Square, dirs: std::ops::Range<usize>) {
        for d in dirs {
            let at = |x: i32| Some(Square::new((a.to_u8() as i32 + x * DELTA[d] as i32) as u8));
            let (j0, open) = self.run(d, a);
            if open {
                for k in 1..=j0 {
                    self.one((a, at(k)));
                }
                self.one((a, None));
                continue;
            }
            let j = j0 + 1; // the target P
            let p = at(j).expect("on board");
            for k in 1..j {
                self.one((a, at(k)));
            }
            // Push along d, the active staying or following short of the passive.
            let (q, beyond_open) = self.run(d, p);
            for t in j + 1..=j + q {
                self.one((p, at(t)));
                for f in 1..t {
                    self.two((a, at(f)), (p, at(t)));
                }
            }
            if beyond_open {
                self.one((p, None));
                for f in 1..=j + q {
                    self.two((a, at(f)), (p, None));
                }
                self.two((a, None), (p, None));
            }
            // Stationary pull towards the active piece.
            for k in 1..j {
                self.one((p, at(k)));
            }
            // Moving pull: the active piece goes back m squares (or off), the passive
            // follows to any square short of it.
            let (mb, back_open) = self.run(attacks::opposite(d), a);
            for m in 1..=mb {
                for x in 1 - m..j {
                    self.two((a, at(-m)), (p, at(x)));
                }
            }
            if back_open {
                for x in -mb..j {
                    self.two((a, None), (p, at(x)));
                }
                self.two((a, None), (p, None));
            }
        }
    }

    /// A knight (`can_exit`) or king on `a`: plain leaps, exits, pushes with or without
    /// following onto the passive's square, and moving pulls (the passive lands on `a`).
    fn leaper<const N: usize>(&mut self, a: Square, steps: &[(i8, i8); N], can_exit: bool) {
        for &(df, dr) in steps {
            let Some(p) = a.offset(df, dr) else {
                if can_exit {
                    self.one((a, None));
                }
                continue;
            };
            if !self.occ.has(p) {
                self.one((a, Some(p)));
                continue;
            }
            match p.offset(df, dr) {
                None => {
                    self.one((p, None));
                    self.two((a, Some(p)), (p, None));
                }
                Some(t) if !self.occ.has(t) => {
                    self.one((p, Some(t)));
                    self.two((a, Some(p)), (p, Some(t)));
                }
                Some(_) => {}
            }
            match a.offset(-df, -dr) {
                None if can_exit => self.two((a, None), (p, Some(a))),
                Some(b) if !self.occ.has(b) => self.two((a, Some(b)), (p, Some(a))),
                _ => {}
            }
        }
    }

    /// A pawn: plain steps, pushes of a friend ahead (following behind it) and of an
    /// enemy diagonally forward (following onto its square). Pawns never pull.
    fn pawn(&mut self, a: Square, us: Color) {
        let dr: i8 = if us == Color::White { 1 } else { -1 };
        let start = us.relative_rank(a.rank()) == 1;
        let reach: i8 = if start { 2 } else { 1 };
        let fwd = |n: i8| a.offset(0, n * dr);
        // Plain steps (a pawn never stands on its last rank, so one step is on the board).
        let one = fwd(1).expect("pawn below its last rank");
        if !self.occ.has(one) {
            self.one((a, Some(one)));
            if start {
                let two = fwd(2).expect("on board");
                if !self.occ.has(two) {
                    self.one((a, Some(two)));
                }
            }
        }
        // A friend directly ahead, or two ahead from the start rank over an empty square.
        let ours = self.board.color(us);
        let target = if self.occ.has(one) {
            ours.has(one).then_some(1)
        } else if start {
            fwd(2).filter(|&s| ours.has(s)).map(|_| 2)
        } else {
            None
        };
        if let Some(k) = target {
            let p = fwd(k).expect("on board");
            // Passive distance from `a` after the push; off the board ends the walk.
            for len in 1..=reach {
                match fwd(k + len) {
                    None => {
                        self.one((p, None));
                        for f in 1..=k.min(reach) {
                            self.two((a, fwd(f)), (p, None));
                        }
                        break;
                    }
                    Some(t) if self.occ.has(t) => break,
                    Some(t) => {
                        self.one((p, Some(t)));
                        for f in 1..=(k + len - 1).min(reach) {
                            self.two((a, fwd(f)), (p, Some(t)));
                        }
                    }
                }
            }
        }
        // Enemies diagonally forward: pushed one more diagonal step.
        let theirs = self.board.color(us.flip());
        for df in [-1i8, 1] {
            let Some(p) = a.offset(df, dr) else { continue };
            if !theirs.has(p) {
                continue;
            }
            match p.offset(df, dr) {
                None => {
                    self.one((p, None));
                    self.two((a, Some(p)), (p, None));
                }
                Some(t) if !self.occ.has(t) => {
                    self.one((p, Some(t)));
                    self.two((a, Some(p)), (p, Some(t)));
                }
                Some(_) => {}
            }
        }
    }

    /// Castling displacements whose geometry allows it (the check conditions on the
    /// king's path are tested by the caller).
    pub fn castlings(&mut self, us: Color, rights: u8) -> ArrayVec<CastlingSide, 2> {
        let mut out = ArrayVec::new();
        for cs in CastlingSide::of(us) {
            if rights & cs.right != 0 && (cs.must_be_empty() & self.occ).is_empty() {
                out.push(*cs);
            }
        }
        out
    }
}
