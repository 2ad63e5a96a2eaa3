//! `census24 solve`: one hand from the arguments, or one hand per line from
//! standard input, streamed in order in parallel batches; with `--all`, every
//! solution of each hand (see [`crate::cli::cmd::distinct`]).
//!
//! Standard input is read as bytes, line by line, so that one bad line (not
//! UTF-8, too long) costs only its own answer: every other line gets its
//! answer or its error, in input order.

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde_json::json;

use crate::canon::{self, MAX_SIMPLEST_CARDS};
use crate::cli::args::SolveArgs;
use crate::cli::cmd::distinct::{self, AllConfig};
use crate::cli::cmd::{GaveUp, Status};
use crate::cli::progress;
use crate::game::deck::Deck;
use crate::game::error::InputError;
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::solve::{Closest, Outcome, max_steps, solve_hand_using};

/// Validated options of one `solve` run.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    pub target: Q,
    pub rules: Rules,
    pub closest: Closest,
    pub unicode: bool,
    pub json: bool,
    /// The deck hands over the exact solver's limit must come from.
    pub deck: Deck,
    /// Every card once, or any selection of them.
    pub uses: Use,
    /// Print the first solution found rather than the simplest.
    pub first: bool,
}

impl SolveConfig {
    pub fn from_args(args: &SolveArgs) -> SolveConfig {
        SolveConfig {
            target: args.target,
            rules: args.rules,
            closest: args.closest.map_or(Closest::Exact, Into::into),
            unicode: args.unicode,
            json: args.json,
            deck: args.deck,
            uses: args.uses,
            first: args.first,
        }
    }
}

/// One hand's answer, ready to print.
#[derive(Clone, Debug)]
pub struct Answer {
    pub hand: Hand,
    pub outcome: Outcome,
}

impl Answer {
    pub fn solved(&self, cfg: &SolveConfig) -> bool {
        self.outcome.solved(cfg.target)
    }
}

/// Solve one hand as `cfg` asks: the exact solver up to its limit, the
/// big-hand solver (for hands from the configured deck) beyond it; with
/// `--use any`, every selection of the cards (exact solver only).
pub fn answer(hand: Hand, cfg: &SolveConfig) -> Result<Answer, InputError> {
    let mut outcome = solve_hand_using(
        &hand,
        cfg.target,
        cfg.rules,
        cfg.closest,
        cfg.deck,
        cfg.uses,
    )?;
    // The solution a solved hand shows is its simplest, as in the tables:
    // the search proved one exists, the enumeration picks class 0.
    let plain = cfg.uses == Use::All && !cfg.first && hand.len() <= MAX_SIMPLEST_CARDS;
    if plain && outcome.solved(cfg.target) {
        outcome.expr = canon::simplest(&hand, cfg.target, cfg.rules)?.or(outcome.expr);
    }
    Ok(Answer { hand, outcome })
}

/// The text form: the expression alone for a single hand, `hand: expression`
/// in a batch; unreachable targets and closest values are spelled out.
pub fn render_text(a: &Answer, cfg: &SolveConfig, batch: bool) -> String {
    let body = match (&a.outcome.expr, a.outcome.value) {
        (Some(e), Some(v)) if v == cfg.target => e.to_infix_under(cfg.rules, cfg.unicode),
        (Some(e), Some(v)) => {
            format!(
                "{} = {v} (closest; {} is unreachable)",
                e.to_infix_under(cfg.rules, cfg.unicode),
                cfg.target
            )
        }
        _ => "no solution".to_string(),
    };
    if batch {
        format!("{}: {body}", a.hand)
    } else {
        body
    }
}

/// The JSON form: one object per hand. With `--use any` it also names the
/// rule (`"use": "any"`) and the cards the expression uses (`used`,
/// ascending; null when there is no expression).
pub fn render_json(a: &Answer, cfg: &SolveConfig) -> String {
    let o = &a.outcome;
    let mut out = json!({
        "hand": a.hand.to_string(),
        "cards": a.hand.cards(),
        "target": cfg.target.to_string(),
        "rules": cfg.rules.name(),
        "solvable": a.solved(cfg),
        "expression": o.expr.as_ref().map(|e| e.to_infix_under(cfg.rules, cfg.unicode)),
        "value": o.value.map(|v| v.to_string()),
        "tree": o.expr,
    });
    if cfg.uses == Use::Any {
        out["use"] = json!(cfg.uses.name());
        out["used"] = json!(o.expr.as_ref().map(|e| e.cards()));
    }
    out.to_string()
}

fn render(a: &Answer, cfg: &SolveConfig, batch: bool) -> String {
    if cfg.json {
        render_json(a, cfg)
    } else {
        render_text(a, cfg, batch)
    }
}

/// The output for one hand, ending in a newline, and whether it was solved.
pub type Block = (String, bool);

/// What `solve` does with each hand: find one solution, or list them all.
#[derive(Clone, Debug)]
pub enum Job {
    One(SolveConfig),
    All(AllConfig),
}

impl Job {
    pub fn from_args(args: &SolveArgs) -> Job {
        if args.all {
            Job::All(AllConfig::from_args(args))
        } else {
            Job::One(SolveConfig::from_args(args))
        }
    }

    /// The output for one hand, ending in a newline, and whether the hand
    /// was solved; `batch` for the `--stdin` form.
    pub fn answer(&self, hand: Hand, batch: bool) -> Result<Block, InputError> {
        match self {
            Job::One(cfg) => {
                let a = answer(hand, cfg)?;
                Ok((render(&a, cfg, batch) + "\n", a.solved(cfg)))
            }
            Job::All(cfg) => distinct::render(&hand, cfg, batch),
        }
    }

    /// Hands per parallel batch: large enough to keep every core busy,
    /// small enough that output starts at once and memory stays flat (a
    /// hand's list of every solution can run to thousands of lines).
    fn batch_size(&self) -> usize {
        match self {
            Job::One(_) => 2048,
            Job::All(_) => 256,
        }
    }

    /// Whether one hand may take long enough to deserve a spinner.
    fn may_be_slow(&self, hand: &Hand) -> bool {
        match self {
            // Big hands take a second or two at most (docs/BIG_HANDS.md);
            // exhaustive searches over 9 to 12 cards can take many.
            Job::One(_) => (9..=MAX_EXACT_CARDS).contains(&hand.len()),
            Job::All(_) => hand.len() >= 7,
        }
    }
}

fn status(solved: bool) -> Status {
    if solved {
        Status::Done
    } else {
        Status::NoSolution
    }
}

pub fn run(args: SolveArgs) -> anyhow::Result<Status> {
    crate::solve::set_max_steps(args.max_steps);
    if !args.all && args.targets.is_none() {
        if args.count {
            anyhow::bail!("--count needs --all or --targets");
        }
        if let Some(d) = args.distinct {
            anyhow::bail!("--distinct {d} needs --all or --targets");
        }
    }
    if let Some(targets) = args.targets {
        return crate::cli::cmd::targets::run(&args, targets);
    }
    let job = Job::from_args(&args);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = if args.stdin {
        run_stream(
            io::BufReader::with_capacity(1 << 16, io::stdin()),
            &mut out,
            &job,
        )?
    } else {
        let hand = Hand::parse_tokens(args.cards.iter().map(String::as_str))?;
        let spinner = job.may_be_slow(&hand).then(|| {
            progress::search_spinner(format!(
                "searching {hand} exhaustively (at most {} steps, seconds)",
                max_steps()
            ))
        });
        let result = job.answer(hand, false);
        if let Some(s) = spinner {
            s.finish_and_clear();
        }
        let (text, solved) = result?;
        out.write_all(text.as_bytes())?;
        status(solved)
    };
    out.flush()?;
    Ok(status)
}

/// The longest input line read, in bytes: a hand has at most 64 cards, so
/// anything longer is not a hand, and reading it whole could take all memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Lines of standard input as numbered text, each line on its own: a line
/// that is not UTF-8 or too long becomes that line's error.
struct Lines<R> {
    input: R,
    number: usize,
    buf: Vec<u8>,
}

/// One line read: its number and its text, or why it is not text.
type NumberedLine = (usize, Result<String, InputError>);

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The next line; `Ok(None)` at the end of the input, `Err` when
    /// reading fails.
    fn next_line(&mut self) -> io::Result<Option<NumberedLine>> {
        self.buf.clear();
        let (mut any, mut too_long) = (false, false);
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            // Room for the longest line and its line ending, no more.
            let room = (MAX_LINE_BYTES + 2).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&available[..take.min(room)]);
            too_long |= take > room;
            self.input.consume(take);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        let mut line = self.buf.as_slice();
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        if self.number == 1 {
            // A byte-order mark, as some editors write at the start of a file.
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        if too_long || line.len() > MAX_LINE_BYTES {
            let e = InputError::Other(format!(
                "the line is longer than {MAX_LINE_BYTES} bytes, which no hand needs"
            ));
            return Ok(Some((self.number, Err(e))));
        }
        let text = match std::str::from_utf8(line) {
            Ok(t) => Ok(t.to_string()),
            Err(e) => {
                let good = &line[..e.valid_up_to()];
                let column = String::from_utf8_lossy(good).chars().count() + 1;
                Err(InputError::Other(format!(
                    "not valid UTF-8 (byte 0x{:02x} at column {column})",
                    line[e.valid_up_to()]
                )))
            }
        };
        Ok(Some((self.number, text)))
    }
}

/// How long a batch waits for another line once input pauses: a program
/// that writes one hand and waits for its answer gets it at once, while a
/// file or a busy pipe still fills whole batches.
pub const IDLE_FLUSH: Duration = Duration::from_millis(20);

/// The longest a batch waits after its first line, however slowly lines
/// keep coming: a slow producer still sees answers as it goes.
pub const MAX_WAIT: Duration = Duration::from_millis(250);

/// What the reading thread passes on.
enum Input {
    Line(NumberedLine),
    /// Reading failed after this many lines.
    Failed(io::Error, usize),
}

/// Do `job` for one hand per line of `input`, printing the results in input
/// order, in parallel batches. A batch is answered when it is full, when
/// input pauses for [`IDLE_FLUSH`], or [`MAX_WAIT`] after its first line,
/// whichever comes first; each batch's answers are flushed at once. Blank
/// lines and `#` comments are skipped. A bad line is reported on stderr
/// with its line number where its answer would be; the run goes on and ends
/// with an error naming how many lines were rejected. If reading fails,
/// every line read before is answered first.
pub fn run_stream(
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
    job: &Job,
) -> anyhow::Result<Status> {
    let (mut all_solved, mut rejected, mut gave_up) = (true, 0usize, 0usize);
    let mut read_error = None;
    let batch_size = job.batch_size();
    // Lines are read on a thread of their own, so that waiting for input
    // and answering what has come are independent; the bounded channel
    // keeps memory flat when answering is the slower side. The thread is
    // not joined: should answering stop (a closed output), the process
    // must not wait for a terminal that may never send another line.
    let (tx, rx) = mpsc::sync_channel::<Input>(2 * batch_size);
    std::thread::spawn(move || {
        let mut lines = Lines::new(input);
        loop {
            let msg = match lines.next_line() {
                Ok(Some((n, Ok(text)))) => {
                    let text = text.trim();
                    if text.is_empty() || text.starts_with('#') {
                        continue;
                    }
                    Input::Line((n, Ok(text.to_string())))
                }
                Ok(Some(bad)) => Input::Line(bad),
                Ok(None) => return,
                Err(e) => Input::Failed(e, lines.number),
            };
            let failed = matches!(msg, Input::Failed(..));
            // The answering side has stopped (an error): stop too.
            if tx.send(msg).is_err() || failed {
                return;
            }
        }
    });
    {
        let mut open = true;
        while open && read_error.is_none() {
            let mut batch: Vec<NumberedLine> = Vec::with_capacity(batch_size);
            // The first line of a batch is waited for as long as it takes.
            match rx.recv() {
                Ok(Input::Line(line)) => batch.push(line),
                Ok(Input::Failed(e, n)) => read_error = Some((e, n)),
                Err(_) => open = false,
            }
            let deadline = Instant::now() + MAX_WAIT;
            while open && read_error.is_none() && !batch.is_empty() && batch.len() < batch_size {
                let wait = IDLE_FLUSH.min(deadline.saturating_duration_since(Instant::now()));
                match rx.recv_timeout(wait) {
                    Ok(Input::Line(line)) => batch.push(line),
                    Ok(Input::Failed(e, n)) => read_error = Some((e, n)),
                    Err(mpsc::RecvTimeoutError::Timeout) => break,
                    Err(mpsc::RecvTimeoutError::Disconnected) => open = false,
                }
            }
            if batch.is_empty() {
                continue;
            }
            let results: Vec<(usize, Result<Block, InputError>)> = batch
                .into_par_iter()
                .map(|(n, line)| {
                    let r = line.and_then(|text| job.answer(Hand::parse(&text)?, true));
                    (n, r)
                })
                .collect();
            for (n, r) in results {
                match r {
                    Ok((text, solved)) => {
                        all_solved &= solved;
                        out.write_all(text.as_bytes())?;
                    }
                    Err(e) => {
                        if matches!(e, InputError::TooHard { .. } | InputError::Undecided { .. }) {
                            gave_up += 1;
                        } else {
                            rejected += 1;
                        }
                        // The answers so far first, so that a terminal shows
                        // the error where the line's answer would be.
                        out.flush()?;
                        eprintln!("census24: line {n}: {e}");
                    }
                }
            }
            out.flush()?;
        }
    }
    out.flush()?;
    if let Some((e, n)) = read_error {
        return Err(anyhow::Error::new(e).context(format!("reading standard input after line {n}")));
    }
    if rejected > 0 {
        anyhow::bail!("{rejected} input line(s) rejected");
    }
    if gave_up > 0 {
        return Err(GaveUp(format!(
            "{gave_up} hand(s) gave up at the step limit (--max-steps)"
        ))
        .into());
    }
    Ok(status(all_solved))
}
