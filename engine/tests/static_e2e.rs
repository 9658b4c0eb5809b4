//! The static site in a real browser: builds it with `cargo xtask web --out DIR` (or takes
//! the folder `FEERIE_WEB_SITE` names, already built), serves it with `python3 -m
//! http.server` and runs gui/e2e/test_static.py (Selenium driving Debian's headless
//! Chromium): the page plays with the rules, the engine and the solver in WebAssembly,
//! no feerie server behind it. This crate's binary runs only natively, for the UCI
//! session comparison and the figures. When the site cannot be built, or python3,
//! selenium, chromium or chromedriver is missing, the test fails and says why: it never
//! skips.
//!
//! Screenshots go to `FEERIE_SCREENSHOTS` when set, else under the target's temp dir.

mod browser;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The built site: `FEERIE_WEB_SITE`, or a fresh build under the target's temp dir.
fn site() -> PathBuf {
    if let Some(dir) = std::env::var_os("FEERIE_WEB_SITE") {
        return PathBuf::from(dir);
    }
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-site");
    let _ = std::fs::remove_dir_all(&out);
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let built = Command::new(cargo)
        .args(["xtask", "web", "--out"])
        .arg(&out)
        .current_dir(&workspace)
        .output()
        .unwrap_or_else(|e| panic!("cannot run cargo xtask web: {e}"));
    assert!(
        built.status.success(),
        "cargo xtask web --out {} failed ({}):\n{}{}",
        out.display(),
        built.status,
        String::from_utf8_lossy(&built.stdout),
        String::from_utf8_lossy(&built.stderr)
    );
    out
}

#[test]
fn the_static_site_plays_in_chromium_without_a_server() {
    let site = site();
    let shots = browser::screenshot_dir("static-screenshots");
    let binary = OsStr::new(env!("CARGO_BIN_EXE_feerie"));
    let screenshots = [
        "dynamo",
        "augsburg",
        "einstein",
        "chess-checkmate",
        "solver",
        "phone",
        "offline",
    ];
    browser::run(
        "test_static.py",
        &[site.as_os_str(), binary],
        &shots,
        &screenshots,
    );
}
