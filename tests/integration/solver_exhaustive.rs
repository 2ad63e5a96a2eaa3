//! The solver checked against the known census and against a second,
//! independent method: brute-force enumeration of expression trees.

use std::collections::BTreeSet;

use census24::solve::reachable_values;
use census24::{Hand, Q, Rules, solve};
use itertools::Itertools;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every value reachable from `items` by repeatedly replacing two of them with
/// their sum, difference, product or quotient (both orders), the textbook
/// search that enumerates every expression tree. Shares no code with the DP.
fn brute_force(items: &[Q], rules: Rules, out: &mut BTreeSet<Q>) {
    if items.len() == 1 {
        out.insert(items[0]);
        return;
    }
    for i in 0..items.len() {
        for j in 0..items.len() {
            if i == j {
                continue;
            }
            let (a, b) = (items[i], items[j]);
            let rest: Vec<Q> = items
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i && k != j)
                .map(|(_, &v)| v)
                .collect();
            for v in [
                a.checked_add(b),
                a.checked_sub(b),
                a.checked_mul(b),
                a.checked_div(b),
            ]
            .into_iter()
            .flatten()
            {
                if rules.admits(v) {
                    let mut next = rest.clone();
                    next.push(v);
                    brute_force(&next, rules, out);
                }
            }
        }
    }
}

fn brute_values(cards: &[i64], rules: Rules) -> BTreeSet<Q> {
    let items: Vec<Q> = cards.iter().map(|&c| Q::int(c)).collect();
    let mut out = BTreeSet::new();
    brute_force(&items, rules, &mut out);
    out
}

#[test]
fn all_1820_four_card_hands_1362_solvable() {
    let mut solvable = 0;
    for cards in (1..=13i64).combinations_with_replacement(4) {
        let hand = Hand::new(cards.clone()).unwrap();
        if let Some(e) = solve(&hand, Q::int(24), Rules::Rational).unwrap() {
            // Re-evaluate the printed text, not just the tree.
            let reparsed = census24::Expr::parse(&e.to_string()).unwrap();
            assert_eq!(reparsed.eval(), Ok(Q::int(24)), "{cards:?}: {e}");
            assert_eq!(reparsed.cards(), cards, "{e}");
            solvable += 1;
        }
    }
    assert_eq!(solvable, 1362);
}

#[test]
fn dp_agrees_with_brute_force_on_random_hands() {
    let mut rng = StdRng::seed_from_u64(24);
    for round in 0..300 {
        let k = 1 + round % 4;
        let cards: Vec<i64> = (0..k).map(|_| rng.random_range(-3..=13)).collect();
        let hand = Hand::new(cards.clone()).unwrap();
        for rules in Rules::ALL {
            let brute = brute_values(&cards, rules);
            let dp: BTreeSet<Q> = reachable_values(&hand, rules)
                .unwrap()
                .into_iter()
                .collect();
            assert_eq!(dp, brute, "{cards:?} {rules}");
            // Decision for targets inside and outside the value set.
            let mut targets: Vec<Q> = brute.iter().copied().step_by(7).collect();
            targets.extend([24, 0, 1, -1, 10].map(Q::int));
            targets.push(Q::new(1, 3).unwrap());
            for t in targets {
                let got = solve(&hand, t, rules).unwrap();
                assert_eq!(
                    got.is_some(),
                    brute.contains(&t),
                    "{cards:?} -> {t} {rules}"
                );
                if let Some(e) = got {
                    assert_eq!(e.eval_under(rules), Ok(t), "{e}");
                }
            }
        }
    }
}

#[test]
fn five_card_decisions_agree_with_brute_force() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..12 {
        let cards: Vec<i64> = (0..5).map(|_| rng.random_range(1..=13)).collect();
        let hand = Hand::new(cards.clone()).unwrap();
        for rules in Rules::ALL {
            let brute = brute_values(&cards, rules);
            for t in [24, 1, 100, 37].map(Q::int) {
                assert_eq!(
                    solve(&hand, t, rules).unwrap().is_some(),
                    brute.contains(&t),
                    "{cards:?} {t} {rules}"
                );
            }
        }
    }
}
