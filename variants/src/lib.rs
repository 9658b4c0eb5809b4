//! Every variant Feerie plays, each described once.
//!
//! A description ([`VariantSpec`]) names the variant's rules type (which carries its
//! search policy), its evaluator, its `UCI_Variant` name and its bench workload. The
//! [`registry!`] line below turns the list of descriptions into the [`Variant`] enum, its
//! names and [`Variant::dispatch`], which is how the UCI front end, `bench`, `perft`,
//! `feerie match`, the benches and the tests reach a variant's types. Adding a variant
//! is a rules module in `feerie-movegen`, its search policy in `feerie-search`, a
//! description here (its `Eval` `feerie_eval::MaterialEval` until self-play has trained
//! it a network) and one line in the registry.

mod descriptions;
mod wdl_models;

pub use descriptions::{
    AntiEinsteinSpec, AugsburgSpec, ChessSpec, DynamoSpec, EinsteinSpec, ReverseEinsteinSpec,
};

use feerie_eval::Evaluator;
use feerie_eval::nnue::Network;
use feerie_eval::wdl::WdlModel;
use feerie_movegen::Readable;
use feerie_search::SearchPolicy;
use std::fmt;

/// Everything the programs need to know about one variant.
pub trait VariantSpec: 'static {
    /// The `UCI_Variant` name (and the PGN `Variant` tag).
    const NAME: &'static str;
    /// The rules (FEN and the start position `START_FEN`, legal moves, play and undo)
    /// with, implemented on them, the search's policy for the variant
    /// (`feerie_search::policy`), and the notation the page shows
    /// (`feerie_movegen::Readable`, docs/notation.md).
    type Rules: SearchPolicy + Readable;
    /// The static evaluation the search uses.
    type Eval: Evaluator<Self::Rules>;
    /// The positions `bench` searches; their node count changes only when the search or
    /// the evaluation changes.
    const BENCH_FENS: &'static [&'static str];
    /// The depth `bench` searches when none is given: about a second on one core.
    const BENCH_DEPTH: u32;
    /// Win/draw/loss chances of a score (`UCI_ShowWDL`), fitted to the variant's
    /// self-play by `tools/fit_wdl.py`.
    const WDL: WdlModel;
}

/// Code that works for any variant, given its description.
pub trait VariantVisitor {
    type Output;
    fn visit<V: VariantSpec>(self) -> Self::Output;
}

/// Declares the [`Variant`] enum from `Variant => Description` pairs, in the order the
/// `UCI_Variant` combo lists them.
macro_rules! registry {
    ($($variant:ident => $spec:ty),+ $(,)?) => {
        /// A variant Feerie plays, by its `UCI_Variant` name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $($variant),+
        }

        impl Variant {
            /// Every variant, in the order the `UCI_Variant` combo lists them.
            pub const ALL: &'static [Variant] = &[$(Variant::$variant),+];

            /// The `UCI_Variant` name.
            pub fn name(self) -> &'static str {
                match self {
                    $(Variant::$variant => <$spec as VariantSpec>::NAME),+
                }
            }

            /// Runs `visitor` with this variant's description.
            pub fn dispatch<V: VariantVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(Variant::$variant => visitor.visit::<$spec>()),+
                }
            }
        }
    };
}

registry! {
    Chess => ChessSpec,
    Dynamo => DynamoSpec,
    Augsburg => AugsburgSpec,
    Einstein => EinsteinSpec,
    ReverseEinstein => ReverseEinsteinSpec,
    AntiEinstein => AntiEinsteinSpec,
}

impl Variant {
    /// The variant whose `UCI_Variant` name is `name`.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.iter().copied().find(|v| v.name() == name)
    }

    /// The positions `bench` searches.
    pub fn bench_fens(self) -> &'static [&'static str] {
        self.dispatch(BenchFens)
    }

    /// The depth `bench` searches when none is given.
    pub fn bench_depth(self) -> u32 {
        self.dispatch(BenchDepth)
    }

    /// Makes `net` (`None`: the built-in one) the network this variant's evaluators
    /// take from now on; an error, and nothing changed, when it plays without one.
    pub fn use_network(self, net: Option<Network>) -> Result<(), NoNetwork> {
        if self.dispatch(UseNetwork(net)) {
            Ok(())
        } else {
            Err(NoNetwork(self))
        }
    }
}

/// The error of [`Variant::use_network`]: the variant's evaluation has no network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoNetwork(pub Variant);

impl fmt::Display for NoNetwork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} plays without a network", self.0)
    }
}

impl std::error::Error for NoNetwork {}

struct UseNetwork(Option<Network>);
impl VariantVisitor for UseNetwork {
    type Output = bool;
    fn visit<V: VariantSpec>(self) -> bool {
        <V::Eval as Evaluator<V::Rules>>::use_network(self.0)
    }
}

struct BenchFens;
impl VariantVisitor for BenchFens {
    type Output = &'static [&'static str];
    fn visit<V: VariantSpec>(self) -> Self::Output {
        V::BENCH_FENS
    }
}

struct BenchDepth;
impl VariantVisitor for BenchDepth {
    type Output = u32;
    fn visit<V: VariantSpec>(self) -> u32 {
        V::BENCH_DEPTH
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
    use feerie_movegen::Position;

    #[test]
    fn names_round_trip_and_are_distinct() {
        for &v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
        }
        assert_eq!(
            Variant::from_name("reverse-einstein"),
            Some(Variant::ReverseEinstein)
        );
        assert_eq!(Variant::from_name("Chess"), None);
    }

    struct CheckBench;
    impl VariantVisitor for CheckBench {
        type Output = Result<(), String>;
        fn visit<V: VariantSpec>(self) -> Self::Output {
            if V::BENCH_FENS.is_empty() || !(1..=20).contains(&V::BENCH_DEPTH) {
                return Err(format!("{}: no bench positions or a bad depth", V::NAME));
            }
            for fen in V::BENCH_FENS {
                V::Rules::from_fen(fen).map_err(|e| format!("{}: {fen}: {e}", V::NAME))?;
            }
            Ok(())
        }
    }

    struct CheckWdl;
    impl VariantVisitor for CheckWdl {
        type Output = Result<(), String>;
        fn visit<V: VariantSpec>(self) -> Self::Output {
            let model = V::WDL;
            for m in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let (a, b) = (model.a[0] + model.a[1] * m, model.b[0] + model.b[1] * m);
                // A level score is no likely win, the chances grow with the score, and a
                // score two widths past the centre is a likely win.
                let [w0, _, l0] = model.per_mille(0, m);
                let [w, _, l] = model.per_mille(300, m);
                let [far, _, _] = model.per_mille((a + 2.0 * b) as i32, m);
                if a <= 0.0 || b <= 1.0 || w0 >= 500 || w < w0 || l > l0 || far < 800 {
                    return Err(format!("{}: at material {m}: a {a}, b {b}", V::NAME));
                }
            }
            Ok(())
        }
    }

    #[test]
    fn every_variant_has_a_sensible_wdl_model() {
        for &v in Variant::ALL {
            v.dispatch(CheckWdl).unwrap();
        }
    }

    #[test]
    fn every_variant_has_a_valid_bench() {
        for &v in Variant::ALL {
            v.dispatch(CheckBench).unwrap();
        }
    }
}
