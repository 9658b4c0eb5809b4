//! Popeye's answers to random positions of chess and the Einstein family (Popeye knows
//! neither Dynamo nor Augsburg), `tests/data/solve/popeye_random.txt`: the brute force
//! must agree with Popeye, which shows that it solves #n, h#n, s#n, =n and h=n as Popeye
//! means them, and `feerie solve` must agree too. The positions are those of the generators of
//! `feerie_tests::random_problem` (seeds from 100000); `popeye_random.py` in the same
//! folder wrote the file from Popeye 4.104's output, kept beside it.
//!
//! In help play Popeye prints the shorter solutions too: in an h#2, every h#1 solution
//! of the diagram (`the_short_helpmate_solutions_are_those_of_the_shorter_helpmate`).

use feerie_solve::{Play, Stipulation};
use feerie_tests::{brute, solver_answers};
use feerie_variants::Variant;
use std::collections::BTreeSet;
use std::path::Path;

/// Fewer cases than this means the file was cut.
const MIN_CASES: usize = 200;

struct Case {
    variant: Variant,
    stipulation: Stipulation,
    fen: String,
    answers: BTreeSet<String>,
}

fn cases() -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solve/popeye_random.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let cases: Vec<Case> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            let [variant, stipulation, fen, answers] = parts[..] else {
                panic!("not four fields: {line}");
            };
            Case {
                variant: Variant::from_name(variant)
                    .unwrap_or_else(|| panic!("unknown variant: {line}")),
                stipulation: stipulation
                    .parse()
                    .unwrap_or_else(|e| panic!("{e}: {line}")),
                fen: fen.to_string(),
                answers: answers
                    .split(", ")
                    .filter(|a| !a.is_empty())
                    .map(str::to_string)
                    .collect(),
            }
        })
        .collect();
    assert!(cases.len() >= MIN_CASES, "only {} cases", cases.len());
    cases
}

/// The cases where `solve` and Popeye differ, one line each.
fn differences(
    solver: &str,
    solve: impl Fn(Variant, &str, Stipulation) -> Result<BTreeSet<String>, String>,
) -> Vec<String> {
    let mut failures = Vec::new();
    for case in cases() {
        match solve(case.variant, &case.fen, case.stipulation) {
            Ok(got) if got == case.answers => {}
            Ok(got) => failures.push(format!(
                "{} {} {}\n  Popeye only: {:?}\n  {solver} only: {:?}",
                case.variant,
                case.stipulation,
                case.fen,
                case.answers.difference(&got).collect::<Vec<_>>(),
                got.difference(&case.answers).collect::<Vec<_>>()
            )),
            Err(e) => failures.push(format!(
                "{} {} {}: {solver} error: {e}",
                case.variant, case.stipulation, case.fen
            )),
        }
    }
    failures
}

#[test]
fn the_cases_have_solutions_and_not_in_every_variant_and_stipulation() {
    let cases = cases();
    for variant in ["chess", "einstein", "reverse-einstein", "anti-einstein"] {
        for stipulation in [
            "#1", "#2", "h#1", "h#2", "s#1", "s#2", "=1", "=2", "h=1", "h=2",
        ] {
            let of = |solved: bool| {
                cases
                    .iter()
                    .filter(|c| c.variant.name() == variant)
                    .filter(|c| c.stipulation.to_string() == stipulation)
                    .filter(|c| c.answers.is_empty() != solved)
                    .count()
            };
            assert!(
                of(true) > 0 && of(false) > 0,
                "{variant} {stipulation}: {} with, {} without solutions",
                of(true),
                of(false)
            );
        }
    }
}

/// Popeye's short helpmate solutions, pinned down: the lines of an h#2 that are one move
/// short are exactly the h#1 solutions (as the brute force finds them; its h#1 answers
/// agree with Popeye's), and some cases have them.
#[test]
fn the_short_helpmate_solutions_are_those_of_the_shorter_helpmate() {
    let mut with_short = 0;
    for case in cases() {
        if case.stipulation.play != Play::Help || case.stipulation.moves != 2 {
            continue;
        }
        let short: BTreeSet<String> = case
            .answers
            .iter()
            .filter(|line| line.split(' ').count() == 2)
            .cloned()
            .collect();
        let h1 = Stipulation {
            moves: 1,
            ..case.stipulation
        };
        let expected = brute::solve(case.variant, &case.fen, h1).expect("a valid FEN");
        assert_eq!(short, expected, "{} h#2 {}", case.variant, case.fen);
        with_short += usize::from(!short.is_empty());
    }
    assert!(with_short > 0, "no h#2 with a short solution");
}

#[test]
fn the_brute_force_agrees_with_popeye() {
    let failures = differences("brute force", brute::solve);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_solver_agrees_with_popeye() {
    let failures = differences("feerie solve", solver_answers::answers);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
