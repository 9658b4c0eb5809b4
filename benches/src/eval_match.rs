//! Self-play matches between two evaluators on the same rules and the same search, to
//! tell whether an evaluation plays better than another (e.g. a variant's own against
//! plain chess knowledge). Everything but the evaluator is equal: one search thread, a
//! fixed node budget per move, the same openings with both colours. With one thread and
//! a node limit the search is deterministic, so a match with the same configuration
//! gives the same result every time.

use feerie_eval::Evaluator;
use feerie_match::openings::random_line;
use feerie_match::rng::Rng;
use feerie_movegen::{Color, Outcome, Position};
use feerie_search::{Limits, SearchPolicy, Searcher, Signals};
use std::collections::HashSet;

/// How a match is played.
#[derive(Clone, Copy, Debug)]
pub struct MatchConfig {
    /// Openings; each is played twice, once with each evaluator as White.
    pub openings: usize,
    /// Random legal plies from the start position that make an opening.
    pub opening_plies: usize,
    /// Seed of the opening generator.
    pub seed: u64,
    /// Search nodes per move.
    pub nodes: u64,
    /// Plies after the opening before a game is adjudicated a draw.
    pub max_plies: usize,
    /// Transposition table per side, in MB.
    pub hash_mb: usize,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            openings: 50,
            opening_plies: 4,
            seed: 1,
            nodes: 8000,
            max_plies: 300,
            hash_mb: 16,
        }
    }
}

/// Why a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A rule ended it (`Position::outcome`).
    Rule(Outcome),
    /// The move cap was reached: a draw.
    MoveCap,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Game<M> {
    /// Index of the opening.
    pub opening: usize,
    /// Whether evaluator A had White.
    pub a_white: bool,
    /// The opening plies, then the moves the searchers chose, from the start position.
    pub moves: Vec<M>,
    /// Where the searched moves begin in `moves`.
    pub opening_len: usize,
    pub end: End,
    /// A's score: 1.0 win, 0.5 draw, 0.0 loss.
    pub a_score: f64,
}

/// The tally of a match from evaluator A's point of view.
#[derive(Clone, Debug)]
pub struct MatchResult<M> {
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    pub games: Vec<Game<M>>,
}

impl<M> MatchResult<M> {
    /// A's score in percent (wins plus half the draws).
    pub fn score_percent(&self) -> f64 {
        let n = self.wins + self.losses + self.draws;
        if n == 0 {
            return 50.0;
        }
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// How many games ended each way, in order of first occurrence.
    pub fn endings(&self) -> Vec<(End, usize)> {
        let mut tally: Vec<(End, usize)> = Vec::new();
        for g in &self.games {
            match tally.iter_mut().find(|(e, _)| *e == g.end) {
                Some((_, n)) => *n += 1,
                None => tally.push((g.end, 1)),
            }
        }
        tally
    }
}

impl End {
    pub fn describe(self) -> &'static str {
        match self {
            End::Rule(o) => o.describe(),
            End::MoveCap => "move cap",
        }
    }
}

/// `count` distinct openings of `plies` random legal plies each, none already over.
/// Gives up on distinctness after many tries (a variant with few short lines).
pub fn openings<P: Position>(count: usize, plies: usize, seed: u64) -> Vec<Vec<P::Move>> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut tries = 0;
    while out.len() < count {
        tries += 1;
        if let Some(line) = random_line::<P>(&mut rng, plies) {
            if seen.insert(line.position.hash()) || tries > 100 * count {
                out.push(line.moves);
            }
        }
    }
    out
}

/// The search runs on the caller's thread; fairy trees need more than the default stack.
const GAME_STACK_BYTES: usize = 64 * 1024 * 1024;

/// Plays a match of `a` against `b`: every opening with A as White, then as Black.
/// `on_game` sees each game as it finishes (progress output).
pub fn play_match<P, A, B>(
    config: &MatchConfig,
    a: A,
    b: B,
    mut on_game: impl FnMut(&Game<P::Move>),
) -> MatchResult<P::Move>
where
    P: SearchPolicy,
    A: Evaluator<P>,
    B: Evaluator<P>,
{
    let mut result = MatchResult {
        wins: 0,
        losses: 0,
        draws: 0,
        games: Vec::new(),
    };
    for (i, opening) in openings::<P>(config.openings, config.opening_plies, config.seed)
        .into_iter()
        .enumerate()
    {
        for a_white in [true, false] {
            let game = std::thread::scope(|s| {
                std::thread::Builder::new()
                    .name("eval-match".into())
                    .stack_size(GAME_STACK_BYTES)
                    .spawn_scoped(s, || {
                        play_game::<P, A, B>(config, &a, &b, i, &opening, a_white)
                    })
                    .expect("spawn game thread")
                    .join()
                    .expect("game thread panicked")
            });
            match game.a_score {
                s if s > 0.5 => result.wins += 1,
                s if s < 0.5 => result.losses += 1,
                _ => result.draws += 1,
            }
            on_game(&game);
            result.games.push(game);
        }
    }
    result
}

/// One game from `opening`, each side searching with its own evaluator and table.
/// Panics if a searcher answers an illegal move (a search bug, not a result).
pub fn play_game<P, A, B>(
    config: &MatchConfig,
    a: &A,
    b: &B,
    opening_index: usize,
    opening: &[P::Move],
    a_white: bool,
) -> Game<P::Move>
where
    P: SearchPolicy,
    A: Evaluator<P>,
    B: Evaluator<P>,
{
    let mut pos = P::startpos();
    for &mv in opening {
        pos.play(mv);
    }
    let mut side_a = Searcher::new(config.hash_mb, a.clone());
    let mut side_b = Searcher::new(config.hash_mb, b.clone());
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let signals = Signals::default();
    let mut moves = opening.to_vec();
    let mut legal = P::MoveList::default();
    let a_color = if a_white { Color::White } else { Color::Black };
    let end = loop {
        if let Some(outcome) = pos.outcome() {
            break End::Rule(outcome);
        }
        if moves.len() - opening.len() >= config.max_plies {
            break End::MoveCap;
        }
        let best = if pos.side_to_move() == a_color {
            side_a.search(&pos, &limits, &signals, &mut |_| {}).best
        } else {
            side_b.search(&pos, &limits, &signals, &mut |_| {}).best
        };
        let mv = best.expect("a legal move exists");
        pos.legal_moves(&mut legal);
        assert!(
            legal.contains(&mv),
            "search chose illegal {mv} in {}",
            pos.to_fen()
        );
        pos.play(mv);
        moves.push(mv);
    };
    let white = match end {
        End::Rule(o) => o.white_score(pos.side_to_move()),
        End::MoveCap => 0.5,
    };
    Game {
        opening: opening_index,
        a_white,
        moves,
        opening_len: opening.len(),
        end,
        a_score: if a_white { white } else { 1.0 - white },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_eval::{ChessEval, EinsteinEval};
    use feerie_movegen::Einstein;

    #[test]
    fn a_tiny_match_finishes_with_legal_games() {
        let config = MatchConfig {
            openings: 2,
            opening_plies: 3,
            seed: 7,
            nodes: 200,
            max_plies: 40,
            hash_mb: 1,
        };
        let mut seen = 0;
        let r = play_match::<Einstein, _, _>(
            &config,
            EinsteinEval::default(),
            ChessEval::default(),
            |_| seen += 1,
        );
        assert_eq!(r.wins + r.losses + r.draws, 4);
        assert_eq!((seen, r.games.len()), (4, 4));
        for g in &r.games {
            // Replay every move through the move parser: each must be legal where played.
            let mut pos = Einstein::startpos();
            for &mv in &g.moves {
                assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(mv));
                pos.play(mv);
            }
            assert_eq!(g.opening_len, 3);
            assert!(g.moves.len() - g.opening_len <= 40);
            match g.end {
                End::Rule(o) => assert_eq!(pos.outcome(), Some(o)),
                End::MoveCap => assert_eq!(g.moves.len() - g.opening_len, 40),
            }
        }
        // Both colours of each opening, and the same openings for the same seed.
        assert_eq!(r.games[0].moves[..3], r.games[1].moves[..3]);
        assert!(r.games[0].a_white && !r.games[1].a_white);
        let again = openings::<Einstein>(2, 3, 7);
        assert_eq!(again[1][..], r.games[2].moves[..3]);
    }

    #[test]
    fn score_counts_draws_as_half() {
        let r: MatchResult<()> = MatchResult {
            wins: 3,
            losses: 1,
            draws: 2,
            games: Vec::new(),
        };
        assert!((r.score_percent() - 100.0 * 4.0 / 6.0).abs() < 1e-9);
    }
}
