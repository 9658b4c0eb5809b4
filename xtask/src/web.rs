//! `cargo xtask web --out DIR`: the static site (docs/web.md). feerie-web is built for
//! wasm32-unknown-unknown twice, plain and with simd128, each turned by `wasm-bindgen`
//! into an ES module; the page (gui/page/, all of it) is copied beside them and told to
//! use its in-page backend, and `wasm/load.js` picks the build the browser can run.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";

/// The stack of the module's one thread, where the search and the solver recurse: a
/// move list per ply, about 10 KiB a ply in an Augsburg search and 20 KiB in its solver,
/// so at most about 1.3 MiB (128 plies of search, 61 of a 30-move stipulation). 16 MiB
/// leaves a wide margin and is little for a page to take at once (docs/web.md, "Stack").
const STACK_BYTES: usize = 16 << 20;

/// One build of the module: the name of its files in DIR/wasm and its code generation
/// flags beyond the stack size.
struct Flavour {
    name: &'static str,
    flags: &'static [&'static str],
}

const FLAVOURS: [Flavour; 2] = [
    Flavour {
        name: "feerie_web",
        flags: &[],
    },
    Flavour {
        name: "feerie_web_simd",
        flags: &["-C", "target-feature=+simd128"],
    },
];

/// The module loader the page and its workers import.
const LOAD_JS: &str = include_str!("load.js");

/// Writes the site into `out`.
pub fn build(out: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("the xtask crate is not inside the workspace")?;
    check_target()?;
    let lock = read(&root.join("Cargo.lock"))?;
    let version =
        locked_version(&lock, "wasm-bindgen").ok_or("Cargo.lock names no wasm-bindgen version")?;
    check_wasm_bindgen(version)?;

    let wasm = out.join("wasm");
    fs::create_dir_all(&wasm).map_err(|e| format!("cannot create {}: {e}", wasm.display()))?;
    for flavour in &FLAVOURS {
        let module = compile(root, flavour)?;
        run(Command::new("wasm-bindgen")
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--out-name",
                flavour.name,
            ])
            .arg("--out-dir")
            .arg(&wasm)
            .arg(&module))?;
    }
    copy_dir(&root.join("gui/page"), out)?;
    let index = out.join("index.html");
    fs::write(&index, with_local_backend(&read(&index)?)?)
        .map_err(|e| format!("cannot write {}: {e}", index.display()))?;
    let loader = wasm.join("load.js");
    fs::write(&loader, LOAD_JS).map_err(|e| format!("cannot write {}: {e}", loader.display()))?;
    println!("xtask: the site is in {}", out.display());
    Ok(())
}

/// An error in words when Rust's standard library for the target is not installed.
fn check_target() -> Result<(), String> {
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    let sysroot = String::from_utf8_lossy(&sysroot.stdout);
    if !Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(TARGET)
        .is_dir()
    {
        return Err(format!(
            "the {TARGET} target is not installed: rustup target add {TARGET}"
        ));
    }
    Ok(())
}

/// An error in words when `wasm-bindgen` is missing or is not the lock file's version
/// (its output must match the `wasm-bindgen` crate the module was built with).
fn check_wasm_bindgen(version: &str) -> Result<(), String> {
    let install = format!("cargo install --locked wasm-bindgen-cli --version {version}");
    let output = Command::new("wasm-bindgen").arg("--version").output();
    let found = match output {
        Ok(output) => String::from_utf8_lossy(&output.stdout).trim().to_string(),
        Err(_) => return Err(format!("wasm-bindgen is not installed: {install}")),
    };
    if found != format!("wasm-bindgen {version}") {
        return Err(format!(
            "{found} is installed, but Cargo.lock has wasm-bindgen {version}: {install}"
        ));
    }
    Ok(())
}

/// The version of package `name` in the text of a Cargo.lock.
fn locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let header = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    lines.find(|line| *line == header)?;
    lines
        .next()?
        .strip_prefix("version = \"")?
        .strip_suffix('"')
}

/// Builds `flavour` of feerie-web in release; the path of its `.wasm`. Each flavour has
/// its own target directory (kept between runs, never the workspace's, so a build
/// started from a test does not wait for the lock of the one running it).
fn compile(root: &Path, flavour: &Flavour) -> Result<PathBuf, String> {
    let target_dir = root.join("target/web").join(flavour.name);
    let stack = format!("link-arg=-zstack-size={STACK_BYTES}");
    let mut flags = vec!["-C", &stack];
    flags.extend(flavour.flags);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    run(Command::new(cargo)
        .current_dir(root)
        .args([
            "build",
            "--release",
            "--package",
            "feerie-web",
            "--target",
            TARGET,
        ])
        .arg("--target-dir")
        .arg(&target_dir)
        // The flags of this build and no others: the highest in cargo's order, so a
        // RUSTFLAGS meant for native builds neither replaces nor joins them.
        .env("CARGO_ENCODED_RUSTFLAGS", flags.join("\u{1f}"))
        .env_remove("RUSTFLAGS"))?;
    Ok(target_dir.join(TARGET).join("release/feerie_web.wasm"))
}

/// Runs `command`; an error names it when it cannot start or fails.
fn run(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;
    if !status.success() {
        return Err(format!("{command:?} failed ({status})"));
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Copies the files and folders of `from` into `to`, replacing files of the same name.
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries = fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        let (source, dest) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            copy_dir(&source, &dest)?;
        } else {
            fs::copy(&source, &dest)
                .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
        }
    }
    Ok(())
}

/// `html` whose `<html>` tag carries `data-backend="local"`, replacing the value the page
/// has (`server`) or adding the attribute.
fn with_local_backend(html: &str) -> Result<String, String> {
    let missing = || "index.html has no <html> tag".to_string();
    let start = html.find("<html").ok_or_else(missing)?;
    let end = start + html[start..].find('>').ok_or_else(missing)?;
    let tag = &html[start..end];
    let attribute = "data-backend=\"";
    let tag = match tag.find(attribute) {
        Some(at) => {
            let value = at + attribute.len();
            let close = value + tag[value..].find('"').ok_or_else(missing)?;
            format!("{}local{}", &tag[..value], &tag[close..])
        }
        None => format!("{tag} data-backend=\"local\""),
    };
    Ok(format!("{}{tag}{}", &html[..start], &html[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_told_to_use_its_local_backend() {
        let page = "<!doctype html>\n<html lang=\"en\">\n<head>";
        assert_eq!(
            with_local_backend(page).unwrap(),
            "<!doctype html>\n<html lang=\"en\" data-backend=\"local\">\n<head>"
        );
        let served = "<html lang=\"en\" data-backend=\"server\" class=\"x\">";
        assert_eq!(
            with_local_backend(served).unwrap(),
            "<html lang=\"en\" data-backend=\"local\" class=\"x\">"
        );
        assert!(with_local_backend("<head></head>").is_err());
    }

    #[test]
    fn the_lock_files_version_is_read() {
        let lock = "[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.1\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n";
        assert_eq!(locked_version(lock, "wasm-bindgen"), Some("0.2.130"));
        assert_eq!(locked_version(lock, "js-sys"), None);
    }
}
