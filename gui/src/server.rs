//! The HTTP server: the embedded page, the JSON API, the WebSocket of each tab, and the
//! guard that keeps other machines out.

use crate::state::{AppState, EngineConfig};
use crate::{api, assets, session};
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::{fmt, io};
use tokio::net::TcpListener;

/// The port `feerie gui` tries first; a free one is taken when it is busy.
pub const DEFAULT_PORT: u16 = 8700;

/// What `feerie gui` was asked for.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// `--port`: this port or fail; `None`: [`DEFAULT_PORT`], or any free port.
    pub port: Option<u16>,
    /// `--listen ADDR`: serve on this address and accept other machines; `None`: only
    /// 127.0.0.1, and only requests that name the local machine.
    pub listen: Option<std::net::IpAddr>,
    /// The engines, the first being the default (Feerie itself).
    pub engines: Vec<EngineConfig>,
    /// Open the system browser at the page's address.
    pub open_browser: bool,
}

/// The whole application: page, API and WebSocket, behind the local-machine guard.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .merge(api::routes())
        .merge(session::routes())
        .fallback(serve_asset)
        .layer(middleware::from_fn_with_state(state.clone(), local_guard))
        .with_state(state)
}

async fn serve_asset(request: Request) -> Response {
    match assets::find(request.uri().path()) {
        Some(asset) => (
            [
                (header::CONTENT_TYPE, asset.content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            asset.bytes,
        )
            .into_response(),
        None => api::error(StatusCode::NOT_FOUND, "no such page"),
    }
}

/// True when `host` (`name` or `name:port`) names the local machine.
fn is_local_name(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    matches!(name, "localhost" | "127.0.0.1" | "[::1]")
}

/// True when the request names the local machine as its `Host`, and comes from one of
/// the server's own pages if it says where it comes from (`Origin`, which browsers send
/// with every WebSocket and cross-site request).
fn local_request(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).map(|h| h.to_str().unwrap_or(""));
    let host_is_local = text(header::HOST).is_some_and(is_local_name);
    let origin_is_local = text(header::ORIGIN).is_none_or(|origin| {
        origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .is_some_and(is_local_name)
    });
    host_is_local && origin_is_local
}

/// Refuses requests from other machines, requests naming another host (a web page
/// elsewhere reaching this server through DNS rebinding) and requests from pages of other
/// sites (a page elsewhere opening a WebSocket to this server, which browsers allow),
/// unless `--listen` was given.
async fn local_guard(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
    next: Next,
) -> Response {
    if state.local_only {
        let peer_is_local = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .is_none_or(|ConnectInfo(peer)| peer.ip().is_loopback());
        if !peer_is_local || !local_request(request.headers()) {
            return api::error(
                StatusCode::FORBIDDEN,
                "this server only answers the local machine (start it with --listen to change that)",
            );
        }
    }
    next.run(request).await
}

/// Why the server could not start or stopped.
#[derive(Debug)]
pub enum ServeError {
    /// No socket could listen on `ip`, at `port` when one was asked.
    Listen {
        ip: IpAddr,
        port: Option<u16>,
        error: io::Error,
    },
    /// The listening socket has no address to announce.
    Address(io::Error),
    /// The server failed while serving.
    Serve(io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ServeError::Listen {
                ip,
                port: Some(port),
                error,
            } => write!(f, "cannot listen on {ip}:{port}: {error}"),
            ServeError::Listen {
                ip,
                port: None,
                error,
            } => write!(f, "cannot listen on {ip}: {error}"),
            ServeError::Address(error) => write!(f, "{error}"),
            ServeError::Serve(error) => write!(f, "server error: {error}"),
        }
    }
}

impl std::error::Error for ServeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServeError::Listen { error, .. }
            | ServeError::Address(error)
            | ServeError::Serve(error) => Some(error),
        }
    }
}

/// Binds the listening socket: the asked port, or the default one, or any free one.
async fn bind(config: &GuiConfig) -> Result<TcpListener, ServeError> {
    let ip = config.listen.unwrap_or(Ipv4Addr::LOCALHOST.into());
    let port = config.port;
    let failed = |error| ServeError::Listen { ip, port, error };
    match port {
        Some(port) => TcpListener::bind((ip, port)).await.map_err(failed),
        None => match TcpListener::bind((ip, DEFAULT_PORT)).await {
            Ok(listener) => Ok(listener),
            Err(_) => TcpListener::bind((ip, 0)).await.map_err(failed),
        },
    }
}

/// Opens the system browser at `url`, when the machine has one that can be started.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if started.is_err() {
        // Dropped if standard error is gone: `eprintln!` would panic.
        let message = format!("feerie: no browser could be opened; open {url} yourself\n");
        let _ = io::Write::write_all(&mut io::stderr(), message.as_bytes());
    }
}

/// Runs the server until the process ends. `announce` receives the page's address once
/// the socket listens (the binary prints it).
pub async fn serve(config: GuiConfig, announce: impl FnOnce(&str)) -> Result<(), ServeError> {
    let listener = bind(&config).await?;
    let addr = listener.local_addr().map_err(ServeError::Address)?;
    let host = if addr.ip().is_unspecified() || addr.ip().is_loopback() {
        "127.0.0.1".to_string()
    } else {
        addr.ip().to_string()
    };
    let url = format!("http://{host}:{}/", addr.port());
    announce(&url);
    if config.open_browser {
        open_browser(&url);
    }
    let state = Arc::new(AppState {
        engines: config.engines,
        local_only: config.listen.is_none(),
    });
    axum::serve(
        listener,
        router(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
    .map_err(ServeError::Serve)
}
