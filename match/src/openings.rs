//! Opening positions for a match: read from an EPD/FEN file, or generated as a few random
//! legal plies kept only when a short search scores them near equality. The random line
//! is the one opening walk of the workspace: the benches' self-play draws its openings
//! from it too.

use crate::pgn::{PgnError, parse_pgn};
use crate::rng::Rng;
use feerie_movegen::{FenError, Position};
use std::fmt;

/// Why an opening file gave no book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Line `line` (1-based) has fewer than the four fields of a position.
    NotAPosition { line: usize },
    /// Line `line` is not a legal position of the variant.
    BadPosition { line: usize, error: FenError },
    /// A game of a PGN book cannot be read or replayed.
    BadGame(PgnError),
    /// No position or game at all (`what` is "position" or "game").
    Empty { what: &'static str },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            BookError::NotAPosition { line } => {
                write!(f, "line {line}: not a FEN or EPD position")
            }
            BookError::BadPosition { line, error } => write!(f, "line {line}: {error}"),
            BookError::BadGame(error) => error.fmt(f),
            BookError::Empty { what } => write!(f, "the opening file holds no {what}"),
        }
    }
}

impl std::error::Error for BookError {}

/// Reads the positions of an EPD or FEN file: the first four fields of each line are the
/// position, then either the two move counters (FEN) or EPD operations, which are
/// ignored. Every position is checked by the variant's rules.
pub fn read_book<P: Position>(text: &str) -> Result<Vec<String>, BookError> {
    let mut fens = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(BookError::NotAPosition { line: n + 1 });
        }
        let counters = fields.len() >= 6
            && fields[4].parse::<u32>().is_ok()
            && fields[5].trim_end_matches(';').parse::<u32>().is_ok();
        let fen = if counters {
            format!(
                "{} {}",
                fields[..4].join(" "),
                fields[4..6].join(" ").trim_end_matches(';')
            )
        } else {
            format!("{} 0 1", fields[..4].join(" "))
        };
        let pos =
            P::from_fen(&fen).map_err(|error| BookError::BadPosition { line: n + 1, error })?;
        fens.push(pos.to_fen());
    }
    if fens.is_empty() {
        return Err(BookError::Empty { what: "position" });
    }
    Ok(fens)
}

/// Reads the games of a PGN file as openings: each game's moves from its start position,
/// the first `plies` of them when given; the position reached is the opening. Moves are
/// SAN in chess and move tokens in the fairy variants (docs/pgn.md); an error names the
/// game and the move. `variant` is the `UCI_Variant` name of `P`.
pub fn read_pgn_book<P: Position>(
    text: &str,
    variant: &str,
    plies: Option<usize>,
) -> Result<Vec<String>, BookError> {
    let mut fens = Vec::new();
    for (i, mut game) in parse_pgn(text)
        .map_err(BookError::BadGame)?
        .into_iter()
        .enumerate()
    {
        if let Some(n) = plies {
            game.moves.truncate(n);
        }
        let (pos, _) = game
            .replay::<P>(variant, i + 1)
            .map_err(BookError::BadGame)?;
        fens.push(pos.to_fen());
    }
    if fens.is_empty() {
        return Err(BookError::Empty { what: "game" });
    }
    Ok(fens)
}

/// Random legal moves from the start position and the position they reach.
#[derive(Clone, Debug)]
pub struct RandomLine<P: Position> {
    pub moves: Vec<P::Move>,
    pub position: P,
}

/// Plays `plies` random legal moves from the start position; `None` when the game ends
/// on the way (no legal move, or a rule ends it after the last ply).
pub fn random_line<P: Position>(rng: &mut Rng, plies: usize) -> Option<RandomLine<P>> {
    random_line_where(rng, plies, |_, _| true)
}

/// Like [`random_line`], each move drawn among the legal moves `keep` accepts (among all
/// of them when it accepts none). With a `keep` that accepts everything, the same seed
/// gives the same line as `random_line`.
pub fn random_line_where<P: Position>(
    rng: &mut Rng,
    plies: usize,
    keep: impl Fn(&P, P::Move) -> bool,
) -> Option<RandomLine<P>> {
    random_plies_where(P::startpos(), rng, plies, keep)
}

/// Plays `plies` random legal moves from `position`, each drawn as [`random_line_where`]
/// draws them; `None` when the game ends on the way. Self-play varies its book openings
/// with it.
pub fn random_plies_where<P: Position>(
    mut position: P,
    rng: &mut Rng,
    plies: usize,
    keep: impl Fn(&P, P::Move) -> bool,
) -> Option<RandomLine<P>> {
    let mut moves = Vec::with_capacity(plies);
    let mut legal = P::MoveList::default();
    for _ in 0..plies {
        position.legal_moves(&mut legal);
        if legal.is_empty() {
            return None;
        }
        let kept: Vec<P::Move> = legal
            .iter()
            .copied()
            .filter(|&m| keep(&position, m))
            .collect();
        let choices: &[P::Move] = if kept.is_empty() { &legal } else { &kept };
        let mv = choices[rng.below(choices.len())];
        position.play(mv);
        moves.push(mv);
    }
    position
        .outcome()
        .is_none()
        .then_some(RandomLine { moves, position })
}

/// A balanced random opening: between `min_plies` and `max_plies` random plies, kept
/// when `evaluate` (a short search, side to move's view) is within `max_cp` of zero.
/// After `attempts` tries the most balanced candidate is taken.
pub fn generate<P: Position>(
    rng: &mut Rng,
    min_plies: usize,
    max_plies: usize,
    max_cp: i32,
    attempts: usize,
    evaluate: &dyn Fn(&P) -> i32,
) -> String {
    let mut best: Option<(i32, String)> = None;
    for _ in 0..attempts.max(1) {
        let plies = min_plies + rng.below(max_plies - min_plies + 1);
        let Some(RandomLine { position: pos, .. }) = random_line::<P>(rng, plies) else {
            continue;
        };
        let score = evaluate(&pos).abs();
        if score <= max_cp {
            return pos.to_fen();
        }
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, pos.to_fen()));
        }
    }
    best.map(|(_, fen)| fen)
        .unwrap_or_else(|| P::startpos().to_fen())
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::Chess;

    #[test]
    fn reads_epd_and_fen_lines() {
        let text = "# book\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n\
                    4k3/8/8/8/8/8/8/4K2R w K - 3 40\n";
        let fens = read_book::<Chess>(text).unwrap();
        assert_eq!(
            fens,
            [
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "4k3/8/8/8/8/8/8/4K2R w K - 3 40"
            ]
        );
        assert!(read_book::<Chess>("4k3/8/8/8/8/8/8/4K3 w").is_err());
        assert!(read_book::<Chess>("8/8/8/8/8/8/8/8 w - -").is_err());
        assert!(read_book::<Chess>("").is_err());
    }

    #[test]
    fn pgn_games_give_the_positions_they_reach() {
        let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n\
                    [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n";
        let fens = read_pgn_book::<Chess>(text, "chess", None).unwrap();
        assert_eq!(
            fens,
            [
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                "8/3k4/8/8/8/8/8/5RK1 w - - 2 2"
            ]
        );
        let first_ply = read_pgn_book::<Chess>(text, "chess", Some(1)).unwrap();
        assert_eq!(
            first_ply[0],
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        let err = read_pgn_book::<Chess>(&text.replace("Kd7", "Kd9"), "chess", None)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("game 2 ") && err.contains("move 1... Kd9"),
            "{err}"
        );
        assert!(read_pgn_book::<Chess>("", "chess", None).is_err());
    }

    #[test]
    fn a_random_line_is_legal_reaches_its_position_and_follows_the_seed() {
        let line = random_line::<Chess>(&mut Rng::new(3), 6).unwrap();
        assert_eq!(line.moves.len(), 6);
        let mut pos = Chess::startpos();
        for &mv in &line.moves {
            assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(mv));
            pos.play(mv);
        }
        assert_eq!(pos.to_fen(), line.position.to_fen());
        let again = random_line::<Chess>(&mut Rng::new(3), 6).unwrap();
        assert_eq!(again.moves, line.moves);
    }

    #[test]
    fn generated_openings_are_legal_balanced_and_reproducible() {
        // A material count stands in for the search: the walk must keep it level.
        let material = |p: &Chess| {
            let b = p.board();
            let side = p.side_to_move();
            b.color(side).count() as i32 * 100 - b.color(side.flip()).count() as i32 * 100
        };
        let make = |seed| {
            let mut rng = Rng::new(seed);
            (0..5)
                .map(|_| generate::<Chess>(&mut rng, 4, 8, 0, 50, &material))
                .collect::<Vec<_>>()
        };
        let first = make(7);
        assert_eq!(first, make(7));
        for fen in &first {
            let pos = Chess::from_fen(fen).unwrap();
            assert_eq!(material(&pos), 0, "{fen}");
            assert!(pos.outcome().is_none());
            assert_ne!(fen, &Chess::startpos().to_fen());
        }
    }
}
