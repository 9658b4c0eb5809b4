//! `Skill Level`, `UCI_LimitStrength` and `UCI_Elo` over UCI: declared with Stockfish's
//! names, bad values refused with the old value kept, level 20 (or the top Elo) is the
//! full engine exactly, and a weak engine still answers `stop` and the clock with a move
//! from the lines it searched, in every variant.

mod common;

use common::Engine;
use feerie_variants::Variant;

/// The `info` lines with a PV of the deepest depth reported.
fn last_lines(lines: &[String]) -> Vec<String> {
    let depth = |l: &String| -> u32 {
        let words: Vec<&str> = l.split_whitespace().collect();
        words[2].parse().unwrap()
    };
    let pv: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .collect();
    let deepest = pv.iter().map(|l| depth(l)).max().unwrap_or(0);
    pv.into_iter()
        .filter(|l| depth(l) == deepest)
        .cloned()
        .collect()
}

/// The first move of a PV line.
fn pv_move(line: &str) -> &str {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "pv").unwrap();
    words[at + 1]
}

/// The info lines (without timing) and best move of `go depth 5` after `setup`.
fn search_after(setup: &[&str]) -> (Vec<String>, Option<String>) {
    let mut e = Engine::start();
    for line in setup {
        e.send(line);
    }
    e.send("position startpos moves d2d4 g8f6");
    e.send("go depth 5");
    let (lines, best) = e.bestmove();
    let untimed = lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let keep = |k: &&str| !["nps", "time"].contains(k);
            // Drop the values of the timing fields with their names.
            let mut out = Vec::new();
            let mut i = 0;
            while i < w.len() {
                if keep(&w[i]) {
                    out.push(w[i]);
                    i += 1;
                } else {
                    i += 2;
                }
            }
            out.join(" ")
        })
        .collect();
    (untimed, best)
}

/// The legal moves of the engine's position, from `go perft 1`.
fn legal_moves(e: &mut Engine) -> Vec<String> {
    e.send("go perft 1");
    let lines = e.read_until_prefix("Nodes searched");
    lines
        .iter()
        .filter_map(|l| l.strip_suffix(": 1").map(str::to_string))
        .collect()
}

#[test]
fn the_options_are_declared_with_stockfish_names() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until_prefix("uciok");
    let has = |decl: &str| lines.iter().any(|l| l.starts_with(decl));
    assert!(has(
        "option name Skill Level type spin default 20 min 0 max 20"
    ));
    assert!(has(
        "option name UCI_LimitStrength type check default false"
    ));
    assert!(has("option name UCI_Elo type spin default "), "{lines:?}");
}

#[test]
fn level_twenty_and_the_top_elo_are_the_full_engine() {
    let normal = search_after(&[]);
    let back_to_twenty = search_after(&[
        "setoption name Skill Level value 3",
        "setoption name Skill Level value 20",
    ]);
    assert_eq!(normal, back_to_twenty);
    // The top of the UCI_Elo range, whatever Skill Level says.
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until_prefix("uciok");
    let max = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Elo "))
        .and_then(|l| l.split_whitespace().last().map(str::to_string))
        .unwrap();
    let top = search_after(&[
        "setoption name Skill Level value 0",
        "setoption name UCI_LimitStrength value true",
        &format!("setoption name UCI_Elo value {max}"),
    ]);
    assert_eq!(normal, top);
}

#[test]
fn bad_values_are_refused_and_the_level_stays() {
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 2");
    assert!(e.sync().is_empty());
    for bad in [
        "setoption name Skill Level value 21",
        "setoption name Skill Level value weak",
        "setoption name UCI_Elo value 1",
        "setoption name UCI_LimitStrength value yes",
    ] {
        e.send(bad);
        let answer = e.sync();
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error: option "),
            "{bad}: {answer:?}"
        );
    }
    // Still level 2: several candidate lines, and the move is one of them.
    e.send("position startpos");
    e.send("go");
    let (lines, best) = e.bestmove();
    let last = last_lines(&lines);
    assert!(last.len() > 4, "{lines:?}");
    assert!(last.iter().any(|l| Some(pv_move(l)) == best.as_deref()));
}

#[test]
fn the_elo_overrides_the_skill_level_only_when_strength_is_limited() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Elo value 1000000");
    assert_eq!(e.sync().len(), 1);
    e.send("setoption name Skill Level value 20");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("go depth 3");
    let (lines, _) = e.bestmove();
    // The lowest Elo (the default) is a weak level: MultiPV over many candidates.
    assert!(last_lines(&lines).len() > 4, "{lines:?}");
    e.send("setoption name UCI_LimitStrength value false");
    e.send("go depth 3");
    let (lines, _) = e.bestmove();
    assert_eq!(last_lines(&lines).len(), 1, "{lines:?}");
}

#[test]
fn a_weak_engine_waits_for_stop_and_plays_on_the_clock_in_every_variant() {
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 1");
    for v in Variant::ALL {
        e.send(&format!("setoption name UCI_Variant value {v}"));
        e.send("position startpos");
        e.send("go infinite");
        // Once the first iteration is reported the budget is soon spent, but an infinite
        // search waits for the GUI.
        let mut before = e.read_until("a PV", |l| l.contains(" pv "));
        before.extend(e.sync());
        assert!(
            !before.iter().any(|l| l.starts_with("bestmove")),
            "{v}: {before:?}"
        );
        e.send("stop");
        let (lines, best) = e.bestmove();
        let best = best.unwrap_or_else(|| panic!("{v}: {lines:?}"));
        let searched = last_lines(&[before, lines].concat());
        assert!(
            searched.iter().any(|l| pv_move(l) == best),
            "{v}: {best} {searched:?}"
        );
        e.send("go wtime 200 btime 200 winc 10 binc 10");
        let (lines, best) = e.bestmove();
        let best = best.unwrap_or_else(|| panic!("{v}: {lines:?}"));
        let legal = legal_moves(&mut e);
        assert!(legal.contains(&best), "{v}: {best} not in {legal:?}");
    }
}
