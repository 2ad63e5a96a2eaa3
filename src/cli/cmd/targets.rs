//! `census24 solve --targets LO..HI HAND`: every target of a range that one
//! hand reaches, with the simplest solution of each (or, with `--count`,
//! how many solutions it has), from one enumeration of the hand's classes.
//!
//! With `--use any`, a target is reached when some selection of the cards
//! reaches it: the solution shown is the simplest of the selection with the
//! fewest cards (then the first in ascending card order), and the count is
//! the sum over the distinct selections that reach it of each one's count,
//! so `100` and `100*1` from `1 100` are two solutions of 100.

use std::io::{self, Write};

use anyhow::bail;
use serde_json::json;

use crate::canon::{self, Distinct};
use crate::cli::args::SolveArgs;
use crate::cli::cmd::outcome::Status;
use crate::game::expr::Expr;
use crate::game::family::Game;
use crate::game::hand::Hand;
use crate::game::rules::Use;
use crate::game::targets::TargetRange;

use crate::canon::MAX_TARGETS_CARDS;

/// One reachable target: its simplest solution, the cards it uses and its
/// count of solutions.
struct Reached {
    target: i64,
    expression: String,
    used: Vec<i64>,
    count: u64,
}

pub fn run(args: &SolveArgs, game: &Game, targets: TargetRange) -> anyhow::Result<Status> {
    let hand = Hand::parse_tokens(args.cards.iter().map(String::as_str))?;
    if let Some(fault) = game
        .hand_fault(hand.cards())
        .filter(|_| args.game.explicit())
    {
        bail!("{fault}");
    }
    let level = args.distinct.unwrap_or_default();
    let show = |e: &Expr| e.to_infix_under(game.rules, args.unicode);
    if hand.len() > MAX_TARGETS_CARDS {
        bail!(
            "--targets takes hands of at most {MAX_TARGETS_CARDS} cards (this hand has {}); solve larger hands one --target at a time",
            hand.len()
        );
    }
    if level == Distinct::Trees {
        bail!("--targets counts dissimilar or structural solutions, not --distinct none");
    }
    let count_of = |sols: &canon::Solutions| match level {
        Distinct::Structural => sols.structural() as u64,
        _ => sols.dissimilar as u64,
    };
    let reached: Vec<Reached> = match game.uses {
        Use::All => canon::solutions_by_target(&hand, targets.lo, targets.hi, game.rules)?
            .into_iter()
            .map(|(target, sols)| Reached {
                target,
                expression: show(&sols.classes[0].expr),
                used: hand.cards().to_vec(),
                count: count_of(&sols),
            })
            .collect(),
        Use::Any => canon::selections_by_target(&hand, targets.lo, targets.hi, game.rules)?
            .into_iter()
            .map(|(target, selections)| {
                let first = &selections[0].1.classes[0].expr;
                Reached {
                    target,
                    expression: show(first),
                    used: first.cards(),
                    count: selections.iter().map(|(_, sols)| count_of(sols)).sum(),
                }
            })
            .collect(),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    for r in &reached {
        if args.json {
            // A target is a string in every JSON record (exact fractions:
            // `solve --json --target 7/2` says "7/2").
            let mut o = json!({
                "hand": hand.to_string(),
                "target": r.target.to_string(),
                "rules": game.rules.to_string(),
                "expression": r.expression,
            });
            if game.uses == Use::Any {
                o["use"] = json!(game.uses.name());
                o["used"] = json!(r.used);
            }
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
