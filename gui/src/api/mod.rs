//! The JSON API: variants, positions with their legal moves, moves typed as text, PGN in
//! and out (`docs/gui-api.md`). The answers are the `feerie_api` crate's, computed from
//! Feerie's move generator; this module serves them over HTTP. A bad request gets a JSON
//! error and changes nothing.

mod json;

use crate::state::{AppState, BODY_LIMIT};
use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use feerie_api::pgn::{self, ExportRequest, Exported, ImportRequest, Imported};
use feerie_api::{PositionRequest, PositionView};
use json::{Answer, Body, computed};
use std::sync::Arc;

/// The API's routes.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/variants", get(variants))
        .route("/api/position", post(position))
        .route("/api/pgn/export", post(pgn_export))
        .route("/api/pgn/import", post(pgn_import))
        .method_not_allowed_fallback(|| async { wrong_method(&[]) })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

async fn variants(State(state): State<Arc<AppState>>) -> Json<feerie_api::Variants> {
    Json(feerie_api::variants(
        state.engines.iter().map(|engine| engine.name.as_str()),
    ))
}

async fn position(Body(request): Body<PositionRequest>) -> Answer<PositionView> {
    computed(move || feerie_api::position(request)).await
}

async fn pgn_export(Body(request): Body<ExportRequest>) -> Answer<Exported> {
    computed(move || pgn::export(&request)).await
}

async fn pgn_import(Body(request): Body<ImportRequest>) -> Answer<Imported> {
    computed(move || pgn::import(&request)).await
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
