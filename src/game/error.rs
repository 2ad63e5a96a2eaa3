//! Errors of the library: each names the bad value and what was expected.

use thiserror::Error;

/// Something wrong with what the user asked for: a card, a target, a rule set,
/// a hand size. The binary prints it on one line and exits with status 2.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    #[error("card \"{0}\" is not an integer")]
    NotAnInteger(String),
    #[error("\"{0}\" is not a number (expected an integer such as 24 or a fraction such as 7/2)")]
    BadNumber(String),
    #[error("\"{0}\" has a zero denominator")]
    ZeroDenominator(String),
    #[error("no cards given: a hand needs at least one card")]
    NoCards,
    #[error("{count} cards given, but {what} takes at most {limit}")]
    TooManyCards {
        count: usize,
        limit: usize,
        what: &'static str,
    },
    #[error("unknown rule set \"{0}\" (expected rational, integer or natural)")]
    UnknownRules(String),
    #[error(
        "hand {hand} with target {target} is too large for exact arithmetic: \
         (|numerator|+denominator of the target) x product of (|card|+1) must stay below 2^63"
    )]
    OutOfRange { hand: String, target: String },
    #[error("card {0} is not in a deck (values 1 to 13; use --deck none for any integers)")]
    NotInDeck(i64),
    #[error("value {value} appears {count} times, but a deck has {copies}")]
    TooManyCopies { value: i64, count: u32, copies: u32 },
    #[error(
        "hand {hand} with target {target} is undecided: no small core plus zero group makes \
         the target and the hand is too large for an exhaustive search (see docs/BIG_HANDS.md)"
    )]
    Undecided { hand: String, target: String },
    #[error("{0}")]
    Other(String),
}

/// Why an expression could not be evaluated exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum EvalError {
    #[error("division by zero")]
    DivisionByZero,
    #[error("an intermediate result does not fit in 64-bit exact arithmetic")]
    Overflow,
    #[error("an intermediate result breaks the rule set")]
    BreaksRules,
}
