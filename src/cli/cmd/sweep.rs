//! `census24 sweep`: options to a validated [`SweepConfig`] of a
//! single-target or a reach table, run it, print the summary paragraph.

use std::sync::Arc;

use crate::cli::args::SweepArgs;
use crate::cli::cmd::outcome::Status;
use crate::cli::interrupt;
use crate::cli::progress::hands_bar;
use indicatif::ProgressBar;

use crate::difficulty::pricer::Pricer;
use crate::game::rules::Use;
use crate::game::targets::TargetRange;
use crate::report::files::{ReportPlan, reports_beside, write_reports_with, write_table_report};
use crate::report::query::Table;
use crate::tables::every_target::EveryTarget;
use crate::tables::kind::TableKind;
use crate::tables::large_sets::{LargeKey, LargeSets, LargeSetsKind};
use crate::tables::layout::{Part, ReachKey, TableKey};
use crate::tables::one_target::OneTarget;
use crate::tables::registry::Key;
use crate::tables::sweep::{PlanError, SweepConfig, sweep, sweep_keeping};

impl SweepConfig<OneTarget> {
    /// The config of `census24 sweep` options, validated.
    pub fn from_args(args: &SweepArgs, key: TableKey) -> Result<SweepConfig<OneTarget>, PlanError> {
        let mut kind = OneTarget::new(key, !args.no_solutions, args.counts_only);
        kind.model = args
            .model
            .given()
            .map_err(|e| PlanError::Options(format!("{e:#}")))?;
        run_options(kind, args).validate()
    }
}

/// The options every kind of sweep shares, around the table `kind` makes.
fn run_options<K>(kind: K, args: &SweepArgs) -> SweepConfig<K> {
    SweepConfig {
        kind,
        out: args.out.clone(),
        shard: args.shard,
        resumable: args.resumable,
        threads: args.threads.map(usize::from),
        skip_complete: args.skip_complete,
        stop_after_chunks: args.stop_after_chunks,
    }
}

impl SweepConfig<EveryTarget> {
    /// The config of `census24 sweep --targets` (or a game of many
    /// targets) options, validated.
    pub fn from_args(
        args: &SweepArgs,
        key: ReachKey,
    ) -> Result<SweepConfig<EveryTarget>, PlanError> {
        if args.counts_only {
            return Err(PlanError::Options(
                "--counts-only is for tables of one target; a reach table (--targets, or a game \
                 of many targets) counts solutions unless --no-solutions"
                    .into(),
            ));
        }
        let kind = EveryTarget {
            key,
            // Any-selection tables decide targets; they count no solutions.
            solutions: !args.no_solutions && key.uses == Use::All,
            model: args
                .model
                .given()
                .map_err(|e| PlanError::Options(format!("{e:#}")))?,
        };
        run_options(kind, args).validate()
    }
}

impl SweepConfig<LargeSetsKind> {
    /// The config of `census24 sweep --game countdown --large-sets` (or
    /// `--large`) options, validated.
    pub fn from_args(
        args: &SweepArgs,
        targets: TargetRange,
    ) -> Result<SweepConfig<LargeSetsKind>, PlanError> {
        let sets = match args.large_sets {
            Some(r) => LargeSets::Range(r),
            None => LargeSets::chosen(&args.large).map_err(PlanError::Options)?,
        };
        run_options(LargeSetsKind::new(LargeKey { sets, targets }), args).validate()
    }
}

/// The run's progress bar, with Ctrl-C set to finish its line and say what
/// the run kept in `dir` ([`interrupt::exit_on_interrupt`]).
fn bar_of(args: &SweepArgs, dir: std::path::PathBuf, part: Part) -> ProgressBar {
    let bar = hands_bar(args.quiet);
    if let Err(e) = interrupt::exit_on_interrupt(bar.clone(), dir, part) {
        eprintln!("census24: Ctrl-C will stop the sweep without a word ({e})");
    }
    bar
}

/// `sweep --game countdown --large-sets`: the census of sets of large
/// numbers and its report.
fn run_large(args: &SweepArgs, targets: TargetRange) -> anyhow::Result<Status> {
    let cfg = SweepConfig::<LargeSetsKind>::from_args(args, targets)?;
    let key = Key::Large(cfg.kind.key.clone());
    run_one_report(args, &cfg, &key, None)
}

/// `sweep --targets`: the reach table and its per-target report.
fn run_reach(args: &SweepArgs, key: ReachKey) -> anyhow::Result<Status> {
    let cfg = SweepConfig::<EveryTarget>::from_args(args, key)?;
    run_one_report(args, &cfg, &Key::Reach(key), cfg.kind.model.as_ref())
}

/// Sweeps `cfg`, prints its summary, then (unless `--no-report` or a shard
/// part) writes the report of its table `key` into the reports folder and
/// names the page: the large-sets and reach tables report alike.
fn run_one_report<K: TableKind>(
    args: &SweepArgs,
    cfg: &SweepConfig<K>,
    key: &Key,
    model: Option<&Arc<Pricer>>,
) -> anyhow::Result<Status> {
    let summary = sweep(cfg, &bar_of(args, cfg.dir(), cfg.part()))?;
    if !args.quiet {
        println!("{}", summary.paragraph());
    }
    if !args.no_report && cfg.shard.is_none() {
        let out = args
            .reports
            .clone()
            .unwrap_or_else(|| reports_beside(&cfg.out));
        let readme = write_table_report(&cfg.out, &out, key, model)?;
        if !args.quiet {
            println!("Report: {}", readme.display());
        }
    }
    Ok(Status::Done)
}

pub fn run(args: SweepArgs) -> anyhow::Result<Status> {
    // The final tables are compressed on rayon's global pool: it gets the
    // threads asked for too. (It can be built once per process only; the
    // program runs one command.)
    if let Some(n) = args.threads {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n.into())
            .build_global();
    }
    let game = args.game.game();
    if args.large_sets.is_some() || !args.large.is_empty() {
        let targets = crate::cli::cmd::source::large_sets_targets(&args.game)?;
        return run_large(&args, targets);
    }
    let key = match Key::of_game(&game) {
        Some(Key::OneTarget(key)) => key,
        Some(Key::Reach(key)) => return run_reach(&args, key),
        _ => anyhow::bail!(
            "{} writes a reach table: give --targets LO..HI (one target: --targets T..T)",
            if game.uses == Use::Any {
                "--use any"
            } else {
                "a dealt target (--objective dealt)"
            }
        ),
    };
    let cfg = SweepConfig::<OneTarget>::from_args(&args, key)?;
    let (summary, written) = sweep_keeping(&cfg, &bar_of(&args, cfg.dir(), cfg.part()))?;
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
            only: Some(vec![cfg.kind.key.partition()]),
            model: cfg.kind.model.clone(),
        };
        // The table just written is reported from memory, not read back.
        let fresh: Vec<_> = written
            .map(|frames| {
                let mut frames = frames.into_iter();
                let hands = frames.next().expect("a table has a hands file");
                let table = Table::of_frames(&cfg.dir(), hands, frames.next());
                (cfg.kind.key, table.with_model(cfg.kind.params().model))
            })
            .into_iter()
            .collect();
        let written = write_reports_with(&plan, &fresh)?;
        if !args.quiet {
            if let Some(readme) = written.first() {
                println!("Report: {}", readme.display());
            }
            if let Some(page) = written.get(1) {
                println!("Explorer (open it in a browser): {}", page.display());
            }
        }
    }
    Ok(Status::Done)
}
