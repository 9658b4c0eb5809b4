//! SIGINT and SIGTERM during a training run (`tune`, `tune-net`): the first signal asks
//! the run to stop and write the best weights so far; a second ends the process at once.
//! signal-hook rather than ctrlc (which the other subcommands use) because the exit
//! status must name the signal (130 or 143), and ctrlc does not say which came.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::flag;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Set by the first SIGINT or SIGTERM: the run stops.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// The signal that set [`STOP`], 0 while none has come.
static SIGNAL: AtomicUsize = AtomicUsize::new(0);

/// Catches SIGINT and SIGTERM (see the module's comment).
pub fn catch() {
    for signal in [SIGINT, SIGTERM] {
        // In the order they run: the exit first, so that it finds STOP set only from
        // the second signal on.
        let caught = flag::register_conditional_shutdown(signal, 128 + signal, &STOP)
            .and_then(|_| flag::register_usize(signal, &SIGNAL, signal as usize))
            .and_then(|_| flag::register(signal, &STOP));
        if let Err(e) = caught {
            crate::note!("feerie: warning: cannot catch signal {signal}: {e}");
        }
    }
}

/// The signal that stopped the run, as `(name, exit status)`: `("SIGINT", 130)` or
/// `("SIGTERM", 143)`, as a shell reports a process the signal ended.
pub fn stopped_by() -> Option<(&'static str, i32)> {
    match SIGNAL.load(Ordering::SeqCst) as i32 {
        0 => None,
        SIGINT => Some(("SIGINT", 128 + SIGINT)),
        signal => Some(("SIGTERM", 128 + signal)),
    }
}
