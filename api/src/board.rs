//! The board as the page draws it: the FEN text of each square, a1 first.

/// The 64 squares of a FEN placement field, index = rank * 8 + file (a1 = 0, h8 = 63):
/// a piece letter, an Augsburg unit with its parentheses (`(RBN)`), or `None`.
pub fn squares(placement: &str) -> Vec<Option<String>> {
    let mut board = vec![None; 64];
    for (row, rank_text) in placement.split('/').take(8).enumerate() {
        let rank = 7 - row;
        let mut file = 0usize;
        let mut chars = rank_text.chars();
        while let Some(c) = chars.next() {
            if let Some(empty) = c.to_digit(10) {
                file += empty as usize;
                continue;
            }
            let text = if c == '(' {
                let unit: String = chars.by_ref().take_while(|&c| c != ')').collect();
                format!("({unit})")
            } else {
                c.to_string()
            };
            if file < 8 {
                board[rank * 8 + file] = Some(text);
            }
            file += 1;
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_a1_first() {
        let board = squares("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
        assert_eq!(board.len(), 64);
        assert_eq!(board[0].as_deref(), Some("R"));
        assert_eq!(board[4].as_deref(), Some("K"));
        assert_eq!(board[12], None);
        assert_eq!(board[28].as_deref(), Some("P"));
        assert_eq!(board[60].as_deref(), Some("k"));
        assert_eq!(board[63].as_deref(), Some("r"));
        assert_eq!(board.iter().flatten().count(), 32);
    }

    #[test]
    fn augsburg_units_keep_their_parentheses() {
        let board = squares("4k3/8/8/8/3(RBN)2(nnp)1/8/8/4K3");
        assert_eq!(board[27].as_deref(), Some("(RBN)"));
        assert_eq!(board[30].as_deref(), Some("(nnp)"));
        assert_eq!(board[31], None);
        assert_eq!(board.iter().flatten().count(), 4);
    }
}
