//! Feerie's WebAssembly module (docs/web.md): what the page asks the server for, answered
//! inside the page. The JSON functions return the exact text `feerie gui` answers the
//! same request with, errors included (`{"error": "..."}`); none throws. The engine is
//! [`Engine`], the UCI engine of `feerie`, a line at a time.

#[cfg(target_arch = "wasm32")]
mod engine;

#[cfg(target_arch = "wasm32")]
pub use engine::Engine;
use std::sync::atomic::AtomicBool;
use wasm_bindgen::prelude::wasm_bindgen;

/// The page's one engine: the one in this module.
const ENGINE_NAME: &str = "Feerie";

/// The JSON of `GET /api/variants`, with this module's engine as engine 0.
#[wasm_bindgen]
pub fn variants() -> String {
    feerie_api::text::variants([ENGINE_NAME])
}

/// The JSON answer of `POST /api/position` to `request`.
#[wasm_bindgen]
pub fn position(request: &str) -> String {
    feerie_api::text::position(request)
}

/// The JSON answer of `POST /api/pgn/export` to `request`.
#[wasm_bindgen]
pub fn pgn_export(request: &str) -> String {
    feerie_api::text::pgn_export(request)
}

/// The JSON answer of `POST /api/pgn/import` to `request`.
#[wasm_bindgen]
pub fn pgn_import(request: &str) -> String {
    feerie_api::text::pgn_import(request)
}

/// The solver tab's answer to a `solve` message (docs/gui-api.md): one message for the
/// page, a `solution` or an `error`. Nothing can set the stop flag while it runs (the
/// module has one thread): the page stops a solve by ending its worker.
#[wasm_bindgen]
pub fn solve(request: &str) -> String {
    feerie_solve::page::answer(request, &AtomicBool::new(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_functions_answer_as_the_server() {
        assert!(variants().contains(r#""engines":[{"id":0,"name":"Feerie"}]"#));
        assert!(position(r#"{"variant": "augsburg"}"#).contains(r#""side":"w""#));
        assert_eq!(
            position(r#"{"variant": "chess", "play": "e5"}"#),
            r#"{"error":"'e5' is not a legal move"}"#
        );
        let pgn = pgn_export(r#"{"variant": "einstein", "moves": ["e2e4"]}"#);
        assert!(pgn.contains(r#"[Variant \"einstein\"]"#), "{pgn}");
        assert_eq!(
            pgn_import(r#"{"pgn": ""}"#),
            r#"{"error":"the text holds no PGN game"}"#
        );
    }

    #[test]
    fn solve_answers_one_message_for_the_page() {
        let mate = r##"{"type": "solve", "variant": "chess", "fen": "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", "stipulation": "#1"}"##;
        let answer = solve(mate);
        assert!(answer.contains(r#""type":"solution""#), "{answer}");
        assert!(answer.contains("b1b8"), "{answer}");
        let answer = solve("{");
        assert!(answer.contains(r#""type":"error""#), "{answer}");
    }
}
