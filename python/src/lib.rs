//! The `census24._census24` module over census24's polars-free core: exact
//! solving, grading, distinct solutions, every target at once, the
//! difficulty model, puzzle sets and the check of a shipped table.
//!
//! Each function takes every argument positionally; `census24/__init__.py`
//! gives them their Python signatures, whose defaults are this module's
//! constants, read from the core (so `inspect.signature` and the core agree
//! by construction). Arguments are checked in [`args`] before any work;
//! every call releases the GIL while it solves, and the `_many` forms run
//! their items in parallel.

mod args;
mod table;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use census24::canon::answer::{Pick, Policy, answer};
use census24::canon::{self, Distinct, MAX_DISTINCT_CARDS, MAX_TARGETS_CARDS, MAX_TREE_CARDS};
use census24::difficulty::figures::FIGURES;
use census24::difficulty::{Tier, predict};
use census24::game::error::InputError;
use census24::game::family::{Game, Targets};
use census24::game::hand::{Hand, MAX_EXACT_CARDS};
use census24::game::number::Q;
use census24::game::presets::{self, Choice};
use census24::game::rules::Use;
use census24::game::targets::{MAX_TARGETS, TARGET_LIMIT, TargetRange};
use census24::game::{grade, unsolvable, verdict};
use census24::puzzles::catalog::{self, Entry, MAX_SOLVED_CARDS};
use census24::puzzles::filter::{FilterError, Flag, HandFilter};
use census24::puzzles::ops::Ops;
use census24::puzzles::pick::{DEFAULT_COUNT, DEFAULT_SEED, PickError, PickPlan, pick_played};
use census24::solve::bighand::MAX_BIG_CARDS;
use census24::solve::{Closest, MAX_STEPS, Search};
use census24::tables::layout::TableKey;
use census24::tasks::prompt::{Template, pose};
use census24::tasks::{self as task_source, TaskPlan};

use args::{GaveUp, Limit, given, solve_error, value_error};

/// The game of a call: the preset `game` names (the standard 24 when
/// None), with `target`, `rules` and `use` replacing its fields when given
/// ([`Choice`], as the command line's options resolve). A named game holds
/// each hand to its size and deck.
#[derive(Clone, Copy)]
struct Call {
    game: Game,
    named: bool,
}

impl Call {
    fn of(
        game: &Bound<'_, PyAny>,
        target: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
        uses: &Bound<'_, PyAny>,
    ) -> PyResult<Call> {
        let choice = Choice {
            preset: given(game, args::preset)?,
            targets: given(target, |t| args::target(t, "target").map(Targets::One))?,
            rules: given(rules, |r| args::named(r, "rules", "\"rational\""))?,
            uses: given(uses, |u| args::named(u, "use", "\"all\""))?,
            ..Choice::default()
        };
        Ok(Call {
            game: choice.game(),
            named: choice.named(),
        })
    }

    /// The one target: a game of many targets (countdown) needs one named.
    fn target(&self) -> PyResult<Q> {
        self.game.target().ok_or_else(|| {
            value_error(
                "target",
                format!(
                    "this game plays targets {}: give the one to reach",
                    self.game.targets
                ),
            )
        })
    }

    /// The hand `obj`, held to the game when one was named: its size and
    /// deck, and with one target in a game whose objective is dealt after
    /// the hand (Krypto), an objective the deck still holds.
    fn hand(&self, obj: &Bound<'_, PyAny>, arg: &str, limit: Limit) -> PyResult<Hand> {
        let hand = args::hand(obj, arg, limit)?;
        let fault = |g: &Game| match g.target() {
            Some(t) => g.deal_fault(hand.cards(), t),
            None => g.hand_fault(hand.cards()),
        };
        match self.named.then(|| fault(&self.game)) {
            Some(Some(fault)) => Err(value_error(arg, fault)),
            _ => Ok(hand),
        }
    }
}

/// How `check` reads its answer: as the answer itself, or (`extract`) a
/// reply to take the final answer from; and what the task says of itself
/// (`solvable`, `closest`), which decides a reply that says there is no
/// solution ([`unsolvable`]).
#[derive(Clone, Copy, Default)]
struct Reading {
    extract: bool,
    facts: unsolvable::TaskFacts,
}

impl Reading {
    fn of(
        extract: &Bound<'_, PyAny>,
        solvable: &Bound<'_, PyAny>,
        closest: &Bound<'_, PyAny>,
    ) -> PyResult<Reading> {
        Ok(Reading {
            extract: args::flag(extract, "extract")?,
            facts: unsolvable::TaskFacts {
                solvable: given(solvable, |s| args::flag(s, "solvable"))?,
                closest: given(closest, |c| args::target(c, "closest"))?,
            },
        })
    }
}

/// The verdict on `answer` for `target` in `game`, an expression or steps
/// (told apart as `census24 check` does), with its points under the
/// game's scoring, as `census24 check --score` (and, with `extract`,
/// `--extract`) gives them.
fn graded(game: &Game, target: Q, cards: &[i64], answer: &str, r: Reading) -> Verdict {
    let f = grade::Format::Auto;
    let v = match r.extract {
        false => grade::grade_as(cards, answer, target, game.rules, game.uses, f).0,
        true => match census24::game::extract::extract(answer) {
            census24::game::extract::Extraction::Found { answer, .. } => {
                grade::grade_as(cards, &answer, target, game.rules, game.uses, f).0
            }
            census24::game::extract::Extraction::NoAnswer(why) => verdict::Verdict {
                correct: false,
                reason: Some(why),
                value: None,
                cards_used: Vec::new(),
                legal: false,
            },
        },
    };
    let g = unsolvable::settle_text(v, answer, r.facts, &game.scoring, target);
    let v = g.verdict;
    Verdict {
        correct: v.correct,
        reason: v.reason,
        value: v.value.map(|q| q.to_string()),
        cards_used: v.cards_used,
        points: g.points,
        max_points: game.scoring.best(),
    }
}

/// The final answer of a model's reply, as `census24 check --extract` takes
/// it: `(answer, source)`, or `(None, why)` when the reply has none.
#[pyfunction]
fn extract(py: Python<'_>, reply: &Bound<'_, PyAny>) -> PyResult<(Option<String>, String)> {
    let reply = args::text(reply, "reply", "\"Answer: 8/(3-8/3)\"")?;
    Ok(
        py.allow_threads(|| match census24::game::extract::extract(&reply) {
            census24::game::extract::Extraction::Found { answer, source } => {
                (Some(answer), source.name().to_string())
            }
            census24::game::extract::Extraction::NoAnswer(why) => (None, why),
        }),
    )
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
    /// The points the game gives it, as `census24 check --score` does: 1
    /// or 0 in a game scored right or wrong (24, Krypto); by distance in
    /// one that scores near misses (Countdown 10, 7 or 5; Digits' stars 3,
    /// 2 or 1).
    points: u32,
    /// The points of a right answer in the game (1, Countdown's 10,
    /// Digits' 3): `points / max_points` is a reward from 0 to 1.
    max_points: u32,
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

/// Grades an answer exactly (the rules of `census24 check`).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    answer: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
    extract: &Bound<'_, PyAny>,
    solvable: &Bound<'_, PyAny>,
    closest: &Bound<'_, PyAny>,
) -> PyResult<Verdict> {
    let call = Call::of(game, target, rules, uses)?;
    let hand = call.hand(hand, "hand", Limit::NONE)?;
    let answer = args::text(answer, "answer", "\"8/(3-8/3)\"")?;
    let reading = Reading::of(extract, solvable, closest)?;
    let (g, target) = (call.game, call.target()?);
    Ok(py.allow_threads(|| graded(&g, target, hand.cards(), &answer, reading)))
}

/// Grades (hand, answer) pairs in parallel, in order.
#[pyfunction]
fn check_many(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<Vec<Verdict>> {
    let call = Call::of(game, target, rules, uses)?;
    let (g, target) = (call.game, call.target()?);
    let pairs: Vec<(Hand, String)> = args::sequence(items, "items", "(hand, answer) pairs")?
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let at = format!("items[{i}]");
            let (h, a) = args::pair(item, &at)?;
            let hand = call.hand(&h, &at, Limit::NONE)?;
            Ok((hand, args::text(&a, &at, "\"8/(3-8/3)\"")?))
        })
        .collect::<PyResult<_>>()?;
    Ok(py.allow_threads(|| {
        pairs
            .par_iter()
            .map(|(h, a)| graded(&g, target, h.cards(), a, Reading::default()))
            .collect()
    }))
}

/// How `solve` answers: the policy, and the hand sizes it takes.
struct SolvePlan {
    call: Call,
    target: Q,
    policy: Policy,
}

impl SolvePlan {
    #[allow(clippy::too_many_arguments)]
    fn of(
        target: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
        uses: &Bound<'_, PyAny>,
        closest: &Bound<'_, PyAny>,
        first: &Bound<'_, PyAny>,
        max_steps: &Bound<'_, PyAny>,
        deck: &Bound<'_, PyAny>,
        game: &Bound<'_, PyAny>,
    ) -> PyResult<SolvePlan> {
        let call = Call::of(game, target, rules, uses)?;
        let of_game = Policy::of_game(&call.game);
        let closest = given(closest, |c| {
            args::named(c, "closest", "\"exact\", \"below\" or \"nearest\"")
        })?;
        let first = args::flag(first, "first")?;
        if first && closest.is_some_and(|c| c != Closest::Exact) {
            // As `census24 solve --first --closest` is refused: the first
            // solution found is a speed-up for batches that only decide.
            return Err(value_error(
                "first",
                "the first solution found is not asked together with closest",
            ));
        }
        let max_steps = args::int_in(max_steps, "max_steps", 1, i64::MAX)? as u64;
        // As the command line: the game's policy (a game that scores near
        // misses answers with the nearest value; big hands from its deck),
        // each argument given replacing its part.
        let search = Search {
            closest: closest.unwrap_or(of_game.search.closest),
            deck: given(deck, args::deck)?.unwrap_or(of_game.search.deck),
            max_steps,
        };
        Ok(SolvePlan {
            target: call.target()?,
            call,
            policy: Policy {
                pick: if first { Pick::First } else { Pick::Simplest },
                search,
            },
        })
    }

    /// The most cards a hand may have: the big-hand solver's for every
    /// card, the exact solver's for any selection.
    fn limit(&self) -> Limit {
        match self.call.game.uses {
            Use::All => Limit {
                cards: MAX_BIG_CARDS,
                what: "the big-hand solver",
            },
            Use::Any => Limit {
                cards: MAX_EXACT_CARDS,
                what: "use any",
            },
        }
    }

    /// The expression of the answer: worth the target, or with closest the
    /// closest value; None when there is none.
    fn solve(&self, hand: &Hand) -> Result<Option<String>, InputError> {
        let (g, target) = (self.call.game, self.target);
        let out = answer(hand, target, g.rules, g.uses, &self.policy)?;
        let shown = self.policy.search.closest != Closest::Exact || out.solved(target);
        Ok(out
            .expr
            .filter(|_| shown)
            .map(|e| e.to_infix_under(g.rules, false)))
    }
}

/// The hand's simplest solution, or None when it has none.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    closest: &Bound<'_, PyAny>,
    first: &Bound<'_, PyAny>,
    max_steps: &Bound<'_, PyAny>,
    deck: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<Option<String>> {
    let plan = SolvePlan::of(target, rules, uses, closest, first, max_steps, deck, game)?;
    let hand = plan.call.hand(hand, "hand", plan.limit())?;
    py.allow_threads(|| plan.solve(&hand))
        .map_err(|e| solve_error("hand", e))
}

/// `solve` of each hand, in parallel, in order.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn solve_many(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    closest: &Bound<'_, PyAny>,
    first: &Bound<'_, PyAny>,
    max_steps: &Bound<'_, PyAny>,
    deck: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<Vec<Option<String>>> {
    let plan = SolvePlan::of(target, rules, uses, closest, first, max_steps, deck, game)?;
    let hands: Vec<Hand> = args::sequence(hands, "hands", "hands")?
        .iter()
        .enumerate()
        .map(|(i, h)| plan.call.hand(h, &format!("hands[{i}]"), plan.limit()))
        .collect::<PyResult<_>>()?;
    py.allow_threads(|| {
        hands
            .par_iter()
            .enumerate()
            .map(|(i, h)| plan.solve(h).map_err(|e| (i, e)))
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(|(i, e)| solve_error(&format!("hands[{i}]"), e))
}

/// The most cards listing at `level` takes: every tree is held at once.
fn listing_limit(level: Distinct) -> Limit {
    match level {
        Distinct::Trees => Limit {
            cards: MAX_TREE_CARDS,
            what: "listing every tree (distinct none)",
        },
        _ => Limit {
            cards: MAX_DISTINCT_CARDS,
            what: "distinct solutions",
        },
    }
}

/// The solutions `census24 solve --all` lists: one per class at `level`
/// (trees with the brackets that tell them apart), simplest first; with
/// use any, those of each selection of the cards in turn, fewest cards
/// first.
fn listed(hand: &Hand, g: Game, target: Q, level: Distinct) -> Result<Vec<String>, InputError> {
    let of_hand = |hand: &Hand| -> Result<Vec<String>, InputError> {
        Ok(match level {
            Distinct::Trees => canon::trees(hand, target, g.rules)?
                .iter()
                .map(|e| e.to_infix_tree(false))
                .collect(),
            level => canon::solutions(hand, target, g.rules)?
                .at(level)
                .into_iter()
                .map(|c| c.expr.to_infix_under(g.rules, false))
                .collect(),
        })
    };
    match g.uses {
        Use::All => of_hand(hand),
        Use::Any => {
            let mut out = Vec::new();
            for sub in census24::solve::sub_hands(hand)? {
                out.extend(of_hand(&sub)?);
            }
            Ok(out)
        }
    }
}

/// Every solution at the distinct level, simplest first.
#[pyfunction]
fn solutions(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    distinct: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let call = Call::of(game, target, rules, uses)?;
    let target = call.target()?;
    let level: Distinct = args::named(distinct, "distinct", "\"dissimilar\"")?;
    let hand = call.hand(hand, "hand", listing_limit(level))?;
    py.allow_threads(|| listed(&hand, call.game, target, level))
        .map_err(|e| solve_error("hand", e))
}

/// How many solutions at the distinct level (with use any, summed over the
/// selections of the cards: a solution uses exactly one).
#[pyfunction]
fn count(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    distinct: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<u64> {
    let call = Call::of(game, target, rules, uses)?;
    let (g, target) = (call.game, call.target()?);
    let level: Distinct = args::named(distinct, "distinct", "\"dissimilar\"")?;
    let hand = call.hand(hand, "hand", listing_limit(level))?;
    py.allow_threads(|| match g.uses {
        Use::All => canon::count(&hand, target, g.rules, level),
        Use::Any => census24::solve::sub_hands(&hand)?
            .iter()
            .map(|sub| canon::count(sub, target, g.rules, level))
            .sum(),
    })
    .map_err(|e| solve_error("hand", e))
}

/// Every whole target from lo to hi the hand makes, with its simplest
/// solution.
#[pyfunction]
fn reachable<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    lo: &Bound<'py, PyAny>,
    hi: &Bound<'py, PyAny>,
    rules: &Bound<'py, PyAny>,
    uses: &Bound<'py, PyAny>,
    game: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = Call::of(game, &py.None().into_bound(py), rules, uses)?;
    let (rules, uses) = (call.game.rules, call.game.uses);
    let targets = match (lo.is_none(), hi.is_none(), call.game.targets) {
        (true, true, Targets::Range(r)) => r,
        (true, true, Targets::One(_)) => {
            return Err(value_error(
                "lo, hi",
                "this game plays one target: give the range lo..hi to list",
            ));
        }
        _ => {
            let (lo, hi) = (
                args::int_in(lo, "lo", -TARGET_LIMIT, TARGET_LIMIT)?,
                args::int_in(hi, "hi", -TARGET_LIMIT, TARGET_LIMIT)?,
            );
            TargetRange::new(lo, hi).map_err(|e| value_error("lo, hi", e))?
        }
    };
    let limit = Limit {
        cards: MAX_TARGETS_CARDS,
        what: "every target at once",
    };
    let hand = call.hand(hand, "hand", limit)?;
    let found: Vec<(i64, String)> = py
        .allow_threads(|| -> Result<_, InputError> {
            let show = |e: &census24::Expr| e.to_infix_under(rules, false);
            Ok(match uses {
                Use::All => canon::solutions_by_target(&hand, targets.lo, targets.hi, rules)?
                    .into_iter()
                    .map(|(t, sols)| (t, show(&sols.classes[0].expr)))
                    .collect(),
                // The simplest solution of the selection with the fewest
                // cards, as `census24 solve --targets --use any` shows.
                Use::Any => canon::selections_by_target(&hand, targets.lo, targets.hi, rules)?
                    .into_iter()
                    .map(|(t, selections)| (t, show(&selections[0].1.classes[0].expr)))
                    .collect(),
            })
        })
        .map_err(|e| solve_error("hand", e))?;
    let out = PyDict::new(py);
    for (t, expr) in found {
        out.set_item(t, expr)?;
    }
    Ok(out)
}

/// How hard a hand is for people (docs/DIFFICULTY.md): one attribute per
/// figure of a prediction (`census24::difficulty::figures::FIGURES`, named
/// as its column without `predicted_`: `time_s`, `time_p80_s`,
/// `solve_rate`, `difficulty`), then `tier`. A figure added there is an
/// attribute here with no change to this file.
#[pyclass(frozen, module = "census24")]
#[derive(Clone)]
struct Difficulty {
    /// Each figure's attribute name and value, in column order.
    figures: Vec<(&'static str, f64)>,
    /// easy, medium, hard or expert.
    #[pyo3(get)]
    tier: String,
}

/// The attribute of a figure: its column name without `predicted_`.
fn figure_attribute(column: &'static str) -> &'static str {
    column.strip_prefix("predicted_").unwrap_or(column)
}

#[pymethods]
impl Difficulty {
    fn __getattr__(&self, name: &str) -> PyResult<f64> {
        self.figures
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, x)| x)
            .ok_or_else(|| {
                pyo3::exceptions::PyAttributeError::new_err(format!(
                    "'Difficulty' object has no attribute '{name}'"
                ))
            })
    }

    fn __dir__(&self) -> Vec<&'static str> {
        self.figures
            .iter()
            .map(|(n, _)| *n)
            .chain(["tier"])
            .collect()
    }

    fn __repr__(&self) -> String {
        let figures: Vec<String> = (self.figures.iter())
            .map(|(n, x)| format!("{n}={x}"))
            .collect();
        format!("Difficulty({}, tier={:?})", figures.join(", "), self.tier)
    }
}

/// The predicted difficulty, None when unsolvable.
#[pyfunction]
fn difficulty(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<Option<Difficulty>> {
    let call = Call::of(game, target, rules, &py.None().into_bound(py))?;
    let (target, rules) = (call.target()?, call.game.rules);
    let hand = call.hand(hand, "hand", listing_limit(Distinct::Dissimilar))?;
    let p = py
        .allow_threads(|| {
            canon::solutions(&hand, target, rules).map(|s| predict(&hand, target, &s))
        })
        .map_err(|e| solve_error("hand", e))?;
    Ok(p.map(|p| Difficulty {
        figures: (FIGURES.iter())
            .map(|f| (figure_attribute(f.name), (f.get)(&p)))
            .collect(),
        tier: p.tier.name().to_string(),
    }))
}

/// A filter's error in the words of the Python arguments: the message of
/// the command line, each filter spelled as its argument.
fn filter_error(e: &FilterError) -> PyErr {
    value_error(&e.flag().argument(), e.detail(Flag::argument))
}

/// The JSON lines of `census24 tasks` (see [`census24::tasks`]); the
/// package's `tasks` parses them. `values`, `targets` and `deck` are
/// spelt as on the command line (`"1..100"`, `"100..999"`, `"none"`), or
/// a target as a number.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn tasks(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
    hand_sizes: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    deck: &Bound<'_, PyAny>,
    targets: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    unsolvable: &Bound<'_, PyAny>,
    splits: &Bound<'_, PyAny>,
    stratify: &Bound<'_, PyAny>,
    tiers: &Bound<'_, PyAny>,
    order: &Bound<'_, PyAny>,
    dissimilar_up_to: &Bound<'_, PyAny>,
    prompt_template: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let spelt = |obj: &Bound<'_, PyAny>, arg: &str, example: &str| -> PyResult<Option<String>> {
        given(obj, |o| match o.extract::<i64>() {
            Ok(i) => Ok(i.to_string()),
            Err(_) => args::text(o, arg, example),
        })
    };
    let target_text = spelt(targets, "targets", "\"100..999\" or 24")?;
    let choice = Choice {
        preset: given(game, args::preset)?,
        targets: match target_text {
            None => None,
            Some(t) if t.contains("..") => Some(Targets::Range(
                t.parse::<TargetRange>()
                    .map_err(|e| value_error("targets", e))?,
            )),
            Some(t) => Some(Targets::One(
                t.parse::<Q>().map_err(|e| value_error("targets", e))?,
            )),
        },
        rules: given(rules, |r| args::named(r, "rules", "\"natural\""))?,
        uses: given(uses, |u| args::named(u, "use", "\"any\""))?,
        values: match spelt(values, "values", "\"1..100\"")? {
            None => None,
            Some(v) => Some(v.parse().map_err(|e| value_error("values", e))?),
        },
        deck: match spelt(deck, "deck", "\"none\" or \"countdown\"")? {
            None => None,
            Some(d) => Some(d.parse().map_err(|e| value_error("deck", e))?),
        },
        ..Choice::default()
    };
    let mut plan = TaskPlan::of_game(choice.game());
    if let Some(sizes) = spelt(hand_sizes, "hand_sizes", "6 or \"3..8\"")? {
        let size = |k: &str| {
            k.trim().parse::<usize>().map_err(|_| {
                value_error(
                    "hand_sizes",
                    format!("\"{}\" is not a number of cards", k.trim()),
                )
            })
        };
        plan.hand_sizes = match sizes.split_once("..") {
            Some((lo, hi)) => (size(lo)?, size(hi)?),
            None => (size(&sizes)?, size(&sizes)?),
        };
    }
    plan.count = args::int_in(n, "n", 0, i64::MAX)? as usize;
    plan.seed = args::int_in(seed, "seed", 0, i64::MAX)? as u64;
    plan.unsolvable = unsolvable
        .extract::<f64>()
        .map_err(|_| args::type_error("unsolvable", "a share from 0 to below 1, such as 0.1"))?;
    plan.splits =
        task_source::parse_splits(&args::text(splits, "splits", "\"train=0.8,test=0.2\"")?)
            .map_err(|e| task_error(&e.to_string()))?;
    plan.stratify = args::flag(stratify, "stratify")?;
    plan.filter.tiers = args::names::<Tier>(tiers, "tiers", "\"expert\" or \"hard,expert\"")?;
    plan.order = task_source::Order::parse(&args::text(order, "order", "\"curriculum\"")?)
        .map_err(|e| value_error("order", e))?;
    plan.dissimilar_up_to = args::int_in(dissimilar_up_to, "dissimilar_up_to", 0, 64)? as usize;
    plan.validate().map_err(|e| task_error(&e.to_string()))?;
    let template = match given(prompt_template, |t| {
        args::text(t, "prompt_template", "\"{numbers} -> {target}\"")
    })? {
        Some(t) => Template::parse(&t).map_err(|e| task_error(&e.to_string()))?,
        None => Template::default(),
    };
    match py.allow_threads(|| task_source::make(&plan)) {
        Ok(set) => Ok(
            census24::export::to_jsonl(&pose(&plan, &template, set.tasks))
                .lines()
                .map(str::to_string)
                .collect(),
        ),
        Err(e @ task_source::TaskError::Short { .. }) => {
            Err(GaveUp::new_err(python_spelling(&e.to_string())))
        }
        Err(task_source::TaskError::Input(e)) => Err(solve_error("tasks", e)),
    }
}

/// The options of `census24 tasks` as `tasks` spells them.
const TASK_ARGUMENTS: [(&str, &str); 10] = [
    ("--prompt-template", "prompt_template"),
    ("--hand-sizes", "hand_sizes"),
    ("--count", "n"),
    ("--unsolvable", "unsolvable"),
    ("--splits", "splits"),
    ("--stratify", "stratify"),
    ("--tier", "tiers"),
    ("--target", "target"),
    ("--use", "use"),
    ("fewer tasks", "a smaller n"),
];

/// A task plan's message in the words of `tasks`' arguments.
fn python_spelling(message: &str) -> String {
    TASK_ARGUMENTS
        .iter()
        .fold(message.to_string(), |m, (flag, arg)| m.replace(flag, arg))
}

/// A task plan's error as a ValueError of the argument it names first
/// (`hand_sizes: 4..9: tasks have at most 7 numbers ...`).
fn task_error(message: &str) -> PyErr {
    let first = TASK_ARGUMENTS
        .iter()
        .filter_map(|(flag, arg)| message.find(flag).map(|at| (at, *flag, *arg)))
        .min();
    match first {
        Some((0, flag, arg)) => {
            let rest = message[flag.len()..].trim_start_matches(':').trim_start();
            value_error(arg, python_spelling(rest))
        }
        _ => value_error("tasks", python_spelling(message)),
    }
}

/// A pick error in the words of `puzzles`' arguments.
fn pick_error(e: PickError) -> PyErr {
    match e {
        PickError::NoCount => value_error("n", "0 picks nothing: ask for at least one hand"),
        PickError::Filter(e) => filter_error(&e),
        other => value_error("puzzles", other),
    }
}

/// The JSON lines of `census24 pick --format jsonl` for the standard game
/// of `hand_size` cards (any target and rules), solved in memory. The
/// package's `puzzles` parses them.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn puzzles(
    py: Python<'_>,
    hand_size: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    tiers: &Bound<'_, PyAny>,
    ops: &Bound<'_, PyAny>,
    min_time: &Bound<'_, PyAny>,
    max_time: &Bound<'_, PyAny>,
    time_limit: &Bound<'_, PyAny>,
    min_dissimilar: &Bound<'_, PyAny>,
    max_dissimilar: &Bound<'_, PyAny>,
    needs_fraction: &Bound<'_, PyAny>,
    stratify: &Bound<'_, PyAny>,
    spread: &Bound<'_, PyAny>,
    distinct_shapes: &Bound<'_, PyAny>,
    all: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let mut g = Call::of(game, target, rules, &py.None().into_bound(py))?.game;
    if let Some(k) = given(hand_size, |k| {
        args::int_in(k, "hand_size", 1, MAX_SOLVED_CARDS as i64)
    })? {
        g.hand_size = k as usize;
    }
    let key = TableKey::of_game(&g).ok_or_else(|| {
        value_error(
            "game",
            format!(
                "puzzles are picked from games of one target using every card, not {}",
                g.describe()
            ),
        )
    })?;
    if g.hand_size > MAX_SOLVED_CARDS {
        return Err(value_error(
            "hand_size",
            format!(
                "the game deals {} cards; puzzles takes at most {MAX_SOLVED_CARDS}",
                g.hand_size
            ),
        ));
    }
    let n = args::int_in(n, "n", 0, i64::MAX)? as usize;
    let (stratify, spread) = (
        args::flag(stratify, "stratify")?,
        args::flag(spread, "spread")?,
    );
    let (distinct_shapes, all) = (
        args::flag(distinct_shapes, "distinct_shapes")?,
        args::flag(all, "all")?,
    );
    if all && (stratify || spread) {
        return Err(value_error(
            "all",
            "all takes every hand: it goes with neither stratify nor spread",
        ));
    }
    if stratify && spread {
        return Err(value_error(
            "stratify",
            "stratify splits n over the tiers: it does not go with spread",
        ));
    }
    let count = |obj: &Bound<'_, PyAny>, flag: Flag| {
        given(obj, |n| {
            args::int_in(n, &flag.argument(), 0, u32::MAX as i64).map(|n| n as u32)
        })
    };
    let filter = HandFilter {
        tiers: args::names::<Tier>(tiers, "tiers", "\"expert\" or \"hard,expert\"")?,
        min_time: args::seconds(min_time, "min_time")?,
        max_time: args::seconds(max_time, "max_time")?,
        time_limit: args::seconds(time_limit, "time_limit")?,
        min_dissimilar: count(min_dissimilar, Flag::MinDissimilar)?,
        max_dissimilar: count(max_dissimilar, Flag::MaxDissimilar)?,
        needs_fraction: given(needs_fraction, |f| args::flag(f, "needs_fraction"))?,
        ops: args::names::<Ops>(ops, "ops", "\"product\" or \"add-sub,product\"")?,
    };
    let plan = PickPlan {
        count: if all { usize::MAX } else { n },
        filter,
        spread,
        distinct_shapes,
        seed: args::int_in(seed, "seed", 0, u32::MAX as i64)? as u32,
        stratify,
    }
    .validate()
    .map_err(pick_error)?;
    py.allow_threads(|| {
        let catalog = catalog::solved(&key)?;
        // Chosen and shown with the figures of play with the operations the
        // set allows, as pick's.
        let played = pick_played(&catalog, &plan).map_err(|e| InputError::Other(e.to_string()))?;
        let set: Vec<&Entry> = played.iter().collect();
        Ok(
            census24::export::to_jsonl(&census24::puzzles::pick::puzzles(&set, &plan, &key))
                .lines()
                .map(String::from)
                .collect(),
        )
    })
    .map_err(|e| solve_error("hand_size", e))
}

/// A rational as Python has it exactly: an int, or a `Fraction`.
fn py_number(py: Python<'_>, q: Q) -> PyResult<PyObject> {
    if q.is_integer() {
        return Ok(q.numer().into_pyobject(py)?.into_any().unbind());
    }
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    Ok(fraction.call1((q.numer(), q.denom()))?.unbind())
}

#[pymodule]
fn _census24(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GaveUp", py.get_type::<GaveUp>())?;
    m.add("TableError", py.get_type::<table::TableError>())?;
    m.add_class::<Verdict>()?;
    m.add_class::<Difficulty>()?;
    // The games and the default one's fields, from the core's registry:
    // an argument left None takes its game's value.
    let standard = presets::standard();
    let target = standard.target().expect("the default game has one target");
    m.add("GAMES", presets::names())?;
    m.add("DEFAULT_GAME", presets::DEFAULT)?;
    m.add("STANDARD_TARGET", py_number(py, target)?)?;
    m.add("STANDARD_RULES", standard.rules.name())?;
    m.add("STANDARD_USE", standard.uses.name())?;
    m.add("STANDARD_HAND_SIZE", standard.hand_size)?;
    m.add("DEFAULT_DISTINCT", Distinct::default().name())?;
    m.add("PICK_COUNT", DEFAULT_COUNT)?;
    m.add("PICK_SEED", DEFAULT_SEED)?;
    m.add("TASKS_COUNT", census24::tasks::DEFAULT_COUNT)?;
    m.add("TASKS_SEED", census24::tasks::DEFAULT_SEED)?;
    m.add("TASKS_SPLITS", census24::tasks::DEFAULT_SPLITS)?;
    m.add(
        "TASKS_DISSIMILAR_UP_TO",
        census24::tasks::DEFAULT_DISSIMILAR_UP_TO,
    )?;
    // The limits each function applies, from the core.
    m.add("MAX_STEPS", MAX_STEPS)?;
    m.add("MAX_EXACT_CARDS", MAX_EXACT_CARDS)?;
    m.add("MAX_BIG_CARDS", MAX_BIG_CARDS)?;
    m.add("MAX_DISTINCT_CARDS", MAX_DISTINCT_CARDS)?;
    m.add("MAX_TREE_CARDS", MAX_TREE_CARDS)?;
    m.add("MAX_TARGETS_CARDS", MAX_TARGETS_CARDS)?;
    m.add("MAX_PUZZLE_HAND_SIZE", MAX_SOLVED_CARDS)?;
    m.add("TARGET_LIMIT", TARGET_LIMIT)?;
    // The shares of a large set's games solved exactly, as `rank
    // --large-sets` names them (read_table of the census's summary).
    m.add(
        "SOLVABLE_SHARES",
        census24::tables::columns::SOLVABLE_SHARES.to_vec(),
    )?;
    // The summary's own columns: a set's numbers, then its solvable games
    // and the games there are by large tiles (read_table's shares).
    m.add("SET_LARGE", census24::tables::columns::SET_LARGE.to_vec())?;
    m.add(
        "SET_SOLVABLE",
        census24::tables::columns::SET_SOLVABLE.to_vec(),
    )?;
    m.add("SET_GAMES", census24::tables::columns::SET_GAMES.to_vec())?;
    m.add("MAX_TARGETS", MAX_TARGETS)?;
    // The phrases read as "there is no solution" (check's `solvable`).
    m.add("NO_SOLUTION", unsolvable::NO_SOLUTION.to_vec())?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(reachable, m)?)?;
    m.add_function(wrap_pyfunction!(difficulty, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(tasks, m)?)?;
    m.add_function(wrap_pyfunction!(table::table_folder, m)?)?;
    m.add_function(wrap_pyfunction!(table::verified_file, m)?)?;
    Ok(())
}
