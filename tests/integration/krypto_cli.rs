//! Krypto as a user sweeps it (`sweep --game krypto`): five cards and an
//! objective card dealt from the 56-card deck. The census rows agree with a
//! brute force written here (exact fractions or whole numbers, every card
//! used once), each row's deal ways with the deck counted by hand, and the
//! unlimited game with the published count of unsolvable games.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use polars::prelude::*;
use tempfile::TempDir;

use crate::util::run;
use census24::report::render::large::thousands;

/// Krypto's deck: three each of 1..6, four each of 7..10, two each of
/// 11..17, one each of 18..25.
fn copies(v: i64) -> u64 {
    match v {
        1..=6 => 3,
        7..=10 => 4,
        11..=17 => 2,
        18..=25 => 1,
        _ => 0,
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// A fraction in lowest terms, denominator positive.
fn frac(n: i128, d: i128) -> (i128, i128) {
    let g = gcd(n, d).max(1);
    let s = if d < 0 { -1 } else { 1 };
    (s * n / g, s * d / g)
}

/// Every value the cards reach, each used once: fractions allowed
/// (`natural` false) or whole non-negative intermediates only.
fn values(
    cards: &[i64],
    natural: bool,
    memo: &mut HashMap<Vec<i64>, BTreeSet<(i128, i128)>>,
) -> BTreeSet<(i128, i128)> {
    if let Some(v) = memo.get(cards) {
        return v.clone();
    }
    let mut out = BTreeSet::new();
    let n = cards.len();
    if n == 1 {
        out.insert((cards[0] as i128, 1));
    } else {
        for mask in 1..(1u32 << n) - 1 {
            if mask & 1 == 0 {
                continue;
            }
            let side = |inside: bool| -> Vec<i64> {
                (0..n)
                    .filter(|i| (mask >> i & 1 == 1) == inside)
                    .map(|i| cards[i])
                    .collect()
            };
            let (a, b) = (
                values(&side(true), natural, memo),
                values(&side(false), natural, memo),
            );
            for &(an, ad) in &a {
                for &(bn, bd) in &b {
                    let mut add = |v: (i128, i128)| {
                        if !natural || (v.1 == 1 && v.0 >= 0) {
                            out.insert(v);
                        }
                    };
                    add(frac(an * bd + bn * ad, ad * bd));
                    add(frac(an * bn, ad * bd));
                    add(frac(an * bd - bn * ad, ad * bd));
                    add(frac(bn * ad - an * bd, ad * bd));
                    if bn != 0 {
                        add(frac(an * bd, ad * bn));
                    }
                    if an != 0 {
                        add(frac(bn * ad, bd * an));
                    }
                }
            }
        }
    }
    memo.insert(cards.to_vec(), out.clone());
    out
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The deals of this hand and then objective card `t`: the sets of
/// physical cards making the hand, times the copies of `t` left.
fn deals(cards: &[i64], t: i64) -> u64 {
    let mut ways = 1;
    let mut i = 0;
    while i < cards.len() {
        let m = cards[i..].iter().take_while(|&&c| c == cards[i]).count();
        ways *= binomial(copies(cards[i]), m as u64);
        i += m;
    }
    let held = cards.iter().filter(|&&c| c == t).count() as u64;
    ways * copies(t).saturating_sub(held)
}

fn read(path: &Path) -> DataFrame {
    let file = std::fs::File::open(path).unwrap();
    ParquetReader::new(file).finish().unwrap()
}

#[test]
fn the_krypto_census_agrees_with_a_brute_force_under_both_rules() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("data");
    for (rules, natural) in [("rational", false), ("natural", true)] {
        let (code, _, err) = run(&[
            "sweep",
            "--game",
            "krypto",
            "--rules",
            rules,
            "--no-solutions",
            "--shard",
            "37/200",
            "--quiet",
            "--no-report",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let dir = out.join(format!(
            "rules={rules}/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5"
        ));
        let df = read(&dir.join("reach.part-37-of-200.parquet"));
        assert!(df.height() > 5_000, "{} rows", df.height());
        let hands = df.column("hand").unwrap().str().unwrap();
        let targets = df.column("target").unwrap().i32().unwrap();
        let solvable = df.column("solvable").unwrap().bool().unwrap();
        let ways = df.column("deal_ways").unwrap().u64().unwrap();
        let mut memo = HashMap::new();
        let mut unsolvable = 0;
        for i in 0..df.height() {
            let cards: Vec<i64> = hands
                .get(i)
                .unwrap()
                .split(' ')
                .map(|c| c.parse().unwrap())
                .collect();
            assert_eq!(cards.len(), 5);
            assert!(cards.iter().all(|&c| copies(c) > 0));
            let t = targets.get(i).unwrap() as i64;
            let reached = values(&cards, natural, &mut memo).contains(&(t as i128, 1));
            assert_eq!(solvable.get(i), Some(reached), "{rules}: {cards:?} -> {t}");
            assert_eq!(ways.get(i), Some(deals(&cards, t)), "{cards:?} -> {t}");
            unsolvable += usize::from(!reached);
        }
        // The sample has both kinds of game.
        assert!(unsolvable > 0, "{rules}: every sampled game solvable");
    }
}

#[test]
fn every_deal_of_the_deck_is_counted_once() {
    // The whole natural census: its deal ways add up to C(56, 5) x 51, the
    // deals of five cards and then an objective from the 51 left.
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("data");
    let (code, _, err) = run(&[
        "sweep",
        "--game",
        "krypto",
        "--rules",
        "natural",
        "--no-solutions",
        "--quiet",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let df = read(&out.join(
        "rules=natural/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5/reach.parquet",
    ));
    let ways: u64 = df
        .column("deal_ways")
        .unwrap()
        .u64()
        .unwrap()
        .sum()
        .unwrap();
    assert_eq!(ways, binomial(56, 5) * 51);
    // Hands: the multisets of five from the deck.
    let hands = df.column("hand").unwrap().n_unique().unwrap();
    let mut expected = 0;
    let mut count = |c: &[u64]| expected += c.iter().product::<u64>();
    // Multisets of 5 from 25 values with the deck's caps, counted by
    // recursion over the values.
    fn multisets(v: i64, left: u64, take: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        if left == 0 {
            f(&[1]);
            return;
        }
        if v > 25 {
            return;
        }
        for m in 0..=copies(v).min(left) {
            take.push(m);
            multisets(v + 1, left - m, take, f);
            take.pop();
        }
    }
    multisets(1, 5, &mut Vec::new(), &mut count);
    assert_eq!(hands as u64, expected);
    assert_eq!(df.height() as u64, expected * 25);
}

#[test]
fn the_unlimited_tournament_game_has_the_published_unsolvable_count() {
    // Five cards and an objective from 1..25 without the deck's copy
    // limits, whole non-negative intermediates: 61,910 unsolvable games
    // (the published figure counts hands as multisets and targets 1..25).
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("data");
    let (code, _, err) = run(&[
        "sweep",
        "--game",
        "krypto",
        "--rules",
        "natural",
        "--deck",
        "none",
        "--objective",
        "set",
        "--no-solutions",
        "--quiet",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let df = read(
        &out.join("rules=natural/use=all/targets=1-25/values=1-25/deck=none/k=5/reach.parquet"),
    );
    assert_eq!(df.height(), 2_968_875);
    let solvable = df.column("solvable").unwrap().bool().unwrap();
    let unsolvable = (0..df.height())
        .filter(|&i| solvable.get(i) == Some(false))
        .count();
    assert_eq!(unsolvable, 61_910);
}

#[test]
fn the_readme_quotes_the_shipped_tournament_census() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let df = read(&root.join(
        "data/rules=natural/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5/reach.parquet",
    ));
    let solvable = df.column("solvable").unwrap().bool().unwrap();
    let ways = df.column("deal_ways").unwrap().u64().unwrap();
    let (mut games, mut deals, mut bad_deals) = (0, 0u128, 0u128);
    for i in 0..df.height() {
        let w = ways.get(i).unwrap() as u128;
        deals += w;
        if solvable.get(i) == Some(false) {
            games += 1;
            bad_deals += w;
        }
    }
    let share = format!("{:.2}%", 100.0 * bad_deals as f64 / deals as f64);
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let quote = format!(
        "{} of the {} games are unsolvable, {share} of the deals",
        thousands(games),
        thousands(df.height() as u64)
    );
    assert!(flat.contains(&quote), "README.md should say: {quote}");
}
