//! Typed errors for FEN and move strings.

use std::fmt;

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is malformed: which field, and what is wrong with it.
    Syntax { field: &'static str, reason: String },
    /// The text is well formed but the position cannot occur in the variant.
    Impossible(String),
}

impl FenError {
    pub fn syntax(field: &'static str, reason: impl Into<String>) -> FenError {
        FenError::Syntax {
            field,
            reason: reason.into(),
        }
    }

    pub fn impossible(reason: impl Into<String>) -> FenError {
        FenError::Impossible(reason.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax { field, reason } => write!(f, "bad FEN {field}: {reason}"),
            FenError::Impossible(reason) => write!(f, "impossible position: {reason}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move string of this variant's notation.
    Malformed(String),
    /// Well formed, but not a legal move in the position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(m) => write!(f, "malformed move '{m}'"),
            MoveError::Illegal(m) => write!(f, "illegal move '{m}'"),
        }
    }
}

impl std::error::Error for MoveError {}
