//! Errors of the library: each names the bad value and what was expected.

use thiserror::Error;

use crate::game::uses::Use;

/// Something wrong with what the user asked for: a card, a target, a rule set,
/// a hand size. The binary prints it on one line and exits with status 2.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    #[error("card \"{0}\" is not an integer")]
    NotAnInteger(String),
    #[error("\"{0}\" is too large: numbers must lie between -2^63 and 2^63-1")]
    TooLarge(String),
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
    #[error("unknown rule set \"{}\" (expected rational, integer, natural or positive)", shown(.0))]
    UnknownRules(String),
    #[error(
        "hand {hand} with target {target} is too large for exact arithmetic: \
         (|numerator|+denominator of the target) x product of (|card|+1) must stay below 2^63"
    )]
    OutOfRange { hand: String, target: String },
    #[error("card {0} is not in a deck (values 1 to 13; the deck \"none\" takes any integers)")]
    NotInDeck(i64),
    #[error("value {value} appears {count} times, but a deck has {copies}")]
    TooManyCopies { value: i64, count: u32, copies: u32 },
    #[error(
        "hand {hand} with target {target} is undecided: no small core plus zero group makes \
         the target and the hand is too large for an exhaustive search (see docs/BIG_HANDS.md)"
    )]
    Undecided { hand: String, target: String },
    #[error(
        "hand {hand} with target {target} needs more than {steps} steps of exhaustive \
         search, the limit that keeps a solve to seconds: no answer ({})",
        too_hard_cause(*uses)
    )]
    TooHard {
        hand: String,
        target: String,
        steps: u64,
        /// Which cards a solution had to use: with any selection, every
        /// sub-hand is searched, so fewer cards reach the limit.
        uses: Use,
    },
    #[error("{0}")]
    Other(String),
}

impl InputError {
    /// `input` is none of the names of `what` (a tier, an order), which are
    /// `expected` ("a, b or c"): the error of parsing every enum declared
    /// by `crate::game::named::named!` but the rule sets.
    pub fn unknown(what: &str, input: &str, expected: &str) -> InputError {
        InputError::Other(format!(
            "unknown {what} \"{}\" (expected {expected})",
            shown(input)
        ))
    }
}

/// Which hands reach the step limit, as [`InputError::TooHard`] says.
fn too_hard_cause(uses: Use) -> &'static str {
    match uses {
        Use::All => {
            "hands of 9 or more different cards whose target is out of reach, or \
             the closest value to a target for 9 or more, can need billions"
        }
        Use::Any => {
            "with use any every selection of the cards is searched: 8 or more \
             different cards whose target is out of reach can need billions"
        }
    }
}

/// The longest piece of user input an error message quotes.
const SHOWN_CHARS: usize = 40;

/// `text` as an error message quotes it: control characters and quotes
/// escaped (a stray escape sequence must not reach the terminal), and cut
/// after [`SHOWN_CHARS`] characters with the full length named, so that a
/// 5 MB token makes a one-line message.
pub fn shown(text: &str) -> String {
    escape_and_cut(text, SHOWN_CHARS, &['"', '\\'])
}

/// The longest error message printed whole, in characters: room for two
/// paths and every quoted value, and a bound on what one bad input can make
/// a message print.
pub const MESSAGE_CHARS: usize = 2000;

/// An error message as it is printed or raised: one line (its line breaks
/// and every other control character escaped, so that no value it quotes,
/// a path or a JSON field, can split it or reach the terminal as an escape
/// sequence), cut after [`MESSAGE_CHARS`] characters.
pub fn one_line(message: &str) -> String {
    escape_and_cut(message, MESSAGE_CHARS, &[])
}

/// `text` with control characters (and a byte-order mark, and `also`)
/// escaped, cut after `max` characters with its length in bytes named.
pub fn escape_and_cut(text: &str, max: usize, also: &[char]) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(max) {
        if c.is_control() || c == '\u{feff}' || also.contains(&c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if chars.next().is_some() {
        out.push_str(&format!("... ({} bytes)", text.len()));
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_escapes_control_characters_and_cuts_long_text() {
        assert_eq!(shown("x"), "x");
        assert_eq!(shown("a\x1b[31mb\n"), "a\\u{1b}[31mb\\n");
        assert_eq!(shown("say \"hi\""), "say \\\"hi\\\"");
        let long = "9".repeat(5_000_000);
        let s = shown(&long);
        assert_eq!(s, format!("{}... (5000000 bytes)", "9".repeat(SHOWN_CHARS)));
    }
}
