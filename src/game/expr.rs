//! Expression trees: exact evaluation, readable printing, parsing and facts.
//!
//! Printing uses the fewest parentheses that keep the value: precedence and
//! left associativity are respected, so the tree `((9-8)*8)*3` prints as
//! `(9-8)*8*3`. A printed expression parses back ([`Expr::parse`]) to a tree
//! with the same value, which is how tests re-check every printed solution.

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
        let mut f = Facts::default();
        let v = self.facts_rec(&mut f)?;
        if f.peak.is_none() {
            f.peak = Some(v.abs().ok_or(EvalError::Overflow)?);
        }
        Ok(f)
    }

    fn facts_rec(&self, f: &mut Facts) -> Result<Q, EvalError> {
        match self {
            Expr::Card(c) => Ok(Q::int(*c)),
            Expr::Bin(op, l, r) => {
                let a = l.facts_rec(f)?;
                let b = r.facts_rec(f)?;
                let v = op.apply(a, b).ok_or(if *op == Op::Div && b.is_zero() {
                    EvalError::DivisionByZero
                } else {
                    EvalError::Overflow
                })?;
                let av = v.abs().ok_or(EvalError::Overflow)?;
                f.peak = Some(f.peak.map_or(av, |p| p.max(av)));
                f.uses_fraction |= !v.is_integer();
                f.op_counts[*op as usize] += 1;
                f.depth = f.depth.max(self.depth());
                Ok(v)
            }
        }
    }

    /// Height of the tree: 0 for a lone card.
    pub fn depth(&self) -> u32 {
        match self {
            Expr::Card(_) => 0,
            Expr::Bin(_, l, r) => 1 + l.depth().max(r.depth()),
        }
    }

    /// Infix text with minimal parentheses; `unicode` prints `×`, `÷` and `−`.
    pub fn to_infix(&self, unicode: bool) -> String {
        let mut s = String::new();
        self.write_infix(&mut s, unicode, true);
        s
    }

    fn precedence(&self) -> u8 {
        match self {
            Expr::Card(_) => 3,
            Expr::Bin(op, _, _) => op.precedence(),
        }
    }

    fn write_infix(&self, out: &mut String, unicode: bool, top: bool) {
        use std::fmt::Write;
        match self {
            Expr::Card(c) if *c < 0 && !top => {
                let _ = write!(out, "({c})");
            }
            Expr::Card(c) => {
                let _ = write!(out, "{c}");
            }
            Expr::Bin(op, l, r) => {
                let p = op.precedence();
                let lp = l.precedence() < p;
                // The right operand of - and / needs brackets at equal precedence:
                // a-(b+c) is not a-b+c, a/(b*c) is not a/b*c. Under + and * it
                // does not: a+(b-c) and a+b-c have the same value.
                let rp =
                    r.precedence() < p || (r.precedence() == p && matches!(op, Op::Sub | Op::Div));
                wrap(out, lp, |o| l.write_infix(o, unicode, false));
                out.push(op.symbol(unicode));
                wrap(out, rp, |o| r.write_infix(o, unicode, false));
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
