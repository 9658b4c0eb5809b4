//! Engine-vs-engine matches in any variant Feerie knows, with Feerie's own rules as the
//! referee: the library behind `feerie match`, and the random-opening generator the
//! benches use too.
//!
//! The engines are separate processes spoken to over UCI ([`uci_client`]); this crate
//! never links the UCI front end. The `feerie` binary parses the flags [`args::MatchArgs`]
//! declares, hands them to [`MatchCommand::new`], catches Ctrl-C into the stop flag and
//! calls [`MatchCommand::run`] with its standard output.

pub mod args;
pub mod book;
pub mod clock;
mod command;
pub mod datagen;
pub mod game;
pub mod notation;
pub mod openings;
pub mod pgn;
pub mod runner;
pub mod stats;
pub mod uci_client;

pub use command::MatchCommand;
pub use feerie_search::rng;
