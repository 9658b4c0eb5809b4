//! Augsburg evaluation: material of every component, the combined mobility of compound
//! units (a unit moves as the union of its kinds, so a knight+bishop reaches what both
//! reach), the cost of tying pieces together (one move for several pieces, duplicated
//! kinds adding no reach, everything lost in one capture), pawns carried by pieces
//! (they ride to promotion), king safety against compound attackers (one unit hitting the
//! king zone with several kinds at once), and centralisation.
//!
//! Every weight is in `weights::augsburg::Weights`, so a tuner can change them in one
//! place.

use crate::traced::{Lin, Num, variables};
use crate::weights::augsburg::Weights;
use crate::{Linear, Trace, WeightInfo};
use feerie_eval::Evaluator;
use feerie_movegen::attacks;
use feerie_movegen::augsburg::{Augsburg, COMPONENTS, Unit, UnitBoard};
use feerie_movegen::{Bitboard, Color, PieceKind, Position, Square};

/// The Augsburg evaluator.
#[derive(Clone, Debug, Default)]
pub struct AugsburgEval {
    weights: Weights,
}

impl AugsburgEval {
    pub fn new(weights: Weights) -> AugsburgEval {
        AugsburgEval { weights }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }
}

impl Evaluator<Augsburg> for AugsburgEval {
    fn evaluate(&self, pos: &Augsburg) -> i32 {
        let white = score_for_white(&self.weights, pos.board());
        let score = match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        score + self.weights.tempo
    }
}

/// Number of entries of the weight vector (checked by `variables`).
const LEN: usize = 30;

impl Linear<Augsburg> for AugsburgEval {
    fn weight_info() -> Vec<WeightInfo> {
        crate::weight_info::<Weights>()
    }

    fn to_vector(&self) -> Vec<f64> {
        crate::to_vector(&self.weights)
    }

    fn from_vector(v: &[f64]) -> AugsburgEval {
        AugsburgEval::new(crate::from_vector(v))
    }

    fn trace(&self, pos: &Augsburg) -> Trace {
        let w: Weights<Lin<LEN>> = self.weights.map(variables(Self::weight_info()));
        let white = score_for_white(&w, pos.board());
        let tempo = match pos.side_to_move() {
            Color::White => w.tempo,
            Color::Black => -w.tempo,
        };
        (white + tempo).trace()
    }

    fn rust_source(&self, name: &str) -> String {
        crate::rust_source(&self.weights, name)
    }
}

/// The evaluation from White's point of view, without the tempo.
#[inline]
fn score_for_white<T: Num>(w: &Weights<T>, b: &UnitBoard) -> T {
    let phase = midgame_phase(b);
    side_score(w, b, Color::White, phase) - side_score(w, b, Color::Black, phase)
}

/// 0 (bare endgame) to 256 (all the pieces): non-pawn material on the board.
fn midgame_phase(b: &UnitBoard) -> i32 {
    let mut pieces = 0;
    for sq in b.units(Color::White) | b.units(Color::Black) {
        let u = b.cell(sq).components();
        pieces +=
            u.count(PieceKind::Knight) + u.count(PieceKind::Bishop) + 2 * u.count(PieceKind::Rook);
    }
    // Start: 4 knights, 6 bishops (queens count one), 6 rooks (queens count one) = 22.
    (pieces as i32 * 256 / 22).min(256)
}

/// Distance of a square to the centre: 0 on d4-e5, 3 on the edge.
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = (2 * f - 7).abs() / 2;
    let dr = (2 * r - 7).abs() / 2;
    df.max(dr)
}

fn side_score<T: Num>(w: &Weights<T>, b: &UnitBoard, us: Color, phase: i32) -> T {
    let them = us.flip();
    let occ = b.occupied();
    let own = b.color(us);
    let enemy_pawn_attacks = b
        .units_with(them, PieceKind::Pawn)
        .fold(Bitboard::EMPTY, |a, s| a | attacks::pawn(them, s));
    let area = !own & !enemy_pawn_attacks;
    let mut score = T::from(0);

    for sq in b.units(us) {
        let unit = b.cell(sq).components();
        score += unit_score(w, unit, sq, us, occ, area);
    }
    score + king_score(w, b, us, phase)
}

fn unit_score<T: Num>(
    w: &Weights<T>,
    unit: Unit,
    sq: Square,
    us: Color,
    occ: Bitboard,
    area: Bitboard,
) -> T {
    let rel_rank = us.relative_rank(sq.rank()) as usize;
    let centre = 3 - centre_distance(sq);
    let mut score = T::from(0);
    let mut reach = Bitboard::EMPTY;
    let mut kinds = 0;
    for kind in COMPONENTS {
        let n = unit.count(kind) as i32;
        if n == 0 {
            continue;
        }
        kinds += 1;
        score += w.component[kind.index()].times(n);
        score += w.centre[kind.index()].times(n * centre);
        score -= w.duplicate.times(n - 1);
        reach |= match kind {
            PieceKind::Pawn => attacks::pawn(us, sq),
            PieceKind::Knight => attacks::knight(sq),
            PieceKind::Bishop => attacks::bishop(sq, occ),
            _ => attacks::rook(sq, occ),
        };
    }
    let pawns = unit.count(PieceKind::Pawn) as i32;
    score += w.pawn_rank[rel_rank].times(pawns);
    if pawns > 0 && kinds > 1 {
        score += w.carried_pawn_rank.times(pawns * rel_rank as i32);
    }
    score -= w.tie.times(unit.size() as i32 - 1);
    let cap = w.mobility_cap.value() as u32;
    score + w.mobility.times((reach & area).count().min(cap) as i32)
}

/// King placement by phase, and danger from enemy units hitting the king zone: each
/// unit adds the weights of all its kinds that reach the zone, so one compound
/// attacker counts like several pieces.
fn king_score<T: Num>(w: &Weights<T>, b: &UnitBoard, us: Color, phase: i32) -> T {
    let Some(king) = b.king(us) else {
        return T::from(0);
    };
    let them = us.flip();
    let occ = b.occupied();
    let zone = attacks::king(king).with(king);
    let mut weight = T::from(0);
    for sq in b.units(them) {
        let unit = b.cell(sq).components();
        for kind in COMPONENTS {
            if !unit.has(kind) {
                continue;
            }
            let hits = match kind {
                PieceKind::Pawn => attacks::pawn(them, sq),
                PieceKind::Knight => attacks::knight(sq),
                PieceKind::Bishop => attacks::bishop(sq, occ),
                _ => attacks::rook(sq, occ),
            } & zone;
            if hits.any() {
                weight += w.king_attack[kind.index()];
            }
        }
    }
    let danger = (weight * weight * w.king_danger / 16).min_held(w.king_danger_cap.value());
    let centre = 3 - centre_distance(king);
    let midgame = -danger - w.king_centre_midgame.times(centre);
    let endgame = w.king_centre_endgame.times(centre) - danger / 4;
    (midgame.times(phase) + endgame.times(256 - phase)) / 256
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        AugsburgEval::default().evaluate(&Augsburg::from_fen(fen).expect("fen"))
    }

    /// The same position with colours swapped and the board mirrored.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let placement: Vec<String> = f[0].split('/').rev().map(swap).collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling = if f[2] == "-" {
            "-".to_string()
        } else {
            swap(f[2])
        };
        let ep = if f[3] == "-" {
            "-".to_string()
        } else {
            let r = f[3].as_bytes()[1];
            format!("{}{}", &f[3][..1], (b'1' + b'8' - r) as char)
        };
        format!("{} {side} {castling} {ep} 0 1", placement.join("/"))
    }

    #[test]
    fn symmetric_positions_score_alike_for_the_side_to_move() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1",
            "(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1",
            "r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1",
        ] {
            assert_eq!(eval(fen), eval(&mirror(fen)), "{fen}");
        }
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(eval(start), Weights::default().tempo);
    }

    #[test]
    fn compound_value_follows_its_combined_mobility() {
        // A central knight+bishop beats the same unit in the corner.
        let centre = eval("4k3/8/8/8/3(BN)4/8/8/4K3 w - - 0 1");
        let corner = eval("4k3/8/8/8/8/8/8/(BN)3K3 w - - 0 1");
        assert!(centre > corner + 40, "{centre} vs {corner}");
        // A knight+bishop reaches more than a knight+knight.
        let bn = eval("4k3/8/8/8/3(BN)4/8/8/4K3 w - - 0 1");
        let nn = eval("4k3/8/8/8/3(NN)4/8/8/4K3 w - - 0 1");
        assert!(bn > nn + 40, "{bn} vs {nn}");
    }

    #[test]
    fn tying_pieces_together_costs() {
        // Two free rooks beat the same rooks tied into one unit.
        let free = eval("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        let tied = eval("4k3/8/8/8/8/8/8/(RR)3K3 w - - 0 1");
        assert!(free > tied + 50, "{free} vs {tied}");
    }

    #[test]
    fn compound_attackers_endanger_the_king() {
        // The same material, the black queen+knight near the white king or far away.
        let near = eval("4k3/8/8/8/8/5(rbn)2/8/4K3 w - - 0 1");
        let far = eval("(rbn)3k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(near < far, "{near} vs {far}");
    }

    #[test]
    fn carried_pawns_are_worth_more_when_advanced() {
        let high = eval("4k3/8/(NP)7/8/8/8/8/4K3 w - - 0 1");
        let low = eval("4k3/8/8/8/8/(NP)7/8/4K3 w - - 0 1");
        assert!(high > low, "{high} vs {low}");
    }
}
