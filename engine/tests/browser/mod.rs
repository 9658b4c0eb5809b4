//! Runs a browser test of gui/e2e/ (Selenium driving Debian's headless Chromium). Without
//! python3, selenium, chromium or chromedriver the test fails and says what to install:
//! it never skips.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

const INSTALL: &str = "apt-get install -y python3 chromium chromium-driver && \
                       python3 -m pip install selenium (--break-system-packages on Debian's python)";

/// Where screenshots go: `FEERIE_SCREENSHOTS` when set, else `name` under the target's
/// temp dir.
pub fn screenshot_dir(name: &str) -> PathBuf {
    std::env::var_os("FEERIE_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join(name))
}

/// Runs gui/e2e/`script` with `args` and the screenshot folder `shots` last; fails unless
/// every scenario passed and each of `screenshots` (names without `.png`) was written
/// (unless FEERIE_E2E_ONLY chose some scenarios only).
pub fn run(script: &str, args: &[&OsStr], shots: &Path, screenshots: &[&str]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../gui/e2e")
        .join(script);
    // A screenshot left by an earlier run must not pass for one of this run.
    for name in screenshots {
        let _ = std::fs::remove_file(shots.join(format!("{name}.png")));
    }
    let output = Command::new("python3")
        .arg(&path)
        .args(args)
        .arg(shots)
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
        "gui/e2e/{script} failed ({}), screenshots in {}:\n{stdout}\n{stderr}",
        output.status,
        shots.display()
    );
    // A run of chosen scenarios (FEERIE_E2E_ONLY) need not take every variant's picture.
    if std::env::var_os("FEERIE_E2E_ONLY").is_some() {
        return;
    }
    for name in screenshots {
        let png = shots.join(format!("{name}.png"));
        assert!(png.is_file(), "no screenshot {}", png.display());
    }
}
