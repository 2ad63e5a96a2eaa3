//! `census24 solve`: one hand from the arguments, or one hand per line from
//! standard input, streamed in order in parallel batches.

use std::io::{self, BufRead, Write};

use anyhow::Context;
use rayon::prelude::*;
use serde_json::json;

use crate::cli::args::SolveArgs;
use crate::cli::cmd::Status;
use crate::game::deck::Deck;
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::solve::{Closest, Outcome, solve_hand};

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
/// big-hand solver (for hands from the configured deck) beyond it.
pub fn answer(hand: Hand, cfg: &SolveConfig) -> Result<Answer, InputError> {
    let outcome = solve_hand(&hand, cfg.target, cfg.rules, cfg.closest, cfg.deck)?;
    Ok(Answer { hand, outcome })
}

/// The text form: the expression alone for a single hand, `hand: expression`
/// in a batch; unreachable targets and closest values are spelled out.
pub fn render_text(a: &Answer, cfg: &SolveConfig, batch: bool) -> String {
    let body = match (&a.outcome.expr, a.outcome.value) {
        (Some(e), Some(v)) if v == cfg.target => e.to_infix(cfg.unicode),
        (Some(e), Some(v)) => {
            format!(
                "{} = {v} (closest; {} is unreachable)",
                e.to_infix(cfg.unicode),
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

/// The JSON form: one object per hand.
pub fn render_json(a: &Answer, cfg: &SolveConfig) -> String {
    let o = &a.outcome;
    json!({
        "hand": a.hand.to_string(),
        "cards": a.hand.cards(),
        "target": cfg.target.to_string(),
        "rules": cfg.rules.name(),
        "solvable": a.solved(cfg),
        "expression": o.expr.as_ref().map(|e| e.to_infix(cfg.unicode)),
        "value": o.value.map(|v| v.to_string()),
        "tree": o.expr,
    })
    .to_string()
}

fn render(a: &Answer, cfg: &SolveConfig, batch: bool) -> String {
    if cfg.json {
        render_json(a, cfg)
    } else {
        render_text(a, cfg, batch)
    }
}

pub fn run(args: SolveArgs) -> anyhow::Result<Status> {
    if args.all {
        return crate::cli::cmd::distinct::run(&args);
    }
    let cfg = SolveConfig::from_args(&args);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = if args.stdin {
        run_stream(io::stdin().lock(), &mut out, &cfg)?
    } else {
        let hand = Hand::parse_tokens(args.cards.iter().map(String::as_str))?;
        let a = answer(hand, &cfg)?;
        writeln!(out, "{}", render(&a, &cfg, false))?;
        if a.solved(&cfg) {
            Status::Done
        } else {
            Status::NoSolution
        }
    };
    out.flush()?;
    Ok(status)
}

/// Hands per parallel batch: large enough to keep both cores busy, small
/// enough that output starts at once and memory stays flat.
const BATCH: usize = 2048;

/// Solve one hand per line of `input`, printing results in input order.
/// A bad line is reported on stderr with its line number; the run goes on and
/// ends with an error naming how many lines were rejected.
pub fn run_stream(
    input: impl BufRead,
    out: &mut impl Write,
    cfg: &SolveConfig,
) -> anyhow::Result<Status> {
    let mut lines = input.lines().enumerate();
    let (mut all_solved, mut rejected) = (true, 0usize);
    loop {
        let mut batch = Vec::with_capacity(BATCH);
        for (i, line) in lines.by_ref() {
            let line = line.context("reading standard input")?;
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            batch.push((i + 1, text.to_string()));
            if batch.len() == BATCH {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let results: Vec<(usize, Result<Answer, InputError>)> = batch
            .into_par_iter()
            .map(|(n, text)| (n, Hand::parse(&text).and_then(|h| answer(h, cfg))))
            .collect();
        for (n, r) in results {
            match r {
                Ok(a) => {
                    all_solved &= a.solved(cfg);
                    writeln!(out, "{}", render(&a, cfg, true))?;
                }
                Err(e) => {
                    rejected += 1;
                    eprintln!("census24: line {n}: {e}");
                }
            }
        }
    }
    if rejected > 0 {
        anyhow::bail!("{rejected} input line(s) rejected");
    }
    Ok(if all_solved {
        Status::Done
    } else {
        Status::NoSolution
    })
}
