//! Ranking the sets of a census of large numbers (`census24 rank --game
//! countdown --large-sets LO..HI`): each set of four large numbers by the
//! share of its games that can be solved exactly, over every selection or
//! over the selections with a given number of large tiles.
//!
//! The counts are read from the census's whole table when the data folder
//! holds it (`sweep --large-sets`), else from its per-set summary
//! (`DATA/large-sets/`, what the repository ships). Both give each set's
//! solvable games by number of large tiles; every set has the same games.

use std::cmp::Ordering;
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;

use crate::tables::registry::large_sets::{LARGE_IN_SET, LargeKey, LargeSets, SetStat};
// Reading a census and printing its ranking need polars (the `tables`
// feature); ranking counts read, and the explorer page's sets, do not.
#[cfg(feature = "tables")]
use crate::export::Row;
#[cfg(feature = "tables")]
use crate::report::query::ReportError;
#[cfg(feature = "tables")]
use crate::report::query::large::large_data;
#[cfg(feature = "tables")]
use crate::tables::columns;
#[cfg(feature = "tables")]
use crate::tables::large_summary::{self, SUMMARY_DIR, SummaryError};
#[cfg(feature = "tables")]
use std::path::Path;

/// A validated ranking of sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetsQuery {
    pub data: PathBuf,
    /// Which census.
    pub key: LargeKey,
    /// Only the sets holding every one of these numbers.
    pub holding: Vec<i64>,
    /// Rank by the games with this many large tiles (1 to 4), or by every
    /// game when `None`.
    pub tiles: Option<usize>,
    /// Keep at most this many sets (all when `None`).
    pub top: Option<usize>,
    /// Easiest first instead of hardest first.
    pub easiest_first: bool,
}

/// Why a ranking of sets could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SetsError {
    #[error(
        "no census of {census} in {}: make it with `census24 sweep --game countdown --large-sets \
         {range} --out {}` (hours on two cores; `just large-sets` makes the shipped one)",
        data.display(),
        data.display()
    )]
    Missing {
        data: PathBuf,
        census: String,
        range: String,
    },
    #[error("{}: holds the census of {found}, not of {census}", dir.display())]
    Other {
        dir: PathBuf,
        found: String,
        census: String,
    },
    #[error("--large-tiles {0}: a set's games hold 1 to {LARGE_IN_SET} of its large tiles")]
    Tiles(usize),
    #[error("--holding {held}: {why}")]
    Holding { held: String, why: String },
    /// Sets the census cannot have (a number not large, fewer than four).
    #[error("{0}")]
    Sets(String),
    #[error("--top 0 prints nothing: ask for at least one set")]
    TopZero,
    #[cfg(feature = "tables")]
    #[error(transparent)]
    Summary(#[from] SummaryError),
    #[cfg(feature = "tables")]
    #[error(transparent)]
    Report(#[from] ReportError),
}

impl SetsQuery {
    /// The query, checked: the tiles 1 to 4, at most four numbers held.
    pub fn validate(self) -> Result<SetsQuery, SetsError> {
        self.key.sets.check().map_err(SetsError::Sets)?;
        if self.top == Some(0) {
            return Err(SetsError::TopZero);
        }
        if let Some(t) = self.tiles
            && !(1..=LARGE_IN_SET).contains(&t)
        {
            return Err(SetsError::Tiles(t));
        }
        let held: Vec<String> = self.holding.iter().map(i64::to_string).collect();
        let bad = |why: String| SetsError::Holding {
            held: held.join(" "),
            why,
        };
        if self.holding.len() > LARGE_IN_SET {
            return Err(bad(format!("a set holds {LARGE_IN_SET} numbers")));
        }
        if let Some(n) = self.holding.iter().find(|&&n| !self.key.sets.may_hold(n)) {
            return Err(bad(format!(
                "{n} is not a large number of {}",
                self.key.sets
            )));
        }
        let mut distinct = self.holding.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < self.holding.len() {
            return Err(bad("a set holds each number once".to_string()));
        }
        Ok(self)
    }
}

/// One set's counts: its numbers, and its games and solvable games by
/// number of large tiles (0 to 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetCounts {
    pub numbers: [i64; LARGE_IN_SET],
    pub games: [u64; LARGE_IN_SET + 1],
    pub solvable: [u64; LARGE_IN_SET + 1],
}

impl SetCounts {
    /// The share of its games solved exactly, over every selection.
    pub fn solvable_share(&self) -> f64 {
        let (solvable, games) = self.share_parts(None);
        if games == 0 {
            0.0
        } else {
            solvable as f64 / games as f64
        }
    }

    /// Solvable games and games: all, or those with `tiles` large tiles.
    fn share_parts(&self, tiles: Option<usize>) -> (u64, u64) {
        match tiles {
            Some(t) => (self.solvable[t], self.games[t]),
            None => (self.solvable.iter().sum(), self.games.iter().sum()),
        }
    }
}

/// One ranked set, as `rank` prints it. Field names are the column names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankedSet {
    /// 1 for the hardest set of the census.
    pub rank: usize,
    /// The four numbers, ascending.
    pub large: String,
    /// Games solved exactly, over every selection.
    pub solvable: u64,
    pub games: u64,
    /// `solvable / games`.
    pub solvable_share: f64,
    /// The share among games with 1, 2, 3, 4 large tiles.
    pub solvable_share_1: f64,
    pub solvable_share_2: f64,
    pub solvable_share_3: f64,
    pub solvable_share_4: f64,
    /// The deck that plays the set: `pick --game countdown --deck DECK`.
    pub deck: String,
}

#[cfg(feature = "tables")]
impl Row for RankedSet {
    fn header() -> Vec<&'static str> {
        let mut h = vec![
            columns::RANK,
            columns::LARGE,
            columns::SOLVABLE,
            columns::GAMES,
        ];
        h.extend(columns::SOLVABLE_SHARES);
        h.push(columns::DECK);
        h
    }
}

/// Every set of the census `key` with its counts, in table order: from the
/// whole table when `data` holds it, else from the summary in
/// `data/large-sets`.
#[cfg(feature = "tables")]
pub fn read_sets(data: &Path, key: &LargeKey) -> Result<Vec<SetCounts>, SetsError> {
    let whole = data.join(key.partition());
    if whole.is_dir() {
        return Ok(of_stats(&large_data(&whole)?));
    }
    let census = format!("{}, targets {}", key.sets, key.targets);
    let dir = data.join(SUMMARY_DIR);
    if !dir.join(large_summary::SUMMARY_MANIFEST).is_file() {
        return Err(SetsError::Missing {
            data: data.to_path_buf(),
            census,
            range: match &key.sets {
                LargeSets::Range(r) => r.to_string(),
                LargeSets::Chosen(_) => String::new(),
            },
        });
    }
    let (manifest, rows) = large_summary::read(&dir)?;
    if LargeKey::from_partition(Path::new(&manifest.table)).as_ref() != Some(key) {
        return Err(SetsError::Other {
            dir,
            found: manifest.census,
            census,
        });
    }
    Ok(rows
        .iter()
        .map(|r| SetCounts {
            numbers: r.numbers,
            games: manifest.games_by_tiles,
            solvable: r.solvable,
        })
        .collect())
}

/// The counts of the whole table's sets.
pub fn of_stats(stats: &[SetStat]) -> Vec<SetCounts> {
    stats
        .iter()
        .map(|s| SetCounts {
            numbers: std::array::from_fn(|i| s.numbers[i]),
            games: std::array::from_fn(|j| s.by_tiles[j].games),
            solvable: std::array::from_fn(|j| s.by_tiles[j].solvable),
        })
        .collect()
}

/// The `rank` options that rank the sets of the census `key`, when its
/// sets are a range: `--game countdown --large-sets 11..100` (and
/// `--targets` when they are not the show's).
pub fn rank_args(key: &LargeKey) -> Option<String> {
    let LargeSets::Range(r) = &key.sets else {
        return None;
    };
    let game = crate::game::presets::options(&key.game());
    Some(format!("{game} --large-sets {r}"))
}

/// The sets of `q` ranked: hardest first (the lowest share, compared
/// exactly; ties by the numbers), each with its rank among all the
/// census's sets; `--holding` keeps the sets with those numbers, `top` the
/// first of them (from the easiest end with `easiest_first`).
#[cfg(feature = "tables")]
pub fn rank_sets(q: &SetsQuery) -> Result<Vec<RankedSet>, SetsError> {
    let sets = read_sets(&q.data, &q.key)?;
    Ok(ranked(&sets, q))
}

/// [`rank_sets`] over counts already read.
pub fn ranked(sets: &[SetCounts], q: &SetsQuery) -> Vec<RankedSet> {
    let order = hardest_first(sets, q.tiles);
    let held = |s: &SetCounts| q.holding.iter().all(|n| s.numbers.contains(n));
    let ranks = order.iter().map(|&i| &sets[i]).enumerate();
    let top = q.top.unwrap_or(usize::MAX);
    // Rows are made for the sets printed only (from the end for the
    // easiest): 2.5 million of them would take a gigabyte.
    let keep = |(place, s): (usize, &SetCounts)| held(s).then(|| row(place + 1, s));
    if q.easiest_first {
        ranks.rev().filter_map(keep).take(top).collect()
    } else {
        ranks.filter_map(keep).take(top).collect()
    }
}

/// The small tiles of a set's deck (`--deck 1..10x2,A,B,C,D`).
pub const SMALL_DECK: &str = "1..10x2";

/// The measures a set is ranked by: every game, then the games with 1 to
/// 4 large tiles (`--large-tiles`).
pub const MEASURES: [Option<usize>; LARGE_IN_SET + 1] = [None, Some(1), Some(2), Some(3), Some(4)];

/// How many of the hardest and of the easiest sets by each measure the
/// explorer page of a census holds (with the show's set).
pub const PAGE_PER_END: usize = 400;

/// One set of the explorer page: its place in the census's sets and its
/// rank by each of [`MEASURES`] among all of them (1: the hardest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageSet {
    pub index: usize,
    pub ranks: [usize; LARGE_IN_SET + 1],
}

/// The sets an explorer page holds: the `per_end` hardest and easiest by
/// each measure, and each set of `also` the census has, ordered by their
/// rank over every game. Ranks are those [`rank_sets`] prints.
pub fn page_sets(sets: &[SetCounts], per_end: usize, also: &[[i64; LARGE_IN_SET]]) -> Vec<PageSet> {
    let mut ranks = vec![[0usize; LARGE_IN_SET + 1]; sets.len()];
    let mut kept = vec![false; sets.len()];
    let orders: Vec<Vec<usize>> = MEASURES
        .par_iter()
        .map(|&tiles| hardest_first(sets, tiles))
        .collect();
    for (m, order) in orders.iter().enumerate() {
        for (place, &i) in order.iter().enumerate() {
            ranks[i][m] = place + 1;
            kept[i] |= place < per_end || place + per_end >= sets.len();
        }
    }
    for (i, s) in sets.iter().enumerate() {
        kept[i] |= also.contains(&s.numbers);
    }
    let mut page: Vec<PageSet> = (0..sets.len())
        .filter(|&i| kept[i])
        .map(|i| PageSet {
            index: i,
            ranks: ranks[i],
        })
        .collect();
    page.sort_by_key(|p| p.ranks[0]);
    page
}

/// The places of `sets` in order, the hardest first ([`harder`]). The sets
/// of a census all have the same games, so their shares go as their
/// solvable games, and they come in table order, their numbers ascending:
/// the order is then that of one `u64` per set, the count above the place
/// (the same order, a tenth of the time on 2.5 million sets).
fn hardest_first(sets: &[SetCounts], tiles: Option<usize>) -> Vec<usize> {
    let census = sets
        .windows(2)
        .all(|w| w[0].games == w[1].games && w[0].numbers < w[1].numbers)
        && sets.len() < 1 << 32
        && sets.iter().all(|s| s.share_parts(tiles).0 < 1 << 32);
    if census {
        let mut keys: Vec<u64> = sets
            .iter()
            .enumerate()
            .map(|(i, s)| (s.share_parts(tiles).0 << 32) | i as u64)
            .collect();
        keys.par_sort_unstable();
        return keys.iter().map(|k| (k & 0xffff_ffff) as usize).collect();
    }
    let mut order: Vec<usize> = (0..sets.len()).collect();
    order.par_sort_by(|&a, &b| harder(&sets[a], &sets[b], tiles));
    order
}

/// The harder set first: the lower share of solvable games, compared by
/// cross-multiplying the counts; equal shares by the numbers, ascending.
fn harder(a: &SetCounts, b: &SetCounts, tiles: Option<usize>) -> Ordering {
    let (an, ad) = a.share_parts(tiles);
    let (bn, bd) = b.share_parts(tiles);
    ((an as u128) * (bd as u128))
        .cmp(&((bn as u128) * (ad as u128)))
        .then_with(|| a.numbers.cmp(&b.numbers))
}

fn row(rank: usize, s: &SetCounts) -> RankedSet {
    let share = |t: Option<usize>| {
        let (n, d) = s.share_parts(t);
        if d == 0 { 0.0 } else { n as f64 / d as f64 }
    };
    let (solvable, games) = s.share_parts(None);
    let numbers: Vec<String> = s.numbers.iter().map(i64::to_string).collect();
    RankedSet {
        rank,
        large: numbers.join(" "),
        solvable,
        games,
        solvable_share: share(None),
        solvable_share_1: share(Some(1)),
        solvable_share_2: share(Some(2)),
        solvable_share_3: share(Some(3)),
        solvable_share_4: share(Some(4)),
        deck: format!("{SMALL_DECK},{}", numbers.join(",")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::deck::ValueRange;
    use crate::game::targets::TargetRange;

    fn set(numbers: [i64; 4], solvable: [u64; 5]) -> SetCounts {
        SetCounts {
            numbers,
            games: [10, 10, 10, 10, 10],
            solvable,
        }
    }

    fn query() -> SetsQuery {
        SetsQuery {
            data: PathBuf::new(),
            key: LargeKey {
                sets: LargeSets::Range(ValueRange::new(11, 20).unwrap()),
                targets: TargetRange::new(100, 999).unwrap(),
            },
            holding: vec![],
            tiles: None,
            top: None,
            easiest_first: false,
        }
    }

    #[test]
    fn hardest_first_ranks_count_every_set_and_ties_go_by_numbers() {
        let sets = [
            set([11, 12, 13, 14], [5, 9, 9, 9, 9]),
            set([11, 12, 13, 15], [5, 9, 9, 9, 8]),
            set([11, 12, 14, 15], [5, 8, 9, 9, 9]),
            set([12, 13, 14, 15], [5, 9, 9, 9, 9]),
        ];
        let q = query();
        let names = |v: &[RankedSet]| -> Vec<(usize, String)> {
            v.iter().map(|r| (r.rank, r.large.clone())).collect()
        };
        assert_eq!(
            names(&ranked(&sets, &q)),
            [
                (1, "11 12 13 15".to_string()),
                (2, "11 12 14 15".to_string()),
                (3, "11 12 13 14".to_string()),
                (4, "12 13 14 15".to_string()),
            ]
        );
        // By four large tiles only, 11 12 13 15 is the one hard set.
        let by4 = ranked(
            &sets,
            &SetsQuery {
                tiles: Some(4),
                ..q.clone()
            },
        );
        assert_eq!(by4[0].large, "11 12 13 15");
        assert_eq!(by4[1].large, "11 12 13 14");
        // --holding keeps ranks among all sets; --easiest from the other end.
        let held = ranked(
            &sets,
            &SetsQuery {
                holding: vec![14],
                easiest_first: true,
                top: Some(2),
                ..q.clone()
            },
        );
        assert_eq!(
            names(&held),
            [(4, "12 13 14 15".into()), (3, "11 12 13 14".into())]
        );
        let r = &ranked(&sets, &q)[0];
        assert_eq!((r.solvable, r.games), (40, 50));
        assert_eq!(r.solvable_share_4, 0.8);
        assert_eq!(r.deck, "1..10x2,11,12,13,15");
    }

    #[test]
    fn a_page_holds_each_end_of_each_measure_with_the_ranks_rank_prints() {
        let sets: Vec<SetCounts> = (0..40)
            .map(|i| {
                let s = [3, (i * 7) % 10, (i * 3) % 10, i % 10, (i * 9) % 10];
                set([11 + i, 60 + i, 100 + i, 140 + i], s.map(|x| x as u64))
            })
            .collect();
        let page = page_sets(&sets, 2, &[[30, 79, 119, 159]]);
        for (m, &tiles) in MEASURES.iter().enumerate() {
            let all = ranked(&sets, &SetsQuery { tiles, ..query() });
            for p in &page {
                let name = sets[p.index].numbers.map(|n| n.to_string()).join(" ");
                let r = all.iter().find(|r| r.large == name).unwrap();
                assert_eq!(p.ranks[m], r.rank, "{name} by {tiles:?}");
            }
            for end in [&all[..2], &all[38..]] {
                for r in end {
                    assert!(
                        page.iter().any(|p| p.ranks[m] == r.rank),
                        "{} by {tiles:?}",
                        r.large
                    );
                }
            }
        }
        assert!(
            page.iter()
                .any(|p| sets[p.index].numbers == [30, 79, 119, 159])
        );
        assert!(page.windows(2).all(|w| w[0].ranks[0] < w[1].ranks[0]));
        assert!(page.len() < sets.len(), "{} of 40", page.len());
    }

    #[test]
    fn the_sort_by_counts_is_the_order_of_exact_shares() {
        let mut sets: Vec<SetCounts> = (0..50)
            .map(|i| {
                set(
                    [11 + i, 70, 80, 90],
                    [3, (i * 7) % 10, (i * 3) % 5, i % 4, 9].map(|x| x as u64),
                )
            })
            .collect();
        for tiles in MEASURES {
            let by_count = hardest_first(&sets, tiles);
            let mut exact: Vec<usize> = (0..sets.len()).collect();
            exact.sort_by(|&a, &b| harder(&sets[a], &sets[b], tiles));
            assert_eq!(by_count, exact, "{tiles:?}");
            // Not in table order: the exact comparison, the same sets.
            let reversed: Vec<SetCounts> = sets.iter().rev().copied().collect();
            let names = |v: &[SetCounts], o: Vec<usize>| -> Vec<[i64; 4]> {
                o.into_iter().map(|i| v[i].numbers).collect()
            };
            assert_eq!(
                names(&reversed, hardest_first(&reversed, tiles)),
                names(&sets, exact)
            );
        }
        // Games that differ (not a census): the exact comparison decides.
        sets[0].games = [20; 5];
        sets[0].solvable = [19; 5];
        assert_eq!(*hardest_first(&sets, None).last().unwrap(), 0);
    }

    #[test]
    fn bad_tiles_and_holdings_are_refused() {
        let q = query();
        assert!(matches!(
            SetsQuery {
                tiles: Some(0),
                ..q.clone()
            }
            .validate(),
            Err(SetsError::Tiles(0))
        ));
        assert!(matches!(
            SetsQuery {
                holding: vec![10],
                ..q.clone()
            }
            .validate(),
            Err(SetsError::Holding { .. })
        ));
        // Outside the census's range (11..20), twice the same, --top 0.
        for holding in [vec![21], vec![12, 12]] {
            let e = SetsQuery {
                holding: holding.clone(),
                ..q.clone()
            }
            .validate();
            assert!(matches!(e, Err(SetsError::Holding { .. })), "{holding:?}");
        }
        let e = SetsQuery {
            top: Some(0),
            ..q.clone()
        };
        assert!(matches!(e.validate(), Err(SetsError::TopZero)));
        assert!(q.validate().is_ok());
    }
}
