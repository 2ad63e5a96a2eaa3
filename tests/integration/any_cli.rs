//! Any-subset play (`solve --use any`, the Countdown numbers round):
//! hand-checked games, every printed solution checked, and the solver
//! cross-checked against an independent brute force on random selections of
//! Countdown tiles.

use std::collections::HashSet;

use census24::solve::{MAX_STEPS, solve_selection};
use census24::{Closest, Expr, Hand, Q, Rules};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::Value;

use crate::util::run;

const SELECTION: [&str; 6] = ["100", "75", "50", "25", "6", "3"];

fn solve_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["solve"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&SELECTION);
    args
}

/// Whether `part` is a sub-multiset of `whole`.
fn is_sub_multiset(part: &[i64], whole: &[i64]) -> bool {
    let mut rest = whole.to_vec();
    part.iter().all(|c| match rest.iter().position(|x| x == c) {
        Some(i) => {
            rest.swap_remove(i);
            true
        }
        None => false,
    })
}

/// Parses `text` as an expression and checks it is worth `value` under
/// `rules` and uses a non-empty sub-multiset of `hand`; returns its cards.
fn check_solution(text: &str, hand: &[i64], value: Q, rules: Rules) -> Vec<i64> {
    let e = Expr::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(e.eval_under(rules), Ok(value), "{text}");
    let used = e.cards();
    assert!(
        !used.is_empty() && is_sub_multiset(&used, hand),
        "{text} over {hand:?}"
    );
    used
}

fn cards(s: &str) -> Vec<i64> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

#[test]
fn countdown_100_75_50_25_6_3_reaches_952() {
    let (code, out, err) = run(&solve_args(&[
        "--use", "any", "--rules", "natural", "--target", "952",
    ]));
    assert_eq!(code, 0, "{out} {err}");
    check_solution(
        out.trim(),
        &cards("100 75 50 25 6 3"),
        Q::int(952),
        Rules::Natural,
    );
    // The hand-checked solution, ((100+6)*3*75-50)/25, is one the rules admit.
    let e = Expr::parse("((100+6)*3*75-50)/25").unwrap();
    assert_eq!(e.eval_under(Rules::Natural), Ok(Q::int(952)));
}

/// 326 = (50 + 100*(75+6))/25 leaves the 3 out, and no expression using
/// all six tiles makes it.
#[test]
fn only_five_of_the_six_tiles_reach_326() {
    let (code, out, _) = run(&solve_args(&["--rules", "natural", "--target", "326"]));
    assert_eq!((code, out.trim()), (1, "no solution"));
    let (code, out, _) = run(&solve_args(&[
        "--use", "any", "--rules", "natural", "--target", "326",
    ]));
    assert_eq!(code, 0, "{out}");
    let used = check_solution(
        out.trim(),
        &cards("100 75 50 25 6 3"),
        Q::int(326),
        Rules::Natural,
    );
    assert_eq!(used, [6, 25, 50, 75, 100]);
    // --all lists the same selection on every line, and nothing with all six.
    let (code, out, _) = run(&solve_args(&[
        "--use", "any", "--rules", "natural", "--target", "326", "--all",
    ]));
    assert_eq!(code, 0);
    assert!(!out.is_empty());
    for line in out.lines() {
        let (sub, expr) = line.split_once(": ").expect("cards: solution");
        assert_eq!(sub, "6 25 50 75 100", "{line}");
        check_solution(expr, &cards(sub), Q::int(326), Rules::Natural);
    }
}

#[test]
fn three_cards_of_2_2_2_cannot_make_4_but_two_can() {
    let (code, out, _) = run(&[
        "solve", "--rules", "natural", "--target", "4", "2", "2", "2",
    ]);
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
    let (code, out, _) = run(&[
        "solve", "--use", "any", "--rules", "natural", "--target", "4", "2", "2", "2",
    ]);
    assert_eq!((code, out.as_str()), (0, "2+2\n"));
}

#[test]
fn hand_3_3_2_2_1_1_reaches_no_target_from_100_to_999() {
    let (code, out, _) = run(&[
        "solve",
        "--targets",
        "100..999",
        "--use",
        "any",
        "--rules",
        "natural",
        "3",
        "3",
        "2",
        "2",
        "1",
        "1",
    ]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out, "no target in 100..999 is reachable\n");
    // The largest value of any selection is 3*3*(1+2)*(1+2) = 81.
    let (code, out, _) = run(&[
        "solve",
        "--use",
        "any",
        "--rules",
        "natural",
        "--closest",
        "below",
        "--target",
        "100",
        "3",
        "3",
        "2",
        "2",
        "1",
        "1",
    ]);
    assert_eq!(code, 1);
    let (expr, rest) = out.trim().split_once(" = ").unwrap();
    assert_eq!(rest, "81 (closest; 100 is unreachable)");
    check_solution(expr, &cards("3 3 2 2 1 1"), Q::int(81), Rules::Natural);
}

#[test]
fn more_than_twelve_cards_are_refused_with_any() {
    let mut args = vec!["solve", "--use", "any"];
    let thirteen: Vec<String> = (1..=13).map(|c| c.to_string()).collect();
    args.extend(thirteen.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 2, "{out} {err}");
    assert_eq!(
        err.trim(),
        "census24: 13 cards given, but use any takes at most 12"
    );
    assert!(out.is_empty());
}

/// Every answer of a batch, one solution or every solution, text or JSON,
/// is an expression over a sub-multiset of its hand worth the target (or,
/// with --closest, the value it claims).
#[test]
fn every_printed_solution_uses_a_sub_multiset_and_evaluates() {
    let hands = [
        "100 75 50 25 6 3",
        "1 1 2 2 3 3",
        "2 2 2",
        "10 9 8 7 1 1",
        "4 4",
        "7",
    ];
    let input = hands.join("\n") + "\n";
    let target = Q::int(24);
    let stdin = |extra: &[&str]| {
        let mut args = vec!["solve", "--stdin", "--use", "any", "--rules", "natural"];
        args.extend_from_slice(extra);
        let out = crate::util::census24()
            .args(&args)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // One solution per hand, with the closest value when 24 is out of reach.
    let out = stdin(&["--closest", "nearest"]);
    for (line, hand) in out.lines().zip(hands) {
        let (h, body) = line.split_once(": ").unwrap();
        assert_eq!(h, Hand::parse(hand).unwrap().to_string());
        let (expr, value) = match body.split_once(" = ") {
            Some((e, rest)) => (e, rest.split(' ').next().unwrap().parse().unwrap()),
            None => (body, target),
        };
        check_solution(expr, &cards(hand), value, Rules::Natural);
    }
    // JSON names the cards used.
    for (line, hand) in stdin(&["--json"]).lines().zip(hands) {
        let o: Value = serde_json::from_str(line).unwrap();
        assert_eq!(o["use"], "any");
        if let Some(e) = o["expression"].as_str() {
            let used = check_solution(e, &cards(hand), target, Rules::Natural);
            assert_eq!(o["used"], serde_json::json!(used));
        } else {
            assert_eq!(o["used"], Value::Null);
        }
    }
    // Every solution, text: `cards: solution` lines under each heading.
    let mut hand = "";
    for line in stdin(&["--all"]).lines() {
        if let Some(rest) = line.strip_prefix("  ") {
            let (sub, expr) = rest.split_once(": ").unwrap();
            assert_eq!(
                check_solution(expr, &cards(hand), target, Rules::Natural),
                cards(sub)
            );
        } else {
            hand = hands
                .iter()
                .find(|h| line.starts_with(&format!("{}:", Hand::parse(h).unwrap())))
                .expect("a heading names its hand");
        }
    }
    // Every solution, JSON: `used` on each.
    for (line, hand) in stdin(&["--all", "--json"]).lines().zip(hands) {
        let o: Value = serde_json::from_str(line).unwrap();
        let list = o["solutions"].as_array().unwrap();
        assert_eq!(o["count"], list.len());
        for s in list {
            let used = check_solution(
                s["expression"].as_str().unwrap(),
                &cards(hand),
                target,
                Rules::Natural,
            );
            assert_eq!(s["used"], serde_json::json!(used));
        }
    }
}

/// The counts agree three ways: `--all --count`, the lines of `--all`, and
/// `--targets --count` (each a sum over the selections of the cards).
#[test]
fn any_counts_are_sums_over_selections() {
    let hand = ["1", "2", "5", "5"];
    let with = |extra: &[&str]| {
        let mut args = vec!["solve", "--use", "any", "--rules", "natural"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&hand);
        run(&args).1
    };
    let out = with(&["--targets", "8..12", "--count"]);
    let per_target: Vec<(i64, u64)> = out
        .lines()
        .map(|l| {
            let (t, n) = l.split_once(": ").unwrap();
            (t.parse().unwrap(), n.parse().unwrap())
        })
        .collect();
    assert_eq!(per_target.len(), 5, "{out}");
    for (t, n) in per_target {
        let t = t.to_string();
        let count: u64 = with(&["--target", &t, "--all", "--count"])
            .trim()
            .parse()
            .unwrap();
        let lines = with(&["--target", &t, "--all"]).lines().count() as u64;
        assert_eq!((count, lines), (n, n), "target {t}");
    }
    // 10 from 1 2 5 5: 2*5 and 5+5 alone, then selections of three and four.
    assert_eq!(
        with(&["--target", "10", "--all"])
            .lines()
            .take(2)
            .collect::<Vec<_>>(),
        ["2 5: 2*5", "5 5: 5+5"]
    );
}

/// An exact fraction of its own, so that the brute force below shares no
/// arithmetic with census24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Frac {
    n: i128,
    d: i128,
}

impl Frac {
    fn new(n: i128, d: i128) -> Option<Frac> {
        if d == 0 {
            return None;
        }
        let (mut a, mut b) = (n.abs(), d.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1) * d.signum();
        Some(Frac { n: n / g, d: d / g })
    }

    fn natural(self) -> bool {
        self.d == 1 && self.n >= 0
    }

    /// The four operations on `a` and `b`, both orders of - and /.
    fn results(a: Frac, b: Frac) -> [Option<Frac>; 6] {
        [
            Frac::new(a.n * b.d + b.n * a.d, a.d * b.d),
            Frac::new(a.n * b.n, a.d * b.d),
            Frac::new(a.n * b.d - b.n * a.d, a.d * b.d),
            Frac::new(b.n * a.d - a.n * b.d, a.d * b.d),
            Frac::new(a.n * b.d, a.d * b.n),
            Frac::new(b.n * a.d, b.d * a.n),
        ]
    }
}

/// Every value of every non-empty sub-multiset of `items` under natural
/// rules: each number held at any point is such a value (leaving the rest
/// unused), and every pair of held numbers may be replaced by any admitted
/// result. States already explored (as sorted lists) are skipped.
fn brute_any(items: &[Frac], seen: &mut HashSet<Vec<(i128, i128)>>, out: &mut HashSet<i64>) {
    let mut key: Vec<(i128, i128)> = items.iter().map(|f| (f.n, f.d)).collect();
    key.sort_unstable();
    if !seen.insert(key) {
        return;
    }
    for f in items.iter() {
        out.insert(f.n as i64);
    }
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            let (a, b) = (items[i], items[j]);
            let mut rest: Vec<Frac> = items
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i && k != j)
                .map(|(_, &f)| f)
                .collect();
            for r in Frac::results(a, b).into_iter().flatten() {
                if r.natural() {
                    rest.push(r);
                    brute_any(&rest, seen, out);
                    rest.pop();
                }
            }
        }
    }
}

/// A few hundred random Countdown selections (six, or two to five, of 1..10
/// twice, 25, 50, 75, 100) with random targets 100..999: reachability, the closest value
/// below and the nearest value all agree with the brute force, and every
/// expression given is over a sub-multiset and worth what it claims.
#[test]
fn any_agrees_with_brute_force_on_random_countdown_selections() {
    let mut tiles: Vec<i64> = (1..=10).chain(1..=10).collect();
    tiles.extend([25, 50, 75, 100]);
    let mut rng = StdRng::seed_from_u64(14);
    let (mut reached, mut missed) = (0, 0);
    for i in 0..300 {
        // Mostly six tiles, as the show deals; every third selection is
        // smaller, where a single tile or a pair is more often the closest.
        let size = if i % 3 == 0 {
            rng.random_range(2..=5)
        } else {
            6
        };
        tiles.shuffle(&mut rng);
        let pick = tiles[..size].to_vec();
        let hand = Hand::new(pick.clone()).unwrap();
        let items: Vec<Frac> = pick
            .iter()
            .map(|&c| Frac::new(c as i128, 1).unwrap())
            .collect();
        let mut values = HashSet::new();
        brute_any(&items, &mut HashSet::new(), &mut values);
        for _ in 0..3 {
            let t: i64 = rng.random_range(100..=999);
            let want_below = values.iter().copied().filter(|&v| v <= t).max();
            let want_nearest = values.iter().copied().min_by_key(|&v| ((v - t).abs(), v));
            for (mode, want) in [
                (Closest::Exact, values.contains(&t).then_some(t)),
                (Closest::Below, want_below),
                (Closest::Nearest, want_nearest),
            ] {
                let out =
                    solve_selection(&hand, Q::int(t), Rules::Natural, mode, MAX_STEPS).unwrap();
                assert_eq!(out.value, want.map(Q::int), "{hand} -> {t} {mode:?}");
                if let (Some(v), Some(e)) = (out.value, &out.expr) {
                    assert_eq!(e.eval_under(Rules::Natural), Ok(v), "{e}");
                    assert!(is_sub_multiset(&e.cards(), hand.cards()), "{e} over {hand}");
                }
            }
            if values.contains(&t) {
                reached += 1;
            } else {
                missed += 1;
            }
        }
    }
    // Both answers are exercised.
    assert!(
        reached > 100 && missed > 10,
        "{reached} reached, {missed} missed"
    );
}
