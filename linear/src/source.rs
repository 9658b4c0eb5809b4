//! Weights as Rust source: `feerie tune` writes the fitted weights as a
//! `pub const NAME: Weights = Weights { ... };` item to paste into `linear/src/weights/`,
//! and reads such an item back (to resume tuning, and to test the round trip).

use crate::fields::{Shape, WeightFields};
use std::fmt::Write;

/// Numbers per line in long arrays: one board rank per line in piece-square tables.
const PER_LINE: usize = 8;

/// The item `pub const NAME: Weights = Weights { ... };` holding `w`, laid out by hand
/// (`#[rustfmt::skip]` keeps tables 8 numbers per line).
pub fn rust_source<W: WeightFields>(w: &W, name: &str) -> String {
    let mut w = w.clone();
    let mut out = format!("#[rustfmt::skip]\npub const {name}: Weights = Weights {{\n");
    for f in w.fields() {
        let value = match f.shape {
            Shape::Scalar => f.values[0].to_string(),
            Shape::Array(_) => rust_array(f.values, 4),
            Shape::Table(_, cols) => {
                // One width for the whole table, so its rows line up.
                let width = number_width(f.values);
                let mut s = "[\n".to_string();
                for row in f.values.chunks(cols) {
                    let _ = writeln!(s, "        {},", aligned_array(row, 8, width));
                }
                s + "    ]"
            }
        };
        let _ = writeln!(out, "    {}: {value},", f.name);
    }
    out + "};\n"
}

/// `values` as a Rust array literal: on one line when short, else `PER_LINE` right-aligned
/// numbers per line, indented below a line that starts `indent` spaces in.
pub fn rust_array(values: &[i32], indent: usize) -> String {
    aligned_array(values, indent, number_width(values))
}

/// The widest of `values` written out.
fn number_width(values: &[i32]) -> usize {
    values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
}

/// [`rust_array`] with long arrays' numbers right-aligned to `width`.
fn aligned_array(values: &[i32], indent: usize, width: usize) -> String {
    let numbers = values.iter().map(i32::to_string);
    if values.len() <= PER_LINE {
        return format!("[{}]", numbers.collect::<Vec<_>>().join(", "));
    }
    let mut s = "[\n".to_string();
    for line in values.chunks(PER_LINE) {
        let cells: Vec<String> = line.iter().map(|v| format!("{v:>width$}")).collect();
        let _ = writeln!(s, "{:indent$}    {},", "", cells.join(", "));
    }
    format!("{s}{:indent$}]", "")
}

/// A parsed value: a number or a bracketed list.
#[derive(Debug)]
enum Value {
    Int(i32),
    List(Vec<Value>),
}

impl Value {
    /// The shape and row-by-row values, if it is a number, an array of numbers or an
    /// array of equally long arrays of numbers.
    fn flatten(&self) -> Option<(Shape, Vec<i32>)> {
        let ints = |items: &[Value]| -> Option<Vec<i32>> {
            items
                .iter()
                .map(|v| match v {
                    Value::Int(n) => Some(*n),
                    Value::List(_) => None,
                })
                .collect()
        };
        match self {
            Value::Int(n) => Some((Shape::Scalar, vec![*n])),
            Value::List(items) => match items.first() {
                Some(Value::List(first)) => {
                    let cols = first.len();
                    let mut all = Vec::with_capacity(items.len() * cols);
                    for row in items {
                        let Value::List(row) = row else { return None };
                        if row.len() != cols {
                            return None;
                        }
                        all.extend(ints(row)?);
                    }
                    Some((Shape::Table(items.len(), cols), all))
                }
                _ => Some((Shape::Array(items.len()), ints(items)?)),
            },
        }
    }
}

/// Tokens of the source: identifiers, integers (with their sign) and punctuation.
fn tokens(src: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = src.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '/' {
            // Only `//` comments can appear: skip to the end of the line.
            chars.next();
            if chars.next() != Some('/') {
                return Err("a `/` that does not start a `//` comment".into());
            }
            while chars.next_if(|&c| c != '\n').is_some() {}
        } else if c.is_alphanumeric() || c == '_' || c == '-' {
            let mut t = String::from(c);
            chars.next();
            while let Some(c) = chars.next_if(|&c| c.is_alphanumeric() || c == '_') {
                t.push(c);
            }
            out.push(t);
        } else {
            out.push(c.to_string());
            chars.next();
        }
    }
    Ok(out)
}

/// A cursor over the tokens of an item.
struct Parser {
    tokens: Vec<String>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn next(&mut self) -> Result<&str, String> {
        self.at += 1;
        self.tokens
            .get(self.at - 1)
            .map(String::as_str)
            .ok_or_else(|| "the source ends before the closing `};`".to_string())
    }

    fn expect(&mut self, want: &str) -> Result<(), String> {
        match self.next()? {
            t if t == want => Ok(()),
            t => Err(format!("expected `{want}`, found `{t}`")),
        }
    }

    /// A number or a list nested at most `depth` deep.
    fn value(&mut self, depth: usize) -> Result<Value, String> {
        let t = self.next()?.to_string();
        if t != "[" {
            return t
                .parse()
                .map(Value::Int)
                .map_err(|_| format!("expected a number or `[`, found `{t}`"));
        }
        if depth == 0 {
            return Err("arrays nested too deep".into());
        }
        let mut items = Vec::new();
        while self.peek() != Some("]") {
            items.push(self.value(depth - 1)?);
            if self.peek() != Some("]") {
                self.expect(",")?;
            }
        }
        self.expect("]")?;
        Ok(Value::List(items))
    }
}

/// The weights in an item written by [`rust_source`] (any layout, `//` comments and
/// attributes allowed; every field must be given, in any order).
pub fn parse_rust_source<W: WeightFields>(src: &str) -> Result<W, String> {
    let tokens = tokens(src)?;
    let start = tokens
        .windows(3)
        .position(|t| t == ["=", "Weights", "{"])
        .ok_or("no `= Weights {` in the source")?;
    let mut p = Parser {
        tokens,
        at: start + 3,
    };
    let mut w = W::default();
    let mut fields = w.fields();
    let mut seen = vec![false; fields.len()];
    while p.peek() != Some("}") {
        let name = p.next()?.to_string();
        p.expect(":")?;
        let value = p.value(2)?;
        if p.peek() != Some("}") {
            p.expect(",")?;
        }
        let i = fields
            .iter()
            .position(|f| f.name == name)
            .ok_or_else(|| format!("no weight field is named `{name}`"))?;
        if std::mem::replace(&mut seen[i], true) {
            return Err(format!("`{name}` is given twice"));
        }
        let f = &mut fields[i];
        match value.flatten() {
            Some((shape, values)) if shape == f.shape => f.values.copy_from_slice(&values),
            _ => return Err(format!("`{name}` must be shaped {:?}", f.shape)),
        }
    }
    if let Some(i) = seen.iter().position(|&s| !s) {
        return Err(format!("`{}` is missing", fields[i].name));
    }
    drop(fields);
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::tests::Toy;

    #[test]
    fn source_is_laid_out_by_rows_and_reads_back() {
        let toy = Toy::default();
        let src = rust_source(&toy, "TUNED");
        let expected = "#[rustfmt::skip]
pub const TUNED: Weights = Weights {
    scale: 7,
    bonus: [-5, 0, 12],
    table: [
        [
               1,    2,    3,    4,    5,    6,    7,    8,
               9,   10,
        ],
        [
            -100,    0,    0,    0,    0,    0,    0,    0,
               0,    3,
        ],
    ],
};
";
        assert_eq!(src, expected);
        assert_eq!(parse_rust_source::<Toy>(&src), Ok(toy));
    }

    #[test]
    fn any_layout_reads_back() {
        let src = "// tuned\nconst X: Weights = Weights { table: [[0; 0]], };";
        assert!(parse_rust_source::<Toy>(src).is_err());
        let src = "const X: Weights = Weights {
            bonus: [1, 2, 3], // comment
            table: [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, -1]],
            scale: -3 }";
        let w: Toy = parse_rust_source(src).unwrap();
        assert_eq!((w.scale, w.bonus, w.table[1][9]), (-3, [1, 2, 3], -1));
    }

    #[test]
    fn bad_sources_are_errors() {
        let good = rust_source(&Toy::default(), "T");
        for (bad, error) in [
            ("", "no `= Weights {` in the source"),
            (
                &good[..good.len() - 20],
                "the source ends before the closing `};`",
            ),
            (&good.replace("scale: 7,", ""), "`scale` is missing"),
            (
                &good.replace("scale", "scalar"),
                "no weight field is named `scalar`",
            ),
            (
                &good.replace("scale: 7,", "scale: 7, scale: 7,"),
                "`scale` is given twice",
            ),
            (
                &good.replace("[-5, 0, 12]", "[-5, 0]"),
                "`bonus` must be shaped Array(3)",
            ),
            (
                &good.replace("[-5, 0, 12]", "[[[1]]]"),
                "arrays nested too deep",
            ),
            (
                &good.replace("12]", "x]"),
                "expected a number or `[`, found `x`",
            ),
            (
                &good.replace("12]", "99999999999]"),
                "expected a number or `[`, found `99999999999`",
            ),
            (
                &good.replace("scale:", "scale ="),
                "expected `:`, found `=`",
            ),
            (
                &good.replace("scale: 7", "scale: 7 / 2"),
                "a `/` that does not start a `//` comment",
            ),
        ] {
            assert_eq!(
                parse_rust_source::<Toy>(bad),
                Err(error.to_string()),
                "{bad}"
            );
        }
    }
}
