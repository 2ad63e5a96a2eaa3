//! Decks and card ranges: which card values a game deals, and how many
//! copies of each one a deck holds.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

/// The most copies of one value a deck may hold. It keeps every `deal_ways`
/// (a product of binomials) well inside `u64` for the hand sizes the solver
/// takes, and real decks (1 to 8 packs) are far below it.
pub const MAX_COPIES: u32 = 32;

/// Card values must fit the narrow `cards` column (`i16`).
pub const VALUE_LIMIT: i64 = i16::MAX as i64;

/// A bad `--values` or `--deck` option; each message names the bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RangeError {
    #[error("values \"{0}\" is not a range LO..HI of integers, such as 1..13")]
    NotARange(String),
    #[error("values \"{0}\" is empty: LO must not exceed HI")]
    Empty(String),
    #[error("values \"{0}\" leave the supported card range -{VALUE_LIMIT}..{VALUE_LIMIT}")]
    TooWide(String),
    #[error("deck \"{0}\" is not a number of copies from 1 to {MAX_COPIES} or \"none\"")]
    BadDeck(String),
}

/// The card values of a sweep, `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ValueRange {
    pub lo: i64,
    pub hi: i64,
}

impl ValueRange {
    /// Checked constructor: non-empty and inside the card range.
    pub fn new(lo: i64, hi: i64) -> Result<ValueRange, RangeError> {
        let text = format!("{lo}..{hi}");
        if lo > hi {
            return Err(RangeError::Empty(text));
        }
        if lo < -VALUE_LIMIT || hi > VALUE_LIMIT {
            return Err(RangeError::TooWide(text));
        }
        Ok(ValueRange { lo, hi })
    }

    /// How many distinct values.
    pub fn width(self) -> u64 {
        (self.hi - self.lo + 1) as u64
    }
}

impl fmt::Display for ValueRange {
    /// The option syntax, `1..13`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

impl FromStr for ValueRange {
    type Err = RangeError;

    fn from_str(s: &str) -> Result<ValueRange, RangeError> {
        let bad = || RangeError::NotARange(s.to_string());
        let (lo, hi) = s.trim().split_once("..").ok_or_else(bad)?;
        let lo: i64 = lo.trim().parse().map_err(|_| bad())?;
        let hi: i64 = hi.trim().parse().map_err(|_| bad())?;
        ValueRange::new(lo, hi).map_err(|e| match e {
            RangeError::Empty(_) => RangeError::Empty(s.to_string()),
            RangeError::TooWide(_) => RangeError::TooWide(s.to_string()),
            other => other,
        })
    }
}

/// How many copies of each value the deck holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// At most this many copies of a value (4 in a standard 52-card deck).
    Copies(u32),
    /// Any number of copies: cards are drawn independently and uniformly
    /// (with replacement), so a hand's odds follow the multinomial law.
    Unlimited,
}

impl Default for Deck {
    fn default() -> Deck {
        Deck::Copies(4)
    }
}

impl Deck {
    /// The most copies of one value a hand may hold.
    pub fn cap(self) -> Option<u32> {
        match self {
            Deck::Copies(n) => Some(n),
            Deck::Unlimited => None,
        }
    }
}

impl fmt::Display for Deck {
    /// `4` or `none`, as in the option and the folder name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Deck::Copies(n) => write!(f, "{n}"),
            Deck::Unlimited => f.write_str("none"),
        }
    }
}

impl FromStr for Deck {
    type Err = RangeError;

    fn from_str(s: &str) -> Result<Deck, RangeError> {
        if s.trim() == "none" {
            return Ok(Deck::Unlimited);
        }
        match s.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_COPIES).contains(&n) => Ok(Deck::Copies(n)),
            _ => Err(RangeError::BadDeck(s.to_string())),
        }
    }
}

impl Serialize for Deck {
    /// A number of copies, or `null` for an unlimited deck.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Deck::Copies(n) => s.serialize_u32(*n),
            Deck::Unlimited => s.serialize_none(),
        }
    }
}
