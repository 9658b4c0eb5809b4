//! Regression: a piece pinned on a diagonal must stay on that diagonal. The shared
//! `attacks::line` once joined a diagonal with the other diagonal's ray from the king
//! (g8 was on the h7-g6 line), so the pinned queen could play g6g8. The perft suites
//! did not reach such a position.

use feerie_movegen::{Chess, Einstein, Position};

fn moves<P: Position>(fen: &str) -> Vec<String> {
    let p = P::from_fen(fen).unwrap();
    let mut list = P::MoveList::default();
    p.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

#[test]
fn diagonally_pinned_queen_stays_on_its_diagonal() {
    let fen = "7r/7k/6q1/8/8/3Q4/2K5/8 b - - 0 1";
    for list in [moves::<Chess>(fen), moves::<Einstein>(fen)] {
        let g6: Vec<&String> = list.iter().filter(|m| m.starts_with("g6")).collect();
        assert_eq!(g6, ["g6d3", "g6e4", "g6f5"], "pinned queen moves: {g6:?}");
    }
}
