//! Moves as text: Popeye's long notation for chess and the Einstein family, UCI strings
//! for Dynamo and Augsburg (which Popeye does not know), with the check or goal mark.
//!
//! The Popeye text is read off the boards before and after the move (their FENs), so it
//! needs nothing from the rules but what every variant already gives: the mutation of an
//! Einstein move is simply the piece on the target square afterwards.

use crate::fen_board::{placement, popeye_letter};
use crate::solution::{Mark, MoveText};
use crate::stipulation::Goal;
use feerie_movegen::{Position, Square};

/// Which notation the layout uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `Ra8-a4=B`, `Rd6*d3=Q`, `0-0=B`, `c3*d2 ep.=S`, `c2-c1=R` (promotion).
    Popeye,
    /// The UCI string.
    Uci,
}

/// `mv` (legal in `before`) as text, with its mark; a stalemate is marked only when it is
/// the stipulation's `goal` (as Popeye marks it).
pub fn move_text<P: Position>(before: &P, mv: P::Move, notation: Notation, goal: Goal) -> MoveText {
    let mut after = before.clone();
    after.play(mv);
    let fens = (notation == Notation::Popeye).then(|| (before.to_fen(), after.to_fen()));
    played_text(
        &after,
        mv,
        goal,
        fens.as_ref().map(|(b, a)| (b.as_str(), a.as_str())),
    )
}

/// `mv` as text, already played (`after` is the position it leads to). `fens`, the FENs
/// before and after the move, give Popeye's notation (UCI without them): a caller that
/// writes many lines has them already, and making them is most of the cost.
pub fn played_text<P: Position>(
    after: &P,
    mv: P::Move,
    goal: Goal,
    fens: Option<(&str, &str)>,
) -> MoveText {
    let uci = mv.to_string();
    let text = match fens {
        Some((before, after)) => popeye_text(&uci, before, after),
        None => uci.clone(),
    };
    MoveText {
        uci,
        text,
        mark: mark_of(after, goal),
    }
}

/// What the position after a move means for the side to move: mated, stalemated (marked
/// when stalemate is the `goal`), in check, or nothing.
pub fn mark_of<P: Position>(after: &P, goal: Goal) -> Mark {
    let mut replies = P::MoveList::default();
    after.legal_moves(&mut replies);
    match (replies.is_empty(), after.in_check()) {
        (true, true) => Mark::Goal(Goal::Mate),
        (true, false) if goal == Goal::Stalemate => Mark::Goal(Goal::Stalemate),
        (_, true) => Mark::Check,
        _ => Mark::None,
    }
}

/// Popeye's letter for the piece on a square.
fn letter(token: &str) -> String {
    token.chars().map(popeye_letter).collect()
}

fn is_pawn(token: &str) -> bool {
    token.eq_ignore_ascii_case("p")
}

fn is_king(token: &str) -> bool {
    token.eq_ignore_ascii_case("k")
}

/// `=X` when the piece on `sq` after the move differs from `moved` (a mutation or a
/// promotion), else nothing.
fn change_suffix(moved: &str, after: &[Option<&str>], sq: Square) -> String {
    match after[sq.index()] {
        Some(now) if !now.eq_ignore_ascii_case(moved) => format!("={}", letter(now)),
        _ => String::new(),
    }
}

/// The Popeye text of the orthodox-board move `uci` (`e2e4`, `e7e8q`, `e1g1`).
fn popeye_text(uci: &str, fen_before: &str, fen_after: &str) -> String {
    let (Some(from), Some(to)) = (
        uci.get(0..2).and_then(Square::parse),
        uci.get(2..4).and_then(Square::parse),
    ) else {
        return uci.to_string();
    };
    let before = placement(fen_before);
    let after = placement(fen_after);
    let Some(moved) = before[from.index()] else {
        return uci.to_string();
    };
    let file_step = i32::from(to.file()) - i32::from(from.file());
    if is_king(moved) && file_step.abs() == 2 {
        // Castling: the rook's mutation is what Popeye writes after `0-0`.
        let (rook_from, rook_to, name) = if file_step > 0 {
            (
                Square::from_coords(7, from.rank()),
                Square::from_coords(5, from.rank()),
                "0-0",
            )
        } else {
            (
                Square::from_coords(0, from.rank()),
                Square::from_coords(3, from.rank()),
                "0-0-0",
            )
        };
        let rook = before[rook_from.index()].unwrap_or_default();
        return format!("{name}{}", change_suffix(rook, &after, rook_to));
    }
    let letter = if is_pawn(moved) {
        String::new()
    } else {
        letter(moved)
    };
    let en_passant = is_pawn(moved) && file_step != 0 && before[to.index()].is_none();
    let capture = before[to.index()].is_some() || en_passant;
    let sep = if capture { '*' } else { '-' };
    let ep = if en_passant { " ep." } else { "" };
    let change = change_suffix(moved, &after, to);
    format!("{letter}{from}{sep}{to}{ep}{change}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::{Chess, Einstein, ReverseEinstein};

    fn text<P: Position>(fen: &str, uci: &str) -> (String, Mark) {
        let pos = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mv = pos.parse_move(uci).unwrap();
        let t = move_text(&pos, mv, Notation::Popeye, Goal::Stalemate);
        assert_eq!(t.uci, uci);
        (t.text, t.mark)
    }

    #[test]
    fn einstein_moves_as_popeye_writes_them() {
        // The published problems of ../shared/problems (Innocenti, Brand, Lin"s).
        let innocenti = "r7/8/6Q1/8/5p2/5p2/5K2/2pk4 b - - 0 1";
        assert_eq!(
            text::<Einstein>(innocenti, "a8a4"),
            ("Ra8-a4=B".to_string(), Mark::None)
        );
        let after = "8/8/3R4/b7/5p2/5p2/5K2/2pk4 b - - 0 1";
        assert_eq!(
            text::<Einstein>(after, "a5d2").0,
            "Ba5-d2=S",
            "a non-capture steps down"
        );
        let brand = "8/8/8/8/6b1/7k/7P/3BK2R w K - 0 1";
        assert_eq!(text::<Einstein>(brand, "e1g1").0, "0-0=B");
        let lins = "8/p6B/8/8/2pPNkN1/2p4P/2P2K2/8 b - d2d3 0 1";
        assert_eq!(text::<Einstein>(lins, "c3d2").0, "c3*d2 ep.=S");
        assert_eq!(text::<Einstein>(lins, "c4d3").0, "c4*d3 ep.=S");
    }

    #[test]
    fn captures_checks_and_mates_are_marked() {
        let (t, mark) = text::<Chess>("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8");
        assert_eq!((t.as_str(), mark), ("Ra1-a8", Mark::Goal(Goal::Mate)));
        let (t, mark) = text::<Chess>("r5k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1", "a1a8");
        assert_eq!((t.as_str(), mark), ("Ra1*a8", Mark::Check));
        let (t, _) = text::<Chess>("7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8n");
        assert_eq!(t, "a7-a8=S");
        let (t, mark) = text::<Chess>("k7/8/1Q6/8/8/8/8/7K w - - 0 1", "b6c7");
        assert_eq!((t.as_str(), mark), ("Qb6-c7", Mark::Goal(Goal::Stalemate)));
        // A stalemate that is not the goal is not marked (Popeye's `1...Kh6*g5 !`).
        let pos = Chess::from_fen("k7/8/1Q6/8/8/8/8/7K w - - 0 1").unwrap();
        let mv = pos.parse_move("b6c7").unwrap();
        assert_eq!(
            move_text(&pos, mv, Notation::Popeye, Goal::Mate).mark,
            Mark::None
        );
        let (t, _) = text::<ReverseEinstein>("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1");
        assert_eq!(t, "0-0-0=Q");
    }
}
