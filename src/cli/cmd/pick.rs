//! `census24 pick`: options to a validated [`PickPlan`], read the table's
//! catalog (or, for a game of at most [`MAX_SOLVED_CARDS`] cards without a
//! table, solve it in memory), pick, print the set in the asked format.

use std::io::Write;

use crate::cli::args::{PickArgs, PickFormat};
use crate::cli::cmd::Status;
use crate::report::catalog::{Entry, MAX_CLASSES, MAX_SOLVED_CARDS, solved};
use crate::report::pick::{
    PickPlan, pick, played, played_note, short_set, to_csv, to_json, to_jsonl, to_list,
};
use crate::report::query::catalog;
use crate::report::rank::{RankError, read_table, sweep_command};
use crate::report::sheet::sheet_html;
use crate::tables::layout::Part;

pub fn run(args: PickArgs) -> anyhow::Result<Status> {
    let plan = PickPlan {
        count: if args.all { usize::MAX } else { args.count },
        filter: args.filters.filter(),
        spread: args.spread,
        distinct_shapes: args.distinct_shapes,
        seed: args.seed,
        stratify: args.stratify,
    }
    .validate()?;
    let key = crate::cli::cmd::table_key(&args.game)?;
    let dir = args.data.join(key.partition());
    let cat = match read_table(&args.data, &key) {
        Ok((table, manifest)) => {
            if !table.has_solutions() {
                anyhow::bail!(
                    "{} was swept {}: pick needs its solutions table ({}); sweep the table with \
                     solutions into another folder (`census24 sweep {}`, with another --out) or \
                     remove this one first",
                    dir.display(),
                    if manifest.parameters.solutions {
                        "with --counts-only"
                    } else {
                        "with --no-solutions"
                    },
                    Part::Whole.solutions(),
                    sweep_command(&args.data, &key)
                );
            }
            catalog(&key, &table, MAX_CLASSES)?
        }
        // No table of this target (say 10 with four cards): a small game
        // is solved in memory, the same rows a sweep would write.
        Err(RankError::Missing { path, .. }) if key.k <= MAX_SOLVED_CARDS => {
            eprintln!(
                "census24: no table at {}: the game is solved in memory",
                path.display()
            );
            solved(&key)?
        }
        Err(e) => return Err(e.into()),
    };
    let set = pick(&cat, &plan)?;
    if set.is_empty() {
        eprintln!(
            "census24: no hand of {} passes these filters",
            dir.display()
        );
        return Ok(Status::NoSolution);
    }
    if set.len() < plan.count && !args.all {
        eprintln!("census24: {}", short_set(set.len(), plan.distinct_shapes));
    }
    // With --ops short of division, the figures printed are those of play
    // with the set's operations: each hand is solved again in memory.
    let format = args.format();
    let played = match format {
        PickFormat::List => Vec::new(),
        _ => played(&set, &plan, &key)?,
    };
    let shown: Vec<&Entry> = played.iter().collect();
    if let (Some(note), false) = (played_note(plan.allowed()), format == PickFormat::List) {
        eprintln!("census24: {}", note.to_lowercase());
    }
    let text = match format {
        PickFormat::List => to_list(&set),
        PickFormat::Csv => to_csv(&shown, &plan),
        PickFormat::Json => to_json(&shown, &plan),
        PickFormat::Html => sheet_html(&shown, key.target, plan.allowed()),
        PickFormat::Jsonl => to_jsonl(&shown, &plan, &key),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}
