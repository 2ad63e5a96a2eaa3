//! One hand in, its table rows out: the hand row (solvable, counts, odds, the
//! simplest solution) and one solution row per structural class.
//!
//! Pure: no files, no polars. [`crate::tables::table`] turns rows into Parquet; the
//! sweep driver decides which hands and where the bytes go. Later columns
//! (predicted time, difficulty, complexity) are new fields here and new
//! columns in `table`.

use std::sync::Arc;

use crate::canon::{self, Solutions};
use crate::difficulty::{self, Prediction, pricer::Pricer};
use crate::game::error::InputError;
use crate::game::expr::Expr;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::solve::solve;
use crate::tables::enumerate::{self, Deck};

/// What every hand of one table is solved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowSpec {
    pub target: Q,
    pub rules: Rules,
    pub deck: Deck,
    /// All deals of K cards, the denominator of `deal_probability`.
    pub total_ways: u128,
    /// Whether to enumerate structural classes (the solutions table and the
    /// counts), or only decide each hand.
    pub solutions: bool,
}

/// One row of `hands.parquet`.
#[derive(Clone, Debug, PartialEq)]
pub struct HandRow {
    pub hand: Hand,
    pub solvable: bool,
    /// Structural classes; `None` when solutions were not enumerated.
    pub structural: Option<u32>,
    /// Dissimilar solutions; `None` when solutions were not enumerated.
    pub dissimilar: Option<u32>,
    /// Solvable with every intermediate an integer (within the rule set).
    pub integer_solvable: bool,
    /// Solvable, but only through some non-integer intermediate.
    pub needs_fraction: bool,
    /// Over all solutions, the smallest largest absolute intermediate.
    pub smallest_peak: Option<Q>,
    /// The simplest solution, class 0 (with solutions enumerated), otherwise
    /// the one the solver finds; empty when there is none.
    pub simplest: String,
    pub deal_ways: u64,
    pub deal_probability: f64,
    /// Predicted time, solve rate, difficulty and tier (docs/DIFFICULTY.md);
    /// `None` when unsolvable or when solutions were not enumerated.
    pub prediction: Option<Prediction>,
}

/// One row of `solutions.parquet`: a structural class of one hand.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionRow {
    /// The hand's text, one copy shared by all its rows.
    pub hand: Arc<str>,
    /// Position among the hand's classes, simplest first (0 is the
    /// hand's `simplest`).
    pub class: u32,
    pub expression: String,
    pub canonical: String,
    pub facts: RowFacts,
}

/// A solution row seen in place, in a [`SolutionRow`] or a
/// [`SolutionBatch`]: what [`crate::tables::table`] makes columns of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowRef<'a> {
    pub hand: &'a str,
    pub class: u32,
    pub expression: &'a str,
    pub canonical: &'a str,
    pub facts: RowFacts,
}

/// The fixed-size fields of a solution row (see [`SolutionRow`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowFacts {
    pub dissimilar_group: u32,
    pub uses_fraction: bool,
    /// Largest absolute intermediate (the final value included).
    pub peak: Q,
    /// Uses of `+ - * /`, in that order.
    pub op_counts: [u32; 4],
    pub depth: u32,
    /// Effort of finding this solution (docs/DIFFICULTY.md), to 0.01.
    pub complexity: f64,
}

impl SolutionRow {
    pub fn as_ref(&self) -> RowRef<'_> {
        RowRef {
            hand: &self.hand,
            class: self.class,
            expression: &self.expression,
            canonical: &self.canonical,
            facts: self.facts,
        }
    }
}

/// The solution rows of one hand, held compactly: the texts of all rows in
/// one string and the fixed fields in one list, instead of a struct and two
/// strings per row. A six-card chunk of a sweep holds up to 300,000 rows
/// until it is written; this is a third of the memory of [`SolutionRow`]s.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionBatch {
    hand: Arc<str>,
    /// Each row's expression, then its canonical key, end to end.
    texts: String,
    /// Where each row's expression and canonical key end in `texts`.
    ends: Vec<(usize, usize)>,
    facts: Vec<RowFacts>,
}

impl Default for SolutionBatch {
    /// No rows.
    fn default() -> SolutionBatch {
        SolutionBatch::new("".into(), 0)
    }
}

impl SolutionBatch {
    fn new(hand: Arc<str>, rows: usize) -> SolutionBatch {
        SolutionBatch {
            hand,
            texts: String::new(),
            ends: Vec::with_capacity(rows),
            facts: Vec::with_capacity(rows),
        }
    }

    pub fn len(&self) -> usize {
        self.facts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// The rows, in class order.
    pub fn rows(&self) -> impl Iterator<Item = RowRef<'_>> {
        let mut start = 0;
        self.ends
            .iter()
            .zip(&self.facts)
            .enumerate()
            .map(move |(i, (&(e, c), &facts))| {
                let row = RowRef {
                    hand: &self.hand,
                    class: i as u32,
                    expression: &self.texts[start..e],
                    canonical: &self.texts[e..c],
                    facts,
                };
                start = c;
                row
            })
    }

    /// The rows as [`SolutionRow`]s.
    pub fn to_rows(&self) -> Vec<SolutionRow> {
        self.rows()
            .map(|r| SolutionRow {
                hand: Arc::clone(&self.hand),
                class: r.class,
                expression: r.expression.to_string(),
                canonical: r.canonical.to_string(),
                facts: r.facts,
            })
            .collect()
    }
}

/// The rows of one hand.
pub fn hand_rows(hand: &Hand, spec: &RowSpec) -> Result<(HandRow, Vec<SolutionRow>), InputError> {
    let (row, batch) = hand_batch(hand, spec)?;
    Ok((row, batch.to_rows()))
}

/// [`hand_rows`] with the solution rows held compactly.
pub fn hand_batch(hand: &Hand, spec: &RowSpec) -> Result<(HandRow, SolutionBatch), InputError> {
    hand_batch_priced(hand, spec, Pricer::shipped())
}

/// [`hand_batch`] with the prediction of `pricer` (`sweep --model`).
pub fn hand_batch_priced(
    hand: &Hand,
    spec: &RowSpec,
    pricer: &Pricer,
) -> Result<(HandRow, SolutionBatch), InputError> {
    if !spec.solutions {
        return Ok((decided_row(hand, spec)?, SolutionBatch::default()));
    }
    let sols = canon::solutions(hand, spec.target, spec.rules)?;
    batch_of(hand, spec, sols, pricer)
}

/// The rows of one hand counting only the solutions `keep` accepts
/// ([`Solutions::keeping`]): its counts, simplest solution and difficulty
/// (priced by `pricer`) as play with some operations only sees them.
pub fn hand_batch_keeping(
    hand: &Hand,
    spec: &RowSpec,
    pricer: &Pricer,
    keep: impl Fn(&canon::Class) -> bool,
) -> Result<(HandRow, SolutionBatch), InputError> {
    let sols = canon::solutions(hand, spec.target, spec.rules)?.keeping(keep);
    batch_of(hand, spec, sols, pricer)
}

/// The rows of a hand whose classes are `sols`.
fn batch_of(
    hand: &Hand,
    spec: &RowSpec,
    sols: Solutions,
    pricer: &Pricer,
) -> Result<(HandRow, SolutionBatch), InputError> {
    let text: Arc<str> = hand.to_string().into();
    // Each class is priced once, for its row and for the hand's effort.
    let costs = difficulty::effort::costs(&sols, spec.target);
    let row = counted_row(hand, spec, &sols, Some(&costs), pricer)?;
    // The classes are used up: each expression tree and canonical key is
    // freed as soon as its row is made.
    let mut batch = SolutionBatch::new(text, sols.classes.len());
    for (c, &cost) in sols.classes.into_iter().zip(&costs) {
        batch
            .texts
            .push_str(&c.expr.to_infix_under(spec.rules, false));
        let e = batch.texts.len();
        batch.texts.push_str(&c.canonical);
        batch.ends.push((e, batch.texts.len()));
        batch.facts.push(RowFacts {
            dissimilar_group: c.dissimilar_group,
            uses_fraction: c.facts.uses_fraction,
            peak: c
                .facts
                .peak
                .expect("facts of a solution always carry a peak"),
            op_counts: c.facts.op_counts,
            depth: c.facts.depth,
            complexity: (cost * 100.0).round() / 100.0,
        });
    }
    batch.texts.shrink_to_fit();
    Ok((row, batch))
}

/// The hand row alone: with `spec.solutions` its solution counts and
/// difficulty, the same as [`hand_rows`] gives, without the solution rows
/// (`sweep --counts-only`, for hand sizes whose solutions table would be too
/// large to keep).
pub fn hand_row(hand: &Hand, spec: &RowSpec) -> Result<HandRow, InputError> {
    hand_row_priced(hand, spec, Pricer::shipped())
}

/// [`hand_row`] with the prediction of `pricer` (`sweep --model`).
pub fn hand_row_priced(
    hand: &Hand,
    spec: &RowSpec,
    pricer: &Pricer,
) -> Result<HandRow, InputError> {
    if !spec.solutions {
        return decided_row(hand, spec);
    }
    // No solution row is made: the classes are only outlined.
    let sketch = canon::sketch(hand, spec.target, spec.rules)?;
    let assessed = pricer.predict_sketched(hand, spec.target, &sketch);
    let classes = sketch.classes.iter().copied();
    let simplest = sketch.simplest();
    row_of(
        hand,
        spec,
        classes,
        sketch.dissimilar,
        simplest.as_ref(),
        assessed,
    )
}

fn peak(c: canon::Outline) -> Q {
    c.facts
        .peak
        .expect("facts of a solution always carry a peak")
}

/// Whether `hand` is solvable with every intermediate an integer, given
/// whether it is `solvable` under the spec's rules.
fn integer_solvable(hand: &Hand, spec: &RowSpec, solvable: bool) -> Result<bool, InputError> {
    let integer_rules = if spec.rules == Rules::Rational {
        Rules::Integer
    } else {
        spec.rules
    };
    if !solvable {
        return Ok(false);
    }
    if integer_rules == spec.rules {
        return Ok(true);
    }
    Ok(solve(hand, spec.target, integer_rules)?.is_some())
}

/// The ways to deal `hand` from the spec's deck and their share of all
/// deals: the only columns of a hand's rows that depend on the deck.
fn deal(hand: &Hand, spec: &RowSpec) -> (u64, f64) {
    let ways = enumerate::deal_ways(hand.cards(), spec.deck);
    (ways, enumerate::deal_probability(ways, spec.total_ways))
}

impl HandRow {
    /// The same row for the deck of `spec` (a hand solved for one deck is
    /// solved for all: only its deal odds change).
    pub fn dealt(mut self, spec: &RowSpec) -> HandRow {
        (self.deal_ways, self.deal_probability) = deal(&self.hand, spec);
        self
    }
}

/// The row of a hand that is only decided.
fn decided_row(hand: &Hand, spec: &RowSpec) -> Result<HandRow, InputError> {
    let (deal_ways, deal_probability) = deal(hand, spec);
    let found = solve(hand, spec.target, spec.rules)?;
    let solvable = found.is_some();
    let integer_solvable = integer_solvable(hand, spec, solvable)?;
    Ok(HandRow {
        hand: hand.clone(),
        solvable,
        structural: None,
        dissimilar: None,
        integer_solvable,
        needs_fraction: solvable && !integer_solvable,
        smallest_peak: None,
        simplest: found
            .map(|e| e.to_infix_under(spec.rules, false))
            .unwrap_or_default(),
        deal_ways,
        deal_probability,
        prediction: None,
    })
}

/// The row of a hand whose classes are `sols` (priced `costs`, when the
/// caller has them), its prediction `pricer`'s.
fn counted_row(
    hand: &Hand,
    spec: &RowSpec,
    sols: &Solutions,
    costs: Option<&[f64]>,
    pricer: &Pricer,
) -> Result<HandRow, InputError> {
    let assessed = match costs {
        Some(costs) => pricer.predict_costed(hand, spec.target, sols, costs),
        None => pricer.predict(hand, spec.target, sols),
    };
    let classes = sols.classes.iter().map(|c| c.outline());
    let simplest = sols.classes.first().map(|c| &c.expr);
    row_of(hand, spec, classes, sols.dissimilar, simplest, assessed)
}

/// The row of a hand whose classes are `classes` (in any order; the
/// simplest represented by `simplest`), in `dissimilar` groups, assessed
/// `assessed`.
fn row_of(
    hand: &Hand,
    spec: &RowSpec,
    classes: impl Iterator<Item = canon::Outline> + Clone,
    dissimilar: u32,
    simplest: Option<&Expr>,
    assessed: Option<Prediction>,
) -> Result<HandRow, InputError> {
    let (deal_ways, deal_probability) = deal(hand, spec);
    let solvable = simplest.is_some();
    // A representative without a fractional intermediate is itself a
    // solution under integer rules; only hands without one need the solver.
    let integer_solvable =
        classes.clone().any(|c| !c.facts.uses_fraction) || integer_solvable(hand, spec, solvable)?;
    Ok(HandRow {
        hand: hand.clone(),
        solvable,
        structural: Some(classes.clone().count() as u32),
        dissimilar: Some(dissimilar),
        integer_solvable,
        needs_fraction: solvable && !integer_solvable,
        smallest_peak: classes.map(peak).min(),
        simplest: simplest
            .map(|e| e.to_infix_under(spec.rules, false))
            .unwrap_or_default(),
        deal_ways,
        deal_probability,
        prediction: assessed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::enumerate::{ValueRange, total_ways};
    use crate::tables::summary::Tally;

    fn spec(solutions: bool) -> RowSpec {
        let values = ValueRange::new(1, 13).unwrap();
        RowSpec {
            target: Q::int(24),
            rules: Rules::Rational,
            deck: Deck::Copies(4),
            total_ways: total_ways(4, values, Deck::Copies(4)).unwrap(),
            solutions,
        }
    }

    fn rows(cards: &str, solutions: bool) -> (HandRow, Vec<SolutionRow>) {
        hand_rows(&Hand::parse(cards).unwrap(), &spec(solutions)).unwrap()
    }

    #[test]
    fn hand_3_3_8_8_needs_fractions() {
        let (h, sols) = rows("3 3 8 8", true);
        assert!(h.solvable && h.needs_fraction && !h.integer_solvable);
        assert_eq!(h.simplest, "8/(3-8/3)");
        assert_eq!(h.structural, Some(sols.len() as u32));
        assert!(
            sols.iter()
                .all(|s| s.facts.uses_fraction && &*s.hand == "3 3 8 8")
        );
        assert_eq!(h.deal_ways, 36);
    }

    #[test]
    fn hand_1_1_1_1_is_unsolvable() {
        let (h, sols) = rows("1 1 1 1", true);
        assert!(!h.solvable && !h.integer_solvable && !h.needs_fraction);
        assert_eq!(
            (h.structural, h.dissimilar, h.smallest_peak),
            (Some(0), Some(0), None)
        );
        assert_eq!(h.simplest, "");
        assert!(sols.is_empty());
    }

    #[test]
    fn smallest_peak_is_the_least_class_peak() {
        let (h, sols) = rows("1 2 3 4", true);
        assert_eq!(h.smallest_peak, sols.iter().map(|s| s.facts.peak).min());
        assert_eq!(h.smallest_peak, Some(Q::int(24)));
        assert_eq!(
            sols.iter().map(|s| s.class).collect::<Vec<_>>(),
            (0..sols.len() as u32).collect::<Vec<_>>()
        );
    }

    #[test]
    fn without_solutions_only_decides() {
        let (h, sols) = rows("3 3 8 8", false);
        assert!(h.solvable && h.needs_fraction);
        assert_eq!(
            (h.structural, h.dissimilar, h.smallest_peak),
            (None, None, None)
        );
        assert!(!h.simplest.is_empty() && sols.is_empty());
    }

    #[test]
    fn the_hand_row_alone_is_the_row_with_solutions() {
        for cards in ["1 1 1 1", "3 3 8 8", "1 1 5 5", "2 4 8 10", "1 2 3 4"] {
            let hand = Hand::parse(cards).unwrap();
            for solutions in [true, false] {
                let (row, _) = hand_rows(&hand, &spec(solutions)).unwrap();
                assert_eq!(hand_row(&hand, &spec(solutions)).unwrap(), row, "{cards}");
            }
        }
        let row = hand_row(&Hand::parse("1 1 5 5").unwrap(), &spec(true)).unwrap();
        assert_eq!((row.structural, row.dissimilar), (Some(7), Some(2)));
        assert_eq!(row.simplest, "(1+5)*(5-1)");
    }

    #[test]
    fn integer_solvable_agrees_with_the_integer_solver_on_every_four_card_hand() {
        use itertools::Itertools;
        for cards in (1..=13i64).combinations_with_replacement(4) {
            let hand = Hand::new(cards).unwrap();
            let row = hand_row(&hand, &spec(true)).unwrap();
            let direct = solve(&hand, Q::int(24), Rules::Integer).unwrap().is_some();
            assert_eq!(row.integer_solvable, direct, "{hand}");
        }
    }

    #[test]
    fn tallies_add_up() {
        let mut t = Tally::default();
        for cards in ["1 1 1 1", "3 3 8 8", "6 6 6 6"] {
            let (h, sols) = rows(cards, true);
            t += Tally::of(&h, sols.len());
        }
        assert_eq!((t.hands, t.solvable, t.needs_fraction), (3, 2, 1));
        assert_eq!((t.ways, t.solvable_ways), (38, 37));
    }
}
