//! `feerie gui`: the browser board lives in `feerie-gui`; this reads its flags, names the
//! default engine (this very binary, which speaks UCI when started without arguments)
//! and runs the server.

use super::request_or_usage;
use feerie_gui::{EngineConfig, GuiConfig};

const USAGE: &str = "usage: feerie gui [--port N] [--listen ADDR] [--engine CMD]... [--no-open]";

/// Runs `feerie gui ARGS`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let config = match request_or_usage(parse(args), USAGE) {
        Ok(config) => config,
        Err(code) => return code,
    };
    let runtime = match tokio_runtime() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("feerie: {e}");
            return 1;
        }
    };
    let served = runtime.block_on(feerie_gui::serve(config, |url| {
        println!("Feerie's board is at {url} (Ctrl-C to stop)");
    }));
    match served {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("feerie: {e}");
            1
        }
    }
}

fn tokio_runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))
}

/// The engine a command line names: its words, the first being the program.
fn engine(command_line: &str) -> Result<EngineConfig, String> {
    let mut words = command_line.split_whitespace().map(str::to_string);
    let command = words
        .next()
        .ok_or("--engine needs a command, e.g. --engine /usr/games/stockfish")?;
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

fn parse(args: &[String]) -> Result<GuiConfig, String> {
    let mut config = GuiConfig {
        port: None,
        listen: None,
        engines: vec![feerie_itself()?],
        open_browser: true,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--port" => {
                let text = value()?;
                config.port = Some(
                    text.parse()
                        .map_err(|_| format!("--port: '{text}' is not a port number"))?,
                );
            }
            "--listen" => {
                let text = value()?;
                config.listen = Some(
                    text.parse()
                        .map_err(|_| format!("--listen: '{text}' is not an IP address"))?,
                );
            }
            "--engine" => config.engines.push(engine(value()?)?),
            "--no-open" => config.open_browser = false,
            other => return Err(format!("unknown flag '{other}'")),
        }
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn flags_are_read() {
        let config = parse(&args(&[
            "--port",
            "9000",
            "--no-open",
            "--engine",
            "/usr/games/stockfish -x",
            "--listen",
            "0.0.0.0",
        ]))
        .unwrap();
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
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
    }
}
