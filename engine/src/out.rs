//! The engine's one output channel. The UCI thread and the search thread both write
//! through it, one whole line at a time, flushed at once so a GUI never waits on a buffer.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A cloneable, thread-safe line writer. Write errors (a GUI that closed the pipe) are
/// ignored: there is nobody left to tell, and panicking would abort the process.
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
        Out::to(std::io::stdout())
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
    pub fn error(&self, what: &str) {
        self.line(&format!("info string error: {what}"));
    }
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
