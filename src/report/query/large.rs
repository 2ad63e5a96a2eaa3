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

/// Every set's counts, in table order (sets ascending).
pub fn large_data(dir: &Path) -> Result<Vec<SetStat>, ReportError> {
    let manifest = store::verify(dir, Part::Whole)?;
    let name = Part::Whole.file("large_sets");
    let path = dir.join(&name);
    let df = store::read_checked(dir, listed(dir, &manifest, &name)?)?;
    let err = |source| ReportError::Table {
        path: path.clone(),
        source,
    };
    let u64s = |name: &str| -> Result<Vec<u64>, ReportError> {
        let c = df.column(name).map_err(err)?;
        Ok(c.u64().map_err(err)?.into_no_null_iter().collect())
    };
    let large: Vec<String> = df
        .column(columns::LARGE)
        .map_err(err)?
        .str()
        .map_err(err)?
        .iter()
        .map(|v| v.unwrap_or_default().to_string())
        .collect();
    let tiles: Vec<u8> = df
        .column(columns::LARGE_TILES)
        .map_err(err)?
        .u8()
        .map_err(err)?
        .into_no_null_iter()
        .collect();
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
    let mut out: Vec<SetStat> = Vec::new();
    for i in 0..df.height() {
        if out.last().is_none_or(|s| s.large != large[i]) {
            out.push(SetStat {
                large: large[i].clone(),
                numbers: large[i].split(' ').filter_map(|v| v.parse().ok()).collect(),
                by_tiles: [Counts::default(); LARGE_IN_SET + 1],
                all: Counts::default(),
            });
        }
        let c = Counts {
            games: games[i],
            solvable: solvable[i],
            near: [w5[i], w10[i]],
            games_weighted: gw[i],
            solvable_weighted: sw[i],
            near_weighted: [w5w[i], w10w[i]],
        };
        let s = out.last_mut().expect("pushed above");
        s.by_tiles[(tiles[i] as usize).min(LARGE_IN_SET)] = c;
        s.all.add(&c);
    }
    Ok(out)
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
        .find(|s| s.large == STANDARD)
        .or_else(|| {
            checks
                .iter()
                .find(|c| c.targets == key.targets && c.set.large == STANDARD)
                .map(|c| &c.set)
        })
        .cloned()
        .unwrap_or_else(|| count_sets(&[CHECKED_SETS[0]], key.targets).remove(0));
    (standard, checks)
}
