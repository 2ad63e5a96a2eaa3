//! Distinct-solution benchmarks (`cargo bench --no-default-features --bench
//! distinct`): every structural class and dissimilar group of every hand of a
//! size, and the expression census. Figures are recorded in
//! docs/PERFORMANCE.md. Each sample starts from a fresh solver, so what it
//! learns about sub-multisets within one sweep is reused but never carried
//! from one sample to the next.

use std::cell::RefCell;

use census24::canon::DistinctSolver;
use census24::canon::census;
use census24::{Hand, Q, Rules};
use itertools::Itertools;
use rayon::prelude::*;

// The same allocator as the census24 binary, so the figures are the tool's.
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

/// (structural classes, dissimilar solutions) over every hand, one thread.
fn sweep(hands: &[Hand]) -> (u64, u64) {
    let mut solver = DistinctSolver::new(Rules::Rational);
    hands.iter().fold((0, 0), |acc, h| {
        let s = solver.solutions(h, Q::int(24)).unwrap();
        (acc.0 + s.classes.len() as u64, acc.1 + s.dissimilar as u64)
    })
}

/// The same on `threads` threads, one solver per worker thread.
fn sweep_par(hands: &[Hand], threads: usize) -> (u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        // A fresh solver per sample: the thread-local one is replaced here.
        pool.broadcast(|_| SOLVER.with(|s| *s.borrow_mut() = DistinctSolver::new(Rules::Rational)));
        hands
            .par_iter()
            .map(|h| {
                SOLVER.with_borrow_mut(|solver| {
                    let s = solver.solutions(h, Q::int(24)).unwrap();
                    (s.classes.len() as u64, s.dissimilar as u64)
                })
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    })
}

thread_local! {
    static SOLVER: RefCell<DistinctSolver> = RefCell::new(DistinctSolver::new(Rules::Rational));
}

/// All 1820 four-card hands of 1..13, target 24, both levels, one thread.
#[divan::bench(sample_count = 20)]
fn four_card_hands_one_thread(b: divan::Bencher) {
    let hs = hands(4);
    b.bench(|| assert_eq!(sweep(divan::black_box(&hs)), (4078, 3017)));
}

/// All 6188 five-card hands, both levels, two threads.
#[divan::bench(sample_count = 5)]
fn five_card_hands_two_threads(b: divan::Bencher) {
    let hs = hands(5);
    b.bench(|| assert_eq!(sweep_par(divan::black_box(&hs), 2), (146491, 88887)));
}

/// `expressions --operands 6`: the count.
#[divan::bench]
fn census_count_6() -> u128 {
    census::count(divan::black_box(6)).unwrap()
}

/// `expressions --operands 7`: the count.
#[divan::bench]
fn census_count_7() -> u128 {
    census::count(divan::black_box(7)).unwrap()
}

/// `expressions --operands 5 --list`: every class built and written.
#[divan::bench(sample_count = 5)]
fn census_list_5() -> usize {
    census::list(divan::black_box(5)).unwrap().len()
}

/// `expressions --operands 6 --list`: 793 002 classes built and written.
#[divan::bench(sample_count = 2)]
fn census_list_6() -> usize {
    census::list(divan::black_box(6)).unwrap().len()
}

/// The rows of all 1820 four-card hands, one thread: classes, difficulty
/// (derivation counts and the model's prediction) and solution rows, the
/// per-hand work of `census24 sweep` before its tables are written.
#[divan::bench(sample_count = 20)]
fn four_card_rows_one_thread(b: divan::Bencher) {
    use census24::game::deck::{Deck, ValueRange};
    use census24::tables::{enumerate, rows};
    let hs = hands(4);
    let spec = rows::RowSpec {
        target: Q::int(24),
        rules: Rules::Rational,
        deck: Deck::Copies(4),
        total_ways: enumerate::total_ways(4, ValueRange::new(1, 13).unwrap(), Deck::Copies(4))
            .unwrap(),
        solutions: true,
    };
    b.bench(|| {
        let n: usize = divan::black_box(&hs)
            .iter()
            .map(|h| rows::hand_rows(h, &spec).unwrap().1.len())
            .sum();
        assert_eq!(n, 4078);
    });
}
