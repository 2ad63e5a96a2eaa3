//! The exact solver: dynamic programming over sub-multisets of one hand.
//!
//! The value set `V(S)` of a set of cards `S` is built from the value sets of
//! its two-part splits `S = A ∪ B`: every `a ∘ b` and `b ∘ a` for `a ∈ V(A)`,
//! `b ∈ V(B)` and `∘ ∈ {+ - * /}` that the rule set admits. Every value keeps a
//! back-pointer (operation and the two operand indices) so an expression is
//! rebuilt only for the answer, never enumerated as text.
//!
//! Deciding one target does not need `V` of the large subsets. For a split
//! `(A, B)` with `A` the smaller side, each `a ∈ V(A)` and each of the six
//! operation shapes name exactly one value `b` that `B` would have to reach
//! (`t - a`, `a - t`, `t + a`, `t / a`, `a / t`, `t * a`), so the question
//! recurses as "can `B` make `b`?" down to subsets small enough to tabulate.
//! Failed questions are memoised, and equal cards make equal subsets: every
//! subset is replaced by its canonical representative (the first `m` copies of
//! each value), so a sub-multiset is solved once.
//!
//! A "no solution" answer is a proof by exhaustion: every split, every value of
//! the smaller side and every operation shape was tried. Arithmetic cannot
//! overflow: [`Hand::check_range`] proves a bound on every number first.

use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::error::InputError;
use crate::game::expr::{Expr, Op};
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::named::named;
use crate::game::number::{Q, height_bound};
use crate::game::rules::{Rules, Use};

named! {
    /// How `--closest` picks a value when the target is out of reach, asked
    /// for by name (`--closest below`, the Python package's
    /// `closest="below"`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Closest {
        /// Only the target itself counts (the default of a game that scores
        /// exact answers only; `exact` turns off a game's nearest).
        #[default]
        Exact => "exact",
        /// The largest reachable value not above the target.
        Below => "below",
        /// The reachable value nearest the target (the smaller one on a tie).
        Nearest => "nearest",
    }
    impl FromStr else InputError::unknown("closest mode");
}

/// What one solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The value reached: the target when solved, or the closest value.
    pub value: Option<Q>,
    /// An expression that evaluates exactly to `value`, using every card
    /// once (or, in any-subset play, some of the cards, each at most once).
    pub expr: Option<Expr>,
}

impl Outcome {
    pub fn solved(&self, target: Q) -> bool {
        self.value == Some(target)
    }
}

/// Solve `hand` for `target` under `rules`: one expression, or `None` when
/// none exists. Fails only on a hand the exact solver does not take.
pub fn solve(hand: &Hand, target: Q, rules: Rules) -> Result<Option<Expr>, InputError> {
    solve_within(hand, target, rules, MAX_STEPS)
}

/// [`solve`] with a step budget of `steps` instead of [`MAX_STEPS`], for
/// callers that would rather give up early and try something else.
pub fn solve_within(
    hand: &Hand,
    target: Q,
    rules: Rules,
    steps: u64,
) -> Result<Option<Expr>, InputError> {
    if out_of_height(hand.cards(), target) && hand.len() >= 2 {
        hand.check_size(MAX_EXACT_CARDS, "the exact solver")?;
        hand.check_range(target)?;
        return Ok(None);
    }
    let mut s = Solver::new(hand, target, rules)?;
    s.budget = steps;
    s.decide_full(target)
        .map_err(|Exhausted| s.too_hard(hand, target, steps, Use::All))
}

/// Whether `t` is out of reach of every expression over `cards` by size
/// alone: each value is `a/b` with `|a| + |b| <= prod(|c| + 1)`
/// ([`height_bound`]), so a target with `|p| + q` above that product is
/// unreachable. A proof that costs nothing, and settles at once the huge
/// targets whose exhaustive search would be the longest.
pub fn out_of_height(cards: &[i64], t: Q) -> bool {
    let need = t.numer().unsigned_abs() as u128 + t.denom() as u128;
    // With target 0 the bound is the bare product; `None` (beyond u128)
    // proves nothing.
    height_bound(cards, Q::ZERO).is_some_and(|h| need > h)
}

/// Like [`solve`], but when the target is unreachable reports the closest
/// reachable value as `mode` asks.
pub fn solve_closest(
    hand: &Hand,
    target: Q,
    rules: Rules,
    mode: Closest,
) -> Result<Outcome, InputError> {
    solve_closest_within(hand, target, rules, mode, MAX_STEPS)
}

/// [`solve_closest`] with a step budget of `steps`.
pub fn solve_closest_within(
    hand: &Hand,
    target: Q,
    rules: Rules,
    mode: Closest,
    steps: u64,
) -> Result<Outcome, InputError> {
    if mode == Closest::Exact {
        let expr = solve_within(hand, target, rules, steps)?;
        return Ok(Outcome {
            value: expr.is_some().then_some(target),
            expr,
        });
    }
    let mut s = Solver::new(hand, target, rules)?;
    s.budget = steps;
    let too_hard = |s: &Solver| s.too_hard(hand, target, steps, Use::All);
    if let Some(e) = s.decide_full(target).map_err(|Exhausted| too_hard(&s))? {
        return Ok(Outcome {
            value: Some(target),
            expr: Some(e),
        });
    }
    let closest = s
        .closest_full(target, mode)
        .map_err(|Exhausted| too_hard(&s))?;
    Ok(match closest {
        Some((v, e)) => Outcome {
            value: Some(v),
            expr: Some(e),
        },
        None => Outcome {
            value: None,
            expr: None,
        },
    })
}

/// Every value the whole hand can reach under `rules`, ascending.
pub fn reachable_values(hand: &Hand, rules: Rules) -> Result<Vec<Q>, InputError> {
    let mut s = Solver::new(hand, Q::ZERO, rules)?;
    let full = s.full;
    s.materialize(full)
        .map_err(|Exhausted| s.too_hard(hand, Q::ZERO, MAX_STEPS, Use::All))?;
    Ok(s.set(full).vals.clone())
}

/// The most steps one solve may take: a step is one value of a subset tried
/// against the target (six operation shapes), one question asked of a
/// subset, or one pair of values combined while tabulating a subset. Most
/// hands need thousands; an exhaustive search over nine or more different
/// cards for a target they cannot reach, or `--closest` over ten, can need
/// billions (hours and gigabytes), because their sets of rational values are
/// huge. The budget keeps every solve to seconds and a few hundred
/// megabytes; a hand that needs more gets [`InputError::TooHard`], never a
/// guess. Steps are counted, not timed, so the outcome does not depend on
/// the machine.
pub const MAX_STEPS: u64 = 30_000_000;

/// The step budget ran out ([`MAX_STEPS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Exhausted;

/// Where a value of a tabulated set came from.
#[derive(Clone, Copy, Debug)]
enum Prov {
    Card,
    /// `V(a)[ai] op V(b)[bi]`, masks canonical.
    Bin {
        op: Op,
        a: u16,
        ai: u32,
        b: u16,
        bi: u32,
    },
}

/// The tabulated values of one canonical subset, ascending, with provenance.
#[derive(Debug, Default)]
pub(super) struct ValueSet {
    pub(super) vals: Vec<Q>,
    prov: Vec<Prov>,
}

impl ValueSet {
    #[inline]
    fn find(&self, v: Q) -> Option<usize> {
        if self.vals.len() <= 8 {
            return self.vals.iter().position(|&x| x == v);
        }
        self.vals.binary_search(&v).ok()
    }
}

/// The six ways `a` (from the smaller side) and `b` (from the other) combine.
#[derive(Clone, Copy, Debug)]
enum Shape {
    APlusB,
    ATimesB,
    AMinusB,
    BMinusA,
    ADivB,
    BDivA,
}

impl Shape {
    const ALL: [Shape; 6] = [
        Shape::APlusB,
        Shape::ATimesB,
        Shape::AMinusB,
        Shape::BMinusA,
        Shape::ADivB,
        Shape::BDivA,
    ];

    fn build(self, a: Expr, b: Expr) -> Expr {
        match self {
            Shape::APlusB => Expr::bin(Op::Add, a, b),
            Shape::ATimesB => Expr::bin(Op::Mul, a, b),
            Shape::AMinusB => Expr::bin(Op::Sub, a, b),
            Shape::BMinusA => Expr::bin(Op::Sub, b, a),
            Shape::ADivB => Expr::bin(Op::Div, a, b),
            Shape::BDivA => Expr::bin(Op::Div, b, a),
        }
    }

    fn value(self, a: Q, b: Q) -> Option<Q> {
        match self {
            Shape::APlusB => a.checked_add(b),
            Shape::ATimesB => a.checked_mul(b),
            Shape::AMinusB => a.checked_sub(b),
            Shape::BMinusA => b.checked_sub(a),
            Shape::ADivB => a.checked_div(b),
            Shape::BDivA => b.checked_div(a),
        }
    }

    /// The `b` with `shape(a, b) == t`, when exactly one exists.
    #[inline]
    fn needed(self, a: Q, t: Q) -> Option<Q> {
        match self {
            Shape::APlusB => t.checked_sub(a),
            Shape::AMinusB => a.checked_sub(t),
            Shape::BMinusA => t.checked_add(a),
            Shape::ATimesB => t.checked_div(a),
            // a / b = t: b = a / t, and b = 0 (a = 0) is no division.
            Shape::ADivB if a.is_zero() => None,
            Shape::ADivB => a.checked_div(t),
            Shape::BDivA if a.is_zero() => None,
            Shape::BDivA => t.checked_mul(a),
        }
    }
}

/// Subset tables and memo for one hand, target-independent except for the
/// memo. Any-subset play ([`super::subsets`]) asks one solver about every
/// sub-multiset, so that their tables and failed questions are shared.
pub(super) struct Solver {
    pub(super) cards: Vec<i64>,
    rules: Rules,
    pub(super) full: u16,
    /// `canon[mask]`: the canonical representative of the sub-multiset.
    pub(super) canon: Vec<u16>,
    sets: Vec<Option<ValueSet>>,
    /// Subsets of at most this many cards are tabulated; larger ones are
    /// decided target by target.
    tabulate_upto: u32,
    failed: FxHashSet<(u16, Q)>,
    /// `splits[mask]`, computed on first use.
    splits: Vec<Option<Splits>>,
    /// Steps left of [`MAX_STEPS`].
    pub(super) budget: u64,
}

/// The unordered two-part splits of one subset, as canonical mask pairs.
type Splits = Rc<[(u16, u16)]>;

/// Subsets of at least this many cards remember the targets they failed to
/// reach; smaller ones are cheaper to search again than to hash.
const MEMO_FROM: u32 = 4;

impl Solver {
    pub(super) fn new(hand: &Hand, target: Q, rules: Rules) -> Result<Solver, InputError> {
        hand.check_size(MAX_EXACT_CARDS, "the exact solver")?;
        hand.check_range(target)?;
        let cards = hand.cards().to_vec();
        let n = cards.len();
        let size = 1usize << n;
        let mut canon = vec![0u16; size];
        for (mask, c) in canon.iter_mut().enumerate() {
            // Cards are sorted, so copies of a value are adjacent: keep the
            // first `count` positions of each run.
            let mut out = 0u16;
            let mut i = 0;
            while i < n {
                let mut j = i;
                while j < n && cards[j] == cards[i] {
                    j += 1;
                }
                let run = ((1u32 << (j - i)) - 1) << i;
                let count = (mask as u32 & run).count_ones();
                out |= (((1u32 << count) - 1) << i) as u16;
                i = j;
            }
            *c = out;
        }
        // Measured (benches/solve.rs): tabulating three-card subsets is
        // 4x slower for four-card hands than deciding them, but for five or
        // more cards it is the sweet spot; tabulating more (n - 2 cards, say)
        // made six-card hands 5x and seven-card hands 50x slower.
        let tabulate_upto = if n <= 4 { 2 } else { 3 };
        let mut sets = Vec::with_capacity(size);
        sets.resize_with(size, || None);
        let mut splits = Vec::with_capacity(size);
        splits.resize_with(size, || None);
        Ok(Solver {
            cards,
            rules,
            full: (size - 1) as u16,
            canon,
            sets,
            tabulate_upto,
            failed: FxHashSet::default(),
            splits,
            budget: MAX_STEPS,
        })
    }

    /// Spend `n` steps of the budget.
    #[inline]
    fn spend(&mut self, n: u64) -> Result<(), Exhausted> {
        self.budget = self.budget.checked_sub(n).ok_or(Exhausted)?;
        Ok(())
    }

    /// The step budget of `steps` ran out solving `hand` for `target`,
    /// using its cards as `uses` says.
    pub(super) fn too_hard(&self, hand: &Hand, target: Q, steps: u64, uses: Use) -> InputError {
        InputError::TooHard {
            hand: hand.to_string(),
            target: target.to_string(),
            steps,
            uses,
        }
    }

    pub(super) fn set(&self, canon_mask: u16) -> &ValueSet {
        self.sets[canon_mask as usize]
            .as_ref()
            .expect("materialized before use")
    }

    /// Unordered splits `(A, B)` of `mask` with `|A| <= |B|`, as canonical
    /// masks, each distinct sub-multiset pair once, smaller `A` first.
    fn splits_of(&mut self, mask: u16) -> Splits {
        if let Some(s) = &self.splits[mask as usize] {
            return Rc::clone(s);
        }
        let low = mask & mask.wrapping_neg();
        let total = mask.count_ones();
        let mut out = Vec::new();
        let mut a = (mask - 1) & mask;
        while a != 0 {
            let b = mask & !a;
            let (ca, cb) = (a.count_ones(), b.count_ones());
            if ca < cb || (ca == cb && a & low != 0) {
                out.push((self.canon[a as usize], self.canon[b as usize]));
            }
            a = (a - 1) & mask;
        }
        out.sort_unstable_by_key(|&(a, b)| (a.count_ones(), a, b));
        out.dedup();
        debug_assert!(
            out.iter()
                .all(|&(a, b)| a.count_ones() + b.count_ones() == total)
        );
        let out: Splits = out.into();
        self.splits[mask as usize] = Some(Rc::clone(&out));
        out
    }

    /// Tabulate `V(mask)` (canonical mask) and everything it needs.
    pub(super) fn materialize(&mut self, mask: u16) -> Result<(), Exhausted> {
        if self.sets[mask as usize].is_some() {
            return Ok(());
        }
        if mask.count_ones() == 1 {
            let c = self.cards[mask.trailing_zeros() as usize];
            self.sets[mask as usize] = Some(ValueSet {
                vals: vec![Q::int(c)],
                prov: vec![Prov::Card],
            });
            return Ok(());
        }
        // Candidates in generation order; the first producer of a value wins,
        // so the kept expression is the same on every run.
        let mut cands: Vec<(Q, Prov)> = Vec::new();
        for &(a, b) in self.splits_of(mask).iter() {
            self.materialize(a)?;
            self.materialize(b)?;
            // Paid before the candidates are allocated: the value sets of
            // large subsets make products of many millions.
            let pairs = self.set(a).vals.len() as u64 * self.set(b).vals.len() as u64;
            self.spend(pairs)?;
            let (va, vb) = (self.set(a), self.set(b));
            cands.reserve(va.vals.len() * vb.vals.len() * 6);
            for (ai, &x) in va.vals.iter().enumerate() {
                for (bi, &y) in vb.vals.iter().enumerate() {
                    let (ai, bi) = (ai as u32, bi as u32);
                    let fwd = |op| Prov::Bin { op, a, ai, b, bi };
                    let rev = |op| Prov::Bin {
                        op,
                        a: b,
                        ai: bi,
                        b: a,
                        bi: ai,
                    };
                    let all = [
                        (x.checked_add(y), fwd(Op::Add)),
                        (x.checked_mul(y), fwd(Op::Mul)),
                        (x.checked_sub(y), fwd(Op::Sub)),
                        (y.checked_sub(x), rev(Op::Sub)),
                        (x.checked_div(y), fwd(Op::Div)),
                        (y.checked_div(x), rev(Op::Div)),
                    ];
                    for (v, p) in all {
                        if let Some(v) = v.filter(|&v| self.rules.admits(v)) {
                            cands.push((v, p));
                        }
                    }
                }
            }
        }
        let set = if cands.len() <= 256 {
            // Small sets: a stable sort keeps the first producer of each value.
            cands.sort_by_key(|c| c.0);
            cands.dedup_by(|later, first| later.0 == first.0);
            let (vals, prov) = cands.into_iter().unzip();
            ValueSet { vals, prov }
        } else {
            let mut first: FxHashMap<Q, Prov> = FxHashMap::default();
            first.reserve(cands.len() / 2);
            for (v, p) in cands {
                first.entry(v).or_insert(p);
            }
            let mut pairs: Vec<(Q, Prov)> = first.into_iter().collect();
            pairs.sort_unstable_by_key(|p| p.0);
            let (vals, prov) = pairs.into_iter().unzip();
            ValueSet { vals, prov }
        };
        self.sets[mask as usize] = Some(set);
        Ok(())
    }

    pub(super) fn rebuild(&self, mask: u16, idx: usize) -> Expr {
        let set = self.set(mask);
        match set.prov[idx] {
            Prov::Card => Expr::Card(set.vals[idx].numer()),
            Prov::Bin { op, a, ai, b, bi } => Expr::bin(
                op,
                self.rebuild(a, ai as usize),
                self.rebuild(b, bi as usize),
            ),
        }
    }

    fn decide_full(&mut self, t: Q) -> Result<Option<Expr>, Exhausted> {
        let full = self.full;
        if full.count_ones() == 1 {
            return Ok((Q::int(self.cards[0]) == t).then(|| Expr::Card(self.cards[0])));
        }
        self.decide(full, t)
    }

    /// An expression over the canonical subset `mask` worth exactly `t`.
    pub(super) fn decide(&mut self, mask: u16, t: Q) -> Result<Option<Expr>, Exhausted> {
        let size = mask.count_ones();
        if size == 1 {
            let c = self.cards[mask.trailing_zeros() as usize];
            return Ok((Q::int(c) == t).then_some(Expr::Card(c)));
        }
        if !self.rules.admits(t) {
            return Ok(None);
        }
        if size <= self.tabulate_upto {
            self.materialize(mask)?;
            return Ok(self.set(mask).find(t).map(|i| self.rebuild(mask, i)));
        }
        let memo = size >= MEMO_FROM;
        if memo && self.failed.contains(&(mask, t)) {
            return Ok(None);
        }
        self.spend(1)?;
        for &(a, b) in self.splits_of(mask).iter() {
            self.materialize(a)?;
            // A tabulated partner is searched in place: this is the innermost
            // loop of every solve, and a call per lookup would dominate it.
            let b_tabulated = b.count_ones() <= self.tabulate_upto;
            if b_tabulated {
                self.materialize(b)?;
            }
            let n_a = self.set(a).vals.len();
            self.spend(n_a as u64)?;
            for ai in 0..n_a {
                let x = self.set(a).vals[ai];
                for shape in Shape::ALL {
                    let found = match shape.needed(x, t) {
                        Some(y) if b_tabulated => self.set(b).find(y).map(|i| self.rebuild(b, i)),
                        Some(y) => self.decide(b, y)?,
                        // a * b = t with a = 0, or a / b = t with t = 0 and a = 0:
                        // any (nonzero) value of B will do.
                        None => self.any_partner(shape, x, t, b)?,
                    };
                    if let Some(eb) = found {
                        let e = shape.build(self.rebuild(a, ai), eb);
                        debug_assert_eq!(e.eval_under(self.rules), Ok(t));
                        return Ok(Some(e));
                    }
                }
            }
        }
        if memo {
            self.failed.insert((mask, t));
        }
        Ok(None)
    }

    /// For the shapes where `a` alone fixes the result (`0 * b`, `0 / b`), an
    /// expression over `b` that makes `shape(a, b) == t`, if any.
    fn any_partner(&mut self, shape: Shape, a: Q, t: Q, b: u16) -> Result<Option<Expr>, Exhausted> {
        let ok = match shape {
            Shape::ATimesB => a.is_zero() && t.is_zero(),
            Shape::ADivB => a.is_zero() && t.is_zero(),
            _ => false,
        };
        if !ok {
            return Ok(None);
        }
        self.materialize(b)?;
        let set = self.set(b);
        let i = set.vals.iter().position(|v| shape.value(a, *v) == Some(t));
        Ok(i.map(|i| self.rebuild(b, i)))
    }

    /// The value of the whole hand closest to `t` (by `mode`) with its
    /// expression; see [`Self::closest_in`].
    fn closest_full(&mut self, t: Q, mode: Closest) -> Result<Option<(Q, Expr)>, Exhausted> {
        self.closest_in(self.full, t, mode)
    }

    /// The value of the canonical subset `mask` closest to `t` (by `mode`)
    /// with its expression. Tabulates every proper subset of `mask`; `mask`
    /// itself is searched split by split, looking only near the value each
    /// shape would need.
    pub(super) fn closest_in(
        &mut self,
        mask: u16,
        t: Q,
        mode: Closest,
    ) -> Result<Option<(Q, Expr)>, Exhausted> {
        if mask.count_ones() == 1 {
            let card = self.cards[mask.trailing_zeros() as usize];
            let c = Q::int(card);
            let ok = mode == Closest::Nearest || c <= t;
            return Ok(ok.then_some((c, Expr::Card(card))));
        }
        let mut best: Option<(Q, u16, usize, u16, usize, Shape)> = None;
        let better = |v: Q, cur: Option<Q>| -> bool {
            if mode == Closest::Below && v > t {
                return false;
            }
            let Some(c) = cur else { return true };
            let (dv, dc) = (v.distance(t).unwrap(), c.distance(t).unwrap());
            dv < dc || (dv == dc && v < c)
        };
        for &(a, b) in self.splits_of(mask).iter() {
            self.materialize(a)?;
            self.materialize(b)?;
            let n_a = self.set(a).vals.len() as u64;
            self.spend(n_a)?;
            let (va, vb) = (self.set(a), self.set(b));
            for (ai, &x) in va.vals.iter().enumerate() {
                for shape in Shape::ALL {
                    for bi in candidates(shape, x, t, &vb.vals, self.rules) {
                        let y = vb.vals[bi];
                        let Some(v) = shape.value(x, y) else { continue };
                        if self.rules.admits(v) && better(v, best.map(|b| b.0)) {
                            best = Some((v, a, ai, b, bi, shape));
                        }
                    }
                }
            }
        }
        let Some((v, a, ai, b, bi, shape)) = best else {
            return Ok(None);
        };
        Ok(Some((
            v,
            shape.build(self.rebuild(a, ai), self.rebuild(b, bi)),
        )))
    }
}

/// Indices into the ascending `vb` worth trying as `b` to bring `shape(a, b)`
/// near `t`. Where the result is monotone in `b` on a range of `b`, the nearest
/// values on either side of the solution (and the range ends) are enough; for
/// division under integer rules, where most quotients are not admitted, every
/// `b` is tried.
fn candidates(shape: Shape, a: Q, t: Q, vb: &[Q], rules: Rules) -> Vec<usize> {
    let n = vb.len();
    if n == 0 {
        return Vec::new();
    }
    let integral_division =
        rules != Rules::Rational && matches!(shape, Shape::ADivB | Shape::BDivA);
    if n <= 4 || integral_division {
        return (0..n).collect();
    }
    let mut out = Vec::with_capacity(8);
    let around = |out: &mut Vec<usize>, y: Q| {
        let p = vb.partition_point(|&v| v < y);
        for i in [p.wrapping_sub(1), p, p + 1] {
            if i < n {
                out.push(i);
            }
        }
    };
    if rules == Rules::Natural {
        // Only results >= 0 are admitted: for a monotone shape that is a prefix
        // or suffix of `vb`, whose edges are where the result crosses zero and
        // the ends of `vb`.
        if let Some(y) = shape.needed(a, Q::ZERO) {
            around(&mut out, y);
        }
        out.push(0);
        out.push(n - 1);
    }
    match shape {
        Shape::APlusB | Shape::AMinusB | Shape::BMinusA | Shape::ATimesB | Shape::BDivA => {
            match shape.needed(a, t) {
                Some(y) => around(&mut out, y),
                // 0 * b or b / 0: every b gives the same (or no) value.
                None => around(&mut out, Q::ZERO),
            }
        }
        Shape::ADivB => {
            // a / b is monotone for b < 0 and for b > 0 separately.
            if let Some(y) = shape.needed(a, t) {
                around(&mut out, y);
            }
            around(&mut out, Q::ZERO);
            out.push(0);
            out.push(n - 1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_modes_are_asked_for_by_name() {
        for c in Closest::ALL {
            assert_eq!(c.name().parse::<Closest>().unwrap(), c);
        }
        let e = "Nearest".parse::<Closest>().unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown closest mode \"Nearest\" (expected exact, below or nearest)"
        );
    }

    fn hand(s: &str) -> Hand {
        Hand::parse(s).unwrap()
    }

    fn check(s: &str, target: Q, rules: Rules) -> Option<Expr> {
        let h = hand(s);
        let e = solve(&h, target, rules).unwrap();
        if let Some(e) = &e {
            assert_eq!(e.eval_under(rules), Ok(target), "{e}");
            assert_eq!(e.cards(), h.cards());
        }
        e
    }

    #[test]
    fn classic_hands() {
        assert!(check("3 8 8 9", Q::int(24), Rules::Rational).is_some());
        assert!(check("1 1 1 1", Q::int(24), Rules::Rational).is_none());
        assert!(check("3 3 8 8", Q::int(24), Rules::Rational).is_some());
        assert!(check("3 3 8 8", Q::int(24), Rules::Integer).is_none());
        assert!(check("1 3 4 6", Q::int(24), Rules::Rational).is_some());
        assert!(check("1 3 4 6", Q::int(24), Rules::Integer).is_none());
    }

    #[test]
    fn zero_targets_and_zero_cards() {
        assert!(check("0 5 7", Q::ZERO, Rules::Rational).is_some());
        assert!(check("0 0", Q::ZERO, Rules::Natural).is_some());
        assert!(check("0 3", Q::int(3), Rules::Natural).is_some());
        assert!(check("0 0", Q::ONE, Rules::Rational).is_none());
    }

    #[test]
    fn single_card() {
        assert!(check("24", Q::int(24), Rules::Natural).is_some());
        assert!(check("23", Q::int(24), Rules::Rational).is_none());
    }

    #[test]
    fn countdown_example_is_exact() {
        let h = hand("1 2 3 4 7 25");
        let out = solve_closest(&h, Q::int(573), Rules::Natural, Closest::Nearest).unwrap();
        assert_eq!(out.value, Some(Q::int(573)));
        assert_eq!(
            out.expr.unwrap().eval_under(Rules::Natural),
            Ok(Q::int(573))
        );
    }

    #[test]
    fn closest_agrees_with_the_value_table() {
        for (s, t) in [
            ("1 1 1 1", 24),
            ("2 3", 7),
            ("1 1", 24),
            ("5 7 13", 1000),
            ("1 2 3", -5),
        ] {
            let h = hand(s);
            let t = Q::int(t);
            for rules in Rules::ALL {
                let vals = reachable_values(&h, rules).unwrap();
                for mode in [Closest::Below, Closest::Nearest] {
                    let out = solve_closest(&h, t, rules, mode).unwrap();
                    let want = vals
                        .iter()
                        .copied()
                        .filter(|&v| mode == Closest::Nearest || v <= t)
                        .min_by_key(|&v| (v.distance(t).unwrap(), v));
                    assert_eq!(out.value, want, "{s} -> {t} {rules} {mode:?}");
                    if let (Some(v), Some(e)) = (out.value, out.expr) {
                        assert_eq!(e.eval_under(rules), Ok(v));
                    }
                }
            }
        }
    }

    /// Once minutes of search: the height bound proves it at once.
    #[test]
    fn hand_1_to_9_cannot_reach_9999991_7_by_size() {
        let h = hand("1 2 3 4 5 6 7 8 9");
        let t: Q = "9999991/7".parse().unwrap();
        assert!(out_of_height(h.cards(), t));
        assert_eq!(solve(&h, t, Rules::Rational), Ok(None));
        // Just inside the bound the search runs (and 10! = 3628800 makes
        // 3628799 = 2*3*...*9*10 - 1 out of reach only by search).
        assert!(!out_of_height(h.cards(), Q::int(3628799)));
    }

    /// An exhaustive search that needs more than the budget ends with an
    /// error naming the limit, never with "no solution".
    #[test]
    #[cfg_attr(debug_assertions, ignore = "seconds in release, minutes in debug")]
    fn search_past_the_step_budget_is_refused_not_guessed() {
        let h = hand("1 2 3 4 5 6 7 8 9");
        let t: Q = "99991/7".parse().unwrap();
        let err = solve(&h, t, Rules::Rational).unwrap_err();
        assert!(matches!(err, InputError::TooHard { .. }), "{err}");
        assert!(err.to_string().contains("30000000 steps"), "{err}");
    }

    #[test]
    fn canonical_masks_merge_equal_cards() {
        let s = Solver::new(&hand("8 3 8 8"), Q::int(24), Rules::Rational).unwrap();
        // cards sorted: 3 8 8 8 -> masks {3,8a} {3,8b} {3,8c} share one representative
        assert_eq!(s.canon[0b0011], 0b0011);
        assert_eq!(s.canon[0b0101], 0b0011);
        assert_eq!(s.canon[0b1001], 0b0011);
        assert_eq!(s.canon[0b1100], 0b0110);
    }
}
