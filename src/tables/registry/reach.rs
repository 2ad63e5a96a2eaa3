//! The reach table as a kind of table (`sweep --targets LO..HI`): every
//! hand against every target of a range, one row per (hand, target) in
//! `reach.parquet`, the rows of [`crate::tables::reach`]. Each hand is
//! solved once for the whole range.

use crate::tables::manifest::KindName;
#[cfg(feature = "tables")]
use crate::{
    difficulty::pricer::Pricer,
    game::deck::{Deck, ValueRange},
    game::error::InputError,
    game::hand::{Hand, MAX_EXACT_CARDS},
    game::number::Q,
    game::rules::{Rules, Use},
    tables::error::PlanError,
    tables::kind::{self, KindKey, TableFile, TableKind},
    tables::layout::{ReachKey, Shard},
    tables::manifest::{GameRecord, Manifest, Params},
    tables::reach::{ReachRow, ReachSpec, reach_rows_priced},
    tables::summary::{Tally, counted},
    tables::sweep::{Job, Request, check_plan},
    tables::table::{self, Computed},
};
#[cfg(feature = "tables")]
use polars::prelude::{DataFrame, PolarsResult};
#[cfg(feature = "tables")]
use std::{path::PathBuf, sync::Arc};

/// The kind's name, as its manifests record it.
pub const NAME: KindName = KindName::new("reach");

/// The largest hand size whose solutions a reach sweep counts: one
/// enumeration of a hand's classes for every value grows about a
/// hundredfold per card, so larger hands take `--no-solutions`.
#[cfg(feature = "tables")]
pub const MAX_REACH_SOLUTIONS_K: usize = 6;

/// The most rows a reach table holds (hands times targets).
#[cfg(feature = "tables")]
pub const MAX_REACH_ROWS: u128 = 200_000_000;

/// A reach table: which one, and whether it counts solutions.
#[derive(Clone, Debug, PartialEq)]
#[cfg(feature = "tables")]
pub struct ReachKind {
    pub key: ReachKey,
    /// Count each target's solutions (and predict difficulty), or only
    /// decide which targets each hand reaches.
    pub solutions: bool,
    /// The model file that prices the figures (`sweep --model`); `None`:
    /// the built-in model.
    pub model: Option<Arc<Pricer>>,
}

/// The validated sweep of the table `key` as `request` asks: solutions
/// are counted unless turned off or the cards are any selection (those
/// tables decide targets only); counts without solution rows are for
/// tables of one target.
#[cfg(feature = "tables")]
pub fn plan(key: ReachKey, request: &Request) -> Result<Box<dyn Job>, PlanError> {
    if request.counts_only {
        return Err(PlanError::Options(
            "--counts-only is for tables of one target; a reach table (--targets, or a game \
             of many targets) counts solutions unless --no-solutions"
                .into(),
        ));
    }
    let kind = ReachKind {
        key,
        solutions: request.solutions && key.uses == Use::All,
        model: request.model.clone(),
    };
    Ok(Box::new(request.config(kind)?))
}

#[cfg(feature = "tables")]
impl ReachKind {
    fn spec(&self) -> ReachSpec {
        let k = &self.key;
        ReachSpec {
            targets: k.targets,
            rules: k.rules,
            uses: k.uses,
            values: k.values,
            deck: k.deck,
            objective: k.objective,
            solutions: self.solutions,
        }
    }
}

/// What `census24 merge` says of a table it joined: a reach table's rows
/// are (hand, target) pairs, and its solvable count is of those pairs.
#[cfg(feature = "tables")]
pub fn merged_line(m: &Manifest) -> String {
    format!(
        "{} against targets {}: {} (hand, target) pairs, {} of them solvable",
        counted(m.hands, "hand"),
        m.parameters.target,
        m.solution_rows,
        m.solvable
    )
}

/// `reach`, streamed: a thousand rows per hand; without the columns the
/// table does not compute ([`Computed`]).
#[cfg(feature = "tables")]
pub fn files(computed: Computed) -> Vec<TableFile> {
    let empty: fn() -> PolarsResult<DataFrame> = match (computed.counts, computed.nearest) {
        (true, true) => || table::reach_frame(&[]),
        (true, false) => || Ok(of(true, false).keep("reach", table::reach_frame(&[])?)),
        (false, true) => || Ok(of(false, true).keep("reach", table::reach_frame(&[])?)),
        (false, false) => || Ok(of(false, false).keep("reach", table::reach_frame(&[])?)),
    };
    vec![TableFile {
        stem: "reach",
        empty,
        whole: None,
    }]
}

/// What a reach table computes: the counts of solutions when swept with
/// them, the nearest values under natural rules ([`crate::tables::reach`]).
#[cfg(feature = "tables")]
pub fn computed(solutions: bool, rules: Rules) -> Computed {
    of(solutions, rules == Rules::Natural)
}

#[cfg(feature = "tables")]
fn of(counts: bool, nearest: bool) -> Computed {
    Computed { counts, nearest }
}

#[cfg(feature = "tables")]
impl KindKey for ReachKey {
    fn partition(&self) -> PathBuf {
        ReachKey::partition(self)
    }

    fn hand_set(&self) -> (usize, ValueRange, Deck) {
        (self.k, self.values, self.deck)
    }

    /// The range.
    fn target_text(&self) -> String {
        self.targets.to_string()
    }

    fn rules_text(&self) -> String {
        self.rules.to_string()
    }

    fn game_record(&self) -> GameRecord {
        GameRecord::of(&self.game())
    }
}

#[cfg(feature = "tables")]
impl TableKind for ReachKind {
    type Rows = Vec<ReachRow>;
    type Key = ReachKey;

    fn key(&self) -> &ReachKey {
        &self.key
    }

    fn files(&self) -> Vec<TableFile> {
        files(computed(self.solutions, self.key.rules))
    }

    fn validate(&self) -> Result<(), PlanError> {
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
        Ok(())
    }

    /// `target` holds the range.
    fn params(&self) -> Params {
        Params {
            model: kind::priced_by(&self.model, self.solutions),
            ..kind::params(NAME, &self.key, self.solutions, false)
        }
    }

    /// None: a reach table has up to a thousand rows per hand, and is
    /// always written through chunks, so any run of it resumes.
    fn in_memory_hands(&self) -> usize {
        0
    }

    fn rows_of_hand(&self, hand: &Hand) -> Result<Self::Rows, InputError> {
        reach_rows_priced(hand, &self.spec(), kind::pricer(&self.model))
    }

    fn tally(&self, rows: &Self::Rows) -> Tally {
        let t = self.key.targets;
        Tally::of_reach(rows, t.lo, t.width() as usize)
    }

    fn frames(&self, rows: Vec<Self::Rows>) -> PolarsResult<Vec<DataFrame>> {
        let rows: Vec<ReachRow> = rows.into_iter().flatten().collect();
        let computed = computed(self.solutions, self.key.rules);
        Ok(vec![computed.keep("reach", table::reach_frame(&rows)?)])
    }

    /// Rows, solvable pairs, the target most hands make.
    fn headline(&self, shard: Option<Shard>, t: &Tally) -> String {
        let k = &self.key;
        let shard = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
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
        // A table kept as it was has its manifest's counts, which hold no
        // per-target ones: every target then reads 0.
        let zeros = vec![0; k.targets.width() as usize];
        let per_target = match t.per_target.is_empty() {
            true => &zeros,
            false => &t.per_target,
        };
        if let Some((i, n)) = per_target
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
        s
    }

    fn files_word(&self) -> &'static str {
        "Table"
    }
}
