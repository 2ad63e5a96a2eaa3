//! `census24 solve --targets LO..HI HAND`: every target of a range that one
//! hand reaches, with the simplest solution of each (or, with `--count`,
//! how many solutions it has), from one enumeration of the hand's classes.

use std::io::{self, Write};

use anyhow::bail;
use serde_json::json;

use crate::canon::{self, Distinct, MAX_DISTINCT_CARDS};
use crate::cli::args::SolveArgs;
use crate::cli::cmd::Status;
use crate::game::hand::Hand;
use crate::game::targets::TargetRange;

/// One reachable target: its simplest solution and its count of solutions.
struct Reached {
    target: i64,
    expression: String,
    count: u64,
}

pub fn run(args: &SolveArgs, targets: TargetRange) -> anyhow::Result<Status> {
    let hand = Hand::parse_tokens(args.cards.iter().map(String::as_str))?;
    let level = args.distinct.unwrap_or_default();
    let show = |e: &crate::game::expr::Expr| e.to_infix_under(args.rules, args.unicode);
    if hand.len() > MAX_DISTINCT_CARDS {
        bail!(
            "--targets takes hands of at most {MAX_DISTINCT_CARDS} cards (this hand has {}); solve larger hands one --target at a time",
            hand.len()
        );
    }
    if level == Distinct::Trees {
        bail!("--targets counts dissimilar or structural solutions, not --distinct none");
    }
    let reached: Vec<Reached> =
        canon::solutions_by_target(&hand, targets.lo, targets.hi, args.rules)?
            .into_iter()
            .map(|(target, sols)| Reached {
                target,
                expression: show(&sols.classes[0].expr),
                count: match level {
                    Distinct::Structural => sols.structural() as u64,
                    _ => sols.dissimilar as u64,
                },
            })
            .collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for r in &reached {
        if args.json {
            let mut o = json!({
                "hand": hand.to_string(),
                "target": r.target,
                "rules": args.rules.to_string(),
                "expression": r.expression,
            });
            if args.count {
                o["count"] = json!(r.count);
            }
            writeln!(out, "{o}")?;
        } else if args.count {
            writeln!(out, "{}: {}", r.target, r.count)?;
        } else {
            writeln!(out, "{}: {}", r.target, r.expression)?;
        }
    }
    if reached.is_empty() && !args.json {
        writeln!(out, "no target in {targets} is reachable")?;
    }
    out.flush()?;
    Ok(if reached.is_empty() {
        Status::NoSolution
    } else {
        Status::Done
    })
}
