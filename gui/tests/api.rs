//! The HTTP API of `feerie gui` (docs/gui-api.md), driven through the router as the
//! page drives it, every answer checked against Feerie's move generator.

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use feerie_gui::server::router;
use feerie_gui::state::{Access, AppState, EngineConfig};
use feerie_movegen::{Augsburg, Chess, Dynamo, Einstein, Position};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::sync::Arc;
use tower::ServiceExt;

/// The router of a local server listening on 127.0.0.1:8700.
fn app() -> Router {
    let engines = vec![EngineConfig {
        name: "Feerie".to_string(),
        command: "feerie".to_string(),
        args: Vec::new(),
    }];
    let access = Access::Local {
        addr: "127.0.0.1:8700".parse().unwrap(),
    };
    router(Arc::new(AppState::new(engines, access)))
}

/// Sends a request as the page does (its host is the local machine).
async fn send(
    method: Method,
    path: &str,
    host: &str,
    content_type: &str,
    body: String,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, host)
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap();
    let response = app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

async fn get(path: &str, host: &str) -> (StatusCode, Value) {
    send(Method::GET, path, host, "application/json", String::new()).await
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    send(
        Method::POST,
        path,
        "127.0.0.1:8700",
        "application/json",
        body.to_string(),
    )
    .await
}

/// The answer of `/api/position`, which must succeed.
async fn position(body: Value) -> Value {
    let (status, answer) = post("/api/position", body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

/// The error text of a request that must fail with 400.
async fn refused(path: &str, body: Value) -> String {
    let (status, answer) = post(path, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    answer["error"].as_str().expect("an error text").to_string()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

/// The legal moves of an answer having a part from `from` to `to` (`None`: off the
/// board): the chooser's candidates.
fn candidates<'a>(answer: &'a Value, from: &str, to: Option<&str>) -> Vec<&'a Value> {
    answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| {
            m["parts"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["from"] == from && p["to"].as_str() == to)
        })
        .collect()
}

/// The FEN after `uci`, played by the move generator from `fen`.
fn fen_after<P: Position>(fen: &str, uci: &str) -> String {
    let mut pos = P::from_fen(fen).unwrap();
    let mv = pos.parse_move(uci).unwrap();
    pos.play(mv);
    pos.to_fen()
}

/// Asserts the candidates' move strings are `expected` and each one's FEN is the move
/// generator's.
fn check_candidates<P: Position>(fen: &str, found: &[&Value], expected: &[&str]) {
    let ucis: BTreeSet<&str> = found.iter().map(|m| m["uci"].as_str().unwrap()).collect();
    assert_eq!(ucis, expected.iter().copied().collect::<BTreeSet<_>>());
    for m in found {
        let uci = m["uci"].as_str().unwrap();
        assert_eq!(m["fen"], fen_after::<P>(fen, uci), "{uci}");
    }
}

#[tokio::test]
async fn variants_and_engines_are_listed() {
    let (status, answer) = get("/api/variants", "localhost").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = answer["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "chess",
            "dynamo",
            "augsburg",
            "einstein",
            "reverse-einstein",
            "anti-einstein"
        ]
    );
    assert_eq!(answer["variants"][2]["start_fen"], Augsburg::START_FEN);
    assert_eq!(answer["engines"], json!([{"id": 0, "name": "Feerie"}]));
}

#[tokio::test]
async fn start_position_is_drawn_a1_first() {
    let answer = position(json!({"variant": "chess", "fen": null, "moves": []})).await;
    assert_eq!(answer["start_fen"], Chess::START_FEN);
    assert_eq!(answer["fen"], Chess::START_FEN);
    assert_eq!(answer["side"], "w");
    let board = answer["board"].as_array().unwrap();
    assert_eq!(board.len(), 64);
    assert_eq!(board[0], "R");
    assert_eq!(board[4], "K");
    assert_eq!(board[60], "k");
    assert_eq!(board[27], Value::Null);
    assert_eq!(answer["check"], Value::Null);
    assert_eq!(answer["outcome"], Value::Null);
    assert_eq!(answer["legal"].as_array().unwrap().len(), 20);
    let nf3 = &candidates(&answer, "g1", Some("f3"))[0];
    assert_eq!(nf3["uci"], "g1f3");
    assert_eq!(nf3["text"], "Nf3");
    assert_eq!(nf3["parts"], json!([{"from": "g1", "to": "f3"}]));
    assert_eq!(nf3["movers"], json!(["g1"]));
}

/// Queen c6 and rook h6 around a black knight on e6: the knight driven to g6 by a push
/// (queen staying, the same effect as the rook's stationary pull), by a push and follow
/// (three squares the queen may stop on) and by the rook's pull off the board.
const DYNAMO_CHOOSER: &str = "3k4/8/2Q1n2R/8/8/8/8/K7 w - - 0 1";

#[tokio::test]
async fn dynamo_chooser_lists_push_follow_and_pull_of_one_piece_to_one_square() {
    let answer = position(json!({"variant": "dynamo", "fen": DYNAMO_CHOOSER, "moves": []})).await;
    let found = candidates(&answer, "e6", Some("g6"));
    check_candidates::<Dynamo>(
        DYNAMO_CHOOSER,
        &found,
        &["e6g6", "c6d6/e6g6", "c6e6/e6g6", "c6f6/e6g6", "e6g6/h6E"],
    );
    // Who makes each: the knight is only ever pushed or pulled; a stationary push of
    // the queen and a stationary pull of the rook have one effect.
    let movers = |uci: &str| found.iter().find(|m| m["uci"] == uci).unwrap()["movers"].clone();
    assert_eq!(movers("e6g6"), json!(["c6", "h6"]));
    assert_eq!(movers("c6f6/e6g6"), json!(["c6"]));
    assert_eq!(movers("e6g6/h6E"), json!(["h6"]));
    let pull = found.iter().find(|m| m["uci"] == "e6g6/h6E").unwrap();
    // Its text is readable (docs/notation.md): the rook leaves, the knight comes along.
    assert_eq!(pull["text"], "Rh6-E (Ne6-g6)");
    assert_eq!(
        pull["parts"],
        json!([{"from": "e6", "to": "g6"}, {"from": "h6", "to": null}])
    );
    // Off the board is a target too (the rook leaving the board and pulling the knight
    // off): those candidates' FENs are the move generator's as well.
    let off = candidates(&answer, "e6", None);
    assert!(!off.is_empty());
    for m in &off {
        let uci = m["uci"].as_str().unwrap();
        assert_eq!(m["fen"], fen_after::<Dynamo>(DYNAMO_CHOOSER, uci), "{uci}");
    }
}

#[tokio::test]
async fn augsburg_unit_moves_whole_or_split_to_one_square() {
    let fen = "4k3/8/8/8/3(RN)4/8/8/4K3 w - - 0 1";
    let answer = position(json!({"variant": "augsburg", "fen": fen})).await;
    assert_eq!(answer["board"][27], "(RN)");
    let found = candidates(&answer, "d4", Some("d6"));
    check_candidates::<Augsburg>(fen, &found, &["d4d6", "d4d6(r)"]);
    let placement = |uci: &str| {
        let m = found.iter().find(|m| m["uci"] == uci).unwrap();
        m["fen"]
            .as_str()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(placement("d4d6"), "4k3/8/3(RN)4/8/8/8/8/4K3");
    assert_eq!(placement("d4d6(r)"), "4k3/8/3R4/8/3N4/8/8/4K3");
}

#[tokio::test]
async fn chess_promotion_has_four_candidates() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let answer = position(json!({"variant": "chess", "fen": fen})).await;
    let found = candidates(&answer, "e7", Some("e8"));
    check_candidates::<Chess>(fen, &found, &["e7e8q", "e7e8r", "e7e8b", "e7e8n"]);
    let texts: BTreeSet<&str> = found.iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, BTreeSet::from(["e8=Q", "e8=R", "e8=B", "e8=N"]));
}

#[tokio::test]
async fn einstein_capture_shows_the_mutated_piece() {
    let fen = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
    let answer = position(json!({"variant": "einstein", "fen": fen})).await;
    let found = candidates(&answer, "e3", Some("d5"));
    check_candidates::<Einstein>(fen, &found, &["e3d5"]);
    let after = found[0]["fen"].as_str().unwrap();
    assert!(after.starts_with("4k3/8/8/3B4/8/8/8/4K3 b"), "{after}");
    let played = position(json!({"variant": "einstein", "fen": fen, "moves": ["e3d5"]})).await;
    assert_eq!(played["board"][35], "B");
    assert_eq!(played["history"][0]["fen"], after);
}

#[tokio::test]
async fn bad_fens_are_refused_in_words() {
    let short = refused(
        "/api/position",
        json!({"variant": "chess", "fen": "8/8/8 w - - 0 1"}),
    )
    .await;
    assert!(short.starts_with("FEN: ") && short.contains(' '), "{short}");
    let wide = refused(
        "/api/position",
        json!({"variant": "chess", "fen": "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}),
    )
    .await;
    assert!(wide.starts_with("FEN: ") && wide.len() > 10, "{wide}");
    let augsburg = refused(
        "/api/position",
        json!({"variant": "augsburg", "fen": "4k3/8/8/8/3(RX)4/8/8/4K3 w - - 0 1"}),
    )
    .await;
    assert!(augsburg.starts_with("FEN: "), "{augsburg}");
}

#[tokio::test]
async fn bodies_that_are_not_the_expected_json_get_json_errors() {
    for (content_type, body, status) in [
        (
            "application/json",
            "{\"variant\": ",
            StatusCode::BAD_REQUEST,
        ),
        (
            "text/plain",
            "{\"variant\": \"chess\"}",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "application/json",
            "{\"fen\": null}",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "application/json",
            "{\"variant\": \"chess\", \"moves\": \"e2e4\"}",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (got, answer) = send(
            Method::POST,
            "/api/position",
            "localhost:8700",
            content_type,
            body.to_string(),
        )
        .await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(!answer["error"].as_str().unwrap().is_empty());
    }
    let (got, answer) = get("/api/position", "localhost").await;
    assert_eq!(got, StatusCode::METHOD_NOT_ALLOWED);
    assert!(answer["error"].is_string());
    let huge = json!({"pgn": "x".repeat(5 << 20)}).to_string();
    let (got, answer) = send(
        Method::POST,
        "/api/pgn/import",
        "localhost",
        "application/json",
        huge,
    )
    .await;
    assert_eq!(got, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(answer["error"].is_string());
}

#[tokio::test]
async fn unknown_variants_and_illegal_moves_are_named() {
    assert_eq!(
        refused("/api/position", json!({"variant": "dynamoo"})).await,
        "unknown variant 'dynamoo'"
    );
    assert_eq!(
        refused(
            "/api/position",
            json!({"variant": "chess", "moves": ["e2e4", "e7e5", "e4e5"]})
        )
        .await,
        "move 3 'e4e5' is not legal"
    );
    assert_eq!(
        refused(
            "/api/pgn/export",
            json!({"variant": "chess", "moves": ["e2e5"]})
        )
        .await,
        "move 1 'e2e5' is not legal"
    );
}

#[tokio::test]
async fn typed_moves_are_read_in_every_notation() {
    for play in ["Nf3", "g1f3", " Nf3 "] {
        let answer =
            position(json!({"variant": "chess", "moves": ["e2e4", "e7e5"], "play": play})).await;
        assert_eq!(
            strings(&answer["moves"]),
            ["e2e4", "e7e5", "g1f3"],
            "{play}"
        );
        assert_eq!(answer["history"][2]["text"], "Nf3");
        assert_eq!(answer["side"], "b");
    }
    for play in ["c6f6/e6g6", "c6f6-E6G6"] {
        let answer =
            position(json!({"variant": "dynamo", "fen": DYNAMO_CHOOSER, "play": play})).await;
        assert_eq!(strings(&answer["moves"]), ["c6f6/e6g6"], "{play}");
        assert_eq!(
            answer["fen"],
            fen_after::<Dynamo>(DYNAMO_CHOOSER, "c6f6/e6g6")
        );
    }
    let fission = position(json!({"variant": "augsburg", "fen": "4k3/8/8/8/3(RN)4/8/8/4K3 w - - 0 1", "play": "d4d6_r"})).await;
    assert_eq!(strings(&fission["moves"]), ["d4d6(r)"]);
    for bad in ["Nf9", "e2e5", ""] {
        assert_eq!(
            refused("/api/position", json!({"variant": "chess", "play": bad})).await,
            format!("'{bad}' is not a legal move")
        );
    }
    assert_eq!(
        refused(
            "/api/position",
            json!({"variant": "dynamo", "play": "c6f6-e6g6"})
        )
        .await,
        "'c6f6-e6g6' is not a legal move"
    );
}

#[tokio::test]
async fn finished_games_have_a_result_and_no_moves() {
    let mate =
        position(json!({"variant": "chess", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]})).await;
    assert_eq!(
        mate["outcome"],
        json!({"result": "0-1", "reason": "checkmate"})
    );
    assert_eq!(mate["check"], "e1");
    assert_eq!(mate["legal"], json!([]));
    assert_eq!(
        refused(
            "/api/position",
            json!({"variant": "chess", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "play": "e2e3"})
        )
        .await,
        "the game is over (checkmate): no move can be played"
    );
    let stalemate =
        position(json!({"variant": "chess", "fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"})).await;
    assert_eq!(
        stalemate["outcome"],
        json!({"result": "1/2-1/2", "reason": "stalemate"})
    );
    assert_eq!(stalemate["check"], Value::Null);
    assert_eq!(stalemate["legal"], json!([]));
    let check =
        position(json!({"variant": "chess", "moves": ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"]}))
            .await;
    assert_eq!(
        check["outcome"],
        json!({"result": "1-0", "reason": "checkmate"})
    );
    let check = position(json!({"variant": "chess", "moves": ["e2e4", "f7f5", "d1h5"]})).await;
    assert_eq!(check["check"], "e8");
    assert_eq!(check["outcome"], Value::Null);
}

#[tokio::test]
async fn a_game_of_thousands_of_moves_is_answered() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().cycle().take(4000).copied().collect();
    let answer = position(json!({"variant": "chess", "moves": moves})).await;
    assert_eq!(answer["history"].as_array().unwrap().len(), 4000);
    assert_eq!(
        answer["fen"].as_str().unwrap().split(' ').next(),
        Chess::START_FEN.split(' ').next()
    );
    // The 50-move rule is counted before the repetitions.
    assert_eq!(answer["outcome"]["reason"], "50-move rule");
    assert_eq!(answer["legal"], json!([]));
}

/// Plays 20 plies of every variant through the API (a spread of legal moves, not only the
/// first), exports the game, imports it and compares.
#[tokio::test]
async fn pgn_export_then_import_gives_the_game_back_in_every_variant() {
    for variant in feerie_variants::Variant::ALL.iter().map(|v| v.name()) {
        for set_up in [false, true] {
            let mut fen = Value::Null;
            if set_up {
                let opening = position(json!({"variant": variant, "moves": []})).await;
                let first = &opening["legal"][3];
                fen = first["fen"].clone();
            }
            let mut moves: Vec<String> = Vec::new();
            for ply in 0..20 {
                let answer =
                    position(json!({"variant": variant, "fen": fen, "moves": moves})).await;
                let legal = answer["legal"].as_array().unwrap();
                if legal.is_empty() {
                    break;
                }
                let mv = &legal[(ply * 7 + 3) % legal.len()];
                moves.push(mv["uci"].as_str().unwrap().to_string());
            }
            assert!(moves.len() >= 10, "{variant}: {moves:?}");
            let (status, exported) = post(
                "/api/pgn/export",
                json!({"variant": variant, "fen": fen, "moves": moves, "white": "Ann", "black": "Bob \"B\"", "result": "*", "termination": null}),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{exported}");
            let pgn = exported["pgn"].as_str().unwrap();
            assert!(pgn.contains(&format!("[Variant \"{variant}\"]")), "{pgn}");
            assert_eq!(pgn.contains("[SetUp \"1\"]"), set_up, "{pgn}");
            let (status, imported) = post("/api/pgn/import", json!({"pgn": pgn})).await;
            assert_eq!(status, StatusCode::OK, "{imported}");
            let games = imported["games"].as_array().unwrap();
            assert_eq!(games.len(), 1);
            let game = &games[0];
            assert_eq!(game["variant"], variant);
            assert_eq!(game["fen"], fen, "{variant}");
            assert_eq!(strings(&game["moves"]), moves, "{variant}\n{pgn}");
            assert_eq!(game["white"], "Ann");
            assert_eq!(game["black"], "Bob \"B\"");
            assert_eq!(game["result"], "*");
        }
    }
}

/// A lichess-style PGN: its tags other than the players and the result come back with the
/// import, and an export with them writes them back in order after the seven of the
/// standard; the result of a game the moves do not finish is written without an invented
/// `Termination`.
#[tokio::test]
async fn pgn_tags_go_round_and_a_result_needs_no_termination() {
    let pgn = "[Event \"Rated blitz\"]\n[Site \"https://lichess.org/abc\"]\n[Date \"2024.03.01\"]\n\
[Round \"-\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[WhiteElo \"2100\"]\n\
[BlackElo \"1987\"]\n[ECO \"C20\"]\n[PlyCount \"9\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 1-0\n";
    let (status, imported) = post("/api/pgn/import", json!({"pgn": pgn})).await;
    assert_eq!(status, StatusCode::OK, "{imported}");
    let game = &imported["games"][0];
    assert_eq!(game["result"], "1-0");
    let tags = json!([
        ["Event", "Rated blitz"],
        ["Site", "https://lichess.org/abc"],
        ["Date", "2024.03.01"],
        ["Round", "-"],
        ["WhiteElo", "2100"],
        ["BlackElo", "1987"],
        ["ECO", "C20"]
    ]);
    assert_eq!(game["tags"], tags);
    let (status, exported) = post(
        "/api/pgn/export",
        json!({"variant": game["variant"], "fen": game["fen"], "moves": game["moves"],
               "white": game["white"], "black": game["black"], "result": game["result"],
               "termination": null, "tags": game["tags"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{exported}");
    let out = exported["pgn"].as_str().unwrap();
    let head: Vec<&str> = out.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        head,
        [
            "[Event \"Rated blitz\"]",
            "[Site \"https://lichess.org/abc\"]",
            "[Date \"2024.03.01\"]",
            "[Round \"-\"]",
            "[White \"Ann\"]",
            "[Black \"Bob\"]",
            "[Result \"1-0\"]",
            "[WhiteElo \"2100\"]",
            "[BlackElo \"1987\"]",
            "[ECO \"C20\"]",
            "[Variant \"chess\"]",
            "[TimeControl \"-\"]",
            "[PlyCount \"5\"]",
        ],
        "{out}"
    );
    assert!(out.contains("3. Bc4 1-0"), "{out}");
    // And round again: the same text (the `TimeControl "-"` written is now carried too).
    let (_, again) = post("/api/pgn/import", json!({"pgn": out})).await;
    let again = &again["games"][0];
    let mut more = tags.as_array().unwrap().clone();
    more.push(json!(["TimeControl", "-"]));
    assert_eq!(again["tags"], json!(more));
    let (_, twice) = post(
        "/api/pgn/export",
        json!({"variant": again["variant"], "moves": again["moves"], "white": again["white"],
               "black": again["black"], "result": again["result"], "tags": again["tags"]}),
    )
    .await;
    assert_eq!(twice["pgn"], out);

    // A Termination of the PGN is kept; one the page knows replaces it.
    let with_end = json!({"variant": "chess", "moves": ["e2e4"], "result": "0-1",
                          "tags": [["Termination", "time forfeit"], ["TimeControl", "300+3"]]});
    let (_, kept) = post("/api/pgn/export", with_end.clone()).await;
    let kept = kept["pgn"].as_str().unwrap();
    assert!(kept.contains("[Termination \"time forfeit\"]"), "{kept}");
    assert!(kept.contains("[TimeControl \"300+3\"]"), "{kept}");
    let mut known = with_end;
    known["termination"] = json!("Black wins on time");
    let (_, known) = post("/api/pgn/export", known).await;
    let known = known["pgn"].as_str().unwrap();
    assert!(
        known.contains("[Termination \"Black wins on time\"]"),
        "{known}"
    );
    assert!(!known.contains("time forfeit"), "{known}");

    // Tags the game itself says are the game's, whatever the request's tags say.
    let (_, own) = post(
        "/api/pgn/export",
        json!({"variant": "chess", "moves": ["e2e4"], "white": "Ann",
               "tags": [["White", "Eve"], ["PlyCount", "99"], ["Variant", "dynamo"]]}),
    )
    .await;
    let own = own["pgn"].as_str().unwrap();
    assert!(
        own.contains("[White \"Ann\"]") && !own.contains("\"Eve\""),
        "{own}"
    );
    assert!(
        own.contains("[PlyCount \"1\"]") && own.contains("[Variant \"chess\"]"),
        "{own}"
    );

    // A tag no PGN reader would take back is refused in words.
    let error = refused(
        "/api/pgn/export",
        json!({"variant": "chess", "tags": [["Event", "a\nb"]]}),
    )
    .await;
    assert_eq!(
        error,
        "tag Event: the value holds a line break or control character"
    );
    let error = refused(
        "/api/pgn/export",
        json!({"variant": "chess", "tags": [["Bad]Tag", "x"]]}),
    )
    .await;
    assert!(error.starts_with("tag 'Bad]Tag'"), "{error}");
}

#[tokio::test]
async fn pgn_errors_name_the_game_and_the_move() {
    let bad_variant =
        "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Variant \"dynamoo\"]\n\n1. e4 *\n";
    let error = refused("/api/pgn/import", json!({"pgn": bad_variant})).await;
    assert!(
        error.starts_with("game 1 (a - b") && error.ends_with("unknown variant 'dynamoo'"),
        "{error}"
    );
    let two = "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n\n[White \"c\"]\n[Black \"d\"]\n\n1. e4 e4 *\n";
    let error = refused("/api/pgn/import", json!({"pgn": two})).await;
    assert!(
        error.starts_with("game 2 (c - d") && error.contains("1... e4"),
        "{error}"
    );
    assert_eq!(
        refused("/api/pgn/import", json!({"pgn": "  "})).await,
        "the text holds no PGN game"
    );
    let error = refused(
        "/api/pgn/export",
        json!({"variant": "chess", "result": "2-0"}),
    )
    .await;
    assert!(error.contains("'2-0'"), "{error}");
    let (status, imported) = post(
        "/api/pgn/import",
        json!({"pgn": two.replace("1. e4 e4", "1. e4 c5")}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(imported["games"][1]["moves"], json!(["e2e4", "c7c5"]));
    assert_eq!(imported["games"][0]["variant"], "chess");
}

#[tokio::test]
async fn other_hosts_are_refused_with_json() {
    let (status, answer) = get("/api/variants", "evil.example").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(answer["error"].as_str().unwrap().contains("local machine"));
    let (status, _) = send(
        Method::POST,
        "/api/position",
        "evil.example:8700",
        "application/json",
        json!({"variant": "chess"}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// A page of another site may open a WebSocket to the local machine (browsers allow
/// it): its `Origin` gives it away. Only the server's own origin passes: `http`, a name
/// of the local machine in any case, the server's port (8700 here).
#[tokio::test]
async fn requests_from_other_sites_pages_are_refused() {
    let from = |host: &'static str, origin: &'static str| {
        let request = Request::builder()
            .uri("/api/variants")
            .header(header::HOST, host)
            .header(header::ORIGIN, origin)
            .body(Body::empty())
            .unwrap();
        async move { app().oneshot(request).await.unwrap().status() }
    };
    let local = "127.0.0.1:8700";
    for other in [
        "http://evil.example",
        "http://127.0.0.1.evil.example",
        "null",
        "https://127.0.0.1:8700",
        "http://127.0.0.1:9999",
        "http://localhost",
        "ws://localhost:8700",
    ] {
        assert_eq!(from(local, other).await, StatusCode::FORBIDDEN, "{other}");
    }
    for own in [
        "http://127.0.0.1:8700",
        "http://localhost:8700",
        "http://LOCALHOST:8700",
        "http://[::1]:8700",
    ] {
        assert_eq!(from(local, own).await, StatusCode::OK, "{own}");
    }
    assert_eq!(
        from("LOCALHOST:8700", "http://LocalHost:8700").await,
        StatusCode::OK
    );
}

/// The page is served to GET and HEAD; other methods get 405, the methods to use and a
/// JSON error.
#[tokio::test]
async fn the_page_answers_get_and_head_only() {
    let to = |method: Method| {
        let request = Request::builder()
            .method(method)
            .uri("/")
            .header(header::HOST, "localhost:8700")
            .body(Body::empty())
            .unwrap();
        app().oneshot(request)
    };
    assert_eq!(to(Method::GET).await.unwrap().status(), StatusCode::OK);
    assert_eq!(to(Method::HEAD).await.unwrap().status(), StatusCode::OK);
    for method in [Method::POST, Method::PUT, Method::DELETE] {
        let response = to(method.clone()).await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method}"
        );
        assert_eq!(response.headers()[header::ALLOW], "GET, HEAD");
    }
    let (status, answer) = send(Method::POST, "/", "localhost", "text/plain", String::new()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(
        answer["error"].as_str().unwrap().contains("method"),
        "{answer}"
    );
}

/// `/ws` answers what is not a WebSocket handshake with JSON errors, as the API does.
#[tokio::test]
async fn websocket_errors_are_json() {
    let (status, answer) = get("/ws", "localhost:8700").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["error"],
        "Connection header did not include 'upgrade'"
    );
    let (status, answer) = send(
        Method::POST,
        "/ws",
        "localhost",
        "text/plain",
        String::new(),
    )
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(
        answer["error"].as_str().unwrap().contains("method"),
        "{answer}"
    );
    let (status, answer) = get("/ws", "evil.example").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(answer["error"].as_str().unwrap().contains("local machine"));
}

/// A busy Dynamo middlegame (from random play: 338 legal moves from its FEN): every legal move's FEN
/// is the move generator's. Prints the time of the request (a figure, not a limit).
#[tokio::test]
async fn busy_dynamo_position_lists_every_move_with_its_position() {
    let fen = "1nb1k1np/1pp1b3/1p2P1p1/p1Q1q3/3P3r/6P1/PP2NK2/B2q1B2 b - - 0 12";
    let started = std::time::Instant::now();
    let answer = position(json!({"variant": "dynamo", "fen": fen})).await;
    let elapsed = started.elapsed();
    let legal = answer["legal"].as_array().unwrap();
    let pos = Dynamo::from_fen(fen).unwrap();
    assert_eq!(legal.len(), pos.count_legal());
    assert_eq!(legal.len(), 338);
    eprintln!(
        "busy dynamo position: {} legal moves in {elapsed:?}",
        legal.len()
    );
    for m in legal {
        let uci = m["uci"].as_str().unwrap();
        assert_eq!(m["fen"], fen_after::<Dynamo>(fen, uci), "{uci}");
        assert!(!m["parts"].as_array().unwrap().is_empty());
    }
}
