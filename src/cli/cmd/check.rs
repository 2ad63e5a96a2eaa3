//! `census24 check`: grade answers with [`crate::game::grade`], one from the
//! arguments or one per line of standard input (JSON objects or
//! `HAND<TAB>ANSWER`), graded in parallel batches and printed in input order.

use std::io::{self, BufRead, Write};

use rayon::prelude::*;
use serde::Deserialize;

use crate::cli::args::CheckArgs;
use crate::cli::cmd::Status;
use crate::cli::stdin;
use crate::game::error::{InputError, one_line, shown};
use crate::game::family::{Game, Scoring};
use crate::game::grade::{Verdict, extract, grade};
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};

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
}

/// One graded answer, ready to print.
fn render(v: &Verdict, answer: Option<&str>, json: bool, points: Option<(u32, &str)>) -> String {
    if !json {
        let verdict = match &v.reason {
            None => "correct".to_string(),
            Some(r) => format!("wrong: {r}"),
        };
        return match points {
            Some((n, unit)) => format!("{verdict} ({n} {unit}{})", if n == 1 { "" } else { "s" }),
            None => verdict,
        };
    }
    let mut out = String::with_capacity(96);
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
    out.push(']');
    if let Some((n, _)) = points {
        out.push_str(",\"points\":");
        out.push_str(&n.to_string());
    }
    if let Some(a) = answer {
        out.push_str(",\"answer\":");
        out.push_str(&serde_json::to_string(a).expect("a string serializes"));
    }
    out.push('}');
    out
}

/// Grades `text` for `hand` (taking the answer out of it first with
/// --extract), rendered; `Ok(None)`-like faults of the answer are verdicts,
/// never errors.
fn grade_one(
    hand: &Hand,
    text: &str,
    target: Q,
    rules: Rules,
    uses: Use,
    d: &Defaults,
) -> (String, bool) {
    let (answer, taken) = if d.extract {
        match extract(text) {
            Some(a) => (a, Some(a)),
            None => ("", Some("")),
        }
    } else {
        (text, None)
    };
    let mut v = grade(hand.cards(), answer, target, rules, uses);
    if d.extract && answer.is_empty() {
        v.reason = Some("no answer found in the text".to_string());
    }
    let points = d
        .scoring
        .rewards_near_misses()
        .then(|| (v.points(&d.scoring, target), d.scoring.unit));
    (render(&v, taken, d.json, points), v.correct)
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

/// The hand of `cards`, held to the game when one was named.
fn game_hand(hand: Hand, d: &Defaults) -> Result<Hand, InputError> {
    match d.game.and_then(|g| g.hand_fault(hand.cards())) {
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
    let hand = game_hand(hand, &d)?;
    let target = target_of(None, &d)?;
    let (text, correct) = grade_one(&hand, &answer, target, d.rules, d.uses, &d);
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(if correct {
        Status::Done
    } else {
        Status::NoSolution
    })
}

/// A hand in a JSON line: `"3 3 8 8"` or `[3, 3, 8, 8]`.
#[derive(Deserialize)]
#[serde(untagged)]
enum HandField {
    Text(String),
    Cards(Vec<i64>),
}

/// A target in a JSON line: `24`, `"24"` or `"7/2"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum TargetField {
    Int(i64),
    Text(String),
}

/// Other fields (an `id`, say) are allowed and ignored.
#[derive(Deserialize)]
struct Line {
    hand: HandField,
    answer: String,
    target: Option<TargetField>,
    rules: Option<String>,
    #[serde(rename = "use")]
    uses: Option<String>,
}

/// The verdict line for one input line, and whether the answer is correct;
/// `Err` when the line itself is bad input.
fn grade_line(line: &str, d: &Defaults) -> Result<(String, bool), InputError> {
    let line = line.trim_start();
    if line.starts_with('{') {
        let l: Line = serde_json::from_str(line)
            .map_err(|e| InputError::Other(format!("not a JSON answer line ({e})")))?;
        let hand = match &l.hand {
            HandField::Text(t) => Hand::parse(t)?,
            HandField::Cards(c) => Hand::parse_tokens(
                c.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .iter()
                    .map(String::as_str),
            )?,
        };
        let hand = game_hand(hand, d)?;
        let target = match &l.target {
            None => target_of(None, d)?,
            Some(TargetField::Int(t)) => Q::int(*t),
            Some(TargetField::Text(t)) => t.parse()?,
        };
        let rules = match &l.rules {
            None => d.rules,
            Some(r) => r.parse()?,
        };
        let uses = match &l.uses {
            None => d.uses,
            Some(u) => u.parse()?,
        };
        return Ok(grade_one(&hand, &l.answer, target, rules, uses, d));
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
    let hand = game_hand(Hand::parse(hand)?, d)?;
    let target = target_of(None, d)?;
    Ok(grade_one(&hand, answer, target, d.rules, d.uses, d))
}

/// A graded line: its verdict text and whether the answer is correct, or
/// why the line is bad input.
type Graded = Result<(String, bool), InputError>;

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
            .map(|(n, line)| (n, line.and_then(|l| grade_line(&l, d))))
            .collect();
        for (n, g) in graded {
            match g {
                Ok((text, correct)) => {
                    all_correct &= correct;
                    out.write_all(text.as_bytes())?;
                    out.write_all(b"\n")?;
                }
                Err(e) => {
                    rejected += 1;
                    let e = one_line(&e.to_string());
                    let text = if d.json {
                        format!("{{\"error\":{}}}", serde_json::to_string(&e)?)
                    } else {
                        format!("error: {e}")
                    };
                    writeln!(out, "{text}")?;
                    out.flush()?;
                    eprintln!("census24: line {n}: {e}");
                }
            }
        }
        out.flush()?;
        Ok(())
    });
    out.flush()?;
    read?;
    if rejected > 0 {
        anyhow::bail!("{rejected} input line(s) rejected");
    }
    Ok(if all_correct {
        Status::Done
    } else {
        Status::NoSolution
    })
}
