//! Times `census24::solutions` (structural and dissimilar levels) over every
//! hand of `k` cards from 1..13, target 24, rational rules, on `threads`
//! threads: `cargo run --release --no-default-features --example distinct_sweep -- 6 2`.
//! The six-card sweep is too slow for a divan benchmark's repeated samples,
//! so docs/PERFORMANCE.md records this one-shot run instead.

use std::cell::RefCell;
use std::time::Instant;

use census24::canon::DistinctSolver;
use census24::{Hand, Q, Rules};
use itertools::Itertools;
use rayon::prelude::*;

thread_local! {
    // One solver per worker thread: it keeps what it learned about each
    // sub-multiset for the next hands.
    static SOLVER: RefCell<DistinctSolver> = RefCell::new(DistinctSolver::new(Rules::Rational));
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (k, threads) = (
        args.first().copied().unwrap_or(4),
        args.get(1).copied().unwrap_or(1),
    );
    // An optional third argument times only the first hands, for profiling.
    let limit = args.get(2).copied().unwrap_or(usize::MAX);
    let hands: Vec<Hand> = (1..=13i64)
        .combinations_with_replacement(k)
        .take(limit)
        .map(|c| Hand::new(c).unwrap())
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let start = Instant::now();
    let (solvable, structural, dissimilar) = pool.install(|| {
        hands
            .par_iter()
            .map(|h| {
                let s = SOLVER.with_borrow_mut(|solver| solver.solutions(h, Q::int(24)).unwrap());
                (
                    (!s.classes.is_empty()) as u64,
                    s.classes.len() as u64,
                    s.dissimilar as u64,
                )
            })
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
    });
    if std::env::var_os("DISTINCT_DEBUG").is_some() {
        pool.broadcast(|_| SOLVER.with_borrow(|s| eprintln!("{s:?}")));
    }
    println!(
        "{} hands of {k} cards, {threads} thread(s): {:.3} s; {solvable} solvable, \
         {structural} structural classes, {dissimilar} dissimilar solutions",
        hands.len(),
        start.elapsed().as_secs_f64()
    );
}
