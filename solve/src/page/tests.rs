use super::*;
use crate::input;
use feerie_movegen::Position;
use feerie_variants::{VariantSpec, VariantVisitor};

/// The Dynamo #2 of tests/tests/solve_problems.rs: 1.a7d7 (threat 2.d8E#) is its only key.
const DYNAMO_2: &str = "R2b3k/R7/8/8/8/8/8/4K3 w - - 0 1";

fn ask(request: Value) -> Value {
    let stop = AtomicBool::new(false);
    serde_json::from_str(&answer(&request.to_string(), &stop)).unwrap()
}

fn error_of(request: &str) -> String {
    let stop = AtomicBool::new(false);
    let message: Value = serde_json::from_str(&answer(request, &stop)).unwrap();
    assert_eq!(message["type"], "error", "{message}");
    assert_eq!(message["request"], "solve", "{message}");
    message["message"].as_str().unwrap().to_string()
}

/// Every move of a part, in the order of the tree.
fn nodes(part: &Value) -> Vec<&Value> {
    fn walk<'a>(node: &'a Value, out: &mut Vec<&'a Value>) {
        out.push(node);
        for child in node["children"].as_array().into_iter().flatten() {
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    for field in ["moves", "set_moves"] {
        for node in part[field].as_array().into_iter().flatten() {
            walk(node, &mut out);
        }
    }
    for field in ["lines", "set_lines"] {
        for line in part[field].as_array().into_iter().flatten() {
            out.extend(line.as_array().unwrap());
        }
    }
    out
}

/// Replays every move's `path` from its `start` with the variant's rules: each must be
/// legal, and the last the move itself.
struct Replays<'a>(&'a Value);

impl VariantVisitor for Replays<'_> {
    type Output = usize;

    fn visit<V: VariantSpec>(self) -> usize {
        let moves = nodes(self.0);
        for node in &moves {
            let mut pos = V::Rules::from_fen(node["start"].as_str().unwrap()).unwrap();
            let path = node["path"].as_array().unwrap();
            for mv in path {
                let mv = pos.parse_move(mv.as_str().unwrap()).unwrap();
                pos.play(mv);
            }
            assert_eq!(path.last(), Some(&node["uci"]), "{node}");
        }
        moves.len()
    }
}

fn replays(variant: Variant, part: &Value) -> usize {
    variant.dispatch(Replays(part))
}

#[test]
fn a_dynamo_two_mover_with_its_tree() {
    let message = ask(
        json!({"type": "solve", "variant": "dynamo", "fen": DYNAMO_2,
        "stipulation": "#2", "variation": true, "try": true}),
    );
    assert_eq!(message["type"], "solution");
    assert_eq!(message["stopped"], false);
    assert_eq!(message["partial"], false);
    let part = &message["tree"][0];
    assert_eq!(part["keys"], json!(["a7d7"]));
    assert_eq!(part["fen"], DYNAMO_2);
    let key = &part["moves"][0];
    assert_eq!(key["role"], "key");
    assert_eq!(key["uci"], "a7d7");
    assert_eq!(key["start"], DYNAMO_2);
    assert_eq!(key["path"], json!(["a7d7"]));
    // The threat is played after Black passes: from the key's position, White to move.
    let threat = &key["children"][0];
    assert_eq!(threat["role"], "threat");
    assert_eq!(threat["uci"], "d8E");
    assert_eq!(threat["mark"], "#");
    assert_eq!(threat["start"], "R2b3k/3R4/8/8/8/8/8/4K3 w - - 2 2");
    assert_eq!(threat["path"], json!(["d8E"]));
    let tries: Vec<&Value> = part["moves"].as_array().unwrap()[1..].iter().collect();
    assert!(!tries.is_empty() && tries.iter().all(|t| t["role"] == "try"));
    assert!(tries.iter().all(|t| {
        t["children"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["role"] == "refutation")
    }));
    assert!(replays(Variant::Dynamo, part) > 20);
    let text = message["text"].as_str().unwrap();
    assert!(text.contains("1.a7d7 ! threat:"), "{text}");
    assert!(text.contains("Dynamo"), "{text}");
    let input = message["input"].as_str().unwrap();
    assert!(
        input.contains("condition Dynamo") && input.contains("option try variation"),
        "{input}"
    );
}

#[test]
fn help_series_and_set_play_lines_replay() {
    // h#2 with set play, orthodox-34 of tests/data/solve/orthodox.inp style: any position
    // with solutions; every line's moves must replay from their starts.
    let cases = [
        ("chess", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", "ser-#2", false),
        ("chess", "4k3/8/4K3/8/8/8/8/R7 b - - 0 1", "h#2", true),
        ("chess", "4k3/8/3K4/8/8/8/8/7R b - - 0 1", "ser-h#2", false),
    ];
    for (variant, fen, stipulation, setplay) in cases {
        let message = ask(json!({"type": "solve", "variant": variant, "fen": fen,
            "stipulation": stipulation, "setplay": setplay}));
        let part = &message["tree"][0];
        let lines = part["lines"].as_array().unwrap();
        assert!(!lines.is_empty(), "{stipulation}: {message}");
        assert!(replays(Variant::Chess, part) > 0);
        if setplay {
            assert!(
                !part["set_lines"].as_array().unwrap().is_empty(),
                "{message}"
            );
        }
    }
    // The series: 1.Ra7 (Black passes) 2.Ra8#; the second move starts after the pass.
    let message = ask(json!({"type": "solve", "variant": "chess",
        "fen": "7k/8/6K1/8/8/8/8/R7 w - - 0 1", "stipulation": "ser-#2"}));
    let lines = message["tree"][0]["lines"].as_array().unwrap();
    let line = lines
        .iter()
        .find(|l| l[0]["uci"] == "a1a7")
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert_eq!(line[1]["uci"], "a7a8");
    assert_eq!(line[1]["start"], "7k/R7/6K1/8/8/8/8/8 w - - 2 2");
    assert_eq!(line[1]["path"], json!(["a7a8"]));
}

#[test]
fn black_attacking_and_duplex_parts() {
    // Black mates in one: the FEN's side to move is the attacker, as with `feerie solve --fen`.
    let fen = "r7/8/8/8/8/6k1/8/7K b - - 0 1";
    let message =
        ask(json!({"type": "solve", "variant": "chess", "fen": fen, "stipulation": "#1"}));
    assert_eq!(message["tree"][0]["keys"], json!(["a8a1"]));
    let input = message["input"].as_str().unwrap();
    assert!(input.contains("option halfduplex"), "{input}");
    let message = ask(json!({"type": "solve", "variant": "chess", "fen": fen,
        "stipulation": "#1", "duplex": true}));
    let parts = message["tree"].as_array().unwrap();
    assert_eq!(parts.len(), 2, "{message}");
    assert_eq!(parts[1]["duplex"], true);
    for part in parts {
        replays(Variant::Chess, part);
    }
}

#[test]
fn bad_requests_are_errors_in_words() {
    let solve = |fields: &str| format!(r##"{{"type":"solve",{fields}}}"##);
    for (request, words) in [
        ("hello".to_string(), "not JSON"),
        (r##"{"type":"analyse"}"##.to_string(), "solve: missing field"),
        (
            solve(r##""variant":"dynamo","fen":"8/8/8/8/8/8/8/8 w - - 0 1","stipulation":"#2""##),
            "bad FEN for dynamo",
        ),
        (
            solve(r##""variant":"dynamoo","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"#2""##),
            "unknown variant 'dynamoo'",
        ),
        (
            solve(r##""variant":"chess","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"#0""##),
            "stipulation '#0': the length must be at least 1",
        ),
        (
            solve(r##""variant":"chess","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"x#2""##),
            "unsupported stipulation 'x#2'",
        ),
        (
            solve(r##""variant":"chess","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"#2","tries":true"##),
            "unknown field `tries`",
        ),
        (
            solve(r##""variant":"chess","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"#2","defence":0"##),
            "defence must be at least 1",
        ),
        (
            solve(r##""variant":"chess","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"#2","duplex":true,"halfduplex":true"##),
            "exclude each other",
        ),
        (
            r##"{"type":"stop_solve","variant":"chess","fen":"k7/8/8/8/8/8/8/K7 w - - 0 1","stipulation":"#2"}"##.to_string(),
            "no solve request",
        ),
    ] {
        let got = error_of(&request);
        assert!(got.contains(words), "{request}: {got}");
    }
    // The side not to move in check: the position cannot be solved as a halfduplex.
    let got = error_of(&solve(
        r##""variant":"chess","fen":"k7/8/8/8/8/8/8/R6K b - - 0 1","stipulation":"#1","halfduplex":true"##,
    ));
    assert!(got.contains("cannot be solved"), "{got}");
}

#[test]
fn a_stopped_solve_says_so() {
    let stop = AtomicBool::new(true);
    let request = json!({"type": "solve", "variant": "chess",
        "fen": "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1", "stipulation": "#6"});
    let message: Value = serde_json::from_str(&answer(&request.to_string(), &stop)).unwrap();
    assert_eq!(message["type"], "solution");
    assert_eq!(message["stopped"], true);
    assert_eq!(message["partial"], true);
    assert!(
        message["text"]
            .as_str()
            .unwrap()
            .contains("Partial solution")
    );
}

#[test]
fn the_input_reads_back_as_the_same_problem() {
    let cases = [
        ("dynamo", DYNAMO_2, "#2", json!({"variation": true})),
        (
            "chess",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
            "#2",
            json!({"try": true, "defence": 2}),
        ),
        (
            "chess",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "#2",
            json!({"setplay": true}),
        ),
        (
            "chess",
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
            "h#2",
            json!({"maxsolutions": 2}),
        ),
        (
            "chess",
            "r7/8/8/8/8/6k1/8/7K b - - 0 1",
            "#1",
            json!({"halfduplex": true}),
        ),
        (
            "chess",
            "r7/8/8/8/8/6k1/8/7K b - - 0 1",
            "#1",
            json!({"duplex": true}),
        ),
        (
            "augsburg",
            "(RBN)7/8/8/6k1/8/8/P7/(RB)3K2R w K - 0 1",
            "h#2",
            json!({"nothreat": true}),
        ),
        (
            "einstein",
            "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1",
            "ser-h#3",
            json!({}),
        ),
    ];
    for (variant, fen, stipulation, options) in cases {
        let mut request =
            json!({"type": "solve", "variant": variant, "fen": fen, "stipulation": stipulation});
        request
            .as_object_mut()
            .unwrap()
            .extend(options.as_object().unwrap().clone());
        let problem = problem(&request.to_string()).unwrap();
        let text = output::input_file(&problem);
        let read = input::parse(&text);
        let [Ok(back)] = read.as_slice() else {
            panic!("{text}: {read:?}");
        };
        assert_eq!(back.variant, problem.variant, "{text}");
        assert_eq!(back.stipulation, problem.stipulation, "{text}");
        let solved = |p: &Problem| -> Vec<String> {
            let parts: &[bool] = match p.options.duplex {
                Duplex::No => &[false],
                Duplex::Duplex => &[false, true],
                Duplex::HalfDuplex => &[true],
            };
            let mut fens: Vec<String> = parts.iter().map(|&s| p.part_fen(s)).collect();
            fens.sort();
            fens
        };
        let (mut theirs, mut ours) = (solved(back), solved(&problem));
        // Popeye's files count moves from 1; an exchange drops the en passant square.
        for fen in theirs.iter_mut().chain(ours.iter_mut()) {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            *fen = fields[..3].join(" ");
        }
        assert_eq!(theirs, ours, "{text}");
        let mut expected = problem.options.clone();
        expected.duplex = back.options.duplex;
        assert_eq!(back.options, expected, "{text}");
        assert_eq!(
            back.fen.split(' ').nth(3),
            Some(if text.contains("halfduplex") {
                "-"
            } else {
                problem.fen.split(' ').nth(3).unwrap()
            }),
            "{text}"
        );
    }
}
