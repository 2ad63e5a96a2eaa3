//! Big-hand benchmarks (`cargo bench --no-default-features --bench bighand`):
//! the full 52-card deck, and 1,000 hands of 13 to 52 cards dealt from a
//! shuffled deck with a fixed seed, target 24. Figures are recorded in
//! docs/PERFORMANCE.md.

use census24::solve::bighand::{DECK_COPIES, DECK_VALUES, solve_any};
use census24::{Hand, Q, Rules};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

// The same allocator as the census24 binary, so the figures are the tool's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn full_deck() -> Vec<i64> {
    DECK_VALUES
        .flat_map(|v| std::iter::repeat_n(v, DECK_COPIES as usize))
        .collect()
}

/// 1,000 hands of 13..=52 cards, each dealt from a freshly shuffled deck.
fn dealt_hands() -> Vec<Hand> {
    let mut rng = StdRng::seed_from_u64(52);
    (0..1000)
        .map(|_| {
            let mut deck = full_deck();
            deck.shuffle(&mut rng);
            deck.truncate(rng.random_range(13..=52));
            Hand::new(deck).unwrap()
        })
        .collect()
}

fn solve_all(hands: &[Hand], rules: Rules) -> usize {
    hands
        .iter()
        .filter(|h| solve_any(h, Q::int(24), rules).unwrap().is_some())
        .count()
}

/// 1,000 dealt hands of 13 to 52 cards, each with its own target from 0 to
/// 100 (all proven to absorb, docs/BIG_HANDS.md), rational rules.
#[divan::bench(sample_count = 10)]
fn thousand_deck_hands_targets_0_to_100(b: divan::Bencher) {
    let hs = dealt_hands();
    let mut rng = StdRng::seed_from_u64(100);
    let targets: Vec<Q> = hs
        .iter()
        .map(|_| Q::int(rng.random_range(0..=100)))
        .collect();
    b.bench(|| {
        let solved = hs
            .iter()
            .zip(&targets)
            .filter(|(h, t)| solve_any(h, **t, Rules::Rational).unwrap().is_some())
            .count();
        assert_eq!(solved, 1000);
    });
}

/// The full deck, target 24, per rule set.
#[divan::bench(args = Rules::ALL)]
fn full_deck_24(b: divan::Bencher, rules: Rules) {
    let h = Hand::new(full_deck()).unwrap();
    b.bench(|| {
        solve_any(divan::black_box(&h), Q::int(24), rules)
            .unwrap()
            .unwrap()
    });
}

/// 1,000 dealt hands of 13 to 52 cards, target 24, one thread: divide the
/// time by 1,000 for the mean per hand.
#[divan::bench(args = Rules::ALL, sample_count = 10)]
fn thousand_deck_hands_24(b: divan::Bencher, rules: Rules) {
    let hs = dealt_hands();
    b.bench(|| assert_eq!(solve_all(divan::black_box(&hs), rules), 1000));
}
