//! Feerie's front ends: the UCI engine and the command-line tools (`feerie match` hands
//! over to `feerie-match`), as a library so the integration tests can use the same code
//! as the binary.

// Standard error goes through `note!`, which cannot panic on a failed write.
#![warn(clippy::print_stderr)]

pub mod bench;
pub mod cli;
pub mod go_params;
pub mod options;
pub mod out;
pub mod position_cmd;
pub mod report;
pub mod session;
pub mod strength;
pub mod uci;
pub mod variants;
