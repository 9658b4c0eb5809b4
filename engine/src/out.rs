//! The engine's one output channel. The UCI thread and the search thread both write
//! through it, one whole line at a time, flushed at once so a GUI never waits on a buffer.
//! Everything the binary prints on standard output goes through [`QuietStdout`], so a
//! closed standard output (a GUI gone, `feerie ... | head -1`) ends the process quietly.
//! Standard error carries notes (progress, warnings, errors) through [`note!`] and
//! [`note_part`], which drop what cannot be written: the work goes on.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

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

/// A cloneable, thread-safe line writer. On standard output a write error ends the
/// process (see [`QuietStdout`]); other sinks (test buffers) ignore write errors.
#[derive(Clone)]
pub struct Out {
    sink: Arc<Mutex<dyn Write + Send>>,
}

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Out")
    }
}

impl Out {
    /// Writes to the process's standard output.
    pub fn stdout() -> Out {
        Out::to(QuietStdout)
    }

    /// Writes to any sink (tests use a shared buffer).
    pub fn to(sink: impl Write + Send + 'static) -> Out {
        Out {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes one line and flushes.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }

    /// Reports a problem with the input as `info string error: ...` (the engine goes on).
    /// Words of the input quoted in `what` are cut to a short prefix, and the whole
    /// message too, so a megabyte of garbage, in one word or in many, gives a line a GUI
    /// can show.
    pub fn error(&self, what: &str) {
        self.line(&format!("info string error: {}", bounded_message(what)));
    }
}

/// Longest word of an error line, in characters; a FEN's board field (up to 71 in chess,
/// more with Augsburg's units) stays whole.
const MAX_QUOTED_CHARS: usize = 120;

/// Longest error message, in characters: room for several problems of one command, each
/// with its quoted words.
const MAX_ERROR_CHARS: usize = 800;

/// `text` cut to `MAX_QUOTED_CHARS` characters, with `...` when something was left out.
pub fn shorten(text: &str) -> String {
    cut(text, MAX_QUOTED_CHARS)
}

/// The first words of `text`, joined by single spaces, cut as [`shorten`] cuts: only the
/// quoted prefix is read, however long `text` is.
pub fn quote_words(text: &str) -> String {
    let mut quoted = String::new();
    for word in text.split_whitespace() {
        if !quoted.is_empty() {
            quoted.push(' ');
        }
        quoted.push_str(&shorten(word));
        if quoted.len() > MAX_QUOTED_CHARS {
            break;
        }
    }
    shorten(&quoted)
}

/// `text` cut to `max` characters, with `...` when something was left out.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// `what` with every over-long word shortened (see `shorten`), cut to `MAX_ERROR_CHARS`:
/// the words past the cut are never copied, so the cost stays linear in `what` and the
/// memory bounded.
fn bounded_message(what: &str) -> String {
    let mut message = String::new();
    for (i, word) in what.split(' ').enumerate() {
        // Four bytes a character at most: past this, the message is surely over.
        if message.len() > 4 * MAX_ERROR_CHARS {
            break;
        }
        if i > 0 {
            message.push(' ');
        }
        message.push_str(&shorten(word));
    }
    cut(&message, MAX_ERROR_CHARS)
}

/// A `Write` sink shared with a test, which reads what was written.
#[derive(Clone, Debug, Default)]
pub struct SharedBuffer(pub Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// Everything written so far, as text.
    pub fn text(&self) -> String {
        let bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
