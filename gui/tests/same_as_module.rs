//! The server's API and `feerie_api::text` (what the WebAssembly module answers the page
//! with) give the same bytes for the same request, answers and errors alike: the page
//! reads either without knowing which it talks to.

use axum::body::Body;
use axum::http::{Method, Request, header};
use feerie_gui::server::router;
use feerie_gui::state::{Access, AppState};
use std::sync::Arc;
use tower::ServiceExt;

/// The body of the answer of a server with no engine (and open to any client) to
/// `body` sent to `path`.
async fn served(method: Method, path: &str, body: &str) -> String {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let state = AppState::new(Vec::new(), Access::Open);
    let response = router(Arc::new(state)).oneshot(request).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `answer` without the date of its PGN's `Date` tag (today's), so that two answers a
/// midnight apart still compare equal.
fn dateless(answer: &str) -> String {
    match answer.split_once("[Date \\\"") {
        Some((before, after)) => format!("{before}{}", after.get(10..).unwrap_or_default()),
        None => answer.to_string(),
    }
}

const POSITIONS: &[&str] = &[
    r#"{"variant": "chess", "moves": ["e2e4", "e7e5"], "play": "Nf3"}"#,
    r#"{"variant": "dynamo", "moves": ["e2e4"]}"#,
    r#"{"variant": "augsburg"}"#,
    r#"{"variant": "einstein", "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}"#,
    r#"{"variant": "chess", "fen": "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}"#,
    r#"{"variant": "chess", "moves": ["e2e5"]}"#,
    r#"{"variant": "chess", "play": "Ke2"}"#,
    r#"{"variant": "dynamoo"}"#,
    r#"{"variant": "chess", "fen": "8/8/8 w - - 0 1"}"#,
    r#"{"variant": 3}"#,
    r#"{"moves": []}"#,
    r#"{"variant": "chess"} x"#,
    "{",
    "",
];

const EXPORTS: &[&str] = &[
    r#"{"variant": "chess", "moves": ["e2e4"], "white": "A", "result": "1-0"}"#,
    r#"{"variant": "augsburg", "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}"#,
    r#"{"variant": "chess", "result": "2-0"}"#,
    r#"{"variant": "chess", "white": 1}"#,
    r#"{"variant": "chess", "moves": ["e2e4"], "result": "1-0", "tags": [["Event", "Open"], ["WhiteElo", "2100"], ["Termination", "normal"]]}"#,
    r#"{"variant": "chess", "tags": [["Bad Tag", "x"]]}"#,
    r#"{"variant": "chess", "tags": [["Event"]]}"#,
];

const IMPORTS: &[&str] = &[
    r#"{"pgn": "[Variant \"dynamo\"]\n\n1. e4 *"}"#,
    r#"{"pgn": "1. e4 e5 2. Nf3 1-0"}"#,
    r#"{"pgn": ""}"#,
    r#"{"pgn": "[Variant \"dynamoo\"]\n\n1. e4 *"}"#,
    r#"{"pgn": "1. e5 *"}"#,
    r#"{"pgn": "[Event \"Open\"]\n[White \"A\"]\n[Result \"1-0\"]\n[WhiteElo \"2100\"]\n\n1. e4 1-0"}"#,
    r#"{"text": "1. e4"}"#,
];

#[tokio::test]
async fn the_module_answers_every_request_as_the_server_does() {
    for body in POSITIONS {
        let module = feerie_api::text::position(body);
        assert_eq!(served(Method::POST, "/api/position", body).await, module);
    }
    for body in EXPORTS {
        let module = feerie_api::text::pgn_export(body);
        let server = served(Method::POST, "/api/pgn/export", body).await;
        assert_eq!(dateless(&server), dateless(&module));
    }
    for body in IMPORTS {
        let module = feerie_api::text::pgn_import(body);
        assert_eq!(served(Method::POST, "/api/pgn/import", body).await, module);
    }
    assert_eq!(
        served(Method::GET, "/api/variants", "").await,
        feerie_api::text::variants([])
    );
}
