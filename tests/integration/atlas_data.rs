//! The shipped atlas (issue 26): the target-24 tables of every hand size 1
//! to 10, for the 52-card deck and for independent draws, checked against
//! an independent brute force of this file (its own rationals, reducing
//! pairs of numbers until one is left; nothing of the solver), against the
//! literature's three unsolvable six-card deck hands, and against the
//! saturation from eight cards up. And `data/` stays under its size limit.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use census24::report::atlas::{self, DECKS, MAX_K};
use census24::tables::columns;
use census24::tables::enumerate;
use census24::tables::manifest::Manifest;
use census24::tables::table;
use walkdir::WalkDir;

/// The most `data/` may hold, in bytes (issue 26).
const DATA_LIMIT: u64 = 60 * 1024 * 1024;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn table_dir(k: usize, deck: enumerate::Deck) -> PathBuf {
    root().join("data").join(atlas::key(k, deck).partition())
}

fn manifest(dir: &Path) -> Manifest {
    serde_json::from_slice(&fs::read(dir.join("manifest.json")).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
}

/// (hand, solvable, integer_solvable) of every row.
fn rows(dir: &Path) -> Vec<(String, bool, bool)> {
    let df = table::from_parquet(&fs::read(dir.join("hands.parquet")).unwrap()).unwrap();
    let hands: Vec<String> = df
        .column(columns::HAND)
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|h| h.unwrap().to_string())
        .collect();
    let flag = |name: &str| -> Vec<bool> {
        df.column(name)
            .unwrap()
            .bool()
            .unwrap()
            .iter()
            .map(|b| b.unwrap())
            .collect()
    };
    let (s, i) = (flag(columns::SOLVABLE), flag(columns::INTEGER_SOLVABLE));
    hands
        .into_iter()
        .zip(s)
        .zip(i)
        .map(|((h, s), i)| (h, s, i))
        .collect()
}

/// A rational of this file's own: numerator and a positive denominator, in
/// lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct R(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl R {
    fn new(n: i128, d: i128) -> R {
        let g = gcd(n, d).max(1) * d.signum();
        R(n / g, d / g)
    }
    fn ops(self, o: R, whole: bool) -> Vec<R> {
        let (R(a, b), R(c, d)) = (self, o);
        let mut v = vec![
            R::new(a * d + c * b, b * d),
            R::new(a * d - c * b, b * d),
            R::new(c * b - a * d, b * d),
            R::new(a * c, b * d),
        ];
        if c != 0 {
            v.push(R::new(a * d, b * c));
        }
        if a != 0 {
            v.push(R::new(c * b, d * a));
        }
        if whole {
            v.retain(|r| r.1 == 1);
        }
        v
    }
}

/// Whether the numbers make `t` (each used once), `whole`: every
/// intermediate an integer. Remembers multisets of three or more.
struct Brute {
    t: R,
    whole: bool,
    memo: HashMap<Vec<R>, bool>,
}

impl Brute {
    fn makes(&mut self, nums: &[R]) -> bool {
        match nums {
            [a] => return *a == self.t,
            [a, b] => return a.ops(*b, self.whole).contains(&self.t),
            _ => {}
        }
        let mut key = nums.to_vec();
        key.sort();
        if let Some(&m) = self.memo.get(&key) {
            return m;
        }
        let mut found = false;
        'outer: for i in 0..key.len() {
            for j in i + 1..key.len() {
                let rest: Vec<R> = (0..key.len())
                    .filter(|&x| x != i && x != j)
                    .map(|x| key[x])
                    .collect();
                for v in key[i].ops(key[j], self.whole) {
                    let mut next = rest.clone();
                    next.push(v);
                    if self.makes(&next) {
                        found = true;
                        break 'outer;
                    }
                }
            }
        }
        self.memo.insert(key, found);
        found
    }
}

fn cards(hand: &str) -> Vec<R> {
    hand.split(' ').map(|c| R(c.parse().unwrap(), 1)).collect()
}

#[test]
fn data_stays_under_its_size_limit() {
    let total: u64 = WalkDir::new(root().join("data"))
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.metadata().unwrap().len())
        .sum();
    assert!(
        total < DATA_LIMIT,
        "data/ holds {total} bytes, over {DATA_LIMIT}"
    );
}

/// No shipped Parquet column is entirely null: a table leaves out what it
/// does not compute (`table::Computed`). The one exception is a column
/// null for an unsolvable hand in a table where no hand is solvable (one
/// card never makes 24): there the nulls are the facts, not a column left
/// unfilled. A test that a column is left out, not emptied, when a table
/// does not compute it: the `--no-solutions` and rational reach tables.
#[test]
fn no_shipped_column_is_entirely_null() {
    // Null when unsolvable (the hands table's meanings say so).
    let null_when_unsolvable = [
        columns::SMALLEST_PEAK,
        columns::SMALLEST_PEAK_F64,
        columns::DIFFICULTY_RANK,
    ];
    let mut read = 0;
    for e in WalkDir::new(root().join("data")) {
        let path = e.unwrap().into_path();
        if path.extension().is_none_or(|x| x != "parquet") {
            continue;
        }
        let df = table::from_parquet(&fs::read(&path).unwrap()).unwrap();
        if df.height() == 0 {
            continue;
        }
        read += 1;
        let none_solvable = df
            .column(columns::SOLVABLE)
            .ok()
            .and_then(|c| c.bool().ok().map(|b| !b.any()))
            .unwrap_or(false);
        for c in df.columns() {
            if c.null_count() < df.height() {
                continue;
            }
            let name = c.name().as_str();
            let excused = none_solvable
                && (null_when_unsolvable.contains(&name)
                    || census24::difficulty::figures::names().contains(&name));
            assert!(
                excused,
                "{}: column {name} is entirely null",
                path.display()
            );
        }
    }
    assert!(read > 20, "{read} Parquet files read");
}

#[test]
fn every_hand_size_ships_for_both_decks() {
    for deck in DECKS {
        for k in 1..=MAX_K {
            let dir = table_dir(k, deck);
            let m = manifest(&dir);
            let listed = enumerate::count_hands(k, atlas::key(k, deck).values, deck).unwrap();
            assert_eq!(u128::from(m.hands), listed, "{}", dir.display());
        }
    }
}

#[test]
fn up_to_five_cards_every_row_agrees_with_a_brute_force() {
    let t = R(24, 1);
    for deck in DECKS {
        let mut rational = Brute {
            t,
            whole: false,
            memo: HashMap::new(),
        };
        let mut whole = Brute {
            t,
            whole: true,
            memo: HashMap::new(),
        };
        for k in 1..=5 {
            let dir = table_dir(k, deck);
            let rows = rows(&dir);
            let m = manifest(&dir);
            let mut solvable = 0u64;
            for (hand, s, i) in &rows {
                let c = cards(hand);
                assert_eq!(*s, rational.makes(&c), "{hand} ({})", dir.display());
                assert_eq!(
                    *i,
                    whole.makes(&c),
                    "{hand}: whole numbers ({})",
                    dir.display()
                );
                solvable += u64::from(*s);
            }
            assert_eq!(m.solvable, solvable, "{}", dir.display());
        }
    }
}

#[test]
fn six_cards_from_a_deck_leave_exactly_three_hands_unsolvable() {
    let dir = table_dir(6, enumerate::Deck::Copies(4));
    let unsolvable: Vec<String> = rows(&dir)
        .into_iter()
        .filter(|r| !r.1)
        .map(|r| r.0)
        .collect();
    assert_eq!(unsolvable.len(), 3, "{unsolvable:?}");
    let mut brute = Brute {
        t: R(24, 1),
        whole: false,
        memo: HashMap::new(),
    };
    for hand in &unsolvable {
        assert!(!brute.makes(&cards(hand)), "{hand} makes 24");
    }
}

#[test]
fn from_eight_cards_of_a_deck_every_hand_is_solvable() {
    for k in 8..=MAX_K {
        let dir = table_dir(k, enumerate::Deck::Copies(4));
        let m = manifest(&dir);
        assert_eq!(m.solvable, m.hands, "{}", dir.display());
        assert!(rows(&dir).iter().all(|r| r.1), "{}", dir.display());
    }
}

/// The independent draws keep a few unsolvable hands longer: eight ones
/// make at most (1+1)(1+1+1)(1+1+1) = 18.
#[test]
fn independent_draws_leave_eight_ones_unsolvable() {
    let dir = table_dir(8, enumerate::Deck::Unlimited);
    let r = rows(&dir);
    let ones = r.iter().find(|r| r.0 == "1 1 1 1 1 1 1 1").unwrap();
    assert!(!ones.1);
    let mut brute = Brute {
        t: R(24, 1),
        whole: false,
        memo: HashMap::new(),
    };
    for (hand, s, _) in r.iter().filter(|r| !r.1) {
        assert!(!s);
        assert!(!brute.makes(&cards(hand)), "{hand} makes 24");
    }
}

/// The README quotes the shipped atlas report's paragraph for the deck
/// word for word (whitespace folded), so a regenerated atlas that changes
/// a number fails here until the README says it too.
#[test]
fn the_readme_quotes_the_shipped_atlas() {
    let fold = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let report = fs::read_to_string(root().join("reports/atlas/README.md")).unwrap();
    let para = report
        .split("## In one paragraph\n\n")
        .nth(1)
        .and_then(|r| r.split("\n\n").next())
        .unwrap();
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let quoted: String = readme
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        fold(&quoted).contains(&fold(para)),
        "README.md should quote: {para}"
    );
}
