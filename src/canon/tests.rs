//! Tests of the canonical forms and the distinct levels: properties under
//! random equivalence rewrites, an independent count by evaluation modulo a
//! prime, and one pinned example per dissimilar rule.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::modp::{count_classes, orbit_fingerprint};
use super::*;
use crate::game::proptests;

fn c(v: i64) -> Expr {
    Expr::Card(v)
}

fn b(op: Op, l: Expr, r: Expr) -> Expr {
    Expr::bin(op, l, r)
}

/// A random expression using each of `cards` once.
fn random_expr(cards: &[i64], rng: &mut StdRng) -> Expr {
    let mut pool: Vec<Expr> = cards.iter().map(|&v| c(v)).collect();
    while pool.len() > 1 {
        let i = rng.random_range(0..pool.len());
        let l = pool.swap_remove(i);
        let j = rng.random_range(0..pool.len());
        let r = pool.swap_remove(j);
        pool.push(b(Op::ALL[rng.random_range(0..4)], l, r));
    }
    pool.pop().expect("at least one card")
}

/// Every rewrite that keeps the rational function, applicable at the root.
fn rewrites_at(e: &Expr) -> Vec<Expr> {
    use Op::*;
    let Expr::Bin(op, l, r) = e else {
        return Vec::new();
    };
    let (op, l, r) = (*op, (**l).clone(), (**r).clone());
    let mut out = Vec::new();
    if op.is_commutative() {
        out.push(b(op, r.clone(), l.clone()));
    }
    // Reassociate: (x o1 y) o2 z -> x o1' (y o2' z).
    if let Expr::Bin(lop, x, y) = &l {
        let (x, y) = ((**x).clone(), (**y).clone());
        let assoc = match (lop, op) {
            (Add, Add) => Some((Add, Add)),
            (Sub, Add) => Some((Sub, Sub)),
            (Add, Sub) => Some((Add, Sub)),
            (Sub, Sub) => Some((Sub, Add)),
            (Mul, Mul) => Some((Mul, Mul)),
            (Div, Mul) => Some((Div, Div)),
            (Mul, Div) => Some((Mul, Div)),
            (Div, Div) => Some((Div, Mul)),
            _ => None,
        };
        if let Some((o1, o2)) = assoc {
            out.push(b(o1, x.clone(), b(o2, y.clone(), r.clone())));
        }
    }
    // Move a minus (a division) across a bracket: x - (y - z) -> (x + z) - y.
    if let Expr::Bin(rop, y, z) = &r {
        let (y, z) = ((**y).clone(), (**z).clone());
        match (op, rop) {
            (Sub, Sub) => out.push(b(Sub, b(Add, l.clone(), z.clone()), y.clone())),
            (Div, Div) => out.push(b(Div, b(Mul, l.clone(), z.clone()), y.clone())),
            // x - (y - z) * w -> x + (z - y) * w
            (Sub, Mul) | (Sub, Div) => {
                if let Expr::Bin(Sub, p, q) = &y {
                    let flipped = b(Sub, (**q).clone(), (**p).clone());
                    out.push(b(Add, l.clone(), b(*rop, flipped, z.clone())));
                }
            }
            _ => {}
        }
    }
    // Flip both signs of a product or quotient of differences.
    if matches!(op, Mul | Div)
        && let (Expr::Bin(Sub, p, q), Expr::Bin(Sub, s, t)) = (&l, &r)
    {
        out.push(b(
            op,
            b(Sub, (**q).clone(), (**p).clone()),
            b(Sub, (**t).clone(), (**s).clone()),
        ));
    }
    out
}

/// One random equivalence rewrite somewhere in `e` (or `e` unchanged).
fn rewrite(e: &Expr, rng: &mut StdRng) -> Expr {
    let here = rewrites_at(e);
    match e {
        Expr::Bin(op, l, r) if here.is_empty() || rng.random_bool(0.6) => {
            if rng.random_bool(0.5) {
                b(*op, rewrite(l, rng), (**r).clone())
            } else {
                b(*op, (**l).clone(), rewrite(r, rng))
            }
        }
        _ if !here.is_empty() => here[rng.random_range(0..here.len())].clone(),
        _ => e.clone(),
    }
}

/// A random change of `e` that usually changes the function: a different
/// operation at one node, or two cards of different value exchanged.
fn mutate(e: &Expr, rng: &mut StdRng) -> Expr {
    match e {
        Expr::Card(v) => c(*v),
        Expr::Bin(op, l, r) => {
            if rng.random_bool(0.3) {
                b(
                    Op::ALL[rng.random_range(0..4)],
                    (**l).clone(),
                    (**r).clone(),
                )
            } else if rng.random_bool(0.5) {
                b(*op, mutate(l, rng), (**r).clone())
            } else {
                b(*op, (**l).clone(), mutate(r, rng))
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn key_is_unchanged_by_equivalence_rewrites(e in proptests::expr(), seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let key = canonical_key(&e);
        let mut f = e.clone();
        for _ in 0..8 {
            f = rewrite(&f, &mut rng);
            prop_assert_eq!(canonical_key(&f), key.clone(), "{} -> {}", e, f);
            if let (Ok(x), Ok(y)) = (e.eval(), f.eval()) {
                prop_assert_eq!(x, y, "{} -> {}", e, f);
            }
        }
        // Idempotent: the representative written from the form has the same key.
        let mut arena = form::Arena::new();
        let form = form::of_expr(&mut arena, &e);
        if let Some(r) = form::render(&arena, form.node, form.neg) {
            prop_assert_eq!(canonical_key(&r), key, "{} rendered {}", e, r);
            prop_assert_eq!(r.cards(), e.cards());
        }
    }

    #[test]
    fn key_changes_exactly_when_the_function_changes(e in proptests::expr(), seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let f = mutate(&rewrite(&e, &mut rng), &mut rng);
        let (Some(fe), Some(ff)) = (orbit_fingerprint(&e, seed), orbit_fingerprint(&f, seed)) else {
            return Ok(());
        };
        prop_assert_eq!(canonical_key(&e) == canonical_key(&f), fe == ff, "{} vs {}", e, f);
    }
}

/// Every node under `f`, `f`'s own first.
fn nodes_under(arena: &form::Arena, f: form::Form) -> Vec<form::NodeId> {
    let mut out = vec![f.node];
    let mut i = 0;
    while i < out.len() {
        out.extend(arena.parts(out[i]).iter().map(|p| p.node));
        i += 1;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The bits the search reads to build `a - b` as `a + (-b)` and `a / b`
    /// as `a * (1/b)` say exactly whether `render` writes that form.
    #[test]
    fn writes_is_whether_render_writes(e in proptests::expr()) {
        let mut arena = form::Arena::new();
        let top = form::of_expr(&mut arena, &e);
        for node in nodes_under(&arena, top) {
            for neg in [false, true] {
                let f = form::Form { neg, node };
                let written = form::render(&arena, node, neg).is_some();
                prop_assert_eq!(arena.writes(f), written, "{} at {}", e, arena.key(f));
                let inverse = match arena.node(node).kind {
                    form::Kind::Prod => {
                        let mut parts: Vec<form::Part> = arena.parts(node).to_vec();
                        for p in parts.iter_mut() {
                            p.flip = !p.flip;
                        }
                        let r = arena.make_prod(&mut parts, neg);
                        form::render(&arena, r.node, r.neg).is_some()
                    }
                    _ => false,
                };
                prop_assert_eq!(arena.inverse_writes(f), inverse, "1/({}) of {}", arena.key(f), e);
            }
        }
    }

    /// Every class has a reading: the normal form of any expression is
    /// written by `render`. The search leans on it (`right_is_positive`).
    #[test]
    fn every_form_of_an_expression_has_a_reading(e in proptests::expr()) {
        let mut arena = form::Arena::new();
        let f = form::of_expr(&mut arena, &e);
        prop_assert!(arena.writes(f), "{} as {}", e, arena.key(f));
        prop_assert!(form::render(&arena, f.node, f.neg).is_some(), "{}", e);
    }
}

fn random_hand(rng: &mut StdRng, n: usize, top: i64) -> Vec<i64> {
    (0..n).map(|_| rng.random_range(1..=top)).collect()
}

/// Checks `solutions` on one hand against the count by evaluation and checks
/// every representative.
fn agree(cards: &[i64], target: Q, rules: Rules, seed: u64) {
    let hand = Hand::new(cards.to_vec()).unwrap();
    let s = solutions(&hand, target, rules).unwrap();
    let by_points = count_classes(hand.cards(), Some(target), rules, seed);
    assert_eq!(s.classes.len(), by_points, "{hand} -> {target} ({rules})");
    for class in &s.classes {
        assert_eq!(
            class.expr.eval_under(rules),
            Ok(target),
            "{hand}: {}",
            class.expr
        );
        assert_eq!(class.expr.cards(), hand.cards(), "{hand}: {}", class.expr);
        assert_eq!(
            canonical_key(&class.expr),
            class.canonical,
            "{hand}: {}",
            class.expr
        );
    }
    let mut keys: Vec<&str> = s.classes.iter().map(|c| c.canonical.as_str()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), s.classes.len(), "{hand}: duplicate keys");
}

#[test]
fn structural_counts_agree_with_evaluation_modulo_a_prime_on_random_hands() {
    let mut rng = StdRng::seed_from_u64(24);
    for round in 0..120 {
        let n = 2 + round % 3;
        let top = if round % 2 == 0 { 4 } else { 13 };
        let cards = random_hand(&mut rng, n, top);
        // A target the hand reaches: the value of a random expression over it.
        let reached = random_expr(&cards, &mut rng).eval();
        let rules = Rules::ALL[round % 3];
        for target in [Q::int(24), reached.unwrap_or(Q::int(24))] {
            agree(&cards, target, rules, round as u64);
        }
    }
}

#[test]
fn structural_counts_agree_on_five_card_hands() {
    let mut rng = StdRng::seed_from_u64(5);
    for round in 0..6 {
        let cards = random_hand(&mut rng, 5, if round % 2 == 0 { 4 } else { 13 });
        agree(&cards, Q::int(24), Rules::ALL[round % 3], round as u64);
    }
    agree(&[1, 1, 1, 1, 1], Q::int(1), Rules::Rational, 9);
    agree(&[2, 2, 2, 3, 3], Q::int(0), Rules::Integer, 9);
    // The search builds `a - b` as `a + (-b)` and asks no side of positive
    // cards for a value of 0 or less to be subtracted: cards that are not
    // positive, and targets of every sign.
    for (cards, target) in [
        (&[-3, 2, 5, 7, 7], 24),
        (&[-2, -1, 3, 4, 6], -24),
        (&[0, 1, 3, 4, 6], 24),
        (&[1, 2, 3, 5, 8], -7),
        (&[1, 2, 3, 5, 8], 0),
        (&[2, 3, 3, 4, 9], 1),
    ] {
        agree(cards, Q::int(target), Rules::Rational, 11);
    }
}

#[test]
fn all_classes_of_distinct_symbols_agree_with_the_census() {
    for n in 1..=5 {
        let cards: Vec<i64> = (1..=n as i64).collect();
        let mut engine = Engine::symbolic(StructuralAlgebra::default());
        let id = engine.id(&cards);
        let all = engine.all(id).len() as u128;
        assert_eq!(all, crate::canon::census::count(n).unwrap(), "n = {n}");
    }
}

fn hand(s: &str) -> Hand {
    Hand::parse(s).unwrap()
}

fn same_dissimilar(exprs: &[&str]) {
    let keys: Vec<String> = exprs
        .iter()
        .map(|s| dissimilar_key(&Expr::parse(s).unwrap()))
        .collect();
    for (s, k) in exprs.iter().zip(&keys) {
        assert_eq!(k, &keys[0], "{s} vs {}", exprs[0]);
    }
    let structural: Vec<String> = exprs
        .iter()
        .map(|s| canonical_key(&Expr::parse(s).unwrap()))
        .collect();
    let mut distinct = structural.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 1,
        "the examples should be structurally different: {exprs:?}"
    );
}

#[test]
fn neutral_one_multiplying_or_dividing_anywhere_is_one_solution() {
    same_dissimilar(&[
        "5*5-1*1",
        "5*5-1/1",
        "(5*5-1)*1",
        "(5*5-1)/1",
        "5*5*1-1",
        "5/1*5-1",
    ]);
    same_dissimilar(&["1*2*3*4", "2*3*4/1"]);
}

#[test]
fn neutral_zero_added_or_subtracted_anywhere_is_one_solution() {
    same_dissimilar(&["4*6+0", "4*6-0", "(4+0)*6", "(4-0)*6", "4*(6-0)"]);
}

#[test]
fn self_cancelling_parts_are_one_solution() {
    same_dissimilar(&[
        "4*6*7/7",
        "4*6+7-7",
        "(4*6+7)-7",
        "4*6/(7/7)",
        "4*6-(7-7)",
        "4*(6+7-7)",
    ]);
}

#[test]
fn sub_expression_parts_are_neutral_too() {
    // 5-4 is a part worth 1; 5-4-1 is a part worth 0.
    same_dissimilar(&["4*6*(5-4)", "4*6/(5-4)", "(4*6)*(5-4)", "(5-4)*4*6"]);
    same_dissimilar(&["4*6+(5-4-1)", "4*6-(5-4-1)", "4*6+5-4-1"]);
}

#[test]
fn parts_that_are_not_neutral_stay() {
    let k = |s: &str| dissimilar_key(&Expr::parse(s).unwrap());
    assert_ne!(k("(5+1)*(5-1)"), k("5*5-1*1"));
    assert_ne!(k("4*6*2"), k("4*6/2"), "a part worth 2 is not neutral");
}

#[test]
fn dissimilar_representative_is_the_simplest_member() {
    let s = solutions(&hand("1 1 5 5"), Q::int(24), Rules::Rational).unwrap();
    let reps: Vec<String> = s
        .dissimilar_representatives()
        .map(|c| c.expr.to_string())
        .collect();
    assert_eq!(reps.len(), 2);
    for rep in s.dissimilar_representatives() {
        let first = s
            .classes
            .iter()
            .find(|c| c.dissimilar_group == rep.dissimilar_group)
            .unwrap();
        assert_eq!(first.canonical, rep.canonical);
    }
}

#[test]
fn representatives_do_not_depend_on_earlier_hands() {
    let probes = [
        "1 2 3 4",
        "2 3 5 7",
        "1 1 5 5",
        "2 4 8 10",
        "3 4 6 6 9",
        "1 2 7 7 8",
    ];
    for rules in Rules::ALL {
        let show = |s: &Solutions| {
            s.classes
                .iter()
                .map(|c| (c.expr.to_string(), c.dissimilar_group))
                .collect::<Vec<_>>()
        };
        let fresh: Vec<_> = probes
            .iter()
            .map(|h| {
                show(
                    &DistinctSolver::new(rules)
                        .solutions(&hand(h), Q::int(24))
                        .unwrap(),
                )
            })
            .collect();
        // A solver that has met many other hands, five-card ones included,
        // takes other paths through its tables and memo.
        let mut used = DistinctSolver::new(rules);
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..200 {
            let n = rng.random_range(3..=5);
            let h = Hand::new(random_hand(&mut rng, n, 13)).unwrap();
            used.solutions(&h, Q::int(24)).unwrap();
        }
        for (h, want) in probes.iter().zip(&fresh) {
            assert_eq!(
                &show(&used.solutions(&hand(h), Q::int(24)).unwrap()),
                want,
                "{h} ({rules})"
            );
            assert_eq!(
                &show(&solutions(&hand(h), Q::int(24), rules).unwrap()),
                want,
                "{h} ({rules})"
            );
        }
    }
}

#[test]
fn output_is_deterministic() {
    let a = solutions(&hand("2 4 8 10"), Q::int(24), Rules::Rational).unwrap();
    let b = solutions(&hand("10 8 4 2"), Q::int(24), Rules::Rational).unwrap();
    let show = |s: &Solutions| {
        s.classes
            .iter()
            .map(|c| c.expr.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(show(&a), show(&b));
}

/// Trees up to commutativity, counted by brute force: every ordered tree,
/// commutative operands sorted by their text.
fn brute_trees(cards: &[i64], target: Q, rules: Rules) -> usize {
    fn all(cards: &[i64], rules: Rules) -> Vec<(String, Q)> {
        if cards.len() == 1 {
            return vec![(cards[0].to_string(), Q::int(cards[0]))];
        }
        let n = cards.len();
        let mut out = Vec::new();
        for a in 1..(1usize << n) - 1 {
            let l: Vec<i64> = (0..n)
                .filter(|i| a >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            let r: Vec<i64> = (0..n)
                .filter(|i| a >> i & 1 == 0)
                .map(|i| cards[i])
                .collect();
            for (x, u) in all(&l, rules) {
                for (y, v) in all(&r, rules) {
                    for op in Op::ALL {
                        let Some(w) = op.apply(u, v).filter(|w| rules.admits(*w)) else {
                            continue;
                        };
                        let (p, q) = if op.is_commutative() && y < x {
                            (&y, &x)
                        } else {
                            (&x, &y)
                        };
                        out.push((format!("({p}{}{q})", op.symbol(false)), w));
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
    all(cards, rules)
        .into_iter()
        .filter(|(_, v)| *v == target)
        .count()
}

#[test]
fn trees_up_to_commutativity_agree_with_brute_force() {
    for (h, t) in [
        ("1 2 3 4", 24),
        ("1 1 5 5", 24),
        ("3 3 8 8", 24),
        ("2 2 2", 2),
        ("1 2", 3),
    ] {
        for rules in Rules::ALL {
            let got = trees(&hand(h), Q::int(t), rules).unwrap();
            let cards = hand(h).cards().to_vec();
            assert_eq!(
                got.len(),
                brute_trees(&cards, Q::int(t), rules),
                "{h} ({rules})"
            );
            for e in &got {
                assert_eq!(e.eval_under(rules), Ok(Q::int(t)));
            }
        }
    }
}

#[test]
fn distinct_names_round_trip() {
    for d in Distinct::ALL {
        assert_eq!(d.name().parse::<Distinct>().unwrap(), d);
    }
    let err = "some".parse::<Distinct>().unwrap_err().to_string();
    assert!(err.contains("\"some\""), "{err}");
}

/// Zero cards make `0 * b` and `0 / b` match any `b`, the one case where the
/// search takes every class of a side instead of asking for a value.
#[test]
fn structural_counts_agree_with_zero_and_negative_cards() {
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..150 {
        let n = 2 + round % 3;
        let cards: Vec<i64> = (0..n).map(|_| rng.random_range(-3..=3)).collect();
        let reached = random_expr(&cards, &mut rng).eval();
        for target in [Q::ZERO, Q::int(1), reached.unwrap_or(Q::int(2))] {
            agree(&cards, target, Rules::ALL[round % 3], round as u64);
        }
    }
}

/// Classes of many cards live in a region forgotten when the next hand
/// starts; hands of changing sizes, zero cards and the target 0 (where every
/// partner of a zero works, so a large sub-multiset is tabulated inside one
/// hand) must still give a fresh solver's classes.
#[test]
fn hands_of_changing_sizes_and_zero_targets_agree_with_a_fresh_solver() {
    let mut rng = StdRng::seed_from_u64(12);
    for rules in Rules::ALL {
        let mut used = DistinctSolver::new(rules);
        for _ in 0..60 {
            let n = rng.random_range(2..=6);
            let top = if n == 6 { 3 } else { 6 };
            let cards: Vec<i64> = (0..n).map(|_| rng.random_range(0..=top)).collect();
            let h = Hand::new(cards).unwrap();
            let target = Q::int([0, 1, 24][rng.random_range(0..3)]);
            let key = |s: &Solutions| {
                s.classes
                    .iter()
                    .map(|c| (c.canonical.clone(), c.expr.to_string(), c.dissimilar_group))
                    .collect::<Vec<_>>()
            };
            let got = used.solutions(&h, target).unwrap();
            let want = DistinctSolver::new(rules).solutions(&h, target).unwrap();
            assert_eq!(key(&got), key(&want), "{h} -> {target} ({rules})");
            assert_eq!(got.dissimilar, want.dissimilar, "{h} -> {target} ({rules})");
        }
    }
}

/// One enumeration for a range of targets gives, for every target, the very
/// classes (keys, representatives, order, groups) of a search for it alone.
#[test]
fn solutions_by_target_match_one_search_per_target() {
    for rules in [Rules::Rational, Rules::Integer, Rules::Natural] {
        for cards in [
            "1 2 3 4",
            "3 3 8 8",
            "1 1 5 5",
            "6 6 6 6",
            "2 4 8 10",
            "1 5 7 13",
            "4 9",
            "7",
            "1 1 2 9 13",
        ] {
            let hand = Hand::parse(cards).unwrap();
            let mut by_range = DistinctSolver::new(rules);
            let got = by_range.solutions_by_target(&hand, -5, 200).unwrap();
            let mut alone = DistinctSolver::new(rules);
            let mut want = Vec::new();
            for t in -5..=200 {
                let s = alone.solutions(&hand, Q::int(t)).unwrap();
                if !s.classes.is_empty() {
                    want.push((t, s));
                }
            }
            let show = |v: &[(i64, Solutions)]| -> Vec<String> {
                v.iter()
                    .flat_map(|(t, s)| {
                        s.classes.iter().map(move |c| {
                            format!("{t}: {} {} #{}", c.expr, c.canonical, c.dissimilar_group)
                        })
                    })
                    .collect()
            };
            assert_eq!(show(&got), show(&want), "{cards} under {rules}");
            assert_eq!(
                got.iter()
                    .map(|(t, s)| (*t, s.dissimilar))
                    .collect::<Vec<_>>(),
                want.iter()
                    .map(|(t, s)| (*t, s.dissimilar))
                    .collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn distinct_levels_parse_by_name() {
    for d in Distinct::ALL {
        assert_eq!(d.name().parse::<Distinct>(), Ok(d));
    }
    assert_eq!(Distinct::Trees.to_string(), "none");
    assert_eq!(
        "trees".parse::<Distinct>().unwrap_err().to_string(),
        "unknown distinct level \"trees\" (expected dissimilar, structural or none)"
    );
}

/// The sketch of a hand is its solutions outlined: the same classes (in
/// the order found, so compared as lists sorted alike), the same facts and
/// the same numbered groups, the same simplest representative.
#[test]
fn a_sketch_outlines_the_solutions() {
    let mut rng = StdRng::seed_from_u64(48);
    for n in 2..=7 {
        for _ in 0..6 {
            let cards = random_hand(&mut rng, n, 13);
            let hand = Hand::new(cards).unwrap();
            for rules in [Rules::Rational, Rules::Integer, Rules::Natural] {
                let s = solutions(&hand, Q::int(24), rules).unwrap();
                let k = sketch(&hand, Q::int(24), rules).unwrap();
                let sorted = |o: &mut dyn Iterator<Item = Outline>| {
                    let mut v: Vec<String> = o.map(|o| format!("{o:?}")).collect();
                    v.sort_unstable();
                    v
                };
                assert_eq!(
                    sorted(&mut s.classes.iter().map(Class::outline)),
                    sorted(&mut k.classes.iter().copied()),
                    "{hand} {rules:?}"
                );
                assert_eq!(k.roots.len(), k.classes.len());
                assert_eq!(s.dissimilar, k.dissimilar, "{hand} {rules:?}");
                assert_eq!(s.classes.first().map(|c| c.expr.clone()), k.simplest());
            }
        }
    }
}
