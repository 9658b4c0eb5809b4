//! Feerie's command line: the UCI engine of `feerie-uci` on standard input and output,
//! and the tools (`feerie match` hands over to `feerie-match`), as a library so the
//! integration tests can use the same code as the binary.

// Standard error goes through `note!`, which cannot panic on a failed write.
#![warn(clippy::print_stderr)]

pub mod cli;
pub mod out;
