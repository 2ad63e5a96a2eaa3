//! `census24 pick` as a designer runs it on the shipped tables: the same
//! seed gives the same set, `--ops` agrees with a brute force over every
//! four-card hand, every format carries the same hands, and bad requests
//! get one line naming the bad value.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::util::{ops_class, run};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// `census24 pick --data <shipped> ARGS`, which must succeed.
fn pick(args: &[&str]) -> String {
    let data = data();
    let mut all = vec!["pick", "--data", data.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "{all:?}: {stderr}");
    stdout
}

#[test]
fn the_same_seed_picks_the_same_hands() {
    let a = pick(&["--spread", "--distinct-shapes", "-n", "8"]);
    assert_eq!(a, pick(&["--spread", "--distinct-shapes", "-n", "8"]));
    assert_eq!(a.lines().count(), 8);
    assert_ne!(
        a,
        pick(&["--spread", "--distinct-shapes", "-n", "8", "--seed", "5"])
    );
}

#[test]
fn ops_agree_with_a_brute_force_over_every_four_card_hand() {
    let every = pick(&["-n", "100000", "--format", "csv"]);
    let hands: Vec<Vec<i64>> = every
        .lines()
        .skip(1)
        .map(|l| {
            let hand = l.split(',').next().unwrap();
            hand.split(' ').map(|c| c.parse().unwrap()).collect()
        })
        .collect();
    assert_eq!(hands.len(), 1362, "every solvable four-card hand");
    for (o, name) in ["add-sub", "product", "division", "fraction"]
        .iter()
        .enumerate()
    {
        let got: BTreeSet<String> = pick(&["--ops", name, "-n", "100000"])
            .lines()
            .map(String::from)
            .collect();
        let want: BTreeSet<String> = hands
            .iter()
            .filter(|h| ops_class(h) == Some(o))
            .map(|h| {
                h.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert!(!want.is_empty(), "{name}");
        assert_eq!(got, want, "--ops {name}");
    }
}

/// Issue 33: an `--ops add-sub` sheet showed each hand's tier, time and
/// solution count for the full game (`2 4 6 12`: 10 solutions). On a set
/// restricted to some operations they are those of play with them: every
/// listed solution keeps to the operations, as many as the count says, the
/// tier is the time's, and the sheet and stderr say so in words.
#[test]
fn restricted_sets_count_and_time_play_within_their_operations() {
    let row = |csv: &str, hand: &str| -> Vec<String> {
        csv.lines()
            .find(|l| l.starts_with(&format!("{hand},")))
            .unwrap_or_else(|| panic!("{hand} in {csv}"))
            .split(',')
            .map(String::from)
            .collect()
    };
    let full = pick(&["--all", "--format", "csv"]);
    let add_sub = pick(&["--ops", "add-sub", "--all", "--format", "csv"]);
    assert_eq!(row(&full, "2 4 6 12")[6], "10");
    assert_eq!(row(&add_sub, "2 4 6 12")[6], "1");
    assert_eq!(
        add_sub.lines().count(),
        221,
        "220 add-sub hands and the header"
    );
    for (ops, signs) in [("add-sub", "+-"), ("product", "+-*")] {
        let jsonl = pick(&["--ops", ops, "--all", "--format", "jsonl"]);
        let mut fewer = 0;
        for line in jsonl.lines() {
            let p: serde_json::Value = serde_json::from_str(line).unwrap();
            let solutions = p["solutions"].as_array().unwrap();
            assert_eq!(
                solutions.len() as u64,
                p["dissimilar"].as_u64().unwrap(),
                "{line}"
            );
            for s in solutions {
                let s = s.as_str().unwrap();
                assert!(
                    s.chars()
                        .all(|c| c.is_ascii_digit() || "()".contains(c) || signs.contains(c)),
                    "--ops {ops}: {s}"
                );
            }
            let time = p["predicted_time_s"].as_f64().unwrap();
            let tier = census24::difficulty::Tier::of(time).name();
            assert_eq!(p["tier"], tier, "{line}");
            let hand = p["hand"].as_str().unwrap();
            let count: u64 = row(&full, hand)[6].parse().unwrap();
            fewer += usize::from(p["dissimilar"] != count);
        }
        assert!(
            fewer > 50,
            "--ops {ops}: most hands have solutions beyond {signs}"
        );
    }
    let data = data();
    let (code, html, stderr) = run(&[
        "pick",
        "--data",
        data.to_str().unwrap(),
        "--ops",
        "add-sub",
        "--format",
        "html",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let words = "are for play with + and \u{2212} only.";
    assert!(html.contains(&format!("Tiers, times and solution counts {words}")));
    assert!(
        stderr.contains(&format!("tiers, times and solution counts {words}")),
        "{stderr}"
    );
    let html = pick(&["--ops", "division", "--format", "html"]);
    assert!(
        !html.contains("are for play with"),
        "every operation: no note"
    );
}

/// A set restricted to some operations is also chosen by the figures of
/// play within them: `--ops add-sub --tier easy` gave hands easy in the
/// full game, some of them medium with `+` and `-` alone (shown so on the
/// sheet). The tier, time and dissimilar filters keep exactly the hands
/// whose add-sub figures (the `--all` listing) pass them, and `--spread`
/// orders by those times.
#[test]
fn restricted_sets_are_chosen_by_the_figures_of_their_play() {
    let listing = |ops: &str| pick(&["--ops", ops, "--all", "--format", "csv"]);
    let cells = |l: &str| -> Vec<String> { l.split(',').map(String::from).collect() };
    let full = pick(&["--all", "--format", "csv"]);
    let full_tier = |hand: &str| {
        full.lines()
            .find(|l| l.starts_with(&format!("{hand},")))
            .map(|l| cells(l)[4].clone())
            .unwrap()
    };
    // Some hands change tier when played with + and - alone, so the choice
    // by the table's figures would differ.
    let add_sub = listing("add-sub");
    assert!(
        add_sub
            .lines()
            .skip(1)
            .any(|l| full_tier(&cells(l)[0]) != cells(l)[4])
    );
    type Keep = fn(&[String]) -> bool;
    let cases: [(&str, &[&str], Keep); 2] = [
        ("add-sub", &["--tier", "easy"], |r| r[4] == "easy"),
        (
            "product",
            &["--max-time", "12", "--min-dissimilar", "2"],
            |r| r[1].parse::<f64>().unwrap() <= 12.0 && r[6].parse::<u32>().unwrap() >= 2,
        ),
    ];
    for (ops, flags, keep) in cases {
        let mut args = vec!["--ops", ops, "--all", "--format", "csv"];
        args.extend(flags);
        let got: Vec<String> = pick(&args).lines().skip(1).map(String::from).collect();
        let want: Vec<String> = listing(ops)
            .lines()
            .skip(1)
            .filter(|l| keep(&cells(l)))
            .map(String::from)
            .collect();
        assert!(!want.is_empty(), "{flags:?}");
        assert_eq!(got, want, "--ops {ops} {flags:?}");
    }
    let spread = pick(&["--ops", "add-sub", "--spread", "-n", "6", "--format", "csv"]);
    let times: Vec<f64> = spread
        .lines()
        .skip(1)
        .map(|l| cells(l)[1].parse().unwrap())
        .collect();
    assert_eq!(times.len(), 6);
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{spread}");
}

/// Issue 23: an `--ops add-sub` sheet once answered 6 of 20 hands with
/// `*` and `/` under a line promising `+ - * /`. For every class, over every
/// four-card hand of that class, the answer of csv, json and the sheet is
/// a solution of the hand (same cards, exactly 24) that keeps to the
/// operations the set allows, and the sheet names just those.
#[test]
fn answers_keep_to_the_operations_the_set_allows() {
    use census24::game::expr::Expr;
    use census24::game::number::Q;
    let allowed: [(&str, &[char], &str); 4] = [
        ("add-sub", &['+', '-'], "with + and \u{2212} and brackets"),
        (
            "product",
            &['+', '-', '*'],
            "with + \u{2212} and \u{d7} and brackets",
        ),
        (
            "division",
            &['+', '-', '*', '/'],
            "with + \u{2212} \u{d7} \u{f7} and brackets",
        ),
        (
            "fraction",
            &['+', '-', '*', '/'],
            "with + \u{2212} \u{d7} \u{f7} and brackets",
        ),
    ];
    for (name, signs, line) in allowed {
        let json: serde_json::Value =
            serde_json::from_str(&pick(&["--ops", name, "-n", "100000", "--json"])).unwrap();
        let rows = json.as_array().unwrap();
        assert!(rows.len() > 10, "--ops {name}");
        for o in rows {
            let (hand, answer) = (o["hand"].as_str().unwrap(), o["simplest"].as_str().unwrap());
            let e = Expr::parse(answer).unwrap();
            assert_eq!(e.eval().unwrap(), Q::int(24), "{hand}: {answer}");
            let mut cards = e.cards();
            cards.sort();
            let want: Vec<i64> = hand.split(' ').map(|c| c.parse().unwrap()).collect();
            assert_eq!(cards, want, "{hand}: {answer}");
            let used: Vec<char> = answer.chars().filter(|c| "+-*/".contains(*c)).collect();
            assert!(
                used.iter().all(|c| signs.contains(c)),
                "--ops {name}: {hand}: {answer}"
            );
        }
        let html = pick(&["--ops", name, "-n", "20", "--format", "html"]);
        assert!(
            html.contains(line),
            "--ops {name}: the sheet names its operations"
        );
        let answers = &html[html.find("<h1>Answers</h1>").unwrap()..];
        let forbidden: Vec<char> = [('*', '\u{d7}'), ('/', '\u{f7}')]
            .iter()
            .filter(|(ascii, _)| !signs.contains(ascii))
            .map(|&(_, shown)| shown)
            .collect();
        assert!(
            !answers.chars().any(|c| forbidden.contains(&c)),
            "--ops {name}: {answers}"
        );
    }
}

#[test]
fn every_format_carries_the_same_hands_easy_to_hard() {
    let args = ["--tier", "hard,expert", "--ops", "product", "-n", "5"];
    let list: Vec<String> = pick(&args).lines().map(String::from).collect();
    let with = |format: &str| {
        let mut a = args.to_vec();
        a.extend(["--format", format]);
        pick(&a)
    };
    let csv = with("csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "hand,predicted_time_s,predicted_time_p80_s,predicted_solve_rate,tier,ops,dissimilar,simplest,target"
    );
    let times: Vec<f64> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{csv}");
    for (l, hand) in lines[1..].iter().zip(&list) {
        assert!(l.starts_with(&format!("{hand},")), "{l}");
        let tier = l.split(',').nth(4).unwrap();
        assert!(tier == "hard" || tier == "expert", "{l}");
        assert_eq!(l.split(',').nth(5), Some("product"), "{l}");
        // 80% of the solvers finish within the p80, which is at least the mean.
        let t: Vec<f64> = l
            .split(',')
            .skip(1)
            .take(2)
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(t[1] >= t[0], "{l}");
    }
    let json: serde_json::Value = serde_json::from_str(&with("json")).unwrap();
    let json_hands: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["hand"].as_str().unwrap())
        .collect();
    assert_eq!(json_hands, list);
    let html = with("html");
    assert!(html.starts_with("<!DOCTYPE html>"));
    let answers = html.find("<h1>Answers</h1>").unwrap();
    for hand in &list {
        let card = html.find(&format!("data-hand=\"{hand}\"")).unwrap();
        assert!(card < answers, "{hand}");
        assert!(html[answers..].contains(&format!("<span class=\"hand\">{hand}</span>")));
    }
}

#[test]
fn bad_requests_get_one_line_naming_the_value() {
    let data = data();
    let data = data.to_str().unwrap();
    for (args, says) in [
        (vec!["--count", "0"], "--count 0"),
        (
            vec!["--min-time", "9", "--max-time", "3"],
            "--min-time 9 is above --max-time 3",
        ),
        (vec!["--ops", "times"], "times"),
        (vec!["--hand-size", "6"], "census24 sweep --hand-size 6"),
    ] {
        let mut all = vec!["pick", "--data", data];
        all.extend_from_slice(&args);
        let (code, stdout, stderr) = run(&all);
        assert_eq!(code, 2, "{args:?}: {stdout}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        if !args.contains(&"--ops") {
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
}

/// Benchmark splits (issue 24): JSON lines stratified by tier and fixed by
/// the seed, every solution a correct answer by `census24 check`, no hand
/// twice; `--all` lists every hand easy to hard; fraction-only hands can be
/// left out with `--ops`.
#[test]
fn benchmark_splits_are_stratified_deterministic_and_gradable() {
    let split = pick(&["--stratify", "-n", "40", "--format", "jsonl"]);
    assert_eq!(
        split,
        pick(&["--stratify", "-n", "40", "--format", "jsonl"])
    );
    assert_ne!(
        split,
        pick(&["--stratify", "-n", "40", "--format", "jsonl", "--seed", "7"])
    );
    let rows: Vec<serde_json::Value> = split
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 40);
    for tier in ["easy", "medium", "hard", "expert"] {
        assert_eq!(
            rows.iter().filter(|r| r["tier"] == tier).count(),
            10,
            "{tier}"
        );
    }
    let hands: BTreeSet<&str> = rows.iter().map(|r| r["hand"].as_str().unwrap()).collect();
    assert_eq!(hands.len(), 40, "no hand twice");
    let mut answers = String::new();
    for r in &rows {
        let sols = r["solutions"].as_array().unwrap();
        assert_eq!(sols.len() as u64, r["dissimilar"].as_u64().unwrap(), "{r}");
        assert_eq!(sols[0], r["simplest"], "{r}");
        assert_eq!(r["target"], "24");
        for s in sols {
            answers.push_str(&format!(
                "{}\t{}\n",
                r["hand"].as_str().unwrap(),
                s.as_str().unwrap()
            ));
        }
    }
    let out = crate::util::census24()
        .args(["check", "--stdin"])
        .write_stdin(answers.clone())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "every listed solution is correct"
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().count(),
        answers.lines().count()
    );

    let every = pick(&["--all", "--format", "jsonl"]);
    let times: Vec<f64> = every
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["predicted_time_s"]
                .as_f64()
                .unwrap()
        })
        .collect();
    assert_eq!(times.len(), 1362);
    assert!(times.windows(2).all(|w| w[0] <= w[1]));
    let whole = pick(&[
        "--all",
        "--ops",
        "add-sub,product,division",
        "--format",
        "jsonl",
    ]);
    assert_eq!(
        whole.lines().count(),
        1362 - 16,
        "the 16 fraction-only hands left out"
    );
    assert!(!whole.contains("\"needs_fraction\":true"));
}

/// `--time-limit S` keeps exactly the hands of the shipped four-card table
/// whose predicted_time_p80_s is at most S, in rank and in pick, read back
/// from the table itself.
#[test]
fn time_limit_keeps_the_hands_most_solvers_finish_in_time() {
    use census24::tables::columns;
    let dir = data().join("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4");
    let df =
        census24::tables::table::from_parquet(&std::fs::read(dir.join("hands.parquet")).unwrap())
            .unwrap();
    let p80 = df
        .column(columns::PREDICTED_TIME_P80_S)
        .unwrap()
        .f64()
        .unwrap()
        .clone();
    let time = df
        .column(columns::PREDICTED_TIME_S)
        .unwrap()
        .f64()
        .unwrap()
        .clone();
    let hand = df.column(columns::HAND).unwrap().str().unwrap().clone();
    let limit = 10.0;
    let want: BTreeSet<String> = (0..df.height())
        .filter(|&i| p80.get(i).is_some_and(|p| p <= limit))
        .map(|i| hand.get(i).unwrap().to_string())
        .collect();
    // The p80 is never below the mean.
    assert!((0..df.height()).all(|i| match (p80.get(i), time.get(i)) {
        (Some(p), Some(t)) => p >= t,
        (None, None) => true,
        _ => false,
    }));
    assert!(want.len() > 10 && want.len() < 1362, "{}", want.len());
    let picked: BTreeSet<String> = pick(&["--time-limit", "10", "-n", "100000"])
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(picked, want);
    let data = data();
    let (code, out, err) = run(&[
        "rank",
        "--data",
        data.to_str().unwrap(),
        "--time-limit",
        "10",
        "--all",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let ranked: BTreeSet<String> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(ranked, want);
    let (code, _, err) = run(&[
        "pick",
        "--data",
        data.to_str().unwrap(),
        "--time-limit",
        "-3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--time-limit -3 is not a number of seconds"),
        "{err}"
    );
}

/// A game without a table (target 10 with four cards) is solved in memory,
/// saying so, and gives the hands, dissimilar counts and predicted times
/// that the shipped reach table holds for target 10: the same rows,
/// reached by a second route (a sweep of 1..999 read back from Parquet).
#[test]
fn pick_without_a_table_solves_the_game_as_the_reach_table_has_it() {
    use polars::prelude::*;
    let empty = tempfile::TempDir::new().unwrap();
    let d = empty.path().to_str().unwrap();
    let args = [
        "pick", "--data", d, "--target", "10", "--all", "--format", "csv",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("targets=10-10/values=1-13/deck=x4/k=4: the game is solved in memory"),
        "{err}"
    );
    let picked: BTreeSet<(String, String, String)> = out
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            (f[0].to_string(), f[1].to_string(), f[6].to_string())
        })
        .collect();
    let reach =
        data().join("rules=rational/use=all/targets=1-999/values=1-13/deck=x4/k=4/reach.parquet");
    let df = ParquetReader::new(std::fs::File::open(&reach).unwrap())
        .finish()
        .unwrap()
        .lazy()
        .filter(col("target").eq(lit(10)).and(col("solvable")))
        .collect()
        .unwrap();
    let (hands, times, counts) = (
        df.column("hand").unwrap().str().unwrap(),
        df.column("predicted_time_s").unwrap().f64().unwrap(),
        df.column("dissimilar").unwrap().u32().unwrap(),
    );
    let table: BTreeSet<(String, String, String)> = (0..df.height())
        .map(|i| {
            (
                hands.get(i).unwrap().to_string(),
                format!("{:.2}", times.get(i).unwrap()),
                counts.get(i).unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(picked.len(), 1540);
    assert_eq!(picked, table);
}

/// Issue 46: a game dealt (Krypto, Countdown) takes --spread and
/// --distinct-shapes as a table's hands do, its CSV has the hand pick's
/// columns (and the target), and its sheet is titled by the game.
#[test]
fn games_spread_share_the_csv_schema_and_are_titled_by_the_game() {
    let header = "hand,predicted_time_s,predicted_time_p80_s,predicted_solve_rate,tier,ops,dissimilar,simplest,target";
    let csv = pick(&["--game", "krypto", "--spread", "-n", "6", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], header);
    assert_eq!(lines.len(), 7, "{csv}");
    let times: Vec<f64> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{csv}");
    // A spread reaches further than six games drawn at random: its
    // hardest is harder than the hardest of the plain pick.
    let plain = pick(&["--game", "krypto", "-n", "6", "--format", "csv"]);
    let hardest = |csv: &str| {
        csv.lines()
            .skip(1)
            .map(|l| l.split(',').nth(1).unwrap().parse::<f64>().unwrap())
            .fold(0.0, f64::max)
    };
    assert!(hardest(&csv) > hardest(&plain), "{csv}\n{plain}");
    assert_eq!(
        pick(&["--game", "krypto", "--format", "csv", "-n", "2"])
            .lines()
            .next(),
        Some(header)
    );
    let shapes = pick(&[
        "--game",
        "countdown",
        "--distinct-shapes",
        "-n",
        "8",
        "--format",
        "csv",
    ]);
    let answers: BTreeSet<String> = shapes
        .lines()
        .skip(1)
        .map(|l| {
            let simplest = l.rsplit(',').nth(1).unwrap();
            simplest
                .chars()
                .map(|c| if c.is_ascii_digit() { 'n' } else { c })
                .collect::<String>()
        })
        .collect();
    assert!(answers.len() >= 7, "{shapes}");
    for (game, title) in [("countdown", "Countdown"), ("krypto", "Krypto")] {
        let html = pick(&["--game", game, "-n", "3", "--format", "html"]);
        assert!(html.contains(&format!("<h1>{title}</h1>")), "{game}");
    }
}

/// Issue 46: `--versions 3` prints three sheets of one profile with their
/// own answer keys; --title and --hide shape the sheet, and refuse other
/// formats.
#[test]
fn versions_titles_and_hidden_levels_make_student_sheets() {
    let html = pick(&[
        "-n",
        "8",
        "--stratify",
        "--versions",
        "3",
        "--title",
        "Week 3",
        "--hide",
        "times",
        "--format",
        "html",
    ]);
    assert!(html.contains("<title>Week 3: 8 puzzles, 3 versions</title>"));
    for v in ["A", "B", "C"] {
        assert!(html.contains(&format!("<span class=\"version\">Version {v}</span>")));
        assert!(html.contains(&format!("<h1>Answers, version {v}</h1>")));
    }
    let hands: Vec<&str> = html
        .split("data-hand=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    assert_eq!(hands.len(), 24);
    assert_eq!(
        hands.iter().collect::<BTreeSet<_>>().len(),
        24,
        "no hand twice"
    );
    assert!(!html.contains(" s</div>"), "times hidden");
    assert_eq!(html.matches("class=\"cards face\"").count(), 24);
    // Version A is the set pick gives without --versions.
    let list = pick(&["-n", "8", "--stratify"]);
    let a: Vec<&str> = hands[..8].to_vec();
    assert_eq!(a, list.lines().collect::<Vec<_>>());
    let data = data();
    let (code, _, err) = run(&["pick", "--data", data.to_str().unwrap(), "--versions", "2"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "census24: --versions shapes a printed sheet: add --format html\n"
    );
}

/// Issue 46: when no `+ -` hand passes, pick says how far play with
/// `+` and `-` goes.
#[test]
fn an_add_sub_set_of_hard_hands_says_add_sub_tops_out() {
    let data = data();
    let (code, _, err) = run(&[
        "pick",
        "--data",
        data.to_str().unwrap(),
        "--ops",
        "add-sub",
        "--tier",
        "hard,expert",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "passes these filters: with + and \u{2212} only, no hand is harder than medium"
        ),
        "{err}"
    );
}
