//! `feerie solve` against the brute-force solver of `feerie_tests::brute` on random
//! positions of every variant, for #1, #2, h#1, h#2, s#1 and s#2 (and =1, =2, h=1): the
//! same keys (direct and self play) and the same solutions (help play), on positions with
//! solutions and on positions without.
//!
//! The positions come from seeded generators (`feerie_tests::random_problem`): for each
//! variant and stipulation the seeds are taken in order, positions the variant's FEN
//! reader refuses are skipped, and the first `WITH` positions with a solution and the
//! first `WITHOUT` without one (by the brute force) are kept. Selfmates are rare at
//! random, so every other seed of self play is climbed towards an s#1 first; as those
//! are mostly s#1 positions, the selfmates of `tests/data/solve/selfmates.txt`, which
//! need both moves, are compared as well.

use feerie_movegen::Color;
use feerie_solve::{Play, Stipulation};
use feerie_tests::brute;
use feerie_tests::random_problem::{Arrangement, selfmate_arrangement};
use feerie_tests::solver_answers;
use feerie_variants::Variant;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// The stalemate goals ride along where they are cheap: a helpmate's last move must be
/// tested for stalemate in every leaf, which makes h=2 slow for the brute force.
const STIPULATIONS: [&str; 9] = ["#1", "#2", "h#1", "h#2", "s#1", "s#2", "=1", "=2", "h=1"];
/// Positions with a solution kept per variant and stipulation.
const WITH: usize = 8;
/// Positions without a solution kept per variant and stipulation.
const WITHOUT: usize = 6;
/// Seeds tried per variant and stipulation before giving up on the quotas.
const MAX_SEEDS: u64 = 6000;
/// Changes tried when climbing towards an s#1.
const SELFMATE_STEPS: usize = 800;

/// A kept position and the brute force's answer.
#[derive(Debug)]
struct Case {
    variant: Variant,
    stipulation: Stipulation,
    fen: String,
    answers: BTreeSet<String>,
}

/// The arrangement of `seed` for `play`; `climbed` keeps the self-play climbs of the
/// variant, which s#1 and s#2 share.
fn arrangement(
    variant: Variant,
    play: Play,
    seed: u64,
    climbed: &mut HashMap<u64, Arrangement>,
) -> Arrangement {
    if play == Play::SelfPlay && seed % 2 == 1 {
        climbed
            .entry(seed)
            .or_insert_with(|| selfmate_arrangement(variant, seed, SELFMATE_STEPS))
            .clone()
    } else {
        Arrangement::new(variant, play, seed)
    }
}

/// The kept positions of one variant and stipulation, with and without solutions.
fn select(
    variant: Variant,
    stipulation: Stipulation,
    climbed: &mut HashMap<u64, Arrangement>,
) -> (Vec<Case>, Vec<Case>) {
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for seed in 0..MAX_SEEDS {
        if with.len() >= WITH && without.len() >= WITHOUT {
            break;
        }
        // The self-play climb is the costly part: skip it when only plain seeds are needed.
        if stipulation.play == Play::SelfPlay && seed % 2 == 1 && with.len() >= WITH {
            continue;
        }
        let arrangement = arrangement(variant, stipulation.play, seed, climbed);
        let side = if stipulation.attacker_moves_first() {
            arrangement.attacker
        } else {
            arrangement.attacker.flip()
        };
        let fen = arrangement.fen(side);
        let Ok(answers) = brute::solve(variant, &fen, stipulation) else {
            continue; // a FEN the variant refuses (a king in check, kings touching, ...)
        };
        let kept = if answers.is_empty() {
            &mut without
        } else {
            &mut with
        };
        if kept.len() < if answers.is_empty() { WITHOUT } else { WITH } {
            kept.push(Case {
                variant,
                stipulation,
                fen,
                answers,
            });
        }
    }
    (with, without)
}

/// True when the position has an answer that the stipulation one move shorter lacks
/// (a genuine #2, not only mates in one).
fn longer(case: &Case) -> bool {
    let moves = case.stipulation.moves - 1;
    moves == 0 || {
        let shorter = Stipulation {
            moves,
            ..case.stipulation
        };
        brute::solve(case.variant, &case.fen, shorter).expect("a valid FEN") != case.answers
    }
}

/// Every kept position, computed once for the tests of this file.
fn cases() -> &'static Vec<Case> {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut cases = Vec::new();
        // `longer`: positions with an answer that the stipulation one move shorter lacks.
        println!(
            "{:<18} {:<5} {:>5} {:>8} {:>7}",
            "variant", "stip", "with", "without", "longer"
        );
        for &variant in Variant::ALL {
            let mut climbed = HashMap::new();
            for text in STIPULATIONS {
                let stipulation: Stipulation = text.parse().expect("a valid stipulation");
                let (with, without) = select(variant, stipulation, &mut climbed);
                println!(
                    "{:<18} {:<5} {:>5} {:>8} {:>7}",
                    variant.name(),
                    text,
                    with.len(),
                    without.len(),
                    with.iter().filter(|case| longer(case)).count()
                );
                cases.extend(with);
                cases.extend(without);
            }
        }
        cases
    })
}

#[test]
fn every_variant_and_stipulation_has_positions_with_and_without_solutions() {
    let mut short = Vec::new();
    for &variant in Variant::ALL {
        for text in STIPULATIONS {
            let of = |solved: bool| {
                cases()
                    .iter()
                    .filter(|c| c.variant == variant && c.stipulation.to_string() == text)
                    .filter(|c| c.answers.is_empty() != solved)
                    .count()
            };
            if of(true) < WITH || of(false) < WITHOUT {
                short.push(format!(
                    "{variant} {text}: {} with, {} without solutions",
                    of(true),
                    of(false)
                ));
            }
        }
    }
    assert!(short.is_empty(), "quotas not met:\n{}", short.join("\n"));
}

#[test]
fn the_generators_give_both_colours_as_attacker() {
    for play in [Play::Direct, Play::Help, Play::SelfPlay] {
        let attackers: BTreeSet<bool> = (0..40)
            .map(|seed| Arrangement::new(Variant::Chess, play, seed).attacker == Color::White)
            .collect();
        assert_eq!(attackers.len(), 2, "{play:?}");
    }
}

#[test]
fn the_solver_agrees_with_the_brute_force() {
    let mut failures = Vec::new();
    for case in cases() {
        let got = match solver_answers::answers(case.variant, &case.fen, case.stipulation) {
            Ok(got) => got,
            Err(e) => {
                failures.push(format!(
                    "{} {} {}: solver error: {e}",
                    case.variant, case.stipulation, case.fen
                ));
                continue;
            }
        };
        if got != case.answers {
            let missing: Vec<&String> = case.answers.difference(&got).collect();
            let extra: Vec<&String> = got.difference(&case.answers).collect();
            failures.push(format!(
                "{} {} {}\n  missing (brute force only): {missing:?}\n  extra (solver only): {extra:?}",
                case.variant, case.stipulation, case.fen
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions differ:\n{}",
        failures.len(),
        cases().len(),
        failures.join("\n")
    );
}

/// The selfmates of `tests/data/solve/selfmates.txt`: (variant, FEN) pairs.
fn selfmates() -> Vec<(Variant, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solve/selfmates.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            let variant = Variant::from_name(parts[0]).unwrap_or_else(|| panic!("{line}"));
            (variant, parts[2].to_string())
        })
        .collect()
}

#[test]
fn the_solver_agrees_on_selfmates_that_need_both_moves() {
    let cases = selfmates();
    for &variant in Variant::ALL {
        assert!(
            cases.iter().filter(|(v, _)| *v == variant).count() >= 3,
            "{variant}: fewer than 3 selfmates"
        );
    }
    let [s1, s2]: [Stipulation; 2] = ["s#1", "s#2"].map(|text| text.parse().expect("valid"));
    let mut failures = Vec::new();
    for (variant, fen) in &cases {
        let keys = brute::solve(*variant, fen, s2).expect("a valid FEN");
        let short = brute::solve(*variant, fen, s1).expect("a valid FEN");
        assert!(
            keys.difference(&short).next().is_some(),
            "{variant} {fen}: no key needs both moves"
        );
        match solver_answers::answers(*variant, fen, s2) {
            Ok(got) if got == keys => {}
            got => failures.push(format!(
                "{variant} s#2 {fen}: brute force {keys:?}, solver {got:?}"
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
