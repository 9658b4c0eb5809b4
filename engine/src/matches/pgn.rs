//! PGN of match games, with the moves in Feerie's notation, and a reader for it (tests
//! replay every game through the referee).

use std::fmt::Write as _;

/// A game's result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unfinished,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unfinished,
            _ => return None,
        })
    }
}

/// One finished (or abandoned) game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub event: String,
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    pub variant: String,
    /// The start position, when it is not the variant's standard one.
    pub fen: Option<String>,
    pub time_control: String,
    pub moves: Vec<String>,
    pub result: GameResult,
    /// Why the game ended, as in the `Termination` tag: `checkmate`, `illegal move`...
    pub termination: String,
    /// A sentence for the closing comment, e.g. `Black makes an illegal move: e7e9`.
    pub reason: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl GameRecord {
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let mut tag = |k: &str, v: &str| {
            let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
        };
        tag("Event", &self.event);
        tag("Site", "feerie match");
        tag("Date", &self.date);
        tag("Round", &self.round);
        tag("White", &self.white);
        tag("Black", &self.black);
        tag("Result", self.result.as_str());
        tag("Variant", &self.variant);
        if let Some(fen) = &self.fen {
            tag("FEN", fen);
            tag("SetUp", "1");
        }
        tag("TimeControl", &self.time_control);
        tag("Termination", &self.termination);
        tag("PlyCount", &self.moves.len().to_string());
        out.push('\n');

        // Move numbers follow the start position's side and fullmove number.
        let (mut number, mut white_to_move) = self
            .fen
            .as_deref()
            .map(|f| {
                let fields: Vec<&str> = f.split_whitespace().collect();
                let n = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1u32);
                (n, fields.get(1) != Some(&"b"))
            })
            .unwrap_or((1, true));
        let mut tokens = Vec::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if white_to_move {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(mv.clone());
            if !white_to_move {
                number += 1;
            }
            white_to_move = !white_to_move;
        }
        if !self.reason.is_empty() {
            tokens.push(format!("{{{}}}", self.reason.replace('}', ")")));
        }
        tokens.push(self.result.as_str().to_string());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

/// A game read back from PGN: its tags in order and its moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParsedGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub result: Option<GameResult>,
}

impl ParsedGame {
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads every game of a PGN text (as this module writes it: tags, movetext with move
/// numbers, `{comments}` and a result).
pub fn parse_pgn(text: &str) -> Result<Vec<ParsedGame>, String> {
    let mut games = Vec::new();
    let mut current = ParsedGame::default();
    let mut in_movetext = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if in_movetext {
                games.push(std::mem::take(&mut current));
                in_movetext = false;
            }
            let inner = line
                .strip_prefix('[')
                .and_then(|l| l.strip_suffix(']'))
                .ok_or_else(|| format!("bad tag line: {line}"))?;
            let (key, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("bad tag line: {line}"))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| format!("bad tag value: {line}"))?
                .replace("\\\"", "\"")
                .replace("\\\\", "\\");
            current.tags.push((key.to_string(), value));
        } else if !line.is_empty() {
            in_movetext = true;
            let mut rest = line;
            while !rest.is_empty() {
                rest = rest.trim_start();
                if let Some(after) = rest.strip_prefix('{') {
                    let end = after.find('}').ok_or("unclosed comment")?;
                    rest = &after[end + 1..];
                    continue;
                }
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let token = &rest[..end];
                rest = &rest[end..];
                if let Some(r) = GameResult::parse(token) {
                    current.result = Some(r);
                } else if !token
                    .trim_end_matches('.')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                {
                    current.moves.push(token.to_string());
                }
            }
        }
    }
    if !current.tags.is_empty() || !current.moves.is_empty() {
        games.push(current);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fen: Option<&str>, moves: &[&str]) -> GameRecord {
        GameRecord {
            event: "test".into(),
            date: "2026.11.22".into(),
            round: "1.1".into(),
            white: "a".into(),
            black: "b \"quoted\"".into(),
            variant: "dynamo".into(),
            fen: fen.map(str::to_string),
            time_control: "10+0.1".into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            result: GameResult::BlackWins,
            termination: "illegal move".into(),
            reason: "White makes an illegal move: e2e9".into(),
        }
    }

    #[test]
    fn writes_and_reads_back() {
        let moves = ["c6f6/e6g6", "a5E", "e1g1/h1f1", "a3c2(n)"];
        let r = record(Some("4k3/8/8/8/8/8/8/4K3 b - - 0 7"), &moves);
        let text = r.to_pgn();
        assert!(text.contains("[Variant \"dynamo\"]"));
        assert!(text.contains("[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 7\"]"));
        assert!(text.contains("7... c6f6/e6g6 8. a5E e1g1/h1f1 9. a3c2(n)"));
        let games = parse_pgn(&(text.clone() + &record(None, &["e2e4"]).to_pgn())).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, moves);
        assert_eq!(games[0].result, Some(GameResult::BlackWins));
        assert_eq!(games[0].tag("Black"), Some("b \"quoted\""));
        assert_eq!(games[0].tag("Termination"), Some("illegal move"));
        assert_eq!(games[1].moves, ["e2e4"]);
        assert_eq!(games[1].tag("FEN"), None);
    }

    #[test]
    fn long_games_wrap() {
        let moves: Vec<&str> = std::iter::repeat_n("g1f3", 100).collect();
        let text = record(None, &moves).to_pgn();
        assert!(text.lines().all(|l| l.len() <= 80));
        assert_eq!(parse_pgn(&text).unwrap()[0].moves.len(), 100);
    }
}
