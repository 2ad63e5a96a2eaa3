//! `census24 sweep`: options to the key of the table asked ([`Key`]: the
//! game's kind, or a census of the large sets named) and a [`Request`],
//! the kind's validated sweep of it ([`registry::plan`]), run, its summary
//! paragraph and its report. A table of one target is reported from
//! memory; every other kind is read back.

use crate::cli::args::{GameArgs, SweepArgs};
use crate::cli::cmd::outcome::Status;
use crate::cli::interrupt::{self, Watch};
use crate::cli::progress::hands_bar;
use indicatif::ProgressBar;

use crate::game::rules::Use;
use crate::report::files::{ReportPlan, reports_beside, write_reports_with, write_table_report};
use crate::report::query::Table;
use crate::tables::kind::TableKind;
use crate::tables::layout::{Part, TableKey};
use crate::tables::registry::large_sets::{LargeKey, LargeSets};
use crate::tables::registry::one_target::{IN_MEMORY_HANDS, OneTarget, SharedRows};
use crate::tables::registry::{self, Key};
use crate::tables::summary::counted;
use crate::tables::sweep::{PlanError, Request, SweepConfig, sweep_keeping};

/// What the options ask of a sweep beside its table.
fn request_of(args: &SweepArgs) -> anyhow::Result<Request> {
    Ok(Request {
        run: SweepConfig {
            kind: (),
            out: args.out.clone(),
            shard: args.shard,
            resumable: args.resumable,
            threads: args.threads.map(usize::from),
            skip_complete: args.skip_complete,
            stop_after_chunks: args.stop_after_chunks,
        },
        solutions: !args.no_solutions,
        counts_only: args.counts_only,
        model: args.model.given()?,
    })
}

/// The table the options ask for: a census of large sets when they name
/// sets, else the table of the game's kind.
fn key_of(args: &SweepArgs) -> anyhow::Result<Key> {
    if args.large_sets.is_some() || !args.large.is_empty() {
        let targets = crate::cli::cmd::source::large_sets_targets(&args.game)?;
        let sets = match args.large_sets {
            Some(r) => LargeSets::Range(r),
            None => LargeSets::chosen(&args.large).map_err(PlanError::Options)?,
        };
        return Ok(Key::Large(LargeKey { sets, targets }));
    }
    let game = args.game.game();
    Key::of_game(&game).ok_or_else(|| {
        anyhow::anyhow!(
            "{} writes a reach table: give --targets LO..HI (one target: --targets T..T)",
            if game.uses == Use::Any {
                "--use any"
            } else {
                "a dealt target (--objective dealt)"
            }
        )
    })
}

/// A table's progress bar, with Ctrl-C set to finish its line and say what
/// the sweep kept in `dir` (`watch`, [`interrupt::exit_on_interrupt`]).
fn bar_of(watch: &Watch, args: &SweepArgs, dir: std::path::PathBuf, part: Part) -> ProgressBar {
    let bar = hands_bar(args.quiet);
    watch.sweeping(bar.clone(), dir, part);
    bar
}

/// Sweeps the table `key` of any kind, prints its summary, then (unless
/// `--no-report` or a shard part) writes its report into the reports
/// folder and names the page.
fn run_kind(
    watch: &Watch,
    args: &SweepArgs,
    request: &Request,
    key: &Key,
) -> anyhow::Result<Status> {
    let job = registry::plan(key, request)?;
    let summary = job.run(&bar_of(watch, args, job.dir(), job.part()))?;
    if !args.quiet {
        println!("{}", summary.paragraph());
    }
    if !args.no_report && request.run.shard.is_none() {
        let out = args
            .reports
            .clone()
            .unwrap_or_else(|| reports_beside(&args.out));
        let readme = write_table_report(&args.out, &out, key, request.model.as_ref())?;
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
    let request = request_of(&args)?;
    let watch = Watch::default();
    if let Err(e) = interrupt::exit_on_interrupt(watch.clone()) {
        eprintln!("census24: Ctrl-C will stop the sweep without a word ({e})");
    }
    let key = match key_of(&args)? {
        Key::OneTarget(key) => key,
        key if args.also_deck.is_empty() => return run_kind(&watch, &args, &request, &key),
        key => anyhow::bail!(
            "--also-deck sweeps tables of one target; this game makes a {} table",
            key.kind()
        ),
    };
    if args.also_deck.is_empty() {
        let cfg = request.config(OneTarget::of_request(key, &request))?;
        return run_one_target(&watch, &args, &cfg);
    }
    let cfgs = decks_of(&args, &request, key)?;
    watch.several();
    let shared = SharedRows::default();
    let last = cfgs.len() - 1;
    for (i, cfg) in cfgs.into_iter().enumerate() {
        let rows = if i == last {
            shared.last()
        } else {
            shared.clone()
        };
        let kind = cfg.kind.clone().sharing(Some(rows));
        run_one_target(&watch, &args, &SweepConfig { kind, ..cfg })?;
        watch.between();
    }
    if !args.quiet {
        println!(
            "Solved {} once for {} decks: the tables read the rows of {} from the sweeps before them.",
            counted(shared.solved(), "hand"),
            last + 1,
            counted(shared.read(), "hand"),
        );
    }
    Ok(Status::Done)
}

/// The sweeps of `key`'s game for its deck and each `--also-deck`, in the
/// order given, every one checked before any runs (a bad deck is refused
/// before the tables before it take minutes).
fn decks_of(
    args: &SweepArgs,
    request: &Request,
    key: TableKey,
) -> anyhow::Result<Vec<SweepConfig<OneTarget>>> {
    let mut keys = vec![key];
    for &deck in &args.also_deck {
        let game = GameArgs {
            deck: Some(deck),
            ..args.game.clone()
        }
        .game();
        match Key::of_game(&game) {
            Some(Key::OneTarget(k)) if keys.contains(&k) => {
                anyhow::bail!("--also-deck {deck}: that deck's table is swept already")
            }
            Some(Key::OneTarget(k)) => keys.push(k),
            _ => anyhow::bail!("--also-deck {deck}: not a table of one target"),
        }
    }
    let mut cfgs = Vec::new();
    for key in keys {
        let cfg = request.config(OneTarget::of_request(key, request))?;
        // Every hand's rows are held until the last table: with solutions
        // only for a table that is held whole anyway (its hands listed only
        // then: the sweep lists them again).
        let with_solutions = cfg.kind.solutions && !cfg.kind.counts_only;
        let hands = if with_solutions {
            cfg.kind.hands().len()
        } else {
            0
        };
        if hands > IN_MEMORY_HANDS {
            anyhow::bail!(
                "--also-deck holds every hand's rows until the last table: the {hands} hands \
                 of deck {} with their solutions are too many (at most {IN_MEMORY_HANDS}); \
                 add --counts-only or --no-solutions, or sweep each deck alone",
                key.deck
            );
        }
        cfgs.push(cfg);
    }
    Ok(cfgs)
}

/// A table of one target: swept, then reported from memory (not read
/// back) with its explorer page.
fn run_one_target(
    watch: &Watch,
    args: &SweepArgs,
    cfg: &SweepConfig<OneTarget>,
) -> anyhow::Result<Status> {
    let (summary, written) = sweep_keeping(cfg, &bar_of(watch, args, cfg.dir(), cfg.part()))?;
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
