//! `EvalFile` over UCI: the variant in play takes the network of the file given (here
//! one whose weights are all zero, so every position scores 0), keeps it across variant
//! switches, goes back to the built-in one on `<built-in>`, and refuses a file that is
//! not a network with the network kept. Each variant with a network has its own: a file
//! given in reverse-Einstein leaves chess's alone, and a variant that plays without a
//! network refuses one.

mod common;

use common::Engine;
use feerie_eval::nnue::{FILE_BYTES, MAGIC};
use std::path::PathBuf;

/// White a queen up: the built-in network scores it far above 0.
const QUEEN_UP: &str = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";

/// A network file whose every weight and bias is zero, in a fresh directory.
fn zero_network(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feerie-evalfile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("zero.fnn");
    let mut bytes = MAGIC.to_vec();
    bytes.resize(FILE_BYTES, 0);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The score of `go depth 2` from `QUEEN_UP`.
fn queen_up_score(e: &mut Engine) -> i32 {
    score_of(e, QUEEN_UP)
}

/// The score of `go depth 2` from `fen`.
fn score_of(e: &mut Engine, fen: &str) -> i32 {
    e.send(&format!("position fen {fen}"));
    e.send("go depth 2");
    let (lines, _) = e.bestmove();
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score cp "))
        .expect("a score line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "cp").unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn chess_plays_with_the_file_given_and_back_with_the_built_in_one() {
    let zero = zero_network("switch");
    let mut e = Engine::start();
    e.send("uci");
    let declared = e.read_until_prefix("uciok");
    assert!(
        declared.contains(&"option name EvalFile type string default <built-in>".to_string()),
        "{declared:?}"
    );
    assert!(queen_up_score(&mut e) > 500);
    e.send(&format!("setoption name EvalFile value {}", zero.display()));
    let said = e.read_until_prefix("info string");
    assert!(said[said.len() - 1].contains("loaded"), "{said:?}");
    assert_eq!(queen_up_score(&mut e), 0);
    // Another variant and back: the new chess session takes the file's network too.
    e.send("setoption name UCI_Variant value dynamo");
    e.send("setoption name UCI_Variant value chess");
    assert_eq!(queen_up_score(&mut e), 0);
    e.send("setoption name EvalFile value <built-in>");
    e.read_until_prefix("info string");
    assert!(queen_up_score(&mut e) > 500);
    std::fs::remove_dir_all(zero.parent().unwrap()).ok();
}

#[test]
fn a_file_that_is_not_a_network_is_refused_and_the_network_kept() {
    let zero = zero_network("refuse");
    let short = zero.with_file_name("short.fnn");
    std::fs::write(&short, &std::fs::read(&zero).unwrap()[..1000]).unwrap();
    let mut e = Engine::start();
    e.send(&format!("setoption name EvalFile value {}", zero.display()));
    e.read_until_prefix("info string");
    for bad in [short.display().to_string(), "/no/such/file.fnn".to_string()] {
        e.send(&format!("setoption name EvalFile value {bad}"));
        let said = e.read_until_prefix("info string");
        let said = &said[said.len() - 1];
        assert!(said.contains("error: option EvalFile"), "{said}");
        assert!(said.contains("the network stays"), "{said}");
        assert_eq!(queen_up_score(&mut e), 0, "after {bad}");
    }
    std::fs::remove_dir_all(zero.parent().unwrap()).ok();
}

#[test]
fn each_variant_with_a_network_has_its_own() {
    let zero = zero_network("own");
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value reverse-einstein");
    // White a queen up (in reverse-Einstein a queen that moves becomes a rook: still
    // far ahead).
    assert!(score_of(&mut e, QUEEN_UP) > 300);
    e.send(&format!("setoption name EvalFile value {}", zero.display()));
    let said = e.read_until_prefix("info string");
    assert!(
        said[said.len() - 1].contains("reverse-einstein plays with it"),
        "{said:?}"
    );
    assert_eq!(score_of(&mut e, QUEEN_UP), 0);
    e.send("setoption name UCI_Variant value chess");
    assert!(queen_up_score(&mut e) > 500, "chess kept its network");
    e.send("setoption name UCI_Variant value augsburg");
    assert!(score_of(&mut e, QUEEN_UP) > 300, "augsburg has its own");
    e.send(&format!("setoption name EvalFile value {}", zero.display()));
    let said = e.read_until_prefix("info string");
    let said = &said[said.len() - 1];
    assert!(said.contains("augsburg plays with it"), "{said}");
    assert_eq!(score_of(&mut e, QUEEN_UP), 0);
    e.send("setoption name UCI_Variant value reverse-einstein");
    assert_eq!(
        score_of(&mut e, QUEEN_UP),
        0,
        "reverse-einstein kept the file's"
    );
    e.send("setoption name EvalFile value <built-in>");
    e.read_until_prefix("info string");
    assert!(score_of(&mut e, QUEEN_UP) > 300);
    e.send("setoption name UCI_Variant value augsburg");
    assert_eq!(score_of(&mut e, QUEEN_UP), 0, "augsburg kept the file's");
    std::fs::remove_dir_all(zero.parent().unwrap()).ok();
}
