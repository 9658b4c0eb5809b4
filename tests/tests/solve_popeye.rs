//! `feerie solve` against Popeye 4.104 on the Einstein family and orthodox chess: the same
//! keys, tries and refutations, threats, defences and continuations, and the same help and
//! series lines, compared as sets (the order of moves may differ). Popeye cannot run in CI,
//! so its outputs are committed beside the inputs in `tests/data/solve` (the table of
//! problems and their sources is that folder's README; `generate.py` there makes the
//! random ones). Moves are compared in Popeye's notation: `MoveText.text` and the mark.

use feerie_solve::Problem;
use feerie_solve::input;
use feerie_solve::solution::{Attack, Defence, Mark, MoveText, Report, Solution, Threat};
use feerie_solve::solver::solve_problem;
use feerie_solve::stipulation::{Goal, Play};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// Each input, Popeye's output for it, and where its problems come from.
const FILES: &[(&str, &str, &str)] = &[
    (
        "einstein-published.inp",
        "layout/einstein-published.popeye.out",
        "six published problems (authors and origins in the file; copy of shared/problems)",
    ),
    (
        "semantics.inp",
        "semantics.popeye.out",
        "small orthodox examples of POPEYE-SEMANTICS.md (short solutions, trees, tries, \
         set play, duplex, h#n.5), made by hand or picked from random positions",
    ),
    (
        "orthodox.inp",
        "orthodox.popeye.out",
        "random legal positions, generate.py --seed 14",
    ),
    (
        "einstein.inp",
        "einstein.popeye.out",
        "random legal positions, EinsteinChess, generate.py --seed 14",
    ),
    (
        "reversal-einstein.inp",
        "reversal-einstein.popeye.out",
        "random legal positions, ReversalEinsteinChess, generate.py --seed 14",
    ),
    (
        "anti-einstein.inp",
        "anti-einstein.popeye.out",
        "random legal positions, AntiEinsteinChess, generate.py --seed 14",
    ),
    (
        "popeye/beispiel.inp",
        "popeye/beispiel.popeye.out",
        "Popeye's own examples (BEISPIEL/, commit 122c7d0fe) with protocol, award, \
         intelligent, whitetoplay, zeroposition and the twinnings polishtype, rotate, \
         mirror, shift, substitute; Popeye's German output (see popeye/README.md)",
    ),
    (
        "popeye/twin-de.inp",
        "popeye/twin-de.popeye.out",
        "Popeye's own examples (BEISPIEL/twin.inp 3 and 23) with awards, stipulation and \
         move twins; Popeye's German output with threats and zugzwang",
    ),
    (
        "popeye/twin-fr.inp",
        "popeye/twin-fr.popeye.out",
        "Popeye's examples in French keywords and a French #2 with tries and set play; \
         Popeye's French output",
    ),
    (
        "popeye/variations.inp",
        "popeye/variations.popeye.out",
        "Popeye's own examples (BEISPIEL/, commit 122c7d0fe) whose variations follow \
         Popeye's rules: threats by squares, selfmate inner mates, set play of a ser-h=n; \
         Popeye's German output (see popeye/README.md)",
    ),
    (
        "popeye/battle_play.inp",
        "popeye/battle_play.popeye.out",
        "Popeye's own tests (TESTS/battle_play.inp, commit 122c7d0fe): selfmate set play, \
         no zugzwang after a key that the defender answers by the goal (see popeye/README.md)",
    ),
];

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/solve")
}

/// A file as `feerie solve` reads it: UTF-8, else Latin-1 (Popeye's files).
fn read_any(name: &str) -> String {
    let path = data_dir().join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    String::from_utf8(bytes.clone())
        .unwrap_or_else(|_| bytes.iter().map(|&b| char::from(b)).collect())
}

fn read(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ---- the canonical form both sides are brought to -------------------------------------

/// An attacker's move and what the layout shows under it; sets, so order does not count.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Att {
    mv: String,
    threat: Thr,
    defences: BTreeSet<Def>,
    refutations: BTreeSet<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Thr {
    None,
    Zugzwang,
    Moves(BTreeSet<Att>),
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Def {
    mv: String,
    continuations: BTreeSet<Att>,
}

/// What one problem's solution shows, all parts (duplex) together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Shown {
    set_play: BTreeSet<Def>,
    keys: BTreeSet<Att>,
    tries: BTreeSet<Att>,
    set_lines: BTreeSet<String>,
    lines: BTreeSet<String>,
}

impl Att {
    fn new(mv: String) -> Att {
        Att {
            mv,
            threat: Thr::None,
            defences: BTreeSet::new(),
            refutations: BTreeSet::new(),
        }
    }
}

/// Popeye's text of a move with its mark: `Rd6*d3=Q #`, `c4*d3 ep.=S +`.
fn move_string(mv: &MoveText) -> String {
    let mark = match mv.mark {
        Mark::None => "",
        Mark::Check => " +",
        Mark::Goal(Goal::Mate) => " #",
        Mark::Goal(Goal::Stalemate) => " =",
    };
    format!("{}{mark}", mv.text)
}

/// A line of an indented rendering with sorted children, for readable failures.
fn render_att(att: &Att, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let threat = match &att.threat {
        Thr::None => "",
        Thr::Zugzwang => " zugzwang.",
        Thr::Moves(_) => " threat:",
    };
    let _ = writeln!(out, "{pad}{}{threat}", att.mv);
    if let Thr::Moves(moves) = &att.threat {
        for t in moves {
            render_att(t, depth + 2, out);
        }
    }
    for d in &att.defences {
        render_def(d, depth + 1, out);
    }
    if !att.refutations.is_empty() {
        let _ = writeln!(out, "{pad}  but");
        for r in &att.refutations {
            let _ = writeln!(out, "{pad}  ...{r} !");
        }
    }
}

fn render_def(def: &Def, depth: usize, out: &mut String) {
    let _ = writeln!(out, "{}...{}", "  ".repeat(depth), def.mv);
    for c in &def.continuations {
        render_att(c, depth + 1, out);
    }
}

impl Shown {
    fn render(&self) -> String {
        let mut out = String::new();
        for d in &self.set_play {
            out.push_str("set ");
            render_def(d, 0, &mut out);
        }
        for k in &self.keys {
            out.push_str("key ");
            render_att(k, 0, &mut out);
        }
        for t in &self.tries {
            out.push_str("try ");
            render_att(t, 0, &mut out);
        }
        for l in &self.set_lines {
            let _ = writeln!(out, "set {l}");
        }
        for l in &self.lines {
            let _ = writeln!(out, "line {l}");
        }
        out
    }
}

// ---- Feerie's solution in that form ---------------------------------------------------

/// What Popeye shows of the solver's tree: threats and defences only with `variation`
/// (a try's refutations always).
fn from_attack(att: &Attack, tree: bool) -> Att {
    let threat = match (&att.threat, tree) {
        (_, false) | (Threat::None, _) => Thr::None,
        (Threat::Zugzwang, true) => Thr::Zugzwang,
        (Threat::Moves(moves), true) => {
            Thr::Moves(moves.iter().map(|m| from_attack(m, true)).collect())
        }
    };
    Att {
        mv: move_string(&att.mv),
        threat,
        defences: if tree {
            att.defences.iter().map(from_defence).collect()
        } else {
            BTreeSet::new()
        },
        refutations: att.refutations.iter().map(move_string).collect(),
    }
}

fn from_defence(def: &Defence) -> Def {
    Def {
        mv: move_string(&def.mv),
        continuations: def
            .continuations
            .iter()
            .map(|c| from_attack(c, true))
            .collect(),
    }
}

fn line_string(line: &[MoveText]) -> String {
    line.iter().map(move_string).collect::<Vec<_>>().join(" ")
}

fn from_reports(problem: &Problem, reports: &[Report]) -> Shown {
    let tree = problem.options.variation;
    let mut shown = Shown::default();
    for report in reports {
        match &report.solution {
            Solution::Battle {
                set_play,
                keys,
                tries,
            } => {
                shown.set_play.extend(set_play.iter().map(from_defence));
                shown.keys.extend(keys.iter().map(|k| from_attack(k, tree)));
                shown
                    .tries
                    .extend(tries.iter().map(|t| from_attack(t, tree)));
            }
            Solution::Lines {
                set_play,
                solutions,
            } => {
                shown
                    .set_lines
                    .extend(set_play.iter().map(|l| line_string(l)));
                shown.lines.extend(solutions.iter().map(|l| line_string(l)));
            }
        }
    }
    shown
}

// ---- Popeye's output in that form -----------------------------------------------------

/// Popeye's output cut into problems, and a problem with twins into its twins: each
/// problem ends with its `solution finished` (or `Partial solution`) line, and each twin
/// line (`b) ...`, `+c) ...`, `z1) ...`) after the first starts a new part.
fn split_output(text: &str) -> Vec<Vec<&str>> {
    let mut chunks = Vec::new();
    let mut current = Vec::new();
    let mut twin_seen = false;
    for line in text.lines() {
        if is_twin_line(line) {
            if twin_seen {
                chunks.push(std::mem::take(&mut current));
            }
            twin_seen = true;
        }
        current.push(line);
        if line.starts_with("solution finished") || line.starts_with("Partial solution") {
            chunks.push(std::mem::take(&mut current));
            twin_seen = false;
        }
    }
    chunks
}

/// `a) `, `+c) wBc1-->d2`, `z1) `: a twin's label line.
fn is_twin_line(line: &str) -> bool {
    let label = line.strip_prefix('+').unwrap_or(line);
    let mut chars = label.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars
            .as_str()
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .starts_with(") ")
}

/// Popeye's words in German and French: the closing message, the partial one, threat,
/// zugzwang, but, and the piece letters of K Q R B S P.
struct Words {
    finished: &'static str,
    partial: &'static str,
    threat: &'static str,
    zugzwang: &'static str,
    but: &'static str,
    pieces: [char; 6],
}

const GERMAN: Words = Words {
    finished: "Loesung beendet",
    partial: "Partielle Loesung",
    threat: "Drohung:",
    zugzwang: "Zugzwang.",
    but: "Aber",
    pieces: ['K', 'D', 'T', 'L', 'S', 'B'],
};

const FRENCH: Words = Words {
    finished: "solution terminee",
    partial: "solution partielle",
    threat: "menace:",
    zugzwang: "blocus.",
    but: "mais",
    pieces: ['R', 'D', 'T', 'F', 'C', 'P'],
};

/// Popeye's output file `name`, German or French made English.
fn popeye_output(name: &str) -> String {
    let text = read_any(name);
    [GERMAN, FRENCH]
        .iter()
        .find(|words| text.contains(&format!("\n{}", words.finished)))
        .map_or(text.clone(), |words| english(&text, words))
}

/// Popeye's German or French output in the English words and piece letters the
/// comparison reads: in solution lines German `D T L B` are the queen, rook, bishop and
/// pawn, French `R D T F C` the king, queen, rook, bishop and knight.
fn english(text: &str, words: &Words) -> String {
    const ENGLISH: [char; 6] = ['K', 'Q', 'R', 'B', 'S', 'P'];
    let mut out = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(words.finished) {
            out.push_str("solution finished");
            out.push_str(rest);
        } else if let Some(rest) = trimmed.strip_prefix(words.partial) {
            out.push_str("Partial solution");
            out.push_str(rest);
        } else if trimmed == words.but {
            out.push_str("    but");
        } else if numbered(trimmed).is_some() {
            // The words first: `Drohung` is no queen.
            let line = line
                .replace(words.threat, "threat:")
                .replace(words.zugzwang, "zugzwang.");
            out.extend(
                line.chars()
                    .map(|c| match words.pieces.iter().position(|&l| l == c) {
                        Some(i) => ENGLISH[i],
                        None => c,
                    }),
            );
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// `N.` or `N...` at the start of a trimmed line: the number and whether it is the
/// defender's (`...`), and the rest.
fn numbered(line: &str) -> Option<(usize, bool, &str)> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let n = line[..digits].parse().ok()?;
    let rest = &line[digits..];
    // A move follows at once; `1. Preis` (an award line) is text.
    let (defender, r) = match rest.strip_prefix("...") {
        Some(r) => (true, r),
        None => (false, rest.strip_prefix('.')?),
    };
    (!r.is_empty() && !r.starts_with(char::is_whitespace)).then_some((n, defender, r))
}

/// The moves of a help or series line, each as `text` plus mark (`ep.` belongs to the
/// move before it, `+ # =` are marks).
fn parse_line(line: &str) -> String {
    let mut moves: Vec<String> = Vec::new();
    for token in line.split_whitespace() {
        match token {
            "+" | "#" | "=" => {
                if let Some(last) = moves.last_mut() {
                    last.push(' ');
                    last.push_str(token);
                }
            }
            t if t.starts_with("ep.") => {
                if let Some(last) = moves.last_mut() {
                    last.push(' ');
                    last.push_str(t);
                }
            }
            t => {
                let mv = numbered(t).map_or(t, |(_, _, rest)| rest);
                moves.push(mv.to_string());
            }
        }
    }
    moves.join(" ")
}

/// A tree node while Popeye's battle layout is read.
struct PNode {
    mv: String,
    defender: bool,
    key: bool,
    threat: Option<bool>, // Some(true): threat, Some(false): zugzwang
    threat_moves: Vec<usize>,
    children: Vec<usize>,
    refutations: Vec<String>,
}

/// Splits `Rc6-c4=B ! threat:` into the move with its mark, the key/try sign and the
/// threat word.
fn attacker_parts(text: &str) -> (String, Option<char>, Option<bool>) {
    let mut t = text.trim();
    let mut threat = None;
    if let Some(r) = t.strip_suffix("threat:") {
        threat = Some(true);
        t = r.trim_end();
    } else if let Some(r) = t.strip_suffix("zugzwang.") {
        threat = Some(false);
        t = r.trim_end();
    }
    let mut sign = None;
    for s in ['!', '?'] {
        if let Some(r) = t.strip_suffix(s) {
            sign = Some(s);
            t = r.trim_end();
        }
    }
    (t.to_string(), sign, threat)
}

fn parse_battle(chunk: &[&str]) -> Result<Shown, String> {
    let mut nodes: Vec<PNode> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    let mut set_roots: Vec<usize> = Vec::new();
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut but = false;
    for raw in chunk {
        let line = raw.trim();
        if line == "but" {
            but = true;
            continue;
        }
        let Some((n, defender, rest)) = numbered(line) else {
            continue;
        };
        let depth = if defender { 2 * n } else { 2 * n - 1 };
        if defender && but && depth == 2 {
            let try_node = stack
                .first()
                .copied()
                .flatten()
                .ok_or("refutation without try")?;
            let mv = rest
                .trim()
                .strip_suffix('!')
                .ok_or("refutation without !")?;
            nodes[try_node].refutations.push(mv.trim_end().to_string());
            continue;
        }
        let (mv, sign, threat) = if defender {
            (rest.trim().to_string(), None, None)
        } else {
            attacker_parts(rest)
        };
        let id = nodes.len();
        nodes.push(PNode {
            mv,
            defender,
            key: sign == Some('!'),
            threat,
            threat_moves: Vec::new(),
            children: Vec::new(),
            refutations: Vec::new(),
        });
        if depth == 1 {
            roots.push(id);
            but = false;
        } else if defender {
            match stack.get(depth - 2).copied().flatten() {
                Some(parent) => nodes[parent].children.push(id),
                None if depth == 2 => set_roots.push(id),
                None => return Err(format!("defence without attack: {line}")),
            }
        } else {
            match stack.get(depth - 2).copied().flatten() {
                Some(parent) if nodes[parent].defender => nodes[parent].children.push(id),
                _ => {
                    let parent = stack
                        .get(depth - 3)
                        .copied()
                        .flatten()
                        .ok_or_else(|| format!("threat without attack: {line}"))?;
                    nodes[parent].threat_moves.push(id);
                }
            }
        }
        stack.truncate(depth - 1);
        stack.resize(depth - 1, None);
        stack.push(Some(id));
    }
    fn att(nodes: &[PNode], id: usize) -> Att {
        let node = &nodes[id];
        let mut a = Att::new(node.mv.clone());
        a.threat = match node.threat {
            None => Thr::None,
            Some(false) => Thr::Zugzwang,
            Some(true) => Thr::Moves(node.threat_moves.iter().map(|&t| att(nodes, t)).collect()),
        };
        a.defences = node.children.iter().map(|&d| def(nodes, d)).collect();
        a.refutations = node.refutations.iter().cloned().collect();
        a
    }
    fn def(nodes: &[PNode], id: usize) -> Def {
        Def {
            mv: nodes[id].mv.clone(),
            continuations: nodes[id].children.iter().map(|&c| att(nodes, c)).collect(),
        }
    }
    let mut shown = Shown {
        set_play: set_roots.iter().map(|&d| def(&nodes, d)).collect(),
        ..Shown::default()
    };
    for &r in &roots {
        if nodes[r].key {
            shown.keys.insert(att(&nodes, r));
        } else {
            shown.tries.insert(att(&nodes, r));
        }
    }
    Ok(shown)
}

/// Help and series lines; in help play the lines that start with the other side (`1...`
/// in h#n, `1.` in h#n.5) are the set play, and so in ser-h play are those that start
/// `1...` (the other side's last move alone).
fn parse_lines(chunk: &[&str], problem: &Problem) -> Shown {
    let mut shown = Shown::default();
    let stip = problem.stipulation;
    for raw in chunk {
        let line = raw.trim();
        let Some((1, dots, _)) = numbered(line) else {
            continue;
        };
        let set = match stip.play {
            Play::Help => dots != stip.half,
            Play::SeriesHelp => dots,
            _ => false,
        };
        let parsed = parse_line(line);
        if set {
            shown.set_lines.insert(parsed);
        } else {
            shown.lines.insert(parsed);
        }
    }
    shown
}

fn parse_popeye(chunk: &[&str], problem: &Problem) -> Result<Shown, String> {
    match problem.stipulation.play {
        Play::Direct | Play::SelfPlay => parse_battle(chunk),
        Play::Help | Play::Series | Play::SeriesHelp => Ok(parse_lines(chunk, problem)),
    }
}

// ---- the comparison -------------------------------------------------------------------

/// The problems of one file solved by Feerie and compared with Popeye's output: the
/// mismatches, and how many problems were compared.
fn compare_file(inp: &str, out: &str) -> (Vec<String>, usize) {
    let problems = input::parse(&read_any(inp));
    let outputs = popeye_output(out);
    let chunks = split_output(&outputs);
    assert_eq!(
        problems.len(),
        chunks.len(),
        "{inp}: {} problems read, {} in Popeye's output {out}",
        problems.len(),
        chunks.len()
    );
    let stop = AtomicBool::new(false);
    let mut failures = Vec::new();
    for (index, (problem, chunk)) in problems.iter().zip(&chunks).enumerate() {
        let number = index + 1;
        let problem = match problem {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{inp} problem {number}: not read: {e}"));
                continue;
            }
        };
        let name = problem
            .meta
            .remarks
            .first()
            .or(problem.meta.authors.first())
            .cloned()
            .unwrap_or_default();
        let expected = match parse_popeye(chunk, problem) {
            Ok(s) => s,
            Err(e) => {
                panic!("{out} problem {number} ({name}): Popeye's output not understood: {e}")
            }
        };
        let reports = match solve_problem(problem, &stop, &|_| {}) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!(
                    "{inp} problem {number} ({name}): solver error: {e}"
                ));
                continue;
            }
        };
        let got = from_reports(problem, &reports);
        if got != expected {
            failures.push(format!(
                "{inp} problem {number} ({name}, {}):\n--- Popeye\n{}--- Feerie\n{}",
                problem.stipulation,
                expected.render(),
                got.render()
            ));
        }
    }
    (failures, problems.len())
}

#[test]
fn feerie_solves_as_popeye_does() {
    let mut failures = Vec::new();
    let mut compared = 0;
    for &(inp, out, _source) in FILES {
        let (f, n) = compare_file(inp, out);
        failures.extend(f);
        compared += n;
    }
    assert!(compared >= 400, "only {compared} problems compared");
    assert!(
        failures.is_empty(),
        "{} of {compared} problems differ from Popeye:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The reader of Popeye's layout itself, on the published #2 with variations and the
/// h#2 duplex, so that a comparison failure is never the parser's.
#[test]
fn popeye_output_is_read_as_trees_and_lines() {
    let problems = input::parse(&read("einstein-published.inp"));
    let outputs = read("layout/einstein-published.popeye.out");
    let chunks = split_output(&outputs);
    assert_eq!(chunks.len(), 6);
    let problem = |i: usize| problems[i].as_ref().expect("published problem read");

    let innocenti = parse_battle(&chunks[1]).unwrap();
    assert!(innocenti.tries.is_empty() && innocenti.set_play.is_empty());
    let key = innocenti.keys.iter().next().unwrap();
    assert_eq!(innocenti.keys.len(), 1);
    assert_eq!(key.mv, "Rc6-c4=B");
    let Thr::Moves(threats) = &key.threat else {
        panic!("no threat read: {key:?}")
    };
    assert_eq!(
        threats.iter().map(|t| t.mv.as_str()).collect::<Vec<_>>(),
        ["Bc4-d3=S #"]
    );
    let defences: Vec<(&str, Vec<&str>)> = key
        .defences
        .iter()
        .map(|d| {
            let c = d.continuations.iter().map(|c| c.mv.as_str()).collect();
            (d.mv.as_str(), c)
        })
        .collect();
    assert_eq!(
        defences,
        [
            ("Bf4-c1=S", vec!["Se2*g3=B #"]),
            ("Rb1-b5=B", vec!["Bc4*b5=R #"]),
            ("d4-d3", vec!["Se2*c3=B #"]),
        ]
    );

    let bedoni = parse_battle(&chunks[3]).unwrap();
    let key = bedoni.keys.iter().next().unwrap();
    assert_eq!((key.mv.as_str(), &key.threat), ("Qd1-f1=R", &Thr::Zugzwang));
    let second = key.defences.iter().next().unwrap();
    let cont = second.continuations.iter().next().unwrap();
    assert_eq!(
        (cont.mv.as_str(), &cont.threat),
        ("Rc1-e1=B", &Thr::Zugzwang)
    );
    assert_eq!(
        cont.defences
            .iter()
            .next()
            .unwrap()
            .continuations
            .iter()
            .next()
            .unwrap()
            .mv,
        "Be1-b4=S #"
    );

    let brand = parse_popeye(&chunks[2], problem(2)).unwrap();
    assert_eq!(
        brand.lines,
        BTreeSet::from([
            "Ra2-e2=B Rd1-d8=B Be2-g4=S 0-0=B #".to_string(),
            "Rh1-g1=B Kh3-g2 Bg1-f2=S Ra2*f2=Q #".to_string(),
        ])
    );
    let lins = parse_battle(&chunks[5]).unwrap();
    let key = lins.keys.iter().next().unwrap();
    let ep: Vec<&str> = key.defences.iter().map(|d| d.mv.as_str()).collect();
    assert_eq!(ep, ["c3*d2 ep.=S", "c4*d3 ep.=S +"]);
    let innocenti_h = parse_popeye(&chunks[0], problem(0)).unwrap();
    assert!(
        innocenti_h
            .lines
            .contains("Ra8-a6=B Qg6-d6=R + Ba6-d3=S + Rd6*d3=Q #")
    );
}

/// Tries and their refutations, set play and a stalemate mark, read from the layout
/// Popeye prints for them.
#[test]
fn popeye_tries_and_set_play_are_read() {
    let text = "\
      1...Kg8-h8
          2.Ra1-a8 #
   1.Ra1-a8 # !
   1.Kg6-f6 ? zugzwang.
      1...Kg8-f8
          2.Ra1-a8 #
    but
      1...Kg8-h7 !
      1...Kg8-h8 !
   1.Ra1-f1 ! zugzwang.
      1...Kg8-h8
          2.Rf1-f8 #

solution finished. Time = 0.007 s";
    let chunk: Vec<&str> = text.lines().collect();
    let shown = parse_battle(&chunk).unwrap();
    assert_eq!(shown.set_play.len(), 1);
    assert_eq!(shown.keys.len(), 2);
    let tried = shown.tries.iter().next().unwrap();
    assert_eq!(tried.mv, "Kg6-f6");
    assert_eq!(tried.defences.len(), 1);
    assert_eq!(
        tried.refutations,
        BTreeSet::from(["Kg8-h7".to_string(), "Kg8-h8".to_string()])
    );
    assert_eq!(parse_line("  1.Kh8-g8 Qa1-f6 ="), "Kh8-g8 Qa1-f6 =");
    assert_eq!(
        parse_line("  1.b6-b7=S   2.Sb7-d6=B   3.Bd6-b8=R #"),
        "b6-b7=S Sb7-d6=B Bd6-b8=R #"
    );
}

fn count_att(att: &Att) -> usize {
    let threats = match &att.threat {
        Thr::Moves(moves) => moves.iter().map(count_att).sum(),
        _ => 0,
    };
    1 + threats + att.defences.iter().map(count_def).sum::<usize>() + att.refutations.len()
}

fn count_def(def: &Def) -> usize {
    1 + def.continuations.iter().map(count_att).sum::<usize>()
}

/// Every problem of the data is read by Feerie's input parser, and every move line of
/// Popeye's output lands in the parsed form (none dropped, none read twice), so the
/// comparison above sees all of Popeye's solution.
#[test]
fn popeye_outputs_are_understood() {
    let mut problems_seen = 0;
    for &(inp, out, _) in FILES {
        let problems = input::parse(&read_any(inp));
        let outputs = popeye_output(out);
        let chunks = split_output(&outputs);
        assert_eq!(problems.len(), chunks.len(), "{inp} against {out}");
        for (i, (problem, chunk)) in problems.iter().zip(&chunks).enumerate() {
            let problem = problem
                .as_ref()
                .unwrap_or_else(|e| panic!("{inp} problem {}: {e}", i + 1));
            let shown = parse_popeye(chunk, problem)
                .unwrap_or_else(|e| panic!("{out} problem {}: {e}", i + 1));
            let numbered_lines = chunk
                .iter()
                .filter(|l| l.starts_with(' ') && numbered(l.trim()).is_some())
                .count();
            let parsed = shown.set_play.iter().map(count_def).sum::<usize>()
                + shown
                    .keys
                    .iter()
                    .chain(&shown.tries)
                    .map(count_att)
                    .sum::<usize>()
                + shown.set_lines.len()
                + shown.lines.len();
            assert_eq!(parsed, numbered_lines, "{out} problem {}", i + 1);
            problems_seen += 1;
        }
    }
    assert!(problems_seen >= 400, "only {problems_seen} problems");
}

/// Every input with a Popeye output beside it (`X.inp`, `X.popeye.out`) is in the
/// table, and every file of the table exists.
#[test]
fn every_data_file_is_compared() {
    for entry in std::fs::read_dir(data_dir()).expect("list tests/data/solve") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        if let Some(stem) = name.strip_suffix(".popeye.out") {
            let inp = format!("{stem}.inp");
            assert!(
                FILES.iter().any(|(i, _, _)| *i == inp),
                "{inp} is not in FILES"
            );
        }
    }
    for (inp, out, source) in FILES {
        assert!(!source.is_empty());
        assert!(data_dir().join(inp).exists() && data_dir().join(out).exists());
    }
}
