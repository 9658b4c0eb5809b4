//! Weakened play (`Skill Level`): the move played is one of the lines searched, the node
//! budget holds from the second iteration on, every variant can be weakened, and a weak
//! level loses material far more often than the full engine. Every search here has one
//! thread and a depth or node limit, and the random choices come from the searcher's
//! fixed seed, so the results are the same on every run.

use feerie_eval::Evaluator;
use feerie_linear::ChessEval;
use feerie_movegen::{Chess, Position};
use feerie_search::skill::Skill;
use feerie_search::{Info, Limits, SearchPolicy, SearchResult, Searcher, Settings, Signals};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

/// A fresh single-threaded searcher at `level` (20: full strength).
fn searcher<P: SearchPolicy, E: Evaluator<P>>(level: f64) -> Searcher<P, E> {
    let mut s = Searcher::new(16, E::default());
    s.settings = Settings {
        skill: Skill::new(level),
        ..Settings::default()
    };
    s
}

/// Runs one search, collecting its info lines.
fn run<P: SearchPolicy, E: Evaluator<P>>(
    s: &mut Searcher<P, E>,
    p: &P,
    limits: &Limits<P::Move>,
) -> (SearchResult<P::Move>, Vec<Info<P::Move>>) {
    let mut infos = Vec::new();
    let r = s.search(p, limits, &Signals::default(), &mut |i| {
        infos.push(i.clone())
    });
    (r, infos)
}

fn depth<M>(d: u32) -> Limits<M> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// The lines of the deepest iteration reported.
fn last_iteration<M: Clone>(infos: &[Info<M>]) -> Vec<Info<M>> {
    let deepest = infos.iter().map(|i| i.depth).max().unwrap_or(0);
    infos
        .iter()
        .filter(|i| i.depth == deepest)
        .cloned()
        .collect()
}

/// Per variant, over its bench positions: a weak level plays the first move of one of
/// the candidate lines of its last iteration, and spends at most its budget or what its
/// first iteration (depth 1 over the candidates) took.
struct WeakLevelsSearchAndPick;
impl VariantVisitor for WeakLevelsSearchAndPick {
    type Output = ();
    fn visit<V: VariantSpec>(self) {
        for fen in V::BENCH_FENS {
            let p = V::Rules::from_fen(fen).expect("bench FEN");
            let mut legal = <V::Rules as Position>::MoveList::default();
            p.legal_moves(&mut legal);
            if legal.is_empty() {
                continue;
            }
            for level in [0.0, 4.0, 8.5] {
                let skill = Skill::new(level).unwrap();
                let mut first = searcher::<V::Rules, V::Eval>(20.0);
                first.settings.multipv = skill.candidates();
                run(&mut first, &p, &depth(1));
                let depth_one = first.nodes();
                let mut s = searcher::<V::Rules, V::Eval>(level);
                let (r, infos) = run(&mut s, &p, &Limits::default());
                let best = r.best.expect("a move");
                let lines = last_iteration(&infos);
                let wanted = skill.candidates().min(legal.len());
                assert_eq!(lines.len(), wanted, "{} {fen} level {level}", V::NAME);
                assert!(
                    lines.iter().any(|l| l.pv[0] == best),
                    "{}: {fen} level {level}: {best} is not a searched line",
                    V::NAME
                );
                // The first node of the next iteration is counted before the stop.
                let limit = skill.node_budget().max(depth_one + 1) + 1;
                assert!(
                    r.nodes <= limit,
                    "{}: {fen} level {level}: {} nodes, limit {limit}",
                    V::NAME,
                    r.nodes
                );
            }
        }
    }
}

#[test]
fn weak_levels_play_a_searched_move_within_their_budget_in_every_variant() {
    for &v in Variant::ALL {
        v.dispatch(WeakLevelsSearchAndPick);
    }
}

#[test]
fn the_budget_stops_a_search_that_would_go_on() {
    let p = Chess::startpos();
    for level in [6.0, 10.0, 12.5] {
        let skill = Skill::new(level).unwrap();
        let mut s = searcher::<Chess, ChessEval>(level);
        let (r, _) = run(&mut s, &p, &Limits::default());
        let budget = skill.node_budget();
        assert!(
            (budget..=budget + 1).contains(&r.nodes),
            "level {level}: {} nodes, budget {budget}",
            r.nodes
        );
    }
}

#[test]
fn a_smaller_go_nodes_limit_still_holds() {
    let p = Chess::startpos();
    let mut s = searcher::<Chess, ChessEval>(15.0);
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let (r, _) = run(&mut s, &p, &limits);
    assert!(r.nodes <= 3001, "{}", r.nodes);
}

#[test]
fn the_same_searches_give_the_same_moves() {
    let moves = || {
        let mut s = searcher::<Chess, ChessEval>(2.0);
        let positions = chess_book();
        positions
            .iter()
            .take(10)
            .map(|p| run(&mut s, p, &Limits::default()).0.best)
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(), moves());
}

/// The first `n` positions of the chess opening book.
fn chess_book() -> Vec<Chess> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../books/chess.epd");
    let text = std::fs::read_to_string(path).expect("books/chess.epd");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().take(4).collect();
            Chess::from_fen(&format!("{} 0 1", fields.join(" "))).expect("book FEN")
        })
        .collect()
}

/// What playing `mv` costs in `p`, in centipawns by a reference search: the best score
/// minus the score after `mv` (at least 0).
fn loss(
    p: &Chess,
    mv: <Chess as Position>::Move,
    reference: &mut Searcher<Chess, ChessEval>,
) -> i32 {
    let cp = |score| match score {
        feerie_search::Score::Cp(c) => c.clamp(-2000, 2000),
        feerie_search::Score::Mate(m) => 2000 * m.signum(),
    };
    let best = cp(run(reference, p, &depth(REFERENCE_DEPTH)).0.score);
    let mut after = p.clone();
    after.play(mv);
    let reply = run(reference, &after, &depth(REFERENCE_DEPTH - 1)).0.score;
    (best + cp(reply)).max(0)
}

const REFERENCE_DEPTH: u32 = 5;

#[test]
fn a_weak_level_loses_material_far_more_often_than_the_full_engine() {
    let positions = chess_book();
    let mut reference = searcher::<Chess, ChessEval>(20.0);
    let mut weak = searcher::<Chess, ChessEval>(0.0);
    let mut full = searcher::<Chess, ChessEval>(20.0);
    let (mut weak_blunders, mut full_blunders) = (0, 0);
    for p in positions.iter().take(POSITIONS) {
        let w = run(&mut weak, p, &Limits::default())
            .0
            .best
            .expect("a move");
        let f = run(&mut full, p, &depth(4)).0.best.expect("a move");
        weak_blunders += usize::from(loss(p, w, &mut reference) >= BLUNDER_CP);
        full_blunders += usize::from(loss(p, f, &mut reference) >= BLUNDER_CP);
    }
    eprintln!(
        "blunders of {BLUNDER_CP} cp or more in {POSITIONS} positions: level 0 {weak_blunders}, level 20 {full_blunders}"
    );
    assert!(
        weak_blunders >= 2 * full_blunders + 6,
        "level 0: {weak_blunders} blunders, level 20: {full_blunders}"
    );
}

const POSITIONS: usize = 200;
const BLUNDER_CP: i32 = 100;
