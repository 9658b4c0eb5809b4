//! Rule tests from the Augsburg source text (its Diagrams D-H) and docs/rules.md,
//! "Augsburg", "Notation: FEN" and "Notation: Augsburg moves".

use super::*;
use crate::bitboard::Bitboard;
use crate::consistency::verify_tree;
use crate::error::MoveError;
use crate::perft::perft;
use crate::types::PieceKind;
use std::collections::BTreeSet;

fn pos(fen: &str) -> Augsburg {
    Augsburg::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Augsburg) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

/// Destinations of the legal moves from `from` written with `suffix` (e.g. "" for the
/// whole unit, "(bp)" for that part), promotions folded.
fn destinations(p: &Augsburg, from: &str, suffix: &str) -> BTreeSet<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .filter_map(|m| {
            let rest = &m[4..];
            let rest = rest.trim_end_matches(['q', 'r', 'b', 'n']);
            let rest = if rest.ends_with(')') || rest.is_empty() {
                rest
            } else {
                &m[4..]
            };
            (rest == suffix).then(|| m[2..4].to_string())
        })
        .collect()
}

fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(str::to_string).collect()
}

fn play(p: &mut Augsburg, text: &str) {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(mv);
}

/// Diagram D: the knight+bishop+pawn unit on a3 moves as a knight (c2, b1, c4, b5), as
/// a bishop, or as a pawn (a4); on f8 its pawn promotes.
const DIAGRAM_D: &str = "4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1";

#[test]
fn diagram_d_whole_unit_moves_as_any_component() {
    let p = pos(DIAGRAM_D);
    assert_eq!(
        destinations(&p, "a3", ""),
        set("c2 b1 c4 b5 b2 c1 b4 c5 d6 e7 f8 a4")
    );
    let all = moves(&p);
    for promo in ["a3f8q", "a3f8r", "a3f8b", "a3f8n"] {
        assert!(all.contains(&promo.to_string()), "{promo}");
    }
    assert!(!all.contains(&"a3f8".to_string()));
    assert_eq!(all.len(), 59);
}

#[test]
fn diagram_e_pawn_leaves_the_other_components() {
    let mut p = pos(DIAGRAM_D);
    assert_eq!(destinations(&p, "a3", "(p)"), set("a4"));
    play(&mut p, "a3a4(p)");
    assert_eq!(p.to_fen(), "4k3/8/8/8/P7/(BN)7/8/4K3 b - - 0 1");
}

#[test]
fn diagram_f_bishop_and_pawn_leave_the_knight() {
    let mut p = pos(DIAGRAM_D);
    assert_eq!(
        destinations(&p, "a3", "(bp)"),
        set("b4 a4 c5 d6 e7 f8 b2 c1")
    );
    assert_eq!(destinations(&p, "a3", "(n)"), set("c2 b1 c4 b5"));
    play(&mut p, "a3b4(bp)");
    assert_eq!(p.to_fen(), "4k3/8/8/8/1(BP)6/N7/8/4K3 b - - 0 1");
    // The pawn part promotes on f8 whatever component carried it there.
    let mut q = pos(DIAGRAM_D);
    play(&mut q, "a3f8(bp)q");
    assert_eq!(q.to_fen(), "4k(RBB)2/8/8/8/8/N7/8/4K3 b - - 0 1");
}

#[test]
fn diagram_g_castling_with_the_whole_corner_unit() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1");
    let all = moves(&p);
    assert!(all.contains(&"e1g1".to_string()));
    assert!(all.contains(&"e1g1(r)".to_string()));
    assert!(!all.contains(&"e1g1(n)".to_string()));
    play(&mut p, "e1g1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/5(RN)K1 b - - 1 1");
}

#[test]
fn diagram_h_castling_with_the_rook_part_only() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1");
    play(&mut p, "e1g1(r)");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/5RKN b - - 1 1");
    p.undo();
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1");
}

#[test]
fn long_castling_parts_and_rights() {
    let p = pos("r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1");
    let all = moves(&p);
    for m in ["e1c1", "e1c1(r)", "e1g1", "e1g1(r)"] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
    // The knight part leaving the corner keeps the right; the rook part loses it.
    let mut q = p.clone();
    play(&mut q, "h1g3(n)");
    assert_eq!(q.game.castling & 1, 1);
    let mut q = p.clone();
    play(&mut q, "h1h5(r)");
    assert_eq!(q.game.castling & 1, 0);
    // A unit fusing onto the corner keeps the right.
    let mut q = pos("4k3/8/8/8/8/8/5N2/4K2R w K - 0 1");
    play(&mut q, "f2h1");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/4K2(RN) b K - 0 1");
    // With two rooks in the corner, either leaving costs the right.
    let mut q = pos("4k3/8/8/8/8/8/8/4K2(RR) w K - 0 1");
    play(&mut q, "h1h4(r)");
    assert_eq!(q.game.castling, 0);
}

#[test]
fn castling_with_a_pawn_component_is_irreversible() {
    let p = pos("4k3/8/8/8/8/8/8/4K2(RP) w K - 5 9");
    let mut q = p.clone();
    play(&mut q, "e1g1(r)");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/5RKP b - - 6 9");
    let mut q = p.clone();
    play(&mut q, "e1g1");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/5(RP)K1 b - - 0 9");
}

#[test]
fn castling_part_must_hold_a_rook() {
    let p = pos("4k3/8/8/8/8/8/8/4K2(RBN) w K - 0 1");
    let castles: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("e1g1"))
        .collect();
    assert_eq!(castles.len(), 4, "{castles:?}");
    assert!(matches!(
        p.parse_move("e1g1(bn)"),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn en_passant_of_a_double_stepped_unit() {
    // Suite position: black pawn d4 takes the knight+pawn unit that stepped e2-e4.
    let mut p = pos("4k3/8/8/8/3p(NP)3/8/8/4K3 b - e3 0 1");
    play(&mut p, "d4e3");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");

    // The double step creates the square whole, as a part, and as a fusion.
    for (mv, fen) in [
        ("e2e4", "4k3/8/8/8/4(NP)3/8/8/4K3 b - e3 0 1"),
        ("e2e4(p)", "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1"),
    ] {
        let mut q = pos("4k3/8/8/8/8/8/4(NP)3/4K3 w - - 0 1");
        play(&mut q, mv);
        assert_eq!(q.to_fen(), fen);
    }
    let mut q = pos("4k3/8/8/8/4N3/8/4P3/4K3 w - - 0 1");
    play(&mut q, "e2e4");
    assert_eq!(q.to_fen(), "4k3/8/8/8/4(NP)3/8/8/4K3 b - e3 0 1");
    // A part without a pawn never creates it.
    let mut q = pos("4k3/8/8/8/8/8/3(RP)4/4K3 w - - 0 1");
    play(&mut q, "d2d4(r)");
    assert_eq!(q.game.en_passant, None);

    // A bishop+pawn unit captures en passant with its pawn (`d4e3`), while its bishop
    // alone just moves there.
    let mut q = pos("4k3/8/8/8/3(bp)4/8/4P3/4K3 w - - 0 1");
    play(&mut q, "e2e4");
    let mut r = q.clone();
    play(&mut r, "d4e3");
    assert_eq!(r.to_fen(), "4k3/8/8/8/8/4(bp)3/8/4K3 w - - 0 2");
    play(&mut q, "d4e3(b)");
    assert_eq!(q.to_fen(), "4k3/8/8/8/3pP3/4b3/8/4K3 w - - 1 2");
}

#[test]
fn pawn_part_reaching_the_en_passant_square_otherwise_is_a_plain_move() {
    // After Qe2 (fusion with the e-pawn) a5, the queen+pawn unit reaches a6 as a bishop:
    // a plain move, the a5 pawn stays (the suite's 3413488 at depth 4 needs this).
    let mut p = Augsburg::startpos();
    for m in ["d1e2", "a7a5", "e2a6"] {
        play(&mut p, m);
    }
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/1ppppppp/(RBP)7/p7/8/8/PPPP1PPP/RNB1KBNR b KQkq - 0 2"
    );
}

#[test]
fn promotion_of_every_pawn_component() {
    let p = pos("4k3/1(PP)6/8/8/8/8/8/4K3 w - - 0 1");
    let mut q = p.clone();
    play(&mut q, "b7b8q");
    assert_eq!(q.to_fen(), "1(RRBB)2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let mut q = p.clone();
    play(&mut q, "b7b8(p)n");
    assert_eq!(q.to_fen(), "1N2k3/1P6/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(moves(&p).len(), 13);
    assert!(matches!(p.parse_move("b7b8"), Err(MoveError::Illegal(_))));
}

#[test]
fn pawn_component_on_its_first_rank() {
    let p = pos("k7/8/8/8/8/8/2r5/3(NP)3K w - - 0 1");
    let all = moves(&p);
    assert!(all.contains(&"d1d2".to_string()));
    assert!(
        all.contains(&"d1c2".to_string()),
        "pawn capture from the first rank"
    );
    assert!(all.contains(&"d1c2(p)".to_string()));
    assert!(
        !all.iter().any(|m| m.starts_with("d1d3")),
        "no two-square step"
    );
    // A knight part alone cannot capture on c2.
    assert!(!all.contains(&"d1c2(n)".to_string()));
}

#[test]
fn fusion_rules_for_pawns_and_kings() {
    // A pawn fuses only forward; a unit never fuses with a king.
    let p = pos("4k3/8/8/8/8/2N1N3/3P4/4K3 w - - 0 1");
    let all = moves(&p);
    assert!(!all.contains(&"d2c3".to_string()));
    assert!(!all.contains(&"d2e3".to_string()));
    assert!(!all.iter().any(|m| m.ends_with("e1")));
    let p = pos("4k3/8/8/8/8/3N4/3P4/4K3 w - - 0 1");
    assert!(moves(&p).contains(&"d2d3".to_string()));
    // Fusion resets the 50-move clock; a plain piece move does not.
    let mut q = pos("4k3/8/8/8/8/3N4/8/4KN2 w - - 7 9");
    play(&mut q, "f1d2");
    assert_eq!(q.halfmove_clock(), 8);
    play(&mut q, "e8d8");
    play(&mut q, "d3f4");
    assert_eq!(q.halfmove_clock(), 10);
    play(&mut q, "d8e8");
    play(&mut q, "d2f3");
    assert_eq!(q.halfmove_clock(), 12);
    play(&mut q, "e8d8");
    play(&mut q, "f4d5");
    play(&mut q, "d8e8");
    play(&mut q, "f3d4");
    play(&mut q, "e8d8");
    assert_eq!(q.halfmove_clock(), 17);
    play(&mut q, "d5f4");
    play(&mut q, "d8e8");
    play(&mut q, "d4e6");
    play(&mut q, "e8d7");
    play(&mut q, "f4e6");
    assert_eq!(q.halfmove_clock(), 0, "fusion is irreversible");
}

#[test]
fn check_from_any_component_of_a_unit() {
    // The rook component of a knight+rook unit gives check along the file.
    let p = pos("4k3/8/8/8/8/8/8/3K(RN)3 b - - 0 1");
    assert!(p.in_check());
    // A pinned unit may move as a whole only along the pin; its parts may leave.
    let p = pos("4k3/8/8/8/4q3/8/4(RN)3/4K3 w - - 0 1");
    let all = moves(&p);
    assert!(all.contains(&"e2e4".to_string()));
    assert!(!all.contains(&"e2c3".to_string()));
    assert!(all.contains(&"e2c3(n)".to_string()));
}

#[test]
fn fen_round_trips_are_canonical() {
    for (input, output) in [
        (
            "4k3/8/8/8/8/(PNB)7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/(NQ)7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/(RBN)7/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/(BR)7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/Q7/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/(n)7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/n7/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/(pnn)7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/(nnp)7/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/(QQ)7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/(RRBB)7/8/4K3 w - - 0 1",
        ),
        (
            "(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1",
            "(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/3(PN)K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3(NP)K3 w - - 0 1",
        ),
    ] {
        let p = pos(input);
        assert_eq!(p.to_fen(), output);
        assert_eq!(pos(output).to_fen(), output);
    }
    assert!(Augsburg::startpos().board_picture().contains(" Q "));
    assert!(pos(DIAGRAM_D).board_picture().contains("BNP"));
}

#[test]
fn fen_rejections() {
    for bad in [
        "4k3/8/8/8/8/(BX)7/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/(BK)7/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/()7/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/(BN7/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/BN)7/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/(Bn)7/8/4K3 w - - 0 1",
        "(NP)3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3(np)K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2(BN) w K - 0 1",
        "4k3/8/8/8/8/8/8/3K3(RN) w K - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k(RN)2/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/4(NP)3/8/8/4K3 b - e6 0 1",
        "4k3/8/8/8/4N3/8/8/4K3 b - e3 0 1",
    ] {
        assert!(Augsburg::from_fen(bad).is_err(), "accepted {bad}");
    }
    // Pawn components on their own first rank are allowed.
    pos("(np)3k3/8/8/8/8/8/8/3(NP)K3 w - - 0 1");
}

#[test]
fn notation_round_trip_and_any_order_parsing() {
    for fen in [
        DIAGRAM_D,
        "r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1",
        "(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1",
        "4k3/1(PP)6/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let p = pos(fen);
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for &m in &list {
            assert_eq!(p.parse_move(&m.to_string()), Ok(m));
        }
    }
    let p = pos(DIAGRAM_D);
    assert_eq!(
        p.parse_move("a3b4(pb)").unwrap(),
        p.parse_move("a3b4(bp)").unwrap()
    );
    let q = pos("r3k2r/8/8/8/8/8/8/(RBN)3K3 w Q - 0 1");
    assert_eq!(q.parse_move("e1c1(br)").unwrap().to_string(), "e1c1(rb)");
    for bad in [
        "a3b4(bp",
        "a3b4(xp)",
        "a3b4()",
        "a3b4(BP)",
        "a3b4bp)",
        "a3b4(bp)k",
    ] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Malformed(_))),
            "{bad}"
        );
    }
    for illegal in [
        "a3b4(rp)",
        "a3b4(bb)",
        "a3b4(bnp)",
        "a3a5(p)",
        "e8e7",
        "a3h8(b)",
    ] {
        let err = p.parse_move(illegal);
        assert!(
            matches!(err, Err(MoveError::Illegal(_))),
            "{illegal}: {err:?}"
        );
    }
    let Err(MoveError::Illegal(why)) = p.parse_move("a3b4(rp)") else {
        unreachable!()
    };
    assert!(why.contains("does not hold (r"), "{why}");
    let r = pos("4k3/1(PP)6/8/8/8/8/8/4K3 w - - 0 1");
    let Err(MoveError::Illegal(why)) = r.parse_move("b7b8") else {
        unreachable!()
    };
    assert!(why.contains("promotion needs its letter"), "{why}");
    let c = pos("4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1");
    let Err(MoveError::Illegal(why)) = c.parse_move("e1g1(rn)") else {
        unreachable!()
    };
    assert!(why.contains("whole corner unit"), "{why}");
}

/// The tree-consistency walk every variant shares (`crate::consistency`); returns the
/// largest move list seen, leaves included.
fn walk(p: &mut Augsburg, depth: u32) -> usize {
    verify_tree(p, depth)
        .unwrap_or_else(|e| panic!("{e}"))
        .widest
}

#[test]
fn incremental_hash_equals_recomputed_over_perft_trees() {
    // The last tree is walked one ply less: at depth 3 (781,582 leaves, each move's
    // text parsed back against a fresh move list) it alone would take seconds.
    for (fen, depth) in [
        (START_FEN, 3),
        (DIAGRAM_D, 3),
        ("r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1", 3),
        ("4k3/8/8/8/3(bp)4/8/4P3/4K3 w - - 0 1", 3),
        ("4k3/8/8/8/3p(NP)3/8/8/4K3 b - e3 0 1", 3),
        ("(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1", 2),
    ] {
        walk(&mut pos(fen), depth);
    }
}

#[test]
fn transpositions_hash_alike() {
    // Knight to d2 then bishop: the same unit arises in either order.
    let mut a = Augsburg::startpos();
    let mut b = Augsburg::startpos();
    for m in ["b1d2", "a7a6", "c1d2", "a6a5"] {
        play(&mut a, m);
    }
    for m in ["c1d2", "a7a6", "b1d2", "a6a5"] {
        play(&mut b, m);
    }
    assert_eq!(a.to_fen(), b.to_fen());
    assert_eq!(a.hash(), b.hash());
}

/// The capacity witness: the widest move list over the perft trees of the suite
/// positions, leaves included. Measured once to the suite's full depths (start position
/// 231 at depth 4, every other tree as below): 317, reached at depth 2 of the last tree.
/// Depths here are cut so the test stays quick.
#[test]
fn move_list_capacity_witness() {
    let widest = [
        (START_FEN, 3),
        (DIAGRAM_D, 3),
        ("4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1", 3),
        ("r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1", 3),
        ("4k3/1(PP)6/8/8/8/8/8/4K3 w - - 0 1", 3),
        ("4k3/8/8/8/3(bp)4/8/4P3/4K3 w - - 0 1", 3),
        ("4k3/8/8/8/3p(NP)3/8/8/4K3 b - e3 0 1", 3),
        ("k7/8/8/8/8/8/2r5/3(NP)3K w - - 0 1", 3),
        ("(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1", 2),
    ]
    .iter()
    .map(|&(fen, d)| {
        let w = walk(&mut pos(fen), d);
        println!("{fen} depth {d}: widest list {w}");
        w
    })
    .max()
    .unwrap();
    assert!(widest <= CAPACITY / 4, "widest list {widest}");
    // A six-component unit in the open fits with room to spare.
    let mut list = MoveList::new();
    pos("4k3/8/8/8/3(RRBBNP)4/8/8/4K3 w - - 0 1").legal_moves(&mut list);
    assert_eq!(list.len(), 875);
    // A monster unit fills the list instead of aborting.
    pos("4k3/8/8/8/3(RRRRRRRBBBBBBBNN)4/8/8/4K3 w - - 0 1").legal_moves(&mut list);
    assert_eq!(list.len(), CAPACITY);
    assert_eq!(perft(&mut pos(DIAGRAM_D), 2), 199);
}

#[test]
fn victims_repetition_and_mate() {
    use crate::position::Outcome;
    // White pawn b4 can take the black queen+knight on c5 or the pawn on a5.
    let p = pos("4k3/8/8/p1(rbn)5/1P6/8/8/4K3 w - - 0 1");
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(
        p.victim_square(p.parse_move("b4c5").unwrap()),
        Some(sq("c5"))
    );
    assert_eq!(
        p.victim_square(p.parse_move("b4a5").unwrap()),
        Some(sq("a5"))
    );
    assert_eq!(p.victim_square(p.parse_move("b4b5").unwrap()), None);
    // En passant takes the pawn passed; a fusion takes nothing.
    let q = pos("4k3/8/8/8/3p(NP)3/8/8/4K3 b - e3 0 1");
    assert_eq!(
        q.victim_square(q.parse_move("d4e3").unwrap()),
        Some(sq("e4"))
    );
    let r = pos("4k3/1(PP)6/8/8/8/1N6/8/N3K3 w - - 0 1");
    assert_eq!(r.victim_square(r.parse_move("b3a1").unwrap()), None);
    // Repetition by knights going back and forth; mate by a compound unit.
    let mut s = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    for m in [
        "g1f3", "e8d8", "f3g1", "d8e8", "g1f3", "e8d8", "f3g1", "d8e8",
    ] {
        play(&mut s, m);
    }
    assert_eq!(s.repetitions(), 2);
    assert_eq!(s.outcome(), Some(Outcome::Repetition));
    let mate = pos("7k/6(RBN)1/5K2/8/8/8/8/8 b - - 0 1");
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate));
    assert!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").bare_kings());
}

/// Legal moves the slow way: every target of every part (and every king step), played
/// on a copy and kept when the mover's king is not attacked afterwards.
fn slow_moves(p: &Augsburg) -> BTreeSet<String> {
    let us = p.side_to_move();
    let b = p.board();
    let mut out = BTreeSet::new();
    let mut keep = |mv: Move| {
        let mut q = p.clone();
        q.play(mv);
        let king = q.board().king(us).unwrap();
        if !q.board().is_attacked(king, us.flip(), q.board().occupied()) {
            out.insert(mv.to_string());
        }
    };
    let king = b.king(us).unwrap();
    for to in crate::attacks::king(king) & !b.color(us) & !b.kings() {
        keep(Move::new(king, to, Unit::EMPTY, true, None));
    }
    let last = Bitboard::rank(us.relative_rank(7));
    for from in b.units(us) {
        let unit = b.cell(from).components();
        let targets = p.kind_targets(from, unit);
        for part in unit.parts() {
            let tgt = (0..4)
                .filter(|i| part.kinds() >> i & 1 != 0)
                .fold(Bitboard::EMPTY, |a, i| a | targets[i]);
            for to in tgt {
                if part.has(PieceKind::Pawn) && last.has(to) {
                    for k in [
                        PieceKind::Knight,
                        PieceKind::Bishop,
                        PieceKind::Rook,
                        PieceKind::Queen,
                    ] {
                        keep(Move::new(from, to, part, part == unit, Some(k)));
                    }
                } else {
                    keep(Move::new(from, to, part, part == unit, None));
                }
            }
        }
    }
    if !p.in_check() {
        let mut castles = MoveList::new();
        p.castlings(&mut castles, b.occupied());
        for m in castles {
            out.insert(m.to_string());
        }
    }
    out
}

fn compare_with_slow(p: &mut Augsburg, depth: u32) {
    let fast: BTreeSet<String> = moves(p).into_iter().collect();
    assert_eq!(fast, slow_moves(p), "{}", p.to_fen());
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    for &m in &list {
        p.play(m);
        compare_with_slow(p, depth - 1);
        p.undo();
    }
}

#[test]
fn legality_shortcuts_agree_with_play_and_test() {
    for (fen, depth) in [
        (START_FEN, 2),
        ("4k3/8/8/8/4q3/8/4(RN)3/4K3 w - - 0 1", 2),
        ("4r2k/8/8/8/8/8/3(RN)4/4K3 w - - 0 1", 2),
        ("4k3/3p4/8/K3(NP)2r/8/8/8/8 b - - 0 1", 2),
        ("4k3/8/8/8/3p(NP)3/8/8/4K3 b - e3 0 1", 2),
        ("(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1", 1),
        ("r3k2r/8/8/8/8/8/8/(RN)3K2(RN) w KQkq - 0 1", 2),
        ("k7/8/8/8/8/8/2r5/3(NP)3K w - - 0 1", 2),
    ] {
        compare_with_slow(&mut pos(fen), depth);
    }
}

#[test]
fn en_passant_by_a_part_keeps_the_pin_closed() {
    // After d7-d5 the white knight+pawn unit on e5 may take en passant with its pawn
    // alone (the knight keeps the rank closed), not as a whole (the rook would check).
    let mut p = pos("4k3/3p4/8/K3(NP)2r/8/8/8/8 b - - 0 1");
    play(&mut p, "d7d5");
    let all = moves(&p);
    assert!(all.contains(&"e5d6(p)".to_string()));
    assert!(!all.contains(&"e5d6".to_string()));
    play(&mut p, "e5d6(p)");
    assert_eq!(p.to_fen(), "4k3/8/3P4/K3N2r/8/8/8/8 b - - 0 2");
}

#[test]
fn planes_mark_each_kind_of_component_and_compound_units() {
    use crate::board::Placement;
    use crate::types::{Color, Square};
    let p = pos("4k3/8/8/8/8/(BNP)7/8/(RR)3K2r w - - 0 1");
    let planes = p.board().planes();
    let plane = |color: Color, kind: PieceKind| planes[color.index() * 6 + kind.index()];
    let sq = |name: &str| Bitboard::from_square(Square::parse(name).unwrap());
    for kind in [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop] {
        assert_eq!(plane(Color::White, kind), sq("a3"), "{kind:?}");
    }
    assert_eq!(plane(Color::White, PieceKind::Rook), sq("a1"));
    // Two kinds make a compound (the queen's plane); two rooks are one kind.
    assert_eq!(plane(Color::White, PieceKind::Queen), sq("a3"));
    assert_eq!(plane(Color::White, PieceKind::King), sq("e1"));
    assert_eq!(plane(Color::Black, PieceKind::Rook), sq("h1"));
    assert_eq!(plane(Color::Black, PieceKind::King), sq("e8"));
    assert_eq!(plane(Color::Black, PieceKind::Queen), Bitboard::EMPTY);
}
