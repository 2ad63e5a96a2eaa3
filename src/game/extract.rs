//! Finding the final answer in a model's reply, and only it: what `check
//! --extract` grades.
//!
//! Candidates, strongest first (the strongest kind present wins, and of
//! that kind the last one written):
//!
//! 1. `tag`: an `<answer>...</answer>` element;
//! 2. `boxed`: a LaTeX `\boxed{...}` (or `\fbox{...}`);
//! 3. `answer line`: the rest of a line after "answer is", "answer:",
//!    "answer =", "solution is" or "solution:" (any case), or the next line
//!    when that rest is empty;
//! 4. `last line`: an expression in a line (the longest that parses, with
//!    at least one operation, inside a sentence or beside a `= 24`), or a
//!    run of lines that are all steps (`a op b = c`, see
//!    [`crate::game::steps`]).
//!
//! Inside a candidate, LaTeX is read as plain arithmetic (`\times`,
//! `\cdot`, `\div`, `\frac{a}{b}`, `$...$`, `\(...\)`, braces), markdown
//! emphasis and a trailing period or `= 24` are dropped, and a candidate
//! made only of steps is graded as steps.
//!
//! A candidate the reply goes on to reject is never credited: when the text
//! after it holds a rejection ("wrong", "no,", "wait", "doesn't work",
//! "try again", ...; [`REJECTIONS`]), the search starts again after it, so
//! a later candidate may still be the answer. A reply that gives up after
//! its last candidate ("I give up", "no solution", "impossible", ...;
//! [`GIVE_UPS`]) has no answer. Both lists err on the side of rejecting: a
//! right answer followed by "my first try was wrong" is not credited, and a
//! wrong one is never credited for want of a phrase.

use crate::game::named::named;
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

/// One candidate: its text (still raw), kind and byte span in the reply.
#[derive(Clone, Debug)]
struct Candidate {
    text: String,
    source: Source,
    start: usize,
    end: usize,
}

/// The final answer of `reply`, or why it has none.
pub fn extract(reply: &str) -> Extraction {
    let all = candidates(reply);
    let mut from = 0;
    let mut rejected: Option<&'static str> = None;
    loop {
        let best = all
            .iter()
            .filter(|c| c.start >= from)
            .max_by_key(|c| (c.source, c.start));
        let Some(c) = best else {
            let after = &reply[from.min(reply.len())..];
            return Extraction::NoAnswer(match (phrase(after, GIVE_UPS), rejected) {
                (Some(p), _) => format!("no answer: the reply gives up (\"{p}\")"),
                (None, Some(p)) => {
                    format!("no answer: the reply rejects its last candidate (\"{p}\")")
                }
                (None, None) => "no answer found in the text".to_string(),
            });
        };
        let (answer, tail) = answer_in(&c.text);
        let after = format!("{tail} {}", &reply[c.end..]);
        if let Some(p) = phrase(&after, GIVE_UPS) {
            return Extraction::NoAnswer(format!("no answer: the reply gives up (\"{p}\")"));
        }
        if let Some(p) = phrase(&after, REJECTIONS) {
            rejected = Some(p);
            from = c.end;
            continue;
        }
        return Extraction::Found {
            answer,
            source: c.source,
        };
    }
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

/// Every candidate of `reply`, in no particular order.
fn candidates(reply: &str) -> Vec<Candidate> {
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
        out.push(Candidate {
            text: reply[inner..inner + j].to_string(),
            source: Source::Tag,
            start,
            end,
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
            out.push(Candidate {
                text: reply[inner..close].to_string(),
                source: Source::Boxed,
                start,
                end: close + 1,
            });
            from = close + 1;
        }
    }
    lines_candidates(reply, &mut out);
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

/// Answer lines, expressions in lines and runs of step lines.
fn lines_candidates(reply: &str, out: &mut Vec<Candidate>) {
    let mut spans: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for line in reply.split_inclusive('\n') {
        spans.push((at, line.trim_end_matches(['\n', '\r'])));
        at += line.len();
    }
    let mut steps_run: Option<(usize, usize)> = None;
    for (k, &(start, line)) in spans.iter().enumerate() {
        let end = start + line.len();
        let lower = line.to_lowercase();
        let marker = ANSWER_MARKERS
            .iter()
            .filter_map(|m| lower.rfind(m).map(|i| i + m.len()))
            .max();
        if let Some(m) = marker {
            // Lowercasing may move bytes only for rare letters; a marker
            // past a char boundary is skipped.
            if let Some(rest) = line.get(m..) {
                let rest = rest.trim().trim_start_matches([':', '=']).trim();
                let (text, end) = match rest.is_empty() {
                    true => match spans[k + 1..].iter().find(|(_, l)| !l.trim().is_empty()) {
                        Some(&(s, l)) => (l.to_string(), s + l.len()),
                        None => (String::new(), end),
                    },
                    false => (rest.to_string(), end),
                };
                if !text.trim().is_empty() {
                    out.push(Candidate {
                        text,
                        source: Source::AnswerLine,
                        start,
                        end,
                    });
                }
            }
        }
        let plain = plain(line);
        let pieces = steps::pieces(&plain);
        if steps::steps_in_order(&pieces, &mut Vec::new()) {
            steps_run = Some(steps_run.map_or((start, end), |(s, _)| (s, end)));
            continue;
        }
        if let Some((s, e)) = steps_run.take() {
            out.push(Candidate {
                text: reply[s..e].to_string(),
                source: Source::LastLine,
                start: s,
                end: e,
            });
        }
        if let Some(e) = expression_in(&plain) {
            // From the expression on, when the line writes it plainly: a
            // candidate the line rejected before it does not hide it.
            let at = line.find(&e).unwrap_or(0);
            out.push(Candidate {
                text: line[at..].to_string(),
                source: Source::LastLine,
                start: start + at,
                end,
            });
        }
    }
    if let Some((s, e)) = steps_run {
        out.push(Candidate {
            text: reply[s..e].to_string(),
            source: Source::LastLine,
            start: s,
            end: e,
        });
    }
}

/// What to grade of a candidate: its steps when it is made of steps, else
/// the expression it states, else the candidate itself (plain), so that
/// its fault is named; and the text of the candidate after what is
/// graded (a rejection may follow on the same line).
fn answer_in(candidate: &str) -> (String, String) {
    let plain = plain(candidate);
    let pieces = steps::pieces(&plain);
    if steps::steps_in_order(&pieces, &mut Vec::new()) {
        return (pieces.join("\n"), String::new());
    }
    if let Some(e) = expression_in(&plain) {
        let tail = plain
            .find(&e)
            .map_or(String::new(), |i| plain[i + e.len()..].to_string());
        return (e, tail);
    }
    let t = plain.trim();
    let t = t.strip_suffix('.').unwrap_or(t).trim();
    let answer = match t.split_once('=') {
        Some((lhs, rhs)) if is_bare_number(rhs) && !lhs.trim().is_empty() => lhs.trim().to_string(),
        _ => t.to_string(),
    };
    (answer, String::new())
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

/// The expression a line states: the stretch of expression characters
/// (split at `=` and at words) that parses, has an operation and uses the
/// most numbers (the last of equals), brackets left open by the sentence
/// around it trimmed.
pub fn expression_in(line: &str) -> Option<String> {
    let mut best: Option<(usize, String)> = None;
    let mut run = String::new();
    let mut consider = |run: &str| {
        let Some(e) = trimmed(run) else { return };
        let numbers = count_numbers(&e);
        if best.as_ref().is_none_or(|(n, _)| numbers >= *n) {
            best = Some((numbers, e));
        }
    };
    for c in line.chars() {
        if expression_char(c) {
            run.push(c);
        } else {
            consider(&run);
            run.clear();
        }
    }
    consider(&run);
    best.map(|(_, e)| e)
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
/// dangling operators and unmatched brackets at its ends removed; `None`
/// unless it then parses with an operation.
fn trimmed(run: &str) -> Option<String> {
    let mut s = run.trim().trim_matches('*').trim().to_string();
    loop {
        let before = s.len();
        s = s
            .trim_end_matches(|c: char| "+-*/(\u{d7}\u{f7}\u{2212} ".contains(c))
            .trim_start_matches(|c: char| "+*/)\u{d7}\u{f7} ".contains(c))
            .to_string();
        let opens = s.matches('(').count();
        let closes = s.matches(')').count();
        if opens > closes && s.starts_with('(') {
            s.remove(0);
        } else if closes > opens && s.ends_with(')') {
            s.pop();
        }
        if s.len() == before {
            break;
        }
    }
    let has_op = s.contains(|c: char| "+-*/\u{d7}\u{f7}\u{2212}".contains(c));
    (has_op && crate::game::grade::parses(&s)).then_some(s)
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
        let cases = [
            (
                "I think <answer>(3+3)*(8-4)</answer>.",
                "(3+3)*(8-4)",
                "tag",
            ),
            ("<answer>8/(3-8/3) = 24</answer>", "8/(3-8/3)", "tag"),
            ("So $\\boxed{8/(3-8/3)}$", "8/(3-8/3)", "boxed"),
            (
                "\\boxed{\\frac{8}{3-\\frac{8}{3}}}",
                "(8)/(3-(8)/(3))",
                "boxed",
            ),
            ("Answer: 8/(3-8/3).", "8/(3-8/3)", "answer line"),
            ("The answer is 8/(3-8/3)", "8/(3-8/3)", "answer line"),
            ("Final answer:\n(9-8)*3*8", "(9-8)*3*8", "answer line"),
            ("$(6-4)\\times(4+8)=24$", "(6-4)*(4+8)", "last line"),
            (
                "Let me see.\n3*8 = 24\nSo: (9-8)*3*8 = 24",
                "(9-8)*3*8",
                "last line",
            ),
            ("So 24 = 8/(3-8/3)", "8/(3-8/3)", "last line"),
            ("**8/(3-8/3)**", "8/(3-8/3)", "last line"),
            ("We get 8/(3-8/3), which is 24.", "8/(3-8/3)", "last line"),
            (
                "4 + 8 = 12\n6 - 4 = 2\n2 * 12 = 24",
                "4 + 8 = 12\n6 - 4 = 2\n2 * 12 = 24",
                "last line",
            ),
            ("<answer>2**5+3</answer>", "2**5+3", "tag"),
        ];
        for (reply, answer, source) in cases {
            assert_eq!(found(reply), (answer.to_string(), source), "{reply}");
        }
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
}
