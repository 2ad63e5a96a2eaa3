//! Why a table could not be made: options that cannot make one
//! ([`PlanError`]) and runs that could not finish ([`SweepError`]).

use std::io;
use std::path::PathBuf;

use polars::prelude::PolarsError;
use thiserror::Error;

use crate::game::deck::ValueRange;
use crate::game::error::InputError;
use crate::tables::enumerate::MAX_SWEEP_HANDS;
use crate::tables::verify::WrongFolder;

/// Options that cannot make a table, each naming the bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanError {
    #[error("hand size {k} is out of range: expected 1 to {max}{note}")]
    HandSize {
        k: usize,
        max: usize,
        note: &'static str,
    },
    #[error(
        "hand size {k} cannot be dealt from a deck of {cards} cards ({deck} copies of values {values})"
    )]
    DeckTooSmall {
        k: usize,
        cards: u64,
        deck: String,
        values: ValueRange,
    },
    #[error(
        "{k}-card hands from values {values} (deck {deck}) number {count}, but a sweep \
         takes at most {MAX_SWEEP_HANDS} hands: narrow --values or lower --hand-size"
    )]
    TooManyHands {
        k: usize,
        values: ValueRange,
        deck: String,
        count: String,
    },
    #[error(
        "a reach table of {rows} rows (hands times targets) is more than the {max} one run \
         writes: narrow --targets or lower --hand-size"
    )]
    TooManyRows { rows: u128, max: u128 },
    #[error("{0}")]
    Options(String),
    #[error("{0}")]
    Range(InputError),
}

/// Why a sweep or merge could not finish.
#[derive(Debug, Error)]
pub enum SweepError {
    #[error(transparent)]
    Plan(#[from] PlanError),
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {source}", path.display())]
    Table { path: PathBuf, source: PolarsError },
    #[error(transparent)]
    WrongFolder(#[from] WrongFolder),
    #[error("{} is not a census24 manifest: {source}", path.display())]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "{} holds a table made with other parameters ({diff}); \
         remove it or choose another --out",
        path.display()
    )]
    Mismatch { path: PathBuf, diff: String },
    #[error(
        "the unfinished run in {} was started with other parameters ({diff}); \
         rerun with its parameters to resume it, or remove that folder to start over",
        path.display()
    )]
    ResumeMismatch { path: PathBuf, diff: String },
    #[error("{0}")]
    Conflict(String),
    #[error("{}: another census24 process is writing this table", dir.display())]
    Busy { dir: PathBuf },
    #[error("{}: {source}", path.display())]
    BadManifest {
        path: PathBuf,
        source: crate::tables::manifest::ManifestError,
    },
    #[error("{} {what}", path.display())]
    Unverified { path: PathBuf, what: String },
    #[error(
        "{} holds shard parts but not the whole table: join them with `census24 merge --out DIR` \
         (DIR: the folder the sweeps wrote to)",
        dir.display()
    )]
    OnlyParts { dir: PathBuf },
    #[error(
        "{} exists without {manifest}: it is not a finished census24 table (run the sweep \
         that made it again to finish it)",
        path.display()
    )]
    Unfinished { path: PathBuf, manifest: String },
    #[error("no table in {}", dir.display())]
    NoTable { dir: PathBuf },
    #[error("{}: the Parquet reader failed on this file ({message})", path.display())]
    Panicked { path: PathBuf, message: String },
    #[error("stopped after writing {0} chunks as asked; run the same command again to resume")]
    Stopped(usize),
    #[error("cannot start {0} worker threads: {1}")]
    Threads(usize, rayon::ThreadPoolBuildError),
}
