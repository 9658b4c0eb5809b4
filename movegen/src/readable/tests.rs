use super::*;
use crate::{AntiEinstein, Augsburg, Chess, Dynamo, Einstein, ReverseEinstein};

/// The readable text of `uci` in `fen`, checked to read back as the same move.
fn text<P: Readable>(fen: &str, uci: &str) -> String {
    let pos = P::from_fen(fen).unwrap();
    let mv = pos.parse_move(uci).unwrap();
    let text = readable(&pos, mv);
    assert_eq!(parse_readable(&pos, &text), Ok(mv), "{fen} {uci} {text}");
    text
}

#[test]
fn chess_is_san() {
    let start = crate::chess::START_FEN;
    assert_eq!(text::<Chess>(start, "g1f3"), "Nf3");
    assert_eq!(text::<Chess>(start, "e2e4"), "e4");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(text::<Chess>(fen, "e1g1"), "O-O");
    assert_eq!(text::<Chess>(fen, "a1a8"), "Rxa8+");
    let pos = Chess::from_fen(fen).unwrap();
    assert_eq!(parse_readable(&pos, "0-0-0"), pos.parse_move("e1c1"));
}

#[test]
fn dynamo_pushes_pulls_and_exits() {
    // Push and follow; the knight on g6 then threatens to push the king off: check.
    let fen = "7k/8/2R1N3/8/8/8/8/K7 w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "c6f6/e6g6"), "Rc6-f6 (Ne6-g6)+");
    // Pushed by the rook, which stays.
    assert_eq!(text::<Dynamo>(fen, "e6g6"), "(Ne6-g6)+");
    // Both off the board, and an exit.
    assert_eq!(text::<Dynamo>(fen, "c6E/e6E"), "Rc6-E (Ne6-E)");
    assert_eq!(
        text::<Dynamo>("6k1/8/8/8/8/8/8/K2Q4 w - - 0 1", "d1E"),
        "Qd1-E"
    );
    // An enemy knight pushed off the board, the rook staying or following to the edge.
    let fen = "7k/8/8/8/8/n7/8/R6K w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "a3E"), "(Na3-E)");
    assert_eq!(text::<Dynamo>(fen, "a1a8/a3E"), "Ra1-a8 (Na3-E)+");
    // Pulls: standing, moving, by a knight.
    let fen = "7k/8/3n4/8/3R4/8/8/K7 w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "d6d5"), "(Nd6-d5)");
    assert_eq!(text::<Dynamo>(fen, "d4d2/d6d3"), "Rd4-d2 (Nd6-d3)");
    let fen = "7k/8/5b2/8/4N3/8/8/K7 w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "e4d2/f6e4"), "Ne4-d2 (Bf6-e4)");
    assert_eq!(text::<Dynamo>(fen, "f6g8"), "(Bf6-g8)");
}

#[test]
fn dynamo_own_pieces_promotion_and_castling() {
    // A pawn pushes a friend two squares and follows.
    let fen = "4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "e2e4/e3e5"), "e2-e4 (Ne3-e5)");
    // A rook pulls its own pawn back: the pawn could not have made its part, the rook
    // could, so the rook is written first.
    let fen = "7k/8/8/4R3/4P3/8/8/K7 w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "e4e6/e5e7"), "Re5-e7 (e4-e6)");
    // A pawn pushes its friend to the last rank, where it promotes.
    let fen = "7k/1P6/1P6/8/8/8/8/K7 w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "b6b7/b7b8q"), "b6-b7 (b7-b8=Q)+");
    // White promotes a black pawn it pushed to Black's last rank.
    let fen = "R7/7k/8/8/8/p7/8/7K w - - 0 1";
    assert_eq!(text::<Dynamo>(fen, "a3a1n"), "(a3-a1=N)");
    // Castling, and the king pushed to g1 by its queen: two moves, two texts.
    let fen = "4k3/8/8/8/8/8/8/3QK2R w K - 0 1";
    assert_eq!(text::<Dynamo>(fen, "e1g1/h1f1"), "O-O");
    assert_eq!(text::<Dynamo>(fen, "e1g1"), "(Ke1-g1)");
    assert_eq!(text::<Dynamo>(fen, "e1f1"), "Ke1-f1");
}

#[test]
fn augsburg_splits_fusions_and_promotions() {
    let fen = "4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1";
    assert_eq!(text::<Augsburg>(fen, "a3c2(n)"), "(BNP)a3-c2(N)");
    assert_eq!(text::<Augsburg>(fen, "a3b4"), "(BNP)a3-b4");
    assert_eq!(text::<Augsburg>(fen, "a3a4(p)"), "(BNP)a3-a4(P)");
    let start = crate::chess::START_FEN;
    assert_eq!(text::<Augsburg>(start, "b1d2"), "Nb1&d2");
    assert_eq!(text::<Augsburg>(start, "e2e4"), "e2-e4");
    // A queen splits, a knight captures.
    let fen = "4k3/8/3p4/8/3Q4/8/8/4K3 w - - 0 1";
    assert_eq!(text::<Augsburg>(fen, "d4d2(r)"), "Qd4-d2(R)");
    assert_eq!(text::<Augsburg>(fen, "d4d6"), "Qd4xd6");
    // Promotions of the whole unit and of its pawn alone.
    let fen = "4k3/1(NP)6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(text::<Augsburg>(fen, "b7b8q"), "(NP)b7-b8=Q+");
    assert_eq!(text::<Augsburg>(fen, "b7b8(p)n"), "(NP)b7-b8(P)=N");
    // Castling with the whole corner unit or its rook alone.
    let fen = "4k3/8/8/8/8/8/8/4K2(RB) w K - 0 1";
    assert_eq!(text::<Augsburg>(fen, "e1g1"), "O-O");
    assert_eq!(text::<Augsburg>(fen, "e1g1(r)"), "O-O(R)");
}

#[test]
fn einstein_family_names_the_mutation() {
    let fen = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
    assert_eq!(text::<Einstein>(fen, "e3d5"), "Ne3xd5=B");
    assert_eq!(text::<ReverseEinstein>(fen, "e3d5"), "Ne3xd5=P");
    assert_eq!(text::<AntiEinstein>(fen, "e3d5"), "Ne3xd5");
    let start = crate::chess::START_FEN;
    assert_eq!(text::<Einstein>(start, "g1f3"), "Ng1-f3=P");
    assert_eq!(text::<ReverseEinstein>(start, "g1f3"), "Ng1-f3=B");
    assert_eq!(text::<AntiEinstein>(start, "g1f3"), "Ng1-f3=P");
    assert_eq!(text::<Einstein>(start, "e2e4"), "e2-e4");
    assert_eq!(text::<ReverseEinstein>(start, "e2e4"), "e2-e4=N");
    // A pawn capture mutates up; a queen at the top of the chain stays.
    let fen = "4k3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1";
    assert_eq!(text::<Einstein>(fen, "e4d5"), "e4xd5=N");
    let fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
    assert_eq!(text::<Einstein>(fen, "d1d5"), "Qd1xd5");
    assert_eq!(text::<Einstein>(fen, "e1e2"), "Ke1-e2");
    // Castling: the rook's mutation follows the castle.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(text::<Einstein>(fen, "e1g1"), "O-O=B");
    assert_eq!(text::<ReverseEinstein>(fen, "e1g1"), "O-O=Q");
}

#[test]
fn bad_texts_are_refused() {
    let pos = Dynamo::startpos();
    for bad in ["", "   ", "Ng1-f4", "e2e4", "e2-e5", "+", "(Ng1-f3"] {
        assert!(parse_readable(&pos, bad).is_err(), "{bad}");
    }
    // Spaces and marks are optional.
    let fen = "7k/8/2R1N3/8/8/8/8/K7 w - - 0 1";
    let pos = Dynamo::from_fen(fen).unwrap();
    let mv = pos.parse_move("c6f6/e6g6").unwrap();
    assert_eq!(parse_readable(&pos, "Rc6-f6(Ne6-g6)"), Ok(mv));
    assert_eq!(parse_readable(&pos, " Rc6-f6 (Ne6-g6) "), Ok(mv));
}
