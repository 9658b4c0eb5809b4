//! The words Popeye prints, in the problem's language: Popeye answers a French or German
//! input in French or German (its message table, output/message.c of Popeye 4.104). The
//! names it shares with the input (conditions, options, `zeroposition`, piece letters)
//! come from the input's keyword tables, which are Popeye's: the moves and the diagram
//! use the language's piece letters (German `D T L S B`, French `R D T F C P`).

use crate::input::language::{Condition, Language};
use feerie_variants::Variant;

/// Everything the text layout writes in words.
#[derive(Debug)]
pub struct Printed {
    /// The closing line's message, with the newline Popeye puts before it.
    pub finished: &'static str,
    pub partial: &'static str,
    pub interrupted: &'static str,
    /// `Time = ` before the solving time.
    pub time: &'static str,
    /// After an attacker's move: ` threat:`, ` zugzwang.`.
    pub threat: &'static str,
    pub zugzwang: &'static str,
    /// The line before a try's refutations.
    pub but: &'static str,
}

static ENGLISH: Printed = Printed {
    finished: "\nsolution finished.",
    partial: "Partial solution",
    interrupted: "solving interrupted.",
    time: "Time = ",
    threat: " threat:",
    zugzwang: " zugzwang.",
    but: "but",
};

static FRENCH: Printed = Printed {
    finished: "\nsolution terminee.",
    partial: "solution partielle",
    interrupted: "solution interrompue.",
    time: "Temps = ",
    threat: " menace:",
    zugzwang: " blocus.",
    but: "mais",
};

static GERMAN: Printed = Printed {
    finished: "\nLoesung beendet.",
    partial: "Partielle Loesung",
    interrupted: "Bearbeitung abgebrochen.",
    time: "Zeit = ",
    threat: " Drohung:",
    zugzwang: " Zugzwang.",
    but: "Aber",
};

/// The words of `language`.
pub fn printed(language: Language) -> &'static Printed {
    match language {
        Language::French => &FRENCH,
        Language::German => &GERMAN,
        Language::English => &ENGLISH,
    }
}

/// The condition line of a variant in `language`: Popeye's names for the Einstein
/// family, ours for Dynamo and Augsburg (which Popeye does not know, the same in every
/// language), none for orthodox chess.
pub fn condition_in(variant: Variant, language: Language) -> Option<&'static str> {
    let condition = match variant {
        Variant::Chess => return None,
        Variant::Dynamo => Condition::Dynamo,
        Variant::Augsburg => Condition::Augsburg,
        Variant::Einstein => Condition::Einstein,
        Variant::ReverseEinstein => Condition::ReverseEinstein,
        Variant::AntiEinstein => Condition::AntiEinstein,
    };
    Some(language.words().condition_name(condition))
}

/// `text` (a move or a diagram's letters, written with Popeye's English piece letters
/// `K Q R B S P`) with the piece letters of `language`; squares, `ep.` and the other
/// marks are lower case or signs and stay as they are.
pub fn translated(text: &str, language: Language) -> String {
    if language == Language::English {
        return text.to_string();
    }
    let english = &Language::English.words().pieces;
    let theirs = &language.words().pieces;
    text.chars()
        .map(
            |c| match english.iter().position(|&l| l.to_ascii_uppercase() == c) {
                Some(i) => theirs[i].to_ascii_uppercase(),
                None => c,
            },
        )
        .collect()
}

/// A `movenumbers` line (`  3  (Qh1-f3    Time = 0.007 s)`, which the solver writes in
/// English) in `language`: `  3  (Dh1-f3    Zeit = 0.007 s)`.
pub fn move_numbers_line(line: &str, language: Language) -> String {
    translated(line, language).replace(ENGLISH.time, printed(language).time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_in_each_language() {
        let mv = "Rd6*d3=Q";
        assert_eq!(translated(mv, Language::English), mv);
        assert_eq!(translated(mv, Language::German), "Td6*d3=D");
        assert_eq!(translated(mv, Language::French), "Td6*d3=D");
        // Each letter is mapped once: the English bishop becomes L, the pawn B.
        assert_eq!(translated("Bc4-b5=P", Language::German), "Lc4-b5=B");
        assert_eq!(translated("Sg1-f3 Ke1", Language::French), "Cg1-f3 Re1");
        assert_eq!(
            translated("c4*d3 ep.=S +", Language::French),
            "c4*d3 ep.=C +"
        );
        assert_eq!(translated("0-0=B", Language::French), "0-0=F");
        // UCI moves of Dynamo and Augsburg have no capital letters.
        assert_eq!(translated("e7e8q", Language::German), "e7e8q");
    }

    #[test]
    fn move_numbers_in_each_language() {
        let line = "  3  (Qh1-f3 +    Time = 0.007 s)";
        assert_eq!(move_numbers_line(line, Language::English), line);
        assert_eq!(
            move_numbers_line(line, Language::German),
            "  3  (Dh1-f3 +    Zeit = 0.007 s)"
        );
        assert_eq!(
            move_numbers_line(line, Language::French),
            "  3  (Dh1-f3 +    Temps = 0.007 s)"
        );
    }

    #[test]
    fn conditions_in_each_language() {
        assert_eq!(
            condition_in(Variant::Einstein, Language::German),
            Some("EinsteinSchach")
        );
        assert_eq!(
            condition_in(Variant::AntiEinstein, Language::French),
            Some("EchecsAntiEinstein")
        );
        assert_eq!(
            condition_in(Variant::Dynamo, Language::French),
            Some("Dynamo")
        );
        assert_eq!(condition_in(Variant::Chess, Language::German), None);
    }
}
