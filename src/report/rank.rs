//! Rankings for puzzle designers, straight from a table: solvable hands by
//! predicted solve time, filtered by time, tier, solution count and fraction
//! use, printed as an aligned table, CSV or JSON.
//!
//! [`ranking`] runs one polars lazy query over `hands.parquet`; the
//! formatters are pure. Field names are the table's column names.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use polars::prelude::*;
use rayon::prelude::*;
use serde::Serialize;

use crate::difficulty::figures::{self, Predicted};
use crate::difficulty::pricer::Pricer;
use crate::export::Row;
use crate::game::family::Game;
use crate::game::hand::Hand;
use crate::puzzles::catalog::{MAX_CLASSES, MAX_REPRICED_HANDS};
use crate::puzzles::filter::{Figures, FilterError, Flag, HandFilter};
use crate::puzzles::ops::Ops;
use crate::report::games;
use crate::report::query::{Cols, ReportError, Table, catalog, run};
use crate::tables::columns;
use crate::tables::layout::{Part, ReachKey, TableKey};
use crate::tables::manifest::Manifest;
use crate::tables::store::SweepError;
use crate::tables::table::read_predictions;
use crate::tasks::{self, Task, TaskPlan};

/// A validated `census24 rank` request.
#[derive(Clone, Debug, PartialEq)]
pub struct RankQuery {
    pub data: PathBuf,
    pub table: TableKey,
    /// Which hands are ranked.
    pub filter: HandFilter,
    /// Keep at most this many hands (all when `None`).
    pub top: Option<usize>,
    /// Easiest first instead of hardest first.
    pub easiest_first: bool,
    /// The model that prices the hands (`--model FILE`); `None`: the
    /// table's own figures, priced by the built-in model when it was swept.
    pub model: Option<Arc<Pricer>>,
}

/// Why a ranking could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RankError {
    #[error(
        "no table at {}: create it with `census24 sweep {}`",
        path.display(),
        sweep
    )]
    Missing { path: PathBuf, sweep: String },
    #[error(
        "{} holds shard parts but not the whole table: join them with `census24 merge --out {}`",
        path.display(),
        data.display()
    )]
    OnlyParts { path: PathBuf, data: PathBuf },
    #[error(
        "the table at {} has no difficulty (swept with --no-solutions, or before difficulty \
         existed): sweep it again with `census24 sweep {}`",
        path.display(),
        sweep
    )]
    NoDifficulty { path: PathBuf, sweep: String },
    #[error(
        "--ops reads the solutions of {}, which was swept without them: sweep it again with \
         `census24 sweep {}` (into another --out, or remove this one first)",
        path.display(),
        sweep
    )]
    NoSolutions { path: PathBuf, sweep: String },
    #[error(
        "--{} reads a table's solutions; the games of {} are worked out from its reach table, \
         which has none: filter them with --tier, --min-time, --max-time, --time-limit, \
         --min-dissimilar or --max-dissimilar",
        flag.name(),
        table.display()
    )]
    BeyondFigures { flag: Flag, table: PathBuf },
    #[error(
        "{games} solvable games of {} have targets {targets}: rank works each out again and ranks \
         at most {MAX_RANKED_GAMES} in a run (about a minute); narrow the targets with --target T \
         or --targets LO..HI",
        table.display()
    )]
    TooManyGames {
        games: usize,
        targets: String,
        table: PathBuf,
    },
    #[error("--top 0 prints nothing: ask for at least one hand")]
    TopZero,
    #[error(transparent)]
    Filter(#[from] FilterError),
    /// A game the solver cannot work out, or on which it and the table
    /// disagree.
    #[error(transparent)]
    Input(#[from] crate::game::error::InputError),
    #[error(transparent)]
    Report(#[from] ReportError),
}

/// One ranked hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankRow {
    /// Place by predicted time among the table's solvable hands, 1 the
    /// slowest (equal times share a place).
    pub rank: u32,
    pub hand: String,
    /// The hand's prediction, one column per figure
    /// ([`crate::difficulty::figures`]).
    #[serde(flatten)]
    pub predicted: Predicted,
    /// Dissimilar solutions.
    pub dissimilar: u32,
    /// Structural solutions.
    pub structural: u32,
    pub needs_fraction: bool,
    /// Probability that a random deal is this hand.
    pub deal_probability: f64,
    /// The simplest solution (the table's `simplest`).
    pub simplest: String,
}

/// Most games `rank` works out from a reach table in one run: each is
/// solved again and run through the difficulty model, about 2,000 a second
/// on two cores (docs/PERFORMANCE.md, "Tasks"), so under a minute.
pub const MAX_RANKED_GAMES: usize = 100_000;

/// A validated `census24 rank` request over the games of a reach table
/// (Countdown, Krypto, a target of the reach table).
#[derive(Clone, Debug, PartialEq)]
pub struct GamesQuery {
    pub data: PathBuf,
    /// The game, its targets those ranked.
    pub game: Game,
    /// The table holding the game's targets ([`crate::report::games::covering`]).
    pub table: ReachKey,
    pub filter: HandFilter,
    pub top: Option<usize>,
    pub easiest_first: bool,
    /// The model that prices the games; `None`: the built-in one.
    pub model: Option<Arc<Pricer>>,
}

/// One ranked game of a reach table: a hand and a target, worked out by the
/// task source. Field names are the tables' (and the tasks') column names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRankRow {
    /// Place by predicted time among the games ranked (the solvable games
    /// of the targets asked, but those answered by one of their own
    /// numbers), 1 the slowest (equal times share a place).
    pub rank: u32,
    pub hand: String,
    pub target: i64,
    #[serde(flatten)]
    pub predicted: Predicted,
    /// Dissimilar solutions over every selection; `None` beyond the task
    /// source's limit ([`crate::tasks::DEFAULT_DISSIMILAR_UP_TO`] numbers).
    pub dissimilar: Option<u32>,
    /// The simplest solution: fewest numbers, then structural class 0.
    pub simplest: String,
}

impl Row for GameRankRow {
    fn header() -> Vec<&'static str> {
        [
            &[columns::RANK, columns::HAND, columns::TARGET][..],
            &figures::names(),
            &[columns::DISSIMILAR, columns::SIMPLEST],
        ]
        .concat()
    }
}

/// The games of `q`'s targets in its reach table, each worked out again
/// ([`tasks::work_out`]: the solver must agree with the table), ranked by
/// predicted time and filtered; best first in the asked order. A game
/// answered by one of its own numbers is not ranked.
pub fn rank_games(q: &GamesQuery) -> Result<Vec<GameRankRow>, RankError> {
    shows_some(q.top)?;
    let dir = q.data.join(q.table.partition());
    if let Some(flag) = q.filter.beyond_figures() {
        return Err(RankError::BeyondFigures { flag, table: dir });
    }
    let targets = games::target_range(&q.game).expect("a covered game has whole targets");
    let rows = games::read(&q.data, &q.table, targets)?;
    let solvable = rows.solvable_count();
    if solvable > MAX_RANKED_GAMES {
        return Err(RankError::TooManyGames {
            games: solvable,
            targets: q.game.targets.to_string(),
            table: dir,
        });
    }
    let plan = TaskPlan {
        model: q.model.clone(),
        ..TaskPlan::of_game(q.game)
    };
    let tasks = tasks::work_out(&plan, &rows.solvable(), "rank")?;
    let time = |t: &Task| t.predicted.time_s().unwrap_or(0.0);
    let mut order: Vec<usize> = (0..tasks.len()).collect();
    order.sort_by(|&a, &b| {
        let (ta, tb) = (time(&tasks[a]), time(&tasks[b]));
        let by_time = if q.easiest_first {
            ta.total_cmp(&tb)
        } else {
            tb.total_cmp(&ta)
        };
        by_time.then(a.cmp(&b))
    });
    let mut slower: Vec<f64> = tasks.iter().map(time).collect();
    slower.sort_by(|a, b| b.total_cmp(a));
    Ok(order
        .into_iter()
        .map(|i| &tasks[i])
        .filter(|t| {
            q.filter.admits_figures(&Figures {
                prediction: t.predicted.0,
                dissimilar: t.dissimilar,
            })
        })
        .take(q.top.unwrap_or(usize::MAX))
        .map(|t| GameRankRow {
            rank: 1 + slower.partition_point(|&s| s > time(t)) as u32,
            hand: t.hand.clone(),
            target: t.target,
            predicted: t.predicted,
            dissimilar: t.dissimilar,
            simplest: t.simplest.clone().unwrap_or_default(),
        })
        .collect())
}

/// [`ranking`] with every hand of the table priced by `pricer` (each
/// solved again): the places are made again over every solvable hand,
/// then the filters apply (those on figures to the new figures) and the
/// hands are ordered by the new times.
fn repriced(q: &RankQuery, pricer: &Pricer) -> Result<Vec<RankRow>, RankError> {
    let plain = |filter: HandFilter| RankQuery {
        filter,
        top: None,
        model: None,
        ..q.clone()
    };
    let mut all = ranking(&plain(HandFilter::default()))?;
    if all.len() > MAX_REPRICED_HANDS {
        return Err(crate::game::error::InputError::Other(format!(
            "--model prices a table of at most {MAX_REPRICED_HANDS} hands again, this one has {}",
            all.len()
        ))
        .into());
    }
    let kept: HashSet<String> = ranking(&plain(HandFilter {
        tiers: Vec::new(),
        min_time: None,
        max_time: None,
        time_limit: None,
        ..q.filter.clone()
    }))?
    .into_iter()
    .map(|r| r.hand)
    .collect();
    let (target, rules) = (q.table.target, q.table.rules);
    all.par_iter_mut().try_for_each(|r| {
        let hand = Hand::parse(&r.hand)?;
        let sols = crate::canon::solutions(&hand, target, rules)?;
        r.predicted = Predicted(pricer.predict(&hand, target, &sols));
        Ok::<(), crate::game::error::InputError>(())
    })?;
    let times: Vec<Option<f64>> = all.iter().map(|r| r.predicted.time_s()).collect();
    for (r, place) in all.iter_mut().zip(crate::difficulty::ranks(&times)) {
        r.rank = place.unwrap_or(0);
    }
    all.retain(|r| {
        kept.contains(&r.hand)
            && q.filter.admits_figures(&Figures {
                prediction: r.predicted.0,
                dissimilar: Some(r.dissimilar),
            })
    });
    // By place (1 the slowest); equals stay in the order read.
    match q.easiest_first {
        false => all.sort_by_key(|r| r.rank),
        true => all.sort_by_key(|r| std::cmp::Reverse(r.rank)),
    }
    all.truncate(q.top.unwrap_or(usize::MAX));
    Ok(all)
}

/// Fails on a ranking asked to print no row (`--top 0`).
fn shows_some(top: Option<usize>) -> Result<(), RankError> {
    match top {
        Some(0) => Err(RankError::TopZero),
        _ => Ok(()),
    }
}

/// The verified table `t` of `data` with its manifest, for `rank` and
/// `pick`: a folder with no table, or with shard parts only, gets the
/// command that makes it.
pub fn read_table(data: &Path, t: &TableKey) -> Result<(Table, Manifest), RankError> {
    let dir = data.join(t.partition());
    Table::read_with_manifest(&dir).map_err(|e| match e {
        ReportError::Data(SweepError::NoTable { .. }) => RankError::Missing {
            path: dir,
            sweep: sweep_command(data, t),
        },
        ReportError::Data(SweepError::OnlyParts { .. }) => RankError::OnlyParts {
            path: dir,
            data: data.to_path_buf(),
        },
        e => RankError::Report(e),
    })
}

/// The options of `census24 sweep` that create `table` in `data`.
pub fn sweep_command(data: &Path, t: &TableKey) -> String {
    let out = format!("--out {}", data.display());
    [t.args(), out]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

impl RankQuery {
    /// Fails on contradictory bounds, naming them.
    pub fn validate(self) -> Result<RankQuery, RankError> {
        shows_some(self.top)?;
        Ok(RankQuery {
            filter: self.filter.validate()?,
            ..self
        })
    }
}

/// The filter as a polars predicate over `hands.parquet`, every filter but
/// `--ops` (a hand's operation class comes from the solutions table, see
/// [`ops_classes`]): the rows it keeps are the hands
/// [`HandFilter::admits`]. The filter is taken apart field by field, so a
/// new filter does not compile until it is lowered here.
fn predicate(f: &HandFilter) -> Expr {
    let HandFilter {
        tiers,
        min_time,
        max_time,
        time_limit,
        min_dissimilar,
        max_dissimilar,
        needs_fraction,
        ops: _,
    } = f;
    let any_tier = tiers
        .iter()
        .map(|t| col(columns::TIER).cast(DataType::String).eq(lit(t.name())))
        .reduce(|a, b| a.or(b));
    [
        within(
            columns::PREDICTED_TIME_S,
            min_time.map(lit),
            max_time.map(lit),
        ),
        within(columns::PREDICTED_TIME_P80_S, None, time_limit.map(lit)),
        any_tier,
        within(
            columns::DISSIMILAR,
            min_dissimilar.map(lit),
            max_dissimilar.map(lit),
        ),
        needs_fraction.map(|f| col(columns::NEEDS_FRACTION).eq(lit(f))),
    ]
    .into_iter()
    .flatten()
    .fold(col(columns::PREDICTED_TIME_S).is_not_null(), Expr::and)
}

/// `column` between the bounds given (`None` when neither is).
fn within(column: &str, min: Option<Expr>, max: Option<Expr>) -> Option<Expr> {
    let low = min.map(|m| col(column).gt_eq(m));
    let high = max.map(|m| col(column).lt_eq(m));
    low.into_iter().chain(high).reduce(Expr::and)
}

/// The ranking asked for, best first in the asked order.
pub fn ranking(q: &RankQuery) -> Result<Vec<RankRow>, RankError> {
    if let Some(pricer) = &q.model {
        return repriced(q, pricer);
    }
    let dir = q.data.join(q.table.partition());
    let path = dir.join(Part::Whole.hands());
    let sweep = sweep_command(&q.data, &q.table);
    let (table, _manifest) = read_table(&q.data, &q.table)?;
    let hands = table.hands_frame().lazy().with_row_index("row", None);
    let schema = hands
        .clone()
        .collect_schema()
        .map_err(|source| ReportError::Table {
            path: path.clone(),
            source,
        })?;
    if !figures::names()
        .into_iter()
        .chain([columns::DIFFICULTY_RANK])
        .all(|c| schema.contains(c))
    {
        return Err(RankError::NoDifficulty { path: dir, sweep });
    }
    // A table swept with --no-solutions has the columns, all null.
    let rated = run(
        &path,
        hands.clone().select([
            col(columns::PREDICTED_TIME_S)
                .is_not_null()
                .sum()
                .alias("rated"),
            col(columns::SOLVABLE).sum().alias(columns::SOLVABLE),
        ]),
    )?;
    let c = Cols {
        df: &rated,
        path: &path,
    };
    if c.u64_at("rated")? == 0 && c.u64_at(columns::SOLVABLE)? > 0 {
        return Err(RankError::NoDifficulty { path: dir, sweep });
    }

    let keep = predicate(&q.filter);
    let hardest_first = !q.easiest_first;
    let mut lf = hands
        .filter(keep)
        .sort_by_exprs(
            [col(columns::PREDICTED_TIME_S), col("row")],
            SortMultipleOptions::default().with_order_descending_multi([hardest_first, false]),
        )
        .select(
            [columns::DIFFICULTY_RANK, columns::HAND]
                .into_iter()
                .chain(figures::names())
                .map(col)
                .chain([
                    col(columns::DISSIMILAR),
                    col(columns::STRUCTURAL),
                    col(columns::NEEDS_FRACTION).cast(DataType::UInt64),
                    col(columns::DEAL_PROBABILITY),
                    col(columns::SIMPLEST),
                ])
                .collect::<Vec<_>>(),
        );
    // The operation class comes from the solutions table, outside this
    // query: the limit then applies after it.
    let classes = match q.filter.ops.is_empty() {
        true => None,
        false => Some(ops_classes(q, &table, &dir, &sweep)?),
    };
    if let (Some(n), None) = (q.top, &classes) {
        lf = lf.limit(n as IdxSize);
    }
    let df = run(&path, lf)?;
    let c = Cols {
        df: &df,
        path: &path,
    };
    let ranks = c.u64s(columns::DIFFICULTY_RANK)?;
    let hand = c.strs(columns::HAND)?;
    let predicted = read_predictions(&df).map_err(|source| ReportError::Table {
        path: path.clone(),
        source,
    })?;
    let dissimilar = c.u64s(columns::DISSIMILAR)?;
    let structural = c.u64s(columns::STRUCTURAL)?;
    let fraction = c.u64s(columns::NEEDS_FRACTION)?;
    let deal = c.f64s(columns::DEAL_PROBABILITY)?;
    let example = c.strs(columns::SIMPLEST)?;
    let names: Vec<String> = hand.iter().map(|h| h.clone().unwrap_or_default()).collect();
    let passes = |i: &usize| match &classes {
        None => true,
        Some(c) => q.filter.admits_ops(c.get(&names[*i]).copied()),
    };
    Ok((0..df.height())
        .filter(passes)
        .take(q.top.unwrap_or(usize::MAX))
        .map(|i| RankRow {
            rank: ranks[i].unwrap_or(0) as u32,
            predicted: Predicted(predicted[i]),
            dissimilar: dissimilar[i].unwrap_or(0) as u32,
            structural: structural[i].unwrap_or(0) as u32,
            needs_fraction: fraction[i] == Some(1),
            deal_probability: deal[i].unwrap_or(0.0),
            simplest: example[i].clone().unwrap_or_default(),
            hand: names[i].clone(),
        })
        .collect())
}

/// Each solvable hand's operation class, read from the table's solutions
/// as `pick` reads them.
fn ops_classes(
    q: &RankQuery,
    table: &Table,
    dir: &Path,
    sweep: &str,
) -> Result<std::collections::HashMap<String, Ops>, RankError> {
    if !table.has_solutions() {
        return Err(RankError::NoSolutions {
            path: dir.to_path_buf(),
            sweep: sweep.to_string(),
        });
    }
    let cat = catalog(&q.table, table, MAX_CLASSES)?;
    Ok(cat
        .hands
        .into_iter()
        .filter_map(|e| Some((e.hand, e.ops?)))
        .collect())
}

impl Row for RankRow {
    fn header() -> Vec<&'static str> {
        [
            &[columns::RANK, columns::HAND][..],
            &figures::names(),
            &[
                columns::DISSIMILAR,
                columns::STRUCTURAL,
                columns::NEEDS_FRACTION,
                columns::DEAL_PROBABILITY,
                columns::SIMPLEST,
            ],
        ]
        .concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::{Prediction, Tier};
    use crate::export::{to_csv, to_json, to_table};
    use crate::puzzles::catalog::Entry;
    use crate::puzzles::pick::{Mulberry32, PickPlan, candidates};
    use crate::report::query::catalog;

    fn row(rank: u32, hand: &str, easiest: &str) -> RankRow {
        RankRow {
            rank,
            hand: hand.into(),
            predicted: Predicted(Some(Prediction {
                time_s: 61.27,
                time_p80_s: 84.5,
                solve_rate: 0.482,
                difficulty: 95.3,
                tier: Tier::Expert,
            })),
            dissimilar: 1,
            structural: 1,
            needs_fraction: true,
            deal_probability: 0.000_118_2,
            simplest: easiest.into(),
        }
    }

    #[test]
    fn formats_agree_on_the_rows() {
        let rows = [
            row(1, "3 3 8 8", "8/(3-8/3)"),
            row(2, "1 3 4 6", "6/(1-3/4)"),
        ];
        let table = to_table(&rows);
        assert!(table.starts_with(
            "rank  hand     predicted_time_s  predicted_time_p80_s  predicted_solve_rate  difficulty  tier"
        ));
        assert!(
            table.contains(
                "   1  3 3 8 8             61.27                 84.50                 0.482        95.3  expert"
            )
        );
        let csv = to_csv(&rows);
        assert_eq!(
            csv.lines().nth(1),
            Some("1,3 3 8 8,61.27,84.50,0.482,95.3,expert,1,1,true,0.00011820,8/(3-8/3)")
        );
        let json: serde_json::Value = serde_json::from_str(&to_json(&rows)).unwrap();
        assert_eq!(json[1]["simplest"], "6/(1-3/4)");
        assert_eq!(json[0]["predicted_time_p80_s"], 84.5);
    }

    /// A filter of random bounds, each present or not, drawn from the
    /// values of the hands `solvable`.
    fn random_filter(rng: &mut Mulberry32, solvable: &[&Entry]) -> HandFilter {
        let mut draw = |p: usize| rng.below(100) < p;
        let given: Vec<bool> = (0..6).map(|_| draw(35)).collect();
        let mut any = || solvable[rng.below(solvable.len())];
        let (t1, t2, p80) = (
            any().time_s(),
            any().time_s(),
            any().prediction.map(|p| p.time_p80_s),
        );
        HandFilter {
            tiers: Tier::ALL
                .into_iter()
                .filter(|_| rng.below(3) == 0)
                .collect(),
            min_time: t1.filter(|_| given[0]),
            max_time: t2.filter(|_| given[1]),
            time_limit: p80.filter(|_| given[2]),
            min_dissimilar: given[3].then(|| rng.below(6) as u32),
            max_dissimilar: given[4].then(|| rng.below(12) as u32),
            needs_fraction: given[5].then(|| rng.below(2) == 0),
            ops: Ops::ALL.into_iter().filter(|_| rng.below(4) == 0).collect(),
        }
    }

    /// `rank` (a polars predicate over the table) and `pick` (the filter's
    /// `admits` over the catalog) keep exactly the same hands, in the same
    /// order, for random filters over the shipped tables of three and four
    /// cards: bounds drawn from the tables' own values, so that equality at
    /// a bound is tried too.
    #[test]
    fn rank_and_pick_keep_the_same_hands_for_the_same_filter() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let mut rng = Mulberry32::new(33);
        let mut kept = 0;
        for k in [3, 4] {
            let key = TableKey::standard(k);
            let (table, _) = read_table(&data, &key).unwrap();
            let cat = catalog(&key, &table, MAX_CLASSES).unwrap();
            let solvable: Vec<_> = cat.hands.iter().filter(|e| e.time_s().is_some()).collect();
            for round in 0..60 {
                let filter = random_filter(&mut rng, &solvable);
                let Ok(filter) = filter.validate() else {
                    continue;
                };
                let ranked = ranking(&RankQuery {
                    data: data.clone(),
                    table: key,
                    filter: filter.clone(),
                    top: None,
                    easiest_first: true,
                    model: None,
                })
                .unwrap();
                let plan = PickPlan {
                    count: usize::MAX,
                    filter: filter.clone(),
                    spread: false,
                    distinct_shapes: false,
                    seed: 0,
                    stratify: false,
                };
                let picked: Vec<&str> = candidates(&cat, &plan)
                    .into_iter()
                    .map(|i| cat.hands[i].hand.as_str())
                    .collect();
                let ranked: Vec<&str> = ranked.iter().map(|r| r.hand.as_str()).collect();
                assert_eq!(ranked, picked, "k={k} round {round}: {filter:?}");
                kept += picked.len();
            }
        }
        assert!(kept > 1000, "the filters keep some hands: {kept}");
    }

    #[test]
    fn csv_quotes_fields_with_commas() {
        assert!(to_csv(&[row(1, "a,b", "x")]).contains("\"a,b\""));
    }
}
