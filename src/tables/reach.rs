//! One hand in, its reach rows out: a row per target of a range, saying
//! whether the hand reaches it, with how many distinct solutions, and how
//! hard the model predicts it to be.
//!
//! Each hand is solved once for the whole range. Without solutions, one
//! subset DP ([`Reacher`]) decides every target;
//! with them, one enumeration of the hand's classes grouped by value
//! ([`canon::solutions_by_target`]) gives every target's classes, and the
//! derivation counts of the difficulty model come from one pass over the
//! hand's derivations ([`Span`]). Pure: no files, no polars.

use std::cell::OnceCell;

use crate::canon::{self, Solutions};
use crate::difficulty::{self, Prediction, span::Span};
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::game::targets::TargetRange;
use crate::solve::targets::Reacher;
use crate::tables::enumerate::{self, Deck};

/// What every hand of one reach table is solved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachSpec {
    pub targets: TargetRange,
    pub rules: Rules,
    pub deck: Deck,
    /// Whether to count each target's solutions (and predict difficulty),
    /// or only decide which targets the hand reaches.
    pub solutions: bool,
}

/// One row of `reach.parquet`: one hand and one target.
#[derive(Clone, Debug, PartialEq)]
pub struct ReachRow {
    pub hand: String,
    pub target: i64,
    pub solvable: bool,
    /// Structural classes; `None` without solutions.
    pub structural: Option<u32>,
    /// Dissimilar solutions; `None` without solutions.
    pub dissimilar: Option<u32>,
    /// Solvable with every intermediate an integer (within the rule set).
    pub integer_solvable: bool,
    pub deal_ways: u64,
    /// The model's prediction; `None` when unsolvable or without solutions.
    pub prediction: Option<Prediction>,
}

/// The rows of one hand, one per target, ascending.
pub fn reach_rows(hand: &Hand, spec: &ReachSpec) -> Result<Vec<ReachRow>, InputError> {
    let targets = spec.targets;
    hand.check_range(Q::int(targets.widest()))?;
    let text = hand.to_string();
    let deal_ways = enumerate::deal_ways(hand.cards(), spec.deck);
    // Under rational rules, targets every solution of which passes through
    // a fraction may still be reachable with integers only: the integer
    // reachable targets decide them, computed once and only if needed.
    let integer: OnceCell<Result<Vec<bool>, InputError>> = OnceCell::new();
    let integer_reaches = |t: i64| -> Result<bool, InputError> {
        match integer.get_or_init(|| Reacher::shared(hand, Rules::Integer, targets)) {
            Ok(hit) => Ok(hit[(t - targets.lo) as usize]),
            Err(e) => Err(e.clone()),
        }
    };
    let row = |t: i64, solvable: bool| ReachRow {
        hand: text.clone(),
        target: t,
        solvable,
        structural: None,
        dissimilar: None,
        integer_solvable: solvable,
        deal_ways,
        prediction: None,
    };
    let mut out = Vec::with_capacity(targets.width() as usize);
    if !spec.solutions {
        let reach = Reacher::shared(hand, spec.rules, targets)?;
        for (t, &hit) in (targets.lo..=targets.hi).zip(&reach) {
            let mut r = row(t, hit);
            if r.solvable && spec.rules == Rules::Rational {
                r.integer_solvable = integer_reaches(t)?;
            }
            out.push(r);
        }
        return Ok(out);
    }
    let found = canon::solutions_by_target(hand, targets.lo, targets.hi, spec.rules)?;
    let span = Span::of(hand.cards(), targets.lo, targets.hi);
    let mut found = found.into_iter().peekable();
    let none = Solutions::default();
    for t in targets.lo..=targets.hi {
        let sols = match found.peek() {
            Some((v, _)) if *v == t => found.next().map(|(_, s)| s),
            _ => None,
        };
        let sols = sols.as_ref().unwrap_or(&none);
        let solvable = !sols.classes.is_empty();
        let mut r = row(t, solvable);
        r.structural = Some(sols.structural());
        r.dissimilar = Some(sols.dissimilar);
        if solvable && spec.rules == Rules::Rational {
            r.integer_solvable =
                sols.classes.iter().any(|c| !c.facts.uses_fraction) || integer_reaches(t)?;
        }
        r.prediction = span
            .as_ref()
            .and_then(|s| difficulty::predict_in(hand, Q::int(t), sols, s));
        out.push(r);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::rows::{RowSpec, hand_row};

    fn spec(solutions: bool, rules: Rules) -> ReachSpec {
        ReachSpec {
            targets: TargetRange::new(-3, 150).unwrap(),
            rules,
            deck: Deck::Copies(4),
            solutions,
        }
    }

    /// Every reach row is the hand row a single-target sweep writes for
    /// that target: solvability, counts, integer solvability, prediction.
    #[test]
    fn rows_agree_with_the_single_target_rows() {
        for rules in [Rules::Rational, Rules::Integer, Rules::Natural] {
            for cards in ["1 2 3 4", "3 3 8 8", "1 1 1 1", "5 5 5 1", "2 9 13", "4 6"] {
                let hand = Hand::parse(cards).unwrap();
                for solutions in [true, false] {
                    let rows = reach_rows(&hand, &spec(solutions, rules)).unwrap();
                    assert_eq!(rows.len(), 154);
                    for r in rows {
                        let single = RowSpec {
                            target: Q::int(r.target),
                            rules,
                            deck: Deck::Copies(4),
                            total_ways: 1,
                            solutions,
                        };
                        let h = hand_row(&hand, &single).unwrap();
                        let what = format!("{cards} -> {} ({rules}, {solutions})", r.target);
                        assert_eq!(r.solvable, h.solvable, "{what}");
                        assert_eq!(r.integer_solvable, h.integer_solvable, "{what}");
                        assert_eq!(r.structural, h.solutions, "{what}");
                        assert_eq!(r.dissimilar, h.dissimilar, "{what}");
                        assert_eq!(r.deal_ways, h.deal_ways, "{what}");
                        assert_eq!(r.prediction.map(|p| p.time_s), h.predicted_time_s, "{what}");
                        assert_eq!(
                            r.prediction.map(|p| p.solve_rate),
                            h.predicted_solve_rate,
                            "{what}"
                        );
                    }
                }
            }
        }
    }

    /// An independent count: every expression tree evaluated modulo a prime
    /// under the relabellings of equal cards ([`crate::canon::modp`]), on a
    /// sample of random hands and targets, against the reach rows.
    #[test]
    fn structural_counts_agree_with_an_independent_count_by_evaluation() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(999);
        let spec = ReachSpec {
            targets: TargetRange::new(1, 999).unwrap(),
            rules: Rules::Rational,
            deck: Deck::Copies(4),
            solutions: true,
        };
        for _ in 0..12 {
            let k = rng.random_range(2..=4);
            let mut cards: Vec<i64> = (0..k).map(|_| rng.random_range(1..=13)).collect();
            cards.sort_unstable();
            let hand = Hand::new(cards.clone()).unwrap();
            let rows = reach_rows(&hand, &spec).unwrap();
            for r in rows
                .iter()
                .filter(|r| r.target % 37 == 24 || r.solvable && r.target % 5 == 0)
            {
                let by_points = crate::canon::modp::count_classes(
                    &cards,
                    Some(Q::int(r.target)),
                    Rules::Rational,
                    7,
                );
                assert_eq!(
                    r.structural,
                    Some(by_points as u32),
                    "{hand} -> {}",
                    r.target
                );
                assert_eq!(r.solvable, by_points > 0, "{hand} -> {}", r.target);
            }
        }
    }
}
