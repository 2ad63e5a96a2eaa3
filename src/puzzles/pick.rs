//! Puzzle sets: N hands of a table chosen for a designer, by tier, predicted
//! time and the operations they need, at random (seeded) or spread evenly
//! from easy to hard, optionally with no two solved the same way.
//!
//! Pure and deterministic: a [`Catalog`] and a [`PickPlan`] in, hands out.
//! The explorer page runs the same steps in JavaScript (`explorer/app.js`,
//! `pickSet`) with the same generator, so its "Puzzle set" button gives the
//! hands `census24 pick` gives for the same filters and seed:
//!
//! 1. the candidates are the hands the [`HandFilter`] admits (the filter
//!    `census24 rank` applies), ordered by predicted time, then table order;
//!    a set restricted to some operations reads the figures of play within
//!    them ([`as_played`], [`pick_played`]);
//! 2. without `spread`, the candidates are shuffled (Fisher-Yates driven by
//!    [`Mulberry32`] from the seed) and taken in that order; with `spread`,
//!    they are cut into N slices of equal size, easy to hard (slice `s`
//!    holds positions `floor(s*len/N)` to `floor((s+1)*len/N)`), each slice
//!    is shuffled the same way in turn and gives its first hand;
//! 3. with `distinct_shapes`, a hand whose answer has the [`shape`] of one
//!    already taken is passed over;
//! 4. the set is listed easy to hard.
//!
//! A set is shorter than N only when too few hands pass (a slice can run out
//! of new shapes).
//!
//! Each hand's answer is its simplest solution within the operations the set
//! allows ([`PickPlan::allowed`]): `--ops add-sub` sets are answered with `+`
//! and `-` alone.

use std::collections::BTreeSet;

use rayon::prelude::*;
use serde::Serialize;

use super::catalog::{Catalog, Entry, Kept, MAX_SOLVED_CARDS, shape};
use super::filter::{FilterError, HandFilter};
use super::ops::Ops;
use crate::difficulty::Tier;
use crate::difficulty::figures::{self, Predicted};
use crate::export::Row;
use crate::game::error::InputError;
use crate::game::number::Q;
use crate::tables::columns;
use crate::tables::layout::TableKey;

/// How many hands a set holds when the request does not say (`pick -n`,
/// the Python package's `puzzles(n=...)`).
pub const DEFAULT_COUNT: usize = 12;

/// The seed of the shuffles when the request does not say: the same set
/// from `pick`, the Python package and the explorer page.
pub const DEFAULT_SEED: u32 = 24;

/// A validated `census24 pick` request (the table aside).
#[derive(Clone, Debug, PartialEq)]
pub struct PickPlan {
    /// How many hands.
    pub count: usize,
    /// Which hands may be picked.
    pub filter: HandFilter,
    /// One hand from each of N equal slices, easy to hard.
    pub spread: bool,
    /// No two hands whose answers have the same shape.
    pub distinct_shapes: bool,
    pub seed: u32,
    /// The count split evenly over the tiers (those of `tiers`, or all
    /// four), each tier's hands shuffled in turn.
    pub stratify: bool,
}

/// Why a puzzle set could not be picked.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PickError {
    #[error("--count 0 picks nothing: ask for at least one hand")]
    NoCount,
    #[error(transparent)]
    Filter(#[from] FilterError),
    #[error(
        "the table {table} has no difficulty (swept with --no-solutions, or before \
         difficulty existed): sweep it again without --no-solutions"
    )]
    NoDifficulty { table: String },
    #[error(
        "the table {table} has no solutions table, so the operations its hands need \
         are unknown: sweep it again without --counts-only or --no-solutions"
    )]
    NoOps { table: String },
    /// Solving a hand again within the set's operations failed.
    #[error("{0}")]
    Input(String),
}

impl PickPlan {
    /// Fails on an empty request or contradictory bounds, naming them.
    pub fn validate(self) -> Result<PickPlan, PickError> {
        if self.count == 0 {
            return Err(PickError::NoCount);
        }
        Ok(PickPlan {
            filter: self.filter.validate()?,
            ..self
        })
    }

    /// The operations the set's answers may use: the largest class of
    /// `ops` (every operation when `ops` is empty).
    pub fn allowed(&self) -> Ops {
        self.filter.allowed()
    }

    /// The answer a set gives for `e`: its simplest solution within
    /// [`PickPlan::allowed`].
    pub fn answer<'a>(&self, e: &'a Entry) -> Option<&'a str> {
        e.simplest_within(self.allowed())
    }
}

/// The generator of the explorer's and `pick`'s shuffles: mulberry32, 32
/// bits of state, written the same way in JavaScript (`Math.imul`).
#[derive(Clone, Debug)]
pub struct Mulberry32(u32);

impl Mulberry32 {
    pub fn new(seed: u32) -> Mulberry32 {
        Mulberry32(seed)
    }

    pub fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x6D2B_79F5);
        let a = self.0;
        let mut t = (a ^ (a >> 15)).wrapping_mul(1 | a);
        t = t.wrapping_add((t ^ (t >> 7)).wrapping_mul(61 | t)) ^ t;
        t ^ (t >> 14)
    }

    /// A position below `n` (`n` at most 2^21, so that JavaScript's
    /// `Math.floor(u / 2**32 * n)` is exact and agrees).
    pub fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next_u32()) * n as u64) >> 32) as usize
    }

    /// Fisher-Yates, last position first.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// The hands that pass the plan's filters, by predicted time then table
/// order, as positions in the catalog.
pub fn candidates(catalog: &Catalog, plan: &PickPlan) -> Vec<usize> {
    let mut c: Vec<usize> = (0..catalog.hands.len())
        .filter(|&i| plan.filter.admits(&catalog.hands[i]))
        .collect();
    let time = |i: usize| catalog.hands[i].time_s().unwrap_or(0.0);
    c.sort_by(|&a, &b| time(a).total_cmp(&time(b)).then(a.cmp(&b)));
    c
}

/// The puzzle set the plan asks for, easy to hard.
pub fn pick<'a>(catalog: &'a Catalog, plan: &PickPlan) -> Result<Vec<&'a Entry>, PickError> {
    Ok(pick_versions(catalog, plan, 1)?.swap_remove(0))
}

/// `versions` puzzle sets the plan asks for (`pick --versions`), each easy
/// to hard: the first is [`pick`]'s, each other one of as many hands of
/// each tier ([`more_versions`]).
pub fn pick_versions<'a>(
    catalog: &'a Catalog,
    plan: &PickPlan,
    versions: usize,
) -> Result<Vec<Vec<&'a Entry>>, PickError> {
    let table = catalog.id.partition().display().to_string();
    if catalog.hands.iter().all(|e| e.time_s().is_none())
        && catalog.hands.iter().any(|e| e.solvable)
    {
        return Err(PickError::NoDifficulty { table });
    }
    if !plan.filter.ops.is_empty() && catalog.kept == Kept::None {
        return Err(PickError::NoOps { table });
    }
    let all = candidates(catalog, plan);
    let hand = |i: usize| &catalog.hands[i];
    let chooser = Chooser {
        plan,
        time: &|i| hand(i).time_s().unwrap_or(0.0),
        tier: &|i| hand(i).tier(),
        shape: &|i| shape(plan.answer(hand(i)).unwrap_or_default()),
    };
    let first = chooser.choose(&all);
    let sets = chooser.more_versions(&all, first, versions);
    Ok(sets
        .into_iter()
        .map(|set| set.into_iter().map(hand).collect())
        .collect())
}

/// What the choice of a set reads of a candidate (a table's hand, or a
/// game drawn for `pick --game`), by its position: its predicted time, its
/// tier and the [`shape`] of its answer.
pub struct Chooser<'p> {
    pub plan: &'p PickPlan,
    pub time: &'p dyn Fn(usize) -> f64,
    pub tier: &'p dyn Fn(usize) -> Option<Tier>,
    pub shape: &'p dyn Fn(usize) -> String,
}

impl std::fmt::Debug for Chooser<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chooser").field("plan", self.plan).finish()
    }
}

impl Chooser<'_> {
    /// Steps 2 to 4 of the module's recipe over `all`, the candidates by
    /// predicted time: the set, easy to hard.
    pub fn choose(&self, all: &[usize]) -> Vec<usize> {
        let plan = self.plan;
        let mut rng = Mulberry32::new(plan.seed);
        let mut shapes = BTreeSet::new();
        let mut fresh = |i: usize| !plan.distinct_shapes || shapes.insert((self.shape)(i));
        let mut taken: Vec<usize> = Vec::new();
        if plan.stratify {
            let tiers = if plan.filter.tiers.is_empty() {
                Tier::ALL.to_vec()
            } else {
                plan.filter.tiers.clone()
            };
            let of_tier: Vec<Vec<usize>> = tiers
                .iter()
                .map(|tier| {
                    let tier = Some(*tier);
                    all.iter()
                        .copied()
                        .filter(|&i| (self.tier)(i) == tier)
                        .collect()
                })
                .collect();
            let quotas = even_shares(
                plan.count,
                &of_tier.iter().map(Vec::len).collect::<Vec<_>>(),
            );
            for (mut order, quota) in of_tier.into_iter().zip(quotas) {
                rng.shuffle(&mut order);
                let before = taken.len();
                for i in order {
                    if taken.len() - before == quota {
                        break;
                    }
                    if fresh(i) {
                        taken.push(i);
                    }
                }
            }
        } else if plan.spread {
            // More hands asked than match means all of them: one per slice.
            let (len, n) = (all.len(), plan.count.min(all.len()));
            for s in 0..n {
                let mut slice = all[s * len / n..(s + 1) * len / n].to_vec();
                rng.shuffle(&mut slice);
                if let Some(&i) = slice.iter().find(|&&i| fresh(i)) {
                    taken.push(i);
                }
            }
        } else {
            let mut order = all.to_vec();
            rng.shuffle(&mut order);
            for i in order {
                if taken.len() == plan.count {
                    break;
                }
                if fresh(i) {
                    taken.push(i);
                }
            }
        }
        self.by_time(taken)
    }

    /// `set` easy to hard: by predicted time, then position.
    fn by_time(&self, mut set: Vec<usize>) -> Vec<usize> {
        set.sort_by(|&a, &b| (self.time)(a).total_cmp(&(self.time)(b)).then(a.cmp(&b)));
        set
    }

    /// `first` and `versions - 1` more sets of its difficulty profile (as
    /// many candidates of each tier), each easy to hard: version `v` (where
    /// B is v = 1) shuffles the candidates of each tier not in an earlier
    /// version by [`Mulberry32`] seeded `seed + v` and takes the first, with
    /// no two of one shape in it under `distinct_shapes`. A version is
    /// shorter than the first only when the candidates run out.
    pub fn more_versions(
        &self,
        all: &[usize],
        first: Vec<usize>,
        versions: usize,
    ) -> Vec<Vec<usize>> {
        let plan = self.plan;
        let mut used: BTreeSet<usize> = first.iter().copied().collect();
        let profile: Vec<(Option<Tier>, usize)> = Tier::ALL
            .iter()
            .map(|&t| Some(t))
            .chain([None])
            .map(|t| (t, first.iter().filter(|&&i| (self.tier)(i) == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut sets = vec![first];
        for v in 1..versions {
            let mut rng = Mulberry32::new(plan.seed.wrapping_add(v as u32));
            let mut shapes = BTreeSet::new();
            let mut taken = Vec::new();
            for &(tier, quota) in &profile {
                let mut order: Vec<usize> = all
                    .iter()
                    .copied()
                    .filter(|&i| (self.tier)(i) == tier && !used.contains(&i))
                    .collect();
                rng.shuffle(&mut order);
                let before = taken.len();
                for i in order {
                    if taken.len() - before == quota {
                        break;
                    }
                    if !plan.distinct_shapes || shapes.insert((self.shape)(i)) {
                        taken.push(i);
                    }
                }
            }
            used.extend(taken.iter().copied());
            sets.push(self.by_time(taken));
        }
        sets
    }
}

/// The picked hands as the set is played: with `--ops` short of division
/// (`add-sub`, `product`), each hand's counts, tier, predicted time and
/// solutions are those of play with the operations the set allows
/// ([`Entry::within`]), so an `add-sub` sheet shows `2 4 6 12` with its one
/// solution in `+` and `-`, not the ten of the full game.
pub fn played(
    set: &[&Entry],
    plan: &PickPlan,
    catalog: &Catalog,
) -> Result<Vec<Entry>, InputError> {
    let allowed = plan.allowed();
    set.par_iter()
        .map(|e| e.within_priced(allowed, &catalog.id, catalog.pricer()))
        .collect()
}

/// The catalog as a set restricted to some operations plays it: with
/// `--ops` short of division and a table of at most [`MAX_SOLVED_CARDS`]
/// cards, every hand of the operation classes the filter admits, solved
/// again within them ([`Entry::within`]), so that the filters on tier,
/// time and dissimilar count, the spread and the order read the figures of
/// that play (an `--ops add-sub --tier easy` set is easy with `+` and `-`).
/// `None` when every operation is allowed, or for a larger table (too many
/// hands to solve again: its set is chosen by the table's figures and only
/// the hands picked are solved again, [`played`]). The explorer holds the
/// same figures for its pages (`played` in its data).
pub fn as_played(catalog: &Catalog, plan: &PickPlan) -> Result<Option<Catalog>, InputError> {
    let allowed = plan.allowed();
    if allowed >= Ops::Division || catalog.id.k > MAX_SOLVED_CARDS {
        return Ok(None);
    }
    let hands = catalog
        .hands
        .par_iter()
        .filter(|e| plan.filter.admits_solutions(e))
        .map(|e| e.within_priced(allowed, &catalog.id, catalog.pricer()))
        .collect::<Result<Vec<Entry>, InputError>>()?;
    Ok(Some(Catalog {
        id: catalog.id,
        kept: catalog.kept,
        hands,
        model: catalog.model.clone(),
    }))
}

/// The set the plan asks for, each hand with the figures of play within
/// the set's operations: picked from [`as_played`] when the table is small
/// enough, else picked by the table's figures and then [`played`]. What
/// `census24 pick` prints and the Python package's `puzzles` returns.
pub fn pick_played(catalog: &Catalog, plan: &PickPlan) -> Result<Vec<Entry>, PickError> {
    Ok(pick_played_versions(catalog, plan, 1)?.swap_remove(0))
}

/// [`pick_played`] of `versions` sets of one difficulty profile
/// ([`pick_versions`]).
pub fn pick_played_versions(
    catalog: &Catalog,
    plan: &PickPlan,
    versions: usize,
) -> Result<Vec<Vec<Entry>>, PickError> {
    let input = |e: InputError| PickError::Input(e.to_string());
    match as_played(catalog, plan).map_err(input)? {
        Some(within) => Ok(pick_versions(&within, plan, versions)?
            .into_iter()
            .map(|set| set.into_iter().cloned().collect())
            .collect()),
        None => pick_versions(catalog, plan, versions)?
            .iter()
            .map(|set| played(set, plan, catalog).map_err(input))
            .collect(),
    }
}

/// The hardest tier any hand of `catalog` that needs only operations of
/// the plan's `--ops` reaches when played within them: what `pick` says
/// when no hand passes a restricted plan (`--ops add-sub --tier
/// hard,expert`: play with `+` and `-` tops out at medium). `None` when
/// every operation is allowed, the table is too large to solve again, or
/// no hand is of those classes.
pub fn hardest_played(catalog: &Catalog, plan: &PickPlan) -> Option<Tier> {
    let ops_only = PickPlan {
        filter: HandFilter {
            ops: plan.filter.ops.clone(),
            ..HandFilter::default()
        },
        ..plan.clone()
    };
    let within = as_played(catalog, &ops_only).ok()??;
    within.hands.iter().filter_map(Entry::tier).max()
}

/// What a set whose answers may use `allowed` says of its figures when
/// they are for play with some operations only ([`played`]): `None` when
/// every operation is allowed. The sheet prints it, `pick` writes it on
/// stderr.
pub fn played_note(allowed: Ops) -> Option<String> {
    (allowed < Ops::Division).then(|| {
        format!(
            "Tiers, times and solution counts are for play with {} only.",
            allowed.signs()
        )
    })
}

/// Why a set holds fewer hands than asked, with `{n}` for the hands it
/// holds: the words `pick` writes on stderr and the explorer's page shows
/// under its set (from its data), so both say it alike.
pub fn short_set_words(distinct_shapes: bool) -> &'static str {
    if distinct_shapes {
        "only {n} hands with distinct shapes (no two solved alike) pass these filters"
    } else {
        "only {n} hands pass these filters"
    }
}

/// [`short_set_words`] for a set of `n` hands.
pub fn short_set(n: usize, distinct_shapes: bool) -> String {
    short_set_words(distinct_shapes).replace("{n}", &n.to_string())
}

/// `count` split as evenly as the sizes allow: each part gets an equal
/// share (the first parts one more when it does not divide), a part that
/// cannot fill its share passes the rest on to the others.
pub fn even_shares(count: usize, sizes: &[usize]) -> Vec<usize> {
    let mut shares = vec![0; sizes.len()];
    let mut left = count.min(sizes.iter().sum());
    while left > 0 {
        let open: Vec<usize> = (0..sizes.len()).filter(|&t| shares[t] < sizes[t]).collect();
        let (each, extra) = (left / open.len(), left % open.len());
        for (n, &t) in open.iter().enumerate() {
            let add = (each + usize::from(n < extra)).min(sizes[t] - shares[t]);
            shares[t] += add;
            left -= add;
        }
    }
    shares
}

/// One picked puzzle as CSV and JSON give it, the one schema of every
/// pick (a table's hands and a game's deals alike): the hand, its
/// prediction but the 0-100 `difficulty`, the operation class it needs,
/// its dissimilar solutions, its answer ([`PickPlan::answer`]) and, last,
/// the target it is played for. Field names are the table's column names
/// ([`crate::tables::columns`]); `ops` is the class of [`Ops`], empty
/// where it is not known (a game's deal: its solutions are not all
/// listed).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Picked {
    pub hand: String,
    /// The hand's prediction, one column per figure
    /// ([`crate::difficulty::figures`]).
    #[serde(flatten)]
    pub predicted: Predicted,
    /// The operation class the hand needs (empty when unknown).
    pub ops: String,
    pub dissimilar: u32,
    pub simplest: String,
    /// The target (`24`; each game's own in a game of many targets).
    pub target: String,
}

impl Row for Picked {
    /// [`Picked`]'s fields but the 0-100 `difficulty`, which a sheet's
    /// CSV has never carried (its time and tier say it): the columns the
    /// README shows.
    fn header() -> Vec<&'static str> {
        let predicted = figures::names()
            .into_iter()
            .filter(|&c| c != columns::DIFFICULTY);
        [columns::HAND]
            .into_iter()
            .chain(predicted)
            .chain(["ops", columns::DISSIMILAR, columns::SIMPLEST, "target"])
            .collect()
    }
}

impl Picked {
    /// A hand of a table for `target`.
    pub fn of(e: &Entry, plan: &PickPlan, target: Q) -> Picked {
        Picked {
            hand: e.hand.clone(),
            predicted: Predicted(e.prediction),
            ops: e.ops.map(|o| o.name().to_string()).unwrap_or_default(),
            dissimilar: e.dissimilar.unwrap_or(0),
            simplest: plan.answer(e).unwrap_or_default().to_string(),
            target: target.to_string(),
        }
    }
}

/// One hand per line, ready for `census24 solve --stdin`.
pub fn to_list(set: &[&Entry]) -> String {
    set.iter().map(|e| format!("{}\n", e.hand)).collect()
}

/// The rows of a pick as CSV and JSON print them
/// ([`crate::export::to_csv`], [`crate::export::to_json`]).
pub fn picked(set: &[&Entry], plan: &PickPlan, target: Q) -> Vec<Picked> {
    set.iter().map(|e| Picked::of(e, plan, target)).collect()
}

/// One puzzle of a benchmark split (`--format jsonl`): the hand, its target
/// and rules, every dissimilar solution (each its simplest variant, the
/// simplest first), the answer, the predicted difficulty; field names are
/// the table's column names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Puzzle {
    pub hand: String,
    pub cards: Vec<i64>,
    pub target: String,
    pub rules: String,
    pub solutions: Vec<String>,
    pub simplest: String,
    pub dissimilar: u32,
    #[serde(flatten)]
    pub predicted: Predicted,
    pub needs_fraction: bool,
    pub ops: String,
}

/// The [`Puzzle`] of each hand of `set`, from the table `key`, as
/// `--format jsonl` prints them ([`crate::export::to_jsonl`]).
pub fn puzzles(set: &[&Entry], plan: &PickPlan, key: &TableKey) -> Vec<Puzzle> {
    let mut out = Vec::with_capacity(set.len());
    for e in set {
        let p = Picked::of(e, plan, key.target);
        let puzzle = Puzzle {
            hand: p.hand,
            cards: e.cards.clone(),
            target: key.target.to_string(),
            rules: key.rules.to_string(),
            solutions: e
                .groups
                .iter()
                .filter_map(|g| g.0.first().map(|v| v.expression.clone()))
                .collect(),
            simplest: p.simplest,
            dissimilar: p.dissimilar,
            predicted: p.predicted,
            needs_fraction: e.needs_fraction,
            ops: p.ops,
        };
        out.push(puzzle);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Prediction;
    use crate::puzzles::catalog::{Group, Variant};
    use crate::tables::layout::TableKey;

    /// A catalog of `n` hands `i i+1`, hand `i` taking `i + 1` seconds,
    /// solved as `shapes[i % shapes.len()]`, needing `Ops::ALL[i % 4]`.
    fn catalog(n: usize, shapes: &[&str]) -> Catalog {
        let hands = (0..n)
            .map(|i| {
                let t = (i + 1) as f64;
                let expression = shapes[i % shapes.len()].replace('n', &i.to_string());
                Entry {
                    hand: format!("{i} {}", i + 1),
                    cards: vec![i as i64, i as i64 + 1],
                    solvable: true,
                    prediction: Some(Prediction {
                        time_s: t,
                        time_p80_s: t * 1.4,
                        solve_rate: 0.9,
                        difficulty: t,
                        tier: Tier::of(t),
                    }),
                    rank: Some((n - i) as u32),
                    dissimilar: Some(1),
                    structural: Some(1),
                    needs_fraction: false,
                    integer_solvable: true,
                    deal_probability: 0.01,
                    ops: Some(Ops::ALL[i % 4]),
                    simplest: expression.clone(),
                    groups: vec![Group(vec![Variant {
                        class: 0,
                        expression,
                        complexity: 1.0,
                        ops: Ops::Product,
                    }])],
                }
            })
            .collect();
        Catalog {
            id: TableKey::standard(2),
            kept: Kept::All,
            hands,
            model: None,
        }
    }

    fn plan(count: usize) -> PickPlan {
        PickPlan {
            count,
            filter: HandFilter::default(),
            spread: false,
            distinct_shapes: false,
            seed: 24,
            stratify: false,
        }
    }

    fn hands(set: &[&Entry]) -> Vec<String> {
        set.iter().map(|e| e.hand.clone()).collect()
    }

    #[test]
    fn shares_are_even_and_pass_on_what_a_part_cannot_take() {
        assert_eq!(even_shares(40, &[100, 100, 100, 100]), vec![10, 10, 10, 10]);
        assert_eq!(even_shares(42, &[100, 100, 100, 100]), vec![11, 11, 10, 10]);
        assert_eq!(even_shares(40, &[8, 0, 100, 100]), vec![8, 0, 16, 16]);
        assert_eq!(even_shares(40, &[3, 4, 5, 0]), vec![3, 4, 5, 0]);
        assert_eq!(even_shares(0, &[3, 4]), vec![0, 0]);
    }

    #[test]
    fn the_generator_is_mulberry32() {
        // mulberry32(1) in JavaScript (node): the first three outputs * 2^32.
        let mut r = Mulberry32::new(1);
        assert_eq!(
            [r.next_u32(), r.next_u32(), r.next_u32()],
            [2_693_262_067, 11_749_833, 2_265_367_787]
        );
    }

    #[test]
    fn the_same_seed_picks_the_same_set_and_another_seed_another() {
        let cat = catalog(200, &["n+n"]);
        let a = hands(&pick(&cat, &plan(10)).unwrap());
        assert_eq!(a, hands(&pick(&cat, &plan(10)).unwrap()));
        let b = hands(
            &pick(
                &cat,
                &PickPlan {
                    seed: 7,
                    ..plan(10)
                },
            )
            .unwrap(),
        );
        assert_ne!(a, b);
        assert_eq!(a.len(), 10);
    }

    #[test]
    fn sets_go_easy_to_hard() {
        let cat = catalog(200, &["n+n"]);
        let set = pick(&cat, &plan(12)).unwrap();
        assert!(set.windows(2).all(|w| w[0].time_s() < w[1].time_s()));
    }

    /// `-n 18446744073709551615 --spread` once looped over every asked
    /// slice (and overflowed the slice bounds): more asked than match is all.
    #[test]
    fn a_spread_of_more_hands_than_match_takes_them_all() {
        let cat = catalog(3, &["n+n"]);
        for spread in [true, false] {
            let set = pick(
                &cat,
                &PickPlan {
                    spread,
                    ..plan(usize::MAX)
                },
            )
            .unwrap();
            assert_eq!(set.len(), 3, "spread {spread}");
        }
    }

    #[test]
    fn a_spread_takes_one_hand_from_each_slice() {
        let cat = catalog(100, &["n+n"]);
        let set = pick(
            &cat,
            &PickPlan {
                spread: true,
                ..plan(10)
            },
        )
        .unwrap();
        assert_eq!(set.len(), 10);
        // Hand i takes i + 1 seconds: slice s holds hands 10s to 10s+9.
        for (s, e) in set.iter().enumerate() {
            let t = e.time_s().unwrap() as usize - 1;
            assert_eq!(t / 10, s, "{}", e.hand);
        }
    }

    /// Issue 46: `--versions` gives sets of one difficulty profile (as many
    /// hands of each tier), no hand in two, the same for the same seed.
    #[test]
    fn versions_share_a_profile_and_no_hand() {
        let cat = catalog(200, &["n+n"]);
        for spread in [false, true] {
            let p = PickPlan { spread, ..plan(10) };
            let sets = pick_versions(&cat, &p, 3).unwrap();
            assert_eq!(hands(&sets[0]), hands(&pick(&cat, &p).unwrap()));
            let profile = |set: &Vec<&Entry>| {
                Tier::ALL.map(|t| set.iter().filter(|e| e.tier() == Some(t)).count())
            };
            let mut seen = BTreeSet::new();
            for set in &sets {
                assert_eq!(profile(set), profile(&sets[0]), "spread {spread}");
                assert!(set.windows(2).all(|w| w[0].time_s() <= w[1].time_s()));
                for e in set {
                    assert!(seen.insert(e.hand.clone()), "{} twice", e.hand);
                }
            }
            let again = pick_versions(&cat, &p, 3).unwrap();
            assert_eq!(
                sets.iter().map(|s| hands(s)).collect::<Vec<_>>(),
                again.iter().map(|s| hands(s)).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn distinct_shapes_never_repeat_and_run_out() {
        let shapes = ["n+n", "n*n", "n-n", "(n+n)", "n/n"];
        let cat = catalog(100, &shapes);
        let set = pick(
            &cat,
            &PickPlan {
                distinct_shapes: true,
                ..plan(8)
            },
        )
        .unwrap();
        let seen: BTreeSet<String> = set.iter().map(|e| shape(e.simplest().unwrap())).collect();
        assert_eq!((set.len(), seen.len()), (5, 5), "only five shapes exist");
        let plain = pick(&cat, &plan(8)).unwrap();
        assert_eq!(plain.len(), 8);
    }

    #[test]
    fn filters_keep_only_what_they_name() {
        let cat = catalog(60, &["n+n"]);
        let p = PickPlan {
            filter: HandFilter {
                ops: vec![Ops::Product, Ops::Fraction],
                tiers: vec![Tier::Medium, Tier::Hard],
                max_time: Some(20.0),
                ..HandFilter::default()
            },
            ..plan(100)
        };
        let set = pick(&cat, &p).unwrap();
        // Times 7..=20 s (medium and hard up to 20), ops product or fraction.
        let want: Vec<String> = (6..20)
            .filter(|i| i % 4 == 1 || i % 4 == 3)
            .map(|i| format!("{i} {}", i + 1))
            .collect();
        assert_eq!(hands(&set), want);
        // The test catalog's p80 is 1.4 times the mean: a 14 s limit keeps
        // the hands of at most 10 s.
        let p = PickPlan {
            filter: HandFilter {
                time_limit: Some(14.0),
                ..HandFilter::default()
            },
            ..plan(100)
        };
        let set = pick(&cat, &p).unwrap();
        assert!(!set.is_empty());
        assert!(
            set.iter().all(|e| e.time_s().unwrap() <= 10.0),
            "{:?}",
            hands(&set)
        );
        assert_eq!(
            set.len(),
            cat.hands
                .iter()
                .filter(|e| e.time_s().is_some_and(|t| t <= 10.0))
                .count()
        );
    }

    #[test]
    fn bad_requests_name_the_bad_value() {
        assert_eq!(plan(0).validate(), Err(PickError::NoCount));
        let p = PickPlan {
            filter: HandFilter {
                min_time: Some(9.0),
                max_time: Some(3.0),
                ..HandFilter::default()
            },
            ..plan(5)
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "--min-time 9 is above --max-time 3"
        );
        let p = PickPlan {
            filter: HandFilter {
                time_limit: Some(-1.0),
                ..HandFilter::default()
            },
            ..plan(5)
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "--time-limit -1 is not a number of seconds"
        );
        let mut cat = catalog(5, &["n+n"]);
        cat.kept = Kept::None;
        let err = pick(
            &cat,
            &PickPlan {
                filter: HandFilter {
                    ops: vec![Ops::AddSub],
                    ..HandFilter::default()
                },
                ..plan(2)
            },
        )
        .unwrap_err();
        assert!(matches!(err, PickError::NoOps { .. }));
    }

    #[test]
    fn csv_and_json_carry_the_same_hands() {
        let cat = catalog(30, &["n+n"]);
        let set = pick(&cat, &plan(3)).unwrap();
        let rows = picked(&set, &plan(3), Q::int(24));
        let csv = crate::export::to_csv(&rows);
        let json: serde_json::Value = serde_json::from_str(&crate::export::to_json(&rows)).unwrap();
        for (i, line) in csv.lines().skip(1).enumerate() {
            assert_eq!(line.split(',').next(), json[i]["hand"].as_str());
        }
        assert_eq!(to_list(&set).lines().count(), 3);
    }
}
