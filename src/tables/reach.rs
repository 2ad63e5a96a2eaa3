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
use crate::difficulty::{Prediction, pricer::Pricer, span::Span};
use crate::game::error::InputError;
use crate::game::family::Objective;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::game::targets::TargetRange;
use crate::solve::targets::Reacher;
use crate::tables::enumerate::{self, Deck, ValueRange};

/// What every hand of one reach table is solved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachSpec {
    pub targets: TargetRange,
    pub rules: Rules,
    /// Every card once, or any selection (then only with `solutions` off).
    pub uses: Use,
    /// The card values the deck deals.
    pub values: ValueRange,
    pub deck: Deck,
    /// Set by the game, or dealt after the hand: then each row's
    /// `deal_ways` counts the deals of hand and objective card.
    pub objective: Objective,
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
    /// Under the natural rules, when the target is not reachable: the
    /// reachable value nearest to it (the smaller on a tie), the largest
    /// reachable value below it (`None` when there is none), and the
    /// distance to the nearest (0 when the target is reachable). `None`
    /// under the other rule sets.
    pub closest: Option<i64>,
    pub closest_below: Option<i64>,
    pub distance: Option<u64>,
}

/// The rows of one hand, one per target, ascending.
pub fn reach_rows(hand: &Hand, spec: &ReachSpec) -> Result<Vec<ReachRow>, InputError> {
    reach_rows_priced(hand, spec, Pricer::shipped())
}

/// [`reach_rows`] with the predictions of `pricer` (`sweep --model`).
pub fn reach_rows_priced(
    hand: &Hand,
    spec: &ReachSpec,
    pricer: &Pricer,
) -> Result<Vec<ReachRow>, InputError> {
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
        deal_ways: match spec.objective {
            Objective::Set => deal_ways,
            Objective::Dealt => {
                deal_ways * enumerate::objective_ways(hand.cards(), t, spec.values, spec.deck)
            }
        },
        prediction: None,
        closest: None,
        closest_below: None,
        distance: None,
    };
    let mut out = Vec::with_capacity(targets.width() as usize);
    if spec.rules == Rules::Natural && !spec.solutions {
        let near = Nearest::of(hand, targets, spec.uses)?;
        for t in targets.lo..=targets.hi {
            let mut r = row(t, near.reaches(t));
            (r.closest, r.closest_below, r.distance) = near.closest(t)?;
            out.push(r);
        }
        return Ok(out);
    }
    if !spec.solutions {
        let reach = Reacher::with_shared(spec.rules, |r| r.reaches(hand, targets, spec.uses))?;
        for (t, &hit) in (targets.lo..=targets.hi).zip(&reach) {
            let mut r = row(t, hit);
            if r.solvable && spec.rules == Rules::Rational {
                r.integer_solvable = match spec.uses {
                    Use::All => integer_reaches(t)?,
                    Use::Any => Reacher::with_shared(Rules::Integer, |r| {
                        r.reaches(hand, TargetRange { lo: t, hi: t }, Use::Any)
                    })?[0],
                };
            }
            out.push(r);
        }
        return Ok(out);
    }
    assert_eq!(
        spec.uses,
        Use::All,
        "solution counts are for hands using every card"
    );
    let nearest: OnceCell<Result<Nearest, InputError>> = OnceCell::new();
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
            .and_then(|s| pricer.predict_in(hand, Q::int(t), sols, s));
        if spec.rules == Rules::Natural {
            let near = nearest.get_or_init(|| Nearest::of(hand, targets, Use::All));
            let near = near.as_ref().map_err(Clone::clone)?;
            (r.closest, r.closest_below, r.distance) = near.closest(t)?;
        }
        out.push(r);
    }
    Ok(out)
}

/// (nearest value, largest value below, distance) of one target.
type Closest = (Option<i64>, Option<i64>, Option<u64>);

/// The whole values a hand reaches around a range of targets under the
/// natural rules (every value whole and at least 0): enough of them to name,
/// for every target, the nearest reachable value and the largest one below.
#[derive(Debug)]
struct Nearest<'a> {
    hand: &'a Hand,
    uses: Use,
    /// Reachable values from 0 to `hit.len() - 1`.
    hit: Vec<bool>,
}

impl<'a> Nearest<'a> {
    fn of(hand: &'a Hand, targets: TargetRange, uses: Use) -> Result<Nearest<'a>, InputError> {
        // With any selection each card is reachable, so the nearest value to
        // a target is no farther than the nearest card: within
        // `hi + max(hi, largest card)`. Using every card there may be no
        // value that low; [`Nearest::closest`] then asks the exact solver.
        let top = hand.cards().iter().map(|c| c.abs()).max().unwrap_or(0);
        let hi = targets.hi.max(0);
        let whi = hi.saturating_add(hi.max(top));
        let hit = Reacher::with_shared(Rules::Natural, |r| r.window(hand, 0, whi, uses))?;
        Ok(Nearest { hand, uses, hit })
    }

    fn reaches(&self, t: i64) -> bool {
        t >= 0 && (t as usize) < self.hit.len() && self.hit[t as usize]
    }

    /// (nearest, largest below, distance); the first two `None` when the
    /// target is reachable.
    fn closest(&self, t: i64) -> Result<Closest, InputError> {
        if self.reaches(t) {
            return Ok((None, None, Some(0)));
        }
        let top = self.hit.len() as i64 - 1;
        let below = (0..t.min(top + 1)).rev().find(|&v| self.hit[v as usize]);
        let above = ((t + 1).max(0)..=top).find(|&v| self.hit[v as usize]);
        // No value is below 0, and every value from 0 to `top` is known.
        let nearest = match (below, above) {
            (Some(b), Some(a)) => Some(if t - b <= a - t { b } else { a }),
            (None, Some(a)) => Some(a),
            // A value past the window is at least `top + 1`.
            (Some(b), None) if t - b <= top + 1 - t => Some(b),
            // Something nearer may lie past the window: decide exactly.
            _ => self.exact_nearest(t)?,
        };
        Ok((nearest, below, nearest.map(|v| v.abs_diff(t))))
    }

    /// The nearest reachable value from the exact solver's full value sets.
    fn exact_nearest(&self, t: i64) -> Result<Option<i64>, InputError> {
        let cards = self.hand.cards();
        let picks: Vec<Vec<i64>> = match self.uses {
            Use::All => vec![cards.to_vec()],
            Use::Any => (1u32..(1 << cards.len()))
                .map(|m| {
                    (0..cards.len())
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| cards[i])
                        .collect()
                })
                .collect(),
        };
        let mut best: Option<i64> = None;
        for pick in picks {
            for v in crate::solve::reachable_values(&Hand::new(pick)?, Rules::Natural)? {
                let v = v.numer();
                best = match best {
                    Some(b) if (b.abs_diff(t), b) <= (v.abs_diff(t), v) => Some(b),
                    _ => Some(v),
                };
            }
        }
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::rows::{RowSpec, hand_row};

    fn spec(solutions: bool, rules: Rules) -> ReachSpec {
        ReachSpec {
            targets: TargetRange::new(-3, 150).unwrap(),
            rules,
            uses: Use::All,
            deck: Deck::Copies(4),
            values: ValueRange::new(1, 13).unwrap(),
            objective: crate::game::family::Objective::Set,
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
                        assert_eq!(r.structural, h.structural, "{what}");
                        assert_eq!(r.dissimilar, h.dissimilar, "{what}");
                        assert_eq!(r.deal_ways, h.deal_ways, "{what}");
                        assert_eq!(
                            r.prediction.map(|p| p.time_s),
                            h.prediction.map(|p| p.time_s),
                            "{what}"
                        );
                        assert_eq!(
                            r.prediction.map(|p| p.solve_rate),
                            h.prediction.map(|p| p.solve_rate),
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
            uses: Use::All,
            deck: Deck::Copies(4),
            values: ValueRange::new(1, 13).unwrap(),
            objective: crate::game::family::Objective::Set,
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
