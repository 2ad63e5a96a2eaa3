//! `census24 sweep`: options to a validated [`SweepConfig`], run it, print
//! the summary paragraph.

use crate::cli::args::SweepArgs;
use crate::cli::cmd::Status;
use crate::cli::progress::hands_bar;
use crate::report::files::{ReportPlan, reports_beside, write_reports_with};
use crate::report::query::Table;
use crate::tables::sweep::{SweepConfig, sweep_keeping};

impl SweepConfig {
    /// The config of `census24 sweep` options, validated.
    pub fn from_args(args: &SweepArgs) -> Result<SweepConfig, crate::tables::sweep::PlanError> {
        SweepConfig {
            key: args.table.key(),
            out: args.out.clone(),
            shard: args.shard,
            solutions: !args.no_solutions,
            counts_only: args.counts_only,
            resumable: args.resumable,
            threads: args.threads.map(usize::from),
            skip_complete: args.skip_complete,
            stop_after_chunks: args.stop_after_chunks,
        }
        .validate()
    }
}

pub fn run(args: SweepArgs) -> anyhow::Result<Status> {
    let cfg = SweepConfig::from_args(&args)?;
    let (summary, written) = sweep_keeping(&cfg, &hands_bar(args.quiet))?;
    if !args.quiet {
        println!("{}", summary.paragraph());
    }
    // A shard part is not a table yet: its report comes after `merge`.
    if !args.no_report && cfg.shard.is_none() {
        let plan = ReportPlan {
            data: cfg.out.clone(),
            out: args
                .reports
                .clone()
                .unwrap_or_else(|| reports_beside(&cfg.out)),
            only: Some(vec![cfg.key]),
        };
        // The table just written is reported from memory, not read back.
        let fresh: Vec<_> = written
            .map(|(hands, solutions)| (cfg.key, Table::of_frames(&cfg.dir(), hands, solutions)))
            .into_iter()
            .collect();
        let written = write_reports_with(&plan, &fresh)?;
        if !args.quiet
            && let Some(readme) = written.first()
        {
            println!("Report: {}", readme.display());
        }
    }
    Ok(Status::Done)
}
