//! The HTTP server: the embedded page, the JSON API, the WebSocket of each tab, behind
//! the guard that keeps other machines out of a local server.

use crate::guard::{local_guard, url_host};
use crate::state::{Access, AppState, EngineConfig, note};
use crate::{api, assets, connections, session};
use axum::Router;
use axum::extract::Request;
use axum::http::{Method, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
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
    /// `--listen ADDR`: serve on this address; other machines may use it unless it is a
    /// loopback address. `None`: 127.0.0.1.
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
    if ![Method::GET, Method::HEAD].contains(request.method()) {
        return api::wrong_method(&[Method::GET, Method::HEAD]);
    }
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
        }
    }
}

impl std::error::Error for ServeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServeError::Listen { error, .. } | ServeError::Address(error) => Some(error),
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
        note(&format!("no browser could be opened; open {url} yourself"));
    }
}

/// The warning of a server open to other machines.
fn open_warning(addr: SocketAddr) -> String {
    let reach = if addr.ip().is_unspecified() {
        "every address of this machine".to_string()
    } else {
        addr.ip().to_string()
    };
    format!(
        "warning: listening on {reach}, port {}, without the local-machine checks \
         (Host, Origin): anyone who can reach it may use the board and start engines on \
         this machine",
        addr.port()
    )
}

/// Where the local browser finds a server listening on `addr`.
fn local_url(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => Ipv4Addr::LOCALHOST.into(),
        IpAddr::V6(ip) if ip.is_unspecified() => Ipv6Addr::LOCALHOST.into(),
        ip => ip,
    };
    format!("http://{}:{}/", url_host(ip), addr.port())
}

/// Runs the server until the process ends. `announce` receives the page's address (the
/// address the server listens on) once the socket listens (the binary prints it).
pub async fn serve(config: GuiConfig, announce: impl FnOnce(&str)) -> Result<(), ServeError> {
    let listener = bind(&config).await?;
    let addr = listener.local_addr().map_err(ServeError::Address)?;
    let access = Access::of(addr);
    if access == Access::Open {
        note(&open_warning(addr));
    }
    announce(&format!("http://{}:{}/", url_host(addr.ip()), addr.port()));
    if config.open_browser {
        open_browser(&local_url(addr));
    }
    let state = Arc::new(AppState::new(config.engines, access));
    connections::serve(listener, router(state)).await;
    Ok(())
}
