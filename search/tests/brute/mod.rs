//! A brute-force mate solver for the search tests, independent of the engine: it only
//! plays legal moves, for any variant.

use feerie_movegen::Position;

/// Brute force, independent of the engine: can the side to move force mate within `n`
/// of its own moves?
pub fn mates_within<P: Position>(p: &mut P, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let mut moves = P::MoveList::default();
    p.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        p.play(m);
        let forced = defender_loses(p, n - 1);
        p.undo();
        forced
    })
}

/// With the defender to move: is every reply mated within `n` more attacker moves?
fn defender_loses<P: Position>(p: &mut P, n: u32) -> bool {
    let mut replies = P::MoveList::default();
    p.legal_moves(&mut replies);
    if replies.is_empty() {
        return p.in_check();
    }
    n > 0
        && replies.iter().all(|&r| {
            p.play(r);
            let lost = mates_within(p, n);
            p.undo();
            lost
        })
}

/// The first moves that force mate in `n` (brute force).
pub fn mating_moves<P: Position>(p: &mut P, n: u32) -> Vec<String> {
    let mut moves = P::MoveList::default();
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
