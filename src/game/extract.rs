//! Finding the final answer in a model's reply, and only it: what `check
//! --extract` grades.
//!
//! Answer regions, strongest first (the strongest kind present wins, and of
//! that kind the last one written):
//!
//! 1. `tag`: an `<answer>...</answer>` element;
//! 2. `boxed`: a LaTeX `\boxed{...}` (or `\fbox{...}`);
//! 3. `answer line`: the rest of a line after "answer is", "answer:",
//!    "answer =", "solution is" or "solution:" (any case), or the next line
//!    when that rest is empty; when it starts a run of step lines, the
//!    whole run (`Answer:` then one step a line);
//! 4. `last line`: a line holding an expression, or a run of lines that
//!    are all steps (`a op b = c`, see [`crate::game::steps`]).
//!
//! Inside a region, LaTeX is read as plain arithmetic (`\times`, `\cdot`,
//! `\div`, `\frac{a}{b}`, `$...$`, `\(...\)`, braces) and markdown
//! emphasis is dropped. A region made only of steps is graded as steps.
//! Otherwise its candidates are its expressions (stretches that parse,
//! with an operation; beside one, a stretch such as `2**5+3` that does
//! not parse counts too), and:
//!
//! - a chain joined by `=` alone (`(12*(8+8))/8 = 12*16/8 = 24`) is one
//!   candidate, its members with the most numbers;
//! - a candidate followed by a rejection (below), or just after "not",
//!   "n't", "instead of" or "rather than", is not an answer;
//! - a step that works out one operation of another candidate, on the
//!   same values and with its value stated rightly (`(12*(8+8))/8, since
//!   12*16 = 192`) is working, not an answer;
//! - the same expression twice (spaces and operator spelling aside) is one
//!   answer.
//!
//! One answer left is the answer (a trailing `= 24` is no part of it).
//! Two or more is a hedge: no answer, "the reply gives two answers" (in a
//! game that scores near misses it scores nothing). Separate regions are
//! not a hedge: of two tags the last counts.
//!
//! A candidate the reply goes on to reject is never credited: when the text
//! after it holds a rejection ("wrong", "no,", "wait", "doesn't work",
//! "try again", ...; [`REJECTIONS`]), it is dropped, and when a region
//! holds nothing else the search starts again after it, so a later
//! candidate (even in the same line) may still be the answer. A rejection
//! applies only to what is written before it. A reply that gives up after
//! its last candidate ("I give up", "no solution", "impossible", ...;
//! [`GIVE_UPS`]) has no answer. Both lists err on the side of rejecting: a
//! right answer followed by "my first try was wrong" is not credited, and a
//! wrong one is never credited for want of a phrase.

use crate::game::error::shown;
use crate::game::expr::{Expr, Op};
use crate::game::named::named;
use crate::game::number::Q;
use crate::game::steps;

named! {
    /// Where an extracted answer was found.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Source {
        LastLine => "last line",
        AnswerLine => "answer line",
        Boxed => "boxed",
        Tag => "tag",
    }
}

/// The outcome of reading a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extraction {
    /// The final answer, as plain text to grade, and where it was.
    Found { answer: String, source: Source },
    /// No answer: why, in one sentence.
    NoAnswer(String),
}

/// Phrases that reject the candidate before them (lower case, matched at
/// word boundaries).
pub const REJECTIONS: &[&str] = &[
    "wrong",
    "incorrect",
    "not correct",
    "isn't correct",
    "is not right",
    "isn't right",
    "not quite",
    "doesn't work",
    "does not work",
    "didn't work",
    "won't work",
    "doesn't equal",
    "does not equal",
    "not equal",
    "doesn't give",
    "does not give",
    "not valid",
    "invalid",
    "not allowed",
    "mistake",
    "oops",
    "scratch that",
    "try again",
    "try another",
    "reconsider",
    "actually,",
    "no,",
    "no.",
    "no!",
    "no)",
    "nope",
    "wait",
    "fails",
    "used twice",
    "twice",
    "not 24",
    "\u{2260}",
    "!=",
];

/// Phrases by which a reply gives up.
pub const GIVE_UPS: &[&str] = &[
    "give up",
    "no solution",
    "not possible",
    "impossible",
    "cannot be made",
    "can't be made",
    "cannot make",
    "can't make",
    "cannot reach",
    "can't reach",
    "cannot find",
    "can't find",
    "couldn't find",
    "could not find",
    "unable to",
    "no way to",
    "there is no way",
    "unsolvable",
    "not solvable",
    "don't know",
    "do not know",
];

/// Words that, ending the text just before a candidate, say it is not the
/// answer: "the answer is not X; it is Y" (lower case).
const NEGATIONS: &[&str] = &["not", "n't", "instead of", "rather than"];

/// An answer region: where a reply may state its answer. `inner` is the
/// byte range of its text in the reply, `start..end` its whole span.
#[derive(Clone, Debug)]
struct Region {
    source: Source,
    start: usize,
    end: usize,
    inner: (usize, usize),
}

/// What a region says.
enum Said {
    /// One answer (plain text to grade).
    One(String),
    /// Two different answers, the first two written.
    Two(String, String),
    /// Every candidate in it is rejected, by this phrase.
    Rejected(&'static str),
    /// The reply gives up after it, with this phrase.
    GivesUp(&'static str),
}

/// The final answer of `reply`, or why it has none.
pub fn extract(reply: &str) -> Extraction {
    let all = regions(reply);
    let mut from = 0;
    let mut rejected: Option<&'static str> = None;
    loop {
        // A region the search restarts inside is read from there on (a
        // line that rejects a box, then gives its answer).
        let text_of = |r: &Region| &reply[r.inner.0.max(from)..r.inner.1];
        let best = all
            .iter()
            .filter(|r| r.start >= from || (r.inner.1 > from && !candidates(text_of(r)).is_empty()))
            .max_by_key(|r| (r.source, r.start));
        let Some(r) = best else {
            let after = &reply[from.min(reply.len())..];
            return Extraction::NoAnswer(match (phrase(after, GIVE_UPS), rejected) {
                (Some(p), _) => format!("no answer: the reply gives up (\"{p}\")"),
                (None, Some(p)) => {
                    format!("no answer: the reply rejects its last candidate (\"{p}\")")
                }
                (None, None) => "no answer found in the text".to_string(),
            });
        };
        match read_region(text_of(r), &reply[r.end..]) {
            Said::One(answer) => {
                return Extraction::Found {
                    answer,
                    source: r.source,
                };
            }
            Said::Two(a, b) => {
                return Extraction::NoAnswer(format!(
                    "the reply gives two answers, \"{}\" and \"{}\"",
                    shown(&a),
                    shown(&b)
                ));
            }
            Said::GivesUp(p) => {
                return Extraction::NoAnswer(format!("no answer: the reply gives up (\"{p}\")"));
            }
            Said::Rejected(p) => {
                rejected = Some(p);
                from = r.end;
            }
        }
    }
}

/// One candidate inside a region: an expression as written (plain), its
/// byte span in the region's plain text, how many numbers it has and
/// whether it parses (one that does not still counts beside one that
/// does: `2**5+3 or 8*3` gives two answers).
#[derive(Clone, Debug)]
struct Candidate {
    text: String,
    start: usize,
    end: usize,
    numbers: usize,
    parses: bool,
    /// The number an `=` after it states (`12*16 = 192`), if any.
    stated: Option<Q>,
}

/// Reads a region's text (raw); `after` is the reply after the region.
fn read_region(text: &str, after: &str) -> Said {
    let plain = plain(text);
    let pieces = steps::pieces(&plain);
    if steps::steps_in_order(&pieces, &mut Vec::new()) {
        return judged(pieces.join("\n"), after);
    }
    let all = candidates(&plain);
    if all.is_empty() {
        return judged(bare_answer(&plain), after);
    }
    let after_of = |c: &Candidate| format!("{} {after}", &plain[c.end..]);
    let last = &all[all.len() - 1];
    if let Some(p) = phrase(&after_of(last), GIVE_UPS) {
        return Said::GivesUp(p);
    }
    let mut live = Vec::new();
    let mut rejected = None;
    for (k, c) in all.iter().enumerate() {
        let before = &plain[if k == 0 { 0 } else { all[k - 1].end }..c.start];
        if let Some(p) = phrase(&after_of(c), REJECTIONS) {
            rejected = Some(p);
        } else if !negated(before) {
            live.push(c);
        }
    }
    let working: Vec<bool> = live.iter().map(|w| works_out(w, &live)).collect();
    let mut answers: Vec<&Candidate> = Vec::new();
    for (c, _) in live.iter().zip(&working).filter(|(_, w)| !**w) {
        if !answers.iter().any(|a| same(&a.text, &c.text)) {
            answers.push(c);
        }
    }
    match answers.as_slice() {
        [] => Said::Rejected(rejected.unwrap_or("no")),
        [one] => Said::One(one.text.clone()),
        [a, b, ..] => Said::Two(a.text.clone(), b.text.clone()),
    }
}

/// A region's one answer, unless the reply then gives up or rejects it.
fn judged(answer: String, after: &str) -> Said {
    if let Some(p) = phrase(after, GIVE_UPS) {
        return Said::GivesUp(p);
    }
    match phrase(after, REJECTIONS) {
        Some(p) => Said::Rejected(p),
        None => Said::One(answer),
    }
}

/// What to grade of a region with no expression in it: its text, plain,
/// without a trailing period or `= 24`, so that its fault is named.
fn bare_answer(plain: &str) -> String {
    let t = plain.trim();
    let t = t.strip_suffix('.').unwrap_or(t).trim();
    match t.split_once('=') {
        Some((lhs, rhs)) if is_bare_number(rhs) && !lhs.trim().is_empty() => lhs.trim().to_string(),
        _ => t.to_string(),
    }
}

/// Whether the text just before a candidate negates it.
fn negated(before: &str) -> bool {
    let lower = before.to_lowercase();
    let t = lower.trim_end_matches(|c: char| !c.is_alphanumeric());
    NEGATIONS.iter().any(|&n| match t.strip_suffix(n) {
        // "isn't", "doesn't": any word ending so.
        Some(_) if n == "n't" => true,
        Some(rest) => !rest.ends_with(|c: char| c.is_alphanumeric()),
        None => false,
    })
}

/// Whether two candidates are the same answer: the same text, spaces and
/// the spelling of operators aside.
fn same(a: &str, b: &str) -> bool {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '\u{d7}' => '*',
                '\u{f7}' => '/',
                '\u{2212}' => '-',
                c => c,
            })
            .collect()
    };
    norm(a) == norm(b)
}

/// Whether `w` is working: one operation on numbers with its value
/// stated rightly (`12*16 = 192`, `3 - 8/3 = 1/3`, read as a step is) that
/// is an operation of another candidate with more numbers, on the same
/// values (here `(12*(8+8))/8`). Such a step works the answer out; it is
/// not a second answer.
fn works_out(w: &Candidate, live: &[&Candidate]) -> bool {
    let Some(c) = w.stated else {
        return false;
    };
    let readings: Vec<(Op, Q, Q)> = steps::operations_on_numbers(&w.text)
        .into_iter()
        .filter(|&(op, a, b)| op.apply(a, b) == Some(c))
        .collect();
    live.iter()
        .filter(|x| x.numbers > w.numbers)
        .filter_map(|x| parsed(&x.text))
        .any(|x| {
            let mut nodes = Vec::new();
            operations(&x, &mut nodes);
            nodes.iter().any(|&(o, p, q)| {
                readings.iter().any(|&(op, a, b)| {
                    o == op && ((p, q) == (a, b) || (op.is_commutative() && (p, q) == (b, a)))
                })
            })
        })
}

/// The number stated by `= n` (or `= p/q`) at the start of `text`.
fn stated(text: &str) -> Option<Q> {
    let rest = text.trim_start().strip_prefix('=')?.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '/' || c == '-' || c == ' '))
        .unwrap_or(rest.len());
    let n = rest[..end].trim();
    let (p, q) = n.split_once('/').unwrap_or((n, "1"));
    Q::new(p.trim().parse().ok()?, q.trim().parse().ok()?)
}

fn parsed(text: &str) -> Option<Expr> {
    match crate::game::grade::parses(text) {
        true => Expr::parse(text).ok(),
        false => None,
    }
}

/// The last operation of `e` and the values it works on.
fn top(e: &Expr) -> Option<(Op, Q, Q)> {
    match e {
        Expr::Card(_) => None,
        Expr::Bin(op, l, r) => Some((*op, l.eval().ok()?, r.eval().ok()?)),
    }
}

/// Every operation of `e` with the values it works on.
fn operations(e: &Expr, out: &mut Vec<(Op, Q, Q)>) {
    if let Expr::Bin(_, l, r) = e {
        out.extend(top(e));
        operations(l, out);
        operations(r, out);
    }
}

/// The candidates of a region's plain text, in the order written: every
/// stretch of expression characters (split at `=` and at words) that has
/// an operation, brackets left open by the sentence around it trimmed. A
/// chain of them joined by `=` (`(12*(8+8))/8 = 12*16/8`) is one
/// candidate, its members with the most numbers; a stretch that does not
/// parse counts only beside one that does.
fn candidates(plain: &str) -> Vec<Candidate> {
    let mut found: Vec<Candidate> = Vec::new();
    let mut run_start: Option<usize> = None;
    let consider = |lo: usize, hi: usize, found: &mut Vec<Candidate>| {
        let Some((a, b)) = trimmed(&plain[lo..hi]) else {
            return;
        };
        let text = &plain[lo + a..lo + b];
        let numbers = count_numbers(text);
        let parses = crate::game::grade::parses(text);
        if parses || numbers >= 2 {
            found.push(Candidate {
                text: text.to_string(),
                start: lo + a,
                end: lo + b,
                numbers,
                parses,
                stated: stated(&plain[lo + b..]),
            });
        }
    };
    for (i, c) in plain.char_indices() {
        match (expression_char(c), run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(s)) => {
                consider(s, i, &mut found);
                run_start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = run_start {
        consider(s, plain.len(), &mut found);
    }
    if !found.iter().any(|c| c.parses) {
        return Vec::new();
    }
    // Chains: members joined by `=` alone; of each, those with the most
    // numbers.
    let mut out: Vec<Candidate> = Vec::new();
    let mut chain: Vec<Candidate> = Vec::new();
    let flush = |chain: &mut Vec<Candidate>, out: &mut Vec<Candidate>| {
        let most = chain.iter().map(|c| c.numbers).max().unwrap_or(0);
        let mut kept: Vec<Candidate> = Vec::new();
        for c in chain.drain(..).filter(|c| c.numbers == most) {
            if !kept.iter().any(|k| same(&k.text, &c.text)) {
                kept.push(c);
            }
        }
        out.extend(kept);
    };
    for c in found {
        let joined = chain.last().is_some_and(|p: &Candidate| {
            let sep = &plain[p.end..c.start];
            sep.contains('=') && sep.chars().all(|s| " \t*()=".contains(s))
        });
        if !joined {
            flush(&mut chain, &mut out);
        }
        chain.push(c);
    }
    flush(&mut chain, &mut out);
    out
}

/// The first phrase of `list` in `text` at word boundaries, if any.
fn phrase(text: &str, list: &[&'static str]) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let mut best: Option<(usize, &'static str)> = None;
    for &p in list {
        let mut from = 0;
        while let Some(i) = lower[from..].find(p) {
            let at = from + i;
            let before = lower[..at].chars().next_back();
            let after = lower[at + p.len()..].chars().next();
            let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
            let starts_word = !p.starts_with(|c: char| c.is_alphanumeric()) || !word(before);
            let ends_word = !p.ends_with(|c: char| c.is_alphanumeric()) || !word(after);
            if starts_word && ends_word {
                if best.is_none_or(|(b, _)| at < b) {
                    best = Some((at, p));
                }
                break;
            }
            from = at + p.len();
        }
    }
    best.map(|(_, p)| p)
}

/// Every region of `reply`, in no particular order.
fn regions(reply: &str) -> Vec<Region> {
    let mut out = Vec::new();
    // Tags.
    let mut from = 0;
    while let Some(i) = reply[from..].find("<answer>") {
        let start = from + i;
        let inner = start + "<answer>".len();
        let Some(j) = reply[inner..].find("</answer>") else {
            break;
        };
        let end = inner + j + "</answer>".len();
        out.push(Region {
            source: Source::Tag,
            start,
            end,
            inner: (inner, inner + j),
        });
        from = end;
    }
    // Boxes.
    for key in ["\\boxed{", "\\fbox{"] {
        let mut from = 0;
        while let Some(i) = reply[from..].find(key) {
            let start = from + i;
            let inner = start + key.len();
            let Some(close) = matching_brace(reply, inner) else {
                break;
            };
            out.push(Region {
                source: Source::Boxed,
                start,
                end: close + 1,
                inner: (inner, close),
            });
            from = close + 1;
        }
    }
    lines_regions(reply, &mut out);
    out
}

/// The byte index of the `}` closing the brace opened just before `inner`.
fn matching_brace(text: &str, inner: usize) -> Option<usize> {
    let mut depth = 1usize;
    for (i, c) in text[inner..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(inner + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The markers of an answer line, lower case.
const ANSWER_MARKERS: &[&str] = &[
    "answer is",
    "answer:",
    "answer =",
    "solution is",
    "solution:",
];

/// Answer lines, lines with an expression and runs of step lines.
fn lines_regions(reply: &str, out: &mut Vec<Region>) {
    let mut spans: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for line in reply.split_inclusive('\n') {
        spans.push((at, line.trim_end_matches(['\n', '\r'])));
        at += line.len();
    }
    let mut run: Option<(usize, usize)> = None;
    let mut made = Vec::new();
    for (k, &(start, line)) in spans.iter().enumerate() {
        let end = start + line.len();
        if let Some(r) = answer_line(reply, &spans, k) {
            out.push(r);
        }
        let plain = plain(line);
        if steps::steps_in_order(&steps::pieces(&plain), &mut made) {
            run = Some(run.map_or((start, end), |(s, _)| (s, end)));
            continue;
        }
        made.clear();
        if let Some((s, e)) = run.take() {
            out.push(last_line(s, e));
        }
        if !candidates(&plain).is_empty() {
            out.push(last_line(start, end));
        }
    }
    if let Some((s, e)) = run {
        out.push(last_line(s, e));
    }
}

fn last_line(start: usize, end: usize) -> Region {
    Region {
        source: Source::LastLine,
        start,
        end,
        inner: (start, end),
    }
}

/// The answer line at line `k` of `spans` (each line's byte offset and
/// text), if it is one: the rest of the line after its last marker, or
/// the next line with text when that rest is empty; and when that is
/// steps, every step line that follows it.
fn answer_line(reply: &str, spans: &[(usize, &str)], k: usize) -> Option<Region> {
    let (start, line) = spans[k];
    let lower = line.to_lowercase();
    let marker = ANSWER_MARKERS
        .iter()
        .filter_map(|m| lower.rfind(m).map(|i| i + m.len()))
        .max()?;
    // Lowercasing may move bytes only for rare letters; a marker past a
    // char boundary is skipped.
    let rest = line.get(marker..)?;
    let text = rest
        .trim_start()
        .trim_start_matches([':', '='])
        .trim_start();
    let mut inner = (start + line.len() - text.len(), start + line.len());
    let mut next = k + 1;
    if text.trim().is_empty() {
        let j = (k + 1..spans.len()).find(|&j| !spans[j].1.trim().is_empty())?;
        inner.1 = spans[j].0 + spans[j].1.len();
        next = j + 1;
    }
    let mut made = Vec::new();
    let first = plain(&reply[inner.0..inner.1]);
    if steps::steps_in_order(&steps::pieces(&first), &mut made) {
        for &(s, l) in &spans[next..] {
            if !steps::steps_in_order(&steps::pieces(&plain(l)), &mut made) {
                break;
            }
            inner.1 = s + l.len();
        }
    }
    Some(Region {
        source: Source::AnswerLine,
        start: inner.0,
        end: inner.1,
        inner,
    })
}

fn is_bare_number(s: &str) -> bool {
    let s = s.trim().trim_end_matches('.').trim();
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

/// `text` with LaTeX and markdown read as plain arithmetic.
pub fn plain(text: &str) -> String {
    let mut s = text.to_string();
    for (from, to) in [
        ("\\left", ""),
        ("\\right", ""),
        ("\\times", "*"),
        ("\\cdot", "*"),
        ("\\ast", "*"),
        ("\\div", "/"),
        ("\\dfrac", "\\frac"),
        ("\\tfrac", "\\frac"),
        ("\\(", ""),
        ("\\)", ""),
        ("\\[", ""),
        ("\\]", ""),
        ("\\,", " "),
        ("\\;", " "),
        ("\\!", ""),
        ("\\ ", " "),
        ("$", ""),
        ("`", ""),
    ] {
        s = s.replace(from, to);
    }
    s = fractions(&s);
    s.replace('{', "(").replace('}', ")")
}

/// `\frac{a}{b}` as `(a)/(b)`, innermost included.
fn fractions(text: &str) -> String {
    let mut s = text.to_string();
    while let Some(i) = s.find("\\frac{") {
        let a = i + "\\frac{".len();
        let Some(ea) = matching_brace(&s, a) else {
            break;
        };
        if !s[ea + 1..].starts_with('{') {
            break;
        }
        let Some(eb) = matching_brace(&s, ea + 2) else {
            break;
        };
        s = format!(
            "{}({})/({}){}",
            &s[..i],
            &s[a..ea],
            &s[ea + 2..eb],
            &s[eb + 1..]
        );
    }
    s
}

/// Characters an expression is written with.
fn expression_char(c: char) -> bool {
    c.is_ascii_digit() || " \t+-*/()\u{d7}\u{f7}\u{2212}".contains(c)
}

/// The expression a line states: of its candidates that parse, the one
/// with the most numbers (the last of equals).
pub fn expression_in(line: &str) -> Option<String> {
    candidates(line)
        .into_iter()
        .filter(|c| c.parses)
        .max_by_key(|c| (c.numbers, c.start))
        .map(|c| c.text)
}

fn count_numbers(e: &str) -> usize {
    let mut n = 0;
    let mut prev = false;
    for c in e.chars() {
        let d = c.is_ascii_digit();
        if d && !prev {
            n += 1;
        }
        prev = d;
    }
    n
}

/// A stretch of expression characters as an expression: markdown stars,
/// dangling operators and unmatched brackets at its ends removed; its byte
/// range in `run`, when what is left has an operation.
fn trimmed(run: &str) -> Option<(usize, usize)> {
    let (mut lo, mut hi) = (0, run.len());
    loop {
        let before = (lo, hi);
        let s = run[lo..hi].trim_end_matches(|c: char| "+-*/(\u{d7}\u{f7}\u{2212} \t".contains(c));
        hi = lo + s.len();
        let s = s.trim_start_matches(|c: char| "+*/)\u{d7}\u{f7} \t".contains(c));
        lo = hi - s.len();
        let opens = s.matches('(').count();
        let closes = s.matches(')').count();
        if opens > closes && s.starts_with('(') {
            lo += 1;
        } else if closes > opens && s.ends_with(')') {
            hi -= 1;
        }
        if (lo, hi) == before {
            break;
        }
    }
    let has_op = run[lo..hi].contains(|c: char| "+-*/\u{d7}\u{f7}\u{2212}".contains(c));
    has_op.then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(reply: &str) -> (String, &'static str) {
        match extract(reply) {
            Extraction::Found { answer, source } => (answer, source.name()),
            Extraction::NoAnswer(why) => (why, "none"),
        }
    }

    #[test]
    fn each_kind_of_candidate_is_found() {
        // A case a line: the reply | the answer taken | where it was found
        // (`\n` for a line break).
        let cases = r#"
I think <answer>(3+3)*(8-4)</answer>. | (3+3)*(8-4) | tag
<answer>8/(3-8/3) = 24</answer> | 8/(3-8/3) | tag
So $\boxed{8/(3-8/3)}$ | 8/(3-8/3) | boxed
\boxed{\frac{8}{3-\frac{8}{3}}} | (8)/(3-(8)/(3)) | boxed
Answer: 8/(3-8/3). | 8/(3-8/3) | answer line
The answer is 8/(3-8/3) | 8/(3-8/3) | answer line
Final answer:\n(9-8)*3*8 | (9-8)*3*8 | answer line
$(6-4)\times(4+8)=24$ | (6-4)*(4+8) | last line
Let me see.\n3*8 = 24\nSo: (9-8)*3*8 = 24 | (9-8)*3*8 | last line
So 24 = 8/(3-8/3) | 8/(3-8/3) | last line
**8/(3-8/3)** | 8/(3-8/3) | last line
We get 8/(3-8/3), which is 24. | 8/(3-8/3) | last line
4 + 8 = 12\n6 - 4 = 2\n2 * 12 = 24 | 4 + 8 = 12\n6 - 4 = 2\n2 * 12 = 24 | last line
<answer>2**5+3</answer> | 2**5+3 | tag
"#;
        let mut n = 0;
        for line in cases.lines().filter(|l| !l.is_empty()) {
            let [reply, answer, source] = line.split(" | ").collect::<Vec<_>>()[..] else {
                panic!("not a case: {line}");
            };
            let (reply, answer) = (reply.replace("\\n", "\n"), answer.replace("\\n", "\n"));
            assert_eq!(found(&reply), (answer, source), "{reply}");
            n += 1;
        }
        assert_eq!(n, 14);
    }

    #[test]
    fn rejected_and_abandoned_candidates_are_never_taken() {
        let cases = [
            (
                "Check: 8/(3-8/3) = 24\nNo, that is wrong. I give up.",
                "no answer: the reply gives up (\"give up\")",
            ),
            (
                "Try 8*3*1*1 = 24. Wait, there is only one 1.",
                "no answer: the reply rejects its last candidate (\"wait\")",
            ),
            ("I cannot solve this.", "no answer found in the text"),
            (
                "<answer>(1+2)*8</answer> Hmm, that's not it; it is impossible.",
                "no answer: the reply gives up (\"impossible\")",
            ),
        ];
        for (reply, why) in cases {
            assert_eq!(found(reply), (why.to_string(), "none"), "{reply}");
        }
        // A rejected candidate gives way to a later one.
        assert_eq!(
            found("<answer>3*8*1*1</answer> No, wrong hand. Instead: (9-8)*3*8 = 24"),
            ("(9-8)*3*8".to_string(), "last line")
        );
        assert_eq!(
            found("8*3 = 24? That leaves 9 and 8. Try (9-8)*8*3. Yes, that works."),
            ("(9-8)*8*3".to_string(), "last line")
        );
    }

    use crate::game::expr::Expr;
    use crate::game::family::Scoring;
    use crate::game::grade::{Format, grade_as};
    use crate::game::presets::game;
    use crate::game::rules::Rules;
    use crate::game::steps::write_steps;
    use crate::game::uses::Use;
    use crate::game::verdict::Verdict;

    /// A hand to grade replies for: its cards, target, rules, selection
    /// and scoring.
    struct Deal {
        cards: &'static [i64],
        target: i64,
        rules: Rules,
        uses: Use,
        scoring: Scoring,
    }

    fn game_24(cards: &'static [i64]) -> Deal {
        Deal {
            cards,
            target: 24,
            rules: Rules::Rational,
            uses: Use::All,
            scoring: Scoring::EXACT,
        }
    }

    fn countdown() -> Deal {
        let g = game("countdown").unwrap();
        Deal {
            cards: &[100, 75, 50, 25, 6, 3],
            target: 952,
            rules: g.rules,
            uses: g.uses,
            scoring: g.scoring,
        }
    }

    /// The verdict on `reply` as `check --extract` gives it, and its points.
    fn graded(d: &Deal, reply: &str) -> (Verdict, u32) {
        let target = Q::int(d.target);
        let v = match extract(reply) {
            Extraction::Found { answer, .. } => {
                grade_as(d.cards, &answer, target, d.rules, d.uses, Format::Auto).0
            }
            Extraction::NoAnswer(why) => Verdict::wrong(why, None, Vec::new()),
        };
        let points = v.points(&d.scoring, target);
        (v, points)
    }

    #[test]
    fn two_answers_in_one_region_are_not_credited() {
        let d = game_24(&[3, 3, 8, 8]);
        for reply in [
            "<answer>8*3 or 8/(3-8/3)</answer>",
            "Either 8*3 or 8/(3-8/3).",
            "The answer is 8*3 or 8/(3-8/3)",
            "<answer>8/(3-8/3), 8*3</answer>",
            "<answer>\\boxed{8*3}\\boxed{8/(3-8/3)}</answer>",
            "\\boxed{8/(3-8/3) \\text{ or } 8*3}",
            "<answer>8*3 = 24 or 8/(3-8/3) = 24</answer>",
            "Answer: 8/(3-8/3); alternatively 2**5+3",
        ] {
            let (v, _) = graded(&d, reply);
            assert!(!v.correct, "{reply}: {v:?}");
            assert!(
                v.reason
                    .as_deref()
                    .unwrap()
                    .starts_with("the reply gives two answers"),
                "{reply}: {v:?}"
            );
        }
        assert_eq!(
            found("The answer is 8*3 or 8/(3-8/3)"),
            (
                "the reply gives two answers, \"8*3\" and \"8/(3-8/3)\"".to_string(),
                "none"
            )
        );
        // In a game that scores near misses a hedge scores nothing, even
        // when one of its answers alone would.
        let d = countdown();
        let (v, points) = graded(
            &d,
            "<answer>(100+6)*3*75/25 or 6*(50*3+(100+75)/25)</answer>",
        );
        assert_eq!((v.correct, points), (false, 0), "{v:?}");
        // Separate tags: the last one counts, as before.
        assert_eq!(
            found("<answer>8*3</answer> then <answer>8/(3-8/3)</answer>"),
            ("8/(3-8/3)".to_string(), "tag")
        );
    }

    #[test]
    fn one_answer_read_with_its_working_chains_and_refusals() {
        let cases = [
            // A chain of equal values is one answer, the fullest.
            ("Answer: (12*(8+8))/8 = 12*16/8 = 24", "(12*(8+8))/8"),
            // Steps that work out the answer's own operations.
            (
                "The answer is (12*(8+8))/8, since 8+8 = 16, 12*16 = 192 and 192/8 = 24.",
                "(12*(8+8))/8",
            ),
            (
                "<answer>8/(3-8/3), where 3 - 8/3 = 1/3</answer>",
                "8/(3-8/3)",
            ),
            // A candidate negated or rejected before the answer.
            ("The answer is not 8*3; it is 8/(3-8/3).", "8/(3-8/3)"),
            ("Answer: 8/(3-8/3), not 8*3", "8/(3-8/3)"),
            ("Try 8*3*1 = 24. Wait, no: 8/(3-8/3) = 24", "8/(3-8/3)"),
            // The same answer twice.
            ("Answer: 8/(3-8/3), i.e. 8 ÷ (3 − 8/3)", "8/(3-8/3)"),
        ];
        for (reply, answer) in cases {
            assert_eq!(found(reply).0, answer, "{reply}");
        }
    }

    #[test]
    fn a_rejection_applies_only_to_candidates_before_it() {
        let d = game_24(&[1, 5, 5, 5]);
        let reply = "Maybe \\boxed{(5+5)*5/5+1} That is incorrect. The answer is 5*(5-1/5)";
        assert_eq!(found(reply), ("5*(5-1/5)".to_string(), "answer line"));
        assert!(graded(&d, reply).0.correct);
        // In Countdown the near miss written after the rejection scores.
        let d = countdown();
        for (near, points) in [("(100+6)*3*75/25", 7), ("6*(50*3+(100+75)/25)", 5)] {
            let reply = format!("Maybe \\boxed{{100*9}} That is incorrect. The answer is {near}");
            let (v, got) = graded(&d, &reply);
            assert_eq!((v.correct, got), (false, points), "{reply}: {v:?}");
        }
    }

    #[test]
    fn steps_after_answer_are_taken_whole() {
        let d = game_24(&[1, 5, 5, 5]);
        for reply in [
            "Answer:\n1 / 5 = 1/5\n5 - (1/5) = 24/5\n5 * (24/5) = 24",
            "Answer:\n1 / 5 = 1/5\n5 - 1/5 = 24/5\n5 * 24/5 = 24",
            "Answer: 1 / 5 = 1/5\n5 - 1/5 = 24/5\n5 * 24/5 = 24\nThat uses every card once.",
        ] {
            let (v, _) = graded(&d, reply);
            assert!(v.correct, "{reply}: {v:?}");
        }
        // A fraction no step made is not an operand: an expression.
        assert_eq!(found("Answer: 3/4*32 = 24").0, "3/4*32");
    }

    /// Steps of `expr` as a model writes them: no `left:` lists and
    /// fractions bare (`5 - 1/5 = 24/5`).
    fn bare_steps(expr: &str, cards: &[i64]) -> String {
        let written = write_steps(&Expr::parse(expr).unwrap(), cards).unwrap();
        let lines: Vec<String> = written
            .lines()
            .map(|l| {
                let step = l.split(" (left:").next().unwrap();
                let mut out = String::new();
                for w in step.split(' ') {
                    let w = match w.starts_with('(') && w.contains('/') {
                        true => &w[1..w.len() - 1],
                        false => w,
                    };
                    out.push_str(w);
                    out.push(' ');
                }
                out.trim_end().to_string()
            })
            .collect();
        lines.join("\n")
    }

    /// Near misses and their points.
    type Nears = &'static [(&'static str, u32)];

    /// What a reply earns: credited (right), scored with these points, or
    /// neither.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Want {
        Right,
        Points(u32),
    }

    /// Replies of every kind for one hand: `right` a solution, `wrong` a
    /// legal play that is not one, `near` near misses with their points.
    fn replies(
        d: &Deal,
        right: &str,
        wrong: &str,
        near: &[(&str, u32)],
    ) -> Vec<(&'static str, String, Want)> {
        let t = d.target;
        let steps = write_steps(&Expr::parse(right).unwrap(), d.cards).unwrap();
        let bare = bare_steps(right, d.cards);
        let mut out: Vec<(&'static str, String, Want)> = vec![
            ("right", format!("<answer>{right}</answer>"), Want::Right),
            ("right", format!("So $\\boxed{{{right}}}$."), Want::Right),
            ("right", format!("The answer is {right}."), Want::Right),
            (
                "right",
                format!("Let me see.\nSo {right} = {t}."),
                Want::Right,
            ),
            (
                "right",
                format!("<answer>{right} = {t}</answer>"),
                Want::Right,
            ),
            ("right", steps.clone(), Want::Right),
            ("right", bare.clone(), Want::Right),
            (
                "steps after Answer",
                format!("Answer:\n{steps}"),
                Want::Right,
            ),
            (
                "steps after Answer",
                format!("Answer:\n{bare}"),
                Want::Right,
            ),
            (
                "steps after Answer",
                format!("Final answer:\n\n{bare}\nDone."),
                Want::Right,
            ),
            (
                "right",
                format!("<answer>{}</answer>", bare.replace('\n', ", ")),
                Want::Right,
            ),
            (
                "right",
                format!(
                    "The answer is {right}, since {}",
                    bare.replace('\n', " and ")
                ),
                Want::Right,
            ),
            (
                "wrong",
                format!("<answer>{wrong}</answer>"),
                Want::Points(0),
            ),
            ("wrong", format!("Answer: {wrong}"), Want::Points(0)),
            (
                "wrong",
                format!("First idea: {right}\nHmm, better:\n<answer>{wrong}</answer>"),
                Want::Points(0),
            ),
            (
                "refusal",
                format!("<answer>{right}</answer>\nWait, that doesn't work."),
                Want::Points(0),
            ),
            (
                "refusal",
                format!("Check: {right} = {t}\nNo, that is wrong. I give up."),
                Want::Points(0),
            ),
            (
                "refusal",
                format!("\\boxed{{{right}}} is incorrect, and {wrong} is wrong too."),
                Want::Points(0),
            ),
            (
                "self-correction",
                format!("Maybe \\boxed{{{wrong}}} That is incorrect. The answer is {right}"),
                Want::Right,
            ),
            (
                "self-correction",
                format!("Try {wrong}. Wait, no.\n{right} = {t}."),
                Want::Right,
            ),
            (
                "self-correction",
                format!("The answer is not {wrong}; it is {right}."),
                Want::Right,
            ),
            (
                "self-correction",
                format!("<answer>{wrong}</answer>\nOops, wrong.\n<answer>{right}</answer>"),
                Want::Right,
            ),
        ];
        let mut pairs = vec![(right, wrong), (wrong, right)];
        for &(n, points) in near {
            pairs.push((right, n));
            pairs.push((n, wrong));
            out.push((
                "near miss",
                format!("The answer is {n}"),
                Want::Points(points),
            ));
            out.push((
                "near miss",
                format!("Answer:\n{}", bare_steps(n, d.cards)),
                Want::Points(points),
            ));
            out.push((
                "near miss",
                format!("Maybe \\boxed{{{wrong}}} That is incorrect. The answer is {n}"),
                Want::Points(points),
            ));
        }
        for (a, b) in pairs {
            for text in [
                format!("<answer>{a} or {b}</answer>"),
                format!("Either {a} or {b}."),
                format!("The answer is {a} or {b}"),
                format!("<answer>{a}, {b}</answer>"),
                format!("<answer>{a}; {b}</answer>"),
                format!("<answer>\\boxed{{{a}}} \\boxed{{{b}}}</answer>"),
                format!("\\boxed{{{a} \\text{{ or }} {b}}}"),
                format!("<answer>{a} = {t} or {b} = {t}</answer>"),
                format!("Answer: {a}, or maybe {b}"),
                format!("**{a}** or **{b}**"),
                format!("Answer: $\\({a}\\)$ and also $\\({b}\\)$"),
            ] {
                out.push(("hedge", text, Want::Points(0)));
            }
        }
        out
    }

    #[test]
    fn generated_replies_never_fool_the_grader_nor_are_missed() {
        let deals: [(Deal, &str, &str, Nears); 5] = [
            (game_24(&[1, 5, 5, 5]), "5*(5-1/5)", "(5+5)*5/5+1", &[]),
            (game_24(&[3, 3, 8, 8]), "8/(3-8/3)", "8*3*(8/8)*3", &[]),
            (game_24(&[3, 3, 7, 7]), "7*(3+3/7)", "7*3+7/3", &[]),
            (game_24(&[1, 3, 4, 6]), "6/(1-3/4)", "1*3*4+6", &[]),
            (
                countdown(),
                "((100+6)*3*75-50)/25",
                "100+75",
                &[("(100+6)*3*75/25", 7), ("6*(50*3+(100+75)/25)", 5)],
            ),
        ];
        let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
        let mut faults = Vec::new();
        for (d, right, wrong, near) in &deals {
            for (kind, reply, want) in replies(d, right, wrong, near) {
                let (v, points) = graded(d, &reply);
                let got = match v.correct {
                    true => Want::Right,
                    false => Want::Points(points),
                };
                if got != want {
                    faults.push(format!(
                        "{kind}: {reply:?} on {:?}: {got:?}, want {want:?} ({v:?})",
                        d.cards
                    ));
                }
                *kinds.entry(kind).or_default() += 1;
            }
        }
        assert!(
            faults.is_empty(),
            "{} faults:\n{}",
            faults.len(),
            faults.join("\n")
        );
        // Every kind is tested, and the hedges most of all.
        assert_eq!(kinds.len(), 7, "{kinds:?}");
        assert!(kinds["hedge"] >= 100, "{kinds:?}");
    }
}
