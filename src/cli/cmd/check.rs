//! `census24 check`: grade answers with [`crate::game::grade`] (an
//! expression) or [`crate::game::steps`] (steps), taken out of a reply by
//! [`crate::game::extract`] with `--extract`; one from the arguments or one
//! per line of standard input (JSON objects or `HAND<TAB>ANSWER`), graded in
//! parallel batches and printed in input order, one output line per input
//! line. A JSON line that says whether its task is `solvable` (a `census24
//! tasks` line) is graded by [`crate::game::unsolvable`]: "there is no
//! solution" is then an answer.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use rayon::prelude::*;

use crate::cli::args::CheckArgs;
use crate::cli::cmd::outcome::Status;
use crate::cli::stdin;
use crate::game::error::{InputError, shown};
use crate::game::extract::{Extraction, extract};
use crate::game::family::{Game, Scoring};
use crate::game::grade::{Format, grade_as};
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::game::unsolvable::{TaskFacts, settle_text};
use crate::game::verdict::Verdict;

/// The rules every answer is graded under unless its line says otherwise,
/// and how verdicts are printed.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    /// The game's one target; `None` for a game of many (each answer then
    /// names its own).
    pub target: Option<Q>,
    pub rules: Rules,
    pub uses: Use,
    /// How an answer scores: with near misses scored (Countdown, Digits)
    /// each verdict gives its points.
    pub scoring: Scoring,
    /// The game each hand must be a hand of, when one was named.
    pub game: Option<Game>,
    pub json: bool,
    pub extract: bool,
    /// How answers are written (auto: told apart by each answer).
    pub format: Format,
    /// Whether every verdict gives its score, whatever the game.
    pub score: bool,
}

/// What is printed besides the verdict.
struct Extras<'a> {
    /// With --extract: what was graded and where it was found.
    taken: Option<(&'a str, Option<&'static str>)>,
    /// The score and its unit, when shown.
    score: Option<(u32, &'static str)>,
    format: Format,
    /// The input line's own fields, echoed (JSON objects only).
    echo: &'a [(String, serde_json::Value)],
}

/// One graded answer, ready to print.
fn render(v: &Verdict, x: &Extras<'_>, json: bool) -> String {
    if !json {
        let verdict = match &v.reason {
            None => "correct".to_string(),
            Some(r) => format!("wrong: {r}"),
        };
        return match x.score {
            Some((n, unit)) => format!("{verdict} ({n} {unit}{})", if n == 1 { "" } else { "s" }),
            None => verdict,
        };
    }
    let mut out = String::with_capacity(128);
    out.push_str(if v.correct {
        "{\"correct\":true,\"reason\":"
    } else {
        "{\"correct\":false,\"reason\":"
    });
    match &v.reason {
        None => out.push_str("null"),
        Some(r) => out.push_str(&serde_json::to_string(r).expect("a string serializes")),
    }
    out.push_str(",\"value\":");
    match v.value {
        None => out.push_str("null"),
        Some(q) => {
            out.push('"');
            out.push_str(&q.to_string());
            out.push('"');
        }
    }
    out.push_str(",\"cards_used\":[");
    for (i, c) in v.cards_used.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&c.to_string());
    }
    out.push_str("],\"format\":\"");
    out.push_str(x.format.name());
    out.push('"');
    if let Some((n, _)) = x.score {
        out.push_str(",\"score\":");
        out.push_str(&n.to_string());
    }
    if let Some((a, source)) = x.taken {
        out.push_str(",\"answer\":");
        out.push_str(&serde_json::to_string(a).expect("a string serializes"));
        out.push_str(",\"source\":");
        match source {
            Some(s) => out.push_str(&serde_json::to_string(s).expect("a string serializes")),
            None => out.push_str("null"),
        }
    }
    out.push_str(&echoed(x.echo));
    out.push('}');
    out
}

/// One answer to grade, with the rules of its line.
struct ToGrade<'a> {
    hand: &'a Hand,
    text: &'a str,
    target: Q,
    rules: Rules,
    uses: Use,
    format: Format,
    echo: &'a [(String, serde_json::Value)],
    /// What the line says of its task (`solvable`, `closest`).
    facts: TaskFacts,
}

/// Grades a job (taking the answer out of the text first with
/// --extract), rendered; faults of the answer are verdicts, never errors.
fn grade_one(j: &ToGrade<'_>, d: &Defaults) -> (String, bool) {
    let (answer, taken, no_answer) = if d.extract {
        match extract(j.text) {
            Extraction::Found { answer, source } => (Cow::Owned(answer), Some(source.name()), None),
            Extraction::NoAnswer(why) => (Cow::Borrowed(""), None, Some(why)),
        }
    } else {
        (Cow::Borrowed(j.text), None, None)
    };
    let (mut v, format) = grade_as(j.hand.cards(), &answer, j.target, j.rules, j.uses, j.format);
    if let Some(why) = no_answer {
        v = Verdict {
            correct: false,
            reason: Some(why),
            value: None,
            cards_used: Vec::new(),
            legal: false,
        };
    }
    let g = settle_text(v, j.text, j.facts, &d.scoring, j.target);
    let v = g.verdict;
    let shown = d.score || d.scoring.rewards_near_misses();
    let x = Extras {
        taken: d.extract.then_some((answer.as_ref(), taken)),
        score: shown.then_some((g.points, d.scoring.unit)),
        format,
        echo: j.echo,
    };
    (render(&v, &x, d.json), v.correct)
}

/// `Ok(target)`, or the bad input of a game of many targets whose answer
/// names none.
fn target_of(given: Option<Q>, d: &Defaults) -> Result<Q, InputError> {
    given.or(d.target).ok_or_else(|| {
        InputError::Other(
            "this game has many targets: give the answer's target (--target T, or \"target\" in a JSON line)"
                .to_string(),
        )
    })
}

/// The hand of `cards`, held to the game when one was named: its size
/// and deck, and in a game whose objective is dealt after the hand
/// (Krypto) an objective `target` the deck still holds.
fn game_hand(hand: Hand, target: Q, d: &Defaults) -> Result<Hand, InputError> {
    match d.game.and_then(|g| g.deal_fault(hand.cards(), target)) {
        Some(fault) => Err(InputError::Other(fault)),
        None => Ok(hand),
    }
}

pub fn run(args: CheckArgs) -> anyhow::Result<Status> {
    let game = args.game.game();
    let d = Defaults {
        target: game.target(),
        rules: game.rules,
        uses: game.uses,
        scoring: game.scoring,
        game: args.game.explicit().then_some(game),
        json: args.json,
        extract: args.extract,
        format: args.format,
        score: args.score,
    };
    if args.stdin {
        let stdout = io::stdout();
        let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
        let status = run_stream(
            io::BufReader::with_capacity(1 << 16, io::stdin()),
            &mut out,
            &d,
        )?;
        out.flush()?;
        return Ok(status);
    }
    let (hand, answer) = match &args.hand {
        Some(h) => {
            let mut words = args.words.clone();
            words.extend(args.answer.iter().cloned());
            let answer = words.join(" ");
            if answer.trim().is_empty() {
                anyhow::bail!(
                    "no answer: give it after the hand (`census24 check --hand \"3 3 8 8\" \"8/(3-8/3)\"`)"
                );
            }
            (Hand::parse(h)?, answer)
        }
        None => {
            if args.answer.is_empty() {
                anyhow::bail!(
                    "no answer: give the cards, then `--` and the answer (`census24 check 3 3 8 8 -- \"8/(3-8/3)\"`), or --hand \"CARDS\" ANSWER"
                );
            }
            (
                Hand::parse_tokens(args.words.iter().map(String::as_str))?,
                args.answer.join(" "),
            )
        }
    };
    let (text, correct) = grade_plain(hand, &answer, &d)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(if correct {
        Status::Done
    } else {
        Status::NoSolution
    })
}

/// The fields a JSON line may hold.
const KNOWN_FIELDS: &[&str] = &["hand", "answer", "target", "rules", "use", "format"];

/// Fields of the verdict an input field may not echo over.
const RESERVED: &[&str] = &[
    "correct",
    "reason",
    "value",
    "cards_used",
    "score",
    "source",
    "error",
];

/// Why `key`, a field no answer line has, is bad input: it differs from a
/// known field only by case, separators or one letter (`Target`, `targt`,
/// `targets`), so it was surely meant as that field; `None` for a field of
/// the caller's own (an `id`), which is echoed.
fn near_miss(key: &str) -> Option<String> {
    let squashed: String = key
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let meant = KNOWN_FIELDS.iter().find(|&&k| {
        squashed == k
            || (k.len() >= 3 && squashed.len() >= 3 && one_edit(&squashed, k))
            || squashed.strip_suffix('s') == Some(k)
            || k.strip_suffix('s') == Some(squashed.as_str())
    })?;
    Some(format!(
        "field \"{}\" is not known: did you mean \"{meant}\"? (fields: {})",
        shown(key),
        KNOWN_FIELDS.join(", ")
    ))
}

/// Whether `a` and `b` differ by exactly one letter inserted, removed or
/// changed (`use` and `user` do not count: a three-letter field is too
/// short to guess at, save the plural).
fn one_edit(a: &str, b: &str) -> bool {
    if a == b || a.len().min(b.len()) < 4 {
        return false;
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    match long.len() - short.len() {
        0 => {
            short
                .iter()
                .zip(long.iter())
                .filter(|(x, y)| x != y)
                .count()
                == 1
        }
        1 => {
            let i = short
                .iter()
                .zip(long.iter())
                .take_while(|(x, y)| x == y)
                .count();
            short[i..] == long[i + 1..]
        }
        _ => false,
    }
}

/// A JSON answer line: its known fields, and the others in their order
/// (echoed). Read by a visitor of its own rather than into a map: a line
/// of two fields costs no map and no key allocations.
#[derive(Default)]
struct Line {
    hand: Option<serde_json::Value>,
    answer: Option<serde_json::Value>,
    target: Option<serde_json::Value>,
    rules: Option<serde_json::Value>,
    uses: Option<serde_json::Value>,
    format: Option<serde_json::Value>,
    others: Vec<(String, serde_json::Value)>,
}

impl Line {
    /// The value of the known field `key`.
    fn known(&self, key: &str) -> Option<&serde_json::Value> {
        match key {
            "hand" => self.hand.as_ref(),
            "answer" => self.answer.as_ref(),
            "target" => self.target.as_ref(),
            "rules" => self.rules.as_ref(),
            "use" => self.uses.as_ref(),
            _ => self.format.as_ref(),
        }
    }

    /// A field's value as text: `24`, `"24"` or `"7/2"` (a number only
    /// for the target).
    fn text(&self, key: &str) -> Result<Option<&str>, InputError> {
        match self.known(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(InputError::Other(format!(
                "field \"{key}\" is {}, not {}",
                shown(&other.to_string()),
                if key == "target" {
                    "an integer or a string"
                } else {
                    "a string"
                }
            ))),
        }
    }
}

/// A field name, borrowed from the line when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Key<'de>, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Key<'de>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a field name")
            }

            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }

            fn visit_str<E>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(Visit)
    }
}

impl<'de> serde::Deserialize<'de> for Line {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Line, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Line;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Line, M::Error> {
                let mut line = Line::default();
                while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                    let value: serde_json::Value = map.next_value()?;
                    let slot = match key.as_ref() {
                        "hand" => &mut line.hand,
                        "answer" => &mut line.answer,
                        "target" => &mut line.target,
                        "rules" => &mut line.rules,
                        "use" => &mut line.uses,
                        "format" => &mut line.format,
                        _ => {
                            line.others.push((key.into_owned(), value));
                            continue;
                        }
                    };
                    if slot.replace(value).is_some() {
                        return Err(serde::de::Error::custom(format!("field \"{key}\" twice")));
                    }
                }
                Ok(line)
            }
        }
        d.deserialize_map(Visit)
    }
}

/// The verdict line for one JSON object line.
fn grade_object(text: &str, d: &Defaults) -> Result<(String, bool), InputError> {
    let l: Line = serde_json::from_str(text)
        .map_err(|e| InputError::Other(format!("not a JSON answer line ({e})")))?;
    for (key, _) in &l.others {
        if let Some(fault) = near_miss(key) {
            return Err(InputError::Other(fault));
        }
        if RESERVED.contains(&key.as_str()) {
            return Err(InputError::Other(format!(
                "field \"{key}\" is a field of the verdict and cannot be echoed"
            )));
        }
    }
    let hand = match &l.hand {
        Some(serde_json::Value::String(t)) => Hand::parse(t)?,
        Some(serde_json::Value::Array(cards)) => {
            let words: Vec<String> = cards
                .iter()
                .map(|c| match c {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect();
            Hand::parse_tokens(words.iter().map(String::as_str))?
        }
        Some(other) => {
            return Err(InputError::Other(format!(
                "field \"hand\" is {}, not a string or a list of cards",
                shown(&other.to_string())
            )));
        }
        None => return Err(InputError::Other("the line has no \"hand\"".to_string())),
    };
    let Some(answer) = l.text("answer")? else {
        return Err(InputError::Other("the line has no \"answer\"".to_string()));
    };
    let target = match &l.target {
        Some(serde_json::Value::Number(n)) => n.to_string().parse()?,
        _ => match l.text("target")? {
            None => target_of(None, d)?,
            Some(t) => t.parse()?,
        },
    };
    let hand = game_hand(hand, target, d)?;
    let rules = match l.text("rules")? {
        None => d.rules,
        Some(r) => r.parse()?,
    };
    let uses = match l.text("use")? {
        None => d.uses,
        Some(u) => u.parse()?,
    };
    let format = match l.text("format")? {
        None => d.format,
        Some(f) => f.parse()?,
    };
    let job = ToGrade {
        hand: &hand,
        text: answer,
        target,
        rules,
        uses,
        format,
        echo: &l.others,
        facts: facts_of(&l.others)?,
    };
    Ok(grade_one(&job, d))
}

/// What a task line says of its task: `solvable` (true or false) and
/// `closest` (an integer), both echoed fields; null or absent is not said.
fn facts_of(others: &[(String, serde_json::Value)]) -> Result<TaskFacts, InputError> {
    let mut facts = TaskFacts::default();
    for (key, value) in others {
        let bad = |want: &str| {
            InputError::Other(format!(
                "field \"{key}\" is {}, not {want}",
                shown(&value.to_string())
            ))
        };
        match (key.as_str(), value) {
            (_, serde_json::Value::Null) => {}
            ("solvable", serde_json::Value::Bool(b)) => facts.solvable = Some(*b),
            ("solvable", _) => return Err(bad("true or false")),
            ("closest", serde_json::Value::Number(n)) => {
                facts.closest = Some(Q::int(n.as_i64().ok_or_else(|| bad("an integer"))?));
            }
            ("closest", _) => return Err(bad("an integer")),
            _ => {}
        }
    }
    Ok(facts)
}

/// The verdict line for one input line, and whether the answer is correct;
/// `Err` when the line itself is bad input.
fn grade_line(line: &str, d: &Defaults) -> Result<(String, bool), InputError> {
    let line = line.trim_start();
    if line.starts_with('{') {
        return grade_object(line, d);
    }
    if line.matches('\t').count() > 1 {
        return Err(InputError::Other(
            "a line holds more than HAND<TAB>ANSWER (a second tab)".to_string(),
        ));
    }
    let Some((hand, answer)) = line.split_once('\t') else {
        return Err(InputError::Other(format!(
            "\"{}\" is neither a JSON object nor HAND<TAB>ANSWER",
            shown(line)
        )));
    };
    grade_plain(Hand::parse(hand)?, answer, d)
}

/// The verdict on `answer` for `hand` under the command's own game (its
/// target, rules and use): no task line's facts, nothing echoed.
fn grade_plain(hand: Hand, answer: &str, d: &Defaults) -> Result<(String, bool), InputError> {
    let target = target_of(None, d)?;
    let hand = game_hand(hand, target, d)?;
    let job = ToGrade {
        hand: &hand,
        text: answer,
        target,
        rules: d.rules,
        uses: d.uses,
        format: d.format,
        echo: &[],
        facts: TaskFacts::default(),
    };
    Ok(grade_one(&job, d))
}

/// A graded line: its verdict text and whether the answer is correct, or
/// why the line is bad input and the fields its error line echoes.
type Graded = Result<(String, bool), (InputError, String)>;

/// The fields a bad JSON line's error object echoes, so that it is joined
/// to its input as a verdict is; empty for a line that is not a JSON
/// object, or without --json.
fn echo_of(text: &str, d: &Defaults) -> String {
    match serde_json::from_str::<Line>(text.trim()) {
        Ok(l) if d.json => echoed(&l.others),
        _ => String::new(),
    }
}

/// A JSON line's own fields, those neither reserved nor near misses of
/// known ones, as they continue a JSON object: `,"id":7`.
fn echoed(others: &[(String, serde_json::Value)]) -> String {
    let mut out = String::new();
    for (k, v) in others {
        if RESERVED.contains(&k.as_str()) || near_miss(k).is_some() {
            continue;
        }
        out.push(',');
        out.push_str(&serde_json::to_string(k).expect("a string serializes"));
        out.push(':');
        out.push_str(&v.to_string());
    }
    out
}

/// Lines graded at a time: enough for both cores, few enough that a batch
/// is answered at once.
const BATCH: usize = 16_384;

/// Grades every line of `input` (read by [`stdin::for_each_batch`]: blank
/// and `#` lines skipped, at most [`stdin::MAX_LINE_BYTES`] a line),
/// verdicts in input order. A bad line gets `error: ...` (JSON:
/// `{"error": ...}`) in its place and one line on stderr naming its
/// number; the run then ends with an error (exit status 2).
pub fn run_stream(
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
    d: &Defaults,
) -> anyhow::Result<Status> {
    let (mut all_correct, mut rejected) = (true, 0usize);
    let read = stdin::for_each_batch(input, BATCH, |batch| {
        let graded: Vec<(usize, Graded)> = batch
            .into_par_iter()
            .map(|(n, line)| {
                let g = match line {
                    Ok(l) => grade_line(&l, d).map_err(|e| (e, echo_of(&l, d))),
                    Err(e) => Err((e, String::new())),
                };
                (n, g)
            })
            .collect();
        for (n, g) in graded {
            match g {
                Ok((text, correct)) => {
                    all_correct &= correct;
                    out.write_all(text.as_bytes())?;
                    out.write_all(b"\n")?;
                }
                Err((e, echo)) => {
                    rejected += 1;
                    stdin::reject_line(out, n, &e.to_string(), d.json, &echo)?;
                }
            }
        }
        out.flush()?;
        Ok(())
    });
    stdin::finish(out, read, rejected)?;
    Ok(if all_correct {
        Status::Done
    } else {
        Status::NoSolution
    })
}
