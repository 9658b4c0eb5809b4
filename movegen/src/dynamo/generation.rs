//! Dynamo move generation (docs/rules.md, "Dynamo: plain moves", "Dynamo: exits",
//! "Dynamo: pushes and pulls"), each effect once (docs/rules.md, "Dynamo: one move per
//! effect").
//!
//! Pieces are generated one at a time (pawns, knights, king, bishops, rooks, queens, each
//! kind by square). An effect made in several ways is emitted by the first way in that
//! order, so the list order is the order of first ways, and later ways are not walked:
//! - a single displacement (a plain move, an exit, a push with the active piece staying,
//!   a stationary pull) can be made by several pieces: a bit set per from-square drops
//!   the repeats;
//! - two displacements name the two pieces, so only those two can make them: the active
//!   one, or, when both are ours, the other one with the roles swapped. `Gen::covered`
//!   says which ways of the second piece its partner, generated earlier, already made;
//! - a slider pushing its target off and following it off is also its moving pull that
//!   leaves the board dragging the target off: emitted once.

use super::check::nearest;
use super::moves::{Displacement, Move};
use crate::attacks::{self, ray};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::geometry::{KING_STEPS, KNIGHT_LEAPS};
use crate::types::{Color, PieceKind, Square};
use arrayvec::ArrayVec;

/// Distinct effects before the legality test. Witness (`move_counts_fit` test): at most
/// about 560 over the perft suite's positions and replies and crowded positions with up
/// to fifteen queens; 1024 leaves a margin.
pub type Candidates = ArrayVec<Move, 1024>;

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

/// Which pairs of a slider's line towards a friendly target the target, generated
/// earlier, already made with the roles swapped (the target's kind decides).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Partner {
    /// Nothing: an enemy, a piece generated later, or one that cannot make these pairs.
    None,
    /// Our king next to the slider: its push-and-follow and its moving pull, one step.
    King,
    /// Our pawn behind the slider (it pushes the slider forward and follows), with the
    /// number of squares it moves (2 from its start rank, else 1).
    Pawn { reach: i32 },
}

impl Partner {
    /// True when the slider's moving pull that takes it `m` squares back (`None`: off
    /// the board, with `mb` empty squares behind it) and its target from `j` to `x`
    /// was already made by the target.
    #[inline]
    fn made_pull(self, m: Option<i32>, mb: i32, j: i32, x: i32) -> bool {
        match (self, m) {
            (Partner::None, _) => false,
            // The king pushes the slider one step back and follows onto its square.
            (Partner::King, Some(m)) => m == 1 && x == 0,
            (Partner::King, None) => mb == 0 && x == 0,
            // The pawn pushes the slider `m` squares forward and follows `j - x`.
            (Partner::Pawn { reach }, Some(m)) => m <= reach && j - x <= reach,
            (Partner::Pawn { reach }, None) => mb < reach && x >= 0 && j - x <= reach,
        }
    }
}

pub(crate) struct Gen<'a> {
    board: &'a Board,
    us: Color,
    occ: Bitboard,
    ours: Bitboard,
    out: &'a mut Candidates,
    /// Our pieces whose ways are all emitted.
    done: Bitboard,
    /// Single displacements emitted: to-squares by from-square, and pieces sent off.
    seen_to: [u64; 64],
    seen_off: u64,
}

impl<'a> Gen<'a> {
    pub fn new(board: &'a Board, us: Color, out: &'a mut Candidates) -> Gen<'a> {
        Gen {
            board,
            us,
            occ: board.occupied(),
            ours: board.color(us),
            out,
            done: Bitboard::EMPTY,
            seen_to: [0; 64],
            seen_off: 0,
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

    /// True (and remembered) the first time a way makes the single displacement `a`.
    #[inline(always)]
    fn first_time(&mut self, a: Step) -> bool {
        let (set, bit) = match a.1 {
            Some(t) => (&mut self.seen_to[a.0.index()], 1u64 << t.index()),
            None => (&mut self.seen_off, 1u64 << a.0.index()),
        };
        let first = *set & bit == 0;
        *set |= bit;
        first
    }

    /// One displacement, unless another way already made it.
    #[inline]
    fn one(&mut self, a: Step) {
        if self.first_time(a) {
            for &p in self.promos(a) {
                self.out.push(Move::single(Displacement::new(a.0, a.1, p)));
            }
        }
    }

    /// `one` for a piece that is not a pawn (no promotion).
    #[inline(always)]
    fn one_plain(&mut self, a: Step) {
        if self.first_time(a) {
            self.out
                .push(Move::single(Displacement::new(a.0, a.1, None)));
        }
    }

    /// `one` for a passive that is a pawn of colour `pawn`, or not a pawn (`None`): only
    /// a pawn reaching its last rank looks up promotions.
    #[inline(always)]
    fn one_with(&mut self, pawn: Option<Color>, a: Step) {
        match (pawn, a.1) {
            (Some(c), Some(t)) if t.rank() == c.relative_rank(7) => {
                if self.first_time(a) {
                    for promo in PROMOTIONS {
                        self.out
                            .push(Move::single(Displacement::new(a.0, a.1, Some(promo))));
                    }
                }
            }
            _ => self.one_plain(a),
        }
    }

    /// Two displacements: the caller knows no earlier way made them.
    #[inline]
    fn two(&mut self, a: Step, b: Step) {
        for &pa in self.promos(a) {
            for &pb in self.promos(b) {
                self.out.push(Move::pair(
                    Displacement::new(a.0, a.1, pa),
                    Displacement::new(b.0, b.1, pb),
                ));
            }
        }
    }

    /// `two` for pieces that are not pawns (no promotion).
    #[inline(always)]
    fn two_plain(&mut self, a: Step, b: Step) {
        self.out.push(Move::pair(
            Displacement::new(a.0, a.1, None),
            Displacement::new(b.0, b.1, None),
        ));
    }

    /// `two` for an active piece that is not a pawn and a passive that is a pawn of
    /// colour `pawn`, or not a pawn (`None`).
    #[inline(always)]
    fn two_with(&mut self, pawn: Option<Color>, a: Step, b: Step) {
        match (pawn, b.1) {
            (Some(c), Some(t)) if t.rank() == c.relative_rank(7) => {
                for promo in PROMOTIONS {
                    self.out.push(Move::pair(
                        Displacement::new(a.0, a.1, None),
                        Displacement::new(b.0, b.1, Some(promo)),
                    ));
                }
            }
            _ => self.two_plain(a, b),
        }
    }

    /// The colour of the pawn on `sq`, if a pawn stands there.
    #[inline(always)]
    fn pawn_color(&self, sq: Square) -> Option<Color> {
        self.board.kind(PieceKind::Pawn).has(sq).then(|| {
            if self.ours.has(sq) {
                self.us
            } else {
                self.us.flip()
            }
        })
    }

    /// The kind of our piece on `sq` when it is already generated.
    #[inline]
    fn earlier_friend(&self, sq: Square) -> Option<PieceKind> {
        if self.done.has(sq) {
            self.board.piece_at(sq).map(|p| p.kind)
        } else {
            None
        }
    }

    /// Everything `us` can play except castling.
    pub fn all(&mut self, us: Color) {
        let b = self.board;
        for a in b.pieces(us, PieceKind::Pawn) {
            self.pawn(a, us);
            self.done = self.done.with(a);
        }
        for a in b.pieces(us, PieceKind::Knight) {
            self.leaper(a, &KNIGHT_LEAPS, us, true);
            self.done = self.done.with(a);
        }
        for a in b.pieces(us, PieceKind::King) {
            self.leaper(a, &KING_STEPS, us, false);
            self.done = self.done.with(a);
        }
        for a in b.pieces(us, PieceKind::Bishop) {
            self.slider(a, us, 4..8);
            self.done = self.done.with(a);
        }
        for a in b.pieces(us, PieceKind::Rook) {
            self.slider(a, us, 0..4);
            self.done = self.done.with(a);
        }
        for a in b.pieces(us, PieceKind::Queen) {
            self.slider(a, us, 0..8);
            self.done = self.done.with(a);
        }
    }

    /// Every way of our piece on `a` alone, as if no other piece were generated: the
    /// effects it makes as the active piece, each once (castling excepted).
    pub fn of_piece(&mut self, a: Square) {
        let us = self.us;
        if !self.ours.has(a) {
            return;
        }
        match self.board.piece_at(a).map(|p| p.kind) {
            Some(PieceKind::Pawn) => self.pawn(a, us),
            Some(PieceKind::Knight) => self.leaper(a, &KNIGHT_LEAPS, us, true),
            Some(PieceKind::King) => self.leaper(a, &KING_STEPS, us, false),
            Some(PieceKind::Bishop) => self.slider(a, us, 4..8),
            Some(PieceKind::Rook) => self.slider(a, us, 0..4),
            Some(PieceKind::Queen) => self.slider(a, us, 0..8),
            None => {}
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

    /// What our piece on `p`, generated earlier, already made of the ways of a slider
    /// `j` squares behind it along `d`; `None` when it made them all (a slider of that
    /// line: every push, pull and plain move between the two is also one of its ways).
    #[inline]
    fn slider_partner(&self, p: Square, d: usize, j: i32, us: Color) -> Option<Partner> {
        let Some(kind) = self.earlier_friend(p) else {
            return Some(Partner::None);
        };
        let orthogonal = d < 4;
        match kind {
            PieceKind::Queen => None,
            PieceKind::Rook if orthogonal => None,
            PieceKind::Bishop if !orthogonal => None,
            PieceKind::King if j == 1 => Some(Partner::King),
            PieceKind::Pawn => {
                // The slider stands ahead of the pawn, which targets it: directly, or two
                // squares from the start rank (the square between is empty).
                let behind = if us == Color::White { 3 } else { 2 };
                let start = us.relative_rank(p.rank()) == 1;
                let targets = j == 1 || (j == 2 && start);
                Some(if d == behind && targets {
                    Partner::Pawn {
                        reach: if start { 2 } else { 1 },
                    }
                } else {
                    Partner::None
                })
            }
            _ => Some(Partner::None),
        }
    }

    /// A slider on `a` along each direction of `dirs`. Squares of the line are numbered
    /// by x: `a` is 0, x > 0 along d, x < 0 behind.
    fn slider(&mut self, a: Square, us: Color, dirs: std::ops::Range<usize>) {
        for d in dirs {
            let at = |x: i32| Some(Square::new((a.to_u8() as i32 + x * DELTA[d] as i32) as u8));
            let (j0, open) = self.run(d, a);
            if open {
                for k in 1..=j0 {
                    self.one_plain((a, at(k)));
                }
                self.one_plain((a, None));
                continue;
            }
            let j = j0 + 1; // the target P
            let p = at(j).expect("on board");
            let partner = if self.ours.has(p) {
                match self.slider_partner(p, d, j, us) {
                    Some(partner) => partner,
                    None => continue,
                }
            } else {
                Partner::None
            };
            let pawn = self.pawn_color(p);
            for k in 1..j {
                self.one_plain((a, at(k)));
            }
            // Push along d, the active staying or following short of the passive. Our
            // king next to the slider made the one-step push and follow by its pull.
            let (q, beyond_open) = self.run(d, p);
            for t in j + 1..=j + q {
                self.one_with(pawn, (p, at(t)));
                for f in 1..t {
                    if !(partner == Partner::King && t == 2 && f == 1) {
                        self.two_with(pawn, (a, at(f)), (p, at(t)));
                    }
                }
            }
            if beyond_open {
                self.one_with(pawn, (p, None));
                for f in 1..=j + q {
                    self.two_with(pawn, (a, at(f)), (p, None));
                }
                self.two_with(pawn, (a, None), (p, None));
            }
            // Stationary pull towards the active piece.
            for k in 1..j {
                self.one_with(pawn, (p, at(k)));
            }
            // Moving pull: the active piece goes back m squares (or off), the passive
            // follows to any square short of it.
            let (mb, back_open) = self.run(attacks::opposite(d), a);
            for m in 1..=mb {
                for x in 1 - m..j {
                    if !partner.made_pull(Some(m), mb, j, x) {
                        self.two_with(pawn, (a, at(-m)), (p, at(x)));
                    }
                }
            }
            if back_open {
                for x in -mb..j {
                    if !partner.made_pull(None, mb, j, x) {
                        self.two_with(pawn, (a, None), (p, at(x)));
                    }
                }
                // Both off is the push off with following off, already emitted.
                if !beyond_open {
                    self.two_with(pawn, (a, None), (p, None));
                }
            }
        }
    }

    /// A knight (`can_exit`) or king on `a`: plain leaps, exits, pushes with or without
    /// following onto the passive's square, and moving pulls (the passive lands on `a`).
    fn leaper<const N: usize>(
        &mut self,
        a: Square,
        steps: &[(i8, i8); N],
        us: Color,
        can_exit: bool,
    ) {
        // A pawn directly behind our king (by the pawn's forward) pushed the king one
        // square and followed: the king's moving pull of it.
        let pawn_back: i8 = if us == Color::White { -1 } else { 1 };
        for &(df, dr) in steps {
            let Some(p) = a.offset(df, dr) else {
                if can_exit {
                    self.one_plain((a, None));
                }
                continue;
            };
            if !self.occ.has(p) {
                self.one_plain((a, Some(p)));
                continue;
            }
            let pawn = self.pawn_color(p);
            let mut pull_made = false;
            if self.ours.has(p) {
                match self.earlier_friend(p) {
                    // A knight one leap away made every push and pull between the two
                    // with the roles swapped.
                    Some(PieceKind::Knight) if can_exit => continue,
                    Some(PieceKind::Pawn) => pull_made = !can_exit && df == 0 && dr == pawn_back,
                    _ => {}
                }
            }
            match p.offset(df, dr) {
                None => {
                    self.one_with(pawn, (p, None));
                    self.two_with(pawn, (a, Some(p)), (p, None));
                }
                Some(t) if !self.occ.has(t) => {
                    self.one_with(pawn, (p, Some(t)));
                    self.two_with(pawn, (a, Some(p)), (p, Some(t)));
                }
                Some(_) => {}
            }
            if pull_made {
                continue;
            }
            match a.offset(-df, -dr) {
                None if can_exit => self.two_with(pawn, (a, None), (p, Some(a))),
                Some(b) if !self.occ.has(b) => self.two_with(pawn, (a, Some(b)), (p, Some(a))),
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
}
