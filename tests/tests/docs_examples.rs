//! Replays the worked examples of `docs/*.md`, so the rules pages cannot drift from the
//! move generator. Each ```` ```feerie-example ```` block names a variant and a FEN, plays
//! its `moves` (which must be the canonical strings the engine prints), compares the
//! position reached with `result`, and checks that `illegal` is refused there; the block
//! format is described in `docs/rules.md`, "Worked examples".

use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const FENCE_OPEN: &str = "```feerie-example";
const FENCE_CLOSE: &str = "```";
/// Fewer replayed examples than this means blocks were lost (or stopped being found).
const MIN_EXAMPLES: usize = 20;
const MIN_PER_VARIANT: usize = 3;

/// One parsed block, and where it stands for error messages.
#[derive(Debug)]
struct Example {
    place: String,
    variant: Variant,
    fen: String,
    moves: Vec<String>,
    result: Option<String>,
    illegal: Option<String>,
    also_written: Option<String>,
}

fn docs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs")
}

/// Every `*.md` file of `docs/`, sorted so failures are reported in a stable order.
fn markdown_files() -> Vec<PathBuf> {
    let dir = docs_dir();
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("reading docs/").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    files
}

/// The bodies of the example blocks of `text`, each with the line its fence opens on.
fn example_blocks(text: &str, file: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, Vec<String>)> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        match open.as_mut() {
            None if line.trim_end() == FENCE_OPEN => open = Some((number, Vec::new())),
            None => {}
            Some((start, body)) if line.trim_end() == FENCE_CLOSE => {
                blocks.push((format!("{file}:{start}"), std::mem::take(body)));
                open = None;
            }
            Some((_, body)) => body.push(line.to_string()),
        }
    }
    match open {
        Some((start, _)) => Err(format!("{file}:{start}: example block never closed")),
        None => Ok(blocks),
    }
}

/// Reads `key: value` lines; an unknown or repeated key, an unknown variant or a missing
/// field is an error, so a mistyped block fails instead of being skipped.
fn parse_example(place: String, body: &[String]) -> Result<Example, String> {
    let mut fields: BTreeMap<&str, String> = BTreeMap::new();
    for line in body {
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("{place}: line without `key: value`: {line:?}"))?;
        let key = key.trim();
        if !matches!(
            key,
            "variant" | "fen" | "moves" | "result" | "illegal" | "also-written"
        ) {
            return Err(format!("{place}: unknown key {key:?}"));
        }
        if fields.insert(key, value.trim().to_string()).is_some() {
            return Err(format!("{place}: key {key:?} given twice"));
        }
    }
    let mut take = |key: &str| fields.remove(key).filter(|v| !v.is_empty());
    let variant_name = take("variant").ok_or_else(|| format!("{place}: no variant"))?;
    let variant = Variant::from_name(&variant_name)
        .ok_or_else(|| format!("{place}: unknown variant {variant_name:?}"))?;
    let fen = take("fen").ok_or_else(|| format!("{place}: no fen"))?;
    let moves: Vec<String> = take("moves")
        .map(|m| m.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let example = Example {
        variant,
        fen,
        moves,
        result: take("result"),
        illegal: take("illegal"),
        also_written: take("also-written"),
        place,
    };
    let place = &example.place;
    if example.moves.is_empty() && example.illegal.is_none() {
        return Err(format!("{place}: neither moves nor illegal"));
    }
    if example.moves.is_empty() != example.result.is_none() {
        return Err(format!("{place}: moves and result go together"));
    }
    if example.also_written.is_some() && example.moves.is_empty() {
        return Err(format!("{place}: also-written needs a first move"));
    }
    Ok(example)
}

/// Plays `example` under the rules `P`; `Err` says what differs from the block.
fn replay<P: Position>(example: &Example) -> Result<(), String> {
    let place = &example.place;
    let mut pos = P::from_fen(&example.fen).map_err(|e| format!("{place}: fen: {e}"))?;
    if let (Some(alias), Some(first)) = (&example.also_written, example.moves.first()) {
        let a = pos
            .parse_move(alias)
            .map_err(|e| format!("{place}: also-written {alias}: {e}"))?;
        let b = pos
            .parse_move(first)
            .map_err(|e| format!("{place}: {first}: {e}"))?;
        if a != b || alias == first {
            return Err(format!(
                "{place}: also-written {alias} is not another spelling of {first}"
            ));
        }
    }
    for text in &example.moves {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("{place}: move {text} refused: {e}"))?;
        if mv.to_string() != *text {
            return Err(format!(
                "{place}: {text} is not canonical; the engine writes {mv}"
            ));
        }
        pos.play(mv);
    }
    if let Some(expected) = &example.result {
        let actual = pos.to_fen();
        if actual != *expected {
            return Err(format!(
                "{place}: result\n  documented {expected}\n  engine     {actual}"
            ));
        }
    }
    if let Some(text) = &example.illegal {
        if let Ok(mv) = pos.parse_move(text) {
            return Err(format!(
                "{place}: {text} is documented as illegal but the engine plays it as {mv}"
            ));
        }
    }
    Ok(())
}

/// Replays `example` with the rules of its variant.
struct Replay<'a>(&'a Example);

impl VariantVisitor for Replay<'_> {
    type Output = Result<(), String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        replay::<V::Rules>(self.0)
    }
}

fn replay_in_variant(example: &Example) -> Result<(), String> {
    example.variant.dispatch(Replay(example))
}

#[test]
fn every_documented_example_replays() {
    let mut failures = Vec::new();
    let mut per_variant: BTreeMap<&str, usize> = BTreeMap::new();
    let mut replayed = 0;
    for path in markdown_files() {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
        let blocks = match example_blocks(&text, &file) {
            Ok(blocks) => blocks,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for (place, body) in blocks {
            let outcome = parse_example(place, &body).and_then(|example| {
                replay_in_variant(&example)?;
                Ok(example.variant)
            });
            match outcome {
                Ok(variant) => {
                    replayed += 1;
                    *per_variant.entry(variant.name()).or_default() += 1;
                }
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        replayed >= MIN_EXAMPLES,
        "only {replayed} examples found in docs/*.md, expected at least {MIN_EXAMPLES}"
    );
    for variant in Variant::ALL {
        let count = per_variant.get(variant.name()).copied().unwrap_or(0);
        assert!(
            count >= MIN_PER_VARIANT,
            "{variant}: {count} examples in docs/*.md, expected at least {MIN_PER_VARIANT}"
        );
    }
}

#[test]
fn malformed_blocks_are_errors() {
    let body = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    let fen = "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let bad: &[(&[&str], &str)] = &[
        (&["variant: shogi", fen, "illegal: e1e3"], "unknown variant"),
        (&["variant: chess", fen, "ilegal: e1e3"], "unknown key"),
        (&["variant: chess", fen, "moves: e1e2"], "moves and result"),
        (&["variant: chess", fen], "neither moves nor illegal"),
        (&["variant: chess", "variant: chess", fen], "given twice"),
        (&["variant: chess", fen, "e1e2"], "without `key: value`"),
    ];
    for (lines, why) in bad {
        let err = parse_example("test".into(), &body(lines)).expect_err(why);
        assert!(err.contains(why), "{err} should say {why}");
    }
    let unclosed = format!("text\n{FENCE_OPEN}\nvariant: chess\n");
    assert!(example_blocks(&unclosed, "x.md").is_err());
}

#[test]
fn a_wrong_result_or_a_legal_illegal_move_fails() {
    let parse = |lines: &[&str]| {
        let body: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        parse_example("test".into(), &body).unwrap()
    };
    let fen = "fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let good = parse(&[
        "variant: chess",
        fen,
        "moves: e1e2",
        "result: 4k3/8/8/8/8/8/4K3/8 b - - 1 1",
    ]);
    assert_eq!(replay_in_variant(&good), Ok(()));
    let wrong = parse(&[
        "variant: chess",
        fen,
        "moves: e1e2",
        "result: 4k3/8/8/8/8/8/4K3/8 b - - 0 1",
    ]);
    assert!(replay_in_variant(&wrong).is_err());
    let legal = parse(&["variant: chess", fen, "illegal: e1e2"]);
    assert!(replay_in_variant(&legal).is_err());
    let dynamo_order = parse(&[
        "variant: dynamo",
        "fen: 7k/8/2Q1N3/8/8/8/8/K7 w - - 0 1",
        "moves: e6g6/c6f6",
        "result: 7k/8/5QN1/8/8/8/8/K7 b - - 1 1",
    ]);
    let err = replay_in_variant(&dynamo_order).unwrap_err();
    assert!(err.contains("not canonical"), "{err}");
}
