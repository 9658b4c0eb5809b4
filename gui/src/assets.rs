//! The page's files, embedded in the binary so that `feerie gui` needs nothing beside
//! it and loads nothing from the network.

/// One embedded file: its URL path, content type and bytes.
#[derive(Debug)]
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

/// An embedded file of `gui/page/`, served at `path`.
macro_rules! page_file {
    ($path:literal, $file:literal, $content_type:expr) => {
        Asset {
            path: $path,
            content_type: $content_type,
            bytes: include_bytes!(concat!("../page/", $file)),
        }
    };
}

const SCRIPT: &str = "text/javascript; charset=utf-8";

/// Every file the page is made of. A new file of `gui/page/` is added here.
pub const ASSETS: &[Asset] = &[
    page_file!("/", "index.html", "text/html; charset=utf-8"),
    page_file!("/style.css", "style.css", "text/css; charset=utf-8"),
    page_file!("/app.js", "app.js", SCRIPT),
    page_file!("/pieces.js", "pieces.js", SCRIPT),
    page_file!("/board.js", "board.js", SCRIPT),
    page_file!("/engine.js", "engine.js", SCRIPT),
    page_file!("/solver.js", "solver.js", SCRIPT),
    page_file!("/levels.js", "levels.js", SCRIPT),
    page_file!("/notation.js", "notation.js", SCRIPT),
    page_file!("/hints.js", "hints.js", SCRIPT),
    page_file!("/tree.js", "tree.js", SCRIPT),
    page_file!("/sounds.js", "sounds.js", SCRIPT),
    page_file!("/preview.js", "preview.js", SCRIPT),
    page_file!("/backend.js", "backend.js", SCRIPT),
    page_file!("/server-backend.js", "server-backend.js", SCRIPT),
    // The in-page backend of the static site (`cargo xtask web`): served here too, never
    // loaded by this server's page (`data-backend="server"`).
    page_file!("/local/backend.js", "local/backend.js", SCRIPT),
    page_file!("/local/session.js", "local/session.js", SCRIPT),
    page_file!("/local/analysis.js", "local/analysis.js", SCRIPT),
    page_file!("/local/game.js", "local/game.js", SCRIPT),
    page_file!("/local/lines.js", "local/lines.js", SCRIPT),
    page_file!("/local/uci-engine.js", "local/uci-engine.js", SCRIPT),
    page_file!("/local/workers.js", "local/workers.js", SCRIPT),
    page_file!("/local/engine-worker.js", "local/engine-worker.js", SCRIPT),
    page_file!("/local/solver-worker.js", "local/solver-worker.js", SCRIPT),
    page_file!("/sw.js", "sw.js", SCRIPT),
];

/// The asset served at `path`.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}

/// The total size of the page: what a browser downloads on first load.
pub fn page_weight() -> usize {
    ASSETS.iter().map(|a| a.bytes.len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the static site keeps its WebAssembly module and loader (written by `cargo xtask
    /// web`, not embedded): the in-page backend's scripts import from there.
    const WASM_DIR: &str = "/wasm/";

    /// The path `link` (relative, as `./x.js`, `../y.js` or `z.css`, or absolute) names when
    /// written in the file at `base`.
    fn resolve(base: &str, link: &str) -> String {
        if link.starts_with('/') {
            return link.to_string();
        }
        let mut parts: Vec<&str> = base.split('/').collect();
        parts.pop(); // the file's own name
        for segment in link.split('/') {
            match segment {
                "." => {}
                ".." => {
                    if parts.len() > 1 {
                        parts.pop();
                    }
                }
                _ => parts.push(segment),
            }
        }
        parts.join("/")
    }

    #[test]
    fn links_resolve_from_the_file_they_are_in() {
        assert_eq!(resolve("/", "style.css"), "/style.css");
        assert_eq!(
            resolve("/app.js", "./local/backend.js"),
            "/local/backend.js"
        );
        assert_eq!(
            resolve("/local/backend.js", "../wasm/load.js"),
            "/wasm/load.js"
        );
        assert_eq!(
            resolve("/local/game.js", "./uci-engine.js"),
            "/local/uci-engine.js"
        );
        assert_eq!(resolve("/local/a.js", "/b.js"), "/b.js");
    }

    /// The page's own limit: a first load under 300 KB.
    #[test]
    fn the_page_weighs_under_300_kb() {
        let weight = page_weight();
        assert!(weight < 300 * 1024, "the page weighs {weight} bytes");
    }

    /// Every `src=` and `href=` of an embedded file names another embedded file (or data
    /// inside the page), so the page loads nothing from the network and nothing is
    /// missing.
    #[test]
    fn the_page_links_only_embedded_files() {
        for asset in ASSETS
            .iter()
            .filter(|a| a.content_type.starts_with("text/html"))
        {
            let html = std::str::from_utf8(asset.bytes).unwrap();
            for attribute in ["src=\"", "href=\""] {
                for (at, _) in html.match_indices(attribute) {
                    let rest = &html[at + attribute.len()..];
                    let link = &rest[..rest.find('"').unwrap()];
                    if link.starts_with("data:") || link.starts_with('#') {
                        continue; // inside the page itself
                    }
                    let link = resolve(asset.path, link);
                    assert!(
                        find(&link).is_some(),
                        "{}: {link} is not embedded",
                        asset.path
                    );
                }
            }
        }
        assert!(ASSETS.iter().all(|a| !a.bytes.is_empty()));
    }

    /// The page's scripts are modules: every `import ... from`, `import(...)` and worker
    /// (`new URL(..., import.meta.url)`) names an embedded file (or the static site's
    /// module under [`WASM_DIR`]), and every embedded script is reached from `app.js`, so
    /// none is missing or dead.
    #[test]
    fn the_scripts_import_only_embedded_scripts() {
        let scripts: Vec<&Asset> = ASSETS
            .iter()
            .filter(|a| a.content_type.starts_with("text/javascript"))
            .collect();
        let mut reached = vec!["/app.js".to_string()];
        for script in &scripts {
            let text = std::str::from_utf8(script.bytes).unwrap();
            for opening in [" from '", "import('", "new URL('"] {
                for (at, _) in text.match_indices(opening) {
                    let rest = &text[at + opening.len()..];
                    let link = &rest[..rest.find('\'').unwrap()];
                    let path = resolve(script.path, link);
                    assert!(
                        find(&path).is_some() || path.starts_with(WASM_DIR),
                        "{}: {path} is not embedded",
                        script.path
                    );
                    reached.push(path);
                }
            }
        }
        for script in scripts {
            assert!(
                reached.iter().any(|p| p == script.path),
                "{} is embedded but no script imports it",
                script.path
            );
        }
    }
}
