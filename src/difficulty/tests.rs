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
                assert!(p.time_p80_s >= p.time_s, "{h}: {p:?}");
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

/// A spare card that a solver can only absorb (`* 1`, `+ (x - x)`,
/// `* (x / x)`: the hand with it has the same dissimilar solutions, the
/// neutral part aside) does not make the hand much easier. "Much": a
/// predicted time under [`ABSORBED_AT_LEAST`] of the hand alone's. (A spare
/// card that opens a new solution may: 1 2 7 7 is `(7*7-1)/2`, 1 1 2 7 7
/// also `(7+7-2)*(1+1)`; 1 3 4 6 + 1 is `4*6*(3-1-1)`.)
const ABSORBED_AT_LEAST: f64 = 0.5;

#[test]
fn a_spare_card_that_can_only_be_absorbed_does_not_make_a_hand_much_easier() {
    let (mut checked, mut opening) = (0, 0);
    let solvable = four_card_hands()
        .into_iter()
        .filter_map(|(h, s)| predict(&h, Q::int(24), &s).map(|p| (h, s.dissimilar, p)));
    for (i, (h, dissimilar, alone)) in solvable.enumerate() {
        // A 1 for every solvable hand; a pair x x (x cycling 1..13) for
        // every tenth, six cards.
        let mut spares = vec![vec![1]];
        if i % 10 == 0 {
            let x = 1 + (i / 10 % 13) as i64;
            spares.push(vec![x, x]);
        }
        for spare in spares {
            let mut cards = h.cards().to_vec();
            cards.extend(&spare);
            let more = Hand::new(cards).unwrap();
            let s = solutions(&more, Q::int(24), Rules::Rational).unwrap();
            let p = predict(&more, Q::int(24), &s).expect("the hand's solutions absorb the spare");
            if s.dissimilar != dissimilar {
                opening += 1;
                continue;
            }
            assert!(
                p.time_s >= ABSORBED_AT_LEAST * alone.time_s,
                "{h} + {spare:?}: {} s against {} s alone",
                p.time_s,
                alone.time_s
            );
            checked += 1;
        }
    }
    // Almost every spare opens a new solution; of all 1499 hands with a
    // spare, 154 are predicted under half the time alone (docs/DIFFICULTY.md).
    assert_eq!((checked, opening), (13, 1486));
}

/// Every `step`-th hand of `k` cards from 1..13 in ascending order (the
/// first included), with its solutions for 24.
fn sample_hands(k: usize, step: usize) -> Vec<(Hand, Solutions)> {
    let mut out = Vec::new();
    let mut cards = vec![1i64; k];
    for n in 0.. {
        if n % step == 0 {
            let h = Hand::new(cards.clone()).unwrap();
            let s = solutions(&h, Q::int(24), Rules::Rational).unwrap();
            out.push((h, s));
        }
        // The next multiset: raise the last card below 13, and every card
        // after it to the same value.
        let Some(i) = cards.iter().rposition(|&c| c < 13) else {
            break;
        };
        let v = cards[i] + 1;
        cards[i..].fill(v);
    }
    out
}

/// How many hands of `k` cards (every `step`-th, plus `extra`) the model
/// puts in each tier.
fn tier_counts(k: usize, step: usize, extra: &[&str]) -> [usize; 4] {
    let mut hands = sample_hands(k, step);
    for h in extra {
        let h = hand(h);
        let s = solutions(&h, Q::int(24), Rules::Rational).unwrap();
        hands.push((h, s));
    }
    let mut counts = [0; 4];
    for (h, s) in hands {
        if let Some(p) = predict(&h, Q::int(24), &s) {
            counts[p.tier as usize] += 1;
        }
    }
    counts
}

/// Hands of six and seven cards predicted slowest (in samples of every
/// fifth and every 97th hand), added to the samples below.
const SLOW_SIX: [&str; 2] = ["5 5 5 13 13 13", "7 7 7 7 7 7"];
const SLOW_SEVEN: [&str; 2] = ["3 4 6 7 8 9 10", "3 4 7 8 9 11 13"];

#[test]
fn easy_medium_and_hard_tiers_are_filled_for_four_to_seven_cards_and_expert_for_four_and_five() {
    for (k, step, extra) in [
        (4, 1, &[][..]),
        (5, 5, &[][..]),
        (6, 25, &SLOW_SIX[..]),
        (7, 250, &SLOW_SEVEN[..]),
    ] {
        let counts = tier_counts(k, step, extra);
        let filled = if k <= 5 { 4 } else { 3 };
        assert!(
            counts[..filled].iter().all(|&n| n > 0),
            "{k} cards: {counts:?} (easy, medium, hard, expert)"
        );
    }
}

/// What issue 26 asks: every tier, expert included, for six and seven
/// cards. Not met yet: the slowest six-card hand predicted is 17.9 s and the
/// slowest seven-card one 12.7 s (docs/DIFFICULTY.md).
#[test]
#[ignore = "not met: no hand of six or seven cards is predicted expert (slowest 17.9 s and 12.7 s)"]
fn every_tier_is_filled_for_six_and_seven_cards() {
    for (k, step, extra) in [(6, 25, &SLOW_SIX[..]), (7, 250, &SLOW_SEVEN[..])] {
        let counts = tier_counts(k, step, extra);
        assert!(
            counts.iter().all(|&n| n > 0),
            "{k} cards: {counts:?} (easy, medium, hard, expert)"
        );
    }
}

#[test]
fn targets_1_to_100_get_finite_predictions_and_2_is_easier_than_97() {
    // Every 10th four-card hand; the mean log time over the hands solvable
    // for both targets.
    let hands: Vec<Hand> = sample_hands(4, 10).into_iter().map(|(h, _)| h).collect();
    let mut by_target = vec![Vec::new(); 101];
    for h in &hands {
        for t in 1..=100i64 {
            let s = solutions(h, Q::int(t), Rules::Rational).unwrap();
            let p = predict(h, Q::int(t), &s);
            if let Some(p) = p {
                assert!(
                    p.time_s.is_finite()
                        && p.time_s > 0.0
                        && p.time_p80_s >= p.time_s
                        && (0.0..=1.0).contains(&p.solve_rate),
                    "{h} -> {t}: {p:?}"
                );
            }
            by_target[t as usize].push(p.map(|p| p.time_s));
        }
    }
    let both: Vec<(f64, f64)> = by_target[2]
        .iter()
        .zip(&by_target[97])
        .filter_map(|(a, b)| Some((a.as_ref()?.ln(), b.as_ref()?.ln())))
        .collect();
    assert!(
        both.len() >= 20,
        "{} hands solvable for 2 and 97",
        both.len()
    );
    let mean = |f: fn(&(f64, f64)) -> f64| both.iter().map(f).sum::<f64>() / both.len() as f64;
    let (two, ninety_seven) = (mean(|p| p.0).exp(), mean(|p| p.1).exp());
    assert!(two < ninety_seven, "2: {two:.2} s, 97: {ninety_seven:.2} s");
}

#[test]
fn p80_is_the_log_normal_quantile_and_never_below_the_mean() {
    // cv 0.5: sigma^2 = ln 1.25, p80 = 10 exp(0.8416 sigma - sigma^2 / 2).
    assert!(
        (p80_of(10.0, 0.5) - 13.311).abs() < 0.001,
        "{}",
        p80_of(10.0, 0.5)
    );
    assert_eq!(p80_of(10.0, 0.0), 10.0);
    // Kept at the mean where a log-normal's 0.8 quantile would fall below it.
    assert_eq!(p80_of(10.0, 100.0), 10.0);
    let p = prediction(2.0_f64.ln() + 2.0, 0.0, 0.4_f64.ln());
    assert!(p.time_p80_s > p.time_s, "{p:?}");
}

/// The cross-validation figures docs/DIFFICULTY.md and README.md state:
/// any change of features, settings or data that moves them fails here
/// until they are recorded again (and the docs with them).
const RECORDED_CV: [(&str, f64); 3] = [
    ("time", super::pricer::SHIPPED_HELD_OUT[0]),
    ("solve rate", super::pricer::SHIPPED_HELD_OUT[1]),
    ("p80", super::pricer::SHIPPED_HELD_OUT[2]),
];

#[test]
fn cross_validation_figures_are_the_recorded_ones() {
    let text = include_str!("../../data/human/four-card-solve-times.csv");
    let samples = calibrate::samples(calibrate::parse_measurements(text).unwrap()).unwrap();
    assert_eq!(samples.len(), 903);
    let v = calibrate::cross_validate(&samples, model::SETTINGS, calibrate::FOLDS, calibrate::SEED);
    let got = [v.time.pooled, v.rate.pooled, v.p80.pooled];
    for ((name, recorded), got) in RECORDED_CV.iter().zip(got) {
        assert_eq!(
            format!("{got:.3}"),
            format!("{recorded:.3}"),
            "{name}: cross-validated Spearman {got:.4}, recorded {recorded}"
        );
    }
}

#[test]
fn tiers_parse_by_name() {
    for t in Tier::ALL {
        assert_eq!(t.name().parse::<Tier>(), Ok(t));
    }
    assert_eq!(
        "Easy\n".parse::<Tier>().unwrap_err().to_string(),
        "unknown tier \"Easy\\n\" (expected easy, medium, hard or expert)"
    );
}

/// The numbers a Countdown player uses (the fewest that reach the
/// target): their features, found without counting their parts, are the
/// features counted in full, and their dissimilar count is that of their
/// classes.
#[test]
fn fewest_selections_keep_their_features_without_counting_parts() {
    let game = crate::game::presets::game("countdown").unwrap();
    let (small, large) = ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [25, 50, 75, 100]);
    let mut seed = 7u64;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) % n
    };
    let mut checked = 0;
    for _ in 0..40 {
        let mut cards: Vec<i64> = (0..4).map(|_| small[next(10) as usize]).collect();
        cards.extend((0..2).map(|_| large[next(4) as usize]));
        let target = Q::int(100 + next(900) as i64);
        let hand = Hand::new(cards).unwrap();
        let Some(sel) = played_selection(&hand, target, &game).unwrap() else {
            continue;
        };
        let sols = solutions(&sel, target, game.rules).unwrap();
        assert_eq!(
            features::features_of_fewest(&sel, target, &sols),
            features::features(&sel, target, &sols),
            "{sel} -> {target}"
        );
        assert_eq!(
            crate::canon::dissimilar(&hand, target, game.rules).unwrap(),
            solutions(&hand, target, game.rules).unwrap().dissimilar,
            "{hand} -> {target}"
        );
        checked += 1;
    }
    assert!(checked > 20, "{checked} solvable hands");
}

/// A hand's solutions outlined (`sweep --counts-only`) price exactly as
/// the solutions do: the same complexities and features to the last bit,
/// whatever the size of the hand, the rules or the target.
#[test]
fn sketched_solutions_price_as_the_solutions() {
    let cases = [
        ("3 3 8 8", 24, Rules::Rational),
        ("1 5 5 5", 24, Rules::Rational),
        ("2 4 6 8 9", 24, Rules::Rational),
        ("1 1 2 7 7 13", 24, Rules::Rational),
        ("1 3 4 6 9 9 12", 24, Rules::Rational),
        ("4 4 10 10 13", 24, Rules::Integer),
        ("2 3 5 7 11", 10, Rules::Natural),
    ];
    for (h, t, rules) in cases {
        let (h, t) = (hand(h), Q::int(t));
        let s = solutions(&h, t, rules).unwrap();
        let k = crate::canon::sketch(&h, t, rules).unwrap();
        let (costs, kcosts) = (effort::costs(&s, t), effort::sketch_costs(&k, t));
        let bits = |v: &[f64]| v.iter().map(|c| c.to_bits()).collect::<Vec<_>>();
        // Each class with its cost; a sketch's classes come in the order
        // found, so both lists are compared sorted.
        let priced = |o: &mut dyn Iterator<Item = crate::canon::Outline>, c: &[f64]| {
            let mut v: Vec<(String, u64)> = o
                .zip(c)
                .map(|(o, c)| (format!("{o:?}"), c.to_bits()))
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(
            priced(&mut s.classes.iter().map(|c| c.outline()), &costs),
            priced(&mut k.classes.iter().copied(), &kcosts),
            "{h}"
        );
        let f = features::features_costed(&h, t, &s, &costs).map(|f| bits(&f.values));
        let g = features::features_sketched(&h, t, &k, &kcosts).map(|f| bits(&f.values));
        assert_eq!(f, g, "{h}");
    }
}
