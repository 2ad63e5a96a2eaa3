//! Properties a puzzle designer would check, pinned on the shipped model.

use super::*;
use crate::canon::solutions;
use crate::game::expr::{Expr, Op};
use crate::game::rules::Rules;

fn hand(h: &str) -> Hand {
    Hand::parse(h).unwrap()
}

fn of_game(h: &str, target: Q, rules: Rules) -> Option<Prediction> {
    let hand = hand(h);
    predict(&hand, target, &solutions(&hand, target, rules).unwrap())
}

fn of(h: &str) -> Prediction {
    of_game(h, Q::int(24), Rules::Rational).unwrap_or_else(|| panic!("{h} has a solution"))
}

/// Every four-card hand of 1..13 with its solutions for 24.
fn four_card_hands() -> Vec<(Hand, Solutions)> {
    let mut all = Vec::new();
    for a in 1..=13 {
        for b in a..=13 {
            for c in b..=13 {
                for d in c..=13 {
                    let h = Hand::new(vec![a, b, c, d]).unwrap();
                    let s = solutions(&h, Q::int(24), Rules::Rational).unwrap();
                    all.push((h, s));
                }
            }
        }
    }
    all
}

const HARD: [&str; 6] = [
    "1 3 4 6", "3 3 8 8", "1 5 5 5", "2 5 5 10", "1 4 5 6", "3 7 9 13",
];
const EASY: [&str; 3] = ["1 2 3 4", "1 1 4 6", "6 6 6 6"];

#[test]
fn the_embedded_model_file_is_what_calibrate_writes() {
    let m = model::Model::from_json(MODEL_JSON).unwrap();
    assert_eq!(m.to_json(), MODEL_JSON);
    assert_eq!(m.settings, model::SETTINGS);
    assert_eq!(m.time.trees.len(), model::SETTINGS.trees);
}

#[test]
fn known_hard_hands_are_expert_and_known_easy_hands_easy() {
    for h in HARD {
        let p = of(h);
        assert_eq!(p.tier, Tier::Expert, "{h}: {p:?}");
        assert!(p.solve_rate < 0.6, "{h}: {p:?}");
    }
    for h in EASY {
        let p = of(h);
        assert_eq!(p.tier, Tier::Easy, "{h}: {p:?}");
        assert!(p.solve_rate > 0.95, "{h}: {p:?}");
    }
}

/// Whether `e` is `(a op b) * (c op d)` over four cards.
fn product_of_two_pairs(e: &Expr) -> bool {
    let pair = |x: &Expr| matches!(x, Expr::Bin(_, l, r) if matches!(**l, Expr::Card(_)) && matches!(**r, Expr::Card(_)));
    matches!(e, Expr::Bin(Op::Mul, l, r) if pair(l) && pair(r))
}

#[test]
fn hands_that_need_a_fraction_are_slower_than_hands_with_a_whole_product_of_two_pairs() {
    let (mut fraction, mut pairs) = (Vec::new(), Vec::new());
    for (h, s) in four_card_hands() {
        let Some(p) = predict(&h, Q::int(24), &s) else {
            continue;
        };
        if s.classes.iter().all(|c| c.facts.uses_fraction) {
            fraction.push((p.time_s, h.to_string()));
        } else if s
            .classes
            .iter()
            .any(|c| !c.facts.uses_fraction && product_of_two_pairs(&c.expr))
        {
            pairs.push((p.time_s, h.to_string()));
        }
    }
    assert_eq!(fraction.len(), 16);
    assert!(pairs.len() > 100);
    let fastest_fraction = fraction.iter().min_by(|a, b| a.0.total_cmp(&b.0)).unwrap();
    let slowest_pairs = pairs.iter().max_by(|a, b| a.0.total_cmp(&b.0)).unwrap();
    assert!(
        fastest_fraction.0 > slowest_pairs.0,
        "{fastest_fraction:?} vs {slowest_pairs:?}"
    );
}

#[test]
fn a_neutral_spare_card_does_not_make_an_easy_hand_hard() {
    for h in EASY {
        for spare in ["1", "0"] {
            let more = format!("{h} {spare}");
            let p = of(&more);
            assert!(p.tier <= Tier::Medium, "{more}: {p:?}");
        }
    }
    // Not even for the hardest four-card hands does a spare 1 make it harder.
    for h in HARD {
        let more = format!("{h} 1");
        assert!(of(&more).time_s <= of(h).time_s, "{more}");
    }
}

#[test]
fn predictions_are_finite_positive_and_ordered_for_every_four_card_hand() {
    let mut solvable = 0;
    for (h, s) in four_card_hands() {
        match predict(&h, Q::int(24), &s) {
            Some(p) => {
                solvable += 1;
                assert!(p.time_s.is_finite() && p.time_s > 0.0, "{h}: {p:?}");
                assert!((0.0..=1.0).contains(&p.solve_rate), "{h}: {p:?}");
                assert!((0.0..=100.0).contains(&p.difficulty), "{h}: {p:?}");
                assert_eq!(p.tier, Tier::of(p.time_s));
            }
            None => assert!(s.classes.is_empty(), "{h}"),
        }
    }
    assert_eq!(solvable, 1362);
}

#[test]
fn other_sizes_targets_and_rules_get_finite_predictions() {
    for (h, t, rules) in [
        ("5", Q::int(5), Rules::Rational),
        ("2 3", Q::int(6), Rules::Rational),
        ("1 2 3 4", Q::int(10), Rules::Natural),
        ("1 2 3 4 5", Q::int(24), Rules::Integer),
        ("3 4", Q::new(3, 4).unwrap(), Rules::Rational),
        ("2 3 5 7 11 13", Q::int(100), Rules::Rational),
        ("1 3 4 6", Q::int(-24), Rules::Rational),
    ] {
        let p = of_game(h, t, rules).unwrap_or_else(|| panic!("{h} -> {t} has a solution"));
        assert!(
            p.time_s.is_finite() && p.time_s > 0.0 && (0.0..=1.0).contains(&p.solve_rate),
            "{h} -> {t} ({rules}): {p:?}"
        );
    }
    assert_eq!(of_game("1 1 1 1", Q::int(24), Rules::Rational), None);
}

#[test]
fn difficulty_is_a_monotone_function_of_time() {
    assert_eq!(difficulty_of(2.0), 0.0);
    assert_eq!(difficulty_of(1.0), 0.0);
    assert_eq!(difficulty_of(20.0), 50.0);
    assert_eq!(difficulty_of(200.0), 100.0);
    assert_eq!(difficulty_of(1000.0), 100.0);
    let times = [3.0, 4.5, 7.0, 9.9, 12.0, 30.0, 99.0];
    for w in times.windows(2) {
        assert!(difficulty_of(w[0]) < difficulty_of(w[1]));
    }
}

#[test]
fn tiers_cut_the_predicted_time_in_seconds() {
    assert_eq!(Tier::of(4.5), Tier::Easy);
    assert_eq!(Tier::of(6.99), Tier::Easy);
    assert_eq!(Tier::of(7.0), Tier::Medium);
    assert_eq!(Tier::of(12.0), Tier::Hard);
    assert_eq!(Tier::of(25.0), Tier::Expert);
    assert_eq!("hard".parse::<Tier>().unwrap(), Tier::Hard);
    assert!(
        "brutal"
            .parse::<Tier>()
            .unwrap_err()
            .to_string()
            .contains("\"brutal\"")
    );
}

#[test]
fn ranks_put_the_slowest_first_and_share_places_on_ties() {
    let r = ranks(&[Some(10.0), None, Some(95.3), Some(50.0), Some(95.3)]);
    assert_eq!(r, [Some(4), None, Some(1), Some(3), Some(1)]);
}
