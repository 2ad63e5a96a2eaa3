//! Task source benchmark (`cargo bench --bench tasks`): 2,000 solvable
//! six-number Countdown tasks (the preset: tiles dealt from its 24,
//! targets 100..999, any selection), each decided, its simplest solution
//! found and written as steps, its dissimilar solutions counted and its
//! difficulty predicted: the work of `census24 tasks --game countdown -n
//! 2000`. The goal is 2,000 a second on two cores (docs/PERFORMANCE.md).

use census24::game::presets;
use census24::tasks::{TaskPlan, make};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 5)]
fn two_thousand_countdown_tasks(bencher: divan::Bencher) {
    let mut plan = TaskPlan::of_game(presets::game("countdown").unwrap());
    plan.count = 2000;
    bencher.bench(|| {
        let set = make(&plan).unwrap();
        assert_eq!(set.tasks.len(), 2000);
        set
    });
}
