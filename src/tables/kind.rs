//! What differs between kinds of table: the interface a kind plugs into the
//! one sweep driver ([`crate::tables::sweep`]).
//!
//! The driver owns everything a table's making shares: the plan and its
//! checks, the lock, the manifest and the conflict check, the thread pool,
//! chunks and their resume, shards, the final write, and the count of what
//! was made ([`Tally`], folded once per hand as its rows are made). A kind
//! says only what is its own: its key (where the table lives and with which
//! [`Params`]), the rows of one hand, the frames of some hands' rows, their
//! files, and the words of its summary. A new kind of table is a type with
//! this trait in its module under [`crate::tables::registry`], and its
//! entry in [`crate::tables::registry::KINDS`] with its key a
//! variant of [`crate::tables::registry::Key`]. This module names no
//! kind: the kinds import it, never the other way.

use std::path::PathBuf;
use std::sync::Arc;

use polars::prelude::{DataFrame, PolarsResult};

use crate::difficulty::pricer::{ModelRecord, Pricer};
use crate::game::deck::{Deck, ValueRange};
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::tables::error::{PlanError, SweepError};
use crate::tables::layout::{Part, Shard};
use crate::tables::manifest::{GameRecord, KindName, Params};
use crate::tables::summary::Tally;
use crate::tables::table;

/// One kind of table: the single-target tables ([`one_target::OneTarget`]:
/// `hands.parquet` and `solutions.parquet`) and the reach tables
/// ([`reach::ReachKind`]: `reach.parquet`, every target of a
/// range).
pub trait TableKind: Sync {
    /// The rows one hand gives, made on a worker thread.
    type Rows: Send;

    /// What names the table: [`crate::tables::layout::TableKey`],
    /// [`crate::tables::layout::ReachKey`] or a census of large sets.
    type Key: KindKey;

    /// The table's key.
    fn key(&self) -> &Self::Key;

    /// Checks that the options describe a table that can be made (the
    /// hand set through [`crate::tables::sweep::check_plan`]).
    fn validate(&self) -> Result<(), PlanError>;

    /// The table's folder, relative to the output folder: its key's.
    fn partition(&self) -> PathBuf {
        self.key().partition()
    }

    /// The parameters its manifest records, for the whole table (the
    /// driver adds the shard).
    fn params(&self) -> Params;

    /// The hands swept (their size, the card values and the deck): its
    /// key's.
    fn hand_set(&self) -> (usize, ValueRange, Deck) {
        self.key().hand_set()
    }

    /// Tables of at most this many hands are solved and written in one
    /// pass, without chunk files, unless a run is asked to be resumable.
    fn in_memory_hands(&self) -> usize;

    /// The hands swept, in table order: by default every hand of
    /// [`TableKind::hand_set`].
    fn hands(&self) -> Vec<Vec<i64>> {
        let (k, values, deck) = self.hand_set();
        crate::tables::enumerate::hands(k, values, deck)
    }

    /// Work every hand of a run shares, done once before them on the run's
    /// `pool`, with the table's folder `dir` (locked for the run's part)
    /// and the run's `hands` (the table's, or a shard's run of them, in
    /// order): none by default.
    fn prepare(
        &self,
        _dir: &std::path::Path,
        _pool: &rayon::ThreadPool,
        _hands: &[Vec<i64>],
    ) -> Result<(), SweepError> {
        Ok(())
    }

    /// The rows of one hand.
    fn rows_of_hand(&self, hand: &Hand) -> Result<Self::Rows, InputError>;

    /// Which of a run's `workers` solves `hand`, for a kind whose workers'
    /// caches gain when the same hands' parts meet the same worker; `None`
    /// (the default) lets any idle worker take it.
    fn worker_of(&self, _hand: &[i64], _workers: usize) -> Option<usize> {
        None
    }

    /// The counts of one hand, from its rows.
    fn tally(&self, rows: &Self::Rows) -> Tally;

    /// The rows of some hands (in hand order) as one frame per file of
    /// [`TableKind::files`], in that order.
    fn frames(&self, rows: Vec<Self::Rows>) -> PolarsResult<Vec<DataFrame>>;

    /// The first sentences of the closing paragraph: what was made and
    /// what it holds.
    fn headline(&self, shard: Option<Shard>, tally: &Tally) -> String;

    /// `Tables` or `Table`: the word before the folder that closes the
    /// paragraph.
    fn files_word(&self) -> &'static str;

    /// The table's files, in the order its manifest lists them (the
    /// same as [`crate::tables::registry::files_of`] its params).
    fn files(&self) -> Vec<TableFile>;
}

/// What a kind's key says of its table: where it lives, which hands it
/// sweeps, and the target and rules its manifest records.
pub trait KindKey {
    /// The table's folder, relative to the output folder.
    fn partition(&self) -> PathBuf;

    /// The hands swept: their size, the card values and the deck.
    fn hand_set(&self) -> (usize, ValueRange, Deck);

    /// The target as the manifest writes it: one target, or a range.
    fn target_text(&self) -> String;

    /// The rules as the manifest writes them.
    fn rules_text(&self) -> String;

    /// The game the table holds, as the manifest records it.
    fn game_record(&self) -> GameRecord;
}

/// One Parquet file of a table.
#[derive(Clone, Copy, Debug)]
pub struct TableFile {
    /// A word without dots (`hands` names `hands.parquet`): see
    /// [`crate::tables::layout::Part::file`].
    pub stem: &'static str,
    /// The file without rows (its columns, for a table of no hands).
    pub empty: fn() -> PolarsResult<DataFrame>,
    /// `Some` for a file held whole in memory until every hand is in, then
    /// completed by this step (given the part being written: places by
    /// difficulty need every hand, so only whole tables have them). `None`
    /// for a file streamed to disk from its chunks or parts.
    pub whole: Option<fn(&mut DataFrame, Part) -> PolarsResult<()>>,
}

impl TableFile {
    /// The file's rows from `frames` (of chunks, parts or groups of hands,
    /// in row order) in one frame, completed for `part` if the file is
    /// held whole.
    pub fn join(&self, frames: Vec<DataFrame>, part: Part) -> PolarsResult<DataFrame> {
        let mut df = match table::concat(frames)? {
            Some(df) => df,
            None => (self.empty)()?,
        };
        df.rechunk_mut();
        if let Some(complete) = self.whole {
            complete(&mut df, part)?;
        }
        Ok(df)
    }
}

/// The parameters of a whole table of this tool and schema version: what
/// every kind records in its manifest, from its `key`.
pub fn params(kind: KindName, key: &impl KindKey, solutions: bool, counts_only: bool) -> Params {
    let (hand_size, values, deck) = key.hand_set();
    Params {
        kind,
        partition: partition_text(&key.partition()),
        game: Some(key.game_record()),
        tool_version: env!("CARGO_PKG_VERSION").to_string(),
        schema_version: table::SCHEMA_VERSION,
        hand_size,
        values: values.to_string(),
        target: key.target_text(),
        rules: key.rules_text(),
        deck: deck.to_string(),
        solutions,
        counts_only,
        shard: None,
        model: None,
    }
}

/// A partition as a manifest records it: its folders joined by `/`.
pub fn partition_text(partition: &std::path::Path) -> String {
    let parts: Vec<String> = partition
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// The model a kind's rows are priced by: its model file's, or the
/// built-in model.
pub fn pricer(model: &Option<Arc<Pricer>>) -> &Pricer {
    model.as_deref().unwrap_or_else(|| Pricer::shipped())
}

/// What a table's manifest records of the model that priced it: its model
/// file, when the table holds predictions (`predicted`: solutions
/// counted); `None` for the built-in model.
pub fn priced_by(model: &Option<Arc<Pricer>>, predicted: bool) -> Option<ModelRecord> {
    model
        .as_ref()
        .filter(|_| predicted)
        .and_then(|m| m.record())
}
