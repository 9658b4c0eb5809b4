//! What the server, the JSON API and the tab sessions share: the engines the page may
//! use, and the limits on what one request may hold.

/// A UCI engine the page may use: a command line started once per game or analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// What the page shows (the command until the engine says its `id name`).
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
}

/// What every request handler may read.
#[derive(Debug)]
pub struct AppState {
    pub engines: Vec<EngineConfig>,
    /// False when `--listen` opened the server to other machines.
    pub local_only: bool,
}

/// The largest request body (and WebSocket message): room for a PGN file of a few
/// thousand games, and a game of [`MAX_PLIES`] moves many times over.
pub(crate) const BODY_LIMIT: usize = 4 << 20;

/// The longest game a request may hold: far beyond any real game (the 50-move rule ends
/// games long before), short enough that replaying it stays a matter of seconds.
const MAX_PLIES: usize = 20_000;

/// Refuses games of more than [`MAX_PLIES`] moves, before any replay.
pub(crate) fn check_length(plies: usize) -> Result<(), String> {
    if plies > MAX_PLIES {
        return Err(format!(
            "the game has {plies} moves, more than the {MAX_PLIES} the server replays"
        ));
    }
    Ok(())
}
