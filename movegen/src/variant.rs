//! The variants Feerie knows, by their `UCI_Variant` names.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    Dynamo,
    Augsburg,
    Einstein,
    ReverseEinstein,
    AntiEinstein,
}

impl Variant {
    /// Every variant that is implemented, in the order the `UCI_Variant` combo lists them.
    pub const ALL: &'static [Variant] = &[
        Variant::Chess,
        Variant::Dynamo,
        Variant::Augsburg,
        Variant::Einstein,
        Variant::ReverseEinstein,
        Variant::AntiEinstein,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Dynamo => "dynamo",
            Variant::Augsburg => "augsburg",
            Variant::Einstein => "einstein",
            Variant::ReverseEinstein => "reverse-einstein",
            Variant::AntiEinstein => "anti-einstein",
        }
    }

    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.iter().copied().find(|v| v.name() == name)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
        }
        assert_eq!(
            Variant::from_name("reverse-einstein"),
            Some(Variant::ReverseEinstein)
        );
    }
}
