//! `census24 sweep` as a library: the one driver that makes every kind of
//! table ([`crate::tables::kind`]), solving its hands in parallel and
//! writing it, resumably, as Parquet.
//!
//! The driver owns the plan, the lock, the manifest and the conflict check,
//! the thread pool, chunks, resume, shards and the final write; a kind plugs
//! in its key, its rows of one hand, their frames and files, and the words of
//! its summary. Each hand's counts are folded into the run's [`Tally`] as its
//! rows are taken, in one place ([`Assembly::take`]).
//!
//! A small table (at most [`TableKind::in_memory_hands`] hands: every hand
//! size up to 5 of the default deck for a single target) is solved in one
//! parallel pass and written directly: it takes a fraction of a second, and
//! files in between would cost more than the solving. A larger one (or one
//! asked `resumable`, or any reach table) is cut into chunks of
//! [`CHUNK_HANDS`] hands (sorted, see [`crate::tables::enumerate`]). Each
//! chunk is solved in parallel with rayon and written to the hidden
//! `.partial` folder, with its counts, as soon as it is done, so Ctrl-C or a
//! kill loses only the chunk in progress; running the same command again
//! reuses the finished chunks. When all chunks are done the final files are
//! written from the chunks in order (files held whole, such as the hands,
//! from memory; the others streamed) and the `.partial` folder is removed.
//!
//! Output bytes depend only on the parameters: rows are taken in hand order
//! whatever the thread count or chunking ([`solve_in_order`]), and
//! [`crate::tables::table`] writes the same bytes for the same rows however
//! they were cut into frames.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use polars::prelude::{DataFrame, PolarsError};

use crate::game::hand::Hand;
use crate::game::number::Q;
pub use crate::tables::enumerate::MAX_SWEEP_HANDS;
use crate::tables::enumerate::{self, Deck, ValueRange};
pub use crate::tables::error::PlanError;
use crate::tables::kind::{TableFile, TableKind};
use crate::tables::layout::{self, Part, Shard};
use crate::tables::manifest::{Params, RunRecord};
use crate::tables::store::{self, Content, DoneChunk, SweepError};
use crate::tables::summary::{Progress, Summary, Tally};
use crate::tables::table::{self, TableWriter};

/// Hands per chunk: small enough that an interruption loses little and the
/// progress bar moves, large enough that the files of a chunk cost nothing
/// next to solving.
pub const CHUNK_HANDS: usize = 512;

/// Hands whose rows make one frame of each file.
const FRAME_HANDS: usize = 32;

/// A validated sweep of one table of kind `K`: which table, where, and how
/// to run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepConfig<K> {
    pub kind: K,
    pub out: PathBuf,
    pub shard: Option<Shard>,
    /// Write finished chunks as the sweep goes even for a small table, so
    /// that an interrupted run resumes.
    pub resumable: bool,
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
    /// Keep a complete table with the same parameters instead of remaking it.
    pub skip_complete: bool,
    /// Stop (with [`SweepError::Stopped`]) after writing this many chunks:
    /// how tests interrupt a run at a deterministic point.
    pub stop_after_chunks: Option<usize>,
}

impl<K: TableKind> SweepConfig<K> {
    /// Checks that the options describe a table that can be made.
    pub fn validate(self) -> Result<Self, PlanError> {
        self.kind.validate()?;
        Ok(self)
    }

    /// The part of the table this run makes: the whole table or a shard.
    pub fn part(&self) -> Part {
        self.shard.map_or(Part::Whole, Part::Shard)
    }

    /// The parameters recorded in the manifest and the run record.
    pub fn params(&self) -> Params {
        Params {
            shard: self.shard.map(|s| s.to_string()),
            ..self.kind.params()
        }
    }

    /// The folder of the table.
    pub fn dir(&self) -> PathBuf {
        self.out.join(self.kind.partition())
    }
}

/// What a sweep is asked beside its table's key: where and how to run
/// (a [`SweepConfig`] without its kind) and what to compute. A kind makes
/// its validated config of a key from it (the registry's
/// `crate::tables::registry::KindEntry::plan`).
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub run: SweepConfig<()>,
    /// Enumerate solutions (`--no-solutions` turns it off).
    pub solutions: bool,
    /// Counts only, no solution rows (`--counts-only`).
    pub counts_only: bool,
    /// The model file that prices the figures (`--model`); `None`: the
    /// built-in model.
    pub model: Option<std::sync::Arc<crate::difficulty::pricer::Pricer>>,
}

impl Request {
    /// The validated config of the table `kind` makes, run as asked.
    pub fn config<K: TableKind>(&self, kind: K) -> Result<SweepConfig<K>, PlanError> {
        let r = &self.run;
        SweepConfig {
            kind,
            out: r.out.clone(),
            shard: r.shard,
            resumable: r.resumable,
            threads: r.threads,
            skip_complete: r.skip_complete,
            stop_after_chunks: r.stop_after_chunks,
        }
        .validate()
    }
}

/// A validated sweep of a table of any kind, as the command line runs it.
pub trait Job {
    /// The folder of the table.
    fn dir(&self) -> PathBuf;
    /// The part this run makes.
    fn part(&self) -> Part;
    /// Sweeps it: [`sweep`].
    fn run(&self, progress: &dyn Progress) -> Result<Summary, SweepError>;
}

impl<K: TableKind> Job for SweepConfig<K> {
    fn dir(&self) -> PathBuf {
        SweepConfig::dir(self)
    }

    fn part(&self) -> Part {
        SweepConfig::part(self)
    }

    fn run(&self, progress: &dyn Progress) -> Result<Summary, SweepError> {
        sweep(self, progress)
    }
}

/// The checks every table shares: a hand size within `1..=max` (`note`
/// says what larger hands need), a deck that can deal it, a hand count a
/// sweep can list, and exact arithmetic for `target` (the hand of largest
/// magnitude bounds every other: if it is exact, all are). Returns the
/// number of hands.
pub(crate) fn check_plan(
    k: usize,
    max: usize,
    note: &'static str,
    values: ValueRange,
    deck: Deck,
    target: Q,
) -> Result<u128, PlanError> {
    if k == 0 || k > max {
        return Err(PlanError::HandSize { k, max, note });
    }
    if let Some(cards) = deck.cards(values)
        && (k as u64) > cards
    {
        return Err(PlanError::DeckTooSmall {
            k,
            cards,
            deck: deck.to_string(),
            values,
        });
    }
    let count = enumerate::count_hands(k, values, deck);
    let Some(count) = count.filter(|&n| n <= MAX_SWEEP_HANDS) else {
        return Err(PlanError::TooManyHands {
            k,
            values,
            deck: deck.to_string(),
            count: count.map_or("more than 2^128".into(), |n| n.to_string()),
        });
    };
    let big = if values.lo.abs() > values.hi.abs() {
        values.lo
    } else {
        values.hi
    };
    let hand = Hand::new(vec![big; k]).map_err(PlanError::Range)?;
    hand.check_range(target).map_err(PlanError::Range)?;
    Ok(count)
}

/// Refuses to write where the result would mix with other output: parts
/// beside a whole table or of another split, or table files without a
/// manifest. `remaking`: the folder holds a finished table with these very
/// parameters, whose files the run will replace.
fn check_conflicts(dir: &Path, out: &Path, part: Part, remaking: bool) -> Result<(), SweepError> {
    let names = store::list(dir)?;
    let parts: Vec<&String> = names
        .iter()
        .filter(|n| Part::of_manifest_name(n).is_some())
        .collect();
    match part {
        Part::Whole => {
            if let Some(p) = parts.first() {
                return Err(SweepError::Conflict(format!(
                    "{} holds shard parts ({p}); run `census24 merge --out {}` to join them, or remove them",
                    dir.display(),
                    out.display()
                )));
            }
        }
        Part::Shard(s) => {
            if names.iter().any(|n| n == &Part::Whole.manifest()) {
                return Err(SweepError::Conflict(format!(
                    "{} already holds the whole table; shard {s} would duplicate its rows",
                    dir.display()
                )));
            }
            if let Some(p) = parts
                .iter()
                .find(|n| Part::of_manifest_name(n).is_some_and(|o| o.count != s.count))
            {
                return Err(SweepError::Conflict(format!(
                    "{} holds parts of another split ({p}); shard {s} would not merge with them",
                    dir.display()
                )));
            }
        }
    }
    if remaking || dir.join(part.partial()).exists() {
        return Ok(());
    }
    if let Some(file) = names.iter().find(|n| part.is_table_file(n)) {
        return Err(SweepError::Conflict(format!(
            "{} exists without {}: it is not a finished census24 table; remove it or choose another --out",
            dir.join(file).display(),
            part.manifest()
        )));
    }
    Ok(())
}

/// Whether an unfinished run of this table waits in `partial`; an error
/// naming what differs if it was started with another record.
fn earlier_run(partial: &Path, record: &RunRecord) -> Result<bool, SweepError> {
    let Some(old) = store::read_run_record(partial)? else {
        return Ok(false);
    };
    if old == *record {
        return Ok(true);
    }
    let mut diff = old.parameters.differences(&record.parameters);
    if old.chunk_hands != record.chunk_hands {
        diff.push(format!(
            "chunk_hands: {} there, {} here",
            old.chunk_hands, record.chunk_hands
        ));
    }
    // A run started before manifests recorded the game differs only there
    // (`Params::differences` ignores a missing game): the same run.
    if diff.is_empty() {
        return Ok(true);
    }
    Err(SweepError::ResumeMismatch {
        path: partial.to_path_buf(),
        diff: diff.join("; "),
    })
}

/// Runs one sweep (or resumes it) and returns what it did.
pub fn sweep<K: TableKind>(
    cfg: &SweepConfig<K>,
    progress: &dyn Progress,
) -> Result<Summary, SweepError> {
    sweep_keeping(cfg, progress).map(|(summary, _)| summary)
}

/// The frames of a table that a sweep wrote in one pass from memory, one
/// per file of its kind ([`TableKind::files`]), as written. Its report
/// reads them instead of the files just written.
pub type Written = Vec<DataFrame>;

/// [`sweep`], also returning the table's frames when it was written in one
/// pass from memory (small tables, not resumable).
pub fn sweep_keeping<K: TableKind>(
    cfg: &SweepConfig<K>,
    progress: &dyn Progress,
) -> Result<(Summary, Option<Written>), SweepError> {
    let start = Instant::now();
    let dir = cfg.dir();
    let summary = |tally: Tally, (resumed_chunks, chunks), threads, already_complete| Summary {
        headline: cfg.kind.headline(cfg.shard, &tally),
        tally,
        resumed_chunks,
        chunks,
        already_complete,
        elapsed: start.elapsed(),
        threads,
        location: format!("{} in {}", cfg.kind.files_word(), dir.display()),
    };
    let run = Run::new(cfg, progress);
    // One writer per part: a second run on it stops here, and this one
    // removes what killed runs of the part left behind.
    let _lock = store::lock_part(&dir, run.part)?;
    let before = store::before_run(&dir, run.part, &run.params, cfg.skip_complete)?;
    if let store::Before::Complete(m) = &before {
        // A run killed after its manifest was written leaves its chunks.
        store::remove_partial(&run.partial)?;
        return Ok((summary(m.tally(), (0, 0), 0, true), None));
    }
    // Same parameters (or a damaged table): remaking the table is what was
    // asked for. The new files replace the old ones by rename, so a reader
    // never sees a half-written file; an interrupted remake leaves files
    // that no longer match the old manifest, which readers refuse and the
    // same command finishes.
    let remaking = !matches!(before, store::Before::Nothing);
    check_conflicts(&dir, &cfg.out, run.part, remaking)?;

    let all = cfg.kind.hands();
    let mine = &all[cfg.shard.map_or(0..all.len(), |s| s.range(all.len()))];
    let pool = Pool::new(cfg.threads)?;
    let threads = pool.pool.current_num_threads();
    let record = RunRecord {
        parameters: run.params.clone(),
        chunk_hands: CHUNK_HANDS,
    };
    // An unfinished run is resumed however it was started; a run asked to
    // stop after some chunks must write them.
    let chunked = earlier_run(&run.partial, &record)?
        || cfg.resumable
        || cfg.stop_after_chunks.is_some()
        || mine.len() > cfg.kind.in_memory_hands();
    progress.start(mine.len() as u64);
    if !chunked {
        cfg.kind.prepare(&dir, &pool.pool, mine)?;
        let (tally, frames) = run.in_memory(&pool.pool, mine)?;
        // The run record first: a run killed between the final renames
        // leaves it, and the same command then resumes (chunked) instead
        // of finding table files without a manifest.
        store::write_run_record(&run.partial, &record)?;
        let contents = run
            .files
            .iter()
            .zip(&frames)
            .map(|(file, df)| match file.whole {
                // Frames share their columns: keeping them costs no copy.
                Some(_) => Content::Whole(df.clone()),
                None => Content::Streamed(
                    df.schema().clone(),
                    Box::new(std::iter::once(Ok(df.clone()))),
                ),
            });
        run.write(&tally, contents.collect())?;
        return Ok((summary(tally, (0, 0), threads, false), Some(frames)));
    }
    store::write_run_record(&run.partial, &record)?;
    if !mine.is_empty() {
        cfg.kind.prepare(&dir, &pool.pool, mine)?;
    }
    let chunks: Vec<&[Vec<i64>]> = mine.chunks(CHUNK_HANDS).collect();
    let (tally, whole, resumed) = run.chunked(&pool.pool, &chunks)?;
    // The workers' caches (the class engine's, the derivation counters')
    // are freed with their threads, before the final files are written.
    pool.close();
    run.write_from_chunks(&tally, whole, chunks.len())?;
    Ok((
        summary(tally, (resumed, chunks.len()), threads, false),
        None,
    ))
}

/// The error of a Parquet step on `path`.
fn table_err(path: &Path) -> impl FnOnce(PolarsError) -> SweepError + use<> {
    let path = path.to_path_buf();
    move |source| SweepError::Table { path, source }
}

/// A sweep under way: the table, where it goes, and who watches.
struct Run<'a, K> {
    kind: &'a K,
    stop_after_chunks: Option<usize>,
    files: Vec<TableFile>,
    dir: PathBuf,
    part: Part,
    partial: PathBuf,
    params: Params,
    progress: &'a dyn Progress,
}

impl<'a, K: TableKind> Run<'a, K> {
    fn new(cfg: &'a SweepConfig<K>, progress: &'a dyn Progress) -> Run<'a, K> {
        let dir = cfg.dir();
        let part = cfg.part();
        Run {
            kind: &cfg.kind,
            stop_after_chunks: cfg.stop_after_chunks,
            files: cfg.kind.files(),
            partial: dir.join(part.partial()),
            dir,
            part,
            params: cfg.params(),
            progress,
        }
    }

    /// Solves `hands` on `pool` and gives their rows, in hand order, to
    /// `into`. Progress advances as each hand is solved: one bar spans the
    /// run, so it is advanced here rather than with indicatif's rayon
    /// adaptor, which finishes the bar at the end of each parallel loop.
    fn solve(
        &self,
        pool: &rayon::ThreadPool,
        hands: &[Vec<i64>],
        into: &mut Assembly<'_, K>,
    ) -> Result<(), SweepError> {
        let kind = self.kind;
        let progress = self.progress;
        let make = |cards: &[i64]| {
            let rows = Hand::new(cards.to_vec()).and_then(|hand| kind.rows_of_hand(&hand));
            progress.advance(1);
            rows
        };
        let mut failed: Option<SweepError> = None;
        let worker = |cards: &[i64], workers: usize| kind.worker_of(cards, workers);
        solve_in_order(pool, hands, &make, &worker, |rows| {
            if failed.is_none()
                && let Err(e) = rows.map_err(SweepError::from).and_then(|r| into.take(r))
            {
                failed = Some(e);
            }
        });
        failed.map_or(Ok(()), Err)
    }

    /// Every hand of a small table, solved into frames held in memory: one
    /// per file, whole files completed.
    fn in_memory(
        &self,
        pool: &rayon::ThreadPool,
        hands: &[Vec<i64>],
    ) -> Result<(Tally, Vec<DataFrame>), SweepError> {
        let outs = self.files.iter().map(|_| Out::Frames(Vec::new())).collect();
        let mut table = Assembly::new(self.kind, outs, &self.dir);
        self.solve(pool, hands, &mut table)?;
        self.progress.finish();
        let (tally, frames) = table.finish()?;
        let frames = self
            .files
            .iter()
            .zip(frames)
            .map(|(file, df)| {
                let df = df.expect("frames held in memory");
                file.join(vec![df], self.part).map_err(table_err(&self.dir))
            })
            .collect::<Result<_, _>>()?;
        Ok((tally, frames))
    }

    /// Every chunk of a chunked run, solved and written or taken back from
    /// an earlier run: the run's tally, each whole file's frames by chunk,
    /// and how many chunks were taken back.
    fn chunked(
        &self,
        pool: &rayon::ThreadPool,
        chunks: &[&[Vec<i64>]],
    ) -> Result<(Tally, Vec<Vec<DataFrame>>, usize), SweepError> {
        let whole: Vec<&str> = self
            .files
            .iter()
            .filter(|f| f.whole.is_some())
            .map(|f| f.stem)
            .collect();
        let mut tally = Tally::default();
        let mut frames: Vec<Vec<DataFrame>> = whole.iter().map(|_| Vec::new()).collect();
        let (mut resumed, mut written) = (0, 0);
        for (c, hands) in chunks.iter().enumerate() {
            let done = match store::read_chunk(&self.partial, c, &whole)? {
                Some(done) => {
                    self.progress.advance(hands.len() as u64);
                    resumed += 1;
                    done
                }
                None => {
                    let done = self.make_chunk(pool, c, hands)?;
                    written += 1;
                    if self.stop_after_chunks == Some(written) && c + 1 < chunks.len() {
                        self.progress.finish();
                        return Err(SweepError::Stopped(written));
                    }
                    done
                }
            };
            tally += done.tally;
            for (file, df) in frames.iter_mut().zip(done.frames) {
                file.push(df);
            }
        }
        self.progress.finish();
        Ok((tally, frames, resumed))
    }

    /// Solves chunk `c` and writes its files and marker. The hands are
    /// solved on the pool and taken here in hand order as they finish, so
    /// memory holds the rows of the few hands between the first unfinished
    /// one and the last finished one, and of one frame's hands, rather than
    /// of the whole chunk (up to 300,000 six-card solutions); and the
    /// threads never wait for each other within a chunk.
    fn make_chunk(
        &self,
        pool: &rayon::ThreadPool,
        c: usize,
        hands: &[Vec<i64>],
    ) -> Result<DoneChunk, SweepError> {
        let mut bytes: Vec<Vec<u8>> = self.files.iter().map(|_| Vec::new()).collect();
        let (tally, whole) = {
            let mut outs = Vec::new();
            for (file, buf) in self.files.iter().zip(bytes.iter_mut()) {
                outs.push(match file.whole {
                    Some(_) => Out::Frames(Vec::new()),
                    None => {
                        let schema = (file.empty)()
                            .map_err(table_err(&self.partial))?
                            .schema()
                            .clone();
                        Out::Writer(Box::new(
                            TableWriter::for_chunk(buf, &schema)
                                .map_err(table_err(&self.partial))?,
                        ))
                    }
                });
            }
            let mut chunk = Assembly::new(self.kind, outs, &self.partial);
            self.solve(pool, hands, &mut chunk)?;
            chunk.finish()?
        };
        let mut files = Vec::new();
        let mut frames = Vec::new();
        for ((file, buf), df) in self.files.iter().zip(bytes).zip(whole) {
            let name = layout::chunk_file(c, file.stem);
            let buf = match df {
                Some(df) => {
                    let buf = table::to_chunk_parquet(&df)
                        .map_err(table_err(&self.partial.join(&name)))?;
                    frames.push(df);
                    buf
                }
                None => buf,
            };
            files.push((name, buf));
        }
        store::write_chunk(&self.partial, c, &files, &tally)?;
        Ok(DoneChunk { tally, frames })
    }

    /// Writes the final table from the chunks: whole files from their
    /// frames, the others streamed back from the chunk files, so memory
    /// never holds a whole solutions or reach table.
    fn write_from_chunks(
        &self,
        tally: &Tally,
        whole: Vec<Vec<DataFrame>>,
        chunks: usize,
    ) -> Result<(), SweepError> {
        let mut whole = whole.into_iter();
        let mut contents = Vec::new();
        for file in &self.files {
            let content = match file.whole {
                Some(_) => {
                    let frames = whole.next().expect("frames of every whole file");
                    Content::Whole(file.join(frames, self.part).map_err(table_err(&self.dir))?)
                }
                None => {
                    let schema = (file.empty)()
                        .map_err(table_err(&self.dir))?
                        .schema()
                        .clone();
                    let partial = self.partial.clone();
                    let stem = file.stem;
                    let frames =
                        (0..chunks).flat_map(move |c| store::read_chunk_stream(&partial, c, stem));
                    Content::Streamed(schema, Box::new(frames))
                }
            };
            contents.push(content);
        }
        self.write(tally, contents)
    }

    /// The final files and manifest, then the unfinished run's folder
    /// removed.
    fn write(&self, tally: &Tally, contents: Vec<Content<'_>>) -> Result<(), SweepError> {
        let files = self
            .files
            .iter()
            .zip(contents)
            .map(|(file, content)| (self.part.file(file.stem), content))
            .collect();
        store::write_table(&self.dir, self.part, &self.params, tally, files)?;
        store::remove_partial(&self.partial)
    }
}

/// Where the frames of one file go as hands are taken: kept in memory, or
/// written into a chunk file's bytes.
enum Out<'b> {
    Frames(Vec<DataFrame>),
    Writer(Box<TableWriter<&'b mut Vec<u8>>>),
}

/// The rows of hands taken in hand order: each hand's counts folded into
/// the tally, and every [`FRAME_HANDS`] hands' rows made into one frame per
/// file.
struct Assembly<'b, K: TableKind> {
    kind: &'b K,
    outs: Vec<Out<'b>>,
    group: Vec<K::Rows>,
    tally: Tally,
    /// Named in errors.
    path: &'b Path,
}

impl<'b, K: TableKind> Assembly<'b, K> {
    fn new(kind: &'b K, outs: Vec<Out<'b>>, path: &'b Path) -> Assembly<'b, K> {
        Assembly {
            kind,
            outs,
            group: Vec::with_capacity(FRAME_HANDS),
            tally: Tally::default(),
            path,
        }
    }

    /// Takes the next hand's rows: the one place where hands are counted.
    fn take(&mut self, rows: K::Rows) -> Result<(), SweepError> {
        self.tally += self.kind.tally(&rows);
        self.group.push(rows);
        if self.group.len() == FRAME_HANDS {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), SweepError> {
        if self.group.is_empty() {
            return Ok(());
        }
        let rows = std::mem::replace(&mut self.group, Vec::with_capacity(FRAME_HANDS));
        let path = self.path;
        let frames = self.kind.frames(rows).map_err(table_err(path))?;
        for (out, df) in self.outs.iter_mut().zip(frames) {
            match out {
                Out::Frames(frames) => frames.push(df),
                Out::Writer(w) => w.push(df).map_err(table_err(path))?,
            }
        }
        Ok(())
    }

    /// The tally, and each file's frames stacked (`None` for a file
    /// written into a chunk).
    fn finish(mut self) -> Result<(Tally, Vec<Option<DataFrame>>), SweepError> {
        self.flush()?;
        let empty = || self.kind.frames(Vec::new());
        let mut stacked = Vec::with_capacity(self.outs.len());
        for (i, out) in std::mem::take(&mut self.outs).into_iter().enumerate() {
            stacked.push(match out {
                Out::Frames(frames) => {
                    Some(match table::concat(frames).map_err(table_err(self.path))? {
                        Some(df) => df,
                        None => empty().map_err(table_err(self.path))?.swap_remove(i),
                    })
                }
                Out::Writer(w) => {
                    w.finish().map_err(table_err(self.path))?;
                    None
                }
            });
        }
        Ok((self.tally, stacked))
    }
}

/// The workers of one run. They are joinable so that a chunked run can wait
/// for them to end, and their caches to be freed, before writing the final
/// files.
struct Pool {
    pool: rayon::ThreadPool,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    fn new(threads: Option<usize>) -> Result<Pool, SweepError> {
        let threads = threads.unwrap_or(0);
        let mut workers = Vec::new();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .spawn_handler(|thread| {
                let mut b = std::thread::Builder::new();
                if let Some(name) = thread.name() {
                    b = b.name(name.to_owned());
                }
                if let Some(size) = thread.stack_size() {
                    b = b.stack_size(size);
                }
                workers.push(b.spawn(|| thread.run())?);
                Ok(())
            })
            .build()
            .map_err(|e| SweepError::Threads(threads, e))?;
        Ok(Pool { pool, workers })
    }

    /// Ends the pool and waits for its threads.
    fn close(self) {
        drop(self.pool);
        for w in self.workers {
            // A worker that panicked has already failed the run through rayon.
            let _ = w.join();
        }
    }
}

/// Hands [`solve_in_order`] lets be started and not yet taken: enough to
/// keep every worker busy past a slow hand, few enough that their results
/// cost little memory.
const IN_FLIGHT: usize = 128;

/// The hand [`solve_in_order`] takes next, for the workers that each solve
/// their own hands: none starts [`IN_FLIGHT`] hands past it. Dropped (the
/// taking ended, or stopped at a panic), it lets every worker go.
struct Taking<'a>(&'a AtomicUsize);

impl Taking<'_> {
    /// Waits until hand `i` may be started (looking again every
    /// millisecond: a worker only waits when it is far ahead).
    #[inline(never)]
    fn wait_for(next: &AtomicUsize, i: usize) {
        while next.load(Ordering::Relaxed).saturating_add(IN_FLIGHT) <= i {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

impl Drop for Taking<'_> {
    fn drop(&mut self) {
        self.0.store(usize::MAX, Ordering::Relaxed);
    }
}

/// Which worker of how many solves a hand ([`TableKind::worker_of`]).
type WorkerOf<'a> = &'a (dyn Fn(&[i64], usize) -> Option<usize> + Sync);

/// A hand's result, once solved.
type Done<T> = Option<std::thread::Result<T>>;

/// Runs `solve` on every hand of `hands` on `pool` and gives each result to
/// `take` on this thread, in hand order, as soon as it and every result
/// before it are ready. The hands are started in order (FIFO), so few
/// results wait to be taken; or, when `worker_of` names a worker for every
/// hand, each worker solves its own hands in order. Either way no hand is
/// started more than [`IN_FLIGHT`] hands past the one taken next. A panic
/// in `solve` is raised here.
fn solve_in_order<T: Send>(
    pool: &rayon::ThreadPool,
    hands: &[Vec<i64>],
    solve: &(dyn Fn(&[i64]) -> T + Sync),
    worker_of: WorkerOf<'_>,
    mut take: impl FnMut(T),
) {
    let slots: Mutex<Vec<Done<T>>> = Mutex::new((0..hands.len()).map(|_| None).collect());
    let ready = Condvar::new();
    let workers = pool.current_num_threads();
    let owners: Option<Vec<usize>> = hands.iter().map(|h| worker_of(h, workers)).collect();
    if let Some(owners) = owners.filter(|o| workers > 1 && even(o, workers)) {
        let next = AtomicUsize::new(0);
        pool.in_place_scope(|scope| {
            let (slots, ready, owners, next) = (&slots, &ready, &owners, &next);
            scope.spawn_broadcast(move |_, ctx| {
                for (i, cards) in hands.iter().enumerate() {
                    if owners[i] % ctx.num_threads() == ctx.index() {
                        Taking::wait_for(next, i);
                        let out = std::panic::catch_unwind(AssertUnwindSafe(|| solve(cards)));
                        slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(out);
                        ready.notify_all();
                    }
                }
            });
            // Dropped when the taking ends or stops at a panic, before the
            // scope waits for the workers.
            let _taking = Taking(next);
            take_in_order(
                slots,
                ready,
                &mut |i| next.store(i, Ordering::Relaxed),
                &mut take,
            );
        });
        return;
    }
    pool.in_place_scope_fifo(|scope| {
        let start = |i: usize| {
            let (slots, ready, cards) = (&slots, &ready, &hands[i]);
            scope.spawn_fifo(move |_| {
                let out = std::panic::catch_unwind(AssertUnwindSafe(|| solve(cards)));
                slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(out);
                ready.notify_all();
            });
        };
        // At most IN_FLIGHT hands are started and not yet taken: should
        // this thread fall behind (a busy machine), the workers wait rather
        // than pile up results.
        for i in 0..hands.len().min(IN_FLIGHT) {
            start(i);
        }
        take_in_order(
            &slots,
            &ready,
            &mut |i| {
                if i + IN_FLIGHT < hands.len() {
                    start(i + IN_FLIGHT);
                }
            },
            &mut take,
        );
    });
}

/// Whether no worker of `workers` is named for more than a quarter over
/// its even share of the hands (and one more): a rule that names few
/// workers for a run of hands (a census's last sets, whose largest
/// numbers are few, on many threads) would leave the others idle, so the
/// run lets any idle worker take the next hand instead.
fn even(owners: &[usize], workers: usize) -> bool {
    let mut each = vec![0usize; workers];
    for &o in owners {
        each[o % workers] += 1;
    }
    let most = each.iter().copied().max().unwrap_or(0);
    4 * most * workers <= 5 * owners.len() + 4 * workers
}

/// Gives each result of `slots` to `take` in order, waiting on `ready`
/// for each, and calls `before` with each index before waiting for it.
fn take_in_order<T>(
    slots: &Mutex<Vec<Done<T>>>,
    ready: &Condvar,
    before: &mut impl FnMut(usize),
    take: &mut impl FnMut(T),
) {
    let n = slots.lock().unwrap_or_else(|e| e.into_inner()).len();
    for i in 0..n {
        before(i);
        let mut done = slots.lock().unwrap_or_else(|e| e.into_inner());
        let out = loop {
            if let Some(out) = done[i].take() {
                break out;
            }
            done = ready.wait(done).unwrap_or_else(|e| e.into_inner());
        };
        drop(done);
        match out {
            Ok(t) => take(t),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Rules;
    use crate::tables::layout::TableKey;
    use crate::tables::registry::one_target::OneTarget;

    #[test]
    fn results_come_in_hand_order_and_panics_are_raised() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let hands: Vec<Vec<i64>> = (0..200).map(|i| vec![i]).collect();
        // Early hands are slow, so later ones finish first.
        let slow = |cards: &[i64]| {
            std::thread::sleep(std::time::Duration::from_micros(
                ((200 - cards[0]) * 20) as u64,
            ));
            cards[0]
        };
        // Any idle worker, or each hand's own (runs of seven hands to
        // each worker in turn).
        let any = |_: &[i64], _: usize| None;
        let own = |cards: &[i64], n: usize| Some((cards[0] / 7 % 2) as usize % n);
        for worker_of in [&any as WorkerOf<'_>, &own] {
            let mut seen = Vec::new();
            solve_in_order(&pool, &hands, &slow, worker_of, |v| seen.push(v));
            assert_eq!(seen, (0..200).collect::<Vec<_>>());
            let boom = |cards: &[i64]| {
                assert!(cards[0] != 7, "hand 7");
                cards[0]
            };
            let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
                solve_in_order(&pool, &hands[..10], &boom, worker_of, |_| {});
            }));
            assert!(caught.is_err());
        }
        // Each hand named a worker is solved by it, when the workers
        // share the hands about evenly; else any idle worker takes each.
        let by = |cards: &[i64]| (cards[0], rayon::current_thread_index());
        let mut who = Vec::new();
        solve_in_order(&pool, &hands, &by, &own, |v| who.push(v));
        for (i, w) in who {
            assert_eq!(w, own(&[i], 2), "hand {i}");
        }
        let first = |_: &[i64], _: usize| Some(0);
        let slow_by = |cards: &[i64]| (slow(cards), rayon::current_thread_index());
        let mut who = Vec::new();
        solve_in_order(&pool, &hands, &slow_by, &first, |v| who.push(v));
        assert!(who.iter().map(|w| w.0).eq(0..200));
        assert!(
            who.iter().any(|w| w.1 == Some(1)),
            "one worker took every hand"
        );
        // A worker with its own hands runs at most IN_FLIGHT hands ahead
        // of the one taken next, however slow the other is.
        let taken = std::sync::atomic::AtomicUsize::new(0);
        let many: Vec<Vec<i64>> = (0..2000).map(|i| vec![i]).collect();
        let halves = |cards: &[i64], n: usize| Some(cards[0] as usize % 2 % n);
        let lead = |cards: &[i64]| {
            if cards[0] % 2 == 0 {
                std::thread::sleep(std::time::Duration::from_micros(100));
            }
            cards[0] as usize - taken.load(std::sync::atomic::Ordering::SeqCst)
        };
        let mut most = 0;
        solve_in_order(&pool, &many, &lead, &halves, |d| {
            most = most.max(d);
            taken.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        });
        assert!((IN_FLIGHT / 2..IN_FLIGHT).contains(&most), "{most} ahead");
        assert!(even(&[0, 1, 0, 1, 0], 2) && even(&[0, 1, 2, 0], 3));
        assert!(!even(&[0, 0, 0, 0, 0, 0, 0, 1], 2) && !even(&[0; 40], 4));
    }

    #[test]
    fn layout_of_the_default_table() {
        let c = SweepConfig {
            kind: OneTarget::new(
                TableKey {
                    rules: Rules::Rational,
                    target: Q::int(24),
                    values: "1..13".parse().unwrap(),
                    deck: Deck::Copies(4),
                    k: 4,
                },
                true,
                false,
            ),
            out: PathBuf::from("data"),
            shard: None,
            resumable: false,
            threads: None,
            skip_complete: false,
            stop_after_chunks: None,
        };
        assert_eq!(
            c.dir(),
            PathBuf::from("data/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4")
        );
        assert_eq!(c.params().shard, None);
    }

    /// A run started before manifests recorded the game resumes; a run
    /// of another game or chunk size does not.
    #[test]
    fn a_run_from_before_the_game_was_recorded_resumes() {
        let params = OneTarget::new(TableKey::standard(4), true, false).params();
        let record = RunRecord {
            parameters: params.clone(),
            chunk_hands: 64,
        };
        let dir = tempfile::tempdir().unwrap();
        let old = RunRecord {
            parameters: Params {
                game: None,
                ..params.clone()
            },
            chunk_hands: 64,
        };
        store::write_run_record(dir.path(), &old).unwrap();
        assert!(earlier_run(dir.path(), &record).unwrap());
        let other = RunRecord {
            chunk_hands: 32,
            ..old
        };
        store::write_run_record(dir.path(), &other).unwrap();
        let err = earlier_run(dir.path(), &record).unwrap_err().to_string();
        assert!(err.contains("chunk_hands: 32 there, 64 here"), "{err}");
    }
}
