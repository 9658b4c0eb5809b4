//! Helpers shared by the search tests.

use feerie_eval::ChessEval;
use feerie_movegen::{Chess, Position};
use feerie_search::{Info, Limits, SearchResult, Searcher, Signals};

pub type ChessSearcher = Searcher<Chess, ChessEval>;

pub fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("valid FEN")
}

pub fn searcher() -> ChessSearcher {
    Searcher::new(16, ChessEval)
}

pub fn depth(d: u32) -> Limits<<Chess as Position>::Move> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Runs a search, collecting every reported info line.
pub fn run(
    s: &mut ChessSearcher,
    p: &Chess,
    limits: &Limits<<Chess as Position>::Move>,
) -> (
    SearchResult<<Chess as Position>::Move>,
    Vec<Info<<Chess as Position>::Move>>,
) {
    let signals = Signals::default();
    let mut infos = Vec::new();
    let r = s.search(p, limits, &signals, &mut |i| infos.push(i.clone()));
    (r, infos)
}

/// Brute-force check, independent of the engine: can the side to move force mate
/// within `n` of its own moves?
pub fn mates_within(p: &mut Chess, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let mut moves = <Chess as Position>::MoveList::default();
    p.legal_moves(&mut moves);
    for &m in moves.iter() {
        p.play(m);
        let forced = defender_loses(p, n - 1);
        p.undo();
        if forced {
            return true;
        }
    }
    false
}

/// With the defender to move: is every reply mated within `n` more attacker moves?
fn defender_loses(p: &mut Chess, n: u32) -> bool {
    let mut replies = <Chess as Position>::MoveList::default();
    p.legal_moves(&mut replies);
    if replies.is_empty() {
        return p.in_check();
    }
    if n == 0 {
        return false;
    }
    for &r in replies.iter() {
        p.play(r);
        let lost = mates_within(p, n);
        p.undo();
        if !lost {
            return false;
        }
    }
    true
}

/// The first moves that force mate in exactly `n` (brute force).
pub fn mating_moves(p: &mut Chess, n: u32) -> Vec<String> {
    let mut moves = <Chess as Position>::MoveList::default();
    p.legal_moves(&mut moves);
    let mut out = Vec::new();
    for &m in moves.iter() {
        p.play(m);
        if defender_loses(p, n - 1) {
            out.push(m.to_string());
        }
        p.undo();
    }
    out
}
