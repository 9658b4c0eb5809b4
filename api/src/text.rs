//! The questions with JSON text in and out, errors included: what the WebAssembly
//! module gives the page. A request that is not JSON of the expected shape gets the
//! words `feerie gui` answers it with (those of axum's `Json`), so both backends say
//! the same.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::error::Category;

/// `{"error": message}`, as every refusal is written.
pub fn error(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}

/// `request` read as a `T`, or the error axum's `Json` extractor would give: a syntax
/// error, or a value of the wrong shape named by its path.
pub fn parse<T: DeserializeOwned>(request: &str) -> Result<T, String> {
    let mut deserializer = serde_json::Deserializer::from_slice(request.as_bytes());
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let prefix = match e.inner().classify() {
            Category::Data => "Failed to deserialize the JSON body into the target type",
            Category::Syntax | Category::Eof | Category::Io => {
                "Failed to parse the request body as JSON"
            }
        };
        format!("{prefix}: {e}")
    })?;
    deserializer
        .end()
        .map_err(|e| format!("Failed to parse the request body as JSON: {e}"))?;
    Ok(value)
}

/// The JSON text of `value`.
pub fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| error(&e.to_string()))
}

/// The answer to `request` by `question`, or the error in words.
fn answer<T: DeserializeOwned, A: Serialize>(
    request: &str,
    question: impl FnOnce(T) -> Result<A, String>,
) -> String {
    match parse(request).and_then(question) {
        Ok(answer) => json(&answer),
        Err(message) => error(&message),
    }
}

/// `GET /api/variants` with `engines` (their names) to choose from.
pub fn variants<'a>(engines: impl IntoIterator<Item = &'a str>) -> String {
    json(&crate::variants(engines))
}

/// `POST /api/position`.
pub fn position(request: &str) -> String {
    answer(request, crate::position)
}

/// `POST /api/pgn/export`.
pub fn pgn_export(request: &str) -> String {
    answer(request, |request| crate::pgn::export(&request))
}

/// `POST /api/pgn/import`.
pub fn pgn_import(request: &str) -> String {
    answer(request, |request| crate::pgn::import(&request))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn value(text: &str) -> Value {
        serde_json::from_str(text).expect("JSON text")
    }

    #[test]
    fn a_position_lists_its_moves_and_a_bad_one_is_refused_in_words() {
        let start = value(&position(r#"{"variant": "chess", "moves": ["e2e4"]}"#));
        assert_eq!(start["side"], "b");
        assert_eq!(start["history"][0]["text"], "e4");
        assert_eq!(start["legal"].as_array().unwrap().len(), 20);
        assert_eq!(
            position(r#"{"variant": "chess", "moves": ["e2e5"]}"#),
            r#"{"error":"move 1 'e2e5' is not legal"}"#
        );
    }

    #[test]
    fn moves_are_readable_with_their_uci_and_a_readable_move_can_be_typed() {
        let request = json!({"variant": "dynamo", "moves": ["e2e4"], "play": "Ng8-e7 (e7-c6)"});
        let answer = value(&position(&request.to_string()));
        assert_eq!(answer["moves"], json!(["e2e4", "e7c6/g8e7"]));
        assert_eq!(answer["history"][0]["text"], "e2-e4");
        assert_eq!(answer["history"][1]["uci"], "e7c6/g8e7");
        assert_eq!(answer["history"][1]["text"], "Ng8-e7 (e7-c6)");
        let legal = answer["legal"].as_array().unwrap();
        let knight = legal.iter().find(|m| m["uci"] == "g1f3").unwrap();
        assert_eq!(knight["text"], "Ng1-f3");
        let request = json!({"variant": "einstein", "play": "Ng1-f3=P"});
        let answer = value(&position(&request.to_string()));
        assert_eq!(answer["moves"], json!(["g1f3"]));
        let request = json!({"variant": "einstein", "play": "Ng1-f3=B"});
        assert_eq!(
            value(&position(&request.to_string()))["error"],
            "'Ng1-f3=B' is not a legal move"
        );
    }

    #[test]
    fn requests_that_are_not_the_expected_json_get_axums_words() {
        assert_eq!(
            value(&position("{"))["error"],
            "Failed to parse the request body as JSON: EOF while parsing an object at line 1 column 1"
        );
        assert_eq!(
            value(&pgn_import(r#"{"pgn": 3}"#))["error"],
            "Failed to deserialize the JSON body into the target type: pgn: invalid type: integer `3`, expected a string at line 1 column 9"
        );
        assert_eq!(
            value(&pgn_import(r#"{"pgn": ""} x"#))["error"],
            "Failed to parse the request body as JSON: trailing characters at line 1 column 13"
        );
    }

    #[test]
    fn pgn_goes_out_and_comes_back() {
        let game = json!({"variant": "dynamo", "moves": ["e2e4"], "white": "A", "black": "B"});
        let exported = value(&pgn_export(&game.to_string()));
        let pgn = exported["pgn"].as_str().unwrap();
        assert!(pgn.contains("[Variant \"dynamo\"]"), "{pgn}");
        let imported = value(&pgn_import(&json!({ "pgn": pgn }).to_string()));
        assert_eq!(imported["games"][0]["moves"], json!(["e2e4"]));
        assert_eq!(imported["games"][0]["white"], "A");
    }

    #[test]
    fn variants_name_the_engines_by_id() {
        let answer = value(&variants(["Feerie"]));
        assert_eq!(answer["variants"][0]["name"], "chess");
        assert_eq!(answer["engines"], json!([{"id": 0, "name": "Feerie"}]));
    }
}
