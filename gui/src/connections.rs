//! The accept loop: every connection gets [`HEADER_TIMEOUT`] to send each request's
//! headers, and a client may hold [`MAX_PER_CLIENT`] connections at once
//! ([`MAX_CONNECTIONS`] for all clients), so idle or trickling sockets cannot pile up
//! and lock real clients out.

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::io::{self, IoSlice, Write};
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// Time a connection has to send a request's headers, counted from when the server
/// starts waiting for them (at the connection's start, and after each answer).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Most connections one client address may hold at once (WebSockets included).
pub const MAX_PER_CLIENT: usize = 64;
/// Most connections the server holds at once.
pub const MAX_CONNECTIONS: usize = 512;

/// The connections being served, per client address.
#[derive(Clone, Debug, Default)]
struct Connections(Arc<Mutex<Count>>);

#[derive(Debug, Default)]
struct Count {
    total: usize,
    per_client: HashMap<IpAddr, usize>,
}

/// A connection being served; it is counted until this is dropped.
#[derive(Debug)]
struct Admitted {
    connections: Connections,
    client: IpAddr,
}

impl Connections {
    /// Counts a new connection from `client`, or says why it is refused.
    fn admit(&self, client: IpAddr) -> Result<Admitted, String> {
        let mut count = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let of_client = count.per_client.get(&client).copied().unwrap_or(0);
        if of_client >= MAX_PER_CLIENT {
            return Err(format!(
                "too many connections from {client}: at most {MAX_PER_CLIENT} at a time"
            ));
        }
        if count.total >= MAX_CONNECTIONS {
            return Err(format!(
                "the server is busy: it holds {MAX_CONNECTIONS} connections, its limit"
            ));
        }
        count.total += 1;
        count.per_client.insert(client, of_client + 1);
        Ok(Admitted {
            connections: self.clone(),
            client,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut count = self.connections.0.lock().unwrap_or_else(|e| e.into_inner());
        count.total -= 1;
        if let Some(n) = count.per_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                count.per_client.remove(&self.client);
            }
        }
    }
}

/// Serves `app` on `listener` for ever.
pub async fn serve(listener: TcpListener, app: Router) {
    let connections = Connections::default();
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it was
                // accepted: wait a moment rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        match connections.admit(peer.ip()) {
            Ok(admitted) => {
                tokio::spawn(serve_connection(stream, peer, app.clone(), admitted));
            }
            Err(reason) => refuse(stream, &reason),
        }
    }
}

/// A connection's socket, counted as long as it is open: also when a WebSocket took it
/// over, after the HTTP connection ended.
#[derive(Debug)]
struct Counted {
    stream: TcpStream,
    _admitted: Admitted,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Serves one connection's requests (and its WebSocket, after an upgrade).
async fn serve_connection(stream: TcpStream, peer: SocketAddr, app: Router, admitted: Admitted) {
    let service = app.map_request(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.map(Body::new)
    });
    let stream = Counted {
        stream,
        _admitted: admitted,
    };
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
        .with_upgrades()
        .await;
}

/// Answers a refused connection with 503 and the reason, as the API's JSON errors, in
/// one write that never waits (the socket is non-blocking: a client that does not read
/// just misses it), and closes it.
fn refuse(stream: TcpStream, reason: &str) {
    let body = serde_json::json!({ "error": reason }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: {}\r\nconnection: close\r\n\r\n{body}",
        body.len(),
        HEADER_TIMEOUT.as_secs()
    );
    if let Ok(mut stream) = stream.into_std() {
        let _ = stream.write(answer.as_bytes());
    }
}
