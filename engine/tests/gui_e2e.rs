//! `feerie gui` in a real browser: runs gui/e2e/test_gui.py (Selenium driving Debian's
//! headless Chromium) against this crate's binary. Without python3, selenium, chromium or
//! chromedriver the test fails and says what to install: it never skips.
//!
//! Screenshots go to `FEERIE_SCREENSHOTS` when set, else under the target's temp dir.

use std::path::{Path, PathBuf};
use std::process::Command;

const INSTALL: &str = "apt-get install -y python3 chromium chromium-driver && \
                       python3 -m pip install selenium (--break-system-packages on Debian's python)";

fn screenshot_dir() -> PathBuf {
    std::env::var_os("FEERIE_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("gui-screenshots"))
}

#[test]
fn the_page_plays_every_variant_in_chromium() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gui/e2e/test_gui.py");
    let shots = screenshot_dir();
    let screenshot = |variant: &str| shots.join(format!("{variant}.png"));
    let variants = feerie_variants::Variant::ALL.iter().map(|v| v.name());
    // A screenshot left by an earlier run must not pass for one of this run.
    for variant in variants.clone() {
        let _ = std::fs::remove_file(screenshot(variant));
    }
    let output = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_feerie"))
        .arg(&shots)
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 ({e}): install it with: {INSTALL}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The figures and scenario names, also when the test passes (`--nocapture`).
    println!("{stdout}");
    assert!(
        output.status.code() != Some(3),
        "the browser tests cannot run here:\n{stdout}{stderr}"
    );
    assert!(
        output.status.success(),
        "gui/e2e/test_gui.py failed ({}), screenshots in {}:\n{stdout}\n{stderr}",
        output.status,
        shots.display()
    );
    for variant in variants {
        let png = screenshot(variant);
        assert!(png.is_file(), "no screenshot {}", png.display());
    }
}
