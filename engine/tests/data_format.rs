//! The binary data format of `feerie datagen` (docs/data-format.md): datagen writes it,
//! `feerie data convert` turns it into text and back without changing a byte, tune-net
//! trains on it as on the text, a run killed midway resumes, and bad files are refused
//! with the record at fault.

mod common;

use feerie_variants::Variant;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A new, empty directory `name` in the tests' scratch space.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `feerie ARGS` in `dir`.
fn feerie_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(common::binary())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run feerie")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `feerie ARGS` in `dir` and checks it succeeded.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = feerie_in(dir, args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

/// Runs `feerie ARGS` in `dir`, which must fail with status 1 saying `what`.
fn refused(dir: &Path, args: &[&str], what: &str) {
    let out = feerie_in(dir, args);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {said}");
    assert!(
        said.starts_with("feerie: ") && said.contains(what),
        "{args:?}: {said}"
    );
}

/// A one-thread datagen run of `games` games of `variant` into `out`, and `extra` flags.
fn datagen(dir: &Path, variant: &str, games: &str, out: &str, extra: &[&str]) {
    let mut args = vec!["datagen", "--variant", variant, "--games", games];
    args.extend([
        "--nodes",
        "150",
        "--seed",
        "7",
        "--threads",
        "1",
        "--out",
        out,
    ]);
    args.extend(extra);
    ok(dir, &args);
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

/// For every variant, datagen's text converted to binary and back is the same file,
/// and the binary is what datagen writes itself: one 32-byte record a position after a
/// 32-byte header, Augsburg's units and Einstein's positions included.
#[test]
fn text_to_binary_to_text_is_the_identity_in_every_variant() {
    let dir = fresh_dir("data-round-trip");
    for variant in Variant::ALL {
        let name = variant.name();
        let (text, binary) = (format!("{name}.txt"), format!("{name}.bin"));
        datagen(&dir, name, "6", &text, &[]);
        datagen(&dir, name, "6", &binary, &[]);
        let packed = format!("{name}.packed");
        let convert = ["data", "convert", &text, &packed, "--variant", name];
        ok(&dir, &convert);
        assert!(read(&dir, &binary) == read(&dir, &packed), "{name}");
        let back = format!("{name}.back.txt");
        ok(&dir, &["data", "convert", &binary, &back]);
        let lines = String::from_utf8(read(&dir, &text)).unwrap();
        assert!(read(&dir, &back) == lines.as_bytes(), "{name}");
        let positions = lines.lines().count();
        assert!(positions > 20, "{name}: {positions}");
        assert_eq!(read(&dir, &binary).len(), 32 * (1 + positions), "{name}");
        if *variant == Variant::Augsburg {
            assert!(lines.contains('('), "no unit in {lines}");
        }
    }
}

/// Lines the packed record cannot hold (a unit of many kinds, a score beyond 16 bits,
/// a comment) come back exactly all the same, the comment left out and said so.
#[test]
fn what_does_not_fit_a_record_still_comes_back() {
    let dir = fresh_dir("data-long-records");
    let lines = "4k3/8/8/3(BN)4/8/8/(RP)7/4K3 w - - 0 1 | 500 | 1.0\n\
                 r1b1kbnr/(bp)p1ppppp/nr6/2p(RP)4/8/5N2/PPP1PPPP/RNBBKB1R b KQkq - 0 5 | -130 | 1.0\n\
                 4k3/8/8/8/8/8/8/(RRBBNNP)3K3 b - - 3 70 | 40000 | 0.5\n";
    std::fs::write(dir.join("a.txt"), format!("# a comment\n{lines}")).unwrap();
    let said = ok(
        &dir,
        &["data", "convert", "a.txt", "a.bin", "--variant", "augsburg"],
    );
    assert!(said.contains("1 blank or comment lines left out"), "{said}");
    ok(
        &dir,
        &["data", "convert", "a.bin", "b.txt", "--variant", "augsburg"],
    );
    assert_eq!(String::from_utf8(read(&dir, "b.txt")).unwrap(), lines);
    // Binary needs to know the variant of text; a position of another is refused.
    let out = feerie_in(&dir, &["data", "convert", "a.txt", "c.bin"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    refused(
        &dir,
        &["data", "convert", "a.txt", "c.bin", "--variant", "chess"],
        "a.txt:2: bad FEN",
    );
    assert!(!dir.join("c.bin").exists());
}

/// tune-net trains the same network, with the same losses, on the binary file as on the
/// text one of the same games.
#[test]
fn tune_net_trains_on_binary_exactly_as_on_text() {
    let dir = fresh_dir("data-tune-net");
    datagen(&dir, "chess", "30", "d.txt", &[]);
    ok(
        &dir,
        &["data", "convert", "d.txt", "d.bin", "--variant", "chess"],
    );
    let train = |data: &str, out: &str| {
        let said = ok(
            &dir,
            &[
                "tune-net",
                "--data",
                data,
                "--epochs",
                "3",
                "--threads",
                "1",
                "--out",
                out,
            ],
        );
        let losses: Vec<String> = said
            .lines()
            .filter(|l| l.starts_with("epoch") || l.contains("loss"))
            .map(|l| l.split(" (").next().unwrap().to_string())
            .collect();
        assert!(losses.len() >= 3, "{said}");
        losses
    };
    assert_eq!(train("d.txt", "t.fnn"), train("d.bin", "b.fnn"));
    assert!(read(&dir, "t.fnn") == read(&dir, "b.fnn"));
    // `feerie tune` reads it too.
    let said = ok(
        &dir,
        &[
            "tune",
            "--variant",
            "chess",
            "--data",
            "d.bin",
            "--epochs",
            "1",
        ],
    );
    assert!(said.contains("positions of chess read"), "{said}");
}

/// A binary run killed in the middle of a record resumes as the text run does: the
/// record cut short is dropped and the file ends as a whole run's. A reader meeting such
/// a record drops it and says so. A file already there keeps its format; a new one is
/// binary when named `.bin`, text otherwise.
#[test]
fn a_binary_run_killed_midway_resumes_whole() {
    let dir = fresh_dir("data-resume");
    datagen(&dir, "dynamo", "4", "whole.bin", &[]);
    datagen(&dir, "dynamo", "2", "cut.bin", &[]);
    datagen(&dir, "dynamo", "1", "plain.data", &[]);
    assert!(String::from_utf8(read(&dir, "plain.data")).is_ok());
    let mut cut = read(&dir, "cut.bin");
    let whole = read(&dir, "whole.bin");
    cut.extend_from_slice(&whole[cut.len()..cut.len() + 45]);
    std::fs::write(dir.join("cut.bin"), &cut).unwrap();
    let said = ok(&dir, &["data", "convert", "cut.bin", "cut.txt"]);
    let record = (cut.len() / 32 + 1).to_string();
    assert!(
        said.contains(&format!("record {record} was cut short (13 of its bytes")),
        "{said}"
    );
    datagen(&dir, "dynamo", "4", "cut.bin", &[]);
    assert!(read(&dir, "cut.bin") == whole);
    // A file keeps the format it has, whatever its name; another format is another run.
    datagen(&dir, "dynamo", "2", "text.bin", &["--format", "text"]);
    datagen(&dir, "dynamo", "3", "text.bin", &[]);
    assert!(String::from_utf8(read(&dir, "text.bin")).is_ok());
    datagen(&dir, "dynamo", "2", "binary.txt", &["--format", "binary"]);
    datagen(&dir, "dynamo", "3", "binary.txt", &[]);
    assert!(read(&dir, "binary.txt").starts_with(b"\xFFfeerie\n"));
    let mut args = vec!["datagen", "--variant", "dynamo", "--games", "5"];
    args.extend(["--nodes", "150", "--seed", "7", "--threads", "1"]);
    args.extend(["--out", "text.bin", "--format", "binary"]);
    let out = feerie_in(&dir, &args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("another run"), "{}", stderr(&out));
}

/// Truncated, garbage, wrong-variant and corrupt files are refused with what is wrong
/// and, inside a binary file, the record, never read as something else.
#[test]
fn bad_binary_files_are_refused_with_the_record_at_fault() {
    let dir = fresh_dir("data-bad");
    datagen(&dir, "chess", "2", "d.bin", &[]);
    let good = read(&dir, "d.bin");
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    write("header.bin", &good[..20]);
    write("garbage.bin", &[0xC3, 0x28, 0x00, 0xFF, 0x17, 0x80]);
    let mut kind = good[..96].to_vec();
    kind[64] = 0x93;
    write("kind.bin", &kind);
    let mut bits = good[..96].to_vec();
    bits[64] |= 3;
    write("bits.bin", &bits);
    // A record that unpacks, but to a chess position with a pawn on its first rank.
    let mut pawn = good[..64].to_vec();
    pawn[32..].fill(0);
    pawn[32 + 2] = 1;
    pawn[32 + 7..32 + 15].copy_from_slice(&(1u64 | 1 << 4 | 1 << 60).to_le_bytes());
    pawn[32 + 15] = 5 << 4; // a1 a white pawn, e1 the white king...
    pawn[32 + 16] = 13; // ...e8 the black king.
    write("pawn.bin", &pawn);
    let cases = [
        (
            "header.bin",
            "record 1 (byte 0): cut short in its header (20 of 32 bytes)",
        ),
        ("garbage.bin", "garbage.bin: not a data file"),
        (
            "kind.bin",
            "kind.bin: record 3 (byte 64): unknown record kind 0x93",
        ),
        ("bits.bin", "bits.bin: record 3 (byte 64): result bits 3"),
        (
            "pawn.bin",
            "pawn.bin: record 2 (byte 32): bad FEN '4k3/8/8/8/8/8/8/P3K3 w - - 0 1'",
        ),
    ];
    for (file, what) in cases {
        let net = ["tune-net", "--data", file, "--out", "n.fnn"];
        refused(&dir, &net, what);
        refused(&dir, &["data", "convert", file, "x.txt"], what);
        let tune = ["tune", "--variant", "chess", "--data", file];
        refused(&dir, &tune, what);
    }
    refused(
        &dir,
        &[
            "tune-net",
            "--variant",
            "dynamo",
            "--data",
            "d.bin",
            "--out",
            "n.fnn",
        ],
        "d.bin: record 1 (byte 0): holds chess data, not dynamo",
    );
    assert!(!dir.join("n.fnn").exists() && !dir.join("x.txt").exists());
}
