//! The layout against Popeye 4.104's own output (tests/data/solve/layout: the inputs and
//! what Popeye printed for them). Each solution Popeye printed is read back into a
//! `Report` (moves as text, no solver involved), laid out again, and must come out
//! character for character, header, diagram and closing line included.

use super::*;
use crate::problem::{Duplex, Language, Meta, SolveOptions, Twin};
use crate::solution::{Attack, Defence, Mark, MoveText, Threat};
use crate::stipulation::{Goal, Stipulation};
use feerie_variants::Variant;
use std::time::Duration;

const EN: Language = Language::English;

const EINSTEIN: &str =
    include_str!("../../../tests/data/solve/layout/einstein-published.popeye.out");
const BATTLE: &str = include_str!("../../../tests/data/solve/layout/battle.popeye.out");
const LINES: &str = include_str!("../../../tests/data/solve/layout/lines.popeye.out");

/// Whether `line` is a closing line, in any of Popeye's languages.
fn is_closing(line: &str) -> bool {
    Language::ALL.iter().any(|&l| {
        let words = words::printed(l);
        line.starts_with(words.finished.trim_start()) || line.starts_with(words.partial)
    })
}

/// The problems of a Popeye output, each from its first line to the blank lines after
/// its closing line (the program's first line, its version, is not a problem's).
fn sections(output: &str) -> Vec<String> {
    let mut sections = Vec::new();
    let mut current = String::new();
    let mut lines = output.split_inclusive('\n').skip(1);
    while let Some(line) = lines.next() {
        current.push_str(line);
        if is_closing(line) {
            current.extend(lines.by_ref().take(2));
            sections.push(std::mem::take(&mut current));
        }
    }
    sections
}

fn problem(variant: Variant, fen: &str, stipulation: &str) -> Problem {
    Problem {
        meta: Meta::default(),
        variant,
        fen: fen.to_string(),
        stipulation: stipulation.parse().unwrap(),
        options: SolveOptions::default(),
        twin: None,
        line: 1,
    }
}

fn with_meta(mut p: Problem, authors: &[&str], origins: &[&str], titles: &[&str]) -> Problem {
    let texts = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    p.meta = Meta {
        authors: texts(authors),
        origins: texts(origins),
        titles: texts(titles),
        remarks: Vec::new(),
        ..Meta::default()
    };
    p
}

fn titled(p: Problem, title: &str) -> Problem {
    with_meta(p, &[], &[], &[title])
}

fn options(mut p: Problem, set: impl FnOnce(&mut SolveOptions)) -> Problem {
    set(&mut p.options);
    p
}

/// A move of Popeye's text with its mark; the UCI string is the text (no board here).
fn parse_move(text: &str) -> MoveText {
    let (text, mark) = if let Some(t) = text.strip_suffix(" +") {
        (t, Mark::Check)
    } else if let Some(t) = text.strip_suffix(" #") {
        (t, Mark::Goal(Goal::Mate))
    } else if let Some(t) = text.strip_suffix(" =") {
        (t, Mark::Goal(Goal::Stalemate))
    } else {
        (text, Mark::None)
    };
    MoveText {
        uci: text.to_string(),
        text: text.to_string(),
        mark,
    }
}

/// One line of a tree: its depth (from the move number and dots, not the indentation,
/// which the comparison checks) and what follows the move.
#[derive(Debug)]
enum Entry {
    Move {
        depth: usize,
        mv: MoveText,
        role: Option<char>,
        threat: Option<Threat>,
    },
    But,
}

fn entry(line: &str) -> Entry {
    if line == "    but" {
        return Entry::But;
    }
    let trimmed = line.trim_start();
    let (number, rest) = trimmed.split_once('.').expect("a numbered move");
    let number: usize = number.parse().expect("a move number");
    let (odd, mut rest) = match rest.strip_prefix("..") {
        Some(r) => (1, r),
        None => (0, rest),
    };
    let mut threat = None;
    if let Some(r) = rest.strip_suffix(" threat:") {
        (rest, threat) = (r, Some(Threat::Moves(Vec::new())));
    } else if let Some(r) = rest.strip_suffix(" zugzwang.") {
        (rest, threat) = (r, Some(Threat::Zugzwang));
    }
    let mut role = None;
    for mark in ['!', '?'] {
        if let Some(r) = rest.strip_suffix(&format!(" {mark}")) {
            (rest, role) = (r, Some(mark));
        }
    }
    Entry::Move {
        depth: 2 * (number - 1) + odd,
        mv: parse_move(rest),
        role,
        threat,
    }
}

fn depth_of(entries: &[Entry], i: usize) -> Option<usize> {
    match entries.get(i) {
        Some(Entry::Move { depth, .. }) => Some(*depth),
        _ => None,
    }
}

fn read_attack(entries: &[Entry], i: &mut usize) -> Attack {
    let Entry::Move {
        depth, mv, threat, ..
    } = &entries[*i]
    else {
        panic!("an attacker's move expected at {i}");
    };
    let depth = *depth;
    *i += 1;
    let mut attack = Attack {
        mv: mv.clone(),
        threat: threat.clone().unwrap_or(Threat::None),
        defences: Vec::new(),
        refutations: Vec::new(),
    };
    if let Threat::Moves(threats) = &mut attack.threat {
        while depth_of(entries, *i) == Some(depth + 2) {
            threats.push(read_attack(entries, i));
        }
    }
    while depth_of(entries, *i) == Some(depth + 1) {
        attack.defences.push(read_defence(entries, i));
    }
    // Only first moves (depth 0) are tries.
    if depth == 0 && matches!(entries.get(*i), Some(Entry::But)) {
        *i += 1;
        while let Some(Entry::Move { depth: d, mv, .. }) = entries.get(*i) {
            assert_eq!(*d, depth + 1);
            attack.refutations.push(mv.clone());
            *i += 1;
        }
    }
    attack
}

fn read_defence(entries: &[Entry], i: &mut usize) -> Defence {
    let Entry::Move { depth, mv, .. } = &entries[*i] else {
        panic!("a defence expected at {i}");
    };
    let depth = *depth;
    *i += 1;
    let mut defence = Defence {
        mv: mv.clone(),
        continuations: Vec::new(),
    };
    while depth_of(entries, *i) == Some(depth + 1) {
        defence.continuations.push(read_attack(entries, i));
    }
    defence
}

/// A token of a line without its move number (`2.Ba4-c2=S`, `1...Kf2-f1`); `...` and a
/// lone `1...` give nothing.
fn strip_number(token: &str) -> &str {
    if let Some((number, rest)) = token.split_once('.') {
        if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
            return rest.trim_start_matches('.');
        }
    }
    if token.bytes().all(|b| b == b'.') {
        ""
    } else {
        token
    }
}

/// The moves of a help or series line, in the order played.
fn read_line(line: &str) -> Vec<MoveText> {
    let mut moves: Vec<(String, Mark)> = Vec::new();
    for token in line.split_whitespace() {
        match strip_number(token) {
            "" => {}
            "+" => moves.last_mut().unwrap().1 = Mark::Check,
            "#" => moves.last_mut().unwrap().1 = Mark::Goal(Goal::Mate),
            "=" => moves.last_mut().unwrap().1 = Mark::Goal(Goal::Stalemate),
            t if t.starts_with("ep.") => {
                let last = moves.last_mut().unwrap();
                last.0 = format!("{} {t}", last.0);
            }
            t => moves.push((t.to_string(), Mark::None)),
        }
    }
    moves
        .into_iter()
        .map(|(text, mark)| MoveText {
            uci: text.clone(),
            text,
            mark,
        })
        .collect()
}

/// A solution Popeye printed in `language` in English words and piece letters, as the
/// solver writes its moves (the layout then writes them in `language` again).
fn english_solution(text: &str, language: Language) -> String {
    let words = words::printed(language);
    let english = words::printed(Language::English);
    let theirs = &language.words().pieces;
    let ours = &Language::English.words().pieces;
    let letter = |c: char| match theirs.iter().position(|&l| l.to_ascii_uppercase() == c) {
        Some(i) => ours[i].to_ascii_uppercase(),
        None => c,
    };
    let mut out = String::new();
    for line in text.lines() {
        if line.trim() == words.but {
            out.push_str(&format!("    {}", english.but));
        } else {
            let line = line
                .replace(words.threat, english.threat)
                .replace(words.zugzwang, english.zugzwang);
            out.extend(line.chars().map(letter));
        }
        out.push('\n');
    }
    out
}

/// Reads the solution Popeye printed for `problem` (the text after its header, up to
/// the closing line or the next twin) back into reports.
fn read_solution(problem: &Problem, text: &str) -> Vec<Report> {
    let text = &english_solution(text, problem.meta.language);
    let lines: Vec<&str> = text.lines().collect();
    let mut at = 0;
    let parts = match problem.options.duplex {
        Duplex::No => vec![false],
        Duplex::Duplex => vec![false, true],
        Duplex::HalfDuplex => vec![true],
    };
    let blank = |at: &mut usize| {
        assert_eq!(
            lines.get(*at),
            Some(&""),
            "a blank line expected in\n{text}"
        );
        *at += 1;
    };
    let mut reports = Vec::new();
    for swapped in parts {
        let play = problem.stipulation.play;
        let battle = matches!(play, Play::Direct | Play::SelfPlay);
        let take_run = |at: &mut usize| {
            let start = *at;
            while lines.get(*at).is_some_and(|l| !l.is_empty()) {
                *at += 1;
            }
            &lines[start..*at]
        };
        let wants_set = problem.options.set_play && play != Play::Series;
        let set_text = if wants_set {
            blank(&mut at);
            take_run(&mut at).to_vec()
        } else {
            Vec::new()
        };
        blank(&mut at);
        let solution = if battle {
            let entries: Vec<Entry> = set_text.iter().map(|l| entry(l)).collect();
            let mut i = 0;
            let mut set_play = Vec::new();
            while i < entries.len() {
                set_play.push(read_defence(&entries, &mut i));
            }
            let (mut keys, mut tries) = (Vec::new(), Vec::new());
            while lines.get(at).is_some_and(|l| !l.is_empty()) {
                let entries: Vec<Entry> = take_run(&mut at).iter().map(|l| entry(l)).collect();
                blank(&mut at);
                let role = match &entries[0] {
                    Entry::Move { role, .. } => *role,
                    Entry::But => None,
                };
                let mut i = 0;
                let attack = read_attack(&entries, &mut i);
                assert_eq!(i, entries.len(), "one tree a block: {entries:?}");
                match role {
                    Some('!') => keys.push(attack),
                    _ => tries.push(attack),
                }
            }
            Solution::Battle {
                set_play,
                keys,
                tries,
            }
        } else {
            Solution::Lines {
                set_play: set_text.iter().map(|l| read_line(l)).collect(),
                solutions: take_run(&mut at).iter().map(|l| read_line(l)).collect(),
            }
        };
        reports.push(Report {
            stipulation: problem.stipulation,
            swapped,
            solution,
            partial: false,
            unlisted: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        });
    }
    assert_eq!(at, lines.len(), "all of the solution read:\n{text}");
    reports
}

/// `Time = 0.014 s` (in `language`) as a duration.
fn closing_of(line: &str, language: Language) -> Closing {
    let words = words::printed(language);
    let time = line
        .split(words.time)
        .nth(1)
        .unwrap()
        .trim_end_matches(" s\n\n\n");
    let (secs, millis) = time.split_once('.').unwrap();
    Closing {
        elapsed: Duration::from_secs(secs.parse().unwrap())
            + Duration::from_millis(millis.parse().unwrap()),
        partial: line.starts_with(words.partial),
        interrupted: false,
    }
}

/// Checks that the layout of `twins` (one problem, or its twins in order) is `expected`,
/// Popeye's output for it, once Popeye's solutions are read back into reports.
fn check(twins: &[Problem], expected: &str) {
    let language = twins[0].meta.language;
    let words = words::printed(language);
    let closing_at = expected
        .rfind(words.finished)
        .or_else(|| expected.find(words.partial))
        .expect("a closing line");
    let mut rest = &expected[..closing_at];
    let mut ours = String::new();
    let mut all = Vec::new();
    for (n, problem) in twins.iter().enumerate() {
        let head = header(problem, n == 0);
        assert!(
            rest.starts_with(&head),
            "header of twin {n}:\n--- ours\n{head}--- Popeye's\n{rest}"
        );
        rest = &rest[head.len()..];
        let end = match twins.get(n + 1) {
            Some(next) => rest.find(&header(next, false)).expect("the next twin"),
            None => rest.len(),
        };
        let reports = read_solution(problem, &rest[..end]);
        rest = &rest[end..];
        ours.push_str(&head);
        ours.push_str(&solution(problem, &reports));
        all.extend(reports);
    }
    let closing_line = closing_of(&expected[closing_at..], language);
    if let Some(first) = all.first_mut() {
        first.elapsed = closing_line.elapsed;
        first.partial = closing_line.partial;
    }
    ours.push_str(&closing(&Closing::of(&all), twins[0].meta.language));
    assert_eq!(ours, expected);
    if twins.len() == 1 {
        assert_eq!(popeye(&twins[0], &all), expected);
    }
}

#[test]
fn published_einstein_problems_as_popeye_writes_them() {
    let sections = sections(EINSTEIN);
    assert_eq!(sections.len(), 6);
    let innocenti = |fen, stip| {
        let p = problem(Variant::Einstein, fen, stip);
        with_meta(p, &["Didier Innocenti"], &[], &[])
    };
    let mut p1 = innocenti("r7/8/6Q1/8/5p2/5p2/5K2/2pk4 b - - 0 1", "h#2");
    p1.meta.origins = vec!["2318, diagrammes 94, 7-9/1990".to_string()];
    let mut p2 = innocenti("8/4K3/1pRPB3/4k3/3p1b2/2p2Pp1/4N3/1r6 w - - 0 1", "#2");
    p2.meta.origins = vec!["2397, diagrammes 96, 1-3/1990".to_string()];
    p2.options.variation = true;
    let brand = problem(Variant::Einstein, "8/8/8/8/8/7k/r6P/3RK2R b K - 0 1", "h#2");
    let mut brand = with_meta(brand, &["Thomas Brand"], &["3660, feenschach 8/1982"], &[]);
    brand.options.duplex = Duplex::Duplex;
    let bedoni = problem(
        Variant::Einstein,
        "8/8/p7/8/N7/1P6/1PP5/kPRQ2K1 w - - 0 1",
        "#3",
    );
    let mut bedoni = with_meta(bedoni, &["Romeo Bedoni"], &["feenschach-97, 11/1990"], &[]);
    bedoni.options.variation = true;
    let ram = problem(
        Variant::ReverseEinstein,
        "k1K5/p7/1P6/8/8/8/8/8 w - - 0 1",
        "ser-#3",
    );
    let ram = with_meta(
        ram,
        &["N. Shankar Ram"],
        &["250, Das Vielvaeterproblem, 2. Aufl. 1989"],
        &[],
    );
    let lins = problem(
        Variant::Einstein,
        "8/p6B/8/8/2p1NkN1/2p4P/2P2K2/3P4 w - - 0 1",
        "#2",
    );
    let mut lins = with_meta(lins, &["Torsten Lin\"s"], &["Testoriginal"], &[]);
    lins.options.variation = true;
    for (p, expected) in [p1, p2, brand, bedoni, ram, lins].iter().zip(&sections) {
        check(std::slice::from_ref(p), expected);
    }
}

#[test]
fn direct_and_self_play_as_popeye_writes_them() {
    let sections = sections(BATTLE);
    let chess = |fen, stip, title| titled(problem(Variant::Chess, fen, stip), title);
    let variation = |p| options(p, |o| o.variation = true);
    let duplex = "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let tries = "k7/ppK5/8/8/8/8/7Q/8 w - - 0 1";
    let problems = [
        variation(chess(
            "k3N3/P7/K6p/8/8/8/8/8 w - - 0 1",
            "#2",
            "#2 with short solution",
        )),
        options(
            chess(
                "k3n3/P7/K1p1N3/8/8/2p5/1P6/8 w - - 0 1",
                "#3",
                "#3 with short setplay",
            ),
            |o| (o.set_play, o.variation) = (true, true),
        ),
        options(
            chess(
                "8/8/8/8/2R1P3/kp1B4/8/K7 w - - 0 1",
                "s#1",
                "s#1 with tries",
            ),
            |o| (o.tries, o.variation) = (true, true),
        ),
        options(
            chess(
                "8/8/8/8/1p6/k7/p1Q5/K7 w - - 0 1",
                "s#2",
                "s#2 with set play",
            ),
            |o| (o.set_play, o.variation) = (true, true),
        ),
        options(chess(tries, "#2", "#2 with tries and threats"), |o| {
            (o.tries, o.variation) = (true, true)
        }),
        options(chess(tries, "#2", "no variations, tries"), |o| {
            o.tries = true
        }),
        options(chess(duplex, "#1", "duplex"), |o| o.duplex = Duplex::Duplex),
        options(chess(duplex, "#1", "halfduplex"), |o| {
            o.duplex = Duplex::HalfDuplex
        }),
        chess("7k/8/8/8/8/8/1P6/K7 w - - 0 1", "#1", "no solution"),
        chess("k7/8/2K5/8/8/8/7Q/8 w - - 0 1", "=1", "stalemate"),
    ];
    assert_eq!(sections.len(), problems.len());
    for (p, expected) in problems.iter().zip(&sections) {
        // Popeye prints keys and tries in the order it generates them, we print the
        // keys first: the same blocks, reordered.
        check(std::slice::from_ref(p), &keys_first(expected));
    }
}

/// Popeye's output with the key blocks moved before the try blocks (a block is a
/// paragraph whose first line ends in ` !`, ` ?`, ` threat:` or ` zugzwang.`), in each
/// run of first moves (one a twin).
fn keys_first(section: &str) -> String {
    let paragraphs: Vec<&str> = section.split_inclusive("\n\n").collect();
    let is_first_move = |p: &str| p.starts_with("   1.");
    let is_key = |p: &str| {
        let first = p.lines().next().unwrap_or("");
        let first = Language::ALL.iter().fold(first, |first, &l| {
            let words = words::printed(l);
            first
                .trim_end_matches(words.threat)
                .trim_end_matches(words.zugzwang)
        });
        first.ends_with(" !")
    };
    let mut out = String::new();
    let mut rest = &paragraphs[..];
    while let Some(start) = rest.iter().position(|p| is_first_move(p)) {
        let end = start
            + rest[start..]
                .iter()
                .take_while(|p| is_first_move(p))
                .count();
        let block = &rest[start..end];
        let keys = block.iter().filter(|p| is_key(p));
        let tries = block.iter().filter(|p| !is_key(p));
        out.push_str(&rest[..start].concat());
        out.extend(keys.chain(tries).copied());
        rest = &rest[end..];
    }
    out.push_str(&rest.concat());
    out
}

#[test]
fn help_and_series_play_as_popeye_writes_them() {
    let sections = sections(LINES);
    let help = "r5k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1";
    let p1 = problem(Variant::Chess, "8/8/8/8/8/2K5/p6R/k7 w - - 0 1", "h#1.5");
    let p1 = with_meta(
        p1,
        &["Set play"],
        &[],
        &["h#1.5 with set play and short solutions"],
    );
    let p2 = problem(
        Variant::Einstein,
        "r7/8/6Q1/8/5p2/5p2/5K2/2pk4 b - - 0 1",
        "h#2",
    );
    let p3 = problem(
        Variant::Chess,
        "8/8/6Q1/8/8/8/2p2K2/3k4 b - - 0 1",
        "ser-h#3",
    );
    let problems = [
        options(p1, |o| o.set_play = true),
        options(titled(p2, "h#2 cut short by maxsolutions"), |o| {
            o.max_solutions = Some(1)
        }),
        titled(p3, "ser-h#3 with short solutions"),
        problem(Variant::Chess, "8/7Q/8/8/8/8/2p2K2/3k4 w - - 0 1", "ser-#2"),
        problem(Variant::Chess, "8/8/8/8/8/2K5/1p5R/k7 b - - 0 1", "h=1"),
        options(problem(Variant::Chess, help, "h#1"), |o| {
            o.duplex = Duplex::Duplex
        }),
    ];
    assert_eq!(sections.len(), problems.len() + 1);
    for (p, expected) in problems.iter().zip(&sections) {
        check(std::slice::from_ref(p), expected);
    }
    let twin = |p: Problem, label: char, change: &str| Problem {
        twin: Some(Twin {
            label: label.into(),
            change: change.to_string(),
            continued: false,
            zero: None,
        }),
        ..p
    };
    let mut a = problem(Variant::Chess, help, "h#1");
    a.meta.remarks = vec!["twins".to_string()];
    let b_fen = "r5k1/5ppp/8/8/8/8/5PPP/1R4K1 b - - 0 1";
    let twins = [
        twin(a.clone(), 'a', ""),
        twin(problem(Variant::Chess, b_fen, "h#1"), 'b', "wRa1-->b1"),
        twin(problem(Variant::Chess, help, "h=1"), 'c', "h=1"),
        twin(
            problem(Variant::AntiEinstein, help, "h#1"),
            'd',
            "AntiEinsteinChess",
        ),
    ];
    check(&twins, &sections[6]);
}

/// A report built by hand: the first problem of the published file, #2 of Innocenti.
#[test]
fn a_tree_built_by_hand() {
    let mv = |text: &str, mark| MoveText {
        uci: String::new(),
        text: text.to_string(),
        mark,
    };
    let mate = Mark::Goal(Goal::Mate);
    let attack = |text: &str, mark, threat| Attack {
        mv: mv(text, mark),
        threat,
        defences: Vec::new(),
        refutations: Vec::new(),
    };
    let answer = |defence: &str, continuation: &str| Defence {
        mv: mv(defence, Mark::None),
        continuations: vec![attack(continuation, mate, Threat::None)],
    };
    let mut key = attack(
        "Rc6-c4=B",
        Mark::None,
        Threat::Moves(vec![attack("Bc4-d3=S", mate, Threat::None)]),
    );
    key.defences = vec![
        answer("Rb1-b5=B", "Bc4*b5=R"),
        answer("d4-d3", "Se2*c3=B"),
        answer("Bf4-c1=S", "Se2*g3=B"),
    ];
    let mut r#try = attack("Se2*f4=B", Mark::Check, Threat::None);
    r#try.refutations = vec![mv("Ke5*f4", Mark::None)];
    let report = Report {
        stipulation: "#2".parse::<Stipulation>().unwrap(),
        swapped: false,
        solution: Solution::Battle {
            set_play: Vec::new(),
            keys: vec![key],
            tries: vec![r#try],
        },
        partial: false,
        unlisted: 0,
        nodes: 1234,
        elapsed: Duration::from_millis(8),
    };
    let p = problem(
        Variant::Einstein,
        "8/4K3/1pRPB3/4k3/3p1b2/2p2Pp1/4N3/1r6 w - - 0 1",
        "#2",
    );
    let text = popeye(&p, std::slice::from_ref(&report));
    let solution = "
   1.Rc6-c4=B ! threat:
          2.Bc4-d3=S #
      1...Rb1-b5=B
          2.Bc4*b5=R #
      1...d4-d3
          2.Se2*c3=B #
      1...Bf4-c1=S
          2.Se2*g3=B #

   1.Se2*f4=B + ?
    but
      1...Ke5*f4 !


solution finished. Time = 0.008 s


";
    assert!(text.starts_with("\n\n+---a---b"), "{text}");
    assert!(
        text.contains("\n  #2                          6 + 7\n            EinsteinChess\n"),
        "{text}"
    );
    assert!(text.ends_with(solution), "{text}");

    let cut = Report {
        partial: true,
        ..report
    };
    let text = popeye(&p, &[cut]);
    assert!(text.ends_with("      1...Ke5*f4 !\n\nPartial solution Time = 0.008 s\n\n\n"));
}

/// Lines built by hand, with the numbering of h#n, h#n.5 and their set play.
#[test]
fn help_lines_built_by_hand() {
    let mv = |text: &str| MoveText {
        uci: String::new(),
        text: text.to_string(),
        mark: Mark::None,
    };
    let mut mate = mv("Qg6-d3=R");
    mate.mark = Mark::Goal(Goal::Mate);
    let full = vec![mv("Ra8-a4=B"), mv("Kf2-f1"), mv("Ba4-c2=S"), mate.clone()];
    let h2: Stipulation = "h#2".parse().unwrap();
    assert_eq!(
        lines::lines(h2, false, std::slice::from_ref(&full), EN),
        "  1.Ra8-a4=B Kf2-f1   2.Ba4-c2=S Qg6-d3=R #\n"
    );
    let half = &full[1..];
    let h15: Stipulation = "h#1.5".parse().unwrap();
    assert_eq!(
        lines::lines(h15, false, &[half.to_vec()], EN),
        "  1...Kf2-f1   2.Ba4-c2=S Qg6-d3=R #\n"
    );
    assert_eq!(
        lines::lines(h2, true, &[half.to_vec()], EN),
        "  1...Kf2-f1   2.Ba4-c2=S Qg6-d3=R #\n",
        "the set play of h#2 is numbered as h#1.5"
    );
    assert_eq!(
        lines::lines(h15, true, &[full[2..].to_vec()], EN),
        "  1...  ...  2.Ba4-c2=S Qg6-d3=R #\n"
    );
    let long: Vec<MoveText> = (0..20).map(|_| mv("Kf2-f1")).collect();
    let h10: Stipulation = "h#10".parse().unwrap();
    let text = lines::lines(h10, false, &[long], EN);
    assert!(
        text.contains(" Kf2-f1   9.Kf2-f1 Kf2-f1  10.Kf2-f1 "),
        "{text}"
    );
    let ser: Stipulation = "ser-h#2".parse().unwrap();
    assert_eq!(
        lines::lines(ser, false, &[vec![mv("Kd1-c1"), mv("Kc1-d1"), mate]], EN),
        "  1.Kd1-c1   2.Kc1-d1 Qg6-d3=R #\n"
    );
}

fn uci(text: &str, mark: Mark) -> MoveText {
    MoveText {
        uci: text.to_string(),
        text: format!("text of {text}"),
        mark,
    }
}

fn first_move(text: &str, refutations: &[&str]) -> Attack {
    Attack {
        mv: uci(text, Mark::None),
        threat: Threat::None,
        defences: Vec::new(),
        refutations: refutations.iter().map(|r| uci(r, Mark::None)).collect(),
    }
}

fn report(stipulation: &str, solution: Solution) -> Report {
    Report {
        stipulation: stipulation.parse().unwrap(),
        swapped: false,
        solution,
        partial: false,
        unlisted: 0,
        nodes: 42,
        elapsed: Duration::from_micros(14_250),
    }
}

#[test]
fn json_of_a_cooked_direct_mate_with_tries() {
    let mut p = problem(Variant::Chess, "k7/ppK5/8/8/8/8/7Q/8 w - - 0 1", "#2");
    p.options.tries = true;
    let solution = Solution::Battle {
        set_play: Vec::new(),
        keys: vec![first_move("h2h1", &[]), first_move("h2b2", &[])],
        tries: vec![first_move("h2e5", &["a7a6"])],
    };
    let text = json(&p, &Ok(vec![report("#2", solution)]));
    assert_eq!(
        text,
        r##"{"variant":"chess","stipulation":"#2","fen":"k7/ppK5/8/8/8/8/7Q/8 w - - 0 1","keys":["h2h1","h2b2"],"tries":[{"move":"h2e5","refutations":["a7a6"]}],"count":2,"partial":false,"time_ms":14.25,"nodes":42,"warnings":["cook: 2 keys"]}"##
    );
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["keys"][1], "h2b2");
}

#[test]
fn json_of_a_helpmate_with_its_duplex_and_twin() {
    let mut p = problem(
        Variant::Einstein,
        "8/8/8/8/8/7k/r6P/3RK2R b K e3 0 1",
        "h#2",
    );
    p.options.duplex = Duplex::Duplex;
    p.options.set_play = true;
    p.twin = Some(Twin {
        label: 'b'.into(),
        change: "wRa1-->b1".to_string(),
        continued: false,
        zero: None,
    });
    let line = |moves: &[&str]| moves.iter().map(|m| uci(m, Mark::None)).collect::<Vec<_>>();
    let first = report(
        "h#2",
        Solution::Lines {
            set_play: Vec::new(),
            solutions: vec![line(&["a2e2", "d1d8", "e2g4", "e1g1"])],
        },
    );
    let mut second = report(
        "h#2",
        Solution::Lines {
            set_play: vec![line(&["h3g2", "g1f2", "a2f2"])],
            solutions: vec![
                line(&["h1g1", "h3g2", "g1f2", "a2f2"]),
                line(&["h1g1", "h3h2", "g1f2", "a2f2"]),
            ],
        },
    );
    second.swapped = true;
    second.partial = true;
    let text = json(&p, &Ok(vec![first, second]));
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 2, "{text}");
    assert_eq!(objects[0]["variant"], "einstein");
    assert_eq!(objects[0]["twin"], "b");
    assert_eq!(objects[0]["twin_change"], "wRa1-->b1");
    assert_eq!(objects[0]["fen"], "8/8/8/8/8/7k/r6P/3RK2R b K e3 0 1");
    assert!(objects[0].get("duplex").is_none());
    assert_eq!(objects[0]["solutions"][0][3], "e1g1");
    assert_eq!(objects[0]["set_play"], serde_json::json!([]));
    assert_eq!(objects[0]["warnings"], serde_json::json!([]));
    assert_eq!(objects[1]["duplex"], true);
    assert_eq!(objects[1]["fen"], "8/8/8/8/8/7k/r6P/3RK2R w K - 0 1");
    assert_eq!(objects[1]["count"], 2);
    assert_eq!(objects[1]["partial"], true);
    assert_eq!(objects[1]["set_play"][0][0], "h3g2");
    assert_eq!(objects[1]["warnings"], serde_json::json!(["2 solutions"]));
}

#[test]
fn json_of_errors() {
    let p = problem(Variant::Dynamo, "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "s#1");
    let unsolvable = crate::solution::UnsolvablePosition {
        variant: Variant::Dynamo,
        fen: "4k3/8/8/8/8/8/8/4K2R w - - 0 1".to_string(),
        reason: feerie_movegen::FenError::impossible("the side not to move is in \"check\""),
    };
    let text = json(&p, &Err(unsolvable));
    assert_eq!(
        text,
        r##"{"variant":"dynamo","stipulation":"s#1","fen":"4k3/8/8/8/8/8/8/4K2R w - - 0 1","error":"dynamo position '4k3/8/8/8/8/8/8/4K2R w - - 0 1' cannot be solved: impossible position: the side not to move is in \"check\""}"##
    );
    let unsolved = report(
        "#1",
        Solution::Battle {
            set_play: Vec::new(),
            keys: Vec::new(),
            tries: Vec::new(),
        },
    );
    let value: serde_json::Value = serde_json::from_str(&json(&p, &Ok(vec![unsolved]))).unwrap();
    assert_eq!(value["warnings"], serde_json::json!(["no solution"]));
    assert!(value.get("tries").is_none(), "tries only when asked");
    let input = crate::input::InputError {
        line: 7,
        message: "unknown keyword 'pieces2'".to_string(),
    };
    assert_eq!(
        json_input_error(&input),
        r#"{"error":"line 7: unknown keyword 'pieces2'","line":7}"#
    );
}

/// The problems as `input` reads them from the same files: their headers (texts, FEN,
/// twins) and solutions must give Popeye's output too.
#[test]
fn problems_read_from_popeye_input_are_laid_out_as_popeye_does() {
    let files = [
        (
            include_str!("../../../tests/data/solve/einstein-published.inp"),
            EINSTEIN,
        ),
        (
            include_str!("../../../tests/data/solve/layout/battle.inp"),
            BATTLE,
        ),
        (
            include_str!("../../../tests/data/solve/layout/lines.inp"),
            LINES,
        ),
        (
            include_str!("../../../tests/data/solve/layout/noboard.inp"),
            include_str!("../../../tests/data/solve/layout/noboard.popeye.out"),
        ),
        (
            include_str!("../../../tests/data/solve/layout/zeroposition.inp"),
            include_str!("../../../tests/data/solve/layout/zeroposition.popeye.out"),
        ),
        // German and French inputs are answered in German and French.
        (
            include_str!("../../../tests/data/solve/popeye/twin-de.inp"),
            include_str!("../../../tests/data/solve/popeye/twin-de.popeye.out"),
        ),
        (
            include_str!("../../../tests/data/solve/popeye/twin-fr.inp"),
            include_str!("../../../tests/data/solve/popeye/twin-fr.popeye.out"),
        ),
        (
            include_str!("../../../tests/data/solve/popeye/beispiel.inp"),
            include_str!("../../../tests/data/solve/popeye/beispiel.popeye.out"),
        ),
    ];
    for (input, output) in files {
        let mut groups: Vec<Vec<Problem>> = Vec::new();
        for entry in crate::input::parse(input) {
            let problem = entry.unwrap_or_else(|e| panic!("{e}"));
            match &problem.twin {
                Some(twin) if twin.label != 'a' => groups.last_mut().unwrap().push(problem),
                _ => groups.push(vec![problem]),
            }
        }
        let sections = sections(output);
        assert_eq!(groups.len(), sections.len());
        for (twins, expected) in groups.iter().zip(&sections) {
            check(twins, &keys_first(expected));
        }
    }
}

#[test]
fn json_warns_of_every_dual_in_the_variation_tree() {
    let mut p = problem(Variant::Chess, "3k4/8/8/8/8/8/8/3QK3 w - - 0 1", "#2");
    p.options.variation = true;
    let answer = |text: &str| first_move(text, &[]);
    let defence = |text: &str, answers: &[&str]| Defence {
        mv: uci(text, Mark::None),
        continuations: answers.iter().map(|a| answer(a)).collect(),
    };
    let mut key = first_move("b1f5", &[]);
    key.defences = vec![
        defence("d7c6", &["g1b6", "g1c1"]),
        defence("d7c7", &["g1b6"]),
    ];
    let solution = Solution::Battle {
        set_play: Vec::new(),
        keys: vec![key],
        tries: Vec::new(),
    };
    let text = json(&p, &Ok(vec![report("#2", solution)]));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        value["warnings"],
        serde_json::json!(["dual after d7c6: 2 continuations (g1b6, g1c1)"])
    );
}
