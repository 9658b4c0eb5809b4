//! UCI sessions in every variant: `position` with each variant's move and FEN notation,
//! `d`, a search, `go perft`, and the bad input each variant has its own ways to get
//! wrong. Expected FENs, legality and perft totals come from `feerie_movegen` directly,
//! so the binary is checked against the rules library, not against numbers copied here.

mod common;

use common::Engine;
use feerie_movegen::{
    AntiEinstein, Augsburg, Chess, Dynamo, Einstein, Position, ReverseEinstein, perft,
};
use feerie_variants::Variant;

fn is_error(line: &str) -> bool {
    line.starts_with("info string error: ")
}

/// An engine switched to `variant`, with nothing left unread.
fn engine_for(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    let answer = e.sync();
    assert!(answer.is_empty(), "{variant}: {answer:?}");
    e
}

/// `fen` (the start position when `None`) after `moves`, played by the rules library.
/// Panics when a move is not legal there: the test data itself is then wrong.
fn play<P: Position>(fen: Option<&str>, moves: &[&str]) -> P {
    let mut pos = match fen {
        None => P::startpos(),
        Some(fen) => P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")),
    };
    for mv in moves {
        let m = pos
            .parse_move(mv)
            .unwrap_or_else(|e| panic!("{} {mv}: {e}", pos.to_fen()));
        pos.play(m);
    }
    pos
}

/// A `position` command and what the engine must make of it.
struct Case {
    fen: Option<&'static str>,
    moves: &'static [&'static str],
}

impl Case {
    fn command(&self) -> String {
        let mut cmd = match self.fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        if !self.moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&self.moves.join(" "));
        }
        cmd
    }
}

/// Plays each case through the engine: `d` shows the rules library's FEN, the search
/// answers a legal move of that position (history included, for Dynamo's no-undo rule),
/// and `go perft 2` totals what `feerie_movegen::perft` counts.
fn check_cases<P: Position>(variant: &str, go: &str, cases: &[Case]) {
    let mut e = engine_for(variant);
    for case in cases {
        let expected = play::<P>(case.fen, case.moves);
        let cmd = case.command();
        e.send(&cmd);
        let answer = e.sync();
        assert!(answer.is_empty(), "{variant}: {cmd}: {answer:?}");
        assert_eq!(e.fen(), expected.to_fen(), "{variant}: {cmd}");

        e.send(go);
        let (lines, best) = e.bestmove();
        let best = best.unwrap_or_else(|| panic!("{variant}: {cmd}: no move: {lines:?}"));
        assert!(
            expected.parse_move(&best).is_ok(),
            "{variant}: {cmd}: illegal bestmove {best}"
        );
        assert!(!lines.iter().any(|l| is_error(l)), "{lines:?}");

        e.send("go perft 2");
        let lines = e.read_until_prefix("Nodes searched");
        let total = perft(&mut expected.clone(), 2);
        assert_eq!(
            lines.last().unwrap(),
            &format!("Nodes searched: {total}"),
            "{variant}: {cmd}"
        );
        // One divide line per legal move (plus the blank line and the total).
        let mut moves = P::MoveList::default();
        expected.legal_moves(&mut moves);
        assert_eq!(lines.len(), moves.len() + 2, "{variant}: {cmd}: {lines:?}");
        assert!(e.sync().is_empty());
    }
}

/// Sends `line`, which must be answered by error lines only, leaving the position (FEN
/// and variant) as it was and the engine answering `isready`.
fn expect_refused(e: &mut Engine, variant: &str, line: &str) {
    let before = e.fen();
    e.send(line);
    let answer = e.sync();
    assert!(
        !answer.is_empty() && answer.iter().all(|l| is_error(l)),
        "{variant}: {line:?} -> {answer:?}"
    );
    assert_eq!(e.fen(), before, "{variant}: {line:?} changed the position");
    e.send("d");
    let shown = e.sync();
    assert!(
        shown.contains(&format!("Variant: {variant}")),
        "{variant}: {shown:?}"
    );
}

/// FENs every variant refuses: malformed, or impossible whatever the rules.
const BAD_FENS: &[&str] = &[
    "8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
    "4kz2/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
    "4k3/8/8/8/8/8/8/4K3 w Zq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - x 1",
    // A castling right without its king on e1.
    "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
    // Black, not to move, is in check (in Dynamo: the rook could push e8 off).
    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
];

/// Plays `moves` from the start position, then checks that every FEN of `BAD_FENS` and
/// every line of `extra` is refused without changing anything.
fn check_refusals(variant: &str, moves: &str, extra: &[&str]) {
    let mut e = engine_for(variant);
    e.send(&format!("position startpos moves {moves}"));
    assert!(e.sync().is_empty(), "{variant}: {moves}");
    for fen in BAD_FENS {
        expect_refused(&mut e, variant, &format!("position fen {fen}"));
    }
    for line in extra {
        expect_refused(&mut e, variant, line);
    }
}

#[test]
fn uci_declares_every_variant() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until("uciok", |l| l == "uciok");
    let vars: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
    let combo = format!("option name UCI_Variant type combo default chess{vars}");
    assert!(lines.contains(&combo), "{lines:?}");
    for v in Variant::ALL {
        e.send(&format!("setoption name UCI_Variant value {v}"));
        assert!(e.sync().is_empty(), "{v}");
        e.send("d");
        assert!(e.sync().contains(&format!("Variant: {v}")), "{v}");
    }
}

#[test]
fn chess_session() {
    check_cases::<Chess>(
        "chess",
        "go depth 3",
        &[
            Case {
                fen: None,
                moves: &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
            },
            Case {
                fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                moves: &["e1g1", "e8c8", "d5e6"],
            },
        ],
    );
}

#[test]
fn dynamo_session() {
    check_cases::<Dynamo>(
        "dynamo",
        "go nodes 2000",
        &[
            // Push and follow (queen d1 drives the d-pawn to d4), a pawn pushing an enemy
            // pawn diagonally and following, a knight move, an exit pulling a piece onto
            // the first rank.
            Case {
                fen: None,
                moves: &["d1d2/d2d4", "e7e5", "d4e5/e5f6", "g8h6", "c1E/d2c1"],
            },
            // docs/rules.md, "Dynamo: pushes": push the knight and follow, then Black answers.
            Case {
                fen: Some("7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1"),
                moves: &["c6f6/e6g6", "h8h7"],
            },
        ],
    );
}

#[test]
fn dynamo_accepts_the_parts_of_a_move_in_any_order() {
    let mut e = engine_for("dynamo");
    e.send("position fen 7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1 moves e6g6/c6f6");
    assert!(e.sync().is_empty());
    let expected = play::<Dynamo>(Some("7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1"), &["c6f6/e6g6"]);
    assert_eq!(e.fen(), expected.to_fen());
}

#[test]
fn augsburg_session() {
    check_cases::<Augsburg>(
        "augsburg",
        "go depth 3",
        &[
            // A fission (the queen's bishop part leaves), a fusion (knight joins the
            // bishop on e2), and the unit moving whole.
            Case {
                fen: None,
                moves: &[
                    "e2e4", "e7e5", "d1f3(b)", "b8c6", "f1e2", "g8f6", "g1e2", "f8c5", "e2c3",
                ],
            },
            // Compound units in the FEN; castling with the rook part of (RBN).
            Case {
                fen: Some("(rbnp)3k3/8/8/8/8/8/8/4K2(RBN) b K - 0 1"),
                moves: &["a8b6(n)", "e1g1(r)", "a8a7(p)"],
            },
            Case {
                fen: Some("4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1"),
                moves: &["a3c2(n)", "e8d7", "a3c5", "d7e6", "c2e3"],
            },
        ],
    );
}

/// `start_moves` from the start position (captures and mutations; the variants differ
/// in what the moved pieces become, so each has its own list), then an en passant case
/// from `ep_fen`.
fn einstein_cases(start_moves: &'static [&'static str], ep_fen: &'static str) -> [Case; 2] {
    [
        Case {
            fen: None,
            moves: start_moves,
        },
        // A three-square step's two passed squares in the en passant field; the black
        // pawn captures on the first of them. Then a pawn on its first rank steps twice.
        Case {
            fen: Some(ep_fen),
            moves: &["c3b2", "a1a3"],
        },
    ]
}

/// White's pawn stepped b1-b4 (passing b2 and b3); Black's c3 pawn attacks b2.
const PAWN_EP_FEN: &str = "4k3/8/8/8/1P6/2p5/8/P3K3 b - b2b3 0 1";

#[test]
fn einstein_session() {
    // The pawn that captures becomes a knight; the queen that captures stays one; the
    // knight that moves quietly becomes a pawn.
    let moves = &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "g8f6"];
    check_cases::<Einstein>(
        "einstein",
        "go depth 3",
        &einstein_cases(moves, PAWN_EP_FEN),
    );
}

#[test]
fn reverse_einstein_session() {
    // Quiet pawn moves make knights (e4, e5), a quiet knight move a bishop (f3); the
    // knight that captures becomes a pawn, which the g-pawn takes.
    let moves = &["e2e4", "e7e5", "g1f3", "e5f3", "g2f3"];
    // The pawn that stepped from b1 to b4 has become a knight there.
    let ep_fen = "4k3/8/8/8/1N6/2p5/8/P3K3 b - b2b3 0 1";
    check_cases::<ReverseEinstein>(
        "reverse-einstein",
        "go depth 3",
        &einstein_cases(moves, ep_fen),
    );
}

#[test]
fn anti_einstein_session() {
    // Captures keep the pawn a pawn and the queen a queen; the quiet knight becomes a pawn.
    let moves = &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "g8f6"];
    check_cases::<AntiEinstein>(
        "anti-einstein",
        "go depth 3",
        &einstein_cases(moves, PAWN_EP_FEN),
    );
}

#[test]
fn the_einstein_variants_mutate_differently() {
    // A knight capture: a bishop in einstein, a pawn in reverse-einstein, still a knight
    // in anti-einstein. The engine must show each variant's own result.
    let fen = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1";
    let expected = [
        play::<Einstein>(Some(fen), &["c3d5"]).to_fen(),
        play::<ReverseEinstein>(Some(fen), &["c3d5"]).to_fen(),
        play::<AntiEinstein>(Some(fen), &["c3d5"]).to_fen(),
    ];
    assert!(expected[0].starts_with("4k3/8/8/3B4/"), "{expected:?}");
    assert!(expected[1].starts_with("4k3/8/8/3P4/"), "{expected:?}");
    assert!(expected[2].starts_with("4k3/8/8/3N4/"), "{expected:?}");
    for (v, fen_after) in ["einstein", "reverse-einstein", "anti-einstein"]
        .into_iter()
        .zip(expected)
    {
        let mut e = engine_for(v);
        e.send(&format!("position fen {fen} moves c3d5"));
        assert!(e.sync().is_empty(), "{v}");
        assert_eq!(e.fen(), fen_after, "{v}");
    }
}

#[test]
fn chess_refusals() {
    check_refusals("chess", "e2e4 e7e5", &["position startpos moves e2e5"]);
}

#[test]
fn dynamo_refusals() {
    check_refusals(
        "dynamo",
        "d1d2/d2d4 e7e5",
        &[
            // Malformed displacements.
            "position startpos moves e2",
            "position startpos moves e2e4/",
            "position startpos moves e2e4/e2e5",
            "position startpos moves a9E",
            "position startpos moves e2X",
            "position startpos moves /",
            "position startpos moves e2e4/d2d4/c2c4",
            // Displacing an empty square.
            "position startpos moves e4e5",
            // Impossible pushes: a king pushes one leap only; a rook cannot push onto
            // an occupied square.
            "position startpos moves e1e2/e2e4",
            "position startpos moves a1a2/a2a7",
            // A capture: nothing is ever captured in Dynamo.
            "position startpos moves e2e4 d7d5 e4d5",
            // An orthodox promotion-looking suffix where no pawn promotes.
            "position startpos moves e2e4q",
        ],
    );
}

/// docs/rules.md, "Dynamo: no undo": White's pawn drives Black's d-pawn from d5 to c6 and
/// follows; Black's pawn pushing it straight back (c6 drives d5 to e4 and follows) would
/// restore the placement before White's move, so it is refused, in either order of the
/// parts. From a bare FEN of the same position there is no previous move, so it is legal.
#[test]
fn dynamo_refuses_to_undo_the_last_move() {
    let mut e = engine_for("dynamo");
    let before = "position startpos moves e2e4 d7d5 e4d5/d5c6";
    e.send(before);
    assert!(e.sync().is_empty());
    let after_push = play::<Dynamo>(None, &["e2e4", "d7d5", "e4d5/d5c6"]);
    assert_eq!(e.fen(), after_push.to_fen());
    for undo in ["d5e4/c6d5", "c6d5/d5e4"] {
        e.send(&format!("{before} {undo}"));
        let answer = e.sync();
        assert!(
            answer.len() == 1 && answer[0].contains("move 4"),
            "{undo}: {answer:?}"
        );
        assert_eq!(e.fen(), after_push.to_fen());
    }
    // The search must not pick the refused move either.
    e.send("go nodes 2000 searchmoves d5e4/c6d5 c6c5");
    let (lines, best) = e.bestmove();
    assert!(lines.iter().any(|l| is_error(l)), "{lines:?}");
    assert_eq!(best.as_deref(), Some("c6c5"));

    let bare = format!("position fen {} moves d5e4/c6d5", after_push.to_fen());
    e.send(&bare);
    let answer = e.sync();
    assert!(answer.is_empty(), "{answer:?}");
    let undone = play::<Dynamo>(Some(&after_push.to_fen()), &["d5e4/c6d5"]);
    assert_eq!(e.fen(), undone.to_fen());
}

#[test]
fn augsburg_refusals() {
    let unit = "position fen 4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1 moves";
    check_refusals(
        "augsburg",
        "e2e4 e7e5 d1f3(b)",
        &[
            &format!("{unit} a3c2(x)"),
            &format!("{unit} a3c2(n"),
            &format!("{unit} a3c2n)"),
            &format!("{unit} a3c2()"),
            // Components the unit lacks: a rook, a second knight.
            &format!("{unit} a3c4(r)"),
            &format!("{unit} a3c2(nn)"),
            // Components listed out of canonical order, and a listed whole unit.
            &format!("{unit} a3c4(pb)"),
            &format!("{unit} a3c4(bnp)"),
            "position fen 4k3/8/8/8/8/(BNP7/8/4K3 w - - 0 1",
            "position fen 4k3/8/8/8/8/BNP)7/8/4K3 w - - 0 1",
            "position fen 4k3/8/8/8/8/(RKN)7/8/4K3 w - - 0 1",
            "position fen 4k3/8/8/8/8/()7/8/4K3 w - - 0 1",
            "position fen 4k3/8/8/8/8/(BX)7/8/4K3 w - - 0 1",
            // A pawn component on its own last rank.
            "position fen 3(RP)k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ],
    );
}

#[test]
fn einstein_family_refusals() {
    let pawn = "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves";
    let extra = [
        // No promotion in the Einstein family: a pawn on the last rank just stays.
        format!("{pawn} b7b8q"),
        format!("{pawn} b7b8n"),
        // En passant fields that no pawn step of 2 or 3 squares leaves.
        "position fen 4k3/8/8/8/1P6/8/8/4K3 b - b2b4 0 1".to_string(),
        "position fen 4k3/8/8/8/1P6/8/8/4K3 b - b2c3 0 1".to_string(),
        "position fen 4k3/8/8/8/1P6/8/8/4K3 b - b2b3b4 0 1".to_string(),
        "position fen 4k3/8/8/8/1P6/8/8/4K3 b - b2 0 1".to_string(),
        "position fen 4k3/8/8/8/8/1P6/8/4K3 b - b2b3 0 1".to_string(),
    ];
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    for v in ["einstein", "reverse-einstein", "anti-einstein"] {
        check_refusals(v, "g1f3 g8f6", &extra);
    }
}

#[test]
fn unknown_variant_is_refused_and_the_game_kept() {
    let mut e = engine_for("dynamo");
    e.send("position startpos moves d1d2/d2d4");
    assert!(e.sync().is_empty());
    for line in [
        "setoption name UCI_Variant value nonsense",
        "setoption name UCI_Variant value",
        "setoption name UCI_Variant value Dynamo2",
    ] {
        expect_refused(&mut e, "dynamo", line);
    }
    // Still Dynamo: a Dynamo-only move is accepted.
    e.send("position startpos moves c1E/d2c1");
    assert!(e.sync().is_empty());
    assert_eq!(
        e.fen(),
        play::<Dynamo>(None, &["c1E/d2c1"]).to_fen(),
        "{}",
        e.transcript()
    );
}

/// `info depth 0 score mate 0` (or `cp 0`) and `bestmove (none)` when the side to move
/// has no legal move.
fn check_no_move(variant: &str, fen: &str, score: &str) {
    let mut e = engine_for(variant);
    e.send(&format!("position fen {fen}"));
    assert!(e.sync().is_empty(), "{variant}: {fen}");
    e.send("go nodes 2000");
    let (lines, best) = e.bestmove();
    assert_eq!(best, None, "{variant}: {fen}");
    assert_eq!(
        lines,
        [
            format!("info depth 0 score {score}"),
            "bestmove (none)".into()
        ],
        "{variant}: {fen}"
    );
}

#[test]
fn no_legal_move_answers_none_in_every_variant() {
    let mate = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    // Nothing is captured in Dynamo: the mate there pushes the king off.
    let dynamo_mate = "8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1";
    for &v in Variant::ALL {
        if v == Variant::Dynamo {
            check_no_move(v.name(), dynamo_mate, "mate 0");
        } else {
            check_no_move(v.name(), mate, "mate 0");
            check_no_move(v.name(), stalemate, "cp 0");
        }
    }
}
