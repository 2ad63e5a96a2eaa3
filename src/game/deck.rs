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
    #[error(
        "deck \"{0}\" is not a number of copies from 1 to {MAX_COPIES}, \"none\", \"standard\", \"countdown\", \
         \"krypto\" or a multiset such as 1..10x2,25,50,75,100"
    )]
    BadDeck(String),
    #[error("deck \"{deck}\": {problem}")]
    BadMultiset { deck: String, problem: String },
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

    /// Whether `v` is one of the values.
    pub fn contains(self, v: i64) -> bool {
        (self.lo..=self.hi).contains(&v)
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

/// The most distinct values an explicit deck names.
pub const MAX_DECK_VALUES: usize = 32;

/// An explicit deck: its distinct values, ascending, each with its number of
/// copies. Held inline (a deck names at most [`MAX_DECK_VALUES`] values), so
/// a deck is a plain value like the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Multiset {
    len: u8,
    values: [i16; MAX_DECK_VALUES],
    copies: [u8; MAX_DECK_VALUES],
}

impl fmt::Debug for Multiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Multiset({})", self.spec())
    }
}

impl Multiset {
    /// The Countdown numbers round's 24 tiles: two each of 1 to 10, and one
    /// each of 25, 50, 75 and 100.
    pub fn countdown() -> Multiset {
        let mut pairs: Vec<(i64, u32)> = (1..=10).map(|v| (v, 2)).collect();
        pairs.extend([(25, 1), (50, 1), (75, 1), (100, 1)]);
        Multiset::new(&pairs, "countdown").expect("the Countdown tiles are a valid deck")
    }

    /// The Krypto deck's 56 cards: three each of 1 to 6, four each of 7 to
    /// 10, two each of 11 to 17, one each of 18 to 25.
    pub fn krypto() -> Multiset {
        let copies = |v: i64| match v {
            1..=6 => 3,
            7..=10 => 4,
            11..=17 => 2,
            _ => 1,
        };
        let pairs: Vec<(i64, u32)> = (1..=25).map(|v| (v, copies(v))).collect();
        Multiset::new(&pairs, "krypto").expect("the Krypto deck is a valid deck")
    }

    /// A deck of these (value, copies) pairs, in any order; `spec` names it
    /// in errors.
    pub fn new(pairs: &[(i64, u32)], spec: &str) -> Result<Multiset, RangeError> {
        let bad = |problem: String| RangeError::BadMultiset {
            deck: spec.to_string(),
            problem,
        };
        let mut sorted = pairs.to_vec();
        sorted.sort_unstable();
        let mut merged: Vec<(i64, u32)> = Vec::new();
        for (v, c) in sorted {
            if !(-VALUE_LIMIT..=VALUE_LIMIT).contains(&v) {
                return Err(bad(format!(
                    "value {v} leaves the supported card range -{VALUE_LIMIT}..{VALUE_LIMIT}"
                )));
            }
            match merged.last_mut() {
                Some((last, n)) if *last == v => {
                    *n = n.checked_add(c).ok_or_else(|| {
                        bad(format!("value {v} has more than {} copies", u32::MAX))
                    })?;
                }
                _ => merged.push((v, c)),
            }
        }
        if merged.is_empty() {
            return Err(bad("it names no card".into()));
        }
        if merged.len() > MAX_DECK_VALUES {
            return Err(bad(format!(
                "{} distinct values, more than the {MAX_DECK_VALUES} a deck may name",
                merged.len()
            )));
        }
        let mut m = Multiset {
            len: merged.len() as u8,
            values: [0; MAX_DECK_VALUES],
            copies: [0; MAX_DECK_VALUES],
        };
        for (i, (v, c)) in merged.into_iter().enumerate() {
            if c == 0 || c > MAX_COPIES {
                return Err(bad(format!(
                    "{c} copies of {v}: expected 1 to {MAX_COPIES}"
                )));
            }
            m.values[i] = v as i16;
            m.copies[i] = c as u8;
        }
        Ok(m)
    }

    /// (value, copies), values ascending.
    pub fn pairs(&self) -> impl Iterator<Item = (i64, u32)> + '_ {
        (0..self.len as usize).map(|i| (self.values[i] as i64, self.copies[i] as u32))
    }

    /// Copies of `v` in the deck (0 when absent).
    pub fn copies_of(&self, v: i64) -> u32 {
        self.pairs().find(|&(x, _)| x == v).map_or(0, |(_, c)| c)
    }

    /// Cards in the deck.
    pub fn size(&self) -> u64 {
        self.pairs().map(|(_, c)| c as u64).sum()
    }

    /// The smallest and largest value.
    pub fn range(&self) -> ValueRange {
        let (lo, hi) = (
            self.values[0] as i64,
            self.values[self.len as usize - 1] as i64,
        );
        ValueRange { lo, hi }
    }

    /// The option syntax: runs of consecutive values with equal copies as
    /// `LO..HI`, copies as `xN` when more than one: `1..10x2,25,50,75,100`.
    pub fn spec(&self) -> String {
        let pairs: Vec<(i64, u32)> = self.pairs().collect();
        let mut parts = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let mut j = i;
            while j + 1 < pairs.len()
                && pairs[j + 1].0 == pairs[j].0 + 1
                && pairs[j + 1].1 == pairs[i].1
            {
                j += 1;
            }
            let run = if j > i {
                format!("{}..{}", pairs[i].0, pairs[j].0)
            } else {
                pairs[i].0.to_string()
            };
            let copies = if pairs[i].1 > 1 {
                format!("x{}", pairs[i].1)
            } else {
                String::new()
            };
            parts.push(run + &copies);
            i = j + 1;
        }
        let spec = parts.join(",");
        // One card of one value would read as a number of copies.
        if spec.parse::<i64>().is_ok() {
            spec + "x1"
        } else {
            spec
        }
    }

    /// Parses the option syntax (items separated by `,`; an item is `V`,
    /// `LO..HI`, either followed by `xN` copies) or its folder spelling
    /// (`_` between items, `-` between bounds).
    pub fn parse(s: &str) -> Result<Multiset, RangeError> {
        let text = s.trim();
        let bad = |problem: String| RangeError::BadMultiset {
            deck: s.to_string(),
            problem,
        };
        let sep = if text.contains(',') || !text.contains('_') {
            ','
        } else {
            '_'
        };
        let mut pairs = Vec::new();
        for item in text.split(sep) {
            let item = item.trim();
            let (run, copies) = match item.split_once('x') {
                Some((run, n)) => (
                    run,
                    n.parse::<u32>()
                        .map_err(|_| bad(format!("\"{item}\": copies \"{n}\" are not a number")))?,
                ),
                None => (item, 1),
            };
            let (lo, hi) = if let Some((lo, hi)) = run.split_once("..") {
                (lo, hi)
            } else if let Some(cut) = run
                .char_indices()
                .skip(1)
                .find(|&(_, c)| c == '-')
                .map(|(i, _)| i)
            {
                (&run[..cut], &run[cut + 1..])
            } else {
                (run, run)
            };
            let parse = |v: &str| {
                v.trim().parse::<i64>().map_err(|_| {
                    bad(format!(
                        "\"{item}\" is not a value, a range LO..HI or either with xN"
                    ))
                })
            };
            let (lo, hi) = (parse(lo)?, parse(hi)?);
            if lo > hi {
                return Err(bad(format!("\"{item}\" is an empty range")));
            }
            // Wide enough to overflow i64 is wide too.
            if hi.checked_sub(lo).is_none_or(|width| width >= 1000) {
                return Err(bad(format!("\"{item}\" names more than 1000 values")));
            }
            pairs.extend((lo..=hi).map(|v| (v, copies)));
            // Checked as the list grows, not once it is whole: many wide
            // ranges must not be listed before they are refused.
            if pairs.len() > 1000 {
                return Err(bad("it names more than 1000 values".into()));
            }
        }
        Multiset::new(&pairs, s)
    }

    /// A standard 52-card deck: four each of 1 to 13.
    pub fn standard() -> Multiset {
        let pairs: Vec<(i64, u32)> = (1..=13).map(|v| (v, 4)).collect();
        Multiset::new(&pairs, "standard").expect("the standard deck is a valid deck")
    }

    /// The name of a preset deck with these cards, if it is one.
    fn preset(&self) -> Option<&'static str> {
        NAMED_DECKS
            .iter()
            .find(|(_, deck)| deck() == *self)
            .map(|(name, _)| *name)
    }
}

/// The decks known by name (`--deck standard`), each spelled so in folders.
/// A named deck: its name and how to make it.
pub type NamedDeck = (&'static str, fn() -> Multiset);

pub const NAMED_DECKS: [NamedDeck; 3] = [
    ("standard", Multiset::standard),
    ("countdown", Multiset::countdown),
    ("krypto", Multiset::krypto),
];

/// How many copies of each value the deck holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// At most this many copies of a value (4 in a standard 52-card deck).
    Copies(u32),
    /// Any number of copies: cards are drawn independently and uniformly
    /// (with replacement), so a hand's odds follow the multinomial law.
    Unlimited,
    /// Exactly these cards (`--deck 1..10x2,25,50,75,100`, or the presets
    /// `standard` and `countdown`); its values are its own, whatever
    /// `--values` says.
    Multiset(Multiset),
}

impl Default for Deck {
    fn default() -> Deck {
        Deck::Copies(4)
    }
}

impl Deck {
    /// The most copies of one value a hand may hold (for an explicit deck,
    /// the most of any of its values).
    pub fn cap(self) -> Option<u32> {
        match self {
            Deck::Copies(n) => Some(n),
            Deck::Unlimited => None,
            Deck::Multiset(m) => m.pairs().map(|(_, c)| c).max(),
        }
    }

    /// The folder spelling: `x4` (four copies of each value), `none`,
    /// `countdown`, or the multiset with `_` between items and `-` between
    /// bounds (`1-10x2_25_50_75_100`). Never a bare number, so that a hive
    /// reader (polars, DuckDB) reads the `deck` key as text in every table,
    /// whichever decks a scan meets.
    pub fn folder(self) -> String {
        match self {
            Deck::Copies(n) => format!("x{n}"),
            Deck::Multiset(m) if m.preset().is_none() => {
                m.spec().replace("..", "-").replace(',', "_")
            }
            other => other.to_string(),
        }
    }

    /// Cards in a finite deck dealing `values`; `None` for an unlimited one.
    pub fn cards(self, values: ValueRange) -> Option<u64> {
        match self {
            Deck::Copies(n) => Some(n as u64 * values.width()),
            Deck::Multiset(m) => Some(m.size()),
            Deck::Unlimited => None,
        }
    }

    /// The values the deck deals: its own for an explicit deck, else `values`.
    pub fn values_or(self, values: ValueRange) -> ValueRange {
        match self {
            Deck::Multiset(m) => m.range(),
            _ => values,
        }
    }
}

impl fmt::Display for Deck {
    /// `4`, `none`, `countdown` or the multiset, as in the option.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Deck::Copies(n) => write!(f, "{n}"),
            Deck::Unlimited => f.write_str("none"),
            Deck::Multiset(m) => match m.preset() {
                Some(name) => f.write_str(name),
                None => f.write_str(&m.spec()),
            },
        }
    }
}

impl FromStr for Deck {
    type Err = RangeError;

    /// `N` (or its folder spelling `xN`), `none`, a named deck
    /// ([`NAMED_DECKS`]), a multiset (either spelling).
    fn from_str(s: &str) -> Result<Deck, RangeError> {
        let t = s.trim();
        let t = match t.strip_prefix('x') {
            Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => t,
        };
        if t == "none" {
            return Ok(Deck::Unlimited);
        }
        if let Some((_, deck)) = NAMED_DECKS.iter().find(|(name, _)| *name == t) {
            return Ok(Deck::Multiset(deck()));
        }
        if let Ok(n) = t.parse::<u32>() {
            return if (1..=MAX_COPIES).contains(&n) {
                Ok(Deck::Copies(n))
            } else {
                Err(RangeError::BadDeck(s.to_string()))
            };
        }
        if t.is_empty() || !t.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            return Err(RangeError::BadDeck(s.to_string()));
        }
        Multiset::parse(t).map(Deck::Multiset)
    }
}

impl Serialize for Deck {
    /// A number of copies, or `null` for an unlimited deck.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Deck::Copies(n) => s.serialize_u32(*n),
            Deck::Unlimited => s.serialize_none(),
            Deck::Multiset(_) => s.serialize_str(&self.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ranges wide enough to overflow, copies that add past `u32`, and many
    /// wide ranges are refused by name, never listed or wrapped.
    #[test]
    fn huge_decks_are_refused_before_they_are_listed() {
        let err = |s: &str| s.parse::<Deck>().unwrap_err().to_string();
        let e = err("-9223372036854775808..9223372036854775807");
        assert!(e.contains("more than 1000 values"), "{e}");
        let e = err("1x4294967295,1x2");
        assert!(e.contains("copies"), "{e}");
        let many = vec!["1..999"; 5000].join(",");
        let e = err(&many);
        assert!(e.contains("more than 1000 values"), "{e}");
        assert!("1..10x2,25,50,75,100".parse::<Deck>().is_ok());
    }
}
