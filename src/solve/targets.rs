//! Which targets of a range a hand reaches, without listing every value it
//! reaches.
//!
//! The values of each proper sub-multiset are computed once (by dynamic
//! programming over its splits) and remembered across hands, since a sweep
//! meets the same sub-multisets in many hands; the whole hand's values are
//! never built: every split of the hand combines its two sides' values and
//! marks the results that are whole targets of the range in a bitmap. This
//! is the `--no-solutions` path of `sweep --targets`; [`super::reachable_values`]
//! is the independent check in the tests.

use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::game::targets::TargetRange;

/// Remembered value sets beyond which the memory is cleared (the sets of
/// five-card multisets hold tens of thousands of values each).
const FORGET_AFTER_VALUES: usize = 1 << 22;

/// The values of sub-multisets under one rule set, remembered across hands.
#[derive(Debug)]
pub struct Reacher {
    rules: Rules,
    sets: FxHashMap<Vec<i64>, Rc<FxHashSet<Q>>>,
    held: usize,
}

/// The six results of `x` and `y` (`None` where undefined or too large).
fn results(x: Q, y: Q) -> [Option<Q>; 6] {
    [
        x.checked_add(y),
        x.checked_mul(y),
        x.checked_sub(y),
        y.checked_sub(x),
        x.checked_div(y),
        y.checked_div(x),
    ]
}

/// Marks `r` in the bitmap when it is a whole target of the range.
fn mark(hit: &mut [bool], targets: TargetRange, r: Q) {
    if r.is_integer() && targets.contains(r.numer()) {
        hit[(r.numer() - targets.lo) as usize] = true;
    }
}

/// What the other operand `y` must be for `x op y` (or `y op x`) to be `t`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Need {
    Value(Q),
    /// Any non-zero value (`0 / y = 0`).
    NonZero,
    /// Any value (`0 * y = 0`).
    Any,
}

/// For each of the six shapes (`x+y`, `x*y`, `x-y`, `y-x`, `x/y`, `y/x`),
/// what `y` must be for the result to be `t`, if anything can.
fn needs(x: Q, t: Q) -> Vec<Need> {
    let mut out = Vec::with_capacity(6);
    let mut value = |v: Option<Q>| {
        if let Some(v) = v {
            out.push(Need::Value(v));
        }
    };
    value(t.checked_sub(x)); // x + y
    value(x.checked_sub(t)); // x - y
    value(t.checked_add(x)); // y - x
    if !x.is_zero() {
        value(t.checked_div(x)); // x * y
        value(t.checked_mul(x)); // y / x
        if !t.is_zero() {
            value(x.checked_div(t)); // x / y
        }
    } else if t.is_zero() {
        out.push(Need::Any); // 0 * y
        out.push(Need::NonZero); // 0 / y
    }
    out
}

/// Unordered splits of sorted `cards` into two non-empty sub-multisets,
/// each pair once.
fn splits(cards: &[i64]) -> Vec<(Vec<i64>, Vec<i64>)> {
    let n = cards.len();
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for mask in 1u32..(1 << n) - 1 {
        if mask & 1 == 0 {
            continue; // the side holding card 0 names the split
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for (i, &c) in cards.iter().enumerate() {
            if mask >> i & 1 == 1 {
                a.push(c);
            } else {
                b.push(c);
            }
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if seen.insert(key.clone()) {
            out.push(key);
        }
    }
    out
}

impl Reacher {
    pub fn new(rules: Rules) -> Reacher {
        Reacher {
            rules,
            sets: FxHashMap::default(),
            held: 0,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// [`Reacher::reaches`] on this thread's reacher for `rules`.
    pub fn shared(
        hand: &Hand,
        rules: Rules,
        targets: TargetRange,
    ) -> Result<Vec<bool>, InputError> {
        thread_local! {
            static SHARED: std::cell::RefCell<Vec<Reacher>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        SHARED.with_borrow_mut(|all| {
            let at = match all.iter().position(|r| r.rules == rules) {
                Some(i) => i,
                None => {
                    all.push(Reacher::new(rules));
                    all.len() - 1
                }
            };
            all[at].reaches(hand, targets)
        })
    }

    /// Every value the sorted multiset `cards` reaches, remembered.
    fn values(&mut self, cards: &[i64]) -> Rc<FxHashSet<Q>> {
        if let Some(v) = self.sets.get(cards) {
            return v.clone();
        }
        let v: FxHashSet<Q> = if let [c] = cards {
            std::iter::once(Q::int(*c)).collect()
        } else {
            let mut set = FxHashSet::default();
            for (a, b) in splits(cards) {
                let (va, vb) = (self.values(&a), self.values(&b));
                for &x in va.iter() {
                    for &y in vb.iter() {
                        for r in results(x, y).into_iter().flatten() {
                            if self.rules.admits(r) {
                                set.insert(r);
                            }
                        }
                    }
                }
            }
            set
        };
        let v = Rc::new(v);
        self.held += v.len();
        self.sets.insert(cards.to_vec(), v.clone());
        v
    }

    /// Whether `hand` reaches each target of `targets`, in order.
    pub fn reaches(&mut self, hand: &Hand, targets: TargetRange) -> Result<Vec<bool>, InputError> {
        hand.check_range(Q::int(targets.widest()))?;
        if self.held > FORGET_AFTER_VALUES {
            self.sets.clear();
            self.held = 0;
        }
        let mut hit = vec![false; targets.width() as usize];
        let cards = hand.cards();
        if let [c] = cards {
            mark(&mut hit, targets, Q::int(*c));
            return Ok(hit);
        }
        for (a, b) in splits(cards) {
            let (va, vb) = (self.values(&a), self.values(&b));
            // The smaller side's values against the larger side's: either
            // every pair (few values on both sides), or, for each target,
            // the value the larger side would need, looked up.
            let (small, large) = if va.len() <= vb.len() {
                (va, vb)
            } else {
                (vb, va)
            };
            if large.len() <= hit.len() {
                for &x in small.iter() {
                    for &y in large.iter() {
                        for r in results(x, y).into_iter().flatten() {
                            if self.rules.admits(r) {
                                mark(&mut hit, targets, r);
                            }
                        }
                    }
                }
                continue;
            }
            for t in targets.lo..=targets.hi {
                let tq = Q::int(t);
                if hit[(t - targets.lo) as usize] || !self.rules.admits(tq) {
                    continue;
                }
                let found = small.iter().any(|&x| {
                    needs(x, tq).into_iter().any(|need| match need {
                        Need::Value(y) => large.contains(&y),
                        Need::NonZero => large.iter().any(|y| !y.is_zero()),
                        Need::Any => true,
                    })
                });
                if found {
                    hit[(t - targets.lo) as usize] = true;
                }
            }
        }
        Ok(hit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::reachable_values;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn agrees_with_the_exact_solvers_reachable_values() {
        let mut rng = StdRng::seed_from_u64(13);
        let targets = TargetRange::new(-50, 400).unwrap();
        for rules in [Rules::Rational, Rules::Integer, Rules::Natural] {
            let mut reacher = Reacher::new(rules);
            for _ in 0..150 {
                let k = rng.random_range(1..=5);
                let cards: Vec<i64> = (0..k).map(|_| rng.random_range(-3..=13)).collect();
                let hand = Hand::new(cards).unwrap();
                let got = reacher.reaches(&hand, targets).unwrap();
                let all: FxHashSet<Q> = reachable_values(&hand, rules)
                    .unwrap()
                    .into_iter()
                    .collect();
                for (i, &g) in got.iter().enumerate() {
                    let t = targets.lo + i as i64;
                    assert_eq!(g, all.contains(&Q::int(t)), "{hand} -> {t} under {rules}");
                }
            }
        }
    }
}
