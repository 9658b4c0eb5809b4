//! The input reader against hand-checked FENs, Popeye's own twin descriptions, and
//! every error it can give.

use super::*;
use crate::problem::{Duplex, Language, Twin};
use crate::stipulation::Stipulation;
use feerie_variants::Variant;

const PUBLISHED: &str = include_str!("../../../tests/data/solve/einstein-published.inp");

fn ok(text: &str) -> Vec<Problem> {
    parse(text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect()
}

fn one(text: &str) -> Problem {
    let mut problems = ok(text);
    assert_eq!(problems.len(), 1, "{text}");
    problems.remove(0)
}

/// The single error of `text`, which must contain `expected`, at `line`.
fn fails(text: &str, line: usize, expected: &str) {
    let results = parse(text);
    let errors: Vec<&InputError> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(errors.len(), 1, "{text}: {results:?}");
    let e = errors[0];
    assert!(
        e.message.contains(expected) && e.line == line,
        "{text}\nexpected line {line} '{expected}', got {e}"
    );
}

/// A minimal English problem around `body`.
fn en(body: &str) -> String {
    format!("beginproblem\nstipulation #2\n{body}\nendproblem\n")
}

fn stip(text: &str) -> Stipulation {
    text.parse().unwrap()
}

#[test]
fn the_published_einstein_problems() {
    let problems = ok(PUBLISHED);
    let summary: Vec<(Variant, String, &str)> = problems
        .iter()
        .map(|p| (p.variant, p.stipulation.to_string(), p.fen.as_str()))
        .collect();
    // Each FEN checked by hand against the pieces line.
    assert_eq!(
        summary,
        [
            (
                Variant::Einstein,
                "h#2".into(),
                "r7/8/6Q1/8/5p2/5p2/5K2/2pk4 b - - 0 1"
            ),
            (
                Variant::Einstein,
                "#2".into(),
                "8/4K3/1pRPB3/4k3/3p1b2/2p2Pp1/4N3/1r6 w - - 0 1"
            ),
            (
                Variant::Einstein,
                "h#2".into(),
                "8/8/8/8/8/7k/r6P/3RK2R b K - 0 1"
            ),
            (
                Variant::Einstein,
                "#3".into(),
                "8/8/p7/8/N7/1P6/1PP5/kPRQ2K1 w - - 0 1"
            ),
            (
                Variant::ReverseEinstein,
                "ser-#3".into(),
                "k1K5/p7/1P6/8/8/8/8/8 w - - 0 1"
            ),
            (
                Variant::Einstein,
                "#2".into(),
                "8/p6B/8/8/2p1NkN1/2p4P/2P2K2/3P4 w - - 0 1"
            ),
        ]
    );
    let variation: Vec<bool> = problems.iter().map(|p| p.options.variation).collect();
    assert_eq!(variation, [false, true, false, true, false, true]);
    assert_eq!(problems[2].options.duplex, Duplex::Duplex);
    assert!(
        problems
            .iter()
            .all(|p| p.twin.is_none() && !p.options.tries)
    );
    assert_eq!(problems[0].meta.authors, ["Didier Innocenti"]);
    assert_eq!(problems[5].meta.authors, ["Torsten Lin\"s"]);
    assert_eq!(problems[3].meta.origins, ["feenschach-97, 11/1990"]);
    let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [2, 8, 15, 22, 29, 35]);
}

#[test]
fn french_and_german_read_like_english() {
    let english = one(
        "beginproblem\nstipulation h#2\ncondition ReversalEinsteinChess\noption try defence 2 setplay\npieces white kf2 qg6 rh1 bh2 sg1 pa2 black kd1 ra8 pc1f3f4\nendproblem",
    );
    let french = one(
        "DebutProbleme\nEnonce h#2\nCondition ReversEchecsEinstein\nOption Essais Defense 2 Apparent\nPieces Blanc rf2 dg6 th1 fh2 cg1 pa2 Noir rd1 ta8 pc1f3f4\nFinProbleme",
    );
    let german = one(
        "AnfangProblem\nForderung h#2\nBedingung ReversesEinsteinSchach\nOption Verfuehrung Widerlegung 2 Satzspiel\nSteine Weiss kf2 dg6 th1 lh2 sg1 ba2 Schwarz kd1 ta8 bc1f3f4\nEndeProblem",
    );
    assert_eq!(english.fen, "r7/8/6Q1/8/5p2/5p2/P4K1B/2pk2NR b - - 0 1");
    assert_eq!(english.variant, Variant::ReverseEinstein);
    assert!(english.options.tries && english.options.set_play);
    assert_eq!(english.options.defence, 2);
    // The same problem, which remembers the language it was read in (for its output).
    assert_eq!(english.meta.language, Language::English);
    assert_eq!(french.meta.language, Language::French);
    assert_eq!(german.meta.language, Language::German);
    let in_english = |mut p: Problem| {
        p.meta.language = Language::English;
        p
    };
    assert_eq!(in_english(french), english);
    assert_eq!(in_english(german), english);
}

#[test]
fn other_french_and_german_options() {
    let fr = one(
        "debutprobleme enonce #2 pieces blanc re1 noir re8 option variantes sansmenace trace maxsolutions 3 demiduplex finprobleme",
    );
    assert!(fr.options.variation && fr.options.no_threat && fr.options.move_numbers);
    assert_eq!(fr.options.max_solutions, Some(3));
    assert_eq!(fr.options.duplex, Duplex::HalfDuplex);
    let de = one(
        "anfangproblem forderung #2 steine weiss ke1 schwarz ke8 option varianten ohnedrohung zugnummern maxloesungen 4 duplex keinerochade e1 endeproblem",
    );
    assert!(de.options.variation && de.options.no_threat && de.options.move_numbers);
    assert_eq!(de.options.max_solutions, Some(4));
    assert_eq!(de.options.duplex, Duplex::Duplex);
}

#[test]
fn abbreviations_and_case_as_popeye_accepts_them() {
    // Popeye 4.104 reads these three inputs alike (Dynamo aside). A `fin` after the
    // options would be one (Popeye's `FinApresSolutionsCourtes`), hence `finp`.
    let p = one("BEG\nst #1\npie w ke1 qd1 bla ke8\ncond ein\nopt var try\nend");
    assert_eq!(p.variant, Variant::Einstein);
    assert_eq!(p.fen, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(p.options.variation && p.options.tries);
    let p = one("d\nen h#2\npieces b rh1 noir rh8\ncond Rev\nopt dem\nfinp");
    assert_eq!(
        (p.variant, p.options.duplex),
        (Variant::ReverseEinstein, Duplex::HalfDuplex)
    );
    let p = one("a\nford ser-h#3\nst w kh1 sch kh8\nbed dyn\nende");
    assert_eq!(
        (p.variant, p.stipulation),
        (Variant::Dynamo, stip("ser-h#3"))
    );
    assert_eq!(p.fen, "7k/8/8/8/8/8/8/7K b - - 0 1");
    // A whole keyword wins over a longer one it starts (Popeye's rule).
    assert_eq!(
        super::language::lookup(&["LaTeX", "LaTeXPieces"], "latex"),
        super::language::Lookup::Unique(0)
    );
}

#[test]
fn texts_and_remarks() {
    let p = one(
        "beginproblem\nauthor A. One\nauthor B. Two\ntitle T\nremark r1 ; still r1\nremark\norigin  O, 1990 \nstip #2 pieces white ke1 black ke8\nendproblem",
    );
    assert_eq!(p.meta.authors, ["A. One", "B. Two"]);
    assert_eq!(p.meta.titles, ["T"]);
    assert_eq!(p.meta.remarks, ["r1 ; still r1"]);
    assert_eq!(p.meta.origins, ["O, 1990"]);
}

#[test]
fn several_problems_and_the_end() {
    let text = "beginproblem\nstip #2 pieces white ke1 black ke8\nnextproblem\nstip h#3 pieces white ke1 black ke8 condition Dynamo\nendproblem\nthis is not read\n";
    let problems = ok(text);
    assert_eq!(problems.len(), 2);
    assert_eq!(problems[1].variant, Variant::Dynamo);
    assert_eq!(problems[1].line, 4);
    // The end of the input ends the last problem; nothing after a last nextproblem.
    assert_eq!(
        ok("beginproblem stip #2 pieces white ke1 black ke8").len(),
        1
    );
    assert_eq!(
        ok("beginproblem stip #2 pieces white ke1 black ke8 nextproblem").len(),
        1
    );
}

#[test]
fn side_to_move_follows_the_stipulation() {
    for (s, side) in [
        ("#2", 'w'),
        ("s#3", 'w'),
        ("ser-=4", 'w'),
        ("h#2", 'b'),
        ("h=1.5", 'w'),
        ("ser-h#3", 'b'),
        ("h#0.5", 'w'),
    ] {
        let p = one(&format!(
            "beginproblem stipulation {s} pieces white ke1 black ke8 endproblem"
        ));
        assert_eq!(
            p.fen.split(' ').nth(1),
            Some(side.to_string().as_str()),
            "{s}"
        );
    }
}

#[test]
fn castling_rights_as_popeye_grants_them() {
    let fen = |pieces: &str, more: &str| {
        one(&en(&format!("pieces {pieces} {more}")))
            .fen
            .split(' ')
            .nth(2)
            .unwrap()
            .to_string()
    };
    assert_eq!(fen("white ke1 ra1 rh1 black ke8 ra8 rh8", ""), "KQkq");
    assert_eq!(
        fen(
            "white ke1 ra1 rh1 black ke8 ra8 rh8",
            "option nocastling a1e8"
        ),
        "K"
    );
    assert_eq!(
        fen(
            "white ke1 ra1 rh1 black ke8 ra8 rh8",
            "option nocastling h1 nocastling h8"
        ),
        "Qq"
    );
    // A rook off its corner, a king off e1, a queen in the corner, a rook of the other colour.
    assert_eq!(fen("white ke1 rb1 qh1 black ke7 ra8 rh8 ra1", ""), "-");
    assert_eq!(fen("white kd1 ra1 rh1 black ke8 bh8", ""), "-");
}

#[test]
fn en_passant_option() {
    let p = one(
        "beginproblem stip #2 pieces white ke1 pd5 black ke8 pe5 option enpassant e7e6e5 endproblem",
    );
    assert_eq!(p.fen, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    // An Einstein pawn stepping three squares from its first rank.
    let p = one(
        "beginproblem stip h#2 cond einstein pieces white ke1 pb4 black ke8 pc4 option enpassant b1b2b3b4 endproblem",
    );
    assert_eq!(p.fen, "4k3/8/8/8/1Pp5/8/8/4K3 b - b2b3 0 1");
}

#[test]
fn augsburg_units() {
    let p = one(
        "beginproblem\nstipulation #2\ncondition Augsburg\npieces white ke1 (rb)h1 (bsp)a3 (qs)d4 black ke8 (rrp)a8 (rr)h8\nendproblem",
    );
    // A queen is the {bishop, rook} unit: in the corner it has a rook component; a
    // black pawn component may stand on rank 8, its first rank.
    assert_eq!(
        p.fen,
        "(rrp)3k2(rr)/8/8/8/3(RBN)4/(BNP)7/8/4K2Q w Kkq - 0 1"
    );
    let fr = one(
        "debutprobleme enonce #2 condition augsburg pieces blanc re1 (fcp)a3 noir re8 finprobleme",
    );
    let de = one(
        "anfangproblem forderung #2 bedingung augsburg steine weiss ke1 (lsb)a3 schwarz ke8 endeproblem",
    );
    assert_eq!(fr.fen, "4k3/8/8/8/8/(BNP)7/8/4K3 w - - 0 1");
    assert_eq!(de.fen, fr.fen);
    // Units written as a word of their own, followed by the squares.
    let p = one("beginproblem stip #2 cond aug pieces white ke1 (sp) b3c3 black ke8 endproblem");
    assert_eq!(p.fen, "4k3/8/8/8/8/1(NP)(NP)5/8/4K3 w - - 0 1");
    // The condition may come after the pieces.
    let p = one("beginproblem stip #2 pieces white ke1 (bs)a3 black ke8 cond augsburg endproblem");
    assert_eq!(p.variant, Variant::Augsburg);
}

#[test]
fn twins_are_described_as_popeye_prints_them() {
    // The descriptions are Popeye 4.104's output for this input.
    let text = "beginproblem
stipulation #2
pieces white ke1 qd1 rh1 bc1 sg1 pa2b2 black ke8 pe7
twin move c1 d2
twin remove a2
twin add white sa1
twin continued exchange e1 d1
twin stipulation h#2 condition EinsteinChess
twin condition AntiEinsteinChess add black pa6 remove b2
twin move a2 b2
endproblem";
    let problems = ok(text);
    let twins: Vec<Twin> = problems.iter().map(|p| p.twin.clone().unwrap()).collect();
    let shown: Vec<String> = twins
        .iter()
        .map(|t| {
            format!(
                "{}{}) {}",
                if t.continued { "+" } else { "" },
                t.label,
                t.change
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            "a) ",
            "b) wBc1-->d2",
            "c) -wPa2",
            "d) +wSa1",
            "+e) wKe1<-->wQd1",
            "f) h#2  EinsteinChess",
            "g) AntiEinsteinChess  +bPa6  -wPb2",
            "h) -wPb2  wPa2-->b2",
        ]
    );
    let fens: Vec<&str> = problems.iter().map(|p| p.fen.as_str()).collect();
    assert_eq!(fens[0], "4k3/4p3/8/8/8/8/PP6/2BQK1NR w K - 0 1");
    assert_eq!(fens[1], "4k3/4p3/8/8/8/8/PP1B4/3QK1NR w K - 0 1");
    // The continued twin e) keeps d)'s knight; the exchanged king loses castling.
    assert_eq!(fens[4], "4k3/4p3/8/8/8/8/PP6/N1BKQ1NR w - - 0 1");
    // f) goes back to the original: no knight, h#2, Black first.
    assert_eq!(fens[5], "4k3/4p3/8/8/8/8/PP6/2BQK1NR b K - 0 1");
    assert_eq!(problems[5].variant, Variant::Einstein);
    assert_eq!(problems[6].variant, Variant::AntiEinstein);
    assert_eq!(problems[7].variant, Variant::Chess);
    assert_eq!(problems[7].stipulation, stip("#2"));
    let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [2, 4, 5, 6, 7, 8, 9, 10]);
}

#[test]
fn twins_in_french_and_german() {
    // Popeye 4.104 prints these descriptions.
    let fr = ok(
        "debutprobleme\nenonce h#2\npieces blanc rf2 dg6 noir rd1 ta8 pc1f3f4\ncondition EchecsEinstein\njumeau deplacement g6 h6\njumeau ajoute noir cb1\njumeau echange f2 d1\njumeau ote c1 enonce h#1\njumeau condition ReversEchecsEinstein\nfinprobleme",
    );
    let changes: Vec<String> = fr.iter().map(|p| p.twin.clone().unwrap().change).collect();
    assert_eq!(
        changes,
        [
            "",
            "bDg6-->h6",
            "+nCb1",
            "bRf2<-->nRd1",
            "-nPc1  h#1",
            "ReversEchecsEinstein"
        ]
    );
    let de = ok(
        "anfangproblem\nforderung h#2\nbedingung EinsteinSchach\nsteine weiss kf2 dg6 schwarz kd1 ta8 bc1f3f4\nzwilling versetze g6 h6\nzwilling hinzufuegen schwarz sb1\nzwilling tausche f2 d1\nzwilling ferner entferne c1 forderung h#1\nendeproblem",
    );
    let changes: Vec<String> = de.iter().map(|p| p.twin.clone().unwrap().change).collect();
    assert_eq!(
        changes,
        ["", "wDg6-->h6", "+sSb1", "wKf2<-->sKd1", "-sBc1  h#1"]
    );
    assert!(de[4].twin.as_ref().unwrap().continued);
    assert_eq!(de[4].fen, "r7/8/6Q1/8/5p2/5p2/5k2/3K4 b - - 0 1");
}

#[test]
fn twins_with_units_remarks_and_replacements() {
    let problems = ok(
        "beginproblem\nstip #2 cond augsburg\npieces white ke1 pa2 black ke8\ntwin add white (rs)c3 (bp)a2\nremark in twin b\ntwin remove a2 add black sa2\ntwin condition Dynamo\nendproblem",
    );
    assert_eq!(
        problems[1].twin.as_ref().unwrap().change,
        "+w(RS)c3  w(BP)a2"
    );
    assert_eq!(problems[1].meta.remarks, ["in twin b"]);
    assert_eq!(problems[1].fen, "4k3/8/8/8/8/2(RN)5/(BP)7/4K3 w - - 0 1");
    assert_eq!(problems[2].twin.as_ref().unwrap().change, "bSa2");
    assert_eq!(problems[3].variant, Variant::Dynamo);
    assert_eq!(problems.len(), 4);
}

#[test]
fn a_twin_with_an_impossible_position_is_an_error_of_its_own() {
    let text = "beginproblem\nstip #2 cond augsburg\npieces white ke1 black ke8\ntwin add white (bs)c3\ntwin remove e8\ntwin condition Einstein add white (bs)c3\ntwin add white pa2\nendproblem";
    let results = parse(text);
    assert_eq!(results.len(), 5);
    assert!(results[0].is_ok() && results[1].is_ok() && results[4].is_ok());
    let e = results[2].as_ref().unwrap_err();
    assert_eq!(e.line, 5);
    assert!(e.message.contains("impossible position"), "{e}");
    let e = results[3].as_ref().unwrap_err();
    assert_eq!(e.line, 6);
    assert!(
        e.message.contains("(BN) on c3 needs condition Augsburg"),
        "{e}"
    );
}

#[test]
fn an_error_skips_to_the_next_problem() {
    let text = "beginproblem\nstip #2 pieces white ke1 black ke8\nnextproblem\nstip #2 foo remark nextproblem in a remark\npieces white ke1 black ke8\nnextproblem\nstip h#2 pieces white ke1 black ke8\nendproblem";
    let results = parse(text);
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[2].is_ok());
    assert_eq!(results[1].as_ref().unwrap_err().line, 4);
    assert_eq!(results[2].as_ref().unwrap().stipulation, stip("h#2"));
    // An error in a twin keeps the twins before it.
    let results = parse(
        "beginproblem stip #2 pieces white ke1 black ke8 twin move e1 e2 twin rotate 45 twin move e8 e7 nextproblem stip #3 pieces white ke1 black ke8 endproblem",
    );
    let ok_or_err: Vec<bool> = results.iter().map(|r| r.is_ok()).collect();
    assert_eq!(ok_or_err, [true, true, false, true]);
}

#[test]
fn errors_of_the_structure() {
    assert_eq!(
        parse(""),
        [Err(InputError {
            line: 1,
            message: parse("").remove(0).unwrap_err().message
        })]
    );
    assert!(
        parse(" \n ")
            .remove(0)
            .unwrap_err()
            .message
            .contains("empty")
    );
    fails(
        "\n\nhello\nstip #2",
        3,
        "'hello': the input must start with beginproblem",
    );
    // After a bad start, the next problem is read in its own language.
    let results = parse("hello\nasuivre\nenonce #2 pieces blanc re1 noir re8\nfinprobleme");
    assert!(results[0].is_err() && results[1].is_ok() && results.len() == 2);
    fails(
        &en("s #2"),
        3,
        "ambiguous keyword 's' (it abbreviates sstipulation, stipulation)",
    );
    fails(
        &en("pieces white ke1 black ke8 fly"),
        3,
        "'fly' is not a piece",
    );
    fails(
        &en("pieces white ke1 black ke8\nzebra"),
        4,
        "'zebra' is not a piece",
    );
    fails(&en("zebra"), 3, "unknown keyword 'zebra'");
    fails(
        &en("sstipulation white 2ad[#]"),
        3,
        "'sstipulation' (sstipulation) is not supported",
    );
    fails(
        &en("latexpieces x"),
        3,
        "'latexpieces' (LaTeXPieces) is not supported",
    );
    fails(
        &en("forsyth 4k3/8/8/=p"),
        3,
        "forsyth '4k3/8/8/=p': neutral pieces ('=') are not supported",
    );
    fails(
        &en("pieces white ke1 black ke8\ntwin move e1 e2\nzeroposition move e2 e3"),
        5,
        "zeroposition must come before the first twin",
    );
    fails(
        "beginproblem\npieces white ke1 black ke8\nendproblem",
        2,
        "no stipulation",
    );
    fails(
        "beginproblem\nstipulation\n",
        2,
        "'stipulation' needs a stipulation",
    );
    fails(
        &en("stipulation exact-h#2"),
        3,
        "stipulation: unsupported stipulation 'exact-h#2'",
    );
    fails(&en("stipulation r#2"), 3, "unsupported stipulation 'r#2'");
}

#[test]
fn errors_of_the_pieces() {
    fails(
        &en("pieces ke1"),
        3,
        "'ke1': pieces start with a colour (White or Black)",
    );
    fails(
        "beginproblem stipulation #2 pieces",
        1,
        "pieces: a colour and pieces are missing",
    );
    fails(
        &en("pieces white ke1 neutral pe4"),
        3,
        "Neutral pieces ('neutral') are not supported",
    );
    fails(
        "debutprobleme enonce #2 pieces blanc re1 n re8 finprobleme",
        1,
        "ambiguous colour 'n' (it abbreviates Noir, Neutre)",
    );
    fails(
        &en("pieces white ke1 black ke8 pe2 ke1"),
        3,
        "'ke1': square e1 is given twice",
    );
    fails(
        &en("pieces white ke1 k\nblack ke8"),
        4,
        "'black' after 'k' is not a list of squares",
    );
    fails(
        &en("pieces white ke1 black ke8 (ks)a1"),
        3,
        "a king cannot be part of a unit",
    );
    fails(
        &en("pieces white ke1 black ke8 (bx)a1"),
        3,
        "'x' is not a piece letter",
    );
    fails(&en("pieces white ke1 black ke8 ()a1"), 3, "no component");
    fails(&en("pieces white ke1 black ke8 (bs"), 3, "no closing ')'");
    fails(
        &en("pieces white ke1 black ke8 (bs)a9"),
        3,
        "'a9' after unit '(bs)' is not a list of squares",
    );
    fails(
        &en("\npieces white ke1 (bs)a3 black ke8"),
        4,
        "(BN) on a3 needs condition Augsburg",
    );
    fails(
        &en("pieces white ke1 ke2 black ke8"),
        2,
        "impossible position",
    );
    fails(
        &en("pieces white ke1 black ke8 pa1"),
        2,
        "impossible position",
    );
    fails(
        &en("pieces white ke1 qe2 black ke8"),
        2,
        "impossible position",
    );
}

#[test]
fn errors_of_conditions() {
    fails(
        &en("condition Circe"),
        3,
        "condition 'Circe' is not supported (Feerie knows EinsteinChess, ReversalEinsteinChess, AntiEinsteinChess, Dynamo, Augsburg)",
    );
    fails(&en("condition Einstein Madrasi"), 3, "condition 'Madrasi'");
    fails(
        &en("condition Ei"),
        3,
        "ambiguous condition 'Ei': Popeye has other conditions starting so; write at least 'Ein' for EinsteinChess",
    );
    fails(
        &en("condition Einstein\ncondition Dynamo"),
        4,
        "two variants: Dynamo and EinsteinChess (line 3)",
    );
    fails(
        &en("condition\npieces white ke1 black ke8"),
        3,
        "'condition' without a condition",
    );
    // The same condition twice is one condition; French names only in French.
    assert_eq!(
        one(&en(
            "pieces white ke1 black ke8 condition Einstein EinsteinChess"
        ))
        .variant,
        Variant::Einstein
    );
    fails(
        &en("condition EchecsEinstein"),
        3,
        "condition 'EchecsEinstein' is not supported",
    );
}

#[test]
fn errors_of_options() {
    fails(&en("option nothreat blitz"), 3, "unknown option 'blitz'");
    fails(&en("option no"), 3, "ambiguous option 'no'");
    fails(
        &en("option nullmoves"),
        3,
        "option 'nullmoves' (NullMoves) changes what is solved and is not supported",
    );
    fails(
        &en("option quod"),
        3,
        "option 'quod' (Quodlibet) changes what is solved and is not supported",
    );
    fails(
        &en("option postkey"),
        3,
        "option 'postkey' (PostKeyPlay) changes what is solved and is not supported",
    );
    fails(
        &en("option maxtime x"),
        3,
        "'x' after 'maxtime' is not a number",
    );
    fails(
        &en("option threat"),
        4,
        "'endproblem' after 'threat' is not a number",
    );
    fails(
        &en("option castlingmutuallyexclusive z9"),
        3,
        "'z9' after 'castlingmutuallyexclusive' is not a list of squares",
    );
    fails(
        &en("option beep"),
        3,
        "option 'beep' (Beep) is not supported",
    );
    fails(
        &en("option\npieces white ke1 black ke8"),
        3,
        "'option' without an option",
    );
    fails(
        &en("option defence x"),
        3,
        "'x' after 'defence' is not a number of at least 1",
    );
    fails(
        &en("option maxsolutions 0"),
        3,
        "'0' after 'maxsolutions' is not a number",
    );
    fails(
        "beginproblem option defence",
        1,
        "'defence' needs a number, but the input ends",
    );
    fails(
        &en("option duplex halfduplex"),
        3,
        "'halfduplex': duplex or halfduplex is given already",
    );
    fails(
        &en("option nocastling i1"),
        3,
        "'i1' after 'nocastling' is not a list of squares",
    );
    let ep = |pieces: &str, squares: &str| {
        en(&format!(
            "pieces black ke8 white ke1 {pieces}\noption enpassant {squares}"
        ))
    };
    fails(&ep("pd5 black pe5", "e7e5"), 4, "(3 squares)");
    fails(
        &ep("pd5 black pe5", "e7e6f5"),
        4,
        "not one pawn step along a file",
    );
    fails(
        &ep("pd4 black pe4", "e2e3e4"),
        4,
        "the step is White's, but White moves first in #2",
    );
    fails(
        &ep("pd5 black pe5", "e7e6e5 condition Dynamo"),
        4,
        "Dynamo has no en passant",
    );
    fails(&ep("pd5 black pe6", "e7e6e5"), 4, "e6 is not empty");
    fails(&ep("pd5 black pe7", "e7e6e5"), 4, "e7 is not empty");
    fails(&ep("pd5 black pe4", "e7e6e5"), 4, "nothing stands on e5");
    fails(&ep("pd5 black be5", "e7e6e5"), 2, "impossible position");
    // Popeye's order: `try` after `defence N` sets it back to 1.
    assert_eq!(
        one(&en("pieces white ke1 black ke8 option defence 3 try"))
            .options
            .defence,
        1
    );
    assert_eq!(
        one(&en(
            "pieces white ke1 black ke8 option try def 3 intelligent 2"
        ))
        .options
        .defence,
        3
    );
}

#[test]
fn errors_of_twins() {
    let base = "beginproblem stip #2 pieces white ke1 qd1 black ke8\ntwin ";
    let twin = |t: &str| format!("{base}{t}\nendproblem");
    let second = |t: &str, expected: &str| {
        let results = parse(&twin(t));
        assert!(results[0].is_ok(), "{t}");
        let e = results.last().unwrap().as_ref().unwrap_err();
        assert!(e.message.contains(expected) && e.line == 2, "{t}: {e}");
    };
    second(
        "m a1 a2",
        "ambiguous twinning 'm' (it abbreviates move, mirror)",
    );
    second("rotate 45", "'45' after 'rotate': expected 90, 180 or 270");
    second(
        "mirror a1<-->b2",
        "expected a1<-->h1, a1<-->a8, a1<-->h8, a8<-->h1",
    );
    second(
        "shift e1 e2",
        "'shift' e1 e2 would move the piece on e8 off the board",
    );
    second(
        "substitute q z",
        "'z' after 'substitute' is not a piece letter (kqrbsp)",
    );
    second(
        "substitute q q2",
        "'q2' after 'substitute' is not a piece letter",
    );
    second(
        "move d1 d2 continued",
        "'continued' must come first in its twin",
    );
    second("move a1 a2", "'move': the square a1 is empty");
    second("move d1 d1", "twice the square d1");
    second("move d1 d9", "'d9' after 'move' is not a square");
    second("exchange d1 d2", "'exchange': the square d2 is empty");
    let results = parse(&format!("{base}move d1"));
    let e = results[1].as_ref().unwrap_err();
    assert!(
        e.message.contains("'move' needs two squares") && e.line == 2,
        "{e}"
    );
    second("remove d1a1", "'remove': the square a1 is empty");
    second("remove x", "'x' after 'remove' is not a list of squares");
    second("option try", "'option' in a twin: a twin only has changes");
    second("add white ze4", "'ze4' is not a piece");
    second("stipulation ##2", "unsupported stipulation '##2'");
    second("condition circe", "condition 'circe' is not supported");
}

/// After `z)`, Popeye labels twins `z1)`, `z2)`, ...
#[test]
fn more_than_26_twins() {
    let many = format!(
        "beginproblem stip #2 pieces white ke1 qd1 black ke8\n{}endproblem",
        "twin move d1 d2\n".repeat(28)
    );
    let labels: Vec<String> = ok(&many)
        .iter()
        .map(|p| p.twin.as_ref().unwrap().label.to_string())
        .collect();
    assert_eq!(labels.len(), 29);
    assert_eq!(labels[..2], ["a", "b"]);
    assert_eq!(labels[25..], ["z", "z1", "z2", "z3"]);
}

#[test]
fn garbage_never_panics() {
    // A small deterministic generator (xorshift): random bytes, random words, and the
    // published file with random cuts and insertions.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let vocabulary = [
        "beginproblem",
        "nextproblem",
        "endproblem",
        "twin",
        "move",
        "add",
        "remove",
        "exchange",
        "continued",
        "pieces",
        "white",
        "black",
        "ke1",
        "ke8",
        "(bsp)a3",
        "(",
        ")",
        "(rb",
        "stip",
        "#2",
        "h#2.5",
        "ser-h#3",
        "condition",
        "Augsburg",
        "Einstein",
        "option",
        "enpassant",
        "e7e6e5",
        "nocastling",
        "defence",
        "2",
        "remark",
        "author",
        "\n",
        ";",
        ".",
        "é",
        "\u{1F600}",
        "a1",
        "zz",
        "-",
        "=",
        "debutprobleme",
        "anfangproblem",
        "z",
        "0",
        "99999999999999999999",
    ];
    for round in 0..3000 {
        let text = match round % 3 {
            0 => (0..next() % 200)
                .map(|_| char::from((next() % 128) as u8))
                .collect::<String>(),
            1 => (0..next() % 60)
                .map(|_| vocabulary[(next() % vocabulary.len() as u64) as usize])
                .collect::<Vec<_>>()
                .join(if next() % 2 == 0 { " " } else { "\n" }),
            _ => {
                let mut text: Vec<char> = PUBLISHED.chars().collect();
                for _ in 0..1 + next() % 5 {
                    let at = (next() % text.len() as u64) as usize;
                    if next() % 2 == 0 {
                        text.truncate(at.max(1));
                    } else {
                        text.insert(
                            at,
                            vocabulary[(next() % vocabulary.len() as u64) as usize]
                                .chars()
                                .next()
                                .unwrap_or(' '),
                        );
                    }
                }
                text.into_iter().collect()
            }
        };
        let lines = text.lines().count().max(1);
        for result in parse(&text) {
            if let Err(e) = result {
                assert!(e.line >= 1 && e.line <= lines + 1, "{e} in {text:?}");
                assert!(!e.message.is_empty());
            }
        }
    }
}

/// Popeye's words that do not change the solution are read (with their arguments) in
/// the three languages, and the problem is the same as without them.
#[test]
fn words_that_do_not_change_the_solution() {
    let plain = one(&en("pieces white ke1 qd1 black ke8"));
    let with = |words: &str| {
        one(&format!(
            "beginproblem\nprotocol out.txt\nstipulation #2\n{words}\npieces white ke1 qd1 black ke8\nendproblem\n"
        ))
    };
    for words in [
        "award 1st Prize",
        "latex problem.tex",
        "option noboard nosh stoponshort keepmatingpiece maxtime 60 startmovenumber 3",
        "option threat 2 castlingmutuallyexclusive a1h8 nothreat",
        "option whitetoplay",
        "option intelligent maxtime 5",
    ] {
        let p = with(words);
        assert_eq!(
            (p.fen.as_str(), p.stipulation),
            (plain.fen.as_str(), plain.stipulation),
            "{words}"
        );
    }
    assert!(with("option threat 2 nothreat").options.no_threat);
    assert_eq!(with("option intelligent 3").options.intelligent, Some(3));
    assert_eq!(
        with("option intelligent maxtime 5").options.intelligent,
        None
    );
    // The award is a text line of its own (printed after the origin, as Popeye does);
    // the next line is read as a command.
    let awarded = with("award 1st Prize\nauthor A. B.");
    assert_eq!(awarded.meta.authors, ["A. B."]);
    assert_eq!(awarded.meta.awards, ["1st Prize"]);
    assert_eq!(awarded.meta.language, Language::English);
    let german = one(
        "anfangproblem\nprotokoll x\nauszeichnung 1. Preis\nforderung #2\n\
         option weissbeginnt ohnebrett ohnekurzvarianten drohung 1 maxzeit 9 haltemattsetzendenstein\n\
         steine weiss ke1 dd1 schwarz ke8\nendeproblem",
    );
    assert_eq!(german.fen, plain.fen);
    assert_eq!(german.meta.awards, ["1. Preis"]);
    assert_eq!(german.meta.language, Language::German);
    let french = one("debutprobleme\nprotocol x\nprix 1er Prix\nenonce #2\n\
         option sansechiquier sansvariantescourtes menace 1 maxtemps 9 retienspiecematante\n\
         pieces blanc re1 dd1 noir re8\nfinprobleme");
    assert_eq!(french.fen, plain.fen);
    assert_eq!(french.meta.language, Language::French);
    // A problem whose command is refused after `protocol` is skipped, the next is read.
    let results = parse(
        "beginproblem\nprotocol a b c\nstip #2\noption nullmoves\nnextproblem\nstip #2 pieces white ke1 black ke8\nendproblem",
    );
    assert!(results[0].is_err() && results[1].is_ok(), "{results:?}");
}

/// `whitetoplay` makes a helpmate of whole moves start with White, half a move shorter,
/// as Popeye does; other stipulations are left as they are.
#[test]
fn white_to_play_in_helpmates() {
    let help = |stipulation: &str| {
        one(&format!(
            "beginproblem stip {stipulation} option whitetoplay pieces white ke1 qd1 black ke8 endproblem"
        ))
    };
    assert_eq!(help("h#2").stipulation, stip("h#1.5"));
    assert!(help("h#2").fen.contains(" w "));
    assert_eq!(help("h=1").stipulation, stip("h=0.5"));
    assert_eq!(help("h#2.5").stipulation, stip("h#2.5"));
    assert_eq!(help("#2").stipulation, stip("#2"));
    assert_eq!(help("ser-h#2").stipulation, stip("ser-h#2"));
}

/// `forsyth` places pieces in the input's language; `pieces` may add to them.
#[test]
fn forsyth_positions() {
    let p = one(&en("forsyth 4k3/8/8/8/8/8/8/3QK3"));
    assert_eq!(p.fen, one(&en("pieces white ke1 qd1 black ke8")).fen);
    let p = one(&en("forsyth 4k3/48/3QK\npieces black pa7"));
    assert!(p.fen.starts_with("4k3/p7/8/8/8/8/8/3QK3 "), "{}", p.fen);
    let german = one("anfangproblem forderung #2 forsyth 4k3/8/8/8/8/8/8/3DK3 endeproblem");
    assert_eq!(german.fen, p.fen.replace("p7", "8"));
    let french = one("debutprobleme enonce #2 forsyth 4r3/8/8/8/8/8/8/3DR3 finprobleme");
    assert_eq!(french.fen, german.fen);
    fails(
        &en("forsyth 4k3/8/8/8/8/8/8/3XK3"),
        3,
        "'X' is not a piece letter",
    );
}

/// `zeroposition`: the position read is not solved; its twins are, from `a)`.
#[test]
fn zero_position() {
    let problems = ok("beginproblem stip #2 pieces white ke1 qd1 black ke8\n\
        zeroposition move d1 d2\ntwin move d1 d3\ntwin cont move d3 d4\nendproblem");
    let twins: Vec<(String, &str, bool)> = problems
        .iter()
        .map(|p| {
            let t = p.twin.as_ref().unwrap();
            (t.label.to_string(), t.change.as_str(), t.continued)
        })
        .collect();
    assert_eq!(
        twins,
        [
            ("a".to_string(), "wQd1-->d2", false),
            ("b".to_string(), "wQd1-->d3", false),
            ("c".to_string(), "wQd3-->d4", true)
        ]
    );
    assert!(problems[0].fen.starts_with("4k3/8/8/8/8/8/3Q4/4K3 "));
}

/// Popeye's whole-board twinnings, with the twin lines it prints for them.
#[test]
fn board_twinnings() {
    let twins = |changes: &str| -> Vec<(String, String)> {
        ok(&format!(
            "beginproblem stip #2 pieces white kb1 rc1 black ka3 pd4\n{changes}\nendproblem"
        ))
        .into_iter()
        .skip(1)
        .map(|p| {
            let board = p.fen.split(' ').next().unwrap().to_string();
            (p.twin.unwrap().change, board)
        })
        .collect()
    };
    let expect = |changes: &str, description: &str, board: &str| {
        assert_eq!(
            twins(changes),
            [(description.to_string(), board.to_string())],
            "{changes}"
        );
    };
    // Turned left: b1 goes to h2, c1 to h3, a3 to f1, d4 to e4.
    expect("twin rotate 90", "rotate 90", "8/8/8/8/4p3/7R/7K/5k2");
    expect("twin rotate 180", "rotate 180", "5RK1/8/7k/4p3/8/8/8/8");
    expect("twin rotate 270", "rotate 270", "2k5/K7/R7/3p4/8/8/8/8");
    expect(
        "twin mirror a1<-->h1",
        "mirror a1<-->h1",
        "8/8/8/8/4p3/7k/8/5RK1",
    );
    expect(
        "twin mirror a1<-->a8",
        "mirror a1<-->a8",
        "1KR5/8/k7/3p4/8/8/8/8",
    );
    expect(
        "twin mirror a1<-->h8",
        "mirror a1<-->h8",
        "5k2/7K/7R/4p3/8/8/8/8",
    );
    expect(
        "twin mirror a8<-->h1",
        "mirror a8<-->h1",
        "8/8/8/8/3p4/R7/K7/2k5",
    );
    expect(
        "twin shift a1 b2",
        "shift a1 ==> b2",
        "8/8/8/4p3/1k6/8/2KR4/8",
    );
    expect("twin polish", "PolishType", "8/8/8/8/3P4/K7/8/1kr5");
    expect("twin substitute r s", "R ==> S", "8/8/8/8/3p4/k7/8/1KN5");
    let german = ok(
        "anfangproblem forderung #2 steine weiss kb1 tc1 schwarz ka3 bd4\n\
        zwilling drehung 90 zwilling farbwechsel zwilling ersetze t s zwilling verschiebung a1 b2 endeproblem",
    );
    let lines: Vec<String> = german[1..]
        .iter()
        .map(|p| p.twin.as_ref().unwrap().change.clone())
        .collect();
    assert_eq!(
        lines,
        [
            "Drehung 90",
            "Farbwechsel",
            "T ==> S",
            "Verschiebung a1 ==> b2"
        ]
    );
}
