//! One hand in, its table rows out: the hand row (solvable, counts, odds, the
//! simplest solution) and one solution row per structural class.
//!
//! Pure: no files, no polars. [`crate::tables::table`] turns rows into Parquet; the
//! sweep driver decides which hands and where the bytes go. Later columns
//! (predicted time, difficulty, complexity) are new fields here and new
//! columns in `table`.

use crate::canon;
use crate::difficulty::{self, Tier};
use crate::game::error::InputError;
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
    pub solutions: Option<u32>,
    /// Dissimilar solutions; `None` when solutions were not enumerated.
    pub dissimilar: Option<u32>,
    /// Solvable with every intermediate an integer (within the rule set).
    pub integer_solvable: bool,
    /// Solvable, but only through some non-integer intermediate.
    pub needs_fraction: bool,
    /// Over all solutions, the smallest largest absolute intermediate.
    pub smallest_peak: Option<Q>,
    /// The simplest solution (with solutions enumerated), otherwise the one
    /// the solver finds; empty when there is none.
    pub example: String,
    pub deal_ways: u64,
    pub deal_probability: f64,
    /// Predicted mean solve time in seconds (docs/DIFFICULTY.md); `None`
    /// when unsolvable or when solutions were not enumerated, like the
    /// three fields after it.
    pub predicted_time_s: Option<f64>,
    /// Predicted share of attempts that end solved.
    pub predicted_solve_rate: Option<f64>,
    /// Difficulty 0-100, a function of the predicted time.
    pub difficulty: Option<f64>,
    pub tier: Option<Tier>,
}

/// One row of `solutions.parquet`: a structural class of one hand.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionRow {
    pub hand: String,
    /// Position among the hand's classes, simplest first (0 is the example).
    pub class: u32,
    pub expression: String,
    pub canonical: String,
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

/// The rows of one hand.
pub fn hand_rows(hand: &Hand, spec: &RowSpec) -> Result<(HandRow, Vec<SolutionRow>), InputError> {
    let deal_ways = enumerate::deal_ways(hand.cards(), spec.deck);
    let deal_probability = enumerate::deal_probability(deal_ways, spec.total_ways);
    let integer_rules = if spec.rules == Rules::Rational {
        Rules::Integer
    } else {
        spec.rules
    };
    let integer = |solvable: bool| -> Result<bool, InputError> {
        if !solvable {
            return Ok(false);
        }
        if integer_rules == spec.rules {
            return Ok(true);
        }
        Ok(solve(hand, spec.target, integer_rules)?.is_some())
    };

    if !spec.solutions {
        let found = solve(hand, spec.target, spec.rules)?;
        let solvable = found.is_some();
        let integer_solvable = integer(solvable)?;
        let row = HandRow {
            hand: hand.clone(),
            solvable,
            solutions: None,
            dissimilar: None,
            integer_solvable,
            needs_fraction: solvable && !integer_solvable,
            smallest_peak: None,
            example: found
                .map(|e| e.to_infix_under(spec.rules, false))
                .unwrap_or_default(),
            deal_ways,
            deal_probability,
            predicted_time_s: None,
            predicted_solve_rate: None,
            difficulty: None,
            tier: None,
        };
        return Ok((row, Vec::new()));
    }

    let sols = canon::solutions(hand, spec.target, spec.rules)?;
    let text = hand.to_string();
    let rows: Vec<SolutionRow> = sols
        .classes
        .iter()
        .enumerate()
        .map(|(i, c)| SolutionRow {
            hand: text.clone(),
            class: i as u32,
            expression: c.expr.to_infix_under(spec.rules, false),
            canonical: c.canonical.clone(),
            dissimilar_group: c.dissimilar_group,
            uses_fraction: c.facts.uses_fraction,
            peak: c
                .facts
                .peak
                .expect("facts of a solution always carry a peak"),
            op_counts: c.facts.op_counts,
            depth: c.facts.depth,
            complexity: (difficulty::class_complexity(c, spec.target) * 100.0).round() / 100.0,
        })
        .collect();
    let solvable = !rows.is_empty();
    let integer_solvable = integer(solvable)?;
    let assessed = difficulty::predict(hand, spec.target, &sols);
    let row = HandRow {
        hand: hand.clone(),
        solvable,
        solutions: Some(rows.len() as u32),
        dissimilar: Some(sols.dissimilar),
        integer_solvable,
        needs_fraction: solvable && !integer_solvable,
        smallest_peak: rows.iter().map(|r| r.peak).min(),
        example: rows
            .first()
            .map(|r| r.expression.clone())
            .unwrap_or_default(),
        deal_ways,
        deal_probability,
        predicted_time_s: assessed.map(|d| d.time_s),
        predicted_solve_rate: assessed.map(|d| d.solve_rate),
        difficulty: assessed.map(|d| d.difficulty),
        tier: assessed.map(|d| d.tier),
    };
    Ok((row, rows))
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
        assert_eq!(h.example, "8/(3-8/3)");
        assert_eq!(h.solutions, Some(sols.len() as u32));
        assert!(sols.iter().all(|s| s.uses_fraction && s.hand == "3 3 8 8"));
        assert_eq!(h.deal_ways, 36);
    }

    #[test]
    fn hand_1_1_1_1_is_unsolvable() {
        let (h, sols) = rows("1 1 1 1", true);
        assert!(!h.solvable && !h.integer_solvable && !h.needs_fraction);
        assert_eq!(
            (h.solutions, h.dissimilar, h.smallest_peak),
            (Some(0), Some(0), None)
        );
        assert_eq!(h.example, "");
        assert!(sols.is_empty());
    }

    #[test]
    fn smallest_peak_is_the_least_class_peak() {
        let (h, sols) = rows("1 2 3 4", true);
        assert_eq!(h.smallest_peak, sols.iter().map(|s| s.peak).min());
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
            (h.solutions, h.dissimilar, h.smallest_peak),
            (None, None, None)
        );
        assert!(!h.example.is_empty() && sols.is_empty());
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
