//! One session per browser tab, over a WebSocket: analysis and games with UCI engines
//! (`docs/gui-api.md`). Closing the tab ends its searches and engine processes.

use crate::server::AppState;
use axum::Router;
use std::sync::Arc;

/// The session's route (`/ws`).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
}
