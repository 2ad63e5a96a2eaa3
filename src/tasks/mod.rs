//! The task source: puzzles of any game of the family for training and
//! evaluating reasoning models (`census24 tasks`, Python's
//! `census24.tasks`), each with a proof of what it claims.
//!
//! A [`TaskPlan`] says the game, the hand sizes, how many tasks, the seed,
//! the share of unsolvable tasks, the splits and their order. Candidates
//! are dealt as the game deals ([`draw`]), one generator per candidate, and
//! decided in parallel blocks; they are then taken in candidate order, so
//! the same plan gives the same tasks on any machine. Of each candidate:
//!
//! - **solvable**: the exact solver decides it; a "no" is a proof by
//!   exhaustion (every selection, with any-selection play).
//! - **simplest**: with every card used, class 0 of the hand's structural
//!   classes, as the tables give it; with any selection, the solution uses
//!   as few numbers as any solution does (the first such selection in the
//!   solver's order), and is class 0 among that selection's solutions.
//!   Also written as steps ([`crate::game::steps::write_steps`]).
//! - **dissimilar**: the number of dissimilar solutions, over every
//!   selection with any-selection play, counted for hands of at most
//!   [`TaskPlan::dissimilar_up_to`] numbers (beyond, `None`: listing them costs
//!   more than the task).
//! - **difficulty**: the difficulty model ([`crate::difficulty`]) run on the
//!   simplest solution's selection played with every number. The model is
//!   calibrated on people playing four cards for 24 only; for other sizes
//!   and targets its figures order tasks but are not measured times.
//!
//! No task is answered by one of its numbers alone (Countdown's 100 when
//! a tile is 100), and no two are the same up to the order of their
//! numbers. Stratified
//! plans split the count evenly over the hand sizes and, within each, over
//! the tiers; splits are cut so that each holds its share of every stratum,
//! and never share a task.

pub mod bound;
#[cfg(feature = "tables")]
pub mod dataset;
pub mod draw;
pub mod formats;
#[cfg(feature = "tables")]
pub mod parquet;
pub mod prompt;

use std::cmp::Ordering;
use std::collections::HashSet;

use rayon::prelude::*;
use serde::Serialize;

use crate::canon;
use crate::difficulty::figures::{self, Predicted};
use crate::difficulty::pricer::Pricer;
use crate::difficulty::{self, Tier};
use crate::export::Row;
use crate::game::error::InputError;
use crate::game::expr::Expr;
use crate::game::family::{Game, Objective, Targets};
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::named::named;
use crate::game::number::Q;
use crate::game::rules::Use;
use crate::game::steps::write_steps;
use crate::puzzles::filter::{Figures, HandFilter};
use crate::puzzles::pick::Picked;
use crate::puzzles::sheet::{SheetPuzzle, pretty};
use crate::solve::subsets::selection_order;
use crate::solve::{Closest, Search, solve_hand_using, sub_hands};
use draw::{Dealer, Rng};

/// Tasks a plan asks for when it does not say.
pub const DEFAULT_COUNT: usize = 1000;
/// The seed when the plan does not say.
pub const DEFAULT_SEED: u64 = 24;
/// The splits when the plan does not say.
pub const DEFAULT_SPLITS: &str = "train=0.8,test=0.2";
/// Hands of at most this many numbers get their dissimilar solutions
/// counted with any-selection play (every selection is enumerated: about
/// 0.2 ms for six numbers).
pub const DEFAULT_DISSIMILAR_UP_TO: usize = 6;
/// Candidates drawn per task asked before a plan gives up (a stratum too
/// rare for the game, a game with too few distinct tasks).
pub const CANDIDATES_PER_TASK: usize = 400;
/// The most numbers a task's simplest selection may have: its structural
/// classes are listed (see [`canon::MAX_SIMPLEST_CARDS`]).
pub const MAX_SELECTION: usize = canon::MAX_SIMPLEST_CARDS;

/// Candidates decided together, in parallel, at most and at least.
const BLOCK: usize = 1024;
const MIN_BLOCK: u64 = 32;

/// One split: its name and its share of the tasks.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    pub name: String,
    pub share: f64,
}

/// Parses `train=0.8,test=0.2`: names of letters, digits, `_` and `-`,
/// shares positive and summing to 1 (within 1e-9).
pub fn parse_splits(text: &str) -> Result<Vec<Split>, InputError> {
    let bad = |why: String| InputError::Other(format!("--splits {text}: {why}"));
    let mut out: Vec<Split> = Vec::new();
    for part in text.split(',') {
        let Some((name, share)) = part.split_once('=') else {
            return Err(bad(format!("\"{part}\" is not NAME=SHARE")));
        };
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(bad(format!(
                "\"{name}\" is not a split name (letters, digits, _ and -)"
            )));
        }
        if out.iter().any(|s| s.name == name) {
            return Err(bad(format!("split \"{name}\" is named twice")));
        }
        let share: f64 = share
            .trim()
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0)
            .ok_or_else(|| bad(format!("\"{}\" is not a positive share", share.trim())))?;
        out.push(Split {
            name: name.to_string(),
            share,
        });
    }
    let total: f64 = out.iter().map(|s| s.share).sum();
    if (total - 1.0).abs() > 1e-9 {
        return Err(bad(format!("the shares add up to {total}, not 1")));
    }
    Ok(out)
}

named! {
    /// The order of the tasks within a split.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Order {
        /// A seeded shuffle.
        #[default]
        Shuffled => "shuffled",
        /// Easiest first by predicted time (a curriculum); unsolvable tasks last.
        Curriculum => "curriculum",
        /// As drawn: the order in which the seed dealt them (or drew them from
        /// a table), across hand sizes and solvable or not.
        Drawn => "drawn",
    }
    impl FromStr else InputError::unknown("order");
}

impl Order {
    /// The order named `s` (its `FromStr`, for the Python package).
    pub fn parse(s: &str) -> Result<Order, InputError> {
        s.parse()
    }
}

/// One game of a swept table: its cards, its target, and whether the table
/// says it is solvable.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub cards: Vec<i64>,
    pub target: i64,
    pub solvable: bool,
}

/// The games of a swept table to draw candidates from instead of dealing
/// them (`census24 pick` over a reach table): `count` rows, row `i` given
/// by `row(i)`. Candidates are the rows in an order fixed by the seed
/// ([`draw::permuted`]), each row once, and the solver's
/// verdict must agree with the table's.
#[derive(Clone)]
pub struct Rows {
    pub count: u64,
    pub row: std::sync::Arc<dyn Fn(u64) -> Option<TableRow> + Send + Sync>,
}

impl std::fmt::Debug for Rows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rows({})", self.count)
    }
}

/// What tasks to make.
#[derive(Clone, Debug)]
pub struct TaskPlan {
    pub game: Game,
    /// Numbers per task, inclusive (the game's hand size when both are it).
    pub hand_sizes: (usize, usize),
    pub count: usize,
    pub seed: u64,
    /// Share of the tasks that have no solution (each proven), 0 to below 1.
    pub unsolvable: f64,
    pub splits: Vec<Split>,
    /// The count split evenly over the tiers (those of `tiers`, or all
    /// four) within each hand size.
    pub stratify: bool,
    /// Only tasks whose figures pass it: its tiers (every tier when
    /// empty), predicted times and dissimilar counts
    /// ([`HandFilter::admits_figures`]); it takes no filter beyond them.
    pub filter: HandFilter,
    pub order: Order,
    /// Largest hand whose dissimilar solutions are counted with
    /// any-selection play.
    pub dissimilar_up_to: usize,
    /// Draw from these games of a table instead of dealing.
    pub rows: Option<Rows>,
    /// The model that prices the tasks (`--model FILE`); `None`: the
    /// built-in one.
    pub model: Option<std::sync::Arc<Pricer>>,
}

impl TaskPlan {
    /// The plan for `game` with every other field at its default.
    pub fn of_game(game: Game) -> TaskPlan {
        TaskPlan {
            hand_sizes: (game.hand_size, game.hand_size),
            game,
            count: DEFAULT_COUNT,
            seed: DEFAULT_SEED,
            unsolvable: 0.0,
            splits: parse_splits(DEFAULT_SPLITS).expect("the default splits parse"),
            stratify: false,
            filter: HandFilter::default(),
            order: Order::Shuffled,
            dissimilar_up_to: DEFAULT_DISSIMILAR_UP_TO,
            rows: None,
            model: None,
        }
    }

    /// The model that prices the tasks.
    pub fn pricer(&self) -> &Pricer {
        self.model.as_deref().unwrap_or_else(|| Pricer::shipped())
    }

    /// Fails on a plan that cannot be met, naming the option and value.
    pub fn validate(&self) -> Result<(), InputError> {
        let bad = |s: String| Err(InputError::Other(s));
        let (lo, hi) = self.hand_sizes;
        if self.count == 0 {
            return bad("--count 0 makes nothing: ask for at least one task".into());
        }
        self.filter
            .clone()
            .validate()
            .map_err(|e| InputError::Other(e.to_string()))?;
        if let Some(flag) = self.filter.beyond_figures() {
            return bad(format!(
                "{flag} looks at a hand's solutions: tasks are filtered by tier, predicted \
                 time and dissimilar count only"
            ));
        }
        if lo == 0 {
            return bad(format!(
                "--hand-sizes {lo}..{hi}: a task has at least 1 number"
            ));
        }
        if lo > hi {
            return bad(format!("--hand-sizes {lo}..{hi} is empty"));
        }
        let most = match self.game.uses {
            Use::All => MAX_SELECTION,
            Use::Any => MAX_EXACT_CARDS,
        };
        if hi > most {
            return bad(format!(
                "--hand-sizes {lo}..{hi}: tasks have at most {most} numbers with --use {} \
                 (each task's solutions are listed to find its simplest)",
                self.game.uses.name()
            ));
        }
        if !(self.unsolvable.is_finite() && (0.0..1.0).contains(&self.unsolvable)) {
            return bad(format!(
                "--unsolvable {} is not a share from 0 to below 1",
                self.unsolvable
            ));
        }
        if let Targets::One(t) = self.game.targets
            && !t.is_integer()
        {
            return bad(format!("--target {t}: tasks take whole targets"));
        }
        let dealer = Dealer::of(&self.game);
        let needed = hi + usize::from(self.game.objective == Objective::Dealt);
        if let Some(n) = dealer.cards()
            && n < needed
        {
            return bad(format!(
                "the deck {} holds {n} cards, fewer than the {needed} a task deals",
                self.game.deck
            ));
        }
        if self.splits.is_empty() {
            return bad("--splits names no split".into());
        }
        self.within_bound()
    }

    /// Fails on a plan asking more tasks of a hand size than the game
    /// holds ([`bound::games`]), naming the bound. A table's games are
    /// counted as they are drawn instead.
    fn within_bound(&self) -> Result<(), InputError> {
        if self.rows.is_some() {
            return Ok(());
        }
        let sizes = self.sizes();
        let quotas = quotas(self, &sizes);
        for k in sizes {
            let asked: usize = quotas
                .iter()
                .filter(|(s, _)| s.size == k)
                .map(|s| s.1)
                .sum();
            match bound::games(&self.game, k) {
                Some(held) if asked as u128 > held => {
                    return Err(InputError::Other(format!(
                        "--count {} asks {asked} {k}-number tasks; the game holds at most \
                         {held} distinct ones ({})",
                        self.count,
                        bound::WHY
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn sizes(&self) -> Vec<usize> {
        (self.hand_sizes.0..=self.hand_sizes.1).collect()
    }

    /// The tiers strata are made of: those asked, or all four.
    fn strata_tiers(&self) -> Vec<Tier> {
        if self.filter.tiers.is_empty() {
            Tier::ALL.to_vec()
        } else {
            let mut t = self.filter.tiers.clone();
            t.sort_unstable();
            t.dedup();
            t
        }
    }
}

/// One task, as JSON lines and the dataset's columns give it (the names are
/// the tables' column names, [`crate::tables::columns`], where they share
/// a meaning).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Task {
    /// `split-index`, in the split's order: `test-00017`.
    pub id: String,
    pub split: String,
    /// The numbers ascending, space separated: `3 6 25 50 75 100`.
    pub hand: String,
    pub cards: Vec<i64>,
    pub target: i64,
    pub rules: String,
    #[serde(rename = "use")]
    pub uses: String,
    pub solvable: bool,
    /// The simplest solution as an expression (`None` when unsolvable).
    pub simplest: Option<String>,
    /// The same solution as steps, one `a op b = c (left: ...)` a line.
    pub steps: Option<String>,
    /// Dissimilar solutions (`None` beyond the plan's count limit).
    pub dissimilar: Option<u32>,
    /// The difficulty model's prediction, one column per figure
    /// ([`crate::difficulty::figures`]), null when unsolvable.
    #[serde(flatten)]
    pub predicted: Predicted,
    /// For a game that scores near misses, the value nearest the target
    /// that an unsolvable task reaches.
    pub closest: Option<i64>,
}

impl Task {
    /// The task as a puzzle of a printed sheet
    /// ([`crate::puzzles::sheet::games_sheet_html`]).
    pub fn puzzle(&self) -> SheetPuzzle<'_> {
        SheetPuzzle {
            hand: &self.hand,
            cards: &self.cards,
            target: Some(self.target),
            tier: self.predicted.tier_name(),
            time_s: self.predicted.time_s().unwrap_or(0.0),
            answer: pretty(self.simplest.as_deref().unwrap_or_default()),
        }
    }

    /// The task as a row of `census24 pick --format csv` or `json`, the
    /// schema of every pick ([`Picked`]): its operation class is not known
    /// (only its simplest solution is listed), so `ops` is empty.
    pub fn picked(&self) -> Picked {
        Picked {
            hand: self.hand.clone(),
            predicted: self.predicted,
            ops: String::new(),
            dissimilar: self.dissimilar.unwrap_or(0),
            simplest: self.simplest.clone().unwrap_or_default(),
            target: self.target.to_string(),
        }
    }
}

/// The columns of a task, in order, each with its `datasets` feature type
/// (the dataset card's and the Parquet file's): the task's own, the
/// prediction's ([`figures`]: each a float64, the tier a string), and
/// `closest`.
pub fn task_columns() -> Vec<(&'static str, &'static str)> {
    let own = [
        ("id", "string"),
        ("split", "string"),
        ("hand", "string"),
        ("cards", "list:int16"),
        ("target", "int64"),
        ("rules", "string"),
        ("use", "string"),
        ("solvable", "bool"),
        ("simplest", "string"),
        ("steps", "string"),
        ("dissimilar", "uint32"),
    ];
    let predicted = figures::FIGURES
        .iter()
        .map(|f| (f.name, "float64"))
        .chain([(figures::TIER, "string")]);
    own.into_iter()
        .chain(predicted)
        .chain([("closest", "int64")])
        .collect()
}

/// The columns of a posed task ([`prompt::Posed`]), the rows `census24
/// tasks` writes: the task's ([`task_columns`]), then its `game` and its
/// `prompt`.
pub fn posed_columns() -> Vec<(&'static str, &'static str)> {
    let mut out = task_columns();
    out.extend([("game", "string"), ("prompt", "string")]);
    out
}

/// What a plan made, and what it took.
#[derive(Clone, Debug)]
pub struct TaskSet {
    /// Split by split (in the plan's order), each in its order.
    pub tasks: Vec<Task>,
    /// Candidates dealt.
    pub drawn: u64,
    /// Candidates dealt twice (the same numbers and target).
    pub repeats: u64,
    /// Drawn from a table whose every game was tried with too few passing
    /// for some stratum: what was found is the set, and this says so
    /// (`pick` prints it on stderr). `None` for a full set.
    pub short: Option<String>,
}

/// Why a plan could not be met.
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("found {found} of the {wanted} {stratum} tasks asked in {drawn} candidates: {hint}")]
    Short {
        stratum: String,
        found: usize,
        wanted: usize,
        drawn: u64,
        hint: &'static str,
    },
}

/// What one candidate is.
#[derive(Clone, Debug)]
enum Decision {
    /// Not a candidate (a dealt objective outside the targets, a selection
    /// too large to list, a hand whose size is no longer wanted).
    Skip,
    Unsolvable,
    Solvable(Box<Worked>),
}

#[derive(Clone, Debug)]
struct Worked {
    simplest: Expr,
    dissimilar: Option<u32>,
    prediction: difficulty::Prediction,
}

impl Worked {
    /// What the plan's filter looks at.
    fn figures(&self) -> Figures {
        Figures {
            prediction: Some(self.prediction),
            dissimilar: self.dissimilar,
        }
    }
}

/// A stratum: a hand size, and a tier (`Some`) or unsolvable (`None`); in
/// an unstratified plan every solvable task of a size is in tier `None` of
/// `solvable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Stratum {
    size: usize,
    solvable: bool,
    tier: Option<Tier>,
}

/// The dissimilar solutions of `hand` for `target` with any-selection
/// play: summed over its selections (each solution uses exactly one).
/// `selection` is the fewest numbers that reach the target, with its own
/// solutions `known`: the solver tries selections fewest numbers first,
/// then in ascending order of their numbers, so no smaller selection
/// reaches it, nor one of its size that comes before it, and those are not
/// listed again.
fn dissimilar_any(
    hand: &Hand,
    target: Q,
    game: &Game,
    selection: &Hand,
    known: &canon::Solutions,
) -> Result<u32, InputError> {
    let mut n = 0;
    for sub in sub_hands(hand)? {
        n += match selection_order(sub.cards(), selection.cards()) {
            Ordering::Less => 0,
            Ordering::Equal => known.dissimilar,
            Ordering::Greater => canon::dissimilar(&sub, target, game.rules)?,
        };
    }
    Ok(n)
}

/// Decides one candidate. `want_solvable`: whether a solvable task of this
/// size is still wanted (else a solvable candidate is not worked out).
fn decide(
    cards: &[i64],
    target: i64,
    plan: &TaskPlan,
    want_solvable: bool,
) -> Result<Decision, InputError> {
    let game = &plan.game;
    let hand = Hand::new(cards.to_vec())?;
    let t = Q::int(target);
    let Some(selection) = difficulty::played_selection(&hand, t, game)? else {
        return Ok(Decision::Unsolvable);
    };
    if !want_solvable {
        return Ok(Decision::Skip);
    }
    // A task one of whose numbers is the answer asks nothing; one whose
    // simplest solution is too large to list has no simplest.
    if selection.len() < 2 || selection.len() > MAX_SELECTION {
        return Ok(Decision::Skip);
    }
    let sols = canon::solutions(&selection, t, game.rules)?;
    let Some(class) = sols.classes.first() else {
        return Err(InputError::Other(format!(
            "internal: {selection} reaches {target} but lists no solution"
        )));
    };
    // With any-selection play the selection is the fewest numbers that
    // reach the target (the solver tries fewer numbers first).
    let prediction = match game.uses {
        Use::All => plan.pricer().predict(&selection, t, &sols),
        Use::Any => plan.pricer().predict_fewest(&selection, t, &sols),
    };
    let Some(prediction) = prediction else {
        return Ok(Decision::Skip);
    };
    let dissimilar = match game.uses {
        Use::All => Some(sols.dissimilar),
        Use::Any if hand.len() <= plan.dissimilar_up_to => {
            Some(dissimilar_any(&hand, t, game, &selection, &sols)?)
        }
        Use::Any => None,
    };
    Ok(Decision::Solvable(Box::new(Worked {
        simplest: class.expr.clone(),
        dissimilar,
        prediction,
    })))
}

/// [`decide`] on a game a table says is solvable (`Some(true)`) or not
/// (`Some(false)`), or a dealt one (`None`): a table's game is decided
/// again, and the two must agree.
fn decide_row(
    cards: &[i64],
    target: i64,
    said: Option<bool>,
    plan: &TaskPlan,
    want_solvable: bool,
) -> Result<Decision, InputError> {
    let v = decide(cards, target, plan, want_solvable)?;
    let solved = match v {
        Decision::Skip => said,
        Decision::Unsolvable => Some(false),
        Decision::Solvable(_) => Some(true),
    };
    match said {
        Some(said) if solved != Some(said) => Err(InputError::Other(format!(
            "the table says {} -> {target} is {}solvable; the solver finds otherwise",
            Hand::new(cards.to_vec())?,
            if said { "" } else { "not " }
        ))),
        _ => Ok(v),
    }
}

/// Every game of `rows` worked out as [`make`] works out a candidate (each
/// decided again, and the table's verdict must agree): the tasks of the
/// solvable ones, in row order, in split `split`. A game answered by one of
/// its own numbers, or whose simplest selection is too large to list, is
/// left out, as `make` leaves it out. `census24 rank` over a reach table.
pub fn work_out(plan: &TaskPlan, rows: &[TableRow], split: &str) -> Result<Vec<Task>, InputError> {
    let decided: Vec<Option<Chosen>> = rows
        .par_iter()
        .enumerate()
        .map(|(at, r)| {
            Ok(
                match decide_row(&r.cards, r.target, Some(r.solvable), plan, true)? {
                    Decision::Solvable(found) => Some(Chosen {
                        cards: r.cards.clone(),
                        target: r.target,
                        found: Some(found),
                        drawn: at as u64,
                    }),
                    Decision::Skip | Decision::Unsolvable => None,
                },
            )
        })
        .collect::<Result<_, InputError>>()?;
    let kept: Vec<Chosen> = decided.into_iter().flatten().collect();
    let width = kept.len().saturating_sub(1).to_string().len().max(5);
    kept.into_iter()
        .enumerate()
        .map(|(i, k)| task_of(plan, split, i, width, k))
        .collect()
}

/// A candidate as dealt and decided: its numbers, target and verdict.
type Dealt = (Vec<i64>, i64, Decision);

/// One kept candidate, before it has a split and an id.
#[derive(Clone, Debug)]
struct Chosen {
    cards: Vec<i64>,
    target: i64,
    found: Option<Box<Worked>>,
    /// Its place in the draw (a table's row for [`work_out`]).
    drawn: u64,
}

/// Makes the tasks of `plan`.
pub fn make(plan: &TaskPlan) -> Result<TaskSet, TaskError> {
    plan.validate()?;
    let dealer = Dealer::of(&plan.game);
    let sizes = plan.sizes();
    let quotas = quotas(plan, &sizes);
    let mut filled: std::collections::BTreeMap<Stratum, Vec<Chosen>> =
        quotas.keys().map(|&s| (s, Vec::new())).collect();
    let open = |filled: &std::collections::BTreeMap<Stratum, Vec<Chosen>>, s: &Stratum| {
        filled[s].len() < quotas[s]
    };
    let mut seen: HashSet<(Vec<i64>, i64)> = HashSet::new();
    // A table's games are drawn each once: past its last game, nothing is
    // left to draw.
    let budget = budget(plan);
    let mut dealt = match plan.rows {
        None => bound::Dealt::of(&plan.game, &sizes),
        Some(_) => bound::Dealt::default(),
    };
    let (mut drawn, mut repeats, mut next) = (0u64, 0u64, 0u64);
    let mut left_short = None;
    while filled.iter().any(|(s, v)| v.len() < quotas[s]) {
        if next >= budget {
            // A table's every game tried: what passed is the set.
            let e = short(plan, &quotas, &filled, drawn, None);
            match exhausted(plan) {
                true => {
                    left_short = Some(e.to_string());
                    break;
                }
                false => return Err(e),
            }
        }
        // Which sizes still want solvable and unsolvable tasks, as the
        // block starts (a candidate of a closed stratum is not worked out;
        // it would not be kept either way).
        let wants: Vec<(bool, bool)> = sizes
            .iter()
            .map(|&k| {
                let any = |solvable: bool| {
                    quotas
                        .keys()
                        .any(|s| s.size == k && s.solvable == solvable && open(&filled, s))
                };
                (any(true), any(false))
            })
            .collect();
        // A block of about the candidates still needed, judged by how many
        // it took per task so far: no more work than the tail needs.
        let open_slots: usize = filled.iter().map(|(s, v)| quotas[s] - v.len()).sum();
        let kept: usize = filled.values().map(Vec::len).sum();
        let per_task = (drawn as f64 / kept.max(1) as f64).max(1.0);
        let want = (open_slots as f64 * per_task * 1.25) as u64 + 8;
        let end = (next + want.clamp(MIN_BLOCK, BLOCK as u64)).min(budget);
        // Decided in parallel, then taken in candidate order.
        let block = deal_block(plan, &dealer, &sizes, &wants, next..end);
        let start = next;
        next = end;
        for (at, decided) in (start..end).zip(block) {
            let Some((cards, target, verdict)) = decided? else {
                continue;
            };
            drawn += 1;
            if !cards.is_empty() {
                dealt.note(&cards, target);
            }
            let found = match verdict {
                Decision::Skip => continue,
                Decision::Unsolvable => None,
                Decision::Solvable(f) => Some(f),
            };
            let stratum = Stratum {
                size: cards.len(),
                solvable: found.is_some(),
                tier: match (&found, plan.stratify) {
                    (Some(f), true) => Some(f.prediction.tier),
                    _ => None,
                },
            };
            if let Some(f) = &found
                && !plan.filter.admits_figures(&f.figures())
            {
                continue;
            }
            if !quotas.contains_key(&stratum) || !open(&filled, &stratum) {
                continue;
            }
            if !seen.insert((cards.clone(), target)) {
                repeats += 1;
                continue;
            }
            filled.get_mut(&stratum).expect("a stratum").push(Chosen {
                cards,
                target,
                found,
                drawn: at,
            });
        }
        // Every game of a size dealt: what its open strata lack is not there.
        let spent = quotas
            .iter()
            .find(|(s, n)| filled[*s].len() < **n && dealt.all_dealt(s.size));
        if let Some((s, _)) = spent {
            return Err(short(plan, &quotas, &filled, drawn, Some(s.size)));
        }
    }
    let tasks = finish(plan, filled)?;
    Ok(TaskSet {
        tasks,
        drawn,
        repeats,
        short: left_short,
    })
}

/// Candidates `range` of `plan`, each dealt (or drawn from its table) and
/// decided in parallel, in candidate order: `None` for one of a hand size
/// that wants nothing more (`wants`: solvable, unsolvable, per size).
fn deal_block(
    plan: &TaskPlan,
    dealer: &Dealer,
    sizes: &[usize],
    wants: &[(bool, bool)],
    range: std::ops::Range<u64>,
) -> Vec<Result<Option<Dealt>, InputError>> {
    range
        .into_par_iter()
        .map(|i| {
            let slot = (i % sizes.len() as u64) as usize;
            let (want_solvable, want_unsolvable) = wants[slot];
            if !want_solvable && !want_unsolvable {
                return Ok(None);
            }
            let mut rng = Rng::stream(plan.seed, i);
            let (cards, target, said) = match &plan.rows {
                Some(rows) => match (rows.row)(draw::permuted(i, rows.count, plan.seed)) {
                    Some(r) if r.cards.len() == sizes[slot] => {
                        (r.cards, r.target, Some(r.solvable))
                    }
                    _ => return Ok(Some((Vec::new(), 0, Decision::Skip))),
                },
                None => match dealer.deal(&plan.game, sizes[slot], &mut rng) {
                    Some((cards, target)) => (cards, target, None),
                    None => return Ok(Some((Vec::new(), 0, Decision::Skip))),
                },
            };
            let v = decide_row(&cards, target, said, plan, want_solvable)?;
            Ok(Some((cards, target, v)))
        })
        .collect()
}

/// The fewest candidates a plan may draw before it gives up.
pub const MIN_CANDIDATES: u64 = 100_000;

/// How many candidates a plan may draw before it gives up: 400 a task, at
/// least [`MIN_CANDIDATES`]; from a table, at most its games (each drawn
/// once).
fn budget(plan: &TaskPlan) -> u64 {
    let dealt = (plan.count as u64)
        .saturating_mul(CANDIDATES_PER_TASK as u64)
        .max(MIN_CANDIDATES);
    plan.rows
        .as_ref()
        .map_or(dealt, |rows| dealt.min(rows.count))
}

/// Whether the plan draws every game of its table.
fn exhausted(plan: &TaskPlan) -> bool {
    plan.rows.as_ref().is_some_and(|r| r.count == budget(plan))
}

/// How many tasks each stratum holds.
fn quotas(plan: &TaskPlan, sizes: &[usize]) -> std::collections::BTreeMap<Stratum, usize> {
    let unsolvable = (plan.count as f64 * plan.unsolvable).round() as usize;
    let solvable = plan.count - unsolvable;
    let each = |n: usize, parts: usize| -> Vec<usize> {
        (0..parts)
            .map(|i| n / parts + usize::from(i < n % parts))
            .collect()
    };
    let mut out = std::collections::BTreeMap::new();
    let (s_by_size, u_by_size) = (each(solvable, sizes.len()), each(unsolvable, sizes.len()));
    for (i, &size) in sizes.iter().enumerate() {
        if plan.stratify {
            let tiers = plan.strata_tiers();
            for (tier, n) in tiers.iter().zip(each(s_by_size[i], tiers.len())) {
                if n > 0 {
                    let s = Stratum {
                        size,
                        solvable: true,
                        tier: Some(*tier),
                    };
                    out.insert(s, n);
                }
            }
        } else if s_by_size[i] > 0 {
            let s = Stratum {
                size,
                solvable: true,
                tier: None,
            };
            out.insert(s, s_by_size[i]);
        }
        if u_by_size[i] > 0 {
            let s = Stratum {
                size,
                solvable: false,
                tier: None,
            };
            out.insert(s, u_by_size[i]);
        }
    }
    out
}

fn short(
    plan: &TaskPlan,
    quotas: &std::collections::BTreeMap<Stratum, usize>,
    filled: &std::collections::BTreeMap<Stratum, Vec<Chosen>>,
    drawn: u64,
    spent: Option<usize>,
) -> TaskError {
    let (s, wanted) = quotas
        .iter()
        .find(|(s, n)| filled[*s].len() < **n && spent.is_none_or(|k| s.size == k))
        .map(|(s, n)| (*s, *n))
        .expect("some stratum is short");
    let what = match (s.solvable, s.tier) {
        (false, _) => "unsolvable".to_string(),
        (true, Some(t)) => format!("{} solvable", t.name()),
        (true, None) => "solvable".to_string(),
    };
    let hint = match (s.solvable, plan.stratify) {
        _ if spent.is_some() => {
            "every distinct game of the deck and targets was dealt (ask fewer tasks, or widen the \
             values, targets or hand sizes)"
        }
        (false, _) => "the game has too few of them (ask a smaller --unsolvable share)",
        (true, _) if exhausted(plan) => "every game of the table was tried",
        (true, true) => {
            "too few of them turned up (ask fewer tasks, name the tiers there are with --tier, or \
             drop --stratify)"
        }
        (true, false) if plan.rows.is_some() => {
            "the draw stops there, at 400 candidates a task and at least 100,000 (ask fewer, or \
             narrow the targets; `census24 rank` with the same options counts them exactly)"
        }
        (true, false) => {
            "too few of them turned up (ask fewer tasks, or widen the values, targets or hand \
             sizes)"
        }
    };
    TaskError::Short {
        stratum: format!("{what} {}-number", s.size),
        found: filled[&s].len(),
        wanted,
        drawn,
        hint,
    }
}

/// Splits, orders and writes out the kept candidates.
fn finish(
    plan: &TaskPlan,
    filled: std::collections::BTreeMap<Stratum, Vec<Chosen>>,
) -> Result<Vec<Task>, InputError> {
    // Every stratum in turn, in candidate order, dealt to the splits so
    // that each split stays at its share of what has been dealt so far
    // (the split furthest below its share takes the next task): each split
    // holds its share of every stratum, to within one task.
    let mut by_split: Vec<Vec<Chosen>> = vec![Vec::new(); plan.splits.len()];
    for (n, kept) in filled.into_values().flatten().enumerate() {
        let dealt = n + 1;
        let (best, _) = plan
            .splits
            .iter()
            .enumerate()
            .map(|(i, s)| (i, s.share * dealt as f64 - by_split[i].len() as f64))
            .fold((0, f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
        by_split[best].push(kept);
    }
    let mut out = Vec::with_capacity(plan.count);
    for (split, mut kept) in plan.splits.iter().zip(by_split) {
        match plan.order {
            Order::Shuffled => {
                kept.sort_by_cached_key(|k| {
                    let mut h = Rng::stream(plan.seed ^ 0x5eed, k.target as u64);
                    k.cards
                        .iter()
                        .fold(h.next_u64(), |a, &c| Rng::stream(a, c as u64).next_u64())
                });
            }
            Order::Drawn => kept.sort_by_key(|k| k.drawn),
            Order::Curriculum => kept.sort_by(|a, b| {
                let time = |k: &Chosen| k.found.as_ref().map(|f| f.prediction.time_s);
                (
                    time(a).is_none(),
                    time(a).unwrap_or(0.0),
                    &a.cards,
                    a.target,
                )
                    .partial_cmp(&(
                        time(b).is_none(),
                        time(b).unwrap_or(0.0),
                        &b.cards,
                        b.target,
                    ))
                    .expect("times are finite")
            }),
        }
        let width = kept.len().saturating_sub(1).to_string().len().max(5);
        for (i, k) in kept.into_iter().enumerate() {
            out.push(task_of(plan, &split.name, i, width, k)?);
        }
    }
    Ok(out)
}

fn task_of(
    plan: &TaskPlan,
    split: &str,
    i: usize,
    width: usize,
    k: Chosen,
) -> Result<Task, InputError> {
    let game = &plan.game;
    let hand = Hand::new(k.cards.clone())?;
    let t = Q::int(k.target);
    let closest = match (&k.found, game.scoring.rewards_near_misses()) {
        (None, true) => {
            let search = Search {
                closest: Closest::Nearest,
                deck: game.deck,
                ..Search::default()
            };
            let o = solve_hand_using(&hand, t, game.rules, game.uses, &search)?;
            o.value.filter(|v| v.is_integer()).map(|v| v.numer())
        }
        _ => None,
    };
    let (simplest, steps) = match &k.found {
        Some(f) => {
            // Every solution stored re-evaluates to the target.
            if f.simplest.eval_under(game.rules) != Ok(t) {
                return Err(InputError::Other(format!(
                    "internal: {} is not {} under {} rules",
                    f.simplest.to_infix(false),
                    k.target,
                    game.rules.name()
                )));
            }
            let expr = f.simplest.to_infix_under(game.rules, false);
            (Some(expr), write_steps(&f.simplest, &k.cards))
        }
        None => (None, None),
    };
    let p = k.found.as_ref().map(|f| f.prediction);
    Ok(Task {
        id: format!("{split}-{i:0width$}"),
        split: split.to_string(),
        hand: hand.to_string(),
        cards: k.cards,
        target: k.target,
        rules: game.rules.name().to_string(),
        uses: game.uses.name().to_string(),
        solvable: k.found.is_some(),
        simplest,
        steps,
        dissimilar: k.found.as_ref().and_then(|f| f.dissimilar),
        predicted: Predicted(p),
        closest,
    })
}

/// A task as CSV prints it ([`crate::export::to_csv`]): the task's columns
/// but `cards` and `steps` (`hand` holds the numbers; steps hold line
/// breaks), each value as JSON writes it, a missing one empty; quoting is
/// never needed (no comma in an expression).
impl Row for Task {
    fn header() -> Vec<&'static str> {
        task_columns()
            .iter()
            .map(|c| c.0)
            .filter(|c| !matches!(*c, "cards" | "steps"))
            .collect()
    }

    fn cells(&self) -> Vec<String> {
        let v = serde_json::to_value(self).expect("a task serializes");
        Self::header()
            .iter()
            .map(|c| match &v[*c] {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
