//! The traces of the Augsburg and Einstein-family evaluators (`Linear`): they reproduce
//! the evaluation on the perft suites, the opening books and random playouts; each
//! tunable weight moves the evaluation by its coefficient; the weights survive the
//! vector and the Rust source.

use feerie_eval::linear::{
    check_linear, parse_rust_source, to_vector, white_score, Linear, Trace, WeightFields,
};
use feerie_eval::weights::{augsburg, einstein};
use feerie_eval::{AugsburgEval, EinsteinEval};
use feerie_movegen::einstein::{Anti, EinsteinPosition, Reverse, Standard};
use feerie_movegen::{Augsburg, Position};
use std::path::Path;

/// A trace reproduces the evaluation up to float rounding of its coefficients.
const EXACT: f64 = 0.01;
/// Plies of each random playout.
const PLIES: usize = 120;

fn read(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The perft suite and the book of `variant`, then positions along random playouts
/// from every tenth book opening.
fn positions<P: Position>(variant: &str) -> Vec<String> {
    let mut fens: Vec<String> = read(&format!("tests/data/perft/{variant}.epd"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
        .collect();
    let book: Vec<String> = read(&format!("books/{variant}.epd"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().take(4).collect();
            format!("{} 0 1", fields.join(" "))
        })
        .collect();
    fens.extend(book.iter().cloned());
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for start in book.iter().step_by(10) {
        let mut pos = P::from_fen(start).expect("book FEN");
        for _ in 0..PLIES {
            let mut moves = P::MoveList::default();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.play(moves[(seed % moves.len() as u64) as usize]);
            fens.push(pos.to_fen());
        }
    }
    fens
}

fn check<P: Position, E: Linear<P>>(variant: &str) {
    let fens = positions::<P>(variant);
    assert!(fens.len() > 1000, "{variant}: {} positions", fens.len());
    let refs: Vec<&str> = fens.iter().map(String::as_str).collect();
    check_linear(&E::default(), &refs, EXACT);
}

#[test]
fn traces_reproduce_the_evaluation() {
    check::<Augsburg, AugsburgEval>("augsburg");
    check::<EinsteinPosition<Standard>, EinsteinEval<Standard>>("einstein");
    check::<EinsteinPosition<Reverse>, EinsteinEval<Reverse>>("reverse-einstein");
    check::<EinsteinPosition<Anti>, EinsteinEval<Anti>>("anti-einstein");
}

/// Non-king pieces in a FEN (Augsburg units count as their letters).
fn pieces(fen: &str) -> f64 {
    let placement = fen.split_whitespace().next().unwrap_or("");
    placement
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'k'))
        .count() as f64
}

/// The rounding of the evaluation's integer divisions: each fixed division and each
/// per-piece one rounds off less than a centipawn that the linear trace does not.
#[derive(Clone, Copy)]
struct Rounding {
    fixed: f64,
    per_piece: f64,
}

/// Moves each tunable weight alone by `delta`, on every `step`-th position where the
/// position stays on the same side of every threshold (its trace at the new weights
/// has the same coefficients). Returns the largest gap, beyond the rounding, between the
/// new evaluation and the old trace at the new weights, and the share of (weight,
/// position) pairs kept.
fn moved_weights<P: Position, E: Linear<P>>(
    variant: &str,
    delta: f64,
    step: usize,
    rounding: Rounding,
) -> (f64, f64) {
    let eval = E::default();
    let w = eval.to_vector();
    let fens = positions::<P>(variant);
    let traces: Vec<(P, Trace, f64)> = fens
        .iter()
        .step_by(step)
        .map(|f| {
            let p = P::from_fen(f).expect("FEN");
            let t = eval.trace(&p);
            let bound = rounding.fixed + rounding.per_piece * pieces(f);
            (p, t, bound)
        })
        .collect();
    let (mut gap, mut kept, mut pairs) = (f64::MIN, 0, 0);
    for (i, info) in E::weight_info().iter().enumerate() {
        if !info.tunable {
            continue;
        }
        let mut moved = w.clone();
        moved[i] += delta;
        let e = E::from_vector(&moved);
        for (p, t, bound) in &traces {
            pairs += 1;
            if e.trace(p).terms != t.terms {
                continue;
            }
            kept += 1;
            gap = gap.max((white_score(&e, p) as f64 - t.score(&moved)).abs() - bound);
        }
    }
    (gap, kept as f64 / pairs as f64)
}

fn check_moved<P: Position, E: Linear<P>>(variant: &str, rounding: Rounding) {
    for delta in [1.0, -3.0, 10.0] {
        let (gap, kept) = moved_weights::<P, E>(variant, delta, 3, rounding);
        assert!(kept > 0.95, "{variant}, delta {delta}: {kept} kept");
        assert!(
            gap <= 0.0,
            "{variant}, delta {delta}: {gap} beyond the rounding"
        );
    }
}

#[test]
fn each_weight_moves_the_evaluation_by_its_coefficient() {
    // Augsburg divides each side's king term three times (/16, /4, /256).
    let augsburg = Rounding {
        fixed: 6.0,
        per_piece: 0.0,
    };
    check_moved::<Augsburg, AugsburgEval>("augsburg", augsburg);
    // Einstein divides each piece's mutation share by 100, and per side the king
    // placement, the danger (twice), then the hanging pieces and the mop-up once.
    let einstein = Rounding {
        fixed: 8.0,
        per_piece: 1.0,
    };
    check_moved::<EinsteinPosition<Standard>, EinsteinEval<Standard>>("einstein", einstein);
    check_moved::<EinsteinPosition<Reverse>, EinsteinEval<Reverse>>("reverse-einstein", einstein);
    check_moved::<EinsteinPosition<Anti>, EinsteinEval<Anti>>("anti-einstein", einstein);
}

/// Whitespace removed, to compare Rust items laid out differently.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect()
}

/// The default weights print as the item in their weights file, and other weights
/// read back from their source give the same evaluator.
fn check_source<P: Position, E: Linear<P>, W: WeightFields>(weights_file: &str) {
    let eval = E::default();
    let file = squeeze(&read(weights_file));
    let source = eval.rust_source("DEFAULT");
    let item = &source[source
        .find("pub const DEFAULT: Weights = Weights {")
        .expect("item")..];
    assert!(file.contains(&squeeze(item)), "{source}");
    let moved: Vec<f64> = eval.to_vector().iter().map(|w| w + 3.0).collect();
    let source = E::from_vector(&moved).rust_source("TUNED");
    let parsed: W = parse_rust_source(&source).expect("parses");
    assert_eq!(to_vector(&parsed), moved);
    let info = E::weight_info();
    assert!(info.iter().any(|i| i.name == "pawn_rank[5]"), "{info:?}");
}

#[test]
fn weights_round_trip_through_their_rust_source() {
    check_source::<Augsburg, AugsburgEval, augsburg::Weights>("eval/src/weights/augsburg.rs");
    check_source::<EinsteinPosition<Standard>, EinsteinEval<Standard>, einstein::Weights>(
        "eval/src/weights/einstein.rs",
    );
}
