//! Words of the input, with their line, as Popeye splits them: blanks, tabs, line
//! breaks, `;` and `,` separate words, and so do dots before a word (a dot inside a
//! word, as in `h#2.5`, belongs to it). Texts (`author`, `remark`, ...) take the rest of
//! their line instead.

/// One word of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    /// 1-based.
    pub line: usize,
}

/// Reads words one at a time; cheap to copy, so a reader can look ahead by copying.
#[derive(Clone, Copy, Debug)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

fn separates(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | ';' | ',')
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// The line the reader is on (where the last word ended).
    pub fn line(&self) -> usize {
        self.line
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek_char() {
            if c == '\n' {
                self.line += 1;
            }
            self.pos += c.len_utf8();
        }
    }

    /// The next word, `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        while let Some(c) = self.peek_char() {
            if separates(c) || c == '.' {
                self.bump();
            } else {
                break;
            }
        }
        let start = self.pos;
        let line = self.line;
        while let Some(c) = self.peek_char() {
            if separates(c) {
                break;
            }
            self.bump();
        }
        (self.pos > start).then(|| Token {
            text: &self.text[start..self.pos],
            line,
        })
    }

    /// The next word without reading it.
    pub fn peek(&self) -> Option<Token<'a>> {
        let mut ahead = *self;
        ahead.next_token()
    }

    /// The rest of the current line after the word just read, without the separators
    /// that start it and the blanks that end it; `None` when nothing is left on it.
    pub fn rest_of_line(&mut self) -> Option<String> {
        while let Some(c) = self.peek_char() {
            if matches!(c, ' ' | '\t' | ';' | '.' | ',') {
                self.bump();
            } else {
                break;
            }
        }
        let start = self.pos;
        while let Some(c) = self.peek_char() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
        let text = self.text[start..self.pos].trim_end();
        (!text.is_empty()).then(|| text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_lines_and_texts() {
        let mut lx = Lexer::new("begin\r\n author  Didier Innocenti \nstip h#2.5;pieces, .white\n");
        let t = lx.next_token().unwrap();
        assert_eq!((t.text, t.line), ("begin", 1));
        assert_eq!(lx.next_token().unwrap().text, "author");
        assert_eq!(lx.rest_of_line().as_deref(), Some("Didier Innocenti"));
        assert_eq!(lx.peek().unwrap().text, "stip");
        let words: Vec<_> = std::iter::from_fn(|| lx.next_token())
            .map(|t| (t.text, t.line))
            .collect();
        assert_eq!(
            words,
            [("stip", 3), ("h#2.5", 3), ("pieces", 3), ("white", 3)]
        );
        assert_eq!(lx.next_token(), None);
    }

    #[test]
    fn a_text_keyword_at_the_end_of_its_line_has_no_text() {
        let mut lx = Lexer::new("remark\nnext");
        lx.next_token();
        assert_eq!(lx.rest_of_line(), None);
        assert_eq!(lx.next_token().unwrap().text, "next");
    }
}
