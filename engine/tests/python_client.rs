//! A real UCI client: python-chess plays a short game of Feerie against itself, checking
//! every move. CI installs python-chess (`pip install chess`); a machine without it fails
//! this test with a message saying so, rather than skipping it silently.

mod common;

use std::path::Path;
use std::process::Command;

#[test]
fn python_chess_plays_a_game_against_feerie() {
    let probe = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output();
    match probe {
        Err(e) => panic!("python3 is required for this test and could not be run: {e}"),
        Ok(out) if !out.status.success() => panic!(
            "the Python package 'chess' is required (pip install chess): {}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Ok(_) => {}
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/selfplay.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(common::binary())
        .arg("40")
        .output()
        .expect("run selfplay.py");
    assert!(
        out.status.success(),
        "selfplay.py failed ({}):\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
