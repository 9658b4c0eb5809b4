//! Behaviour of the search on the fairy variants: time limits hold even where a single
//! iteration is expensive (Dynamo), mates are found and proven by brute force, a piece
//! left on an open line is pushed off, quiescence stays bounded, and self-play games
//! only ever produce legal moves.

mod brute;

use brute::{mates_within, mating_moves};
use feerie_eval::Evaluator;
use feerie_linear::DynamoEval;
use feerie_movegen::{Color, Dynamo, PieceKind, Position};
use feerie_search::{Clock, Limits, Score, SearchPolicy, SearchResult, Searcher, Signals};
use std::time::{Duration, Instant};

/// A fresh single-threaded searcher with a small table.
fn searcher<P: SearchPolicy, E: Evaluator<P>>(eval: E) -> Searcher<P, E> {
    Searcher::new(16, eval)
}

/// Runs one search without collecting info lines.
fn go<P: SearchPolicy, E: Evaluator<P>>(
    s: &mut Searcher<P, E>,
    p: &P,
    limits: &Limits<P::Move>,
) -> SearchResult<P::Move> {
    s.search(p, limits, &Signals::default(), &mut |_| {})
}

/// Asserts `mv` is a legal move of `p` by parsing its text back.
fn assert_legal<P: Position>(p: &P, mv: P::Move) {
    let text = mv.to_string();
    assert_eq!(
        p.parse_move(&text).ok(),
        Some(mv),
        "{text} is not legal in {}",
        p.to_fen()
    );
}

#[test]
fn dynamo_movetime_is_respected_from_the_start() {
    let p = Dynamo::startpos();
    let mut s = searcher(DynamoEval::default());
    let limits = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = go(&mut s, &p, &limits);
    let t = start.elapsed();
    assert!(t < Duration::from_millis(1000), "{t:?}");
    assert_legal(&p, r.best.expect("a move"));
}

#[test]
fn dynamo_clock_is_respected_even_when_short() {
    let p = Dynamo::startpos();
    let mut s = searcher(DynamoEval::default());
    for time_ms in [50, 1000] {
        let limits = Limits {
            clock: Some(Clock {
                time_ms,
                increment_ms: 0,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let start = Instant::now();
        let r = go(&mut s, &p, &limits);
        let t = start.elapsed();
        assert!(
            t < Duration::from_millis(time_ms as u64),
            "{time_ms}: {t:?}"
        );
        assert_legal(&p, r.best.expect("a move"));
    }
}

#[test]
fn dynamo_tiny_movetime_still_answers_a_legal_move() {
    let p = Dynamo::startpos();
    let mut s = searcher(DynamoEval::default());
    let limits = Limits {
        movetime: Some(Duration::from_millis(1)),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = go(&mut s, &p, &limits);
    assert!(start.elapsed() < Duration::from_millis(500));
    assert_legal(&p, r.best.expect("a move"));
}

fn dynamo(fen: &str) -> Dynamo {
    Dynamo::from_fen(fen).expect("valid FEN")
}

fn depth<M>(d: u32) -> Limits<M> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// The search finds a forced Dynamo mate (a king pushed or pulled off, with no way
/// out), with the exact distance, and plays a move brute force confirms.
fn assert_finds_mate(fen: &str, n: u32, d: u32) {
    let mut p = dynamo(fen);
    assert!(!mates_within(&mut p, n - 1), "{fen}: shorter mate");
    let solutions = mating_moves(&mut p, n);
    assert!(!solutions.is_empty(), "{fen}: no mate in {n}");
    let r = go(&mut searcher(DynamoEval::default()), &p, &depth(d));
    assert_eq!(r.score, Score::Mate(n as i32), "{fen}");
    let mv = r.best.expect("a move").to_string();
    assert!(solutions.contains(&mv), "{fen}: {mv} not in {solutions:?}");
}

#[test]
fn dynamo_finds_mate_in_one() {
    // The queen steps next to the king on the h-file edge: it pushes it off, and
    // nothing can stop it.
    assert_finds_mate("8/8/3p4/4Q3/4Kp1k/5P2/4NP2/6N1 w - - 0 33", 1, 3);
}

#[test]
fn dynamo_finds_mate_in_two() {
    assert_finds_mate("8/5N2/1p6/8/5K2/2Q4B/4k3/8 w - - 2 49", 2, 4);
    // Black mates: the rooks drive the king to the edge.
    assert_finds_mate("8/p6p/5r2/4k3/N7/4n3/7K/6r1 b - - 1 39", 2, 4);
}

#[test]
fn dynamo_pushes_an_undefended_queen_off() {
    // The rook on a1 targets the queen on a5 with an empty file behind it.
    let p = dynamo("4k3/8/8/q7/8/3K4/8/R7 w - - 0 1");
    let r = go(&mut searcher(DynamoEval::default()), &p, &depth(3));
    let mv = r.best.expect("a move");
    let mut after = p.clone();
    after.play(mv);
    let queens = after.board().pieces(Color::Black, PieceKind::Queen);
    assert!(queens.is_empty(), "{mv} leaves the queen on the board");
    assert!(matches!(r.score, Score::Cp(c) if c > 500), "{:?}", r.score);
}

#[test]
fn dynamo_shallow_searches_stay_small() {
    // Quiescence once followed every removal, own pieces' exits included, and every
    // check-evasion chain: depth 1 of the start position never finished. Each of these
    // must now complete depth 4 well within the node budget.
    for fen in [
        feerie_movegen::dynamo::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
    ] {
        let p = dynamo(fen);
        let limits = Limits {
            depth: Some(4),
            nodes: Some(1_000_000),
            ..Limits::default()
        };
        let mut depths = Vec::new();
        let mut s = searcher(DynamoEval::default());
        let r = s.search(&p, &limits, &Signals::default(), &mut |i| {
            depths.push(i.depth)
        });
        assert_eq!(depths.last(), Some(&4), "{fen}: {} nodes", r.nodes);
        assert_legal(&p, r.best.expect("a move"));
    }
}

#[test]
fn dynamo_self_play_stays_legal_for_a_hundred_moves() {
    // Node-limited self-play, Black with two threads: every answer (and ponder move) is
    // legal. Games run until over (Dynamo games often end in mate) or 100 moves each,
    // from the openings in turn with growing budgets, until each side has played at
    // least 100 moves.
    let openings = [
        feerie_movegen::dynamo::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
        "n1k5/p1n2p1p/p3ppP1/3p3P/P7/5N2/RPP2P1P/4KQ1R w K - 1 16",
    ];
    let mut played = [0usize; 2];
    for (game, fen) in openings.iter().cycle().enumerate().take(12) {
        if played.iter().all(|&n| n >= 100) {
            break;
        }
        let limits = Limits {
            nodes: Some(2_000 + 500 * game as u64),
            ..Limits::default()
        };
        let mut p = dynamo(fen);
        let mut white = searcher(DynamoEval::default());
        let mut black = searcher(DynamoEval::default());
        black.settings.threads = 2;
        for _ in 0..200 {
            if p.outcome().is_some() {
                break;
            }
            let side = p.side_to_move();
            let s = if side == Color::White {
                &mut white
            } else {
                &mut black
            };
            let r = go(s, &p, &limits);
            let mv = r.best.expect("a move while the game is not over");
            assert_legal(&p, mv);
            if let Some(ponder) = r.ponder {
                p.play(mv);
                assert_legal(&p, ponder);
                p.undo();
            }
            p.play(mv);
            played[side.index()] += 1;
        }
    }
    assert!(played.iter().all(|&n| n >= 100), "{played:?}");
}
