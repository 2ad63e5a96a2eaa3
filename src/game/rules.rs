//! Rule sets: which intermediate results a game admits, and parsing the
//! names of rule sets and of [`Use`] (errors are input errors).

use std::fmt;
use std::str::FromStr;

use crate::game::error::InputError;
use crate::game::number::Q;
/// Which cards a solution uses sits below the errors (an error names it);
/// this path is the one the rest of the crate uses.
pub use crate::game::uses::Use;

/// Which values an intermediate (and final) result may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Rules {
    /// Fractions allowed anywhere (the classic game).
    #[default]
    Rational,
    /// Every intermediate result an integer, negatives allowed.
    Integer,
    /// Every intermediate result a non-negative integer (Countdown).
    Natural,
    /// Every intermediate result a positive integer (the newspaper game
    /// Digits): no fractions, no negatives, no zero.
    Positive,
}

impl Rules {
    pub const ALL: [Rules; 4] = [
        Rules::Rational,
        Rules::Integer,
        Rules::Natural,
        Rules::Positive,
    ];

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

    pub fn name(self) -> &'static str {
        match self {
            Rules::Rational => "rational",
            Rules::Integer => "integer",
            Rules::Natural => "natural",
            Rules::Positive => "positive",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rules {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Rules, InputError> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| InputError::UnknownRules(s.to_string()))
    }
}

impl FromStr for Use {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Use, InputError> {
        Use::ALL.into_iter().find(|u| u.name() == s).ok_or_else(|| {
            InputError::Other(format!(
                "unknown use \"{}\" (expected all or any)",
                crate::game::error::shown(s)
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_names_round_trip() {
        for u in Use::ALL {
            assert_eq!(u.name().parse::<Use>().unwrap(), u);
        }
        assert!(
            "some"
                .parse::<Use>()
                .unwrap_err()
                .to_string()
                .contains("\"some\"")
        );
    }

    #[test]
    fn names_round_trip() {
        for r in Rules::ALL {
            assert_eq!(r.name().parse::<Rules>().unwrap(), r);
        }
        assert!(matches!("real".parse::<Rules>(), Err(InputError::UnknownRules(s)) if s == "real"));
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
