//! Decks as multisets, `--use any` and the Countdown census as a user runs
//! them: the census rows agree with an independent brute force written here
//! (exact whole-number arithmetic over every selection of the tiles), two
//! decks agree where their tiles do, and bad decks are named.

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::Path;

use polars::prelude::*;
use tempfile::TempDir;

use crate::util::run;

/// Every value a multiset of tiles reaches under the natural rules, every
/// tile used once.
fn values(tiles: &[i64], memo: &mut HashMap<Vec<i64>, BTreeSet<i64>>) -> BTreeSet<i64> {
    if let Some(v) = memo.get(tiles) {
        return v.clone();
    }
    let mut out = BTreeSet::new();
    if tiles.len() == 1 {
        out.insert(tiles[0]);
    } else {
        let n = tiles.len();
        for mask in 1..(1u32 << n) - 1 {
            if mask & 1 == 0 {
                continue;
            }
            let pick = |inside: bool| -> Vec<i64> {
                (0..n)
                    .filter(|i| (mask >> i & 1 == 1) == inside)
                    .map(|i| tiles[i])
                    .collect()
            };
            let (a, b) = (values(&pick(true), memo), values(&pick(false), memo));
            for &x in &a {
                for &y in &b {
                    out.insert(x + y);
                    out.insert(x * y);
                    out.insert((x - y).abs());
                    if y != 0 && x % y == 0 {
                        out.insert(x / y);
                    }
                    if x != 0 && y % x == 0 {
                        out.insert(y / x);
                    }
                }
            }
        }
    }
    memo.insert(tiles.to_vec(), out.clone());
    out
}

/// What any non-empty selection of the tiles reaches.
fn any_values(tiles: &[i64], memo: &mut HashMap<Vec<i64>, BTreeSet<i64>>) -> BTreeSet<i64> {
    let mut all = BTreeSet::new();
    for mask in 1..(1u32 << tiles.len()) {
        let pick: Vec<i64> = (0..tiles.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| tiles[i])
            .collect();
        all.extend(values(&pick, memo));
    }
    all
}

fn frame(path: &Path) -> DataFrame {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    census24::tables::table::from_parquet(&bytes).unwrap()
}

/// Checks every row of a reach frame with closest values against the brute force.
fn check_rows(df: &DataFrame, uses_any: bool) -> usize {
    let mut memo = HashMap::new();
    let hand = df.column("hand").unwrap().str().unwrap();
    let target = df.column("target").unwrap().i32().unwrap();
    let solvable = df.column("solvable").unwrap().bool().unwrap();
    let closest = df.column("closest").unwrap().i64().unwrap();
    let below = df.column("closest_below").unwrap().i64().unwrap();
    let distance = df.column("distance").unwrap().u32().unwrap();
    let mut reach: Option<(String, BTreeSet<i64>)> = None;
    for i in 0..df.height() {
        let h = hand.get(i).unwrap();
        if reach.as_ref().is_none_or(|(name, _)| name != h) {
            let tiles: Vec<i64> = h.split(' ').map(|c| c.parse().unwrap()).collect();
            let v = if uses_any {
                any_values(&tiles, &mut memo)
            } else {
                values(&tiles, &mut memo)
            };
            reach = Some((h.to_string(), v));
        }
        let v = &reach.as_ref().unwrap().1;
        let t = target.get(i).unwrap() as i64;
        let ok = v.contains(&t);
        let nearest = v
            .iter()
            .copied()
            .min_by_key(|&x| ((x - t).abs(), x))
            .unwrap();
        let want = (
            ok,
            (!ok).then_some(nearest),
            if ok {
                None
            } else {
                v.range(..t).next_back().copied()
            },
            if ok {
                0
            } else {
                (nearest - t).unsigned_abs() as u32
            },
        );
        let got = (
            solvable.get(i).unwrap(),
            closest.get(i),
            below.get(i),
            distance.get(i).unwrap(),
        );
        assert_eq!(got, want, "{h} -> {t}");
    }
    df.height()
}

const CENSUS: &str = "rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6";

/// `--game countdown` names the census; its first chunk of selections (512
/// of 13,243, stopped there as if interrupted) agrees row for row with the
/// brute force, including 1 1 2 2 3 3, which makes no target at all.
#[test]
fn countdown_census_rows_agree_with_a_brute_force() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let (code, _, err) = run(&[
        "sweep",
        "--game",
        "countdown",
        "--quiet",
        "--out",
        out,
        "--stop-after-chunks",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    let chunk = tmp
        .path()
        .join(CENSUS)
        .join(".partial/chunk-00000.reach.parquet");
    let df = frame(&chunk);
    assert_eq!(df.height(), 512 * 900);
    let first = df
        .column("hand")
        .unwrap()
        .str()
        .unwrap()
        .get(0)
        .unwrap()
        .to_string();
    assert_eq!(first, "1 1 2 2 3 3");
    let none = df
        .clone()
        .lazy()
        .filter(col("hand").eq(lit("1 1 2 2 3 3")).and(col("solvable")))
        .collect()
        .unwrap();
    assert_eq!(
        none.height(),
        0,
        "1 1 2 2 3 3 reaches no target from 100 to 999"
    );
    // Every eighth selection of the chunk, all 900 targets.
    let sample = df
        .lazy()
        .with_row_index("row", None)
        .filter(((col("row") / lit(900u32)) % lit(8u32)).eq(lit(0u32)))
        .collect()
        .unwrap();
    assert_eq!(check_rows(&sample, true), 64 * 900);
}

/// The same census with other large tiles: the selections are the same in
/// number and odds, those without large tiles give the same rows, and the
/// rest agree with the brute force.
#[test]
fn two_decks_agree_where_their_tiles_do() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let mut frames = Vec::new();
    for deck in ["countdown", "1..10x2,12,37,62,87"] {
        let (code, stdout, err) = run(&[
            "sweep",
            "--deck",
            deck,
            "--use",
            "any",
            "--rules",
            "natural",
            "-k",
            "3",
            "--targets",
            "100..400",
            "--out",
            out,
            "--no-report",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(stdout.contains("Swept 494 hands of 3 cards"), "{stdout}");
        let folder = if deck == "countdown" {
            "rules=natural/use=any/targets=100-400/values=1-100/deck=countdown/k=3".to_string()
        } else {
            "rules=natural/use=any/targets=100-400/values=1-87/deck=1-10x2_12_37_62_87/k=3"
                .to_string()
        };
        frames.push(frame(&tmp.path().join(folder).join("reach.parquet")));
    }
    let rows = |df: &DataFrame, only_small: bool| -> Vec<(String, i32, bool, Option<i64>)> {
        let h = df.column("hand").unwrap().str().unwrap();
        let t = df.column("target").unwrap().i32().unwrap();
        let s = df.column("solvable").unwrap().bool().unwrap();
        let c = df.column("closest").unwrap().i64().unwrap();
        (0..df.height())
            .filter(|&i| {
                !only_small
                    || h.get(i)
                        .unwrap()
                        .split(' ')
                        .all(|x| x.parse::<i64>().unwrap() <= 10)
            })
            .map(|i| {
                (
                    h.get(i).unwrap().to_string(),
                    t.get(i).unwrap(),
                    s.get(i).unwrap(),
                    c.get(i),
                )
            })
            .collect()
    };
    let (a, b) = (&frames[0], &frames[1]);
    assert_eq!(a.height(), b.height());
    let (sa, sb) = (rows(a, true), rows(b, true));
    assert!(
        !sa.is_empty() && sa == sb,
        "selections of small tiles only must agree"
    );
    assert_ne!(
        rows(a, false),
        rows(b, false),
        "the large tiles change some games"
    );
    let ways = |df: &DataFrame| -> u64 {
        df.column("deal_ways")
            .unwrap()
            .u64()
            .unwrap()
            .sum()
            .unwrap()
    };
    assert_eq!(ways(a), ways(b));
    check_rows(b, true);
}

#[test]
fn bad_decks_and_uses_are_named() {
    for (args, says) in [
        (&["sweep", "--deck", "1..10x0"][..], "0 copies of 1"),
        (&["sweep", "--deck", "jokers"][..], "deck \"jokers\""),
        (
            &["sweep", "--use", "any"][..],
            "--use any writes a reach table",
        ),
        (
            &["sweep", "--game", "countdown", "--counts-only"][..],
            "--counts-only is for tables of one target",
        ),
        (
            &["sweep", "--deck", "1..3", "-k", "4", "--targets", "1..9"][..],
            "cannot be dealt",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
