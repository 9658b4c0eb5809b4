//! The `feerie match` command line, shaped like fastchess's:
//! `--engine cmd=./a name=new option.Hash=64 tc=10+0.1 --engine cmd=./b --each ...`.
//! clap reads the flags; the `KEY=VALUE` words of a group become the runner's types here.
//! The value parsers every `feerie` subcommand shares live here too.

use crate::clock::{Control, ControlError};
use crate::game::{DrawRule, ResignRule};
use crate::runner::{MatchConfig, OpeningSource};
use crate::stats::Sprt;
use crate::uci_client::EngineSpec;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use feerie_variants::Variant;
use std::ffi::OsStr;
use std::fmt::{self, Display};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// `feerie match`'s flags. Single-dash spellings (`-engine`, as fastchess and cutechess
/// take them) are accepted too: see [`double_dashed`].
#[derive(Clone, Debug, clap::Args)]
#[command(
    after_help = "Time controls: tc=[MOVES/]SECONDS[+INCREMENT] (e.g. 10+0.1, 40/60), \
                        st=SECONDS a move, nodes=N or depth=N."
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub engines: Engines,
    /// Settings for both engines, the keys of --engine; an engine's own settings win
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", value_parser = key_value)]
    pub each: Vec<KeyValue>,
    /// The variant played
    #[arg(long, value_name = "V", value_parser = VariantName, default_value = "chess")]
    pub variant: Variant,
    /// Rounds: one opening each
    #[arg(long, value_name = "N", value_parser = at_least(1usize), default_value_t = 1)]
    pub rounds: usize,
    /// Games a round: 1, or 2 to play each opening with both colours
    #[arg(long, value_name = "N", value_parser = between(1usize, 2), default_value_t = 1)]
    pub games: usize,
    /// The same as --games 2
    #[arg(long)]
    pub repeat: bool,
    /// Games played at once, each with its own engine processes
    #[arg(long, value_name = "N", value_parser = between(1usize, 256), default_value_t = 1)]
    pub concurrency: usize,
    /// Openings from a file: file=FILE [format=epd|pgn] [plies=N] [order=sequential|random]
    /// [start=N]; a .pgn file (or format=pgn) gives the positions its games reach, after
    /// plies=N moves when given. Without it each round gets a balanced random opening
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", value_parser = key_value)]
    pub openings: Option<Vec<KeyValue>>,
    /// Stop at a verdict of the sequential probability ratio test: elo0=E0 elo1=E1
    /// [alpha=0.05] [beta=0.05]
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", value_parser = key_value)]
    pub sprt: Option<Vec<KeyValue>>,
    /// Adjudicate a draw from move movenumber=N (40) on when both engines scored within
    /// score=CP (10) of 0 for their last movecount=N (8) moves
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE", value_parser = key_value)]
    pub draw: Option<Vec<KeyValue>>,
    /// Adjudicate a loss when an engine scored -CP or worse (score=CP, 600) for its last
    /// movecount=N (3) moves; twosided=true: only when its opponent agreed
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE", value_parser = key_value)]
    pub resign: Option<Vec<KeyValue>>,
    /// Append every finished game to this PGN file (also as file=FILE)
    #[arg(long, value_name = "FILE")]
    pub pgnout: Option<String>,
    /// Milliseconds an engine may overstep its clock before it loses on time [default:
    /// 100]; a timemargin= of --engine or --each wins
    #[arg(long, value_name = "MS")]
    pub timemargin: Option<u64>,
    /// Seconds an engine may stay silent in games by nodes or depth before it loses
    #[arg(long, value_name = "SECONDS", value_parser = between(0.1, 86_400.0), default_value_t = 60.0)]
    pub watchdog: f64,
    /// Moves after which a game is a draw
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub maxmoves: usize,
    /// Seed of the random openings and of order=random
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// The PGN's Event tag (several words are joined)
    #[arg(long, num_args = 1.., value_name = "NAME", default_value = "Feerie match")]
    pub event: Vec<String>,
}

/// The `--engine` groups, the words of each. Read by hand: clap's derive would run the
/// groups together.
#[derive(Clone, Debug, Default)]
pub struct Engines(pub Vec<Vec<KeyValue>>);

impl clap::Args for Engines {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            clap::Arg::new("engine")
                .long("engine")
                .required(true)
                .num_args(1..)
                .action(clap::ArgAction::Append)
                .value_name("KEY=VALUE")
                .value_parser(key_value)
                .help(
                    "One engine (give two): cmd=PATH, and optionally name=NAME, \
                     args=\"ARGS\", option.NAME=VALUE (sent with setoption), timemargin=MS, \
                     proto=uci and a time control (tc=, st=, nodes= or depth=)",
                ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for Engines {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let groups = matches.get_occurrences::<KeyValue>("engine");
        Ok(Engines(groups.map_or(Vec::new(), |groups| {
            groups.map(|words| words.cloned().collect()).collect()
        })))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// One `KEY=VALUE` word of a group such as `--engine`.
pub type KeyValue = (String, String);

/// The value parser of a group's words.
fn key_value(word: &str) -> Result<KeyValue, String> {
    word.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| "expected KEY=VALUE".to_string())
}

/// The arguments after `match` with fastchess's and cutechess's single-dash flags
/// (`-engine`, `-each`) written with two dashes. Negative numbers and one-letter flags
/// (`-h`) stay as they are.
pub fn double_dashed(args: &[String]) -> Vec<String> {
    let single = |a: &str| a.len() > 2 && a.starts_with('-') && !a.starts_with("--");
    args.iter()
        .map(|a| match single(a) && a.parse::<f64>().is_err() {
            true => format!("-{a}"),
            false => a.clone(),
        })
        .collect()
}

/// The value parser of `--variant`: a variant's name in any case; an error lists them.
#[derive(Clone, Copy, Debug)]
pub struct VariantName;

impl TypedValueParser for VariantName {
    type Value = Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Variant, clap::Error> {
        let name = value.to_string_lossy().to_ascii_lowercase();
        match Variant::from_name(&name) {
            Some(variant) => Ok(variant),
            // clap's own error for a value not among the names, listing them.
            None => PossibleValuesParser::new(self.possible_values().into_iter().flatten())
                .parse_ref(cmd, arg, value)
                .map(|_| unreachable!("'{name}' is no variant")),
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Variant::ALL.iter().map(|v| PossibleValue::new(v.name())),
        ))
    }
}

/// What the range value parsers take: numbers.
pub trait Number: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static {}
impl<T: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static> Number for T {}

/// The value parser of a number from `min` to `max`, which says the range in words.
pub fn between<T: Number>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone {
    move |text| {
        text.parse()
            .ok()
            .filter(|n| min <= *n && *n <= max)
            .ok_or_else(|| format!("expected a number between {min} and {max}"))
    }
}

/// The value parser of a finite number of at least `min`.
pub fn at_least<T: Number>(min: T) -> impl Fn(&str) -> Result<T, String> + Clone {
    move |text| {
        let finite = text.parse::<f64>().is_ok_and(f64::is_finite);
        text.parse()
            .ok()
            .filter(|n| finite && *n >= min)
            .ok_or_else(|| format!("expected a number from {min} up"))
    }
}

/// Why the `feerie match` flags describe no match: a usage error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchArgsError {
    /// `key=text` where `text` should be a number.
    NotANumber {
        key: String,
        text: String,
    },
    /// A key the flag (`engine`, `each`, `sprt`, `draw`, `resign`) does not know.
    UnknownKey {
        flag: String,
        key: String,
    },
    BadControl(ControlError),
    /// A `proto=` other than `uci`.
    NotUci {
        proto: String,
    },
    /// An `--openings` setting it does not support.
    UnsupportedOpenings {
        key: String,
        value: String,
    },
    OpeningsWithoutFile,
    /// `plies=` in the `--openings` of an EPD/FEN file.
    PliesWithoutPgn,
    /// `--sprt` bounds that are not elo0 < elo1 and 0 < alpha, beta < 0.5.
    BadSprt,
    /// Not two `--engine` flags: how many there are.
    EngineCount(usize),
    /// Engine `engine` (1-based) has no command, even from `--each`.
    NoCommand {
        engine: usize,
    },
    /// Engine `engine` (1-based) has no time control, even from `--each`.
    NoTimeControl {
        engine: usize,
    },
}

impl Display for MatchArgsError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MatchArgsError::NotANumber { key, text } => {
                write!(f, "{key}: '{text}' is not a valid number")
            }
            MatchArgsError::UnknownKey { flag, key } => write!(f, "--{flag}: unknown key '{key}'"),
            MatchArgsError::BadControl(error) => error.fmt(f),
            MatchArgsError::NotUci { proto } => {
                write!(f, "proto={proto}: only uci engines are supported")
            }
            MatchArgsError::UnsupportedOpenings { key, value } => {
                write!(f, "--openings: unsupported {key}={value}")
            }
            MatchArgsError::OpeningsWithoutFile => write!(f, "--openings needs file=FILE"),
            MatchArgsError::PliesWithoutPgn => {
                write!(f, "--openings: plies= applies to PGN files only")
            }
            MatchArgsError::BadSprt => {
                write!(f, "--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5")
            }
            MatchArgsError::EngineCount(found) => {
                write!(f, "a match needs exactly two --engine, found {found}")
            }
            MatchArgsError::NoCommand { engine } => write!(f, "engine {engine} has no cmd="),
            MatchArgsError::NoTimeControl { engine } => write!(
                f,
                "engine {engine} has no time control (tc=, st=, nodes= or depth=)"
            ),
        }
    }
}

impl std::error::Error for MatchArgsError {}

fn number<T: FromStr>(what: &str, text: &str) -> Result<T, MatchArgsError> {
    text.parse().map_err(|_| MatchArgsError::NotANumber {
        key: what.to_string(),
        text: text.to_string(),
    })
}

/// The error of a key that `flag` does not know.
fn unknown(flag: &str, key: &str) -> MatchArgsError {
    MatchArgsError::UnknownKey {
        flag: flag.to_string(),
        key: key.to_string(),
    }
}

/// Per-engine settings before `--each` is merged in.
#[derive(Clone, Debug, Default)]
struct EngineArgs {
    spec: EngineSpec,
    control: Option<Control>,
}

/// The settings of an `--engine` or `--each` group (`flag`); a `timemargin=` goes to
/// `margin`.
fn engine_args(
    flag: &str,
    pairs: &[KeyValue],
    margin: &mut Option<u64>,
) -> Result<EngineArgs, MatchArgsError> {
    let mut e = EngineArgs::default();
    for (key, value) in pairs {
        if let Some(control) = Control::parse(key, value) {
            e.control = Some(control.map_err(MatchArgsError::BadControl)?);
        } else if let Some(option) = key.strip_prefix("option.") {
            e.spec.options.retain(|(n, _)| n != option);
            e.spec.options.push((option.to_string(), value.clone()));
        } else {
            match key.as_str() {
                "cmd" => e.spec.cmd = value.clone(),
                "name" => e.spec.name = value.clone(),
                "args" => e.spec.args = value.split_whitespace().map(str::to_string).collect(),
                "timemargin" => *margin = Some(number("timemargin", value)?),
                "proto" if value == "uci" => {}
                "proto" => {
                    return Err(MatchArgsError::NotUci {
                        proto: value.clone(),
                    });
                }
                _ => return Err(unknown(flag, key)),
            }
        }
    }
    Ok(e)
}

/// `--openings`.
fn openings(pairs: &[KeyValue]) -> Result<OpeningSource, MatchArgsError> {
    let (mut path, mut random, mut start) = (None, false, 0usize);
    let (mut format, mut plies) = (None, None);
    for (k, v) in pairs {
        match (k.as_str(), v.as_str()) {
            ("file", v) => path = Some(PathBuf::from(v)),
            ("format", v) if ["epd", "fen", "pgn"].contains(&v) => format = Some(v == "pgn"),
            ("order", "random") => random = true,
            ("order", "sequential") => random = false,
            ("start", v) => start = number::<usize>("start", v)?.saturating_sub(1),
            ("plies", v) => plies = Some(number::<usize>("plies", v)?),
            ("policy", _) => {}
            _ => {
                return Err(MatchArgsError::UnsupportedOpenings {
                    key: k.clone(),
                    value: v.to_string(),
                });
            }
        }
    }
    let path: PathBuf = path.ok_or(MatchArgsError::OpeningsWithoutFile)?;
    // Without format=, a .pgn file is PGN and anything else EPD/FEN.
    let pgn = format.unwrap_or_else(|| {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
    });
    if plies.is_some() && !pgn {
        return Err(MatchArgsError::PliesWithoutPgn);
    }
    Ok(OpeningSource::File {
        path,
        pgn,
        plies,
        random,
        start,
    })
}

/// `--sprt`.
fn sprt(pairs: &[KeyValue]) -> Result<Sprt, MatchArgsError> {
    let mut s = Sprt {
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in pairs {
        let x: f64 = number(k, v)?;
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            "model" => {}
            _ => return Err(unknown("sprt", k)),
        }
    }
    let probability = |p: f64| p > 0.0 && p < 0.5;
    let valid = s.elo0.is_finite()
        && s.elo1.is_finite()
        && s.elo1 > s.elo0
        && probability(s.alpha)
        && probability(s.beta);
    if !valid {
        return Err(MatchArgsError::BadSprt);
    }
    Ok(s)
}

/// `--draw`.
fn draw(pairs: &[KeyValue]) -> Result<DrawRule, MatchArgsError> {
    let mut d = DrawRule {
        move_number: 40,
        move_count: 8,
        score_cp: 10,
    };
    for (k, v) in pairs {
        match k.as_str() {
            "movenumber" => d.move_number = number(k, v)?,
            "movecount" => d.move_count = number(k, v)?,
            "score" => d.score_cp = number(k, v)?,
            _ => return Err(unknown("draw", k)),
        }
    }
    Ok(d)
}

/// `--resign`.
fn resign(pairs: &[KeyValue]) -> Result<ResignRule, MatchArgsError> {
    let mut r = ResignRule {
        move_count: 3,
        score_cp: 600,
        two_sided: false,
    };
    for (k, v) in pairs {
        match k.as_str() {
            "movecount" => r.move_count = number(k, v)?,
            "score" => r.score_cp = number(k, v)?,
            "twosided" => r.two_sided = v == "true",
            _ => return Err(unknown("resign", k)),
        }
    }
    Ok(r)
}

impl MatchArgs {
    /// The match the flags describe, or the usage error.
    pub fn config(&self) -> Result<MatchConfig, MatchArgsError> {
        let mut margin = None;
        let each = engine_args("each", &self.each, &mut margin)?;
        let mut engines = (self.engines.0.iter())
            .map(|pairs| engine_args("engine", pairs, &mut margin))
            .collect::<Result<Vec<_>, _>>()?;
        if engines.len() != 2 {
            return Err(MatchArgsError::EngineCount(engines.len()));
        }
        let mut controls = [Control::Nodes(1); 2];
        for (i, e) in engines.iter_mut().enumerate() {
            if e.spec.cmd.is_empty() {
                e.spec.cmd = each.spec.cmd.clone();
            }
            if e.spec.cmd.is_empty() {
                return Err(MatchArgsError::NoCommand { engine: i + 1 });
            }
            if e.spec.args.is_empty() {
                e.spec.args = each.spec.args.clone();
            }
            let mut options = each.spec.options.clone();
            for (n, v) in &e.spec.options {
                options.retain(|(m, _)| m != n);
                options.push((n.clone(), v.clone()));
            }
            e.spec.options = options;
            controls[i] = (e.control.or(each.control))
                .ok_or(MatchArgsError::NoTimeControl { engine: i + 1 })?;
            if e.spec.name.is_empty() {
                e.spec.name = format!("engine{}", i + 1);
            }
        }
        if engines[0].spec.name == engines[1].spec.name {
            engines[1].spec.name.push_str("-2");
        }
        let pgn_out =
            (self.pgnout.as_deref()).map(|v| PathBuf::from(v.strip_prefix("file=").unwrap_or(v)));
        Ok(MatchConfig {
            variant: self.variant.name().to_string(),
            engines: [engines[0].spec.clone(), engines[1].spec.clone()],
            controls,
            rounds: self.rounds,
            games_per_round: if self.repeat { 2 } else { self.games },
            concurrency: self.concurrency,
            openings: match &self.openings {
                Some(pairs) => openings(pairs)?,
                None => OpeningSource::Generated,
            },
            sprt: self.sprt.as_deref().map(sprt).transpose()?,
            pgn_out,
            draw: self.draw.as_deref().map(draw).transpose()?,
            resign: self.resign.as_deref().map(resign).transpose()?,
            margin_ms: margin.or(self.timemargin).unwrap_or(100),
            watchdog: Duration::from_secs_f64(self.watchdog),
            seed: self.seed,
            event: self.event.join(" "),
            max_plies: 2 * self.maxmoves,
        })
    }
}

/// The match of the words `args` after `match`, for the tests.
#[cfg(test)]
pub(crate) fn parse(args: &[String]) -> Result<MatchConfig, String> {
    use clap::{Args, FromArgMatches};
    let command = MatchArgs::augment_args(clap::Command::new("match"));
    let words = std::iter::once("match".to_string()).chain(double_dashed(args));
    let matches = command
        .try_get_matches_from(words)
        .map_err(|e| e.to_string())?;
    MatchArgs::from_arg_matches(&matches)
        .map_err(|e| e.to_string())?
        .config()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_a_fastchess_style_command() {
        let cfg = parse(&args(
            "--variant dynamo --engine cmd=./a name=new option.Hash=64 --engine cmd=./b name=old \
             --each tc=10+0.1 option.Threads=1 --rounds 200 --repeat --concurrency 2 \
             --openings file=book.epd order=random --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \
             --pgnout games.pgn",
        ))
        .unwrap();
        assert_eq!(cfg.variant, "dynamo");
        assert_eq!(cfg.engines[0].name, "new");
        assert_eq!(cfg.engines[1].cmd, "./b");
        assert_eq!(
            cfg.engines[0].options,
            [
                ("Threads".to_string(), "1".to_string()),
                ("Hash".to_string(), "64".to_string())
            ]
        );
        assert_eq!(
            cfg.controls[1],
            Control::Clock {
                moves: 0,
                base_ms: 10_000,
                increment_ms: 100
            }
        );
        assert_eq!(
            (cfg.rounds, cfg.games_per_round, cfg.concurrency),
            (200, 2, 2)
        );
        assert!(matches!(
            cfg.openings,
            OpeningSource::File { random: true, .. }
        ));
        assert_eq!(cfg.sprt.unwrap().elo1, 5.0);
        assert_eq!(cfg.pgn_out, Some(PathBuf::from("games.pgn")));
        assert_eq!(
            (cfg.margin_ms, cfg.max_plies, cfg.event.as_str()),
            (100, 600, "Feerie match")
        );
    }

    #[test]
    fn single_dash_flags_and_defaults_as_fastchess() {
        let cfg = parse(&args(
            "-engine cmd=x -engine cmd=y timemargin=50 -each nodes=5 -draw -event Long Night",
        ))
        .unwrap();
        assert_eq!(cfg.controls, [Control::Nodes(5); 2]);
        assert_eq!(cfg.margin_ms, 50);
        assert_eq!(cfg.draw.unwrap().move_number, 40);
        assert_eq!(cfg.event, "Long Night");
        assert_eq!(
            double_dashed(&args("-h -5 --x -yz")),
            args("-h -5 --x --yz")
        );
    }

    #[test]
    fn per_engine_control_overrides_each() {
        let cfg = parse(&args(
            "--engine cmd=x depth=4 --engine cmd=x --each depth=6 --draw movenumber=30 movecount=4 score=5",
        ))
        .unwrap();
        assert_eq!(cfg.controls, [Control::Depth(4), Control::Depth(6)]);
        assert_eq!(cfg.engines[1].name, "engine2");
        assert_eq!(cfg.draw.unwrap().move_count, 4);
    }

    #[test]
    fn pgn_openings_by_extension_or_format() {
        let openings = |extra: &str| {
            parse(&args(&format!(
                "--engine cmd=x --engine cmd=y --each depth=2 --openings {extra}"
            )))
            .unwrap()
            .openings
        };
        assert!(matches!(
            openings("file=g.PGN plies=8"),
            OpeningSource::File {
                pgn: true,
                plies: Some(8),
                ..
            }
        ));
        assert!(matches!(
            openings("file=games.txt format=pgn"),
            OpeningSource::File {
                pgn: true,
                plies: None,
                ..
            }
        ));
        assert!(matches!(
            openings("file=book.epd"),
            OpeningSource::File { pgn: false, .. }
        ));
    }

    #[test]
    fn rejects_bad_commands() {
        for bad in [
            "--engine cmd=x tc=1",
            "--engine cmd=x --engine cmd=y",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --rounds zero",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --rounds 0",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --games 3",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --concurrency 300",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --watchdog 0",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --sprt elo0=5 elo1=0",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --bogus",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --variant shogi",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --openings order=random",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --openings file=a.epd plies=4",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --openings file=a.pgn plies=x",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 proto=xboard",
            "--engine cmd=x tc=1 --engine bad --each tc=1",
            "--engine cmd=x tc=1 --engine cmd=y colour=red --each tc=1",
            "stray --engine cmd=x tc=1",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
