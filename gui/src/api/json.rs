//! Request bodies and answers: JSON in, JSON out, also when the body is not JSON (axum's
//! own rejections are plain text, which the page could not show as an error).

use super::error;
use axum::Json;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A JSON request body; a body that is missing, too large, not JSON or not of the
/// expected shape is answered with `{"error": ...}` and axum's 4xx status.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(error(rejection.status(), &rejection.body_text())),
        }
    }
}

/// A request the rules refuse (unknown variant, bad FEN, illegal move): 400 and the
/// reason in words.
#[derive(Debug)]
pub struct Refusal(pub String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        error(StatusCode::BAD_REQUEST, &self.0)
    }
}

/// An answer: the JSON value, or the refusal.
pub type Answer<T> = Result<Json<T>, Refusal>;

/// Runs `job` (replaying a game, listing hundreds of moves) on a blocking thread, so a
/// long game never stalls the server's other requests and WebSocket sessions.
pub async fn computed<T: Serialize + Send + 'static>(
    job: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Answer<T> {
    match tokio::task::spawn_blocking(job).await {
        Ok(result) => result.map(Json).map_err(Refusal),
        Err(_) => Err(Refusal("the request could not be answered".to_string())),
    }
}
