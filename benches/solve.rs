//! Solver benchmarks (`just bench`): every hand of a size, one Countdown
//! instance with `--closest` (every card, or any selection of them). Figures are recorded in docs/PERFORMANCE.md.

use census24::solve::{MAX_STEPS, solve_selection, sub_hands};
use census24::{Closest, Hand, Q, Rules, solve, solve_closest};
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

fn count_solvable(hands: &[Hand]) -> usize {
    hands
        .iter()
        .filter(|h| solve(h, Q::int(24), Rules::Rational).unwrap().is_some())
        .count()
}

fn count_solvable_par(hands: &[Hand], threads: usize) -> usize {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        hands
            .par_iter()
            .filter(|h| solve(h, Q::int(24), Rules::Rational).unwrap().is_some())
            .count()
    })
}

/// All 1820 four-card hands of 1..13, target 24, one thread.
#[divan::bench]
fn four_card_hands_one_thread(b: divan::Bencher) {
    let hs = hands(4);
    b.bench(|| assert_eq!(count_solvable(divan::black_box(&hs)), 1362));
}

/// All 6188 five-card hands, one thread.
#[divan::bench(sample_count = 20)]
fn five_card_hands_one_thread(b: divan::Bencher) {
    let hs = hands(5);
    b.bench(|| count_solvable(divan::black_box(&hs)));
}

/// All 6188 five-card hands, two threads.
#[divan::bench(sample_count = 20)]
fn five_card_hands_two_threads(b: divan::Bencher) {
    let hs = hands(5);
    b.bench(|| count_solvable_par(divan::black_box(&hs), 2));
}

/// All 18564 six-card hands, two threads.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn six_card_hands_two_threads(b: divan::Bencher) {
    let hs = hands(6);
    b.bench(|| count_solvable_par(divan::black_box(&hs), 2));
}

/// Countdown instances: six cards up to 100, natural rules, `--closest nearest`.
/// The first is reachable (573), the others are not, so the closest search runs.
#[divan::bench(args = [("1 2 3 4 7 25", 573), ("1 1 2 2 3 3", 999), ("25 50 75 100 3 6", 952), ("2 3 5 7 9 10", 997)])]
fn countdown_closest(b: divan::Bencher, (cards, target): (&str, i64)) {
    let hand = Hand::parse(cards).unwrap();
    b.bench(|| {
        solve_closest(
            divan::black_box(&hand),
            Q::int(target),
            Rules::Natural,
            Closest::Nearest,
        )
        .unwrap()
    });
}

/// Any-subset play (`--use any`), the same instances plus 766 (unreachable
/// from 100 75 50 25 6 3, the slowest target of that selection): one solver
/// shares its subset tables across every selection of the cards.
#[divan::bench(args = [("1 2 3 4 7 25", 573), ("1 1 2 2 3 3", 999), ("25 50 75 100 3 6", 952), ("25 50 75 100 3 6", 766), ("2 3 5 7 9 10", 997)])]
fn countdown_any_closest(b: divan::Bencher, (cards, target): (&str, i64)) {
    let hand = Hand::parse(cards).unwrap();
    b.bench(|| {
        solve_selection(
            divan::black_box(&hand),
            Q::int(target),
            Rules::Natural,
            Closest::Nearest,
            MAX_STEPS,
        )
        .unwrap()
    });
}

/// The baseline for [`countdown_any_closest`]: every selection solved
/// afresh, each with its own solver, fewest cards first, until one reaches
/// the target.
#[divan::bench(args = [("1 2 3 4 7 25", 573), ("1 1 2 2 3 3", 999), ("25 50 75 100 3 6", 952), ("25 50 75 100 3 6", 766), ("2 3 5 7 9 10", 997)])]
fn countdown_any_closest_each_selection_afresh(b: divan::Bencher, (cards, target): (&str, i64)) {
    let hand = Hand::parse(cards).unwrap();
    let t = Q::int(target);
    b.bench(|| {
        let mut best: Option<(Q, Q)> = None;
        for sub in sub_hands(divan::black_box(&hand)).unwrap() {
            let out = solve_closest(&sub, t, Rules::Natural, Closest::Nearest).unwrap();
            if let Some(v) = out.value {
                let key = (v.distance(t).unwrap(), v);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
                if key.0.is_zero() {
                    break; // reached with the fewest cards
                }
            }
        }
        best
    });
}

/// Every 50th seven-card hand (1008 of 50388), one thread: the solver's share
/// of a k = 7 sweep.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn seven_card_sample_one_thread(b: divan::Bencher) {
    let hs: Vec<Hand> = hands(7).into_iter().step_by(50).collect();
    b.bench(|| count_solvable(divan::black_box(&hs)));
}

/// Every 500th eight-card hand (252 of 125970), one thread.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn eight_card_sample_one_thread(b: divan::Bencher) {
    let hs: Vec<Hand> = hands(8).into_iter().step_by(500).collect();
    b.bench(|| count_solvable(divan::black_box(&hs)));
}
