//! `census24 solve`: one hand from the arguments, or one hand per line from
//! standard input, streamed in order in parallel batches; with `--all`, every
//! solution of each hand (see [`crate::cli::cmd::distinct`]).
//!
//! Standard input is read as bytes, line by line, so that one bad line (not
//! UTF-8, too long) costs only its own answer: every other line gets its
//! answer or its error, in input order.

use std::io::{self, BufRead, Write};

use rayon::prelude::*;
use serde_json::json;

use crate::canon::{self, answer::Pick, answer::Policy};
use crate::cli::args::SolveArgs;
use crate::cli::cmd::distinct::{self, AllConfig};
use crate::cli::cmd::outcome::{GaveUp, Status};
use crate::cli::progress;
use crate::cli::stdin;
use crate::game::error::InputError;
use crate::game::family::{Game, Targets};
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::solve::Outcome;

/// Validated options of one `solve` run.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    pub target: Q,
    pub rules: Rules,
    /// Every card once, or any selection of them.
    pub uses: Use,
    /// How each hand is answered: simplest or first, closest, the big
    /// hands' deck, the step budget.
    pub policy: Policy,
    pub unicode: bool,
    pub json: bool,
    /// The game each hand must be a hand of (its size and deck), when one
    /// was named (`--game`, `-k`, `--values` or `--deck`).
    pub game: Option<Game>,
}

impl SolveConfig {
    /// The config of `args` for `game`, whose one `target` is given.
    pub fn from_args(args: &SolveArgs, game: &Game, target: Q) -> SolveConfig {
        let mut policy = Policy::of_game(game);
        if args.first {
            policy.pick = Pick::First;
        }
        if let Some(c) = args.closest {
            policy.search.closest = c;
        }
        policy.search.max_steps = args.max_steps;
        SolveConfig {
            target,
            rules: game.rules,
            uses: game.uses,
            policy,
            unicode: args.unicode,
            json: args.json,
            game: args.game.explicit().then_some(*game),
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

/// Solve one hand as `cfg` asks ([`canon::answer::answer`]: the exact
/// solver up to its limit, the big-hand solver beyond it, every selection
/// with `--use any`; the simplest solution unless `--first`).
pub fn answer(hand: Hand, cfg: &SolveConfig) -> Result<Answer, InputError> {
    let outcome = canon::answer::answer(&hand, cfg.target, cfg.rules, cfg.uses, &cfg.policy)?;
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
    pub fn from_args(args: &SolveArgs, game: &Game, target: Q) -> Job {
        if args.all {
            Job::All(AllConfig::from_args(args, game, target))
        } else {
            Job::One(SolveConfig::from_args(args, game, target))
        }
    }

    /// The output for one hand, ending in a newline, and whether the hand
    /// was solved; `batch` for the `--stdin` form.
    pub fn answer(&self, hand: Hand, batch: bool) -> Result<Block, InputError> {
        let (game, target) = match self {
            Job::One(cfg) => (cfg.game, cfg.target),
            Job::All(cfg) => (cfg.game, cfg.target),
        };
        // A named game's hand: its size and deck, and the objective the
        // deck deals after it (Krypto).
        if let Some(fault) = game.and_then(|g| g.deal_fault(hand.cards(), target)) {
            return Err(InputError::Other(fault));
        }
        match self {
            Job::One(cfg) => {
                let a = answer(hand, cfg)?;
                Ok((render(&a, cfg, batch) + "\n", a.solved(cfg)))
            }
            Job::All(cfg) => distinct::render(&hand, cfg, batch),
        }
    }

    /// Whether answers are JSON objects.
    pub fn json(&self) -> bool {
        match self {
            Job::One(cfg) => cfg.json,
            Job::All(cfg) => cfg.json,
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
    let game = args.game.game();
    if !args.all && game.target().is_some() {
        if args.count {
            anyhow::bail!("--count needs --all or --targets");
        }
        if let Some(d) = args.distinct {
            anyhow::bail!("--distinct {d} needs --all or --targets");
        }
    }
    let target = match game.targets {
        Targets::One(t) => t,
        Targets::Range(targets) => {
            let clash = [
                (args.stdin, "--stdin"),
                (args.all, "--all"),
                (args.closest.is_some(), "--closest"),
            ];
            if let Some((_, flag)) = clash.iter().find(|c| c.0) {
                anyhow::bail!(
                    "{flag} answers one target: give --target T (targets {targets} list every one the hand reaches)"
                );
            }
            return crate::cli::cmd::targets::run(&args, &game, targets);
        }
    };
    let job = Job::from_args(&args, &game, target);
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
                args.max_steps
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

/// Do `job` for one hand per line of `input`, printing the results in input
/// order, in parallel batches ([`stdin::for_each_batch`]); each batch's
/// answers are flushed at once. Blank
/// lines and `#` comments are skipped. A bad line gets one output line in
/// place of its answer ([`error_line`]) and is reported on stderr with its
/// line number; the run goes on and ends
/// with an error naming how many lines were rejected. If reading fails,
/// every line read before is answered first.
pub fn run_stream(
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
    job: &Job,
) -> anyhow::Result<Status> {
    let (mut all_solved, mut rejected, mut gave_up) = (true, 0usize, 0usize);
    let read = stdin::for_each_batch(input, job.batch_size(), |batch| {
        let results: Vec<(usize, Result<Block, InputError>)> = batch
            .into_par_iter()
            .map(|(n, line)| {
                let r = line.and_then(|text| job.answer(Hand::parse(text.trim())?, true));
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
                    stdin::reject_line(out, n, &e.to_string(), job.json(), "")?;
                }
            }
        }
        out.flush()?;
        Ok(())
    });
    stdin::finish(out, read, rejected)?;
    if gave_up > 0 {
        return Err(GaveUp(format!(
            "{gave_up} hand(s) gave up at the step limit (--max-steps)"
        ))
        .into());
    }
    Ok(status(all_solved))
}
