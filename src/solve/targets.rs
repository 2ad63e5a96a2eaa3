//! Which targets of a range a hand reaches, and the reachable whole values
//! nearest to them, without listing every value the hand reaches.
//!
//! The values of each proper sub-multiset are computed once (by dynamic
//! programming over its splits), sorted, and remembered across hands, since
//! a sweep meets the same sub-multisets in many hands; the whole hand's
//! values are never built. Every split of the hand combines its two sides'
//! values and marks only the results that matter:
//!
//! - [`Reacher::reaches`]: the whole targets of a range. When the larger
//!   side has more values than there are targets, each target instead looks
//!   up the value the larger side would need.
//! - [`Reacher::window`]: every whole value in a window (for the closest
//!   value to a target), under the integer and natural rules. For each value
//!   `x` of the smaller side and each operation, the values `y` of the
//!   larger side whose result lands in the window form one contiguous run
//!   of its sorted values, found by binary search.
//!
//! With [`Use::Any`] (any non-empty selection of the cards, Countdown) the
//! values of every sub-multiset count too. [`super::reachable_values`] is the
//! independent check in the tests.

use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::game::targets::TargetRange;

/// Remembered values beyond which the memory is cleared (the sets of
/// five-card multisets hold tens of thousands of values each).
const FORGET_AFTER_VALUES: usize = 1 << 22;

/// The values of sub-multisets under one rule set, remembered across hands.
#[derive(Debug)]
pub struct Reacher {
    rules: Rules,
    /// Sorted, distinct values of each sub-multiset met.
    sets: FxHashMap<Vec<i64>, Rc<Vec<Q>>>,
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

/// Marks `r` in the bitmap of `lo..` when it is a whole number inside it.
fn mark(hit: &mut [bool], lo: i64, r: Q) {
    if r.is_integer() {
        let at = r.numer() as i128 - lo as i128;
        if (0..hit.len() as i128).contains(&at) {
            hit[at as usize] = true;
        }
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

/// The sorted values from `lo` to `hi` (either bound absent: unbounded).
fn run(sorted: &[Q], lo: Option<Q>, hi: Option<Q>) -> &[Q] {
    let start = lo.map_or(0, |lo| sorted.partition_point(|&v| v < lo));
    let end = hi.map_or(sorted.len(), |hi| sorted.partition_point(|&v| v <= hi));
    if start < end {
        &sorted[start..end]
    } else {
        &[]
    }
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

/// Every distinct non-empty sub-multiset of sorted `cards` other than all
/// of them, sorted.
fn proper_subsets(cards: &[i64]) -> Vec<Vec<i64>> {
    let mut out = FxHashSet::default();
    let n = cards.len();
    for mask in 1u32..(1 << n) - 1 {
        out.insert(
            (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect::<Vec<i64>>(),
        );
    }
    let mut v: Vec<Vec<i64>> = out.into_iter().collect();
    v.sort_unstable();
    v
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

    /// Runs `f` on this thread's reacher for `rules`.
    pub fn with_shared<T>(rules: Rules, f: impl FnOnce(&mut Reacher) -> T) -> T {
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
            f(&mut all[at])
        })
    }

    /// [`Reacher::reaches`] on this thread's reacher for `rules`.
    pub fn shared(
        hand: &Hand,
        rules: Rules,
        targets: TargetRange,
    ) -> Result<Vec<bool>, InputError> {
        Reacher::with_shared(rules, |r| r.reaches(hand, targets, Use::All))
    }

    /// Every value the sorted multiset `cards` reaches, sorted, remembered.
    /// The value sets of the two sides of a split, the smaller first.
    fn small_and_large(&mut self, a: &[i64], b: &[i64]) -> (Rc<Vec<Q>>, Rc<Vec<Q>>) {
        let (va, vb) = (self.values(a), self.values(b));
        if va.len() <= vb.len() {
            (va, vb)
        } else {
            (vb, va)
        }
    }

    fn values(&mut self, cards: &[i64]) -> Rc<Vec<Q>> {
        if let Some(v) = self.sets.get(cards) {
            return v.clone();
        }
        let mut v: Vec<Q> = if let [c] = cards {
            vec![Q::int(*c)]
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
            set.into_iter().collect()
        };
        v.sort_unstable();
        let v = Rc::new(v);
        self.held += v.len();
        self.sets.insert(cards.to_vec(), v.clone());
        v
    }

    fn forget_if_full(&mut self) {
        if self.held > FORGET_AFTER_VALUES {
            self.sets.clear();
            self.held = 0;
        }
    }

    /// With [`Use::Any`], marks what every proper sub-multiset reaches in
    /// `lo..lo + hit.len()` (the whole hand is the caller's).
    fn mark_subsets(&mut self, cards: &[i64], lo: i64, hit: &mut [bool]) {
        let (lo_q, hi_q) = (Q::int(lo), Q::int(lo + hit.len() as i64 - 1));
        for s in proper_subsets(cards) {
            let v = self.values(&s);
            for &r in run(&v, Some(lo_q), Some(hi_q)) {
                mark(hit, lo, r);
            }
        }
    }

    /// Whether `hand` reaches each target of `targets`, in order; with
    /// [`Use::Any`], using any non-empty selection of its cards.
    pub fn reaches(
        &mut self,
        hand: &Hand,
        targets: TargetRange,
        uses: Use,
    ) -> Result<Vec<bool>, InputError> {
        hand.check_range(Q::int(targets.widest()))?;
        self.forget_if_full();
        let mut hit = vec![false; targets.width() as usize];
        let cards = hand.cards();
        if uses == Use::Any {
            self.mark_subsets(cards, targets.lo, &mut hit);
        }
        if let [c] = cards {
            mark(&mut hit, targets.lo, Q::int(*c));
            return Ok(hit);
        }
        for (a, b) in splits(cards) {
            // The smaller side's values against the larger side's: either
            // every pair (few values on both sides), or, for each target,
            // the value the larger side would need, looked up.
            let (small, large) = self.small_and_large(&a, &b);
            if large.len() <= hit.len() {
                for &x in small.iter() {
                    for &y in large.iter() {
                        for r in results(x, y).into_iter().flatten() {
                            if self.rules.admits(r) {
                                mark(&mut hit, targets.lo, r);
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
                        Need::Value(y) => large.binary_search(&y).is_ok(),
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

    /// Which whole values from `lo` to `hi` `hand` reaches (with
    /// [`Use::Any`], using any non-empty selection of its cards), under the
    /// integer or natural rules, where every value is whole.
    pub fn window(
        &mut self,
        hand: &Hand,
        lo: i64,
        hi: i64,
        uses: Use,
    ) -> Result<Vec<bool>, InputError> {
        assert!(
            self.rules != Rules::Rational,
            "windows are for rule sets whose values are whole"
        );
        hand.check_range(Q::int(if lo.abs() > hi.abs() { lo } else { hi }))?;
        self.forget_if_full();
        let mut hit = vec![false; (hi - lo + 1) as usize];
        let cards = hand.cards();
        if uses == Use::Any {
            self.mark_subsets(cards, lo, &mut hit);
        }
        if let [c] = cards {
            mark(&mut hit, lo, Q::int(*c));
            return Ok(hit);
        }
        let (wlo, whi) = (Q::int(lo), Q::int(hi));
        let rules = self.rules;
        for (a, b) in splits(cards) {
            let (small, large) = self.small_and_large(&a, &b);
            for &x in small.iter() {
                let mut offer = |r: Option<Q>| {
                    if let Some(r) = r.filter(|&r| rules.admits(r)) {
                        mark(&mut hit, lo, r);
                    }
                };
                // x + y and y - x, x - y: runs by subtraction.
                for &y in run(&large, wlo.checked_sub(x), whi.checked_sub(x)) {
                    offer(x.checked_add(y));
                }
                for &y in run(&large, wlo.checked_add(x), whi.checked_add(x)) {
                    offer(y.checked_sub(x));
                }
                for &y in run(&large, x.checked_sub(whi), x.checked_sub(wlo)) {
                    offer(x.checked_sub(y));
                }
                if x.is_zero() {
                    // 0 * y = 0; 0 / y = 0 for y other than 0.
                    if !large.is_empty() {
                        offer(Some(Q::ZERO));
                    }
                    continue;
                }
                // x * y and y / x: runs by division and multiplication (the
                // bounds swap for a negative x).
                let (a1, b1) = (wlo.checked_div(x), whi.checked_div(x));
                let (a2, b2) = (wlo.checked_mul(x), whi.checked_mul(x));
                let (m_lo, m_hi, d_lo, d_hi) = if x.is_negative() {
                    (b1, a1, b2, a2)
                } else {
                    (a1, b1, a2, b2)
                };
                for &y in run(&large, m_lo, m_hi) {
                    offer(x.checked_mul(y));
                }
                for &y in run(&large, d_lo, d_hi) {
                    offer(y.checked_div(x));
                }
                // x / y is whole only when y divides x: |y| <= |x|.
                let ax = x.abs();
                for &y in run(&large, ax.and_then(|a| a.checked_neg()), ax) {
                    if !y.is_zero() {
                        offer(x.checked_div(y));
                    }
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

    /// Every value any non-empty selection of `cards` reaches, from the
    /// exact solver on each selection.
    fn any_values(cards: &[i64], rules: Rules) -> FxHashSet<Q> {
        let mut all = FxHashSet::default();
        for mask in 1u32..(1 << cards.len()) {
            let pick: Vec<i64> = (0..cards.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            all.extend(reachable_values(&Hand::new(pick).unwrap(), rules).unwrap());
        }
        all
    }

    #[test]
    fn agrees_with_the_exact_solvers_reachable_values() {
        let mut rng = StdRng::seed_from_u64(13);
        let targets = TargetRange::new(-50, 400).unwrap();
        for rules in [Rules::Rational, Rules::Integer, Rules::Natural] {
            let mut reacher = Reacher::new(rules);
            for n in 0..150 {
                let k = rng.random_range(1..=5);
                let mut cards: Vec<i64> = (0..k).map(|_| rng.random_range(-3..=13)).collect();
                cards.sort_unstable();
                let hand = Hand::new(cards.clone()).unwrap();
                let uses = if n % 2 == 0 { Use::All } else { Use::Any };
                let got = reacher.reaches(&hand, targets, uses).unwrap();
                let all: FxHashSet<Q> = match uses {
                    Use::All => reachable_values(&hand, rules)
                        .unwrap()
                        .into_iter()
                        .collect(),
                    Use::Any => any_values(&cards, rules),
                };
                for (i, &g) in got.iter().enumerate() {
                    let t = targets.lo + i as i64;
                    assert_eq!(
                        g,
                        all.contains(&Q::int(t)),
                        "{hand} -> {t} under {rules}, {uses}"
                    );
                }
                if rules != Rules::Rational {
                    let window = reacher.window(&hand, -300, 700, uses).unwrap();
                    for (i, &g) in window.iter().enumerate() {
                        let v = -300 + i as i64;
                        assert_eq!(
                            g,
                            all.contains(&Q::int(v)),
                            "{hand} window {v} under {rules}, {uses}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn countdown_games_checked_by_hand() {
        let mut r = Reacher::new(Rules::Natural);
        let hand = Hand::new(vec![3, 6, 25, 50, 75, 100]).unwrap();
        let w = r.window(&hand, 0, 2000, Use::Any).unwrap();
        // ((100 + 6) * 3 * 75 - 50) / 25 = 952.
        assert!(w[952]);
        // 3 3 2 2 1 1 reaches nothing from 100 to 999: (3+2+1)... at most
        // (3*3)*(2*2)*(1+1) = 72.
        let small = Hand::new(vec![1, 1, 2, 2, 3, 3]).unwrap();
        let t = TargetRange::new(100, 999).unwrap();
        assert!(r.reaches(&small, t, Use::Any).unwrap().iter().all(|&h| !h));
        // Only a selection reaches 100 from 4 7 25: 25*4, with the 7 left
        // over; all three cannot.
        let part = Hand::new(vec![4, 7, 25]).unwrap();
        let one = TargetRange::new(100, 100).unwrap();
        assert_eq!(r.reaches(&part, one, Use::Any).unwrap(), [true]);
        assert_eq!(r.reaches(&part, one, Use::All).unwrap(), [false]);
    }
}
