//! `tools/label_with_stockfish.py` (docs/tuning.md), run with Feerie as the teacher: any
//! UCI engine will do, so the scores' side, the skipped lines and the shards are
//! checked without Stockfish. Needs python3, which CI installs; a machine without it
//! fails this test rather than skipping it.

mod common;

use std::path::Path;
use std::process::Command;

/// White a queen up, White to move; the same with Black to move; Black a queen up.
const WHITE_UP_WHITE_TO_MOVE: &str = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
const WHITE_UP_BLACK_TO_MOVE: &str = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
const BLACK_UP: &str = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";

/// Runs the tool on `input` for shard `shard` of `count`; returns the output lines.
fn label(dir: &Path, input: &str, shard: usize, count: usize) -> Vec<String> {
    let source = dir.join("in.data");
    let target = dir.join(format!("out-{shard}-of-{count}.data"));
    std::fs::write(&source, input).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/label_with_stockfish.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(&source)
        .arg(&target)
        .args(["200", &shard.to_string(), &count.to_string()])
        .arg(common::binary())
        .output()
        .unwrap_or_else(|e| panic!("python3 is required for this test and could not be run: {e}"));
    assert!(
        out.status.success(),
        "label_with_stockfish.py failed ({}):\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&target).unwrap();
    text.lines().map(str::to_string).collect()
}

/// The score field of a labelled line.
fn score(line: &str) -> i32 {
    line.split('|').nth(1).unwrap().trim().parse().unwrap()
}

#[test]
fn scores_are_relabelled_from_whites_view_and_bad_lines_skipped() {
    let dir = std::env::temp_dir().join(format!("feerie-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = format!(
        "{WHITE_UP_WHITE_TO_MOVE} | 0 | 1.0\nnot a datagen line\n\
         {WHITE_UP_BLACK_TO_MOVE} | 0 | 0.5\n{BLACK_UP} | 0 | 0.0\n"
    );
    let lines = label(&dir, &input, 0, 1);
    assert_eq!(lines.len(), 3, "{lines:?}");
    let fens: Vec<&str> = lines
        .iter()
        .map(|l| l.split('|').next().unwrap().trim())
        .collect();
    assert_eq!(
        fens,
        [WHITE_UP_WHITE_TO_MOVE, WHITE_UP_BLACK_TO_MOVE, BLACK_UP]
    );
    // A queen up is worth 300 cp or more to any sensible teacher (Feerie's networks since
    // the tenth, trained on Stockfish's narrower scores, give it 500 to 650 at 200
    // nodes); the sign is what the tool must get right.
    assert!(score(&lines[0]) > 300, "{}", lines[0]);
    assert!(score(&lines[1]) > 300, "{}", lines[1]);
    assert!(score(&lines[2]) < -300, "{}", lines[2]);
    // The results are kept.
    assert!(lines[1].ends_with("| 0.5"), "{}", lines[1]);

    // Two shards label every line once between them.
    let (even, odd) = (label(&dir, &input, 0, 2), label(&dir, &input, 1, 2));
    assert_eq!(even.len() + odd.len(), 3, "{even:?} {odd:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
