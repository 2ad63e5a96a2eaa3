//! `census24 sweep --targets` and `census24 solve --targets` as a user runs
//! them: reach tables agree with single-target sweeps row for row, come out
//! byte-identical across thread counts, resumes and shards, and every
//! printed solution reaches its target.

use std::fs;
use std::path::Path;

use census24::game::expr::Expr;
use census24::game::number::Q;
use polars::prelude::*;
use tempfile::TempDir;

use crate::util::run;

fn reach_dir(k: usize, targets: &str, rules: &str) -> String {
    format!("rules={rules}/use=all/targets={targets}/values=1-13/deck=x4/k={k}")
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {out} {err}");
    out
}

fn frame(path: &Path) -> DataFrame {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    census24::tables::table::from_parquet(&bytes).unwrap()
}

/// Every file of a folder, by name (hidden ones included), with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    v.sort();
    v
}

/// The reach rows of one target, as the hands table's columns name them.
fn target_rows(reach: &DataFrame, t: i32) -> DataFrame {
    reach
        .clone()
        .lazy()
        .filter(col("target").eq(lit(t)))
        .select([
            col("hand"),
            col("solvable"),
            col("structural"),
            col("dissimilar"),
            col("integer_solvable"),
            col("deal_ways"),
            col("predicted_time_s"),
            col("predicted_solve_rate"),
            col("difficulty"),
            col("tier"),
        ])
        .collect()
        .unwrap()
}

/// The check: targets 1, 10, 24, 100 and 999 of the four-card reach
/// table are, hand for hand, the rows of a sweep for that target alone.
#[test]
fn per_target_rows_agree_with_single_target_sweeps() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let reports = tmp.path().join("reports");
    let summary = ok(&[
        "sweep",
        "--out",
        out,
        "--targets",
        "1..999",
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(summary.contains("Swept 1820 hands of 4 cards"), "{summary}");
    let reach = frame(
        &tmp.path()
            .join(reach_dir(4, "1-999", "rational"))
            .join("reach.parquet"),
    );
    assert_eq!(reach.height(), 1820 * 999);
    for t in [1, 10, 24, 100, 999] {
        let ts = t.to_string();
        ok(&[
            "sweep",
            "--out",
            out,
            "--no-report",
            "--quiet",
            "--counts-only",
            "--target",
            &ts,
        ]);
        let hands = frame(&tmp.path().join(format!(
            "rules=rational/use=all/targets={t}-{t}/values=1-13/deck=x4/k=4/hands.parquet"
        )))
        .select([
            "hand",
            "solvable",
            "structural",
            "dissimilar",
            "integer_solvable",
            "deal_ways",
            "predicted_time_s",
            "predicted_solve_rate",
            "difficulty",
            "tier",
        ])
        .unwrap();
        let mine = target_rows(&reach, t);
        assert!(mine.equals_missing(&hands), "target {t}:\n{mine}\n{hands}");
    }
    // The report of the range states 24's figures from the same rows.
    let report = fs::read_to_string(
        reports
            .join(reach_dir(4, "1-999", "rational"))
            .join("README.md"),
    )
    .unwrap();
    assert!(report.contains("**24**: made by 1362 hands"), "{report}");
    let csv = fs::read_to_string(
        reports
            .join(reach_dir(4, "1-999", "rational"))
            .join("targets.csv"),
    )
    .unwrap();
    assert_eq!(csv.lines().count(), 1000);
    assert!(csv.contains("\n24,1820,1362,"), "{csv}");
}

/// Smaller tables under the other rule sets, with and without counts,
/// negative targets and zero included.
#[test]
fn other_rules_and_no_solutions_agree_with_single_target_sweeps() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    for rules in ["integer", "natural", "rational"] {
        for extra in [&[][..], &["--no-solutions"][..]] {
            let mut args = vec!["sweep", "--out", out, "--no-report", "--quiet", "-k", "3"];
            args.extend_from_slice(&["--rules", rules, "--targets", "-12..60"]);
            args.extend_from_slice(extra);
            ok(&args);
            // A table without the counts leaves their columns out; read as
            // its readers read it (nulls in their place), both agree.
            let reach = census24::tables::table::with_absent(
                "reach",
                frame(
                    &tmp.path()
                        .join(reach_dir(3, "-12-60", rules))
                        .join("reach.parquet"),
                ),
            )
            .unwrap();
            for t in [-12, -1, 0, 7, 24, 60] {
                let ts = t.to_string();
                let mut args = vec!["sweep", "--out", out, "--no-report", "--quiet", "-k", "3"];
                args.extend_from_slice(&["--rules", rules, "--target", &ts, "--counts-only"]);
                if !extra.is_empty() {
                    args.pop();
                    args.extend_from_slice(extra);
                }
                ok(&args);
                let hands = census24::tables::table::with_absent(
                    "hands",
                    frame(&tmp.path().join(format!(
                        "rules={rules}/use=all/targets={t}-{t}/values=1-13/deck=x4/k=3/hands.parquet"
                    ))),
                )
                .unwrap()
                .select([
                    "hand",
                    "solvable",
                    "structural",
                    "dissimilar",
                    "integer_solvable",
                ])
                .unwrap();
                let mine = target_rows(&reach, t)
                    .select([
                        "hand",
                        "solvable",
                        "structural",
                        "dissimilar",
                        "integer_solvable",
                    ])
                    .unwrap();
                assert!(mine.equals_missing(&hands), "{rules} {extra:?} target {t}");
            }
            fs::remove_dir_all(tmp.path().join(format!("rules={rules}"))).unwrap();
        }
    }
}

#[test]
fn same_bytes_across_threads_resumes_and_shards() {
    let dirs: Vec<TempDir> = (0..4).map(|_| TempDir::new().unwrap()).collect();
    let path = |i: usize| dirs[i].path().to_str().unwrap().to_string();
    let base = [
        "sweep",
        "--no-report",
        "--quiet",
        "-k",
        "5",
        "--targets",
        "90..110",
        "--no-solutions",
    ];
    let with = |i: usize, more: &[&str]| {
        let p = path(i);
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(&["--out", &p]);
        args.extend_from_slice(more);
        run(&args)
    };
    assert_eq!(with(0, &["--threads", "1"]).0, 0);
    assert_eq!(with(1, &["--threads", "2"]).0, 0);
    // 6188 hands are 13 chunks: stop after 3, then resume.
    let (code, _, err) = with(2, &["--stop-after-chunks", "3"]);
    assert_eq!(code, 2, "{err}");
    let (code, summary, err) = with(2, &[]);
    assert_eq!(code, 0, "{err}");
    let (code, summary2, _) = run(&{
        let p = path(2);
        let mut a: Vec<&str> = base.to_vec();
        a.retain(|x| *x != "--quiet");
        a.extend_from_slice(&["--out", &p, "--skip-complete"]);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    }
    .iter()
    .map(String::as_str)
    .collect::<Vec<_>>());
    assert_eq!(code, 0);
    assert!(
        summary.is_empty() && summary2.contains("already complete"),
        "{summary2}"
    );
    for s in ["1/2", "2/2"] {
        assert_eq!(with(3, &["--shard", s]).0, 0);
    }
    let (code, merged, err) = run(&["merge", "--out", &path(3)]);
    assert_eq!(code, 0, "{err}");
    assert!(merged.contains("Merged 2 parts"), "{merged}");
    let table = |i: usize| files(&dirs[i].path().join(reach_dir(5, "90-110", "rational")));
    let one = table(0);
    assert_eq!(
        one.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["manifest.json", "reach.parquet"]
    );
    for i in 1..4 {
        assert!(table(i) == one, "run {i} differs from the one-thread run");
    }
}

#[test]
fn bad_target_ranges_are_named() {
    for (args, says) in [
        (
            &["sweep", "--targets", "9..1"][..],
            "targets \"9..1\" is empty",
        ),
        (&["sweep", "--targets", "1-999"][..], "not a range LO..HI"),
        (
            &["sweep", "--targets", "1..9", "--target", "5"][..],
            "cannot be used with",
        ),
        (&["sweep", "--targets", "0..100000"][..], "more than 100000"),
        (
            &["sweep", "--targets", "1..999", "-k", "7"][..],
            "larger hands need --no-solutions",
        ),
        (
            &["solve", "--targets", "x..3", "1", "2"][..],
            "targets \"x..3\"",
        ),
        (
            &["solve", "--count", "1", "2"][..],
            "--count needs --all or --targets",
        ),
        (
            &["solve", "--distinct", "structural", "1", "2"][..],
            "needs --all or --targets",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Every line of `solve --targets` re-evaluates to its target; the targets
/// listed are the ones the reach table says the hand makes; counts are
/// those of `solve --all --count` for that target.
#[test]
fn solve_targets_prints_reaching_solutions_and_counts() {
    let out = ok(&["solve", "--targets", "1..120", "3", "3", "8", "8"]);
    let mut listed = Vec::new();
    for line in out.lines() {
        let (t, e) = line.split_once(": ").unwrap();
        let t: i64 = t.parse().unwrap();
        let expr = Expr::parse(e).unwrap();
        assert_eq!(expr.eval(), Ok(Q::int(t)), "{line}");
        listed.push(t);
    }
    assert!(listed.contains(&24) && listed.windows(2).all(|w| w[0] < w[1]));
    let counts = ok(&[
        "solve",
        "--targets",
        "20..30",
        "--count",
        "3",
        "3",
        "8",
        "8",
    ]);
    for line in counts.lines() {
        let (t, n) = line.split_once(": ").unwrap();
        let single = ok(&[
            "solve", "--all", "--count", "--target", t, "3", "3", "8", "8",
        ]);
        assert_eq!(single.trim(), n, "target {t}");
    }
    let (code, out, _) = run(&["solve", "--targets", "1000..1010", "1", "1"]);
    assert_eq!(
        (code, out.trim()),
        (1, "no target in 1000..1010 is reachable")
    );
    let (code, _, err) = run(&[
        "solve",
        "--targets",
        "1..5",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 7 cards (this hand has 9)"), "{err}");
}
