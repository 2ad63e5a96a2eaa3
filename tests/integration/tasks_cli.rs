//! `census24 tasks` as a benchmark builder runs it: JSON lines the grader
//! takes back (every stored answer and its steps graded correct by `check
//! --stdin`), the same bytes for the same seed, a dataset folder that
//! polars reads, and one clear line for a plan that cannot be met.

use crate::util::{census24, run};

fn lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `check --stdin --json` over `input`, for the game's flags `game`.
fn check(game: &[&str], input: &str) -> (i32, String) {
    let out = census24()
        .args(["check", "--stdin", "--json", "--score"])
        .args(game)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// Every answer of `input` graded correct by `check` for the game `game`.
fn all_correct(game: &[&str], input: &str) {
    let (code, verdicts) = check(game, input);
    assert_eq!(code, 0, "{verdicts}");
    assert!(
        lines(&verdicts).iter().all(|v| v["correct"] == true),
        "{verdicts}"
    );
}

/// `--order drawn` keeps the order the seed dealt: hand sizes alternate
/// (the draw deals them in turn) and unsolvable tasks sit among solvable
/// ones; the tasks are those of the default order.
#[test]
fn drawn_order_is_the_order_of_the_deal() {
    let tasks = |order: &str| {
        let args = [
            "tasks",
            "-n",
            "16",
            "--hand-sizes",
            "3..4",
            "--unsolvable",
            "0.25",
            "--splits",
            "all=1",
            "--order",
            order,
        ];
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        lines(&out)
    };
    let drawn = tasks("drawn");
    let sizes: Vec<usize> = drawn
        .iter()
        .map(|t| t["cards"].as_array().unwrap().len())
        .collect();
    assert!(sizes.windows(2).any(|w| w[0] > w[1]), "{sizes:?}");
    let solvable: Vec<bool> = drawn.iter().map(|t| t["solvable"] == true).collect();
    assert!(solvable.windows(2).any(|w| w[0] && !w[1]), "{solvable:?}");
    let key = |t: &serde_json::Value| format!("{} {}", t["hand"], t["target"]);
    let mut a: Vec<String> = drawn.iter().map(key).collect();
    let mut b: Vec<String> = tasks("shuffled").iter().map(key).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn tasks_grade_back_as_correct_and_repeat_by_seed() {
    let args = [
        "tasks",
        "--game",
        "countdown",
        "-n",
        "60",
        "--seed",
        "7",
        "--unsolvable",
        "0.1",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("60 tasks (48 train, 12 test)"), "{err}");
    let (_, again, _) = run(&args);
    assert_eq!(out, again);
    let tasks = lines(&out);
    assert_eq!(tasks.iter().filter(|t| t["solvable"] == false).count(), 6);
    // Each solvable task, answered with its own simplest solution and with
    // its steps, as `check --stdin` lines: the task's fields ride along
    // (echoed), and the grader finds every one correct, worth 10 points.
    let mut input = String::new();
    for t in tasks.iter().filter(|t| t["solvable"] == true) {
        for answer in [&t["simplest"], &t["steps"]] {
            let mut line = t.clone();
            line["answer"] = answer.clone();
            input.push_str(&line.to_string());
            input.push('\n');
        }
    }
    let (code, verdicts) = check(&["--game", "countdown"], &input);
    assert_eq!(code, 0, "{verdicts}");
    let verdicts = lines(&verdicts);
    assert_eq!(verdicts.len(), 108);
    for v in &verdicts {
        assert_eq!(v["correct"], true, "{v}");
        assert_eq!(v["score"], 10, "{v}");
        assert!(v["id"].as_str().unwrap().contains('-'), "{v}");
    }
}

#[test]
fn a_dataset_folder_has_a_card_and_a_table_per_split() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set");
    let out_s = out.to_str().unwrap();
    let (code, _, err) = run(&[
        "tasks",
        "-n",
        "40",
        "--stratify",
        "--splits",
        "train=0.5,test=0.5",
        "--out",
        out_s,
    ]);
    assert_eq!(code, 0, "{err}");
    let card = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(card.starts_with("---\nlicense: cc0-1.0\n"), "{card}");
    for split in ["train", "test"] {
        assert!(card.contains(&format!(
            "  - split: {split}\n    path: data/{split}.parquet"
        )));
        assert!(card.contains(&format!("  - name: {split}\n    num_bytes: ")));
        assert!(card.contains("\n    num_examples: 20\n"));
        let f = std::fs::File::open(out.join("data").join(format!("{split}.parquet"))).unwrap();
        use polars::prelude::*;
        let df = ParquetReader::new(f).finish().unwrap();
        assert_eq!(df.height(), 20);
        // The task's 17 columns, then its game and its prompt.
        assert_eq!(df.get_column_names().len(), 19);
    }
    assert!(card.contains("calibrated on people playing four cards for 24 only"));
    assert!(
        card.contains("; 4 numbers per task. 40 are solvable.\n"),
        "{card}"
    );
    assert!(card.contains("\ncensus24 tasks -n 40 --stratify"), "{card}");
    // A folder that holds something is not overwritten.
    let (code, _, err) = run(&["tasks", "-n", "5", "--out", out_s]);
    assert_eq!(code, 2);
    assert!(err.contains("exists and is not an empty folder"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // So is a file.
    let file = out.join("README.md");
    let (code, _, err) = run(&["tasks", "-n", "5", "--out", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("README.md exists and is not an empty folder"),
        "{err}"
    );
}

#[test]
fn plans_that_cannot_be_met_say_why_in_one_line() {
    for (args, code, says) in [
        (
            vec!["--splits", "train=0.5"],
            2,
            "the shares add up to 0.5, not 1",
        ),
        (vec!["--hand-sizes", "4..9"], 2, "at most 7 numbers"),
        (
            vec!["--unsolvable", "1"],
            2,
            "--unsolvable 1 is not a share",
        ),
        (
            vec!["-k", "2", "--values", "1..3", "-n", "3"],
            3,
            "found 0 of the 3 solvable 2-number tasks",
        ),
    ] {
        let mut all = vec!["tasks"];
        all.extend(args.iter());
        let (got, out, err) = run(&all);
        assert_eq!(got, code, "{all:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The shipped reach table of `game`'s folder, as (hand, target) -> solvable.
fn reach_table(partition: &str) -> std::collections::HashMap<(String, i64), bool> {
    use polars::prelude::*;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(partition)
        .join("reach.parquet");
    let df = ParquetReader::new(std::fs::File::open(path).unwrap())
        .finish()
        .unwrap();
    let hands = df.column("hand").unwrap().str().unwrap().clone();
    let targets = df.column("target").unwrap().i32().unwrap().clone();
    let solvable = df.column("solvable").unwrap().bool().unwrap().clone();
    (0..df.height())
        .map(|i| {
            let key = (
                hands.get(i).unwrap().to_string(),
                i64::from(targets.get(i).unwrap()),
            );
            (key, solvable.get(i).unwrap())
        })
        .collect()
}

#[test]
fn pick_draws_countdown_and_krypto_games_from_their_tables() {
    for (game, partition, n) in [
        (
            vec!["--game", "countdown"],
            "rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6",
            30,
        ),
        (
            vec!["--game", "krypto", "--rules", "natural"],
            "rules=natural/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5",
            20,
        ),
    ] {
        let count = n.to_string();
        let mut args = vec!["pick", "-n", &count, "--seed", "5", "--format", "jsonl"];
        args.extend(game.iter());
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(run(&args).1, out, "the same seed, the same set");
        let picked = lines(&out);
        assert_eq!(picked.len(), n);
        // Every pick is a solvable game of the shipped table, read here
        // with polars, not through census24.
        let table = reach_table(partition);
        let mut times = Vec::new();
        for p in &picked {
            let key = (
                p["hand"].as_str().unwrap().to_string(),
                p["target"].as_i64().unwrap(),
            );
            assert_eq!(table.get(&key), Some(&true), "{p}");
            times.push(p["predicted_time_s"].as_f64().unwrap());
        }
        assert!(
            times.windows(2).all(|w| w[0] <= w[1]),
            "easy to hard: {times:?}"
        );
        // And every answer stored is right, as the expression and as steps.
        let mut input = String::new();
        for p in &picked {
            for answer in [&p["simplest"], &p["steps"]] {
                let mut line = p.clone();
                line["answer"] = answer.clone();
                input.push_str(&line.to_string());
                input.push('\n');
            }
        }
        all_correct(&game, &input);
    }
    // Stratified: as many of each tier.
    let (code, out, err) = run(&[
        "pick",
        "--game",
        "countdown",
        "-n",
        "8",
        "--stratify",
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, 0, "{err}");
    for tier in ["easy", "medium", "hard", "expert"] {
        assert_eq!(
            lines(&out).iter().filter(|p| p["tier"] == tier).count(),
            2,
            "{tier}"
        );
    }
    // A printable sheet of Countdown games: each puzzle shows its target,
    // the rules and scoring are stated, and each answer is the simplest
    // solution of the same pick as JSON lines.
    let pick = |format: &str| {
        let (code, out, err) = run(&[
            "pick",
            "--game",
            "countdown",
            "-n",
            "5",
            "--seed",
            "9",
            "--format",
            format,
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let sheet = pick("html");
    assert!(sheet.contains(
        "Use some of the numbers, each at most once, with + \u{2212} \u{d7} \u{f7} and brackets, \
         to make the puzzle's target; every step must be a whole number, never below zero. \
         Scoring: 10 points exact, 7 within 5, 5 within 10."
    ));
    for p in lines(&pick("jsonl")) {
        let target = p["target"].as_i64().unwrap();
        assert!(sheet.contains(&format!("<div class=\"goal\">Make {target}</div>")));
        let pretty = p["simplest"]
            .as_str()
            .unwrap()
            .replace('*', "\u{d7}")
            .replace('/', "\u{f7}")
            .replace('-', "\u{2212}");
        assert!(
            sheet.contains(&format!(
                "<span class=\"hand\">{} \u{2192} {target}</span><span class=\"answer\">{pretty}</span>",
                p["hand"].as_str().unwrap()
            )),
            "{p}"
        );
    }
    assert_eq!(sheet.matches("<li class=\"puzzle\"").count(), 5);
    // A filter of one-target tables is refused by name.
    let (code, _, err) = run(&["pick", "--game", "countdown", "--needs-fraction"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("census24: --needs-fraction picks from tables of one target"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

/// `rank` over a reach table: the games of the asked targets, each worked
/// out again by the task source.
#[test]
fn rank_of_a_target_from_the_reach_table_agrees_with_its_own_table() {
    // A data folder holding only the four-card reach table: rank
    // for 24 reads it, not the one-target table.
    let partition = "rules=rational/use=all/targets=1-999/values=1-13/deck=x4/k=4";
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(partition);
    std::fs::create_dir_all(&dir).unwrap();
    for f in std::fs::read_dir(shipped.join(partition)).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), dir.join(f.file_name())).unwrap();
    }
    let data = tmp.path().to_str().unwrap();
    let json = |args: &[&str]| -> Vec<serde_json::Value> {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        serde_json::from_str::<Vec<serde_json::Value>>(&out).unwrap()
    };
    let worked = json(&[
        "rank", "-k", "4", "--target", "24", "--all", "--json", "--data", data,
    ]);
    let table = json(&["rank", "-k", "4", "--target", "24", "--all", "--json"]);
    // The sweep's figures for 24 and the task source's, game by game.
    assert_eq!(worked.len(), 1362, "the solvable four-card hands for 24");
    assert_eq!(worked.len(), table.len());
    for (w, t) in worked.iter().zip(&table) {
        assert_eq!(w["target"], 24, "{w}");
        for field in ["rank", "hand", "tier", "dissimilar", "simplest"] {
            assert_eq!(w[field], t[field], "{field}: {w} vs {t}");
        }
        for field in ["predicted_time_s", "predicted_time_p80_s", "difficulty"] {
            let (a, b) = (w[field].as_f64().unwrap(), t[field].as_f64().unwrap());
            assert!((a - b).abs() < 1e-9, "{field}: {w} vs {t}");
        }
    }
    // A filter on the figures keeps the same games either way.
    let filtered = |extra: &[&str], data: Option<&str>| {
        let mut args = vec!["rank", "-k", "4", "--target", "24", "--all", "--json"];
        args.extend(extra);
        if let Some(d) = data {
            args.extend(["--data", d]);
        }
        json(&args)
            .iter()
            .map(|r| r["hand"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let f = ["--tier", "hard", "--max-dissimilar", "2", "--easiest"];
    assert_eq!(filtered(&f, Some(data)), filtered(&f, None));
    assert!(!filtered(&f, None).is_empty());
}

/// `pick` of the Countdown games for 952 with `args`.
fn pick_952(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["pick", "--game", "countdown", "--target", "952"];
    all.extend(args);
    run(&all)
}

/// The Countdown games for 952 `rank --all --json` lists with `filters`.
fn rank_952(filters: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec![
        "rank",
        "--game",
        "countdown",
        "--target",
        "952",
        "--all",
        "--json",
    ];
    args.extend(filters);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn rank_lists_every_solvable_countdown_game_of_a_target() {
    let rows = rank_952(&[]);
    // Every solvable game of the table for 952, read with polars (952 is
    // no tile, so no game is answered by one of its numbers).
    let table =
        reach_table("rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6");
    let solvable: std::collections::BTreeSet<&String> = table
        .iter()
        .filter(|((_, t), s)| *t == 952 && **s)
        .map(|((h, _), _)| h)
        .collect();
    let ranked: std::collections::BTreeSet<&str> =
        rows.iter().map(|r| r["hand"].as_str().unwrap()).collect();
    assert_eq!(ranked.len(), rows.len(), "no game twice");
    assert_eq!(
        ranked,
        solvable.iter().map(|h| h.as_str()).collect(),
        "the ranked games are the table's solvable ones"
    );
    let times: Vec<f64> = rows
        .iter()
        .map(|r| r["predicted_time_s"].as_f64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "slowest first");
    assert_eq!(rows[0]["rank"], 1);
    // Each simplest answer graded right under Countdown's rules.
    let input: String = rows
        .iter()
        .step_by(37)
        .map(|r| {
            serde_json::json!({"hand": r["hand"], "target": 952, "answer": r["simplest"]})
                .to_string()
                + "\n"
        })
        .collect();
    all_correct(&["--game", "countdown"], &input);
    // pick draws from the same games.
    let (code, out, err) = pick_952(&["-n", "5", "--format", "jsonl"]);
    assert_eq!(code, 0, "{err}");
    for p in lines(&out) {
        assert_eq!(p["target"], 952);
        assert!(ranked.contains(p["hand"].as_str().unwrap()), "{p}");
    }
    // More easy games asked than the target has: every game is tried once,
    // and the short set found is rank's exact count, printed (exit 0) with
    // a line on stderr, as a pick from a one-target table.
    let easy = rank_952(&["--tier", "easy"]).len();
    let (code, out, err) = pick_952(&["--tier", "easy", "-n", "50"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), easy);
    assert!(
        err.contains(&format!("found {easy} of the 50"))
            && err.contains("every game of the table was tried"),
        "{err}"
    );
    // None passing after every game: exit 1, one line, as rank.
    let (code, out, err) = pick_952(&["--max-time", "3"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.is_empty() && err.contains("passes these filters"),
        "{err}"
    );
    // pick's filters on the figures keep the games rank lists under them;
    // asked for more than pass, it finds rank's exact count.
    let filters = ["--max-time", "12", "--min-dissimilar", "3"];
    let kept: std::collections::BTreeSet<String> = rank_952(&filters)
        .iter()
        .map(|r| r["hand"].as_str().unwrap().to_string())
        .collect();
    assert!(kept.len() > 8 && kept.len() < 5000, "{}", kept.len());
    let mut args = vec!["-n", "8"];
    args.extend(filters);
    args.extend(["--format", "jsonl"]);
    let (code, out, err) = pick_952(&args);
    assert_eq!(code, 0, "{err}");
    let picked = lines(&out);
    assert_eq!(picked.len(), 8);
    for p in &picked {
        assert!(p["predicted_time_s"].as_f64().unwrap() <= 12.0, "{p}");
        assert!(p["dissimilar"].as_u64().unwrap() >= 3, "{p}");
        assert!(kept.contains(p["hand"].as_str().unwrap()), "{p}");
    }
    let many = (kept.len() + 1).to_string();
    args[1] = &many;
    let (code, out, err) = pick_952(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines(&out).len(), kept.len());
    assert!(
        err.contains(&format!("found {} of the {many}", kept.len())),
        "{err}"
    );
    // Filters no tier can meet are bad input, not a search.
    let (code, _, err) = run(&[
        "pick",
        "--game",
        "countdown",
        "--tier",
        "expert",
        "--max-time",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim(), "census24: --tier expert is above --max-time 10");
    // Too many games to work out: exit 3, one line; a filter needing the
    // solutions table: exit 2, naming it.
    let (code, _, err) = run(&["rank", "--game", "countdown"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("narrow the targets with --target"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let (code, _, err) = run(&[
        "rank",
        "--game",
        "countdown",
        "--target",
        "952",
        "--ops",
        "add-sub",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("census24: --ops reads a table's solutions"),
        "{err}"
    );
}

#[test]
fn reach_games_are_games_the_deck_deals_and_missing_tables_name_their_sweep() {
    // Krypto's deck has one 25: a hand holding it cannot be dealt 25 as
    // its objective card, though the table lists the pair (with no ways).
    let (code, out, err) = run(&[
        "pick", "--game", "krypto", "--target", "25", "-n", "40", "--seed", "3", "--format",
        "jsonl",
    ]);
    assert_eq!(code, 0, "{err}");
    let picked = lines(&out);
    assert_eq!(picked.len(), 40);
    for p in &picked {
        assert_eq!(p["target"], 25);
        assert!(
            !p["cards"].as_array().unwrap().iter().any(|c| c == 25),
            "{p}: the only 25 is the objective"
        );
    }
    // A table that is not there: the sweep that makes it, as options sweep
    // takes; a target the deck never deals: said so.
    let none = tempfile::tempdir().unwrap();
    let data = none.path().to_str().unwrap();
    for (args, sweep) in [
        (
            vec!["--game", "countdown", "--target", "952"],
            "`census24 sweep --game countdown`",
        ),
        (
            vec!["--game", "countdown", "--targets", "1000..1010"],
            "`census24 sweep --game countdown --targets 1000..1010`",
        ),
        (
            vec!["--game", "krypto", "--rules", "natural", "--target", "10"],
            "`census24 sweep --game krypto --rules natural`",
        ),
    ] {
        let mut cmd = vec!["rank", "--data", data];
        cmd.extend(args.iter());
        let (code, _, err) = run(&cmd);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(sweep), "{args:?}: {err}");
    }
    let (code, _, err) = run(&["rank", "--game", "krypto", "--target", "30"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "targets 30: this game deals its target from the deck, whose values are 1..25"
        ),
        "{err}"
    );
    let (code, _, err) = run(&["rank", "--game", "countdown", "--target", "7/2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--target 7/2: "), "{err}");
}

/// `tasks` with `args`, killed after a minute: a count the game cannot
/// hold ends, it does not run on.
fn tasks_ending(args: &[&str]) -> (i32, String, String) {
    let out = crate::util::census24()
        .arg("tasks")
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status
            .code()
            .expect("it ended by itself, within a minute"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_count_beyond_the_games_tasks_is_refused_up_front_naming_the_bound() {
    for (args, says) in [
        (
            vec!["-n", "99999999999"],
            "census24: --count 99999999999 asks 99999999999 4-number tasks; the game holds at \
             most 1820 distinct ones (the hands its deck deals times its targets)",
        ),
        (
            vec!["--game", "countdown", "-n", "99999999999"],
            "the game holds at most 11918700 distinct ones",
        ),
        // Shared evenly over the sizes: 25 one-number tasks of the 13 there are.
        (
            vec!["--hand-sizes", "1..4", "-n", "100"],
            "census24: --count 100 asks 25 1-number tasks; the game holds at most 13 distinct \
             ones",
        ),
    ] {
        let (code, out, err) = tasks_ending(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_count_the_game_holds_but_cannot_fill_stops_when_every_game_was_dealt() {
    // 56 three-card hands of 1..6 from the 52-card deck, few of them making
    // 24: every one is dealt within a few thousand candidates, and the run
    // stops there, exit 3, one line.
    let (code, out, err) = tasks_ending(&["-k", "3", "--values", "1..6", "-n", "50"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("solvable 3-number tasks asked in"), "{err}");
    assert!(
        err.contains("every distinct game of the deck and targets was dealt"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let drawn: u64 = err
        .split(" candidates")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the candidates drawn");
    assert!(drawn < 100_000, "it stopped before the budget: {err}");
}

/// Each line and file of `tasks` carries its game and its prompt, and each
/// format its trainer's columns.
#[test]
fn tasks_carry_their_game_and_prompt_in_every_format() {
    let args = [
        "--game",
        "countdown",
        "-n",
        "6",
        "--seed",
        "1",
        "--splits",
        "test=1",
    ];
    let posed = |format: &str| {
        let mut all = vec!["tasks", "--format", format];
        all.extend(args);
        let (code, out, err) = run(&all);
        assert_eq!(code, 0, "{err}");
        lines(&out)
    };
    let own = posed("census24");
    for t in &own {
        assert_eq!(t["game"], "countdown");
        let prompt = t["prompt"].as_str().unwrap();
        for words in [
            "You are playing Countdown. Use some of the numbers, each at most once, with + - * / \
             and brackets, to make the target; every step must be a whole number, never below \
             zero. Scoring: 10 points exact, 7 within 5, 5 within 10.",
            &format!(
                "Numbers: {}\nTarget: {}\n",
                t["hand"].as_str().unwrap(),
                t["target"]
            ),
            "between <answer> and </answer>.",
        ] {
            assert!(prompt.contains(words), "{words:?} in {prompt}");
        }
    }
    // The JSON lines are those of before, with the two fields after.
    let mut plain = vec!["tasks"];
    plain.extend(args);
    let (_, out, _) = run(&plain);
    assert_eq!(lines(&out), own);
    for (format, keys) in [
        (
            "verl",
            vec![
                "data_source",
                "prompt",
                "ability",
                "reward_model",
                "extra_info",
            ],
        ),
        (
            "trl",
            vec![
                "prompt", "id", "cards", "target", "rules", "use", "solvable", "closest", "game",
            ],
        ),
        ("reasoning-gym", vec!["question", "answer", "metadata"]),
    ] {
        for (i, (row, t)) in posed(format).iter().zip(&own).enumerate() {
            // serde_json's objects sort their keys: the order is the
            // Parquet files' (python/tests/test_formats.py).
            let got: Vec<&str> = row
                .as_object()
                .unwrap()
                .keys()
                .map(|k| k.as_str())
                .collect();
            let mut want = keys.clone();
            want.sort_unstable();
            assert_eq!(got, want, "{format}");
            let (prompt, gt) = match format {
                "verl" => {
                    assert_eq!(row["data_source"], "census24/countdown");
                    assert_eq!(row["extra_info"]["index"], i);
                    assert_eq!(row["extra_info"]["simplest"], t["simplest"]);
                    (
                        &row["prompt"][0]["content"],
                        &row["reward_model"]["ground_truth"],
                    )
                }
                "trl" => (&row["prompt"][0]["content"], row),
                _ => {
                    assert_eq!(row["answer"], t["simplest"]);
                    assert_eq!(row["metadata"]["source_index"], i);
                    (&row["question"], &row["metadata"])
                }
            };
            assert_eq!(prompt, &t["prompt"], "{format}");
            for field in [
                "cards", "target", "game", "rules", "use", "solvable", "closest",
            ] {
                assert_eq!(gt[field], t[field], "{format} {field}");
            }
        }
    }
}

#[test]
fn a_prompt_template_fills_its_placeholders_and_a_bad_one_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("prompt.txt");
    std::fs::write(&file, "{{{count}}} {numbers} -> {target} ({game})").unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = run(&["tasks", "-n", "2", "--prompt-template", path]);
    assert_eq!(code, 0, "{err}");
    for t in lines(&out) {
        let want = format!("{{4}} {} -> 24 (the 24 game)", t["hand"].as_str().unwrap());
        assert_eq!(t["prompt"], want);
    }
    std::fs::write(&file, "{numbers} to {goal}").unwrap();
    let (code, _, err) = run(&["tasks", "-n", "2", "--prompt-template", path]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("census24: --prompt-template: unknown placeholder {goal} (expected"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}
