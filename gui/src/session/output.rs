//! An engine's output, read line by line with a bound on what one line may hold: an
//! engine writing megabytes without a newline costs the server [`MAX_LINE`] bytes, not
//! the whole line.

use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};

/// The longest line kept, in bytes; the rest of a longer line is read and dropped. No
/// UCI line comes near it (a principal variation of hundreds of moves takes a few KB).
pub const MAX_LINE: usize = 64 << 10;

/// One line of output.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    /// The text, without its end of line; bytes that are not UTF-8 are replaced.
    pub text: String,
    /// The line was longer than [`MAX_LINE`]: `text` is its start.
    pub cut: bool,
}

/// Lines of `R`, each at most [`MAX_LINE`] bytes.
#[derive(Debug)]
pub struct Output<R> {
    reader: BufReader<R>,
    /// The start of the line being read.
    line: Vec<u8>,
    /// The line being read is longer than [`MAX_LINE`].
    cut: bool,
}

impl<R: AsyncRead + Unpin> Output<R> {
    pub fn new(inner: R) -> Output<R> {
        Output {
            reader: BufReader::new(inner),
            line: Vec::new(),
            cut: false,
        }
    }

    /// The next line; `None` at the end of the output. Cancel-safe: what was read of a
    /// line stays for the next call.
    pub async fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        loop {
            let available = self.reader.fill_buf().await?;
            if available.is_empty() {
                let last = !self.line.is_empty() || self.cut;
                return Ok(last.then(|| self.take()));
            }
            let end = available.iter().position(|&b| b == b'\n');
            let text = &available[..end.unwrap_or(available.len())];
            let room = MAX_LINE - self.line.len();
            self.cut |= text.len() > room;
            self.line.extend_from_slice(&text[..text.len().min(room)]);
            let used = end.map_or(available.len(), |at| at + 1);
            self.reader.consume(used);
            if end.is_some() {
                return Ok(Some(self.take()));
            }
        }
    }

    /// The line read so far, and a fresh start for the next one.
    fn take(&mut self) -> Line {
        let text = String::from_utf8_lossy(&self.line).into_owned();
        self.line.clear();
        Line {
            text,
            cut: std::mem::take(&mut self.cut),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn lines(input: &[u8]) -> Vec<Line> {
        let mut output = Output::new(input);
        let mut lines = Vec::new();
        while let Some(line) = output.next_line().await.unwrap() {
            lines.push(line);
        }
        lines
    }

    fn line(text: &str, cut: bool) -> Line {
        Line {
            text: text.to_string(),
            cut,
        }
    }

    #[tokio::test]
    async fn lines_are_split_and_long_ones_cut() {
        let mut input = b"uciok\r\n\nid name \xff\n".to_vec();
        input.extend(std::iter::repeat_n(b'a', 3 * MAX_LINE));
        input.extend(b"\nreadyok");
        let found = lines(&input).await;
        assert_eq!(found.len(), 5);
        assert_eq!(found[0], line("uciok\r", false));
        assert_eq!(found[1], line("", false));
        assert_eq!(found[2], line("id name \u{fffd}", false));
        assert_eq!(found[3], line(&"a".repeat(MAX_LINE), true));
        assert_eq!(found[4], line("readyok", false));
    }
}
