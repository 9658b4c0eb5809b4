//! What a GUI relies on in the search's reports: MultiPV lines in score order at every
//! depth with the bestmove on line 1, depth capped at `MAX_DEPTH`, finite searches that
//! stop deepening once a mate is settled, and a seldepth that is measured, not copied.

use feerie_eval::Evaluator;
use feerie_linear::ChessEval;
use feerie_movegen::Chess;
use feerie_search::{Bound, Info, Limits, MAX_DEPTH, Score, SearchPolicy, Searcher, Signals};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

fn run<P: SearchPolicy, E: Evaluator<P>>(
    eval: E,
    fen: &str,
    limits: Limits<P::Move>,
    multipv: usize,
) -> (Option<P::Move>, Vec<Info<P::Move>>) {
    let pos = P::from_fen(fen).expect("valid FEN");
    let mut searcher = Searcher::<P, E>::new(16, eval);
    searcher.settings.multipv = multipv;
    let mut infos = Vec::new();
    let result = searcher.search(&pos, &limits, &Signals::default(), &mut |i| {
        infos.push(i.clone())
    });
    (result.best, infos)
}

fn order_key(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => cp as i64,
        Score::Mate(m) if m > 0 => 1_000_000 - m as i64,
        Score::Mate(m) => -1_000_000 - m as i64,
    }
}

/// Every depth's MultiPV group is in non-increasing score order, and the bestmove is
/// the first move of line 1 of the last depth. Only exact lines form the group: a
/// search running past a second also sends provisional bound lines (a slow or loaded
/// machine gets there at these depths).
fn check_multipv<P: SearchPolicy, E: Evaluator<P> + Clone>(eval: E, fens: &[&str], depth: u32) {
    for fen in fens {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let (best, infos) = run::<P, E>(eval.clone(), fen, limits, 3);
        let mut last_line_one = None;
        for d in 1..=depth {
            // Bound lines (a window failing after the first second of an iteration)
            // are interim reports; the order holds for the exact lines.
            let group: Vec<&Info<P::Move>> = infos
                .iter()
                .filter(|i| i.depth == d && i.bound == Bound::Exact)
                .collect();
            if group.is_empty() {
                continue;
            }
            for pair in group.windows(2) {
                assert!(
                    pair[0].multipv < pair[1].multipv,
                    "{fen} depth {d}: lines out of index order"
                );
                assert!(
                    order_key(pair[0].score) >= order_key(pair[1].score),
                    "{fen} depth {d}: multipv {} {:?} before multipv {} {:?}",
                    pair[0].multipv,
                    pair[0].score,
                    pair[1].multipv,
                    pair[1].score
                );
            }
            last_line_one = group.iter().find(|i| i.multipv == 1).map(|i| i.pv[0]);
        }
        assert!(last_line_one.is_some(), "{fen}: no line reported");
        assert_eq!(best, last_line_one, "{fen}: bestmove is not line 1's move");
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn multipv_lines_come_in_score_order_in_chess() {
    check_multipv::<Chess, _>(ChessEval::default(), &[START, KIWIPETE, ITALIAN], 12);
}

/// Every variant, with its own evaluator: its first two `bench` positions (the start and
/// a middlegame) one ply short of its bench depth.
struct CheckMultipv;

impl VariantVisitor for CheckMultipv {
    type Output = ();
    fn visit<V: VariantSpec>(self) {
        check_multipv::<V::Rules, V::Eval>(
            V::Eval::default(),
            &V::BENCH_FENS[..2],
            V::BENCH_DEPTH - 1,
        );
    }
}

#[test]
fn multipv_lines_come_in_score_order_in_every_variant() {
    for &variant in Variant::ALL {
        variant.dispatch(CheckMultipv);
    }
}

/// White mates in two (1.Ra6 bxa6 2.b7#); a bare `go nodes` search used to deepen to
/// depth 124, past the documented maximum, printing seldepth = depth.
const MATE_IN_TWO: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

#[test]
fn a_settled_mate_ends_a_finite_search_early() {
    let limits = Limits {
        nodes: Some(5_000_000),
        ..Limits::default()
    };
    let (best, infos) = run::<Chess, _>(ChessEval::default(), MATE_IN_TWO, limits, 1);
    let last = infos.last().expect("info lines");
    assert_eq!(last.score, Score::Mate(2));
    assert!(
        last.depth <= 20,
        "deepened to {} after the mate",
        last.depth
    );
    assert_eq!(best.map(|m| m.to_string()).as_deref(), Some("a1a6"));
}

#[test]
fn depth_never_exceeds_the_maximum() {
    // A bare king against king and rook: shallow trees, so the iterations race on.
    let limits = Limits {
        depth: Some(MAX_DEPTH + 50),
        nodes: Some(3_000_000),
        ..Limits::default()
    };
    let (_, infos) = run::<Chess, _>(
        ChessEval::default(),
        "8/8/8/3k4/8/8/8/K6R w - - 0 1",
        limits,
        1,
    );
    assert!(infos.iter().all(|i| i.depth <= MAX_DEPTH));
}

#[test]
fn seldepth_is_measured_not_copied_from_depth() {
    let (_, infos) = run::<Chess, _>(
        ChessEval::default(),
        KIWIPETE,
        Limits {
            depth: Some(8),
            ..Limits::default()
        },
        1,
    );
    assert!(
        infos.iter().any(|i| i.seldepth > i.depth),
        "no line went deeper"
    );
    let (_, mate) = run::<Chess, _>(
        ChessEval::default(),
        MATE_IN_TWO,
        Limits {
            depth: Some(8),
            ..Limits::default()
        },
        1,
    );
    assert!(
        mate.iter().any(|i| i.seldepth < i.depth),
        "a three-ply mate reported seldepth = depth"
    );
}
