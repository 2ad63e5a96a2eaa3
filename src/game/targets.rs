//! A range of whole-number targets, `LO..HI`: the question "which targets
//! can this hand make, and how well?" asked once for all of them.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest magnitude of a target in a range: a billion keeps every
/// target far inside the exact arithmetic of a hand.
pub const TARGET_LIMIT: i64 = 1_000_000_000;

/// The most targets one range holds: a reach table has a row per hand and
/// target, so a wider range belongs in several tables.
pub const MAX_TARGETS: u64 = 100_000;

/// A bad `--targets` option, quoting it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TargetsError {
    #[error("targets \"{0}\" is not a range LO..HI of integers, such as 1..999")]
    NotARange(String),
    #[error("targets \"{0}\" is empty: LO must not exceed HI")]
    Empty(String),
    #[error("targets \"{0}\" leave the supported range -{TARGET_LIMIT}..{TARGET_LIMIT}")]
    TooLarge(String),
    #[error("targets \"{0}\" hold more than {MAX_TARGETS} targets; split the range")]
    TooMany(String),
}

/// The targets `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TargetRange {
    pub lo: i64,
    pub hi: i64,
}

impl TargetRange {
    /// Checked constructor: non-empty, not too wide, inside the limits.
    pub fn new(lo: i64, hi: i64) -> Result<TargetRange, TargetsError> {
        let text = format!("{lo}..{hi}");
        if lo > hi {
            return Err(TargetsError::Empty(text));
        }
        if lo < -TARGET_LIMIT || hi > TARGET_LIMIT {
            return Err(TargetsError::TooLarge(text));
        }
        if (hi - lo) as u64 >= MAX_TARGETS {
            return Err(TargetsError::TooMany(text));
        }
        Ok(TargetRange { lo, hi })
    }

    /// How many targets.
    pub fn width(self) -> u64 {
        (self.hi - self.lo + 1) as u64
    }

    pub fn contains(self, t: i64) -> bool {
        (self.lo..=self.hi).contains(&t)
    }

    /// The target of largest magnitude (it bounds the arithmetic).
    pub fn widest(self) -> i64 {
        if self.lo.abs() > self.hi.abs() {
            self.lo
        } else {
            self.hi
        }
    }
}

impl fmt::Display for TargetRange {
    /// The option syntax, `1..999`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

impl FromStr for TargetRange {
    type Err = TargetsError;

    fn from_str(s: &str) -> Result<TargetRange, TargetsError> {
        let bad = || TargetsError::NotARange(s.to_string());
        let (lo, hi) = s.trim().split_once("..").ok_or_else(bad)?;
        let lo: i64 = lo.trim().parse().map_err(|_| bad())?;
        let hi: i64 = hi.trim().parse().map_err(|_| bad())?;
        TargetRange::new(lo, hi).map_err(|e| match e {
            TargetsError::Empty(_) => TargetsError::Empty(s.to_string()),
            TargetsError::TooLarge(_) => TargetsError::TooLarge(s.to_string()),
            TargetsError::TooMany(_) => TargetsError::TooMany(s.to_string()),
            other => other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_names_bad_ranges() {
        assert_eq!("1..999".parse(), Ok(TargetRange { lo: 1, hi: 999 }));
        assert_eq!("-5..5".parse::<TargetRange>().unwrap().width(), 11);
        for (bad, says) in [
            ("24", "not a range"),
            ("9..1", "empty"),
            ("1..x", "not a range"),
            ("0..2000000000", "supported range"),
            ("0..100000", "more than 100000"),
        ] {
            let e = bad.parse::<TargetRange>().unwrap_err().to_string();
            assert!(e.contains(says) && e.contains(bad), "{bad}: {e}");
        }
        assert!("0..99999".parse::<TargetRange>().is_ok());
        assert_eq!(TargetRange::new(-700, 5).unwrap().widest(), -700);
    }
}
