//! Features: the quantities of a hand that the calibrated model reads.
//!
//! Pure: a hand, its target and its solutions in, twelve numbers out. Each is
//! normalised so that hands of any size and any target land on comparable
//! scales (a share, a per-step logarithm, a ratio to the target), which is
//! what lets a model fitted on four-card hands for 24 say something about
//! other games. docs/DIFFICULTY.md defines each one in words.
//!
//! Five of them count **derivations**, the way a person works at the table:
//! pick two of the numbers in front of you, combine them with one of the six
//! operations (`a+b`, `a*b`, `a-b`, `b-a`, `a/b`, `b/a`), put the result back,
//! and go on until one number is left. The counts keep only derivations whose
//! every result is a whole number from 0 to a bound (the target, or twice
//! it): the small-whole-number search people do in their heads. One of them
//! (`lures`) runs that search on the proper parts of the hand: a part that
//! makes the target while the cards left over cannot be absorbed is a dead
//! end a person is drawn into (3 8 in 3 3 8 8).

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::effort;
use crate::canon::{Outline, Sketch, Solutions};
use crate::game::hand::Hand;
use crate::game::number::Q;

/// How many features there are.
pub const COUNT: usize = 12;

/// Feature names, in the order of [`Features::values`] (the model file
/// names features by these).
pub const NAMES: [&str; COUNT] = [
    "reach",
    "room",
    "walk",
    "openings",
    "ones",
    "distinct",
    "effort",
    "peak",
    "divisions",
    "lures",
    "easiest",
    "products",
];

/// The features of one solvable hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    pub values: [f64; COUNT],
}

/// Added to counts before taking logarithms, so that a hand with no such
/// derivation gets a finite value below every hand with one.
const HALF: f64 = 0.5;

/// Added to the walk's chance of success before its logarithm, for the same
/// reason.
const WALK_FLOOR: f64 = 1e-4;

/// The scale of a target that the bounds and the peak are measured against:
/// its size, but at least 10, so that small targets still leave room to
/// calculate (the same scale as the complexity of docs/DIFFICULTY.md).
pub fn scale(target: Q) -> f64 {
    target.abs().map_or(f64::MAX, Q::to_f64).max(10.0)
}

/// All derivations of `k` cards: `k!(k-1)!/2^(k-1)` orders of picking pairs,
/// times six operations per step.
pub(super) fn all_derivations(k: usize) -> f64 {
    (2..=k).fold(1.0, |n, m| n * (m * (m - 1) / 2) as f64 * 6.0)
}

/// What the logarithmic features (`reach`, `room`, `walk`, `effort`,
/// `easiest`) divide by, whatever the size of the hand: 3, the steps of a
/// four-card hand, so that they stay logarithms of shares and efforts of the
/// whole derivation. Census24 v2 divided by the hand's own `k - 1` steps (a
/// rate per step); but the logarithm of a share of derivations, or the
/// effort of a race among solutions, grows more slowly than the number of
/// steps (later steps choose among fewer numbers, more cards mean more
/// solutions racing), so every hand of six or seven cards came out easy
/// (docs/DIFFICULTY.md).
pub const STEPS: f64 = 3.0;

/// What the derivations of a hand say about one target (the four
/// derivation features before they are scaled).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Derived {
    /// Derivations with every result whole in `0..=scale` that end at the target.
    pub near_hits: f64,
    /// Derivations with every result whole in `0..=2 scale`, ending anywhere.
    pub far_complete: f64,
    /// Chance that a blind walk within `0..=2 scale` ends at the target.
    pub far_walk: f64,
    /// Distinct first moves within `0..=2 scale` after which the target is
    /// still reachable so, and all of them.
    pub good: usize,
    pub openings: usize,
    /// Proper parts of the hand (distinct sub-multisets of 2 to k-1 cards)
    /// from which the target is reachable within `0..=2 scale`, and those
    /// of them whose left-over cards, put beside the target, no longer
    /// reach it so ([`parts`]).
    pub parts: usize,
    pub dead_parts: usize,
}

/// The proper parts of `cards` (sorted): every distinct sub-multiset of 2
/// to `k - 1` cards with the cards left over, in a fixed order (by the
/// part's numbers).
pub(super) fn parts(cards: &Numbers) -> Vec<(Numbers, Numbers)> {
    let xs = cards.as_slice();
    let k = xs.len();
    let mut out: Vec<(Numbers, Numbers)> = Vec::new();
    for mask in 1u32..(1 << k) {
        let size = mask.count_ones() as usize;
        if size < 2 || size + 1 > k {
            continue;
        }
        let (mut part, mut rest) = (Vec::with_capacity(size), Vec::with_capacity(k - size));
        for (i, &x) in xs.iter().enumerate() {
            if mask & (1 << i) != 0 {
                part.push(x);
            } else {
                rest.push(x);
            }
        }
        // Both are subsets of at most MAX numbers.
        if let (Some(p), Some(r)) = (Numbers::of(&part), Numbers::of(&rest)) {
            out.push((p, r));
        }
    }
    out.sort_unstable_by(|a, b| a.0.as_slice().cmp(b.0.as_slice()));
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// `numbers` with `t` added, or `None` when that makes more than [`MAX`].
pub(super) fn with(numbers: &Numbers, t: i64) -> Option<Numbers> {
    let mut v = numbers.as_slice().to_vec();
    v.push(t);
    Numbers::of(&v)
}

/// The features of a hand with these solutions; `None` when it has none
/// (or has more cards than solutions are ever enumerated for).
pub fn features(hand: &Hand, target: Q, solutions: &Solutions) -> Option<Features> {
    features_costed(hand, target, solutions, &effort::costs(solutions, target))
}

/// [`features`] with the complexity of each class already known
/// ([`effort::costs`]).
pub fn features_costed(
    hand: &Hand,
    target: Q,
    solutions: &Solutions,
    costs: &[f64],
) -> Option<Features> {
    features_counted(hand, target, solutions, costs, false)
}

/// [`features`] of a hand that is a fewest selection: no sub-multiset of
/// fewer of its numbers reaches `target` under the game's rules (the
/// numbers [`super::played_selection`] gives with any-selection play).
/// The same features, found with less work: no proper part of such a hand
/// reaches the target ([`fewest_has_no_lures`]), so none is counted.
pub fn features_of_fewest(hand: &Hand, target: Q, solutions: &Solutions) -> Option<Features> {
    features_counted(
        hand,
        target,
        solutions,
        &effort::costs(solutions, target),
        true,
    )
}

/// Whether a fewest selection `cards` ([`features_of_fewest`]) has no part
/// that reaches `target`, without counting: when every card and the target
/// are positive whole numbers. A part that reaches the target within the
/// bound does so through some derivation of whole numbers from 0 to the
/// bound; a result 0 is absorbed on the way to a positive target (`x + 0`,
/// `x - 0`: the other side's value; `x * 0` and `0 / x` are 0 again), so
/// some sub-multiset of the part reaches the target through positive whole
/// results only, which every rule set admits: a selection of fewer numbers
/// than the fewest, which there is not.
fn fewest_has_no_lures(cards: &[i64], target: Option<i64>) -> bool {
    target.is_some_and(|t| t >= 1) && cards.iter().all(|&c| c >= 1)
}

/// [`features_costed`]; `fewest`: the hand is a fewest selection
/// ([`features_of_fewest`]).
fn features_counted(
    hand: &Hand,
    target: Q,
    solutions: &Solutions,
    costs: &[f64],
    fewest: bool,
) -> Option<Features> {
    if solutions.classes.is_empty() {
        return None;
    }
    let derived = derive(hand, target, fewest)?;
    let outlines = solutions.classes.iter().map(|c| c.outline());
    features_of(
        hand,
        target,
        outlines,
        solutions.dissimilar,
        &derived,
        costs,
    )
}

/// [`features_costed`] of a hand's solutions as a [`Sketch`] gives them
/// (priced by [`effort::sketch_costs`]): the same features.
pub fn features_sketched(
    hand: &Hand,
    target: Q,
    sketch: &Sketch,
    costs: &[f64],
) -> Option<Features> {
    if sketch.classes.is_empty() {
        return None;
    }
    let derived = derive(hand, target, false)?;
    let outlines = sketch.classes.iter().copied();
    features_of(hand, target, outlines, sketch.dissimilar, &derived, costs)
}

/// The derivations of `hand` for `target` ([`Derived`]); `None` past
/// [`MAX`] cards. `fewest`: the hand is a fewest selection
/// ([`features_of_fewest`]), whose parts need no counting.
fn derive(hand: &Hand, target: Q, fewest: bool) -> Option<Derived> {
    let start = Numbers::of(hand.cards())?;
    let scale = scale(target);
    let whole_target = target.is_integer().then(|| target.numer());
    let no_lures = fewest && fewest_has_no_lures(start.as_slice(), whole_target);
    let bounds = (scale.floor(), (2.0 * scale).floor());
    let (far, (good, openings), (parts, dead_parts)) = with_counter(bounds, whole_target, |d| {
        let far = d.of(&start);
        let openings = d.openings(&start);
        (
            far,
            openings,
            if no_lures { (0, 0) } else { d.lures(&start) },
        )
    });
    Some(Derived {
        near_hits: far.near,
        far_complete: far.complete,
        far_walk: far.walk,
        good,
        openings,
        parts,
        dead_parts,
    })
}

/// The features of a hand with these solutions, its derivations for
/// `target` already counted (for one target by [`features`], for a range
/// at once by [`super::span`]).
pub fn features_with(
    hand: &Hand,
    target: Q,
    solutions: &Solutions,
    d: &Derived,
) -> Option<Features> {
    let costs = effort::costs(solutions, target);
    let outlines = solutions.classes.iter().map(|c| c.outline());
    features_of(hand, target, outlines, solutions.dissimilar, d, &costs)
}

/// The features of a hand whose classes are `classes` (in any order, in
/// `dissimilar` groups numbered in the order of their simplest classes,
/// priced `costs`), its derivations `d`.
fn features_of(
    hand: &Hand,
    target: Q,
    classes: impl Iterator<Item = Outline> + Clone,
    dissimilar: u32,
    d: &Derived,
    costs: &[f64],
) -> Option<Features> {
    let groups = classes.clone().map(|c| c.dissimilar_group);
    let effort = effort::effort_of_groups(groups, dissimilar, costs)?;
    let easiest = costs.iter().copied().fold(f64::INFINITY, f64::min);
    let n = costs.len() as f64;
    let share =
        |keep: &dyn Fn(&Outline) -> bool| classes.clone().filter(|c| keep(c)).count() as f64 / n;
    let divisions = share(&|c| c.facts.op_counts[3] > 0);
    let products = share(&|c| !c.facts.uses_fraction && c.product);
    let peak = classes
        .clone()
        .filter_map(|c| c.facts.peak)
        .min()
        .map_or(0.0, Q::to_f64);
    let k = hand.len();
    let scale = scale(target);
    let cards = hand.cards();
    if cards.len() > MAX {
        return None;
    }
    let total = all_derivations(k);
    let ones = cards.iter().filter(|&&c| c == 1).count();
    let mut distinct = cards.to_vec();
    distinct.dedup();
    let k = k as f64;
    Some(Features {
        values: [
            ((d.near_hits + HALF) / total).ln() / STEPS,
            ((d.far_complete + HALF) / total).ln() / STEPS,
            (d.far_walk + WALK_FLOOR).ln() / STEPS,
            ((d.good as f64 + HALF) / (d.openings as f64 + 1.0)).ln(),
            ones as f64 / k,
            distinct.len() as f64 / k,
            effort.effort / STEPS,
            (peak.max(f64::MIN_POSITIVE) / scale).ln(),
            divisions,
            d.dead_parts as f64 / (d.parts as f64 + 1.0),
            easiest / STEPS,
            products,
        ],
    })
}

/// What the derivations from one set of numbers come to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Counts {
    /// Derivations (numbers told apart by position) that end at the target.
    hits: f64,
    /// Those of them whose every result is within the near bound too
    /// ([`Derivations::near`]): the near count, met on the far count's way.
    near: f64,
    /// Derivations that end at all, at any value.
    complete: f64,
    /// Chance that a walk picking uniformly among the distinct moves at each
    /// step (equal numbers not told apart) ends at the target.
    walk: f64,
}

/// The most numbers a derivation state holds: the most cards that have
/// solutions enumerated, and so features.
pub(super) const MAX: usize = crate::canon::MAX_DISTINCT_CARDS;

/// A multiset of numbers, sorted, held inline (a state of a derivation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Numbers {
    len: u8,
    v: [i64; MAX],
}

impl Numbers {
    /// The sorted `cards`, or `None` when there are more than [`MAX`].
    pub(super) fn of(cards: &[i64]) -> Option<Numbers> {
        if cards.len() > MAX {
            return None;
        }
        let mut v = [0; MAX];
        v[..cards.len()].copy_from_slice(cards);
        v[..cards.len()].sort_unstable();
        Some(Numbers {
            len: cards.len() as u8,
            v,
        })
    }

    pub(super) fn as_slice(&self) -> &[i64] {
        &self.v[..self.len as usize]
    }

    /// These numbers without those at `i` and `j`, with `r` put in its place.
    fn replace(&self, i: usize, j: usize, r: i64) -> Numbers {
        let mut out = Numbers {
            len: self.len - 1,
            v: [0; MAX],
        };
        let mut n = 0;
        let mut placed = false;
        for (p, &x) in self.as_slice().iter().enumerate() {
            if p == i || p == j {
                continue;
            }
            if !placed && r <= x {
                out.v[n] = r;
                n += 1;
                placed = true;
            }
            out.v[n] = x;
            n += 1;
        }
        if !placed {
            out.v[n] = r;
        }
        out
    }
}

/// A state's numbers packed into one integer, 8 or 16 bits a number (the
/// number plus one, zero for none), when every one is in `0..=MAX`: the
/// key of a state in the memo of [`Derivations`], hashed in one step
/// instead of the 72-byte state. Two states have the same key only if they
/// are equal. Eight bits (`u64`) hold the states of targets below 128,
/// sixteen (`u128`) those of Countdown's targets.
trait Packed: Copy + Eq + std::hash::Hash {
    /// The largest number a key holds, and so the largest bound whose
    /// states all pack once the start does (every result is within the
    /// bound).
    const MAX: i64;
    const ZERO: Self;
    fn put(self, x: i64, slot: usize) -> Self;
    fn get(self, slot: usize) -> i64;
    /// How many numbers the key holds.
    fn len(self) -> usize;
    /// The memo of these keys in `d`.
    fn memo(d: &mut Derivations) -> &mut FxHashMap<Self, Counts>;
}

/// [`Packed`] for an integer type of `$bits` bits a number.
macro_rules! packed {
    ($t:ty, $bits:expr, $max:expr, $memo:ident) => {
        impl Packed for $t {
            const MAX: i64 = $max;
            const ZERO: $t = 0;
            fn put(self, x: i64, slot: usize) -> $t {
                self | ((x + 1) as $t) << ($bits * slot)
            }
            fn get(self, slot: usize) -> i64 {
                ((self >> ($bits * slot)) & ((1 << $bits) - 1)) as i64 - 1
            }
            fn len(self) -> usize {
                (<$t>::BITS as usize + $bits - 1 - self.leading_zeros() as usize) / $bits
            }
            fn memo(d: &mut Derivations) -> &mut FxHashMap<$t, Counts> {
                &mut d.$memo
            }
        }
    };
}

packed!(u64, 8, 254, memo);
packed!(u128, 16, 65_534, memo16);

impl Numbers {
    /// The packed key of these numbers ([`Packed`]), if they fit.
    fn packed<K: Packed>(&self) -> Option<K> {
        let mut key = K::ZERO;
        for (i, &x) in self.as_slice().iter().enumerate() {
            if !(0..=K::MAX).contains(&x) {
                return None;
            }
            key = key.put(x, i);
        }
        Some(key)
    }
}

/// The packed key of the sorted numbers `xs` (all in `0..=K::MAX`) without
/// those at `i` and `j`, with `r` (in `0..=K::MAX`) put in its place: the
/// key of [`Numbers::replace`].
fn replace_packed<K: Packed>(xs: &[i64], i: usize, j: usize, r: i64) -> K {
    let mut key = K::ZERO;
    let mut n = 0;
    let mut placed = false;
    for (p, &x) in xs.iter().enumerate() {
        if p == i || p == j {
            continue;
        }
        if !placed && r <= x {
            key = key.put(r, n);
            n += 1;
            placed = true;
        }
        key = key.put(x, n);
        n += 1;
    }
    if !placed {
        key = key.put(r, n);
    }
    key
}

/// Counts derivations whose every result is a whole number in `0..=bound`,
/// and among those that end at the target the ones whose every result is
/// in `0..=near` too, remembering each multiset of numbers met. The states
/// of the near count are states of the far one (`near <= bound`), and a
/// state's near count is the sum over its moves within `near` of the next
/// states' near counts: one walk over the states counts both.
struct Derivations {
    bound: i64,
    near: i64,
    target: Option<i64>,
    /// The states that pack into a key ([`Numbers::packed`]): with a target
    /// below 128 all of them, and all but the starts of hands with negative
    /// or large cards.
    memo: FxHashMap<u64, Counts>,
    /// The states that pack into sixteen bits a number
    /// ([`Packed`] `u128`) when the bound is above 254: with
    /// targets up to 32767 (Countdown's 100..999), every state met.
    memo16: FxHashMap<u128, Counts>,
    /// The other states.
    wide: FxHashMap<Numbers, Counts>,
    /// One move list per size of a state, reused so that the recursion
    /// allocates nothing once warm.
    scratch: Vec<Vec<Move>>,
}

/// A move: the next multiset, how many position-level derivation steps lead
/// to it, whether it is a distinct move of the walk, and its result.
pub(super) type Move = (Numbers, f64, bool, i64);

/// Every move from `numbers` whose result is whole and in `0..=bound`, into
/// `out` (equal numbers and the commuted forms of `+` and `*` are one
/// distinct move).
fn moves_into(numbers: &Numbers, bound: i64, out: &mut Vec<Move>) {
    out.clear();
    let xs = numbers.as_slice();
    for (i, j, pairs) in value_pairs(xs) {
        let (a, b) = (xs[i], xs[j]);
        for (op, r) in results(a, b).into_iter().enumerate() {
            let Some(r) = r.filter(|&r| (0..=bound).contains(&r)) else {
                continue;
            };
            // With a == b, b-a and b/a repeat a-b and a/b.
            let distinct = !(a == b && (op == 3 || op == 5));
            out.push((numbers.replace(i, j, r), pairs, distinct, r));
        }
    }
}

/// The picks of two numbers from the sorted `xs`, once per pair of values:
/// the positions `(i, j)` of their first copies and how many picks by
/// position the pair stands for.
fn value_pairs(xs: &[i64]) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
    let first = move |i: usize, from: usize| i == from || xs[i] != xs[i - 1];
    (0..xs.len())
        .filter(move |&i| first(i, 0))
        .flat_map(move |i| {
            (i + 1..xs.len())
                .filter(move |&j| first(j, i + 1))
                .map(move |j| (i, j, picks_of(xs, i, j)))
        })
}

/// How many picks by position of two numbers from `xs` the pair of values
/// at positions `i` and `j` stands for.
fn picks_of(xs: &[i64], i: usize, j: usize) -> f64 {
    let count = |v: i64| xs.iter().filter(|&&x| x == v).count() as f64;
    let (a, b) = (xs[i], xs[j]);
    if a == b {
        let m = count(a);
        m * (m - 1.0) / 2.0
    } else {
        count(a) * count(b)
    }
}

/// [`value_pairs`] as plain loops calling `f` on each (at most 28 pairs of
/// eight numbers), the same pairs in the same order: no list to fill
/// (zeroing one cost as much as filling it).
#[inline]
fn each_value_pair(xs: &[i64], mut f: impl FnMut(usize, usize, f64)) {
    for i in 0..xs.len() {
        if i > 0 && xs[i] == xs[i - 1] {
            continue;
        }
        for j in i + 1..xs.len() {
            if j > i + 1 && xs[j] == xs[j - 1] {
                continue;
            }
            f(i, j, picks_of(xs, i, j));
        }
    }
}

/// [`moves_into`] a new list (for [`super::span`]).
pub(super) fn moves(numbers: &Numbers, bound: i64) -> Vec<Move> {
    let mut out = Vec::new();
    moves_into(numbers, bound, &mut out);
    out
}

/// The most states a thread remembers for one bound before it forgets them
/// all (about 2 MB with packed keys); far more than the sub-multisets of
/// every four-card hand.
const MEMO_LIMIT: usize = 1 << 16;

thread_local! {
    /// The counter of [`features`] (near and far bounds, once and twice the
    /// scale), one per thread and kept across hands: the states a hand's
    /// first move leads to recur in many hands. A state's counts depend only
    /// on the state, the bounds and the target, so the memory only saves work.
    static COUNTER: RefCell<Option<Derivations>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's counter for the (near, far) `bounds` and
/// `target`, new when the last call used other bounds or another target or
/// it grew too large.
fn with_counter<R>(
    bounds: (f64, f64),
    target: Option<i64>,
    f: impl FnOnce(&mut Derivations) -> R,
) -> R {
    COUNTER.with_borrow_mut(|counter| {
        let fresh = Derivations::new(bounds, target);
        let counter = match counter {
            Some(d) => {
                let other = d.bound != fresh.bound || d.near != fresh.near || d.target != target;
                if other || d.memo.len() + d.memo16.len() + d.wide.len() >= MEMO_LIMIT {
                    // Forgotten, but the tables keep their room: growing
                    // them again after every reset cost rehashes and page
                    // faults (seven-card hands fill the memo every few
                    // hands; tasks change target every hand).
                    d.memo.clear();
                    d.memo16.clear();
                    d.wide.clear();
                    d.bound = fresh.bound;
                    d.near = fresh.near;
                    d.target = target;
                }
                d
            }
            c => c.insert(fresh),
        };
        f(counter)
    })
}

/// The results of combining `a` and `b`, position-level: all six
/// operations, `None` where one is undefined, not a whole number or beyond
/// 64 bits (and so beyond any bound).
fn results(a: i64, b: i64) -> [Option<i64>; 6] {
    let div = |x: i64, y: i64| {
        x.checked_rem(y)
            .filter(|&r| r == 0)
            .and_then(|_| x.checked_div(y))
    };
    [
        a.checked_add(b),
        a.checked_mul(b),
        a.checked_sub(b),
        b.checked_sub(a),
        div(a, b),
        div(b, a),
    ]
}

/// [`results`] of `a <= b`, both in `0..=65_534` (the numbers of a
/// packed state, [`Packed`]): the same list with one division, not two
/// (`a / b` is whole only when `a` is 0 or `b`), and no overflow to check.
#[inline]
fn results_packed(a: i64, b: i64) -> [Option<i64>; 6] {
    debug_assert!(0 <= a && a <= b && b <= <u128 as Packed>::MAX);
    let a_by_b = match (a, b) {
        (_, 0) => None,
        (0, _) => Some(0),
        _ if a == b => Some(1),
        _ => None,
    };
    let b_by_a = if a != 0 && b % a == 0 {
        Some(b / a)
    } else {
        None
    };
    [
        Some(a + b),
        Some(a * b),
        Some(a - b),
        Some(b - a),
        a_by_b,
        b_by_a,
    ]
}

impl Derivations {
    /// The counter for the (near, far) `bounds`: the far one is its bound.
    fn new(bounds: (f64, f64), target: Option<i64>) -> Derivations {
        let whole = |b: f64| b.min(i64::MAX as f64) as i64;
        let (near, bound) = (whole(bounds.0), whole(bounds.1));
        debug_assert!(near <= bound, "the near bound is within the far one");
        Derivations {
            bound,
            near,
            target,
            memo: FxHashMap::default(),
            memo16: FxHashMap::default(),
            wide: FxHashMap::default(),
            scratch: Vec::new(),
        }
    }

    fn moves(&self, numbers: &Numbers, out: &mut Vec<Move>) {
        moves_into(numbers, self.bound, out);
    }

    /// The moves from `numbers`, in a list borrowed from the scratch space
    /// (give it back with [`Derivations::give_back`]).
    fn take_moves(&mut self, numbers: &Numbers) -> Vec<Move> {
        let size = numbers.as_slice().len();
        if self.scratch.len() <= size {
            self.scratch.resize_with(size + 1, Vec::new);
        }
        let mut out = std::mem::take(&mut self.scratch[size]);
        self.moves(numbers, &mut out);
        out
    }

    fn give_back(&mut self, numbers: &Numbers, moves: Vec<Move>) {
        self.scratch[numbers.as_slice().len()] = moves;
    }

    /// The counts of `numbers`.
    fn of(&mut self, numbers: &Numbers) -> Counts {
        if let [last] = numbers.as_slice() {
            let hit = f64::from(u8::from(Some(*last) == self.target));
            return Counts {
                hits: hit,
                near: hit,
                complete: 1.0,
                walk: hit,
            };
        }
        let key = numbers.packed::<u64>();
        if let Some(k) = key
            && self.bound <= <u64 as Packed>::MAX
        {
            return self.of_packed(k);
        }
        if self.bound <= <u128 as Packed>::MAX
            && let Some(k) = numbers.packed::<u128>()
        {
            return self.of_packed(k);
        }
        let known = match key {
            Some(k) => self.memo.get(&k),
            None => self.wide.get(numbers),
        };
        if let Some(c) = known {
            return *c;
        }
        let mut c = Counts::default();
        let mut walks = 0.0;
        let mut chances = 0.0;
        let moves = self.take_moves(numbers);
        for (next, pairs, distinct, r) in &moves {
            let sub = self.of(next);
            c.hits += pairs * sub.hits;
            if *r <= self.near {
                c.near += pairs * sub.near;
            }
            c.complete += pairs * sub.complete;
            if *distinct {
                walks += 1.0;
                chances += sub.walk;
            }
        }
        self.give_back(numbers, moves);
        if walks > 0.0 {
            c.walk = chances / walks;
        }
        match key {
            Some(k) => self.memo.insert(k, c),
            None => self.wide.insert(*numbers, c),
        };
        c
    }

    /// [`Derivations::of`] for a state given by its packed key
    /// ([`Packed`]) when the bound is at most `K::MAX`, so that every state
    /// it leads to packs too. The same moves in the same order as
    /// [`moves_into`], so the same sums to the last bit, but made one at a
    /// time on the keys: no move list, no 72-byte states. A pair of
    /// numbers is counted directly ([`Derivations::of_pair`]).
    fn of_packed<K: Packed>(&mut self, key: K) -> Counts {
        let len = key.len();
        let mut xs = [0i64; MAX];
        for (p, x) in xs[..len].iter_mut().enumerate() {
            *x = key.get(p);
        }
        if len == 1 {
            let hit = f64::from(u8::from(Some(xs[0]) == self.target));
            return Counts {
                hits: hit,
                near: hit,
                complete: 1.0,
                walk: hit,
            };
        }
        if len == 2 {
            return self.of_pair(xs[0], xs[1]);
        }
        if let Some(c) = K::memo(self).get(&key) {
            return *c;
        }
        let xs = &xs[..len];
        let mut c = Counts::default();
        let mut walks = 0.0;
        let mut chances = 0.0;
        each_value_pair(xs, |i, j, pairs| {
            let (a, b) = (xs[i], xs[j]);
            for (op, r) in results_packed(a, b).into_iter().enumerate() {
                let Some(r) = r.filter(|&r| (0..=self.bound).contains(&r)) else {
                    continue;
                };
                let sub = match xs {
                    // Two numbers left, counted directly without a key.
                    &[_, _, _] => {
                        let other = xs[3 - i - j];
                        self.of_pair(other.min(r), other.max(r))
                    }
                    _ => self.of_packed(replace_packed::<K>(xs, i, j, r)),
                };
                c.hits += pairs * sub.hits;
                if r <= self.near {
                    c.near += pairs * sub.near;
                }
                c.complete += pairs * sub.complete;
                // With a == b, b-a and b/a repeat a-b and a/b.
                if !(a == b && (op == 3 || op == 5)) {
                    walks += 1.0;
                    chances += sub.walk;
                }
            }
        });
        if walks > 0.0 {
            c.walk = chances / walks;
        }
        K::memo(self).insert(key, c);
        c
    }

    /// The counts of two numbers `a <= b`, worked out directly (cheaper
    /// than a lookup): the same moves in the same order as
    /// [`moves_into`], one pick of the pair, each result a last number.
    fn of_pair(&self, a: i64, b: i64) -> Counts {
        let mut c = Counts::default();
        let (mut walks, mut chances) = (0.0, 0.0);
        for (op, r) in results_packed(a, b).into_iter().enumerate() {
            let Some(r) = r.filter(|&r| (0..=self.bound).contains(&r)) else {
                continue;
            };
            let hit = f64::from(u8::from(Some(r) == self.target));
            c.hits += hit;
            if r <= self.near {
                c.near += hit;
            }
            c.complete += 1.0;
            if !(a == b && (op == 3 || op == 5)) {
                walks += 1.0;
                chances += hit;
            }
        }
        if walks > 0.0 {
            c.walk = chances / walks;
        }
        c
    }

    /// Of the proper parts of `cards` ([`parts`]), how many reach the
    /// target, and how many of those leave cards that, beside the target,
    /// no longer reach it: `(parts, dead_parts)` of [`Derived`].
    fn lures(&mut self, cards: &Numbers) -> (usize, usize) {
        let Some(t) = self.target else {
            return (0, 0);
        };
        let (mut reaching, mut dead) = (0, 0);
        for (part, rest) in parts(cards) {
            if self.of(&part).hits > 0.0 {
                reaching += 1;
                let left = with(&rest, t).expect("a part leaves room for the target");
                dead += usize::from(self.of(&left).hits == 0.0);
            }
        }
        (reaching, dead)
    }

    /// Of the distinct first moves from `numbers`, how many still lead to
    /// the target, and how many there are.
    fn openings(&mut self, numbers: &Numbers) -> (usize, usize) {
        let (mut good, mut all) = (0, 0);
        let moves = self.take_moves(numbers);
        for (next, _, distinct, _) in &moves {
            if *distinct {
                all += 1;
                good += usize::from(self.of(next).hits > 0.0);
            }
        }
        self.give_back(numbers, moves);
        (good, all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::solutions;
    use crate::game::rules::Rules;

    fn counts(cards: &[i64], bound: f64) -> Counts {
        Derivations::new((bound, bound), Some(24)).of(&Numbers::of(cards).unwrap())
    }

    #[test]
    fn replacing_two_numbers_keeps_the_multiset_sorted() {
        let n = Numbers::of(&[8, 3, 3, 1]).unwrap();
        assert_eq!(n.as_slice(), [1, 3, 3, 8]);
        assert_eq!(n.replace(1, 3, 5).as_slice(), [1, 3, 5]);
        assert_eq!(n.replace(0, 1, 24).as_slice(), [3, 8, 24]);
        assert_eq!(n.replace(2, 3, 0).as_slice(), [0, 1, 3]);
        assert_eq!(Numbers::of(&[1; 9]), None);
    }

    #[test]
    fn packed_keys_tell_states_apart() {
        let key = |v: &[i64]| Numbers::of(v).unwrap().packed::<u64>();
        assert_ne!(key(&[0, 0]), key(&[0, 0, 0]));
        assert_ne!(key(&[0, 1]), key(&[1, 0, 0]));
        assert_eq!(key(&[3, 1]), key(&[1, 3]));
        assert!(key(&[254; 8]).is_some());
        assert_eq!(key(&[1, 255]), None);
        assert_eq!(key(&[-1, 2]), None);
        // A state that does not pack is still counted, in the other map.
        let c = counts(&[-1, 25], 48.0);
        assert_eq!((c.hits, c.complete), (1.0, 2.0));
    }

    #[test]
    fn packed_results_are_the_general_results() {
        let mut values: Vec<i64> = (0..=60).collect();
        values.extend([254, 255, 1000, 4096, 65_533, 65_534]);
        for &a in &values {
            for &b in values.iter().filter(|&&b| a <= b) {
                assert_eq!(results_packed(a, b), results(a, b), "{a} {b}");
            }
        }
    }

    #[test]
    fn packed_counts_are_the_general_counts() {
        // Small cards never reach 254: a bound of 254 (states packed) and
        // one of 255 (the general path) must count exactly alike.
        for cards in [[1, 2, 3, 4], [3, 3, 2, 1], [2, 2, 2, 2], [1, 1, 5, 4]] {
            let n = Numbers::of(&cards).unwrap();
            let packed = Derivations::new((254.0, 254.0), Some(10)).of(&n);
            let general = Derivations::new((255.0, 255.0), Some(10)).of(&n);
            assert_eq!(packed, general, "{cards:?}");
            assert!(packed.walk > 0.0 && packed.hits > 0.0, "{cards:?}");
        }
        let n = Numbers::of(&[9, 2, 7, 2]).unwrap();
        for (i, j, r) in [(0, 1, 0), (1, 3, 30), (0, 3, 5), (2, 3, 254)] {
            assert_eq!(
                Some(replace_packed(n.as_slice(), i, j, r)),
                n.replace(i, j, r).packed::<u64>()
            );
            assert_eq!(
                Some(replace_packed::<u128>(n.as_slice(), i, j, r)),
                n.replace(i, j, r).packed::<u128>()
            );
        }
    }

    #[test]
    fn pair_loops_are_the_pair_iterator() {
        for xs in [
            &[1, 2, 3, 4][..],
            &[2, 2, 2, 5],
            &[1, 1, 3, 3, 3, 9],
            &[7, 7],
            &[4; 8],
        ] {
            let mut out = Vec::new();
            each_value_pair(xs, |i, j, pairs| out.push((i, j, pairs)));
            assert_eq!(out, value_pairs(xs).collect::<Vec<_>>(), "{xs:?}");
        }
    }

    #[test]
    fn sixteen_bit_counts_are_the_general_counts() {
        // No result of these cards passes 26250: a bound of 65534 (states
        // packed in sixteen bits) and one of 70000 (the general path) must
        // count exactly alike, for Countdown-sized targets.
        for (cards, target) in [
            (vec![3, 7, 25, 50], 85),
            (vec![1, 5, 9, 10, 25], 450),
            (vec![2, 2, 8, 75], 600),
        ] {
            let n = Numbers::of(&cards).unwrap();
            let packed = Derivations::new((65_534.0, 65_534.0), Some(target)).of(&n);
            let general = Derivations::new((70_000.0, 70_000.0), Some(target)).of(&n);
            assert_eq!(packed, general, "{cards:?}");
            assert!(packed.hits > 0.0, "{cards:?}");
        }
        assert_eq!(Numbers::of(&[1, 65_535]).unwrap().packed::<u128>(), None);
        assert!(
            Numbers::of(&[65_534; 8])
                .unwrap()
                .packed::<u128>()
                .is_some()
        );
    }

    #[test]
    fn near_counts_met_on_the_far_walk_are_the_near_counts() {
        for (cards, target) in [
            (vec![3, 3, 8, 8], 24),
            (vec![1, 2, 3, 4, 5], 24),
            (vec![2, 7, 25, 50, 100], 350),
            (vec![1, 1, 6, 9, 75], 181),
        ] {
            let n = Numbers::of(&cards).unwrap();
            let t = target as f64;
            let both = Derivations::new((t, 2.0 * t), Some(target)).of(&n);
            let near = Derivations::new((t, t), Some(target)).of(&n);
            let far = Derivations::new((2.0 * t, 2.0 * t), Some(target)).of(&n);
            assert_eq!(both.near, near.hits, "{cards:?}");
            assert_eq!(
                (both.hits, both.complete, both.walk),
                (far.hits, far.complete, far.walk),
                "{cards:?}"
            );
        }
    }

    #[test]
    fn all_derivations_of_four_cards() {
        // 6 * 3 * 1 orders of picking pairs, 6^3 operations.
        assert_eq!(all_derivations(4), 3888.0);
        assert_eq!(all_derivations(1), 1.0);
        assert_eq!(all_derivations(2), 6.0);
    }

    /// Two cards count each operation; equal cards count by position but
    /// walk by value.
    #[test]
    fn two_cards_count_each_operation_equal_cards_by_position() {
        // (cards, hits, complete, walk):
        // 3 8: 3*8 = 24 once (8*3 is the same pick of two numbers); 11, 24,
        //   5, 0 complete (3-8 is negative, 3/8 and 8/3 not whole).
        // 12 12: 12+12 one pick; 12-12 twice (both orders), 12/12 twice;
        //   distinct moves 24, (144 too big), 0, 1.
        for (cards, hits, complete, walk) in [
            ([3, 8], 1.0, 3.0, 1.0 / 3.0),
            ([12, 12], 1.0, 5.0, 1.0 / 3.0),
        ] {
            let c = counts(&cards, 24.0);
            assert_eq!(
                (c.hits, c.complete, c.walk),
                (hits, complete, walk),
                "{cards:?}"
            );
        }
    }

    #[test]
    fn counts_agree_with_a_direct_enumeration() {
        fn direct(numbers: Vec<i64>, bound: i128) -> (f64, f64) {
            if numbers.len() == 1 {
                return (f64::from(u8::from(numbers[0] == 24)), 1.0);
            }
            let (mut hits, mut all) = (0.0, 0.0);
            for i in 0..numbers.len() {
                for j in i + 1..numbers.len() {
                    for r in results(numbers[i], numbers[j]).into_iter().flatten() {
                        if !(0..=bound).contains(&i128::from(r)) {
                            continue;
                        }
                        let mut next: Vec<i64> = numbers
                            .iter()
                            .enumerate()
                            .filter(|&(p, _)| p != i && p != j)
                            .map(|(_, &x)| x)
                            .collect();
                        next.push(r);
                        let (h, a) = direct(next, bound);
                        hits += h;
                        all += a;
                    }
                }
            }
            (hits, all)
        }
        for cards in [[1, 2, 3, 4], [3, 3, 8, 8], [6, 6, 6, 6], [1, 5, 10, 13]] {
            let c = counts(&cards, 48.0);
            assert_eq!(
                (c.hits, c.complete),
                direct(cards.to_vec(), 48),
                "{cards:?}"
            );
        }
    }

    #[test]
    fn features_are_finite_for_every_size_and_a_fractional_target() {
        for (h, t) in [
            ("5", Q::int(5)),
            ("2 3", Q::int(6)),
            ("1 2 3 4 5", Q::int(24)),
            ("3 4", Q::new(3, 4).unwrap()),
            ("1 3 4 6", Q::int(24)),
        ] {
            let hand = Hand::parse(h).unwrap();
            let s = solutions(&hand, t, Rules::Rational).unwrap();
            let f = features(&hand, t, &s).unwrap();
            assert!(f.values.iter().all(|v| v.is_finite()), "{h} -> {t}: {f:?}");
        }
    }

    #[test]
    fn hand_3_3_8_8_has_no_whole_number_derivation() {
        let hand = Hand::parse("3 3 8 8").unwrap();
        let s = solutions(&hand, Q::int(24), Rules::Rational).unwrap();
        let f = features(&hand, Q::int(24), &s).unwrap();
        let easy = Hand::parse("1 2 3 4").unwrap();
        let e = features(
            &easy,
            Q::int(24),
            &solutions(&easy, Q::int(24), Rules::Rational).unwrap(),
        )
        .unwrap();
        assert_eq!(f.values[0], (HALF / 3888.0).ln() / 3.0);
        assert!(e.values[0] > f.values[0] && e.values[2] > f.values[2]);
    }
}
