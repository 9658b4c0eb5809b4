//! The page's files, embedded in the binary so that `feerie gui` needs nothing beside
//! it and loads nothing from the network.

/// One embedded file: its URL path, content type and bytes.
#[derive(Debug)]
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

/// Every file the page is made of. A new file of `gui/page/` is added here.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        bytes: include_bytes!("../page/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../page/app.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../page/style.css"),
    },
];

/// The asset served at `path`.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}

/// The total size of the page: what a browser downloads on first load.
pub fn page_weight() -> usize {
    ASSETS.iter().map(|a| a.bytes.len()).sum()
}
