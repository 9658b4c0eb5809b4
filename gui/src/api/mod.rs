//! The JSON API: variants, positions with their legal moves, moves typed as text, PGN in
//! and out (`docs/gui-api.md`). Every answer is computed from Feerie's move generator;
//! a bad request gets a JSON error and changes nothing.

use crate::server::AppState;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use axum::Router;
use std::sync::Arc;

/// The API's routes.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
}

/// A JSON error answer: `{"error": message}` with `status`.
pub fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}
