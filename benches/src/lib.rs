//! Benchmarks live in benches/: move generation, perft and search of every variant.
//! This library is empty; a package needs one.
