//! What stands on each square of a FEN, for the text the solver writes (diagrams and
//! Popeye's notation), and Popeye's piece letters.

/// The placement field of `fen`, one entry per square (a1 = 0, h8 = 63): the FEN letter,
/// or an Augsburg unit's letters without its parentheses (`RBN`), borrowed from the FEN
/// (solutions are written by the thousand). A malformed field leaves squares empty rather
/// than failing: the FEN was checked by the variant before, and drawing or naming a move
/// is no place to refuse a position.
pub(crate) fn placement(fen: &str) -> [Option<&str>; 64] {
    let mut squares = [None; 64];
    let field = fen.split_whitespace().next().unwrap_or("");
    for (row, rank_text) in field.split('/').enumerate().take(8) {
        let rank = 7 - row;
        let mut file = 0usize;
        let mut chars = rank_text.char_indices();
        while let Some((start, c)) = chars.next() {
            if let Some(gap) = c.to_digit(10) {
                file += gap as usize;
                continue;
            }
            let token = if c == '(' {
                let end = chars
                    .by_ref()
                    .find(|&(_, g)| g == ')')
                    .map_or(rank_text.len(), |(i, _)| i);
                &rank_text[start + 1..end]
            } else {
                &rank_text[start..start + c.len_utf8()]
            };
            if file < 8 && !token.is_empty() {
                squares[rank * 8 + file] = Some(token);
            }
            file += 1;
        }
    }
    squares
}

/// Popeye's letter for a FEN letter of either colour: upper case, `S` for the knight.
pub(crate) fn popeye_letter(c: char) -> char {
    match c.to_ascii_uppercase() {
        'N' => 'S',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_units_land_on_their_squares() {
        let board = placement("(RBN)6k/8/8/8/8/8/8/4K2r w - - 0 1");
        assert_eq!(board[56], Some("RBN"));
        assert_eq!(board[63], Some("k"));
        assert_eq!(board[4], Some("K"));
        assert_eq!(board[7], Some("r"));
        assert_eq!(board.iter().flatten().count(), 4);
        assert!(placement("9/(").iter().all(Option::is_none));
        assert_eq!(popeye_letter('n'), 'S');
    }
}
