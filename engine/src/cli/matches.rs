//! `feerie match`: the match runner lives in `feerie-match`; the binary gives it the
//! flags, its standard output and a stop flag set by Ctrl-C, and turns the outcome
//! into an exit code.

use super::{INTERRUPTED, catch_ctrl_c};
use crate::out::QuietStdout;
use feerie_match::MatchCommand;
use feerie_match::args::MatchArgs;
use std::sync::atomic::AtomicBool;

/// Exit code for a match that could not be played (an engine that does not start, an
/// unreadable opening file, ...).
const MATCH_ERROR: i32 = 1;

/// Set by Ctrl-C (and by an SPRT verdict): no new games start, running ones are
/// abandoned (and left out of the PGN), and the results so far are reported; after
/// Ctrl-C the exit status is `INTERRUPTED`.
static STOP: AtomicBool = AtomicBool::new(false);

/// Runs `feerie match` with `args`; returns the exit code, or the usage error.
pub fn run(args: &MatchArgs) -> Result<i32, String> {
    let command = MatchCommand::new(args).map_err(|e| e.to_string())?;
    catch_ctrl_c(
        &STOP,
        "\nStopping: finishing with the results so far (Ctrl-C again to quit now)",
    );
    match command.run(&STOP, &mut QuietStdout) {
        Ok(summary) if summary.interrupted => Ok(INTERRUPTED),
        Ok(_) => Ok(0),
        Err(e) => {
            crate::note!("feerie: {e}");
            Ok(MATCH_ERROR)
        }
    }
}
