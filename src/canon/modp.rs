//! An independent count of structural classes, for the tests: no normal
//! forms, only evaluation.
//!
//! Two read-once expressions are the same rational function exactly when they
//! agree everywhere; evaluated at a few random points modulo the prime
//! `2^61 - 1`, different functions collide with negligible probability
//! (Schwartz–Zippel: at most degree/p per point). Every expression tree over
//! the hand is built (subtrees deduplicated only by their fingerprint and
//! exact value, which cannot merge different functions), and a class is the
//! orbit of a fingerprint under the relabellings of equal cards: the
//! smallest fingerprint over all such relabellings names it.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::expr::Op;
use crate::game::number::Q;
use crate::game::rules::Rules;

const P: u64 = (1 << 61) - 1;
/// Random points per fingerprint.
const K: usize = 2;

fn mulmod(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) % P as u128) as u64
}

fn powmod(mut a: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mulmod(r, a);
        }
        a = mulmod(a, a);
        e >>= 1;
    }
    r
}

fn apply(op: Op, a: u64, b: u64) -> Option<u64> {
    Some(match op {
        Op::Add => (a + b) % P,
        Op::Sub => (a + P - b) % P,
        Op::Mul => mulmod(a, b),
        Op::Div => {
            if b == 0 {
                return None;
            }
            mulmod(a, powmod(b, P - 2))
        }
    })
}

/// Every permutation of `0..n` that maps each card to a card of equal value.
fn relabellings(cards: &[i64]) -> Vec<Vec<usize>> {
    let n = cards.len();
    let mut out = Vec::new();
    let mut perm: Vec<usize> = (0..n).collect();
    fn rec(
        i: usize,
        perm: &mut Vec<usize>,
        used: &mut Vec<bool>,
        cards: &[i64],
        out: &mut Vec<Vec<usize>>,
    ) {
        if i == cards.len() {
            out.push(perm.clone());
            return;
        }
        for j in 0..cards.len() {
            if !used[j] && cards[j] == cards[i] {
                used[j] = true;
                perm[i] = j;
                rec(i + 1, perm, used, cards, out);
                used[j] = false;
            }
        }
    }
    rec(0, &mut perm, &mut vec![false; n], cards, &mut out);
    out
}

/// One tree: its exact value (`None` when not evaluated: symbolic counting)
/// and its fingerprint under every relabelling, `K` points each.
#[derive(Clone)]
struct Fp {
    value: Option<Q>,
    fp: Vec<u64>,
}

/// `K` reproducible points of `n` coordinates modulo `P` from `seed`
/// (xorshift64*, so the check needs no dependency). Both methods of this
/// module must draw the same points for the same seed.
fn random_points(n: usize, seed: u64) -> Vec<Vec<u64>> {
    let mut rand = residues(seed);
    (0..K).map(|_| (0..n).map(|_| rand()).collect()).collect()
}

/// Reproducible residues modulo `P` from `seed`: xorshift64*.
fn residues(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed | 1;
    move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d) % P
    }
}

/// The number of structural classes of expressions over `cards` (any order)
/// worth `target` under `rules`; with `target == None`, of all expressions
/// over the cards as symbols (the census when cards are distinct).
pub(crate) fn count_classes(cards: &[i64], target: Option<Q>, rules: Rules, seed: u64) -> usize {
    let n = cards.len();
    let perms = relabellings(cards);
    let points = random_points(n, seed);
    let mut sets: Vec<Vec<Fp>> = vec![Vec::new(); 1 << n];
    for i in 0..n {
        let fp = perms
            .iter()
            .flat_map(|p| points.iter().map(move |pt| pt[p[i]]))
            .collect();
        let value = target.map(|_| Q::int(cards[i]));
        sets[1 << i] = vec![Fp { value, fp }];
    }
    for mask in 1usize..1 << n {
        if mask.count_ones() < 2 {
            continue;
        }
        let mut seen: FxHashSet<(Option<Q>, Vec<u64>)> = FxHashSet::default();
        let mut out = Vec::new();
        for (x, y) in operand_pairs(&sets, mask) {
            'op: for op in Op::ALL {
                let value = match (x.value, y.value) {
                    (Some(u), Some(v)) => match op.apply(u, v) {
                        Some(w) if rules.admits(w) => Some(w),
                        _ => continue,
                    },
                    _ => None,
                };
                let mut fp = Vec::with_capacity(x.fp.len());
                for (&u, &v) in x.fp.iter().zip(&y.fp) {
                    match apply(op, u, v) {
                        Some(w) => fp.push(w),
                        None => continue 'op,
                    }
                }
                // Identity relabelling first: it decides function equality.
                if seen.insert((value, fp[..K].to_vec())) {
                    out.push(Fp { value, fp });
                }
            }
        }
        sets[mask] = out;
    }
    let full = (1 << n) - 1;
    let classes: FxHashMap<Vec<u64>, ()> = sets[full]
        .iter()
        .filter(|f| target.is_none() || f.value == target)
        .map(|f| {
            (
                f.fp.chunks(K)
                    .min()
                    .expect("one relabelling at least")
                    .to_vec(),
                (),
            )
        })
        .collect();
    classes.len()
}

/// The fingerprint of the class of `expr`: leaves of value `v` are given the
/// symbols of value `v` in order, and the smallest fingerprint over all
/// relabellings of equal cards names the orbit. Two expressions over the same
/// cards are structurally equal exactly when these agree. `None` if a point
/// hits a zero denominator (negligibly rare).
pub(crate) fn orbit_fingerprint(expr: &crate::game::expr::Expr, seed: u64) -> Option<Vec<u64>> {
    use crate::game::expr::Expr;
    let cards = expr.cards();
    let n = cards.len();
    let points = random_points(n, seed);
    // Symbol of each leaf, in traversal order.
    let mut next: FxHashMap<i64, usize> = FxHashMap::default();
    for (i, c) in cards.iter().enumerate().rev() {
        next.insert(*c, i);
    }
    fn eval(e: &Expr, next: &mut FxHashMap<i64, usize>, perm: &[usize], pt: &[u64]) -> Option<u64> {
        match e {
            Expr::Card(c) => {
                let s = next.get_mut(c).expect("card of the hand");
                *s += 1;
                Some(pt[perm[*s - 1]])
            }
            Expr::Bin(op, l, r) => {
                let a = eval(l, next, perm, pt);
                let b = eval(r, next, perm, pt);
                apply(*op, a?, b?)
            }
        }
    }
    let mut best: Option<Vec<u64>> = None;
    for perm in relabellings(&cards) {
        let mut fp = Vec::with_capacity(K);
        for pt in &points {
            let mut counters = next.clone();
            fp.push(eval(expr, &mut counters, &perm, pt)?);
        }
        if best.as_ref().is_none_or(|b| fp < *b) {
            best = Some(fp);
        }
    }
    best
}

/// Every pair of operands over the multiset `mask`: each element of
/// `sets[a]` with each of `sets[b]`, for every ordered split of `mask` into
/// non-empty `a` and `b` (both operand orders of - and / come from them).
fn operand_pairs<T>(sets: &[Vec<T>], mask: usize) -> impl Iterator<Item = (&T, &T)> {
    let mut a = mask;
    std::iter::from_fn(move || {
        a = (a - 1) & mask;
        (a != 0).then_some(a)
    })
    .flat_map(move |a| {
        let b = mask & !a;
        sets[a]
            .iter()
            .flat_map(move |x| sets[b].iter().map(move |y| (x, y)))
    })
}

/// [`count_classes`] for `n` distinct symbols with no target, lean enough for
/// seven operands: fingerprints are fixed arrays and the last level is only
/// counted, never stored.
pub(crate) fn count_symbolic(n: usize, seed: u64) -> usize {
    let mut rand = residues(seed);
    let points: Vec<[u64; K]> = (0..n).map(|_| [rand(), rand()]).collect();
    let full = (1usize << n) - 1;
    let mut sets: Vec<Vec<[u64; K]>> = vec![Vec::new(); 1 << n];
    let mut top: FxHashSet<[u64; K]> = FxHashSet::default();
    for (i, p) in points.iter().enumerate() {
        sets[1 << i] = vec![*p];
    }
    let mut masks: Vec<usize> = (1..=full).filter(|m| m.count_ones() >= 2).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        let mut seen: FxHashSet<[u64; K]> = FxHashSet::default();
        for (x, y) in operand_pairs(&sets, mask) {
            'op: for op in Op::ALL {
                let mut fp = [0; K];
                for k in 0..K {
                    match apply(op, x[k], y[k]) {
                        Some(w) => fp[k] = w,
                        None => continue 'op,
                    }
                }
                if mask == full {
                    top.insert(fp);
                } else {
                    seen.insert(fp);
                }
            }
        }
        if mask != full {
            let mut list: Vec<[u64; K]> = seen.into_iter().collect();
            list.sort_unstable();
            sets[mask] = list;
        }
    }
    if n == 1 { 1 } else { top.len() }
}
