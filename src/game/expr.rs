//! Expression trees: exact evaluation, readable printing, parsing and facts.
//!
//! Printing uses the fewest parentheses that keep the value: precedence and
//! left associativity are respected, so the tree `((9-8)*8)*3` prints as
//! `(9-8)*8*3`. A printed expression parses back ([`Expr::parse`]) to a tree
//! with the same value, which is how tests re-check every printed solution.
//!
//! Dropping the brackets of `a+(b+c)` or `a*(b/c)` changes the order a reader
//! works in, and so the intermediate results: under natural rules with a
//! negative card, `(-5)+(2+5)` read as `(-5)+2+5` passes through `-3`.
//! [`Expr::to_infix_under`] keeps exactly the brackets a rule set needs, so
//! the text read left to right obeys the rules; [`Expr::to_infix_tree`] keeps
//! every bracket that tells two trees apart, so the text parses back to the
//! very tree printed.

use std::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::game::error::{EvalError, InputError};
use crate::game::number::Q;
use crate::game::rules::Rules;

/// One of the four operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

    /// `a op b`; `None` on division by zero or overflow.
    #[inline]
    pub fn apply(self, a: Q, b: Q) -> Option<Q> {
        match self {
            Op::Add => a.checked_add(b),
            Op::Sub => a.checked_sub(b),
            Op::Mul => a.checked_mul(b),
            Op::Div => a.checked_div(b),
        }
    }

    pub fn symbol(self, unicode: bool) -> char {
        match (self, unicode) {
            (Op::Add, _) => '+',
            (Op::Sub, false) => '-',
            (Op::Sub, true) => '−',
            (Op::Mul, false) => '*',
            (Op::Mul, true) => '×',
            (Op::Div, false) => '/',
            (Op::Div, true) => '÷',
        }
    }

    fn precedence(self) -> u8 {
        match self {
            Op::Add | Op::Sub => 1,
            Op::Mul | Op::Div => 2,
        }
    }

    pub fn is_commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul)
    }
}

/// An expression over card values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Card(i64),
    Bin(Op, Box<Expr>, Box<Expr>),
}

/// One node of an expression tree as a walk sees it: a card, or an
/// operation on two nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape<N> {
    Card(i64),
    Bin(Op, N, N),
}

/// A node of a tree that a walk can read: an [`Expr`], or a node of a
/// [`FlatTrees`] buffer. The facts and the complexity of a solution are one
/// walk each, whichever holds the tree.
pub trait Node: Copy {
    fn shape(self) -> Shape<Self>;
}

impl<'a> Node for &'a Expr {
    #[inline]
    fn shape(self) -> Shape<&'a Expr> {
        match self {
            Expr::Card(c) => Shape::Card(*c),
            Expr::Bin(op, l, r) => Shape::Bin(*op, l, r),
        }
    }
}

/// Expression trees held in one buffer, their nodes indices into it: built
/// and read without an allocation per node (a hand's thousands of
/// representatives, when only their facts are kept).
#[derive(Clone, Debug, Default)]
pub struct FlatTrees {
    nodes: Vec<Shape<u32>>,
}

/// A node of a [`FlatTrees`].
#[derive(Clone, Copy, Debug)]
pub struct FlatNode<'a> {
    nodes: &'a [Shape<u32>],
    at: u32,
}

impl FlatTrees {
    pub fn clear(&mut self) {
        self.nodes.clear();
    }

    /// A new card node, by index.
    pub fn card(&mut self, v: i64) -> u32 {
        self.nodes.push(Shape::Card(v));
        self.nodes.len() as u32 - 1
    }

    /// A new node `l op r`, by index.
    pub fn bin(&mut self, op: Op, l: u32, r: u32) -> u32 {
        self.nodes.push(Shape::Bin(op, l, r));
        self.nodes.len() as u32 - 1
    }

    /// A copy of `e`, by the index of its root.
    pub fn push(&mut self, e: &Expr) -> u32 {
        match e {
            Expr::Card(c) => self.card(*c),
            Expr::Bin(op, l, r) => {
                let (l, r) = (self.push(l), self.push(r));
                self.bin(*op, l, r)
            }
        }
    }

    /// The node at index `at`.
    pub fn node(&self, at: u32) -> FlatNode<'_> {
        FlatNode {
            nodes: &self.nodes,
            at,
        }
    }
}

impl Node for FlatNode<'_> {
    #[inline]
    fn shape(self) -> Shape<Self> {
        let at = |i| FlatNode {
            nodes: self.nodes,
            at: i,
        };
        match self.nodes[self.at as usize] {
            Shape::Card(c) => Shape::Card(c),
            Shape::Bin(op, l, r) => Shape::Bin(op, at(l), at(r)),
        }
    }
}

impl FlatNode<'_> {
    /// The tree as an [`Expr`].
    pub fn to_expr(self) -> Expr {
        match self.shape() {
            Shape::Card(c) => Expr::Card(c),
            Shape::Bin(op, l, r) => Expr::bin(op, l.to_expr(), r.to_expr()),
        }
    }
}

/// The value of the tree at `n` and its facts ([`Expr::facts_under`] with
/// `Some(rules)`, [`Expr::facts`] with `None`), for any [`Node`].
pub fn facts_of<N: Node>(n: N, rules: Option<Rules>) -> Result<(Q, Facts), EvalError> {
    let mut f = Facts::default();
    let (v, depth) = facts_rec(n, rules, &mut f)?;
    f.depth = depth;
    if f.peak.is_none() {
        f.peak = Some(v.abs().ok_or(EvalError::Overflow)?);
    }
    Ok((v, f))
}

/// The value and the height of the tree (each node's height from its
/// children's, not walked again), checking each intermediate against
/// `rules` when given; the other facts go into `f`.
fn facts_rec<N: Node>(n: N, rules: Option<Rules>, f: &mut Facts) -> Result<(Q, u32), EvalError> {
    match n.shape() {
        Shape::Card(c) => Ok((Q::int(c), 0)),
        Shape::Bin(op, l, r) => {
            let (a, da) = facts_rec(l, rules, f)?;
            let (b, db) = facts_rec(r, rules, f)?;
            let v = op.apply(a, b).ok_or(if op == Op::Div && b.is_zero() {
                EvalError::DivisionByZero
            } else {
                EvalError::Overflow
            })?;
            if rules.is_some_and(|r| !r.admits(v)) {
                return Err(EvalError::BreaksRules);
            }
            let av = v.abs().ok_or(EvalError::Overflow)?;
            f.peak = Some(f.peak.map_or(av, |p| p.max(av)));
            f.uses_fraction |= !v.is_integer();
            f.op_counts[op as usize] += 1;
            Ok((v, 1 + da.max(db)))
        }
    }
}

/// Facts about one expression that tables and the difficulty model use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Facts {
    /// Largest absolute value of any intermediate result (the final value
    /// included); for a lone card, the card itself.
    pub peak: Option<Q>,
    /// Whether some intermediate result is not an integer.
    pub uses_fraction: bool,
    /// Height of the tree: 0 for a lone card.
    pub depth: u32,
    /// How many times each of `+ - * /` is used, in that order.
    pub op_counts: [u32; 4],
}

impl Expr {
    pub fn bin(op: Op, l: Expr, r: Expr) -> Expr {
        Expr::Bin(op, Box::new(l), Box::new(r))
    }

    /// The exact value, with every intermediate checked against `rules`.
    pub fn eval_under(&self, rules: Rules) -> Result<Q, EvalError> {
        let v = match self {
            Expr::Card(c) => return Ok(Q::int(*c)),
            Expr::Bin(op, l, r) => {
                let (a, b) = (l.eval_under(rules)?, r.eval_under(rules)?);
                if *op == Op::Div && b.is_zero() {
                    return Err(EvalError::DivisionByZero);
                }
                op.apply(a, b).ok_or(EvalError::Overflow)?
            }
        };
        if rules.admits(v) {
            Ok(v)
        } else {
            Err(EvalError::BreaksRules)
        }
    }

    /// The exact value (fractions allowed).
    pub fn eval(&self) -> Result<Q, EvalError> {
        self.eval_under(Rules::Rational)
    }

    /// The card values used, ascending.
    pub fn cards(&self) -> Vec<i64> {
        let mut out = Vec::new();
        self.collect_cards(&mut out);
        out.sort_unstable();
        out
    }

    fn collect_cards(&self, out: &mut Vec<i64>) {
        match self {
            Expr::Card(c) => out.push(*c),
            Expr::Bin(_, l, r) => {
                l.collect_cards(out);
                r.collect_cards(out);
            }
        }
    }

    /// Number of leaves.
    pub fn len(&self) -> usize {
        match self {
            Expr::Card(_) => 1,
            Expr::Bin(_, l, r) => l.len() + r.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// Peak, fraction use, depth and operation counts, computed exactly.
    pub fn facts(&self) -> Result<Facts, EvalError> {
        self.facts_with(None).map(|(_, f)| f)
    }

    /// The value under `rules` (as [`Expr::eval_under`] gives it) and the
    /// facts, in one walk of the tree.
    pub fn facts_under(&self, rules: Rules) -> Result<(Q, Facts), EvalError> {
        self.facts_with(Some(rules))
    }

    fn facts_with(&self, rules: Option<Rules>) -> Result<(Q, Facts), EvalError> {
        facts_of(self, rules)
    }

    /// Height of the tree: 0 for a lone card.
    pub fn depth(&self) -> u32 {
        match self {
            Expr::Card(_) => 0,
            Expr::Bin(_, l, r) => 1 + l.depth().max(r.depth()),
        }
    }

    /// Infix text with minimal parentheses; `unicode` prints `×`, `÷` and `−`.
    /// Read left to right it has the tree's value, and its intermediate
    /// results obey the rational and integer rules whenever the tree's do
    /// (for natural rules see [`Expr::to_infix_under`]).
    pub fn to_infix(&self, unicode: bool) -> String {
        let mut s = String::new();
        self.write_infix(&mut s, unicode, true, Brackets::Minimal);
        s
    }

    /// Infix text with the fewest parentheses whose left-to-right reading
    /// obeys `rules` at every step, for a tree that obeys them. Only natural
    /// and positive rules ever need more than [`Expr::to_infix`]: regrouping
    /// `a+(b±c)` or `a*(b*c)`, `a*(b/c)` keeps every intermediate an
    /// integer, but a negative card can make one negative (or zero).
    pub fn to_infix_under(&self, rules: Rules, unicode: bool) -> String {
        if matches!(rules, Rules::Rational | Rules::Integer) {
            return self.to_infix(unicode);
        }
        let mut s = String::new();
        self.write_signed(&mut s, unicode, true, rules);
        s
    }

    /// Infix text that parses back ([`Expr::parse`]) to this very tree: the
    /// right operand of `+` and `*` keeps its brackets at equal precedence
    /// (`a+(b+c)`, `a*(b/c)`), so two different trees never print alike.
    pub fn to_infix_tree(&self, unicode: bool) -> String {
        let mut s = String::new();
        self.write_infix(&mut s, unicode, true, Brackets::Tree);
        s
    }

    fn precedence(&self) -> u8 {
        match self {
            Expr::Card(_) => 3,
            Expr::Bin(op, _, _) => op.precedence(),
        }
    }

    /// Whether the right operand `r` of `op` needs brackets to keep the value:
    /// a-(b+c) is not a-b+c, a/(b*c) is not a/b*c; a+(b-c) is a+b-c.
    fn right_needs_brackets(op: Op, r: &Expr) -> bool {
        r.precedence() < op.precedence()
            || (r.precedence() == op.precedence() && matches!(op, Op::Sub | Op::Div))
    }

    /// Whether dropping the brackets of the right operand `r` of `op` only
    /// regroups (`a+(b-c)` as `a+b-c`), which some readings must not do.
    fn right_regroups(op: Op, r: &Expr) -> bool {
        r.precedence() == op.precedence() && op.is_commutative()
    }

    fn write_card(out: &mut String, c: i64, unicode: bool, top: bool) {
        use std::fmt::Write;
        let minus = Op::Sub.symbol(unicode);
        let _ = match (c < 0, top) {
            (false, _) => write!(out, "{c}"),
            (true, true) => write!(out, "{minus}{}", c.unsigned_abs()),
            (true, false) => write!(out, "({minus}{})", c.unsigned_abs()),
        };
    }

    fn write_infix(&self, out: &mut String, unicode: bool, top: bool, style: Brackets) {
        match self {
            Expr::Card(c) => Expr::write_card(out, *c, unicode, top),
            Expr::Bin(op, l, r) => {
                let lp = l.precedence() < op.precedence();
                let rp = Expr::right_needs_brackets(*op, r)
                    || (style == Brackets::Tree && Expr::right_regroups(*op, r));
                wrap(out, lp, |o| l.write_infix(o, unicode, false, style));
                out.push(op.symbol(unicode));
                wrap(out, rp, |o| r.write_infix(o, unicode, false, style));
            }
        }
    }

    /// Writes the text of [`Expr::to_infix_under`] for natural or positive rules and
    /// returns the tree a reader follows (what the text parses back to).
    /// Brackets that only regroup are dropped when that reading still
    /// obeys the rules.
    fn write_signed(&self, out: &mut String, unicode: bool, top: bool, rules: Rules) -> Expr {
        match self {
            Expr::Card(c) => {
                Expr::write_card(out, *c, unicode, top);
                self.clone()
            }
            Expr::Bin(op, l, r) => {
                let lp = l.precedence() < op.precedence();
                let mut left = String::new();
                let l_read = l.write_signed(&mut left, unicode, false, rules);
                let mut right = String::new();
                let r_read = r.write_signed(&mut right, unicode, false, rules);
                let (rp, read) = if Expr::right_needs_brackets(*op, r) {
                    (true, Expr::bin(*op, l_read, r_read))
                } else if Expr::right_regroups(*op, r) {
                    let regrouped = graft(*op, l_read.clone(), r_read.clone());
                    if regrouped.eval_under(rules).is_ok() {
                        (false, regrouped)
                    } else {
                        (true, Expr::bin(*op, l_read, r_read))
                    }
                } else {
                    (false, Expr::bin(*op, l_read, r_read))
                };
                wrap(out, lp, |o| o.push_str(&left));
                out.push(op.symbol(unicode));
                wrap(out, rp, |o| o.push_str(&right));
                read
            }
        }
    }

    /// Parses infix text with `+ - * /` (or `× ÷ −`), parentheses and
    /// integer literals (a negative literal is written `-3` or `(-3)`).
    pub fn parse(text: &str) -> Result<Expr, InputError> {
        let mut p = Parser {
            chars: text.chars().filter(|c| !c.is_whitespace()).collect(),
            pos: 0,
        };
        let e = p.sum()?;
        if p.pos != p.chars.len() {
            return Err(p.error("unexpected character"));
        }
        Ok(e)
    }
}

/// Which brackets the printer keeps beyond those the value needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Brackets {
    /// None: `a+(b+c)` prints as `a+b+c`.
    Minimal,
    /// Those that keep the tree: `a+(b+c)` stays.
    Tree,
}

/// The tree a reader follows in `l op r` written without brackets around
/// `r`, whose own reading is `r` with the same precedence as `op`: the text
/// `l op r1 op2 r2` is read `(l op r1) op2 r2`, so `l` joins the leftmost
/// operand of `r`'s chain.
fn graft(op: Op, l: Expr, r: Expr) -> Expr {
    match r {
        Expr::Bin(op2, r1, r2) if op2.precedence() == op.precedence() => {
            Expr::bin(op2, graft(op, l, *r1), *r2)
        }
        r => Expr::bin(op, l, r),
    }
}

fn wrap(out: &mut String, paren: bool, body: impl FnOnce(&mut String)) {
    if paren {
        out.push('(');
    }
    body(out);
    if paren {
        out.push(')');
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_infix(false))
    }
}

/// JSON form of the tree: a card is a number, an operation is
/// `{"op": "+", "left": ..., "right": ...}`.
impl Serialize for Expr {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Expr::Card(c) => s.serialize_i64(*c),
            Expr::Bin(op, l, r) => {
                let mut m = s.serialize_map(Some(3))?;
                m.serialize_entry("op", &op.symbol(false).to_string())?;
                m.serialize_entry("left", l)?;
                m.serialize_entry("right", r)?;
                m.end()
            }
        }
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

impl Parser {
    fn error(&self, what: &str) -> InputError {
        let text: String = self.chars.iter().collect();
        InputError::Other(format!(
            "cannot parse expression \"{text}\": {what} at position {}",
            self.pos
        ))
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn sum(&mut self) -> Result<Expr, InputError> {
        let mut e = self.product()?;
        while let Some(c) = self.peek() {
            let op = match c {
                '+' => Op::Add,
                '-' | '−' => Op::Sub,
                _ => break,
            };
            self.pos += 1;
            e = Expr::bin(op, e, self.product()?);
        }
        Ok(e)
    }

    fn product(&mut self) -> Result<Expr, InputError> {
        let mut e = self.atom()?;
        while let Some(c) = self.peek() {
            let op = match c {
                '*' | '×' => Op::Mul,
                '/' | '÷' => Op::Div,
                _ => break,
            };
            self.pos += 1;
            e = Expr::bin(op, e, self.atom()?);
        }
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, InputError> {
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let e = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(self.error("expected ')'"));
                }
                self.pos += 1;
                Ok(e)
            }
            Some('-' | '−') => {
                self.pos += 1;
                match self.atom()? {
                    Expr::Card(c) => Ok(Expr::Card(-c)),
                    _ => Err(self.error("a minus sign may only negate a number")),
                }
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                let digits: String = self.chars[start..self.pos].iter().collect();
                digits
                    .parse()
                    .map(Expr::Card)
                    .map_err(|_| self.error("number too large"))
            }
            _ => Err(self.error("expected a number or '('")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(v: i64) -> Expr {
        Expr::Card(v)
    }

    #[test]
    fn prints_minimal_parentheses() {
        let e = Expr::bin(
            Op::Mul,
            Expr::bin(Op::Mul, Expr::bin(Op::Sub, c(9), c(8)), c(8)),
            c(3),
        );
        assert_eq!(e.to_string(), "(9-8)*8*3");
        let e = Expr::bin(
            Op::Div,
            c(8),
            Expr::bin(Op::Sub, c(3), Expr::bin(Op::Div, c(8), c(3))),
        );
        assert_eq!(e.to_string(), "8/(3-8/3)");
        assert_eq!(e.to_infix(true), "8÷(3−8÷3)");
        let e = Expr::bin(Op::Sub, c(1), Expr::bin(Op::Sub, c(2), c(3)));
        assert_eq!(e.to_string(), "1-(2-3)");
        let e = Expr::bin(Op::Add, c(1), Expr::bin(Op::Sub, c(2), c(3)));
        assert_eq!(e.to_string(), "1+2-3");
        let e = Expr::bin(Op::Div, c(1), Expr::bin(Op::Mul, c(2), c(3)));
        assert_eq!(e.to_string(), "1/(2*3)");
        let e = Expr::bin(Op::Sub, c(5), c(-3));
        assert_eq!(e.to_string(), "5-(-3)");
    }

    /// Every tree over `cards` (in this order), each operation at each node.
    fn trees_over(cards: &[i64]) -> Vec<Expr> {
        if cards.len() == 1 {
            return vec![c(cards[0])];
        }
        let mut out = Vec::new();
        for mid in 1..cards.len() {
            for l in trees_over(&cards[..mid]) {
                for r in trees_over(&cards[mid..]) {
                    for op in Op::ALL {
                        out.push(Expr::bin(op, l.clone(), r.clone()));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn natural_rules_keep_the_brackets_a_negative_card_needs() {
        // (-5)+(2+5) read as (-5)+2+5 passes through -3.
        let e = Expr::bin(Op::Add, c(-5), Expr::bin(Op::Add, c(2), c(5)));
        assert_eq!(e.to_infix(false), "(-5)+2+5");
        assert_eq!(e.to_infix_under(Rules::Natural, false), "(-5)+(2+5)");
        assert_eq!(e.to_infix_under(Rules::Integer, false), "(-5)+2+5");
        // 7+13*((-5)*(-1))-3: 13*(-5) is negative.
        let prod = Expr::bin(Op::Mul, c(-5), c(-1));
        let e = Expr::bin(
            Op::Sub,
            Expr::bin(Op::Add, c(7), Expr::bin(Op::Mul, c(13), prod)),
            c(3),
        );
        assert_eq!(e.to_infix(false), "7+13*(-5)*(-1)-3");
        assert_eq!(
            e.to_infix_under(Rules::Natural, false),
            "7+13*((-5)*(-1))-3"
        );
        // Without negative cards nothing changes.
        let e = Expr::bin(Op::Add, c(1), Expr::bin(Op::Sub, c(7), c(2)));
        assert_eq!(e.to_infix_under(Rules::Natural, false), "1+7-2");
    }

    /// Every tree over a few cards, negatives included: the text read left to
    /// right obeys each rule set the tree obeys, with the tree's value; the
    /// tree form parses back to the tree itself.
    #[test]
    fn printed_text_read_as_written_obeys_the_rules() {
        for cards in [
            [-5, 2, 5, 3],
            [3, -7, -1, 13],
            [0, -2, 4, 4],
            [6, 1, -3, -3],
        ] {
            for e in trees_over(&cards) {
                for rules in Rules::ALL {
                    let Ok(v) = e.eval_under(rules) else { continue };
                    for unicode in [false, true] {
                        let text = e.to_infix_under(rules, unicode);
                        let back = Expr::parse(&text).unwrap();
                        assert_eq!(back.eval_under(rules), Ok(v), "{e:?} as {text}");
                    }
                }
                let text = e.to_infix_tree(false);
                assert_eq!(Expr::parse(&text).unwrap(), e, "{text}");
            }
        }
    }

    #[test]
    fn unicode_minus_in_negative_cards() {
        let e = Expr::bin(Op::Sub, c(5), c(-3));
        assert_eq!(e.to_infix(true), "5−(−3)");
        assert_eq!(c(-3).to_infix(true), "−3");
        assert_eq!(Expr::parse("5−(−3)").unwrap(), e);
    }

    #[test]
    fn tree_form_tells_regrouped_trees_apart() {
        let a = Expr::bin(Op::Mul, Expr::bin(Op::Mul, c(4), c(2)), c(3));
        let b = Expr::bin(Op::Mul, c(4), Expr::bin(Op::Mul, c(2), c(3)));
        assert_eq!(a.to_infix(false), b.to_infix(false));
        assert_eq!(a.to_infix_tree(false), "4*2*3");
        assert_eq!(b.to_infix_tree(false), "4*(2*3)");
    }

    #[test]
    fn printed_text_parses_back_to_the_same_value() {
        for text in [
            "(9-8)*8*3",
            "8/(3-8/3)",
            "6/(1-3/4)",
            "1-(2-3)",
            "5-(-3)",
            "(-4)*6",
            "2*(3+4)*5",
        ] {
            let e = Expr::parse(text).unwrap();
            assert_eq!(e.to_string(), text);
            let again = Expr::parse(&e.to_string()).unwrap();
            assert_eq!(again.eval(), e.eval());
        }
        assert_eq!(
            Expr::parse("8÷(3−8÷3)").unwrap().eval().unwrap(),
            Q::int(24)
        );
    }

    #[test]
    fn parse_errors_are_clear() {
        let err = Expr::parse("(1+2").unwrap_err().to_string();
        assert!(err.contains("expected ')'"), "{err}");
        assert!(Expr::parse("1+").is_err());
        assert!(Expr::parse("-(1+2)").is_err());
    }

    #[test]
    fn eval_respects_rules() {
        let e = Expr::parse("6/(1-3/4)").unwrap();
        assert_eq!(e.eval().unwrap(), Q::int(24));
        assert_eq!(e.eval_under(Rules::Integer), Err(EvalError::BreaksRules));
        assert_eq!(
            Expr::parse("1/(2-2)").unwrap().eval(),
            Err(EvalError::DivisionByZero)
        );
        assert_eq!(
            Expr::parse("3-5").unwrap().eval_under(Rules::Natural),
            Err(EvalError::BreaksRules)
        );
    }

    #[test]
    fn facts_are_exact() {
        let f = Expr::parse("(7*7-25)*1").unwrap().facts().unwrap();
        assert_eq!(f.peak, Some(Q::int(49)));
        assert!(!f.uses_fraction);
        assert_eq!(f.depth, 3);
        assert_eq!(f.op_counts, [0, 1, 2, 0]);
        let f = Expr::parse("8/(3-8/3)").unwrap().facts().unwrap();
        assert!(f.uses_fraction);
        assert_eq!(f.peak, Some(Q::int(24)));
    }

    #[test]
    fn serializes_as_a_tree() {
        let e = Expr::parse("1+2*3").unwrap();
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(
            json,
            r#"{"op":"+","left":1,"right":{"op":"*","left":2,"right":3}}"#
        );
    }
}
