//! `feerie gui`: the browser board lives in `feerie-gui`; this reads its flags, names the
//! default engine (this very binary, which speaks UCI when started without arguments)
//! and runs the server.

use crate::out::QuietStdout;
use feerie_gui::{EngineConfig, GuiConfig};
use std::io::Write;
use std::net::IpAddr;

/// `feerie gui`'s flags.
#[derive(Debug, clap::Args)]
pub struct GuiArgs {
    /// Serve on this port, or fail [default: 8700, or any free port]
    #[arg(long, value_name = "N")]
    port: Option<u16>,
    /// Serve on this address; other machines may use it unless it is a loopback one
    /// [default: 127.0.0.1]
    #[arg(long, value_name = "ADDR")]
    listen: Option<IpAddr>,
    /// Another engine the page may use, as its command line (repeat for more); Feerie
    /// itself is always the first
    #[arg(long, value_name = "CMD", value_parser = engine)]
    engine: Vec<EngineConfig>,
    /// Do not open the page in the browser
    #[arg(long)]
    no_open: bool,
}

/// Runs `feerie gui` with `args`; returns the exit code, or the usage error.
pub fn run(args: GuiArgs) -> Result<i32, String> {
    let config = config(args)?;
    let runtime = match tokio_runtime() {
        Ok(runtime) => runtime,
        Err(e) => {
            crate::note!("feerie: {e}");
            return Ok(1);
        }
    };
    let served = runtime.block_on(feerie_gui::serve(config, |url| {
        // A standard output that cannot take this line ends the process with 141.
        let _ = writeln!(QuietStdout, "Feerie's board is at {url} (Ctrl-C to stop)")
            .and_then(|()| QuietStdout.flush());
    }));
    match served {
        Ok(()) => Ok(0),
        Err(e) => {
            crate::note!("feerie: {e}");
            Ok(1)
        }
    }
}

fn tokio_runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))
}

/// The value parser of `--engine`: the engine a command line names, its words, the
/// first being the program.
fn engine(command_line: &str) -> Result<EngineConfig, String> {
    let mut words = command_line.split_whitespace().map(str::to_string);
    let command = words
        .next()
        .ok_or("expected a command, e.g. --engine /usr/games/stockfish")?;
    let name = std::path::Path::new(&command)
        .file_name()
        .map_or(command.clone(), |n| n.to_string_lossy().into_owned());
    Ok(EngineConfig {
        name,
        command,
        args: words.collect(),
    })
}

/// This binary as the default engine.
fn feerie_itself() -> Result<EngineConfig, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the feerie binary: {e}"))?;
    Ok(EngineConfig {
        name: "Feerie".to_string(),
        command: exe.to_string_lossy().into_owned(),
        args: Vec::new(),
    })
}

fn config(args: GuiArgs) -> Result<GuiConfig, String> {
    Ok(GuiConfig {
        port: args.port,
        listen: args.listen,
        engines: std::iter::once(feerie_itself()?)
            .chain(args.engine)
            .collect(),
        open_browser: !args.no_open,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    #[test]
    fn flags_are_read() {
        let args = parse([
            "--port",
            "9000",
            "--no-open",
            "--engine",
            "/usr/games/stockfish -x",
            "--listen",
            "0.0.0.0",
        ]);
        let config = config(args.unwrap()).unwrap();
        assert_eq!(config.port, Some(9000));
        assert!(!config.open_browser);
        assert_eq!(config.listen, Some("0.0.0.0".parse().unwrap()));
        assert_eq!(config.engines.len(), 2);
        assert_eq!(config.engines[1].name, "stockfish");
        assert_eq!(config.engines[1].args, vec!["-x".to_string()]);
    }

    #[test]
    fn bad_flags_are_errors() {
        for bad in [
            &["--port"][..],
            &["--port", "99999"],
            &["--listen", "here"],
            &["--engine", "  "],
            &["--colour"],
        ] {
            assert!(parse::<GuiArgs>(bad.iter().copied()).is_err(), "{bad:?}");
        }
    }
}
