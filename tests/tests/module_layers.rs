//! Inside every crate of the workspace, the top-level modules form layers: no two of
//! them use each other, directly or through others (docs/architecture.md). A module is
//! a file `src/x.rs` or a folder `src/x/`; it uses another when its code outside tests
//! names `crate::other`. The crate root (`lib.rs`, `main.rs`) is left out: it declares
//! every module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates whose modules are checked: every member of the workspace with a `src/`.
fn crate_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .expect("the workspace root")
        .map(|e| e.expect("a workspace entry").path().join("src"))
        .filter(|src| src.is_dir() && src.parent().unwrap().join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a source entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src` belongs to; `None` for the crate root.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).expect("a file below src");
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

/// The code of a file without its test module (`#[cfg(test)]` and what follows), and
/// without line comments.
fn code_outside_tests(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names after every `crate::` of `code`, groups (`crate::{a, b::c}`) included.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => names.extend(group_items(group).map(identifier)),
            None => {
                names.insert(identifier(rest));
            }
        }
    }
    names.remove("");
    names
}

/// The items of the group that `text` opens (after its `{`), split at its own commas.
fn group_items(text: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&text[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.into_iter()
}

fn identifier(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The edges `module -> modules it uses` of the crate whose sources are in `src`.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(src, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(from) = module_of(src, file) else {
            continue;
        };
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = fs::read_to_string(file).expect("a source file");
        let uses = graph.entry(from.clone()).or_default();
        for name in crate_paths(&code_outside_tests(&text)) {
            if name != from && modules.contains(&name) {
                uses.insert(name);
            }
        }
    }
    graph
}

/// A cycle of `graph` as the list of its modules, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_modules_of_every_crate_form_layers() {
    let sources = crate_sources();
    assert!(sources.len() >= 10, "found only {sources:?}");
    let cycles: Vec<String> = sources
        .iter()
        .filter_map(|src| {
            let cycle = find_cycle(&edges(src))?;
            Some(format!("{}: {}", src.display(), cycle.join(" -> ")))
        })
        .collect();
    assert!(
        cycles.is_empty(),
        "modules in a cycle:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn group_imports_are_read() {
    let names = crate_paths("use crate::{api, state::{AppState, X}, b};\nlet x = crate::c::f();");
    let expected: BTreeSet<String> = ["api", "state", "b", "c"].map(String::from).into();
    assert_eq!(names, expected);
}

#[test]
fn a_cycle_is_found() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    assert_eq!(find_cycle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(find_cycle(&graph).map(|c| c.len()), Some(4));
}
