//! What the server, the JSON API and the tab sessions share: the engines the page may
//! use, who may use the server, and the limits on what one request may hold and on the
//! engines running at once.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// A UCI engine the page may use: a command line started once per game or analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// What the page shows (the command until the engine says its `id name`).
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
}

/// Who may use the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The local machine only, through `addr`, the server's own loopback address:
    /// requests must come from a loopback address, name a local host and, when they say
    /// which page they come from, come from the server's own origin.
    Local { addr: SocketAddr },
    /// Any machine that can reach the server (`--listen` on an address that is not a
    /// loopback one): nothing is checked.
    Open,
}

impl Access {
    /// The access of a server listening on `addr`: local when it is a loopback address.
    pub fn of(addr: SocketAddr) -> Access {
        if addr.ip().is_loopback() {
            Access::Local { addr }
        } else {
            Access::Open
        }
    }
}

/// Most engine processes the whole server runs at once (each takes tens of MB).
pub const MAX_ENGINES: usize = 32;

/// What every request handler may read.
#[derive(Debug)]
pub struct AppState {
    pub engines: Vec<EngineConfig>,
    pub access: Access,
    /// One permit per engine process that may still be started ([`MAX_ENGINES`]).
    pub(crate) engine_slots: Arc<Semaphore>,
}

impl AppState {
    pub fn new(engines: Vec<EngineConfig>, access: Access) -> AppState {
        AppState {
            engines,
            access,
            engine_slots: Arc::new(Semaphore::new(MAX_ENGINES)),
        }
    }
}

/// The largest request body (and WebSocket message): room for a PGN file of a few
/// thousand games, and a game of the longest length the API replays many times over.
pub(crate) const BODY_LIMIT: usize = 4 << 20;

/// Writes `feerie: text` on standard error; a standard error that cannot be written is
/// no reason to stop serving.
pub fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "feerie: {text}");
}
