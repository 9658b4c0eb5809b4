//! Chess rules beyond perft: FEN round trips and rejections, hashing, notation,
//! outcomes. (Hashing, notation and undo over the suite trees: `tree_consistency.rs`.)

use feerie_movegen::{Chess, FenError, MoveError, Outcome, Position};

#[test]
fn fen_round_trips() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
    ] {
        assert_eq!(Chess::from_fen(fen).unwrap().to_fen(), fen);
    }
    // Missing clocks default to 0 1.
    let short = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!(short.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

fn refused(fen: &str) -> FenError {
    Chess::from_fen(fen).expect_err(fen)
}

#[test]
fn malformed_fens_are_syntax_errors() {
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "4k3/8/8/8/8/8/8/(RN)3K3 w - - 0 1",
    ] {
        assert!(
            matches!(refused(fen), FenError::Syntax { .. }),
            "{fen}: {:?}",
            refused(fen)
        );
    }
}

#[test]
fn impossible_positions_are_rejected_as_such() {
    for fen in [
        "8/8/8/8/8/8/8/4K3 w - - 0 1",      // no black king
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",   // two white kings
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",  // black (not to move) in check
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",   // pawn on the first rank
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",   // pawn on the last rank
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",    // right without rook
        "4k3/8/8/8/8/8/8/3K3R w K - 0 1",   // right without king at home
        "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",   // en passant square with no pawn
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", // en passant square for the mover
    ] {
        let err = refused(fen);
        assert!(matches!(err, FenError::Impossible(_)), "{fen}: {err:?}");
    }
    // A pawn on e4 with e3 and e2 empty may just have made its double step.
    assert!(Chess::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").is_ok());
}

#[test]
fn move_strings_are_checked_against_the_legal_moves() {
    let pos = Chess::startpos();
    assert_eq!(pos.parse_move("e2e4").unwrap().to_string(), "e2e4");
    assert!(matches!(pos.parse_move("e2e5"), Err(MoveError::Illegal(_))));
    assert!(matches!(pos.parse_move("e7e5"), Err(MoveError::Illegal(_))));
    for bad in ["", "e2", "e2e4x", "i2i4", "e2e4k", "0000", "E2E4"] {
        assert!(
            matches!(pos.parse_move(bad), Err(MoveError::Malformed(_))),
            "{bad}"
        );
    }
    let promo = Chess::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(promo.parse_move("b7b8q").is_ok());
    assert!(promo.parse_move("b7b8n").is_ok());
    assert!(matches!(
        promo.parse_move("b7b8"),
        Err(MoveError::Illegal(_))
    ));
}

fn play_line(moves: &str) -> Chess {
    let mut pos = Chess::startpos();
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap();
        pos.play(mv);
    }
    pos
}

#[test]
fn outcomes() {
    assert_eq!(
        play_line("f2f3 e7e5 g2g4 d8h4").outcome(),
        Some(Outcome::Checkmate)
    );
    let stalemate = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Stalemate));
    assert_eq!(
        play_line("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").outcome(),
        Some(Outcome::Repetition)
    );
    assert_eq!(play_line("g1f3 g8f6 f3g1 f6g8").outcome(), None);
    let fifty = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
    assert_eq!(fifty.outcome(), Some(Outcome::FiftyMoves));
    let bare = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(bare.outcome(), Some(Outcome::InsufficientMaterial));
}

#[test]
fn en_passant_square_only_hashes_when_capturable() {
    // After 1. e4 no black pawn can take en passant: the key equals the one of the same
    // placement without the square, so repetitions are found.
    let after = play_line("e2e4");
    let same =
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(after.hash(), same.hash());
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

/// `play` checks in debug builds (the test profile) that the mover is the side to move's.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "moves the opponent's")]
fn playing_the_opponents_piece_panics_in_debug_builds() {
    let black = Chess::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mv = black.unwrap().parse_move("e7e5").unwrap();
    Chess::startpos().play(mv);
}

/// The search passes only when not in check; debug builds check it.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "null move in check")]
fn a_null_move_in_check_panics_in_debug_builds() {
    let mut checked = Chess::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
    checked.play_null();
}
