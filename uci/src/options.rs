//! The UCI options: their declarations for `uci`, and parsing `setoption`. A bad value is
//! refused with a message and the option keeps its previous value.

use crate::out::shorten;
use crate::strength;
use feerie_search::Settings;
use feerie_search::skill::{FULL_LEVEL, Skill};
use feerie_variants::Variant;
use std::num::{IntErrorKind, ParseIntError};

/// Range and default of a numeric (`spin`) option.
#[derive(Clone, Copy, Debug)]
struct Spin {
    name: &'static str,
    default: i64,
    min: i64,
    max: i64,
}

const HASH: Spin = Spin {
    name: "Hash",
    default: 16,
    min: 1,
    max: 32768,
};
const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: 64,
};
const MULTI_PV: Spin = Spin {
    name: "MultiPV",
    default: 1,
    min: 1,
    max: 64,
};
const MOVE_OVERHEAD: Spin = Spin {
    name: "Move Overhead",
    default: 10,
    min: 0,
    max: 5000,
};
const SKILL_LEVEL: Spin = Spin {
    name: "Skill Level",
    default: FULL_LEVEL as i64,
    min: 0,
    max: FULL_LEVEL as i64,
};
/// Stockfish's default too: the weakest, used only with `UCI_LimitStrength`.
const UCI_ELO: Spin = Spin {
    name: "UCI_Elo",
    default: strength::MIN_ELO,
    min: strength::MIN_ELO,
    max: strength::MAX_ELO,
};

/// The current value of every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    pub variant: Variant,
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    /// `UCI_ShowWDL`: win/draw/loss chances on every score line.
    pub show_wdl: bool,
    /// `Skill Level` 0-20 (20: full strength).
    pub skill_level: u32,
    /// `UCI_LimitStrength`: play at `UCI_Elo`, whatever `Skill Level` says.
    pub limit_strength: bool,
    pub elo: i64,
    /// `EvalFile`: the file last given, `None` for the built-in network.
    pub eval_file: Option<String>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: Variant::Chess,
            hash_mb: HASH.default as usize,
            threads: THREADS.default as usize,
            multipv: MULTI_PV.default as usize,
            move_overhead_ms: MOVE_OVERHEAD.default as u64,
            ponder: false,
            show_wdl: false,
            skill_level: SKILL_LEVEL.default as u32,
            limit_strength: false,
            elo: UCI_ELO.default,
            eval_file: None,
        }
    }
}

impl EngineOptions {
    /// The part of the options the searcher reads.
    pub fn settings(&self) -> Settings {
        Settings {
            threads: self.threads,
            multipv: self.multipv,
            move_overhead_ms: self.move_overhead_ms,
            skill: Skill::new(self.level()),
        }
    }

    /// The playing level, as Stockfish sets it: `UCI_Elo` when `UCI_LimitStrength` is
    /// on, else `Skill Level`.
    pub fn level(&self) -> f64 {
        if self.limit_strength {
            strength::level_for_elo(self.elo)
        } else {
            f64::from(self.skill_level)
        }
    }

    /// Records a change in the option values (the caller applies its effects).
    pub fn apply(&mut self, change: &OptionChange) {
        match *change {
            OptionChange::EvalFile(ref file) => self.eval_file = file.clone(),
            OptionChange::Variant(v) => self.variant = v,
            OptionChange::Hash(mb) => self.hash_mb = mb,
            OptionChange::Threads(n) => self.threads = n,
            OptionChange::MultiPv(n) => self.multipv = n,
            OptionChange::MoveOverhead(ms) => self.move_overhead_ms = ms,
            OptionChange::Ponder(on) => self.ponder = on,
            OptionChange::ShowWdl(on) => self.show_wdl = on,
            OptionChange::SkillLevel(n) => self.skill_level = n,
            OptionChange::LimitStrength(on) => self.limit_strength = on,
            OptionChange::Elo(elo) => self.elo = elo,
            OptionChange::ClearHash | OptionChange::AnalyseMode(_) => {}
        }
    }
}

/// One accepted `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    Variant(Variant),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    MoveOverhead(u64),
    Ponder(bool),
    ShowWdl(bool),
    SkillLevel(u32),
    LimitStrength(bool),
    Elo(i64),
    /// `UCI_AnalyseMode`: accepted; the search is the same when analysing.
    AnalyseMode(bool),
    ClearHash,
    /// `EvalFile`: the file of the network the variant in play takes, `None` for the built-in
    /// one (the file is read when the change is applied).
    EvalFile(Option<String>),
}

/// `EvalFile`'s default, and the values that mean the built-in network.
pub const BUILT_IN_NETWORK: &str = "<built-in>";
const BUILT_IN_NAMES: [&str; 3] = [BUILT_IN_NETWORK, "<empty>", ""];

/// The `option name ...` lines answering `uci`.
pub fn declarations() -> Vec<String> {
    let vars: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
    let spin = |s: Spin| {
        format!(
            "option name {} type spin default {} min {} max {}",
            s.name, s.default, s.min, s.max
        )
    };
    vec![
        format!(
            "option name UCI_Variant type combo default {}{vars}",
            Variant::Chess
        ),
        spin(HASH),
        spin(THREADS),
        spin(MULTI_PV),
        "option name Clear Hash type button".to_string(),
        spin(MOVE_OVERHEAD),
        "option name Ponder type check default false".to_string(),
        "option name UCI_ShowWDL type check default false".to_string(),
        "option name UCI_AnalyseMode type check default false".to_string(),
        spin(SKILL_LEVEL),
        "option name UCI_LimitStrength type check default false".to_string(),
        spin(UCI_ELO),
        format!("option name EvalFile type string default {BUILT_IN_NETWORK}"),
    ]
}

/// The change a `check` option's value makes.
type CheckChange = fn(bool) -> OptionChange;

/// Parses the text after `setoption`: `name <name...> [value <value...>]`. Option names
/// are matched without regard to case, as in Stockfish. Name and value are read with
/// their words joined by single spaces; nothing is copied twice, so a line of megabytes
/// costs about its own size.
pub fn parse_setoption(text: &str) -> Result<OptionChange, String> {
    let Some(after_name) = text
        .strip_prefix("name")
        .filter(|t| t.is_empty() || t.starts_with(char::is_whitespace))
    else {
        return Err("setoption: expected 'name <option> [value <value>]'".into());
    };
    let (name, value) = split_at_value(after_name);
    let name = single_spaced(name);
    let value = value.map(single_spaced);
    if name.is_empty() {
        return Err("setoption: missing option name".into());
    }
    let is = |s: &str| name.eq_ignore_ascii_case(s);
    if is("UCI_Variant") {
        let value = value.ok_or("option UCI_Variant needs a value")?;
        let wanted = value.to_ascii_lowercase();
        return Variant::from_name(&wanted)
            .map(OptionChange::Variant)
            .ok_or_else(|| {
                let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
                format!(
                    "option UCI_Variant: unknown variant '{}' (known: {})",
                    shorten(&value),
                    known.join(", ")
                )
            });
    }
    if is("Clear Hash") {
        return Ok(OptionChange::ClearHash);
    }
    if is("EvalFile") {
        let file = value.unwrap_or_default();
        let built_in = BUILT_IN_NAMES.iter().any(|n| file.eq_ignore_ascii_case(n));
        return Ok(OptionChange::EvalFile((!built_in).then_some(file)));
    }
    let checks: [(&str, CheckChange); 4] = [
        ("Ponder", OptionChange::Ponder),
        ("UCI_ShowWDL", OptionChange::ShowWdl),
        ("UCI_AnalyseMode", OptionChange::AnalyseMode),
        ("UCI_LimitStrength", OptionChange::LimitStrength),
    ];
    for (check, change) in checks {
        if is(check) {
            return match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Ok(change(true)),
                Some("false") => Ok(change(false)),
                _ => Err(format!("option {check}: value must be true or false")),
            };
        }
    }
    for spin in [HASH, THREADS, MULTI_PV, MOVE_OVERHEAD, SKILL_LEVEL, UCI_ELO] {
        if is(spin.name) {
            let n = parse_spin(spin, value.as_deref())?;
            return Ok(match spin.name {
                "Hash" => OptionChange::Hash(n as usize),
                "Threads" => OptionChange::Threads(n as usize),
                "MultiPV" => OptionChange::MultiPv(n as usize),
                "Skill Level" => OptionChange::SkillLevel(n as u32),
                "UCI_Elo" => OptionChange::Elo(n),
                _ => OptionChange::MoveOverhead(n as u64),
            });
        }
    }
    Err(format!("unknown option '{}'", shorten(&name)))
}

/// `text` split at its first word `value`: the text before that word, and the text after
/// it (`None` when no word is `value`).
pub fn split_at_value(text: &str) -> (&str, Option<&str>) {
    match text.split_whitespace().find(|&w| w == "value") {
        Some(word) => {
            // `word` is a slice of `text`: its offset there is the distance between them.
            let at = word.as_ptr() as usize - text.as_ptr() as usize;
            (&text[..at], Some(&text[at + word.len()..]))
        }
        None => (text, None),
    }
}

/// The words of `text` joined by single spaces.
fn single_spaced(text: &str) -> String {
    let mut joined = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(word);
    }
    joined
}

/// A spin value inside its range, or why not.
fn parse_spin(spin: Spin, value: Option<&str>) -> Result<i64, String> {
    let text = value.ok_or_else(|| format!("option {} needs a value", spin.name))?;
    let out_of_range = || {
        format!(
            "option {}: {} is out of range (between {} and {})",
            spin.name,
            shorten(text),
            spin.min,
            spin.max
        )
    };
    let n: i64 = text.parse().map_err(|e: ParseIntError| match e.kind() {
        IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => out_of_range(),
        _ => format!(
            "option {}: '{}' is not a whole number",
            spin.name,
            shorten(text)
        ),
    })?;
    if n < spin.min || n > spin.max {
        return Err(out_of_range());
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<OptionChange, String> {
        parse_setoption(line)
    }

    #[test]
    fn declarations_list_every_option_and_every_variant() {
        let lines = declarations();
        let variants: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
        assert_eq!(
            lines[0],
            format!("option name UCI_Variant type combo default chess{variants}")
        );
        for name in [
            "Hash",
            "Threads",
            "MultiPV",
            "Clear Hash",
            "Move Overhead",
            "Ponder",
            "UCI_ShowWDL",
            "UCI_AnalyseMode",
            "Skill Level",
            "UCI_LimitStrength",
            "UCI_Elo",
        ] {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&format!("option name {name} type"))),
                "{name} missing"
            );
        }
    }

    #[test]
    fn good_values_are_accepted() {
        assert_eq!(parse("name Hash value 64"), Ok(OptionChange::Hash(64)));
        assert_eq!(parse("name threads value 4"), Ok(OptionChange::Threads(4)));
        assert_eq!(parse("name MultiPV value 3"), Ok(OptionChange::MultiPv(3)));
        assert_eq!(
            parse("name Move Overhead value 0"),
            Ok(OptionChange::MoveOverhead(0))
        );
        assert_eq!(parse("name Clear Hash"), Ok(OptionChange::ClearHash));
        assert_eq!(
            parse("name Ponder value true"),
            Ok(OptionChange::Ponder(true))
        );
        assert_eq!(
            parse("name uci_showwdl value true"),
            Ok(OptionChange::ShowWdl(true))
        );
        assert_eq!(
            parse("name UCI_AnalyseMode value false"),
            Ok(OptionChange::AnalyseMode(false))
        );
        assert!(parse("name UCI_ShowWDL value yes").is_err());
        assert_eq!(
            parse("name UCI_Variant value Chess"),
            Ok(OptionChange::Variant(Variant::Chess))
        );
    }

    #[test]
    fn bad_names_and_values_are_refused() {
        for line in [
            "",
            "Hash value 3",
            "name",
            "name Hash",
            "name Hash value",
            "name Hash value 0",
            "name Hash value 100000",
            "name Hash value big",
            "name Threads value -1",
            "name Move Overhead value 5001",
            "name Ponder value maybe",
            "name UCI_Variant value shogi",
            "name UCI_Variant",
            "name Contempt value 20",
            "name Skill Level value 21",
            "name Skill Level value -1",
            "name Skill Level value 3.5",
            "name UCI_Elo value 100",
            "name UCI_Elo value 99999",
            "name UCI_LimitStrength value 1",
        ] {
            assert!(parse(line).is_err(), "accepted: setoption {line}");
        }
    }

    #[test]
    fn eval_file_takes_a_path_or_names_the_built_in_network() {
        assert_eq!(
            parse("name EvalFile value nets/my net.fnn"),
            Ok(OptionChange::EvalFile(Some("nets/my net.fnn".into())))
        );
        for built_in in ["value <built-in>", "value <empty>", "value", ""] {
            let line = format!("name evalfile {built_in}");
            assert_eq!(parse(&line), Ok(OptionChange::EvalFile(None)), "{line}");
        }
        let mut o = EngineOptions::default();
        o.apply(&OptionChange::EvalFile(Some("a.fnn".into())));
        assert_eq!(o.eval_file.as_deref(), Some("a.fnn"));
    }

    #[test]
    fn settings_follow_the_options() {
        let mut o = EngineOptions::default();
        o.apply(&OptionChange::Threads(3));
        o.apply(&OptionChange::MultiPv(2));
        o.apply(&OptionChange::MoveOverhead(50));
        let s = o.settings();
        assert_eq!((s.threads, s.multipv, s.move_overhead_ms), (3, 2, 50));
        assert_eq!(s.skill, None);
    }

    #[test]
    fn skill_options_parse_with_their_ranges() {
        assert_eq!(
            parse("name Skill Level value 0"),
            Ok(OptionChange::SkillLevel(0))
        );
        assert_eq!(
            parse("name skill level value 20"),
            Ok(OptionChange::SkillLevel(20))
        );
        assert_eq!(
            parse("name UCI_LimitStrength value true"),
            Ok(OptionChange::LimitStrength(true))
        );
        let max = format!("name UCI_Elo value {}", strength::MAX_ELO);
        assert_eq!(parse(&max), Ok(OptionChange::Elo(strength::MAX_ELO)));
        let err = parse("name Skill Level value 21").unwrap_err();
        assert!(err.contains("between 0 and 20"), "{err}");
    }

    #[test]
    fn skill_level_weakens_and_elo_overrides_it_only_when_limited() {
        let mut o = EngineOptions::default();
        o.apply(&OptionChange::SkillLevel(3));
        assert_eq!(o.settings().skill.map(|s| s.level()), Some(3.0));
        // UCI_Elo alone changes nothing; with UCI_LimitStrength it wins.
        o.apply(&OptionChange::Elo(strength::MAX_ELO));
        assert_eq!(o.settings().skill.map(|s| s.level()), Some(3.0));
        o.apply(&OptionChange::LimitStrength(true));
        assert_eq!(o.settings().skill, None);
        o.apply(&OptionChange::Elo(strength::MIN_ELO));
        assert_eq!(o.settings().skill.map(|s| s.level()), Some(0.0));
        o.apply(&OptionChange::LimitStrength(false));
        o.apply(&OptionChange::SkillLevel(20));
        assert_eq!(o.settings().skill, None);
    }
}
