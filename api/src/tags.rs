//! The tags of an imported game that the page carries with it and sends back on export:
//! every tag but those the game itself says (players, result, variant, start, length).

use std::collections::HashSet;

/// Tags written from the game, never copied: the request's fields and moves say them.
const OWN: [&str; 7] = [
    "White", "Black", "Result", "Variant", "FEN", "SetUp", "PlyCount",
];

/// The tags of a PGN game the page keeps, in the PGN's order; a repeated key keeps its
/// first value, as `ParsedGame::tag` reads it.
pub fn kept(tags: &[(String, String)]) -> Vec<(String, String)> {
    let mut seen = HashSet::new();
    tags.iter()
        .filter(|(key, _)| !OWN.contains(&key.as_str()) && seen.insert(key.as_str()))
        .cloned()
        .collect()
}

/// The tags an export request brings, sorted by where the PGN writer puts them.
#[derive(Debug, Default, PartialEq)]
pub struct Carried {
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub round: Option<String>,
    pub time_control: Option<String>,
    pub termination: Option<String>,
    /// The others, in their order.
    pub extra: Vec<(String, String)>,
}

/// Checks and sorts the tags of an export request; an error names the bad tag.
pub fn carried(tags: &[(String, String)]) -> Result<Carried, String> {
    let mut out = Carried::default();
    for (key, value) in kept(tags) {
        check(&key, &value)?;
        let slot = match key.as_str() {
            "Event" => &mut out.event,
            "Site" => &mut out.site,
            "Date" => &mut out.date,
            "Round" => &mut out.round,
            "TimeControl" => &mut out.time_control,
            "Termination" => &mut out.termination,
            _ => {
                out.extra.push((key, value));
                continue;
            }
        };
        *slot = Some(value);
    }
    Ok(out)
}

/// A tag PGN readers (Feerie's included, which reads a tag per line) take back: a name of
/// letters, digits and `_`, a value on one line.
fn check(key: &str, value: &str) -> Result<(), String> {
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "tag '{key}': a tag name has only letters, digits and '_'"
        ));
    }
    if value.chars().any(char::is_control) {
        return Err(format!(
            "tag {key}: the value holds a line break or control character"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(tags: &[(&str, &str)]) -> Vec<(String, String)> {
        tags.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_game_s_own_tags_are_left_out_and_the_first_of_a_key_wins() {
        let tags = pairs(&[
            ("Event", "Open"),
            ("White", "A"),
            ("WhiteElo", "2100"),
            ("FEN", "x"),
            ("Event", "Later"),
            ("ECO", "B00"),
        ]);
        assert_eq!(
            kept(&tags),
            pairs(&[("Event", "Open"), ("WhiteElo", "2100"), ("ECO", "B00")])
        );
    }

    #[test]
    fn carried_tags_are_sorted_and_checked() {
        let tags = pairs(&[
            ("ECO", "B00"),
            ("Date", "2024.01.02"),
            ("Termination", "normal"),
        ]);
        let c = carried(&tags).unwrap();
        assert_eq!(c.date.as_deref(), Some("2024.01.02"));
        assert_eq!(c.termination.as_deref(), Some("normal"));
        assert_eq!(c.extra, pairs(&[("ECO", "B00")]));
        assert_eq!(
            carried(&pairs(&[("Bad Key", "x")])).unwrap_err(),
            "tag 'Bad Key': a tag name has only letters, digits and '_'"
        );
        assert_eq!(
            carried(&pairs(&[("Annotator", "a\nb")])).unwrap_err(),
            "tag Annotator: the value holds a line break or control character"
        );
    }
}
