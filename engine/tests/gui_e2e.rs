//! `feerie gui` in a real browser: runs gui/e2e/test_gui.py (Selenium driving Debian's
//! headless Chromium) against this crate's binary. Without python3, selenium, chromium or
//! chromedriver the test fails and says what to install: it never skips.
//!
//! Screenshots go to `FEERIE_SCREENSHOTS` when set, else under the target's temp dir.

mod browser;

#[test]
fn the_page_plays_every_variant_in_chromium() {
    let shots = browser::screenshot_dir("gui-screenshots");
    let mut screenshots: Vec<&str> = feerie_variants::Variant::ALL
        .iter()
        .map(|v| v.name())
        .collect();
    // The layout check at a phone's size ends with its screenshot.
    screenshots.push("phone");
    let binary = std::ffi::OsStr::new(env!("CARGO_BIN_EXE_feerie"));
    browser::run("test_gui.py", &[binary], &shots, &screenshots);
}
