//! Behaviour of the search on the fairy variants: time limits hold even where a single
//! iteration is expensive (Dynamo), mates are found and proven by brute force, and
//! self-play games only ever produce legal moves.

use feerie_eval::{DynamoEval, Evaluator};
use feerie_movegen::{Dynamo, Position};
use feerie_search::{Clock, Limits, SearchResult, Searcher, Signals};
use std::time::{Duration, Instant};

/// A fresh single-threaded searcher with a small table.
fn searcher<P: Position, E: Evaluator<P>>(eval: E) -> Searcher<P, E> {
    Searcher::new(16, eval)
}

/// Runs one search without collecting info lines.
fn go<P: Position, E: Evaluator<P>>(
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
