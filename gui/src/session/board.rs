//! The position of an analysis or a game, whatever its variant: the sessions hold it
//! behind one trait so that the socket loop, the analysis and the game driver are written
//! once, not once per variant.

use crate::game::{GameSpec, result_of};
use feerie_match::pgn::GameResult;
use feerie_movegen::readable::mark;
use feerie_movegen::{Color, Outcome, Position, Readable};
use feerie_variants::{VariantSpec, VariantVisitor};

/// A game in progress on Feerie's rules: the referee of the session.
pub trait Board: Send + Sync + std::fmt::Debug {
    /// The variant's `UCI_Variant` name.
    fn variant(&self) -> &'static str;
    /// The UCI `position` command of the current position, with the whole move list
    /// (engines need it for repetitions and Dynamo's no-undo rule).
    fn position_command(&self) -> String;
    /// Every move from the start position, canonical.
    fn moves(&self) -> &[String];
    fn fen(&self) -> String;
    fn side_to_move(&self) -> Color;
    /// The result and its cause when the game is over by the rules.
    fn outcome(&self) -> Option<(GameResult, Outcome)>;
    /// Plays `text` if it is a legal move; the error says it is not.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move (no-op at the start position).
    fn undo(&mut self);
    /// The notation of the moves of `line` played in turn from here, up to the first
    /// one that is not legal.
    fn line_text(&self, line: &[String]) -> Vec<String>;
}

/// The game `spec` describes, replayed: an error names what is wrong with it (a game
/// longer than the API takes is refused too).
pub fn load(spec: &GameSpec) -> Result<Box<dyn Board>, String> {
    crate::game::check_length(spec.moves.len())?;
    spec.variant()?.dispatch(Load(spec))
}

struct Load<'a>(&'a GameSpec);

impl VariantVisitor for Load<'_> {
    type Output = Result<Box<dyn Board>, String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        let start = self.0.start::<V::Rules>()?;
        let mut board = Typed {
            name: V::NAME,
            start_fen: start.to_fen(),
            pos: start,
            moves: Vec::new(),
        };
        for (i, text) in self.0.moves.iter().enumerate() {
            board
                .play(text)
                .map_err(|_| format!("move {} '{text}' is not legal", i + 1))?;
        }
        Ok(Box::new(board))
    }
}

#[derive(Debug)]
struct Typed<P: Position> {
    name: &'static str,
    start_fen: String,
    pos: P,
    moves: Vec<String>,
}

impl<P: Readable> Board for Typed<P> {
    fn variant(&self) -> &'static str {
        self.name
    }

    fn position_command(&self) -> String {
        let mut command = format!("position fen {}", self.start_fen);
        if !self.moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&self.moves.join(" "));
        }
        command
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn fen(&self) -> String {
        self.pos.to_fen()
    }

    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    fn outcome(&self) -> Option<(GameResult, Outcome)> {
        let outcome = self.pos.outcome()?;
        Some((result_of(outcome, self.pos.side_to_move()), outcome))
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self
            .pos
            .parse_move(text)
            .map_err(|_| format!("'{text}' is not a legal move"))?;
        self.pos.play(mv);
        self.moves.push(mv.to_string());
        Ok(())
    }

    fn undo(&mut self) {
        if self.moves.pop().is_some() {
            self.pos.undo();
        }
    }

    fn line_text(&self, line: &[String]) -> Vec<String> {
        let mut pos = self.pos.clone();
        let mut texts = Vec::new();
        for text in line {
            let Ok(mv) = pos.parse_move(text) else { break };
            let body = pos.readable_body(mv);
            pos.play(mv);
            texts.push(body + mark(&pos));
        }
        texts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spec(game: serde_json::Value) -> GameSpec {
        serde_json::from_value(game).unwrap()
    }

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn plays_undoes_and_writes_the_position_command() {
        let mut board = load(&spec(json!({"variant": "chess", "moves": ["e2e4"]}))).unwrap();
        assert_eq!(board.side_to_move(), Color::Black);
        assert!(board.play("e2e4").is_err());
        board.play("e7e5").unwrap();
        assert_eq!(
            board.position_command(),
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5"
        );
        board.undo();
        assert_eq!(board.moves(), ["e2e4".to_string()]);
        assert!(
            load(&spec(json!({"variant": "chess", "moves": ["e2e5"]})))
                .unwrap_err()
                .contains("move 1 'e2e5'")
        );
    }

    #[test]
    fn line_text_stops_at_the_first_illegal_move() {
        let board = load(&spec(json!({"variant": "chess"}))).unwrap();
        assert_eq!(
            board.line_text(&strings(&["e2e4", "e7e5", "e1e3", "g1f3"])),
            strings(&["e4", "e5"])
        );
    }

    #[test]
    fn outcome_names_the_winner() {
        let fen = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1";
        let mated = load(&spec(json!({"variant": "chess", "fen": fen}))).unwrap();
        assert_eq!(
            mated.outcome(),
            Some((GameResult::WhiteWins, Outcome::Checkmate))
        );
        assert_eq!(
            load(&spec(json!({"variant": "dynamo"}))).unwrap().outcome(),
            None
        );
    }
}
