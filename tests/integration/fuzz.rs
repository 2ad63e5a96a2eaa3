//! The fuzz harness: thousands of random command lines and inputs (cards,
//! targets, flags, hostile bytes) from a fixed seed, each run of the real
//! binary under a memory and a time limit. A run fails the test when it
//! panics, aborts or is killed, hangs, exits with a status other than 0, 1
//! or 2, says more than one line for one bad input, echoes control
//! characters or megabytes, or prints a solution that does not re-evaluate
//! under its rule set read as printed (or one that a brute force over small
//! hands contradicts).
//!
//! `FUZZ_RUNS` (default 1200) and `FUZZ_SEED` (default 24) change the run,
//! and `FUZZ_BIN` points it at another build of the binary (an older one, to
//! see what it catches); `just fuzz` runs a longer one with a fresh seed. A
//! failure names the seed and the command line, so it can be replayed.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use census24::{Expr, Hand, Q, Rules};
use rand::prelude::*;
use rand::rngs::StdRng;
use serde_json::Value;

/// Virtual memory per run: far above what any accepted input needs (the
/// largest, `--distinct none` over seven cards, stays under a gigabyte).
const MEMORY_KIB: u64 = 3 * 1024 * 1024;

/// Wall time per run. The slowest accepted inputs (an exhaustive search
/// that spends its whole step budget) take seconds; the generator keeps
/// them rare, and a run past this limit is a hang.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// One generated run: arguments, standard input, and what to check.
#[derive(Debug, Clone)]
struct Case {
    args: Vec<String>,
    stdin: Vec<u8>,
}

impl Case {
    fn shell_line(&self) -> String {
        let mut s = String::from("census24");
        for a in &self.args {
            s.push(' ');
            s.push_str(&format!("{:?}", a));
        }
        if !self.stdin.is_empty() {
            s.push_str(&format!(
                " <<< {:?}",
                String::from_utf8_lossy(&self.stdin[..self.stdin.len().min(300)])
            ));
        }
        s
    }

    fn flag(&self, name: &str) -> bool {
        self.args.iter().any(|a| a == name)
    }

    fn option(&self, name: &str) -> Option<&str> {
        let i = self.args.iter().position(|a| a == name)?;
        self.args.get(i + 1).map(String::as_str)
    }
}

/// What a run did.
struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

/// Runs a case in `cwd`: a folder of the test's own, so that a command
/// with its default folders (`census24 report` reads `data` and writes
/// `reports`) never reads or writes the repository's.
fn run(case: &Case, cwd: &std::path::Path) -> Outcome {
    let bin = std::env::var_os("FUZZ_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| assert_cmd::cargo::cargo_bin("census24"));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(&bin)
        .args(&case.args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("piped");
    let input = case.stdin.clone();
    // A writer thread: the child may stop reading (an error, a broken
    // pipe), which must not block the harness.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = out.read_to_end(&mut b);
        b
    });
    let err_reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = err.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > TIME_LIMIT {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait after kill");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = reader.join().expect("reader");
    let stderr = err_reader.join().expect("reader");
    Outcome {
        code: status.code(),
        stdout: String::from_utf8(stdout).unwrap_or_else(|e| format!("<not UTF-8: {e}>")),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        timed_out,
    }
}

/// A card token: mostly small integers, sometimes large, sometimes not a
/// number at all.
fn card(rng: &mut StdRng) -> String {
    match rng.random_range(0..100) {
        0..80 => rng.random_range(1..=13).to_string(),
        80..90 => rng.random_range(-6..=30).to_string(),
        90..93 => rng.random_range(-1000..=100_000).to_string(),
        93..98 => hostile_token(rng),
        _ => [
            "99999999999999999999",
            "9223372036854775807",
            "-9223372036854775808",
        ]
        .choose(rng)
        .expect("non-empty")
        .to_string(),
    }
}

fn hostile_token(rng: &mut StdRng) -> String {
    match rng.random_range(0..10) {
        0 => "x".into(),
        1 => "1.5".into(),
        2 => "\u{1b}[31m7".into(),
        3 => "٣".into(),
        4 => "9".repeat(rng.random_range(20..5000)),
        5 => "+5".into(),
        6 => "0x10".into(),
        7 => "\u{feff}3".into(),
        8 => "3\u{7}".into(),
        _ => "-".into(),
    }
}

fn target(rng: &mut StdRng) -> String {
    match rng.random_range(0..100) {
        0..50 => "24".into(),
        50..75 => rng.random_range(-20..=200).to_string(),
        75..88 => format!(
            "{}/{}",
            rng.random_range(-100..=100),
            rng.random_range(1..=12)
        ),
        88..93 => rng.random_range(1000..=99_999).to_string(),
        93..96 => "99999999/7".into(),
        _ => hostile_token(rng),
    }
}

fn rules(rng: &mut StdRng) -> &'static str {
    ["rational", "integer", "natural"]
        .choose(rng)
        .expect("non-empty")
}

/// A hand of `k` cards.
fn hand(rng: &mut StdRng, k: usize) -> Vec<String> {
    (0..k).map(|_| card(rng)).collect()
}

/// Hand sizes: mostly 1 to 6, sometimes 7 or 8, sometimes a big hand.
fn hand_size(rng: &mut StdRng) -> usize {
    match rng.random_range(0..100) {
        0..88 => rng.random_range(1..=6),
        88..92 => rng.random_range(7..=8),
        _ => rng.random_range(13..=70),
    }
}

/// A big hand from one deck (the shape the big-hand solver is made for).
fn deck_hand(rng: &mut StdRng) -> Vec<String> {
    let mut deck: Vec<i64> = (1..=13).flat_map(|v| [v; 4]).collect();
    deck.shuffle(rng);
    let k = rng.random_range(13..=52);
    deck[..k].iter().map(i64::to_string).collect()
}

fn solve_case(rng: &mut StdRng) -> Case {
    let mut args: Vec<String> = vec!["solve".into()];
    let all = rng.random_bool(0.3);
    let stdin = rng.random_bool(0.35);
    let k = if all {
        rng.random_range(1..=6)
    } else {
        hand_size(rng)
    };
    // Seven to twelve cards with an odd target, or --closest, can spend the
    // whole step budget (seconds each): right, but too slow for many runs.
    let heavy = !stdin && (7..=12).contains(&k);
    if heavy {
        args.extend(["--target".into(), rng.random_range(0..=30).to_string()]);
    } else if rng.random_bool(0.7) {
        args.extend(["--target".into(), target(rng)]);
    }
    if rng.random_bool(0.5) {
        args.extend(["--rules".into(), rules(rng).into()]);
    }
    for (flag, p) in [("--unicode", 0.2), ("--json", 0.25)] {
        if rng.random_bool(p) {
            args.push(flag.into());
        }
    }
    if all {
        args.push("--all".into());
        if rng.random_bool(0.4) {
            args.push("--count".into());
        }
        if rng.random_bool(0.6) {
            let level = ["dissimilar", "structural", "none"]
                .choose(rng)
                .expect("non-empty");
            args.extend(["--distinct".into(), level.to_string()]);
        }
    } else if !heavy && rng.random_bool(0.25) {
        let mode = ["below", "nearest"].choose(rng).expect("non-empty");
        args.extend(["--closest".into(), mode.to_string()]);
    }
    if rng.random_bool(0.1) {
        args.extend([
            "--deck".into(),
            ["4", "none", "1", "0", "x"][rng.random_range(0..5)].into(),
        ]);
    }
    if stdin {
        args.push("--stdin".into());
        let lines = rng.random_range(0..40);
        let mut input = Vec::new();
        if rng.random_bool(0.1) {
            input.extend_from_slice("\u{feff}".as_bytes());
        }
        for _ in 0..lines {
            input.extend(stdin_line(rng, all));
            input.extend_from_slice(if rng.random_bool(0.1) { b"\r\n" } else { b"\n" });
        }
        return Case { args, stdin: input };
    }
    let cards = if k >= 13 && rng.random_bool(0.7) {
        deck_hand(rng)
    } else {
        hand(rng, k)
    };
    if cards.iter().any(|c| c.starts_with('-')) || rng.random_bool(0.1) {
        args.push("--".into());
    }
    args.extend(cards);
    Case {
        args,
        stdin: Vec::new(),
    }
}

fn stdin_line(rng: &mut StdRng, all: bool) -> Vec<u8> {
    match rng.random_range(0..100) {
        0..70 => {
            let k = if all {
                rng.random_range(1..=5)
            } else {
                rng.random_range(1..=6)
            };
            let sep = if rng.random_bool(0.2) { ", " } else { " " };
            hand(rng, k).join(sep).into_bytes()
        }
        70..75 => Vec::new(),
        75..78 => b"# a comment".to_vec(),
        78..86 => {
            // Random bytes, any of them.
            let n = rng.random_range(1..30);
            (0..n).map(|_| rng.random::<u8>()).collect()
        }
        86..90 => vec![0xff, b' ', b'3'],
        90..93 => {
            let mut v = b"1 2 3 4".to_vec();
            v.extend(std::iter::repeat_n(b' ', rng.random_range(1..100_000)));
            v
        }
        93..96 => deck_hand(rng).join(" ").into_bytes(),
        _ => b"\x00\x1b[2J 5".to_vec(),
    }
}

/// A field value as hostile as a JSON line can carry: control characters,
/// escape sequences, a line break, or tens of kilobytes.
fn hostile_field(rng: &mut StdRng) -> String {
    match rng.random_range(0..6) {
        0 => "ra\ntional".into(),
        1 => "\u{1b}[31mall\u{1b}[0m".into(),
        2 => "x".repeat(rng.random_range(100..60_000)),
        3 => "\u{0}\u{7}\r".into(),
        4 => "Rational".into(),
        _ => hostile_token(rng),
    }
}

/// One line of `check --stdin`: JSON or HAND<TAB>ANSWER, right or hostile.
fn check_line(rng: &mut StdRng) -> Vec<u8> {
    let answers = [
        "8/(3-8/3)",
        "8*3",
        "(9-8)*3*8",
        "1+2",
        "",
        "8/(3-8/3))",
        "((((1",
    ];
    let answer = answers[rng.random_range(0..answers.len())];
    match rng.random_range(0..100) {
        0..30 => format!("3 3 8 8\t{answer}").into_bytes(),
        30..55 => {
            serde_json::json!({"hand": "3 3 8 8", "answer": answer, "id": rng.random::<u32>()})
                .to_string()
                .into_bytes()
        }
        55..75 => {
            let key = ["rules", "use", "target", "hand", "answer"][rng.random_range(0..5)];
            let mut v = serde_json::json!({"hand": "3 3 8 8", "answer": answer});
            v[key] = serde_json::Value::String(hostile_field(rng));
            v.to_string().into_bytes()
        }
        75..80 => {
            // Longer than any line may be: an error for that line alone.
            let mut v = b"3 3 8 8\t".to_vec();
            v.extend(std::iter::repeat_n(
                b'1',
                rng.random_range(65_000..1_000_000),
            ));
            v
        }
        80..85 => b"# a comment".to_vec(),
        85..90 => Vec::new(),
        90..95 => (0..rng.random_range(1..40))
            .map(|_| rng.random::<u8>())
            .collect(),
        _ => b"\x00\x1b[2J\t5".to_vec(),
    }
}

/// `census24 check`: many lines on standard input, or (rarely) a hand of
/// hundreds of thousands of cards in the arguments, graded in linear time.
fn check_case(rng: &mut StdRng) -> Case {
    if rng.random_bool(0.04) {
        let n = rng.random_range(30_000..100_000);
        let mut args: Vec<String> = vec!["check".into()];
        args.extend((0..n).map(|i| (i % 13 + 1).to_string()));
        args.push("--".into());
        let answer: Vec<String> = (0..n + rng.random_range(0..2))
            .map(|i| (i % 13 + 1).to_string())
            .collect();
        let answer = answer.join("+");
        args.extend(
            answer
                .as_bytes()
                .chunks(100_000)
                .map(|c| String::from_utf8(c.to_vec()).unwrap()),
        );
        return Case {
            args,
            stdin: Vec::new(),
        };
    }
    let mut args: Vec<String> = vec!["check".into(), "--stdin".into()];
    if rng.random_bool(0.5) {
        args.push("--json".into());
    }
    if rng.random_bool(0.3) {
        args.push("--extract".into());
    }
    let mut stdin = Vec::new();
    if rng.random_bool(0.1) {
        stdin.extend_from_slice(b"\xEF\xBB\xBF");
    }
    for _ in 0..rng.random_range(1..12) {
        stdin.extend(check_line(rng));
        stdin.push(b'\n');
    }
    Case { args, stdin }
}

fn expressions_case(rng: &mut StdRng) -> Case {
    let n = match rng.random_range(0..10) {
        0..6 => rng.random_range(0..=8).to_string(),
        6 => rng.random_range(9..=40).to_string(),
        7 => "18446744073709551615".into(),
        8 => "1000000000".into(),
        _ => hostile_token(rng),
    };
    let mut args = vec!["expressions".into(), "--operands".into(), n];
    if rng.random_bool(0.3) {
        args.push("--list".into());
    }
    // Listing six operands prints 793 002 lines: fine, but slow for a fuzz run.
    if args.contains(&"--list".to_string()) && args[2] == "6" {
        args[2] = "5".into();
    }
    Case {
        args,
        stdin: Vec::new(),
    }
}

fn sweep_case(rng: &mut StdRng, out: &str) -> Case {
    // Up to three cards (at most some forty thousand hands: a second or
    // two), or sizes that are refused; a valid sweep of millions of hands
    // is a long job, not a fuzz run.
    let k = match rng.random_range(0..10) {
        0..7 => rng.random_range(0..=3).to_string(),
        7..9 => rng.random_range(13..=14).to_string(),
        _ => hostile_token(rng),
    };
    let lo = rng.random_range(-40..=5);
    let hi = lo + rng.random_range(-2..=60);
    let mut args: Vec<String> = vec![
        "sweep".into(),
        "--quiet".into(),
        "--no-report".into(),
        "--out".into(),
        out.into(),
        "-k".into(),
        k,
        format!("--values={lo}..{hi}"),
        "--target".into(),
        target(rng),
    ];
    if rng.random_bool(0.5) {
        args.extend(["--deck".into(), "none".into()]);
    }
    // Only hands tables: a sweep of solutions over wide values is minutes.
    args.push("--no-solutions".into());
    Case {
        args,
        stdin: Vec::new(),
    }
}

/// Every value reachable from `cards` under `rules`, by brute force over
/// every split: a second method beside the solver, for hands of few cards.
fn reachable(cards: &[i64], rules: Rules) -> Vec<Q> {
    if cards.len() == 1 {
        return vec![Q::int(cards[0])];
    }
    let mut out = Vec::new();
    let n = cards.len();
    for mask in 1..(1u32 << n) - 1 {
        let (a, b): (Vec<i64>, Vec<i64>) = {
            let mut a = Vec::new();
            let mut b = Vec::new();
            for (i, &c) in cards.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    a.push(c)
                } else {
                    b.push(c)
                }
            }
            (a, b)
        };
        for x in reachable(&a, rules) {
            for y in reachable(&b, rules) {
                for v in [
                    x.checked_add(y),
                    x.checked_sub(y),
                    x.checked_mul(y),
                    x.checked_div(y),
                ]
                .into_iter()
                .flatten()
                {
                    if rules.admits(v) {
                        out.push(v);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Checks that `text` is a solution over `cards` worth `value` under `rules`,
/// read exactly as printed.
fn check_expression(text: &str, cards: &[i64], value: Q, rules: Rules) -> Result<(), String> {
    let e = Expr::parse(text).map_err(|e| format!("printed {text:?} does not parse: {e}"))?;
    match e.eval_under(rules) {
        Ok(v) if v == value => {}
        other => {
            return Err(format!(
                "{text} read as printed gives {other:?}, not {value} ({rules})"
            ));
        }
    }
    let mut want = cards.to_vec();
    want.sort_unstable();
    if e.cards() != want {
        return Err(format!("{text} does not use the cards {want:?} once each"));
    }
    Ok(())
}

fn parse_rules(case: &Case) -> Rules {
    case.option("--rules")
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rules::Rational)
}

fn parse_target(case: &Case) -> Option<Q> {
    match case.option("--target") {
        Some(t) => t.parse().ok(),
        None => Some(Q::int(24)),
    }
}

/// Checks one `hand: body` answer of `solve --stdin` or the body of a
/// single-hand `solve`.
fn check_answer(body: &str, cards: &[i64], case: &Case, code: i32) -> Result<(), String> {
    let rules = parse_rules(case);
    let target = parse_target(case).ok_or("a run with a bad target succeeded")?;
    if body == "no solution" {
        if code == 0 {
            return Err("\"no solution\" with exit status 0".into());
        }
        if cards.len() <= 4 && reachable(cards, rules).contains(&target) {
            return Err(format!("\"no solution\" but brute force reaches {target}"));
        }
        return Ok(());
    }
    if let Some((expr, rest)) = body.split_once(" = ") {
        let value: Q = rest
            .split_once(' ')
            .map(|(v, _)| v)
            .unwrap_or(rest)
            .parse()
            .map_err(|e| format!("closest value in {body:?}: {e}"))?;
        return check_expression(expr, cards, value, rules);
    }
    check_expression(body, cards, target, rules)
}

fn cards_of(hand_text: &str) -> Result<Vec<i64>, String> {
    Hand::parse(hand_text)
        .map(|h| h.cards().to_vec())
        .map_err(|e| format!("printed hand {hand_text:?}: {e}"))
}

/// The hand given on the command line, as the binary parsed it.
fn arg_cards(case: &Case) -> Result<Vec<i64>, String> {
    let i = match case.args.iter().position(|a| a == "--") {
        Some(i) => i + 1,
        None => {
            // Cards are the trailing tokens after the last option value.
            let mut i = case.args.len();
            while i > 1 {
                let a = &case.args[i - 1];
                let prev = &case.args[i - 2];
                let takes_value = ["--target", "--rules", "--closest", "--deck", "--distinct"]
                    .contains(&prev.as_str());
                if a.starts_with("--") || takes_value {
                    break;
                }
                i -= 1;
            }
            i
        }
    };
    Hand::parse_tokens(case.args[i..].iter().map(String::as_str))
        .map(|h| h.cards().to_vec())
        .map_err(|e| format!("cards of a successful run: {e}"))
}

fn check_solve(case: &Case, o: &Outcome, code: i32) -> Result<(), String> {
    if o.stdout.is_empty() {
        return Ok(());
    }
    let rules = parse_rules(case);
    let target = parse_target(case);
    let batch = case.flag("--stdin");
    let all = case.flag("--all");
    let count = case.flag("--count");
    let json = case.flag("--json");
    if json {
        for line in o.stdout.lines() {
            let v: Value =
                serde_json::from_str(line).map_err(|e| format!("JSON line {line:?}: {e}"))?;
            // A bad line's place holds its error (one line per input line).
            if v.get("error").is_some_and(Value::is_string) {
                continue;
            }
            let cards = cards_of(v["hand"].as_str().ok_or("JSON without hand")?)?;
            let target = target.ok_or("a bad target succeeded")?;
            if all {
                if !count {
                    for s in v["solutions"].as_array().ok_or("JSON without solutions")? {
                        let text = s["expression"].as_str().ok_or("solution without text")?;
                        check_expression(text, &cards, target, rules)?;
                    }
                }
            } else if let Some(text) = v["expression"].as_str() {
                let value: Q = v["value"]
                    .as_str()
                    .ok_or("JSON expression without value")?
                    .parse()
                    .map_err(|e| format!("JSON value: {e}"))?;
                check_expression(text, &cards, value, rules)?;
            } else if v["solvable"] == Value::Bool(true) {
                return Err(format!("solvable without expression: {line}"));
            }
        }
        return Ok(());
    }
    if all {
        if count {
            return Ok(());
        }
        let target = target.ok_or("a bad target succeeded")?;
        if batch {
            let mut cards = Vec::new();
            for line in o.stdout.lines() {
                if let Some(text) = line.strip_prefix("  ") {
                    check_expression(text, &cards, target, rules)?;
                } else if line.starts_with("error: ") {
                    cards.clear();
                } else {
                    let (hand, _) = line
                        .split_once(": ")
                        .ok_or(format!("block heading {line:?}"))?;
                    cards = cards_of(hand)?;
                }
            }
        } else {
            let cards = arg_cards(case)?;
            for line in o.stdout.lines() {
                if line == "no solution" {
                    continue;
                }
                check_expression(line, &cards, target, rules)?;
            }
        }
        return Ok(());
    }
    if batch {
        for line in o.stdout.lines().filter(|l| !l.starts_with("error: ")) {
            let (hand, body) = line
                .split_once(": ")
                .ok_or(format!("answer line {line:?}"))?;
            check_answer(body, &cards_of(hand)?, case, code)?;
        }
        return Ok(());
    }
    let lines: Vec<&str> = o.stdout.lines().collect();
    if lines.len() != 1 {
        return Err(format!("{} lines for one hand", lines.len()));
    }
    check_answer(lines[0], &arg_cards(case)?, case, code)
}

fn check(case: &Case, o: &Outcome) -> Result<(), String> {
    if o.timed_out {
        return Err(format!("no answer within {TIME_LIMIT:?}"));
    }
    let code = o
        .code
        .ok_or_else(|| format!("killed by a signal; stderr {:?}", o.stderr))?;
    // 0 done, 1 no solution, 2 bad input, 3 gave up at a limit.
    if !(0..=3).contains(&code) {
        return Err(format!("exit status {code}; stderr {:?}", o.stderr));
    }
    if o.stderr.contains("panicked") || o.stderr.contains("memory allocation") {
        return Err(format!("stderr {:?}", o.stderr));
    }
    if o.stderr.chars().any(|c| c.is_control() && c != '\n') {
        return Err(format!("raw control characters on stderr: {:?}", o.stderr));
    }
    if let Some(long) = o.stderr.lines().find(|l| l.len() > 2100) {
        return Err(format!("a {}-byte error line", long.len()));
    }
    if case.args[0] == "check" {
        if o.stdout.chars().any(|c| c.is_control() && c != '\n') {
            return Err(format!(
                "raw control characters in a verdict: {:?}",
                o.stdout
            ));
        }
        // (With --extract a JSON verdict echoes the answer it graded.)
        let long = o.stdout.lines().find(|l| l.len() > 4000);
        if let Some(long) = long.filter(|_| !case.flag("--extract")) {
            return Err(format!("a {}-byte verdict", long.len()));
        }
    }
    let ours: Vec<&str> = o
        .stderr
        .lines()
        .filter(|l| l.starts_with("census24: ") && !l.starts_with("census24: line "))
        .collect();
    if ours.len() > 1 {
        return Err(format!("more than one error line: {:?}", o.stderr));
    }
    if (code == 2 || code == 3) && o.stderr.trim().is_empty() {
        return Err(format!("exit status {code} without a word"));
    }
    if code == 3 && !(o.stderr.contains("steps") || o.stderr.contains("undecided")) {
        return Err(format!(
            "exit status 3 for something else than a limit: {:?}",
            o.stderr
        ));
    }
    // (`solve --targets` answers a line per target: not checked here.)
    if case.args[0] == "solve" && (code < 2 || case.flag("--stdin")) && !case.flag("--targets") {
        check_solve(case, o, code)?;
    }
    Ok(())
}

/// A count too large to mean anything: the largest values of the common
/// integer types, one past them, and far past them.
fn huge(rng: &mut StdRng) -> String {
    [
        "18446744073709551615",
        "18446744073709551616",
        "9223372036854775807",
        "4294967295",
        "4294967296",
        "2147483648",
        "65535",
        "65536",
        "999999999999999999999999999999",
    ][rng.random_range(0..9)]
    .to_string()
}

/// Every numeric option of every command, given a huge value: each must be
/// checked against what it can mean before anything is sized by it (a
/// shard count, `-n`, a thread count, a hand size).
fn numeric_case(rng: &mut StdRng, out: &str) -> Case {
    let (variant, n) = (rng.random_range(0..NUMERIC_CASES), huge(rng));
    let mut case = numeric(variant, n, out);
    if rng.random_bool(0.2) {
        case.args.push("--format=csv".into());
    }
    case
}

/// How many kinds of [`numeric`] case there are.
const NUMERIC_CASES: usize = 14;

/// Numeric case `variant` with the value `n`.
fn numeric(variant: usize, n: String, out: &str) -> Case {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data").to_string();
    let read = |cmd: &str| -> Vec<String> { vec![cmd.into(), "--data".into(), data.clone()] };
    let write = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> = ["sweep", "--quiet", "--no-report", "--out", out]
            .map(String::from)
            .to_vec();
        a.extend(extra.iter().map(|x| x.to_string()));
        a
    };
    let args: Vec<String> = match variant {
        0 => [read("pick"), vec!["-n".into(), n]].concat(),
        1 => [read("pick"), vec!["-n".into(), n, "--spread".into()]].concat(),
        2 => [read("pick"), vec!["--seed".into(), n]].concat(),
        3 => [read("pick"), vec!["--max-time".into(), n]].concat(),
        4 => [read("rank"), vec!["--top".into(), n]].concat(),
        5 => [read("rank"), vec!["--min-solutions".into(), n]].concat(),
        6 => [read("rank"), vec!["-k".into(), n]].concat(),
        7 => write(&["-k", "2", "--shard", &format!("1/{n}")]),
        8 => write(&["-k", "2", "--shard", &format!("{n}/{n}")]),
        9 => write(&["-k", "2", "--threads", &n]),
        10 => write(&["-k", &n]),
        11 => vec!["merge".into(), "--quiet".into(), "--out".into(), out.into()],
        12 => vec!["expressions".into(), "--operands".into(), n],
        _ => vec![
            "solve".into(),
            "--targets".into(),
            format!("1..{n}"),
            "1".into(),
            "2".into(),
        ],
    };
    Case {
        args,
        stdin: Vec::new(),
    }
}

fn generate(rng: &mut StdRng, out: &str) -> Case {
    match rng.random_range(0..100) {
        0..72 => solve_case(rng),
        72..80 => check_case(rng),
        80..90 => expressions_case(rng),
        90..95 => sweep_case(rng, out),
        95..97 => numeric_case(rng, out),
        _ => {
            // Anything at all as arguments.
            let n = rng.random_range(0..6);
            let mut args: Vec<String> = vec![
                [
                    "solve",
                    "sweep",
                    "expressions",
                    "rank",
                    "report",
                    "merge",
                    "x",
                ][rng.random_range(0..7)]
                .into(),
            ];
            args.extend((0..n).map(|_| match rng.random_range(0..4) {
                0 => hostile_token(rng),
                1 => card(rng),
                2 => "--target".into(),
                _ => format!("--{}", hostile_token(rng)),
            }));
            Case {
                args,
                stdin: Vec::new(),
            }
        }
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn fuzz_random_command_lines_and_inputs() {
    let runs: usize = env_or("FUZZ_RUNS", 1200);
    let seed: u64 = env_or("FUZZ_SEED", 24);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap().to_string();
    let mut rng = StdRng::seed_from_u64(seed);
    let cases: Vec<Case> = (0..runs).map(|_| generate(&mut rng, &out)).collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let o = run(case, dir.path());
                    if let Err(why) = check(case, &o) {
                        failures.lock().unwrap().push(format!(
                            "run {i}: {}\n  {why}\n  stdout: {:?}",
                            case.shell_line(),
                            &o.stdout[..o.stdout.len().min(500)]
                        ));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {runs} runs failed (FUZZ_SEED={seed}):\n{}",
        failures.len(),
        failures[..failures.len().min(15)].join("\n")
    );
}

/// Every numeric option with every huge value, once each (the random run
/// draws only some of them), each in a folder of its own.
#[test]
fn every_numeric_option_takes_a_huge_value() {
    let values: Vec<String> = {
        let mut rng = StdRng::seed_from_u64(0);
        let mut v: Vec<String> = (0..200).map(|_| huge(&mut rng)).collect();
        v.sort();
        v.dedup();
        v
    };
    assert_eq!(values.len(), 9, "{values:?}");
    let mut failures = Vec::new();
    for variant in 0..NUMERIC_CASES {
        for n in &values {
            let dir = tempfile::tempdir().unwrap();
            let case = numeric(variant, n.clone(), dir.path().to_str().unwrap());
            let o = run(&case, dir.path());
            if let Err(why) = check(&case, &o) {
                failures.push(format!("{}\n  {why}", case.shell_line()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
