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

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::expr::{Expr, Op};
use crate::number::Q;
use crate::rules::Rules;

/// A witness tree with shared subtrees, cheap to build for every candidate.
#[derive(Debug)]
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
    type Item: Clone;
    /// The item of one card, and its key.
    fn leaf(&self, v: i64) -> (Rc<str>, Self::Item);
    /// The item of `a op b`, and its key.
    fn combine(&self, op: Op, a: &Self::Item, b: &Self::Item) -> (Rc<str>, Self::Item);
}

/// One class over a sub-multiset.
#[derive(Clone, Debug)]
pub(crate) struct Entry<I> {
    pub key: Rc<str>,
    pub value: Q,
    pub item: I,
}

type Entries<I> = Rc<Vec<Entry<I>>>;

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
/// `0 / b = 0`).
fn needed(op: Op, swap: bool, a: Q, t: Q) -> Result<Option<Q>, ()> {
    Ok(match (op, swap) {
        (Op::Add, _) => t.sub(a),
        (Op::Sub, false) => a.sub(t),
        (Op::Sub, true) => t.add(a),
        (Op::Mul, _) => {
            if a.is_zero() {
                return if t.is_zero() { Err(()) } else { Ok(None) };
            }
            t.div(a)
        }
        (Op::Div, false) => {
            // a / b = t
            if t.is_zero() {
                return if a.is_zero() { Err(()) } else { Ok(None) };
            }
            a.div(t)
        }
        (Op::Div, true) => {
            // b / a = t
            if a.is_zero() {
                return Ok(None);
            }
            t.mul(a)
        }
    })
}

/// Canonical masks: `canon[mask]` keeps, for each run of equal cards, as many
/// of its first positions as `mask` has cards of that value.
pub(crate) fn canonical_masks(cards: &[i64]) -> Vec<u16> {
    let n = cards.len();
    (0..1usize << n)
        .map(|mask| {
            let mut out = 0u32;
            let mut i = 0;
            while i < n {
                let mut j = i;
                while j < n && cards[j] == cards[i] {
                    j += 1;
                }
                let run = ((1u32 << (j - i)) - 1) << i;
                let count = (mask as u32 & run).count_ones();
                out |= ((1u32 << count) - 1) << i;
                i = j;
            }
            out as u16
        })
        .collect()
}

/// The engine for one hand (sorted cards) and rule set.
pub(crate) struct Engine<'a, A: Algebra> {
    alg: &'a A,
    cards: Vec<i64>,
    rules: Rules,
    /// Classes of functions, not of values: nothing is evaluated, nothing is
    /// dropped for dividing by zero (the census of symbolic expressions).
    symbolic: bool,
    canon: Vec<u16>,
    tab_upto: u32,
    tables: Vec<Option<Entries<A::Item>>>,
    memo: FxHashMap<(u16, Q), Entries<A::Item>>,
    splits: FxHashMap<u16, Rc<Vec<(u16, u16)>>>,
}

impl<A: Algebra> std::fmt::Debug for Engine<'_, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("cards", &self.cards)
            .field("rules", &self.rules)
            .finish()
    }
}

impl<'a, A: Algebra> Engine<'a, A> {
    /// `cards` sorted ascending, at most 16.
    pub fn new(alg: &'a A, cards: &[i64], rules: Rules) -> Self {
        let n = cards.len();
        let mut tables = Vec::new();
        tables.resize_with(1 << n, || None);
        Engine {
            alg,
            cards: cards.to_vec(),
            rules,
            symbolic: false,
            canon: canonical_masks(cards),
            tab_upto: (n as u32 / 2).max(1),
            tables,
            memo: FxHashMap::default(),
            splits: FxHashMap::default(),
        }
    }

    /// An engine that ignores values: every class of expression over the
    /// cards as symbols. Only [`Engine::all`] makes sense on it.
    pub fn symbolic(alg: &'a A, cards: &[i64]) -> Self {
        Engine {
            symbolic: true,
            ..Engine::new(alg, cards, Rules::Rational)
        }
    }

    pub fn full(&self) -> u16 {
        ((1u32 << self.cards.len()) - 1) as u16
    }

    /// Unordered splits `(A, B)` of `mask` with `|A| <= |B|`, as canonical
    /// masks, each distinct pair of sub-multisets once.
    fn splits_of(&mut self, mask: u16) -> Rc<Vec<(u16, u16)>> {
        if let Some(s) = self.splits.get(&mask) {
            return s.clone();
        }
        let low = mask & mask.wrapping_neg();
        let mut out = Vec::new();
        let mut a = (mask - 1) & mask;
        while a != 0 {
            let b = mask & !a;
            let (ca, cb) = (a.count_ones(), b.count_ones());
            if ca < cb || (ca == cb && a & low != 0) {
                let (x, y) = (self.canon[a as usize], self.canon[b as usize]);
                // Equal-sized halves: store each unordered pair one way only.
                out.push(if ca == cb {
                    (x.min(y), x.max(y))
                } else {
                    (x, y)
                });
            }
            a = (a - 1) & mask;
        }
        out.sort_unstable_by_key(|&(a, b)| (a.count_ones(), a, b));
        out.dedup();
        let out = Rc::new(out);
        self.splits.insert(mask, out.clone());
        out
    }

    fn leaf_entry(&self, mask: u16) -> Entry<A::Item> {
        let v = self.cards[mask.trailing_zeros() as usize];
        let (key, item) = self.alg.leaf(v);
        Entry {
            key,
            value: Q::int(v),
            item,
        }
    }

    /// Every class over the canonical sub-multiset `mask`, sorted by key.
    pub fn all(&mut self, mask: u16) -> Entries<A::Item> {
        if let Some(t) = &self.tables[mask as usize] {
            return t.clone();
        }
        if mask.count_ones() == 1 {
            let t = Rc::new(vec![self.leaf_entry(mask)]);
            self.tables[mask as usize] = Some(t.clone());
            return t;
        }
        let mut found = Found::default();
        for &(a, b) in self.splits_of(mask).iter() {
            let (ea, eb) = (self.all(a), self.all(b));
            for x in ea.iter() {
                for y in eb.iter() {
                    for (op, swap) in SHAPES {
                        let (l, r) = if swap { (y, x) } else { (x, y) };
                        self.offer(&mut found, op, l, r);
                    }
                }
            }
        }
        let t = Rc::new(found.finish());
        self.tables[mask as usize] = Some(t.clone());
        t
    }

    /// Every class over the canonical sub-multiset `mask` worth exactly `t`,
    /// sorted by key.
    pub fn with_value(&mut self, mask: u16, t: Q) -> Entries<A::Item> {
        if !self.rules.admits(t) {
            return Rc::new(Vec::new());
        }
        if mask.count_ones() <= self.tab_upto {
            let all = self.all(mask);
            return Rc::new(all.iter().filter(|e| e.value == t).cloned().collect());
        }
        if let Some(r) = self.memo.get(&(mask, t)) {
            return r.clone();
        }
        let mut found = Found::default();
        for &(a, b) in self.splits_of(mask).iter() {
            let ea = self.all(a);
            for x in ea.iter() {
                for (op, swap) in SHAPES {
                    let partners = match needed(op, swap, x.value, t) {
                        Ok(Some(y)) => self.with_value(b, y),
                        Ok(None) => continue,
                        Err(()) => self.all(b),
                    };
                    for y in partners.iter() {
                        let (l, r) = if swap { (y, x) } else { (x, y) };
                        if op.apply(l.value, r.value) == Some(t) {
                            self.offer(&mut found, op, l, r);
                        }
                    }
                }
            }
        }
        let r = Rc::new(found.finish());
        self.memo.insert((mask, t), r.clone());
        r
    }

    /// Adds the class of `l op r` if the rules admit its value.
    fn offer(&self, found: &mut Found<A::Item>, op: Op, l: &Entry<A::Item>, r: &Entry<A::Item>) {
        let v = if self.symbolic {
            Q::ZERO
        } else {
            match op.apply(l.value, r.value) {
                Some(v) if self.rules.admits(v) => v,
                _ => return,
            }
        };
        let (key, item) = self.alg.combine(op, &l.item, &r.item);
        found.add(Entry {
            key,
            value: v,
            item,
        });
    }
}

/// Classes found so far, first witness kept.
struct Found<I> {
    index: FxHashMap<Rc<str>, usize>,
    list: Vec<Entry<I>>,
}

impl<I> Default for Found<I> {
    fn default() -> Self {
        Found {
            index: FxHashMap::default(),
            list: Vec::new(),
        }
    }
}

impl<I> Found<I> {
    fn add(&mut self, e: Entry<I>) {
        if !self.index.contains_key(&e.key) {
            self.index.insert(e.key.clone(), self.list.len());
            self.list.push(e);
        }
    }

    fn finish(mut self) -> Vec<Entry<I>> {
        // Keys are unique, so this order does not depend on discovery order.
        self.list.sort_unstable_by(|a, b| a.key.cmp(&b.key));
        self.list
    }
}
