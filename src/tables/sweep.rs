//! `census24 sweep` as a library: solve every hand of a table in parallel and
//! write it, resumably, as Parquet.
//!
//! A small table (at most [`IN_MEMORY_HANDS`] hands: every hand size up to 5
//! of the default deck) is solved in one parallel pass and written directly:
//! it takes a fraction of a second, and files in between would cost more
//! than the solving. A larger one (or one asked `resumable`) is cut into
//! chunks of [`CHUNK_HANDS`] hands (sorted, see [`crate::tables::enumerate`]). Each
//! chunk is solved in parallel with rayon and written to the hidden
//! `.partial` folder as soon as it is done, so Ctrl-C or a kill loses only
//! the chunk in progress; running the same command again reuses the finished
//! chunks. When all chunks are done the final files are written from the
//! chunks in order and the `.partial` folder is removed.
//!
//! Output bytes depend only on the parameters: rows are produced in hand
//! order whatever the thread count or chunking (`par_iter().collect()` keeps
//! order, and so does [`solve_in_order`] for chunks), and
//! [`crate::tables::table`] writes the same bytes for the same rows.

use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use polars::prelude::{DataFrame, PolarsError};
use rayon::prelude::*;

use crate::game::error::InputError;
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::number::Q;
pub use crate::tables::enumerate::MAX_SWEEP_HANDS;
use crate::tables::enumerate::{self, Deck, ValueRange};
pub use crate::tables::error::PlanError;
use crate::tables::layout::{Part, Shard, TableKey};
use crate::tables::manifest::{Params, RunRecord};
use crate::tables::rows::{
    HandRow, RowSpec, SolutionBatch, SolutionRow, hand_batch, hand_row, hand_rows,
};
use crate::tables::store::{self, SweepError};
use crate::tables::summary::{Progress, Summary};
use crate::tables::table;

/// Hands per chunk: small enough that an interruption loses little and the
/// progress bar moves, large enough that two Parquet files per chunk cost
/// nothing next to solving.
pub const CHUNK_HANDS: usize = 512;

/// Hands whose solutions make one frame when a chunk is written.
const FRAME_HANDS: usize = 32;

/// Tables of at most this many hands are solved and written without chunk
/// files (unless a run is asked to be resumable): the 6175 five-card hands of
/// the default deck take well under a second and 100 MB.
pub const IN_MEMORY_HANDS: usize = 8192;

/// The largest hand size whose structural classes a sweep enumerates; past
/// it the class counts explode and only `--no-solutions` is offered.
pub const MAX_SOLUTIONS_K: usize = 7;

/// A validated sweep: which table, where, and how to run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepConfig {
    pub key: TableKey,
    pub out: PathBuf,
    pub shard: Option<Shard>,
    pub solutions: bool,
    /// With `solutions`: the counts and difficulty of each hand, but no
    /// solutions table.
    pub counts_only: bool,
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

impl SweepConfig {
    /// Checks that the options describe a table that can be made.
    pub fn validate(self) -> Result<SweepConfig, PlanError> {
        let k = self.key.k;
        let (max, note) = if self.solutions {
            (MAX_SOLUTIONS_K, " (larger hands need --no-solutions)")
        } else {
            (MAX_EXACT_CARDS, "")
        };
        check_plan(
            k,
            max,
            note,
            self.key.values,
            self.key.deck,
            self.key.target,
        )?;
        Ok(self)
    }

    fn part(&self) -> Part {
        self.shard.map_or(Part::Whole, Part::Shard)
    }

    /// The parameters recorded in the manifest and the run record.
    pub fn params(&self) -> Params {
        Params {
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            schema_version: table::SCHEMA_VERSION,
            hand_size: self.key.k,
            values: self.key.values.to_string(),
            target: self.key.target.to_string(),
            rules: self.key.rules.to_string(),
            deck: self.key.deck.to_string(),
            solutions: self.solutions,
            counts_only: self.counts_only,
            shard: self.shard.map(|s| s.to_string()),
        }
    }

    /// The folder of the table.
    pub fn dir(&self) -> PathBuf {
        self.out.join(self.key.partition())
    }

    fn describe(&self) -> String {
        let k = &self.key;
        let shard = self
            .shard
            .map(|s| format!(", shard {s}"))
            .unwrap_or_default();
        format!(
            "{} from {} ({}, target {}, deck {}{shard})",
            crate::tables::summary::counted(k.k as u64, "card"),
            k.values,
            k.rules,
            k.target,
            k.deck
        )
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

/// Refuses to write where the result would mix with other output. `remaking`:
/// the folder holds a finished table with these very parameters, whose files
/// the run will replace.
fn check_conflicts(cfg: &SweepConfig, remaking: bool) -> Result<(), SweepError> {
    let dir = cfg.dir();
    let part = cfg.part();
    let names = store::list(&dir)?;
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
                    cfg.out.display()
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
    let partial_exists = dir.join(part.partial()).exists();
    for file in [part.hands(), part.solutions()] {
        if !partial_exists && !remaking && names.contains(&file) {
            return Err(SweepError::Conflict(format!(
                "{} exists without {}: it is not a finished census24 table; remove it or choose another --out",
                dir.join(&file).display(),
                part.manifest()
            )));
        }
    }
    Ok(())
}

/// Runs one sweep (or resumes it) and returns what it did.
pub fn sweep(cfg: &SweepConfig, progress: &dyn Progress) -> Result<Summary, SweepError> {
    sweep_keeping(cfg, progress).map(|(summary, _)| summary)
}

/// The frames of a table that a sweep wrote in one pass from memory: hands,
/// and solutions when it made them. Its report reads them instead of the
/// files just written.
pub type Written = (DataFrame, Option<DataFrame>);

/// [`sweep`], also returning the table's frames when it was written in one
/// pass from memory (small tables, not resumable).
pub fn sweep_keeping(
    cfg: &SweepConfig,
    progress: &dyn Progress,
) -> Result<(Summary, Option<Written>), SweepError> {
    let start = Instant::now();
    let dir = cfg.dir();
    let part = cfg.part();
    let params = cfg.params();
    let summary = |tally, resumed_chunks, chunks, already_complete, threads| Summary {
        what: cfg.describe(),
        tally,
        solutions: cfg.solutions && !cfg.counts_only,
        resumed_chunks,
        chunks,
        already_complete,
        elapsed: start.elapsed(),
        threads,
        location: dir.display().to_string(),
    };

    // One writer per part: a second run on it stops here, and this one
    // removes what killed runs of the part left behind.
    let _lock = store::lock_part(&dir, part)?;
    let partial = dir.join(part.partial());
    let before = store::before_run(&dir, part, &params, cfg.skip_complete)?;
    if let store::Before::Complete(m) = &before {
        // A run killed after its manifest was written leaves its chunks.
        store::remove_partial(&partial)?;
        return Ok((summary(m.tally(), 0, 0, true, 0), None));
    }
    // Same parameters (or a damaged table): remaking the table is what was
    // asked for. The new files replace the old ones by rename, so a reader
    // never sees a half-written file; an interrupted remake leaves files
    // that no longer match the old manifest, which readers refuse and the
    // same command finishes.
    check_conflicts(cfg, !matches!(before, store::Before::Nothing))?;

    let key = cfg.key;
    let all = enumerate::hands(key.k, key.values, key.deck);
    let mine = &all[cfg.shard.map_or(0..all.len(), |s| s.range(all.len()))];
    let spec = RowSpec {
        target: key.target,
        rules: key.rules,
        deck: key.deck,
        total_ways: enumerate::total_ways(key.k, key.values, key.deck)
            .expect("validated hand sizes and decks keep the deal count inside u128"),
        solutions: cfg.solutions,
    };
    let threads = cfg.threads.unwrap_or(0);
    // The workers are joinable so that a chunked run can wait for them to
    // end, and their caches to be freed, before writing the final files.
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
    progress.start(mine.len() as u64);
    let chunks: Vec<&[Vec<i64>]> = mine.chunks(CHUNK_HANDS).collect();
    // The rows of some hands, in hand order, on the pool; one bar spans the
    // run, so it is advanced here rather than with indicatif's rayon adaptor,
    // which finishes the bar at the end of each parallel loop.
    let solve = |hands: &[Vec<i64>]| -> Result<(Vec<HandRow>, Vec<SolutionRow>), InputError> {
        let rows: Vec<(HandRow, Vec<SolutionRow>)> = pool.install(|| {
            hands
                .par_iter()
                .map(|cards| {
                    let hand = Hand::new(cards.clone())?;
                    if cfg.counts_only {
                        Ok((hand_row(&hand, &spec)?, Vec::new()))
                    } else {
                        hand_rows(&hand, &spec)
                    }
                })
                .inspect(|_| progress.advance(1))
                .collect::<Result<_, InputError>>()
        })?;
        let (hand_rows, solution_rows): (Vec<HandRow>, Vec<Vec<SolutionRow>>) =
            rows.into_iter().unzip();
        Ok((hand_rows, solution_rows.into_iter().flatten().collect()))
    };
    // One hand's rows for a chunked run ([`solve_in_order`]), its solutions
    // held compactly.
    let solve_batch = |cards: &[i64]| -> Result<(HandRow, SolutionBatch), InputError> {
        let hand = Hand::new(cards.to_vec())?;
        let out = if cfg.counts_only {
            (hand_row(&hand, &spec)?, SolutionBatch::default())
        } else {
            hand_batch(&hand, &spec)?
        };
        progress.advance(1);
        Ok(out)
    };
    let with_solutions = cfg.solutions && !cfg.counts_only;

    let record = RunRecord {
        parameters: params.clone(),
        chunk_hands: CHUNK_HANDS,
    };
    let earlier = store::read_run_record(&partial)?;
    if let Some(old) = &earlier
        && *old != record
    {
        let mut diff = old.parameters.differences(&record.parameters);
        if old.chunk_hands != record.chunk_hands {
            diff.push(format!(
                "chunk_hands: {} there, {} here",
                old.chunk_hands, record.chunk_hands
            ));
        }
        return Err(SweepError::ResumeMismatch {
            path: partial,
            diff: diff.join("; "),
        });
    }
    // An unfinished run is resumed however it was started; a run asked to
    // stop after some chunks must write them.
    let chunked = earlier.is_some()
        || cfg.resumable
        || cfg.stop_after_chunks.is_some()
        || mine.len() > IN_MEMORY_HANDS;
    let table_err = |path: &PathBuf| {
        let path = path.clone();
        move |source: PolarsError| SweepError::Table { path, source }
    };

    if !chunked {
        let (hand_rows, solution_rows) = solve(mine)?;
        progress.finish();
        let mut hands_df = table::hands_frame(&hand_rows).map_err(table_err(&dir))?;
        // Places by difficulty need every hand, so only whole tables have them.
        if part == Part::Whole {
            table::fill_difficulty_rank(&mut hands_df).map_err(table_err(&dir))?;
        }
        let solutions = if with_solutions {
            Some(table::solutions_frame(&solution_rows).map_err(table_err(&dir))?)
        } else {
            None
        };
        // Frames share their columns: keeping them costs no copy.
        let written = (hands_df.clone(), solutions.clone());
        // The run record first: a run killed between the final renames
        // leaves it, and the same command then resumes (chunked) instead
        // of finding table files without a manifest.
        store::write_run_record(&partial, &record)?;
        let manifest = store::write_table(
            &dir,
            part,
            params,
            hands_df,
            solutions.map(|s| std::iter::once(Ok(s))),
        )?;
        store::remove_partial(&partial)?;
        let threads = pool.current_num_threads();
        return Ok((
            summary(manifest.tally(), 0, 0, false, threads),
            Some(written),
        ));
    }
    if earlier.is_none() {
        store::write_run_record(&partial, &record)?;
    }

    // Hands tables are small and kept; solutions are streamed back from the
    // chunk files at the end, so memory never holds a whole solutions table.
    let solutions_schema = table::solutions_frame(&[])
        .map_err(table_err(&partial))?
        .schema()
        .clone();
    let mut hand_frames: Vec<DataFrame> = Vec::with_capacity(chunks.len());
    let (mut resumed, mut written) = (0, 0);
    for (c, hands) in chunks.iter().enumerate() {
        if let Some(done) = store::read_chunk_hands(&partial, c)? {
            progress.advance(hands.len() as u64);
            hand_frames.push(done);
            resumed += 1;
            continue;
        }
        // The hands are solved on the pool and taken here in hand order as
        // they finish, so memory holds the solutions of the few hands
        // between the first unfinished one and the last finished one, and
        // of one frame's hands, rather than of the whole chunk (up to
        // 300,000 six-card solutions); and the threads never wait for each
        // other within a chunk.
        let mut hand_rows = Vec::with_capacity(hands.len());
        let mut sols_bytes = Vec::new();
        let mut writer = match with_solutions {
            true => Some(
                table::TableWriter::for_chunk(&mut sols_bytes, &solutions_schema)
                    .map_err(table_err(&partial))?,
            ),
            false => None,
        };
        let mut group: Vec<SolutionBatch> = Vec::with_capacity(FRAME_HANDS);
        let mut failed: Option<SweepError> = None;
        let mut flush = |group: &mut Vec<SolutionBatch>| -> Result<(), SweepError> {
            if let Some(w) = writer.as_mut() {
                let df = table::solutions_frame_batches(group).map_err(table_err(&partial))?;
                w.push(df).map_err(table_err(&partial))?;
            }
            group.clear();
            Ok(())
        };
        solve_in_order(&pool, hands, &solve_batch, |result| {
            if failed.is_some() {
                return;
            }
            match result {
                Ok((row, batch)) => {
                    hand_rows.push(row);
                    group.push(batch);
                    if group.len() == FRAME_HANDS
                        && let Err(e) = flush(&mut group)
                    {
                        failed = Some(e);
                    }
                }
                Err(e) => failed = Some(e.into()),
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        flush(&mut group)?;
        if let Some(w) = writer {
            w.finish().map_err(table_err(&partial))?;
        }
        let hands_df = table::hands_frame(&hand_rows).map_err(table_err(&partial))?;
        store::write_chunk(
            &partial,
            c,
            &hands_df,
            with_solutions.then_some(sols_bytes.as_slice()),
        )?;
        hand_frames.push(hands_df);
        written += 1;
        if cfg.stop_after_chunks == Some(written) && c + 1 < chunks.len() {
            progress.finish();
            return Err(SweepError::Stopped(written));
        }
    }
    progress.finish();
    // The workers' caches (the class engine's, the derivation counters')
    // are freed with their threads, before the final files are written.
    let threads = pool.current_num_threads();
    drop(pool);
    for w in workers {
        // A worker that panicked has already failed the run through rayon.
        let _ = w.join();
    }

    let mut hands_df = match table::concat(hand_frames).map_err(table_err(&dir))? {
        Some(df) => df,
        None => table::hands_frame(&[]).map_err(table_err(&dir))?,
    };
    let solutions = with_solutions
        .then(|| (0..chunks.len()).flat_map(|c| store::read_chunk_solutions(&partial, c)));
    if part == Part::Whole {
        table::fill_difficulty_rank(&mut hands_df).map_err(table_err(&dir))?;
    }
    let manifest = store::write_table(&dir, part, params, hands_df, solutions)?;
    store::remove_partial(&partial)?;
    Ok((
        summary(manifest.tally(), resumed, chunks.len(), false, threads),
        None,
    ))
}

/// Hands [`solve_in_order`] lets be started and not yet taken: enough to
/// keep every worker busy past a slow hand, few enough that their results
/// cost little memory.
const IN_FLIGHT: usize = 128;

/// Runs `solve` on every hand of `hands` on `pool` and gives each result to
/// `take` on this thread, in hand order, as soon as it and every result
/// before it are ready. The hands are started in order (FIFO), so few
/// results wait to be taken. A panic in `solve` is raised here.
fn solve_in_order<T: Send>(
    pool: &rayon::ThreadPool,
    hands: &[Vec<i64>],
    solve: &(dyn Fn(&[i64]) -> T + Sync),
    mut take: impl FnMut(T),
) {
    type Done<T> = Option<std::thread::Result<T>>;
    let slots: Mutex<Vec<Done<T>>> = Mutex::new((0..hands.len()).map(|_| None).collect());
    let ready = Condvar::new();
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
        for i in 0..hands.len() {
            if i + IN_FLIGHT < hands.len() {
                start(i + IN_FLIGHT);
            }
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
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::Q;
    use crate::game::rules::Rules;
    use crate::tables::enumerate::Deck;

    fn cfg(k: usize, values: &str, deck: Deck, solutions: bool) -> SweepConfig {
        SweepConfig {
            key: TableKey {
                rules: Rules::Rational,
                target: Q::int(24),
                values: values.parse().unwrap(),
                deck,
                k,
            },
            out: PathBuf::from("data"),
            shard: None,
            solutions,
            counts_only: false,
            resumable: false,
            threads: None,
            skip_complete: false,
            stop_after_chunks: None,
        }
    }

    #[test]
    fn rejects_impossible_tables_naming_the_value() {
        let e = cfg(0, "1..13", Deck::Copies(4), true)
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("hand size 0"), "{e}");
        let e = cfg(9, "1..13", Deck::Copies(4), true)
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("--no-solutions"), "{e}");
        assert!(cfg(9, "1..13", Deck::Copies(4), false).validate().is_ok());
        let e = cfg(5, "1..1", Deck::Copies(4), true)
            .validate()
            .unwrap_err();
        assert!(matches!(e, PlanError::DeckTooSmall { cards: 4, .. }), "{e}");
        assert!(cfg(5, "1..1", Deck::Unlimited, true).validate().is_ok());
    }

    /// Twelve cards from -27..27 drawn freely are C(66, 12) hands; the sweep
    /// once tried to list them all and aborted.
    #[test]
    fn hand_count_is_checked_before_listing() {
        let e = cfg(12, "-27..27", Deck::Unlimited, false)
            .validate()
            .unwrap_err();
        assert!(matches!(e, PlanError::TooManyHands { .. }), "{e}");
        assert!(e.to_string().contains("4922879481520"), "{e}");
        assert!(cfg(12, "1..13", Deck::Copies(4), false).validate().is_ok());
    }

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
        let mut seen = Vec::new();
        solve_in_order(&pool, &hands, &slow, |v| seen.push(v));
        assert_eq!(seen, (0..200).collect::<Vec<_>>());
        let boom = |cards: &[i64]| {
            assert!(cards[0] != 7, "hand 7");
            cards[0]
        };
        let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
            solve_in_order(&pool, &hands[..10], &boom, |_| {});
        }));
        assert!(caught.is_err());
    }

    #[test]
    fn layout_of_the_default_table() {
        let c = cfg(4, "1..13", Deck::Copies(4), true);
        assert_eq!(
            c.dir(),
            PathBuf::from("data/rules=rational/target=24/values=1-13/deck=4/k=4")
        );
        assert_eq!(c.params().shard, None);
    }
}
