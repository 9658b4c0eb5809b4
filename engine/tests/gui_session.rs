//! `feerie gui`'s WebSocket sessions, end to end: the real binary serves, a WebSocket
//! client plays the page, and the engines are the binary itself or small shell scripts
//! that misbehave on purpose. No assertion depends on time: every wait is for an event,
//! with a generous limit.

use feerie_match::notation;
use feerie_movegen::{Chess, Dynamo, Position};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest wait for one event: far beyond what any of them takes.
const PATIENCE: Duration = Duration::from_secs(90);

/// A `feerie gui` server, killed when the test ends (also when it fails).
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(engines: &[&Path]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_feerie"));
        command.args(["gui", "--no-open", "--port", "0"]);
        for engine in engines {
            command.arg("--engine").arg(engine);
        }
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("feerie gui starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, port }
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
    // Another variant: the engine is set up for it, its moves are written canonically.
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
    assert!(pos.parse_move(&pv[0]).is_ok(), "{dynamo}");
    assert_eq!(dynamo["lines"][0]["pv_text"][0], pv[0]);
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
