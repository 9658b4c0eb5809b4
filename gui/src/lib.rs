//! `feerie gui`: a local web page to play and analyse every variant Feerie knows.
//!
//! The page (HTML, CSS and JavaScript in `gui/page/`, embedded in the binary) draws the
//! board and asks the server for everything that depends on the rules: the legal moves of
//! a position, their notation, the positions they lead to, PGN in and out ([`api`], over
//! the answers of the `feerie_api` crate). So no rule is ever written twice, and the page
//! can only submit moves the move generator produced. Engines are UCI child processes
//! driven by the server, one set per browser tab, over a WebSocket ([`session`]):
//! analysis, games against an engine with clocks, engine against engine. The HTTP
//! contract is in `docs/gui-api.md`.

pub mod api;
mod assets;
mod connections;
mod guard;
pub use assets::page_weight;
pub mod server;
pub mod session;
pub mod state;

/// The game the page sends, as the API and the sessions replay it.
pub use feerie_api::game;

pub use server::{GuiConfig, ServeError, serve};
pub use state::{Access, EngineConfig, note};
