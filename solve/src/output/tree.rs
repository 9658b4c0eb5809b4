//! Direct and self play as Popeye's tree: each move on its own line, indented by its
//! depth (4 columns a half-move, the move number right-aligned in 3), the key marked
//! `!`, a try `?` followed by `but` and its refutations `!`, ` threat:` or
//! ` zugzwang.` after an attacker's move, and a blank line after each key or try; the
//! words and piece letters in the problem's language.

use super::text::mark;
use super::words::{Printed, printed, translated};
use crate::problem::Language;
use crate::solution::{Attack, Defence, MoveText, Threat};

/// How a first move is marked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Key,
    Try,
    /// Threats and continuations.
    Plain,
}

/// How the tree is written: in which language.
#[derive(Clone, Copy)]
struct Writer {
    language: Language,
    words: &'static Printed,
}

impl Writer {
    fn new(language: Language) -> Writer {
        Writer {
            language,
            words: printed(language),
        }
    }
}

/// The keys and then the tries, each followed by a blank line.
pub fn play(keys: &[Attack], tries: &[Attack], language: Language) -> String {
    let w = Writer::new(language);
    let mut out = String::new();
    for (attack, role) in keys
        .iter()
        .map(|a| (a, Role::Key))
        .chain(tries.iter().map(|a| (a, Role::Try)))
    {
        w.attack(&mut out, attack, 0, role);
        out.push('\n');
    }
    out
}

/// Set play: the defender's moves in the diagram and the attacker's answers, as the
/// defences of a key would be written.
pub fn set_play(defences: &[Defence], language: Language) -> String {
    let w = Writer::new(language);
    let mut out = String::new();
    for defence in defences {
        w.defence(&mut out, defence, 1);
    }
    out
}

/// `depth` half-moves below the diagram: the indentation and the move number,
/// `   1.`, `      1...`, `          2.`.
fn numbered(depth: usize, text: &MoveText, language: Language) -> String {
    let dots = if depth % 2 == 1 { ".." } else { "" };
    format!(
        "{}{:>3}.{dots}{}{}",
        " ".repeat((4 * depth).max(1)),
        depth / 2 + 1,
        translated(&text.text, language),
        mark(text.mark)
    )
}

impl Writer {
    fn attack(self, out: &mut String, attack: &Attack, depth: usize, role: Role) {
        out.push_str(&numbered(depth, &attack.mv, self.language));
        out.push_str(match role {
            Role::Key => " !",
            Role::Try => " ?",
            Role::Plain => "",
        });
        match &attack.threat {
            Threat::None => {}
            Threat::Zugzwang => out.push_str(self.words.zugzwang),
            Threat::Moves(threats) => {
                if !threats.is_empty() {
                    out.push_str(self.words.threat);
                }
            }
        }
        out.push('\n');
        if let Threat::Moves(threats) = &attack.threat {
            for threat in threats {
                self.attack(out, threat, depth + 2, Role::Plain);
            }
        }
        for defence in &attack.defences {
            self.defence(out, defence, depth + 1);
        }
        if !attack.refutations.is_empty() {
            out.push_str(&format!("    {}\n", self.words.but));
            for refutation in &attack.refutations {
                out.push_str(&numbered(depth + 1, refutation, self.language));
                out.push_str(" !\n");
            }
        }
    }

    fn defence(self, out: &mut String, defence: &Defence, depth: usize) {
        out.push_str(&numbered(depth, &defence.mv, self.language));
        out.push('\n');
        for continuation in &defence.continuations {
            self.attack(out, continuation, depth + 1, Role::Plain);
        }
    }
}
