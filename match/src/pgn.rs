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
    /// A `(` before any move of its line: a variation replaces a move.
    VariationWithoutMove,
    /// Variations nested deeper than [`MAX_NESTING`].
    DeepVariation,
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
    /// A problem in the variation whose first move `first` names (`4. d4`, `4... Nf6`).
    InVariation {
        first: String,
        problem: Box<PgnProblem>,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: {}", self.game, self.problem)
    }
}

impl fmt::Display for PgnProblem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            PgnProblem::BadTag(line) => write!(f, "bad tag line: {line}"),
            PgnProblem::UnopenedVariation => write!(f, "')' without '('"),
            PgnProblem::UnclosedComment => write!(f, "a comment is not closed"),
            PgnProblem::UnclosedVariation => write!(f, "a variation is not closed"),
            PgnProblem::VariationWithoutMove => {
                write!(f, "a variation '(' comes before any move it could replace")
            }
            PgnProblem::DeepVariation => {
                write!(f, "variations are nested more than {MAX_NESTING} deep")
            }
            PgnProblem::OtherVariant { tag, ours } => write!(f, "a {tag} game, not {ours}"),
            PgnProblem::BadFen(error) => write!(f, "bad FEN: {error}"),
            PgnProblem::BadMove {
                number,
                black,
                text,
                error,
            } => write!(f, "move {}: {error}", move_label(*number, *black, text)),
            PgnProblem::InVariation { first, problem } => {
                write!(f, "in the variation {first}: {problem}")
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
        let line: Vec<PgnMove> = self.moves.iter().map(|m| PgnMove::new(m)).collect();
        self.to_pgn_with(&line)
    }

    /// The PGN of the game with `line` as its movetext (variations and comments, the
    /// texts PGN tokens) in place of `moves`; `PlyCount` counts its main line.
    pub fn to_pgn_with(&self, line: &[PgnMove]) -> String {
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
        tag("PlyCount", &line.len().to_string());
        out.push('\n');

        // Move numbers follow the start position's side and fullmove number.
        let numbering = move_numbering(self.fen.as_deref());
        let mut tokens = Vec::new();
        line_tokens(line, usize::from(numbering.1), numbering.0, &mut tokens);
        if !self.reason.is_empty() {
            tokens.push(format!("{{{}}}", self.reason.replace('}', ")")));
        }
        tokens.push(self.result.as_str().to_string());
        let mut text = String::new();
        for t in tokens {
            if !text.is_empty() && text.len() + 1 + t.len() > 79 {
                out.push_str(&text);
                out.push('\n');
                text.clear();
            }
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&t);
        }
        out.push_str(&text);
        out.push_str("\n\n");
        out
    }
}

/// `12.` or `12...` and the move: how messages and variations name a move.
fn move_label(number: usize, black: bool, text: &str) -> String {
    let dots = if black { "..." } else { "." };
    format!("{number}{dots} {text}")
}

/// A comment as tokens, one per word so that long comments wrap; `}` would end it early.
fn comment_tokens(text: &str, tokens: &mut Vec<String>) {
    let words: Vec<String> = text
        .replace('}', ")")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let Some(last) = words.len().checked_sub(1) else {
        return;
    };
    for (i, w) in words.into_iter().enumerate() {
        let open = if i == 0 { "{" } else { "" };
        let close = if i == last { "}" } else { "" };
        tokens.push(format!("{open}{w}{close}"));
    }
}

/// The tokens of `line` whose first move is half-move `half` of the numbering (0: White's
/// move `first`): a number before White's moves and before Black's where the reader
/// lost count (a line's start, after a comment or a variation).
fn line_tokens(line: &[PgnMove], half: usize, first: u32, tokens: &mut Vec<String>) {
    let mut numbered = false;
    for (i, m) in line.iter().enumerate() {
        let h = half + i;
        if !m.before.is_empty() {
            comment_tokens(&m.before, tokens);
            numbered = false;
        }
        let number = first as usize + h / 2;
        if h.is_multiple_of(2) {
            tokens.push(format!("{number}."));
        } else if !numbered {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.text.clone());
        tokens.extend(m.nags.iter().map(|n| format!("${n}")));
        numbered = true;
        if !m.after.is_empty() {
            comment_tokens(&m.after, tokens);
            numbered = false;
        }
        for variation in &m.variations {
            let start = tokens.len();
            line_tokens(variation, h, first, tokens);
            if tokens.len() > start {
                tokens[start].insert(0, '(');
                tokens.last_mut().expect("a token").push(')');
                numbered = false;
            }
        }
    }
}

/// One move of a line of movetext and what the movetext says about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (annotation marks `!`, `?` made NAGs); canonical after
    /// [`ParsedGame::replay_lines`].
    pub text: String,
    /// A comment before it (a line's opening comment), empty if none.
    pub before: String,
    /// The comments after it, joined by a space; empty if none.
    pub after: String,
    /// Its NAGs (`$1` = `!`, `$2` = `?`, ...).
    pub nags: Vec<u8>,
    /// The variations: other lines played from the position before it.
    pub variations: Vec<Vec<PgnMove>>,
}

impl PgnMove {
    pub fn new(text: &str) -> PgnMove {
        PgnMove {
            text: text.to_string(),
            ..PgnMove::default()
        }
    }
}

/// How deep variations may nest: far beyond any annotated game, shallow enough that
/// every program walking the tree (JSON readers included) keeps its stack.
pub const MAX_NESTING: usize = 32;

/// The NAG of an annotation mark written after a move.
fn suffix_nag(mark: &str) -> Option<u8> {
    Some(match mark {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// A game read back from PGN: its tags in order, its moves (the main line, as written)
/// and the whole movetext as a tree (`line`: the main line with variations and comments).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParsedGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub line: Vec<PgnMove>,
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
        let mut pos = self.start::<P>(variant, number)?;
        let (first_number, black_first) = move_numbering(self.tag("FEN"));
        let mut moves = Vec::with_capacity(self.moves.len());
        for (ply, text) in self.moves.iter().enumerate() {
            let mv = parse_move_text(&pos, text).map_err(|e| {
                let half = ply + usize::from(black_first);
                self.error(
                    number,
                    PgnProblem::BadMove {
                        number: first_number as usize + half / 2,
                        black: half % 2 == 1,
                        text: text.clone(),
                        error: e,
                    },
                )
            })?;
            pos.play(mv);
            moves.push(mv);
        }
        Ok((pos, moves))
    }

    /// [`replay`](Self::replay) of the whole tree: `line` with each move's text made its
    /// canonical move string (docs/rules.md), comments, NAGs and variations kept. An
    /// error in a variation names the variation by its first move.
    pub fn replay_lines<P: Position>(
        &self,
        variant: &str,
        number: usize,
    ) -> Result<Vec<PgnMove>, PgnError> {
        self.replay::<P>(variant, number)?;
        let (first, black_first) = move_numbering(self.tag("FEN"));
        let walk = LineWalk {
            game: self,
            number,
            first: first as usize,
        };
        walk.line(
            self.start::<P>(variant, number)?,
            &self.line,
            usize::from(black_first),
            None,
        )
    }

    /// The start position (the `FEN` tag, or the variant's start), once the `Variant`
    /// tag is checked against `variant`.
    fn start<P: Position>(&self, variant: &str, number: usize) -> Result<P, PgnError> {
        if let Some(v) = self.tag("Variant") {
            let ours = variant;
            let same = v == ours || (ours == "chess" && v.eq_ignore_ascii_case("standard"));
            if !same {
                return Err(self.error(
                    number,
                    PgnProblem::OtherVariant {
                        tag: v.to_string(),
                        ours: ours.to_string(),
                    },
                ));
            }
        }
        match self.tag("FEN") {
            Some(fen) => P::from_fen(fen).map_err(|e| self.error(number, PgnProblem::BadFen(e))),
            None => Ok(P::startpos()),
        }
    }

    fn error(&self, number: usize, problem: PgnProblem) -> PgnError {
        PgnError {
            game: self.label(number),
            problem,
        }
    }
}

/// Replays a game's lines for [`ParsedGame::replay_lines`].
struct LineWalk<'a> {
    game: &'a ParsedGame,
    number: usize,
    /// The fullmove number of the game's first move.
    first: usize,
}

impl LineWalk<'_> {
    /// `line` played from `pos`, its first move half-move `half` of the numbering;
    /// `variation` names the variation it is in (`None`: the main line).
    fn line<P: Position>(
        &self,
        mut pos: P,
        line: &[PgnMove],
        half: usize,
        variation: Option<&str>,
    ) -> Result<Vec<PgnMove>, PgnError> {
        let mut out = Vec::with_capacity(line.len());
        for (i, m) in line.iter().enumerate() {
            let h = half + i;
            let (number, black) = (self.first + h / 2, h % 2 == 1);
            let mut variations = Vec::with_capacity(m.variations.len());
            for v in &m.variations {
                let name = v.first().map(|f| move_label(number, black, &f.text));
                variations.push(self.line(pos.clone(), v, h, name.as_deref())?);
            }
            let mv = parse_move_text(&pos, &m.text).map_err(|error| {
                let problem = PgnProblem::BadMove {
                    number,
                    black,
                    text: m.text.clone(),
                    error,
                };
                self.game.error(
                    self.number,
                    match variation {
                        Some(first) => PgnProblem::InVariation {
                            first: first.to_string(),
                            problem: Box::new(problem),
                        },
                        None => problem,
                    },
                )
            })?;
            out.push(PgnMove {
                text: mv.to_string(),
                before: m.before.clone(),
                after: m.after.clone(),
                nags: m.nags.clone(),
                variations,
            });
            pos.play(mv);
        }
        Ok(out)
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

/// A line being read: its moves, and a comment waiting for its first move.
#[derive(Default)]
struct OpenLine {
    moves: Vec<PgnMove>,
    before: String,
}

/// The movetext of the game being read: the main line at the bottom of the stack, the
/// variation being read on top.
struct Movetext {
    stack: Vec<OpenLine>,
}

/// Appends `text` to a comment, a space between the two.
fn add_comment(to: &mut String, text: &str) {
    if !to.is_empty() && !text.is_empty() {
        to.push(' ');
    }
    to.push_str(text);
}

impl Movetext {
    fn new() -> Movetext {
        Movetext {
            stack: vec![OpenLine::default()],
        }
    }

    fn top(&mut self) -> &mut OpenLine {
        self.stack.last_mut().expect("the main line")
    }

    fn in_variation(&self) -> bool {
        self.stack.len() > 1
    }

    /// A comment: after the last move of the line, or before its first.
    fn comment(&mut self, text: &str) {
        let top = self.top();
        match top.moves.last_mut() {
            Some(last) => add_comment(&mut last.after, text),
            None => add_comment(&mut top.before, text),
        }
    }

    fn nag(&mut self, nag: u8) {
        if let Some(last) = self.top().moves.last_mut() {
            last.nags.push(nag);
        }
    }

    /// A move, its annotation marks made NAGs.
    fn play(&mut self, token: &str) {
        let text = token.trim_end_matches(['!', '?']);
        let nags = suffix_nag(&token[text.len()..]).into_iter().collect();
        let top = self.top();
        let before = std::mem::take(&mut top.before);
        top.moves.push(PgnMove {
            text: text.to_string(),
            before,
            nags,
            ..PgnMove::default()
        });
    }

    /// `(`: a variation of the line's last move.
    fn open(&mut self) -> Result<(), PgnProblem> {
        if self.top().moves.is_empty() {
            return Err(PgnProblem::VariationWithoutMove);
        }
        if self.stack.len() > MAX_NESTING {
            return Err(PgnProblem::DeepVariation);
        }
        self.stack.push(OpenLine::default());
        Ok(())
    }

    /// `)`: the variation read joins the move it replaces (an empty one is dropped).
    fn close(&mut self) -> Result<(), PgnProblem> {
        if !self.in_variation() {
            return Err(PgnProblem::UnopenedVariation);
        }
        let done = self.stack.pop().expect("a variation");
        let last = self.top().moves.last_mut().expect("a move before '('");
        if !done.moves.is_empty() {
            last.variations.push(done.moves);
        }
        Ok(())
    }

    /// The game's tree; the reader starts on the next game's.
    fn take(&mut self) -> Vec<PgnMove> {
        std::mem::replace(self, Movetext::new())
            .stack
            .pop()
            .map(|main| main.moves)
            .unwrap_or_default()
    }
}

/// Reads every game of a PGN text: tag pairs, then movetext with move numbers,
/// `{comments}`, `;` comments, NAGs (`$1`), variations in parentheses, `%` escape lines,
/// and a result: `moves` holds the main line, `line` the whole tree. Errors name the game.
pub fn parse_pgn(text: &str) -> Result<Vec<ParsedGame>, PgnError> {
    let mut games = Vec::new();
    let mut current = ParsedGame::default();
    let mut movetext = Movetext::new();
    let mut in_movetext = false;
    let mut comment: Option<String> = None;
    let finish = |games: &mut Vec<ParsedGame>, game: &mut ParsedGame, movetext: &mut Movetext| {
        game.line = movetext.take();
        games.push(std::mem::take(game));
    };
    let error = |games: &Vec<ParsedGame>, game: &ParsedGame, problem| PgnError {
        game: game.label(games.len() + 1),
        problem,
    };
    for line in text.lines() {
        let trimmed = line.trim();
        if comment.is_none() && line.starts_with('%') {
            continue;
        }
        if comment.is_none() && !movetext.in_variation() && trimmed.starts_with('[') {
            if in_movetext {
                finish(&mut games, &mut current, &mut movetext);
                in_movetext = false;
            }
            let tag = parse_tag(trimmed)
                .ok_or_else(|| error(&games, &current, PgnProblem::BadTag(trimmed.to_string())))?;
            current.tags.push(tag);
            continue;
        }
        let mut rest = trimmed;
        while !rest.is_empty() {
            if let Some(open) = comment.as_mut() {
                let end = rest.find('}');
                add_comment(open, rest[..end.unwrap_or(rest.len())].trim());
                match end {
                    Some(end) => {
                        rest = &rest[end + 1..];
                        let words = comment.take().unwrap_or_default();
                        movetext.comment(&words.split_whitespace().collect::<Vec<_>>().join(" "));
                    }
                    None => rest = "",
                }
                continue;
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            in_movetext = true;
            match c {
                '{' => comment = Some(String::new()),
                ';' => {
                    movetext.comment(rest[1..].trim());
                    break;
                }
                '(' => movetext.open().map_err(|p| error(&games, &current, p))?,
                ')' => movetext.close().map_err(|p| error(&games, &current, p))?,
                _ => {}
            }
            if "{();".contains(c) {
                rest = &rest[1..];
                continue;
            }
            let end = rest
                .find(|ch: char| ch.is_whitespace() || "{};()".contains(ch))
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if let Some(nag) = token.strip_prefix('$') {
                if let Ok(nag) = nag.parse() {
                    movetext.nag(nag);
                }
                continue;
            }
            if let Some(r) = GameResult::parse(token) {
                if !movetext.in_variation() {
                    current.result = Some(r);
                }
                continue;
            }
            // A move number, alone (`12.`, `12...`) or glued to its move (`12.e4`).
            let mv = token.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
            let numbered = mv.len() < token.len() && token[..token.len() - mv.len()].contains('.');
            let mv = if numbered { mv } else { token };
            if !mv.is_empty() {
                if !movetext.in_variation() {
                    current.moves.push(mv.to_string());
                }
                movetext.play(mv);
            }
        }
    }
    if comment.is_some() {
        return Err(error(&games, &current, PgnProblem::UnclosedComment));
    }
    if movetext.in_variation() {
        return Err(error(&games, &current, PgnProblem::UnclosedVariation));
    }
    if !current.tags.is_empty() || !current.moves.is_empty() {
        finish(&mut games, &mut current, &mut movetext);
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

    /// The tree of `text`'s first game with canonical moves, as a compact string:
    /// `move{after}[$nag](variation)...`.
    fn tree_of<P: Position>(text: &str, variant: &str) -> Vec<PgnMove> {
        parse_pgn(text).unwrap()[0]
            .replay_lines::<P>(variant, 1)
            .unwrap()
    }

    const ANNOTATED: &str = "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n[ECO \"C60\"]\n\n\
        {Before all.} 1. e4 e5 2. Nf3 $1 {The knight.} (2. f4 ; the gambit\n exf4 \
        (2... d5 3. exd5 {Falkbeer}) 3. Nf3) (2. Bc4!? Nf6) 2... Nc6 3. Bb5 a6?! \
        ({Or} 3... Nf6 4. O-O (4. d3) 4... Nxe4) 4. Ba4 *\n";

    #[test]
    fn variations_comments_and_nags_are_read_as_a_tree() {
        use feerie_movegen::Chess;
        let game = &parse_pgn(ANNOTATED).unwrap()[0];
        assert_eq!(game.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6?!", "Ba4"]);
        let line = tree_of::<Chess>(ANNOTATED, "chess");
        let texts: Vec<&str> = line.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(
            texts,
            ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"]
        );
        assert_eq!(line[0].before, "Before all.");
        assert_eq!(line[2].nags, [1]);
        assert_eq!(line[2].after, "The knight.");
        let [gambit, bishop] = &line[2].variations[..] else {
            panic!("{:?}", line[2])
        };
        assert_eq!(gambit[0].text, "f2f4");
        assert_eq!(gambit[0].after, "the gambit");
        assert_eq!(gambit[1].text, "e5f4");
        assert_eq!(gambit[1].variations[0][0].text, "d7d5");
        assert_eq!(gambit[1].variations[0][1].after, "Falkbeer");
        assert_eq!(gambit[2].text, "g1f3");
        assert_eq!(bishop[0].nags, [5]);
        assert_eq!(line[5].nags, [6]);
        let knight = &line[5].variations[0];
        assert_eq!(knight[0].before, "Or");
        assert_eq!(knight[1].variations[0][0].text, "d2d3");
        assert_eq!(knight[2].text, "f6e4");
    }

    /// The tree with each move in PGN notation again, from the canonical one.
    fn to_tokens<P: Position>(pos: &P, line: &[PgnMove]) -> Vec<PgnMove> {
        let mut pos = pos.clone();
        line.iter()
            .map(|m| {
                let variations = m.variations.iter().map(|v| to_tokens(&pos, v)).collect();
                let mv = pos.parse_move(&m.text).unwrap();
                let text = crate::notation::move_text(&pos, mv);
                pos.play(mv);
                PgnMove {
                    text,
                    variations,
                    ..m.clone()
                }
            })
            .collect()
    }

    /// Writes `line` (canonical) as PGN and reads it back: the same tree.
    fn tree_round_trip<P: Position>(variant: &str, fen: Option<&str>, line: &[PgnMove]) -> String {
        let start = fen.map_or_else(P::startpos, |f| P::from_fen(f).unwrap());
        let mut r = record(fen, &[]);
        r.variant = variant.to_string();
        r.reason.clear();
        let text = r.to_pgn_with(&to_tokens(&start, line));
        assert_eq!(tree_of::<P>(&text, variant), line, "{text}");
        let game = &parse_pgn(&text).unwrap()[0];
        assert_eq!(game.tag("PlyCount"), Some(line.len().to_string().as_str()));
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        text
    }

    #[test]
    fn a_chess_tree_round_trips_with_nested_variations_and_comments() {
        use feerie_movegen::Chess;
        let line = tree_of::<Chess>(ANNOTATED, "chess");
        let text = tree_round_trip::<Chess>("chess", None, &line).replace('\n', " ");
        assert!(
            text.contains("{Before all.} 1. e4 e5 2. Nf3 $1 {The knight.} (2. f4 {the gambit} 2... exf4 (2... d5 3. exd5 {Falkbeer}) 3. Nf3) (2. Bc4 $5 Nf6) 2... Nc6"),
            "{text}"
        );
        // From a position with Black to move, a variation of Black's first move.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let text =
            "[FEN \"".to_string() + fen + "\"]\n\n3. Bb5 (3. Bc4 Bc5 {Giuoco} (3... Nf6)) a6 *";
        let line = tree_of::<Chess>(&text, "chess");
        let written = tree_round_trip::<Chess>("chess", Some(fen), &line).replace('\n', " ");
        assert!(
            written.contains("3. Bb5 (3. Bc4 Bc5 {Giuoco} (3... Nf6)) 3... a6 0-1"),
            "{written}"
        );
    }

    #[test]
    fn a_dynamo_tree_round_trips_with_its_tokens() {
        use feerie_movegen::Dynamo;
        let fen = "4k3/8/8/8/8/2R1n3/8/4K3 w - - 0 1";
        let text = format!(
            "[Variant \"dynamo\"]\n[FEN \"{fen}\"]\n\n\
             1. c3f3-E3G3 {{a push}} (1. c3E {{the rook leaves}} (1. c3c4 $2) e8d7) \
             (1. e1d2 e8f8 {{quiet}} 2. c3c8) e8d8 *"
        );
        let line = tree_of::<Dynamo>(&text, "dynamo");
        assert_eq!(line[0].text, "c3f3/e3g3");
        assert_eq!(line[0].variations[0][0].text, "c3E");
        assert_eq!(line[0].variations[0][0].variations[0][0].text, "c3c4");
        assert_eq!(line[0].variations[0][0].variations[0][0].nags, [2]);
        let written = tree_round_trip::<Dynamo>("dynamo", Some(fen), &line).replace('\n', " ");
        assert!(
            written.contains(
                "1. c3f3-E3G3 {a push} (1. c3E {the rook leaves} (1. c3c4 $2) 1... e8d7)"
            ),
            "{written}"
        );
    }

    /// The error replaying `ANNOTATED` with `from` written `to` gives.
    fn annotated_error(from: &str, to: &str) -> String {
        let bad = ANNOTATED.replace(from, to);
        parse_pgn(&bad).unwrap()[0]
            .replay_lines::<feerie_movegen::Chess>("chess", 1)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn errors_in_variations_are_named() {
        assert_eq!(
            annotated_error("4. d3", "4. d5"),
            "game 1 (w - b, round ?): in the variation 4. d5: move 4. d5: 'd5' is not a legal move"
        );
        let err = annotated_error("3. exd5", "3. exd6");
        assert!(
            err.ends_with("in the variation 2... d5: move 3. exd6: 'exd6' is not a legal move"),
            "{err}"
        );
        // The main line is checked first, with the words it always had.
        let err = annotated_error("4. Ba4", "4. Ba5");
        assert!(
            err.ends_with("move 4. Ba5: 'Ba5' is not a legal move"),
            "{err}"
        );
        let err = parse_pgn("(1. d4) 1. e4 *").unwrap_err().to_string();
        assert!(
            err.contains("a variation '(' comes before any move"),
            "{err}"
        );
        let deep = format!("1. e4 {}", "(1. d4 ".repeat(MAX_NESTING + 1));
        let err = parse_pgn(&deep).unwrap_err().to_string();
        assert!(err.contains("nested more than 32 deep"), "{err}");
        let deep = format!(
            "1. e4 {}{} *",
            "(1. d4 ".repeat(MAX_NESTING),
            ")".repeat(MAX_NESTING)
        );
        assert_eq!(parse_pgn(&deep).unwrap()[0].moves, ["e4"]);
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
