//! The solution as the page walks it: every move with the line that puts its position
//! on a board. A line is `start` (a FEN) and `path` (canonical move strings from it, the
//! move itself last). `start` is the part's position, or, where the play passes (a
//! threat is what the attacker would play if the defender could pass; set play starts
//! with the defender in the diagram; series play passes between the series' moves), the
//! position after the pass, since a board cannot replay a pass.

use crate::output::text::mark;
use crate::solution::{Attack, Defence, MoveText, Solution, Threat};
use crate::stipulation::Play;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use serde::Serialize;
use serde_json::{Map, Value};

/// One move of the solution.
#[derive(Serialize)]
struct Node {
    /// The canonical move string (docs/gui-api.md's `moves` take it).
    uci: String,
    /// As Popeye's layout writes it, without the mark.
    text: String,
    /// `+`, `#`, `=` or empty.
    mark: &'static str,
    /// In a tree: `key`, `try`, `threat`, `defence`, `continuation` or `refutation`.
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<&'static str>,
    /// In a tree, after an attacker's move: the defender has no threat to parry.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    zugzwang: bool,
    start: String,
    path: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    children: Vec<Node>,
}

/// The fields that `solution` adds to its part's JSON object: `moves` (and `set_moves`)
/// for a tree, `lines` (and `set_lines`) for help and series play; `fen` is the part's
/// position. An error when a move cannot be replayed (which would be a solver bug).
pub fn fields(
    variant: Variant,
    fen: &str,
    play: Play,
    solution: &Solution,
) -> Result<Map<String, Value>, String> {
    variant.dispatch(Fields {
        fen,
        play,
        solution,
    })
}

struct Fields<'a> {
    fen: &'a str,
    play: Play,
    solution: &'a Solution,
}

impl VariantVisitor for Fields<'_> {
    type Output = Result<Map<String, Value>, String>;

    fn visit<V: VariantSpec>(self) -> Self::Output {
        let position = V::Rules::from_fen(self.fen).map_err(|e| e.to_string())?;
        let root = Place::root(position);
        let mut map = Map::new();
        let mut put = |name: &str, value: Result<Value, String>| {
            value.map(|v| {
                map.insert(name.to_string(), v);
            })
        };
        match self.solution {
            Solution::Battle {
                set_play,
                keys,
                tries,
            } => {
                let first = keys
                    .iter()
                    .map(|a| (a, "key"))
                    .chain(tries.iter().map(|a| (a, "try")));
                put("moves", to_value(first.map(|(a, r)| attack(&root, a, r))))?;
                if !set_play.is_empty() {
                    let passed = root.passed()?;
                    put(
                        "set_moves",
                        to_value(set_play.iter().map(|d| defence(&passed, d))),
                    )?;
                }
            }
            Solution::Lines {
                set_play,
                solutions,
            } => {
                let lines = solutions.iter().map(|l| line(&root, l, self.play));
                put("lines", to_value(lines))?;
                if !set_play.is_empty() {
                    let passed = root.passed()?;
                    let lines = set_play.iter().map(|l| line(&passed, l, Play::Help));
                    put("set_lines", to_value(lines))?;
                }
            }
        }
        Ok(map)
    }
}

fn to_value<T: Serialize>(items: impl Iterator<Item = Result<T, String>>) -> Result<Value, String> {
    let items = items.collect::<Result<Vec<T>, String>>()?;
    serde_json::to_value(items).map_err(|e| e.to_string())
}

/// A position on the way, and the line that reaches it from the last pass.
#[derive(Clone)]
struct Place<P> {
    pos: P,
    start: String,
    path: Vec<String>,
}

impl<P: Position> Place<P> {
    fn root(pos: P) -> Place<P> {
        Place {
            start: pos.to_fen(),
            path: Vec::new(),
            pos,
        }
    }

    /// The node of `mv` played here, and the place after it.
    fn play(&self, mv: &MoveText, role: Option<&'static str>) -> Result<(Node, Place<P>), String> {
        let played = self
            .pos
            .parse_move(&mv.uci)
            .map_err(|e| format!("the solution's move {} cannot be replayed: {e}", mv.uci))?;
        let mut after = self.clone();
        after.pos.play(played);
        after.path.push(mv.uci.clone());
        let node = Node {
            uci: mv.uci.clone(),
            text: mv.text.clone(),
            mark: mark(mv.mark).trim_start(),
            role,
            zugzwang: false,
            start: self.start.clone(),
            path: after.path.clone(),
            children: Vec::new(),
        };
        Ok((node, after))
    }

    /// The place after the side to move passes: lines start again from it.
    fn passed(&self) -> Result<Place<P>, String> {
        if self.pos.in_check() {
            return Err("the solution passes in check".to_string());
        }
        let mut pos = self.pos.clone();
        pos.play_null();
        Ok(Place::root(pos))
    }
}

fn attack<P: Position>(here: &Place<P>, a: &Attack, role: &'static str) -> Result<Node, String> {
    let (mut node, after) = here.play(&a.mv, Some(role))?;
    match &a.threat {
        Threat::None => {}
        Threat::Zugzwang => node.zugzwang = true,
        Threat::Moves(threats) if !threats.is_empty() => {
            let passed = after.passed()?;
            for threat in threats {
                node.children.push(attack(&passed, threat, "threat")?);
            }
        }
        Threat::Moves(_) => {}
    }
    for d in &a.defences {
        node.children.push(defence(&after, d)?);
    }
    for r in &a.refutations {
        node.children.push(after.play(r, Some("refutation"))?.0);
    }
    Ok(node)
}

fn defence<P: Position>(here: &Place<P>, d: &Defence) -> Result<Node, String> {
    let (mut node, after) = here.play(&d.mv, Some("defence"))?;
    for c in &d.continuations {
        node.children.push(attack(&after, c, "continuation")?);
    }
    Ok(node)
}

/// A help or series line, move by move. Series play passes after every move of the
/// series: in `ser-#n` all but the last, in `ser-h#n` all but the last two (the
/// attacker's goal move answers the series' last move).
fn line<P: Position>(root: &Place<P>, moves: &[MoveText], play: Play) -> Result<Vec<Node>, String> {
    let unpassed = match play {
        Play::Series => 1,
        Play::SeriesHelp => 2,
        _ => moves.len(),
    };
    let mut here = root.clone();
    let mut nodes = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let (node, after) = here.play(mv, None)?;
        nodes.push(node);
        here = if i + unpassed < moves.len() {
            after.passed()?
        } else {
            after
        };
    }
    Ok(nodes)
}
