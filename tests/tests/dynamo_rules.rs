//! Targeted Dynamo rules tests (docs/rules.md, "Dynamo"): each fails if its rule breaks.

use feerie_movegen::consistency::verify_tree;
use feerie_movegen::dynamo::MoveList;
use feerie_movegen::dynamo::moves::parse_effect;
use feerie_movegen::{Dynamo, FenError, MoveCode, MoveError, Outcome, Position};
use std::collections::BTreeSet;

fn pos(fen: &str) -> Dynamo {
    Dynamo::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(fen: &str, moves: &[&str]) -> Dynamo {
    let mut p = pos(fen);
    for m in moves {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv);
    }
    p
}

fn legal(p: &Dynamo) -> BTreeSet<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let set: BTreeSet<String> = list.iter().map(|m| m.to_string()).collect();
    assert_eq!(set.len(), list.len(), "a move listed twice");
    set
}

/// Canonical text of a move string whose parts may come in any order.
fn canonical(m: &str) -> String {
    parse_effect(m)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_string()
}

#[track_caller]
fn has(p: &Dynamo, yes: &[&str], no: &[&str]) {
    let l = legal(p);
    for m in yes {
        assert!(
            l.contains(&canonical(m)),
            "{m} should be legal in {}",
            p.to_fen()
        );
    }
    for m in no {
        assert!(
            !l.contains(&canonical(m)),
            "{m} should not be legal in {}",
            p.to_fen()
        );
    }
}

#[test]
fn rook_pushes_and_pulls() {
    // echekk diagram C: rook a4, black knight a6.
    let p = pos("7k/8/n7/8/R7/8/8/K7 w - - 0 1");
    has(
        &p,
        &[
            "a6a7",
            "a6a8",
            "a6E", // pushes, the rook staying
            "a4a5/a6a7",
            "a4a5/a6a8",
            "a4a7/a6a8", // push and follow
            "a4a8/a6E",
            "a4E/a6E", // following off the board
            "a6a5",    // stationary pull
            "a4a3/a6a5",
            "a4a3/a6a4",
            "a4a2/a6a3", // moving pulls
            "a4E",
            "a4h4", // exit and plain move
        ],
        &["a4a8/a6a8", "a4a2/a6a2", "a4a5/a6a5", "a4a1/a6a2", "a6a4"],
    );
}

#[test]
fn exits_need_an_empty_line_to_the_edge() {
    has(&pos("7k/8/8/3B4/8/8/8/K7 w - - 0 1"), &["d5E"], &[]);
    has(&pos("7k/8/2P1P3/3B4/2P1P3/8/8/K7 w - - 0 1"), &[], &["d5E"]);
    // A knight leaves by a leap landing outside; a king never leaves.
    has(&pos("7k/8/8/8/8/8/8/KN6 w - - 0 1"), &["b1E"], &["a1E"]);
}

#[test]
fn queen_and_knight_have_33_moves_on_the_sixth_rank() {
    let p = pos("7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1");
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let on_rank = list
        .iter()
        .filter(|m| {
            m.parts().all(|d| {
                matches!(d.from().to_string().as_str(), "c6" | "e6")
                    && d.to().is_none_or(|t| t.rank() == 5)
            })
        })
        .count();
    assert_eq!(on_rank, 33);
    // The two ways of removing both pieces are one move.
    has(&p, &["c6E/e6E", "c6f6/e6g6", "c6b6/e6c6", "e6g6"], &[]);
}

#[test]
fn bishop_moving_pull_goes_straight_back() {
    // Bishop a4 pulls the pawn c6 along the diagonal a4-c6 while leaving the board.
    let p = pos("4k3/8/2p5/8/B7/8/8/7K w - - 0 1");
    has(
        &p,
        &["a4E/c6b5", "a4E/c6a4", "a4E/c6E", "c6b5"],
        &["a4E/c6a8"],
    );
}

#[test]
fn knight_pull_lands_on_the_knights_square() {
    // Knight c2 targets d4; pulling, it leaps back off the board (b0) and d4 lands on c2.
    has(
        &pos("7k/8/8/8/3n4/7K/2N5/8 w - - 0 1"),
        &["c2E/d4c2", "d4e6", "c2d4/d4e6"],
        &[],
    );
    // With the white king on a1 the knight pulled to c2 would push it off: illegal.
    has(
        &pos("7k/8/8/8/3n4/8/2N5/K7 w - - 0 1"),
        &["d4e6"],
        &["c2E/d4c2"],
    );
    // Knight c3 targets d5 and leaps back to b1.
    has(
        &pos("7k/8/8/3n4/8/2N5/8/K7 w - - 0 1"),
        &["c3b1/d5c3"],
        &["c3E/d5c3"],
    );
    // A knight's pull never removes a king: no check here.
    assert!(!pos("7k/8/8/8/n7/2K5/8/8 w - - 0 1").in_check());
}

#[test]
fn king_pushes_and_pulls() {
    // King e4 pushes the rook e5 to e6 (following onto e5) and pulls it to e4 going to e3.
    has(
        &pos("7k/8/8/4n3/4K3/8/8/8 w - - 0 1"),
        &["e5e6", "e4e5/e5e6", "e4e3/e5e4"],
        &["e5e7", "e4E/e5e4", "e4f4/e5f5"],
    );
    // A rook next to the king pushes it off along the empty file: that is check.
    assert!(pos("7k/8/8/4r3/4K3/8/8/8 w - - 0 1").in_check());
}

#[test]
fn pawn_pushes_friends_forward_and_enemies_diagonally() {
    // From the start rank the friend is pushed one or two squares; the pawn may follow.
    has(
        &pos("4k3/8/8/8/8/4N3/4P3/K7 w - - 0 1"),
        &["e3e4", "e3e5", "e2e3/e3e4", "e2e3/e3e5", "e2e4/e3e5"],
        &["e2e4/e3e4", "e2e4"],
    );
    // A friend two squares ahead over an empty square, from the start rank.
    has(
        &pos("4k3/8/8/8/4N3/8/4P3/K7 w - - 0 1"),
        &[
            "e4e5",
            "e4e6",
            "e2e3/e4e5",
            "e2e4/e4e5",
            "e2e4/e4e6",
            "e2e3",
        ],
        &["e2e5/e4e6"],
    );
    // Enemy piece diagonally forward: one more diagonal step, following onto its square.
    has(
        &pos("4k3/8/8/8/8/3r4/4P3/K7 w - - 0 1"),
        &["d3c4", "d3c4/e2d3"],
        &["d3b5", "d3d4"],
    );
    // Pushed off the board from the edge (the en passant-like push of the echekk text).
    has(
        &pos("4k3/8/p7/1P6/8/8/8/K7 w - - 0 1"),
        &["a6E", "a6E/b5a6"],
        &[],
    );
    // A pawn never pulls, and does not push a friend diagonally or an enemy straight.
    has(
        &pos("4k3/8/8/8/4r3/3N4/4P3/K7 w - - 0 1"),
        &[],
        &["d3c4", "e4e5"],
    );
}

#[test]
fn pushed_pawns_promote_for_either_colour() {
    // White pushes a black pawn to a1 and chooses; a black queen or rook on a1 would
    // check the white king along the first rank, so only bishop and knight are legal.
    let p = pos("4k3/R7/8/8/8/8/p7/4K3 w - - 0 1");
    has(
        &p,
        &["a2a1b", "a2a1n", "a7a3/a2a1n", "a2E"],
        &["a2a1q", "a2a1r", "a2a1"],
    );
    let q = after("4k3/R7/8/8/8/8/p7/4K3 w - - 0 1", &["a2a1n"]);
    assert_eq!(q.to_fen(), "4k3/R7/8/8/8/8/8/n3K3 b - - 0 1");
    // Black pushes a white pawn to a8.
    let p = pos("4k3/8/8/8/8/8/P6K/r7 b - - 0 1");
    has(
        &p,
        &["a2a8b", "a2a8n", "a1a7/a2a8n"],
        &["a2a8q", "a2a8r", "a2a8"],
    );
    // A pawn pushed back to its own first rank stays a pawn and steps one square.
    let p = after("4k3/8/8/8/8/8/P7/7K b - - 0 1", &[]);
    assert!(Dynamo::from_fen("4k3/8/8/8/8/8/8/P6K w - - 0 1").is_ok());
    drop(p);
    has(&pos("4k3/8/8/8/8/8/8/P6K w - - 0 1"), &["a1a2"], &["a1a3"]);
    // Own promotion by the pawn's own move: four choices.
    has(
        &pos("4k3/P7/8/8/8/8/8/7K w - - 0 1"),
        &["a7a8q", "a7a8n"],
        &["a7a8"],
    );
}

#[test]
fn castling_and_rights() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // Castling is both displacements; the king alone on g1 is a push by the rook a1.
    has(&p, &["e1g1/h1f1", "a1d1/e1c1", "e1g1", "e1f1"], &[]);
    // The stationary rook a1 keeps its right; the pushed rook a8 takes black's away.
    let q = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["a8E"]);
    assert_eq!(q.to_fen(), "4k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
    // Pulled rook h8 loses black's king-side right.
    let q = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["h8h2"]);
    assert_eq!(q.to_fen(), "r3k3/8/8/8/8/8/7r/R3K2R b KQq - 1 1");
    // The white king pushed to g1 loses both white rights.
    let q = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1g1", "a8a7"]);
    assert_eq!(q.to_fen(), "4k2r/r7/8/8/8/8/8/R5KR w k - 2 2");
    // No castling out of, through or into check (here: through f1).
    has(&pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &["e1g1/h1f1"], &[]);
    has(
        &pos("4k3/8/8/8/8/8/5q2/4K2R w K - 0 1"),
        &[],
        &["e1g1/h1f1"],
    );
}

#[test]
fn no_undo_of_the_opponents_last_move() {
    // vchess: the black bishop g7 pushes the white bishop d4 to b2 and follows to d4.
    let fen = "7k/6b1/8/8/3B4/8/8/7K b - - 0 1";
    let p = after(fen, &["d4b2/g7d4"]);
    // White may push it back to g7, but not return to d4 in the same move.
    has(&p, &["d4g7", "b2c3/d4g7"], &["b2d4/d4g7"]);
    assert!(matches!(
        p.parse_move("b2d4/d4g7"),
        Err(MoveError::Illegal(_))
    ));
    // From a bare FEN of the same position the rule does not apply.
    has(&pos(&p.to_fen()), &["b2d4/d4g7"], &[]);
    // An ordinary undo (a plain move back) is forbidden too.
    // An ordinary retreat is forbidden too: after c1d3 h8g8, d3c1 is fine (it does not
    // restore the placement before h8g8), but black may not answer with g8h8 after a
    // white move that left the knight... see below; the direct case:
    let p = after("7k/8/8/8/8/8/8/K1N5 w - - 0 1", &["c1d3"]);
    has(&p, &["h8g8"], &[]);
    let p = after("7k/8/8/8/8/8/8/K1N5 w - - 0 1", &["c1d3", "h8g8"]);
    has(&p, &["d3c1", "d3f4"], &[]);
    // Black may not answer d3f4 by g8h8 only when that restores the placement before
    // white's move: it does not (the knight is on f4), so g8h8 is legal.
    let p = after("7k/8/8/8/8/8/8/K1N5 w - - 0 1", &["c1d3", "h8g8", "d3f4"]);
    has(&p, &["g8h8", "g8g7"], &[]);
}

#[test]
fn checks_from_every_piece() {
    let check = |fen: &str| pos(fen).in_check();
    // Rook: push off (line beyond empty), pull off (the rook leaves the board behind it).
    assert!(check("4k3/8/8/8/8/8/8/Nr2K3 w - - 0 1"));
    assert!(!check("4k3/8/8/8/8/8/8/Nr2K1N1 w - - 0 1"));
    assert!(check("4k3/8/8/8/8/8/8/r3K1N1 w - - 0 1"));
    // Bishop and queen along diagonals and lines.
    assert!(check("4k3/8/8/8/8/8/3K4/2b5 w - - 0 1"));
    assert!(check("4k3/8/8/8/8/4K3/3b4/2N5 w - - 0 1"));
    assert!(!check("4k3/8/8/8/5N2/4K3/3b4/2N5 w - - 0 1"));
    // Pull off: the bishop on the edge leaves dragging the king, the push being blocked.
    assert!(check("4k3/8/8/8/8/4N3/3K4/2b5 w - - 0 1"));
    assert!(check("4k3/8/8/8/8/8/8/N2qK3 w - - 0 1"));
    assert!(check("q3k3/8/8/8/8/8/8/4K3 w - - 0 1") == check("q3k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    // Knight: the leap beyond the king leaves the board.
    assert!(check("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1"));
    assert!(check("4k3/8/8/8/3n4/8/4K3/8 w - - 0 1"));
    assert!(!check("4k3/8/8/3n4/8/4K3/8/8 w - - 0 1"));
    // Pawn: an enemy pawn pushes the king off diagonally from the edge.
    assert!(check("4k3/8/8/8/8/8/1p6/K7 w - - 0 1"));
    assert!(!check("4k3/8/8/2p5/1K6/8/8/8 w - - 0 1"));
    assert!(!check("4k3/8/8/8/8/8/p7/K7 w - - 0 1"));
    // Kings side by side: check only when the step beyond leaves the board.
    assert!(check("8/8/8/8/8/8/8/Kk6 w - - 0 1"));
    assert!(check("8/8/8/8/8/8/1k6/K7 w - - 0 1"));
    assert!(!check("8/8/8/3kK3/8/8/8/8 w - - 0 1"));
    has(
        &pos("8/8/8/3kK3/8/8/8/8 w - - 0 1"),
        &["d5c5", "d5c5/e5d5", "e5f5/d5e5"],
        &[],
    );
}

#[test]
fn checkmate_and_outcomes() {
    let p = pos("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1");
    assert!(p.in_check());
    assert!(legal(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Checkmate));
    // Repetition by shuffling knights.
    let mut p = pos("n6k/8/8/8/8/8/8/K6N w - - 0 1");
    for m in [
        "h1g3", "a8b6", "g3h1", "b6a8", "h1g3", "a8b6", "g3h1", "b6a8",
    ] {
        assert_eq!(p.outcome(), None, "before {m}");
        let mv = p.parse_move(m).unwrap();
        p.play(mv);
    }
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.outcome(), Some(Outcome::Repetition));
    // 50-move clock: a pawn moved passively or a removal resets it.
    let mut p = pos("4k3/8/8/8/8/4p3/8/R3K3 w - - 7 30");
    let mv = p.parse_move("a1a2").unwrap();
    p.play(mv);
    assert_eq!(p.halfmove_clock(), 8);
    p.undo();
    let mv = p.parse_move("a1a3").unwrap();
    p.play(mv);
    let mv = p.parse_move("e8d8").unwrap();
    p.play(mv);
    let mv = p.parse_move("e3h3").unwrap(); // rook a3 pushes the black pawn
    p.play(mv);
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 100 80").outcome(),
        Some(Outcome::FiftyMoves)
    );
}

#[test]
fn notation_round_trip_any_order_and_errors() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/R7/8/8/8/8/p7/4K3 w - - 0 1",
        "7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1",
    ] {
        let p = pos(fen);
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for &m in list.iter() {
            let text = m.to_string();
            assert_eq!(p.parse_move(&text), Ok(m));
            assert_eq!(
                Some(m),
                feerie_movegen::dynamo::Move::from_bits(m.to_bits())
            );
            if let Some((a, b)) = text.split_once('/') {
                assert_eq!(p.parse_move(&format!("{b}/{a}")), Ok(m), "{text}");
                let index = |s: &str| {
                    let b = s.as_bytes();
                    (b[1] - b'1') * 8 + (b[0] - b'a')
                };
                assert!(index(a) < index(b), "not in from-square order: {text}");
            }
        }
    }
    let p = pos("7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1");
    assert_eq!(p.parse_move("e6g6/c6f6").unwrap().to_string(), "c6f6/e6g6");
    for bad in [
        "",
        "c6",
        "c6f6/",
        "c6f6/e6g6/a1a2",
        "c6c6",
        "c6f6x",
        "c6Ex",
        "z9a1",
        "c6f6/c6g6",
    ] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Malformed(_))),
            "{bad}"
        );
    }
    // Well formed but not legal: an empty square, an impossible displacement set.
    for illegal in ["d4d5", "c6c8/e6g6", "a1E", "e6g6q", "c6h6/e6g6"] {
        assert!(
            matches!(p.parse_move(illegal), Err(MoveError::Illegal(_))),
            "{illegal}"
        );
    }
}

#[test]
fn fen_rules() {
    // An en passant square is accepted and ignored; `-` is written.
    assert_eq!(
        pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert!(Dynamo::from_fen("4k3/8/8/8/8/8/8/4K3 w - z9 0 1").is_err());
    // Pawns on their own first rank are allowed, on their last rank refused.
    assert!(Dynamo::from_fen("4k2p/8/8/8/8/8/8/P3K3 w - - 0 1").is_ok());
    assert!(matches!(
        Dynamo::from_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Err(FenError::Impossible(_))
    ));
    assert!(Dynamo::from_fen("4k3/8/8/8/8/8/8/p3K3 w - - 0 1").is_err());
    // Castling rights need king and rook at home.
    assert!(Dynamo::from_fen("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1").is_err());
    // The side not to move may not be in check (its king could be removed now).
    assert!(Dynamo::from_fen("8/8/8/8/8/8/8/Kk6 b - - 0 1").is_err());
    assert!(Dynamo::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    assert!(Dynamo::from_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1").is_err());
}

/// The tree-consistency walk every variant shares (`feerie_movegen::consistency`).
fn walk(p: &mut Dynamo, depth: u32) {
    verify_tree(p, depth).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn zobrist_incremental_matches_recomputed() {
    walk(&mut pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), 2);
    walk(
        &mut pos("4k3/p1p2p2/pnp2P2/5P2/bPP2Pb1/8/2P1P3/7K b - - 0 18"),
        3,
    );
    walk(
        &mut pos("n1k5/p1n2p1p/p3ppP1/3p3P/P7/5N2/RPP2P1P/4KQ1R w K - 1 16"),
        2,
    );
}
