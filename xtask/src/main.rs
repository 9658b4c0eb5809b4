//! `cargo xtask TASK`: the project's build steps that are more than one cargo command.
//!
//! - `web --out DIR`: the static site: the page of `feerie gui` with the rules, the engine
//!   and the solver in a WebAssembly module (docs/web.md).

mod web;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask web --out DIR";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["web", "--out", out] => web::build(&PathBuf::from(out)),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
