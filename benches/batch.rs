//! Batch all-solutions benchmark (`cargo bench --bench batch`): all 1820
//! four-card hands of 1..13, one per line, through the code behind
//! `census24 solve --stdin --all` (every dissimilar solution of each hand,
//! one block per hand, in input order, in parallel batches), written into
//! memory; and a million lines through plain `census24 solve --stdin` (one
//! solution per hand), the throughput that answering each line as soon as
//! input pauses must keep. The whole-process figures, and the comparisons,
//! are in docs/PERFORMANCE.md.

use std::io::Cursor;

use census24::canon::Distinct;
use census24::canon::answer::{Pick, Policy};
use census24::cli::cmd::check::{self, Defaults};
use census24::cli::cmd::distinct::AllConfig;
use census24::cli::cmd::solve::{Job, SolveConfig, run_stream};
use census24::game::rules::Use;
use census24::{Q, Rules};
use itertools::Itertools;

// The same allocator as the census24 binary, so the figures are the tool's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

/// Every four-card hand of 1..13, one per line.
fn input() -> String {
    (1..=13)
        .combinations_with_replacement(4)
        .map(|h| format!("{} {} {} {}\n", h[0], h[1], h[2], h[3]))
        .collect()
}

fn job(level: Distinct, count: bool) -> Job {
    Job::All(AllConfig {
        target: Q::int(24),
        rules: Rules::Rational,
        level,
        count,
        unicode: false,
        json: false,
        uses: Use::All,
        game: None,
    })
}

/// Runs the batch over `text`, returning the bytes written.
fn batch(text: &str, job: &Job) -> usize {
    let mut out = Vec::with_capacity(1 << 20);
    run_stream(Cursor::new(text.as_bytes().to_vec()), &mut out, job).unwrap();
    out.len()
}

/// `solve --stdin --all` (dissimilar solutions, listed) over 1820 hands.
#[divan::bench(sample_count = 20)]
fn all_four_card_hands_listed(b: divan::Bencher) {
    let text = input();
    let job = job(Distinct::Dissimilar, false);
    b.bench(|| batch(divan::black_box(&text), &job));
}

/// `solve --stdin --all --distinct structural` over 1820 hands.
#[divan::bench(sample_count = 20)]
fn all_four_card_hands_structural(b: divan::Bencher) {
    let text = input();
    let job = job(Distinct::Structural, false);
    b.bench(|| batch(divan::black_box(&text), &job));
}

/// `solve --stdin --all --count` over 1820 hands.
#[divan::bench(sample_count = 20)]
fn all_four_card_hands_counted(b: divan::Bencher) {
    let text = input();
    let job = job(Distinct::Dissimilar, true);
    b.bench(|| batch(divan::black_box(&text), &job));
}

/// `solve --stdin` (one solution per hand, the simplest) over a million
/// lines: the 1820 four-card hands 550 times over.
#[divan::bench(sample_count = 3)]
fn a_million_lines_one_solution_each(b: divan::Bencher) {
    million_lines(b, false);
}

/// The same with `--first`: the first solution the search finds.
#[divan::bench(sample_count = 3)]
fn a_million_lines_first_solution_each(b: divan::Bencher) {
    million_lines(b, true);
}

fn million_lines(b: divan::Bencher, first: bool) {
    let text = input().repeat(550);
    let job = Job::One(SolveConfig {
        target: Q::int(24),
        rules: Rules::Rational,
        uses: Use::All,
        policy: Policy {
            pick: if first { Pick::First } else { Pick::Simplest },
            ..Policy::default()
        },
        unicode: false,
        json: false,
        game: None,
    });
    b.bench(|| batch(divan::black_box(&text), &job));
}

/// `census24 check --stdin --json` over a million answer lines: the
/// simplest solution of every solvable four-card hand as a JSON line, over
/// and over (goal: 500 000 answers a second on two cores).
#[divan::bench(sample_count = 3)]
fn a_million_answers_checked(b: divan::Bencher) {
    let lines: Vec<String> = (1..=13)
        .combinations_with_replacement(4)
        .filter_map(|h| {
            let hand = census24::Hand::parse(&h.iter().join(" ")).ok()?;
            let e = census24::canon::simplest(&hand, Q::int(24), Rules::Rational).ok()??;
            Some(format!(
                "{{\"hand\":\"{hand}\",\"answer\":\"{}\"}}\n",
                e.to_infix_under(Rules::Rational, false)
            ))
        })
        .collect();
    let text: String = lines.iter().cycle().take(1_000_000).cloned().collect();
    let d = Defaults {
        target: Some(Q::int(24)),
        rules: Rules::Rational,
        uses: Use::All,
        scoring: census24::game::family::Scoring::EXACT,
        game: None,
        json: true,
        extract: false,
        format: census24::game::grade::Format::Auto,
        score: false,
    };
    b.bench(|| {
        let mut out = Vec::with_capacity(80_000_000);
        check::run_stream(Cursor::new(divan::black_box(text.clone())), &mut out, &d).unwrap();
        out
    });
}

/// The steps of `e`, innermost first: `8 / 3 = 8/3, 3 - (8/3) = 1/3, ...`
/// (a fraction or a negative number in brackets before the `=`).
fn steps_of(e: &census24::game::expr::Expr, out: &mut Vec<String>) -> Q {
    use census24::game::expr::Expr;
    match e {
        Expr::Card(c) => Q::int(*c),
        Expr::Bin(op, l, r) => {
            let (a, b) = (steps_of(l, out), steps_of(r, out));
            let v = op.apply(a, b).expect("a solution's steps are defined");
            let operand = |q: Q| match q.is_integer() && !q.is_negative() {
                true => q.to_string(),
                false => format!("({q})"),
            };
            out.push(format!(
                "{} {} {} = {v}",
                operand(a),
                op.symbol(false),
                operand(b)
            ));
            v
        }
    }
}

/// `census24 check --stdin --json` over a million steps answers: the
/// simplest solution of every solvable four-card hand written as steps
/// (goal: 500 000 answers a second on two cores, issue 34).
#[divan::bench(sample_count = 3)]
fn a_million_steps_answers_checked(b: divan::Bencher) {
    let lines: Vec<String> = (1..=13)
        .combinations_with_replacement(4)
        .filter_map(|h| {
            let hand = census24::Hand::parse(&h.iter().join(" ")).ok()?;
            let e = census24::canon::simplest(&hand, Q::int(24), Rules::Rational).ok()??;
            let mut steps = Vec::new();
            steps_of(&e, &mut steps);
            Some(format!(
                "{{\"hand\":\"{hand}\",\"answer\":\"{}\"}}\n",
                steps.join(", ")
            ))
        })
        .collect();
    let text: String = lines.iter().cycle().take(1_000_000).cloned().collect();
    let d = Defaults {
        target: Some(Q::int(24)),
        rules: Rules::Rational,
        uses: Use::All,
        scoring: census24::game::family::Scoring::EXACT,
        game: None,
        json: true,
        extract: false,
        format: census24::game::grade::Format::Auto,
        score: false,
    };
    b.bench(|| {
        let mut out = Vec::with_capacity(80_000_000);
        check::run_stream(Cursor::new(divan::black_box(text.clone())), &mut out, &d).unwrap();
        out
    });
}
