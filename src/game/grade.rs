//! Grading an answer: is this text a correct solution of this hand for this
//! target under these rules? The exact grader behind `census24 check`.
//!
//! The rules a verdict applies, in the order their faults are looked for
//! (the first fault found is the one named):
//!
//! 1. the answer is an infix expression of whole-number literals with
//!    `+ - * /` (or `× ÷ −`) and brackets, spaces anywhere between tokens;
//!    no unary minus, no other operator, no decimals, no implicit
//!    multiplication (`not an expression: unbalanced bracket at 9`);
//! 2. the numbers it uses are exactly the hand's multiset ([`Use::All`]) or
//!    a non-empty part of it ([`Use::Any`]): `uses 8 twice, the hand has one
//!    8`, `uses 5, which is not in the hand`, `leaves 3 unused`;
//! 3. evaluated innermost first, left to right, no step divides by zero and
//!    every intermediate value obeys the rule set: `3/4 is not a whole
//!    number under integer rules`, `-2 is negative under natural rules`;
//! 4. the value equals the target exactly: `equals 26, not 24`.
//!
//! Arithmetic is exact ([`Q`]); a value too large for it is a fault of its
//! own, never a rounded guess. An answer written as steps is graded by
//! [`crate::game::steps`]; [`grade_as`] tells the two apart.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::error::InputError;
use crate::game::expr::Op;
use crate::game::named::named;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::game::uses::Use;
use crate::game::verdict::{Verdict, and_list, rule_fault};

/// A parsed answer: numbers and operations in postfix order, so that it is
/// evaluated without a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Num(i64),
    Op(Op),
}

/// Grades `answer` for the hand `cards` and `target` under `rules`, using
/// every card once (`Use::All`) or any non-empty selection (`Use::Any`).
pub fn grade(cards: &[i64], answer: &str, target: Q, rules: Rules, uses: Use) -> Verdict {
    let steps = match parse(answer) {
        Ok(steps) => steps,
        Err(why) => return Verdict::wrong(format!("not an expression: {why}"), None, Vec::new()),
    };
    let used: Vec<i64> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Num(n) => Some(*n),
            Step::Op(_) => None,
        })
        .collect();
    let value = evaluate(&steps, Rules::Rational).ok();
    if let Some(fault) = card_fault(cards, &used, uses) {
        return Verdict::wrong(fault, value, used);
    }
    if let Err(fault) = evaluate(&steps, rules) {
        return Verdict::wrong(fault, value, used);
    }
    match value {
        Some(v) if v == target => Verdict {
            correct: true,
            reason: None,
            value,
            cards_used: used,
            legal: true,
        },
        Some(v) => Verdict {
            legal: true,
            ..Verdict::wrong(format!("equals {v}, not {target}"), value, used)
        },
        None => Verdict::wrong("has no value".to_string(), None, used),
    }
}

/// Whether `text` parses as an expression (whatever its numbers and
/// value).
pub fn parses(text: &str) -> bool {
    parse(text).is_ok()
}

named! {
    /// How an answer is written.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Format {
        /// Told apart by the answer itself: steps when it holds an `=`, an
        /// expression otherwise (an expression never holds one).
        Auto => "auto",
        /// One infix expression.
        Expr => "expr",
        /// Steps `a op b = c` ([`crate::game::steps`]).
        Steps => "steps",
    }
    impl FromStr else InputError::unknown("format");
}

impl Format {
    /// The format `answer` is graded in: `Expr` or `Steps`.
    pub fn of(self, answer: &str) -> Format {
        match self {
            Format::Auto if answer.contains('=') => Format::Steps,
            Format::Auto => Format::Expr,
            f => f,
        }
    }
}

/// Grades `answer` written in `format` (see [`grade`] and
/// [`crate::game::steps::grade_steps`]); the format graded is returned
/// with the verdict.
pub fn grade_as(
    cards: &[i64],
    answer: &str,
    target: Q,
    rules: Rules,
    uses: Use,
    format: Format,
) -> (Verdict, Format) {
    match format.of(answer) {
        Format::Steps => (
            crate::game::steps::grade_steps(cards, answer, target, rules, uses),
            Format::Steps,
        ),
        _ => (grade(cards, answer, target, rules, uses), Format::Expr),
    }
}

/// What the numbers used break, if anything: one not in the hand, one used
/// more often than the hand holds it, or (using every card) cards left over.
/// The first such number in the order the answer writes them is named. In
/// time linear in the cards and the numbers used (counted once each), so a
/// hostile answer of a hundred thousand numbers costs no more than reading
/// it.
fn card_fault(cards: &[i64], used: &[i64], uses: Use) -> Option<String> {
    let mut held: FxHashMap<i64, usize> = FxHashMap::default();
    for &c in cards {
        *held.entry(c).or_default() += 1;
    }
    let mut times_used: FxHashMap<i64, usize> = FxHashMap::default();
    for &u in used {
        *times_used.entry(u).or_default() += 1;
    }
    let mut named: FxHashSet<i64> = FxHashSet::default();
    for &v in used {
        if !named.insert(v) {
            continue;
        }
        let (n, have) = (times_used[&v], held.get(&v).copied().unwrap_or(0));
        if have == 0 {
            return Some(format!("uses {v}, which is not in the hand"));
        }
        if n > have {
            let plural = if have == 1 { "" } else { "s" };
            return Some(format!(
                "uses {v} {}, the hand has {} {v}{plural}",
                times(n),
                count_word(have)
            ));
        }
    }
    if uses == Use::All {
        let mut left: Vec<i64> = Vec::new();
        for (&c, &have) in &held {
            let spare = have - times_used.get(&c).copied().unwrap_or(0);
            left.extend(std::iter::repeat_n(c, spare));
        }
        if !left.is_empty() {
            left.sort_unstable();
            return Some(format!("leaves {} unused", and_list(&left)));
        }
    }
    None
}

fn times(n: usize) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{} times", count_word(n)),
    }
}

fn count_word(n: usize) -> String {
    match n {
        1 => "one".to_string(),
        2 => "two".to_string(),
        3 => "three".to_string(),
        n => n.to_string(),
    }
}

/// The value of postfix `steps`, checking every intermediate against
/// `rules`: the first fault as a sentence.
fn evaluate(steps: &[Step], rules: Rules) -> Result<Q, String> {
    let mut stack: Vec<Q> = Vec::with_capacity(8);
    for &s in steps {
        match s {
            Step::Num(n) => stack.push(Q::int(n)),
            Step::Op(op) => {
                let (b, a) = (stack.pop(), stack.pop());
                let (Some(a), Some(b)) = (a, b) else {
                    return Err("is not an expression".to_string());
                };
                if op == Op::Div && b == Q::ZERO {
                    return Err(format!("divides {a} by zero"));
                }
                let r = op.apply(a, b).ok_or_else(|| {
                    format!(
                        "{a}{}{b} is too large for exact arithmetic",
                        op.symbol(false)
                    )
                })?;
                if let Some(fault) = rule_fault(r, rules) {
                    return Err(fault);
                }
                stack.push(r);
            }
        }
    }
    match stack.as_slice() {
        [v] => Ok(*v),
        _ => Err("is not an expression".to_string()),
    }
}

/// One token with its 1-based character position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Op(Op),
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<(Tok, usize)>, String> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let at = i + 1;
        let tok = match c {
            ' ' | '\t' => continue,
            '+' => Tok::Op(Op::Add),
            '-' | '\u{2212}' => Tok::Op(Op::Sub),
            // A power (`**`) or a floor division (`//`), as Python writes
            // them, is named as such: not two operations in a row.
            '*' | '/' if chars.peek().is_some_and(|&(_, d)| d == c) => {
                return Err(format!("unexpected \"{c}{c}\" at {at}"));
            }
            '*' | '\u{d7}' => Tok::Op(Op::Mul),
            '/' | '\u{f7}' => Tok::Op(Op::Div),
            '(' => Tok::Open,
            ')' => Tok::Close,
            '0'..='9' => {
                let mut digits = c.to_string();
                while let Some(&(_, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    digits.push(d);
                    chars.next();
                }
                let n: i64 = digits.parse().map_err(|_| {
                    format!(
                        "number {} at {at} is too large",
                        crate::game::error::shown(&digits)
                    )
                })?;
                if let Some(&(_, '.' | ',')) = chars.peek() {
                    return Err(format!("decimal number at {at}"));
                }
                Tok::Num(n)
            }
            '.' => return Err(format!("decimal number at {at}")),
            c => {
                return Err(format!(
                    "unexpected \"{}\" at {at}",
                    crate::game::error::shown(&c.to_string())
                ));
            }
        };
        out.push((tok, at));
    }
    Ok(out)
}

/// Parses an answer into postfix steps, or says where it stops being an
/// expression.
fn parse(text: &str) -> Result<Vec<Step>, String> {
    let toks = tokens(text)?;
    if toks.is_empty() {
        return Err("empty".to_string());
    }
    let mut p = Parser {
        toks: &toks,
        pos: 0,
        depth: 0,
        out: Vec::with_capacity(toks.len()),
        end: text.chars().count() + 1,
    };
    p.sum()?;
    if let Some(&(tok, at)) = toks.get(p.pos) {
        return Err(match tok {
            Tok::Close => format!("unbalanced bracket at {at}"),
            Tok::Num(_) | Tok::Open => format!("implicit multiplication at {at}"),
            Tok::Op(_) => format!("unexpected operator at {at}"),
        });
    }
    Ok(p.out)
}

/// How deep brackets may nest: far beyond any answer, and shallow enough
/// that the parser's recursion never runs out of stack.
const MAX_DEPTH: usize = 200;

struct Parser<'a> {
    toks: &'a [(Tok, usize)],
    pos: usize,
    /// Brackets open around the current position.
    depth: usize,
    out: Vec<Step>,
    /// The position just past the text, for faults at its end.
    end: usize,
}

impl Parser<'_> {
    fn sum(&mut self) -> Result<(), String> {
        self.product()?;
        while let Some(&(Tok::Op(op @ (Op::Add | Op::Sub)), _)) = self.toks.get(self.pos) {
            self.pos += 1;
            self.product()?;
            self.out.push(Step::Op(op));
        }
        Ok(())
    }

    fn product(&mut self) -> Result<(), String> {
        self.factor()?;
        while let Some(&(Tok::Op(op @ (Op::Mul | Op::Div)), _)) = self.toks.get(self.pos) {
            self.pos += 1;
            self.factor()?;
            self.out.push(Step::Op(op));
        }
        Ok(())
    }

    fn factor(&mut self) -> Result<(), String> {
        let Some(&(tok, at)) = self.toks.get(self.pos) else {
            return Err(format!("a number is missing at {}", self.end));
        };
        self.pos += 1;
        match tok {
            Tok::Num(n) => {
                self.out.push(Step::Num(n));
                Ok(())
            }
            // A negative card is written `(-3)`, as `census24 solve` prints it.
            Tok::Open => {
                if let [(Tok::Op(Op::Sub), _), (Tok::Num(n), _), (Tok::Close, _), ..] =
                    self.toks[self.pos..]
                {
                    self.pos += 3;
                    self.out.push(Step::Num(-n));
                    return Ok(());
                }
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(format!("brackets nested deeper than {MAX_DEPTH} at {at}"));
                }
                self.sum()?;
                self.depth -= 1;
                match self.toks.get(self.pos) {
                    Some(&(Tok::Close, _)) => {
                        self.pos += 1;
                        Ok(())
                    }
                    Some(&(Tok::Num(_) | Tok::Open, at2)) => {
                        Err(format!("implicit multiplication at {at2}"))
                    }
                    _ => Err(format!("unbalanced bracket at {at}")),
                }
            }
            Tok::Op(Op::Sub) => Err(format!("unary minus at {at}")),
            Tok::Op(Op::Add) => Err(format!("unary plus at {at}")),
            Tok::Op(_) => Err(format!("a number is missing at {at}")),
            Tok::Close => Err(format!("unbalanced bracket at {at}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(cards: &[i64], answer: &str) -> Verdict {
        grade(cards, answer, Q::int(24), Rules::Rational, Use::All)
    }

    fn reason(cards: &[i64], answer: &str) -> String {
        g(cards, answer).reason.unwrap_or_default()
    }

    #[test]
    fn correct_answers_in_every_spelling() {
        for a in ["(3+3)*(8-4)", " ( 3 + 3 ) × ( 8 − 4 ) ", "(8-4)*(3+3)"] {
            let v = g(&[3, 3, 4, 8], a);
            assert!(v.correct, "{a}: {v:?}");
            assert_eq!(v.value, Some(Q::int(24)));
        }
        assert!(g(&[3, 3, 8, 8], "8/(3-8/3)").correct);
        assert!(g(&[4, 7, 6, 1], "4/(7/6-1)").correct, "exact, no float");
        assert_eq!(g(&[3, 3, 8, 8], "8/(3-8/3)").cards_used, vec![8, 3, 8, 3]);
    }

    #[test]
    fn each_fault_is_named() {
        let cases: [(&[i64], &str, &str); 6] = [
            (&[3, 3, 8, 8], "8*3", "leaves 3 and 8 unused"),
            (
                &[3, 8, 1, 1],
                "8*3*3/3",
                "uses 3 three times, the hand has one 3",
            ),
            (
                &[3, 8, 8, 1],
                "8*3+8+1-8",
                "uses 8 three times, the hand has two 8s",
            ),
            (&[2, 3, 4, 6], "4*6*5/5", "uses 5, which is not in the hand"),
            (&[1, 2, 3, 4], "1+2+3+4", "equals 10, not 24"),
            (&[3, 3, 4, 8], "8/(3-3)*4", "divides 8 by zero"),
        ];
        for (cards, answer, want) in cases {
            assert_eq!(reason(cards, answer), want, "{answer}");
        }
        // Not an expression, and where: with the cards 1 2 3 4.
        let syntax = [
            ("(1+2+3*4", "unbalanced bracket at 1"),
            ("1+2)+3*4", "unbalanced bracket at 4"),
            ("-1+2+3*4", "unary minus at 1"),
            ("1.5*2", "decimal number at 1"),
            ("2(3+4)", "implicit multiplication at 2"),
            ("1+2^3", "unexpected \"^\" at 4"),
            ("2**5+3", "unexpected \"**\" at 2"),
            ("7//2*8", "unexpected \"//\" at 2"),
            ("1+", "a number is missing at 3"),
            ("", "empty"),
        ];
        for (answer, want) in syntax {
            let got = reason(&[1, 2, 3, 4], answer);
            assert_eq!(got, format!("not an expression: {want}"), "{answer}");
        }
    }

    #[test]
    fn negative_cards_deep_brackets_and_long_numbers() {
        // A negative card is written `(-3)`, as `solve` prints it; a minus
        // anywhere else before a number is still a unary minus.
        assert!(g(&[-3, 3, 8, 8], "8/(8/(-3)+3)").correct);
        assert_eq!(
            reason(&[-3, 3, 8, 8], "8/(8/-3+3)"),
            "not an expression: unary minus at 6"
        );
        let deep = format!("{}24{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(
            reason(&[24], &deep),
            "not an expression: brackets nested deeper than 200 at 201"
        );
        assert!(g(&[24], &format!("{}24{}", "(".repeat(200), ")".repeat(200))).correct);
        assert_eq!(
            reason(&[1], "99999999999999999999123"),
            "not an expression: number 99999999999999999999123 at 1 is too large"
        );
    }

    #[test]
    fn rules_judge_every_intermediate() {
        let v = grade(
            &[3, 3, 8, 8],
            "8/(3-8/3)",
            Q::int(24),
            Rules::Integer,
            Use::All,
        );
        assert_eq!(
            v.reason.as_deref(),
            Some("8/3 is not a whole number under integer rules")
        );
        assert_eq!(
            v.value,
            Some(Q::int(24)),
            "the value is given whatever the rules"
        );
        let v = grade(
            &[1, 2, 3, 9],
            "(1-3)*(2-9)+10",
            Q::int(24),
            Rules::Natural,
            Use::Any,
        );
        assert_eq!(
            v.reason.as_deref(),
            Some("uses 10, which is not in the hand")
        );
        let v = grade(
            &[1, 3, 4, 9],
            "(1-3)*(4-9)",
            Q::int(10),
            Rules::Natural,
            Use::All,
        );
        assert_eq!(
            v.reason.as_deref(),
            Some("-2 is negative under natural rules")
        );
        let v = grade(
            &[1, 3, 4, 9],
            "(1-3)*(4-9)",
            Q::int(10),
            Rules::Integer,
            Use::All,
        );
        assert!(v.correct, "{v:?}");
    }

    #[test]
    fn any_selection_is_a_sub_multiset() {
        let any = |a: &str| {
            grade(
                &[100, 75, 50, 25, 6, 3],
                a,
                Q::int(952),
                Rules::Natural,
                Use::Any,
            )
        };
        assert!(
            any("(100+6)*3*75/25-50+4")
                .reason
                .unwrap()
                .contains("4, which is not")
        );
        assert!(
            any("(100+6)*75*3/50+25-6")
                .reason
                .unwrap()
                .contains("uses 6 twice")
        );
        assert!(any("((100+6)*3*75-50)/25").correct);
    }

    #[test]
    fn formats_parse_by_name() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
        }
        assert_eq!(
            "json".parse::<Format>().unwrap_err().to_string(),
            "unknown format \"json\" (expected auto, expr or steps)"
        );
    }
}
