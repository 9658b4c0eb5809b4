//! Feerie's UCI engine, apart from any process: [`Uci`] takes one command line at a time
//! ([`Uci::handle_line`]) and writes its answers to the [`Out`] its embedder gives (the
//! `feerie` binary's standard output, the web page's callback). Natively a search runs on
//! a thread of its own, so `stop`, `isready` and `quit` are answered during it; on a host
//! without threads (WebAssembly in a page, `feerie_search::host::THREADS`) `go`,
//! `go perft` and `bench` run on the caller's thread and return after their last line.

pub mod bench;
pub mod go_params;
pub mod options;
pub mod out;
pub mod position_cmd;
pub mod report;
pub mod session;
pub mod strength;
pub mod uci;
pub mod variants;

pub use out::{Out, Sink};
pub use uci::{Flow, Uci};
