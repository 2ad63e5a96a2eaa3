//! `census24 pick`: options to a validated [`PickPlan`], read the table's
//! catalog, pick, print the set in the asked format.

use std::io::Write;

use crate::cli::args::{PickArgs, PickFormat};
use crate::cli::cmd::Status;
use crate::report::catalog::MAX_CLASSES;
use crate::report::pick::{PickPlan, pick, to_csv, to_json, to_jsonl, to_list};
use crate::report::query::catalog;
use crate::report::rank::{read_table, sweep_command};
use crate::report::sheet::sheet_html;
use crate::tables::layout::Part;

pub fn run(args: PickArgs) -> anyhow::Result<Status> {
    let plan = PickPlan {
        count: if args.all { usize::MAX } else { args.count },
        tiers: args.filters.tier.clone(),
        min_time: args.filters.min_time,
        max_time: args.filters.max_time,
        time_limit: args.filters.time_limit,
        ops: args.ops.clone(),
        spread: args.spread,
        distinct_shapes: args.distinct_shapes,
        seed: args.seed,
        stratify: args.stratify,
    }
    .validate()?;
    let key = crate::cli::cmd::table_key(&args.game)?;
    let dir = args.data.join(key.partition());
    let (table, manifest) = read_table(&args.data, &key)?;
    if !table.has_solutions() {
        anyhow::bail!(
            "{} was swept {}: pick needs its solutions table ({}); sweep the table with solutions \
             into another folder (`census24 sweep {}`, with another --out) or remove this one first",
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
    let cat = catalog(&key, &table, MAX_CLASSES)?;
    let set = pick(&cat, &plan)?;
    if set.is_empty() {
        eprintln!(
            "census24: no hand of {} passes these filters",
            dir.display()
        );
        return Ok(Status::NoSolution);
    }
    if set.len() < plan.count && !args.all {
        eprintln!(
            "census24: only {} hands {} these filters",
            set.len(),
            if plan.distinct_shapes {
                "with distinct shapes pass"
            } else {
                "pass"
            }
        );
    }
    let text = match args.format() {
        PickFormat::List => to_list(&set),
        PickFormat::Csv => to_csv(&set, &plan),
        PickFormat::Json => to_json(&set, &plan),
        PickFormat::Html => sheet_html(&set, key.target, plan.allowed()),
        PickFormat::Jsonl => to_jsonl(&set, &plan, &key),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}
