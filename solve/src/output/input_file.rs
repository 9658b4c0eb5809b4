//! A problem written in Popeye's input language, so that Popeye (or `feerie solve FILE`)
//! solves the same thing: the page's copy button gives it.
//!
//! Popeye's files make White the attacker; a problem whose FEN has Black attacking
//! (`feerie solve --fen "... b ..." --stip "#2"`) is written with `option halfduplex`,
//! which exchanges the roles (with `halfduplex` asked already, the two cancel out). The
//! castling rights Popeye would grant but the FEN does not have become `option
//! nocastling`, the en passant square `option enpassant`. The exchange moves the first
//! move to the other side, so an en passant square (which belongs to the side that was to
//! move) cannot be kept then and is left out.

use super::condition;
use crate::fen_board::{placement, popeye_letter};
use crate::problem::{Duplex, Problem};
use feerie_variants::Variant;
use std::fmt::Write;

/// `problem` as a Popeye input file, from `beginproblem` to `endproblem`.
pub fn input_file(problem: &Problem) -> String {
    let mut out = String::from("beginproblem\n");
    let meta = &problem.meta;
    for (command, texts) in [
        ("author", &meta.authors),
        ("origin", &meta.origins),
        ("award", &meta.awards),
        ("title", &meta.titles),
        ("remark", &meta.remarks),
    ] {
        for text in texts {
            let _ = writeln!(out, "{command} {}", text.replace('\n', " "));
        }
    }
    let _ = writeln!(out, "stipulation {}", problem.stipulation);
    if let Some(name) = condition(problem.variant) {
        let _ = writeln!(out, "condition {name}");
    }
    let fields: Vec<&str> = problem.fen.split_whitespace().collect();
    let side = fields.get(1).copied().unwrap_or("w");
    let white_attacks = (side == "w") == problem.stipulation.attacker_moves_first();
    let options = options(problem, white_attacks, &fields);
    if !options.is_empty() {
        let _ = writeln!(out, "option {}", options.join(" "));
    }
    let _ = writeln!(out, "pieces {}", pieces(&problem.fen));
    out.push_str("endproblem\n");
    out
}

/// The words after `option`.
fn options(problem: &Problem, white_attacks: bool, fields: &[&str]) -> Vec<String> {
    let o = &problem.options;
    let mut words = Vec::new();
    if o.tries {
        words.push("try".to_string());
        if o.defence > 1 {
            words.push(format!("defence {}", o.defence));
        }
    }
    for (on, word) in [
        (o.set_play, "setplay"),
        (o.variation, "variation"),
        (o.no_threat, "nothreat"),
        (o.move_numbers, "movenumbers"),
    ] {
        if on {
            words.push(word.to_string());
        }
    }
    if let Some(n) = o.max_solutions {
        words.push(format!("maxsolutions {n}"));
    }
    let duplex = match (o.duplex, white_attacks) {
        (Duplex::Duplex, _) => Some("duplex"),
        (Duplex::No, false) | (Duplex::HalfDuplex, true) => Some("halfduplex"),
        (Duplex::No, true) | (Duplex::HalfDuplex, false) => None,
    };
    words.extend(duplex.map(str::to_string));
    let no_castling = no_castling(problem.variant, &problem.fen, fields.get(2).copied());
    if !no_castling.is_empty() {
        words.push(format!("nocastling {no_castling}"));
    }
    // The en passant square stays only when the FEN's side to move stays the first mover.
    let exchanged = duplex.is_some_and(|d| d == "halfduplex");
    if let (Some(&ep), false) = (fields.get(3), exchanged) {
        words.extend(en_passant(ep, fields.get(1) == Some(&"b")).map(|s| format!("enpassant {s}")));
    }
    words
}

/// `white ke1 ra1h1 black ke8 (rbs)a8`: the pieces by colour, then by kind.
fn pieces(fen: &str) -> String {
    let board = placement(fen);
    let mut out = Vec::new();
    for (colour, white) in [("white", true), ("black", false)] {
        let mut words: Vec<(String, String)> = Vec::new();
        let from_the_top = (0..8)
            .rev()
            .flat_map(|rank| (0..8).map(move |file| rank * 8 + file));
        for index in from_the_top {
            let Some(token) = board[index] else { continue };
            if token.starts_with(|c: char| c.is_ascii_uppercase()) != white {
                continue;
            }
            let man = man_word(token);
            let square = square_name(index);
            match words.iter_mut().find(|(m, _)| *m == man) {
                Some((_, squares)) => squares.push_str(&square),
                None => words.push((man, square)),
            }
        }
        if words.is_empty() {
            continue;
        }
        words.sort_by_key(|(man, _)| kind_order(man));
        out.push(colour.to_string());
        out.extend(
            words
                .into_iter()
                .map(|(man, squares)| format!("{man}{squares}")),
        );
    }
    out.join(" ")
}

/// A FEN token as Popeye's piece word: `k`, `s` (knight), or an Augsburg unit `(rbs)`.
fn man_word(token: &str) -> String {
    let letters: String = token
        .chars()
        .map(|c| popeye_letter(c).to_ascii_lowercase())
        .collect();
    if letters.chars().count() == 1 {
        letters
    } else {
        format!("({letters})")
    }
}

/// Popeye's order: king, queen, rook, bishop, knight, pawn, then units.
fn kind_order(man: &str) -> usize {
    ["k", "q", "r", "b", "s", "p"]
        .iter()
        .position(|&m| m == man)
        .unwrap_or(6)
}

fn square_name(index: usize) -> String {
    let file = char::from(b'a' + (index % 8) as u8);
    let rank = char::from(b'1' + (index / 8) as u8);
    format!("{file}{rank}")
}

/// The squares of `option nocastling`: a king (or rook) square for each right Popeye
/// would grant from the placement but `rights` (the FEN's castling field) does not have.
fn no_castling(variant: Variant, fen: &str, rights: Option<&str>) -> String {
    let board = placement(fen);
    let rights = rights.unwrap_or("-");
    let rook_partner = |token: &str| {
        let upper = token.to_ascii_uppercase();
        match variant {
            Variant::Augsburg => upper.contains('R') || upper == "Q",
            _ => upper == "R",
        }
    };
    let mut squares = String::new();
    for (rank, king, letters) in [(0, "K", ['K', 'Q']), (7, "k", ['k', 'q'])] {
        let white = rank == 0;
        if board[rank * 8 + 4] != Some(king) {
            continue;
        }
        let granted: Vec<(usize, char)> = [(7, letters[0]), (0, letters[1])]
            .into_iter()
            .filter(|&(file, _)| {
                board[rank * 8 + file].is_some_and(|t| {
                    t.starts_with(|c: char| c.is_ascii_uppercase()) == white && rook_partner(t)
                })
            })
            .collect();
        let missing: Vec<usize> = granted
            .iter()
            .filter(|(_, letter)| !rights.contains(*letter))
            .map(|&(file, _)| file)
            .collect();
        if missing.is_empty() {
            continue;
        }
        if missing.len() == granted.len() {
            squares.push_str(&square_name(rank * 8 + 4));
        } else {
            missing
                .iter()
                .for_each(|&file| squares.push_str(&square_name(rank * 8 + file)));
        }
    }
    squares
}

/// `option enpassant`'s squares (departure, passed, arrival) for the FEN's en passant
/// field `ep` (the square, or for an Einstein pawn's long step the two squares, passed),
/// the step made by White when `black_to_move`.
fn en_passant(ep: &str, black_to_move: bool) -> Option<String> {
    if ep == "-" || !ep.len().is_multiple_of(2) || ep.is_empty() || !ep.is_ascii() {
        return None;
    }
    let passed: Vec<(u8, u8)> = ep.as_bytes().chunks(2).map(|s| (s[0], s[1])).collect();
    let step: i8 = if black_to_move { 1 } else { -1 };
    let (file, first) = passed[0];
    let (_, last) = passed[passed.len() - 1];
    let departure = first.checked_add_signed(-step)?;
    let arrival = last.checked_add_signed(step)?;
    let name = |rank: u8| format!("{}{}", char::from(file), char::from(rank));
    let mut text = name(departure);
    passed
        .iter()
        .for_each(|&(_, rank)| text.push_str(&name(rank)));
    text.push_str(&name(arrival));
    Some(text)
}
