//! The query of a reach table (`sweep --targets LO..HI`): its rows folded
//! into one [`TargetRow`] per target and, with closest values, one
//! [`HandStat`] per hand. Rendering them is `render::reach`.

use std::path::Path;

use polars::prelude::*;

use std::collections::HashMap;
use std::path::PathBuf;

use super::{ReportError, listed};
use crate::difficulty::pricer::ModelRecord;
use crate::difficulty::{Prediction, Tier};
use crate::report::{HandStat, ReachData, TargetRow};
use crate::tables::columns;
use crate::tables::layout::{Part, ReachKey};
use crate::tables::registry::large_sets::NEAR;
use crate::tables::store;
use crate::tables::table::read_predictions;

/// The rows of the verified reach table in `dir`, with the file they
/// were read from and the model file its manifest says priced them.
pub fn read_reach(dir: &Path) -> Result<ReachRows, ReportError> {
    let manifest = store::verify(dir, Part::Whole)?;
    Ok(ReachRows {
        frame: store::read_whole(dir, listed(dir, &manifest, &Part::Whole.reach())?)?,
        path: dir.join(Part::Whole.reach()),
        model: manifest.parameters.model,
    })
}

/// A reach table's rows as [`read_reach`] reads them (their figures
/// perhaps priced again, [`crate::report::reprice::reach`]).
#[derive(Debug)]
pub struct ReachRows {
    pub frame: DataFrame,
    /// The file, named in errors.
    pub path: PathBuf,
    /// The model file that priced the figures (`None`: the built-in model).
    pub model: Option<ModelRecord>,
}

/// Every target's row (and, with closest values, every hand's), from the
/// rows of the reach table `key`. Rows are read column by column without
/// copying them out: the Countdown census has twelve million. Also gives
/// the predictions of the games `wanted` ((hand, target) pairs), from the
/// same rows.
pub fn reach_data(
    key: &ReachKey,
    rows: ReachRows,
    wanted: &[(&str, i64)],
) -> Result<(ReachData, Vec<Option<Prediction>>), ReportError> {
    let ReachRows {
        frame: df,
        path,
        model,
    } = rows;
    let found = predictions_of(key, &df, wanted).map_err(|source| ReportError::Table {
        path: path.clone(),
        source,
    })?;
    let err = |source| ReportError::Table {
        path: path.clone(),
        source,
    };
    let column = |name: &str| df.column(name).map_err(err);
    // `tier` is an Enum in the file; its names are read as strings.
    let tier = column(columns::TIER)?
        .cast(&polars::prelude::DataType::String)
        .map_err(err)?;
    let rows = ReachColumns {
        targets: column(columns::TARGET)?.i32().map_err(err)?,
        solvable: column(columns::SOLVABLE)?.bool().map_err(err)?,
        dissimilar: column(columns::DISSIMILAR)?.u32().map_err(err)?,
        ways: column(columns::DEAL_WAYS)?.u64().map_err(err)?,
        difficulty: column(columns::DIFFICULTY)?.f64().map_err(err)?,
        tier: tier.str().map_err(err)?,
        hand: column(columns::HAND)?.str().map_err(err)?,
        // How near a miss comes matters to a game that scores near misses,
        // whatever else the table holds. The report counts misses within 5
        // and 10, as Countdown scores them; a game scored by other bands
        // (Digits: 10 and 25) gets no near-miss sections rather than
        // sections under the wrong bands.
        distance: match df.column(columns::DISTANCE) {
            Ok(c) if key.game().scoring.near_bands() == NEAR => Some(c.u32().map_err(err)?),
            _ => None,
        },
    };
    let mut fold = Fold::new(key);
    for i in 0..df.height() {
        fold.add(&rows, i);
    }
    let data = ReachData {
        model,
        ..fold.finish()
    };
    Ok((data, found))
}

/// The predictions of the games `wanted` in the rows `df` of the reach
/// table `key` (one row per target of its range, hand by hand); `None` for
/// a game it does not hold.
fn predictions_of(
    key: &ReachKey,
    df: &DataFrame,
    wanted: &[(&str, i64)],
) -> PolarsResult<Vec<Option<Prediction>>> {
    if wanted.is_empty() || !df.schema().contains(columns::PREDICTED_TIME_S) {
        return Ok(vec![None; wanted.len()]);
    }
    let hands = df.column(columns::HAND)?.str()?;
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, h) in hands.iter().enumerate() {
        if let Some(h) = h {
            first.entry(h).or_insert(i);
        }
    }
    let rows: Vec<Option<usize>> = wanted
        .iter()
        .map(|&(hand, t)| {
            let at = first.get(hand)? + usize::try_from(t - key.targets.lo).ok()?;
            (at < df.height()).then_some(at)
        })
        .collect();
    let picked = df.take(&IdxCa::from_vec(
        "row".into(),
        rows.iter().map(|r| r.unwrap_or(0) as IdxSize).collect(),
    ))?;
    let predictions = read_predictions(&picked)?;
    Ok(rows
        .iter()
        .zip(predictions)
        .map(|(r, p)| r.and(p))
        .collect())
}

/// The columns of a reach table that its report reads.
struct ReachColumns<'a> {
    targets: &'a Int32Chunked,
    solvable: &'a BooleanChunked,
    dissimilar: &'a UInt32Chunked,
    ways: &'a UInt64Chunked,
    difficulty: &'a Float64Chunked,
    tier: &'a StringChunked,
    hand: &'a StringChunked,
    /// Only for a game that scores near misses, in a table with closest
    /// values.
    distance: Option<&'a UInt32Chunked>,
}

/// The rows of a reach table folded one at a time into per-target and
/// per-hand counts.
struct Fold<'a> {
    lo: i64,
    large: Vec<i64>,
    rows: Vec<TargetRow>,
    hands: Vec<HandStat>,
    /// Per target, (all deal ways, deal ways of the solvable hands).
    deals: Vec<(u128, u128)>,
    /// Per target, (sum of difficulty, solvable hands with one).
    sums: Vec<(f64, u64)>,
    /// The hand of the last row: rows come hand by hand.
    last_hand: Option<&'a str>,
}

impl<'a> Fold<'a> {
    fn new(key: &ReachKey) -> Fold<'a> {
        let (lo, width) = (key.targets.lo, key.targets.width() as usize);
        let rows = (0..width)
            .map(|i| TargetRow::empty(lo + i as i64))
            .collect();
        Fold {
            lo,
            large: key.game().draw.large_values(key.deck),
            rows,
            hands: Vec::new(),
            deals: vec![(0, 0); width],
            sums: vec![(0.0, 0); width],
            last_hand: None,
        }
    }

    /// Row `i` of the table.
    fn add(&mut self, c: &ReachColumns<'a>, i: usize) {
        let Some(t) = c.targets.get(i) else { return };
        let at = (t as i64 - self.lo) as usize;
        let (r, w) = (&mut self.rows[at], c.ways.get(i).unwrap_or(0));
        r.hands += 1;
        self.deals[at].0 += w as u128;
        if let Some(d) = c.dissimilar.get(i) {
            *r.one_solution.get_or_insert(0) += u64::from(d == 1);
        }
        let ok = c.solvable.get(i) == Some(true);
        r.dealable += u64::from(w > 0);
        r.dealable_solvable += u64::from(w > 0 && ok);
        if ok {
            r.solvable += 1;
            self.deals[at].1 += w as u128;
            if let Some(d) = c.difficulty.get(i) {
                self.sums[at].0 += d;
                self.sums[at].1 += 1;
            }
            if let Some(t) = c.tier.get(i).and_then(|s| s.parse::<Tier>().ok()) {
                r.tiers[t as usize] += 1;
            }
        }
        if let Some(dist) = c.distance.and_then(|d| d.get(i)) {
            *r.within5.get_or_insert(0) += u64::from(dist <= 5);
            *r.within10.get_or_insert(0) += u64::from(dist <= 10);
            self.add_closest(c.hand.get(i), w, ok, dist);
        }
    }

    /// A row with a closest value, into its hand's [`HandStat`] (started
    /// at the hand's first row).
    fn add_closest(&mut self, hand: Option<&'a str>, ways: u64, ok: bool, dist: u32) {
        if hand != self.last_hand {
            let name = hand.unwrap_or_default().to_string();
            let large = name
                .split(' ')
                .filter(|c| c.parse::<i64>().is_ok_and(|v| self.large.contains(&v)))
                .count();
            self.hands.push(HandStat {
                hand: name,
                solvable: 0,
                within5: 0,
                within10: 0,
                deal_ways: ways,
                large,
            });
            self.last_hand = hand;
        }
        let s = self
            .hands
            .last_mut()
            .expect("pushed at the hand's first row");
        s.solvable += u64::from(ok);
        s.within5 += u64::from(dist <= 5);
        s.within10 += u64::from(dist <= 10);
    }

    fn finish(mut self) -> ReachData {
        let totals = self.deals.into_iter().zip(self.sums);
        for (r, ((all, good), (sum, n))) in self.rows.iter_mut().zip(totals) {
            (r.deals, r.solvable_deals) = (all, good);
            r.deal_share = if all == 0 {
                0.0
            } else {
                good as f64 / all as f64
            };
            r.mean_difficulty = (n > 0).then(|| sum / n as f64);
        }
        ReachData {
            targets: self.rows,
            hands: self.hands,
            large: self.large,
            model: None,
        }
    }
}
