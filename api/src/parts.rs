//! The pieces a move displaces, read from its canonical string (RULES.md section 5), so
//! the page can match clicks to moves in every variant without knowing any rule.

use serde::Serialize;

/// One displaced piece: from a square to a square, or off the board (`to` = `None`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub from: String,
    pub to: Option<String>,
}

/// The parts of a canonical move string: one per `/`-separated displacement, each
/// `<from><to>` or `<from>E`. What follows the squares (Augsburg's `(..)` component
/// list, a promotion letter) does not say where a piece goes, so it is skipped.
pub fn parts(canonical: &str) -> Vec<Part> {
    canonical
        .split('/')
        .filter_map(|displacement| {
            let from = displacement.get(..2)?;
            let rest = &displacement[2..];
            let to = if rest.starts_with('E') {
                None
            } else {
                Some(rest.get(..2)?.to_string())
            };
            Some(Part {
                from: from.to_string(),
                to,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts that `canonical` has the parts `expected` (from, to).
    fn check(canonical: &str, expected: &[(&str, Option<&str>)]) {
        let expected: Vec<Part> = expected
            .iter()
            .map(|&(from, to)| Part {
                from: from.to_string(),
                to: to.map(str::to_string),
            })
            .collect();
        assert_eq!(parts(canonical), expected, "{canonical}");
    }

    #[test]
    fn one_part_moves_of_every_variant() {
        check("e2e4", &[("e2", Some("e4"))]);
        check("e7e8q", &[("e7", Some("e8"))]);
        check("a5E", &[("a5", None)]);
        check("a3c4(bp)", &[("a3", Some("c4"))]);
        check("b7b8(p)n", &[("b7", Some("b8"))]);
        check("e1g1(rb)", &[("e1", Some("g1"))]);
    }

    #[test]
    fn dynamo_two_part_moves() {
        check("c6f6/e6g6", &[("c6", Some("f6")), ("e6", Some("g6"))]);
        check("c6E/e6E", &[("c6", None), ("e6", None)]);
        check("e1g1/h1f1", &[("e1", Some("g1")), ("h1", Some("f1"))]);
        check("b2b3/c7c8q", &[("b2", Some("b3")), ("c7", Some("c8"))]);
        check("e5E/e6e4", &[("e5", None), ("e6", Some("e4"))]);
    }
}
