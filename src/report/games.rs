//! The games of a reach table (a hand and a target each) that a game of
//! the family plays: which swept table covers the game's targets, and its
//! rows for them.
//!
//! A game of many targets (Countdown, Krypto, `--targets LO..HI`) or one
//! target of such a game (`--game countdown --target 952`, four cards for
//! 10 from the reach table) is read from the reach table of its
//! family whose targets hold the game's: its own, or the narrowest swept
//! range that holds them. `census24 pick` draws from these rows and
//! `census24 rank` ranks them, each game worked out again by the task
//! source ([`crate::tasks`]), whose verdict must agree with the table's.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use polars::prelude::*;

use crate::difficulty::pricer::Pricer;
use crate::game::error::InputError;
use crate::game::family::{Game, Targets};
use crate::game::targets::TargetRange;
use crate::report::query::{ReportError, listed, run};
use crate::tables::columns;
use crate::tables::layout::{Part, ReachKey};
use crate::tables::registry::{Key, discover};
use crate::tables::store;
use crate::tasks::{self, MIN_CANDIDATES, TableRow, Task, TaskPlan, draw};

/// The rows of one reach table for the targets of a game.
#[derive(Debug)]
pub struct GameRows {
    /// The table read.
    pub key: ReachKey,
    pub dir: PathBuf,
    /// The game's targets, within the table's.
    pub targets: TargetRange,
    hands: StringChunked,
    target: Int32Chunked,
    solvable: BooleanChunked,
}

impl GameRows {
    /// How many games (solvable or not) the rows hold.
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game `i`, `None` past the end or on a cell that is not a hand.
    pub fn row(&self, i: usize) -> Option<TableRow> {
        let cards = self
            .hands
            .get(i)?
            .split(' ')
            .map(|c| c.parse().ok())
            .collect::<Option<Vec<i64>>>()?;
        Some(TableRow {
            cards,
            target: i64::from(self.target.get(i)?),
            solvable: self.solvable.get(i)?,
        })
    }

    /// How many of the games the table says are solvable.
    pub fn solvable_count(&self) -> usize {
        self.solvable.sum().unwrap_or(0) as usize
    }

    /// The games the table says are solvable, in table order.
    pub fn solvable(&self) -> Vec<TableRow> {
        (0..self.len())
            .filter(|&i| self.solvable.get(i) == Some(true))
            .filter_map(|i| self.row(i))
            .collect()
    }
}

/// The whole targets of `game` as a range: `None` for a target that is
/// not a whole number (no reach table holds it).
pub fn target_range(game: &Game) -> Option<TargetRange> {
    match game.targets {
        Targets::Range(r) => Some(r),
        Targets::One(t) if t.is_integer() => TargetRange::new(t.numer(), t.numer()).ok(),
        Targets::One(_) => None,
    }
}

/// The reach table under `data` that holds every target of `game`: the
/// game's own, else the narrowest swept one of its family (same rules, use,
/// objective, values, deck and hand size) whose range holds them. `None`
/// when no such table is swept.
pub fn covering(data: &Path, game: &Game) -> Result<Option<ReachKey>, ReportError> {
    let Some(asked) = target_range(game) else {
        return Ok(None);
    };
    let Some(own) = ReachKey::of_game(&Game {
        targets: Targets::Range(asked),
        ..*game
    }) else {
        return Ok(None);
    };
    if !data.is_dir() {
        return Ok(None);
    }
    let holds = |k: &ReachKey| {
        ReachKey {
            targets: asked,
            ..*k
        } == own
            && k.targets.lo <= asked.lo
            && asked.hi <= k.targets.hi
    };
    Ok(discover(data)?
        .keys()
        .filter_map(|k| match k {
            Key::Reach(k) => Some(k),
            _ => None,
        })
        .filter(holds)
        .min_by_key(|k| (k.targets.hi - k.targets.lo, k.targets.lo)))
}

/// The sweep options that make a reach table holding `game`'s targets: the
/// preset's own table when the game is a preset but for its targets and
/// the preset's range holds them (`--game countdown` for Countdown's 952),
/// else the asked range with the game's other options
/// ([`crate::game::presets::options`]: `--game countdown --targets
/// 1000..1010`, `--targets 10..10` for the 24 game's cards).
pub fn sweep_args(game: &Game) -> String {
    let Some(asked) = target_range(game) else {
        return "--targets LO..HI (with the game's options)".to_string();
    };
    let preset = crate::game::presets::PRESETS.iter().find_map(|p| {
        let own = (p.game)();
        let same = (Game {
            targets: own.targets,
            rules: own.rules,
            ..*game
        }) == own;
        match own.targets {
            Targets::Range(r) if same && r.lo <= asked.lo && asked.hi <= r.hi => Some(Game {
                targets: own.targets,
                ..*game
            }),
            _ => None,
        }
    });
    let table = preset.unwrap_or(Game {
        targets: Targets::Range(asked),
        ..*game
    });
    crate::game::presets::options(&table)
}

/// The rows of the verified reach table `key` under `data` whose target is
/// in `targets`.
pub fn read(data: &Path, key: &ReachKey, targets: TargetRange) -> Result<GameRows, ReportError> {
    let dir = data.join(key.partition());
    let manifest = store::verify(&dir, Part::Whole)?;
    let df = store::read_checked_columns(
        &dir,
        listed(&dir, &manifest, &Part::Whole.reach())?,
        &[
            columns::HAND,
            columns::TARGET,
            columns::SOLVABLE,
            columns::DEAL_WAYS,
        ],
    )?;
    let path = dir.join(Part::Whole.reach());
    // A game the deck cannot deal (Krypto's objective card when the hand
    // holds every copy of it) is in the table with no ways, and is no game.
    let df = run(
        &path,
        df.lazy().filter(
            col(columns::TARGET)
                .gt_eq(lit(targets.lo))
                .and(col(columns::TARGET).lt_eq(lit(targets.hi)))
                .and(col(columns::DEAL_WAYS).gt(lit(0u64))),
        ),
    )?;
    let column = |name: &str| {
        df.column(name).map_err(|source| ReportError::Table {
            path: path.clone(),
            source,
        })
    };
    let table = |source| ReportError::Table {
        path: path.clone(),
        source,
    };
    Ok(GameRows {
        key: *key,
        targets,
        hands: column(columns::HAND)?.str().map_err(table)?.clone(),
        target: column(columns::TARGET)?.i32().map_err(table)?.clone(),
        solvable: column(columns::SOLVABLE)?.bool().map_err(table)?.clone(),
        dir,
    })
}

/// The first `count` solvable games of `rows` in the order `census24 pick
/// --seed SEED` draws them, each worked out by the task source, in that
/// order, from the first [`MIN_CANDIDATES`] draws (every pick draws at
/// least those). `pick` draws game `permuted(i)` for i = 0, 1, ... and
/// keeps the solvable ones its filters admit, so its set under any filter
/// on the figures is the first games of this list that pass: what the
/// explorer page of a reach table holds.
/// The games are priced by `model` when given (`--model`).
pub fn drawn(
    game: Game,
    rows: &GameRows,
    count: usize,
    seed: u32,
    model: Option<Arc<Pricer>>,
) -> Result<Vec<Task>, InputError> {
    let plan = TaskPlan {
        model,
        ..TaskPlan::of_game(game)
    };
    let n = rows.len() as u64;
    let mut order = (0..n.min(MIN_CANDIDATES)).map(|i| draw::permuted(i, n, u64::from(seed)));
    let mut out: Vec<Task> = Vec::with_capacity(count);
    while out.len() < count {
        // A block a little larger than the games still wanted (a few are
        // answered by one of their own numbers, and left out).
        let want = (count - out.len()) + (count - out.len()) / 8 + 16;
        let block: Vec<TableRow> = order
            .by_ref()
            .filter_map(|i| rows.row(i as usize))
            .filter(|r| r.solvable)
            .take(want)
            .collect();
        if block.is_empty() {
            break;
        }
        out.extend(tasks::work_out(&plan, &block, "drawn")?);
    }
    out.truncate(count);
    Ok(out)
}
