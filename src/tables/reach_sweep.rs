//! `census24 sweep --targets LO..HI` as a library: every hand of a size
//! against every target of a range, one row per (hand, target), written as
//! one Parquet reach table with its manifest.
//!
//! Each hand is solved once for the whole range ([`crate::tables::reach`]).
//! The run has the guarantees of a single-target sweep: hands go through
//! rayon in chunks of [`CHUNK_HANDS`], each chunk's rows are written to the
//! hidden `.partial` folder as soon as they are done (so an interrupted run
//! resumes where it stopped), and the final table is streamed from the
//! chunk files in order through a temporary name, so memory holds one chunk
//! and the bytes depend on the parameters only, never on the thread count.
//! `--shard I/N` writes a part; [`crate::tables::merge`] joins the parts.

use std::path::PathBuf;
use std::time::Instant;

use polars::prelude::{DataFrame, PolarsError};
use rayon::prelude::*;

use crate::game::error::InputError;
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::number::Q;
use crate::game::rules::Use;
use crate::tables::enumerate;
use crate::tables::error::{PlanError, SweepError};
use crate::tables::layout::{self, Part, ReachKey, Shard};
use crate::tables::manifest::{Manifest, Params, RunRecord};
use crate::tables::reach::{ReachSpec, reach_rows};
use crate::tables::store;
use crate::tables::summary::{Progress, Tally, counted, how_long};
use crate::tables::sweep::check_plan;
use crate::tables::table;

/// Hands per chunk: with a thousand targets, half a million rows.
pub const CHUNK_HANDS: usize = 512;

/// The largest hand size whose solutions a reach sweep counts: one
/// enumeration of a hand's classes for every value grows about a
/// hundredfold per card, so larger hands take `--no-solutions`.
pub const MAX_REACH_SOLUTIONS_K: usize = 6;

/// The most rows a reach table holds (hands times targets).
pub const MAX_REACH_ROWS: u128 = 200_000_000;

/// A validated reach sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReachConfig {
    pub key: ReachKey,
    pub out: PathBuf,
    pub shard: Option<Shard>,
    pub solutions: bool,
    pub threads: Option<usize>,
    pub skip_complete: bool,
    /// Stop (with [`SweepError::Stopped`]) after writing this many chunks.
    pub stop_after_chunks: Option<usize>,
}

impl ReachConfig {
    /// Checks that the options describe a table that can be made.
    pub fn validate(self) -> Result<ReachConfig, PlanError> {
        let key = self.key;
        let (max, note) = if self.solutions {
            (
                MAX_REACH_SOLUTIONS_K,
                " with --targets (larger hands need --no-solutions)",
            )
        } else {
            (MAX_EXACT_CARDS, "")
        };
        if self.solutions && key.uses == Use::Any {
            return Err(PlanError::Options(
                "--use any sweeps decide each target and its closest value, without solution \
                 counts: add --no-solutions"
                    .into(),
            ));
        }
        let count = check_plan(
            key.k,
            max,
            note,
            key.values,
            key.deck,
            Q::int(key.targets.widest()),
        )?;
        let rows = count * key.targets.width() as u128;
        if rows > MAX_REACH_ROWS {
            return Err(PlanError::TooManyRows {
                rows,
                max: MAX_REACH_ROWS,
            });
        }
        Ok(self)
    }

    fn part(&self) -> Part {
        self.shard.map_or(Part::Whole, Part::Shard)
    }

    /// The folder of the table.
    pub fn dir(&self) -> PathBuf {
        self.out.join(self.key.partition())
    }

    /// The parameters recorded in the manifest (`target` holds the range).
    pub fn params(&self) -> Params {
        Params {
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            schema_version: table::SCHEMA_VERSION,
            hand_size: self.key.k,
            values: self.key.values.to_string(),
            target: self.key.targets.to_string(),
            rules: self.key.rules.to_string(),
            deck: self.key.deck.to_string(),
            solutions: self.solutions,
            counts_only: false,
            shard: self.shard.map(|s| s.to_string()),
        }
    }
}

/// What a reach sweep did.
#[derive(Clone, Debug)]
pub struct ReachSummary {
    pub key: ReachKey,
    pub shard: Option<Shard>,
    pub tally: Tally,
    /// Solvable hands per target, from the low end of the range.
    pub per_target: Vec<u64>,
    pub resumed_chunks: usize,
    pub chunks: usize,
    pub already_complete: bool,
    pub elapsed: std::time::Duration,
    pub threads: usize,
    pub location: String,
}

impl ReachSummary {
    /// One paragraph: rows, solvable pairs, the target most hands make.
    pub fn paragraph(&self) -> String {
        let (k, t) = (&self.key, &self.tally);
        let shard = self
            .shard
            .map(|s| format!(", shard {s}"))
            .unwrap_or_default();
        let mut s = format!(
            "Swept {} of {} from {} against targets {} ({}, deck {}{shard}): \
             {}, {} of them solvable ({:.2}%).",
            counted(t.hands, "hand"),
            counted(k.k as u64, "card"),
            k.values,
            k.targets,
            k.rules,
            k.deck,
            counted(t.solution_rows, "row"),
            t.solvable,
            if t.solution_rows == 0 {
                0.0
            } else {
                100.0 * t.solvable as f64 / t.solution_rows as f64
            },
        );
        if let Some((i, n)) = self
            .per_target
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))
        {
            s += &format!(
                " Most solvable target: {} ({} of {}).",
                k.targets.lo + i as i64,
                n,
                counted(t.hands, "hand")
            );
        }
        s += &how_long(
            self.already_complete,
            self.elapsed,
            self.threads,
            self.resumed_chunks,
            self.chunks,
        );
        s += &format!(" Table in {}.", self.location);
        s
    }
}

/// Counts of reach frames, added up as they stream by.
#[derive(Debug)]
struct Counter {
    lo: i64,
    tally: Tally,
    per_target: Vec<u64>,
}

impl Counter {
    fn new(key: &ReachKey) -> Counter {
        Counter {
            lo: key.targets.lo,
            tally: Tally::default(),
            per_target: vec![0; key.targets.width() as usize],
        }
    }

    fn add(&mut self, df: &DataFrame) -> Result<(), PolarsError> {
        let hands = df.column("hand")?.str()?;
        let targets = df.column("target")?.i32()?;
        let solvable = df.column("solvable")?.bool()?;
        let integer = df.column("integer_solvable")?.bool()?;
        let ways = df.column("deal_ways")?.u64()?;
        let mut last: Option<&str> = None;
        for i in 0..df.height() {
            let (h, w) = (hands.get(i), ways.get(i).unwrap_or(0) as u128);
            // A hand's rows are adjacent: it is counted at its first row.
            if h != last {
                self.tally.hands += 1;
                self.tally.ways += w;
                last = h;
            }
            self.tally.solution_rows += 1;
            if solvable.get(i) == Some(true) {
                self.tally.solvable += 1;
                self.tally.solvable_ways += w;
                if integer.get(i) == Some(true) {
                    self.tally.integer_solvable += 1;
                } else {
                    self.tally.needs_fraction += 1;
                }
                if let Some(t) = targets.get(i) {
                    self.per_target[(t as i64 - self.lo) as usize] += 1;
                }
            }
        }
        Ok(())
    }
}

/// Runs one reach sweep (or resumes it) and returns what it did.
pub fn reach_sweep(cfg: &ReachConfig, progress: &dyn Progress) -> Result<ReachSummary, SweepError> {
    let start = Instant::now();
    let dir = cfg.dir();
    let part = cfg.part();
    let params = cfg.params();
    let summary =
        |counter: Counter, resumed_chunks, chunks, already_complete, threads| ReachSummary {
            key: cfg.key,
            shard: cfg.shard,
            tally: counter.tally,
            per_target: counter.per_target,
            resumed_chunks,
            chunks,
            already_complete,
            elapsed: start.elapsed(),
            threads,
            location: dir.display().to_string(),
        };
    let table_err = |path: &PathBuf| {
        let path = path.clone();
        move |source: PolarsError| SweepError::Table { path, source }
    };

    let manifest_path = dir.join(part.manifest());
    // One writer per part (see `sweep`).
    let _lock = store::lock_part(&dir, part)?;
    let before = store::before_run(&dir, part, &params, cfg.skip_complete)?;
    if let store::Before::Complete(m) = &before {
        store::remove_partial(&dir.join(part.partial()))?;
        let mut counter = Counter::new(&cfg.key);
        counter.tally = m.tally();
        return Ok(summary(counter, 0, 0, true, 0));
    }
    check_conflicts(cfg, !matches!(before, store::Before::Nothing))?;

    let key = cfg.key;
    let all = enumerate::hands(key.k, key.values, key.deck);
    let mine = &all[cfg.shard.map_or(0..all.len(), |s| s.range(all.len()))];
    let spec = ReachSpec {
        targets: key.targets,
        rules: key.rules,
        uses: key.uses,
        deck: key.deck,
        solutions: cfg.solutions,
    };
    let threads = cfg.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SweepError::Threads(threads, e))?;

    let partial = dir.join(part.partial());
    let record = RunRecord {
        parameters: params.clone(),
        chunk_hands: CHUNK_HANDS,
    };
    match store::read_run_record(&partial)? {
        Some(old) if old != record => {
            return Err(SweepError::ResumeMismatch {
                path: partial,
                diff: old.parameters.differences(&record.parameters).join("; "),
            });
        }
        Some(_) => {}
        None => store::write_run_record(&partial, &record)?,
    }

    progress.start(mine.len() as u64);
    let chunks: Vec<&[Vec<i64>]> = mine.chunks(CHUNK_HANDS).collect();
    let (mut resumed, mut written) = (0, 0);
    for (c, hands) in chunks.iter().enumerate() {
        let path = partial.join(layout::chunk_reach(c));
        if store::chunk_done(&partial, c) {
            progress.advance(hands.len() as u64);
            resumed += 1;
            continue;
        }
        let rows: Vec<Vec<_>> = pool.install(|| {
            hands
                .par_iter()
                .map(|cards| reach_rows(&Hand::new(cards.clone())?, &spec))
                .inspect(|_| progress.advance(1))
                .collect::<Result<_, InputError>>()
        })?;
        let rows: Vec<_> = rows.into_iter().flatten().collect();
        let mut df = table::reach_frame(&rows).map_err(table_err(&path))?;
        drop(rows);
        let bytes = table::to_parquet(&mut df).map_err(table_err(&path))?;
        store::write_chunk_files(&partial, c, &[(layout::chunk_reach(c), &bytes)])?;
        written += 1;
        if cfg.stop_after_chunks == Some(written) && c + 1 < chunks.len() {
            progress.finish();
            return Err(SweepError::Stopped(written));
        }
    }
    progress.finish();

    store::create_dir(&dir)?;
    let mut counter = Counter::new(&key);
    let frames = (0..chunks.len()).map(|c| {
        let name = layout::chunk_reach(c);
        let path = partial.join(&name);
        let bytes =
            store::read_chunk_file(&partial, c, &name).ok_or_else(|| SweepError::Unverified {
                path: path.clone(),
                what: format!(
                    "does not match {} (changed while the run was writing)",
                    layout::chunk_marker(c)
                ),
            })?;
        let df = store::guarded(&path, || table::from_parquet(&bytes))?;
        counter.add(&df).map_err(table_err(&path))?;
        Ok(df)
    });
    let schema = table::reach_frame(&[])
        .map_err(table_err(&dir))?
        .schema()
        .clone();
    let entry = store::write_frames(&dir, &part.reach(), &schema, frames)?;
    let manifest = Manifest::new(params, &counter.tally, vec![entry]);
    store::write_atomic(&manifest_path, &manifest.to_bytes())?;
    store::remove_partial(&partial)?;
    Ok(summary(
        counter,
        resumed,
        chunks.len(),
        false,
        pool.current_num_threads(),
    ))
}

/// Refuses to write where the result would mix with other output.
fn check_conflicts(cfg: &ReachConfig, remaking: bool) -> Result<(), SweepError> {
    let dir = cfg.dir();
    let part = cfg.part();
    let names = store::list(&dir)?;
    let whole = names.iter().any(|n| n == &Part::Whole.manifest());
    let other = names
        .iter()
        .filter_map(|n| Part::of_manifest_name(n))
        .find(|s| Some(*s) != cfg.shard);
    match (part, other) {
        (Part::Whole, Some(s)) => {
            return Err(SweepError::Conflict(format!(
                "{} holds shard parts ({s}); run `census24 merge --out {}` to join them, or remove them",
                dir.display(),
                cfg.out.display()
            )));
        }
        (Part::Shard(s), _) if whole => {
            return Err(SweepError::Conflict(format!(
                "{} already holds the whole table; shard {s} would duplicate its rows",
                dir.display()
            )));
        }
        (Part::Shard(s), Some(o)) if o.count != s.count => {
            return Err(SweepError::Conflict(format!(
                "{} holds parts of another split ({o}); shard {s} would not merge with them",
                dir.display()
            )));
        }
        _ => {}
    }
    if !remaking && names.contains(&part.reach()) && !dir.join(part.partial()).exists() {
        return Err(SweepError::Conflict(format!(
            "{} exists without {}: it is not a finished census24 table; remove it or choose another --out",
            dir.join(part.reach()).display(),
            part.manifest()
        )));
    }
    Ok(())
}

/// The tally of a finished reach table's manifest, for merged parts.
pub fn merged_tally(parts: &[&Manifest]) -> Tally {
    let mut t = Tally::default();
    for m in parts {
        t += m.tally();
    }
    t
}
