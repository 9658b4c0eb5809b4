//! The `Linear` traces of the evaluations against their real scores, on
//! every position of the variant's perft suite and opening book and along random
//! playouts from the book: the contract `feerie tune` fits the weights by.

use feerie_linear::weights;
use feerie_linear::weights::einstein::EinsteinVariant;
use feerie_linear::weights::{augsburg, dynamo, einstein};
use feerie_linear::{AugsburgEval, ChessEval, DynamoEval, EinsteinEval};
use feerie_linear::{
    Linear, Trace, WeightFields, check_linear, parse_rust_source, to_vector, white_score,
};
use feerie_movegen::einstein::{Anti, EinsteinPosition, Reverse, Standard};
use feerie_movegen::{Augsburg, Chess, Dynamo, Einstein, Position};

/// Largest gap between trace and evaluation: the evaluation truncates its blend of the
/// middlegame and endgame scores (and a drawish ending's division) to integers.
const CHESS_TOLERANCE: f64 = 1.0;

/// The positions of `tests/data/perft/<variant>.epd` (one FEN per line, then `;Dn`
/// counts).
fn perft_fens(variant: &str) -> Vec<String> {
    let path = format!(
        "{}/../tests/data/perft/{variant}.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .filter(|fen| !fen.is_empty() && !fen.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The positions of `books/<variant>.epd` (EPD: placement, side, castling, en passant).
fn book_fens(variant: &str) -> Vec<String> {
    let path = format!("{}/../books/{variant}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" ") + " 0 1")
        .collect()
}

/// A fixed pseudo-random sequence (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every 3rd position of a random playout of up to 90 plies from each of `starts`: the
/// middlegames and endings (few pieces, drawish material) the book does not reach.
fn playout_fens<P: Position>(starts: &[String]) -> Vec<String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut fens = Vec::new();
    for start in starts {
        let mut pos = P::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e:?}"));
        let mut moves = P::MoveList::default();
        for ply in 0..90 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
            if ply % 3 == 2 {
                fens.push(pos.to_fen());
            }
        }
    }
    fens
}

/// The perft suite, the book and playouts from the book of `variant`.
fn positions<P: Position>(variant: &str) -> Vec<String> {
    let book = book_fens(variant);
    let mut fens = perft_fens(variant);
    fens.extend(playout_fens::<P>(&book));
    fens.extend(book);
    fens
}

/// Endings where the side ahead has no pawn and at most a minor piece, either side to
/// move and either side ahead: the evaluation divides their score.
const DRAWISH: [&str; 6] = [
    "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
    "8/8/4k3/8/8/3NK3/8/8 b - - 0 1",
    "8/8/3bk3/8/8/4K3/8/8 w - - 0 1",
    "8/8/3bk3/2p5/8/4K3/8/7B b - - 0 1",
    "8/2n5/4k3/8/8/3BK3/8/8 w - - 0 1",
    "8/8/4k3/8/8/3RK3/8/8 b - - 0 1",
];

/// Checks `check_linear` on `fens`, and that every tunable weight but those
/// `unreachable` (no position of `fens` can have them) has a coefficient in some position.
fn check<P: Position, E: Linear<P>>(
    eval: &E,
    fens: &[String],
    tolerance: f64,
    unreachable: fn(&str) -> bool,
) {
    let fens: Vec<&str> = fens.iter().map(String::as_str).collect();
    check_linear::<P, E>(eval, &fens, tolerance);
    let info = E::weight_info();
    let mut used = vec![false; info.len()];
    for fen in &fens {
        for &(i, _) in &eval.trace(&P::from_fen(fen).unwrap()).terms {
            used[i as usize] = true;
        }
    }
    let missing: Vec<&str> = info
        .iter()
        .zip(used)
        .filter(|(w, used)| w.tunable && !used && !unreachable(&w.name))
        .map(|(w, _)| w.name.as_str())
        .collect();
    assert!(missing.is_empty(), "never traced: {missing:?}");
}

/// Chess weights no position can use or the playouts do not reach: the king's material
/// (always one each), pawns on their first and last ranks, kings far from home.
fn chess_unreachable(name: &str) -> bool {
    let pawn_row = |prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|i| i.trim_end_matches(']').parse::<usize>().ok())
            .is_some_and(|i| !(8..56).contains(&i))
    };
    name.starts_with("material_mg[5]")
        || name.starts_with("material_eg[5]")
        || name.starts_with("pst_mg[5]")
        || name.starts_with("pst_eg[5]")
        || (name.ends_with("[0]") || name.ends_with("[7]"))
            && (name.starts_with("passed") || name.starts_with("connected"))
        || pawn_row("pst_mg[0][")
        || pawn_row("pst_eg[0][")
}

#[test]
fn chess_trace_is_the_evaluation() {
    let mut fens = positions::<Chess>("chess");
    fens.extend(DRAWISH.map(String::from));
    assert!(fens.len() > 3000, "{}", fens.len());
    check::<Chess, _>(
        &ChessEval::default(),
        &fens,
        CHESS_TOLERANCE,
        chess_unreachable,
    );
}

#[test]
fn chess_trace_is_the_evaluation_of_einstein_positions() {
    let fens = positions::<Einstein>("einstein");
    check::<Einstein, _>(&ChessEval::default(), &fens, CHESS_TOLERANCE, |_| true);
}

#[test]
fn dynamo_trace_is_the_evaluation() {
    let fens = positions::<Dynamo>("dynamo");
    assert!(fens.len() > 3000, "{}", fens.len());
    // A pawn on its last rank has promoted.
    check::<Dynamo, _>(&DynamoEval::default(), &fens, 0.0, |w| w == "pawn_rank[7]");
}

/// How far each weight is moved to see its coefficient: a wrong coefficient shows above
/// the rounding, and no drawish ending of the tests stops or starts being one.
const STEP: f64 = 10.0;

/// For each tunable weight, on each position of `fens`: `STEP` more of the weight
/// changes the traced score by `STEP` times its coefficient, and the real evaluation by
/// as much to less than `tolerance` (the rounding); held weights have no coefficient.
fn check_each_weight<P: Position, E: Linear<P>>(fens: &[&str], tolerance: f64) {
    let info = E::weight_info();
    let base = E::default();
    let v = base.to_vector();
    for fen in fens {
        let pos = P::from_fen(fen).unwrap();
        let trace = base.trace(&pos);
        let before = white_score(&base, &pos) as f64;
        for (i, weight) in info.iter().enumerate() {
            let change = STEP
                * trace
                    .terms
                    .iter()
                    .filter(|&&(j, _)| j as usize == i)
                    .map(|&(_, c)| c as f64)
                    .sum::<f64>();
            if !weight.tunable {
                assert_eq!(change, 0.0, "{fen}: held {} is traced", weight.name);
                continue;
            }
            let mut moved = v.clone();
            moved[i] += STEP;
            let eval = E::from_vector(&moved);
            let traced = eval.trace(&pos).score(&moved) - trace.score(&v);
            let real = white_score(&eval, &pos) as f64 - before;
            assert!(
                (traced - change).abs() < 1e-3 && (real - change).abs() < tolerance,
                "{fen}: {} + {STEP} changes the trace by {traced} and the evaluation by \
                 {real}, its coefficient by {change}",
                weight.name
            );
        }
    }
}

#[test]
fn chess_weights_move_the_score_by_their_coefficients() {
    let mut fens = vec![
        feerie_movegen::chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // Passed, isolated and doubled pawns on most ranks, bishop pairs, few pieces.
        "b3k3/1P1p4/1P3p2/p7/P3P2p/2B3pP/6P1/2B1K3 b - - 0 1",
        "8/3k4/8/8/8/8/4K3/8 w - - 0 1",
    ];
    fens.extend(&DRAWISH);
    check_each_weight::<Chess, ChessEval>(&fens, 1.0);
}

#[test]
fn dynamo_weights_move_the_score_by_their_coefficients() {
    let fens = [
        feerie_movegen::dynamo::START_FEN,
        "4k3/8/2n5/8/3P4/8/1Q6/4K3 w - - 0 1",
        "8/8/8/8/3k4/8/8/K7 b - - 0 1",
        "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
    ];
    check_each_weight::<Dynamo, DynamoEval>(&fens, 1e-9);
}

#[test]
fn rust_source_reads_back_to_the_same_weights() {
    let mut v = <ChessEval as Linear<Chess>>::to_vector(&ChessEval::default());
    // Other weights than the defaults, negative ones among them.
    for (i, x) in v.iter_mut().enumerate() {
        *x += (i % 7) as f64 - 3.0;
    }
    let chess = <ChessEval as Linear<Chess>>::from_vector(&v);
    let src = <ChessEval as Linear<Chess>>::rust_source(&chess, "TUNED");
    assert!(
        src.contains("pub const TUNED: Weights = Weights {\n"),
        "{src}"
    );
    let read: weights::chess::Weights = parse_rust_source(&src).unwrap();
    assert_eq!(&read, chess.weights());

    let dynamo = DynamoEval::from_vector(&[-7.0; 27]);
    let src = dynamo.rust_source("D");
    let read: weights::dynamo::Weights = parse_rust_source(&src).unwrap();
    assert_eq!(&read, dynamo.weights());
}

/// Files written by `rust_source`, compiled in here.
mod written {
    pub mod chess {
        use feerie_linear::weights::chess::Weights;
        include!("data/chess_weights.rs");
    }
    pub mod dynamo {
        use feerie_linear::weights::dynamo::Weights;
        include!("data/dynamo_weights.rs");
    }
}

#[test]
fn rust_source_compiles_to_what_it_was_written_from() {
    let chess = ChessEval::new(written::chess::TUNED);
    assert_eq!(
        <ChessEval as Linear<Chess>>::rust_source(&chess, "TUNED"),
        include_str!("data/chess_weights.rs")
    );
    let dynamo = DynamoEval::new(written::dynamo::TUNED);
    assert_eq!(
        dynamo.rust_source("TUNED"),
        include_str!("data/dynamo_weights.rs")
    );
}

#[test]
fn weight_names_are_the_rust_paths() {
    let info = <ChessEval as Linear<Chess>>::weight_info();
    let names: Vec<&str> = info.iter().map(|w| w.name.as_str()).collect();
    assert_eq!(
        names.len(),
        6 + 6
            + 6
            + 1
            + 2
            + 8
            + 8
            + 3 * 8
            + 4
            + 2 * 8
            + 2 * 4
            + 4
            + 4
            + 2
            + 1
            + 3 * 2
            + 2 * 2
            + 2 * 2
            + 1
            + 2 * 6 * 64
    );
    assert_eq!(
        &names[..3],
        ["material_mg[0]", "material_mg[1]", "material_mg[2]"]
    );
    assert!(names.contains(&"pst_mg[3][17]") && names.contains(&"tempo"));
    let held: Vec<&str> = info
        .iter()
        .filter(|w| !w.tunable)
        .map(|w| w.name.as_str())
        .collect();
    assert_eq!(held.len(), 7);
    assert!(held.iter().all(|n| n.starts_with("phase_")), "{held:?}");

    let names: Vec<String> = DynamoEval::weight_info()
        .into_iter()
        .map(|w| w.name)
        .collect();
    assert_eq!(names.len(), 27);
    assert_eq!(
        (names[5].as_str(), names[26].as_str()),
        ("king_edge[0]", "tempo")
    );
}

/// Einstein weights no position can use: a pawn on its first rank or its last (a dead
/// pawn), the mobility of pawns (they have `free_step`).
fn einstein_unreachable(name: &str) -> bool {
    ["pawn_rank[0]", "pawn_rank[7]", "mobility[0]"].contains(&name)
}

/// The Augsburg and Einstein-family traces reproduce the evaluation to the float
/// rounding of their coefficients: the integer divisions keep their rounding in the
/// constant.
const EXACT: f64 = 0.01;

#[test]
fn augsburg_and_einstein_traces_are_the_evaluation() {
    let fens = positions::<Augsburg>("augsburg");
    // A pawn on its last rank has promoted.
    check(&AugsburgEval::default(), &fens, EXACT, |w| {
        w == "pawn_rank[7]"
    });
    einstein_check::<Standard>("einstein");
    einstein_check::<Reverse>("reverse-einstein");
    einstein_check::<Anti>("anti-einstein");
}

/// `check` on the positions of one Einstein variant with its own evaluator.
fn einstein_check<M: EinsteinVariant>(variant: &str) {
    let fens = positions::<EinsteinPosition<M>>(variant);
    check(
        &EinsteinEval::<M>::default(),
        &fens,
        EXACT,
        einstein_unreachable,
    );
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

/// `eval`'s weights print as the item `NAME` of their weights file, and other weights
/// read back from their source give the same evaluator.
fn check_source<P: Position, E: Linear<P>, W: WeightFields>(
    eval: E,
    name: &str,
    weights_file: &str,
) {
    let path = format!("{}/../{weights_file}", env!("CARGO_MANIFEST_DIR"));
    let file = squeeze(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")));
    let source = eval.rust_source(name);
    let header = format!("pub const {name}: Weights = Weights {{");
    let item = &source[source.find(&header).expect("item")..];
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
    // The hand-set weights, and each variant's tuned ones in their generated file.
    let file = "linear/src/weights/augsburg.rs";
    let eval = AugsburgEval::new(augsburg::Weights::DEFAULT);
    check_source::<Augsburg, _, augsburg::Weights>(eval, "DEFAULT", file);
    let file = "linear/src/weights/tuned/augsburg.rs";
    check_source::<Augsburg, _, augsburg::Weights>(AugsburgEval::default(), "TUNED_AUGSBURG", file);
    let file = "linear/src/weights/einstein.rs";
    let eval = EinsteinEval::<Standard>::new(einstein::Weights::DEFAULT);
    check_source::<EinsteinPosition<Standard>, _, einstein::Weights>(eval, "DEFAULT", file);
    let file = "linear/src/weights/tuned/reverse_einstein.rs";
    let eval = EinsteinEval::<Reverse>::default();
    check_source::<EinsteinPosition<Reverse>, _, einstein::Weights>(
        eval,
        "TUNED_REVERSE_EINSTEIN",
        file,
    );
    let file = "linear/src/weights/tuned/dynamo.rs";
    check_source::<Dynamo, _, dynamo::Weights>(DynamoEval::default(), "TUNED_DYNAMO", file);
}
