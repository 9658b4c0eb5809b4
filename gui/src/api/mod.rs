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
use axum::http::StatusCode;
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
        .method_not_allowed_fallback(|| async {
            error(
                StatusCode::METHOD_NOT_ALLOWED,
                "this address is not used with that method (see docs/gui-api.md)",
            )
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// A JSON error answer: `{"error": message}` with `status`.
pub fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}
