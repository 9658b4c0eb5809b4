//! The solver on small positions whose answers were checked by hand or against Popeye
//! 4.104 (the expected lines are Popeye's output).

use super::*;
use crate::problem::Duplex;
use crate::solution::{Attack, Defence, MoveText, Solution, Threat};
use feerie_movegen::{Chess, Einstein, ReverseEinstein};

fn run<P: Position>(fen: &str, stip: &str, options: &SolveOptions) -> Report {
    let pos = P::from_fen(fen).unwrap();
    let stop = AtomicBool::new(false);
    solve(
        &pos,
        stip.parse().unwrap(),
        options,
        Notation::Popeye,
        &stop,
        &|_| {},
    )
}

fn mark(m: &MoveText) -> String {
    match m.mark {
        crate::solution::Mark::None => m.text.clone(),
        crate::solution::Mark::Check => format!("{} +", m.text),
        crate::solution::Mark::Goal(crate::stipulation::Goal::Mate) => format!("{} #", m.text),
        crate::solution::Mark::Goal(crate::stipulation::Goal::Stalemate) => {
            format!("{} =", m.text)
        }
    }
}

/// The lines of help and series play, each as its moves joined by spaces, sorted.
fn lines(report: &Report) -> Vec<String> {
    let Solution::Lines { solutions, .. } = &report.solution else {
        panic!("not lines")
    };
    joined(solutions)
}

/// Each line as its moves joined by spaces, sorted.
fn joined(lines: &[Vec<MoveText>]) -> Vec<String> {
    let mut out: Vec<String> = lines
        .iter()
        .map(|l| l.iter().map(mark).collect::<Vec<_>>().join(" "))
        .collect();
    out.sort();
    out
}

/// A battle tree as indented text (order of moves as generated, sorted per level).
fn tree(attacks: &[Attack], depth: usize, out: &mut Vec<String>) {
    let mut attacks: Vec<&Attack> = attacks.iter().collect();
    attacks.sort_by(|a, b| a.mv.text.cmp(&b.mv.text));
    for a in attacks {
        out.push(format!("{}{}", "  ".repeat(depth), mark(&a.mv)));
        match &a.threat {
            Threat::None => {}
            Threat::Zugzwang => out.push(format!("{}zugzwang", "  ".repeat(depth + 1))),
            Threat::Moves(t) => {
                out.push(format!("{}threat:", "  ".repeat(depth + 1)));
                tree(t, depth + 2, out);
            }
        }
        defences(&a.defences, depth + 1, out);
        for r in &a.refutations {
            out.push(format!("{}but {} !", "  ".repeat(depth + 1), mark(r)));
        }
    }
}

fn defences(ds: &[Defence], depth: usize, out: &mut Vec<String>) {
    let mut ds: Vec<&Defence> = ds.iter().collect();
    ds.sort_by(|a, b| a.mv.text.cmp(&b.mv.text));
    for d in ds {
        out.push(format!("{}...{}", "  ".repeat(depth), mark(&d.mv)));
        tree(&d.continuations, depth + 1, out);
    }
}

fn keys(report: &Report) -> Vec<String> {
    let Solution::Battle { keys, .. } = &report.solution else {
        panic!("not battle")
    };
    let mut out = Vec::new();
    tree(keys, 0, &mut out);
    out
}

fn tries(report: &Report) -> Vec<String> {
    let Solution::Battle { tries, .. } = &report.solution else {
        panic!("not battle")
    };
    let mut out = Vec::new();
    tree(tries, 0, &mut out);
    out
}

fn variation() -> SolveOptions {
    SolveOptions {
        variation: true,
        ..SolveOptions::default()
    }
}

#[test]
fn einstein_mate_in_two_with_threat_and_the_defences_that_parry_it() {
    // Innocenti, diagrammes 96 1990 (Popeye: 1.Rc6-c4=B !).
    let report = run::<Einstein>(
        "8/4K3/1pRPB3/4k3/3p1b2/2p2Pp1/4N3/1r6 w - - 0 1",
        "#2",
        &variation(),
    );
    assert_eq!(
        keys(&report),
        [
            "Rc6-c4=B",
            "  threat:",
            "    Bc4-d3=S #",
            "  ...Bf4-c1=S",
            "    Se2*g3=B #",
            "  ...Rb1-b5=B",
            "    Bc4*b5=R #",
            "  ...d4-d3",
            "    Se2*c3=B #",
        ]
    );
    assert!(!report.partial);
    assert!(report.nodes > 0);
}

#[test]
fn einstein_helpmate_in_two() {
    // Innocenti, diagrammes 94 1990: two solutions.
    let report = run::<Einstein>(
        "r7/8/6Q1/8/5p2/5p2/5K2/2pk4 b - - 0 1",
        "h#2",
        &SolveOptions::default(),
    );
    assert_eq!(
        lines(&report),
        [
            "Ra8-a4=B Kf2-f1 Ba4-c2=S Qg6-d3=R #",
            "Ra8-a6=B Qg6-d6=R + Ba6-d3=S + Rd6*d3=Q #",
        ]
    );
}

#[test]
fn einstein_mate_in_three_in_zugzwang() {
    // Bedoni, feenschach 1990.
    let report = run::<Einstein>("8/8/p7/8/N7/1P6/1PP5/kPRQ2K1 w - - 0 1", "#3", &variation());
    assert_eq!(
        keys(&report),
        [
            "Qd1-f1=R",
            "  zugzwang",
            "  ...a6-a5",
            "    Rc1-e1=B",
            "      zugzwang",
            "      ...Ka1*b1",
            "        Be1-b4=S #",
        ]
    );
}

#[test]
fn reverse_einstein_series_mate() {
    // Shankar Ram, Das Vielvaeterproblem 1989.
    let report = run::<ReverseEinstein>(
        "k1K5/p7/1P6/8/8/8/8/8 w - - 0 1",
        "ser-#3",
        &SolveOptions::default(),
    );
    assert_eq!(lines(&report), ["b6-b7=S Sb7-d6=B Bd6-b8=R #"]);
}

#[test]
fn series_stalemate_lists_the_shorter_series_first() {
    let report = run::<Chess>(
        "7k/8/5K2/8/8/8/8/3Q4 w - - 0 1",
        "ser-=3",
        &SolveOptions::default(),
    );
    let Solution::Lines { solutions, .. } = &report.solution else {
        panic!()
    };
    // Popeye (tests/data/solve/solver-ser-stalemate3.inp): 18 series of two moves, then
    // 633 of three.
    assert_eq!(solutions.iter().filter(|l| l.len() == 2).count(), 18);
    let popeye: Vec<&str> = include_str!("../../../tests/data/solve/solver-ser-stalemate3.lines")
        .lines()
        .collect();
    let first_long = solutions.iter().position(|l| l.len() == 3).unwrap();
    assert!(solutions[..first_long].iter().all(|l| l.len() == 2));
    // A stalemate in the middle of a series is no goal: no mark there.
    let all = lines(&report);
    assert_eq!(all, popeye);
    assert!(all.contains(&"Qd1-g4 Qg4-g6 Kf6-e5 =".to_string()));
}

#[test]
fn series_helpmate_with_a_short_solution() {
    let report = run::<Chess>(
        "8/8/6Q1/8/8/8/2p2K2/3k4 b - - 0 1",
        "ser-h#3",
        &SolveOptions::default(),
    );
    let all = lines(&report);
    assert_eq!(all.len(), 13);
    assert!(all.contains(&"c2-c1=R Qg6-d3 #".to_string()));
    assert!(all.contains(&"Kd1-d2 c2-c1=R Kd2-d1 Qg6-d3 #".to_string()));
}

#[test]
fn series_mate_in_two() {
    let report = run::<Chess>(
        "7k/8/5K2/8/8/8/8/3Q4 w - - 0 1",
        "ser-#2",
        &SolveOptions::default(),
    );
    assert_eq!(
        lines(&report),
        [
            "Kf6-f7 Qd1-h1 #",
            "Kf6-f7 Qd1-h5 #",
            "Kf6-g6 Qd1-d8 #",
            "Qd1-d7 Qd7-g7 #",
            "Qd1-g1 Qg1-g7 #",
            "Qd1-g4 Qg4-g7 #",
        ]
    );
}

#[test]
fn maxsolutions_cuts_the_lines() {
    let options = SolveOptions {
        max_solutions: Some(2),
        ..SolveOptions::default()
    };
    let report = run::<Chess>("7k/8/5K2/8/8/8/8/3Q4 w - - 0 1", "ser-#2", &options);
    assert_eq!(report.solution.count(), 2);
    assert!(report.partial);
}

#[test]
fn a_stop_request_returns_a_partial_report() {
    let pos = Chess::from_fen("7k/8/5K2/8/8/8/8/3Q4 w - - 0 1").unwrap();
    let stop = AtomicBool::new(true);
    let report = solve(
        &pos,
        "ser-=3".parse().unwrap(),
        &SolveOptions::default(),
        Notation::Popeye,
        &stop,
        &|_| {},
    );
    assert!(report.partial);
    assert_eq!(report.solution.count(), 0);
}

fn problem(variant: Variant, fen: &str, stip: &str, options: SolveOptions) -> Problem {
    Problem {
        meta: Default::default(),
        variant,
        fen: fen.to_string(),
        stipulation: stip.parse().unwrap(),
        options,
        twin: None,
        line: 0,
    }
}

#[test]
fn einstein_duplex_helpmate_solves_both_parts() {
    // Brand, feenschach 1982: h#2 duplex.
    let p = problem(
        Variant::Einstein,
        "8/8/8/8/8/7k/r6P/3RK2R b K - 0 1",
        "h#2",
        SolveOptions {
            duplex: Duplex::Duplex,
            ..SolveOptions::default()
        },
    );
    let reports = solve_problem(&p, &AtomicBool::new(false), &|_| {}).unwrap();
    assert_eq!(reports.len(), 2);
    assert!(!reports[0].swapped && reports[1].swapped);
    assert_eq!(lines(&reports[0]), ["Ra2-e2=B Rd1-d8=B Be2-g4=S 0-0=B #"]);
    assert_eq!(lines(&reports[1]), ["Rh1-g1=B Kh3-g2 Bg1-f2=S Ra2*f2=Q #"]);
}

#[test]
fn einstein_en_passant_defences_after_a_triple_step() {
    // Lin"s, test original: 1.d1-d4 ! (a pawn on its first rank steps three squares).
    let report = run::<Einstein>(
        "8/p6B/8/8/2p1NkN1/2p4P/2P2K2/3P4 w - - 0 1",
        "#2",
        &variation(),
    );
    assert_eq!(
        keys(&report),
        [
            "d1-d4",
            "  threat:",
            "    Sg4-e3=P #",
            "  ...c3*d2 ep.=S",
            "    Se4*d2=B #",
            "  ...c4*d3 ep.=S +",
            "    c2*d3=S #",
        ]
    );
}

#[test]
fn chess_mate_in_two_keys_and_tries_as_popeye() {
    let options = SolveOptions {
        tries: true,
        ..variation()
    };
    let report = run::<Chess>("7k/8/5K2/8/8/8/8/3Q4 w - - 0 1", "#2", &options);
    assert_eq!(
        keys(&report),
        [
            "Kf6-f7",
            "  threat:",
            "    Qd1-h1 #",
            "    Qd1-h5 #",
            "Kf6-g6",
            "  threat:",
            "    Qd1-d8 #",
            "Qd1-d7",
            "  threat:",
            "    Qd7-g7 #",
            "Qd1-g1",
            "  threat:",
            "    Qg1-g7 #",
            "Qd1-g4",
            "  threat:",
            "    Qg4-g7 #",
        ]
    );
    let tries = tries(&report);
    // Eight tries; a checking try has no threat, the others are zugzwangs.
    assert_eq!(tries.iter().filter(|l| l.starts_with("Q")).count(), 8);
    assert!(
        tries
            .windows(2)
            .any(|w| w == ["Qd1-h5 +", "  but Kh8-g8 !"])
    );
    assert!(
        tries
            .windows(3)
            .any(|w| w == ["Qd1-b3", "  zugzwang", "  but Kh8-h7 !"])
    );
}

#[test]
fn without_variation_keys_stand_alone_and_maxsolutions_counts_tries_too() {
    let report = run::<Chess>(
        "7k/8/5K2/8/8/8/8/3Q4 w - - 0 1",
        "#2",
        &SolveOptions::default(),
    );
    assert_eq!(report.solution.count(), 5);
    assert!(keys(&report).iter().all(|l| !l.starts_with(' ')));
    let options = SolveOptions {
        tries: true,
        max_solutions: Some(2),
        ..SolveOptions::default()
    };
    let report = run::<Chess>("7k/8/5K2/8/8/8/8/3Q4 w - - 0 1", "#2", &options);
    let Solution::Battle { keys, tries, .. } = &report.solution else {
        panic!()
    };
    assert_eq!(keys.len() + tries.len(), 2);
    assert!(report.partial);
}

#[test]
fn selfmate_forced_by_a_checking_key() {
    // Popeye: 1.Qb4-b7 + ! 1...Qh1*b7 # (also the only key of s#2: short solutions count).
    for stip in ["s#1", "s#2"] {
        let report = run::<Chess>(
            "k7/2K1bB2/4Q3/8/bQ6/8/8/3QN2q w - - 0 1",
            stip,
            &variation(),
        );
        assert_eq!(keys(&report), ["Qb4-b7 +", "  ...Qh1*b7 #"], "{stip}");
    }
}

#[test]
fn helpmate_lists_short_solutions_first() {
    // Popeye prints the h#1 solutions of an h#2 before the h#2 ones.
    let report = run::<Chess>(
        "8/3K4/q6N/3k4/5R1p/8/R7/4r3 b - - 0 1",
        "h#2",
        &SolveOptions::default(),
    );
    let Solution::Lines { solutions, .. } = &report.solution else {
        panic!()
    };
    let short = solutions.iter().take_while(|l| l.len() == 2).count();
    assert_eq!(short, 4);
    assert!(solutions[short..].iter().all(|l| l.len() == 4));
    let all = lines(&report);
    assert!(all.contains(&"Qa6-a5 Ra2*a5 #".to_string()));
    assert!(all.contains(&"Re1-a1 Ra2-a5 + Qa6-b5 + Ra5*b5 #".to_string()));
}

#[test]
fn duplex_part_that_is_illegal_is_left_out_and_a_bad_fen_is_an_error() {
    // Black, to move in the h#2, is in check: the duplex part (White first) is illegal.
    let p = problem(
        Variant::Chess,
        "1n6/8/4Kp2/1k4P1/Q5R1/8/8/2r5 b - - 0 1",
        "h#2",
        SolveOptions {
            duplex: Duplex::Duplex,
            ..SolveOptions::default()
        },
    );
    let reports = solve_problem(&p, &AtomicBool::new(false), &|_| {}).unwrap();
    assert_eq!(reports.len(), 1);
    assert!(!reports[0].swapped);
    let bad = problem(
        Variant::Chess,
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "#2",
        SolveOptions::default(),
    );
    let err = solve_problem(&bad, &AtomicBool::new(false), &|_| {}).unwrap_err();
    assert!(err.to_string().contains("8/8/8/8/8/8/8/8"), "{err}");
    let half = problem(
        Variant::Chess,
        "1n6/8/4Kp2/1k4P1/Q5R1/8/8/2r5 b - - 0 1",
        "h#2",
        SolveOptions {
            duplex: Duplex::HalfDuplex,
            ..SolveOptions::default()
        },
    );
    assert!(solve_problem(&half, &AtomicBool::new(false), &|_| {}).is_err());
}

#[test]
fn movenumbers_reports_every_first_move_in_order() {
    let lines = std::sync::Mutex::new(Vec::new());
    let options = SolveOptions {
        move_numbers: true,
        ..SolveOptions::default()
    };
    let pos = Chess::from_fen("7k/8/5K2/8/8/8/8/3Q4 w - - 0 1").unwrap();
    solve(
        &pos,
        "#2".parse().unwrap(),
        &options,
        Notation::Popeye,
        &AtomicBool::new(false),
        &|l| lines.lock().unwrap().push(l.to_string()),
    );
    let lines = lines.into_inner().unwrap();
    assert_eq!(lines.len(), 28);
    assert!(lines[0].starts_with("  1  ("), "{}", lines[0]);
    assert!(lines[27].starts_with(" 28  ("), "{}", lines[27]);
}

#[test]
fn stalemate_in_two_only_by_checks() {
    // Popeye: no =1; the =2 keys are the three checks (1.Qd1-h5 + ! 1.Qd1-d8 + ! 1.Qd1-h1 + !).
    let none = run::<Chess>(
        "7k/8/5K2/8/8/8/8/3Q4 w - - 0 1",
        "=1",
        &SolveOptions::default(),
    );
    assert_eq!(none.solution.count(), 0);
    let report = run::<Chess>(
        "7k/8/5K2/8/8/8/8/3Q4 w - - 0 1",
        "=2",
        &SolveOptions::default(),
    );
    assert_eq!(keys(&report), ["Qd1-d8 +", "Qd1-h1 +", "Qd1-h5 +"]);
}

/// Help lines of exactly `k` half-moves ending in mate, counted without the table.
fn brute_help<P: Position>(pos: &mut P, k: u32) -> usize {
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut count = 0;
    for &mv in moves.iter() {
        pos.play(mv);
        count += if k == 1 {
            usize::from(pos.in_check() && pos.count_legal() == 0)
        } else {
            brute_help(pos, k - 1)
        };
        pos.undo();
    }
    count
}

fn table_agrees_with_brute_force<P: Position>(fen: &str, moves: u32) {
    let report = run::<P>(fen, &format!("h#{moves}"), &SolveOptions::default());
    let mut pos = P::from_fen(fen).unwrap();
    let expected: usize = (1..=moves).map(|n| brute_help(&mut pos, 2 * n)).sum();
    assert!(expected > 0, "{fen}");
    assert_eq!(report.solution.count(), expected, "{fen}");
}

#[test]
fn helpmate_counts_match_a_search_without_table_in_every_family() {
    // Dynamo's no-undo rule makes legality depend on the move before: the table key
    // includes it, else transposed positions would share wrong results.
    table_agrees_with_brute_force::<feerie_movegen::Dynamo>("7k/8/5K2/8/8/8/8/3Q4 b - - 0 1", 3);
    table_agrees_with_brute_force::<feerie_movegen::Augsburg>(
        "7k/8/5K2/8/8/8/1N6/3Q4 b - - 0 1",
        2,
    );
    table_agrees_with_brute_force::<Chess>("8/3K4/q6N/3k4/5R1p/8/R7/4r3 b - - 0 1", 2);
    table_agrees_with_brute_force::<Einstein>("r7/8/6Q1/8/5p2/5p2/5K2/2pk4 b - - 0 1", 2);
}

fn set_play(report: &Report) -> Vec<String> {
    let Solution::Battle { set_play, .. } = &report.solution else {
        panic!("not battle")
    };
    let mut out = Vec::new();
    defences(set_play, 0, &mut out);
    out
}

#[test]
fn set_play_of_a_mate_in_two() {
    // Popeye: 1...Kd1-e1 2.Rc7-c1 #, 1...g2-g1=Q/S/R/B 2.Rg7*g1 #; keys Bd6-f4, Rg7*g2.
    let options = SolveOptions {
        set_play: true,
        ..SolveOptions::default()
    };
    let report = run::<Chess>("8/1KR3R1/3B3n/8/3P4/8/1R4p1/3k4 w - - 0 1", "#2", &options);
    assert_eq!(
        set_play(&report),
        [
            "...Kd1-e1",
            "  Rc7-c1 #",
            "...g2-g1=B",
            "  Rg7*g1 #",
            "...g2-g1=Q",
            "  Rg7*g1 #",
            "...g2-g1=R",
            "  Rg7*g1 #",
            "...g2-g1=S",
            "  Rg7*g1 #",
        ]
    );
    assert_eq!(keys(&report), ["Bd6-f4", "Rg7*g2"]);
}

#[test]
fn self_play_set_play_leaves_out_a_defence_that_mates_at_once() {
    // Popeye shows no set play here, though 1...Bc8-e6 mates White at once.
    let options = SolveOptions {
        set_play: true,
        ..SolveOptions::default()
    };
    let report = run::<Chess>(
        "2b5/r6P/2kp4/4b1R1/8/B2N4/K2P4/1N6 w - - 0 1",
        "s#2",
        &options,
    );
    assert!(set_play(&report).is_empty());
}

fn with_set_play() -> SolveOptions {
    SolveOptions {
        set_play: true,
        ..SolveOptions::default()
    }
}

/// The set play lines of help or series play, sorted.
fn set_lines(report: &Report) -> Vec<String> {
    let Solution::Lines { set_play, .. } = &report.solution else {
        panic!("not lines")
    };
    joined(set_play)
}

#[test]
fn maxsolutions_counts_the_set_play_apart() {
    // Popeye, `option setplay maxsolutions 1`: one set line and one line, partial.
    let options = SolveOptions {
        max_solutions: Some(1),
        ..with_set_play()
    };
    let report = run::<Chess>("8/2k5/4Q3/8/6B1/8/4K3/8 b - - 0 1", "h#2", &options);
    assert_eq!(set_lines(&report).len(), 1);
    assert_eq!(lines(&report).len(), 1);
    assert!(report.partial);
    let all = run::<Chess>("8/2k5/4Q3/8/6B1/8/4K3/8 b - - 0 1", "h#2", &with_set_play());
    assert_eq!((set_lines(&all).len(), lines(&all).len()), (13, 4));
    assert!(!all.partial);
}

#[test]
fn series_helpmate_set_play_is_the_last_move_alone() {
    // Popeye's hpint.inp 2 (Steudel, ser-h=5): set play 1...Kd1-e2 =.
    let report = run::<Chess>(
        "8/8/8/8/8/6p1/5prb/3K1Nkb b - - 0 1",
        "ser-h=5",
        &with_set_play(),
    );
    assert_eq!(set_lines(&report), ["Kd1-e2 ="]);
    assert_eq!(
        lines(&report),
        ["Kg1*f1 Rg2-g1 g3-g2 Bh2-f4 Bf4-d2 Kd1*d2 ="]
    );
}

#[test]
fn selfmate_defences_that_mate_before_the_end_are_not_shown() {
    // Popeye's battle_play.inp 27 (s#2, set play, nothreat): 1...b3-b2 # is the set
    // play (every defence mates) but not shown after the key (1...c5-c4 does not mate).
    let options = SolveOptions {
        set_play: true,
        no_threat: true,
        ..variation()
    };
    let report = run::<Chess>("8/8/8/2p3p1/2R3P1/kp6/p7/K7 w - - 0 1", "s#2", &options);
    assert_eq!(set_play(&report), ["...b3-b2 #"]);
    let Solution::Battle { keys, .. } = &report.solution else {
        panic!("not battle")
    };
    let mut out = Vec::new();
    tree(keys, 0, &mut out);
    assert_eq!(
        out,
        ["Rc4-e4", "  ...c5-c4", "    Re4*c4", "      ...b3-b2 #"]
    );
}

#[test]
fn a_key_that_forces_the_goal_at_once_has_no_zugzwang() {
    // Popeye's battle_play.inp 24 (s#2 solved in one): 1.Rc3-c4 ! 1...b3-b2 #.
    let report = run::<Chess>("8/8/8/2p5/8/kpR5/p7/K7 w - - 0 1", "s#2", &variation());
    let Solution::Battle { keys, .. } = &report.solution else {
        panic!("not battle")
    };
    let mut out = Vec::new();
    tree(keys, 0, &mut out);
    assert_eq!(out, ["Rc3-c4", "  ...b3-b2 #"]);
}

#[test]
fn a_threat_is_the_same_whether_it_captures_or_not() {
    // Popeye's ep.inp 1 (Armeni): after 1.Bh4*g5 (threat Bg5*e7 #), 1...e7-e6 is met by
    // Bg5-e7 #, the threat's squares: no defence.
    let report = run::<Chess>(
        "5r2/2P1p3/1K1k2N1/1bN1p1p1/2P1P1pB/6PB/5P2/5r1R w - - 0 1",
        "#2",
        &SolveOptions {
            tries: true,
            ..variation()
        },
    );
    let Solution::Battle { tries, .. } = &report.solution else {
        panic!("not battle")
    };
    let bg5 = tries
        .iter()
        .find(|t| t.mv.text == "Bh4*g5")
        .expect("the try 1.Bh4*g5");
    let shown: Vec<&str> = bg5.defences.iter().map(|d| d.mv.text.as_str()).collect();
    assert!(!shown.contains(&"e7-e6"), "{shown:?}");
    assert!(shown.contains(&"Rf8-f6"), "{shown:?}");
}
