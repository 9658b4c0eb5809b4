//! `feerie gui`'s WebSocket sessions, end to end: the real binary serves, a WebSocket
//! client plays the page, and the engines are the binary itself or small shell scripts
//! that misbehave on purpose. No assertion depends on time but the pace's lower bounds
//! (a move never comes early): every wait is for an event, with a generous limit.

use feerie_match::notation;
use feerie_movegen::{Chess, Dynamo, Position};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest wait for one event: far beyond what any of them takes.
const PATIENCE: Duration = Duration::from_secs(90);

/// A `feerie gui` server, killed when the test ends (also when it fails).
struct Server {
    child: Child,
    port: u16,
    /// What it wrote on standard error so far (also passed on to the test's).
    stderr: Arc<Mutex<String>>,
}

impl Server {
    fn start(engines: &[&Path]) -> Server {
        Server::with_flags(&[], engines).0
    }

    /// A server with more `flags`, and the line announcing its address.
    fn with_flags(flags: &[&str], engines: &[&Path]) -> (Server, String) {
        let mut command = Command::new(env!("CARGO_BIN_EXE_feerie"));
        command
            .args(["gui", "--no-open", "--port", "0"])
            .args(flags);
        for engine in engines {
            command.arg("--engine").arg(engine);
        }
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("feerie gui starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let written = stderr.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                eprintln!("{line}");
                written.lock().unwrap().push_str(&(line + "\n"));
            }
        });
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("/ (")
            .next()
            .and_then(|address| address.rsplit(':').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        (
            Server {
                child,
                port,
                stderr,
            },
            line,
        )
    }

    /// Waits until the server has written `text` on standard error.
    async fn wait_for_stderr(&self, text: &str) {
        let mut waited = Duration::ZERO;
        while !self.stderr.lock().unwrap().contains(text) {
            let stderr = self.stderr.lock().unwrap().clone();
            assert!(waited < PATIENCE, "no {text:?} in {stderr:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
            waited += Duration::from_millis(20);
        }
    }

    async fn connect(&self) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{}/ws", self.port))
            .await
            .expect("the WebSocket opens");
        Client { ws }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page's side of a session.
struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    async fn send(&mut self, message: Value) {
        self.ws
            .send(Message::text(message.to_string()))
            .await
            .unwrap();
    }

    /// The next message, or `None` when none comes within `limit`.
    async fn within(&mut self, limit: Duration) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(limit, self.ws.next()).await.ok()?;
            match frame {
                Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap()),
                Some(Ok(Message::Close(_))) | None => panic!("the server closed the session"),
                Some(Ok(_)) => {}
                Some(Err(e)) => panic!("WebSocket error: {e}"),
            }
        }
    }

    /// The first message satisfying `wanted`, skipping the others.
    async fn until(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            match self.within(PATIENCE).await {
                Some(message) if wanted(&message) => return message,
                Some(_) => {}
                None => panic!("waited {} s for {what}", PATIENCE.as_secs()),
            }
        }
    }

    /// The first message of type `kind`.
    async fn next_of(&mut self, kind: &str) -> Value {
        self.until(kind, |m| m["type"] == kind).await
    }
}

/// A shell script engine in the test's scratch directory, executable.
fn script(name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// An engine that does the handshake as `name`, answers `go` with `on_go` (shell) and
/// `stop` with `bestmove e7e5`. Its only option is `UCI_Variant`: being sent any other
/// makes it exit, as strict engines may.
fn fake_engine(name: &str, on_go: &str) -> PathBuf {
    script(
        &format!("{name}.sh"),
        &format!(
            r#"while read line; do
  case "$line" in
    uci) echo "id name {name}"; echo "option name UCI_Variant type combo default chess var chess"; echo uciok;;
    "setoption name UCI_Variant "*) ;;
    setoption*) exit 1;;
    isready) echo readyok;;
    go*) {on_go};;
    stop) echo 'bestmove e7e5';;
    quit) exit 0;;
  esac
done
"#
        ),
    )
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn analyse(fen: Option<&str>, moves: &[&str], multipv: u32) -> Value {
    json!({"type": "analyse", "variant": "chess", "fen": fen, "moves": moves,
           "multipv": multipv, "engine": 0})
}

/// An analysis of the start position by engine `engine`.
fn analyse_with(engine: usize, multipv: u32) -> Value {
    let mut message = analyse(None, &[], multipv);
    message["engine"] = json!(engine);
    message
}

fn new_game(fen: Option<&str>, white: Value, black: Value, control: Value) -> Value {
    json!({"type": "new_game", "variant": "chess", "fen": fen, "moves": [],
           "white": white, "black": black, "control": control})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_sends_two_lines_and_stops_on_request() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(analyse(None, &["e2e4"], 2)).await;
    let analysis = page
        .until("two lines", |m| {
            m["type"] == "analysis" && m["lines"].as_array().unwrap().len() == 2
        })
        .await;
    assert!(analysis["engine"].as_str().unwrap().starts_with("Feerie"));
    let mut after_e4 = Chess::startpos();
    after_e4.play(after_e4.parse_move("e2e4").unwrap());
    for (i, line) in analysis["lines"].as_array().unwrap().iter().enumerate() {
        assert_eq!(line["multipv"], i + 1);
        assert!(line["depth"].as_u64().unwrap() >= 1);
        assert!(line["score"]["cp"].is_i64() || line["score"]["mate"].is_i64());
        let pv = strings(&line["pv"]);
        let pv_text = strings(&line["pv_text"]);
        assert!(!pv.is_empty() && pv_text.len() == pv.len(), "{line}");
        // The PV is played from the position, each move written in SAN.
        let mut pos = after_e4.clone();
        for (mv, text) in pv.iter().zip(&pv_text) {
            let mv = pos.parse_move(mv).expect("a legal PV move");
            assert_eq!(text, &notation::move_text(&pos, mv), "{line}");
            pos.play(mv);
        }
    }
    // Between two depths the progress moves on by itself (Feerie's progress lines).
    let nodes = |m: &Value| m["progress"]["nodes"].as_u64();
    let first = nodes(&analysis).expect("progress with the lines");
    let later = page
        .until("progress past the first", |m| {
            m["type"] == "analysis" && nodes(m).is_some_and(|n| n > first)
        })
        .await;
    assert!(later["progress"]["depth"].as_u64().unwrap() >= 1, "{later}");
    page.send(json!({"type": "stop_analysis"})).await;
    page.next_of("analysis_stopped").await;
    while let Some(message) = page.within(Duration::from_millis(1500)).await {
        assert_ne!(message["type"], "analysis", "{message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_position_restarts_the_analysis_with_whites_scores() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(analyse(None, &[], 1)).await;
    page.next_of("analysis").await;
    // Black mates in one: the score is a mate against White.
    page.send(analyse(Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"), &[], 1))
        .await;
    let mate = page
        .until("the mate", |m| {
            m["type"] == "analysis" && m["lines"][0]["pv"][0] == "a8a1"
        })
        .await;
    assert_eq!(mate["lines"][0]["score"], json!({"mate": -1}));
    assert_eq!(mate["lines"][0]["wdl"], json!([0, 0, 1000]));
    assert!(
        mate["lines"][0]["pv_text"][0]
            .as_str()
            .unwrap()
            .starts_with("Ra1")
    );
    // Another variant: the engine is set up for it, its moves are written in its readable
    // notation (docs/notation.md).
    page.send(json!({"type": "analyse", "variant": "dynamo", "moves": ["e2e4"], "multipv": 1}))
        .await;
    let dynamo = page
        .until("Dynamo's lines", |m| {
            m["type"] == "analysis" && m["lines"][0]["pv"][0] != "a8a1"
        })
        .await;
    let mut pos = Dynamo::startpos();
    pos.play(pos.parse_move("e2e4").unwrap());
    let pv = strings(&dynamo["lines"][0]["pv"]);
    let first = pos.parse_move(&pv[0]).expect("a legal PV move");
    assert_eq!(
        dynamo["lines"][0]["pv_text"][0],
        feerie_movegen::readable::readable(&pos, first)
    );
    // A position whose game is over is not analysed.
    page.send(analyse(Some("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1"), &[], 1))
        .await;
    page.next_of("analysis_stopped").await;
    while let Some(message) = page.within(Duration::from_millis(1500)).await {
        assert_ne!(message["type"], "analysis", "{message}");
    }
}

/// The first line's score (centipawns, a mate counting as ±100,000) and chances from
/// the first analysis of `fen` at depth 6 or more, both from White's point of view (the
/// first plies of a bare-king ending score it too roughly to judge the chances by).
async fn score_and_chances(page: &mut Client, fen: &str) -> (i64, [u64; 3]) {
    page.send(analyse(Some(fen), &[], 1)).await;
    let analysis = loop {
        let analysis = page.next_of("analysis").await;
        if analysis["lines"][0]["depth"].as_u64().unwrap() >= 6 {
            break analysis;
        }
    };
    let line = &analysis["lines"][0];
    let score = line["score"]["cp"]
        .as_i64()
        .or_else(|| line["score"]["mate"].as_i64().map(|n| n.signum() * 100_000))
        .unwrap_or_else(|| panic!("no score in {analysis}"));
    let wdl: Vec<u64> = line["wdl"]
        .as_array()
        .unwrap_or_else(|| panic!("no wdl in {analysis}"))
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    (score, wdl.try_into().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chances_are_whites_whoever_is_to_move() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    // A queen up for White or for Black, with either side to move.
    for (fen, white_wins) in [
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", true),
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false),
        ("3qk3/8/8/8/8/8/8/4K3 b - - 0 1", false),
    ] {
        let (score, [w, d, l]) = score_and_chances(&mut page, fen).await;
        assert_eq!(w + d + l, 1000, "{fen}");
        let (winner, loser) = if white_wins { (w, l) } else { (l, w) };
        assert!(winner > 500 && loser < 100, "{fen}: {score} {w} {d} {l}");
        assert_eq!(score > 0, white_wins, "{fen}: {score}");
        page.send(json!({"type": "stop_analysis"})).await;
        page.next_of("analysis_stopped").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_without_chances_still_analyses() {
    let plain = fake_engine(
        "Plain",
        "echo 'info depth 1 score cp 31 nodes 20 nps 2000 time 10 pv e2e4'",
    );
    let server = Server::start(&[&plain]);
    let mut page = server.connect().await;
    page.send(json!({"type": "analyse", "variant": "chess", "moves": [], "engine": 1}))
        .await;
    let analysis = page.next_of("analysis").await;
    assert_eq!(analysis["engine"], "Plain");
    let line = &analysis["lines"][0];
    assert_eq!(
        (&line["score"], &line["pv"], &line["wdl"]),
        (&json!({"cp": 31}), &json!(["e2e4"]), &Value::Null),
        "{analysis}"
    );
    page.send(json!({"type": "stop_analysis"})).await;
    page.next_of("analysis_stopped").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_plays_the_engine_and_takes_back() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(new_game(
        None,
        json!("human"),
        json!(0),
        json!({"depth": 3}),
    ))
    .await;
    let start = page.next_of("game").await;
    assert_eq!(start["moves"], json!([]));
    assert_eq!(start["turn"], "w");
    assert_eq!(start["thinking"], Value::Null);
    assert_eq!(start["clock"], Value::Null);
    // An illegal move changes nothing.
    page.send(json!({"type": "move", "uci": "e2e5"})).await;
    let error = page.next_of("error").await;
    assert!(
        error["message"].as_str().unwrap().contains("e2e5"),
        "{error}"
    );
    page.send(json!({"type": "move", "uci": "e2e4"})).await;
    let thinking = page.next_of("game").await;
    assert_eq!(thinking["moves"], json!(["e2e4"]));
    assert_eq!(thinking["thinking"], "b");
    let replied = page.next_of("game").await;
    let moves = strings(&replied["moves"]);
    assert_eq!(moves.len(), 2);
    let mut pos = Chess::startpos();
    for mv in &moves {
        let mv = pos.parse_move(mv).expect("a legal move");
        pos.play(mv);
    }
    assert_eq!(replied["fen"], pos.to_fen());
    assert_eq!(
        (&replied["turn"], &replied["thinking"]),
        (&json!("w"), &Value::Null)
    );
    // Takeback: back to White's first move.
    page.send(json!({"type": "takeback"})).await;
    let back = page.next_of("game").await;
    assert_eq!(back["moves"], json!([]));
    assert_eq!(back["fen"], Chess::startpos().to_fen());
    assert_eq!(back["turn"], "w");
    page.send(json!({"type": "takeback"})).await;
    page.next_of("error").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_resigns_on_the_clock() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    let clock = json!({"clock": {"base_ms": 20_000, "inc_ms": 0}});
    page.send(new_game(None, json!(0), json!("human"), clock))
        .await;
    let start = page.next_of("game").await;
    assert_eq!(start["thinking"], "w");
    assert_eq!(start["clock"]["black_ms"], 20_000);
    // Not Black's turn yet.
    page.send(json!({"type": "move", "uci": "e7e5"})).await;
    page.next_of("error").await;
    let white_moved = page
        .until("White's move", |m| m["type"] == "game" && m["turn"] == "b")
        .await;
    assert!(white_moved["clock"]["white_ms"].as_u64().unwrap() <= 20_000);
    page.send(json!({"type": "resign"})).await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "1-0");
    assert!(
        over["reason"].as_str().unwrap().contains("resignation"),
        "{over}"
    );
    page.send(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(page.next_of("error").await["message"], "no game is running");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_take_back_one_move_resign_and_abort() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    let clock = json!({"clock": {"base_ms": 600_000, "inc_ms": 5_000}});
    page.send(new_game(
        None,
        json!("human"),
        json!("human"),
        clock.clone(),
    ))
    .await;
    page.next_of("game").await;
    for uci in ["e2e4", "e7e5"] {
        page.send(json!({"type": "move", "uci": uci})).await;
        page.next_of("game").await;
    }
    page.send(json!({"type": "takeback"})).await;
    let back = page.next_of("game").await;
    assert_eq!(back["moves"], json!(["e2e4"]));
    assert_eq!(back["turn"], "b");
    // White's clock is charged with its move (and the increment); Black's is back to
    // what it was when its turn began.
    assert!(back["clock"]["white_ms"].as_u64().unwrap() <= 605_000);
    assert_eq!(back["clock"]["black_ms"], 600_000);
    page.send(json!({"type": "resign"})).await;
    let over = page.next_of("game_over").await;
    assert_eq!(
        (&over["result"], &over["reason"]),
        (&json!("1-0"), &json!("White wins by resignation"))
    );
    page.send(new_game(None, json!("human"), json!("human"), clock))
        .await;
    page.next_of("game").await;
    page.send(json!({"type": "abort"})).await;
    let aborted = page.next_of("game_over").await;
    assert_eq!(aborted["result"], "*");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_mates() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(new_game(
        Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"),
        json!("human"),
        json!(0),
        json!({"depth": 3}),
    ))
    .await;
    let start = page.next_of("game").await;
    assert_eq!(
        (&start["thinking"], &start["result"]),
        (&json!("b"), &Value::Null)
    );
    // The mating move's state comes with the result, then how the game ended.
    let last = page.next_of("game").await;
    assert_eq!(last["moves"], json!(["a8a1"]));
    assert_eq!(
        (&last["thinking"], &last["result"]),
        (&Value::Null, &json!("0-1"))
    );
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["reason"], "Black wins by checkmate");
    assert_eq!(over["moves"], json!(["a8a1"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_against_engine_runs_to_the_end() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(new_game(
        Some("k7/8/2K5/8/8/8/8/1R6 w - - 0 1"),
        json!(0),
        json!(0),
        json!({"movetime_ms": 200}),
    ))
    .await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "1-0", "{over}");
    assert_eq!(over["reason"], "White wins by checkmate");
    assert_eq!(strings(&over["moves"]).len(), 3);
    // Neither side is human.
    page.send(json!({"type": "takeback"})).await;
    page.next_of("error").await;
}

/// Engine against engine at a pace of 1.5 s: each move comes no sooner than the pace
/// after the one before, the pause is charged to neither clock, and each side is named as
/// the engine names itself, with its level.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engines_play_at_the_pace_uncharged_and_named() {
    const PACE_MS: u64 = 1500;
    const BASE_MS: i64 = 60_000;
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    let mut game = new_game(
        None,
        json!(0),
        json!(0),
        json!({"clock": {"base_ms": BASE_MS, "inc_ms": 0}}),
    );
    game["level"] = json!({"skill": 0});
    game["pace_ms"] = json!(PACE_MS);
    page.send(game).await;
    let mut shown = Vec::new();
    let last = loop {
        let state = page.next_of("game").await;
        assert_eq!(state["result"], Value::Null, "{state}");
        for side in ["white", "black"] {
            let player = &state["players"][side];
            assert!(
                player["name"].as_str().unwrap().starts_with("Feerie"),
                "{state}"
            );
            assert_eq!(player["level"], json!({"skill": 0}), "{state}");
        }
        let plies = strings(&state["moves"]).len();
        if shown.last().is_none_or(|&(n, _)| n < plies) {
            shown.push((plies, std::time::Instant::now()));
        }
        if plies == 4 {
            break state;
        }
    };
    for pair in shown.windows(2) {
        let gap = pair[1].1 - pair[0].1;
        // The page may get a message late, never a move early: a little slack for that.
        assert!(
            gap >= Duration::from_millis(PACE_MS - 500),
            "a move {gap:?} after the one before: {shown:?}"
        );
    }
    // Two moves each: a pause charged would have cost each side about 3 s.
    for side in ["white_ms", "black_ms"] {
        let left = last["clock"][side].as_i64().unwrap();
        assert!(
            left > BASE_MS - 1500,
            "{side} {left} after two moves: {last}"
        );
    }
    page.send(json!({"type": "abort"})).await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "*", "{over}");
}

/// An answer held for the pace is said (`thinking` null, the move not yet played), and a
/// takeback drops it with the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_drops_an_answer_held_for_the_pace() {
    let quick = fake_engine("Quick", "echo 'bestmove e7e5'");
    let server = Server::start(&[&quick]);
    let mut page = server.connect().await;
    let mut game = new_game(None, json!("human"), json!(1), json!({"depth": 3}));
    game["pace_ms"] = json!(5000);
    page.send(game).await;
    let start = page.next_of("game").await;
    assert_eq!(start["players"]["white"], Value::Null, "{start}");
    assert_eq!(start["players"]["black"]["name"], "Quick", "{start}");
    assert_eq!(start["players"]["black"]["level"], Value::Null, "{start}");
    page.send(json!({"type": "move", "uci": "e2e4"})).await;
    let thinking = page.next_of("game").await;
    assert_eq!(thinking["thinking"], "b", "{thinking}");
    let held = page.next_of("game").await;
    assert_eq!(held["moves"], json!(["e2e4"]), "{held}");
    assert_eq!(held["thinking"], Value::Null, "{held}");
    page.send(json!({"type": "takeback"})).await;
    let back = page.next_of("game").await;
    assert_eq!(back["moves"], json!([]), "{back}");
    page.send(json!({"type": "move", "uci": "d2d4"})).await;
    let reply = page
        .until("the answer to d2d4", |m| {
            m["type"] != "game" || strings(&m["moves"]).len() == 2
        })
        .await;
    assert_eq!(reply["moves"], json!(["d2d4", "e7e5"]), "{reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashing_engine_loses() {
    let crasher = fake_engine("Crasher", "exit 0");
    let server = Server::start(&[&crasher]);
    let mut page = server.connect().await;
    page.send(new_game(
        None,
        json!("human"),
        json!(1),
        json!({"depth": 3}),
    ))
    .await;
    page.next_of("game").await;
    page.send(json!({"type": "move", "uci": "e2e4"})).await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "1-0");
    assert!(
        over["reason"]
            .as_str()
            .unwrap()
            .starts_with("Black's engine (Crasher) crashed: "),
        "{over}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_playing_an_illegal_move_loses() {
    let blunderer = fake_engine("Blunderer", "echo 'bestmove a1a1'");
    let server = Server::start(&[&blunderer]);
    let mut page = server.connect().await;
    page.send(new_game(
        None,
        json!(1),
        json!("human"),
        json!({"depth": 3}),
    ))
    .await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "0-1");
    assert_eq!(
        over["reason"],
        "White's engine (Blunderer) played an illegal move 'a1a1'"
    );
    // It plays chess only.
    page.send(json!({"type": "analyse", "variant": "dynamo", "moves": [], "engine": 1}))
        .await;
    let error = page.next_of("error").await;
    assert_eq!(error["message"], "engine Blunderer does not play dynamo");
    page.next_of("analysis_stopped").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_loses_on_time_without_moving() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    let clock = json!({"clock": {"base_ms": 300, "inc_ms": 0}});
    page.send(new_game(None, json!("human"), json!(0), clock))
        .await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["reason"], "White loses on time");
    assert_eq!(over["moves"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_human_is_never_charged_the_engines_move_time() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(new_game(
        None,
        json!("human"),
        json!(0),
        json!({"movetime_ms": 300}),
    ))
    .await;
    let start = page.next_of("game").await;
    assert_eq!(start["clock"], Value::Null);
    // Five times the engine's move time: the human has no time limit.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    page.send(json!({"type": "move", "uci": "e2e4"})).await;
    let moved = page.within(PATIENCE).await.expect("an answer to the move");
    assert_eq!(
        (&moved["type"], &moved["moves"]),
        (&json!("game"), &json!(["e2e4"])),
        "{moved}"
    );
    let replied = page.next_of("game").await;
    assert_eq!(strings(&replied["moves"]).len(), 2, "{replied}");
    assert_eq!(replied["result"], Value::Null);
}

/// An engine that says every line it reads into `log`, lists Feerie's level options and
/// answers `go` with `bestmove e7e5`.
fn logging_engine(name: &str, log: &Path) -> PathBuf {
    script(
        &format!("{name}.sh"),
        &format!(
            r#"while read line; do
  echo "$line" >> '{log}'
  case "$line" in
    uci) echo "id name {name}"
         echo "option name Skill Level type spin default 20 min 0 max 20"
         echo "option name UCI_LimitStrength type check default false"
         echo "option name UCI_Elo type spin default 1100 min 1100 max 2100"
         echo uciok;;
    isready) echo readyok;;
    go*) echo 'bestmove e7e5';;
    quit) exit 0;;
  esac
done
"#,
            log = log.display()
        ),
    )
}

/// The lines `log` holds, once it holds `go` (the game's first search).
async fn lines_up_to_go(log: &Path) -> Vec<String> {
    let mut waited = Duration::ZERO;
    loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        if let Some(go) = lines.iter().position(|l| l.starts_with("go")) {
            return lines[..go].to_vec();
        }
        assert!(waited < PATIENCE, "no go in {text:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += Duration::from_millis(20);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_level_is_set_before_the_game_where_the_engine_offers_it() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let (skill_log, elo_log) = (dir.join("level-skill.log"), dir.join("level-elo.log"));
    for log in [&skill_log, &elo_log] {
        let _ = std::fs::remove_file(log);
    }
    let skilled = logging_engine("Skilled", &skill_log);
    let rated = logging_engine("Rated", &elo_log);
    // Only UCI_Variant: any other option makes it exit.
    let strict = fake_engine("Strict", "echo 'bestmove e7e5'");
    let server = Server::start(&[&skilled, &rated, &strict]);
    let mut page = server.connect().await;
    for (engine, level) in [(1, json!({"skill": 3})), (2, json!({"elo": 1500}))] {
        let mut game = new_game(None, json!("human"), json!(engine), json!({"depth": 3}));
        game["level"] = level;
        page.send(game).await;
        page.next_of("game").await;
        page.send(json!({"type": "move", "uci": "e2e4"})).await;
        let replied = page
            .until("the engine's reply", |m| {
                m["type"] == "game" && m["moves"] == json!(["e2e4", "e7e5"])
            })
            .await;
        assert_eq!(replied["result"], Value::Null);
    }
    let skill = lines_up_to_go(&skill_log).await;
    assert!(
        skill.contains(&"setoption name Skill Level value 3".to_string()),
        "{skill:?}"
    );
    assert!(!skill.iter().any(|l| l.contains("UCI_Elo")), "{skill:?}");
    let elo = lines_up_to_go(&elo_log).await;
    let strength = elo
        .iter()
        .position(|l| l == "setoption name UCI_LimitStrength value true");
    let value = elo
        .iter()
        .position(|l| l == "setoption name UCI_Elo value 1500");
    assert!(strength.is_some() && value.is_some(), "{elo:?}");
    // An engine without the options plays at its own strength, with no error.
    let mut game = new_game(None, json!("human"), json!(3), json!({"depth": 3}));
    game["level"] = json!({"skill": 0});
    page.send(game).await;
    let start = page.next_of("game").await;
    assert_eq!(start["result"], Value::Null);
    page.send(json!({"type": "move", "uci": "e2e4"})).await;
    let replied = page
        .until("Strict's reply", |m| {
            m["type"] != "game" || m["moves"] == json!(["e2e4", "e7e5"])
        })
        .await;
    assert_eq!(replied["type"], "game", "{replied}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_does_not_move_loses_on_time() {
    let sleeper = fake_engine("Sleeper", ":");
    let server = Server::start(&[&sleeper]);
    let mut page = server.connect().await;
    page.send(new_game(
        None,
        json!(1),
        json!("human"),
        json!({"movetime_ms": 100}),
    ))
    .await;
    let over = page.next_of("game_over").await;
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["reason"], "White's engine (Sleeper) loses on time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_drops_the_engines_search() {
    let sleeper = fake_engine("Sleeper", ":");
    let server = Server::start(&[&sleeper]);
    let mut page = server.connect().await;
    page.send(new_game(
        None,
        json!("human"),
        json!(1),
        json!({"depth": 5}),
    ))
    .await;
    page.next_of("game").await;
    page.send(json!({"type": "move", "uci": "e2e4"})).await;
    let thinking = page.next_of("game").await;
    assert_eq!(thinking["thinking"], "b");
    page.send(json!({"type": "takeback"})).await;
    let back = page.next_of("game").await;
    assert_eq!(back["moves"], json!([]));
    assert_eq!(back["thinking"], Value::Null);
    // The search's answer to `stop` (e7e5) was dropped: White moves again.
    page.send(json!({"type": "move", "uci": "d2d4"})).await;
    let again = page.next_of("game").await;
    assert_eq!(again["moves"], json!(["d2d4"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_engine_is_an_error_not_a_hang() {
    let mute = script("mute.sh", "exec sleep 600\n");
    let server = Server::start(&[&mute]);
    let mut page = server.connect().await;
    page.send(json!({"type": "analyse", "variant": "chess", "moves": [], "engine": 1}))
        .await;
    let error = page.next_of("error").await;
    assert_eq!(
        error["message"],
        "engine mute.sh did not answer uci within 10 s"
    );
    page.next_of("analysis_stopped").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_errors() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    for (message, error) in [
        ("not json".to_string(), "not JSON"),
        (
            json!({"type": "fly"}).to_string(),
            "unknown message type 'fly'",
        ),
        (json!({"type": "move"}).to_string(), "missing field `uci`"),
        (analyse(None, &[], 9).to_string(), "multipv must be 1 to 5"),
        (
            analyse(None, &["e2e5"], 1).to_string(),
            "move 1 'e2e5' is not legal",
        ),
        (json!({"type": "resign"}).to_string(), "no game is running"),
        (
            analyse(None, &["g1f3"; 20_001], 1).to_string(),
            "more than the 20000",
        ),
    ] {
        page.ws.send(Message::text(message.clone())).await.unwrap();
        let answer = page.next_of("error").await;
        assert!(
            answer["message"].as_str().unwrap().contains(error),
            "{message}: {answer}"
        );
    }
    // The session still works.
    page.send(analyse(None, &[], 1)).await;
    page.next_of("analysis").await;
}

/// The PIDs an engine script wrote when it started.
fn pids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_the_session_ends_its_engines() {
    let pid_file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("session-engine-pids");
    let _ = std::fs::remove_file(&pid_file);
    let engine = script(
        "recorded-feerie.sh",
        &format!(
            "echo $$ >> {}\nexec {}\n",
            pid_file.display(),
            env!("CARGO_BIN_EXE_feerie")
        ),
    );
    let server = Server::start(&[&engine]);
    let mut page = server.connect().await;
    page.send(json!({"type": "analyse", "variant": "chess", "moves": [], "engine": 1}))
        .await;
    page.next_of("analysis").await;
    page.send(new_game(None, json!(1), json!(1), json!({"depth": 60})))
        .await;
    page.next_of("game").await;
    let engines = pids(&pid_file);
    assert_eq!(engines.len(), 3, "{engines:?}");
    for pid in &engines {
        assert!(Path::new(&format!("/proc/{pid}")).exists());
    }
    page.ws.close(None).await.unwrap();
    drop(page);
    for pid in engines {
        let proc = format!("/proc/{pid}");
        let mut waited = Duration::ZERO;
        while Path::new(&proc).exists() {
            assert!(waited < PATIENCE, "engine {pid} still runs");
            tokio::time::sleep(Duration::from_millis(50)).await;
            waited += Duration::from_millis(50);
        }
    }
}

/// A connection to the server made from `from`, one of the machine's loopback addresses
/// (127.0.0.2 is one as much as 127.0.0.1: a client of its own to the server).
async fn connect_from(from: [u8; 4], port: u16) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from, 0).into()).unwrap();
    socket.connect(([127, 0, 0, 1], port).into()).await.unwrap()
}

/// Everything the server writes on `stream` until it closes it.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    let read = tokio::time::timeout(PATIENCE, stream.read_to_end(&mut bytes)).await;
    assert!(read.is_ok(), "the server did not close the connection");
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The server's whole answer to a raw HTTP `request` sent from `from`.
async fn http_from(from: [u8; 4], port: u16, request: &str) -> String {
    let mut stream = connect_from(from, port).await;
    stream.write_all(request.as_bytes()).await.unwrap();
    read_to_close(&mut stream).await
}

async fn get_page(port: u16) -> String {
    let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    http_from([127, 0, 0, 1], port, request).await
}

/// A request whose headers never end, sent at once or a byte at a time, is closed after
/// the 10 s docs/gui.md gives it, and the server goes on serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn incomplete_requests_are_closed_after_the_header_timeout() {
    let server = Server::start(&[]);
    let port = server.port;
    let started = std::time::Instant::now();
    let silent = tokio::spawn(async move {
        let mut stream = connect_from([127, 0, 0, 1], port).await;
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .await
            .unwrap();
        read_to_close(&mut stream).await;
        started.elapsed()
    });
    let trickling = tokio::spawn(async move {
        let mut stream = connect_from([127, 0, 0, 1], port).await;
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
            .iter()
            .cycle()
        {
            if stream.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        started.elapsed()
    });
    for closed in [silent.await.unwrap(), trickling.await.unwrap()] {
        assert!(closed >= Duration::from_secs(9), "closed after {closed:?}");
        assert!(closed < Duration::from_secs(30), "closed after {closed:?}");
    }
    assert!(get_page(port).await.starts_with("HTTP/1.1 200"));
}

/// WebSockets of the page's, opened from `from` (they stay open as long as wanted, with
/// no request pending).
async fn hold(from: [u8; 4], port: u16, count: usize, held: &mut Vec<Client>) {
    for _ in 0..count {
        let stream = connect_from(from, port).await;
        let url = format!("ws://127.0.0.1:{port}/ws");
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .expect("the WebSocket opens");
        held.push(Client { ws });
    }
}

/// The answer of a connection the server refuses at once.
async fn refused(from: [u8; 4], port: u16) -> String {
    let mut stream = connect_from(from, port).await;
    read_to_close(&mut stream).await
}

/// One client address holds at most 64 connections, the server 512: past that a new
/// connection is answered 503 with the reason as JSON, and the other clients are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_caps_are_refused_in_words() {
    let server = Server::start(&[]);
    let port = server.port;
    let mut held = Vec::new();
    hold([127, 0, 0, 2], port, 64, &mut held).await;
    let answer = refused([127, 0, 0, 2], port).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer
            .ends_with(r#"{"error":"too many connections from 127.0.0.2: at most 64 at a time"}"#),
        "{answer}"
    );
    assert!(get_page(port).await.starts_with("HTTP/1.1 200"));
    // A connection that ends gives its place back (once the server has seen it close:
    // a probe that was answered may itself hold the place a moment longer, so retry).
    held.pop().unwrap().ws.close(None).await.unwrap();
    let mut waited = Duration::ZERO;
    loop {
        let stream = connect_from([127, 0, 0, 2], port).await;
        let url = format!("ws://127.0.0.1:{port}/ws");
        if let Ok((ws, _)) =
            tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)).await
        {
            held.push(Client { ws });
            break;
        }
        assert!(waited < PATIENCE, "the closed connection was still counted");
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    for last in 3..=9 {
        hold([127, 0, 0, last], port, 64, &mut held).await;
    }
    assert_eq!(held.len(), 512);
    let answer = refused([127, 0, 0, 10], port).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("the server is busy"), "{answer}");
}

/// The child processes of process `pid` (zombies not yet reaped included).
fn children(pid: u32) -> usize {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
    tasks
        .map(|task| {
            let path = task.unwrap().path().join("children");
            std::fs::read_to_string(path)
                .unwrap_or_default()
                .split_whitespace()
                .count()
        })
        .sum()
}

/// Counts the child processes of `pid` until `stop` is set, and returns the most seen.
fn count_children(
    pid: u32,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let mut most = 0;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            most = most.max(children(pid));
            std::thread::sleep(Duration::from_millis(2));
        }
        most
    })
}

/// 40 `new_game`s of Feerie against itself sent at once on one socket: each game ends
/// its engines before the next starts its own, so the server never runs more than a
/// game's two engines (all 80 at once without that), and the last game is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_new_games_never_run_more_than_two_engines() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let counter = count_children(server.child.id(), stop.clone());
    for _ in 0..40 {
        let control = json!({"movetime_ms": 1000});
        page.send(new_game(None, json!(0), json!(0), control)).await;
    }
    let game = page.next_of("game").await;
    assert_eq!(game["thinking"], "w", "{game}");
    // The last game's engines run, the others' are gone.
    let mut waited = Duration::ZERO;
    while children(server.child.id()) != 2 {
        assert!(
            waited < PATIENCE,
            "{} engines run",
            children(server.child.id())
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let most = counter.join().unwrap();
    assert!(most <= 2, "{most} engines ran at once");
}

/// Analyses of alternating line counts (each needing a new engine) sent at once while
/// an engine that takes its time to stop is searching: an analysis ends its engine
/// before the next starts one (without that, five ran at once).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_analyses_never_run_more_than_one_engine() {
    let slow = script(
        "slow-to-stop.sh",
        r#"while read line; do
  case "$line" in
    uci) echo "id name Slow"; echo "option name MultiPV type spin default 1 min 1 max 5"; echo uciok;;
    isready) echo readyok;;
    go*) echo 'info depth 3 multipv 1 score cp 20 pv e2e4';;
    stop) sleep 0.3; echo 'bestmove e2e4';;
    quit) exit 0;;
  esac
done
"#,
    );
    let server = Server::start(&[&slow]);
    let mut page = server.connect().await;
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let counter = count_children(server.child.id(), stop.clone());
    for round in 0..4 {
        for i in 0..10 {
            page.send(analyse_with(1, 1 + (round + i) % 2)).await;
        }
        page.next_of("analysis").await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let most = counter.join().unwrap();
    assert!(most <= 1, "{most} engines ran at once");
}

/// The server runs at most 32 engines for all its tabs: a game that would need more is
/// refused with an error in words, until another tab ends its engines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_runs_at_most_32_engines() {
    let waiter = fake_engine("Patient", ":");
    let server = Server::start(&[&waiter]);
    let game = || new_game(None, json!(1), json!(1), json!({"depth": 20}));
    let mut pages = Vec::new();
    for _ in 0..16 {
        let mut page = server.connect().await;
        page.send(game()).await;
        page.next_of("game").await;
        pages.push(page);
    }
    let mut late = server.connect().await;
    late.send(game()).await;
    let error = late.next_of("error").await;
    assert_eq!(
        error["message"],
        "engine Patient.sh was not started: the server already runs 32 engines, its limit: \
         end a game or an analysis in another tab first"
    );
    pages.pop().unwrap().ws.close(None).await.unwrap();
    let mut waited = Duration::ZERO;
    loop {
        assert!(
            waited < PATIENCE,
            "the closed tab's engines were still counted"
        );
        waited += Duration::from_millis(50);
        late.send(game()).await;
        let answer = late
            .until("game or error", |m| {
                m["type"] == "game" || m["type"] == "error"
            })
            .await;
        if answer["type"] == "game" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A WebSocket handshake for `/ws` from a page of `origin`.
fn ws_request(port: u16, origin: &str) -> String {
    format!(
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {origin}\r\n\
         Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
}

/// The status line of the answer to `request`, and its body when the server closes
/// the connection after it.
async fn status_line(port: u16, request: &str) -> String {
    let mut stream = connect_from([127, 0, 0, 1], port).await;
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = vec![0; 12];
    stream.read_exact(&mut head).await.unwrap();
    String::from_utf8(head).unwrap()
}

/// `--listen` on a loopback address keeps the local-machine checks: another host or
/// another site's page is refused, the server's own pages pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loopback_listen_address_keeps_the_checks() {
    let (server, line) = Server::with_flags(&["--listen", "127.0.0.1"], &[]);
    let port = server.port;
    assert!(
        line.contains(&format!("http://127.0.0.1:{port}/")),
        "{line}"
    );
    let forged = "GET /api/variants HTTP/1.1\r\nHost: evil.example\r\n\
                  Origin: http://evil.example\r\nConnection: close\r\n\r\n";
    let answer = http_from([127, 0, 0, 1], port, forged).await;
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(
        answer.contains(r#"{"error":"this server only answers"#),
        "{answer}"
    );
    let evil_socket = ws_request(port, "http://evil.example");
    assert_eq!(status_line(port, &evil_socket).await, "HTTP/1.1 403");
    let own = ws_request(port, &format!("http://localhost:{port}"));
    assert_eq!(status_line(port, &own).await, "HTTP/1.1 101");
    assert!(!server.stderr.lock().unwrap().contains("warning"));
}

/// `--listen` on another address says on standard error that anyone who reaches it may
/// use the server, prints that address, and answers any host.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_listen_address_is_announced_with_a_warning() {
    let (server, line) = Server::with_flags(&["--listen", "0.0.0.0"], &[]);
    let port = server.port;
    assert!(line.contains(&format!("http://0.0.0.0:{port}/")), "{line}");
    server
        .wait_for_stderr(&format!(
            "feerie: warning: listening on every address of this machine, port {port}, \
             without the local-machine checks"
        ))
        .await;
    let other_host =
        "GET /api/variants HTTP/1.1\r\nHost: board.example\r\nConnection: close\r\n\r\n";
    let answer = http_from([127, 0, 0, 1], port, other_host).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// Standard output closed, or full, when the server prints its address: a quiet 141.
#[test]
fn the_server_ends_quietly_when_its_address_cannot_be_printed() {
    let (reader, closed) = std::io::pipe().unwrap();
    drop(reader);
    let full = std::fs::File::create("/dev/full").unwrap();
    for stdout in [Stdio::from(closed), Stdio::from(full)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_feerie"))
            .args(["gui", "--no-open", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > PATIENCE {
                let _ = child.kill();
                panic!("the server kept running without its standard output");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert_eq!(status.code(), Some(141), "{stderr}");
        assert_eq!(stderr, "");
    }
}

/// The peak memory of process `pid`, in KiB.
fn peak_memory_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// An engine writing 100 MB without a newline: the server reads through it keeping only
/// the line's start (its peak memory stays small), says so on standard error, and goes on
/// with the engine's next lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endless_engine_line_costs_the_server_little_memory() {
    let flood = fake_engine(
        "Flood",
        "head -c 100000000 /dev/zero | tr '\\0' a; echo; echo 'info depth 7 score cp 12 pv e2e4'",
    );
    let server = Server::start(&[&flood]);
    let mut page = server.connect().await;
    page.send(analyse_with(1, 1)).await;
    let analysis = page
        .until("the line after the long one", |m| {
            m["type"] == "analysis" && m["lines"][0]["depth"] == 7
        })
        .await;
    assert_eq!(strings(&analysis["lines"][0]["pv"]), ["e2e4"]);
    let peak = peak_memory_kib(server.child.id());
    eprintln!("the server's peak memory: {peak} KiB");
    assert!(peak < 50 << 10, "the server's peak memory: {peak} KiB");
    server
        .wait_for_stderr(
            "feerie: engine Flood wrote a line of more than 64 KiB: only its start was read",
        )
        .await;
}

/// The Dynamo #2 of tests/tests/solve_problems.rs: 1.a7d7 (threat 2.d8E#) is its only key.
const DYNAMO_2: &str = "R2b3k/R7/8/8/8/8/8/4K3 w - - 0 1";

fn solve(variant: &str, fen: &str, stipulation: &str) -> Value {
    json!({"type": "solve", "variant": variant, "fen": fen, "stipulation": stipulation,
           "variation": true})
}

/// A helpmate in 6 from a full board: hours of search, far more than any test waits for.
fn endless_solve() -> Value {
    solve(
        "chess",
        "r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        "h#6",
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dynamo_two_mover_is_solved() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(solve("dynamo", DYNAMO_2, "#2")).await;
    let answer = page.next_of("solution").await;
    assert_eq!(answer["stopped"], false);
    let part = &answer["tree"][0];
    assert_eq!(part["keys"], json!(["a7d7"]));
    let key = &part["moves"][0];
    assert_eq!(
        (&key["role"], &key["path"]),
        (&json!("key"), &json!(["a7d7"]))
    );
    // The threat is played from the key's position with Black passing.
    let threat = &key["children"][0];
    assert_eq!(threat["role"], "threat");
    assert_eq!(threat["uci"], "d8E");
    let mut pos = Dynamo::from_fen(threat["start"].as_str().unwrap()).unwrap();
    pos.play(pos.parse_move("d8E").unwrap());
    assert!(pos.outcome().is_some(), "d8E mates");
    assert!(
        answer["text"]
            .as_str()
            .unwrap()
            .contains("1.a7d7 ! threat:")
    );
    assert!(
        answer["input"]
            .as_str()
            .unwrap()
            .contains("condition Dynamo")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_solve_answers_at_once_and_its_late_answer_is_dropped() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.send(endless_solve()).await;
    page.send(json!({"type": "stop_solve"})).await;
    let first = page
        .within(PATIENCE)
        .await
        .expect("an answer to stop_solve");
    assert_eq!(first["type"], "solve_stopped", "{first}");
    // A new solve replaces a running one: only the new one answers.
    page.send(endless_solve()).await;
    page.send(solve("dynamo", DYNAMO_2, "#2")).await;
    let answer = page.within(PATIENCE).await.expect("the Dynamo solution");
    assert_eq!(answer["type"], "solution", "{answer}");
    assert_eq!(answer["tree"][0]["keys"], json!(["a7d7"]));
    assert!(page.within(Duration::from_secs(2)).await.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_solve_requests_get_errors_and_the_session_goes_on() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    for (request, error) in [
        (
            solve("dynamo", "8/8/8/8/8/8/8/8 w - - 0 1", "#2"),
            "bad FEN for dynamo",
        ),
        (
            solve("dynamo", DYNAMO_2, "#0"),
            "the length must be at least 1",
        ),
        (
            solve("dynamo", DYNAMO_2, "q#2"),
            "unsupported stipulation 'q#2'",
        ),
        (solve("fairy", DYNAMO_2, "#2"), "unknown variant 'fairy'"),
    ] {
        page.send(request).await;
        let answer = page.next_of("error").await;
        assert!(
            answer["message"].as_str().unwrap().contains(error),
            "{answer}"
        );
        assert_eq!(answer["request"], "solve", "{answer}");
    }
    page.send(solve("dynamo", DYNAMO_2, "#2")).await;
    assert_eq!(
        page.next_of("solution").await["tree"][0]["keys"],
        json!(["a7d7"])
    );
}

/// The CPU time the process `pid` has used, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command name (which may hold spaces) in parentheses.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_the_session_stops_its_solve() {
    let server = Server::start(&[]);
    let pid = server.child.id();
    let mut page = server.connect().await;
    let idle = cpu_ticks(pid);
    page.send(endless_solve()).await;
    let mut waited = Duration::ZERO;
    while cpu_ticks(pid) < idle + 30 {
        assert!(waited < PATIENCE, "the solve does not run");
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    page.ws.close(None).await.unwrap();
    drop(page);
    // A running solve uses a core or more: two seconds of under 0.2 s CPU say it ended.
    let mut waited = Duration::ZERO;
    loop {
        let before = cpu_ticks(pid);
        tokio::time::sleep(Duration::from_secs(2)).await;
        if cpu_ticks(pid) < before + 20 {
            break;
        }
        waited += Duration::from_secs(2);
        assert!(waited < PATIENCE, "the solve still runs");
    }
}
