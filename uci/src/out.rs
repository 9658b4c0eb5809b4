//! The engine's output: [`Out`], the sink every answer goes through, and the error
//! lines that quote bad input, cut short so that no input makes a line a GUI cannot show.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// What an embedder gives [`Out::new`]: called with each line, without its newline.
pub type Sink = dyn FnMut(&str) + Send;

/// The engine's one output channel, cloneable and shared by the caller's thread and the
/// search thread: every line goes whole to the embedder's sink, one line at a time.
#[derive(Clone)]
pub struct Out {
    sink: Arc<Mutex<Sink>>,
}

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Out")
    }
}

impl Out {
    /// Gives every line, without its newline, to `sink`, never from two threads at once.
    /// The sink must be `Send` because natively the search thread writes too; where the
    /// embedder's callback is not (a JavaScript function), a thread-local that holds it
    /// and a sink that reads the thread-local do (a page's module has one thread).
    pub fn new(sink: impl FnMut(&str) + Send + 'static) -> Out {
        Out {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes each line and a newline to `writer`, flushed at once so a GUI never waits
    /// on a buffer. Write errors are ignored: a writer that must act on them (the
    /// binary's standard output ends the process) does so itself.
    pub fn to(mut writer: impl Write + Send + 'static) -> Out {
        Out::new(move |text| {
            let _ = writeln!(writer, "{text}");
            let _ = writer.flush();
        })
    }

    /// Writes one line.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        (*sink)(text);
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
