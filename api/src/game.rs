//! A game as the page sends it (variant, start FEN, moves), replayed on Feerie's rules:
//! what the API and the gui's sessions both start from.

use feerie_match::pgn::GameResult;
use feerie_movegen::{Color, Outcome, Position};
use feerie_variants::Variant;
use serde::Deserialize;

/// A game: the variant, the start position (`None`: the variant's) and the canonical
/// moves played from it. The whole list, not a FEN, because repetitions and Dynamo's
/// no-undo rule look back over it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct GameSpec {
    pub variant: String,
    #[serde(default)]
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

impl GameSpec {
    /// The variant, or an error naming the unknown name.
    pub fn variant(&self) -> Result<Variant, String> {
        Variant::from_name(&self.variant)
            .ok_or_else(|| format!("unknown variant '{}'", self.variant))
    }

    /// The start position.
    pub fn start<P: Position>(&self) -> Result<P, String> {
        match &self.fen {
            Some(fen) => P::from_fen(fen).map_err(|e| format!("FEN: {e}")),
            None => Ok(P::startpos()),
        }
    }

    /// The position after every move; an error names the first move that is not legal.
    pub fn replay<P: Position>(&self) -> Result<P, String> {
        self.replay_with(|_: &P, _| (), |(), _| {})
    }

    /// [`replay`](Self::replay), showing each move to `before` with the position it is
    /// played in, then what `before` returned to `after` with the position it leads to:
    /// a history of texts and FENs in one replay.
    pub fn replay_with<P: Position, T>(
        &self,
        mut before: impl FnMut(&P, P::Move) -> T,
        mut after: impl FnMut(T, &P),
    ) -> Result<P, String> {
        let mut pos = self.start::<P>()?;
        for (i, text) in self.moves.iter().enumerate() {
            let mv = pos
                .parse_move(text)
                .map_err(|_| format!("move {} '{text}' is not legal", i + 1))?;
            let seen = before(&pos, mv);
            pos.play(mv);
            after(seen, &pos);
        }
        Ok(pos)
    }
}

/// The longest game a request may hold: far beyond any real game (the 50-move rule ends
/// games long before), short enough that replaying it stays a matter of seconds.
const MAX_PLIES: usize = 20_000;

/// Refuses games of more than [`MAX_PLIES`] moves, before any replay.
pub fn check_length(plies: usize) -> Result<(), String> {
    if plies > MAX_PLIES {
        return Err(format!(
            "the game has {plies} moves, more than the {MAX_PLIES} the server replays"
        ));
    }
    Ok(())
}

/// `1-0`, `0-1` or `1/2-1/2` when `side_to_move` faces `outcome`.
pub fn result_of(outcome: Outcome, side_to_move: Color) -> GameResult {
    match outcome.white_score(side_to_move) {
        s if s > 0.75 => GameResult::WhiteWins,
        s if s < 0.25 => GameResult::BlackWins,
        _ => GameResult::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::readable::readable;
    use feerie_movegen::{Chess, Dynamo};

    fn spec(variant: &str, fen: Option<&str>, moves: &[&str]) -> GameSpec {
        GameSpec {
            variant: variant.to_string(),
            fen: fen.map(str::to_string),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn replay_names_the_bad_move_and_the_bad_fen() {
        let game = spec("chess", None, &["e2e4", "e7e5", "e4e5"]);
        assert_eq!(
            game.replay::<Chess>().unwrap_err(),
            "move 3 'e4e5' is not legal"
        );
        let fen = spec("chess", Some("8/8/8 w - - 0 1"), &[]);
        assert!(fen.replay::<Chess>().unwrap_err().starts_with("FEN: "));
        assert_eq!(
            spec("dynamoo", None, &[]).variant().unwrap_err(),
            "unknown variant 'dynamoo'"
        );
    }

    #[test]
    fn the_text_users_see_is_san_in_chess_and_readable_elsewhere() {
        let chess = spec("chess", None, &[]).replay::<Chess>().unwrap();
        assert_eq!(readable(&chess, chess.parse_move("g1f3").unwrap()), "Nf3");
        let dynamo = spec("dynamo", None, &[]).replay::<Dynamo>().unwrap();
        let push = dynamo.parse_move("g1e2/e2c3").unwrap();
        assert_eq!(readable(&dynamo, push), "Ng1-e2 (e2-c3)");
    }

    #[test]
    fn results_follow_the_side_to_move() {
        assert_eq!(
            result_of(Outcome::Checkmate, Color::Black),
            GameResult::WhiteWins
        );
        assert_eq!(
            result_of(Outcome::Checkmate, Color::White),
            GameResult::BlackWins
        );
        assert_eq!(
            result_of(Outcome::Stalemate, Color::White),
            GameResult::Draw
        );
    }
}
