//! A hand: the multiset of card values, parsed, validated and sorted.

use std::fmt;
use std::num::IntErrorKind;

use crate::game::error::{InputError, shown};
use crate::game::number::{Q, height_bound};

/// The most cards the exact subset solver accepts.
pub const MAX_EXACT_CARDS: usize = 12;

/// A multiset of card values, kept sorted ascending so that equal hands are
/// equal values and equal cards sit next to each other.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hand {
    cards: Vec<i64>,
}

impl Hand {
    /// A hand from card values in any order. Fails on an empty hand.
    pub fn new(mut cards: Vec<i64>) -> Result<Hand, InputError> {
        if cards.is_empty() {
            return Err(InputError::NoCards);
        }
        cards.sort_unstable();
        Ok(Hand { cards })
    }

    /// Parses whitespace- or comma-separated decimal integers, e.g. `"3 8 8 9"`.
    pub fn parse(text: &str) -> Result<Hand, InputError> {
        Hand::parse_tokens(
            text.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty()),
        )
    }

    /// Parses one card per token.
    pub fn parse_tokens<'a>(tokens: impl IntoIterator<Item = &'a str>) -> Result<Hand, InputError> {
        let cards = tokens
            .into_iter()
            .map(|t| {
                t.trim().parse::<i64>().map_err(|e| match e.kind() {
                    IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                        InputError::TooLarge(shown(t))
                    }
                    _ => InputError::NotAnInteger(shown(t)),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Hand::new(cards)
    }

    /// Fails unless the hand has at most `limit` cards.
    pub fn check_size(&self, limit: usize, what: &'static str) -> Result<(), InputError> {
        if self.len() > limit {
            return Err(InputError::TooManyCards {
                count: self.len(),
                limit,
                what,
            });
        }
        Ok(())
    }

    /// Fails unless no expression over this hand, nor any comparison with
    /// `target`, can overflow 64-bit exact arithmetic (see [`height_bound`]).
    pub fn check_range(&self, target: Q) -> Result<(), InputError> {
        match height_bound(&self.cards, target) {
            Some(h) if h < i64::MAX as u128 => Ok(()),
            _ => Err(InputError::OutOfRange {
                hand: self.to_string(),
                target: target.to_string(),
            }),
        }
    }

    pub fn cards(&self) -> &[i64] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

impl fmt::Display for Hand {
    /// Cards separated by single spaces, ascending: `1 3 4 6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cards.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sorts_and_prints() {
        let h = Hand::parse("8, 3 9  8").unwrap();
        assert_eq!(h.cards(), &[3, 8, 8, 9]);
        assert_eq!(h.to_string(), "3 8 8 9");
    }

    #[test]
    fn names_the_bad_card() {
        assert_eq!(
            Hand::parse("3 x 8"),
            Err(InputError::NotAnInteger("x".into()))
        );
        assert_eq!(Hand::parse("  "), Err(InputError::NoCards));
        assert_eq!(
            Hand::parse("1 99999999999999999999"),
            Err(InputError::TooLarge("99999999999999999999".into()))
        );
        assert_eq!(
            Hand::parse("-99999999999999999999"),
            Err(InputError::TooLarge("-99999999999999999999".into()))
        );
    }

    #[test]
    fn range_check_rejects_huge_cards() {
        let h = Hand::parse("1000000000000 1000000000000").unwrap();
        assert!(h.check_range(Q::int(24)).is_err());
        assert!(
            Hand::parse("100 100 100 100 100 100")
                .unwrap()
                .check_range(Q::int(999))
                .is_ok()
        );
    }
}
