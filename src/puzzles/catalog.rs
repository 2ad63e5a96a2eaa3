//! The hands of one table as a designer browses and picks them: each hand's
//! columns, the operations it needs and its solutions grouped as a person
//! reads them (dissimilar solutions in class order, each with its structural
//! variants), and the one answer a hand shows: its simplest solution, or the
//! simplest within the operations a puzzle set allows.
//!
//! Pure: `query::catalog` fills it from the Parquet files; the explorer page
//! and `census24 pick` read it.

use std::sync::Arc;

use rayon::prelude::*;

use super::ops::Ops;
use crate::difficulty::pricer::Pricer;
use crate::difficulty::{self, Prediction, Tier};
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::tables::enumerate;
use crate::tables::layout::TableKey;
use crate::tables::rows::{self, HandRow, RowSpec, SolutionBatch};

/// Beyond this many solution rows a table's catalog keeps only each hand's
/// simplest solution (and the simplest within each [`Ops`] class), so that its explorer page stays small enough to open
/// (the five-card table has 146 464 rows; six cards, 5.8 million).
pub const MAX_CLASSES: u64 = 400_000;

/// Which solutions a catalog lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Every structural class of every hand.
    All,
    /// Only the simplest solution of each hand and the simplest within
    /// each operation class (the table has more than [`MAX_CLASSES`] rows).
    Simplest,
    /// None: the table was swept without a solutions table.
    None,
}

/// One structural class as the explorer lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// Its place among the hand's classes (`class` of solutions.parquet:
    /// 0 is the simplest).
    pub class: u32,
    pub expression: String,
    /// The difficulty model's effort of finding it (lower is easier).
    pub complexity: f64,
    /// The operations it uses ([`Ops::of_class`]).
    pub ops: Ops,
}

/// One dissimilar solution: its structural variants in class order.
#[derive(Clone, Debug, PartialEq)]
pub struct Group(pub Vec<Variant>);

/// One row of `solutions.parquet`, the columns a catalog reads.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRow {
    pub class: u32,
    pub expression: String,
    pub dissimilar_group: u32,
    pub complexity: f64,
    /// Uses of `+ - * /`.
    pub op_counts: [u32; 4],
}

/// One hand of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Cards ascending, space separated, as in the table.
    pub hand: String,
    pub cards: Vec<i64>,
    pub solvable: bool,
    /// The table's prediction (`None` when unsolvable or not counted).
    pub prediction: Option<Prediction>,
    /// Place by predicted time, 1 the slowest.
    pub rank: Option<u32>,
    pub dissimilar: Option<u32>,
    pub structural: Option<u32>,
    pub needs_fraction: bool,
    pub integer_solvable: bool,
    pub deal_probability: f64,
    /// `None` when unsolvable or the table has no solutions table.
    pub ops: Option<Ops>,
    /// The table's `simplest` column, empty when unsolvable.
    pub simplest: String,
    /// Dissimilar solutions in class order (see [`grouped`]).
    pub groups: Vec<Group>,
}

impl Entry {
    /// The predicted mean solve time, seconds.
    pub fn time_s(&self) -> Option<f64> {
        self.prediction.map(|p| p.time_s)
    }

    /// The tier of the predicted time.
    pub fn tier(&self) -> Option<Tier> {
        self.prediction.map(|p| p.tier)
    }

    /// The solution this hand shows: its simplest (the table's `simplest`
    /// column, which is the first class); `None` when unsolvable.
    pub fn simplest(&self) -> Option<&str> {
        (!self.simplest.is_empty()).then_some(self.simplest.as_str())
    }

    /// The simplest solution that uses no operation beyond `allowed`
    /// ([`Ops::signs`]): the listed variant of least class among those
    /// whose [`Ops::of_class`] is at most `allowed`. `None` when no listed
    /// solution keeps to them (or none is listed: a table without a
    /// solutions table can only show [`Entry::simplest`]).
    pub fn simplest_within(&self, allowed: Ops) -> Option<&str> {
        if allowed >= Ops::Division {
            return self.simplest();
        }
        self.groups
            .iter()
            .flat_map(|g| &g.0)
            .filter(|v| v.ops <= allowed)
            .min_by_key(|v| v.class)
            .map(|v| v.expression.as_str())
    }
}

impl Entry {
    /// This hand as play with no operation beyond `allowed` sees it (an
    /// `--ops add-sub` puzzle set: `+` and `-` only): its solutions, counts,
    /// simplest solution and the difficulty model's prediction over only
    /// the classes whose operations ([`Ops::of_class`]) keep to `allowed`,
    /// the hand re-solved in memory for the game `key`. The hand's
    /// operation class, deal odds and place stay the table's. Itself when
    /// `allowed` takes every operation.
    pub fn within(&self, allowed: Ops, key: &TableKey) -> Result<Entry, InputError> {
        self.within_priced(allowed, key, Pricer::shipped())
    }

    /// [`Entry::within`] with the prediction of `pricer` (`--model`): the
    /// model prices the classes play within `allowed` keeps, as the
    /// built-in model does.
    pub fn within_priced(
        &self,
        allowed: Ops,
        key: &TableKey,
        pricer: &Pricer,
    ) -> Result<Entry, InputError> {
        if allowed >= Ops::Division {
            return Ok(self.clone());
        }
        let spec = RowSpec {
            target: key.target,
            rules: key.rules,
            deck: key.deck,
            // The deal odds are the table's, kept below.
            total_ways: 1,
            solutions: true,
        };
        let hand = Hand::new(self.cards.clone())?;
        let (row, batch) = rows::hand_batch_keeping(&hand, &spec, pricer, |c| {
            Ops::of_class(c.facts.op_counts) <= allowed
        })?;
        Ok(Entry {
            rank: self.rank,
            deal_probability: self.deal_probability,
            ops: self.ops,
            ..Entry::of_rows(&row, &batch)
        })
    }
}

/// Every hand of a table, in table order (hands ascending).
#[derive(Clone, Debug, PartialEq)]
pub struct Catalog {
    pub id: TableKey,
    pub kept: Kept,
    pub hands: Vec<Entry>,
    /// The model file that priced the figures ([`Catalog::repriced`]);
    /// `None`: the table's.
    pub model: Option<Arc<Pricer>>,
}

impl Catalog {
    /// The model that prices play within some operations
    /// ([`Entry::within_priced`]): the one that priced the catalog, or the
    /// built-in model.
    pub fn pricer(&self) -> &Pricer {
        self.model.as_deref().unwrap_or_else(|| Pricer::shipped())
    }
}

impl Entry {
    /// The entry of one hand from its rows, as `query::catalog` reads it
    /// back from a table (the place by difficulty aside).
    pub fn of_rows(row: &HandRow, batch: &SolutionBatch) -> Entry {
        let classes: Vec<ClassRow> = batch
            .rows()
            .map(|r| ClassRow {
                class: r.class,
                expression: r.expression.to_string(),
                dissimilar_group: r.facts.dissimilar_group,
                complexity: r.facts.complexity,
                op_counts: r.facts.op_counts,
            })
            .collect();
        let least = classes.iter().map(|r| Ops::of_class(r.op_counts)).min();
        Entry {
            hand: row.hand.to_string(),
            cards: row.hand.cards().to_vec(),
            solvable: row.solvable,
            prediction: row.prediction,
            rank: None,
            dissimilar: row.dissimilar,
            structural: row.structural,
            needs_fraction: row.needs_fraction,
            integer_solvable: row.integer_solvable,
            deal_probability: row.deal_probability,
            ops: Ops::of_least(least, row.integer_solvable),
            simplest: row.simplest.clone(),
            groups: grouped(classes),
        }
    }
}

/// The largest hand size [`solved`] takes: it solves every hand of the
/// game, with every class, on each call. On a loaded two-core machine the
/// 6 175 hands of five cards took 0.5 to 2.4 s (targets 0 to 100, each
/// rule set), the 18 395 hands of six 33 s, and the 49 205 of seven would
/// take minutes, so a larger game belongs to a swept table (`census24
/// pick`).
pub const MAX_SOLVED_CARDS: usize = 5;

/// The catalog of the table `key` made in memory from the core, without
/// Parquet (what the Python package picks puzzle sets from): the entries
/// `query::catalog` reads from the swept table, every class kept, places by
/// difficulty filled. Hand sizes up to [`MAX_SOLVED_CARDS`].
pub fn solved(key: &TableKey) -> Result<Catalog, InputError> {
    if key.k > MAX_SOLVED_CARDS {
        return Err(InputError::Other(format!(
            "puzzle sets solved in memory take hands of at most {MAX_SOLVED_CARDS} cards, not {} \
             (larger games: sweep the table, then census24 pick)",
            key.k
        )));
    }
    let total_ways = enumerate::total_ways(key.k, key.values, key.deck).ok_or_else(|| {
        InputError::Other(format!(
            "the deals of {} cards are too many to count",
            key.k
        ))
    })?;
    let spec = RowSpec {
        target: key.target,
        rules: key.rules,
        deck: key.deck,
        total_ways,
        solutions: true,
    };
    let mut hands: Vec<Entry> = enumerate::hands(key.k, key.values, key.deck)
        .into_par_iter()
        .map(|cards| {
            let (row, batch) = rows::hand_batch(&Hand::new(cards)?, &spec)?;
            Ok(Entry::of_rows(&row, &batch))
        })
        .collect::<Result<_, InputError>>()?;
    let times: Vec<Option<f64>> = hands.iter().map(Entry::time_s).collect();
    for (e, rank) in hands.iter_mut().zip(difficulty::ranks(&times)) {
        e.rank = rank;
    }
    Ok(Catalog {
        id: *key,
        kept: Kept::All,
        hands,
        model: None,
    })
}

/// Largest table a model file re-prices (`--model FILE`): each hand is
/// solved again, about as fast as [`solved`] makes the five-card catalog.
pub const MAX_REPRICED_HANDS: usize = 20_000;

impl Catalog {
    /// The catalog with every solvable hand priced by `pricer` instead of
    /// the table's figures (the built-in model's): each hand solved again
    /// for the table's target and rules, its places by difficulty made
    /// again. Fails on a table of more than [`MAX_REPRICED_HANDS`] hands.
    pub fn repriced(mut self, pricer: &Arc<Pricer>) -> Result<Catalog, InputError> {
        if self.hands.len() > MAX_REPRICED_HANDS {
            return Err(InputError::Other(format!(
                "--model prices a table of at most {MAX_REPRICED_HANDS} hands again, this one \
                 has {}",
                self.hands.len()
            )));
        }
        let key = self.id;
        self.hands.par_iter_mut().try_for_each(|e| {
            if e.solvable {
                let hand = Hand::new(e.cards.clone())?;
                let sols = crate::canon::solutions(&hand, key.target, key.rules)?;
                e.prediction = pricer.predict(&hand, key.target, &sols);
            }
            Ok::<(), InputError>(())
        })?;
        let times: Vec<Option<f64>> = self.hands.iter().map(Entry::time_s).collect();
        for (e, rank) in self.hands.iter_mut().zip(difficulty::ranks(&times)) {
            e.rank = rank;
        }
        self.model = Some(Arc::clone(pricer));
        Ok(self)
    }
}

/// The classes of one hand as dissimilar groups: variants in class order
/// (simplest first), groups by their first variant the same way. The first
/// variant of the first group is class 0, the simplest solution.
pub fn grouped(mut rows: Vec<ClassRow>) -> Vec<Group> {
    rows.sort_by_key(|r| r.class);
    let mut order: Vec<u32> = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    for r in rows {
        let variant = Variant {
            class: r.class,
            ops: Ops::of_class(r.op_counts),
            expression: r.expression,
            complexity: r.complexity,
        };
        match order.iter().position(|&g| g == r.dissimilar_group) {
            Some(i) => groups[i].0.push(variant),
            None => {
                order.push(r.dissimilar_group);
                groups.push(Group(vec![variant]));
            }
        }
    }
    groups
}

/// The shape of an expression: its text with every number written `n`
/// (`7*9-3*13` -> `n*n-n*n`). Two hands whose simplest solutions share a
/// shape are solved the same way.
pub fn shape(expression: &str) -> String {
    let mut out = String::with_capacity(expression.len());
    let mut in_number = false;
    for c in expression.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('n');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::canon;

    /// A game past the limit is refused before any hand is solved (six
    /// cards would take half a minute).
    #[test]
    fn games_past_the_in_memory_limit_are_refused_at_once() {
        let e = solved(&TableKey::standard(MAX_SOLVED_CARDS + 1)).unwrap_err();
        assert!(e.to_string().contains("at most 5 cards, not 6"), "{e}");
        let two = solved(&TableKey::standard(2)).unwrap();
        assert_eq!(two.hands.len(), 91);
    }

    fn row(class: u32, expression: &str, group: u32, complexity: f64) -> ClassRow {
        ClassRow {
            class,
            expression: expression.into(),
            dissimilar_group: group,
            complexity,
            op_counts: [0; 4],
        }
    }

    #[test]
    fn groups_go_in_class_order_and_keep_their_variants() {
        let groups = grouped(vec![
            row(3, "d", 1, 3.0),
            row(0, "a", 0, 5.0),
            row(1, "b", 1, 3.0),
            row(4, "e", 2, 9.0),
            row(2, "c", 0, 4.0),
        ]);
        let names: Vec<Vec<&str>> = groups
            .iter()
            .map(|g| g.0.iter().map(|v| v.expression.as_str()).collect())
            .collect();
        assert_eq!(names, vec![vec!["a", "c"], vec!["b", "d"], vec!["e"]]);
    }

    /// An entry of the standard game with only its cards filled, enough
    /// for [`Entry::within`].
    fn bare(cards: &[i64]) -> Entry {
        Entry {
            hand: Hand::new(cards.to_vec()).unwrap().to_string(),
            cards: cards.to_vec(),
            solvable: true,
            prediction: None,
            rank: None,
            dissimilar: None,
            structural: None,
            needs_fraction: false,
            integer_solvable: true,
            deal_probability: 0.0,
            ops: None,
            simplest: String::new(),
            groups: Vec::new(),
        }
    }

    /// The add-sub solutions of `cards` by brute force, independent of the
    /// solver and of canonical forms: every choice of a sign for each card
    /// whose signed sum is `target`, as the sorted signed cards (two such
    /// sums are the same function of the cards exactly when these agree).
    fn add_sub_classes(cards: &[i64], target: i64) -> BTreeSet<Vec<i64>> {
        (0..1u32 << cards.len())
            .filter_map(|minus| {
                let mut signed: Vec<i64> = (0..cards.len())
                    .map(|i| match minus >> i & 1 {
                        1 => -cards[i],
                        _ => cards[i],
                    })
                    .collect();
                signed.sort_unstable();
                (signed.iter().sum::<i64>() == target).then_some(signed)
            })
            .collect()
    }

    /// What a signed sum leaves once a largest set of its terms worth 0 is
    /// taken out (never all of them: docs/DISTINCT.md's dissimilar rule),
    /// for each such largest set.
    fn cores(sum: &[i64]) -> BTreeSet<Vec<i64>> {
        let (k, mut most, mut out) = (sum.len(), 0, BTreeSet::new());
        for part in 0..(1u32 << k) - 1 {
            let size = part.count_ones();
            let worth: i64 = (0..k).filter(|i| part >> i & 1 == 1).map(|i| sum[i]).sum();
            if worth != 0 || size < most {
                continue;
            }
            if size > most {
                (most, out) = (size, BTreeSet::new());
            }
            out.insert(
                (0..k)
                    .filter(|i| part >> i & 1 == 0)
                    .map(|i| sum[i])
                    .collect(),
            );
        }
        out
    }

    /// With `+` and `-` only, a hand's solutions are counted by a brute
    /// force over sign choices on every four-card hand of 1..13: structural
    /// classes always, dissimilar ones wherever the largest neutral part is
    /// unambiguous. Play with `+ - *` keeps at least those, the full game
    /// at least those again.
    #[test]
    fn solutions_within_add_sub_agree_with_a_brute_force() {
        let key = TableKey::standard(4);
        let (mut hands, mut dissimilar_checked, mut all_add_sub) = (0, 0, 0);
        for cards in enumerate::hands(4, key.values, key.deck) {
            let e = bare(&cards);
            let add_sub = e.within(Ops::AddSub, &key).unwrap();
            let brute = add_sub_classes(&cards, 24);
            assert_eq!(add_sub.structural, Some(brute.len() as u32), "{cards:?}");
            assert_eq!(add_sub.time_s().is_some(), !brute.is_empty(), "{cards:?}");
            let each: Vec<BTreeSet<Vec<i64>>> = brute.iter().map(|s| cores(s)).collect();
            if each.iter().all(|c| c.len() == 1) {
                let distinct: BTreeSet<&Vec<i64>> = each.iter().flatten().collect();
                assert_eq!(add_sub.dissimilar, Some(distinct.len() as u32), "{cards:?}");
                dissimilar_checked += 1;
            }
            let product = e.within(Ops::Product, &key).unwrap();
            let full = canon::solutions(&Hand::new(cards.clone()).unwrap(), key.target, key.rules)
                .unwrap();
            assert!(add_sub.structural <= product.structural, "{cards:?}");
            assert!(add_sub.dissimilar <= product.dissimilar, "{cards:?}");
            assert!(product.structural <= Some(full.structural()), "{cards:?}");
            assert!(product.dissimilar <= Some(full.dissimilar), "{cards:?}");
            // Every solution in + and -: the model sees the same solutions.
            if !brute.is_empty() && brute.len() as u32 == full.structural() {
                let hand = Hand::new(cards.clone()).unwrap();
                let whole = difficulty::predict(&hand, key.target, &full).unwrap();
                assert_eq!(add_sub.time_s(), Some(whole.time_s), "{cards:?}");
                all_add_sub += 1;
            }
            hands += !brute.is_empty() as usize;
        }
        // As many as `census24 pick --ops add-sub --all` lists.
        assert_eq!(hands, 220, "four-card hands that make 24 with + and - only");
        assert!(dissimilar_checked > 1700, "{dissimilar_checked}");
        assert!(all_add_sub > 0);
    }

    /// Issue 33: an add-sub sheet showed `2 4 6 12` with the ten solutions of
    /// the full game; with + and - it has one.
    #[test]
    fn hand_2_4_6_12_has_one_solution_in_add_sub() {
        let key = TableKey::standard(4);
        let e = bare(&[2, 4, 6, 12]);
        let played = e.within(Ops::AddSub, &key).unwrap();
        assert_eq!((played.dissimilar, played.structural), (Some(1), Some(1)));
        assert_eq!(played.simplest, "2+4+6+12");
        assert_eq!(played.groups.len(), 1);
        let full = e.within(Ops::Fraction, &key).unwrap();
        assert_eq!(full, e, "every operation: the table's entry itself");
        let product = e.within(Ops::Product, &key).unwrap();
        assert!(product.dissimilar > Some(1) && product.dissimilar < Some(10));
    }

    #[test]
    fn shapes_erase_the_numbers() {
        assert_eq!(shape("7*9-3*13"), "n*n-n*n");
        assert_eq!(shape("(10-1)*8/3"), "(n-n)*n/n");
        assert_eq!(shape("(-5)+2+27"), "(-n)+n+n");
    }

    #[test]
    fn the_simplest_within_keeps_to_the_operations() {
        let mut e = Entry {
            hand: "2 2 11 13".into(),
            cards: vec![2, 2, 11, 13],
            solvable: true,
            prediction: Some(Prediction {
                time_s: 60.0,
                time_p80_s: 80.0,
                solve_rate: 0.5,
                difficulty: 90.0,
                tier: Tier::Expert,
            }),
            rank: Some(1),
            dissimilar: Some(1),
            structural: Some(1),
            needs_fraction: false,
            integer_solvable: true,
            deal_probability: 0.0001,
            ops: Some(Ops::AddSub),
            simplest: "2*11/2+13".into(),
            groups: Vec::new(),
        };
        assert_eq!(e.simplest(), Some("2*11/2+13"));
        assert_eq!(e.simplest_within(Ops::AddSub), None);
        let mut sub = row(3, "2+11+13-2", 0, 9.0);
        sub.op_counts = [2, 1, 0, 0];
        let mut mul = row(0, "2*11/2+13", 0, 1.0);
        mul.op_counts = [1, 0, 1, 1];
        let mut prod = row(1, "2*13-(13-11)", 1, 1.0);
        prod.op_counts = [0, 2, 1, 0];
        e.groups = grouped(vec![sub, mul, prod]);
        assert_eq!(e.simplest_within(Ops::AddSub), Some("2+11+13-2"));
        assert_eq!(e.simplest_within(Ops::Product), Some("2*13-(13-11)"));
        assert_eq!(e.simplest_within(Ops::Division), Some("2*11/2+13"));
        e.simplest.clear();
        e.groups.clear();
        assert_eq!(e.simplest(), None);
    }
}
