//! Splitting a `position` command into its FEN and move list. Moves stay opaque tokens:
//! fairy notation (`c6f6/e6g6`, `a3c2(n)`, `b7b8(p)n`) passes through untouched to the
//! variant's `parse_move`.

/// `position` with the FEN fields joined by single spaces (`None`: start position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCmd<'a> {
    pub fen: Option<String>,
    pub moves: Vec<&'a str>,
}

/// Parses the tokens after `position`: `startpos [moves ...]` or `fen <fields> [moves ...]`.
pub fn parse_position<'a>(tokens: &[&'a str]) -> Result<PositionCmd<'a>, String> {
    let (fen, rest) = match tokens.split_first() {
        Some((&"startpos", rest)) => (None, rest),
        Some((&"fen", rest)) => {
            let end = rest
                .iter()
                .position(|&t| t == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return Err("position fen: the FEN is missing".into());
            }
            (Some(rest[..end].join(" ")), &rest[end..])
        }
        Some((other, _)) => {
            return Err(format!(
                "position: expected 'startpos' or 'fen', got '{other}'"
            ));
        }
        None => return Err("position: expected 'startpos' or 'fen'".into()),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => moves.to_vec(),
        Some((other, _)) => {
            return Err(format!("position: expected 'moves', got '{other}'"));
        }
    };
    Ok(PositionCmd { fen, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<PositionCmd<'_>, String> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        parse_position(&tokens)
    }

    #[test]
    fn startpos_with_and_without_moves() {
        assert_eq!(
            parse("startpos").unwrap(),
            PositionCmd {
                fen: None,
                moves: vec![]
            }
        );
        assert_eq!(
            parse("startpos moves e2e4 e7e5").unwrap().moves,
            ["e2e4", "e7e5"]
        );
        assert_eq!(parse("startpos moves").unwrap().moves, Vec::<&str>::new());
    }

    #[test]
    fn fen_fields_are_joined_and_extra_whitespace_ignored() {
        let p = parse("fen  8/8/8/8/8/8/8/K1k5   w - -  0 1  moves a1a2").unwrap();
        assert_eq!(p.fen.as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert_eq!(p.moves, ["a1a2"]);
    }

    #[test]
    fn fairy_moves_pass_through_untouched() {
        let p = parse("startpos moves c6f6/e6g6 a3c2(n) b7b8(p)n d5E").unwrap();
        assert_eq!(p.moves, ["c6f6/e6g6", "a3c2(n)", "b7b8(p)n", "d5E"]);
    }

    #[test]
    fn malformed_commands_are_errors() {
        assert!(parse("").is_err());
        assert!(parse("fen").is_err());
        assert!(parse("fen moves e2e4").is_err());
        assert!(parse("start").is_err());
        assert!(parse("startpos e2e4").is_err());
    }
}
