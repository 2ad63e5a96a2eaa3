//! Grading an answer written as steps, the form most reasoning benchmarks
//! ask models for: `4 + 8 = 12 (left: 4 6 12)`, one step per line or
//! separated by `,` or `;`, the last step's result the answer.
//!
//! A step is `a op b = c`, optionally labelled (`Step 2:`) and followed by
//! `(left: ...)`, the numbers still available after it. `a`, `b` and `c`
//! are whole numbers, negative ones written `-2` or `(-2)`, or fractions,
//! in brackets (`8 / (1/3) = 24`) or bare (`1 - 3/4 = 1/4`). `op` is one
//! of `+ - * /` (or `× ÷ −`).
//!
//! Steps are read as written: a bare fraction is one operand when the
//! numbers still available say so (after a step made `3/4`, `1 - 3/4`
//! uses it; with no `3/4` available, `3/4 * 32 = 24` uses a number that
//! is not there). Where two readings both use available numbers (`1 /
//! 3/4` is `1 / (3/4)` or `(1/3) / 4`), the one whose result is the
//! stated one is taken; where that leaves both, the step is refused. A
//! bare fraction equal to a whole number (`6/3`) is no operand.
//!
//! The faults a verdict names, looked for step by step (the first faulty
//! step is the one named), then at the end:
//!
//! 1. a piece that is not a step: `step 2 is not "a op b = c": ...`, or a
//!    step that still reads two ways: `step 3 reads two ways, 1 / (3/4)
//!    or (1/3) / 4: put the fraction in brackets`;
//! 2. an operand that is not available (a card not yet used, or the result
//!    of an earlier step, each consumed once): `step 3 uses 12, which is not
//!    available (left: 2 4)`;
//! 3. a division by zero: `step 2 divides 3 by zero`;
//! 4. a wrong result: `step 2: 6 - 5 is 1, not 2`;
//! 5. a result the rules forbid: `step 2: 8/3 is not a whole number under
//!    integer rules`;
//! 6. a wrong `left:` list: `step 1 leaves 4 6 12, not 4 6 10`;
//! 7. using every card ([`Use::All`]), numbers left over after the last
//!    step: `leaves 8 unused`;
//! 8. a last result other than the target: `equals 23, not 24`.
//!
//! Arithmetic is exact ([`Q`]), as in [`crate::game::grade`].

use crate::game::error::shown;
use crate::game::expr::{Expr, Op};
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::game::uses::Use;
use crate::game::verdict::{Verdict, and_list, rule_fault};

/// One step as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The ways its left side reads as one operation: one, unless a bare
    /// fraction makes two (`8 / 1/3`: `8 / (1/3)` or `(8/1) / 3`).
    pub readings: Vec<Reading>,
    /// The result the step states.
    pub c: Q,
    /// The numbers the step says are left, when it says.
    pub left: Option<Vec<Q>>,
}

/// One reading of a step's left side, `a op b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub a: Q,
    pub op: Op,
    pub b: Q,
    /// The operands written as bare fractions (`3/4`, no brackets): each
    /// must be a number an earlier step made.
    pub bare: Vec<Q>,
    /// The reading as text, a fraction operand in brackets: `8 / (1/3)`.
    pub text: String,
}

/// The pieces of a steps answer: split at line ends, and at `,` and `;`
/// outside brackets (a `left:` list may hold commas); empty pieces are
/// dropped.
pub fn pieces(answer: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in answer.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '\n' => depth = 0,
            _ => {}
        }
        if c == '\n' || (depth == 0 && (c == ',' || c == ';')) {
            out.push(&answer[start..i]);
            start = i + c.len_utf8();
        }
    }
    out.push(&answer[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// Whether `pieces` are all steps, read in order: a bare fraction
/// operand (`1 - 3/4`) counts only when an earlier step states it as its
/// result (one of `made`, then of these pieces), else the piece is an
/// expression such as `3/4*32 = 24`. The results stated are added to
/// `made`.
pub fn steps_in_order(pieces: &[&str], made: &mut Vec<Q>) -> bool {
    for p in pieces {
        let Ok(step) = parse_step(p) else {
            return false;
        };
        let made_here = |r: &Reading| r.bare.iter().all(|v| made.contains(v));
        if !step.readings.iter().any(made_here) {
            return false;
        }
        made.push(step.c);
    }
    !pieces.is_empty()
}

/// A label before a step: `Step 2:`, `step 2.`, `2.` or `2)`.
fn without_label(piece: &str) -> &str {
    let p = piece.trim();
    let rest = match p.get(..4) {
        Some(w) if w.eq_ignore_ascii_case("step") => p[4..].trim_start(),
        _ => {
            // `2.` or `2)` only when a space follows: `2.5` is a decimal.
            let digits = p.len() - p.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let after = &p[digits..];
            if digits > 0
                && (after.starts_with(". ") || after.starts_with(") "))
                && after[1..].contains('=')
            {
                return after[2..].trim_start();
            }
            return p;
        }
    };
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = rest[digits..].trim_start();
    match after.strip_prefix(':').or_else(|| after.strip_prefix('.')) {
        Some(r) if digits > 0 => r.trim_start(),
        _ => p,
    }
}

/// A number token of a step: `12`, `-2`, `8/3`, and in brackets `(8/3)`,
/// `(-2)`, and whether it is a fraction written bare (`8/3`).
fn number(s: &str) -> Option<(Q, bool)> {
    let s = s.trim();
    let (inner, bracketed) = match s.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        Some(inner) => (inner.trim(), true),
        None => (s, false),
    };
    let (p, q) = match inner.split_once('/') {
        Some((p, q)) => (p.trim(), Some(q.trim())),
        None => (inner, None),
    };
    let (negative, digits) = match p.strip_prefix('-').or_else(|| p.strip_prefix('\u{2212}')) {
        Some(rest) => (true, rest),
        None => (false, p),
    };
    let whole = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !whole(digits) || !q.is_none_or(whole) {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    let d: i64 = q.map_or(Some(1), |q| q.parse().ok())?;
    Some((
        Q::new(if negative { -n } else { n }, d)?,
        q.is_some() && !bracketed,
    ))
}

/// A stated number (a result or a `left:` entry), bare fractions welcome.
fn value(s: &str) -> Option<Q> {
    number(s).map(|(v, _)| v)
}

/// Every way to split a step's left side at one operator: each operator
/// sign outside brackets that is not a number's sign (one after an
/// operand), with the text on either side.
fn operations(lhs: &str) -> Vec<(&str, Op, &str)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut after_operand = false;
    for (i, c) in lhs.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                after_operand = true;
            }
            ' ' | '\t' => {}
            _ if depth > 0 => {}
            '+' | '-' | '\u{2212}' | '*' | '\u{d7}' | '/' | '\u{f7}' => {
                if after_operand {
                    let op = match c {
                        '+' => Op::Add,
                        '-' | '\u{2212}' => Op::Sub,
                        '*' | '\u{d7}' => Op::Mul,
                        _ => Op::Div,
                    };
                    out.push((&lhs[..i], op, &lhs[i + c.len_utf8()..]));
                }
                after_operand = false;
            }
            _ => after_operand = true,
        }
    }
    out
}

/// The readings of a step's left side: each split at an operator whose
/// two sides are numbers; a bare fraction that is a whole number
/// (`6/3`) is not one operand (a step would have stated it as `2`).
/// `Err`: why there is none.
fn readings(lhs: &str) -> Result<Vec<Reading>, String> {
    let splits = operations(lhs);
    let Some(&(a0, _, b0)) = splits.first() else {
        return Err(format!("\"{}\" is not one operation", shown(lhs.trim())));
    };
    let operand_in = |s: &str| match number(s) {
        Some((v, true)) if v.is_integer() => None,
        n => n,
    };
    let mut out = Vec::new();
    for &(a, op, b) in &splits {
        let (Some((av, a_bare)), Some((bv, b_bare))) = (operand_in(a), operand_in(b)) else {
            continue;
        };
        let bare = [(av, a_bare), (bv, b_bare)]
            .iter()
            .filter(|&&(_, bare)| bare)
            .map(|&(v, _)| v)
            .collect();
        out.push(Reading {
            a: av,
            op,
            b: bv,
            bare,
            text: format!("{} {} {}", operand(av), op.symbol(false), operand(bv)),
        });
    }
    if out.is_empty() {
        let bad = if operand_in(a0).is_none() { a0 } else { b0 };
        return Err(format!("\"{}\" is not a number", shown(bad.trim())));
    }
    Ok(out)
}

/// `lhs` read as one operation on numbers (`12*16`, `6 / 1/4`, `3 -
/// (8/3)`): each reading's operation and operand values; none when it is
/// not one.
pub fn operations_on_numbers(lhs: &str) -> Vec<(Op, Q, Q)> {
    readings(lhs).map_or(Vec::new(), |rs| {
        rs.iter().map(|r| (r.op, r.a, r.b)).collect()
    })
}

/// Parses one piece as a step, or says why it is not one.
pub fn parse_step(piece: &str) -> Result<Step, String> {
    let body = without_label(piece);
    let body = body.strip_suffix('.').unwrap_or(body).trim_end();
    // `(left: ...)` at the end, in any case.
    let (body, left) = match body.rfind('(') {
        Some(i)
            if body[i + 1..]
                .trim_start()
                .get(..5)
                .is_some_and(|w| w.eq_ignore_ascii_case("left:"))
                && body.ends_with(')') =>
        {
            let list = body[i + 1..body.len() - 1].trim_start()[5..].trim();
            let values = list
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .map(|w| {
                    value(w).ok_or_else(|| format!("\"{}\" in left: is not a number", shown(w)))
                })
                .collect::<Result<Vec<Q>, String>>()?;
            (body[..i].trim_end(), Some(values))
        }
        _ => (body, None),
    };
    let Some((lhs, rhs)) = body.split_once('=') else {
        return Err("it has no \"=\"".to_string());
    };
    if rhs.contains('=') {
        return Err("it has more than one \"=\"".to_string());
    }
    let readings = readings(lhs)?;
    let c = value(rhs).ok_or_else(|| format!("\"{}\" is not a number", shown(rhs.trim())))?;
    Ok(Step { readings, c, left })
}

/// The numbers still available, in the order they became so; each knows
/// whether it is a card (the verdict lists the cards used).
struct Pool {
    items: Vec<(Q, bool)>,
}

impl Pool {
    /// Takes `v`, a card before a result of the same value (the numbers
    /// left are the same either way); `false` when it is not there.
    fn take(&mut self, v: Q) -> Option<bool> {
        let i = self
            .items
            .iter()
            .position(|&(x, card)| x == v && card)
            .or_else(|| self.items.iter().position(|&(x, _)| x == v))?;
        Some(self.items.remove(i).1)
    }

    fn count(&self, v: Q) -> usize {
        self.items.iter().filter(|&&(x, _)| x == v).count()
    }

    fn sorted(&self) -> Vec<Q> {
        let mut v: Vec<Q> = self.items.iter().map(|&(x, _)| x).collect();
        v.sort_unstable();
        v
    }
}

/// `2 4 12`, the numbers of a `left:` list.
fn spaced(values: &[Q]) -> String {
    values
        .iter()
        .map(Q::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Grades `answer`, a steps answer, for the hand `cards` and `target`
/// under `rules`, using every card once (`Use::All`) or any selection
/// (`Use::Any`).
pub fn grade_steps(cards: &[i64], answer: &str, target: Q, rules: Rules, uses: Use) -> Verdict {
    let texts = pieces(answer);
    if texts.is_empty() {
        return Verdict::wrong("no steps".to_string(), None, Vec::new());
    }
    let mut steps = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        match parse_step(t) {
            Ok(s) => steps.push(s),
            Err(why) => {
                let fault = format!("step {} is not \"a op b = c\": {why}", i + 1);
                return Verdict::wrong(fault, None, Vec::new());
            }
        }
    }
    // The value: the last result, when every step's arithmetic is right
    // (whatever the rules and the numbers available).
    let value = steps
        .iter()
        .all(|s| s.readings.iter().any(|r| r.op.apply(r.a, r.b) == Some(s.c)))
        .then(|| steps[steps.len() - 1].c);
    let mut pool = Pool {
        items: cards.iter().map(|&c| (Q::int(c), true)).collect(),
    };
    let mut used = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        let n = i + 1;
        if let Some(fault) = step_fault(n, s, &mut pool, &mut used, rules) {
            return Verdict::wrong(fault, value, used);
        }
    }
    let last = steps[steps.len() - 1].c;
    if uses == Use::All {
        let _ = pool.take(last);
        if !pool.items.is_empty() {
            let left: Vec<i64> = pool.sorted().iter().map(|q| q.numer()).collect();
            let all_whole = pool.items.iter().all(|(q, _)| q.is_integer());
            let fault = match all_whole {
                true => format!("leaves {} unused", and_list(&left)),
                false => format!("leaves {} unused", spaced(&pool.sorted())),
            };
            return Verdict::wrong(fault, value, used);
        }
    }
    if last != target {
        return Verdict {
            legal: true,
            ..Verdict::wrong(format!("equals {last}, not {target}"), value, used)
        };
    }
    Verdict {
        correct: true,
        reason: None,
        value,
        cards_used: used,
        legal: true,
    }
}

/// The reading of step `n` to grade: of its readings, those whose
/// operands are available (all when none is), then of those the ones that
/// give the stated result (all when none does); `Err` with the fault when
/// two remain.
fn reading<'s>(n: usize, s: &'s Step, pool: &Pool) -> Result<&'s Reading, String> {
    let available = |r: &&Reading| match r.a == r.b {
        true => pool.count(r.a) >= 2,
        false => pool.count(r.a) >= 1 && pool.count(r.b) >= 1,
    };
    let gives = |r: &&Reading| r.op.apply(r.a, r.b) == Some(s.c);
    let narrow = |all: Vec<&'s Reading>, keep: &dyn Fn(&&Reading) -> bool| {
        let kept: Vec<&Reading> = all.iter().copied().filter(keep).collect();
        if kept.is_empty() { all } else { kept }
    };
    let left = narrow(narrow(s.readings.iter().collect(), &available), &gives);
    match left.as_slice() {
        [one] => Ok(one),
        [first, second, ..] => Err(format!(
            "step {n} reads two ways, {} or {}: put the fraction in brackets",
            first.text, second.text
        )),
        [] => Err(format!("step {n} is not one operation")),
    }
}

/// The fault of step `n`, if any, taking its operands from `pool` and
/// giving it its result.
fn step_fault(
    n: usize,
    s: &Step,
    pool: &mut Pool,
    used: &mut Vec<i64>,
    rules: Rules,
) -> Option<String> {
    let (a, op, b) = match reading(n, s, pool) {
        Ok(r) => (r.a, r.op, r.b),
        Err(fault) => return Some(fault),
    };
    // Both operands are looked for before either is taken; the numbers
    // available are listed only for a fault.
    let missing = match a == b {
        true if pool.count(a) == 1 => Some((a, true)),
        _ if pool.count(a) == 0 => Some((a, false)),
        _ if pool.count(b) == 0 => Some((b, false)),
        _ => None,
    };
    if let Some((x, twice)) = missing {
        let left = spaced(&pool.sorted());
        return Some(match twice {
            true => format!("step {n} uses {x} twice, which is available once (left: {left})"),
            false => format!("step {n} uses {x}, which is not available (left: {left})"),
        });
    }
    for x in [a, b] {
        if pool.take(x) == Some(true) {
            used.push(x.numer());
        }
    }
    if op == Op::Div && b == Q::ZERO {
        return Some(format!("step {n} divides {a} by zero"));
    }
    let Some(r) = op.apply(a, b) else {
        return Some(format!("step {n} is too large for exact arithmetic"));
    };
    if r != s.c {
        return Some(format!(
            "step {n}: {} {} {} is {r}, not {}",
            operand(a),
            op.symbol(false),
            operand(b),
            s.c
        ));
    }
    if let Some(fault) = rule_fault(r, rules) {
        return Some(format!("step {n}: {fault}"));
    }
    pool.items.push((r, false));
    if let Some(stated) = &s.left {
        let mut stated = stated.clone();
        stated.sort_unstable();
        let have = pool.sorted();
        if stated != have {
            return Some(format!(
                "step {n} leaves {}, not {}",
                spaced(&have),
                spaced(&stated)
            ));
        }
    }
    None
}

/// `expr` written as steps for the hand `cards`, one `a op b = c (left:
/// ...)` a line, in the order a person works it out: each operation once
/// both its operands are known, left operand first. The `left:` list holds
/// the numbers still available (cards not used yet, then results), ascending;
/// an operand that is a fraction or negative goes in brackets, so
/// [`grade_steps`] reads the text back. A lone card gives no step (an
/// empty string): there is nothing to work out. `None` when `expr` uses a
/// card not in `cards` or divides by zero.
pub fn write_steps(expr: &Expr, cards: &[i64]) -> Option<String> {
    let mut pool: Vec<Q> = cards.iter().map(|&c| Q::int(c)).collect();
    let mut lines = Vec::new();
    value_in_steps(expr, &mut pool, &mut lines)?;
    Some(lines.join("\n"))
}

/// The value of `e`, taking its cards from `pool` and writing each of its
/// operations as a step in `lines`.
fn value_in_steps(e: &Expr, pool: &mut Vec<Q>, lines: &mut Vec<String>) -> Option<Q> {
    match e {
        Expr::Card(c) => Some(Q::int(*c)),
        Expr::Bin(op, l, r) => {
            let a = value_in_steps(l, pool, lines)?;
            let b = value_in_steps(r, pool, lines)?;
            let c = op
                .apply(a, b)
                .filter(|_| !(*op == Op::Div && b.is_zero()))?;
            for v in [a, b] {
                let i = pool.iter().position(|&x| x == v)?;
                pool.remove(i);
            }
            pool.push(c);
            let mut left = pool.clone();
            left.sort_unstable();
            lines.push(format!(
                "{} {} {} = {c} (left: {})",
                operand(a),
                op.symbol(false),
                operand(b),
                spaced(&left)
            ));
            Some(c)
        }
    }
}

/// A step's operand as written: brackets round a fraction or a negative.
fn operand(v: Q) -> String {
    match v.is_integer() && v >= Q::ZERO {
        true => v.to_string(),
        false => format!("({v})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(cards: &[i64], answer: &str) -> Verdict {
        grade_steps(cards, answer, Q::int(24), Rules::Rational, Use::All)
    }

    fn reason(cards: &[i64], answer: &str) -> String {
        g(cards, answer).reason.unwrap_or_else(|| "correct".into())
    }

    #[test]
    fn written_steps_read_back_as_the_same_answer() {
        let cases: &[(&[i64], &str, &str)] = &[
            (
                &[3, 3, 8, 8],
                "8/(3-8/3)",
                "8 / 3 = 8/3 (left: 8/3 3 8)\n3 - (8/3) = 1/3 (left: 1/3 8)\n8 / (1/3) = 24 (left: 24)",
            ),
            (
                &[4, 4, 6, 8],
                "(4+8)*(6-4)",
                "4 + 8 = 12 (left: 4 6 12)\n6 - 4 = 2 (left: 2 12)\n12 * 2 = 24 (left: 24)",
            ),
        ];
        for &(cards, expr, want) in cases {
            let e = Expr::parse(expr).unwrap();
            let text = write_steps(&e, cards).unwrap();
            assert_eq!(text, want);
            assert!(g(cards, &text).correct, "{expr}: {text}");
        }
        // A selection: the unused card stays on the left list.
        let e = Expr::parse("25*4").unwrap();
        let text = write_steps(&e, &[1, 4, 25]).unwrap();
        assert_eq!(text, "25 * 4 = 100 (left: 1 100)");
        let v = grade_steps(&[1, 4, 25], &text, Q::int(100), Rules::Natural, Use::Any);
        assert!(v.correct);
        // A negative intermediate is bracketed as an operand.
        let e = Expr::parse("(1-3)*(2-14)").unwrap();
        let text = write_steps(&e, &[1, 2, 3, 14]).unwrap();
        assert!(text.contains("(-2) * (-12) = 24"), "{text}");
        assert!(g(&[1, 2, 3, 14], &text).correct);
        // A card not in the hand: no steps.
        assert_eq!(write_steps(&Expr::parse("5*5").unwrap(), &[5, 6]), None);
        assert_eq!(
            write_steps(&Expr::parse("7").unwrap(), &[7]).as_deref(),
            Some("")
        );
    }

    #[test]
    fn steps_in_every_layout_are_graded() {
        let hand = [4, 4, 6, 8];
        for a in [
            "4 + 8 = 12\n6 - 4 = 2\n2 * 12 = 24",
            "4 + 8 = 12, 6 - 4 = 2, 2 * 12 = 24",
            "4+8=12; 6-4=2; 2×12=24.",
            "4 + 8 = 12 (left: 4 6 12)\n6 - 4 = 2 (left: 2 12)\n2 * 12 = 24 (left: 24)",
            "Step 1: 4 + 8 = 12 (left: 4, 6, 12)\nStep 2: 6 - 4 = 2 (left: 2, 12)\nStep 3: 2 * 12 = 24",
            "1. 4 + 8 = 12\n2. 6 - 4 = 2\n3. 2 * 12 = 24",
        ] {
            let v = g(&hand, a);
            assert!(v.correct, "{a}: {v:?}");
            assert_eq!(v.value, Some(Q::int(24)));
            assert_eq!(v.cards_used, vec![4, 8, 6, 4]);
        }
        // Fractions: in brackets before the "=", bare after it.
        assert_eq!(
            reason(
                &[3, 3, 8, 8],
                "8 / 3 = 8/3\n3 - (8/3) = 1/3\n8 / (1/3) = 24"
            ),
            "correct"
        );
        // A negative intermediate.
        assert_eq!(
            reason(&[1, 3, 4, 9], "1 - 3 = -2\n4 - 9 = -5\n-2 * -5 = 10")
                .replace("equals 10, not 24", "ok"),
            "ok"
        );
    }

    #[test]
    fn the_first_faulty_step_is_named() {
        // A case a line: the cards | the answer (`\n` between steps) | why.
        let cases = r#"
4 5 6 8 | 4 + 8 = 12\n6 - 5 = 2\n2 * 12 = 24 | step 2: 6 - 5 is 1, not 2
2 4 4 8 | 4 + 8 = 12\n4 / 2 = 2\n12 * 12 = 144 | step 3 uses 12 twice, which is available once (left: 2 12)
2 4 4 8 | 4 + 8 = 12\n4 - 2 = 2\n2 * 13 = 26 | step 3 uses 13, which is not available (left: 2 12)
3 3 8 8 | 8 * 3 = 24 | leaves 3 and 8 unused
1 2 3 4 | 1 + 2 = 3\n3 + 3 = 6\n6 + 4 = 10 | equals 10, not 24
1 2 3 4 | 1 + 2 = 3 (left: 3 4 3)\n3 * 3 = 9 | leaves 4 unused
1 2 3 4 | 1 + 2 = 3 (left: 3 4)\n3 * 3 = 9 | step 1 leaves 3 3 4, not 3 4
3 0 8 1 | 3 / 0 = 0 | step 1 divides 3 by zero
1 2 3 4 | 1 + 2 = 3\n3 ^ 3 = 27 | step 2 is not "a op b = c": "3 ^ 3" is not one operation
"#;
        let mut n = 0;
        for line in cases.lines().filter(|l| !l.is_empty()) {
            let [cards, answer, want] = line.split(" | ").collect::<Vec<_>>()[..] else {
                panic!("not a case: {line}");
            };
            let cards: Vec<i64> = cards.split(' ').map(|c| c.parse().unwrap()).collect();
            let answer = answer.replace("\\n", "\n");
            assert_eq!(reason(&cards, &answer), want, "{answer}");
            n += 1;
        }
        assert_eq!(n, 9);
        let v = grade_steps(
            &[3, 3, 8, 8],
            "8 / 3 = 8/3\n3 - (8/3) = 1/3\n8 / (1/3) = 24",
            Q::int(24),
            Rules::Integer,
            Use::All,
        );
        assert_eq!(
            v.reason.as_deref(),
            Some("step 1: 8/3 is not a whole number under integer rules")
        );
        assert_eq!(v.value, Some(Q::int(24)), "the value, whatever the rules");
        assert!(!v.legal);
    }

    #[test]
    fn any_selection_may_leave_numbers() {
        let v = grade_steps(
            &[100, 75, 50, 25, 6, 3],
            "100 + 6 = 106\n106 * 3 = 318\n318 * 75 = 23850\n23850 - 50 = 23800\n23800 / 25 = 952",
            Q::int(952),
            Rules::Natural,
            Use::Any,
        );
        assert!(v.correct, "{v:?}");
        let v = grade_steps(
            &[100, 75, 50, 25, 6, 3],
            "100 * 9 = 900",
            Q::int(952),
            Rules::Natural,
            Use::Any,
        );
        assert_eq!(
            v.reason.as_deref(),
            Some("step 1 uses 9, which is not available (left: 3 6 25 50 75 100)")
        );
        let v = grade_steps(
            &[100, 75, 50, 25, 6, 3],
            "100 * 6 = 600\n600 + 3 = 603",
            Q::int(600),
            Rules::Natural,
            Use::Any,
        );
        assert!(v.legal && !v.correct);
    }

    #[test]
    fn a_result_equal_to_a_card_is_one_number_either_way() {
        // 2 + 2 = 4 leaves the card 4 or the result 4: one 4 either way.
        assert_eq!(
            reason(&[2, 2, 4, 6], "2 + 2 = 4\n4 * 6 = 24"),
            "leaves 4 unused"
        );
        assert_eq!(
            reason(&[2, 2, 4, 6], "2 + 2 = 4\n4 * 6 = 24\n24 * 4 = 96"),
            "equals 96, not 24"
        );
    }

    #[test]
    fn bare_fractions_are_read_as_the_numbers_available_say() {
        // A fraction an earlier step made is one operand, bare or bracketed.
        for (cards, answer) in [
            (
                &[1, 3, 4, 6][..],
                "3 / 4 = 3/4\n1 - 3/4 = 1/4\n6 / 1/4 = 24",
            ),
            (&[1, 5, 5, 5], "1 / 5 = 1/5\n5 - 1/5 = 24/5\n5 * 24/5 = 24"),
            (&[3, 3, 8, 8], "8 / 3 = 8/3\n3 - 8/3 = 1/3\n8 / 1/3 = 24"),
            (&[3, 3, 7, 7], "3 / 7 = 3/7, 3 + 3/7 = 24/7, 24/7 * 7 = 24"),
            (
                &[1, 5, 5, 5],
                "1 / 5 = 1/5\n5 - (1/5) = 24/5\n5 * (24/5) = 24",
            ),
        ] {
            assert_eq!(reason(cards, answer), "correct", "{answer}");
        }
        // One no step made is not available: an expression is not a step.
        assert_eq!(
            reason(&[3, 4, 32], "3/4 * 32 = 24"),
            "step 1 uses 3/4, which is not available (left: 3 4 32)"
        );
        // Of two readings the one whose numbers are available.
        assert_eq!(
            reason(&[1, 3, 4], "3 / 4 = 3/4\n1 / 3/4 = 1/12"),
            "step 2: 1 / (3/4) is 4/3, not 1/12"
        );
        // Both available: the one giving the stated result; neither does,
        // or both: refused, naming both.
        let hand = [1, 1, 3, 3, 4, 4];
        let made = "3 / 4 = 3/4\n1 / 3 = 1/3\n";
        let any =
            |answer: &str, target: Q| grade_steps(&hand, answer, target, Rules::Rational, Use::Any);
        assert!(any(&format!("{made}1 / 3/4 = 4/3"), Q::new(4, 3).unwrap()).correct);
        assert!(any(&format!("{made}1 / 3/4 = 1/12"), Q::new(1, 12).unwrap()).correct);
        assert_eq!(
            any(&format!("{made}1 / 3/4 = 5"), Q::int(5))
                .reason
                .as_deref(),
            Some("step 3 reads two ways, 1 / (3/4) or (1/3) / 4: put the fraction in brackets")
        );
        assert!(any(&format!("{made}1 / (3/4) = 4/3"), Q::new(4, 3).unwrap()).correct);
        // A bare fraction that is a whole number is no operand.
        assert_eq!(
            reason(&[2, 3, 6, 4], "10 - 6/3 = 8"),
            "step 1 is not \"a op b = c\": \"6/3\" is not a number"
        );
    }
}
