//! `census24 pick`: options to a validated [`PickPlan`], read the table's
//! catalog (or, for a game of at most [`MAX_SOLVED_CARDS`] cards without a
//! table, solve it in memory), pick, print the set in the asked format.
//!
//! A game of many targets (Countdown, Krypto, `--targets LO..HI`) is picked
//! from its reach table: games drawn from the table by the seed, each
//! solved again and worked out by the task source ([`crate::tasks`]).

use std::io::Write;

use crate::cli::args::{PickArgs, PickFormat};
use crate::cli::cmd::outcome::Status;
use crate::cli::cmd::source::TableSource;
use crate::export;
use crate::game::family::Game;
use crate::puzzles::catalog::{Entry, MAX_CLASSES, MAX_SOLVED_CARDS, solved};
use crate::puzzles::pick::{
    PickPlan, pick_played, picked, played_note, puzzles, short_set, to_list,
};
use crate::puzzles::sheet::{games_sheet_html, sheet_html};
use crate::report::games;
use crate::report::query::catalog;
use crate::report::rank::{RankError, read_table, sweep_command};
use crate::tables::layout::{Part, ReachKey};
use crate::tasks::{self, Order, Rows, TaskError, TaskPlan};

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
    let key = match crate::cli::cmd::source::source(&args.data, &args.game, MAX_SOLVED_CARDS, true)?
    {
        TableSource::OneTarget(key) => key,
        TableSource::Reach(reach) => {
            return run_reach(&args, &plan, args.game.game(), Some(&reach));
        }
        TableSource::Dealt => return run_reach(&args, &plan, args.game.game(), None),
    };
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
    // With --ops short of division, the hands are chosen and shown with
    // the figures of play with the set's operations (solved again).
    let played = pick_played(&cat, &plan)?;
    let set: Vec<&Entry> = played.iter().collect();
    if set.is_empty() {
        eprintln!("census24: {}", plan.filter.nothing_passes(&dir));
        return Ok(Status::NoSolution);
    }
    if set.len() < plan.count && !args.all {
        eprintln!("census24: {}", short_set(set.len(), plan.distinct_shapes));
    }
    let format = args.format();
    if let (Some(note), false) = (played_note(plan.allowed()), format == PickFormat::List) {
        eprintln!("census24: {}", note.to_lowercase());
    }
    let shown = &set;
    let text = match format {
        PickFormat::List => to_list(&set),
        PickFormat::Csv => export::to_csv(&picked(shown, &plan)),
        PickFormat::Json => export::to_json(&picked(shown, &plan)),
        PickFormat::Html => sheet_html(shown, key.target, plan.allowed()),
        PickFormat::Jsonl => export::to_jsonl(&puzzles(shown, &plan, &key)),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}

/// `pick` over the reach table of `game` (`reach`): `count` of its solvable
/// games drawn by the seed, each solved again (the table and the solver
/// must agree), easy to hard by predicted time; with `--stratify`, as many
/// of each tier. Its lines are the task source's ([`tasks::Task`]). A game
/// no table holds (`reach` None) is dealt as `census24 tasks` deals it,
/// each game solved in memory.
fn run_reach(
    args: &PickArgs,
    plan: &PickPlan,
    game: Game,
    reach: Option<&ReachKey>,
) -> anyhow::Result<Status> {
    let f = &plan.filter;
    let unsupported = [
        (f.needs_fraction.is_some(), "--needs-fraction"),
        (!f.ops.is_empty(), "--ops"),
        (args.spread, "--spread"),
        (args.distinct_shapes, "--distinct-shapes"),
        (args.all, "--all"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
        anyhow::bail!(
            "{flag} picks from tables of one target, every card used; a game drawn by its deal \
             ({}) takes -n, --seed, --stratify, --format and the filters on tier, time and \
             dissimilar count",
            game.describe()
        );
    }
    let mut tp = TaskPlan::of_game(game);
    tp.count = plan.count;
    tp.seed = u64::from(plan.seed);
    tp.stratify = plan.stratify;
    tp.filter = f.clone();
    tp.order = Order::Curriculum;
    tp.splits = tasks::parse_splits("pick=1")?;
    let source = match reach {
        Some(reach) => {
            let targets = games::target_range(&game).expect("a covered game has whole targets");
            let rows = std::sync::Arc::new(games::read(&args.data, reach, targets)?);
            let count = rows.len() as u64;
            let row = move |i: u64| rows.row(i as usize);
            tp.rows = Some(Rows {
                count,
                row: std::sync::Arc::new(row),
            });
            args.data.join(reach.partition()).display().to_string()
        }
        None => format!("the games dealt of {}", game.describe()),
    };
    let set = match tasks::make(&tp) {
        Ok(set) => set,
        Err(e @ TaskError::Short { .. }) => {
            return Err(crate::cli::cmd::outcome::GaveUp(e.to_string()).into());
        }
        Err(TaskError::Input(e)) => return Err(e.into()),
    };
    if reach.is_none() {
        eprintln!(
            "census24: no table in {} holds this game ({}): its games are dealt and solved in \
             memory, as `census24 tasks` deals them (a table of the game gives other games for \
             the same seed)",
            args.data.display(),
            game.describe()
        );
    }
    // Every game of the table tried: a short set is the set, as a pick
    // from a one-target table (none at all: exit 1).
    if let Some(short) = &set.short {
        if set.tasks.is_empty() {
            eprintln!("census24: {}", f.nothing_passes(source.as_ref()));
            return Ok(Status::NoSolution);
        }
        eprintln!("census24: {short}");
    }
    let text = match args.format() {
        PickFormat::List => set
            .tasks
            .iter()
            .map(|t| format!("{} -> {}\n", t.hand, t.target))
            .collect(),
        PickFormat::Jsonl => export::to_jsonl(&set.tasks),
        PickFormat::Json => export::to_json(&set.tasks),
        PickFormat::Csv => export::to_csv(&set.tasks),
        PickFormat::Html => {
            let puzzles: Vec<_> = set.tasks.iter().map(tasks::Task::puzzle).collect();
            games_sheet_html(&puzzles, &game)
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}
