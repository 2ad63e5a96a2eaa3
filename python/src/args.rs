//! Python arguments to the core's values, strictly: each function's
//! arguments are checked here before anything is solved or allocated in
//! proportion to them, and every error is one line that starts with the
//! Python argument it is about (`hand: card "x" is not an integer`,
//! `hands[3]: ...` for an item of a list).
//!
//! Strict means no guessing: bytes are not text, a bool is not a number
//! (`True` is an `int` to Python, but `target=True` is a slip, not 1), a
//! float is not an exact target, and a string is not a pair.

use std::fmt::Display;

use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyFloat, PyInt, PyList, PyString, PyTuple};

use census24::game::deck::Deck;
use census24::game::error::{InputError, one_line};
use census24::game::hand::Hand;
use census24::game::number::Q;
use census24::game::presets::{self, Preset};

pyo3::create_exception!(
    census24,
    GaveUp,
    PyRuntimeError,
    "The search stopped without an answer: an exhaustive search ran past its \
     step budget (max_steps), or a hand of more than 12 cards is undecided. \
     Not a proof either way; None is the answer that proves a hand unsolvable."
);

/// A `ValueError` that names the argument: `arg: message`, on one line.
pub fn value_error(arg: &str, message: impl Display) -> PyErr {
    PyValueError::new_err(one_line(&format!("{arg}: {message}")))
}

/// A `TypeError` that names the argument: `arg: message`, on one line.
pub fn type_error(arg: &str, message: impl Display) -> PyErr {
    PyTypeError::new_err(one_line(&format!("{arg}: {message}")))
}

/// The error of a solve on the hand passed as `arg`: [`GaveUp`] when the
/// search stopped without an answer, a `ValueError` otherwise. Faults of the
/// hand (its size, a card) name `arg`; so does every error of an item of a
/// list (`hands[3]`), whose index is the only way to find it.
pub fn solve_error(arg: &str, e: InputError) -> PyErr {
    let about_hand = matches!(
        e,
        InputError::NoCards
            | InputError::NotAnInteger(_)
            | InputError::TooLarge(_)
            | InputError::TooManyCards { .. }
            | InputError::NotInDeck(_)
            | InputError::TooManyCopies { .. }
    );
    let text = if about_hand || arg.contains('[') {
        format!("{arg}: {e}")
    } else {
        e.to_string()
    };
    match e {
        InputError::TooHard { .. } | InputError::Undecided { .. } => {
            GaveUp::new_err(one_line(&text))
        }
        _ => PyValueError::new_err(one_line(&text)),
    }
}

/// What a value is, for a `TypeError`: `bytes`, `a bool (True)`, `a
/// float (24.0)`.
fn kind(obj: &Bound<'_, PyAny>) -> String {
    if let Ok(b) = obj.downcast::<PyBool>() {
        return format!("a bool ({})", if b.is_true() { "True" } else { "False" });
    }
    if obj.is_instance_of::<PyFloat>()
        && let Ok(r) = obj.repr()
    {
        return format!("a float ({r})");
    }
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an object".to_string())
}

/// A `str` argument's text. Lone surrogates (which UTF-8 cannot carry)
/// become U+FFFD, so they fail as the character they are, never as an
/// encoding error.
pub fn text(obj: &Bound<'_, PyAny>, arg: &str, example: &str) -> PyResult<String> {
    match obj.downcast::<PyString>() {
        Ok(s) => Ok(s.to_string_lossy().into_owned()),
        Err(_) => Err(type_error(
            arg,
            format!("expected a str such as {example}, not {}", kind(obj)),
        )),
    }
}

/// A name argument (`rules`, `use`, `distinct`, `closest`) parsed by the
/// core, its error naming the argument.
pub fn named<T>(obj: &Bound<'_, PyAny>, arg: &str, example: &str) -> PyResult<T>
where
    T: std::str::FromStr,
    T::Err: Display,
{
    text(obj, arg, example)?
        .parse()
        .map_err(|e| value_error(arg, e))
}

/// How many cards a function takes, and its name for the error
/// (`9 cards given, but distinct solutions takes at most 8`).
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub cards: usize,
    pub what: &'static str,
}

impl Limit {
    /// For functions without a limit of their own (grading is linear).
    pub const NONE: Limit = Limit {
        cards: usize::MAX,
        what: "",
    };

    fn check(self, count: usize, arg: &str) -> PyResult<()> {
        if count > self.cards {
            return Err(solve_error(
                arg,
                InputError::TooManyCards {
                    count,
                    limit: self.cards,
                    what: self.what,
                },
            ));
        }
        Ok(())
    }
}

/// A hand from a string (`"3 3 8 8"`, commas allowed) or a list or tuple
/// of ints, refused by size against `limit` before its cards are read.
pub fn hand(obj: &Bound<'_, PyAny>, arg: &str, limit: Limit) -> PyResult<Hand> {
    if let Ok(s) = obj.downcast::<PyString>() {
        let s = s.to_string_lossy();
        // Hand::parse's tokens, counted without allocating.
        let count = s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .count();
        limit.check(count, arg)?;
        return Hand::parse(&s).map_err(|e| solve_error(arg, e));
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = obj.downcast::<PyList>() {
        limit.check(l.len(), arg)?;
        l.iter().collect()
    } else if let Ok(t) = obj.downcast::<PyTuple>() {
        limit.check(t.len(), arg)?;
        t.iter().collect()
    } else {
        let hint = if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
            " (decode bytes first)"
        } else {
            ""
        };
        return Err(type_error(
            arg,
            format!(
                "expected a str of cards such as \"3 3 8 8\" or a list of ints, not {}{hint}",
                kind(obj)
            ),
        ));
    };
    let cards = items
        .iter()
        .enumerate()
        .map(|(i, card)| int_of(card, &format!("card {i} is ")).map_err(|e| in_hand(arg, e)))
        .collect::<PyResult<Vec<i64>>>()?;
    Hand::new(cards).map_err(|e| solve_error(arg, e))
}

/// `e` (about one card) said of the hand `arg`.
fn in_hand(arg: &str, e: IntError) -> PyErr {
    match e {
        IntError::Type(m) => type_error(arg, m),
        IntError::Value(m) => value_error(arg, m),
    }
}

/// Why an int argument was refused, before it names its argument.
enum IntError {
    Type(String),
    Value(String),
}

/// An `int` (or an object with `__index__`, such as a NumPy integer), never
/// a bool or a float, that fits 64 bits. `what` names it in the error
/// (`card 2 is `), or is empty for the argument itself.
fn int_of(obj: &Bound<'_, PyAny>, what: &str) -> Result<i64, IntError> {
    if obj.is_instance_of::<PyBool>() {
        return Err(IntError::Type(format!("{what}{}, not an int", kind(obj))));
    }
    match obj.extract::<i64>() {
        Ok(n) => Ok(n),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(IntError::Value(format!(
            "{what}an int of {} bits: numbers must lie between -2^63 and 2^63-1",
            bits(obj)
        ))),
        Err(_) => Err(IntError::Type(format!("{what}{}, not an int", kind(obj)))),
    }
}

/// The bit length of a Python int, for an error (its digits could be
/// millions, and Python refuses to print more than 4300).
fn bits(obj: &Bound<'_, PyAny>) -> String {
    obj.call_method0("bit_length")
        .and_then(|b| b.extract::<u64>())
        .map_or_else(|_| "more than 64".to_string(), |b| b.to_string())
}

/// An int argument from `lo` to `hi`.
pub fn int_in(obj: &Bound<'_, PyAny>, arg: &str, lo: i64, hi: i64) -> PyResult<i64> {
    let n = int_of(obj, "").map_err(|e| match e {
        IntError::Type(_) => type_error(arg, format!("expected an int, not {}", kind(obj))),
        IntError::Value(_) => value_error(
            arg,
            format!(
                "an int of {} bits is out of range ({lo} to {hi})",
                bits(obj)
            ),
        ),
    })?;
    if !(lo..=hi).contains(&n) {
        return Err(value_error(
            arg,
            format!("{n} is out of range ({lo} to {hi})"),
        ));
    }
    Ok(n)
}

/// A bool argument: `True` or `False`, nothing else (a 0 or a string
/// there is a slip, such as a positional argument one place off).
pub fn flag(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<bool> {
    match obj.downcast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => Err(type_error(
            arg,
            format!("expected True or False, not {}", kind(obj)),
        )),
    }
}

/// An optional number of seconds: None, an int or a float (the core
/// refuses NaN, infinities and negatives by name).
pub fn seconds(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<Option<f64>> {
    if obj.is_none() {
        return Ok(None);
    }
    if obj.is_instance_of::<PyBool>()
        || !(obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyFloat>())
    {
        return Err(type_error(
            arg,
            format!("expected a number of seconds or None, not {}", kind(obj)),
        ));
    }
    obj.extract::<f64>().map(Some).map_err(|_| {
        value_error(
            arg,
            format!("an int of {} bits is not a number of seconds", bits(obj)),
        )
    })
}

/// A target: an int, a string (`"7/2"`) or a `fractions.Fraction` (any
/// object with int `numerator` and `denominator`). Never a float: 0.1 is
/// not the tenth it looks like, and the game is exact.
pub fn target(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<Q> {
    let bad = |e: IntError| match e {
        IntError::Type(m) => type_error(arg, m),
        IntError::Value(m) => value_error(arg, m),
    };
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyFloat>() {
        return Err(type_error(
            arg,
            format!(
                "{} is not an exact number: give an int, a str such as \"7/2\" or a fractions.Fraction",
                kind(obj)
            ),
        ));
    }
    if obj.is_instance_of::<PyInt>() {
        return int_of(obj, "").map(Q::int).map_err(bad);
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return s
            .to_string_lossy()
            .parse::<Q>()
            .map_err(|e| value_error(arg, e));
    }
    if let (Ok(n), Ok(d)) = (obj.getattr("numerator"), obj.getattr("denominator")) {
        let n = int_of(&n, "its numerator is ").map_err(bad)?;
        let d = int_of(&d, "its denominator is ").map_err(bad)?;
        return Q::new(n, d).ok_or_else(|| value_error(arg, format!("{n}/{d} is not a number")));
    }
    Err(type_error(
        arg,
        format!(
            "expected an int, a str such as \"7/2\" or a fractions.Fraction, not {}",
            kind(obj)
        ),
    ))
}

/// Names given as one str (`"hard,expert"`, as the command line takes
/// them) or a list or tuple of str; None for none.
pub fn names<T>(obj: &Bound<'_, PyAny>, arg: &str, example: &str) -> PyResult<Vec<T>>
where
    T: std::str::FromStr,
    T::Err: Display,
{
    let parse = |s: &str, at: &str| s.trim().parse::<T>().map_err(|e| value_error(at, e));
    if obj.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return s
            .to_string_lossy()
            .split(',')
            .map(|s| parse(s, arg))
            .collect();
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = obj.downcast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = obj.downcast::<PyTuple>() {
        t.iter().collect()
    } else {
        return Err(type_error(
            arg,
            format!(
                "expected a str such as {example}, a list of them or None, not {}",
                kind(obj)
            ),
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let at = format!("{arg}[{i}]");
            parse(&text(item, &at, example)?, &at)
        })
        .collect()
}

/// The items of a list or tuple argument (`hands`, `items`): never a str,
/// whose characters are not hands.
pub fn sequence<'py>(
    obj: &Bound<'py, PyAny>,
    arg: &str,
    of: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if let Ok(l) = obj.downcast::<PyList>() {
        return Ok(l.iter().collect());
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(t.iter().collect());
    }
    Err(type_error(
        arg,
        format!("expected a list of {of}, not {}", kind(obj)),
    ))
}

/// A `(hand, answer)` pair: a tuple or list of two, as JSON gives it.
pub fn pair<'py>(
    obj: &Bound<'py, PyAny>,
    arg: &str,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let items: Vec<Bound<'py, PyAny>> = if let Ok(l) = obj.downcast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = obj.downcast::<PyTuple>() {
        t.iter().collect()
    } else {
        return Err(type_error(
            arg,
            format!("expected a (hand, answer) pair, not {}", kind(obj)),
        ));
    };
    match <[Bound<'py, PyAny>; 2]>::try_from(items) {
        Ok([h, a]) => Ok((h, a)),
        Err(items) => Err(value_error(
            arg,
            format!(
                "expected a (hand, answer) pair, not {} {}",
                items.len(),
                if items.len() == 1 { "item" } else { "items" }
            ),
        )),
    }
}

/// A deck: a number of copies (an int or a str), `"none"`, `"standard"`,
/// `"countdown"` or a multiset such as `"1..10x2,25,50,75,100"`.
pub fn deck(obj: &Bound<'_, PyAny>) -> PyResult<Deck> {
    let text = if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        int_in(obj, "deck", i64::MIN, i64::MAX)?.to_string()
    } else {
        text(obj, "deck", "\"4\" or \"none\"")?
    };
    text.parse().map_err(|e| value_error("deck", e))
}

/// `parse(obj)`, or None when `obj` is None (the game's own value).
pub fn given<'py, T>(
    obj: &Bound<'py, PyAny>,
    parse: impl FnOnce(&Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Option<T>> {
    if obj.is_none() {
        Ok(None)
    } else {
        parse(obj).map(Some)
    }
}

/// A game's name: a preset of the core's registry.
pub fn preset(obj: &Bound<'_, PyAny>) -> PyResult<&'static Preset> {
    presets::preset(&text(obj, "game", "\"countdown\"")?).map_err(|e| value_error("game", e))
}
