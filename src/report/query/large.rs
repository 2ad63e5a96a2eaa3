//! The query of a large-sets census (`sweep --game countdown --large-sets`):
//! its rows folded into one [`SetStat`] per set of large numbers. Rendering
//! them is `render::large`.

use std::path::Path;

use super::{ReportError, listed};
use crate::tables::columns;
use crate::tables::large_counts::Counts;
use crate::tables::layout::Part;
pub use crate::tables::registry::large_sets::SetStat;
use crate::tables::registry::large_sets::{
    CHECKED_SETS, CHECKED_TARGETS, Check, LARGE_IN_SET, LargeKey, STANDARD, count_sets,
};
use crate::tables::store;
use crate::tables::table::{self, ROW_GROUP_ROWS};
use polars::prelude::{DataFrame, PolarsError, PolarsResult};

/// Every set's counts, in table order (sets ascending). The table is
/// folded a row group ([`ROW_GROUP_ROWS`] rows) at a time into one
/// [`SetStat`] per set, so that no more than the sets and one piece are
/// held (a census of 2.5 million sets has 12.8 million rows).
pub fn large_data(dir: &Path) -> Result<Vec<SetStat>, ReportError> {
    let manifest = store::verify(dir, Part::Whole)?;
    let name = Part::Whole.file("large_sets");
    let entry = listed(dir, &manifest, &name)?;
    let sets = store::read_checked_with(dir, entry, |bytes| {
        let rows = table::parquet_rows(bytes)?;
        // Each set has a row for each number of its large tiles.
        let mut out: Vec<SetStat> = Vec::with_capacity(rows / (LARGE_IN_SET + 1));
        let mut offset = 0;
        while offset < rows {
            let len = ROW_GROUP_ROWS.min(rows - offset);
            fold_piece(&table::from_parquet_slice(bytes, offset, len)?, &mut out)?;
            offset += len;
        }
        Ok(out)
    })?;
    Ok(sets)
}

/// Folds the rows of one piece of the table into `out`, whose last set may
/// go on from the piece before.
fn fold_piece(df: &DataFrame, out: &mut Vec<SetStat>) -> PolarsResult<()> {
    let u64s = |name: &str| -> PolarsResult<Vec<u64>> {
        Ok(df.column(name)?.u64()?.into_no_null_iter().collect())
    };
    let large = df.column(columns::LARGE)?.str()?;
    let tiles = df.column(columns::LARGE_TILES)?.u8()?;
    let [games, solvable, w5, w10, gw, sw, w5w, w10w] = [
        columns::GAMES,
        columns::SOLVABLE,
        columns::WITHIN_5,
        columns::WITHIN_10,
        columns::GAMES_WEIGHTED,
        columns::SOLVABLE_WEIGHTED,
        columns::WITHIN_5_WEIGHTED,
        columns::WITHIN_10_WEIGHTED,
    ]
    .map(u64s);
    let (games, solvable, w5, w10, gw, sw, w5w, w10w) =
        (games?, solvable?, w5?, w10?, gw?, sw?, w5w?, w10w?);
    for (i, (name, tiles)) in large.iter().zip(tiles.iter()).enumerate() {
        let (name, tiles) = (name.unwrap_or_default(), tiles.unwrap_or_default());
        let numbers: [i64; LARGE_IN_SET] = name
            .split(' ')
            .map(|v| v.parse().ok().filter(|&n: &i64| n > 0))
            .collect::<Option<Vec<i64>>>()
            .and_then(|v| v.try_into().ok())
            .ok_or_else(|| {
                PolarsError::ComputeError(
                    format!("\"{name}\" is not a set of four large numbers").into(),
                )
            })?;
        if out.last().is_none_or(|s| s.numbers != numbers) {
            out.push(SetStat {
                numbers,
                by_tiles: [Counts::default(); LARGE_IN_SET + 1],
            });
        }
        let s = out.last_mut().expect("pushed above");
        s.by_tiles[(tiles as usize).min(LARGE_IN_SET)] = Counts {
            games: games[i],
            solvable: solvable[i],
            near: [w5[i], w10[i]],
            games_weighted: gw[i],
            solvable_weighted: sw[i],
            near_weighted: [w5w[i], w10w[i]],
        };
    }
    Ok(())
}

/// What a report shows beside the census's own sets: the standard set's
/// counts (the table's row, or computed over the census's targets when it
/// does not hold them) and the checked sets over each published range of
/// targets (computed: a few seconds).
pub fn reference(key: &LargeKey, sets: &[SetStat]) -> (SetStat, Vec<Check>) {
    let checks: Vec<Check> = CHECKED_TARGETS
        .iter()
        .flat_map(|&targets| {
            count_sets(&CHECKED_SETS, targets)
                .into_iter()
                .map(move |set| Check { targets, set })
        })
        .collect();
    let standard = sets
        .iter()
        .find(|s| s.large() == STANDARD)
        .or_else(|| {
            checks
                .iter()
                .find(|c| c.targets == key.targets && c.set.large() == STANDARD)
                .map(|c| &c.set)
        })
        .cloned()
        .unwrap_or_else(|| count_sets(&[CHECKED_SETS[0]], key.targets).remove(0));
    (standard, checks)
}
