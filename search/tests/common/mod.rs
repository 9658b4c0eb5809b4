//! Helpers shared by the search tests.

use feerie_linear::ChessEval;
use feerie_movegen::{Chess, Position};
use feerie_search::{Info, Limits, SearchResult, Searcher, Signals};

pub type ChessSearcher = Searcher<Chess, ChessEval>;

pub fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("valid FEN")
}

pub fn searcher() -> ChessSearcher {
    Searcher::new(16, ChessEval::default())
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
