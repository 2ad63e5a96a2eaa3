//! Rule sets: which intermediate results a game admits, and parsing the
//! names of rule sets and of [`Use`] (errors are input errors).

use std::str::FromStr;

use crate::game::error::InputError;
use crate::game::named::named;
use crate::game::number::Q;
/// Which cards a solution uses sits below the errors (an error names it);
/// this path is the one the rest of the crate uses.
pub use crate::game::uses::Use;

named! {
    /// Which values an intermediate (and final) result may take.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Rules {
        /// Fractions allowed anywhere (the classic game).
        #[default]
        Rational => "rational",
        /// Every intermediate result an integer, negatives allowed.
        Integer => "integer",
        /// Every intermediate result a non-negative integer (Countdown).
        Natural => "natural",
        /// Every intermediate result a positive integer (the newspaper game
        /// Digits): no fractions, no negatives, no zero.
        Positive => "positive",
    }
}

impl Rules {
    /// Whether `v` may appear as an intermediate result under these rules.
    #[inline]
    pub fn admits(self, v: Q) -> bool {
        match self {
            Rules::Rational => true,
            Rules::Integer => v.is_integer(),
            Rules::Natural => v.is_integer() && !v.is_negative(),
            Rules::Positive => v.is_integer() && !v.is_negative() && !v.is_zero(),
        }
    }
}

/// Not through `named!`: its error is [`InputError::UnknownRules`], whose
/// message (in the errors, below this module) spells the names out; a test
/// holds it to [`Rules::expected`].
impl FromStr for Rules {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Rules, InputError> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| InputError::UnknownRules(s.to_string()))
    }
}

named!(impl FromStr for Use else InputError::unknown("use"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_names_round_trip() {
        for u in Use::ALL {
            assert_eq!(u.name().parse::<Use>().unwrap(), u);
        }
        assert_eq!(
            "some".parse::<Use>().unwrap_err().to_string(),
            "unknown use \"some\" (expected all or any)"
        );
    }

    #[test]
    fn names_round_trip() {
        for r in Rules::ALL {
            assert_eq!(r.name().parse::<Rules>().unwrap(), r);
        }
        assert!(matches!("real".parse::<Rules>(), Err(InputError::UnknownRules(s)) if s == "real"));
        // The message spells the names out (the errors sit below the rule
        // sets); they must be these.
        assert_eq!(
            "real".parse::<Rules>().unwrap_err().to_string(),
            format!("unknown rule set \"real\" (expected {})", Rules::expected())
        );
    }

    #[test]
    fn admits_by_rule_set() {
        let half = Q::new(1, 2).unwrap();
        assert!(Rules::Rational.admits(half));
        assert!(!Rules::Integer.admits(half));
        assert!(Rules::Integer.admits(Q::int(-3)));
        assert!(!Rules::Natural.admits(Q::int(-3)));
        assert!(Rules::Natural.admits(Q::ZERO));
    }
}
