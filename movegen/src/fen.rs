//! FEN parsing shared by the variants: splitting the six fields, placement tokens, side,
//! castling letters and clocks. Each variant turns the pieces into its own board.

use crate::error::FenError;
use crate::types::{Color, Square};

/// One square's content in the placement field: a single letter, or a parenthesised
/// group of letters (an Augsburg compound unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementToken<'a> {
    Letter(char),
    Group(&'a str),
}

/// The six fields of a FEN, the last two defaulting to `0 1` when missing.
#[derive(Clone, Debug)]
pub struct FenFields<'a> {
    pub placement: &'a str,
    pub side: Color,
    pub castling: &'a str,
    pub en_passant: &'a str,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl<'a> FenFields<'a> {
    pub fn split(fen: &'a str) -> Result<FenFields<'a>, FenError> {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        if parts.len() < 4 || parts.len() > 6 {
            return Err(FenError::syntax(
                "fields",
                format!("expected 4 to 6 fields, found {}", parts.len()),
            ));
        }
        let side = match parts[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::syntax(
                    "side to move",
                    format!("expected 'w' or 'b', found '{other}'"),
                ));
            }
        };
        let number = |i: usize, name: &'static str, default: u32| -> Result<u32, FenError> {
            match parts.get(i) {
                None => Ok(default),
                Some(t) => t
                    .parse::<u32>()
                    .map_err(|_| FenError::syntax(name, format!("'{t}' is not a number"))),
            }
        };
        let halfmove = number(4, "halfmove clock", 0)?;
        let fullmove = number(5, "fullmove number", 1)?.max(1);
        if halfmove > 10_000 || fullmove > 100_000 {
            return Err(FenError::syntax("move counters", "out of range"));
        }
        Ok(FenFields {
            placement: parts[0],
            side,
            castling: parts[2],
            en_passant: parts[3],
            halfmove,
            fullmove,
        })
    }

    /// Calls `put` for each occupied square, rank 8 first. Checks the shape: eight ranks
    /// of eight squares each.
    pub fn for_each_square(
        &self,
        mut put: impl FnMut(Square, PlacementToken<'a>) -> Result<(), FenError>,
    ) -> Result<(), FenError> {
        let ranks: Vec<&str> = self.placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::syntax(
                "placement",
                format!("expected 8 ranks, found {}", ranks.len()),
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            let mut rest = *rank_text;
            while let Some(c) = rest.chars().next() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return Err(FenError::syntax("placement", format!("bad digit '{c}'")));
                    }
                    file += d as u8;
                    rest = &rest[1..];
                    continue;
                }
                if file >= 8 {
                    return Err(FenError::syntax(
                        "placement",
                        format!("rank {} has more than 8 squares", rank + 1),
                    ));
                }
                let sq = Square::from_coords(file, rank);
                if c == '(' {
                    let end = rest
                        .find(')')
                        .ok_or_else(|| FenError::syntax("placement", "unbalanced parentheses"))?;
                    let group = &rest[1..end];
                    if group.contains('(') {
                        return Err(FenError::syntax("placement", "nested parentheses"));
                    }
                    put(sq, PlacementToken::Group(group))?;
                    rest = &rest[end + 1..];
                } else if c == ')' {
                    return Err(FenError::syntax("placement", "unbalanced parentheses"));
                } else {
                    put(sq, PlacementToken::Letter(c))?;
                    rest = &rest[c.len_utf8()..];
                }
                file += 1;
            }
            if file != 8 {
                return Err(FenError::syntax(
                    "placement",
                    format!("rank {} has {} squares, not 8", rank + 1, file),
                ));
            }
        }
        Ok(())
    }

    /// Castling rights as a mask of `CastlingRights` bits; `-` is none.
    pub fn castling_rights(&self) -> Result<u8, FenError> {
        if self.castling == "-" {
            return Ok(0);
        }
        let mut rights = 0u8;
        for c in self.castling.chars() {
            let bit = match c {
                'K' => CastlingRights::WHITE_KING,
                'Q' => CastlingRights::WHITE_QUEEN,
                'k' => CastlingRights::BLACK_KING,
                'q' => CastlingRights::BLACK_QUEEN,
                _ => {
                    return Err(FenError::syntax(
                        "castling",
                        format!("unexpected '{c}' (Chess960 rights are not supported)"),
                    ));
                }
            };
            if rights & bit != 0 {
                return Err(FenError::syntax("castling", format!("'{c}' repeated")));
            }
            rights |= bit;
        }
        Ok(rights)
    }

    /// A single en passant square, or `None` for `-`.
    pub fn en_passant_square(&self) -> Result<Option<Square>, FenError> {
        if self.en_passant == "-" {
            return Ok(None);
        }
        Square::parse(self.en_passant).map(Some).ok_or_else(|| {
            FenError::syntax(
                "en passant",
                format!("'{}' is not a square", self.en_passant),
            )
        })
    }
}

/// Castling-rights bits and the orthodox castling geometry, shared by every variant.
#[derive(Clone, Copy, Debug)]
pub struct CastlingRights;

impl CastlingRights {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;

    /// Both rights of `color`.
    pub const fn of(color: Color) -> u8 {
        match color {
            Color::White => 3,
            Color::Black => 12,
        }
    }

    /// The FEN field for a mask.
    pub fn to_fen(rights: u8) -> String {
        let mut s = String::new();
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if rights & bit != 0 {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// One castling move's squares: king from/to, rook from/to, and the bit of the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingSide {
    pub right: u8,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

impl CastlingSide {
    /// The four orthodox castlings: white short, white long, black short, black long.
    pub const ALL: [CastlingSide; 4] = [
        CastlingSide::new(CastlingRights::WHITE_KING, 4, 6, 7, 5),
        CastlingSide::new(CastlingRights::WHITE_QUEEN, 4, 2, 0, 3),
        CastlingSide::new(CastlingRights::BLACK_KING, 60, 62, 63, 61),
        CastlingSide::new(CastlingRights::BLACK_QUEEN, 60, 58, 56, 59),
    ];

    const fn new(right: u8, kf: u8, kt: u8, rf: u8, rt: u8) -> CastlingSide {
        CastlingSide {
            right,
            king_from: Square::new(kf),
            king_to: Square::new(kt),
            rook_from: Square::new(rf),
            rook_to: Square::new(rt),
        }
    }

    /// The two castlings of `color`.
    pub fn of(color: Color) -> &'static [CastlingSide] {
        match color {
            Color::White => &CastlingSide::ALL[0..2],
            Color::Black => &CastlingSide::ALL[2..4],
        }
    }

    /// The castling of `color` whose king lands on `king_to` (a castling move's target).
    pub fn landing_on(color: Color, king_to: Square) -> &'static CastlingSide {
        CastlingSide::of(color)
            .iter()
            .find(|s| s.king_to == king_to)
            .expect("castling side")
    }

    /// Squares that must be empty: everything between king and rook.
    pub fn must_be_empty(&self) -> crate::Bitboard {
        crate::attacks::between(self.king_from, self.rook_from)
    }

    /// Squares the king stands on, passes and reaches: none may be attacked.
    pub fn king_path(&self) -> crate::Bitboard {
        crate::attacks::between(self.king_from, self.king_to)
            .with(self.king_from)
            .with(self.king_to)
    }

    /// Rights lost when a piece leaves or arrives on `sq` (king or rook squares).
    pub const fn rights_touching(sq: Square) -> u8 {
        match sq.to_u8() {
            0 => CastlingRights::WHITE_QUEEN,
            7 => CastlingRights::WHITE_KING,
            4 => CastlingRights::of(Color::White),
            56 => CastlingRights::BLACK_QUEEN,
            63 => CastlingRights::BLACK_KING,
            60 => CastlingRights::of(Color::Black),
            _ => 0,
        }
    }
}
