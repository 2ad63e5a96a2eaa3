//! Dynamic programming over sub-multisets that lists every class of
//! expression reaching a value, one entry per class.
//!
//! What a "class" is comes from an [`Algebra`]: it builds an item for a card
//! and for `a op b`, and names its class by a key. The engine never lists all
//! expressions: small sub-multisets (at most half the hand) are tabulated in
//! full, one entry per class; a larger one is only ever asked "which classes
//! reach the value `t`?", answered split by split: for each class `a` of the
//! smaller side and each of the six operation shapes, the value the other side
//! must reach is fixed, and the question recurses. Answers are memoised per
//! (sub-multiset, value), and equal cards make equal sub-multisets: every
//! subset is replaced by its canonical mask (the first `m` copies of each
//! value), so a sub-multiset is solved once.
//!
//! Completeness: an expression with value `t` splits at its root into two
//! expressions over complementary sub-multisets; the smaller is in its table,
//! and the other reaches the value the shape requires, so the recursion finds
//! its class. Every intermediate is checked against the rule set, so a class
//! is listed when at least one of its expressions obeys the rules.

use std::hash::Hash;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::expr::{Expr, Op};
use crate::game::number::Q;
use crate::game::rules::Rules;

/// A witness tree with shared subtrees, cheap to build for every candidate.
/// Ordered structurally, so that the smallest witness of a class can be kept
/// whatever order the candidates come in.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tree {
    Card(i64),
    Bin(Op, Rc<Tree>, Rc<Tree>),
}

impl Tree {
    pub fn to_expr(&self) -> Expr {
        match self {
            Tree::Card(v) => Expr::Card(*v),
            Tree::Bin(op, l, r) => Expr::bin(*op, l.to_expr(), r.to_expr()),
        }
    }
}

/// What the engine builds and how it tells classes apart.
pub(crate) trait Algebra {
    /// Names a class: equal keys, one class.
    type Key: Clone + Eq + Hash;
    /// What is kept of a class besides its key (a witness).
    type Item: Clone;
    /// The class of one card.
    fn leaf(&self, v: i64) -> (Self::Key, Self::Item);
    /// The class of `a op b`.
    fn combine(&self, op: Op, a: &Entry<Self>, b: &Entry<Self>) -> (Self::Key, Self::Item);
    /// Whether `a` (a new candidate of the class of `b`) should replace `b`
    /// as the class's entry; `false` keeps the first one found.
    fn prefer(&self, _a: &Self::Item, _b: &Self::Item) -> bool {
        false
    }
    /// Whether `a op b` is the one decomposition of its class the engine
    /// needs to build, when any split of the class will do (see
    /// [`Engine::offer`]); `true` keeps every one.
    fn leads(&self, _op: Op, _a: &Self::Key, _b: &Self::Key) -> bool {
        true
    }
    /// Whether `b` can be the right operand of `a op b` for some `a` that
    /// [`Self::leads`] admits: asked of the one operand known before the
    /// other is looked for. `true` keeps every one.
    fn may_be_right(&self, _op: Op, _b: &Self::Key) -> bool {
        true
    }
    /// Whether every class that [`Self::may_be_right`] of `op` admits is
    /// worth more than 0 when its cards are: the engine then asks no side
    /// of positive cards for a value of 0 or less to be that operand.
    fn right_is_positive(&self, _op: Op) -> bool {
        false
    }
    /// Whether a class built with `op2` from the operand `side` (and
    /// another) can still be `b` in a class `bound op b` (or `b op bound`)
    /// that [`Self::leads`] admits, `bound` being one card: asked of each
    /// operand before anything is built. `true` keeps every one.
    fn may_follow(&self, _op: Op, _bound: &Self::Key, _op2: Op, _side: &Self::Key) -> bool {
        true
    }
    /// Whether the classes found, and the item kept for each, do not depend
    /// on the order candidates are offered in (when [`Self::prefer`] is a
    /// total order on items): the engine may then offer them value by value.
    const ORDER_FREE: bool = false;
    /// Puts the classes found for one question in an order that does not
    /// depend on the order they were found in, where that matters.
    fn sort(&self, list: &mut [Entry<Self>]);
    /// A hand starts: classes over `split` or more cards will not be asked
    /// for after it.
    fn start_hand(&self, _split: usize) {}
    /// The engine forgets every class.
    fn clear(&self) {}
    /// Roughly how much the algebra holds, to bound memory.
    fn held(&self) -> usize {
        0
    }
}

/// One class over a sub-multiset.
pub(crate) struct Entry<A: Algebra + ?Sized> {
    pub key: A::Key,
    pub value: Q,
    pub item: A::Item,
}

impl<A: Algebra + ?Sized> Clone for Entry<A> {
    fn clone(&self) -> Self {
        Entry {
            key: self.key.clone(),
            value: self.value,
            item: self.item.clone(),
        }
    }
}

/// Classes listed once and shared; the list follows its counts in one
/// allocation (a `Rc<Vec>` is two, and one more pointer to follow for every
/// list of partners a question reads).
type Entries<A> = Rc<[Entry<A>]>;

/// The classes of a multiset grouped by value, each group with the
/// [`SHAPES`] some class of it may take as the smaller side of a question
/// that follows no card ([`Engine::shapes_usable`]).
type Grouped<A> = [(Q, Entries<A>, u8)];

/// The six ways to combine an operand `a` of the smaller side with an
/// operand `b` of the larger one.
const SHAPES: [(Op, bool); 6] = [
    (Op::Add, false),
    (Op::Mul, false),
    (Op::Sub, false),
    (Op::Sub, true),
    (Op::Div, false),
    (Op::Div, true),
];

/// The value `b` must have for `shape(a, b) == t`: `Ok(Some(y))`, `Ok(None)`
/// when no `b` works, `Err(())` when every `b` works (`0 * b = 0`,
/// `0 / b = 0`). The specification of [`needed_all`], which the search uses.
#[cfg(test)]
fn needed(op: Op, swap: bool, a: Q, t: Q) -> Result<Option<Q>, ()> {
    Ok(match (op, swap) {
        (Op::Add, _) => t.checked_sub(a),
        (Op::Sub, false) => a.checked_sub(t),
        (Op::Sub, true) => t.checked_add(a),
        (Op::Mul, _) => {
            if a.is_zero() {
                return if t.is_zero() { Err(()) } else { Ok(None) };
            }
            t.checked_div(a)
        }
        (Op::Div, false) => {
            // a / b = t
            if t.is_zero() {
                return if a.is_zero() { Err(()) } else { Ok(None) };
            }
            if a.is_zero() {
                // 0 / b is 0 or undefined, never t.
                return Ok(None);
            }
            a.checked_div(t)
        }
        (Op::Div, true) => {
            // b / a = t
            if a.is_zero() {
                return Ok(None);
            }
            t.checked_mul(a)
        }
    })
}

/// `needed` for the six [`SHAPES`] in order, written out: this runs for
/// every value of every split of every question. `a - t` is the negation
/// of `t - a`, which exact arithmetic gives without a second reduction (the
/// direct subtraction only when the negation does not fit).
#[inline]
fn needed_all(a: Q, t: Q) -> [Result<Option<Q>, ()>; 6] {
    let d = t.checked_sub(a);
    let back = match d {
        Some(d) => d.checked_neg(),
        None => a.checked_sub(t),
    };
    let (mul, div, div_swapped) = if a.is_zero() {
        // 0 * b = t and 0 / b = t hold for every b when t is 0, for none
        // otherwise; b / 0 is undefined.
        let every = if t.is_zero() { Err(()) } else { Ok(None) };
        (every, every, Ok(None))
    } else {
        let mul = t.checked_div(a);
        // a / b = t needs b = a / t, the reciprocal of t / a (when both are
        // non-zero), which needs no reduction.
        let div = match mul {
            _ if t.is_zero() => None,
            Some(q) => q.recip(),
            None => a.checked_div(t),
        };
        (Ok(mul), Ok(div), Ok(t.checked_mul(a)))
    };
    [Ok(d), mul, Ok(back), Ok(t.checked_add(a)), div, div_swapped]
}

/// The value `b` must have for one of the six [`SHAPES`], as [`needs`]
/// gives it: a fraction not yet reduced, none, or every value (`0 * b`,
/// `0 / b`).
#[derive(Clone, Copy, Debug)]
enum Need {
    Fraction(i128, i128),
    Never,
    Every,
}

/// [`needed_all`] before reduction: each shape's value as `n / d` over
/// products of the operands' numerators and denominators (`d != 0`; the
/// products and sums never overflow). Most of them miss a side whose values
/// are known, and [`nearest`] tells those apart without the greatest common
/// divisor a reduced fraction costs; [`exact`] reduces the rest.
#[inline]
fn needs(a: Q, t: Q) -> [Need; 6] {
    let (an, ad) = (a.numer() as i128, a.denom() as i128);
    let (tn, td) = (t.numer() as i128, t.denom() as i128);
    // `t` and `a` over the denominator `td * ad`.
    let (ta, at, both) = (tn * ad, an * td, td * ad);
    let every = if tn == 0 { Need::Every } else { Need::Never };
    let (mul, div, div_swapped) = if an == 0 {
        (every, every, Need::Never)
    } else {
        // `a / b = 0` has no `b`.
        let div = if tn == 0 {
            Need::Never
        } else {
            Need::Fraction(at, ta)
        };
        (Need::Fraction(ta, at), div, Need::Fraction(tn * an, both))
    };
    [
        Need::Fraction(ta - at, both),
        mul,
        Need::Fraction(at - ta, both),
        Need::Fraction(ta + at, both),
        div,
        div_swapped,
    ]
}

/// `n / d` reduced, `None` when it does not fit a [`Q`].
#[inline]
fn exact(n: i128, d: i128) -> Option<Q> {
    if d == 1 {
        return i64::try_from(n).ok().map(Q::int);
    }
    Q::from_i128(n, d)
}

/// The largest numerator or denominator an `f64` holds exactly.
const EXACT_F64: u128 = 1 << 53;

/// The `f64` a value's filter is keyed by: the correctly rounded quotient
/// when numerator and denominator are both exact in an `f64`, which is the
/// same for every way of writing the fraction; otherwise that of the reduced
/// fraction (a value whose reduced form is that large has no small way of
/// being written). `None` when the value does not fit a [`Q`]. Only a
/// filter reads it: equal values always give equal keys, and a key shared
/// by two values only costs an exact look-up that finds nothing.
#[inline]
fn nearest(n: i128, d: i128) -> Option<f64> {
    if n.unsigned_abs() <= EXACT_F64 && d.unsigned_abs() <= EXACT_F64 {
        // `+ 0.0` makes the zero of `0 / -d` the zero of `0 / d`.
        return Some(n as i64 as f64 / d as i64 as f64 + 0.0);
    }
    let q = Q::from_i128(n, d)?;
    Some(q.numer() as f64 / q.denom() as f64)
}

/// [`nearest`] of a reduced value.
#[inline]
fn nearest_of(q: Q) -> f64 {
    nearest(q.numer() as i128, q.denom() as i128).expect("a Q fits a Q")
}

#[cfg(test)]
mod needed_tests {
    use super::*;

    /// The written-out [`needed_all`] agrees with [`needed`], zeros and
    /// overflow included.
    #[test]
    fn needed_all_is_needed_for_each_shape() {
        let mut vals = Vec::new();
        for n in [-7, -1, 0, 1, 2, 3, 24, i64::MAX, i64::MIN + 1] {
            for d in [1, 2, 3, 7, i64::MAX] {
                vals.extend(Q::new(n, d));
            }
        }
        for &a in &vals {
            for &t in &vals {
                let want: Vec<_> = SHAPES
                    .iter()
                    .map(|&(op, swap)| needed(op, swap, a, t))
                    .collect();
                assert_eq!(needed_all(a, t).to_vec(), want, "{a} {t}");
            }
        }
    }

    /// [`needs`] reduced is [`needed_all`], zeros and overflow included,
    /// and its [`nearest`] key is that of the reduced value.
    #[test]
    fn needs_reduced_are_needed_all() {
        let mut vals = Vec::new();
        for n in [
            -7,
            -1,
            0,
            1,
            2,
            3,
            24,
            1 << 40,
            i64::MAX,
            i64::MIN + 1,
            i64::MIN,
        ] {
            for d in [1, 2, 3, 7, 1 << 30, 1 << 53, (1 << 53) + 1, i64::MAX] {
                vals.extend(Q::new(n, d));
            }
        }
        for &a in &vals {
            for &t in &vals {
                for (need, want) in needs(a, t).into_iter().zip(needed_all(a, t)) {
                    let got = match need {
                        Need::Fraction(n, d) => {
                            let y = exact(n, d);
                            // Bits, not `==`: `-0.0 == 0.0`, but they hash apart.
                            let bits = |k: Option<f64>| k.map(f64::to_bits);
                            assert_eq!(bits(nearest(n, d)), bits(y.map(nearest_of)), "{a} {t}");
                            Ok(y)
                        }
                        Need::Never => Ok(None),
                        Need::Every => Err(()),
                    };
                    assert_eq!(got, want, "{a} {t}");
                }
            }
        }
    }

    /// Equal values written as different fractions have one key, `0 / -d`
    /// included; the keys of different small values differ.
    #[test]
    fn nearest_keys_a_value_not_its_writing() {
        for (n, d) in [(6, 4), (-6, -4), (0, -5), (3 << 50, 2 << 50), (7, 1)] {
            let q = Q::from_i128(n, d).unwrap();
            assert_eq!(
                nearest(n, d).unwrap().to_bits(),
                nearest_of(q).to_bits(),
                "{n}/{d}"
            );
        }
        let mut keys: Vec<u64> = (1..40)
            .flat_map(|d| (-40..40).filter_map(move |n| Q::new(n, d)))
            .map(|q| nearest_of(q).to_bits())
            .collect();
        // A filter lets every value of its list through, however the value
        // is written.
        let values: Vec<Q> = (1..40)
            .flat_map(|d| (-40..40).filter_map(move |n| Q::new(n, d)))
            .collect();
        let filter = Values::new(&values, &mut FxHashSet::default());
        for q in &values {
            for k in [1, 2, 3, -1, -7] {
                let (n, d) = (q.numer() as i128 * k, q.denom() as i128 * k);
                assert!(filter.may_hold(nearest(n, d).unwrap()), "{n}/{d}");
            }
        }
        keys.sort_unstable();
        let all = keys.len();
        keys.dedup();
        let distinct: std::collections::BTreeSet<Q> = (1..40)
            .flat_map(|d| (-40..40).filter_map(move |n| Q::new(n, d)))
            .collect();
        assert_eq!(keys.len(), distinct.len(), "{all} written");
    }
}

/// The cards of a multiset of at most 8 cards from 0 to 254 in one word:
/// card `i` plus one in byte `7 - i`, so that packed multisets compare as
/// their card lists do (a shorter list's missing cards are zero bytes).
fn pack(cards: &[i64]) -> Option<u64> {
    if cards.len() > 8 {
        return None;
    }
    let mut key = 0u64;
    for (i, &c) in cards.iter().enumerate() {
        if !(0..255).contains(&c) {
            return None;
        }
        key |= ((c + 1) as u64) << (56 - 8 * i);
    }
    Some(key)
}

/// The cards of a packed multiset.
fn unpack(mut key: u64) -> Vec<i64> {
    let mut cards = Vec::with_capacity(8);
    while key != 0 {
        cards.push((key >> 56) as i64 - 1);
        key <<= 8;
    }
    cards
}

/// A sub-multiset known to the engine.
struct Set {
    /// Its cards, ascending.
    cards: Vec<i64>,
    /// Its cards packed, when they can be (see [`pack`]).
    packed: Option<u64>,
    /// Unordered splits into two sub-multisets, smaller side first.
    splits: Option<Rc<[(u32, u32)]>>,
}

/// The engine for one rule set. Everything it learns is keyed by sub-multiset
/// of card *values*, never by position in a hand, so it can be kept across
/// hands: a sweep over many hands solves each sub-multiset (and each question
/// "which classes of this sub-multiset reach `y`?") once.
pub(crate) struct Engine<A: Algebra> {
    alg: A,
    rules: Rules,
    /// Classes of functions, not of values: nothing is evaluated, nothing is
    /// dropped for dividing by zero (the census of symbolic expressions).
    symbolic: bool,
    /// Sub-multisets of at most this many cards are tabulated in full.
    tabulate: usize,
    /// Classes of this many cards or more are forgotten when a hand starts
    /// (see [`Engine::start_hand`]).
    split: usize,
    /// Multisets of `split` or more cards tabulated in full in this hand.
    local_tables: Vec<u32>,
    ids: FxHashMap<Vec<i64>, u32>,
    /// The ids of multisets whose cards pack into a word (see [`pack`]),
    /// keyed by the word's bytes reversed: the Fx hash of a word whose low
    /// bytes are all zero would put every small multiset in one bucket.
    packed_ids: FxHashMap<u64, u32>,
    sets: Vec<Set>,
    /// Every class of a multiset, by id, once tabulated.
    tables: Vec<Option<Entries<A>>>,
    /// The same classes grouped by value, by id.
    grouped: Vec<Option<Rc<Grouped<A>>>>,
    by_value: FxHashMap<(u32, Q), Entries<A>>,
    memo: FxHashMap<(u32, Q), Entries<A>>,
    /// Questions about multisets of at least `scratch_from` cards: in a sweep
    /// each is asked by one hand only, so they are forgotten after it.
    scratch: FxHashMap<(u32, Q), Entries<A>>,
    scratch_from: usize,
    /// Questions of the same size asked for one card's operation only
    /// ([`Engine::with_value_led`]), forgotten with them.
    led: FxHashMap<(u32, Q, Op, A::Key), Entries<A>>,
    /// Classes held by `memo`, which bounds its memory.
    memo_classes: usize,
    /// Reachable values of a multiset, by id, once tabulated (see [`Values`]).
    values: Vec<Option<Rc<Values>>>,
    /// Emptied [`Classes`], their capacity kept (see [`Engine::with_value_in`]).
    found_pool: Vec<Classes<A>>,
    /// Candidate values of [`Engine::reachable`], kept for their capacity.
    reach_buf: Vec<Q>,
    /// Splits of a packed multiset with their sides' words, kept between
    /// calls (see [`Engine::packed_splits_of`]).
    split_buf: Vec<(u64, u64, u32, u32)>,
    /// The set that takes the repeats out of those candidates, kept too.
    reach_seen: FxHashSet<Q>,
    empty: Entries<A>,
}

impl<A: Algebra> std::fmt::Debug for Engine<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("rules", &self.rules)
            .field("sets", &self.sets.len())
            .field("tables", &self.tables.iter().flatten().count())
            .field(
                "table_classes",
                &self.tables.iter().flatten().map(|t| t.len()).sum::<usize>(),
            )
            .field("memo", &self.memo.len())
            .field(
                "memo_classes",
                &self.memo.values().map(|t| t.len()).sum::<usize>(),
            )
            .field("scratch", &self.scratch.len())
            .field(
                "values",
                &self
                    .values
                    .iter()
                    .flatten()
                    .map(|v| v.list.len())
                    .sum::<usize>(),
            )
            .finish()
    }
}

/// Sub-multisets tabulated in full whatever is asked of them (see
/// [`Engine::tabulate_upto`]).
const TABULATE_UPTO: usize = 2;
/// Sub-multisets whose reachable values are tabulated (not their classes), so
/// that a question about a value they cannot reach is answered at once.
const VALUES_UPTO: usize = 4;

impl<A: Algebra> Engine<A> {
    pub fn new(alg: A, rules: Rules) -> Self {
        Engine {
            alg,
            rules,
            symbolic: false,
            tabulate: TABULATE_UPTO,
            split: usize::MAX,
            local_tables: Vec::new(),
            ids: FxHashMap::default(),
            packed_ids: FxHashMap::default(),
            sets: Vec::new(),
            tables: Vec::new(),
            grouped: Vec::new(),
            by_value: FxHashMap::default(),
            memo: FxHashMap::default(),
            scratch: FxHashMap::default(),
            scratch_from: usize::MAX,
            led: FxHashMap::default(),
            memo_classes: 0,
            values: Vec::new(),
            found_pool: Vec::new(),
            reach_buf: Vec::new(),
            split_buf: Vec::new(),
            reach_seen: FxHashSet::default(),
            empty: Rc::from(Vec::new()),
        }
    }

    /// An engine that ignores values: every class of expression over the
    /// cards as symbols. Only [`Engine::all`] makes sense on it.
    pub fn symbolic(alg: A) -> Self {
        Engine {
            symbolic: true,
            ..Engine::new(alg, Rules::Rational)
        }
    }

    /// Tabulate every class of sub-multisets of up to `size` cards (at least
    /// 2) instead of asking them for values. Worth it for 3 cards when hands
    /// have 5 or more (68 classes each, a few hundred distinct multisets in a
    /// sweep, each asked many questions); for four-card hands answering the
    /// few questions asked is cheaper. Any setting gives the same classes.
    pub fn tabulate_upto(&mut self, size: usize) {
        self.tabulate = size.max(TABULATE_UPTO);
    }

    /// Start a hand of `size` cards: forget the previous hand's questions
    /// about multisets of `size - 1` or more cards. A sub-multiset that big is
    /// asked only for the values one other card and the target make, which
    /// no other hand of the sweep asks; keeping them would cost gigabytes for
    /// six-card hands and save nothing.
    ///
    /// Classes over that many cards (or more, and more than are tabulated)
    /// are then asked for by this hand only: the algebra may forget them
    /// when the next hand starts, and so does the engine.
    pub fn start_hand(&mut self, size: usize) {
        self.scratch.clear();
        self.led.clear();
        for id in std::mem::take(&mut self.local_tables) {
            self.grouped[id as usize] = None;
            if let Some(t) = self.tables[id as usize].take() {
                for e in t.iter() {
                    self.by_value.remove(&(id, e.value));
                }
            }
        }
        self.scratch_from = size.saturating_sub(1).max(2);
        self.split = self.scratch_from.max(self.tabulate + 1);
        self.alg.start_hand(self.split);
    }

    /// The algebra.
    pub fn algebra(&self) -> &A {
        &self.alg
    }

    /// Roughly how much the engine holds: remembered questions and tables.
    pub fn size(&self) -> usize {
        self.memo.len() + self.memo_classes + self.by_value.len() + self.alg.held()
    }

    /// Forget everything learned (to bound memory in long sweeps).
    pub fn clear(&mut self) {
        self.memo_classes = 0;
        self.alg.clear();
        self.local_tables.clear();
        self.ids.clear();
        self.packed_ids.clear();
        self.sets.clear();
        self.tables.clear();
        self.grouped.clear();
        self.by_value.clear();
        self.memo.clear();
        self.scratch.clear();
        self.led.clear();
        self.values.clear();
    }

    /// The id of the sub-multiset `cards` (ascending).
    pub fn id(&mut self, cards: &[i64]) -> u32 {
        if let Some(key) = pack(cards) {
            return self.packed_id(key);
        }
        if let Some(&id) = self.ids.get(cards) {
            return id;
        }
        let id = self.new_set(cards.to_vec(), None);
        self.ids.insert(cards.to_vec(), id);
        id
    }

    /// The id of the multiset packed as `key`.
    fn packed_id(&mut self, key: u64) -> u32 {
        if let Some(&id) = self.packed_ids.get(&key.swap_bytes()) {
            return id;
        }
        let id = self.new_set(unpack(key), Some(key));
        self.packed_ids.insert(key.swap_bytes(), id);
        id
    }

    fn new_set(&mut self, cards: Vec<i64>, packed: Option<u64>) -> u32 {
        let id = self.sets.len() as u32;
        self.sets.push(Set {
            cards,
            packed,
            splits: None,
        });
        self.tables.push(None);
        self.grouped.push(None);
        self.values.push(None);
        id
    }

    fn size_of(&self, id: u32) -> usize {
        self.sets[id as usize].cards.len()
    }

    /// Unordered splits `(A, B)` of the multiset `id` with `|A| <= |B|`, each
    /// distinct pair of sub-multisets once.
    fn splits_of(&mut self, id: u32) -> Rc<[(u32, u32)]> {
        if let Some(s) = &self.sets[id as usize].splits {
            return s.clone();
        }
        if let Some(key) = self.sets[id as usize].packed {
            return self.packed_splits_of(id, key);
        }
        let cards = self.sets[id as usize].cards.clone();
        let n = cards.len();
        let mut out = Vec::new();
        let (mut left, mut right) = (Vec::with_capacity(n), Vec::with_capacity(n));
        // Cards equal to the one before them: a side takes the first copies
        // of each value, since any other choice of copies is the same split.
        let repeats = (1..n)
            .filter(|&i| cards[i] == cards[i - 1])
            .fold(0u32, |m, i| m | 1 << i);
        for a in 1u32..(1 << n) - 1 {
            let size = a.count_ones() as usize;
            // The smaller side; equal halves once (the side holding card 0).
            if size * 2 > n || (size * 2 == n && a & 1 == 0) || a & repeats & !(a << 1) != 0 {
                continue;
            }
            left.clear();
            right.clear();
            for (i, &c) in cards.iter().enumerate() {
                if a >> i & 1 == 1 {
                    left.push(c)
                } else {
                    right.push(c)
                }
            }
            // Equal halves are ordered by their cards, not by their ids:
            // ids depend on which hands came first, and the order of the
            // halves decides which of `a*b`, `b*a` is built as a witness.
            let swap = size * 2 == n && right < left;
            let (x, y) = (self.id(&left), self.id(&right));
            out.push(if swap { (y, x) } else { (x, y) });
        }
        // Sorted by cards for the same reason.
        out.sort_unstable_by(|p, q| {
            let cards = |i: u32| &self.sets[i as usize].cards;
            (cards(p.0), cards(p.1)).cmp(&(cards(q.0), cards(q.1)))
        });
        out.dedup();
        let out: Rc<[(u32, u32)]> = Rc::from(out);
        self.sets[id as usize].splits = Some(out.clone());
        out
    }

    /// [`Engine::splits_of`] for a multiset whose cards pack into a word:
    /// the same splits in the same order, the sides built and compared as
    /// packed words.
    fn packed_splits_of(&mut self, id: u32, key: u64) -> Rc<[(u32, u32)]> {
        let mut cards = [0u64; 8];
        let mut n = 0;
        let mut k = key;
        while k != 0 {
            cards[n] = k >> 56;
            n += 1;
            k <<= 8;
        }
        let repeats = (1..n)
            .filter(|&i| cards[i] == cards[i - 1])
            .fold(0u32, |m, i| m | 1 << i);
        // A list kept between calls: every hand's own multiset is split once.
        let mut keyed = std::mem::take(&mut self.split_buf);
        keyed.clear();
        for a in 1u32..(1 << n) - 1 {
            let size = a.count_ones() as usize;
            if size * 2 > n || (size * 2 == n && a & 1 == 0) || a & repeats & !(a << 1) != 0 {
                continue;
            }
            let (mut left, mut right) = (0u64, 0u64);
            let (mut l, mut r) = (0, 0);
            for (i, &c) in cards[..n].iter().enumerate() {
                if a >> i & 1 == 1 {
                    left |= c << (56 - 8 * l);
                    l += 1;
                } else {
                    right |= c << (56 - 8 * r);
                    r += 1;
                }
            }
            let (left, right) = if size * 2 == n && right < left {
                (right, left)
            } else {
                (left, right)
            };
            let (x, y) = (self.packed_id(left), self.packed_id(right));
            keyed.push((left, right, x, y));
        }
        keyed.sort_unstable();
        keyed.dedup_by_key(|k| (k.2, k.3));
        let out: Rc<[(u32, u32)]> = keyed.iter().map(|&(_, _, x, y)| (x, y)).collect();
        self.split_buf = keyed;
        self.sets[id as usize].splits = Some(out.clone());
        out
    }

    fn leaf_entry(&self, id: u32) -> Entry<A> {
        let v = self.sets[id as usize].cards[0];
        let (key, item) = self.alg.leaf(v);
        Entry {
            key,
            value: Q::int(v),
            item,
        }
    }

    /// Every class over the multiset `id`, sorted by key.
    pub fn all(&mut self, id: u32) -> Entries<A> {
        if let Some(t) = &self.tables[id as usize] {
            return t.clone();
        }
        let t: Entries<A> = if self.size_of(id) == 1 {
            Rc::from(vec![self.leaf_entry(id)])
        } else {
            let found = self.combine_splits(id, |s, found, op, l, r| s.offer(found, op, l, r));
            Rc::from(found.finish(&self.alg))
        };
        if self.size_of(id) >= self.split {
            self.local_tables.push(id);
        }
        if !self.symbolic {
            let mut groups: FxHashMap<Q, Vec<Entry<A>>> = FxHashMap::default();
            for e in t.iter() {
                groups.entry(e.value).or_default().push(e.clone());
            }
            let mut grouped = Vec::with_capacity(groups.len());
            for (v, list) in groups {
                let list: Entries<A> = Rc::from(list);
                self.by_value.insert((id, v), list.clone());
                let usable = self.shapes_usable(&list, None);
                grouped.push((v, list, usable));
            }
            self.grouped[id as usize] = Some(Rc::from(grouped));
        }
        self.tables[id as usize] = Some(t.clone());
        t
    }

    /// Every class over the multiset `id` whose value `keep` accepts (and
    /// the rules admit), in the order found, without remembering them: the
    /// classes of a whole hand for a range of targets in one enumeration.
    /// The sides of each split are tabulated in full and every pair of their
    /// classes combined once; a value is computed before anything is built,
    /// so classes of other values cost one exact operation each.
    pub fn all_kept(&mut self, id: u32, keep: impl Fn(Q) -> bool) -> Vec<Entry<A>> {
        if self.size_of(id) == 1 {
            let e = self.leaf_entry(id);
            return if keep(e.value) { vec![e] } else { Vec::new() };
        }
        let found =
            self.combine_splits(id, |s, found, op, l, r| match op.apply(l.value, r.value) {
                Some(v) if keep(v) && s.rules.admits(v) => s.offer_worth(found, op, l, r, v),
                _ => {}
            });
        found.finish(&self.alg)
    }

    /// What `combine` finds of every way to make a class over `id` with one
    /// operation: each split of `id` into two sides (tabulated in full),
    /// each pair of their classes, each of the six [`SHAPES`], in order.
    fn combine_splits(
        &mut self,
        id: u32,
        mut combine: impl FnMut(&Self, &mut Classes<A>, Op, &Entry<A>, &Entry<A>),
    ) -> Classes<A> {
        let mut found = Classes::default();
        for &(a, b) in self.splits_of(id).iter() {
            let (ea, eb) = (self.all(a), self.all(b));
            for x in ea.iter() {
                for y in eb.iter() {
                    for (op, swap) in SHAPES {
                        let (l, r) = if swap { (y, x) } else { (x, y) };
                        combine(self, &mut found, op, l, r);
                    }
                }
            }
        }
        found
    }

    /// Every class over the multiset `id` worth exactly `t`, sorted by key.
    pub fn with_value(&mut self, id: u32, t: Q) -> Entries<A> {
        self.with_value_in(id, t, true)
    }

    /// [`Engine::with_value`]; `filtered` when the filter of the values of
    /// `id` is not to be asked: for the whole hand, whose reachable values
    /// are not worth tabulating for one question, and for a value that
    /// [`Engine::by_values`] has already let through it.
    fn with_value_in(&mut self, id: u32, t: Q, filtered: bool) -> Entries<A> {
        if !self.rules.admits(t) {
            return self.empty.clone();
        }
        if self.size_of(id) <= self.tabulate || self.tables[id as usize].is_some() {
            self.all(id);
            return self.by_value.get(&(id, t)).unwrap_or(&self.empty).clone();
        }
        // An unreachable value is the commonest question: answered before
        // the memo's large table is looked at.
        if !filtered && self.size_of(id) <= VALUES_UPTO && !self.reachable(id).may_contain(t) {
            return self.empty.clone();
        }
        let scratch = self.size_of(id) >= self.scratch_from;
        let memo = if scratch { &self.scratch } else { &self.memo };
        if let Some(r) = memo.get(&(id, t)) {
            return r.clone();
        }
        // A question's scratch lists come from a pool: grown once, they are
        // not grown again push by push for every question.
        let mut found = self.found_pool.pop().unwrap_or_default();
        if A::ORDER_FREE {
            self.by_values(&mut found, id, t, None);
        } else {
            self.by_entries(&mut found, id, t);
        }
        let r = self.settle(found);
        let memo = if scratch {
            &mut self.scratch
        } else {
            &mut self.memo
        };
        if !scratch {
            self.memo_classes += r.len();
        }
        memo.insert((id, t), r.clone());
        r
    }

    /// The classes a question found, sorted, as its answer; the scratch
    /// lists go back to the pool.
    fn settle(&mut self, mut found: Classes<A>) -> Entries<A> {
        let r = if found.list.is_empty() {
            self.empty.clone()
        } else {
            self.alg.sort(&mut found.list);
            Rc::from(&found.list[..])
        };
        found.index.clear();
        found.list.clear();
        self.found_pool.push(found);
        r
    }

    /// The classes over `id` worth `t` that can be `b` in `card op b` (or
    /// `b op card`) under [`Algebra::leads`]: a question of the hand's
    /// largest sides ([`Engine::start_hand`]), each asked for the one card
    /// left over, where a class that cannot lead is never built. Classes
    /// kept are kept whole (every candidate of a class has its kind and its
    /// largest operand), so the hand's classes and witnesses are the same.
    fn with_value_led(&mut self, id: u32, t: Q, op: Op, card: &A::Key) -> Entries<A> {
        if !self.rules.admits(t) {
            return self.empty.clone();
        }
        let key = (id, t, op, card.clone());
        if let Some(r) = self.led.get(&key) {
            return r.clone();
        }
        let mut found = self.found_pool.pop().unwrap_or_default();
        self.by_values(&mut found, id, t, Some((op, card)));
        let r = self.settle(found);
        self.led.insert(key, r.clone());
        r
    }

    /// Offers every class over `id` worth `t` (to be found), value by value:
    /// each value of the smaller side fixes the value the other side needs
    /// once for all its classes, and a class so built is worth `t` without
    /// being evaluated (see [`needed`]).
    /// With `lead` (an operation and a card), only the classes that can
    /// follow that card ([`Engine::with_value_led`]).
    fn by_values(&mut self, found: &mut Classes<A>, id: u32, t: Q, lead: Option<(Op, &A::Key)>) {
        let follows = |alg: &A, op2: Op, side: &A::Key| {
            lead.is_none_or(|(op, card)| alg.may_follow(op, card, op2, side))
        };
        for &(a, b) in self.splits_of(id).iter() {
            self.all(a);
            let ga = self.grouped[a as usize].clone().expect("tabulated");
            let tabulated = self.size_of(b) <= self.tabulate || self.tables[b as usize].is_some();
            // The values of a tabulated side, or of one small enough to
            // keep them, to turn away the values it misses before they are
            // reduced or looked up.
            let vb = if tabulated {
                self.all(b);
                Some(self.reachable(b))
            } else if self.size_of(b) <= VALUES_UPTO {
                Some(self.reachable(b))
            } else {
                None
            };
            // One card beside the hand's largest side: that side is asked
            // only for what can follow the card.
            let led = self.rules == Rules::Rational
                && lead.is_none()
                && self.size_of(a) == 1
                && self.size_of(b) >= self.scratch_from;
            let rational = self.rules == Rules::Rational;
            // The other side on the right of `x op y` is worth more than 0
            // when its cards are.
            let positive = rational && self.sets[b as usize].cards[0] > 0;
            for (xv, xs, unled) in ga.iter() {
                // The shapes some class of the group can take: a question
                // no class can use is not asked.
                let shapes = match lead {
                    None => *unled,
                    Some(_) if *unled == 0 => 0,
                    Some(_) => self.shapes_usable(xs, lead),
                };
                if shapes == 0 {
                    continue;
                }
                let needs = needs(*xv, t);
                // The other side's filter is asked for every shape before
                // any answer is looked for: six independent probes, whose
                // loads overlap, and few shapes left to follow.
                let shapes = match &vb {
                    None => shapes,
                    Some(v) => {
                        let mut pass = 0u8;
                        for (s, need) in needs.iter().enumerate() {
                            let hit = match *need {
                                Need::Fraction(n, d) => {
                                    shapes >> s & 1 == 1
                                        && nearest(n, d).is_some_and(|f| v.may_hold(f))
                                }
                                Need::Never => false,
                                Need::Every => true,
                            };
                            pass |= u8::from(hit) << s;
                        }
                        shapes & pass
                    }
                };
                if shapes == 0 {
                    continue;
                }
                for (s, ((op, swap), need)) in SHAPES.into_iter().zip(needs).enumerate() {
                    if shapes >> s & 1 == 0 {
                        continue;
                    }
                    let (partners, check) = match need {
                        Need::Fraction(n, d)
                            if !swap
                                && positive
                                && self.alg.right_is_positive(op)
                                && (n == 0 || (n > 0) != (d > 0)) =>
                        {
                            continue;
                        }
                        Need::Fraction(n, d) => {
                            let Some(y) = exact(n, d) else {
                                continue;
                            };
                            if tabulated {
                                if !self.rules.admits(y) {
                                    continue;
                                }
                                match self.by_value.get(&(b, y)) {
                                    Some(p) => (p.clone(), false),
                                    None => continue,
                                }
                            } else if led {
                                (self.with_value_led(b, y, op, &xs[0].key), false)
                            } else {
                                (self.with_value_in(b, y, vb.is_some()), false)
                            }
                        }
                        Need::Never => continue,
                        // Every value would do but for a division by zero.
                        Need::Every => (self.all(b), true),
                    };
                    for x in xs.iter().filter(|x| self.usable(op, swap, &x.key, lead)) {
                        for y in partners.iter() {
                            if !follows(&self.alg, op, &y.key) {
                                continue;
                            }
                            let (l, r) = if swap { (y, x) } else { (x, y) };
                            if !check || op.apply(l.value, r.value) == Some(t) {
                                self.offer_worth(found, op, l, r, t);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether a class `x` of the smaller side can be used in the shape
    /// `(op, swap)` of a question that follows `lead` (if any): it must
    /// follow the card ([`Algebra::may_follow`]), and a class on the right
    /// of `y op x` that no class can lead ([`Algebra::may_be_right`]) is
    /// never built.
    #[inline]
    fn usable(&self, op: Op, swap: bool, x: &A::Key, lead: Option<(Op, &A::Key)>) -> bool {
        lead.is_none_or(|(lop, card)| self.alg.may_follow(lop, card, op, x))
            && !(self.rules == Rules::Rational && swap && !self.alg.may_be_right(op, x))
    }

    /// The [`SHAPES`] (bit `s` for `SHAPES[s]`) in which some class of
    /// `xs` is [`Engine::usable`]: each class is asked of the shapes not
    /// yet found, until all are.
    fn shapes_usable(&self, xs: &[Entry<A>], lead: Option<(Op, &A::Key)>) -> u8 {
        const ALL: u8 = (1 << SHAPES.len()) - 1;
        let mut found = 0u8;
        for x in xs {
            for (s, (op, swap)) in SHAPES.into_iter().enumerate() {
                if found >> s & 1 == 0 && self.usable(op, swap, &x.key, lead) {
                    found |= 1 << s;
                }
            }
            if found == ALL {
                break;
            }
        }
        found
    }

    /// [`Engine::by_values`] class by class, in the order of the classes
    /// of the smaller side, for algebras that keep the first item found.
    fn by_entries(&mut self, found: &mut Classes<A>, id: u32, t: Q) {
        for &(a, b) in self.splits_of(id).iter() {
            let ea = self.all(a);
            if self.size_of(b) <= self.tabulate || self.tables[b as usize].is_some() {
                // The larger side is tabulated: its classes of each value are
                // looked up in place, as `with_value_in` would.
                let eb = self.all(b);
                for x in ea.iter() {
                    for ((op, swap), need) in SHAPES.into_iter().zip(needed_all(x.value, t)) {
                        let partners: &[Entry<A>] = match need {
                            Ok(Some(y)) if self.rules.admits(y) => {
                                self.by_value.get(&(b, y)).map_or(&[], |v| &v[..])
                            }
                            Ok(_) => continue,
                            Err(()) => &eb,
                        };
                        for y in partners {
                            let (l, r) = if swap { (y, x) } else { (x, y) };
                            if op.apply(l.value, r.value) == Some(t) {
                                self.offer(found, op, l, r);
                            }
                        }
                    }
                }
                continue;
            }
            for x in ea.iter() {
                for ((op, swap), need) in SHAPES.into_iter().zip(needed_all(x.value, t)) {
                    let partners = match need {
                        Ok(Some(y)) => self.with_value_in(b, y, false),
                        Ok(None) => continue,
                        Err(()) => self.all(b),
                    };
                    for y in partners.iter() {
                        let (l, r) = if swap { (y, x) } else { (x, y) };
                        if op.apply(l.value, r.value) == Some(t) {
                            self.offer(found, op, l, r);
                        }
                    }
                }
            }
        }
    }

    /// Every value the multiset `id` reaches under the rules.
    fn reachable(&mut self, id: u32) -> Rc<Values> {
        if let Some(v) = &self.values[id as usize] {
            return v.clone();
        }
        // Candidates go to a list kept between calls (thousands for four
        // cards, grown once rather than for every multiset).
        let mut out = std::mem::take(&mut self.reach_buf);
        out.clear();
        // The list of distinct values is kept only for multisets that can
        // be a side of one whose values are combined here (fewer than
        // VALUES_UPTO cards, or tabulated): a four-card multiset's
        // thousands of candidates then only set filter bits, repeats and
        // all, with no set to take the repeats out.
        let tabulated = self.size_of(id) <= self.tabulate || self.tables[id as usize].is_some();
        let keep_list = tabulated || self.size_of(id) < VALUES_UPTO;
        if tabulated {
            out.extend(self.all(id).iter().map(|e| e.value));
        } else {
            assert!(
                self.size_of(id) <= VALUES_UPTO,
                "reachable values are combined from sides with lists"
            );
            for &(a, b) in self.splits_of(id).iter() {
                let (va, vb) = (self.reachable(a), self.reachable(b));
                for &x in va.list.iter() {
                    for &y in vb.list.iter() {
                        let d = x.checked_sub(y);
                        let back = match d {
                            Some(d) => d.checked_neg(),
                            None => y.checked_sub(x),
                        };
                        for v in [
                            x.checked_add(y),
                            x.checked_mul(y),
                            d,
                            back,
                            x.checked_div(y),
                            y.checked_div(x),
                        ] {
                            match v {
                                Some(v) if self.rules.admits(v) => out.push(v),
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
        let values = Rc::new(if keep_list {
            Values::new(&out, &mut self.reach_seen)
        } else {
            Values::filter_only(&out)
        });
        self.reach_buf = out;
        self.values[id as usize] = Some(values.clone());
        values
    }

    /// Adds the class of `l op r`, known to be worth `v`, which the rules
    /// admit.
    fn offer_worth(&self, found: &mut Classes<A>, op: Op, l: &Entry<A>, r: &Entry<A>, v: Q) {
        self.offer_with(found, op, l, r, || Some(v));
    }

    /// Adds the class of `l op r` if the rules admit its value.
    fn offer(&self, found: &mut Classes<A>, op: Op, l: &Entry<A>, r: &Entry<A>) {
        self.offer_with(found, op, l, r, || {
            if self.symbolic {
                return Some(Q::ZERO);
            }
            op.apply(l.value, r.value).filter(|&v| self.rules.admits(v))
        });
    }

    /// Adds the class of `l op r` with the value `value` gives, unless that
    /// is `None`.
    fn offer_with(
        &self,
        found: &mut Classes<A>,
        op: Op,
        l: &Entry<A>,
        r: &Entry<A>,
        value: impl FnOnce() -> Option<Q>,
    ) {
        // With fractions allowed every split of a class into two classes
        // is admitted, so one split per class is enough; the algebra names it
        // before anything is built (or evaluated). Under integer or natural
        // rules a class may be admitted through some splits only, so all are
        // tried. A symbolic engine's rules are rational.
        if self.rules == Rules::Rational && !self.alg.leads(op, &l.key, &r.key) {
            return;
        }
        let Some(v) = value() else {
            return;
        };
        let (key, item) = self.alg.combine(op, l, r);
        found.add(
            Entry {
                key,
                value: v,
                item,
            },
            |a, b| self.alg.prefer(a, b),
        );
    }
}

/// The values a multiset reaches, to turn away questions about the others:
/// a list of the distinct values (to combine them into a larger multiset's;
/// see [`Engine::reachable`] for which multisets keep it)
/// and a filter of 16 bits per value, two of them set for each value in one
/// 64-bit word (a blocked Bloom filter), keyed by the value's [`nearest`]
/// `f64`, so that a value the search needs is tried before it is reduced.
/// A value the multiset reaches always passes; about one in a hundred of
/// the others passes too and is asked for real, which finds no class:
/// answers do not depend on the filter.
/// A hash set of the values (tens of kilobytes for four cards) cost a
/// probe outside the caches for every value that passed, and more to
/// build and shrink.
#[derive(Debug)]
struct Values {
    list: Vec<Q>,
    filter: Vec<u64>,
}

/// The filter words (`2^bits` of them) of the values `v`.
fn filter_of(v: &[Q], bits: u32) -> Vec<u64> {
    let mut filter = vec![0u64; 1 << bits];
    for &q in v {
        let (w, m) = filter_slot(value_hash(nearest_of(q)), bits);
        filter[w] |= m;
    }
    filter
}

/// A hash of a value's [`nearest`] key: the top bits pick a filter word,
/// the low twelve two bits in it.
#[inline]
fn value_hash(key: f64) -> u64 {
    // splitmix64's finaliser: a small integer's key has its information in
    // the top bits only, and both ends of the hash are read.
    let z = key.to_bits();
    let z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ z >> 31
}

/// The filter word of `h` among `2^bits` and its two bits.
#[inline]
fn filter_slot(h: u64, bits: u32) -> (usize, u64) {
    let word = (h >> (63 - bits) >> 1) as usize;
    (word, 1 << (h & 63) | 1 << (h >> 6 & 63))
}

impl Values {
    /// The distinct values of `v`; `seen` is a set kept between calls.
    fn new(v: &[Q], seen: &mut FxHashSet<Q>) -> Values {
        seen.clear();
        let list: Vec<Q> = v.iter().copied().filter(|&q| seen.insert(q)).collect();
        let words = (list.len() / 4).max(1).next_power_of_two();
        let bits = words.trailing_zeros();
        let filter = filter_of(&list, bits);
        Values { list, filter }
    }

    /// The filter of the values of `v` (repeats included), without their
    /// list: 8 bits per candidate, about twice as many per distinct value as
    /// [`Values::new`] gives.
    fn filter_only(v: &[Q]) -> Values {
        let words = (v.len() / 8).max(1).next_power_of_two();
        let bits = words.trailing_zeros();
        Values {
            list: Vec::new(),
            filter: filter_of(v, bits),
        }
    }

    /// `false` when `q` is certainly not reached; `true` when it is, and
    /// now and then when it is not.
    #[inline]
    fn may_contain(&self, q: Q) -> bool {
        self.may_hold(nearest_of(q))
    }

    /// [`Values::may_contain`] of the value whose [`nearest`] key is `key`.
    #[inline]
    fn may_hold(&self, key: f64) -> bool {
        let (w, m) = filter_slot(value_hash(key), self.filter.len().trailing_zeros());
        self.filter[w] & m == m
    }
}

/// Classes found so far, the preferred witness kept.
struct Classes<A: Algebra> {
    index: FxHashMap<A::Key, usize>,
    list: Vec<Entry<A>>,
}

impl<A: Algebra> Default for Classes<A> {
    fn default() -> Self {
        Classes {
            index: FxHashMap::default(),
            list: Vec::new(),
        }
    }
}

impl<A: Algebra> Classes<A> {
    fn add(&mut self, e: Entry<A>, prefer: impl FnOnce(&A::Item, &A::Item) -> bool) {
        // One lookup whether the class is new or not.
        match self.index.entry(e.key.clone()) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(self.list.len());
                self.list.push(e);
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                let i = *o.get();
                if prefer(&e.item, &self.list[i].item) {
                    self.list[i] = e;
                }
            }
        }
    }

    fn finish(mut self, alg: &A) -> Vec<Entry<A>> {
        alg.sort(&mut self.list);
        self.list
    }
}
