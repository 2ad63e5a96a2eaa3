//! Polars lazy queries that turn one table's Parquet files into the plain
//! summaries of [`crate::report`].
//!
//! A table's `hands.parquet` is read once into a [`Table`] (or handed over
//! in memory by the sweep that wrote it), and every query runs lazily on
//! that frame (`solutions.parquet` is read only for the explorer's
//! catalog), collecting only small results: counts, group totals and the
//! few hands a list shows, each with the table's `simplest` solution. Lists keep the table's row
//! order (hands ascending) unless they are rankings, which break ties by it.
//! Columns the difficulty model adds are optional, so tables swept without
//! solutions (or before the model) still get a report without those parts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use polars::prelude::*;
use polars_io::prelude::{ParquetReader, SerReader};

pub mod large;
pub mod reach;

use super::{
    Calibration, HARDEST, HandList, LIST_CAP, Listed, SizeSummary, TableSummary, ValueRow,
};
use crate::difficulty::calibrate::{Measured, parse_measurements, spearman};
use crate::difficulty::pricer::ModelRecord;
use crate::difficulty::{Tier, figures};
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::puzzles::catalog::{Catalog, ClassRow, Entry, Kept, grouped};
use crate::puzzles::ops::Ops;
use crate::tables::columns;
use crate::tables::layout::{Part, TableKey};
use crate::tables::manifest::{FileEntry, Manifest};
use crate::tables::store::{self, SweepError};
use crate::tables::table::read_predictions;

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Table { path: PathBuf, source: PolarsError },
    /// No table, or the data folder could not be walked.
    #[error(transparent)]
    Discover(#[from] crate::tables::registry::DiscoverError),
    /// A table that does not verify against its manifest, or whose reader
    /// failed.
    #[error(transparent)]
    Data(#[from] SweepError),
    #[error("reports in {}: another census24 process is writing them", dir.display())]
    Busy { dir: PathBuf },
    /// The atlas's own solving failed (a step limit).
    #[error("atlas: {0}")]
    Atlas(String),
    /// The sets of a census of large sets could not be read.
    #[error("{0}")]
    Sets(String),
    /// Working out a table's games again failed: the table and the solver
    /// disagree on one, or a game is not one of the table's game.
    #[error("{}: {source}", path.display())]
    Games {
        path: PathBuf,
        source: crate::game::error::InputError,
    },
    /// Pricing a table's figures again by a model file (`report --model`)
    /// failed, or the table is too large for it.
    #[error("{}: {source}", path.display())]
    Repriced {
        path: PathBuf,
        source: crate::game::error::InputError,
    },
}

/// Runs a polars read of `path`, turning a panic inside it into an error
/// naming the file (as [`crate::tables::store::guarded`] does for tables).
pub(crate) fn guarded<T>(
    path: &Path,
    read: impl FnOnce() -> Result<T, ReportError>,
) -> Result<T, ReportError> {
    crate::tables::disk::catch_panic(read).unwrap_or_else(|message| {
        Err(ReportError::Data(SweepError::Panicked {
            path: path.to_path_buf(),
            message,
        }))
    })
}

/// One table as its report reads it: the hands frame, read once (or handed
/// over by the sweep that just made it) and queried in memory by every part
/// of the report, and the solutions table, scanned only for the one query
/// that needs it unless it is in memory too.
#[derive(Clone)]
pub struct Table {
    /// The hands file, named in errors.
    pub hands_path: PathBuf,
    hands: DataFrame,
    solutions: Option<(PathBuf, Option<DataFrame>)>,
    /// The model file that priced its figures, as its manifest records it
    /// (`None`: the built-in model).
    pub model: Option<ModelRecord>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("hands_path", &self.hands_path)
            .field("hands", &self.hands.height())
            .finish_non_exhaustive()
    }
}

impl Table {
    /// Reads the hands table in `dir`, once every file of the table is
    /// checked against its manifest ([`store::verify`]); the solutions
    /// table is used only if the manifest lists it.
    pub fn read(dir: &Path) -> Result<Table, ReportError> {
        let (table, _) = Table::read_with_manifest(dir)?;
        Ok(table)
    }

    /// [`Table::read`], also returning the verified manifest.
    pub fn read_with_manifest(dir: &Path) -> Result<(Table, Manifest), ReportError> {
        let manifest = store::verify(dir, Part::Whole)?;
        let hands = store::read_whole(dir, listed(dir, &manifest, &Part::Whole.hands())?)?;
        let solutions = listed(dir, &manifest, &Part::Whole.solutions())
            .ok()
            .map(|f| (dir.join(&f.name), None));
        let table = Table {
            hands_path: dir.join(Part::Whole.hands()),
            hands,
            solutions,
            model: manifest.parameters.model.clone(),
        };
        Ok((table, manifest))
    }

    /// The table of `dir` from frames already in memory: those a sweep has
    /// just written there (a column the table leaves out comes back as
    /// nulls, as [`store::read_whole`] gives it).
    pub fn of_frames(dir: &Path, hands: DataFrame, solutions: Option<DataFrame>) -> Table {
        let hands = crate::tables::table::with_absent("hands", hands.clone()).unwrap_or(hands);
        Table {
            hands_path: dir.join(Part::Whole.hands()),
            hands,
            solutions: solutions.map(|df| (dir.join(Part::Whole.solutions()), Some(df))),
            model: None,
        }
    }

    /// The hands frame (its columns shared, not copied).
    pub fn hands_frame(&self) -> DataFrame {
        self.hands.clone()
    }

    /// The table, its figures priced by `model` (a sweep's own table).
    pub fn with_model(self, model: Option<ModelRecord>) -> Table {
        Table { model, ..self }
    }

    /// The table with the hands frame `hands`, its figures priced by
    /// `model` ([`crate::report::reprice`]).
    pub fn with_hands(self, hands: DataFrame, model: Option<ModelRecord>) -> Table {
        Table {
            hands,
            model,
            ..self
        }
    }

    /// Whether a designer gets an explorer page for this table: it has
    /// difficulty columns (not swept with `--no-solutions`) and at most
    /// [`crate::report::MAX_EXPLORER_HANDS`] hands.
    pub fn explorable(&self) -> bool {
        self.hands.height() <= crate::report::MAX_EXPLORER_HANDS
            && self
                .hands
                .column(columns::PREDICTED_TIME_S)
                .is_ok_and(|c| c.null_count() < c.len())
    }

    /// Whether the table has its solutions table.
    pub fn has_solutions(&self) -> bool {
        self.solutions.is_some()
    }

    fn hands(&self) -> LazyFrame {
        self.hands.clone().lazy()
    }

    /// The solutions table's path, or `None` for a table swept without
    /// solutions.
    fn solutions_path(&self) -> Option<&Path> {
        self.solutions.as_ref().map(|(path, _)| path.as_path())
    }

    /// The solutions table's row count (from the file's footer when it is
    /// not in memory) and column names; `None` for a table swept without
    /// solutions.
    fn solutions_shape(&self) -> Result<Option<(usize, Vec<String>)>, ReportError> {
        let (path, df) = match &self.solutions {
            None => return Ok(None),
            Some((path, df)) => (path, df),
        };
        if let Some(df) = df {
            let names = df
                .get_column_names()
                .iter()
                .map(|n| n.to_string())
                .collect();
            return Ok(Some((df.height(), names)));
        }
        let err = |source| ReportError::Table {
            path: path.clone(),
            source,
        };
        guarded(path, || {
            let file = std::fs::File::open(path).map_err(|source| ReportError::Io {
                path: path.clone(),
                source,
            })?;
            let mut reader = ParquetReader::new(file);
            let rows = reader.num_rows().map_err(err)?;
            let schema = reader.schema().map_err(err)?;
            let names = schema.iter_names().map(|n| n.to_string());
            Ok(Some((rows, names.collect())))
        })
    }

    /// The columns `names` of rows `offset..offset + len` of the solutions
    /// table (fewer past its end; none without one). From a file, only the
    /// row groups holding those rows are read.
    fn solution_rows(
        &self,
        names: &[&str],
        offset: usize,
        len: usize,
    ) -> Result<DataFrame, ReportError> {
        let (path, df) = match &self.solutions {
            None => return Ok(DataFrame::empty()),
            Some((path, df)) => (path, df),
        };
        let err = |source| ReportError::Table {
            path: path.clone(),
            source,
        };
        match df {
            Some(df) => Ok(df
                .select(names.iter().copied())
                .map_err(err)?
                .slice(offset as i64, len)),
            None => guarded(path, || {
                let file = std::fs::File::open(path).map_err(|source| ReportError::Io {
                    path: path.clone(),
                    source,
                })?;
                ParquetReader::new(file)
                    .with_columns(Some(names.iter().map(|n| n.to_string()).collect()))
                    .with_slice(((offset, len) != (0, usize::MAX)).then_some((offset, len)))
                    .finish()
                    .map_err(err)
            }),
        }
    }
}

/// The file `name` in the verified manifest of the table in `dir`; an
/// error naming the manifest when it does not list the file.
pub(crate) fn listed<'m>(
    dir: &Path,
    manifest: &'m Manifest,
    name: &str,
) -> Result<&'m FileEntry, SweepError> {
    manifest
        .files
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| SweepError::Unverified {
            path: dir.join(Part::Whole.manifest()),
            what: format!("does not list {name}"),
        })
}

/// Runs a query, naming the file it reads on failure (a panic inside the
/// reader included).
pub(crate) fn run(path: &Path, lf: LazyFrame) -> Result<DataFrame, ReportError> {
    guarded(path, || {
        lf.collect().map_err(|source| ReportError::Table {
            path: path.to_path_buf(),
            source,
        })
    })
}

/// The one number `value` comes to over `lf` (a count or a sum).
fn single_u64(path: &Path, lf: LazyFrame, value: Expr) -> Result<u64, ReportError> {
    let df = run(path, lf.select([value.cast(DataType::UInt64).alias("n")]))?;
    Cols { df: &df, path }.u64_at("n")
}

/// The row index a table's report adds to its hands, so that rankings
/// break ties in table order.
const ROW: &str = "row";

/// Reads typed values out of a collected frame, naming the file on failure.
pub(crate) struct Cols<'a> {
    pub df: &'a DataFrame,
    pub path: &'a Path,
}

impl Cols<'_> {
    pub fn err(&self, source: PolarsError) -> ReportError {
        ReportError::Table {
            path: self.path.to_path_buf(),
            source,
        }
    }

    pub fn u64s(&self, name: &str) -> Result<Vec<Option<u64>>, ReportError> {
        let c = self.df.column(name).map_err(|e| self.err(e))?;
        let c = c.cast(&DataType::UInt64).map_err(|e| self.err(e))?;
        Ok(c.u64().map_err(|e| self.err(e))?.iter().collect())
    }

    pub fn f64s(&self, name: &str) -> Result<Vec<Option<f64>>, ReportError> {
        let c = self.df.column(name).map_err(|e| self.err(e))?;
        let c = c.cast(&DataType::Float64).map_err(|e| self.err(e))?;
        Ok(c.f64().map_err(|e| self.err(e))?.iter().collect())
    }

    pub fn strs(&self, name: &str) -> Result<Vec<Option<String>>, ReportError> {
        let c = self.df.column(name).map_err(|e| self.err(e))?;
        let c = c.cast(&DataType::String).map_err(|e| self.err(e))?;
        Ok(c.str()
            .map_err(|e| self.err(e))?
            .iter()
            .map(|s| s.map(str::to_string))
            .collect())
    }

    /// The operation-count columns, `+ - * /` ([`OP_COLUMNS`]).
    pub fn op_counts(&self) -> Result<[Vec<Option<u64>>; 4], ReportError> {
        let [a, s, m, d] = OP_COLUMNS;
        Ok([self.u64s(a)?, self.u64s(s)?, self.u64s(m)?, self.u64s(d)?])
    }

    pub fn u64_at(&self, name: &str) -> Result<u64, ReportError> {
        Ok(self.u64s(name)?.first().copied().flatten().unwrap_or(0))
    }
}

/// Which optional columns a hands table has.
struct Shape {
    difficulty: bool,
    /// Solutions were enumerated (the `dissimilar` column is not all null).
    counted: bool,
}

/// The columns of the table scanned from `path`.
fn schema_of(path: &Path, table: &LazyFrame) -> Result<SchemaRef, ReportError> {
    table
        .clone()
        .collect_schema()
        .map_err(|source| ReportError::Table {
            path: path.to_path_buf(),
            source,
        })
}

fn shape(path: &Path, hands: &LazyFrame) -> Result<Shape, ReportError> {
    let schema = schema_of(path, hands)?;
    let counted = single_u64(
        path,
        hands.clone(),
        col(columns::DISSIMILAR).is_not_null().sum(),
    )? > 0;
    let difficulty = counted
        && [
            columns::PREDICTED_TIME_S,
            columns::PREDICTED_SOLVE_RATE,
            columns::DIFFICULTY,
            columns::TIER,
        ]
        .iter()
        .all(|c| schema.contains(c));
    Ok(Shape {
        difficulty,
        counted,
    })
}

/// The counts of one table that are compared across hand sizes.
pub fn size_summary(table: &Table, k: u32) -> Result<SizeSummary, ReportError> {
    let path = table.hands_path.as_path();
    let hands = table.hands();
    let shape = shape(path, &hands)?;
    let df = run(
        path,
        hands.clone().select([
            len().cast(DataType::UInt64).alias("hands"),
            col(columns::SOLVABLE)
                .sum()
                .cast(DataType::UInt64)
                .alias(columns::SOLVABLE),
            col(columns::DEAL_WAYS)
                .cast(DataType::UInt64)
                .sum()
                .alias("ways"),
            col(columns::DEAL_WAYS)
                .cast(DataType::UInt64)
                .filter(col(columns::SOLVABLE))
                .sum()
                .alias("solvable_ways"),
        ]),
    )?;
    let c = Cols { df: &df, path };
    let (ways, solvable_ways) = (c.u64_at("ways")?, c.u64_at("solvable_ways")?);
    let tiers = if shape.difficulty {
        Some(tier_totals(path, &hands)?.0)
    } else {
        None
    };
    Ok(SizeSummary {
        k,
        hands: c.u64_at("hands")?,
        solvable: c.u64_at(columns::SOLVABLE)?,
        deal_solvable: super::ratio(solvable_ways, ways),
        tiers,
    })
}

/// Hands and deal probability per tier, easy to expert.
fn tier_totals(path: &Path, hands: &LazyFrame) -> Result<([u64; 4], [f64; 4]), ReportError> {
    let df = run(
        path,
        hands
            .clone()
            .filter(col(columns::TIER).is_not_null())
            .group_by([col(columns::TIER).cast(DataType::String)])
            .agg([
                len().cast(DataType::UInt64).alias("hands"),
                col(columns::DEAL_PROBABILITY).sum().alias("deals"),
            ]),
    )?;
    let c = Cols { df: &df, path };
    let (names, counts, deals) = (c.strs(columns::TIER)?, c.u64s("hands")?, c.f64s("deals")?);
    let mut n = [0u64; 4];
    let mut p = [0f64; 4];
    for ((name, count), deal) in names.iter().zip(counts).zip(deals) {
        if let Some(i) = Tier::ALL
            .iter()
            .position(|t| Some(t.name()) == name.as_deref())
        {
            n[i] = count.unwrap_or(0);
            p[i] = deal.unwrap_or(0.0);
        }
    }
    Ok((n, p))
}

/// Everything the report of one table states (the comparison across hand
/// sizes comes from [`size_summary`] of each sibling table).
pub fn table_summary(id: &TableKey, table: &Table) -> Result<TableSummary, ReportError> {
    let path = table.hands_path.as_path();
    let hands = table.hands().with_row_index(ROW, None);
    let shape = shape(path, &hands)?;
    let size = size_summary(table, id.k as u32)?;

    let integer_solvable = single_u64(path, hands.clone(), col(columns::INTEGER_SOLVABLE).sum())?;
    let by_value = by_value(path, &hands)?;
    let solution_counts = if shape.counted {
        Some(solution_counts(path, &hands)?)
    } else {
        None
    };

    let deal_tiers = if shape.difficulty {
        Some(tier_totals(path, &hands)?.1)
    } else {
        None
    };

    let lists = Lister {
        path,
        hands: &hands,
        shape: &shape,
    };
    let hardest = if shape.difficulty {
        lists.list(
            col(columns::SOLVABLE).and(col(columns::PREDICTED_TIME_S).is_not_null()),
            Some(col(columns::PREDICTED_TIME_S)),
            HARDEST,
        )?
    } else {
        HandList::default()
    };
    let fraction_only = lists.list(col(columns::NEEDS_FRACTION), None, LIST_CAP)?;
    let one_solution = if shape.counted {
        lists.list(col(columns::DISSIMILAR).eq(lit(1u32)), None, LIST_CAP)?
    } else {
        HandList::default()
    };
    let unsolvable = lists.list(col(columns::SOLVABLE).not(), None, LIST_CAP)?;

    Ok(TableSummary {
        id: *id,
        model: table.model.clone(),
        size,
        integer_solvable,
        deal_tiers,
        by_value,
        solution_counts,
        hardest,
        fraction_only,
        one_solution,
        unsolvable,
        calibration: None,
    })
}

/// How hands holding each card value fare, by value.
fn by_value(path: &Path, hands: &LazyFrame) -> Result<Vec<ValueRow>, ReportError> {
    let df = run(
        path,
        hands
            .clone()
            .select([
                col(columns::HAND),
                col(columns::CARDS),
                col(columns::SOLVABLE),
            ])
            .explode(
                cols([columns::CARDS]),
                ExplodeOptions {
                    empty_as_null: true,
                    keep_nulls: true,
                },
            )
            .unique_stable(
                Some(cols([columns::HAND, columns::CARDS])),
                UniqueKeepStrategy::First,
            )
            .group_by([col(columns::CARDS).cast(DataType::Int64)])
            .agg([
                len().cast(DataType::UInt64).alias("hands"),
                col(columns::SOLVABLE)
                    .sum()
                    .cast(DataType::UInt64)
                    .alias(columns::SOLVABLE),
            ])
            .sort([columns::CARDS], SortMultipleOptions::default()),
    )?;
    let c = Cols { df: &df, path };
    let values = {
        let col = df
            .column(columns::CARDS)
            .and_then(|s| s.cast(&DataType::Int64));
        let col = col.map_err(|e| c.err(e))?;
        col.i64().map_err(|e| c.err(e))?.iter().collect::<Vec<_>>()
    };
    Ok(values
        .into_iter()
        .zip(c.u64s("hands")?)
        .zip(c.u64s(columns::SOLVABLE)?)
        .filter_map(|((v, h), s)| {
            Some(ValueRow {
                value: v?,
                hands: h.unwrap_or(0),
                solvable: s.unwrap_or(0),
            })
        })
        .collect())
}

/// (dissimilar solutions, solvable hands with that many), fewest first.
fn solution_counts(path: &Path, hands: &LazyFrame) -> Result<Vec<(u32, u64)>, ReportError> {
    let df = run(
        path,
        hands
            .clone()
            .filter(col(columns::SOLVABLE))
            .group_by([col(columns::DISSIMILAR).cast(DataType::UInt64)])
            .agg([len().cast(DataType::UInt64).alias("hands")])
            .sort([columns::DISSIMILAR], SortMultipleOptions::default()),
    )?;
    let c = Cols { df: &df, path };
    let pairs = c
        .u64s(columns::DISSIMILAR)?
        .into_iter()
        .zip(c.u64s("hands")?);
    Ok(pairs
        .filter_map(|(d, n)| Some((d? as u32, n.unwrap_or(0))))
        .collect())
}

/// Builds the report's lists of hands.
struct Lister<'a> {
    path: &'a Path,
    hands: &'a LazyFrame,
    shape: &'a Shape,
}

impl Lister<'_> {
    /// Hands matching `filter`, at most `cap`, in table order or by
    /// `descending` (table order breaking ties), with their total.
    fn list(
        &self,
        filter: Expr,
        descending: Option<Expr>,
        cap: usize,
    ) -> Result<HandList, ReportError> {
        let matching = self.hands.clone().filter(filter);
        let total = single_u64(self.path, matching.clone(), len())?;
        let ordered = match descending {
            Some(key) => matching.sort_by_exprs(
                [key, col(ROW)],
                SortMultipleOptions::default().with_order_descending_multi([true, false]),
            ),
            None => matching,
        };
        let mut fields = vec![
            col(columns::HAND),
            col(columns::SIMPLEST),
            col(columns::DISSIMILAR),
        ];
        if self.shape.difficulty {
            fields.push(col(columns::PREDICTED_TIME_S));
            fields.push(col(columns::PREDICTED_SOLVE_RATE));
            fields.push(col(columns::DIFFICULTY));
            fields.push(col(columns::TIER).cast(DataType::String));
        }
        let df = run(self.path, ordered.select(fields).limit(cap as IdxSize))?;
        let c = Cols {
            df: &df,
            path: self.path,
        };
        let hands = c.strs(columns::HAND)?;
        let simplest = c.strs(columns::SIMPLEST)?;
        let dissimilar = c.u64s(columns::DISSIMILAR)?;
        let n = hands.len();
        let (time, rate, difficulty, tier) = if self.shape.difficulty {
            (
                c.f64s(columns::PREDICTED_TIME_S)?,
                c.f64s(columns::PREDICTED_SOLVE_RATE)?,
                c.f64s(columns::DIFFICULTY)?,
                c.strs(columns::TIER)?,
            )
        } else {
            (vec![None; n], vec![None; n], vec![None; n], vec![None; n])
        };
        let shown = (0..hands.len())
            .map(|i| Listed {
                hand: hands[i].clone().unwrap_or_default(),
                time_s: time[i],
                solve_rate: rate[i],
                difficulty: difficulty[i],
                tier: tier[i].clone(),
                dissimilar: dissimilar[i].map(|d| d as u32),
                solution: simplest[i].clone().unwrap_or_default(),
            })
            .collect();
        Ok(HandList { total, shown })
    }
}

/// The players' measurements, relative to the data folder: the report of
/// the game they were measured on plots them against the predictions.
pub const MEASUREMENTS: &str = "human/four-card-solve-times.csv";

/// Whether `id` is the game the measurements are of (four cards of 1..13,
/// target 24, fractions allowed; any deck).
pub fn measured_game(id: &TableKey) -> bool {
    id.rules == Rules::Rational
        && id.target == Q::int(24)
        && (id.values.lo, id.values.hi) == (1, 13)
        && id.k == 4
}

/// The measurements beside the data folder, if there are any.
pub fn measurements(data: &Path) -> Result<Option<Vec<Measured>>, ReportError> {
    let path = data.join(MEASUREMENTS);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|source| ReportError::Io {
        path: path.clone(),
        source,
    })?;
    parse_measurements(&text)
        .map(Some)
        .map_err(|e| ReportError::Io {
            path,
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        })
}

/// The measured hands of `measured` that the table at `files` predicts, as
/// (measured, predicted) seconds in the order of `measured`; `None` when
/// the table has no predictions.
pub fn calibration(
    table: &Table,
    measured: &[Measured],
) -> Result<Option<Calibration>, ReportError> {
    let path = table.hands_path.as_path();
    let hands = table.hands();
    if !schema_of(path, &hands)?.contains(columns::PREDICTED_TIME_S) {
        return Ok(None);
    }
    let df = run(
        path,
        hands
            .filter(col(columns::PREDICTED_TIME_S).is_not_null())
            .select([col(columns::HAND), col(columns::PREDICTED_TIME_S)]),
    )?;
    let c = Cols { df: &df, path };
    let predicted: BTreeMap<String, f64> = c
        .strs(columns::HAND)?
        .into_iter()
        .zip(c.f64s(columns::PREDICTED_TIME_S)?)
        .filter_map(|(h, t)| Some((h?, t?)))
        .collect();
    let points: Vec<(f64, f64)> = measured
        .iter()
        .filter_map(|m| Some((m.mean_time_s, *predicted.get(&m.hand)?)))
        .collect();
    if points.is_empty() {
        return Ok(None);
    }
    let (a, b): (Vec<f64>, Vec<f64>) = points.iter().copied().unzip();
    Ok(Some(Calibration {
        spearman: spearman(&a, &b),
        points,
    }))
}

/// Every hand of `table` with its solutions grouped for reading (all
/// classes up to `max_classes` solution rows, beyond that each hand's
/// easiest), in table order.
pub fn catalog(id: &TableKey, table: &Table, max_classes: u64) -> Result<Catalog, ReportError> {
    let path = table.hands_path.as_path();
    let hands = table.hands();
    let schema = schema_of(path, &hands)?;
    let optional = |name: &str, dtype: DataType| {
        if schema.contains(name) {
            col(name).cast(dtype)
        } else {
            lit(NULL).cast(dtype).alias(name)
        }
    };
    let df = run(
        path,
        hands.select(
            [
                col(columns::HAND),
                col(columns::SOLVABLE).cast(DataType::UInt64),
                col(columns::STRUCTURAL).cast(DataType::UInt64),
                col(columns::DISSIMILAR).cast(DataType::UInt64),
                col(columns::NEEDS_FRACTION).cast(DataType::UInt64),
                col(columns::INTEGER_SOLVABLE).cast(DataType::UInt64),
                col(columns::DEAL_PROBABILITY),
                col(columns::SIMPLEST),
                optional(columns::DIFFICULTY_RANK, DataType::UInt64),
            ]
            .into_iter()
            .chain(
                figures::FIGURES
                    .iter()
                    .map(|f| optional(f.name, DataType::Float64)),
            )
            .chain([optional(columns::TIER, DataType::String)])
            .collect::<Vec<_>>(),
        ),
    )?;
    let c = Cols { df: &df, path };
    let hand = c.strs(columns::HAND)?;
    let solvable = c.u64s(columns::SOLVABLE)?;
    let structural = c.u64s(columns::STRUCTURAL)?;
    let dissimilar = c.u64s(columns::DISSIMILAR)?;
    let fraction = c.u64s(columns::NEEDS_FRACTION)?;
    let integer = c.u64s(columns::INTEGER_SOLVABLE)?;
    let deal = c.f64s(columns::DEAL_PROBABILITY)?;
    let example = c.strs(columns::SIMPLEST)?;
    let predictions = read_predictions(&df).map_err(|source| ReportError::Table {
        path: path.to_path_buf(),
        source,
    })?;
    let rank = c.u64s(columns::DIFFICULTY_RANK)?;

    let (kept, mut classes, mut simplest) = match table.solutions_shape()? {
        None => (Kept::None, BTreeMap::new(), BTreeMap::new()),
        Some((n, names)) => {
            let sols = table
                .solutions_path()
                .expect("a table with a solutions table");
            let has_complexity = names.iter().any(|n| n == columns::COMPLEXITY);
            if n as u64 <= max_classes {
                let classes = classes_of(table, sols, has_complexity)?;
                (Kept::All, classes, BTreeMap::new())
            } else {
                let simplest = simplest_by_hand(table, sols, has_complexity, n, SLICE_ROWS)?;
                (Kept::Simplest, BTreeMap::new(), simplest)
            }
        }
    };
    let entries = (0..df.height())
        .map(|i| {
            let name = hand[i].clone().unwrap_or_default();
            let (rows, least) = match simplest.remove(&name) {
                Some(e) => {
                    let least = e.least();
                    (e.into_rows(), least)
                }
                None => {
                    let rows = classes.remove(&name).unwrap_or_default();
                    let least = rows.iter().map(|r| Ops::of_class(r.op_counts)).min();
                    (rows, least)
                }
            };
            let integer_solvable = integer[i] == Some(1);
            let ops = Ops::of_least(least, integer_solvable);
            let groups = grouped(rows);
            Entry {
                cards: name
                    .split_whitespace()
                    .filter_map(|t| t.parse().ok())
                    .collect(),
                hand: name,
                solvable: solvable[i] == Some(1),
                prediction: predictions[i],
                rank: rank[i].map(|r| r as u32),
                dissimilar: dissimilar[i].map(|d| d as u32),
                structural: structural[i].map(|d| d as u32),
                needs_fraction: fraction[i] == Some(1),
                integer_solvable,
                deal_probability: deal[i].unwrap_or(0.0),
                ops,
                simplest: example[i].clone().unwrap_or_default(),
                groups,
            }
        })
        .collect();
    Ok(Catalog {
        id: *id,
        kept,
        hands: entries,
        model: None,
    })
}

/// The solution rows of every hand, by hand.
fn classes_of(
    table: &Table,
    path: &Path,
    has_complexity: bool,
) -> Result<BTreeMap<String, Vec<ClassRow>>, ReportError> {
    let complexity = if has_complexity {
        col(columns::COMPLEXITY).cast(DataType::Float64)
    } else {
        lit(0.0f64).alias(columns::COMPLEXITY)
    };
    let mut fields = vec![
        col(columns::HAND),
        col(columns::CLASS).cast(DataType::UInt64),
        col(columns::DISSIMILAR_GROUP).cast(DataType::UInt64),
        complexity,
    ];
    for op in OP_COLUMNS {
        fields.push(col(op).cast(DataType::UInt64));
    }
    fields.push(col(columns::EXPRESSION));
    let mut names = vec![columns::HAND, columns::CLASS, columns::DISSIMILAR_GROUP];
    names.extend(OP_COLUMNS);
    names.push(columns::EXPRESSION);
    if has_complexity {
        names.push(columns::COMPLEXITY);
    }
    let solutions = table.solution_rows(&names, 0, usize::MAX)?.lazy();
    let df = run(path, solutions.select(fields))?;
    let c = Cols { df: &df, path };
    let hand = c.strs(columns::HAND)?;
    let class = c.u64s(columns::CLASS)?;
    let group = c.u64s(columns::DISSIMILAR_GROUP)?;
    let complexity = c.f64s(columns::COMPLEXITY)?;
    let ops = c.op_counts()?;
    let expression = c.strs(columns::EXPRESSION)?;
    let mut by_hand: BTreeMap<String, Vec<ClassRow>> = BTreeMap::new();
    for (i, (h, text)) in hand.into_iter().zip(expression).enumerate() {
        let Some(h) = h else { continue };
        by_hand.entry(h).or_default().push(ClassRow {
            class: class[i].unwrap_or(0) as u32,
            expression: text.unwrap_or_default(),
            dissimilar_group: group[i].unwrap_or(0) as u32,
            complexity: complexity[i].unwrap_or(0.0),
            op_counts: ops.each_ref().map(|o| o[i].unwrap_or(0) as u32),
        });
    }
    Ok(by_hand)
}

/// The operation-count columns of `solutions.parquet`, `+ - * /`.
const OP_COLUMNS: [&str; 4] = [columns::ADDS, columns::SUBS, columns::MULS, columns::DIVS];

/// Rows of a solutions table read at a time for [`simplest_by_hand`]: one
/// row group of a table written by `census24 sweep`, so that a six-card
/// table (5.8 million rows) is never held whole.
const SLICE_ROWS: usize = 1 << 18;

/// What a catalog that keeps only each hand's simplest solutions needs of
/// its classes: at each operation level (add-sub, product, division) the
/// class of least number, enough for [`Entry::simplest_within`] at every
/// level and for the hand's [`Ops`].
///
/// [`Entry::simplest_within`]: crate::puzzles::catalog::Entry::simplest_within
#[derive(Debug, Default)]
struct Simplest {
    rows: [Option<ClassRow>; 3],
}

impl Simplest {
    /// Keeps `row` (class `class`, using `ops`) when it is the first of its
    /// level; `row` is made only then.
    fn offer(&mut self, class: u32, ops: Ops, row: impl FnOnce() -> ClassRow) {
        // `Ops::of_class` is never `Fraction`: levels 0, 1 and 2.
        let slot = &mut self.rows[(ops as usize).min(2)];
        if slot.as_ref().is_none_or(|r| class < r.class) {
            *slot = Some(row());
        }
    }

    fn absorb(&mut self, other: Simplest) {
        for r in other.rows.into_iter().flatten() {
            self.offer(r.class, Ops::of_class(r.op_counts), || r);
        }
    }

    /// The least [`Ops::of_class`] over the hand's classes.
    fn least(&self) -> Option<Ops> {
        self.rows
            .iter()
            .flatten()
            .map(|r| Ops::of_class(r.op_counts))
            .min()
    }

    fn into_rows(self) -> Vec<ClassRow> {
        self.rows.into_iter().flatten().collect()
    }
}

/// Each hand's [`Simplest`] from the `rows` rows of `table`'s solutions
/// table (`solutions`, read from `path`), `slice` rows at a time: memory
/// holds one slice and one entry per hand, whatever the table's size.
fn simplest_by_hand(
    table: &Table,
    path: &Path,
    has_complexity: bool,
    rows: usize,
    slice: usize,
) -> Result<BTreeMap<String, Simplest>, ReportError> {
    let mut names = vec![columns::HAND, columns::CLASS, columns::EXPRESSION];
    names.extend(OP_COLUMNS);
    if has_complexity {
        names.push(columns::COMPLEXITY);
    }
    let mut out: BTreeMap<String, Simplest> = BTreeMap::new();
    for offset in (0..rows).step_by(slice.max(1)) {
        let df = table.solution_rows(&names, offset, slice)?;
        let c = Cols { df: &df, path };
        let text = |name: &str| {
            df.column(name)
                .and_then(|col| col.str().cloned())
                .map_err(|e| c.err(e))
        };
        let (hand, expression) = (text(columns::HAND)?, text(columns::EXPRESSION)?);
        let class = c.u64s(columns::CLASS)?;
        let ops = c.op_counts()?;
        let complexity = if has_complexity {
            c.f64s(columns::COMPLEXITY)?
        } else {
            vec![Some(0.0); df.height()]
        };
        for (i, h) in hand.iter().enumerate() {
            let Some(h) = h else { continue };
            let (k, x) = (class[i].unwrap_or(0) as u32, complexity[i].unwrap_or(0.0));
            let op_counts = ops.each_ref().map(|o| o[i].unwrap_or(0) as u32);
            // The expression is copied only for a class that leads its level.
            let row = || ClassRow {
                class: k,
                expression: expression.get(i).unwrap_or_default().to_string(),
                dissimilar_group: 0,
                complexity: x,
                op_counts,
            };
            let mut one = Simplest::default();
            one.offer(k, Ops::of_class(op_counts), row);
            match out.get_mut(h) {
                Some(e) => e.absorb(one),
                None => {
                    out.insert(h.to_string(), one);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalog_past_its_cap_keeps_each_hands_simplest_at_every_level() {
        let rel = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3";
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(rel);
        let id = TableKey::from_partition(Path::new(rel)).unwrap();
        let table = Table::read(&dir).unwrap();
        let all = catalog(&id, &table, u64::MAX).unwrap();
        let kept = catalog(&id, &table, 10).unwrap();
        assert_eq!((all.kept, kept.kept), (Kept::All, Kept::Simplest));
        assert_eq!(all.hands.len(), 455);
        let mut several = 0;
        for (a, e) in all.hands.iter().zip(&kept.hands) {
            assert_eq!((&a.hand, a.ops), (&e.hand, e.ops));
            assert_eq!(a.simplest(), e.simplest(), "{}", a.hand);
            for level in Ops::ALL {
                assert_eq!(
                    a.simplest_within(level),
                    e.simplest_within(level),
                    "{}",
                    a.hand
                );
            }
            assert!(e.groups.iter().map(|g| g.0.len()).sum::<usize>() <= 3);
            several += usize::from(a.groups.len() > 1 || a.groups.iter().any(|g| g.0.len() > 1));
        }
        assert!(several > 0, "some hand has more than one solution to drop");
        assert!(all.hands.iter().any(|h| h.ops == Some(Ops::Product)));
    }

    /// A catalog made in memory from the core (the Python package's
    /// puzzle sets) is the one read back from the shipped table.
    #[test]
    fn a_catalog_solved_in_memory_is_the_one_read_from_the_table() {
        let rel = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4";
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(rel);
        let id = TableKey::from_partition(Path::new(rel)).unwrap();
        let read = catalog(&id, &Table::read(&dir).unwrap(), u64::MAX).unwrap();
        let solved = crate::puzzles::catalog::solved(&id).unwrap();
        assert_eq!(read.hands.len(), 1820);
        assert_eq!(solved, read);
    }

    /// Reading the solutions table a slice at a time, from its file or from
    /// a frame in memory, finds each hand's first class at each operation
    /// level and its least operations as going through all its classes
    /// does, whatever the slice size (hands cut between slices included).
    #[test]
    fn simplest_by_hand_in_slices_is_the_first_class_of_each_level() {
        let rel = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4";
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(rel);
        let on_disk = Table::read(&dir).unwrap();
        let sols = dir.join(Part::Whole.solutions());
        let frame = ParquetReader::new(std::fs::File::open(&sols).unwrap())
            .finish()
            .unwrap();
        let rows = frame.height();
        assert_eq!(rows, 4078);
        let in_memory = Table::of_frames(&dir, on_disk.hands.clone(), Some(frame));
        type Levels = (Vec<(u32, String)>, Option<Ops>);
        let want: BTreeMap<String, Levels> = classes_of(&on_disk, &sols, true)
            .unwrap()
            .into_iter()
            .map(|(hand, rows)| {
                let least = rows.iter().map(|r| Ops::of_class(r.op_counts)).min();
                let firsts = [Ops::AddSub, Ops::Product, Ops::Division]
                    .iter()
                    .filter_map(|&l| {
                        rows.iter()
                            .filter(|r| Ops::of_class(r.op_counts) == l)
                            .min_by_key(|r| r.class)
                            .map(|r| (r.class, r.expression.clone()))
                    })
                    .collect();
                (hand, (firsts, least))
            })
            .collect();
        assert_eq!(want.len(), 1362, "every solvable four-card hand");
        for table in [&on_disk, &in_memory] {
            assert_eq!(table.solutions_shape().unwrap().unwrap().0, rows);
            for slice in [1, 7, 1000, SLICE_ROWS] {
                let got: BTreeMap<String, Levels> =
                    simplest_by_hand(table, &sols, true, rows, slice)
                        .unwrap()
                        .into_iter()
                        .map(|(h, e)| {
                            let least = e.least();
                            let firsts = e
                                .into_rows()
                                .into_iter()
                                .map(|r| (r.class, r.expression))
                                .collect();
                            (h, (firsts, least))
                        })
                        .collect();
                assert_eq!(got, want, "slices of {slice}");
            }
        }
    }
}
