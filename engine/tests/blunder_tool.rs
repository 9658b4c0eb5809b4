//! `tools/blunder_rate.py` (docs/levels.md), run with Feerie as the judge and an engine
//! that always plays one given move, so the losses it reports are known. Needs python3,
//! which CI installs; a machine without it fails this test rather than skipping it.

mod common;

use std::path::Path;
use std::process::Command;

/// Queens and kings only, level, White to move.
const QUEENS: &str = "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1";
/// A position the judge does not find level (White a rook up): left out.
const ROOK_UP: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

/// Runs the tool on datagen lines of `fens` with an engine that plays `mv`; returns
/// its report.
fn report(name: &str, fens: &[&str], mv: &str) -> String {
    let dir = std::env::temp_dir().join(format!("feerie-blunder-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("in.data");
    let lines: String = fens.iter().map(|f| format!("{f} | 0 | 0.5\n")).collect();
    std::fs::write(&data, format!("not a datagen line\n{lines}")).unwrap();
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engine = format!(
        "python3 {} {mv}",
        here.join("tests/python/fixed_move_engine.py").display()
    );
    let out = Command::new("python3")
        .arg(here.join("../tools/blunder_rate.py"))
        .arg(&data)
        .args(["5", common::binary(), "5", "10", &engine])
        .output()
        .unwrap_or_else(|e| panic!("python3 is required for this test and could not be run: {e}"));
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "blunder_rate.py failed ({}):\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_hung_queen_is_counted_at_every_threshold() {
    let text = report("hung", &[QUEENS, ROOK_UP], "d1d7");
    assert!(text.starts_with("1 moves judged"), "{text}");
    for t in [100, 200, 400] {
        assert!(
            text.contains(&format!("loss >= {t} cp: 1/1 = 100.0 %")),
            "{text}"
        );
    }
}

#[test]
fn a_sound_move_is_no_blunder() {
    let text = report("sound", &[QUEENS], "d1d2");
    assert!(text.starts_with("1 moves judged"), "{text}");
    assert!(text.contains("loss >= 100 cp: 0/1 = 0.0 %"), "{text}");
}

#[test]
fn bad_arguments_get_a_one_line_error() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/blunder_rate.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(["in.data", "many", "judge", "10", "100", "engine"])
        .output()
        .expect("python3 is required for this test");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("numbers"), "{err}");
}
