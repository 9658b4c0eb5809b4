//! PGN of match games, with the moves in Feerie's notation, and a reader for it (tests
//! replay every game through the referee).

use crate::notation::{MoveTextError, parse_move_text};
use feerie_movegen::{FenError, Position};
use std::fmt::{self, Write as _};

/// Why a PGN game cannot be read or replayed: the game, as
/// [`ParsedGame::label`] names it, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub game: String,
    pub problem: PgnProblem,
}

/// What is wrong with a PGN game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnProblem {
    /// A line starting with `[` that is not a `[Key "Value"]` tag.
    BadTag(String),
    /// A `)` that closes no variation.
    UnopenedVariation,
    UnclosedComment,
    UnclosedVariation,
    /// The `Variant` tag names another variant than the one replaying.
    OtherVariant {
        tag: String,
        ours: String,
    },
    BadFen(FenError),
    /// Move `number` (White's, or Black's when `black`) is not a legal move.
    BadMove {
        number: usize,
        black: bool,
        text: String,
        error: MoveTextError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: ", self.game)?;
        match &self.problem {
            PgnProblem::BadTag(line) => write!(f, "bad tag line: {line}"),
            PgnProblem::UnopenedVariation => write!(f, "')' without '('"),
            PgnProblem::UnclosedComment => write!(f, "a comment is not closed"),
            PgnProblem::UnclosedVariation => write!(f, "a variation is not closed"),
            PgnProblem::OtherVariant { tag, ours } => write!(f, "a {tag} game, not {ours}"),
            PgnProblem::BadFen(error) => write!(f, "bad FEN: {error}"),
            PgnProblem::BadMove {
                number,
                black,
                text,
                error,
            } => {
                let dots = if *black { "..." } else { "." };
                write!(f, "move {number}{dots} {text}: {error}")
            }
        }
    }
}

impl std::error::Error for PgnError {}

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
    /// The program that played or recorded it (`feerie match`, `feerie gui`).
    pub site: String,
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    /// More tags, written in this order right after the seven of the standard (the tags
    /// of an imported game that Feerie does not write itself: `WhiteElo`, `ECO`...).
    pub extra_tags: Vec<(String, String)>,
    pub variant: String,
    /// The start position, when it is not the variant's standard one.
    pub fen: Option<String>,
    pub time_control: String,
    pub moves: Vec<String>,
    pub result: GameResult,
    /// Why the game ended, as in the `Termination` tag: `checkmate`, `illegal move`...;
    /// empty when unknown (no tag then).
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
        tag("Site", &self.site);
        tag("Date", &self.date);
        tag("Round", &self.round);
        tag("White", &self.white);
        tag("Black", &self.black);
        tag("Result", self.result.as_str());
        for (key, value) in &self.extra_tags {
            tag(key, value);
        }
        tag("Variant", &self.variant);
        if let Some(fen) = &self.fen {
            tag("FEN", fen);
            tag("SetUp", "1");
        }
        tag("TimeControl", &self.time_control);
        if !self.termination.is_empty() {
            tag("Termination", &self.termination);
        }
        tag("PlyCount", &self.moves.len().to_string());
        out.push('\n');

        // Move numbers follow the start position's side and fullmove number.
        let (mut number, black_first) = move_numbering(self.fen.as_deref());
        let mut white_to_move = !black_first;
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

/// A game read back from PGN: its tags in order and its moves (main line only).
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

    /// `game N (White - Black, round R)`, for error messages.
    pub fn label(&self, number: usize) -> String {
        let tag = |k| self.tag(k).unwrap_or("?");
        format!(
            "game {number} ({} - {}, round {})",
            tag("White"),
            tag("Black"),
            tag("Round")
        )
    }

    /// Plays the moves from the start position (the `FEN` tag, or the variant's start)
    /// against the legal moves: SAN in chess, tokens elsewhere. `variant` is the
    /// `UCI_Variant` name of `P`, which a `Variant` tag must match. `number` names the
    /// game in errors, which also name the move.
    pub fn replay<P: Position>(
        &self,
        variant: &str,
        number: usize,
    ) -> Result<(P, Vec<P::Move>), PgnError> {
        let error = |problem| PgnError {
            game: self.label(number),
            problem,
        };
        if let Some(v) = self.tag("Variant") {
            let ours = variant;
            let same = v == ours || (ours == "chess" && v.eq_ignore_ascii_case("standard"));
            if !same {
                return Err(error(PgnProblem::OtherVariant {
                    tag: v.to_string(),
                    ours: ours.to_string(),
                }));
            }
        }
        let mut pos = match self.tag("FEN") {
            Some(fen) => P::from_fen(fen).map_err(|e| error(PgnProblem::BadFen(e)))?,
            None => P::startpos(),
        };
        let (first_number, black_first) = move_numbering(self.tag("FEN"));
        let mut moves = Vec::with_capacity(self.moves.len());
        for (ply, text) in self.moves.iter().enumerate() {
            let mv = parse_move_text(&pos, text).map_err(|e| {
                let half = ply + usize::from(black_first);
                error(PgnProblem::BadMove {
                    number: first_number as usize + half / 2,
                    black: half % 2 == 1,
                    text: text.clone(),
                    error: e,
                })
            })?;
            pos.play(mv);
            moves.push(mv);
        }
        Ok((pos, moves))
    }
}

/// The fullmove number of the first move and whether Black makes it, from a FEN.
fn move_numbering(fen: Option<&str>) -> (u32, bool) {
    fen.map(|f| {
        let fields: Vec<&str> = f.split_whitespace().collect();
        let n = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1u32);
        (n.max(1), fields.get(1) == Some(&"b"))
    })
    .unwrap_or((1, false))
}

/// Reads one `[Key "Value"]` tag line.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((key.to_string(), out))
}

/// Reads every game of a PGN text: tag pairs, then movetext with move numbers,
/// `{comments}`, `;` comments, NAGs (`$1`), variations in parentheses (skipped), `%`
/// escape lines, and a result. Errors name the game.
pub fn parse_pgn(text: &str) -> Result<Vec<ParsedGame>, PgnError> {
    let mut games = Vec::new();
    let mut current = ParsedGame::default();
    let mut in_movetext = false;
    let mut in_comment = false;
    let mut depth = 0usize;
    let finish = |games: &mut Vec<ParsedGame>, game: &mut ParsedGame| {
        games.push(std::mem::take(game));
    };
    let error = |games: &Vec<ParsedGame>, game: &ParsedGame, problem| PgnError {
        game: game.label(games.len() + 1),
        problem,
    };
    for line in text.lines() {
        let trimmed = line.trim();
        if !in_comment && line.starts_with('%') {
            continue;
        }
        if !in_comment && depth == 0 && trimmed.starts_with('[') {
            if in_movetext {
                finish(&mut games, &mut current);
                in_movetext = false;
            }
            let tag = parse_tag(trimmed)
                .ok_or_else(|| error(&games, &current, PgnProblem::BadTag(trimmed.to_string())))?;
            current.tags.push(tag);
            continue;
        }
        let mut rest = trimmed;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => {
                        rest = &rest[end + 1..];
                        in_comment = false;
                    }
                    None => rest = "",
                }
                continue;
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            in_movetext = true;
            match c {
                '{' => {
                    in_comment = true;
                    rest = &rest[1..];
                    continue;
                }
                ';' => break,
                '(' => depth += 1,
                ')' => {
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| error(&games, &current, PgnProblem::UnopenedVariation))?
                }
                _ => {}
            }
            if "();".contains(c) {
                rest = &rest[1..];
                continue;
            }
            let end = rest
                .find(|ch: char| ch.is_whitespace() || "{};()".contains(ch))
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if depth > 0 || token.starts_with('$') {
                continue;
            }
            if let Some(r) = GameResult::parse(token) {
                current.result = Some(r);
                continue;
            }
            // A move number, alone (`12.`, `12...`) or glued to its move (`12.e4`).
            let mv = token.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
            let numbered = mv.len() < token.len() && token[..token.len() - mv.len()].contains('.');
            let mv = if numbered { mv } else { token };
            if !mv.is_empty() {
                current.moves.push(mv.to_string());
            }
        }
    }
    if in_comment {
        return Err(error(&games, &current, PgnProblem::UnclosedComment));
    }
    if depth > 0 {
        return Err(error(&games, &current, PgnProblem::UnclosedVariation));
    }
    if !current.tags.is_empty() || !current.moves.is_empty() {
        finish(&mut games, &mut current);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_variants::{Variant, VariantSpec, VariantVisitor};

    fn record(fen: Option<&str>, moves: &[&str]) -> GameRecord {
        GameRecord {
            event: "test".into(),
            site: "feerie match".into(),
            date: "2026.11.22".into(),
            round: "1.1".into(),
            white: "a".into(),
            black: "b \"quoted\"".into(),
            extra_tags: Vec::new(),
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
        let moves = ["c6f6-E6G6", "a5E", "e1g1-H1F1", "a3c2_n"];
        let r = record(Some("4k3/8/8/8/8/8/8/4K3 b - - 0 7"), &moves);
        let text = r.to_pgn();
        assert!(text.contains("[Variant \"dynamo\"]"));
        assert!(text.contains("[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 7\"]"));
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(text.contains("7... c6f6-E6G6 8. a5E e1g1-H1F1 9. a3c2_n"));
        let games = parse_pgn(&(text.clone() + &record(None, &["e4"]).to_pgn())).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, moves);
        assert_eq!(games[0].result, Some(GameResult::BlackWins));
        assert_eq!(games[0].tag("Black"), Some("b \"quoted\""));
        assert_eq!(games[0].tag("Termination"), Some("illegal move"));
        assert_eq!(games[1].moves, ["e4"]);
        assert_eq!(games[1].tag("FEN"), None);
    }

    #[test]
    fn extra_tags_follow_the_seven_and_an_unknown_termination_is_not_written() {
        let mut r = record(None, &["e4"]);
        r.extra_tags = vec![
            ("WhiteElo".into(), "2100".into()),
            ("ECO".into(), "B00".into()),
        ];
        r.termination.clear();
        let text = r.to_pgn();
        let keys: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix('[')?.split(' ').next())
            .collect();
        assert_eq!(
            keys,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "WhiteElo",
                "ECO",
                "Variant",
                "TimeControl",
                "PlyCount"
            ]
        );
        let game = &parse_pgn(&text).unwrap()[0];
        assert_eq!(game.tag("WhiteElo"), Some("2100"));
        assert_eq!(game.tag("Termination"), None);
    }

    #[test]
    fn reads_comments_variations_nags_and_glued_move_numbers() {
        let text = "% escape line\n[Event \"x\"]\n[White \"w\"]\n\n\
                    1.e4 {a comment\nover two lines} e5 $1 2. Nf3 (2. f4 exf4 (2... d5)) \
                    Nc6 ; rest of line Bb5\n3...a6?! 1/2-1/2\n\n[Event \"y\"]\n\n1. d4 *\n";
        let games = parse_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "a6?!"]);
        assert_eq!(games[0].result, Some(GameResult::Draw));
        assert_eq!(games[1].moves, ["d4"]);
        assert_eq!(games[1].result, Some(GameResult::Unfinished));
    }

    #[test]
    fn the_example_of_docs_pgn_md_replays() {
        let doc = include_str!("../../docs/pgn.md");
        let section = &doc[doc.find("## An example").unwrap()..];
        let start = section.find("```\n").unwrap() + 4;
        let end = start + section[start..].find("```").unwrap();
        let games = parse_pgn(&section[start..end]).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.tag("Variant"), Some("dynamo"));
        let (pos, moves) = game.replay::<feerie_movegen::Dynamo>("dynamo", 1).unwrap();
        assert_eq!(game.tag("PlyCount"), Some(moves.len().to_string().as_str()));
        assert_eq!(pos.outcome(), Some(feerie_movegen::Outcome::Checkmate));
        assert_eq!(game.result, Some(GameResult::WhiteWins));
    }

    #[test]
    fn malformed_pgn_names_the_game() {
        let two = "[White \"a\"]\n\n1. e4 *\n\n[White \"b\"]\n[Black \"c\"]\n\n";
        for (bad, expected) in [
            (
                "1. e4 {open",
                "game 1 (? - ?, round ?): a comment is not closed",
            ),
            (
                "1. e4 (1. d4 *",
                "game 1 (? - ?, round ?): a variation is not closed",
            ),
            ("1. e4 ) *", "')' without '('"),
            ("[White \"x]\n1. e4 *", "bad tag line"),
        ] {
            let err = parse_pgn(bad).unwrap_err().to_string();
            assert!(err.contains(expected), "{bad}: {err}");
        }
        let err = parse_pgn(&format!("{two}1. d4 {{x")).unwrap_err();
        assert_eq!(err.problem, PgnProblem::UnclosedComment);
        let err = err.to_string();
        assert!(err.starts_with("game 2 (b - c, round ?)"), "{err}");
    }

    #[test]
    fn replays_and_names_the_bad_move() {
        use feerie_movegen::{Chess, Dynamo};
        let text = "[White \"a\"]\n[Black \"b\"]\n[Round \"3\"]\n\n\
                    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 *\n";
        let game = &parse_pgn(text).unwrap()[0];
        let (pos, moves) = game.replay::<Chess>("chess", 1).unwrap();
        assert_eq!(moves.len(), 12);
        assert_eq!(
            pos.to_fen(),
            "r1bqkbnr/1pp3pp/p1p2p2/8/3pP3/5N2/PPP2PPP/RNBQ1RK1 w kq - 0 7"
        );
        let bad = text.replace("Bxc6", "Bxc7");
        let err = parse_pgn(&bad).unwrap()[0]
            .replay::<Chess>("chess", 4)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "game 4 (a - b, round 3): move 4. Bxc7: 'Bxc7' is not a legal move"
        );
        let err = parse_pgn(&bad).unwrap()[0]
            .replay::<Dynamo>("dynamo", 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("move 1. e4: 'e4' is not a legal move"),
            "{err}"
        );
        let tagged = text.replace("[Round", "[Variant \"chess\"]\n[Round");
        let err = parse_pgn(&tagged).unwrap()[0]
            .replay::<Dynamo>("dynamo", 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("a chess game, not dynamo"), "{err}");
        let black_first = "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 9\"]\n\n9... Kd8 10. Rh9 *";
        let err = parse_pgn(black_first).unwrap()[0]
            .replay::<Chess>("chess", 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("move 10. Rh9"), "{err}");
    }

    #[test]
    fn long_games_wrap() {
        let moves: Vec<&str> = std::iter::repeat_n("g1f3", 100).collect();
        let text = record(None, &moves).to_pgn();
        assert!(text.lines().all(|l| l.len() <= 80));
        assert_eq!(parse_pgn(&text).unwrap()[0].moves.len(), 100);
    }

    /// Random games of a variant, from the start and from a position with Black to
    /// move, written as PGN and read back: the same moves, and the tags kept.
    struct RoundTrip;

    impl VariantVisitor for RoundTrip {
        type Output = usize;

        fn visit<V: VariantSpec>(self) -> usize {
            round_trip::<V::Rules>(V::NAME)
        }
    }

    /// Plays random games, writes them as PGN, reads them back; the plies played.
    fn round_trip<P: Position>(variant: &str) -> usize {
        {
            let mut rng = crate::rng::Rng::new(5);
            let mut games = Vec::new();
            let mut text = String::new();
            for g in 0..12 {
                let mut start = P::startpos();
                if g % 2 == 1 {
                    let mut moves = P::MoveList::default();
                    start.legal_moves(&mut moves);
                    start.play(moves[rng.below(moves.len())]);
                }
                let mut pos = start.clone();
                let (mut played, mut texts) = (Vec::new(), Vec::new());
                for _ in 0..150 {
                    let mut moves = P::MoveList::default();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    texts.push(crate::notation::move_text(&pos, mv));
                    played.push(mv);
                    pos.play(mv);
                }
                let mut r = record((g % 2 == 1).then(|| start.to_fen()).as_deref(), &[]);
                r.variant = variant.to_string();
                r.moves = texts;
                text.push_str(&r.to_pgn());
                games.push((played, pos.to_fen()));
            }
            let parsed = parse_pgn(&text).unwrap();
            assert_eq!(parsed.len(), games.len());
            for (i, (game, (played, end_fen))) in parsed.iter().zip(&games).enumerate() {
                let (end, moves) = game.replay::<P>(variant, i + 1).unwrap();
                assert_eq!(&moves, played, "game {}", i + 1);
                assert_eq!(&end.to_fen(), end_fen);
                assert_eq!(
                    game.tag("PlyCount"),
                    Some(played.len().to_string().as_str())
                );
            }
            games.iter().map(|(p, _)| p.len()).sum()
        }
    }

    #[test]
    fn random_games_round_trip_through_pgn_in_every_variant() {
        for &variant in Variant::ALL {
            let plies = variant.dispatch(RoundTrip);
            assert!(plies > 500, "{variant}: {plies} plies");
        }
    }
}
