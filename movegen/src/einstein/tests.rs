//! Rule tests for the Einstein family: each pins one rule of docs/rules.md,
//! "Einstein family".

use super::*;
use crate::consistency::verify_tree;
use crate::error::MoveError;
use crate::orthodox::START_FEN;
use crate::position::{Outcome, Position};

fn pos<M: Mutation>(fen: &str) -> EinsteinPosition<M> {
    EinsteinPosition::<M>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play<M: Mutation>(p: &mut EinsteinPosition<M>, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
        p.play(mv);
    }
}

fn legal<M: Mutation>(p: &EinsteinPosition<M>) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn from<M: Mutation>(p: &EinsteinPosition<M>, sq: &str) -> Vec<String> {
    legal(p).into_iter().filter(|m| m.starts_with(sq)).collect()
}

fn at<M: Mutation>(p: &EinsteinPosition<M>, sq: &str) -> Option<char> {
    p.board()
        .piece_at(Square::parse(sq).unwrap())
        .map(|x| x.fen_char())
}

#[test]
fn first_rank_pawn_steps_one_two_or_three_squares() {
    let p = pos::<Standard>("4k3/8/8/8/8/8/8/1P2K3 w - - 0 1");
    assert_eq!(from(&p, "b1"), ["b1b2", "b1b3", "b1b4"]);
    let blocked = pos::<Standard>("4k3/8/8/8/1n6/8/8/1P2K3 w - - 0 1");
    assert_eq!(from(&blocked, "b1"), ["b1b2", "b1b3"]);
    let black = pos::<Standard>("1p2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(from(&black, "b8"), ["b8b5", "b8b6", "b8b7"]);
    // From the start rank 1 or 2, elsewhere 1, from the last rank none.
    let p = pos::<Standard>("1P2k3/8/8/8/8/2P5/3P4/4K3 w - - 0 1");
    assert_eq!(from(&p, "d2"), ["d2d3", "d2d4"]);
    assert_eq!(from(&p, "c3"), ["c3c4"]);
    assert!(from(&p, "b8").is_empty());
}

#[test]
fn pawn_on_first_rank_captures_diagonally() {
    let p = pos::<Standard>("4k3/8/8/8/8/8/p7/1P2K3 w - - 0 1");
    assert_eq!(from(&p, "b1"), ["b1a2", "b1b2", "b1b3", "b1b4"]);
}

#[test]
fn triple_step_opens_en_passant_on_both_passed_squares() {
    let mut p = pos::<Standard>("4k3/8/8/8/2p5/p7/8/1P2K3 w - - 0 1");
    play(&mut p, "b1b4");
    assert!(p.to_fen().contains(" b - b2b3 "), "{}", p.to_fen());
    assert!(legal(&p).contains(&"a3b2".to_string()));
    assert!(legal(&p).contains(&"c4b3".to_string()));
    let mut q = p.clone();
    play(&mut q, "a3b2");
    assert_eq!(at(&q, "b4"), None, "the stepping pawn is removed");
    assert_eq!(at(&q, "b2"), Some('n'), "the capturer mutates up");
    play(&mut p, "c4b3");
    assert_eq!(at(&p, "b4"), None);
    assert_eq!(at(&p, "b3"), Some('n'));
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn double_step_from_first_rank_opens_one_square() {
    let mut p = pos::<Standard>("4k3/8/8/8/2p5/p7/8/1P2K3 w - - 0 1");
    play(&mut p, "b1b3");
    assert!(p.to_fen().contains(" b - b2 "), "{}", p.to_fen());
    assert!(legal(&p).contains(&"a3b2".to_string()));
    // The next move ends the right.
    play(&mut p, "e8d8 e1d1");
    assert!(!legal(&p).contains(&"a3b2".to_string()));
}

#[test]
fn reverse_einstein_double_step_arrives_as_knight_and_is_taken_en_passant() {
    let mut p = pos::<Reverse>("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut p, "e2e4");
    assert_eq!(at(&p, "e4"), Some('N'));
    assert_eq!(p.to_fen(), "4k3/8/8/8/3pN3/8/8/4K3 b - e3 0 1");
    play(&mut p, "d4e3");
    assert_eq!(at(&p, "e4"), None, "the knight that stepped is removed");
    assert_eq!(
        at(&p, "e3"),
        Some('p'),
        "a pawn capturing steps down: stays a pawn"
    );
}

#[test]
fn en_passant_removes_a_checking_knight() {
    // In reverse-einstein e2-e4 arrives as a knight that checks the king on d6.
    let mut p = pos::<Reverse>("8/8/3k4/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut p, "e2e4");
    assert!(p.in_check());
    assert!(legal(&p).contains(&"d4e3".to_string()));
}

#[test]
fn pawn_capture_onto_last_rank_becomes_a_knight() {
    let mut p = pos::<Standard>("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1");
    assert_eq!(from(&p, "b7"), ["b7a8", "b7b8"]);
    let mut quiet = p.clone();
    play(&mut p, "b7a8");
    assert_eq!(at(&p, "a8"), Some('N'));
    play(&mut quiet, "b7b8");
    assert_eq!(at(&quiet, "b8"), Some('P'), "no promotion");
    play(&mut quiet, "e8e7");
    assert!(
        from(&quiet, "b8").is_empty(),
        "a pawn on its last rank has no move"
    );
}

#[test]
fn rook_mutates_on_castling_per_variant() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut e = pos::<Standard>(fen);
    play(&mut e, "e1g1 e8c8");
    assert_eq!(
        (at(&e, "g1"), at(&e, "f1"), at(&e, "h1")),
        (Some('K'), Some('B'), None)
    );
    assert_eq!(
        (at(&e, "c8"), at(&e, "d8"), at(&e, "a8")),
        (Some('k'), Some('b'), None)
    );
    let mut r = pos::<Reverse>(fen);
    play(&mut r, "e1c1");
    assert_eq!((at(&r, "c1"), at(&r, "d1")), (Some('K'), Some('Q')));
    let mut a = pos::<Anti>(fen);
    play(&mut a, "e1g1");
    assert_eq!(at(&a, "f1"), Some('B'));
    assert_eq!(a.game.castling, CastlingRights::of(Color::Black));
}

#[test]
fn castling_with_a_piece_that_turned_into_a_rook_on_the_corner() {
    // einstein / anti: a queen's non-capture onto h1 makes it a rook there.
    let mut e = pos::<Standard>("4k3/8/8/8/7Q/8/8/4K3 w K - 0 1");
    assert!(
        !legal(&e).contains(&"e1g1".to_string()),
        "no rook on h1 yet"
    );
    play(&mut e, "h4h1 e8d8");
    assert_eq!(at(&e, "h1"), Some('R'));
    play(&mut e, "e1g1");
    assert_eq!((at(&e, "g1"), at(&e, "f1")), (Some('K'), Some('B')));
    let mut a = pos::<Anti>("4k3/8/8/8/7Q/8/8/4K3 w K - 0 1");
    play(&mut a, "h4h1 e8d8 e1g1");
    assert_eq!(at(&a, "f1"), Some('B'));
    // reverse-einstein: a bishop's non-capture onto h1 makes it a rook.
    let mut r = pos::<Reverse>("4k3/8/8/8/4B3/8/8/4K3 w K - 0 1");
    play(&mut r, "e4h1 e8d8");
    assert_eq!(at(&r, "h1"), Some('R'));
    play(&mut r, "e1g1");
    assert_eq!(at(&r, "f1"), Some('Q'));
}

#[test]
fn castling_right_survives_the_rook_leaving_but_not_the_king() {
    let mut p = pos::<Standard>("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut p, "h1h2");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/7B/4K3 b K - 1 1");
    play(&mut p, "e8d8 e1d1");
    assert_eq!(p.game.castling, 0);
}

#[test]
fn castling_needs_empty_and_unattacked_squares() {
    let through = pos::<Standard>("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&through).contains(&"e1g1".to_string()));
    assert!(legal(&through).contains(&"e1c1".to_string()));
    let blocked = pos::<Standard>("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!legal(&blocked).contains(&"e1c1".to_string()));
    assert!(legal(&blocked).contains(&"e1g1".to_string()));
}

#[test]
fn mutations_after_ordinary_moves() {
    let fen = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1";
    let mut e = pos::<Standard>(fen);
    play(&mut e, "c3a4");
    assert_eq!(at(&e, "a4"), Some('P'));
    let mut e = pos::<Standard>(fen);
    play(&mut e, "c3d5");
    assert_eq!(at(&e, "d5"), Some('B'));
    let mut r = pos::<Reverse>(fen);
    play(&mut r, "c3d5");
    assert_eq!(at(&r, "d5"), Some('P'));
    let mut r = pos::<Reverse>(fen);
    play(&mut r, "c3a4");
    assert_eq!(at(&r, "a4"), Some('B'));
    let mut a = pos::<Anti>(fen);
    play(&mut a, "c3d5");
    assert_eq!(at(&a, "d5"), Some('N'));
    // Kings never mutate.
    play(&mut a, "e8f8 e1e2");
    assert_eq!(at(&a, "e2"), Some('K'));
}

#[test]
fn undo_restores_mutations_captures_and_castling() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut p = pos::<Reverse>(fen);
    play(&mut p, "e1g1 b4c3 d2c3 e8c8");
    for _ in 0..4 {
        p.undo();
    }
    assert_eq!(p.to_fen(), fen);
    assert_eq!(p.hash(), pos::<Reverse>(fen).hash());
}

#[test]
fn fen_round_trips_with_multi_square_en_passant_fields() {
    for fen in [
        "4k3/8/8/8/1P6/8/8/4K3 b - b2b3 0 1",
        "4k3/8/8/8/8/1P6/8/4K3 b - b2 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
        "4k3/8/8/1p6/8/8/8/4K3 w - b7b6 0 1",
        "4k3/8/1p6/8/8/8/8/4K3 w - b7 0 1",
        "P3k3/8/8/8/8/8/8/4K2p w - - 3 9",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert_eq!(pos::<Standard>(fen).to_fen(), fen);
        assert_eq!(pos::<Anti>(fen).to_fen(), fen);
    }
    // Both orders of two squares are read; output is in passing order.
    let p = pos::<Standard>("4k3/8/8/1p6/8/8/8/4K3 w - b6b7 0 1");
    assert_eq!(p.to_fen(), "4k3/8/8/1p6/8/8/8/4K3 w - b7b6 0 1");
    // reverse-einstein: the stepping pawn has become a knight.
    let fen = "4k3/8/8/8/1N6/8/8/4K3 b - b2b3 0 1";
    assert_eq!(pos::<Reverse>(fen).to_fen(), fen);
    assert!(Einstein::from_fen(fen).is_err());
}

#[test]
fn impossible_fens_are_rejected() {
    let impossible = |fen: &str| {
        assert!(
            matches!(Einstein::from_fen(fen), Err(FenError::Impossible(_))),
            "{fen} should be impossible"
        )
    };
    impossible("4k3/8/8/8/8/8/8/3K3R w K - 0 1");
    impossible("r2k4/8/8/8/8/8/8/4K3 w q - 0 1");
    impossible("4k3/8/8/8/8/8/8/8 w - - 0 1");
    impossible("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1");
    impossible("4k3/8/8/8/1P6/8/8/4K3 b - b2b4 0 1");
    impossible("4k3/8/8/8/1P6/8/8/4K3 b - b2 0 1");
    impossible("4k3/8/8/8/1P6/8/8/4K3 w - b2b3 0 1");
    impossible("4k3/8/8/8/8/8/8/4K3 b - e3 0 1");
    impossible("4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1");
    let err = Einstein::from_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1").unwrap_err();
    assert!(err.to_string().contains("king"), "{err}");
    for bad in [
        "4k3/8/8/8/8/8/8/4K3 w - b2b 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
        "4k3/8/8/8/8/8/8/4K3 w X - 0 1",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    ] {
        assert!(
            matches!(Einstein::from_fen(bad), Err(FenError::Syntax { .. })),
            "{bad}"
        );
    }
    // A right with the king at home but no rook on the corner is possible.
    assert!(Einstein::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_ok());
}

#[test]
fn move_strings_are_canonical_uci() {
    let p = Einstein::startpos();
    assert!(p.parse_move("e2e4").is_ok());
    assert!(matches!(p.parse_move("e2e5"), Err(MoveError::Illegal(_))));
    for bad in ["e7e8q", "e2", "e2e4 ", "xx11", "e2é4", ""] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Malformed(_))),
            "{bad}"
        );
    }
    let r = pos::<Standard>("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1");
    assert!(matches!(
        r.parse_move("b7a8n"),
        Err(MoveError::Malformed(_))
    ));
}

#[test]
fn clocks_repetition_and_outcomes() {
    let mut p = pos::<Standard>("4k3/p7/8/8/8/8/P7/1N2K3 w - - 5 1");
    play(&mut p, "b1c3");
    assert_eq!(
        p.halfmove_clock(),
        6,
        "a knight's non-capture is reversible"
    );
    play(&mut p, "a7a6");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(at(&p, "c3"), Some('P'));
    play(&mut p, "e1f1 e8f8 f1e1 f8e8");
    assert_eq!(p.repetitions(), 1);
    play(&mut p, "e1f1 e8f8 f1e1 f8e8");
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.outcome(), Some(Outcome::Repetition));
    let mate = pos::<Standard>("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate));
    assert_eq!(
        pos::<Standard>("4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome(),
        Some(Outcome::InsufficientMaterial)
    );
}

#[test]
fn captured_pieces_include_en_passant() {
    let p = pos::<Standard>("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let taken = |p: &EinsteinPosition<Standard>, m: &str| p.captured(p.parse_move(m).unwrap());
    assert_eq!(
        taken(&p, "e4d5"),
        Some(Piece::new(Color::Black, PieceKind::Pawn))
    );
    assert_eq!(taken(&p, "e4e5"), None);
    let ep = pos::<Standard>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        taken(&ep, "e5d6"),
        Some(Piece::new(Color::Black, PieceKind::Pawn))
    );
}

fn hash_tree<M: Mutation>(fen: &str, depth: u32) {
    let mut p = pos::<M>(fen);
    let stats = verify_tree(&mut p, depth).unwrap_or_else(|e| panic!("{}: {e}", M::NAME));
    assert!(stats.nodes > 1);
}

#[test]
fn incremental_hash_equals_recomputed_over_perft_trees() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/2p5/p7/8/1P2K3 w - - 0 1",
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
    ] {
        hash_tree::<Standard>(fen, 3);
        hash_tree::<Reverse>(fen, 3);
        hash_tree::<Anti>(fen, 3);
    }
}

#[test]
fn useless_en_passant_field_does_not_change_the_hash() {
    let with = pos::<Standard>("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    let without = pos::<Standard>("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    assert_eq!(with.hash(), without.hash());
    let useful = pos::<Standard>("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let useless = pos::<Standard>("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_ne!(useful.hash(), useless.hash());
}

#[test]
fn anti_einstein_rook_capturing_onto_its_corner_may_castle() {
    // docs/rules.md, "Einstein: castling": the rook keeps its kind by capturing
    // (anti-einstein) and stands on its corner, so it may castle (Popeye differs here); in
    // einstein it became a queen.
    let fen = "4k3/8/8/8/8/8/7R/4K2n w K - 0 1";
    let mut a = pos::<Anti>(fen);
    play(&mut a, "h2h1 e8d8 e1g1");
    assert_eq!((at(&a, "g1"), at(&a, "f1")), (Some('K'), Some('B')));
    let mut e = pos::<Standard>(fen);
    play(&mut e, "h2h1 e8d8");
    assert_eq!(at(&e, "h1"), Some('Q'));
    assert!(!legal(&e).contains(&"e1g1".to_string()));
}

#[test]
fn free_moves_cost_nothing() {
    // A queen and a king boxed in: every move costs (einstein).
    assert!(!pos::<Standard>("4k3/8/8/8/8/p1p5/P1P5/KQ6 w - - 0 1").has_free_move());
    // A pawn step is free.
    assert!(pos::<Standard>("4k3/8/8/8/8/8/PP6/KQ6 w - - 0 1").has_free_move());
    // In reverse-einstein a queen's quiet move is free.
    assert!(pos::<Reverse>("4k3/8/8/8/8/p1p5/P1P5/KQ6 w - - 0 1").has_free_move());
    // A king step to a square nobody attacks is free.
    assert!(pos::<Standard>("4k3/8/8/8/8/8/8/4K3 w - - 0 1").has_free_move());
}

fn random_games<M: Mutation>(games: u64) {
    let mut seed = 0x1234_5678_9abc_def0u64;
    for _ in 0..games {
        let mut p = EinsteinPosition::<M>::startpos();
        let mut plies = 0;
        for _ in 0..300 {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = list[(seed >> 33) as usize % list.len()];
            let before = p.to_fen();
            let us = p.side_to_move();
            p.play(m);
            assert_eq!(
                p.hash(),
                p.recomputed_hash(),
                "{}: hash after {m} in {before}",
                M::NAME
            );
            let k = p.board().king(us).expect("own king");
            assert!(
                !p.board().is_attacked(k, us.flip(), p.board().occupied()),
                "{}: {m} leaves the king attacked in {before}",
                M::NAME
            );
            plies += 1;
        }
        for _ in 0..plies {
            p.undo();
        }
        assert_eq!(p.to_fen(), START_FEN);
        assert_eq!(p.hash(), EinsteinPosition::<M>::startpos().hash());
    }
}

#[test]
fn random_games_keep_kings_safe_hashes_exact_and_undo_whole() {
    random_games::<Standard>(300);
    random_games::<Reverse>(300);
    random_games::<Anti>(300);
}
