//! The keywords of Popeye's input language in French, German and English, and Popeye's
//! rule for abbreviations. The tables list every keyword Popeye knows at each place
//! (also those Feerie does not support), in Popeye's order, so that an abbreviation is
//! unique or ambiguous exactly as in Popeye, and an unsupported keyword can be named.
//! Conditions are the exception: only Feerie's are listed, each with the shortest
//! abbreviation that is unique among Popeye's 241 condition names.

use feerie_movegen::Color;

pub use crate::problem::Language;

/// What a word matches in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// No keyword starts with the word.
    None,
    /// The index of the keyword meant.
    Unique(usize),
    /// More than one keyword starts with the word.
    Ambiguous,
}

impl Lookup {
    pub fn found(self) -> bool {
        self != Lookup::None
    }
}

/// Popeye's rule (`GetUniqIndex`): the first keyword that starts with `word`
/// (case-insensitively) is meant when `word` is all of it or no later keyword also
/// starts with `word`.
pub fn lookup(table: &[&str], word: &str) -> Lookup {
    let starts = |keyword: &str| {
        keyword.len() >= word.len()
            && keyword.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes())
    };
    if word.is_empty() {
        return Lookup::None;
    }
    let Some(first) = table.iter().position(|k| starts(k)) else {
        return Lookup::None;
    };
    if table[first].len() == word.len() || !table[first + 1..].iter().any(|k| starts(k)) {
        Lookup::Unique(first)
    } else {
        Lookup::Ambiguous
    }
}

/// The keywords that can start a command of the problem (Popeye's "initial twin"
/// tokens), by their index in [`Words::commands`].
pub mod command {
    pub const REMARK: usize = 0;
    pub const AUTHOR: usize = 2;
    pub const ORIGIN: usize = 3;
    pub const PIECES: usize = 4;
    pub const CONDITION: usize = 5;
    pub const OPTION: usize = 6;
    pub const STIPULATION: usize = 7;
    pub const PROTOCOL: usize = 8;
    pub const TITLE: usize = 10;
    pub const LATEX: usize = 11;
    pub const AWARD: usize = 13;
    pub const FORSYTH: usize = 15;
}

/// Twinning commands, by their index in [`Words::twinnings`].
pub mod twinning {
    pub const MOVE: usize = 0;
    pub const EXCHANGE: usize = 1;
    pub const STIPULATION: usize = 2;
    pub const ADD: usize = 4;
    pub const REMOVE: usize = 5;
    pub const CONTINUED: usize = 6;
    pub const ROTATE: usize = 7;
    pub const CONDITION: usize = 8;
    pub const POLISH: usize = 9;
    pub const MIRROR: usize = 10;
    pub const SHIFT: usize = 11;
    pub const SUBSTITUTE: usize = 12;
}

/// Options, by their index in [`Words::options`].
pub mod option {
    pub const DEFENCE: usize = 0;
    pub const SET_PLAY: usize = 1;
    pub const WHITE_TO_PLAY: usize = 2;
    pub const VARIATION: usize = 3;
    pub const MOVE_NUMBERS: usize = 4;
    pub const START_MOVE_NUMBER: usize = 5;
    pub const DUPLEX: usize = 7;
    pub const THREAT: usize = 9;
    pub const NO_THREAT: usize = 10;
    pub const TRY: usize = 11;
    pub const MAX_SOLUTIONS: usize = 12;
    pub const KEEP_MATING_PIECE: usize = 18;
    pub const EN_PASSANT: usize = 19;
    pub const NO_BOARD: usize = 20;
    pub const NO_SHORT_VARIATIONS: usize = 21;
    pub const HALF_DUPLEX: usize = 22;
    pub const POST_KEY_PLAY: usize = 23;
    pub const INTELLIGENT: usize = 24;
    pub const MAX_TIME: usize = 25;
    pub const NO_CASTLING: usize = 26;
    pub const QUODLIBET: usize = 27;
    pub const STOP_ON_SHORT_SOLUTIONS: usize = 28;
    pub const CASTLING_MUTUALLY_EXCLUSIVE: usize = 32;
    pub const NULL_MOVES: usize = 35;
}

/// The conditions Feerie plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    Einstein,
    ReverseEinstein,
    AntiEinstein,
    Dynamo,
    Augsburg,
}

/// The letters of the six orthodox pieces, in the order king, queen, rook, bishop,
/// knight, pawn.
pub type PieceLetters = [char; 6];

/// Every word of one language.
#[derive(Debug)]
pub struct Words {
    pub begin: &'static str,
    /// End of problem, next problem.
    pub problem_end: [&'static str; 2],
    /// Twin, zero position.
    pub twin: [&'static str; 2],
    pub commands: [&'static str; 16],
    pub twinnings: [&'static str; 13],
    pub options: [&'static str; 39],
    /// White, black, neutral, total invisible; the first letter is the colour's mark in
    /// twin descriptions (`wBc1-->d2`).
    pub colours: [&'static str; 4],
    pub pieces: PieceLetters,
    /// Each condition's name and the shortest abbreviation accepted: the shortest that
    /// no other of Popeye's conditions (nor a command keyword) shares.
    pub conditions: [(&'static str, usize, Condition); 5],
}

impl Language {
    pub const ALL: [Language; 3] = [Language::French, Language::German, Language::English];

    pub fn words(self) -> &'static Words {
        match self {
            Language::French => &FRENCH,
            Language::German => &GERMAN,
            Language::English => &ENGLISH,
        }
    }
}

static ENGLISH: Words = Words {
    begin: "beginproblem",
    problem_end: ["endproblem", "nextproblem"],
    twin: ["twin", "zeroposition"],
    commands: [
        "remark",
        "sstipulation",
        "author",
        "origin",
        "pieces",
        "condition",
        "option",
        "stipulation",
        "protocol",
        "\n",
        "title",
        "LaTeX",
        "LaTeXPieces",
        "award",
        "InitialGameArray",
        "Forsyth",
    ],
    twinnings: [
        "move",
        "exchange",
        "stipulation",
        "sstipulation",
        "add",
        "remove",
        "continued",
        "rotate",
        "condition",
        "PolishType",
        "mirror",
        "shift",
        "substitute",
    ],
    options: [
        "Defence",
        "SetPlay",
        "WhiteToPlay",
        "Variations",
        "MoveNumbers",
        "StartMoveNumber",
        "NoWk",
        "Duplex",
        "NoBk",
        "Threat",
        "NoThreat",
        "Try",
        "MaxSolutions",
        "MaxFlightsquares",
        "Search",
        "MultiSolutions",
        "NoSymmetry",
        "NonTrivial",
        "KeepMatingPiece",
        "EnPassant",
        "NoBoard",
        "NoShortVariations",
        "HalfDuplex",
        "PostKeyPlay",
        "Intelligent",
        "MaxTime",
        "NoCastling",
        "Quodlibet",
        "StopOnShortSolutions",
        "Beep",
        "SuppressGrid",
        "WriteGrid",
        "CastlingMutuallyExclusive",
        "GoalIsEnd",
        "unpublishedoption",
        "NullMoves",
        "UpToMoveNumber",
        "TrivialTriesAvoid",
        "MatesIn1",
    ],
    colours: ["White", "Black", "Neutral", "TotalInvisible"],
    pieces: ['k', 'q', 'r', 'b', 's', 'p'],
    conditions: [
        ("EinsteinChess", 3, Condition::Einstein),
        ("ReversalEinsteinChess", 3, Condition::ReverseEinstein),
        ("AntiEinsteinChess", 5, Condition::AntiEinstein),
        ("Dynamo", 3, Condition::Dynamo),
        ("Augsburg", 3, Condition::Augsburg),
    ],
};

static FRENCH: Words = Words {
    begin: "DebutProbleme",
    problem_end: ["FinProbleme", "asuivre"],
    twin: ["jumeau", "zeroposition"],
    commands: [
        "remarque",
        "senonce",
        "auteur",
        "source",
        "pieces",
        "condition",
        "option",
        "enonce",
        "protocol",
        "\n",
        "titre",
        "LaTeX",
        "PiecesLaTeX",
        "prix",
        "PositionInitialePartie",
        "Forsyth",
    ],
    twinnings: [
        "deplacement",
        "echange",
        "enonce",
        "senonce",
        "ajoute",
        "ote",
        "enplus",
        "rotation",
        "condition",
        "CouleurEchange",
        "miroir",
        "translation",
        "remplace",
    ],
    options: [
        "Defense",
        "Apparent",
        "ApparentSeul",
        "Variantes",
        "Trace",
        "Enroute",
        "SansRB",
        "Duplex",
        "SansRN",
        "Menace",
        "SansMenace",
        "Essais",
        "MaxSolutions",
        "MaxCasesFuites",
        "Search",
        "MultiSolutions",
        "NonSymetrique",
        "NonTrivial",
        "RetiensPieceMatante",
        "EnPassant",
        "SansEchiquier",
        "SansVariantesCourtes",
        "DemiDuplex",
        "ApresCle",
        "Intelligent",
        "MaxTemps",
        "SansRoquer",
        "Quodlibet",
        "FinApresSolutionsCourtes",
        "Bip",
        "SansGrille",
        "AjouteGrille",
        "RoquesMutuellementExclusifs",
        "ButEstFin",
        "optionnonpubliee",
        "CoupsVides",
        "JusquAuCoup",
        "TrivialEssaiSupprimer",
        "MatsEn1",
    ],
    colours: ["Blanc", "Noir", "Neutre", "TotalInvisible"],
    pieces: ['r', 'd', 't', 'f', 'c', 'p'],
    conditions: [
        ("EchecsEinstein", 9, Condition::Einstein),
        ("ReversEchecsEinstein", 3, Condition::ReverseEinstein),
        ("EchecsAntiEinstein", 11, Condition::AntiEinstein),
        ("Dynamo", 5, Condition::Dynamo),
        ("Augsburg", 3, Condition::Augsburg),
    ],
};

static GERMAN: Words = Words {
    begin: "AnfangProblem",
    problem_end: ["EndeProblem", "WeiteresProblem"],
    twin: ["Zwilling", "NullStellung"],
    commands: [
        "Bemerkung",
        "sForderung",
        "Autor",
        "Quelle",
        "Steine",
        "Bedingung",
        "Option",
        "Forderung",
        "Protokoll",
        "\n",
        "Titel",
        "LaTeX",
        "LaTeXSteine",
        "Auszeichnung",
        "PartieAnfangsStellung",
        "Forsyth",
    ],
    twinnings: [
        "versetze",
        "tausche",
        "Forderung",
        "SForderung",
        "hinzufuegen",
        "entferne",
        "ferner",
        "Drehung",
        "Bedingung",
        "Farbwechsel",
        "Spiegelung",
        "Verschiebung",
        "ersetze",
    ],
    options: [
        "Widerlegung",
        "Satzspiel",
        "WeissBeginnt",
        "Varianten",
        "Zugnummern",
        "StartZugnummer",
        "OhneWk",
        "Duplex",
        "OhneSk",
        "Drohung",
        "OhneDrohung",
        "Verfuehrung",
        "MaxLoesungen",
        "MaxFluchtFelder",
        "Suchen",
        "MehrereLoesungen",
        "KeineSymmetrie",
        "NichtTrivial",
        "HalteMattsetzendenStein",
        "EnPassant",
        "OhneBrett",
        "OhneKurzVarianten",
        "HalbDuplex",
        "NachSchluessel",
        "Intelligent",
        "MaxZeit",
        "KeineRochade",
        "Quodlibet",
        "StopNachKurzloesungen",
        "Pieps",
        "OhneGitter",
        "ZeichneGitter",
        "RochadenGegenseitigAusschliessend",
        "ZielIstEnde",
        "nichtpublizierteoption",
        "NullZuege",
        "BisZugnummer",
        "TrivialeFehlversucheUnterdruecken",
        "MattsIn1",
    ],
    colours: ["Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"],
    pieces: ['k', 'd', 't', 'l', 's', 'b'],
    conditions: [
        ("EinsteinSchach", 3, Condition::Einstein),
        ("ReversesEinsteinSchach", 3, Condition::ReverseEinstein),
        ("AntiEinsteinSchach", 6, Condition::AntiEinstein),
        ("Dynamo", 3, Condition::Dynamo),
        ("Augsburg", 3, Condition::Augsburg),
    ],
};

impl Words {
    /// A word that ends a list (of pieces, conditions, options): a command, the end of
    /// the problem or a twin, also when abbreviated or ambiguous.
    pub fn is_keyword(&self, word: &str) -> bool {
        lookup(&self.commands, word).found()
            || lookup(&self.problem_end, word).found()
            || lookup(&self.twin, word).found()
    }

    /// The condition `word` names; `Err(Some(..))` when it abbreviates one of Feerie's
    /// conditions too much to be unique among Popeye's (with that name and the shortest
    /// abbreviation), `Err(None)` when it is none of them.
    pub fn condition(
        &self,
        word: &str,
    ) -> Result<(&'static str, Condition), Option<(&'static str, &'static str)>> {
        let lower = word.to_ascii_lowercase();
        let mut short = None;
        for &(name, min, cond) in &self.conditions {
            if name.to_ascii_lowercase().starts_with(&lower) {
                if lower.len() >= min {
                    return Ok((name, cond));
                }
                short = short.or(Some((name, &name[..min])));
            }
        }
        Err(short)
    }

    /// The condition's name in this language.
    pub fn condition_name(&self, cond: Condition) -> &'static str {
        self.conditions
            .iter()
            .find(|c| c.2 == cond)
            .map_or("", |c| c.0)
    }

    /// `w`/`b` (English), `b`/`n` (French), `w`/`s` (German).
    pub fn colour_mark(&self, color: Color) -> char {
        let name = self.colours[color.index()];
        name.chars().next().unwrap_or('?').to_ascii_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popeye_abbreviation_rule() {
        let words = Language::English.words();
        let cmd = |w| lookup(&words.commands, w);
        assert_eq!(cmd("stip"), Lookup::Unique(command::STIPULATION));
        assert_eq!(cmd("STIPULATION"), Lookup::Unique(command::STIPULATION));
        assert_eq!(cmd("s"), Lookup::Ambiguous);
        assert_eq!(cmd("p"), Lookup::Ambiguous);
        assert_eq!(cmd("pi"), Lookup::Unique(command::PIECES));
        assert_eq!(cmd("o"), Lookup::Ambiguous);
        assert_eq!(cmd("t"), Lookup::Unique(command::TITLE));
        assert_eq!(cmd("twin"), Lookup::None);
        assert_eq!(cmd("piecesx"), Lookup::None);
        // "LaTeX" is whole, so it wins over the longer "LaTeXPieces".
        assert_eq!(cmd("latex"), Lookup::Unique(11));
        assert_eq!(
            lookup(&words.options, "var"),
            Lookup::Unique(option::VARIATION)
        );
        assert_eq!(lookup(&words.options, "no"), Lookup::Ambiguous);
    }

    #[test]
    fn conditions_need_their_shortest_unique_abbreviation() {
        let en = Language::English.words();
        assert_eq!(en.condition("ein").unwrap().1, Condition::Einstein);
        assert_eq!(en.condition("ei"), Err(Some(("EinsteinChess", "Ein"))));
        assert_eq!(en.condition("circe"), Err(None));
        let fr = Language::French.words();
        assert_eq!(fr.condition("echecsein").unwrap().1, Condition::Einstein);
        assert_eq!(
            fr.condition("echecs"),
            Err(Some(("EchecsEinstein", "EchecsEin")))
        );
        assert_eq!(
            fr.condition("EchecsAntiE").unwrap().1,
            Condition::AntiEinstein
        );
        assert_eq!(Language::German.words().colour_mark(Color::Black), 's');
        assert_eq!(fr.colour_mark(Color::White), 'b');
    }
}
