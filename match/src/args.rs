//! The `feerie match` command line, shaped like fastchess's:
//! `--engine cmd=./a name=new option.Hash=64 tc=10+0.1 --engine cmd=./b --each ...`.

use crate::clock::Control;
use crate::game::{DrawRule, ResignRule};
use crate::runner::{MatchConfig, OpeningSource};
use crate::stats::Sprt;
use crate::uci_client::EngineSpec;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
usage: feerie match --engine cmd=PATH [name=NAME] [args=\"...\"] [option.NAME=VALUE]... [tc=..|st=..|nodes=..|depth=..]
                    --engine cmd=PATH ...  [--each KEY=VALUE ...]
                    [--variant chess|dynamo|augsburg|einstein|reverse-einstein|anti-einstein]
                    [--rounds N] [--games 1|2] [--repeat] [--concurrency N]
                    [--openings file=FILE [format=epd|pgn] [plies=N] [order=sequential|random] [start=N]]
                    [--sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]]
                    [--draw movenumber=N movecount=N score=CP] [--resign movecount=N score=CP [twosided=true]]
                    [--pgnout FILE] [--timemargin MS] [--watchdog SECONDS] [--maxmoves N] [--seed N] [--event NAME]
time controls: tc=[moves/]seconds[+increment] (e.g. 10+0.1, 40/60), st=seconds per move, nodes=N, depth=N";

/// Per-engine settings before `--each` is merged in.
#[derive(Clone, Debug, Default)]
struct EngineArgs {
    spec: EngineSpec,
    control: Option<Control>,
}

fn key_values<'a>(flag: &str, values: &'a [String]) -> Result<Vec<(&'a str, &'a str)>, String> {
    values
        .iter()
        .map(|v| {
            v.split_once('=')
                .ok_or_else(|| format!("{flag}: expected key=value, found '{v}'"))
        })
        .collect()
}

fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{what}: '{text}' is not a valid number"))
}

/// Applies one engine setting; `Ok(false)` when the key is not an engine key.
fn engine_key(
    e: &mut EngineArgs,
    key: &str,
    value: &str,
    margin: &mut u64,
) -> Result<bool, String> {
    if let Some(control) = Control::parse(key, value) {
        e.control = Some(control?);
        return Ok(true);
    }
    if let Some(option) = key.strip_prefix("option.") {
        e.spec.options.retain(|(n, _)| n != option);
        e.spec.options.push((option.to_string(), value.to_string()));
        return Ok(true);
    }
    match key {
        "cmd" => e.spec.cmd = value.to_string(),
        "name" => e.spec.name = value.to_string(),
        "args" => e.spec.args = value.split_whitespace().map(str::to_string).collect(),
        "timemargin" => *margin = number("timemargin", value)?,
        "proto" if value == "uci" => {}
        "proto" => return Err(format!("proto={value}: only uci engines are supported")),
        _ => return Ok(false),
    }
    Ok(true)
}

/// Splits the arguments into `--flag value...` groups.
fn groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        if let Some(flag) = a.strip_prefix("--") {
            out.push((flag.to_string(), Vec::new()));
        } else if a.starts_with('-') && a.len() > 1 && a.parse::<f64>().is_err() {
            out.push((a[1..].to_string(), Vec::new()));
        } else {
            match out.last_mut() {
                Some((_, values)) => values.push(a.clone()),
                None => return Err(format!("unexpected '{a}' before any option")),
            }
        }
    }
    Ok(out)
}

pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
    let mut engines: Vec<EngineArgs> = Vec::new();
    let mut each = EngineArgs::default();
    let mut cfg = MatchConfig {
        variant: "chess".into(),
        engines: Default::default(),
        controls: [Control::Nodes(1); 2],
        rounds: 1,
        games_per_round: 1,
        concurrency: 1,
        openings: OpeningSource::Generated,
        sprt: None,
        pgn_out: None,
        draw: None,
        resign: None,
        margin_ms: 100,
        watchdog: Duration::from_secs(60),
        seed: 1,
        event: "Feerie match".into(),
        max_plies: 600,
    };
    let one = |flag: &str, values: &[String]| -> Result<String, String> {
        match values {
            [v] => Ok(v.clone()),
            _ => Err(format!("--{flag} takes one value")),
        }
    };
    let mut margin = cfg.margin_ms;
    for (flag, values) in groups(args)? {
        match flag.as_str() {
            "engine" | "each" => {
                let mut e = EngineArgs::default();
                let target = if flag == "each" { &mut each } else { &mut e };
                for (k, v) in key_values(&flag, &values)? {
                    if !engine_key(target, k, v, &mut margin)? {
                        return Err(format!("--{flag}: unknown key '{k}'"));
                    }
                }
                if flag == "engine" {
                    engines.push(e);
                }
            }
            "variant" => cfg.variant = one(&flag, &values)?,
            "rounds" => cfg.rounds = number("--rounds", &one(&flag, &values)?)?,
            "games" => cfg.games_per_round = number("--games", &one(&flag, &values)?)?,
            "repeat" => cfg.games_per_round = 2,
            "concurrency" => cfg.concurrency = number("--concurrency", &one(&flag, &values)?)?,
            "seed" => cfg.seed = number("--seed", &one(&flag, &values)?)?,
            "event" => cfg.event = values.join(" "),
            "timemargin" => margin = number("--timemargin", &one(&flag, &values)?)?,
            "maxmoves" => cfg.max_plies = 2 * number::<usize>("--maxmoves", &one(&flag, &values)?)?,
            "watchdog" => {
                let secs: f64 = number("--watchdog", &one(&flag, &values)?)?;
                if !(0.1..=86_400.0).contains(&secs) {
                    return Err("--watchdog: 0.1 to 86400 seconds".into());
                }
                cfg.watchdog = Duration::from_secs_f64(secs);
            }
            "pgnout" => {
                let v = one(&flag, &values)?;
                let path = v.strip_prefix("file=").unwrap_or(&v);
                cfg.pgn_out = Some(PathBuf::from(path));
            }
            "openings" => {
                let (mut path, mut random, mut start) = (None, false, 0usize);
                let (mut format, mut plies) = (None, None);
                for (k, v) in key_values(&flag, &values)? {
                    match k {
                        "file" => path = Some(PathBuf::from(v)),
                        "format" if ["epd", "fen", "pgn"].contains(&v) => format = Some(v == "pgn"),
                        "order" if v == "random" => random = true,
                        "order" if v == "sequential" => random = false,
                        "start" => start = number::<usize>("start", v)?.saturating_sub(1),
                        "plies" => plies = Some(number::<usize>("plies", v)?),
                        "policy" => {}
                        _ => return Err(format!("--openings: unsupported {k}={v}")),
                    }
                }
                let path: PathBuf = path.ok_or("--openings needs file=FILE")?;
                // Without format=, a .pgn file is PGN and anything else EPD/FEN.
                let pgn = format.unwrap_or_else(|| {
                    path.extension()
                        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
                });
                if plies.is_some() && !pgn {
                    return Err("--openings: plies= applies to PGN files only".into());
                }
                cfg.openings = OpeningSource::File {
                    path,
                    pgn,
                    plies,
                    random,
                    start,
                };
            }
            "sprt" => {
                let mut s = Sprt {
                    elo0: f64::NAN,
                    elo1: f64::NAN,
                    alpha: 0.05,
                    beta: 0.05,
                };
                for (k, v) in key_values(&flag, &values)? {
                    let x: f64 = number(k, v)?;
                    match k {
                        "elo0" => s.elo0 = x,
                        "elo1" => s.elo1 = x,
                        "alpha" => s.alpha = x,
                        "beta" => s.beta = x,
                        "model" => {}
                        _ => return Err(format!("--sprt: unknown key '{k}'")),
                    }
                }
                let probability = |p: f64| p > 0.0 && p < 0.5;
                let valid = s.elo0.is_finite()
                    && s.elo1.is_finite()
                    && s.elo1 > s.elo0
                    && probability(s.alpha)
                    && probability(s.beta);
                if !valid {
                    return Err("--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5".into());
                }
                cfg.sprt = Some(s);
            }
            "draw" => {
                let mut d = DrawRule {
                    move_number: 40,
                    move_count: 8,
                    score_cp: 10,
                };
                for (k, v) in key_values(&flag, &values)? {
                    match k {
                        "movenumber" => d.move_number = number(k, v)?,
                        "movecount" => d.move_count = number(k, v)?,
                        "score" => d.score_cp = number(k, v)?,
                        _ => return Err(format!("--draw: unknown key '{k}'")),
                    }
                }
                cfg.draw = Some(d);
            }
            "resign" => {
                let mut r = ResignRule {
                    move_count: 3,
                    score_cp: 600,
                    two_sided: false,
                };
                for (k, v) in key_values(&flag, &values)? {
                    match k {
                        "movecount" => r.move_count = number(k, v)?,
                        "score" => r.score_cp = number(k, v)?,
                        "twosided" => r.two_sided = v == "true",
                        _ => return Err(format!("--resign: unknown key '{k}'")),
                    }
                }
                cfg.resign = Some(r);
            }
            other => return Err(format!("unknown option --{other}")),
        }
    }
    cfg.margin_ms = margin;
    if engines.len() != 2 {
        return Err(format!(
            "a match needs exactly two --engine, found {}",
            engines.len()
        ));
    }
    for (i, e) in engines.iter_mut().enumerate() {
        if e.spec.cmd.is_empty() {
            e.spec.cmd = each.spec.cmd.clone();
        }
        if e.spec.cmd.is_empty() {
            return Err(format!("engine {} has no cmd=", i + 1));
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
        let control = e.control.or(each.control).ok_or_else(|| {
            format!(
                "engine {} has no time control (tc=, st=, nodes= or depth=)",
                i + 1
            )
        })?;
        cfg.controls[i] = control;
        if e.spec.name.is_empty() {
            e.spec.name = format!("engine{}", i + 1);
        }
    }
    if engines[0].spec.name == engines[1].spec.name {
        engines[1].spec.name.push_str("-2");
    }
    cfg.engines = [engines[0].spec.clone(), engines[1].spec.clone()];
    if cfg.rounds == 0 || !(1..=2).contains(&cfg.games_per_round) {
        return Err("--rounds must be positive and --games 1 or 2".into());
    }
    if !(1..=256).contains(&cfg.concurrency) {
        return Err("--concurrency must be 1 to 256".into());
    }
    Ok(cfg)
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
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --sprt elo0=5 elo1=0",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --bogus",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --openings order=random",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --openings file=a.epd plies=4",
            "--engine cmd=x tc=1 --engine cmd=y tc=1 --openings file=a.pgn plies=x",
            "--engine cmd=x tc=1 --engine bad --each tc=1",
            "stray --engine cmd=x tc=1",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
