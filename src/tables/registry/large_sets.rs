//! The census of sets of large numbers as a kind of table (`sweep --game
//! countdown --large-sets LO..HI`, or `--large "A B C D"` for chosen sets):
//! the Countdown numbers round played with four other large numbers, for
//! every set of four distinct large numbers from a range. The small tiles
//! are the show's (1 to 10, twice each); a selection is six of the 24
//! tiles, any of them may be left out of a solution, intermediate results
//! are positive whole numbers.
//!
//! One row per set and number of large tiles in the selection (0 to 4) in
//! `large_sets.parquet`: how many games (selections times targets) there
//! are, how many reach the target exactly, how many come within 5 and 10
//! (the show's 7 and 5 points), and the same weighted by the ways to draw
//! the selection from the 24 physical tiles (two 7s make `7 7` one way and
//! `7` two ways; each large number is one tile).
//!
//! Work is shared across sets: the selections with 0 to 3 large tiles
//! depend on those tiles only, so their counts are computed once per
//! process for each single, pair and triple of large numbers met
//! ([`SharedCounts`]), and a set pays only for its 55 selections with all
//! four. Values of sub-multisets are shared across selections by
//! [`crate::solve::selections::Engine`], one per worker thread.

use std::cell::RefCell;
use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

#[cfg(feature = "tables")]
use polars::prelude::{DataFrame, PolarsResult};
use rustc_hash::FxHashMap;

use crate::game::deck::{Deck, ValueRange};
#[cfg(feature = "tables")]
use crate::game::error::InputError;
use crate::game::family::{Game, Targets};
#[cfg(feature = "tables")]
use crate::game::hand::Hand;
use crate::game::presets;
use crate::game::targets::TargetRange;
#[cfg(feature = "tables")]
use crate::solve::selections::MAX_BOUND;
use crate::solve::selections::{Engine, MAX_TILE, WORDS, Win, Window};
#[cfg(feature = "tables")]
use crate::tables::columns;
use crate::tables::enumerate;
#[cfg(feature = "tables")]
use crate::tables::enumerate::MAX_SWEEP_HANDS;
#[cfg(feature = "tables")]
use crate::tables::error::PlanError;
#[cfg(feature = "tables")]
use crate::tables::kind::{self, KindKey, TableFile, TableKind};
use crate::tables::large_counts::{Combo, Counts, combo_of, numbers_of};
#[cfg(feature = "tables")]
use crate::tables::large_shared;
#[cfg(feature = "tables")]
use crate::tables::layout::Shard;
use crate::tables::manifest::KindName;
#[cfg(feature = "tables")]
use crate::tables::manifest::{GameRecord, Params};
#[cfg(feature = "tables")]
use crate::tables::summary::{Tally, counted};
#[cfg(feature = "tables")]
use crate::tables::sweep::{Job, Request};

/// The kind's name, as its manifests record it.
pub const NAME: KindName = KindName::new("large-sets");

/// Large numbers in a set.
pub const LARGE_IN_SET: usize = 4;
/// Tiles in a selection.
pub const TILES: usize = 6;
/// The small tiles: 1 to this, [`SMALL_COPIES`] of each.
pub const SMALL_TOP: i64 = 10;
pub const SMALL_COPIES: usize = 2;
/// The nearness the counts record besides exact: within 5 and within 10
/// (the second a multiple of the first).
pub const NEAR: [u64; 2] = [5, 10];
/// The most sets `--large` names (they make the folder's name).
pub const MAX_CHOSEN: usize = 32;
/// The widest range of targets (with its neighbours within 10, one window).
pub const MAX_TARGETS: i64 = 1000;

/// Which sets of large numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LargeSets {
    /// Every set of four distinct numbers from the range.
    Range(ValueRange),
    /// These sets (each ascending; sorted, no set twice).
    Chosen(Vec<[i64; LARGE_IN_SET]>),
}

impl LargeSets {
    /// Chosen sets, checked: four distinct large numbers each.
    pub fn chosen(sets: &[Vec<i64>]) -> Result<LargeSets, String> {
        let mut out = Vec::new();
        for s in sets {
            out.push(one_set(s)?);
        }
        out.sort();
        out.dedup();
        if out.len() > MAX_CHOSEN {
            return Err(format!(
                "{} sets given with --large, at most {MAX_CHOSEN}: for more, give a range with --large-sets",
                out.len()
            ));
        }
        Ok(LargeSets::Chosen(out))
    }

    /// The largest number of any set.
    pub fn top(&self) -> i64 {
        match self {
            LargeSets::Range(r) => r.hi,
            LargeSets::Chosen(s) => s.iter().map(|s| s[3]).max().unwrap_or(SMALL_TOP + 1),
        }
    }

    /// The sets, ascending.
    pub fn sets(&self) -> Vec<Vec<i64>> {
        match self {
            LargeSets::Range(r) => enumerate::hands(LARGE_IN_SET, *r, Deck::Copies(1)),
            LargeSets::Chosen(s) => s.iter().map(|s| s.to_vec()).collect(),
        }
    }

    /// Whether some set of these holds `n`.
    pub fn may_hold(&self, n: i64) -> bool {
        match self {
            LargeSets::Range(r) => r.lo <= n && n <= r.hi,
            LargeSets::Chosen(s) => s.iter().any(|set| set.contains(&n)),
        }
    }

    /// How many sets, without listing them.
    pub fn count(&self) -> u128 {
        match self {
            LargeSets::Range(r) => {
                enumerate::count_hands(LARGE_IN_SET, *r, Deck::Copies(1)).unwrap_or(u128::MAX)
            }
            LargeSets::Chosen(s) => s.len() as u128,
        }
    }

    /// The folder spelling: `large-sets-11-100`, or the chosen sets
    /// (`large-sets-25.50.75.100_12.16.18.24`).
    pub fn folder(&self) -> String {
        match self {
            LargeSets::Range(r) => format!("large-sets-{}-{}", r.lo, r.hi),
            LargeSets::Chosen(s) => format!(
                "large-sets-{}",
                s.iter()
                    .map(|s| s.map(|v| v.to_string()).join("."))
                    .collect::<Vec<_>>()
                    .join("_")
            ),
        }
    }

    fn of_folder(s: &str) -> Option<LargeSets> {
        let rest = s.strip_prefix("large-sets-")?;
        if let Some((lo, hi)) = rest.split_once('-') {
            let r = ValueRange::new(lo.parse().ok()?, hi.parse().ok()?).ok()?;
            return Some(LargeSets::Range(r));
        }
        let sets: Option<Vec<Vec<i64>>> = rest
            .split('_')
            .map(|s| s.split('.').map(|v| v.parse().ok()).collect())
            .collect();
        LargeSets::chosen(&sets?).ok()
    }
}

impl LargeSets {
    /// Why a range cannot be a census's sets, in one line: a number not
    /// large, or fewer than four of them.
    pub fn check(&self) -> Result<(), String> {
        if let LargeSets::Range(r) = self {
            check_large(r.lo, &format!("--large-sets {r}"))?;
            check_large(r.hi, &format!("--large-sets {r}"))?;
            if r.width() < LARGE_IN_SET as u64 {
                return Err(format!(
                    "--large-sets {r} holds {} numbers: a set takes four distinct ones",
                    r.width()
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for LargeSets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LargeSets::Range(r) => write!(f, "every set of four from {r}"),
            LargeSets::Chosen(s) => {
                let sets: Vec<String> = s.iter().map(|s| large_name(s)).collect();
                write!(f, "{}", sets.join(", "))
            }
        }
    }
}

/// One set given as numbers: four distinct large numbers (above the small
/// tiles), ascending.
pub fn one_set(s: &[i64]) -> Result<[i64; LARGE_IN_SET], String> {
    let text = s
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    if s.len() != LARGE_IN_SET {
        return Err(format!(
            "a set of large numbers has four numbers, \"{text}\" has {}",
            s.len()
        ));
    }
    let mut v: [i64; LARGE_IN_SET] = [s[0], s[1], s[2], s[3]];
    v.sort();
    if let Some(w) = v.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!(
            "the large numbers of a set are distinct: \"{text}\" has {} twice",
            w[0]
        ));
    }
    check_large(v[0], &text)?;
    check_large(v[3], &text)?;
    Ok(v)
}

/// A large number is above the small tiles and at most [`MAX_TILE`].
pub fn check_large(v: i64, what: &str) -> Result<(), String> {
    if v <= SMALL_TOP {
        return Err(format!(
            "{v} (in {what}) is a small tile (1 to {SMALL_TOP}): large numbers start at {}",
            SMALL_TOP + 1
        ));
    }
    if v > MAX_TILE as i64 {
        return Err(format!(
            "{v} (in {what}) is above {MAX_TILE}, the largest tile a census takes"
        ));
    }
    Ok(())
}

/// A set as it appears in the `large` column: `25 50 75 100`.
pub fn large_name(set: &[i64]) -> String {
    set.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One set's counts over one range of targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub targets: TargetRange,
    pub set: SetStat,
}

/// The sets a census's report checks against published figures: the show's, and 59 83
/// 93 97, the other set with published figures.
pub const CHECKED_SETS: [[i64; LARGE_IN_SET]; 2] = [[25, 50, 75, 100], [59, 83, 93, 97]];
/// The target ranges published analyses count: 100 to 999, or the
/// show's 101 to 999.
pub const CHECKED_TARGETS: [TargetRange; 2] = [
    TargetRange { lo: 100, hi: 999 },
    TargetRange { lo: 101, hi: 999 },
];

/// The show's large numbers.
pub const STANDARD: &str = "25 50 75 100";

/// Which census: the sets and the targets (natural rules, any selection,
/// six tiles, the show's small tiles are fixed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LargeKey {
    pub sets: LargeSets,
    pub targets: TargetRange,
}

impl LargeKey {
    /// The game each set is played in: the Countdown numbers round of the
    /// census's targets (its rules, use, hand size, scoring and draw); the
    /// deck is the round's with the set in place of 25 50 75 100.
    pub fn game(&self) -> Game {
        Game {
            targets: Targets::Range(self.targets),
            ..presets::game("countdown").expect("the Countdown preset")
        }
    }

    /// `rules=natural/use=any/targets=LO-HI/values=1-TOP/deck=large-sets-../k=6`:
    /// the hive keys of every table, the rules and use the game's.
    pub fn partition(&self) -> PathBuf {
        let game = self.game();
        [
            format!("rules={}", game.rules),
            format!("use={}", game.uses.name()),
            format!("targets={}-{}", self.targets.lo, self.targets.hi),
            format!("values=1-{}", self.sets.top()),
            format!("deck={}", self.sets.folder()),
            format!("k={TILES}"),
        ]
        .iter()
        .collect()
    }

    /// The key of a partition path (the inverse of [`LargeKey::partition`]).
    pub fn from_partition(rel: &std::path::Path) -> Option<LargeKey> {
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        // The rules, use, values and size are checked by the partition
        // spelled back below (they are the game's).
        let [_rules, _uses, targets, _values, deck, _k] = parts.as_slice() else {
            return None;
        };
        let sets = LargeSets::of_folder(deck.strip_prefix("deck=")?)?;
        let (lo, hi) = targets.strip_prefix("targets=")?.split_once('-')?;
        let targets = TargetRange::new(lo.parse().ok()?, hi.parse().ok()?).ok()?;
        let key = LargeKey { sets, targets };
        (key.partition() == rel).then_some(key)
    }

    /// The window of values the engine records: the targets and their
    /// neighbours within the widest of [`NEAR`] (from 1).
    fn window(&self) -> Window {
        let near = NEAR[NEAR.len() - 1] as i64;
        Window {
            lo: (self.targets.lo - near).max(1) as u64,
            hi: (self.targets.hi + near) as u64,
        }
    }
}

/// Small tiles and the ways to draw them.
type Small = (Vec<u16>, u64);

/// The small-tile multisets of each size (up to [`TILES`]) with the ways to
/// draw each from the 20 small tiles.
fn small_selections() -> &'static [Vec<Small>] {
    static SMALL: OnceLock<Vec<Vec<Small>>> = OnceLock::new();
    SMALL.get_or_init(|| {
        (0..=TILES)
            .map(|m| {
                enumerate::hands(
                    m,
                    ValueRange::new(1, SMALL_TOP).expect("1..10 is a range"),
                    Deck::Copies(SMALL_COPIES as u32),
                )
                .into_iter()
                .map(|h| {
                    // Two copies: a value taken once can be either tile.
                    let ways = h
                        .iter()
                        .enumerate()
                        .filter(|&(i, v)| {
                            h.iter().filter(|w| *w == v).count() == 1 && (i == 0 || h[i - 1] != *v)
                        })
                        .count();
                    (h.iter().map(|&v| v as u16).collect(), 1u64 << ways)
                })
                .collect()
            })
            .collect()
    })
}

thread_local! {
    /// This worker's engine (remade when a census of another window or
    /// bound starts on the thread).
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// The counts of every selection of `large` (ascending) with the small
/// tiles that complete it to six.
fn counts_of(large: &[i64], key: &LargeKey) -> Counts {
    let win = key.window();
    let top = key.sets.top() as u64;
    let (t_lo, t_hi) = (
        (key.targets.lo as u64 - win.lo) as usize,
        (key.targets.hi as u64 - win.lo) as usize,
    );
    let width = (t_hi - t_lo + 1) as u64;
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        // One engine per worker of the pool, each with its share of the
        // memory the census keeps.
        let engines = rayon::current_num_threads();
        let stale = slot.as_ref().is_none_or(|e| {
            e.window() != win || e.bound() != win.hi * top || e.engines() != engines
        });
        if stale {
            // Every census has the same small tiles.
            *slot = Some(Engine::sharing(win, top, SMALL_TOP as u64, engines));
        }
        let engine = slot.as_mut().expect("made above");
        let mut c = Counts::default();
        // A selection that reaches every target is within 5 and 10 of
        // each: the engine may stop there.
        let mut targets: Win = [0; WORDS];
        for i in t_lo..=t_hi {
            targets[i / 64] |= 1 << (i % 64);
        }
        let mut tiles: Vec<u16> = large.iter().map(|&v| v as u16).collect();
        for (small, ways) in &small_selections()[TILES - large.len()] {
            tiles.truncate(large.len());
            tiles.extend_from_slice(small);
            let r = engine.reach_covering(&tiles, &targets);
            let exact = count_range(&r, t_lo, t_hi);
            c.games += width;
            c.games_weighted += width * ways;
            c.solvable += exact;
            c.solvable_weighted += exact * ways;
            // Within 10 is within 5 of within 5.
            let five = dilate(&r, NEAR[0] as usize);
            let ten = dilate(&five, (NEAR[1] - NEAR[0]) as usize);
            for (i, near) in [five, ten].iter().enumerate() {
                let n = count_range(near, t_lo, t_hi);
                c.near[i] += n;
                c.near_weighted[i] += n * ways;
            }
        }
        c
    })
}

/// Set bits of `w` from bit `lo` to bit `hi`.
fn count_range(w: &Win, lo: usize, hi: usize) -> u64 {
    let mut n = 0;
    for (i, &word) in w.iter().enumerate() {
        let (first, last) = (i * 64, i * 64 + 63);
        if last < lo || first > hi {
            continue;
        }
        let mut m = u64::MAX;
        if first < lo {
            m &= u64::MAX << (lo - first);
        }
        if last > hi {
            m &= u64::MAX >> (last - hi);
        }
        n += (word & m).count_ones() as u64;
    }
    n
}

/// `w` with every value within `d` (below 64) of a set one set.
fn dilate(w: &Win, d: usize) -> Win {
    let mut out = *w;
    for s in 1..=d {
        for i in 0..WORDS {
            let up = w[i] << s | if i > 0 { w[i - 1] >> (64 - s) } else { 0 };
            let down = w[i] >> s
                | if i + 1 < WORDS {
                    w[i + 1] << (64 - s)
                } else {
                    0
                };
            out[i] |= up | down;
        }
    }
    out
}

/// The counts of the selections with one, two or three large tiles, per
/// combination of large numbers. A sweep makes them all before its sets
/// ([`LargeSetsKind::prepare_shared`]: on every worker, or read from the
/// sealed file a run left beside the table, `tables::large_shared`), so
/// its workers read them without a lock; one not made before (a set asked
/// for outside a sweep) is made by whichever worker first needs it, the
/// others waiting for it.
#[derive(Default)]
pub struct SharedCounts {
    ready: OnceLock<FxHashMap<Combo, Counts>>,
    made: Mutex<FxHashMap<Vec<i64>, Arc<OnceLock<Counts>>>>,
}

impl SharedCounts {
    fn get(&self, large: &[i64], key: &LargeKey) -> Counts {
        if let Some(c) = self.ready.get().and_then(|m| m.get(&combo_of(large))) {
            return *c;
        }
        let cell = self
            .made
            .lock()
            .expect("no worker panics holding the lock")
            .entry(large.to_vec())
            .or_default()
            .clone();
        *cell.get_or_init(|| counts_of(large, key))
    }
}

impl fmt::Debug for SharedCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedCounts")
    }
}

/// One set of large numbers as a report reads it: its counts by large
/// tiles in the selection (0 to 4). A census holds millions of sets, so
/// a set holds only these (352 bytes): its name and its counts over all
/// selections are worked out when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetStat {
    /// The numbers, ascending.
    pub numbers: [i64; LARGE_IN_SET],
    pub by_tiles: [Counts; LARGE_IN_SET + 1],
}

impl SetStat {
    /// A set's stat from its rows (large tiles 0 to 4).
    pub fn of_rows(numbers: &[i64; LARGE_IN_SET], rows: &[LargeRow]) -> SetStat {
        let mut s = SetStat {
            numbers: *numbers,
            by_tiles: [Counts::default(); LARGE_IN_SET + 1],
        };
        for r in rows {
            s.by_tiles[(r.large_tiles as usize).min(LARGE_IN_SET)] = r.counts;
        }
        s
    }

    /// `25 50 75 100`.
    pub fn large(&self) -> String {
        large_name(&self.numbers)
    }

    /// Its counts over all selections.
    pub fn all(&self) -> Counts {
        let mut all = Counts::default();
        for c in &self.by_tiles {
            all.add(c);
        }
        all
    }
}

/// The counts of chosen sets (each ascending) over `targets`, computed now
/// (on the current rayon pool): what a report shows of a set its census
/// does not hold.
pub fn count_sets(sets: &[[i64; LARGE_IN_SET]], targets: TargetRange) -> Vec<SetStat> {
    use rayon::prelude::*;
    let kind = LargeSetsKind::new(LargeKey {
        sets: LargeSets::Chosen(sets.to_vec()),
        targets,
    });
    sets.par_iter()
        .map(|s| SetStat::of_rows(s, &kind.rows_of_set(s)))
        .collect()
}

/// One row: a set and a number of its large tiles in the selection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LargeRow {
    pub large: String,
    pub large_tiles: u8,
    pub counts: Counts,
}

/// The census of sets of large numbers: which one, and the counts shared
/// across its sets.
#[derive(Clone, Debug)]
pub struct LargeSetsKind {
    pub key: LargeKey,
    shared: Arc<SharedCounts>,
    ahead: Arc<Ahead>,
}

/// Second numbers whose sets with the same other numbers are counted
/// together ([`LargeSetsKind::four_large`]).
const SECONDS_TOGETHER: i64 = 4;

/// The sets a run counts, and the counts of those counted ahead of their
/// turn ([`LargeSetsKind::four_large`]).
#[derive(Debug, Default)]
struct Ahead {
    /// The run's last set, when its sets are a run of a range's (a
    /// sweep's, [`TableKind::prepare`]): none is counted ahead otherwise.
    last: OnceLock<[i64; LARGE_IN_SET]>,
    /// By set, as [`SharedCounts`] keeps those it makes (one map type for
    /// both keeps the binary under its 40 MB).
    counted: Mutex<FxHashMap<Vec<i64>, Arc<OnceLock<Counts>>>>,
}

impl PartialEq for LargeSetsKind {
    fn eq(&self, o: &Self) -> bool {
        self.key == o.key
    }
}
impl Eq for LargeSetsKind {}

/// The validated census of the sets of `key` as `request` asks (it
/// counts what it counts whatever solutions are asked).
#[cfg(feature = "tables")]
pub fn plan(key: LargeKey, request: &Request) -> Result<Box<dyn Job>, PlanError> {
    Ok(Box::new(request.config(LargeSetsKind::new(key))?))
}

impl LargeSetsKind {
    pub fn new(key: LargeKey) -> LargeSetsKind {
        LargeSetsKind {
            key,
            shared: Arc::default(),
            ahead: Arc::default(),
        }
    }

    /// Every combination of one to three large numbers the census's sets
    /// hold, ascending (by size, then by numbers): for a range, all of them.
    pub fn combinations(&self) -> Vec<Combo> {
        let mut out: Vec<Combo> = match &self.key.sets {
            LargeSets::Range(r) => {
                let numbers: Vec<i64> = (r.lo..=r.hi).collect();
                let mut out = Vec::new();
                for j in 1..LARGE_IN_SET {
                    let mut pick = vec![0usize; j];
                    combinations_into(&numbers, j, 0, &mut pick, 0, &mut out);
                }
                // Made in order already.
                return out;
            }
            LargeSets::Chosen(sets) => sets
                .iter()
                .flat_map(|set| {
                    (1u32..(1 << LARGE_IN_SET) - 1).map(move |mask| {
                        let sub: Vec<i64> = (0..LARGE_IN_SET)
                            .filter(|i| mask >> i & 1 == 1)
                            .map(|i| set[i])
                            .collect();
                        combo_of(&sub)
                    })
                })
                .collect(),
        };
        out.sort_by_key(|&c| (numbers_of(c).len(), numbers_of(c)));
        out.dedup();
        out
    }

    /// The counts of `combos`, in their order, computed on the current
    /// rayon pool (each worker with its engine). They are computed in
    /// blocks ([`blocked`]): neighbours then share their pairs of large
    /// numbers, whose five-tile values the engine keeps, and rayon hands
    /// each worker runs of them.
    pub fn count_combinations(&self, combos: &[Combo]) -> Vec<Counts> {
        use rayon::prelude::*;
        let order = blocked(combos);
        let made: Vec<Counts> = order
            .par_iter()
            .map(|&i| counts_of(&numbers_of(combos[i]), &self.key))
            .collect();
        let mut out = vec![Counts::default(); combos.len()];
        for (&i, c) in order.iter().zip(made) {
            out[i] = c;
        }
        out
    }

    /// Takes the shared counts made before the sets (by
    /// [`LargeSetsKind::count_combinations`], or read back from a file).
    /// False if some were taken already.
    pub fn take_shared(&self, counts: FxHashMap<Combo, Counts>) -> bool {
        self.shared.ready.set(counts).is_ok()
    }

    /// The counts of the selections of all four numbers of `set`
    /// (ascending), with those of the sets that differ from it only by a
    /// larger second number of its group of [`SECONDS_TOGETHER`], which are
    /// kept until asked for: the four sets `a b c d` share the five-tile
    /// sets of `a c d` with two small tiles, which in the table's order
    /// come back only after a whole run of second numbers, long after the
    /// engine has forgotten them (made once instead of four times: 0.71
    /// to 0.93 of the CPU time of sample shards of 200, least late in the
    /// table, where the engine keeps them anyway). Only within a sweep of
    /// a range of sets, and only the sets of its run (a shard's sets ahead
    /// belong to the next shard).
    fn four_large(&self, set: &[i64]) -> Counts {
        let (Ok(set), Some(&last)) = (<[i64; LARGE_IN_SET]>::try_from(set), self.ahead.last.get())
        else {
            return counts_of(set, &self.key);
        };
        if let Some(c) = self
            .counted()
            .remove(&set[..])
            .and_then(|c| c.get().copied())
        {
            return c;
        }
        let [a, b, c, d] = set;
        let group_end = a + 1 + ((b - a - 1) / SECONDS_TOGETHER + 1) * SECONDS_TOGETHER;
        let own = counts_of(&set, &self.key);
        for second in b + 1..group_end.min(c) {
            let other = [a, second, c, d];
            if other > last {
                break;
            }
            let counts = counts_of(&other, &self.key);
            let cell = self.counted().entry(other.to_vec()).or_default().clone();
            cell.get_or_init(|| counts);
        }
        own
    }

    /// The counts made ahead of their sets' turn.
    fn counted(&self) -> std::sync::MutexGuard<'_, FxHashMap<Vec<i64>, Arc<OnceLock<Counts>>>> {
        self.ahead.counted.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The rows of one set (ascending), large tiles 0 to 4.
    pub fn rows_of_set(&self, set: &[i64]) -> Vec<LargeRow> {
        let name = large_name(set);
        (0..=LARGE_IN_SET)
            .map(|j| {
                let mut c = Counts::default();
                if j == LARGE_IN_SET {
                    c = self.four_large(set);
                } else {
                    for mask in 0u32..1 << LARGE_IN_SET {
                        if mask.count_ones() as usize == j {
                            let sub: Vec<i64> = (0..LARGE_IN_SET)
                                .filter(|i| mask >> i & 1 == 1)
                                .map(|i| set[i])
                                .collect();
                            c.add(&self.shared.get(&sub, &self.key));
                        }
                    }
                }
                LargeRow {
                    large: name.clone(),
                    large_tiles: j as u8,
                    counts: c,
                }
            })
            .collect()
    }
}

/// Numbers per block of [`blocked`]: the pairs of two blocks of 6 (36,
/// each with its 210 five-tile sets with three small tiles, 2.6 MB at the
/// bound of 11..100) stay in an engine's share of the memory on two
/// workers; those of two blocks of 10 (100) did not, and were made again
/// for each first number (`blocked_triples_keep_their_pairs`).
const BLOCK: i64 = 6;

/// The positions of `combos` in the order they are best computed in: by
/// size, then by the blocks of [`BLOCK`] numbers their numbers fall in,
/// then by numbers. In plain order the pairs {b, c} of the combinations
/// {a, b, c} come back only after every combination of `a`, long after the
/// engine has forgotten them. A simulation of its memory (pairs made again
/// per combination of 11..100, one worker / two): 1.15 / 1.65 in plain
/// order, 0.54 / 1.07 in blocks of 10, 0.43 / 0.54 in blocks of 6.
fn blocked(combos: &[Combo]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..combos.len()).collect();
    order.sort_by_cached_key(|&i| {
        let n = numbers_of(combos[i]);
        let blocks: Vec<i64> = n.iter().map(|x| x.div_euclid(BLOCK)).collect();
        (n.len(), blocks, n)
    });
    order
}

/// Every `j`-combination of `numbers` (ascending) as [`Combo`]s, in order.
fn combinations_into(
    numbers: &[i64],
    j: usize,
    from: usize,
    pick: &mut Vec<usize>,
    at: usize,
    out: &mut Vec<Combo>,
) {
    if at == j {
        let set: Vec<i64> = pick.iter().map(|&i| numbers[i]).collect();
        out.push(combo_of(&set));
        return;
    }
    for i in from..numbers.len() {
        pick[at] = i;
        combinations_into(numbers, j, i + 1, pick, at + 1, out);
    }
}

#[cfg(feature = "tables")]
/// What `census24 merge` says of a census it joined: it counts games, a
/// selection of tiles of a set against one target.
pub fn merged_line(m: &crate::tables::manifest::Manifest) -> String {
    let targets: u64 = m
        .parameters
        .target
        .parse::<TargetRange>()
        .map_or(0, |r| (r.hi - r.lo + 1) as u64);
    let games = m.hands * SELECTIONS_PER_SET * targets;
    format!(
        "{} of large numbers against targets {}: {games} games, {} of them solvable",
        counted(m.hands, "set"),
        m.parameters.target,
        m.solvable
    )
}

#[cfg(feature = "tables")]
/// `large_sets`, streamed: five rows a set.
pub fn files() -> Vec<TableFile> {
    vec![TableFile {
        stem: "large_sets",
        empty: || large_frame(&[]),
        whole: None,
    }]
}

#[cfg(feature = "tables")]
/// The rows as the table's frame.
pub fn large_frame(rows: &[LargeRow]) -> PolarsResult<DataFrame> {
    use crate::tables::table::col;
    let columns = vec![
        col(columns::LARGE, rows, |r| r.large.as_str()),
        col(columns::LARGE_TILES, rows, |r| r.large_tiles),
        col(columns::GAMES, rows, |r| r.counts.games),
        col(columns::SOLVABLE, rows, |r| r.counts.solvable),
        col(columns::WITHIN_5, rows, |r| r.counts.near[0]),
        col(columns::WITHIN_10, rows, |r| r.counts.near[1]),
        col(columns::GAMES_WEIGHTED, rows, |r| r.counts.games_weighted),
        col(columns::SOLVABLE_WEIGHTED, rows, |r| {
            r.counts.solvable_weighted
        }),
        col(columns::WITHIN_5_WEIGHTED, rows, |r| {
            r.counts.near_weighted[0]
        }),
        col(columns::WITHIN_10_WEIGHTED, rows, |r| {
            r.counts.near_weighted[1]
        }),
    ];
    DataFrame::new(rows.len(), columns)
}

#[cfg(feature = "tables")]
impl KindKey for LargeKey {
    fn partition(&self) -> PathBuf {
        LargeKey::partition(self)
    }

    /// The sets of four large numbers.
    fn hand_set(&self) -> (usize, ValueRange, Deck) {
        (
            LARGE_IN_SET,
            ValueRange::new(SMALL_TOP + 1, self.sets.top()).expect("validated"),
            Deck::Copies(1),
        )
    }

    fn target_text(&self) -> String {
        self.targets.to_string()
    }

    fn rules_text(&self) -> String {
        self.game().rules.to_string()
    }

    /// Countdown, each set in place of the show's large numbers.
    fn game_record(&self) -> GameRecord {
        GameRecord {
            describe: format!(
                "{}; the large numbers: {} in place of 25 50 75 100",
                self.game().describe(),
                self.sets
            ),
            ..GameRecord::of(&self.game())
        }
    }
}

#[cfg(feature = "tables")]
impl TableKind for LargeSetsKind {
    type Rows = Vec<LargeRow>;
    type Key = LargeKey;

    fn key(&self) -> &LargeKey {
        &self.key
    }

    fn files(&self) -> Vec<TableFile> {
        files()
    }

    fn validate(&self) -> Result<(), PlanError> {
        let k = &self.key;
        let bad = |s: String| Err(PlanError::Options(s));
        k.sets.check().map_err(PlanError::Options)?;
        let n = k.sets.count();
        if n > MAX_SWEEP_HANDS {
            return bad(format!(
                "{} holds {n} sets of four, but a sweep takes at most {MAX_SWEEP_HANDS}: narrow the range",
                k.sets
            ));
        }
        let t = k.targets;
        if t.lo < 1 || t.hi - t.lo + 1 > MAX_TARGETS {
            return bad(format!(
                "a census of large sets takes positive targets, at most {MAX_TARGETS} of them: {}..{} is not",
                t.lo, t.hi
            ));
        }
        let w = k.window();
        if w.hi * k.sets.top() as u64 > MAX_BOUND {
            return bad(format!(
                "targets up to {} with large numbers up to {} need sets of {} values per five tiles, \
                 more than the {MAX_BOUND} a census keeps: lower the targets or the large numbers",
                t.hi,
                k.sets.top(),
                w.hi * k.sets.top() as u64
            ));
        }
        Ok(())
    }

    /// The hand size is a game's six tiles (the hands swept are the sets
    /// of four), `values` holds the sets, `deck` the folder's spelling.
    fn params(&self) -> Params {
        let k = &self.key;
        Params {
            hand_size: TILES,
            values: k.sets.to_string(),
            deck: k.sets.folder(),
            ..kind::params(NAME, k, false, false)
        }
    }

    fn hands(&self) -> Vec<Vec<i64>> {
        self.key.sets.sets()
    }

    /// None: always written through chunks, so any run resumes.
    fn in_memory_hands(&self) -> usize {
        0
    }

    /// The shared counts: read from the file beside the table, or made.
    fn prepare(
        &self,
        dir: &std::path::Path,
        pool: &rayon::ThreadPool,
        hands: &[Vec<i64>],
    ) -> Result<(), crate::tables::error::SweepError> {
        let census = format!("{}, targets {}", self.key.sets, self.key.targets);
        let range = matches!(self.key.sets, LargeSets::Range(_));
        let want = self.combinations();
        let make = || pool.install(|| self.count_combinations(&want));
        let counts = large_shared::prepare(&census, range, &want, make, dir)?;
        self.take_shared(counts);
        let ends = |h: Option<&Vec<i64>>| {
            h.and_then(|h| <[i64; LARGE_IN_SET]>::try_from(h.as_slice()).ok())
        };
        // A kind is planned for one run.
        if let (Some(last), true) = (ends(hands.last()), range) {
            let _ = self.ahead.last.set(last);
        }
        Ok(())
    }

    fn rows_of_hand(&self, hand: &Hand) -> Result<Self::Rows, InputError> {
        Ok(self.rows_of_set(hand.cards()))
    }

    /// By its largest number `d`: the lists of a pair `c d` with small
    /// tiles come back once per pair of smaller numbers, a block of sets
    /// later, and the five-tile sets of `a b d` across a block, so each
    /// `d`'s go to one worker and stay in one engine's share of the memory
    /// (about 0.96 of the CPU time on two threads, where any worker taking
    /// the next set made every engine hold them all).
    fn worker_of(&self, hand: &[i64], workers: usize) -> Option<usize> {
        let [.., d] = hand else {
            return None;
        };
        Some(*d as usize % workers.max(1))
    }

    fn tally(&self, rows: &Self::Rows) -> Tally {
        let mut t = Tally {
            hands: 1,
            solution_rows: rows.len() as u64,
            ..Tally::default()
        };
        for r in rows {
            t.solvable += r.counts.solvable;
            t.ways += r.counts.games_weighted as u128;
            t.solvable_ways += r.counts.solvable_weighted as u128;
        }
        t
    }

    fn frames(&self, rows: Vec<Self::Rows>) -> PolarsResult<Vec<DataFrame>> {
        let rows: Vec<LargeRow> = rows.into_iter().flatten().collect();
        Ok(vec![large_frame(&rows)?])
    }

    fn headline(&self, shard: Option<Shard>, t: &Tally) -> String {
        let k = &self.key;
        let shard = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
        let games = t.hands * SELECTIONS_PER_SET * (k.targets.hi - k.targets.lo + 1) as u64;
        format!(
            "Swept {} of large numbers ({}; small tiles 1..10 twice, targets {}, \
             natural rules, any selection{shard}): {} games, {} of them solvable ({:.2}%).",
            counted(t.hands, "set"),
            k.sets,
            k.targets,
            games,
            t.solvable,
            if games == 0 {
                0.0
            } else {
                100.0 * t.solvable as f64 / games as f64
            }
        )
    }

    fn files_word(&self) -> &'static str {
        "Table"
    }
}

/// Selections of six tiles from the 20 small tiles and four large ones.
pub const SELECTIONS_PER_SET: u64 = 13_243;

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashSet;

    #[test]
    fn selections_and_their_ways() {
        let s = small_selections();
        let per_set: usize = (0..=LARGE_IN_SET)
            .map(|j| {
                let choose = [1, 4, 6, 4, 1][j];
                choose * s[TILES - j].len()
            })
            .sum();
        assert_eq!(per_set as u64, SELECTIONS_PER_SET);
        // C(24, 6) ways to draw six of the 24 tiles.
        let ways: u64 = (0..=LARGE_IN_SET)
            .map(|j| [1, 4, 6, 4, 1][j] * s[TILES - j].iter().map(|x| x.1).sum::<u64>())
            .sum();
        assert_eq!(ways, 134_596);
    }

    #[test]
    fn counting_and_nearness_match_bit_by_bit() {
        let set = [0i64, 63, 64, 500, 1023];
        let mut w = [0u64; WORDS];
        for &i in &set {
            w[i as usize / 64] |= 1 << (i % 64);
        }
        let naive = |w: &Win, lo: usize, hi: usize| {
            (lo..=hi)
                .filter(|&i| w[i / 64] >> (i % 64) & 1 == 1)
                .count() as u64
        };
        for (lo, hi) in [(0, 1023), (10, 909), (63, 64), (64, 127), (1, 62), (5, 5)] {
            assert_eq!(count_range(&w, lo, hi), naive(&w, lo, hi), "{lo}..{hi}");
        }
        for d in [5usize, 10] {
            let got = dilate(&w, d);
            for i in 0..1024i64 {
                let want = set.iter().any(|&j| (i - j).abs() <= d as i64);
                assert_eq!(
                    got[i as usize / 64] >> (i % 64) & 1 == 1,
                    want,
                    "{i} within {d}"
                );
            }
        }
    }

    /// Within a sweep's run, a set's counts come with those of the sets
    /// of the same other numbers and the next second numbers of its group,
    /// kept until asked for: each as counted alone, none past the run's
    /// last set or its third number, each handed out once.
    #[test]
    fn sets_counted_ahead_are_their_own_and_stay_in_the_run() {
        let key = LargeKey {
            sets: LargeSets::Range(ValueRange::new(11, 20).unwrap()),
            targets: TargetRange { lo: 100, hi: 999 },
        };
        let kind = LargeSetsKind::new(key.clone());
        let alone = |s: [i64; 4]| counts_of(&s, &key);
        let ahead = || {
            let mut v: Vec<Vec<i64>> = kind.counted().keys().cloned().collect();
            v.sort();
            v
        };
        // Outside a run, none.
        assert_eq!(kind.four_large(&[11, 12, 17, 19]), alone([11, 12, 17, 19]));
        assert!(ahead().is_empty());
        // A run ending at 11 14 17 19: second numbers 12 to 15 go together.
        kind.ahead.last.set([11, 14, 17, 19]).unwrap();
        assert_eq!(kind.four_large(&[11, 12, 17, 19]), alone([11, 12, 17, 19]));
        assert_eq!(ahead(), [[11, 13, 17, 19], [11, 14, 17, 19]]);
        for s in ahead() {
            assert_eq!(kind.four_large(&s), alone(s[..].try_into().unwrap()));
        }
        assert!(ahead().is_empty());
        // Second numbers stay below the third.
        assert_eq!(kind.four_large(&[11, 12, 14, 20]), alone([11, 12, 14, 20]));
        assert_eq!(ahead(), [[11, 13, 14, 20]]);
        // From the middle of a group, the rest of it.
        kind.counted().clear();
        assert_eq!(kind.four_large(&[11, 13, 16, 18]), alone([11, 13, 16, 18]));
        assert_eq!(ahead(), [[11, 14, 16, 18]]);
        // Handed out from what was counted ahead (11 15 16 18 is past the
        // run's end).
        assert_eq!(kind.four_large(&[11, 14, 16, 18]), alone([11, 14, 16, 18]));
        assert!(ahead().is_empty());
        // A set past the run's end is counted alone.
        assert_eq!(kind.four_large(&[11, 14, 18, 19]), alone([11, 14, 18, 19]));
        assert!(ahead().is_empty());
    }

    /// The shared counts' order keeps what a worker's engine holds: each
    /// pair of large numbers stands for its 210 five-tile sets with three
    /// small tiles (2.6 MB), of which a generation of an engine's memory
    /// holds about 49 on two workers (a quarter of the 512 MiB, beside the
    /// other sets it keeps), and two workers take half the order each.
    /// Blocks of 10 made 1.07 pairs again per triple of 11..100 (with shard
    /// 134/200's sets, 670 CPU-s on two workers against 564 on one,
    /// unpaired), blocks of 6 make 0.54.
    #[test]
    fn blocked_triples_keep_their_pairs() {
        let kind = LargeSetsKind::new(LargeKey {
            sets: LargeSets::Range(ValueRange::new(11, 100).unwrap()),
            targets: TargetRange { lo: 100, hi: 999 },
        });
        let triples: Vec<Combo> = kind
            .combinations()
            .into_iter()
            .filter(|&c| numbers_of(c).len() == 3)
            .collect();
        assert_eq!(triples.len(), 117_480);
        let made_again = |run: &[usize]| {
            let (mut now, mut old) = (FxHashSet::default(), FxHashSet::default());
            let mut made = 0;
            for &i in run {
                let n = numbers_of(triples[i]);
                for pair in [(n[0], n[1]), (n[0], n[2]), (n[1], n[2])] {
                    if now.contains(&pair) {
                        continue;
                    }
                    if !old.remove(&pair) {
                        made += 1;
                    }
                    now.insert(pair);
                    if now.len() > 49 {
                        old = std::mem::take(&mut now);
                    }
                }
            }
            made
        };
        let order = blocked(&triples);
        let (first, second) = order.split_at(order.len() / 2);
        let made = made_again(first) + made_again(second);
        // 63,320 in blocks of 6, 125,653 in blocks of 10.
        assert!(made * 10 < triples.len() * 6, "{made} pairs made again");
        // Plain order, for comparison: 193,845.
        let plain: Vec<usize> = (0..triples.len()).collect();
        let (first, second) = plain.split_at(plain.len() / 2);
        assert!(made_again(first) + made_again(second) > 3 * made);
    }

    #[test]
    fn folders_round_trip() {
        for sets in [
            LargeSets::Range(ValueRange::new(11, 100).unwrap()),
            LargeSets::chosen(&[vec![100, 75, 50, 25], vec![12, 16, 18, 24]]).unwrap(),
        ] {
            let key = LargeKey {
                sets,
                targets: TargetRange { lo: 100, hi: 999 },
            };
            assert_eq!(LargeKey::from_partition(&key.partition()), Some(key));
        }
    }

    #[test]
    fn bad_sets_are_named() {
        assert!(one_set(&[25, 50, 75]).unwrap_err().contains("has 3"));
        assert!(one_set(&[25, 50, 50, 75]).unwrap_err().contains("50 twice"));
        assert!(one_set(&[5, 50, 75, 100]).unwrap_err().contains("5 (in"));
    }
}
