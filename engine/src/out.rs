//! Where the binary writes. Everything it prints on standard output goes through
//! [`QuietStdout`] (the UCI engine's lines through [`stdout`]'s `Out`), so a
//! closed standard output (a GUI gone, `feerie ... | head -1`) ends the process quietly.
//! Standard error carries notes (progress, warnings, errors) through [`note!`] and
//! [`note_part`], which drop what cannot be written: the work goes on.

use feerie_uci::Out;
use std::io::{self, Write};

/// Exit status when standard output can no longer be written: 141, as a shell reports a
/// program killed by SIGPIPE (Rust ignores that signal, so the write fails instead).
pub const STDOUT_CLOSED_STATUS: i32 = 141;

/// Standard output that ends the process at once, without a message, when a write fails:
/// nobody is left to read the output, and going on (a UCI loop answering nobody, a perft
/// printing into the void) or panicking (a backtrace, status 134) would be worse.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuietStdout;

impl QuietStdout {
    fn exit_on_error<T>(result: io::Result<T>) -> io::Result<T> {
        match result {
            Err(e) if e.kind() != io::ErrorKind::Interrupted => {
                std::process::exit(STDOUT_CLOSED_STATUS)
            }
            other => other,
        }
    }
}

impl Write for QuietStdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Self::exit_on_error(io::stdout().write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        Self::exit_on_error(io::stdout().flush())
    }
}

/// Writes a line on standard error, as `eprintln!` does, but drops it when standard
/// error cannot be written (a full disk, a pipe nobody reads): `eprintln!` would panic,
/// which the release profile turns into an abort, losing the work the note was about.
#[macro_export]
macro_rules! note {
    () => {
        $crate::out::note_part("\n")
    };
    ($($arg:tt)*) => {
        $crate::out::note_line(::std::format_args!($($arg)*))
    };
}

/// The line of [`note!`]: `args` and a newline on standard error, or nothing.
pub fn note_line(args: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr(), "{args}");
}

/// `text` as it is on standard error (a progress line that `\r` rewrites), or nothing
/// when standard error cannot be written.
pub fn note_part(text: &str) {
    let _ = io::stderr().write_all(text.as_bytes());
}

/// The engine's output on the process's standard output.
pub fn stdout() -> Out {
    Out::to(QuietStdout)
}
