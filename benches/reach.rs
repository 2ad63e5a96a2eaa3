//! Reach benchmarks (`cargo bench --bench reach`): every four-card hand
//! against every target 1..999 (with solution counts and difficulty, as
//! `sweep --targets` computes each row, without the files), and every
//! five-card hand's reachable targets (the `--no-solutions` path). The
//! whole-process figures of the goals are `just bench-reach`; both are
//! recorded in docs/PERFORMANCE.md.

use census24::game::targets::TargetRange;
use census24::solve::targets::Reacher;
use census24::tables::enumerate::Deck;
use census24::tables::reach::{ReachSpec, reach_rows};
use census24::{Hand, Rules};
use itertools::Itertools;
use rayon::prelude::*;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn hands(k: usize) -> Vec<Hand> {
    (1..=13i64)
        .combinations_with_replacement(k)
        .map(|c| Hand::new(c).unwrap())
        .collect()
}

const TARGETS: TargetRange = TargetRange { lo: 1, hi: 999 };

/// Every four-card hand's 999 reach rows with counts and difficulty, on two
/// threads: the solving half of `sweep -k 4 --targets 1..999`.
#[divan::bench(sample_count = 5)]
fn four_cards_counted_two_threads(bencher: divan::Bencher) {
    let hands = hands(4);
    let spec = ReachSpec {
        targets: TARGETS,
        rules: Rules::Rational,
        uses: census24::game::rules::Use::All,
        values: census24::game::deck::ValueRange::new(1, 13).unwrap(),
        deck: Deck::Copies(4),
        objective: census24::game::family::Objective::Set,
        solutions: true,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    bencher.bench_local(|| {
        pool.install(|| {
            hands
                .par_iter()
                .map(|h| {
                    reach_rows(h, &spec)
                        .unwrap()
                        .iter()
                        .filter(|r| r.solvable)
                        .count()
                })
                .sum::<usize>()
        })
    });
}

/// Every five-card hand's reachable targets 1..999, one thread, a fresh
/// reacher per sample.
#[divan::bench(sample_count = 5)]
fn five_cards_decided_one_thread(bencher: divan::Bencher) {
    let hands = hands(5);
    bencher.bench_local(|| {
        let mut r = Reacher::new(Rules::Rational);
        hands
            .iter()
            .map(|h| {
                r.reaches(h, TARGETS, census24::game::rules::Use::All)
                    .unwrap()
                    .iter()
                    .filter(|&&b| b)
                    .count()
            })
            .sum::<usize>()
    });
}

/// The Countdown census's solving: every selection of six tiles, its
/// reachable values from 0 to 2098 with any selection of the tiles, on two
/// threads (the rest of `sweep --game countdown` is reading them out and
/// writing the table).
#[divan::bench(sample_count = 3)]
fn countdown_windows_two_threads(bencher: divan::Bencher) {
    let deck: Deck = "countdown".parse().unwrap();
    let values = deck.values_or(census24::game::deck::ValueRange::new(1, 13).unwrap());
    let hands: Vec<Hand> = census24::tables::enumerate::hands(6, values, deck)
        .into_iter()
        .map(|c| Hand::new(c).unwrap())
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    bencher.bench_local(|| {
        pool.install(|| {
            hands
                .par_iter()
                .map(|h| {
                    Reacher::with_shared(Rules::Natural, |r| {
                        r.window(h, 0, 2098, census24::game::rules::Use::Any)
                            .unwrap()
                            .iter()
                            .filter(|&&b| b)
                            .count()
                    })
                })
                .sum::<usize>()
        })
    });
}
