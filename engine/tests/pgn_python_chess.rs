//! python-chess reads the PGN of `feerie match` in every variant: the chess games with its
//! normal reader (SAN), the fairy games with a visitor that keeps moves it cannot play
//! (one token per move). Needs python3 with the `chess` package: without it the test
//! fails saying so, it does not skip.

use feerie_variants::Variant;
use std::path::{Path, PathBuf};
use std::process::Command;

const FEERIE: &str = env!("CARGO_BIN_EXE_feerie");

/// A fresh path: `--pgnout` appends, so a file of an earlier run is removed.
fn temp_path(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pgn-python");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A short self-play match writing `pgn`.
fn play(variant: &str, pgn: &Path) {
    let output = Command::new(FEERIE)
        .args(["match", "--variant", variant])
        .args(["--engine", &format!("cmd={FEERIE}"), "name=a"])
        .args(["--engine", &format!("cmd={FEERIE}"), "name=b"])
        .args(["--each", "nodes=300", "--rounds", "3", "--repeat"])
        .args(["--concurrency", "2", "--maxmoves", "80", "--seed", "9"])
        .arg("--pgnout")
        .arg(pgn)
        .output()
        .expect("run feerie match");
    assert!(
        output.status.success(),
        "{variant}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn python_chess_reads_every_game_of_every_variant() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/read_pgn.py");
    for variant in Variant::ALL.iter().map(|v| v.name()) {
        let pgn = temp_path(&format!("{variant}.pgn"));
        play(variant, &pgn);
        let out = Command::new("python3")
            .arg(&script)
            .arg(variant)
            .arg(&pgn)
            .output()
            .unwrap_or_else(|e| panic!("python3 is required for this test: {e}"));
        assert!(
            out.status.success(),
            "read_pgn.py {variant} failed ({}):\n{}\n{}\nPGN:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(&pgn).unwrap_or_default()
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            format!("{variant}: 6 games read")
        );
    }
}
