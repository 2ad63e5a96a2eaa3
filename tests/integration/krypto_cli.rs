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

/// The shipped census of `rules` (`rational` or `natural`).
fn shipped(rules: &str) -> DataFrame {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    read(&root.join(format!(
        "data/rules={rules}/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5/reach.parquet"
    )))
}

/// A census's games: (all rows, unsolvable rows, dealable rows, unsolvable
/// dealable rows, deals, unsolvable deals), the dealable ones by its
/// `deal_ways > 0`.
fn census_counts(df: &DataFrame) -> (u64, u64, u64, u64, u128, u128) {
    let solvable = df.column("solvable").unwrap().bool().unwrap();
    let ways = df.column("deal_ways").unwrap().u64().unwrap();
    let (mut bad, mut dealable, mut bad_dealable) = (0, 0, 0);
    let (mut deals, mut bad_deals) = (0u128, 0u128);
    for i in 0..df.height() {
        let w = ways.get(i).unwrap();
        let unsolvable = solvable.get(i) == Some(false);
        deals += w as u128;
        dealable += u64::from(w > 0);
        if unsolvable {
            bad += 1;
            bad_dealable += u64::from(w > 0);
            bad_deals += w as u128;
        }
    }
    (
        df.height() as u64,
        bad,
        dealable,
        bad_dealable,
        deals,
        bad_deals,
    )
}

#[test]
fn the_readme_quotes_the_shipped_tournament_census() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let (games, bad, dealable, bad_dealable, deals, bad_deals) = census_counts(&shipped("natural"));
    let share = |bad: u128, all: u128| format!("{:.2}%", 100.0 * bad as f64 / all as f64);
    let (house_games, house_bad, house_dealable, house_bad_dealable, house_deals, house_bad_deals) =
        census_counts(&shipped("rational"));
    assert_eq!((house_games, house_dealable), (games, dealable));
    for quote in [
        format!(
            "{} of the {} games the deck can deal are unsolvable, {} of the deals",
            thousands(bad_dealable),
            thousands(dealable),
            share(bad_deals, deals)
        ),
        format!(
            "(under house rules {}, {} of the deals)",
            thousands(house_bad_dealable),
            share(house_bad_deals, house_deals)
        ),
        format!(
            "a row for each of the {} pairs of a hand and an objective, dealable or not: {} the deck cannot deal (`deal_ways = 0`",
            thousands(games),
            thousands(games - dealable)
        ),
        format!(
            "counted with them {} are unsolvable ({} under house rules)",
            thousands(bad),
            thousands(house_bad)
        ),
    ] {
        assert!(flat.contains(&quote), "README.md should say: {quote}");
    }
}

/// Multisets of 5 from 1..25 with the deck's caps, counted by recursion
/// over the values: `f` gets each hand's cards, ascending.
fn hands_of_the_deck(v: i64, left: usize, take: &mut Vec<i64>, f: &mut dyn FnMut(&[i64])) {
    if left == 0 {
        f(take);
        return;
    }
    if v > 25 {
        return;
    }
    for m in 0..=(copies(v) as usize).min(left) {
        take.extend(std::iter::repeat_n(v, m));
        hands_of_the_deck(v + 1, left - m, take, f);
        take.truncate(take.len() - m);
    }
}

#[test]
fn the_dealable_krypto_games_are_counted_apart_from_the_table() {
    // Every hand of five the deck deals and every objective card left after
    // it, enumerated here from the deck's copies (not by census24): the
    // deals of these pairs are every deal of the deck, C(56, 5) x 51, and
    // they are exactly the census rows with deal_ways > 0.
    let mut dealt: HashMap<(String, i64), u64> = HashMap::new();
    let mut pairs = 0u64;
    hands_of_the_deck(1, 5, &mut Vec::new(), &mut |cards| {
        let hand = cards
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        for t in 1..=25 {
            pairs += 1;
            let held = cards.iter().filter(|&&c| c == t).count() as u64;
            if copies(t) > held {
                dealt.insert((hand.clone(), t), deals(cards, t));
            }
        }
    });
    assert_eq!(dealt.values().sum::<u64>(), binomial(56, 5) * 51);
    assert_eq!(dealt.len(), 2_201_012);
    assert_eq!(pairs, 2_342_050);
    for (rules, natural, unsolvable) in [("natural", true, 17_575), ("rational", false, 14_521)] {
        let df = shipped(rules);
        assert_eq!(df.height() as u64, pairs, "{rules}");
        let hands = df.column("hand").unwrap().str().unwrap();
        let targets = df.column("target").unwrap().i32().unwrap();
        let solvable = df.column("solvable").unwrap().bool().unwrap();
        let ways = df.column("deal_ways").unwrap().u64().unwrap();
        let (mut dealable, mut bad) = (0, 0);
        // The brute force's values of a hand's subsets: kept for one hand
        // (rows come hand by hand), so that memory stays small.
        let (mut memo, mut memo_of) = (HashMap::new(), "");
        for i in 0..df.height() {
            let (hand, t) = (hands.get(i).unwrap(), targets.get(i).unwrap() as i64);
            let w = ways.get(i).unwrap();
            match dealt.get(&(hand.to_string(), t)) {
                Some(&d) => assert_eq!(w, d, "{rules}: {hand} -> {t}"),
                None => assert_eq!(w, 0, "{rules}: {hand} -> {t} cannot be dealt"),
            }
            if w == 0 {
                continue;
            }
            dealable += 1;
            if solvable.get(i) == Some(false) && natural {
                // Each unsolvable game of tournament rules the census
                // counts is one the brute force above cannot reach either
                // (house rules' fractions make it slow; the sampled test
                // above checks them).
                if memo_of != hand {
                    (memo, memo_of) = (HashMap::new(), hand);
                }
                let cards: Vec<i64> = hand.split(' ').map(|c| c.parse().unwrap()).collect();
                assert!(
                    !values(&cards, natural, &mut memo).contains(&(t as i128, 1)),
                    "{rules}: {hand} -> {t} is solvable"
                );
            }
            bad += u64::from(solvable.get(i) == Some(false));
        }
        assert_eq!((dealable, bad), (2_201_012, unsolvable), "{rules}");
    }
}
