//! The guard that keeps other machines and other sites' pages out of a local server.

use crate::api;
use crate::state::{Access, AppState};
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// Refuses, on a local server, requests from other machines, requests naming another
/// host (a web page elsewhere reaching this server through DNS rebinding) and requests
/// from pages of other origins (a page elsewhere, or of another local server, opening a
/// WebSocket to this one, which browsers allow).
pub async fn local_guard(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
    next: Next,
) -> Response {
    if let Access::Local { addr } = state.access {
        let peer_is_local = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .is_none_or(|ConnectInfo(peer)| peer.ip().is_loopback());
        if !peer_is_local || !local_request(request.headers(), addr) {
            return api::error(
                StatusCode::FORBIDDEN,
                "this server only answers the local machine, through its own address \
                 (see --listen in docs/gui.md)",
            );
        }
    }
    next.run(request).await
}

/// `ip` as it is written in a URL's host: IPv6 addresses in brackets.
pub fn url_host(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(ip) => ip.to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
    }
}

/// `host` (`name` or `name:port`) split into its name and its port, if it has one.
fn split_port(host: &str) -> (&str, Option<&str>) {
    match host.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            (name, Some(port))
        }
        _ => (host, None),
    }
}

/// True when `name` names the local machine: `localhost`, `127.0.0.1`, `[::1]` (in any
/// case) or the server's own address.
fn is_local_name(name: &str, addr: SocketAddr) -> bool {
    ["localhost", "127.0.0.1", "[::1]"]
        .iter()
        .any(|local| name.eq_ignore_ascii_case(local))
        || name.eq_ignore_ascii_case(&url_host(addr.ip()))
}

/// True when `origin` is the server's own: `http`, a local name, the server's port.
fn is_own_origin(origin: &str, addr: SocketAddr) -> bool {
    let Some(host) = origin
        .get(..7)
        .filter(|scheme| scheme.eq_ignore_ascii_case("http://"))
        .map(|_| &origin[7..])
    else {
        return false;
    };
    let (name, port) = split_port(host);
    let port = port.map_or(Some(80), |port| port.parse::<u16>().ok());
    is_local_name(name, addr) && port == Some(addr.port())
}

/// True when the request names the local machine as its `Host`, and comes from the
/// server's own pages if it says where it comes from (`Origin`, which browsers send with
/// every WebSocket and cross-site request).
fn local_request(headers: &HeaderMap, addr: SocketAddr) -> bool {
    let text = |name| headers.get(name).map(|h| h.to_str().unwrap_or(""));
    let host_is_local =
        text(header::HOST).is_some_and(|host| is_local_name(split_port(host).0, addr));
    let origin_is_own = text(header::ORIGIN).is_none_or(|origin| is_own_origin(origin, addr));
    host_is_local && origin_is_own
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_origin_is_http_a_local_name_and_the_port() {
        let addr: SocketAddr = "127.0.0.1:8700".parse().unwrap();
        for own in [
            "http://127.0.0.1:8700",
            "http://LOCALHOST:8700",
            "HTTP://[::1]:8700",
        ] {
            assert!(is_own_origin(own, addr), "{own}");
        }
        for other in [
            "https://127.0.0.1:8700",
            "http://127.0.0.1:9999",
            "http://127.0.0.1",
            "http://127.0.0.1:8700/x",
            "http://127.0.0.1:87000",
            "http://localhost.evil:8700",
            "null",
            "",
        ] {
            assert!(!is_own_origin(other, addr), "{other}");
        }
        let port_80: SocketAddr = "[::1]:80".parse().unwrap();
        assert!(is_own_origin("http://[::1]", port_80));
        assert!(is_own_origin("http://127.0.0.1:80", port_80));
    }

    #[test]
    fn the_listen_address_is_a_local_name() {
        let addr: SocketAddr = "127.0.0.2:8700".parse().unwrap();
        assert!(is_local_name("127.0.0.2", addr));
        assert!(is_local_name("Localhost", addr));
        assert!(!is_local_name("127.0.0.3", addr));
    }
}
