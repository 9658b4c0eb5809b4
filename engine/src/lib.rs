//! Feerie's front end: the UCI engine and the command-line tools, as a library so the
//! integration tests can use the same code (PGN reading, the referee) as the binary.

pub mod matches;
pub mod variants;
