//! Normal forms of expressions up to the field laws, and their canonical keys.
//!
//! An expression that uses each card once is a *read-once* rational function.
//! Its normal form alternates two kinds of n-ary node:
//!
//! - a **sum** of at least two signed terms, each a leaf or a product;
//! - a **product** of at least two factors, each multiplied or divided, each a
//!   leaf or a sum;
//!
//! and carries one overall sign. Signs are pushed outwards: a product holds no
//! sign of its own (a negated factor's sign moves to the product's form), and a
//! sum is stored in the one of its two orientations (`a-b` or `b-a`) whose
//! sorted term list is smaller, the other orientation being its negation. So
//! `(a-b)*(c-d)` and `(b-a)*(d-c)` meet, as do `a-(b-c)` and `a-b+c`, and
//! `a/(b/c)` and `a*c/b`.
//!
//! Leaves are labelled by card *value*, and the operands of every node are
//! sorted by their keys, so relabelling equal cards cannot change a key: the
//! key is a canonical string for the class of the expression under the field
//! laws and the exchange of equal cards (trees are compared as unordered
//! labelled trees, bottom-up). A node that is its own negation after such an
//! exchange (`5-5`, or any product with such a factor) is marked `selfneg` and
//! always carries the sign `+`, because `-(5-5)` *is* `5-5` with the fives
//! swapped.

use std::cell::OnceCell;
use std::cmp::Ordering;
use std::rc::Rc;

use crate::game::expr::{Expr, Op};
use crate::game::number::Q;

/// A normal-form node, shared between the forms built on it.
#[derive(Debug)]
pub(crate) struct Node {
    pub kind: Kind,
    /// Canonical key of the node (its sign excluded).
    pub key: Rc<str>,
    /// Exact value of the node, `None` if some division in it is by zero.
    pub value: Option<Q>,
    /// Equal to its own negation after exchanging equal cards.
    pub selfneg: bool,
    /// Number of cards (leaves) under the node.
    pub cards: u32,
    /// Height in sum/product alternations: 0 for a leaf.
    pub levels: u32,
    /// Whether some sum or product under the node has a neutral set of
    /// operands (see [`super::dissimilar`]), once asked.
    pub neutral: OnceCell<bool>,
}

#[derive(Debug)]
pub(crate) enum Kind {
    Leaf(i64),
    /// Terms; `flip` means subtracted.
    Sum(Vec<Part>),
    /// Factors; `flip` means divided.
    Prod(Vec<Part>),
}

/// One operand of a sum or product.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub flip: bool,
    pub node: Rc<Node>,
}

/// A signed node: the normal form of one expression.
#[derive(Clone, Debug)]
pub(crate) struct Form {
    pub neg: bool,
    pub node: Rc<Node>,
}

fn part_cmp(a: &Part, b: &Part) -> Ordering {
    a.node.key.cmp(&b.node.key).then(a.flip.cmp(&b.flip))
}

thread_local! {
    // One buffer per thread: a key is then allocated once, in its Rc.
    static BUF: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

fn build_key(open: char, plus: char, minus: char, close: char, parts: &[Part]) -> Rc<str> {
    BUF.with_borrow_mut(|s| {
        s.clear();
        s.push(open);
        for p in parts {
            s.push(if p.flip { minus } else { plus });
            s.push_str(&p.node.key);
        }
        s.push(close);
        Rc::from(s.as_str())
    })
}

impl Form {
    pub fn leaf(v: i64) -> Form {
        // A negative card is a symbol of its own, not the negation of a
        // positive one: `_5` keeps it apart from `-5`.
        let key = if v < 0 {
            format!("_{}", v.unsigned_abs())
        } else {
            v.to_string()
        };
        let node = Node {
            kind: Kind::Leaf(v),
            key: key.into(),
            value: Some(Q::int(v)),
            selfneg: false,
            cards: 1,
            levels: 0,
            neutral: OnceCell::new(),
        };
        Form {
            neg: false,
            node: Rc::new(node),
        }
    }

    /// The canonical key, shared with the node when not negated.
    pub fn shared_key(&self) -> Rc<str> {
        if self.neg {
            BUF.with_borrow_mut(|s| {
                s.clear();
                s.push('-');
                s.push_str(&self.node.key);
                Rc::from(s.as_str())
            })
        } else {
            self.node.key.clone()
        }
    }

    /// The canonical key: the node's key, prefixed with `-` when negated.
    pub fn key(&self) -> String {
        if self.neg {
            format!("-{}", self.node.key)
        } else {
            self.node.key.to_string()
        }
    }

    pub fn negate(&self) -> Form {
        Form {
            neg: self.neg ^ !self.node.selfneg,
            node: self.node.clone(),
        }
    }

    pub fn apply(op: Op, a: &Form, b: &Form) -> Form {
        match op {
            Op::Add | Op::Sub => {
                let mut parts = Vec::with_capacity(8);
                a.push_terms(false, &mut parts);
                b.push_terms(op == Op::Sub, &mut parts);
                make_sum(parts)
            }
            Op::Mul | Op::Div => {
                let mut parts = Vec::with_capacity(8);
                let mut neg = false;
                a.push_factors(false, &mut parts, &mut neg);
                b.push_factors(op == Op::Div, &mut parts, &mut neg);
                make_prod(parts, neg)
            }
        }
    }

    /// This form's terms, as a summand (negated when `minus`).
    pub fn push_terms(&self, minus: bool, out: &mut Vec<Part>) {
        let s = self.neg ^ minus;
        match &self.node.kind {
            Kind::Sum(parts) => out.extend(parts.iter().map(|p| Part {
                flip: !p.node.selfneg && (p.flip ^ s),
                node: p.node.clone(),
            })),
            _ => out.push(Part {
                flip: !self.node.selfneg && s,
                node: self.node.clone(),
            }),
        }
    }

    /// This form's factors, as a multiplier (a divisor when `divide`); its sign
    /// goes to `neg`.
    pub fn push_factors(&self, divide: bool, out: &mut Vec<Part>, neg: &mut bool) {
        *neg ^= self.neg;
        match &self.node.kind {
            Kind::Prod(parts) => out.extend(parts.iter().map(|p| Part {
                flip: p.flip ^ divide,
                node: p.node.clone(),
            })),
            _ => out.push(Part {
                flip: divide,
                node: self.node.clone(),
            }),
        }
    }
}

/// The normal form of the sum of `parts` (terms that are leaves or products).
pub(crate) fn make_sum(mut parts: Vec<Part>) -> Form {
    if parts.len() == 1 {
        let p = parts.pop().expect("one part");
        return Form {
            neg: p.flip,
            node: p.node,
        };
    }
    parts.sort_by(part_cmp);
    // The sorted negation differs from this list first in the first run of
    // equal keys with unequal numbers of added and subtracted terms; the
    // orientation with more added terms there is the smaller one.
    let mut order = Ordering::Equal;
    let mut i = 0;
    while i < parts.len() {
        let mut j = i;
        let mut minus = 0;
        while j < parts.len() && parts[j].node.key == parts[i].node.key {
            minus += parts[j].flip as usize;
            j += 1;
        }
        let plus = j - i - minus;
        if !parts[i].node.selfneg && plus != minus {
            order = if plus > minus {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            break;
        }
        i = j;
    }
    let (neg, selfneg) = match order {
        Ordering::Greater => {
            for p in parts.iter_mut() {
                p.flip = !p.node.selfneg && !p.flip;
            }
            parts.sort_by(part_cmp);
            (true, false)
        }
        Ordering::Less => (false, false),
        Ordering::Equal => (false, true),
    };
    let mut value = Some(Q::ZERO);
    for p in &parts {
        value = match (value, p.node.value) {
            (Some(acc), Some(v)) => {
                if p.flip {
                    acc.checked_sub(v)
                } else {
                    acc.checked_add(v)
                }
            }
            _ => None,
        };
    }
    let node = Node {
        key: build_key('(', '+', '-', ')', &parts),
        value,
        selfneg,
        cards: parts.iter().map(|p| p.node.cards).sum(),
        levels: 1 + parts.iter().map(|p| p.node.levels).max().unwrap_or(0),
        neutral: OnceCell::new(),
        kind: Kind::Sum(parts),
    };
    Form {
        neg,
        node: Rc::new(node),
    }
}

/// The normal form of `±` the product of `parts` (factors that are leaves or
/// sums); the sign is `-` when `neg`.
pub(crate) fn make_prod(mut parts: Vec<Part>, neg: bool) -> Form {
    let selfneg = parts.iter().any(|p| p.node.selfneg);
    let neg = neg && !selfneg;
    if parts.len() == 1 && !parts[0].flip {
        let p = parts.pop().expect("one part");
        return Form {
            neg: neg && !p.node.selfneg,
            node: p.node,
        };
    }
    parts.sort_by(part_cmp);
    let mut value = Some(Q::ONE);
    for p in &parts {
        value = match (value, p.node.value) {
            (Some(acc), Some(v)) => {
                if p.flip {
                    acc.checked_div(v)
                } else {
                    acc.checked_mul(v)
                }
            }
            _ => None,
        };
    }
    let node = Node {
        key: build_key('[', '*', '/', ']', &parts),
        value,
        selfneg,
        cards: parts.iter().map(|p| p.node.cards).sum(),
        levels: 1 + parts.iter().map(|p| p.node.levels).max().unwrap_or(0),
        neutral: OnceCell::new(),
        kind: Kind::Prod(parts),
    };
    Form {
        neg,
        node: Rc::new(node),
    }
}

/// Operands a node renders without allocating its scratch lists (every node
/// of a hand of up to 8 cards).
const INLINE: usize = 16;

/// Runs `f` on `n` default values, on the stack when `n` is small: rendering
/// runs for every class of every hand, and small lists are most of its
/// allocations otherwise.
fn with_scratch<T: Default, R>(n: usize, f: impl FnOnce(&mut [T]) -> R) -> R {
    if n <= INLINE {
        let mut a: [T; INLINE] = std::array::from_fn(|_| T::default());
        f(&mut a[..n])
    } else {
        let mut v: Vec<T> = (0..n).map(|_| T::default()).collect();
        f(&mut v)
    }
}

/// Display order of operands, as indices into `parts` (written to `order`):
/// compound parts first (by key), then cards ascending, so `(1+2+3)*4`,
/// `1*2*3*4` and `5*5-1` read as people write them. Added (multiplied)
/// operands come before subtracted (divided) ones: a subtraction or division
/// never comes first, and intermediates stay positive and integral as long as
/// possible.
fn display_order(parts: &[Part], neg: bool, order: &mut [usize]) {
    for (i, o) in order.iter_mut().enumerate() {
        *o = i;
    }
    let late = |p: &Part| p.flip ^ neg && !p.node.selfneg;
    order.sort_by(|&a, &b| {
        let (a, b) = (&parts[a], &parts[b]);
        late(a)
            .cmp(&late(b))
            .then_with(|| match (&a.node.kind, &b.node.kind) {
                (Kind::Leaf(x), Kind::Leaf(y)) => x.cmp(y),
                (Kind::Leaf(_), _) => Ordering::Greater,
                (_, Kind::Leaf(_)) => Ordering::Less,
                _ => a.node.key.cmp(&b.node.key),
            })
    });
}

/// A readable expression tree with the value of `node` (of `-node` when
/// `neg`), or `None` if that signed form cannot be written without a unary
/// minus or a constant (`-a`, `1/(a*b)`).
pub(crate) fn render(node: &Node, neg: bool) -> Option<Expr> {
    let neg = neg && !node.selfneg;
    match &node.kind {
        Kind::Leaf(v) => (!neg).then_some(Expr::Card(*v)),
        Kind::Sum(parts) => with_scratch(parts.len(), |order: &mut [usize]| {
            display_order(parts, neg, order);
            let order = &*order;
            let term = |i: usize| &parts[order[i]];
            // Each term is written as itself when it can be, else negated;
            // both readings are made at most once.
            with_scratch(parts.len(), |cache: &mut [[Option<Option<Expr>>; 2]]| {
                let mut get = |i: usize, minus: bool| -> Option<Expr> {
                    cache[i][minus as usize]
                        .get_or_insert_with(|| render(&term(i).node, minus))
                        .take()
                };
                // Start with a term that can be written with the sign it has
                // in the sum (a subtracted product may be a positive
                // difference).
                let (first, mut acc) = (0..order.len()).find_map(|i| {
                    let p = term(i);
                    let minus = p.flip ^ neg && !p.node.selfneg;
                    get(i, minus).map(|e| (i, e))
                })?;
                for i in 0..order.len() {
                    if i == first {
                        continue;
                    }
                    let minus = term(i).flip ^ neg;
                    acc = match get(i, false) {
                        Some(e) => Expr::bin(if minus { Op::Sub } else { Op::Add }, acc, e),
                        None => {
                            let e = get(i, true)?;
                            Expr::bin(if minus { Op::Add } else { Op::Sub }, acc, e)
                        }
                    };
                }
                Some(acc)
            })
        }),
        Kind::Prod(parts) => with_scratch(parts.len(), |order: &mut [usize]| {
            display_order(parts, false, order);
            let order = &*order;
            let factor = |i: usize| &parts[order[i]];
            // Each factor written as itself or as its negation; the number of
            // negations must match the sign asked for.
            with_scratch(parts.len(), |chosen: &mut [Option<(Expr, bool)>]| {
                let mut flips = false;
                for (i, c) in chosen.iter_mut().enumerate() {
                    *c = Some(match render(&factor(i).node, false) {
                        Some(e) => (e, false),
                        None => {
                            flips ^= true;
                            (render(&factor(i).node, true)?, true)
                        }
                    });
                }
                if flips != neg {
                    // Flip the first factor that can be written both ways.
                    let mut flipped = false;
                    for (i, c) in chosen.iter_mut().enumerate() {
                        let p = factor(i);
                        if p.node.selfneg {
                            flipped = true;
                            break;
                        }
                        if !c.as_ref().expect("every factor written").1
                            && let Some(e) = render(&p.node, true)
                        {
                            *c = Some((e, true));
                            flipped = true;
                            break;
                        }
                    }
                    if !flipped {
                        return None;
                    }
                }
                let first = (0..order.len()).position(|i| !factor(i).flip)?;
                let mut take = |i: usize| chosen[i].take().expect("each factor written once").0;
                let mut acc = take(first);
                for i in 0..order.len() {
                    if i != first {
                        let op = if factor(i).flip { Op::Div } else { Op::Mul };
                        acc = Expr::bin(op, acc, take(i));
                    }
                }
                Some(acc)
            })
        }),
    }
}

/// The normal form of an expression tree.
pub(crate) fn of_expr(e: &Expr) -> Form {
    match e {
        Expr::Card(v) => Form::leaf(*v),
        Expr::Bin(op, l, r) => Form::apply(*op, &of_expr(l), &of_expr(r)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> String {
        of_expr(&Expr::parse(s).unwrap()).key()
    }

    #[test]
    fn field_laws_meet() {
        assert_eq!(key("1+2+3"), key("(3+1)+2"));
        assert_eq!(key("7-(2-3)"), key("7-2+3"));
        assert_eq!(key("7/(2/3)"), key("7*3/2"));
        assert_eq!(key("(7-2)*(3-5)"), key("(2-7)*(5-3)"));
        assert_eq!(key("(7-2)/(3-5)"), key("(2-7)/(5-3)"));
        assert_ne!(key("(7+2)-3"), key("7-2+3"));
        assert_ne!(key("7*1"), key("7/1"));
        assert_ne!(key("7-2"), key("2-7"));
    }

    #[test]
    fn equal_cards_are_interchangeable() {
        let f = of_expr(&Expr::parse("5-5").unwrap());
        assert_eq!(f.negate().key(), f.key());
        assert_eq!(key("3*(5-5)"), key("(5-5)*3"));
        assert_eq!(key("4+3*(5-5)"), key("4-3*(5-5)"));
    }

    #[test]
    fn render_round_trips() {
        for s in [
            "(1+2+3)*4",
            "8/(3-8/3)",
            "6/(1-3/4)",
            "5*5-1",
            "(5+1)*(5-1)",
            "2-(7-3)*4",
        ] {
            let f = of_expr(&Expr::parse(s).unwrap());
            let e = render(&f.node, f.neg).unwrap();
            assert_eq!(of_expr(&e).key(), f.key(), "{s} -> {e}");
            assert_eq!(e.eval(), Expr::parse(s).unwrap().eval());
        }
    }
}
