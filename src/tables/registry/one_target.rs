//! The single-target table as a kind of table: every hand against one
//! target, `hands.parquet` (one row per hand) and `solutions.parquet` (one
//! row per structural class), the rows of [`crate::tables::rows`].

use crate::tables::manifest::KindName;
#[cfg(feature = "tables")]
use crate::{
    difficulty::pricer::Pricer,
    game::deck::{Deck, ValueRange},
    game::error::InputError,
    game::hand::{Hand, MAX_EXACT_CARDS},
    tables::columns,
    tables::enumerate,
    tables::error::PlanError,
    tables::kind::{self, KindKey, TableFile, TableKind},
    tables::layout::{Part, Shard, TableKey},
    tables::manifest::{GameRecord, Manifest, Params},
    tables::rows::{HandRow, RowSpec, SolutionBatch, hand_batch_priced, hand_row_priced},
    tables::summary::{Tally, counted, probability},
    tables::sweep::{Job, Request, check_plan},
    tables::table::{self, Computed},
};
#[cfg(feature = "tables")]
use polars::prelude::{DataFrame, PolarsResult};
#[cfg(feature = "tables")]
use rustc_hash::FxHashMap;
#[cfg(feature = "tables")]
use std::{
    path::PathBuf,
    sync::{Arc, Mutex},
};

/// The kind's name, as its manifests record it.
pub const NAME: KindName = KindName::new("one-target");

/// Tables of at most this many hands are solved and written without chunk
/// files (unless a run is asked to be resumable): the 6175 five-card hands of
/// the default deck take well under a second and 100 MB.
#[cfg(feature = "tables")]
pub const IN_MEMORY_HANDS: usize = 8192;

/// The largest hand size whose structural classes a sweep enumerates; past
/// it the class counts explode and only `--no-solutions` is offered.
#[cfg(feature = "tables")]
pub const MAX_SOLUTIONS_K: usize = 7;

/// A single-target table: which one, and what it holds.
#[derive(Clone, Debug)]
#[cfg(feature = "tables")]
pub struct OneTarget {
    pub key: TableKey,
    /// Enumerate each hand's structural classes (the solutions table and
    /// the counts), or only decide each hand.
    pub solutions: bool,
    /// With `solutions`: the counts and difficulty of each hand, but no
    /// solutions table.
    pub counts_only: bool,
    /// All deals of K cards, the denominator of `deal_probability` (set by
    /// [`OneTarget::new`]).
    total_ways: u128,
    /// The model file that prices the figures (`sweep --model`); `None`:
    /// the built-in model.
    pub model: Option<Arc<Pricer>>,
    /// Rows solved by the sweeps of the same game for other decks
    /// (`sweep --also-deck`), taken rather than solved again, and this
    /// sweep's rows given to them.
    pub shared: Option<SharedRows>,
}

/// The rows of every hand solved so far by the sweeps of one game for
/// several decks (`sweep --deck 4 --also-deck none`): a hand's rows depend
/// on its cards, the target, the rules and what the table holds, never on
/// the deck it is dealt from but for its deal odds, which each table deals
/// again ([`HandRow::dealt`]). The 52-card deck's 49,205 seven-card hands
/// are all hands of independent draws: swept first, they leave the second
/// table 1,183 hands to solve. Cloning shares the rows; the clone made by
/// [`SharedRows::last`] (for the last table) keeps nothing and takes the
/// rows it reads out.
#[cfg(feature = "tables")]
#[derive(Clone, Default)]
pub struct SharedRows {
    solved: Arc<Mutex<Solved>>,
    last: bool,
}

#[cfg(feature = "tables")]
#[derive(Default)]
struct Solved {
    rows: FxHashMap<Vec<i64>, Arc<(HandRow, SolutionBatch)>>,
    /// Hands solved once, and hands whose rows a sweep read.
    solved: u64,
    read: u64,
}

#[cfg(feature = "tables")]
impl SharedRows {
    /// The same rows, for the last table: it keeps none, and the rows it
    /// reads are let go.
    pub fn last(&self) -> SharedRows {
        SharedRows {
            solved: self.solved.clone(),
            last: true,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Solved> {
        self.solved.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The rows of `hand` if a sweep before solved it.
    fn rows_of(&self, hand: &Hand) -> Option<(HandRow, SolutionBatch)> {
        let rows = {
            let mut s = self.lock();
            let rows = match self.last {
                true => s.rows.remove(hand.cards()),
                false => s.rows.get(hand.cards()).cloned(),
            };
            s.read += rows.is_some() as u64;
            rows
        };
        // Copied outside the lock (or not at all when let go).
        rows.map(|r| Arc::try_unwrap(r).unwrap_or_else(|r| (*r).clone()))
    }

    /// Keeps the rows of a hand just solved for the tables after.
    fn keep(&self, rows: &(HandRow, SolutionBatch)) {
        let mut s = self.lock();
        s.solved += 1;
        if !self.last {
            let kept = Arc::new(rows.clone());
            s.rows.insert(rows.0.hand.cards().to_vec(), kept);
        }
    }

    /// Hands solved once for all the tables.
    pub fn solved(&self) -> u64 {
        self.lock().solved
    }

    /// Hands whose rows a sweep read instead of solving them.
    pub fn read(&self) -> u64 {
        self.lock().read
    }
}

#[cfg(feature = "tables")]
impl std::fmt::Debug for SharedRows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.lock();
        write!(f, "SharedRows({} solved, {} held)", s.solved, s.rows.len())
    }
}

/// Two sweeps are the same table whether or not they share rows.
#[cfg(feature = "tables")]
impl PartialEq for OneTarget {
    fn eq(&self, o: &Self) -> bool {
        (
            &self.key,
            self.solutions,
            self.counts_only,
            self.total_ways,
            &self.model,
        ) == (&o.key, o.solutions, o.counts_only, o.total_ways, &o.model)
    }
}

/// The validated sweep of the table `key` as `request` asks.
#[cfg(feature = "tables")]
pub fn plan(key: TableKey, request: &Request) -> Result<Box<dyn Job>, PlanError> {
    Ok(Box::new(
        request.config(OneTarget::of_request(key, request))?,
    ))
}

#[cfg(feature = "tables")]
impl OneTarget {
    /// The table `key` as `request` asks it: its solutions, counts and
    /// model.
    pub fn of_request(key: TableKey, request: &Request) -> OneTarget {
        OneTarget {
            model: request.model.clone(),
            ..OneTarget::new(key, request.solutions, request.counts_only)
        }
    }

    /// The same table, taking and giving the rows of hands `shared` with
    /// the sweeps of other decks.
    pub fn sharing(self, shared: Option<SharedRows>) -> OneTarget {
        OneTarget { shared, ..self }
    }

    pub fn new(key: TableKey, solutions: bool, counts_only: bool) -> OneTarget {
        OneTarget {
            key,
            solutions,
            counts_only,
            // Checked by `validate`: an impossible deal count is refused there.
            total_ways: enumerate::total_ways(key.k, key.values, key.deck).unwrap_or(0),
            model: None,
            shared: None,
        }
    }

    fn spec(&self) -> RowSpec {
        RowSpec {
            target: self.key.target,
            rules: self.key.rules,
            deck: self.key.deck,
            total_ways: self.total_ways,
            solutions: self.solutions,
        }
    }
}

/// What `census24 merge` says of a table it joined: its hands, how many
/// are solvable and its solution classes.
#[cfg(feature = "tables")]
pub fn merged_line(m: &Manifest) -> String {
    format!(
        "{}, {} solvable, {}",
        counted(m.hands, "hand"),
        m.solvable,
        counted(m.solution_rows, "solution class")
    )
}

/// `hands` (held whole: places by difficulty need every hand; without the
/// counts of solutions, `counted` false, without the columns that follow
/// from them, [`Computed`]), then `solutions` when the table has them.
#[cfg(feature = "tables")]
pub fn files(with_solutions: bool, counted: bool) -> Vec<TableFile> {
    let empty: fn() -> PolarsResult<DataFrame> = match counted {
        true => || table::hands_frame(&[]),
        false => || Ok(computed(false).keep("hands", table::hands_frame(&[])?)),
    };
    let hands = TableFile {
        stem: "hands",
        empty,
        whole: Some(rank),
    };
    let solutions = TableFile {
        stem: "solutions",
        empty: || table::solutions_frame(&[]),
        whole: None,
    };
    match with_solutions {
        true => vec![hands, solutions],
        false => vec![hands],
    }
}

/// What a one-target table computes: the counts when `counted`; no
/// nearest values (one target, every card used).
#[cfg(feature = "tables")]
fn computed(counted: bool) -> Computed {
    Computed {
        counts: counted,
        nearest: true,
    }
}

/// Places by difficulty need every hand, so only whole tables have them
/// (and tables without predictions have none).
#[cfg(feature = "tables")]
fn rank(hands: &mut DataFrame, part: Part) -> PolarsResult<()> {
    if part == Part::Whole && hands.schema().contains(columns::DIFFICULTY_RANK) {
        table::fill_difficulty_rank(hands)?;
    }
    Ok(())
}

#[cfg(feature = "tables")]
impl KindKey for TableKey {
    fn partition(&self) -> PathBuf {
        TableKey::partition(self)
    }

    fn hand_set(&self) -> (usize, ValueRange, Deck) {
        (self.k, self.values, self.deck)
    }

    fn target_text(&self) -> String {
        self.target.to_string()
    }

    fn rules_text(&self) -> String {
        self.rules.to_string()
    }

    fn game_record(&self) -> GameRecord {
        GameRecord::of(&self.game())
    }
}

#[cfg(feature = "tables")]
impl TableKind for OneTarget {
    type Rows = (HandRow, SolutionBatch);
    type Key = TableKey;

    fn key(&self) -> &TableKey {
        &self.key
    }

    fn files(&self) -> Vec<TableFile> {
        files(self.solutions && !self.counts_only, self.solutions)
    }

    fn validate(&self) -> Result<(), PlanError> {
        let k = &self.key;
        let (max, note) = if self.solutions {
            (MAX_SOLUTIONS_K, " (larger hands need --no-solutions)")
        } else {
            (MAX_EXACT_CARDS, "")
        };
        check_plan(k.k, max, note, k.values, k.deck, k.target)?;
        Ok(())
    }

    fn params(&self) -> Params {
        Params {
            model: kind::priced_by(&self.model, self.solutions),
            ..kind::params(NAME, &self.key, self.solutions, self.counts_only)
        }
    }

    fn in_memory_hands(&self) -> usize {
        IN_MEMORY_HANDS
    }

    fn rows_of_hand(&self, hand: &Hand) -> Result<Self::Rows, InputError> {
        let (spec, pricer) = (self.spec(), kind::pricer(&self.model));
        if let Some((row, batch)) = self.shared.as_ref().and_then(|s| s.rows_of(hand)) {
            return Ok((row.dealt(&spec), batch));
        }
        let rows = if self.counts_only {
            (
                hand_row_priced(hand, &spec, pricer)?,
                SolutionBatch::default(),
            )
        } else {
            hand_batch_priced(hand, &spec, pricer)?
        };
        if let Some(s) = &self.shared {
            s.keep(&rows);
        }
        Ok(rows)
    }

    fn tally(&self, (row, solutions): &Self::Rows) -> Tally {
        Tally::of(row, solutions.len())
    }

    fn frames(&self, rows: Vec<Self::Rows>) -> PolarsResult<Vec<DataFrame>> {
        let (hands, solutions): (Vec<HandRow>, Vec<SolutionBatch>) = rows.into_iter().unzip();
        let mut frames = vec![computed(self.solutions).keep("hands", table::hands_frame(&hands)?)];
        if self.solutions && !self.counts_only {
            frames.push(table::solutions_frame_batches(&solutions)?);
        }
        Ok(frames)
    }

    fn headline(&self, shard: Option<Shard>, t: &Tally) -> String {
        let mut s = format!(
            "Swept {} of {}: {} solvable ({:.2}%), {} of them only with fractions; \
             a random deal is solvable with probability {}.",
            counted(t.hands, "hand"),
            describe(&self.key, shard),
            t.solvable,
            100.0 * t.solvable_share(),
            t.needs_fraction,
            probability(t.solvable_deal_share()),
        );
        if self.solutions && !self.counts_only {
            s += &format!(" {}.", counted(t.solution_rows, "solution class"));
        }
        s
    }

    fn files_word(&self) -> &'static str {
        "Tables"
    }
}

/// `4 cards from 1..13 (rational, target 24, deck 4)`, with the shard if any.
#[cfg(feature = "tables")]
fn describe(k: &TableKey, shard: Option<Shard>) -> String {
    let shard = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    format!(
        "{} from {} ({}, target {}, deck {}{shard})",
        counted(k.k as u64, "card"),
        k.values,
        k.rules,
        k.target,
        k.deck
    )
}

#[cfg(all(test, feature = "tables"))]
mod tests {
    use super::*;
    use crate::game::number::Q;
    use crate::game::rules::Rules;

    fn table(k: usize, values: &str, deck: Deck, solutions: bool) -> OneTarget {
        OneTarget::new(
            TableKey {
                rules: Rules::Rational,
                target: Q::int(24),
                values: values.parse().unwrap(),
                deck,
                k,
            },
            solutions,
            false,
        )
    }

    #[test]
    fn rejects_impossible_tables_naming_the_value() {
        let e = table(0, "1..13", Deck::Copies(4), true)
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("hand size 0"), "{e}");
        let e = table(9, "1..13", Deck::Copies(4), true)
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("--no-solutions"), "{e}");
        assert!(table(9, "1..13", Deck::Copies(4), false).validate().is_ok());
        let e = table(5, "1..1", Deck::Copies(4), true)
            .validate()
            .unwrap_err();
        assert!(matches!(e, PlanError::DeckTooSmall { cards: 4, .. }), "{e}");
        assert!(table(5, "1..1", Deck::Unlimited, true).validate().is_ok());
    }

    /// Twelve cards from -27..27 drawn freely are C(66, 12) hands; the sweep
    /// once tried to list them all and aborted.
    #[test]
    fn hand_count_is_checked_before_listing() {
        let e = table(12, "-27..27", Deck::Unlimited, false)
            .validate()
            .unwrap_err();
        assert!(matches!(e, PlanError::TooManyHands { .. }), "{e}");
        assert!(e.to_string().contains("4922879481520"), "{e}");
        assert!(
            table(12, "1..13", Deck::Copies(4), false)
                .validate()
                .is_ok()
        );
    }

    #[test]
    fn headline_states_counts_share_and_classes() {
        let t = Tally {
            hands: 4,
            solvable: 3,
            needs_fraction: 1,
            solution_rows: 9,
            ways: 10,
            solvable_ways: 5,
            ..Tally::default()
        };
        assert_eq!(
            table(4, "1..13", Deck::Copies(4), true).headline(None, &t),
            "Swept 4 hands of 4 cards from 1..13 (rational, target 24, deck 4): 3 solvable (75.00%), \
             1 of them only with fractions; a random deal is solvable with probability 0.5000. \
             9 solution classes."
        );
    }

    #[test]
    fn one_of_a_thing_is_singular() {
        let t = Tally {
            hands: 1,
            solvable: 1,
            solution_rows: 1,
            ways: 1,
            solvable_ways: 1,
            ..Tally::default()
        };
        assert_eq!(
            table(1, "24..24", Deck::Unlimited, true).headline(None, &t),
            "Swept 1 hand of 1 card from 24..24 (rational, target 24, deck none): 1 solvable \
             (100.00%), 0 of them only with fractions; a random deal is solvable with probability \
             1.0000. 1 solution class."
        );
    }

    /// A hand solved for one deck is read by the sweep of another with
    /// that deck's odds: its rows are the rows solved afresh for it. The
    /// last table keeps nothing and lets go of what it read.
    #[test]
    fn shared_rows_are_the_rows_solved_afresh() {
        let shared = SharedRows::default();
        let none = table(5, "1..13", Deck::Unlimited, true).sharing(Some(shared.clone()));
        let four = table(5, "1..13", Deck::Copies(4), true).sharing(Some(shared.last()));
        let hand = Hand::new(vec![1, 5, 5, 5, 13]).unwrap();
        let first = none.rows_of_hand(&hand).unwrap();
        let read = four.rows_of_hand(&hand).unwrap();
        assert_eq!((shared.solved(), shared.read()), (1, 1));
        let afresh = table(5, "1..13", Deck::Copies(4), true)
            .rows_of_hand(&hand)
            .unwrap();
        assert_eq!(read, afresh);
        // C(4,1) * C(4,3) * C(4,1) deals from the 52 cards; the rest the same.
        assert_eq!((read.0.deal_ways, first.0.deal_ways == 64), (64, false));
        assert!(!read.1.is_empty() && read.1 == first.1);
        assert_eq!(read.0.clone().dealt(&none.spec()), first.0);
        // Read once by the last table, the rows are gone: solved again.
        assert_eq!(four.rows_of_hand(&hand).unwrap(), afresh);
        assert_eq!((shared.solved(), shared.read()), (2, 1));
        assert_eq!(none, table(5, "1..13", Deck::Unlimited, true));
    }

    /// Rows of a hand count once in the tally, whatever the grouping.
    #[test]
    fn a_hand_is_tallied_from_its_rows() {
        let kind = table(4, "1..13", Deck::Copies(4), true);
        let rows = kind
            .rows_of_hand(&Hand::new(vec![3, 3, 8, 8]).unwrap())
            .unwrap();
        let t = kind.tally(&rows);
        assert_eq!((t.hands, t.solvable, t.needs_fraction), (1, 1, 1));
        assert_eq!(t.solution_rows, rows.1.len() as u64);
        let frames = kind.frames(vec![rows]).unwrap();
        assert_eq!(frames.len(), kind.files().len());
    }
}
