//! `census24 pick`: options to a validated [`PickPlan`], read the table's
//! catalog (or, for a game of at most [`MAX_SOLVED_CARDS`] cards without a
//! table, solve it in memory), pick, print the set in the asked format.
//!
//! A game of many targets (Countdown, Krypto, `--targets LO..HI`) is picked
//! from its reach table: games drawn from the table by the seed, each
//! solved again and worked out by the task source ([`crate::tasks`]). A
//! spread, distinct shapes or several versions are chosen from a pool of
//! the first games drawn that pass the filters ([`pool_size`]) by the
//! steps that choose a table's hands ([`Chooser`]).

use std::io::Write;

use crate::cli::args::{PickArgs, PickFormat};
use crate::cli::cmd::outcome::Status;
use crate::cli::cmd::source::TableSource;
use crate::difficulty::pricer::{ModelRecord, Pricer};
use crate::export;
use crate::game::family::Game;
use crate::game::presets::spelling;
use crate::puzzles::catalog::{Entry, MAX_CLASSES, MAX_SOLVED_CARDS, shape, solved};
use crate::puzzles::ops::Ops;
use crate::puzzles::pick::{
    Chooser, PickPlan, hardest_played, pick_played_versions, picked, played_note, puzzles,
    short_set, to_list,
};
use crate::puzzles::play::{PlayGame, play_html};
use crate::puzzles::sheet::{
    SheetStyle, game_rule, games_sheet_html, games_title, hand_puzzles, one_target_rule,
    one_target_title, sheet_html, version_label,
};
use crate::report::games;
use crate::report::query::catalog;
use crate::report::rank::{RankError, read_table, sweep_command};
use crate::tables::layout::{Part, ReachKey};
use crate::tasks::{self, Order, Rows, Task, TaskError, TaskPlan};

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
    if args.format() != PickFormat::Html {
        let sheet_only = [
            (args.versions > 1, "--versions"),
            (
                args.title.is_some() && args.format() != PickFormat::Play,
                "--title",
            ),
            (!args.hide.is_empty(), "--hide"),
        ];
        if let Some((_, flag)) = sheet_only.iter().find(|(given, _)| *given) {
            anyhow::bail!("{flag} shapes a printed sheet: add --format html");
        }
    }
    let model = args.model.given()?;
    let key = match crate::cli::cmd::source::source(&args.data, &args.game, MAX_SOLVED_CARDS, true)?
    {
        TableSource::OneTarget(key) => key,
        TableSource::Reach(reach) => {
            return run_reach(&args, &plan, args.game.game(), Some(&reach), model);
        }
        TableSource::Dealt => return run_reach(&args, &plan, args.game.game(), None, model),
    };
    let dir = args.data.join(key.partition());
    // The model file that priced the table (`sweep --model`), if any.
    let mut recorded = None;
    let cat = match read_table(&args.data, &key) {
        Ok((table, manifest)) => {
            recorded = table.model.clone();
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
    let cat = match &model {
        Some(m) => cat.repriced(m)?,
        None => cat,
    };
    let game = args.game.game();
    let recorded = recorded.filter(|_| model.is_none());
    if args.format() != PickFormat::Play {
        say_model(&model, &game);
    }
    swept_with(recorded.as_ref(), &plan, &dir, &game, args.format())?;
    // With --ops short of division, the hands are chosen and shown with
    // the figures of play with the set's operations (solved again).
    let versions = pick_played_versions(&cat, &plan, args.versions as usize)?;
    let set: Vec<&Entry> = versions[0].iter().collect();
    if set.is_empty() {
        let mut why = plan.filter.nothing_passes(&dir);
        if let Some(tier) = hardest_played(&cat, &plan) {
            why += &format!(
                ": with {} only, no hand is harder than {tier}",
                plan.allowed().signs()
            );
        }
        eprintln!("census24: {why}");
        return Ok(Status::NoSolution);
    }
    if set.len() < plan.count && !args.all {
        eprintln!("census24: {}", short_set(set.len(), plan.distinct_shapes));
    }
    warn_short_versions(&versions.iter().map(Vec::len).collect::<Vec<_>>(), "hands");
    let format = args.format();
    if let (Some(note), false) = (played_note(plan.allowed()), format == PickFormat::List) {
        eprintln!("census24: {}", note.to_lowercase());
    }
    let shown = &set;
    let text = match format {
        PickFormat::List => to_list(&set),
        PickFormat::Csv => export::to_csv(&picked(shown, &plan, key.target)),
        PickFormat::Json => export::to_json(&picked(shown, &plan, key.target)),
        PickFormat::Html => {
            let sets: Vec<Vec<&Entry>> = versions.iter().map(|v| v.iter().collect()).collect();
            let sheets: Vec<_> = sets
                .iter()
                .map(|v| hand_puzzles(v, plan.allowed()))
                .collect();
            sheet_html(
                &sheets,
                key.target,
                plan.allowed(),
                &style(&args, &model, recorded.as_ref(), &game),
            )
        }
        PickFormat::Jsonl => export::to_jsonl(&puzzles(shown, &plan, &key)),
        PickFormat::Play => {
            let title = args
                .title
                .clone()
                .unwrap_or_else(|| one_target_title(key.target));
            let page = PlayGame {
                game: &spelling(&args.game.game()),
                title: &title,
                rule: &one_target_rule(key.target, plan.allowed()),
            };
            play_html(&hand_puzzles(&set, plan.allowed()), Some(key.target), &page)
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}

/// Says on stderr which model priced the figures of `game` and how it was
/// validated, or that they are extrapolated, when a model file was given
/// (`--model`). Without one nothing is said, as before: the built-in
/// model's figures are the tables' (a sheet, a dataset card and the
/// explorer say what they are).
pub fn say_model(model: &Option<std::sync::Arc<Pricer>>, game: &Game) {
    if let Some(pricer) = model {
        eprintln!("census24: {}", pricer.note(game));
    }
}

/// A table swept with the model file `recorded` (and no `--model`): its
/// figures are that model's, said on stderr (but for a play page), and
/// play within fewer operations is refused, as another model would price
/// it.
fn swept_with(
    recorded: Option<&ModelRecord>,
    plan: &PickPlan,
    dir: &std::path::Path,
    game: &Game,
    format: PickFormat,
) -> anyhow::Result<()> {
    let Some(r) = recorded else { return Ok(()) };
    if plan.allowed() < Ops::Division {
        anyhow::bail!(
            "{} was swept with the model {}: give it with --model to pick within --ops {}",
            dir.display(),
            r.file,
            plan.allowed()
        );
    }
    if format != PickFormat::Play {
        eprintln!("census24: {}", r.note(game));
    }
    Ok(())
}

/// The sheet's title and what it hides, as asked, and the model that
/// priced its levels: the model file given, else the one the table's
/// manifest `recorded`, else the built-in model.
fn style(
    args: &PickArgs,
    model: &Option<std::sync::Arc<Pricer>>,
    recorded: Option<&ModelRecord>,
    game: &Game,
) -> SheetStyle {
    let note = match (model, recorded) {
        (Some(p), _) => p.note(game),
        (None, Some(r)) => r.note(game),
        (None, None) => Pricer::shipped().note(game),
    };
    SheetStyle {
        title: args.title.clone(),
        hide: args.hide.clone(),
        model: Some(note),
    }
}

/// Says on stderr which versions hold fewer puzzles than the first (the
/// candidates of a tier ran out), `sizes` each version's.
fn warn_short_versions(sizes: &[usize], noun: &str) {
    for (v, &n) in sizes.iter().enumerate().skip(1) {
        if n < sizes[0] {
            eprintln!(
                "census24: version {} holds {n} puzzles, not {}: too few other {noun} of its \
                 tiers pass these filters",
                version_label(v),
                sizes[0]
            );
        }
    }
}

/// The games drawn for a spread, distinct shapes or `versions` versions
/// of `count` games: twenty per game asked, at least 200 and at most
/// 20,000 (a table holding fewer gives all it has).
pub fn pool_size(count: usize, versions: usize) -> usize {
    count
        .saturating_mul(versions)
        .saturating_mul(20)
        .clamp(200, 20_000)
}

/// `pick` over the reach table of `game` (`reach`): `count` of its solvable
/// games drawn by the seed, each solved again (the table and the solver
/// must agree), easy to hard by predicted time; with `--stratify`, as many
/// of each tier. Its lines are the task source's ([`tasks::Task`]). A game
/// no table holds (`reach` None) is dealt as `census24 tasks` deals it,
/// each game solved in memory. A spread, distinct shapes or versions are
/// chosen from a pool ([`pool_size`]) as a table's hands are.
fn run_reach(
    args: &PickArgs,
    plan: &PickPlan,
    game: Game,
    reach: Option<&ReachKey>,
    model: Option<std::sync::Arc<Pricer>>,
) -> anyhow::Result<Status> {
    let f = &plan.filter;
    let why = "reads every solution of a hand, and a game dealt lists one";
    let unsupported = [
        (f.needs_fraction.is_some(), "--needs-fraction", why),
        (!f.ops.is_empty(), "--ops", why),
        (
            args.all,
            "--all",
            "lists every hand, and a game's deals are drawn one by one (-n N)",
        ),
    ];
    if let Some((_, flag, why)) = unsupported.iter().find(|(given, ..)| *given) {
        anyhow::bail!(
            "{flag} picks from tables of one target, every card used: it {why} ({})",
            game.describe()
        );
    }
    // A reach table swept with a model file holds that model's figures
    // (its explorer page shows them): a pick from it takes the same model.
    if let Some(reach) = reach {
        crate::cli::cmd::source::same_model_as_reach(
            &args.data,
            &reach.partition(),
            model.is_some(),
        )?;
    }
    let versions = args.versions as usize;
    let pooled = plan.spread || plan.distinct_shapes || versions > 1;
    let mut tp = TaskPlan::of_game(game);
    tp.count = match pooled {
        true => pool_size(plan.count, versions),
        false => plan.count,
    };
    tp.seed = u64::from(plan.seed);
    tp.stratify = plan.stratify;
    tp.filter = f.clone();
    tp.order = if pooled {
        Order::Drawn
    } else {
        Order::Curriculum
    };
    tp.splits = tasks::parse_splits("pick=1")?;
    tp.model = model.clone();
    if args.format() != PickFormat::Play {
        say_model(&model, &game);
    }
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
    let make = |tp: &TaskPlan| match tasks::make(tp) {
        Ok(set) => Ok(set),
        Err(e @ TaskError::Short { .. }) => Err(anyhow::Error::from(
            crate::cli::cmd::outcome::GaveUp(e.to_string()),
        )),
        Err(TaskError::Input(e)) => Err(e.into()),
    };
    let set = make(&tp)?;
    // Versions of a plain pick: A is the pick without --versions (the
    // first games drawn that pass), found again in the pool.
    let first = match pooled && !plan.spread && !plan.distinct_shapes {
        true => {
            let plain = TaskPlan {
                count: plan.count,
                order: Order::Curriculum,
                ..tp.clone()
            };
            let a = make(&plain)?;
            let at = |t: &Task| {
                set.tasks
                    .iter()
                    .position(|p| p.hand == t.hand && p.target == t.target)
            };
            Some(a.tasks.iter().filter_map(at).collect::<Vec<usize>>())
        }
        false => None,
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
    if set.tasks.is_empty() {
        eprintln!("census24: {}", f.nothing_passes(source.as_ref()));
        return Ok(Status::NoSolution);
    }
    let sets: Vec<Vec<&Task>> = match pooled {
        false => {
            if let Some(short) = &set.short {
                eprintln!("census24: {short}");
            }
            vec![set.tasks.iter().collect()]
        }
        true => {
            let sets = choose_games(&set.tasks, plan, versions, first);
            if sets[0].len() < plan.count {
                eprintln!(
                    "census24: {} among the {} games drawn",
                    short_set(sets[0].len(), plan.distinct_shapes).replace("hands", "games"),
                    set.tasks.len()
                );
            }
            warn_short_versions(&sets.iter().map(Vec::len).collect::<Vec<_>>(), "games");
            sets
        }
    };
    let text = games_text(args, &sets, &game, &model);
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}

/// The sets of games in the format asked (the first set, or every version
/// of an HTML sheet).
fn games_text(
    args: &PickArgs,
    sets: &[Vec<&Task>],
    game: &Game,
    model: &Option<std::sync::Arc<Pricer>>,
) -> String {
    let rows = || sets[0].iter().map(|t| t.picked()).collect::<Vec<_>>();
    match args.format() {
        PickFormat::List => sets[0]
            .iter()
            .map(|t| format!("{} -> {}\n", t.hand, t.target))
            .collect(),
        PickFormat::Jsonl => export::to_jsonl(&sets[0]),
        PickFormat::Json => export::to_json(&rows()),
        PickFormat::Csv => export::to_csv(&rows()),
        PickFormat::Html => {
            let sheets: Vec<Vec<_>> = sets
                .iter()
                .map(|v| v.iter().map(|t| t.puzzle()).collect())
                .collect();
            games_sheet_html(&sheets, game, &style(args, model, None, game))
        }
        PickFormat::Play => {
            let puzzles: Vec<_> = sets[0].iter().map(|t| t.puzzle()).collect();
            let title = args.title.clone().unwrap_or_else(|| games_title(game));
            let page = PlayGame {
                game: &spelling(game),
                title: &title,
                rule: &game_rule(game),
            };
            play_html(&puzzles, None, &page)
        }
    }
}

/// The plan's sets of games from `pool` (in the order drawn), chosen as
/// a table's hands are ([`Chooser`]): by predicted time, spread, no two
/// of one shape, versions of one profile. `first`: version A's games in
/// the pool, when they are chosen otherwise.
fn choose_games<'t>(
    pool: &'t [Task],
    plan: &PickPlan,
    versions: usize,
    first: Option<Vec<usize>>,
) -> Vec<Vec<&'t Task>> {
    let time = |i: usize| pool[i].predicted.time_s().unwrap_or(0.0);
    let mut all: Vec<usize> = (0..pool.len()).collect();
    all.sort_by(|&a, &b| time(a).total_cmp(&time(b)).then(a.cmp(&b)));
    let chooser = Chooser {
        plan,
        time: &time,
        tier: &|i| pool[i].predicted.0.map(|p| p.tier),
        shape: &|i| shape(pool[i].simplest.as_deref().unwrap_or_default()),
    };
    let first = first.unwrap_or_else(|| chooser.choose(&all));
    chooser
        .more_versions(&all, first, versions)
        .into_iter()
        .map(|set| set.into_iter().map(|i| &pool[i]).collect())
        .collect()
}
