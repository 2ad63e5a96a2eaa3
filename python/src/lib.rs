//! The `census24` Python module over census24's polars-free core: exact
//! solving, grading, distinct solutions, every target at once and the
//! difficulty model. Each call releases the GIL; the `_many` forms run their
//! items in parallel. Bad input raises `ValueError` with the CLI's message.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;

use census24::canon::{self, Distinct};
use census24::difficulty::Tier;
use census24::difficulty::predict;
use census24::game::deck::Deck;
use census24::game::grade;
use census24::game::hand::Hand;
use census24::game::number::Q;
use census24::game::rules::{Rules, Use};
use census24::report::ops::Ops;
use census24::report::pick::{PickPlan, pick, to_jsonl};
use census24::solve::{Closest, solve_hand_using};
use census24::tables::layout::TableKey;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A hand from a string ("3 3 8 8") or a sequence of ints.
fn hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if obj.is_instance_of::<PyString>() {
        return Hand::parse(&obj.extract::<String>()?).map_err(value_error);
    }
    let cards: Vec<i64> = obj
        .extract()
        .map_err(|_| PyValueError::new_err("a hand is a string of cards or a sequence of ints"))?;
    let words: Vec<String> = cards.iter().map(i64::to_string).collect();
    Hand::parse_tokens(words.iter().map(String::as_str)).map_err(value_error)
}

/// A target from an int, a string ("7/2") or a `fractions.Fraction`.
fn target_of(obj: &Bound<'_, PyAny>) -> PyResult<Q> {
    if let Ok(n) = obj.extract::<i64>() {
        return Ok(Q::int(n));
    }
    if obj.is_instance_of::<PyString>() {
        return obj.extract::<String>()?.parse::<Q>().map_err(value_error);
    }
    if let (Ok(n), Ok(d)) = (obj.getattr("numerator"), obj.getattr("denominator")) {
        let too_large = |_| value_error(format!("target {obj} is too large for 64 bits"));
        let (n, d): (i64, i64) = (
            n.extract().map_err(too_large)?,
            d.extract().map_err(too_large)?,
        );
        return Q::new(n, d).ok_or_else(|| value_error(format!("{n}/{d} is not a target")));
    }
    Err(PyValueError::new_err(
        "a target is an int, a string such as \"7/2\" or a Fraction",
    ))
}

/// The target asked, or the standard game's (24).
fn target_or_standard(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Q> {
    obj.map_or(Ok(TableKey::standard(4).target), target_of)
}

/// The target, rules and use of a call.
fn game(target: Option<&Bound<'_, PyAny>>, rules: &str, uses: &str) -> PyResult<(Q, Rules, Use)> {
    Ok((target_or_standard(target)?, rules_of(rules)?, use_of(uses)?))
}

fn rules_of(s: &str) -> PyResult<Rules> {
    s.parse().map_err(value_error)
}

fn use_of(s: &str) -> PyResult<Use> {
    s.parse().map_err(value_error)
}

fn distinct_of(s: &str) -> PyResult<Distinct> {
    Distinct::ALL
        .into_iter()
        .find(|d| d.name() == s)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown distinct level \"{s}\" (expected dissimilar, structural or none)"
            ))
        })
}

/// The verdict on one answer.
#[pyclass(frozen, get_all, module = "census24")]
#[derive(Clone)]
struct Verdict {
    /// Whether the answer is a correct solution.
    correct: bool,
    /// Why it is wrong (the first fault), None when correct.
    reason: Option<String>,
    /// The exact value of the expression as a string ("24", "7/2"), None
    /// when it has none.
    value: Option<String>,
    /// The numbers the answer uses, as written.
    cards_used: Vec<i64>,
}

#[pymethods]
impl Verdict {
    fn __repr__(&self) -> String {
        match &self.reason {
            None => format!(
                "Verdict(correct=True, value={:?})",
                self.value.as_deref().unwrap_or("")
            ),
            Some(r) => format!("Verdict(correct=False, reason={r:?})"),
        }
    }

    fn __bool__(&self) -> bool {
        self.correct
    }
}

impl From<grade::Verdict> for Verdict {
    fn from(v: grade::Verdict) -> Verdict {
        Verdict {
            correct: v.correct,
            reason: v.reason,
            value: v.value.map(|q| q.to_string()),
            cards_used: v.cards_used,
        }
    }
}

/// check(hand, answer, target=24, rules="rational", use="all") -> Verdict
///
/// Grades an answer exactly (the rules of `census24 check`).
#[pyfunction]
#[pyo3(signature = (hand, answer, target = None, rules = "rational", r#use = "all"))]
fn check(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    answer: &str,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    r#use: &str,
) -> PyResult<Verdict> {
    let hand = hand_of(hand)?;
    let (target, rules, uses) = game(target, rules, r#use)?;
    let answer = answer.to_string();
    Ok(py
        .allow_threads(|| grade::grade(hand.cards(), &answer, target, rules, uses))
        .into())
}

/// check_many(items, target=24, rules="rational", use="all") -> list[Verdict]
///
/// Grades (hand, answer) pairs in parallel, in order.
#[pyfunction]
#[pyo3(signature = (items, target = None, rules = "rational", r#use = "all"))]
fn check_many(
    py: Python<'_>,
    items: &Bound<'_, PyList>,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    r#use: &str,
) -> PyResult<Vec<Verdict>> {
    let (target, rules, uses) = game(target, rules, r#use)?;
    let pairs: Vec<(Hand, String)> = items
        .iter()
        .map(|item| {
            // A (hand, answer) pair: a tuple, or a list as JSON gives it.
            let (h, a) = (item.get_item(0)?, item.get_item(1)?.extract::<String>()?);
            Ok((hand_of(&h)?, a))
        })
        .collect::<PyResult<_>>()?;
    Ok(py.allow_threads(|| {
        pairs
            .par_iter()
            .map(|(h, a)| grade::grade(h.cards(), a, target, rules, uses).into())
            .collect()
    }))
}

/// The simplest solution as `census24 solve` prints it.
fn solve_one(hand: &Hand, target: Q, rules: Rules, uses: Use) -> Result<Option<String>, String> {
    let out = solve_hand_using(hand, target, rules, Closest::Exact, Deck::Copies(4), uses)
        .map_err(|e| e.to_string())?;
    if !out.solved(target) {
        return Ok(None);
    }
    let mut expr = out.expr;
    if uses == Use::All && hand.len() <= canon::MAX_SIMPLEST_CARDS {
        expr = canon::simplest(hand, target, rules)
            .map_err(|e| e.to_string())?
            .or(expr);
    }
    Ok(expr.map(|e| e.to_infix_under(rules, false)))
}

/// solve(hand, target=24, rules="rational", use="all") -> str | None
///
/// The hand's simplest solution (what `census24 solve` prints), or None
/// when it has none (a proof by exhaustion).
#[pyfunction]
#[pyo3(signature = (hand, target = None, rules = "rational", r#use = "all"))]
fn solve(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    r#use: &str,
) -> PyResult<Option<String>> {
    let hand = hand_of(hand)?;
    let (target, rules, uses) = game(target, rules, r#use)?;
    py.allow_threads(|| solve_one(&hand, target, rules, uses))
        .map_err(value_error)
}

/// solve_many(hands, target=24, rules="rational", use="all") -> list[str | None]
///
/// `solve` of each hand, in parallel, in order.
#[pyfunction]
#[pyo3(signature = (hands, target = None, rules = "rational", r#use = "all"))]
fn solve_many(
    py: Python<'_>,
    hands: &Bound<'_, PyList>,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    r#use: &str,
) -> PyResult<Vec<Option<String>>> {
    let (target, rules, uses) = game(target, rules, r#use)?;
    let hands: Vec<Hand> = hands.iter().map(|h| hand_of(&h)).collect::<PyResult<_>>()?;
    py.allow_threads(|| {
        hands
            .par_iter()
            .map(|h| solve_one(h, target, rules, uses))
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(value_error)
}

/// Every solution at a distinct level, simplest first (`solve --all`).
fn listed(hand: &Hand, target: Q, rules: Rules, level: Distinct) -> Result<Vec<String>, String> {
    let text = |e: &census24::Expr| e.to_infix_under(rules, false);
    Ok(match level {
        Distinct::Trees => canon::trees(hand, target, rules)
            .map_err(|e| e.to_string())?
            .iter()
            .map(text)
            .collect(),
        level => canon::solutions(hand, target, rules)
            .map_err(|e| e.to_string())?
            .at(level)
            .into_iter()
            .map(|c| text(&c.expr))
            .collect(),
    })
}

/// solutions(hand, target=24, rules="rational", distinct="dissimilar") -> list[str]
///
/// Every solution at the distinct level (dissimilar, structural or none:
/// every tree), simplest first, as `census24 solve --all` lists them.
#[pyfunction]
#[pyo3(signature = (hand, target = None, rules = "rational", distinct = "dissimilar"))]
fn solutions(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    distinct: &str,
) -> PyResult<Vec<String>> {
    let (hand, target) = (hand_of(hand)?, target_or_standard(target)?);
    let (rules, level) = (rules_of(rules)?, distinct_of(distinct)?);
    py.allow_threads(|| listed(&hand, target, rules, level))
        .map_err(value_error)
}

/// count(hand, target=24, rules="rational", distinct="dissimilar") -> int
///
/// How many solutions at the distinct level (`census24 solve --all --count`).
#[pyfunction]
#[pyo3(signature = (hand, target = None, rules = "rational", distinct = "dissimilar"))]
fn count(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    distinct: &str,
) -> PyResult<usize> {
    Ok(solutions(py, hand, target, rules, distinct)?.len())
}

/// reachable(hand, lo, hi, rules="rational") -> dict[int, str]
///
/// Every whole target from lo to hi the hand makes, each with its simplest
/// solution (`census24 solve --targets LO..HI`).
#[pyfunction]
#[pyo3(signature = (hand, lo, hi, rules = "rational"))]
fn reachable<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    lo: i64,
    hi: i64,
    rules: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let (hand, rules) = (hand_of(hand)?, rules_of(rules)?);
    let found = py
        .allow_threads(|| canon::solutions_by_target(&hand, lo, hi, rules))
        .map_err(value_error)?;
    let out = PyDict::new(py);
    for (t, sols) in found {
        if let Some(c) = sols.classes.first() {
            out.set_item(t, c.expr.to_infix_under(rules, false))?;
        }
    }
    Ok(out)
}

/// How hard a hand is for people (docs/DIFFICULTY.md).
#[pyclass(frozen, get_all, module = "census24")]
#[derive(Clone)]
struct Difficulty {
    /// Predicted mean solve time of the players who solve it, seconds.
    time_s: f64,
    /// Predicted time within which 80% of the players who solve it do so.
    time_p80_s: f64,
    /// Predicted share of attempts that end solved.
    solve_rate: f64,
    /// 0 to 100.
    difficulty: f64,
    /// easy, medium, hard or expert.
    tier: String,
}

#[pymethods]
impl Difficulty {
    fn __repr__(&self) -> String {
        format!(
            "Difficulty(time_s={}, time_p80_s={}, solve_rate={}, difficulty={}, tier={:?})",
            self.time_s, self.time_p80_s, self.solve_rate, self.difficulty, self.tier
        )
    }
}

/// difficulty(hand, target=24, rules="rational") -> Difficulty | None
///
/// The predicted difficulty (the tables' predicted_time_s,
/// predicted_time_p80_s, predicted_solve_rate, difficulty and tier), None
/// when unsolvable.
#[pyfunction]
#[pyo3(signature = (hand, target = None, rules = "rational"))]
fn difficulty(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
) -> PyResult<Option<Difficulty>> {
    let (hand, target) = (hand_of(hand)?, target_or_standard(target)?);
    let rules = rules_of(rules)?;
    let p = py
        .allow_threads(|| {
            canon::solutions(&hand, target, rules).map(|s| predict(&hand, target, &s))
        })
        .map_err(value_error)?;
    Ok(p.map(|p| Difficulty {
        time_s: p.time_s,
        time_p80_s: p.time_p80_s,
        solve_rate: p.solve_rate,
        difficulty: p.difficulty,
        tier: p.tier.name().to_string(),
    }))
}

/// puzzles(...) -> list[str]: the JSON lines of `census24 pick --format
/// jsonl` for the standard game of `hand_size` cards (any target and rules),
/// solved in memory. The package's `puzzles` parses them.
#[pyfunction]
#[pyo3(signature = (
    hand_size = 4, n = 12, target = None, rules = "rational", tiers = None, ops = None,
    min_time = None, max_time = None, time_limit = None, stratify = false, spread = false,
    distinct_shapes = false, all = false, seed = 24
))]
#[allow(clippy::too_many_arguments)]
fn puzzles(
    py: Python<'_>,
    hand_size: usize,
    n: usize,
    target: Option<&Bound<'_, PyAny>>,
    rules: &str,
    tiers: Option<Vec<String>>,
    ops: Option<Vec<String>>,
    min_time: Option<f64>,
    max_time: Option<f64>,
    time_limit: Option<f64>,
    stratify: bool,
    spread: bool,
    distinct_shapes: bool,
    all: bool,
    seed: u32,
) -> PyResult<Vec<String>> {
    if all && (stratify || spread) {
        return Err(PyValueError::new_err(
            "all takes every hand: it goes with neither stratify nor spread",
        ));
    }
    let mut key = TableKey::standard(hand_size);
    key.target = target_or_standard(target)?;
    key.rules = rules_of(rules)?;
    let plan = PickPlan {
        count: if all { usize::MAX } else { n },
        tiers: tiers
            .unwrap_or_default()
            .iter()
            .map(|t| t.parse::<Tier>().map_err(value_error))
            .collect::<PyResult<_>>()?,
        min_time,
        max_time,
        time_limit,
        ops: ops
            .unwrap_or_default()
            .iter()
            .map(|o| o.parse::<Ops>().map_err(value_error))
            .collect::<PyResult<_>>()?,
        spread,
        distinct_shapes,
        seed,
        stratify,
    }
    .validate()
    .map_err(value_error)?;
    py.allow_threads(|| {
        let catalog = census24::report::catalog::solved(&key).map_err(|e| e.to_string())?;
        let set = pick(&catalog, &plan).map_err(|e| e.to_string())?;
        Ok(to_jsonl(&set, &plan, &key)
            .lines()
            .map(String::from)
            .collect())
    })
    .map_err(|e: String| value_error(e))
}

#[pymodule]
fn _census24(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Verdict>()?;
    m.add_class::<Difficulty>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(reachable, m)?)?;
    m.add_function(wrap_pyfunction!(difficulty, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles, m)?)?;
    Ok(())
}
