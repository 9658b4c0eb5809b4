//! Self-play data for tuning (`feerie datagen`): games of the engine against itself at a
//! fixed node count, whose quiet positions are written with the search's score and the
//! game's result, the data Texel tuning and NNUE trainers fit evaluations to.
//!
//! # Format
//!
//! One text line per position, the text format marlinflow and bullet read:
//!
//! ```text
//! <FEN> | <score> | <result>
//! rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2P1P3/PP3PPP/RNBQKBNR w KQkq - 0 4 | 31 | 0.5
//! ```
//!
//! `score` is the search's score in centipawns and `result` the game's result (`1.0`,
//! `0.5` or `0.0`), both from White's point of view. A game's lines are written together
//! when it ends, so a file holds whole games only, and the files of several runs or
//! shards concatenate into one data set.
//!
//! A game's lines can also be written in the binary format of docs/data-format.md
//! (`feerie_tune::packed`, 32 bytes a position), to which they convert exactly.
//!
//! # Games
//!
//! Game `i` draws everything random from its own seed ([`Rng::for_index`]): an opening
//! of the book (or, without one, a random line of plausible moves) and a few more random
//! plausible plies so that games from one opening differ. Then both sides play the best
//! move of a search of `nodes` nodes, with tables cleared before the game, so a game
//! depends only on the seed, its index and the node count: threads and machines
//! (`--shard`) split a run without changing its games. A game ends by the rules, as a
//! draw after [`MAX_PLIES`], or is adjudicated won once the score stays beyond
//! [`WIN_SCORE`] for [`WIN_PLIES`] plies. A position is kept when it is quiet: the side to
//! move is not in check, the chosen move is not noisy and the score is not a mate, since
//! a static evaluation can only be fitted to positions whose score it can see. The
//! opening's plies are not kept: they are random, not played.

mod output;

pub use output::{DONE_SUFFIX, DataFile, DataFileError, FileAction};

use crate::book::{plausible, score_value};
use crate::openings::{RandomLine, random_line_where, random_plies_where};
use crate::rng::Rng;
use feerie_eval::Evaluator;
use feerie_movegen::{Color, Outcome, Position};
use feerie_search::{Limits, Score, SearchPolicy, Searcher, Signals};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Plies after the opening after which a game is a draw: self-play shuffling in a level ending teaches
/// nothing new.
pub const MAX_PLIES: usize = 400;
/// The score (White's view, centipawns; mates count) beyond which a game is as good as
/// won...
pub const WIN_SCORE: i32 = 2000;
/// ...once it stays there this many plies in a row, both sides agreeing.
pub const WIN_PLIES: usize = 6;
/// Random plausible plies played after a book opening.
const EXTRA_PLIES: (usize, usize) = (2, 4);
/// Random plausible plies of an opening when there is no book.
const RANDOM_OPENING_PLIES: (usize, usize) = (8, 12);

/// What a run plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenSettings {
    /// Games of the whole run, over all shards; their indices are `0..games`.
    pub games: u64,
    /// Nodes of each move's search.
    pub nodes: u64,
    pub seed: u64,
    pub shard: Shard,
    /// Games played at once, one search thread each.
    pub threads: usize,
    /// Transposition table of each thread, MiB.
    pub hash_mb: usize,
}

/// A `--shard` value that is not `K/N` with 1 <= K <= N: the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadShard(pub String);

impl fmt::Display for BadShard {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "'{}' is not a shard K/N with 1 <= K <= N (e.g. 2/4)",
            self.0
        )
    }
}

impl std::error::Error for BadShard {}

/// Shard `index` of `count` (1-based): the games `i` with `i % count == index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Reads `K/N`, 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, BadShard> {
        text.split_once('/')
            .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
            .filter(|&(k, n)| 1 <= k && k <= n)
            .map(|(index, count)| Shard { index, count })
            .ok_or_else(|| BadShard(text.to_string()))
    }

    /// True when game `game` is this shard's.
    pub fn holds(self, game: u64) -> bool {
        game % self.count == self.index - 1
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules, in the last position.
    Rules(Outcome),
    /// Won by adjudication: the score stayed beyond [`WIN_SCORE`].
    Adjudicated,
    /// Drawn after [`MAX_PLIES`].
    MaxPlies,
}

/// One kept position: its FEN and the search's score, White's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub fen: String,
    pub score: i32,
}

/// A played game: its kept positions and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub index: u64,
    pub samples: Vec<Sample>,
    /// White's point of view: 1.0, 0.5 or 0.0.
    pub result: f64,
    pub end: GameEnd,
    /// The FEN of the position the game ended in.
    pub last_fen: String,
}

impl GameRecord {
    /// The game's data lines (see the module's documentation), each ending in `\n`.
    pub fn text(&self) -> String {
        self.samples
            .iter()
            .map(|s| format!("{} | {} | {:.1}\n", s.fen, s.score, self.result))
            .collect()
    }
}

/// The starting position of game `index`: a book opening (or a random line when
/// `openings` is empty) then a few random plausible plies; the start position in the
/// unlikely case that every try ends the game.
fn opening<P: Position>(openings: &[P], rng: &mut Rng) -> P {
    let plies = |rng: &mut Rng, (min, max): (usize, usize)| min + rng.below(max - min + 1);
    for _ in 0..100 {
        let line: Option<RandomLine<P>> = if openings.is_empty() {
            let n = plies(rng, RANDOM_OPENING_PLIES);
            random_line_where(rng, n, plausible)
        } else {
            let n = plies(rng, EXTRA_PLIES);
            let start = openings[rng.below(openings.len())].clone();
            random_plies_where(start, rng, n, plausible)
        };
        if let Some(line) = line {
            return line.position;
        }
    }
    P::startpos()
}

/// Plays game `index` of a run seeded `seed`, each move by a search of `nodes` nodes with
/// `searcher` (cleared first); `None` when `stopped` says so before the game ends.
pub fn play_game<P: SearchPolicy, E: Evaluator<P>>(
    searcher: &mut Searcher<P, E>,
    openings: &[P],
    (seed, index, nodes): (u64, u64, u64),
    stopped: &dyn Fn() -> bool,
) -> Option<GameRecord> {
    searcher.clear();
    let mut pos = opening(openings, &mut Rng::for_index(seed, index));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let signals = Signals::default();
    let mut samples = Vec::new();
    // Plies in a row beyond WIN_SCORE: positive for White, negative for Black.
    let mut streak = 0i64;
    let mut plies = 0;
    let (result, end) = loop {
        if stopped() {
            return None;
        }
        let us = pos.side_to_move();
        if let Some(outcome) = pos.outcome() {
            break (outcome.white_score(us), GameEnd::Rules(outcome));
        }
        if plies >= MAX_PLIES {
            break (0.5, GameEnd::MaxPlies);
        }
        let found = searcher.search(&pos, &limits, &signals, &mut |_| {});
        let best = found
            .best
            .expect("a position with no outcome has a legal move");
        let white = if us == Color::White { 1 } else { -1 };
        let score = score_value(found.score) * white;
        if quiet(&pos, best, found.score) {
            samples.push(Sample {
                fen: pos.to_fen(),
                score,
            });
        }
        streak = match score {
            s if s >= WIN_SCORE => streak.max(0) + 1,
            s if s <= -WIN_SCORE => streak.min(0) - 1,
            _ => 0,
        };
        if streak.unsigned_abs() as usize >= WIN_PLIES {
            break (if streak > 0 { 1.0 } else { 0.0 }, GameEnd::Adjudicated);
        }
        pos.play(best);
        plies += 1;
    };
    Some(GameRecord {
        index,
        samples,
        result,
        end,
        last_fen: pos.to_fen(),
    })
}

/// True when the position where `best` was chosen with `score` is worth keeping: not in
/// check, a quiet best move and a score that is not a mate.
fn quiet<P: SearchPolicy>(pos: &P, best: P::Move, score: Score) -> bool {
    matches!(score, Score::Cp(_)) && !pos.in_check() && !pos.is_noisy(best)
}

/// Where a run stands, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games finished by this run and the games it has to play.
    pub done: u64,
    pub total: u64,
    /// Positions written by this run.
    pub positions: u64,
    pub elapsed: Duration,
}

/// Plays the games `todo` on `settings.threads` threads until all are played or `stop`
/// is set (the games being played are then dropped), handing each finished game to
/// `write` on the calling thread and `progress` about once a second and at the end.
/// Returns how many games were written; stops at the first error `write` returns, and
/// returns it.
pub fn run<P: SearchPolicy, E: Evaluator<P>, WriteError>(
    settings: &DatagenSettings,
    openings: &[P],
    todo: &[u64],
    stop: &AtomicBool,
    write: &mut dyn FnMut(&GameRecord) -> Result<(), WriteError>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<u64, WriteError> {
    let start = Instant::now();
    let halt = AtomicBool::new(false);
    let stopped = || stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed);
    let next = AtomicUsize::new(0);
    let mut state = Progress {
        done: 0,
        total: todo.len() as u64,
        positions: 0,
        elapsed: Duration::ZERO,
    };
    std::thread::scope(|scope| {
        let (sender, games) = mpsc::channel::<GameRecord>();
        for _ in 0..settings.threads.max(1) {
            let sender = sender.clone();
            let (next, stopped) = (&next, &stopped);
            scope.spawn(move || {
                let mut searcher = Searcher::<P, E>::new(settings.hash_mb, E::default());
                while !stopped() {
                    let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let game = (settings.seed, index, settings.nodes);
                    let played = play_game(&mut searcher, openings, game, stopped);
                    if played.is_none_or(|record| sender.send(record).is_err()) {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut reported = Instant::now();
        loop {
            match games.recv_timeout(Duration::from_millis(200)) {
                Ok(record) => {
                    if let Err(e) = write(&record) {
                        halt.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                    state.done += 1;
                    state.positions += record.samples.len() as u64;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if reported.elapsed() >= Duration::from_secs(1) {
                reported = Instant::now();
                state.elapsed = start.elapsed();
                progress(&state);
            }
        }
        state.elapsed = start.elapsed();
        progress(&state);
        Ok(state.done)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_linear::{ChessEval, DynamoEval};
    use feerie_movegen::{Chess, Dynamo};
    use std::collections::BTreeSet;
    use std::convert::Infallible;

    fn settings(games: u64, shard: Shard, threads: usize) -> DatagenSettings {
        DatagenSettings {
            games,
            nodes: 150,
            seed: 3,
            shard,
            threads,
            hash_mb: 1,
        }
    }

    /// The games of a whole run or shard, as sorted data lines.
    fn lines<P: SearchPolicy, E: Evaluator<P>>(
        settings: &DatagenSettings,
        openings: &[P],
    ) -> BTreeSet<String> {
        let todo: Vec<u64> = (0..settings.games)
            .filter(|&i| settings.shard.holds(i))
            .collect();
        let mut text = String::new();
        let never = AtomicBool::new(false);
        let mut write = |g: &GameRecord| {
            text.push_str(&g.text());
            Ok(())
        };
        let played =
            run::<P, E, Infallible>(settings, openings, &todo, &never, &mut write, &mut |_| {});
        assert_eq!(played, Ok(todo.len() as u64));
        text.lines().map(str::to_string).collect()
    }

    fn game<P: SearchPolicy, E: Evaluator<P>>(openings: &[P], index: u64) -> GameRecord {
        let mut searcher = Searcher::<P, E>::new(1, E::default());
        play_game(&mut searcher, openings, (7, index, 150), &|| false).unwrap()
    }

    /// Every line is `FEN | score | result` with a legal FEN of `P` that is kept as
    /// written, not in check, and a non-mate score; the result is the game's.
    fn check_lines<P: Position>(record: &GameRecord) {
        let text = record.text();
        assert_eq!(text.lines().count(), record.samples.len());
        for line in text.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            let [fen, score, result] = fields[..] else {
                panic!("{line}");
            };
            let pos = P::from_fen(fen).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(pos.to_fen(), fen);
            assert!(!pos.in_check(), "{line}");
            assert!(pos.outcome().is_none(), "{line}");
            assert!(score.parse::<i32>().unwrap().abs() < 30_000, "{line}");
            assert_eq!(result, format!("{:.1}", record.result));
        }
    }

    /// The result is what the game's end says: the last position's outcome by the
    /// rules (its side to move mated, or a draw), a decisive adjudication, or a draw after MAX_PLIES.
    fn check_result<P: Position>(record: &GameRecord) {
        let last = P::from_fen(&record.last_fen).unwrap();
        match record.end {
            GameEnd::Rules(Outcome::Repetition) => assert_eq!(record.result, 0.5),
            GameEnd::Rules(outcome) => {
                // A FEN does not hold the last move, on which Dynamo's moves depend.
                if !P::MOVES_DEPEND_ON_LAST_MOVE {
                    assert_eq!(last.outcome(), Some(outcome), "{}", record.last_fen);
                }
                assert_eq!(record.result, outcome.white_score(last.side_to_move()));
            }
            GameEnd::Adjudicated => assert_ne!(record.result, 0.5),
            GameEnd::MaxPlies => assert_eq!(record.result, 0.5),
        }
    }

    #[test]
    fn games_write_legal_quiet_positions_and_their_true_result() {
        let mut ends = BTreeSet::new();
        for index in 0..3 {
            let record = game::<Chess, ChessEval>(&[], index);
            assert!(!record.samples.is_empty());
            check_lines::<Chess>(&record);
            check_result::<Chess>(&record);
            ends.insert(format!("{:?}", record.end));
            let dynamo = game::<Dynamo, DynamoEval>(&[], index);
            check_lines::<Dynamo>(&dynamo);
            check_result::<Dynamo>(&dynamo);
        }
        // A lone king against two queens and a rook is mated or adjudicated lost.
        let won = [Chess::from_fen("4k3/8/8/8/8/8/8/Q2QK2R b - - 0 1").unwrap()];
        let record = game::<Chess, ChessEval>(&won, 0);
        assert_eq!(record.result, 1.0, "{:?}", record.end);
        check_lines::<Chess>(&record);
        check_result::<Chess>(&record);
    }

    #[test]
    fn scores_are_from_whites_point_of_view() {
        // White a queen up, with either side to move: every score favours White.
        let up = [
            Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap(),
            Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap(),
        ];
        let record = game::<Chess, ChessEval>(&up, 1);
        let first: Vec<&Sample> = record.samples.iter().take(6).collect();
        assert!(first.iter().any(|s| s.fen.contains(" w ")));
        assert!(first.iter().any(|s| s.fen.contains(" b ")));
        assert!(first.iter().all(|s| s.score > 300), "{first:?}");
    }

    #[test]
    fn checks_noisy_moves_and_mates_are_not_kept() {
        let pos = Chess::from_fen("4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1").unwrap();
        let mv = |m: &str| pos.parse_move(m).unwrap();
        assert!(quiet(&pos, mv("a1a7"), Score::Cp(40)));
        assert!(!quiet(&pos, mv("e4d5"), Score::Cp(40)));
        assert!(!quiet(&pos, mv("a1a7"), Score::Mate(3)));
        let checked = Chess::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
        assert!(!quiet(
            &checked,
            checked.parse_move("e1e2").unwrap(),
            Score::Cp(0)
        ));
    }

    #[test]
    fn shards_and_threads_split_a_run_without_changing_it() {
        let whole = lines::<Chess, ChessEval>(&settings(4, Shard::WHOLE, 1), &[]);
        assert!(!whole.is_empty());
        assert_eq!(
            lines::<Chess, ChessEval>(&settings(4, Shard::WHOLE, 2), &[]),
            whole
        );
        let mut union =
            lines::<Chess, ChessEval>(&settings(4, Shard::parse("1/2").unwrap(), 2), &[]);
        let second = lines::<Chess, ChessEval>(&settings(4, Shard::parse("2/2").unwrap(), 1), &[]);
        assert!(union.is_disjoint(&second));
        union.extend(second);
        assert_eq!(union, whole);
    }

    #[test]
    fn book_openings_are_varied_by_the_games_own_plies() {
        let book = [Chess::startpos()];
        let a = game::<Chess, ChessEval>(&book, 0);
        let b = game::<Chess, ChessEval>(&book, 1);
        assert_ne!(a.samples[0].fen, b.samples[0].fen);
        assert_ne!(a.samples[0].fen, Chess::startpos().to_fen());
    }

    #[test]
    fn a_stopped_run_plays_nothing_and_shards_parse() {
        let stop = AtomicBool::new(true);
        let played = run::<Chess, ChessEval, Infallible>(
            &settings(4, Shard::WHOLE, 2),
            &[],
            &[0, 1, 2, 3],
            &stop,
            &mut |_| panic!("no game is written"),
            &mut |_| {},
        );
        assert_eq!(played, Ok(0));
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert!(Shard::parse("2/3").unwrap().holds(4));
        for bad in ["0/2", "3/2", "1", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
