//! Evaluation for the Einstein family, generic over the mutation table.
//!
//! What differs from chess: a piece's kind is not permanent. In `einstein` every quiet
//! move costs the mover a step down (a queen stays a queen only by capturing), every
//! capture upgrades the capturer, pawns never promote; `reverse-einstein` turns both
//! chains around (quiet moves build material, captures cost), `anti-einstein` only
//! decays. So a piece is valued by what it is likely to become on its next move: the
//! capture mutation when it has a worthwhile capture, else the quiet mutation when it
//! has a quiet move, else its current kind. Mobility, centralisation, king safety and
//! a pawn-rank table (a pawn on its last rank is dead: it never moves again) complete
//! the picture. Without promotion a lead wins only by mate, so the side ahead is also
//! drawn towards mating the other king (`mop_up`). All weights live in
//! [`weights::einstein::Weights`](crate::weights::einstein::Weights).

use crate::traced::{Lin, Num, variables};
use crate::weights::einstein::{EinsteinVariant, Weights};
use crate::{Linear, Trace, WeightInfo};
use feerie_eval::Evaluator;
use feerie_movegen::attacks;
use feerie_movegen::board::Board;
use feerie_movegen::einstein::{EinsteinPosition, Mutation};
use feerie_movegen::{Bitboard, Color, PieceKind, Position, Square};
use std::marker::PhantomData;

/// The Einstein-family evaluator: one code for the three variants, each with its own
/// weights (`EinsteinVariant::WEIGHTS` by default).
#[derive(Clone, Debug)]
pub struct EinsteinEval<M: Mutation> {
    weights: Weights,
    variant: PhantomData<M>,
}

impl<M: Mutation> EinsteinEval<M> {
    pub fn new(weights: Weights) -> EinsteinEval<M> {
        EinsteinEval {
            weights,
            variant: PhantomData,
        }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }
}

impl<M: EinsteinVariant> Default for EinsteinEval<M> {
    fn default() -> EinsteinEval<M> {
        EinsteinEval::new(M::WEIGHTS)
    }
}

impl<M: EinsteinVariant> Evaluator<EinsteinPosition<M>> for EinsteinEval<M> {
    fn evaluate(&self, pos: &EinsteinPosition<M>) -> i32 {
        let us = pos.side_to_move();
        let white = evaluate_white::<i32, M>(&self.weights, pos.board(), us);
        let score = if us == Color::White { white } else { -white };
        score + self.weights.tempo
    }
}

/// Number of entries of the weight vector (checked by `variables`).
const LEN: usize = 51;

impl<M: EinsteinVariant> Linear<EinsteinPosition<M>> for EinsteinEval<M> {
    fn weight_info() -> Vec<WeightInfo> {
        crate::weight_info::<Weights>()
    }

    fn to_vector(&self) -> Vec<f64> {
        crate::to_vector(&self.weights)
    }

    fn from_vector(v: &[f64]) -> EinsteinEval<M> {
        EinsteinEval::new(crate::from_vector(v))
    }

    fn trace(&self, pos: &EinsteinPosition<M>) -> Trace {
        let w: Weights<Lin<LEN>> = self.weights.map(variables(Self::weight_info()));
        let us = pos.side_to_move();
        let white = evaluate_white::<_, M>(&w, pos.board(), us);
        let tempo = if us == Color::White {
            w.tempo
        } else {
            -w.tempo
        };
        (white + tempo).trace()
    }

    fn rust_source(&self, name: &str) -> String {
        crate::rust_source(&self.weights, name)
    }
}

/// 0 on the rim .. 3 on the four centre squares.
#[inline]
fn centrality(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(dr)
}

/// The squares a king on `from` reaches by steps over `free` squares (flood fill).
fn king_region(from: Square, free: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let free = free.0;
    let mut region = 1u64 << from.index();
    loop {
        let sides = region | (region << 1) & NOT_A | (region >> 1) & NOT_H;
        let grown = (sides | sides << 8 | sides >> 8) & free | region;
        if grown == region {
            return Bitboard(region);
        }
        region = grown;
    }
}

/// King steps between two squares (Chebyshev distance).
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Every square a side attacks.
fn side_attacks(board: &Board, color: Color, occ: Bitboard) -> Bitboard {
    let mut all = Bitboard::EMPTY;
    for sq in board.color(color) {
        let kind = board.piece_at(sq).expect("occupied").kind;
        all |= attacks::by_kind(kind, color, sq, occ);
    }
    all
}

/// Does a pawn of `color` on `sq` have a forward step?
#[inline]
fn pawn_can_step(color: Color, sq: Square, occ: Bitboard) -> bool {
    color.relative_rank(sq.rank()) != 7 && sq.shift(color.forward()).is_some_and(|s| !occ.has(s))
}

/// The evaluation from White's point of view.
#[inline]
fn evaluate_white<T: Num, M: Mutation>(w: &Weights<T>, board: &Board, stm: Color) -> T {
    let occ = board.occupied();
    let pawn_attacks = Color::BOTH.map(|c| {
        board
            .pieces(c, PieceKind::Pawn)
            .into_iter()
            .fold(Bitboard::EMPTY, |b, sq| b | attacks::pawn(c, sq))
    });
    // Sum and largest value of the side to move's hanging pieces.
    let (mut hang_sum, mut hang_max) = (T::from(0), T::from(0));
    let attacked = [
        side_attacks(board, Color::White, occ),
        side_attacks(board, Color::Black, occ),
    ];
    let kings = [
        board.king(Color::White).expect("white king"),
        board.king(Color::Black).expect("black king"),
    ];
    let zones = kings.map(|k| attacks::king(k).with(k));
    let max_phase = w.max_phase.value();
    let phase = (board.occupied() & !board.kind(PieceKind::King))
        .into_iter()
        .map(|sq| w.phase[board.piece_at(sq).expect("occupied").kind.index()].value())
        .sum::<i32>()
        .min(max_phase);

    let mut score = [T::from(0); 2];
    let mut danger = [T::from(0); 2];
    let mut material = [0i32; 2];
    for color in Color::BOTH {
        let us = color.index();
        let them = color.flip();
        let enemies = board.color(them) & !board.kind(PieceKind::King);
        let own = board.color(color);
        for sq in own & !board.kind(PieceKind::King) {
            let kind = board.piece_at(sq).expect("occupied").kind;
            let att = attacks::by_kind(kind, color, sq, occ);
            let rel_rank = color.relative_rank(sq.rank()) as usize;
            let mut v = if kind == PieceKind::Pawn && rel_rank == 7 {
                w.dead_pawn
            } else {
                w.value(kind)
            };
            material[us] += v.value();
            // Worthwhile captures: the victim is undefended, or worth at least what
            // the capturer becomes (a recapture then costs no more than it won).
            let after_capture = M::after_capture(kind);
            let good_captures = (att & enemies)
                .into_iter()
                .filter(|&t| {
                    let victim = board.piece_at(t).expect("occupied").kind;
                    !attacked[them.index()].has(t)
                        || w.value(victim).value() >= w.value(after_capture).value()
                })
                .count() as i32;
            let has_quiet = if kind == PieceKind::Pawn {
                pawn_can_step(color, sq, occ)
            } else {
                (att & !occ).any()
            };
            if good_captures > 0 {
                v += w.capture_share * (w.value(after_capture) - w.value(kind)) / 100
                    + w.capture_option.times(good_captures);
            } else if has_quiet {
                v += w.quiet_share * (w.value(M::after_quiet(kind)) - w.value(kind)) / 100;
            }
            if color == stm
                && attacked[them.index()].has(sq)
                && (!attacked[us].has(sq)
                    || (kind != PieceKind::Pawn && pawn_attacks[them.index()].has(sq)))
            {
                hang_sum += w.value(kind);
                hang_max = hang_max.max_by_value(w.value(kind));
            }
            if kind == PieceKind::Pawn {
                v += w.pawn_rank[rel_rank];
                if has_quiet {
                    v += w.free_step;
                }
            } else {
                v += w.mobility[kind.index()].times((att & !own).count() as i32);
            }
            v += w.centre[kind.index()].times(centrality(sq));
            if (att & zones[them.index()]).any() {
                danger[them.index()] += w.king_attack[kind.index()];
            }
            score[us] += v;
        }
        // King: shelter in the middlegame, centre in the endgame.
        let k = kings[us];
        let front = attacks::king(k) & Bitboard::rank(clamp_rank(k.rank() as i8, color));
        let shield = w.king_shield.times((front & own).count() as i32);
        let home = if color.relative_rank(k.rank()) == 0 {
            w.king_home
        } else {
            T::from(0)
        };
        let mg = shield + home;
        let eg = w.king_centre_endgame.times(centrality(k));
        score[us] += (mg.times(phase) + eg.times(max_phase - phase)) / max_phase;
    }
    for color in Color::BOTH {
        let units = danger[color.index()];
        let penalty = (units * units * w.king_danger_scale / 8).min_held(w.king_danger_cap.value());
        score[color.index()] -= penalty.times(phase) / max_phase;
    }
    score[stm.index()] -= (hang_sum - hang_max) * w.hanging_share / 100;
    score[0] += mop_up(w, &material, &kings, &attacked);
    score[0] - score[1]
}

/// White's share of the mop-up drive: positive when White is ahead by at least
/// `mop_margin`, negative when Black is, else 0.
///
/// Why: there is no promotion, so a lead wins only by mate, and every quiet piece move
/// costs material. A side that only guards its lead shuffles its king until a rule
/// draw. Pushing the other king to the edge, bringing its own king close (king moves
/// are free) and shrinking the region the other king can reach gives the search a way
/// forward. It applies at every phase: the lead usually comes early, from the other
/// side's pieces decaying, and mating is easier while that king is still hemmed in.
/// Not inlined: most positions have no lead, and inlining it slows `evaluate`.
#[inline(never)]
fn mop_up<T: Num>(
    w: &Weights<T>,
    material: &[i32; 2],
    kings: &[Square; 2],
    attacked: &[Bitboard; 2],
) -> T {
    let lead = material[0] - material[1];
    if lead.abs() < w.mop_margin.value() {
        return T::from(0);
    }
    let strong = if lead > 0 { 0 } else { 1 };
    let (ours, theirs) = (kings[strong], kings[1 - strong]);
    let unreachable = 64 - king_region(theirs, !attacked[strong]).count() as i32;
    let drive = w.mop_edge.times(3 - centrality(theirs))
        + w.mop_close.times(7 - distance(ours, theirs))
        + w.mop_region.times(unreachable) / 4;
    if strong == 0 { drive } else { -drive }
}

/// The rank in front of a king of `color` on `rank` (itself on the edge).
#[inline]
fn clamp_rank(rank: i8, color: Color) -> u8 {
    let r = rank + color.forward().signum();
    r.clamp(0, 7) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::Einstein;
    use feerie_movegen::einstein::{Anti, Reverse, Standard};

    /// The same position with colours swapped and the board mirrored.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let placement: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = f[2]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            c.sort_by_key(|c| "KQkq".find(*c));
            c.into_iter().collect()
        };
        format!("{} {side} {castling} - 0 1", placement.join("/"))
    }

    /// The evaluation with the hand-set weights, whose terms these tests describe.
    fn eval<M: EinsteinVariant>(fen: &str) -> i32 {
        hand_set::<M>().evaluate(&EinsteinPosition::from_fen(fen).unwrap())
    }

    fn hand_set<M: Mutation>() -> EinsteinEval<M> {
        EinsteinEval::new(Weights::DEFAULT)
    }

    /// The evaluator without the mop-up drive, for tests of piece values.
    fn no_mop<M: Mutation>() -> EinsteinEval<M> {
        EinsteinEval::new(Weights {
            mop_margin: i32::MAX,
            ..Weights::DEFAULT
        })
    }

    fn eval_no_mop<M: EinsteinVariant>(fen: &str) -> i32 {
        no_mop::<M>().evaluate(&EinsteinPosition::from_fen(fen).unwrap())
    }

    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/p1p5/8/1P2K3 w - - 0 1",
        "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
    ];

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in FENS {
            let m = mirror(fen);
            assert_eq!(eval::<Standard>(fen), eval::<Standard>(&m), "{fen}");
            assert_eq!(eval::<Reverse>(fen), eval::<Reverse>(&m), "{fen}");
            assert_eq!(eval::<Anti>(fen), eval::<Anti>(&m), "{fen}");
        }
        assert_eq!(eval::<Standard>(FENS[0]), Weights::DEFAULT.tempo);
        // The tuned weights of each variant too.
        fn tuned<M: EinsteinVariant>(fen: &str) -> i32 {
            EinsteinEval::<M>::default().evaluate(&EinsteinPosition::from_fen(fen).unwrap())
        }
        for fen in FENS {
            let m = mirror(fen);
            assert_eq!(tuned::<Standard>(fen), tuned::<Standard>(&m), "{fen}");
            assert_eq!(tuned::<Reverse>(fen), tuned::<Reverse>(&m), "{fen}");
            assert_eq!(tuned::<Anti>(fen), tuned::<Anti>(&m), "{fen}");
        }
    }

    #[test]
    fn quiet_moves_cost_in_einstein_and_pay_in_reverse() {
        // Piece values alone (a lone piece is also a lead the mop-up rewards).
        // The queen has only quiet moves: in einstein it is worth less than 950, in
        // reverse-einstein it keeps its value; knights and pawns gain by stepping there.
        let q = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1";
        let bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let queen_einstein = eval_no_mop::<Standard>(q) - eval_no_mop::<Standard>(bare);
        assert!(queen_einstein < 900, "{queen_einstein}");
        let queen_reverse = eval_no_mop::<Reverse>(q) - eval_no_mop::<Reverse>(bare);
        assert!(queen_reverse > queen_einstein);
        let n = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1";
        let knight_reverse = eval_no_mop::<Reverse>(n) - eval_no_mop::<Reverse>(bare);
        let knight_einstein = eval_no_mop::<Standard>(n) - eval_no_mop::<Standard>(bare);
        assert!(
            knight_reverse > knight_einstein + 50,
            "{knight_reverse} {knight_einstein}"
        );
        // A pawn that can step becomes a knight in reverse-einstein, stays one here.
        let p = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
        let pawn_reverse = eval_no_mop::<Reverse>(p) - eval_no_mop::<Reverse>(bare);
        let pawn_einstein = eval_no_mop::<Standard>(p) - eval_no_mop::<Standard>(bare);
        assert!(
            pawn_reverse > pawn_einstein + 50,
            "{pawn_reverse} {pawn_einstein}"
        );
    }

    #[test]
    fn a_capture_available_is_worth_something_in_einstein() {
        // Same material; the white rook attacks an undefended knight in the first.
        let with = "4k3/8/8/8/1n6/8/8/1R2K3 b - - 0 1";
        let without = "4k3/8/8/8/2n5/8/8/1R2K3 b - - 0 1";
        assert!(eval::<Standard>(with) < eval::<Standard>(without));
    }

    #[test]
    fn a_dead_pawn_on_the_last_rank_is_worth_little() {
        let dead = "1P2k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let alive = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        let sixth = "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1";
        assert!(eval::<Standard>(dead) < eval::<Standard>(sixth));
        assert!(eval::<Standard>(dead) < eval::<Standard>(alive));
    }

    #[test]
    fn two_hanging_pieces_cost_the_side_to_move() {
        // Black's pawn forks white's two knights: white saves one at most.
        let fork = "4k3/8/8/8/3p4/2N1N3/8/4K3 w - - 0 1";
        let p = Einstein::from_fen(fork).unwrap();
        let blind = EinsteinEval::new(Weights {
            hanging_share: 0,
            ..Weights::DEFAULT
        });
        let loss = blind.evaluate(&p) - hand_set().evaluate(&p);
        assert_eq!(loss, 310 * Weights::DEFAULT.hanging_share / 100);
    }

    #[test]
    fn pieces_near_the_king_cost_the_defender() {
        // Black's queen and knight hit white's king zone: the danger term is negative.
        let pos =
            Einstein::from_fen("rnb1kb1r/pppppppp/8/8/6n1/7q/5PPP/RNBQ1RK1 w kq - 0 1").unwrap();
        let full = hand_set();
        let blind = EinsteinEval::new(Weights {
            king_attack: [0; 5],
            ..Weights::DEFAULT
        });
        assert!(full.evaluate(&pos) < blind.evaluate(&pos));
        // White's king keeps its pawn shield, black's pawns have left theirs.
        let pos = Einstein::from_fen("r2q1rk1/8/8/5ppp/8/8/5PPP/R2Q1RK1 w - - 0 1").unwrap();
        let bare = EinsteinEval::new(Weights {
            king_shield: 0,
            ..Weights::DEFAULT
        });
        assert!(full.evaluate(&pos) > bare.evaluate(&pos));
    }

    #[test]
    fn the_side_ahead_is_drawn_towards_mating() {
        // White is a rook and pawns up; the black king stands on the edge next to the
        // white king in the first, in the centre far from it in the second.
        let near = "7k/8/6K1/8/8/8/PPP5/R7 w - - 0 1";
        let far = "8/8/8/4k3/8/8/PPP5/R5K1 w - - 0 1";
        assert!(eval::<Anti>(near) > eval::<Anti>(far) + 100);
        // A (defended) rook cutting the king off on the back ranks shrinks its region.
        assert_eq!(
            king_region(Square::parse("e8").unwrap(), Bitboard::FULL).count(),
            64
        );
        let cut = Einstein::from_fen("4k3/8/R7/1P6/8/8/P1P5/6K1 b - - 0 1").unwrap();
        let free = Einstein::from_fen("4k3/8/8/1P6/8/8/P1P5/R5K1 b - - 0 1").unwrap();
        let blind = EinsteinEval::new(Weights {
            mop_region: 0,
            ..Weights::DEFAULT
        });
        let gain = |p: &Einstein| blind.evaluate(p) - hand_set().evaluate(p);
        assert!(
            gain(&cut) > gain(&free) + 50,
            "{} {}",
            gain(&cut),
            gain(&free)
        );
        // No lead, no drive.
        let even = Einstein::from_fen("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1").unwrap();
        assert_eq!(no_mop().evaluate(&even), hand_set().evaluate(&even));
    }
}
