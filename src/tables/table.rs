//! The one place that knows the Parquet schema: rows to polars frames, frames
//! to Parquet bytes and back.
//!
//! Bytes are a pure function of the rows: [`TableWriter`] cuts row groups at
//! fixed row counts whatever frames the rows arrive in, and every writer
//! option (zstd level, statistics, row group and page sizes) is fixed here
//! rather than left to polars defaults that could change.
//!
//! Adding a column (as the difficulty model will) means a field in
//! [`crate::tables::rows`], a column here, a line in the schema docs below and a bump
//! of [`SCHEMA_VERSION`].

use std::io::{Cursor, Write};

use polars::polars_utils::compression::ZstdLevel;
use polars::prelude::*;
use polars_io::parquet::write::BatchedWriter;
use polars_io::prelude::{
    ParquetCompression, ParquetReader, ParquetWriter, SerReader, StatisticsOptions,
};

use crate::difficulty::{Prediction, Tier, figures};
use crate::tables::columns;
use crate::tables::reach::ReachRow;
use crate::tables::rows::{HandRow, RowRef, SolutionBatch, SolutionRow};

/// Version of the table layout, recorded in every manifest. Bump it when a
/// column is added, removed, renamed or changes type.
pub const SCHEMA_VERSION: u32 = 6;

/// zstd level of every file: 3 is zstd's default, fast and small enough.
const ZSTD_LEVEL: i32 = 3;
/// Rows per row group: a k = 6 solutions table (5.8 million rows) spans 23,
/// small tables are one; a writer holds about one group in memory.
pub const ROW_GROUP_ROWS: usize = 256 * 1024;
/// Rows per row group of a chunk file ([`TableWriter::for_chunk`]).
pub const CHUNK_GROUP_ROWS: usize = 32 * 1024;
/// Bytes per data page (polars' default, pinned).
const DATA_PAGE_BYTES: usize = 1024 * 1024;

// The columns of each table, in order, are [`columns::hands`],
// [`columns::SOLUTIONS`] and [`columns::reach`]; what each means is
// [`columns::meaning`], and its type is the one its frame below gives it
// (data/README.md shows both, read from the files).

/// The reach table of `rows`, in the given order.
pub fn reach_frame(rows: &[ReachRow]) -> PolarsResult<DataFrame> {
    let mut columns = vec![
        col(columns::HAND, rows, |r| r.hand.as_str()),
        // Targets are range-checked (game::targets::TARGET_LIMIT) to fit.
        col(columns::TARGET, rows, |r| r.target as i32),
        col(columns::SOLVABLE, rows, |r| r.solvable),
        col(columns::STRUCTURAL, rows, |r| r.structural),
        col(columns::DISSIMILAR, rows, |r| r.dissimilar),
        col(columns::INTEGER_SOLVABLE, rows, |r| r.integer_solvable),
        col(columns::DEAL_WAYS, rows, |r| r.deal_ways),
    ];
    columns.extend(prediction_columns(rows, |r| r.prediction)?);
    columns.extend([
        col(columns::CLOSEST, rows, |r| r.closest),
        col(columns::CLOSEST_BELOW, rows, |r| r.closest_below),
        // Distances to a target are far below 2^32 (targets and cards are).
        col(columns::DISTANCE, rows, |r| r.distance.map(|d| d as u32)),
    ]);
    DataFrame::new(rows.len(), columns)
}

/// The columns of a prediction ([`figures::names`]: each figure, then the
/// tier), null where `of` a row is `None`: the same in hands and reach
/// tables.
fn prediction_columns<R>(
    rows: &[R],
    of: impl Fn(&R) -> Option<Prediction>,
) -> PolarsResult<Vec<Column>> {
    let mut out: Vec<Column> = figures::FIGURES
        .iter()
        .map(|f| col(f.name, rows, |r| of(r).map(|p| (f.get)(&p))))
        .collect();
    out.push(tier_column(rows.iter().map(|r| of(r).map(|p| p.tier)))?);
    Ok(out)
}

/// Replaces the prediction columns of a table's rows (hands or reach) by
/// `predictions`, one per row, as [`prediction_columns`] writes them: the
/// same figures priced by another model (`report --model`). A hands
/// table's places by difficulty are its caller's to fill again.
pub fn replace_predictions(
    df: &mut DataFrame,
    predictions: &[Option<Prediction>],
) -> PolarsResult<()> {
    for c in prediction_columns(predictions, |p| *p)? {
        df.with_column(c)?;
    }
    Ok(())
}

/// The predictions of a table's rows, read from the columns that
/// [`prediction_columns`] writes (`None` where a row has none).
pub fn read_predictions(df: &DataFrame) -> PolarsResult<Vec<Option<Prediction>>> {
    let numbers = figures::FIGURES
        .iter()
        .map(|f| Ok(df.column(f.name)?.f64()?.iter().collect::<Vec<_>>()))
        .collect::<PolarsResult<Vec<Vec<Option<f64>>>>>()?;
    let tiers = df.column(columns::TIER)?.cast(&DataType::String)?;
    let tiers = tiers.str()?;
    Ok((0..df.height())
        .map(|i| {
            let tier = tiers.get(i)?.parse().ok()?;
            let values: Option<Vec<f64>> = numbers.iter().map(|c| c[i]).collect();
            Some(Prediction::from_figures(&values?, tier))
        })
        .collect())
}

/// What a table computes beyond its rows' own facts: the counts of each
/// hand's solutions and what follows from them (`structural`,
/// `dissimilar`, the smallest peak, the prediction and its place; none
/// with `--no-solutions`), and the values nearest a missed target
/// (`closest`, `closest_below`, `distance`; natural rules only). A column
/// a table does not compute is left out of its file rather than written
/// all null; a reader of a finished table gets it back as nulls of its
/// type ([`with_absent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computed {
    pub counts: bool,
    pub nearest: bool,
}

impl Computed {
    /// The columns of `stem`'s file (`hands`, `reach`) this leaves out.
    pub fn absent(self, stem: &str) -> Vec<&'static str> {
        let mut out = Vec::new();
        if !self.counts {
            out.extend([columns::STRUCTURAL, columns::DISSIMILAR]);
            if stem == "hands" {
                out.extend([columns::SMALLEST_PEAK, columns::SMALLEST_PEAK_F64]);
            }
            out.extend(figures::names());
            if stem == "hands" {
                out.push(columns::DIFFICULTY_RANK);
            }
        }
        if !self.nearest && stem == "reach" {
            out.extend([columns::CLOSEST, columns::CLOSEST_BELOW, columns::DISTANCE]);
        }
        out
    }

    /// `df`, a frame of `stem`'s file with every column, without those
    /// this leaves out.
    pub fn keep(self, stem: &str, df: DataFrame) -> DataFrame {
        df.drop_many(self.absent(stem))
    }
}

/// The file `stem` of a finished table with every column its kind has
/// ([`hands_frame`], [`reach_frame`]): a column its table leaves out
/// ([`Computed`]) comes back as nulls of its type, in its place. Other
/// files are returned as they are.
pub fn with_absent(stem: &str, df: DataFrame) -> PolarsResult<DataFrame> {
    let full = match stem {
        "hands" => hands_frame(&[])?,
        "reach" => reach_frame(&[])?,
        _ => return Ok(df),
    };
    if full
        .get_column_names()
        .iter()
        .all(|c| df.schema().contains(c))
    {
        return Ok(df);
    }
    let height = df.height();
    let columns = full
        .columns()
        .iter()
        .map(|c| match df.column(c.name()) {
            Ok(have) => Ok(have.clone()),
            Err(_) => Ok(Column::full_null(c.name().clone(), height, c.dtype())),
        })
        .collect::<PolarsResult<Vec<Column>>>()?;
    // Columns of the file the full frame does not know stay, at the end.
    let extra: Vec<Column> = df
        .columns()
        .iter()
        .filter(|c| !full.schema().contains(c.name()))
        .cloned()
        .collect();
    DataFrame::new(height, columns.into_iter().chain(extra).collect())
}

/// The type of `tier`: a polars Enum of the tier names, easiest first, so
/// that tiers sort easy, medium, hard, expert (not alphabetically).
pub fn tier_dtype() -> PolarsResult<DataType> {
    let names = Tier::ALL.map(Tier::name);
    Ok(DataType::from_frozen_categories(FrozenCategories::new(
        names,
    )?))
}

/// The `tier` column of `tiers`, one per row.
fn tier_column(tiers: impl Iterator<Item = Option<Tier>>) -> PolarsResult<Column> {
    let names: Vec<Option<&str>> = tiers.map(|t| t.map(Tier::name)).collect();
    Column::new(columns::TIER.into(), names).cast(&tier_dtype()?)
}

/// One column of a table: `f` of every row, named `name`.
pub(crate) fn col<'a, R, T>(name: &str, rows: &'a [R], f: impl Fn(&'a R) -> T) -> Column
where
    Series: NamedFrom<Vec<T>, [T]>,
{
    Column::new(name.into(), rows.iter().map(f).collect::<Vec<T>>())
}

/// The hands table of `rows`, in the given order.
pub fn hands_frame(rows: &[HandRow]) -> PolarsResult<DataFrame> {
    let mut cards = ListPrimitiveChunkedBuilder::<Int16Type>::new(
        columns::CARDS.into(),
        rows.len(),
        rows.iter().map(|r| r.hand.len()).sum(),
        DataType::Int16,
    );
    for r in rows {
        // Card values are range-checked (enumerate::VALUE_LIMIT) before a sweep starts.
        let narrow: Vec<i16> = r.hand.cards().iter().map(|&c| c as i16).collect();
        cards.append_slice(&narrow);
    }
    let mut columns = vec![
        col(columns::HAND, rows, |r| r.hand.to_string()),
        Column::from(cards.finish().into_series()),
        col(columns::SOLVABLE, rows, |r| r.solvable),
        col(columns::STRUCTURAL, rows, |r| r.structural),
        col(columns::DISSIMILAR, rows, |r| r.dissimilar),
        col(columns::INTEGER_SOLVABLE, rows, |r| r.integer_solvable),
        col(columns::NEEDS_FRACTION, rows, |r| r.needs_fraction),
        col(columns::SMALLEST_PEAK, rows, |r| {
            r.smallest_peak.map(|p| p.to_string())
        }),
        col(columns::SMALLEST_PEAK_F64, rows, |r| {
            r.smallest_peak.map(|p| p.to_f64())
        }),
        col(columns::SIMPLEST, rows, |r| r.simplest.as_str()),
        col(columns::DEAL_WAYS, rows, |r| r.deal_ways),
        col(columns::DEAL_PROBABILITY, rows, |r| r.deal_probability),
    ];
    columns.extend(prediction_columns(rows, |r| r.prediction)?);
    columns.extend([
        // A place in the whole table: filled by `fill_difficulty_rank` when
        // the table is complete, so chunks and shard parts leave it null.
        Column::new(
            columns::DIFFICULTY_RANK.into(),
            vec![None::<u32>; rows.len()],
        ),
    ]);
    DataFrame::new(rows.len(), columns)
}

/// The solutions table of `rows`, in the given order.
pub fn solutions_frame(rows: &[SolutionRow]) -> PolarsResult<DataFrame> {
    solutions_frame_of(rows.len(), || rows.iter().map(SolutionRow::as_ref))
}

/// The solutions table of the rows of several hands, in the given order:
/// the same frame as [`solutions_frame`] of their rows laid end to end.
pub fn solutions_frame_batches(batches: &[SolutionBatch]) -> PolarsResult<DataFrame> {
    solutions_frame_of(batches.iter().map(SolutionBatch::len).sum(), || {
        batches.iter().flat_map(SolutionBatch::rows)
    })
}

/// The solutions table of the `len` rows that `rows()` goes through.
fn solutions_frame_of<'a, I>(len: usize, rows: impl Fn() -> I) -> PolarsResult<DataFrame>
where
    I: Iterator<Item = RowRef<'a>>,
{
    fn column<'a, I, T>(name: &str, len: usize, rows: I, f: impl Fn(RowRef<'a>) -> T) -> Column
    where
        I: Iterator<Item = RowRef<'a>>,
        Series: NamedFrom<Vec<T>, [T]>,
    {
        let mut values = Vec::with_capacity(len);
        values.extend(rows.map(f));
        Column::new(name.into(), values)
    }
    // At most K - 1 operations, and K is far below 256.
    let op = |name: &str, i: usize| column(name, len, rows(), |r| r.facts.op_counts[i] as u8);
    let columns = vec![
        column(columns::HAND, len, rows(), |r| r.hand),
        column(columns::CLASS, len, rows(), |r| r.class),
        column(columns::EXPRESSION, len, rows(), |r| r.expression),
        column(columns::CANONICAL, len, rows(), |r| r.canonical),
        column(columns::DISSIMILAR_GROUP, len, rows(), |r| {
            r.facts.dissimilar_group
        }),
        column(columns::USES_FRACTION, len, rows(), |r| {
            r.facts.uses_fraction
        }),
        column(columns::PEAK, len, rows(), |r| r.facts.peak.to_string()),
        column(columns::PEAK_F64, len, rows(), |r| r.facts.peak.to_f64()),
        op(columns::ADDS, 0),
        op(columns::SUBS, 1),
        op(columns::MULS, 2),
        op(columns::DIVS, 3),
        column(columns::DEPTH, len, rows(), |r| r.facts.depth as u8),
        column(columns::COMPLEXITY, len, rows(), |r| r.facts.complexity),
    ];
    DataFrame::new(len, columns)
}

/// Fills `difficulty_rank` of a complete hands table from its
/// `predicted_time_s` column (see [`crate::difficulty::ranks`]).
pub fn fill_difficulty_rank(hands: &mut DataFrame) -> PolarsResult<()> {
    let times: Vec<Option<f64>> = hands
        .column(columns::PREDICTED_TIME_S)?
        .f64()?
        .iter()
        .collect();
    let ranks = crate::difficulty::ranks(&times);
    hands.with_column(Column::new(columns::DIFFICULTY_RANK.into(), ranks))?;
    Ok(())
}

/// Writes one table as Parquet, streaming: frames pushed in order are cut
/// into row groups of exactly [`ROW_GROUP_ROWS`] rows (the last one shorter),
/// so the bytes depend only on the rows, never on how they were split into
/// frames, and memory holds one row group rather than the whole table.
pub struct TableWriter<W: Write> {
    batched: BatchedWriter<W>,
    /// The final tables' row groups are compressed on several threads;
    /// a chunk file's are written by polars on this one (a run writes its
    /// chunks while the worker threads solve).
    columns: Option<ColumnEncoder>,
    pending: Option<DataFrame>,
    group_rows: usize,
    rows: usize,
}

impl<W: Write> std::fmt::Debug for TableWriter<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableWriter")
            .field("rows", &self.rows)
            .field("group_rows", &self.group_rows)
            .finish_non_exhaustive()
    }
}

impl<W: Write> TableWriter<W> {
    /// A writer of tables with the columns of `schema` (take it from an empty
    /// [`hands_frame`] or [`solutions_frame`]).
    pub fn new(out: W, schema: &Schema) -> PolarsResult<TableWriter<W>> {
        TableWriter::with_group_rows(out, schema, ROW_GROUP_ROWS)
    }

    fn with_group_rows(out: W, schema: &Schema, group_rows: usize) -> PolarsResult<TableWriter<W>> {
        let compression = ParquetCompression::Zstd(Some(ZstdLevel::try_new(ZSTD_LEVEL)?));
        let statistics = StatisticsOptions::full();
        let mut batched = ParquetWriter::new(out)
            .with_compression(compression)
            .with_statistics(statistics)
            .with_data_page_size(Some(DATA_PAGE_BYTES))
            .batched(schema)?;
        let columns = ColumnEncoder::new(&mut batched, schema, compression, statistics)?;
        Ok(TableWriter::of(batched, Some(columns), group_rows))
    }

    /// A writer of a chunk file of an unfinished run: a file only this
    /// program reads back, and only for its rows, so it is made for speed
    /// and little memory rather than size. Row groups are smaller (the
    /// writer holds less), compression is LZ4 (zstd took a tenth of a
    /// six-card sweep's instructions, and the final table compressed the
    /// same rows again) and there are no statistics. The final table is
    /// cut into its own row groups whatever the chunks', so its bytes do
    /// not change.
    pub fn for_chunk(out: W, schema: &Schema) -> PolarsResult<TableWriter<W>> {
        let batched = ParquetWriter::new(out)
            .with_compression(ParquetCompression::Lz4Raw)
            .with_statistics(StatisticsOptions::empty())
            .with_data_page_size(Some(DATA_PAGE_BYTES))
            .batched(schema)?;
        Ok(TableWriter::of(batched, None, CHUNK_GROUP_ROWS))
    }

    fn of(
        batched: BatchedWriter<W>,
        columns: Option<ColumnEncoder>,
        group_rows: usize,
    ) -> TableWriter<W> {
        TableWriter {
            batched,
            columns,
            pending: None,
            group_rows,
            rows: 0,
        }
    }

    /// Appends the rows of `df`.
    pub fn push(&mut self, df: DataFrame) -> PolarsResult<()> {
        self.rows += df.height();
        let mut pending = match self.pending.take() {
            Some(mut p) => {
                p.vstack_mut_owned(df)?;
                p
            }
            None => df,
        };
        while pending.height() >= self.group_rows {
            self.write_group(pending.slice(0, self.group_rows))?;
            pending = pending.slice(self.group_rows as i64, usize::MAX);
        }
        self.pending = Some(pending);
        Ok(())
    }

    fn write_group(&mut self, mut group: DataFrame) -> PolarsResult<()> {
        // One chunk makes one row group.
        group.rechunk_mut();
        let Some(columns) = &self.columns else {
            return self.batched.write_batch(&group);
        };
        let Some(batch) = group.iter_chunks(CompatLevel::newest(), false).next() else {
            return Ok(());
        };
        if batch.is_empty() {
            return Ok(());
        }
        let pages = columns.compress(batch.columns())?;
        self.batched.write_row_group(batch.len() as u64, &pages)
    }

    /// Writes the last row group and the footer; returns the row count.
    pub fn finish(mut self) -> PolarsResult<usize> {
        if let Some(rest) = self.pending.take().filter(|p| p.height() > 0) {
            self.write_group(rest)?;
        }
        self.batched.finish()?;
        Ok(self.rows)
    }
}

/// Encodes and compresses the columns of a row group, each column on a
/// thread of its own, into the pages polars' batched writer would make: the
/// same encodings, statistics, page size and compression, so the same bytes.
/// The batched writer compresses one column after another on the writing
/// thread, which left a large table's last seconds on one core.
struct ColumnEncoder {
    types: Vec<polars_parquet::write::ParquetType>,
    encodings: Vec<Vec<polars_parquet::write::Encoding>>,
    options: polars_parquet::write::WriteOptions,
}

impl ColumnEncoder {
    fn new<W: Write>(
        batched: &mut BatchedWriter<W>,
        schema: &Schema,
        compression: ParquetCompression,
        statistics: StatisticsOptions,
    ) -> PolarsResult<ColumnEncoder> {
        let arrow = polars::io::schema_to_arrow_checked(schema, CompatLevel::newest(), "parquet")?;
        Ok(ColumnEncoder {
            types: batched.parquet_schema().fields().to_vec(),
            encodings: polars::io::parquet::write::get_encodings(&arrow).to_vec(),
            options: polars_parquet::write::WriteOptions {
                statistics,
                compression: compression.into(),
                version: polars_parquet::write::Version::V1,
                data_page_size: Some(DATA_PAGE_BYTES),
            },
        })
    }

    /// The compressed pages of each leaf column of a row group's columns,
    /// in order. Columns are encoded side by side, then every page is
    /// compressed on its own (as polars' writer does, one after another):
    /// a table's one or two large text columns would otherwise keep one
    /// thread compressing while the others wait.
    fn compress(
        &self,
        columns: &[ArrayRef],
    ) -> PolarsResult<Vec<Vec<polars_parquet::write::CompressedPage>>> {
        use polars_parquet::write::{Page, array_to_columns, compress};
        use rayon::prelude::*;
        let encoded: Vec<Vec<Vec<Page>>> = columns
            .par_iter()
            .zip(&self.types)
            .zip(&self.encodings)
            .map(|((array, type_), encoding)| {
                array_to_columns(array, type_.clone(), self.options, encoding)?
                    .into_iter()
                    .map(|pages| pages.collect::<PolarsResult<Vec<Page>>>())
                    .collect()
            })
            .collect::<PolarsResult<_>>()?;
        encoded
            .into_iter()
            .flatten()
            .collect::<Vec<Vec<Page>>>()
            .into_par_iter()
            .map(|pages| {
                pages
                    .into_par_iter()
                    .map(|page| {
                        compress(page, Vec::new(), self.options.compression)
                            .map_err(PolarsError::from)
                    })
                    .collect()
            })
            .collect()
    }
}

/// Parquet bytes of `df` (a whole small table, or a chunk), as
/// [`TableWriter`] writes them.
pub fn to_parquet(df: &mut DataFrame) -> PolarsResult<Vec<u8>> {
    let mut buf = Vec::new();
    let mut w = TableWriter::new(&mut buf, df.schema())?;
    w.push(df.clone())?;
    w.finish()?;
    Ok(buf)
}

/// Parquet bytes of `df` as a chunk file ([`TableWriter::for_chunk`]).
pub fn to_chunk_parquet(df: &DataFrame) -> PolarsResult<Vec<u8>> {
    let mut buf = Vec::new();
    let mut w = TableWriter::for_chunk(&mut buf, df.schema())?;
    w.push(df.clone())?;
    w.finish()?;
    Ok(buf)
}

/// Parquet bytes of one row group of `rows` rows: the Arrow `arrays`,
/// one per field of `schema`, each column written with its `encodings`
/// (one per leaf), by polars' own Parquet crate. For files polars' frames
/// cannot write as wanted: nested columns (the trainers' task formats),
/// encodings of our choosing (the large-set summary).
pub fn arrow_parquet(
    schema: polars_arrow::datatypes::ArrowSchema,
    arrays: Vec<Box<dyn polars_arrow::array::Array>>,
    rows: usize,
    options: polars_parquet::write::WriteOptions,
    encodings: Vec<Vec<polars_parquet::write::Encoding>>,
) -> PolarsResult<Vec<u8>> {
    use polars_arrow::record_batch::RecordBatchT;
    use polars_parquet::write::{FileWriter, RowGroupIterator};
    let batch = RecordBatchT::try_new(rows, std::sync::Arc::new(schema.clone()), arrays)?;
    let groups = RowGroupIterator::try_new(
        std::iter::once(Ok(batch)),
        &schema,
        options,
        encodings.into(),
    )?;
    let mut bytes = Vec::new();
    let mut writer = FileWriter::try_new(&mut bytes, schema, options)?;
    for group in groups {
        writer.write(rows as u64, group?)?;
    }
    writer.end(None)?;
    Ok(bytes)
}

/// A frame from Parquet bytes written by [`to_parquet`] (or as a chunk).
pub fn from_parquet(bytes: &[u8]) -> PolarsResult<DataFrame> {
    ParquetReader::new(Cursor::new(bytes)).finish()
}

/// Only the columns `columns` of Parquet bytes, in that order: a reader
/// of a few columns of a large table does not hold the others.
pub fn from_parquet_columns(bytes: &[u8], columns: &[&str]) -> PolarsResult<DataFrame> {
    ParquetReader::new(Cursor::new(bytes))
        .with_columns(Some(columns.iter().map(|c| c.to_string()).collect()))
        .finish()
}

/// [`from_parquet_columns`] of the file `stem` of a finished table: a
/// column asked for that the table leaves out ([`Computed`]) comes back as
/// nulls of its type.
pub fn from_parquet_columns_of(
    bytes: &[u8],
    stem: &str,
    columns: &[&str],
) -> PolarsResult<DataFrame> {
    let schema = ParquetReader::new(Cursor::new(bytes)).schema()?;
    let present: Vec<&str> = columns
        .iter()
        .copied()
        .filter(|c| schema.contains(c))
        .collect();
    let df = from_parquet_columns(bytes, &present)?;
    if present.len() == columns.len() {
        return Ok(df);
    }
    let full = with_absent(stem, df)?;
    full.select(columns.iter().copied())
}

/// Rows `offset..offset + len` of Parquet bytes (fewer past the end).
pub fn from_parquet_slice(bytes: &[u8], offset: usize, len: usize) -> PolarsResult<DataFrame> {
    ParquetReader::new(Cursor::new(bytes))
        .with_slice(Some((offset, len)))
        .finish()
}

/// How many rows Parquet bytes hold (from the footer).
pub fn parquet_rows(bytes: &[u8]) -> PolarsResult<usize> {
    ParquetReader::new(Cursor::new(bytes)).num_rows()
}

/// Frames stacked in the given order (the row order of the result).
pub fn concat(frames: Vec<DataFrame>) -> PolarsResult<Option<DataFrame>> {
    let mut it = frames.into_iter();
    let Some(mut acc) = it.next() else {
        return Ok(None);
    };
    for f in it {
        acc.vstack_mut_owned(f)?;
    }
    Ok(Some(acc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hand::Hand;
    use crate::game::number::Q;
    use crate::game::rules::Rules;
    use crate::tables::enumerate::Deck;
    use crate::tables::rows::{RowSpec, hand_rows};

    fn names_of(df: &DataFrame) -> Vec<&str> {
        df.get_column_names()
            .into_iter()
            .map(|n| n.as_str())
            .collect()
    }

    /// Four cards of a 52-card deck, target 24, with solutions.
    fn spec() -> RowSpec {
        RowSpec {
            target: Q::int(24),
            rules: Rules::Rational,
            deck: Deck::Copies(4),
            total_ways: 270_725,
            solutions: true,
        }
    }

    fn sample() -> (Vec<HandRow>, Vec<SolutionRow>) {
        let spec = spec();
        let (mut hands, mut sols) = (Vec::new(), Vec::new());
        for cards in ["1 1 1 1", "1 3 4 6", "3 3 8 8"] {
            let (h, s) = hand_rows(&Hand::parse(cards).unwrap(), &spec).unwrap();
            hands.push(h);
            sols.extend(s);
        }
        (hands, sols)
    }

    #[test]
    fn schema_is_the_documented_one() {
        let (hands, sols) = sample();
        let h = hands_frame(&hands).unwrap();
        assert_eq!(names_of(&h), columns::hands());
        assert_eq!(
            h.column("cards").unwrap().dtype(),
            &DataType::List(Box::new(DataType::Int16))
        );
        let s = solutions_frame(&sols).unwrap();
        assert_eq!(names_of(&s), columns::SOLUTIONS.to_vec());
        assert_eq!(s.column("depth").unwrap().dtype(), &DataType::UInt8);
    }

    #[test]
    fn bytes_do_not_depend_on_chunking() {
        let (hands, _) = sample();
        let whole = to_parquet(&mut hands_frame(&hands).unwrap()).unwrap();
        let parts = vec![
            hands_frame(&hands[..1]).unwrap(),
            hands_frame(&hands[1..]).unwrap(),
        ];
        let stacked = to_parquet(&mut concat(parts).unwrap().unwrap()).unwrap();
        assert_eq!(whole, stacked);
        let back = from_parquet(&whole).unwrap();
        assert!(back.equals_missing(&hands_frame(&hands).unwrap()));
    }

    #[test]
    fn row_groups_are_cut_at_fixed_rows_whatever_the_pushes() {
        let spec = spec();
        let (_, sols) = hand_rows(&Hand::parse("1 2 3 4").unwrap(), &spec).unwrap();
        assert_eq!(sols.len(), 4);
        let write = |pieces: &[&[SolutionRow]]| {
            let mut buf = Vec::new();
            let schema = solutions_frame(&[]).unwrap().schema().clone();
            let mut w = TableWriter::with_group_rows(&mut buf, &schema, 2).unwrap();
            for p in pieces {
                w.push(solutions_frame(p).unwrap()).unwrap();
            }
            assert_eq!(w.finish().unwrap(), sols.len());
            buf
        };
        let one = write(&[&sols]);
        assert_eq!(one, write(&[&sols[..1], &sols[1..3], &[], &sols[3..]]));
        assert_eq!(one, write(&[&sols[..3], &sols[3..]]));
        let back = from_parquet(&one).unwrap();
        assert!(back.equals_missing(&solutions_frame(&sols).unwrap()));
    }

    /// What polars' own batched writer makes of `df` in row groups of
    /// `group_rows`, with the final tables' settings.
    fn polars_bytes(df: &DataFrame, group_rows: usize) -> Vec<u8> {
        let mut buf = Vec::new();
        let mut w = ParquetWriter::new(&mut buf)
            .with_compression(ParquetCompression::Zstd(Some(
                ZstdLevel::try_new(ZSTD_LEVEL).unwrap(),
            )))
            .with_statistics(StatisticsOptions::full())
            .with_data_page_size(Some(DATA_PAGE_BYTES))
            .batched(df.schema())
            .unwrap();
        let mut at = 0;
        while at < df.height() {
            let mut group = df.slice(at as i64, group_rows);
            group.rechunk_mut();
            w.write_batch(&group).unwrap();
            at += group_rows;
        }
        w.finish().unwrap();
        buf
    }

    /// Row groups compressed column by column and page by page on several
    /// threads are byte for byte what polars writes on one: text columns of
    /// several pages, a list column (its leaves), categories, nulls.
    #[test]
    fn compressing_side_by_side_gives_polars_own_bytes() {
        use itertools::Itertools;
        let spec = spec();
        let (mut hands, mut sols) = (Vec::new(), Vec::new());
        for (i, cards) in (1..=13i64).combinations_with_replacement(4).enumerate() {
            if i % 3 == 0 {
                let (h, s) = hand_rows(&Hand::new(cards).unwrap(), &spec).unwrap();
                hands.push(h);
                sols.extend(s);
            }
        }
        let mut frames = vec![
            hands_frame(&hands).unwrap(),
            solutions_frame(&sols).unwrap(),
        ];
        // Text of several megabytes: pages of one column compressed apart.
        let n = 200_000;
        let text: Vec<Option<String>> = (0..n)
            .map(|i| {
                (i % 7 != 0)
                    .then(|| format!("({i:07}*{})-{}/({}+{i})", i % 13, i * 7919 % 1000, i % 97))
            })
            .collect();
        let num: Vec<Option<i64>> = (0..n as i64).map(|i| (i % 5 != 0).then_some(i)).collect();
        frames.push(
            DataFrame::new(
                n,
                vec![
                    Column::new("text".into(), text),
                    Column::new("num".into(), num),
                ],
            )
            .unwrap(),
        );
        // The case the page-by-page compression is for is really met: the
        // text column of one row group spans several pages.
        let text = frames.last().unwrap().clone();
        let mut probe = Vec::new();
        let mut batched = ParquetWriter::new(&mut probe)
            .batched(text.schema())
            .unwrap();
        let encoder = ColumnEncoder::new(
            &mut batched,
            text.schema(),
            ParquetCompression::Zstd(None),
            StatisticsOptions::full(),
        )
        .unwrap();
        let batch = text
            .iter_chunks(CompatLevel::newest(), false)
            .next()
            .unwrap();
        let pages = encoder.compress(batch.columns()).unwrap();
        assert!(pages[0].len() > 3, "{} pages", pages[0].len());
        for df in frames {
            for group_rows in [1000, ROW_GROUP_ROWS] {
                let mut ours = Vec::new();
                let mut w =
                    TableWriter::with_group_rows(&mut ours, df.schema(), group_rows).unwrap();
                w.push(df.clone()).unwrap();
                w.finish().unwrap();
                assert!(
                    ours == polars_bytes(&df, group_rows),
                    "{} rows in groups of {group_rows}",
                    df.height()
                );
            }
        }
    }

    #[test]
    fn batches_make_the_frame_of_their_rows() {
        let spec = spec();
        let (mut rows, mut batches) = (Vec::new(), Vec::new());
        for cards in ["1 1 1 1", "1 3 4 6", "3 3 8 8", "1 2 3 4"] {
            let hand = Hand::parse(cards).unwrap();
            let (h, b) = crate::tables::rows::hand_batch(&hand, &spec).unwrap();
            let (h2, r) = hand_rows(&hand, &spec).unwrap();
            assert_eq!((h, b.to_rows()), (h2, r.clone()));
            rows.extend(r);
            batches.push(b);
        }
        let a = solutions_frame(&rows).unwrap();
        let b = solutions_frame_batches(&batches).unwrap();
        assert!(a.equals_missing(&b));
        assert_eq!(
            to_parquet(&mut a.clone()).unwrap(),
            to_parquet(&mut b.clone()).unwrap()
        );
    }
}
