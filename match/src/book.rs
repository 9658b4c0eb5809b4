//! Books of balanced openings, one per variant (`feerie book`; the files of `books/`):
//! random lines from the start position in which no king walks (castling aside) and no
//! side throws its own pieces off the board (Dynamo), each kept when a short search
//! scores it within a margin of equality, each position once. So a match is not decided
//! by its openings: neither by a lost one nor by an odd one such as an early king walk.
//! Candidate `i` is drawn from its own seed, so a book depends only on its settings, not
//! on how many threads made it.

use crate::openings::{RandomLine, random_line_where};
use crate::rng::Rng;
use feerie_eval::Evaluator;
use feerie_movegen::{Placement, Position, Square};
use feerie_search::{Limits, Score, SearchPolicy, Searcher, Signals};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a book is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// Positions wanted.
    pub count: usize,
    /// Random plies from the start position, from `min_plies` to `max_plies`.
    pub min_plies: usize,
    pub max_plies: usize,
    /// The smallest and largest |score| kept, side to move's view, in centipawns. A
    /// `min_cp` above zero makes an unbalanced book (as Stockfish's testing uses for
    /// chess): in drawish variants the games between near equals are then decided by
    /// who converts an edge or holds a worse position, not drawn.
    pub min_cp: i32,
    pub max_cp: i32,
    pub seed: u64,
    /// Threads scoring candidates (the book is the same with any number).
    pub threads: usize,
}

/// One opening of a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub fen: String,
    /// The line from the start position, canonical move strings.
    pub moves: Vec<String>,
    /// The short search's score, side to move's view.
    pub score: i32,
}

impl BookEntry {
    /// The entry as an EPD line: the position's four fields, the line as the comment
    /// `c0` and the score as `ce` (centipawns, side to move's view, as EPD defines it).
    pub fn epd(&self) -> String {
        let position: Vec<&str> = self.fen.split_whitespace().take(4).collect();
        format!(
            "{} c0 \"{}\"; ce {};",
            position.join(" "),
            self.moves.join(" "),
            self.score
        )
    }
}

/// True when `mv` moves or displaces a king (in Dynamo a king may be pushed or pulled)
/// other than by castling, which is the king's step of two files along its rank.
pub fn walks_a_king<P: Position>(pos: &P, mv: P::Move) -> bool {
    let kings = pos.board().kings();
    mv.to_string().split('/').any(|part| {
        let square = |range: std::ops::Range<usize>| part.get(range).and_then(Square::parse);
        let Some(from) = square(0..2).filter(|&from| kings.has(from)) else {
            return false;
        };
        let castles = square(2..4)
            .is_some_and(|to| to.rank() == from.rank() && from.file().abs_diff(to.file()) == 2);
        !castles
    })
}

/// True when `mv` takes a piece of the side that makes it off the board: a Dynamo exit
/// or push off the edge of one's own piece. Random lines full of such moves are neither
/// level nor openings anyone plays.
pub fn throws_away_a_piece<P: Position>(pos: &P, mv: P::Move) -> bool {
    let us = pos.side_to_move();
    let before = pos.board().color(us).count();
    let mut after = pos.clone();
    after.play(mv);
    after.board().color(us).count() < before
}

/// A move a book line may make: no king walk, no piece of one's own thrown away.
pub fn plausible<P: Position>(pos: &P, mv: P::Move) -> bool {
    !walks_a_king(pos, mv) && !throws_away_a_piece(pos, mv)
}

/// A short search's score of `pos` with `nodes` nodes (side to move's view, mates as
/// ±30000): fresh tables, one thread, so the same position always gets the same score.
pub fn search_score<P: SearchPolicy, E: Evaluator<P>>(pos: &P, nodes: u64) -> i32 {
    let mut searcher = Searcher::<P, E>::new(1, E::default());
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let result = searcher.search(pos, &limits, &Signals::default(), &mut |_| {});
    score_value(result.score)
}

/// A search score as one number of centipawns, mates as ±30000, so scores compare and
/// thresholds apply to mates too.
pub fn score_value(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => 30_000,
        Score::Mate(_) => -30_000,
    }
}

/// True when every move of `moves`, played from the start position, is plausible: the
/// random walk falls back on any legal move when none is (a king forced to walk out of
/// check), and such a line is no opening.
fn all_plausible<P: Position>(moves: &[P::Move]) -> bool {
    let mut pos = P::startpos();
    moves.iter().all(|&mv| {
        let ok = plausible(&pos, mv);
        pos.play(mv);
        ok
    })
}

/// Candidate `index` of a book: its line and score, or `None` when the line's game ended
/// or a move of it had to be implausible.
fn candidate<P: Position>(
    settings: &BookSettings,
    index: u64,
    evaluate: &(dyn Fn(&P) -> i32 + Sync),
) -> Option<BookEntry> {
    let mut rng = Rng::for_index(settings.seed, index);
    let spread = settings.max_plies.saturating_sub(settings.min_plies);
    let plies = settings.min_plies + rng.below(spread + 1);
    let RandomLine { moves, position } = random_line_where::<P>(&mut rng, plies, plausible)?;
    if !all_plausible::<P>(&moves) {
        return None;
    }
    Some(BookEntry {
        fen: position.to_fen(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        score: evaluate(&position),
    })
}

/// The position of a FEN without its move counters: two entries that differ only there
/// are the same opening.
fn position_key(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// Makes a book: candidates are drawn and scored in batches on `settings.threads`
/// threads, then kept in their order while level and new, until `settings.count` are
/// kept or `stop` is set. `progress` hears (kept, candidates tried) after each batch.
pub fn make_book<P: Position>(
    settings: &BookSettings,
    evaluate: &(dyn Fn(&P) -> i32 + Sync),
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, u64),
) -> Vec<BookEntry> {
    let threads = settings.threads.max(1);
    let batch = (threads * 16) as u64;
    let mut book = Vec::with_capacity(settings.count);
    let mut seen = HashSet::new();
    let mut tried = 0u64;
    while book.len() < settings.count && !stop.load(Ordering::Relaxed) {
        let first = tried;
        let scored: Vec<Vec<(u64, Option<BookEntry>)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads as u64)
                .map(|t| {
                    scope.spawn(move || {
                        (first + t..first + batch)
                            .step_by(threads)
                            .map(|i| (i, candidate::<P>(settings, i, evaluate)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a book worker panicked"))
                .collect()
        });
        let mut batch_entries: Vec<(u64, Option<BookEntry>)> =
            scored.into_iter().flatten().collect();
        batch_entries.sort_by_key(|(i, _)| *i);
        for entry in batch_entries.into_iter().filter_map(|(_, e)| e) {
            let wanted = (settings.min_cp..=settings.max_cp).contains(&entry.score.abs());
            if book.len() < settings.count && wanted && seen.insert(position_key(&entry.fen)) {
                book.push(entry);
            }
        }
        tried += batch;
        progress(book.len(), tried);
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::{Chess, Dynamo};

    fn settings(threads: usize) -> BookSettings {
        BookSettings {
            count: 12,
            min_plies: 4,
            max_plies: 8,
            min_cp: 0,
            max_cp: 0,
            seed: 5,
            threads,
        }
    }

    /// Material difference, side to move's view: a stand-in for the search.
    fn material(p: &Chess) -> i32 {
        let b = p.board();
        let side = p.side_to_move();
        (b.color(side).count() as i32 - b.color(side.flip()).count() as i32) * 100
    }

    #[test]
    fn king_steps_walk_castling_does_not() {
        let pos = Chess::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let walks = |m: &str| walks_a_king(&pos, pos.parse_move(m).unwrap());
        assert!(walks("e1e2"));
        assert!(!walks("e1g1"));
        assert!(!walks("h1h5"));
        // In Dynamo, pushing the enemy king is a king walk too.
        let dynamo = Dynamo::from_fen("8/8/8/3k4/8/2N5/8/4K3 w - - 0 1").unwrap();
        assert!(walks_a_king(&dynamo, dynamo.parse_move("d5e7").unwrap()));
        assert!(!walks_a_king(&dynamo, dynamo.parse_move("c3a2").unwrap()));
    }

    #[test]
    fn a_line_with_a_king_walk_is_no_candidate() {
        let line = |moves: &[&str]| {
            let mut pos = Chess::startpos();
            moves
                .iter()
                .map(|text| {
                    let mv = pos.parse_move(text).unwrap();
                    pos.play(mv);
                    mv
                })
                .collect::<Vec<_>>()
        };
        assert!(all_plausible::<Chess>(&line(&[
            "e2e4", "f7f6", "d1h5", "g7g6"
        ])));
        assert!(!all_plausible::<Chess>(&line(&["e2e4", "e7e5", "e1e2"])));
    }

    #[test]
    fn exits_of_ones_own_pieces_throw_them_away() {
        let dynamo = Dynamo::from_fen("8/8/8/3k4/8/N7/8/4K3 w - - 0 1").unwrap();
        let throws = |m: &str| throws_away_a_piece(&dynamo, dynamo.parse_move(m).unwrap());
        assert!(throws("a3E"));
        assert!(!throws("a3b5"));
        let chess = Chess::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(!throws_away_a_piece(
            &chess,
            chess.parse_move("e4d5").unwrap()
        ));
    }

    #[test]
    fn a_book_is_level_new_free_of_king_walks_and_the_same_on_any_thread_count() {
        let never = AtomicBool::new(false);
        let book = make_book::<Chess>(&settings(1), &material, &never, &mut |_, _| {});
        assert_eq!(book.len(), 12);
        let keys: HashSet<String> = book.iter().map(|e| position_key(&e.fen)).collect();
        assert_eq!(keys.len(), 12);
        for entry in &book {
            assert_eq!(entry.score, 0);
            let mut pos = Chess::startpos();
            for text in &entry.moves {
                let mv = pos.parse_move(text).unwrap();
                assert!(plausible(&pos, mv), "{text} in {:?}", entry.moves);
                pos.play(mv);
            }
            assert_eq!(pos.to_fen(), entry.fen);
            assert!((4..=8).contains(&entry.moves.len()));
        }
        let two = make_book::<Chess>(&settings(2), &material, &never, &mut |_, _| {});
        assert_eq!(two, book);
    }

    /// Every candidate draws its own line: none is a repeat of another one's stream.
    #[test]
    fn neighbouring_candidates_draw_different_lines() {
        let lines: HashSet<Vec<String>> = (0..32)
            .filter_map(|i| candidate::<Chess>(&settings(1), i, &material))
            .map(|entry| entry.moves)
            .collect();
        assert_eq!(lines.len(), 32);
    }

    /// With a floor on |score|, only unbalanced openings are kept: here a side a piece up
    /// (material counts pieces, so 100 cp is one piece), never an even position.
    #[test]
    fn an_unbalanced_book_keeps_only_scores_within_its_range() {
        let never = AtomicBool::new(false);
        let unbalanced = BookSettings {
            count: 4,
            min_plies: 6,
            max_plies: 12,
            min_cp: 100,
            max_cp: 100,
            ..settings(2)
        };
        let book = make_book::<Chess>(&unbalanced, &material, &never, &mut |_, _| {});
        assert_eq!(book.len(), 4);
        for entry in &book {
            assert_eq!(entry.score.abs(), 100, "{entry:?}");
            assert_eq!(material(&Chess::from_fen(&entry.fen).unwrap()), entry.score);
        }
    }

    #[test]
    fn entries_are_epd_lines_that_books_read_back() {
        let entry = BookEntry {
            fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".into(),
            moves: vec!["e2e4".into()],
            score: -12,
        };
        let line = entry.epd();
        assert_eq!(
            line,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 c0 \"e2e4\"; ce -12;"
        );
        let read = crate::openings::read_book::<Chess>(&line).unwrap();
        assert_eq!(position_key(&read[0]), position_key(&entry.fen));
    }

    #[test]
    fn stopping_keeps_what_was_made() {
        let stop = AtomicBool::new(true);
        assert!(make_book::<Chess>(&settings(2), &material, &stop, &mut |_, _| {}).is_empty());
    }
}
