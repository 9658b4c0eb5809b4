//! One game of one variant behind an object-safe trait, so the UCI loop and the command
//! line work with `Box<dyn Session>` and never name a variant's types. A search, `go
//! perft` and `bench` run on a thread of their own where the host has threads
//! (`host::THREADS`), else on the caller's thread to their last line.

use crate::go_params::{GoParams, Tally};
use crate::options::EngineOptions;
use crate::out::{self, Out};
use crate::report::{self, BenchReport};
use feerie_eval::Evaluator;
use feerie_eval::wdl::WdlModel;
use feerie_movegen::{Position, perft_divide_until};
use feerie_search::{Limits, Score, SearchPolicy, Searcher, Settings, Signals, host};
use feerie_variants::Variant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::Duration;
use web_time::Instant;

/// Stack of the search thread: deep recursion with per-ply move lists needs more than
/// the default 2 MiB (memory is only committed as it is used).
const SEARCH_STACK_BYTES: usize = 64 << 20;
/// Hash size of the searcher `bench` uses, so results do not depend on the `Hash` option.
const BENCH_HASH_MB: usize = 16;
/// How often an infinite search reports its progress between depths.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// What a variant's game offers the front ends.
pub trait Session: Send {
    fn variant(&self) -> Variant;
    /// Sets the position: `fen` (or the start position when `None`) followed by `moves`.
    /// On any error nothing changes, and the message names the culprit.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn fen(&self) -> String;
    /// The `d` command's text: board, FEN, key.
    fn display(&self) -> String;
    /// Leaf counts per root move (canonical move strings) at `depth`.
    fn perft(&self, depth: u32) -> PerftReport;
    /// Starts a search on its own thread (without threads: runs it), which prints `info`
    /// lines and finally `bestmove`; `None` when nothing is left running.
    /// `errors` are the problems found while parsing `go`: they are reported through `out`
    /// with any found here, and if they left no limit the search is kept shallow.
    fn go(&mut self, go: &GoParams, errors: Vec<String>, out: &Out) -> Option<SearchHandle>;
    /// Resizes the hash table; on failure the error says what size it kept.
    fn set_hash(&mut self, mb: usize) -> Result<(), feerie_search::HashSizeError>;
    /// Frees the hash table (the session is about to be replaced).
    fn release_hash(&mut self);
    fn set_settings(&mut self, settings: Settings);
    /// `UCI_ShowWDL`: win/draw/loss chances on the score lines of the next searches.
    fn show_wdl(&mut self, on: bool);
    /// Forgets what the searcher learnt (`ucinewgame`, `Clear Hash`).
    fn clear(&mut self);
    /// Takes a new evaluator of the variant (`EvalFile` changed the network new ones
    /// take) and forgets what the searcher learnt with the old one.
    fn renew_eval(&mut self);
    /// Searches the variant's bench positions to `depth` with a fresh single-threaded
    /// searcher, printing one line per position.
    fn bench(&mut self, depth: u32, out: &Out) -> BenchReport;
    /// `go perft` on its own thread, so `stop`, `isready` and `quit` are answered while
    /// it counts (without threads: runs it); it prints the divide and the total, or that
    /// it was stopped.
    fn spawn_perft(&self, depth: u32, out: &Out) -> Option<SearchHandle>;
    /// `bench` on its own thread, like `spawn_perft`; a stopped bench prints the totals
    /// of the positions it finished.
    fn spawn_bench(&self, depth: u32, out: &Out) -> Option<SearchHandle>;
}

/// Result of a perft run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerftReport {
    pub divide: Vec<(String, u64)>,
    pub nodes: u64,
}

/// A search running on its own thread.
#[derive(Debug)]
pub struct SearchHandle {
    thread: JoinHandle<()>,
    signals: Arc<Signals>,
    /// Set just before `bestmove` is printed: from then on the search counts as over,
    /// so a `go` sent right after `bestmove` is never refused as "already searching".
    done: Arc<AtomicBool>,
    /// Neither `infinite` nor `ponder`: the search ends by itself.
    finite: bool,
}

impl SearchHandle {
    pub fn stop(&self) {
        self.signals.stop.store(true, Ordering::SeqCst);
        self.thread.thread().unpark();
    }

    pub fn ponderhit(&self) {
        self.signals.ponderhit.store(true, Ordering::SeqCst);
        self.thread.thread().unpark();
    }

    /// True once `bestmove` is out (or about to be), or the thread has ended anyway.
    pub fn is_done(&self) -> bool {
        self.done.load(Ordering::SeqCst) || self.thread.is_finished()
    }

    pub fn is_finite(&self) -> bool {
        self.finite
    }

    /// Waits for the thread to end.
    pub fn join(self) {
        let _ = self.thread.join();
    }
}

/// The game of one variant `P`, searched with evaluator `E`.
#[derive(Debug)]
pub struct GameSession<P: SearchPolicy, E: Evaluator<P>> {
    variant: Variant,
    pos: P,
    searcher: Arc<Mutex<Searcher<P, E>>>,
    bench_fens: &'static [&'static str],
    /// The variant's win/draw/loss model, and whether score lines show it.
    wdl: WdlModel,
    show_wdl: bool,
}

impl<P: SearchPolicy, E: Evaluator<P>> GameSession<P, E> {
    /// A session at the start position, its searcher sized and set from `options`.
    /// `bench_fens` are the `bench` positions (empty: the start position only).
    pub fn boxed(
        variant: Variant,
        options: &EngineOptions,
        bench_fens: &'static [&'static str],
        wdl: WdlModel,
    ) -> Box<dyn Session> {
        let mut searcher = Searcher::new(options.hash_mb, E::default());
        searcher.settings = options.settings();
        Box::new(GameSession {
            variant,
            pos: P::startpos(),
            searcher: Arc::new(Mutex::new(searcher)),
            bench_fens,
            wdl,
            show_wdl: options.show_wdl,
        })
    }

    fn searcher(&self) -> MutexGuard<'_, Searcher<P, E>> {
        lock(&self.searcher)
    }
}

/// Locks a mutex even if a thread panicked while holding it: the data is still usable
/// and the engine must keep answering.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The position after `moves` from `fen` (the start position when `None`); the error
/// names a bad FEN, or the first bad move with its index.
pub fn position_after<P: Position>(
    fen: Option<&str>,
    moves: &[impl AsRef<str>],
) -> Result<P, String> {
    let mut pos = match fen {
        None => P::startpos(),
        Some(fen) => P::from_fen(fen).map_err(|e| e.to_string())?,
    };
    for (index, text) in moves.iter().map(AsRef::as_ref).enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{}' refused: {e}", index + 1, out::shorten(text)))?;
        pos.play(mv);
    }
    Ok(pos)
}

fn legal_moves<P: Position>(pos: &P) -> P::MoveList {
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
}

impl<P: SearchPolicy, E: Evaluator<P>> Session for GameSession<P, E> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.pos = position_after(fen, moves)?;
        Ok(())
    }

    fn fen(&self) -> String {
        self.pos.to_fen()
    }

    fn display(&self) -> String {
        format!(
            "{}\nVariant: {}\nFen: {}\nKey: {:016X}\nIn check: {}",
            self.pos.board_picture().trim_end(),
            self.variant,
            self.pos.to_fen(),
            self.pos.hash(),
            if self.pos.in_check() { "yes" } else { "no" }
        )
    }

    fn perft(&self, depth: u32) -> PerftReport {
        count_perft(&self.pos, depth, &AtomicBool::new(false)).expect("never stopped")
    }

    fn go(&mut self, go: &GoParams, mut errors: Vec<String>, out: &Out) -> Option<SearchHandle> {
        let pos = self.pos.clone();
        let mut searchmoves = Vec::new();
        let mut dropped = Tally::default();
        for text in &go.searchmoves {
            match pos.parse_move(text) {
                Ok(mv) if searchmoves.contains(&mv) => {}
                Ok(mv) => searchmoves.push(mv),
                Err(e) => dropped.add(|| format!("go searchmoves: {e}; dropped")),
            }
        }
        dropped.report(&mut errors, |more| {
            format!("go searchmoves: {more} more moves dropped")
        });
        let limits = go.limits(pos.side_to_move(), searchmoves, &mut errors);
        if !errors.is_empty() {
            // One line for the whole `go` command, naming every problem.
            out.error(&errors.join("; "));
        }
        let signals = Arc::new(Signals::default());
        let done = Arc::new(AtomicBool::new(false));
        let finite = !limits.infinite && !limits.ponder;
        let wdl = self
            .show_wdl
            .then(|| (self.wdl, feerie_eval::wdl::material(&pos.to_fen())));
        let job = SearchJob {
            pos,
            limits,
            wdl,
            searcher: Arc::clone(&self.searcher),
            signals: Arc::clone(&signals),
            done: Arc::clone(&done),
            out: out.clone(),
        };
        match launch("search", signals, done, finite, move || job.run()) {
            Ok(handle) => handle,
            Err(e) => {
                // No thread: answer at once with any legal move rather than not at all.
                out.error(&format!("cannot start the search thread: {e}"));
                let first = legal_moves(&self.pos).first().copied();
                out.line(&report::bestmove(first, None));
                None
            }
        }
    }

    fn set_hash(&mut self, mb: usize) -> Result<(), feerie_search::HashSizeError> {
        self.searcher().set_hash_size(mb)
    }

    fn release_hash(&mut self) {
        self.searcher().release_hash();
    }

    fn set_settings(&mut self, settings: Settings) {
        self.searcher().settings = settings;
    }

    fn show_wdl(&mut self, on: bool) {
        self.show_wdl = on;
    }

    fn clear(&mut self) {
        self.searcher().clear();
    }

    fn renew_eval(&mut self) {
        self.searcher().set_eval(E::default());
    }

    fn bench(&mut self, depth: u32, out: &Out) -> BenchReport {
        run_bench::<P, E>(self.bench_fens, depth, out, &Signals::default())
    }

    fn spawn_perft(&self, depth: u32, out: &Out) -> Option<SearchHandle> {
        let pos = self.pos.clone();
        spawn_job(
            "perft",
            out,
            move |signals, out, finishing| match count_perft(&pos, depth, &signals.stop) {
                Some(report) => {
                    for (mv, n) in &report.divide {
                        out.line(&format!("{mv}: {n}"));
                    }
                    out.line("");
                    finishing();
                    out.line(&format!("Nodes searched: {}", report.nodes));
                }
                None => {
                    finishing();
                    out.line("info string go perft stopped; no count");
                }
            },
        )
    }

    fn spawn_bench(&self, depth: u32, out: &Out) -> Option<SearchHandle> {
        let (fens, variant) = (self.bench_fens, self.variant);
        spawn_job("bench", out, move |signals, out, finishing| {
            let report = run_bench::<P, E>(fens, depth, out, signals);
            finishing();
            if signals.stop.load(Ordering::SeqCst) {
                out.line("info string bench stopped; totals of the finished positions");
            }
            report::print_bench_summary(variant, depth, &report, out);
        })
    }
}

/// Perft divide of `pos` with the moves written out, or `None` when `stop` was set.
fn count_perft<P: Position>(pos: &P, depth: u32, stop: &AtomicBool) -> Option<PerftReport> {
    if depth == 0 {
        return Some(PerftReport {
            divide: Vec::new(),
            nodes: 1,
        });
    }
    let divide: Vec<(String, u64)> = perft_divide_until(pos, depth, stop)?
        .into_iter()
        .map(|(mv, n)| (mv.to_string(), n))
        .collect();
    let nodes = divide.iter().map(|(_, n)| n).sum();
    Some(PerftReport { divide, nodes })
}

/// Searches `fens` (empty: the start position) to `depth` with a fresh single-threaded
/// searcher, one line per position, until done or `signals.stop`.
fn run_bench<P: SearchPolicy, E: Evaluator<P>>(
    fens: &[&str],
    depth: u32,
    out: &Out,
    signals: &Signals,
) -> BenchReport {
    let mut searcher: Searcher<P, E> = Searcher::new(BENCH_HASH_MB, E::default());
    let start_fen = P::startpos().to_fen();
    let fens: Vec<&str> = if fens.is_empty() {
        vec![start_fen.as_str()]
    } else {
        fens.to_vec()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut report = BenchReport::default();
    let start = Instant::now();
    for (i, fen) in fens.iter().enumerate() {
        let pos = match P::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                out.error(&format!("bench position {fen}: {e}"));
                continue;
            }
        };
        searcher.clear();
        let result = searcher.search(&pos, &limits, signals, &mut |_| {});
        if signals.stop.load(Ordering::SeqCst) {
            break;
        }
        report.positions += 1;
        report.nodes += result.nodes;
        out.line(&format!(
            "Position {}/{}: {fen}: {} score {} nodes {}",
            i + 1,
            fens.len(),
            report::bestmove(result.best, None),
            report::score(result.score),
            result.nodes
        ));
    }
    report.elapsed = start.elapsed();
    report
}

/// Runs `work` on a thread of its own behind a `SearchHandle`, as a search runs: the
/// UCI loop stays free to answer, and refuses other work until this is done (without
/// threads: runs it, see [`launch`]). `work`
/// calls its third argument before its last lines, as a search sets `done` before
/// `bestmove`: a command sent right after them is never refused as "still running".
fn spawn_job(
    name: &str,
    out: &Out,
    work: impl FnOnce(&Signals, &Out, &dyn Fn()) + Send + 'static,
) -> Option<SearchHandle> {
    let signals = Arc::new(Signals::default());
    let done = Arc::new(AtomicBool::new(false));
    let (job_signals, job_done, job_out) = (Arc::clone(&signals), Arc::clone(&done), out.clone());
    let job = move || {
        let finishing = || job_done.store(true, Ordering::SeqCst);
        work(&job_signals, &job_out, &finishing);
        finishing();
    };
    match launch(name, signals, done, true, job) {
        Ok(handle) => handle,
        Err(e) => {
            out.error(&format!("cannot start a thread for {name}: {e}"));
            None
        }
    }
}

/// Runs `job` on a thread of its own named `name` and returns its handle; where the host
/// has no threads, runs it on the caller's thread to its end and returns `None`.
/// `signals`, `done` and `finite` are the job's, for the handle.
fn launch(
    name: &str,
    signals: Arc<Signals>,
    done: Arc<AtomicBool>,
    finite: bool,
    job: impl FnOnce() + Send + 'static,
) -> std::io::Result<Option<SearchHandle>> {
    if !host::THREADS {
        job();
        return Ok(None);
    }
    let thread = thread::Builder::new()
        .name(name.into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(job)?;
    Ok(Some(SearchHandle {
        thread,
        signals,
        done,
        finite,
    }))
}

/// Everything a search thread needs, moved into it.
struct SearchJob<P: SearchPolicy, E: Evaluator<P>> {
    pos: P,
    limits: Limits<P::Move>,
    /// The model and the root's material when score lines show win/draw/loss chances.
    wdl: Option<(WdlModel, f64)>,
    searcher: Arc<Mutex<Searcher<P, E>>>,
    signals: Arc<Signals>,
    done: Arc<AtomicBool>,
    out: Out,
}

impl<P: SearchPolicy, E: Evaluator<P>> SearchJob<P, E> {
    fn run(self) {
        let moves = legal_moves(&self.pos);
        if moves.is_empty() {
            let score = if self.pos.in_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            self.out
                .line(&format!("info depth 0 score {}", report::score(score)));
            self.hold_until_released();
            self.finish(None, None);
            return;
        }
        let search = || {
            let mut searcher = lock(&self.searcher);
            let out = &self.out;
            searcher.search(&self.pos, &self.limits, &self.signals, &mut |info| {
                let chances = self.wdl.map(|(model, material)| match info.score {
                    Score::Cp(cp) => model.per_mille(cp, material),
                    Score::Mate(n) => WdlModel::mate(n),
                });
                out.line(&report::info(info, chances))
            })
        };
        let result = if self.limits.infinite && host::THREADS {
            self.search_reporting_progress(search)
        } else {
            search()
        };
        self.hold_until_released();
        // Trust, but verify: never print an illegal move (or one outside `searchmoves`),
        // whatever the search returned.
        let allowed: &[P::Move] = if self.limits.searchmoves.is_empty() {
            &moves
        } else {
            &self.limits.searchmoves
        };
        let best = match result.best.filter(|b| allowed.contains(b)) {
            Some(b) => b,
            None => {
                self.out
                    .error("the search returned no allowed move; playing the first one");
                allowed[0]
            }
        };
        let ponder = result.ponder.filter(|p| {
            let mut after = self.pos.clone();
            after.play(best);
            legal_moves(&after).contains(p)
        });
        self.finish(Some(best), ponder);
    }

    /// Runs `search` while a thread beside it reports the progress (see
    /// `report_progress`).
    #[allow(
        clippy::disallowed_methods,
        reason = "reached only where the host has threads"
    )]
    fn search_reporting_progress<R>(&self, search: impl FnOnce() -> R) -> R {
        let searching = AtomicBool::new(true);
        thread::scope(|scope| {
            scope.spawn(|| self.report_progress(&searching));
            let result = search();
            searching.store(false, Ordering::SeqCst);
            result
        })
    }

    /// In an infinite search (analysis), an `info depth nodes nps time` line every
    /// [`PROGRESS_INTERVAL`] while `searching`: a deep iteration takes seconds, and an
    /// analysis display should stay live between the lines of two depths.
    #[allow(
        clippy::disallowed_methods,
        reason = "reached only where the host has threads"
    )]
    fn report_progress(&self, searching: &AtomicBool) {
        let start = Instant::now();
        let mut next = start + PROGRESS_INTERVAL;
        while searching.load(Ordering::SeqCst) {
            let now = Instant::now();
            if now < next {
                thread::sleep((next - now).min(Duration::from_millis(20)));
                continue;
            }
            next += PROGRESS_INTERVAL;
            let depth = self.signals.depth.load(Ordering::Relaxed);
            let nodes = self.signals.nodes.load(Ordering::Relaxed);
            let elapsed = now - start;
            if depth > 0 && searching.load(Ordering::SeqCst) {
                let nps = (nodes as f64 / elapsed.as_secs_f64()) as u64;
                self.out.line(&format!(
                    "info depth {depth} nodes {nodes} nps {nps} time {}",
                    elapsed.as_millis()
                ));
            }
        }
    }

    /// UCI forbids `bestmove` before `stop` in an infinite search, and before `stop` or
    /// `ponderhit` while pondering, even if the search itself has finished. Where the
    /// host has no threads nothing could send them, so the search ends at its depth.
    fn hold_until_released(&self) {
        if !host::THREADS {
            return;
        }
        loop {
            if self.signals.stop.load(Ordering::SeqCst) {
                return;
            }
            let pondering = self.limits.ponder && !self.signals.ponderhit.load(Ordering::SeqCst);
            if !self.limits.infinite && !pondering {
                return;
            }
            thread::park_timeout(Duration::from_millis(20));
        }
    }

    fn finish(&self, best: Option<P::Move>, ponder: Option<P::Move>) {
        self.done.store(true, Ordering::SeqCst);
        self.out.line(&report::bestmove(best, ponder));
    }
}
