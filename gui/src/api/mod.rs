//! The JSON API: variants, positions with their legal moves, moves typed as text, PGN in
//! and out (`docs/gui-api.md`). Every answer is computed from Feerie's move generator;
//! a bad request gets a JSON error and changes nothing.

mod board;
mod json;
mod parts;
mod pgn;
mod position;
mod variants;

use crate::state::{AppState, BODY_LIMIT};
use axum::Json;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::sync::Arc;

/// The API's routes.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/variants", get(variants::list))
        .route("/api/position", post(position::answer))
        .route("/api/pgn/export", post(pgn::export))
        .route("/api/pgn/import", post(pgn::import))
        .method_not_allowed_fallback(|| async { wrong_method(&[]) })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// A JSON error answer: `{"error": message}` with `status`.
pub fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

/// 405 as a JSON error; `allowed`, when given, are the methods the address takes (the
/// `Allow` header).
pub fn wrong_method(allowed: &[Method]) -> Response {
    let mut response = error(
        StatusCode::METHOD_NOT_ALLOWED,
        "this address is not used with that method (see docs/gui-api.md)",
    );
    if !allowed.is_empty() {
        let names: Vec<&str> = allowed.iter().map(Method::as_str).collect();
        if let Ok(value) = HeaderValue::from_str(&names.join(", ")) {
            response.headers_mut().insert(header::ALLOW, value);
        }
    }
    response
}
