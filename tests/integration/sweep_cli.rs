//! `census24 sweep` and `census24 merge` as a user runs them: the tables they
//! write (row counts, spot-checked rows), byte-identical output across thread
//! counts, resume after an interruption, shards merged into the single-run
//! bytes, refusals, and the shipped data/ k=4 table.

use std::fs;
use std::path::{Path, PathBuf};

use census24::tables::table;
use polars::prelude::*;
use tempfile::TempDir;

use crate::util::run;

const K4: &str = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4";

fn partition(k: usize) -> String {
    format!("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k={k}")
}

/// Runs `census24 sweep --quiet --out DIR ARGS`, requiring success.
fn sweep(out: &Path, args: &[&str]) {
    let mut all = vec![
        "sweep",
        "--no-report",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "{all:?}: {stdout} {stderr}");
}

fn names_of(df: &DataFrame) -> Vec<&str> {
    df.get_column_names()
        .into_iter()
        .map(|n| n.as_str())
        .collect()
}

fn frame(path: &Path) -> DataFrame {
    table::from_parquet(&fs::read(path).unwrap()).unwrap()
}

/// The row of `hand` in a hands table.
fn hand_row(df: &DataFrame, hand: &str) -> DataFrame {
    let mask = df.column("hand").unwrap().str().unwrap().equal(hand);
    let row = df.filter(&mask).unwrap();
    assert_eq!(row.height(), 1, "{hand}");
    row
}

fn get_bool(df: &DataFrame, col: &str) -> bool {
    df.column(col).unwrap().bool().unwrap().get(0).unwrap()
}

fn get_u32(df: &DataFrame, col: &str) -> Option<u32> {
    df.column(col).unwrap().u32().unwrap().get(0)
}

fn get_str(df: &DataFrame, col: &str) -> Option<String> {
    df.column(col)
        .unwrap()
        .str()
        .unwrap()
        .get(0)
        .map(str::to_string)
}

/// Every file of a table folder (sorted names) with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

fn names(dir: &Path) -> Vec<String> {
    files(dir).into_iter().map(|(n, _)| n).collect()
}

#[test]
fn sweep_k2_rows_and_spot_checks() {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), &["--hand-size", "2"]);
    let dir = tmp.path().join(partition(2));
    assert_eq!(
        names(&dir),
        ["hands.parquet", "manifest.json", "solutions.parquet"]
    );

    let hands = frame(&dir.join("hands.parquet"));
    assert_eq!(hands.height(), 91);
    assert_eq!(names_of(&hands), census24::tables::columns::hands());
    // 2*12, 3*8, 4*6, 11+13, 12+12: the only pairs that make 24.
    let solvable = hands.column("solvable").unwrap().bool().unwrap();
    assert_eq!(solvable.sum(), Some(5));
    let first = hands.column("hand").unwrap().str().unwrap();
    assert_eq!((first.get(0), first.get(90)), (Some("1 1"), Some("13 13")));

    let r = hand_row(&hands, "3 8");
    assert!(get_bool(&r, "solvable") && get_bool(&r, "integer_solvable"));
    assert!(!get_bool(&r, "needs_fraction"));
    assert_eq!(get_u32(&r, "structural"), Some(1));
    assert_eq!(get_u32(&r, "dissimilar"), Some(1));
    assert_eq!(get_str(&r, "simplest").as_deref(), Some("3*8"));
    assert_eq!(get_str(&r, "smallest_peak").as_deref(), Some("24"));
    assert_eq!(
        r.column("deal_ways").unwrap().u64().unwrap().get(0),
        Some(16)
    );
    let p = r
        .column("deal_probability")
        .unwrap()
        .f64()
        .unwrap()
        .get(0)
        .unwrap();
    assert!((p - 16.0 / 1326.0).abs() < 1e-15, "{p}");

    let r = hand_row(&hands, "1 1");
    assert!(!get_bool(&r, "solvable"));
    assert_eq!(get_str(&r, "simplest").as_deref(), Some(""));
    assert_eq!(get_str(&r, "smallest_peak"), None);

    let sols = frame(&dir.join("solutions.parquet"));
    assert_eq!(
        names_of(&sols),
        census24::tables::columns::SOLUTIONS.to_vec()
    );
    assert_eq!(sols.height(), 5);
    let exprs: Vec<&str> = sols
        .column("expression")
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .flatten()
        .collect();
    assert_eq!(exprs, ["2*12", "3*8", "4*6", "11+13", "12+12"]);

    let manifest: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["hands"], 91);
    assert_eq!(manifest["solvable"], 5);
    assert_eq!(manifest["deals"], 1326);
    assert_eq!(manifest["parameters"]["hand_size"], 2);
    assert_eq!(manifest["files"][0]["name"], "hands.parquet");
}

#[test]
fn sweep_k3_rows_and_spot_checks() {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), &["--hand-size", "3"]);
    let dir = tmp.path().join(partition(3));
    let hands = frame(&dir.join("hands.parquet"));
    // C(15, 3) multisets of 13 values; a 4-copy deck forbids none of them.
    assert_eq!(hands.height(), 455);
    let deals: u64 = hands
        .column("deal_ways")
        .unwrap()
        .u64()
        .unwrap()
        .sum()
        .unwrap();
    assert_eq!(deals, 22_100); // C(52, 3)

    let r = hand_row(&hands, "8 8 8");
    assert!(get_bool(&r, "solvable"));
    assert_eq!(get_str(&r, "simplest").as_deref(), Some("8+8+8"));
    assert_eq!(
        r.column("deal_ways").unwrap().u64().unwrap().get(0),
        Some(4)
    );
    let r = hand_row(&hands, "1 1 1");
    assert!(!get_bool(&r, "solvable"));
    assert_eq!(get_u32(&r, "structural"), Some(0));

    let sols = frame(&dir.join("solutions.parquet"));
    let n: u32 = hands
        .column("structural")
        .unwrap()
        .u32()
        .unwrap()
        .sum()
        .unwrap();
    assert_eq!(sols.height() as u32, n);
}

#[test]
fn same_bytes_with_1_and_2_threads() {
    let (a, b) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    sweep(a.path(), &["--hand-size", "3", "--threads", "1"]);
    sweep(b.path(), &["--hand-size", "3", "--threads", "2"]);
    let (fa, fb) = (
        files(&a.path().join(partition(3))),
        files(&b.path().join(partition(3))),
    );
    assert_eq!(fa.len(), 3);
    assert!(fa == fb, "thread count changed the output");
}

#[test]
fn resumes_after_an_interrupted_run() {
    let (tmp, fresh) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let out = tmp.path().to_str().unwrap();
    // 1820 hands make 4 chunks; stop as if killed after two of them.
    let (code, _, err) = run(&[
        "sweep",
        "--no-report",
        "--quiet",
        "--out",
        out,
        "--stop-after-chunks",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("run the same command again to resume"),
        "{err}"
    );
    let dir = tmp.path().join(K4);
    assert!(!dir.join("hands.parquet").exists() && !dir.join("manifest.json").exists());
    let partial = dir.join(".partial");
    let chunks: Vec<String> = names(&partial)
        .into_iter()
        .filter(|n| n.ends_with("hands.parquet"))
        .collect();
    assert_eq!(
        chunks,
        ["chunk-00000.hands.parquet", "chunk-00001.hands.parquet"]
    );
    // A kill during a write leaves a temporary file; it must not count.
    fs::write(
        partial.join("chunk-00002.hands.parquet.tmp"),
        b"half a file",
    )
    .unwrap();

    let (code, summary, err) = run(&["sweep", "--no-report", "--out", out]);
    assert_eq!(code, 0, "{err}");
    assert!(summary.contains("resuming 2 of 4 chunks"), "{summary}");
    assert!(!partial.exists(), "the partial folder is removed when done");

    sweep(fresh.path(), &[]);
    assert!(
        files(&dir) == files(&fresh.path().join(K4)),
        "resumed output differs from a fresh run"
    );
}

/// A real kill (SIGKILL, no chance to clean up) while chunks are being
/// written: the rerun resumes and writes the shipped k = 5 bytes.
#[test]
fn resumes_after_sigkill() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("census24");
    // A table this small is written in one go unless asked to be resumable.
    let args = [
        "sweep",
        "--quiet",
        "--no-report",
        "--resumable",
        "--hand-size",
        "5",
        "--out",
        out,
    ];
    let mut child = std::process::Command::new(&bin).args(args).spawn().unwrap();
    let dir = tmp.path().join(partition(5));
    let first_chunk = dir.join(".partial").join("chunk-00000.hands.parquet");
    let start = std::time::Instant::now();
    while !first_chunk.exists() && start.elapsed() < std::time::Duration::from_secs(120) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!dir.join("manifest.json").exists(), "killed before the end");

    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let shipped: PathBuf = [env!("CARGO_MANIFEST_DIR"), "data", &partition(5)]
        .iter()
        .collect();
    assert!(
        files(&dir) == files(&shipped),
        "resumed k = 5 differs from data/"
    );
}

#[test]
fn refuses_to_resume_with_other_parameters() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let (code, _, _) = run(&[
        "sweep",
        "--no-report",
        "--quiet",
        "--out",
        out,
        "--stop-after-chunks",
        "1",
    ]);
    assert_eq!(code, 2);
    let (code, _, err) = run(&[
        "sweep",
        "--no-report",
        "--quiet",
        "--out",
        out,
        "--no-solutions",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("solutions: true there, false here"), "{err}");
}

#[test]
fn never_overwrites_a_table_made_with_other_parameters() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    sweep(tmp.path(), &["--hand-size", "2", "--no-solutions"]);
    let before = files(&tmp.path().join(partition(2)));
    let (code, _, err) = run(&["sweep", "--no-report", "--out", out, "--hand-size", "2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("other parameters") && err.contains("solutions: false there, true here"),
        "{err}"
    );
    assert!(files(&tmp.path().join(partition(2))) == before);
    // With --skip-complete the same command finds the table complete and
    // computes nothing.
    let same = [
        "sweep",
        "--no-report",
        "--out",
        out,
        "--hand-size",
        "2",
        "--no-solutions",
    ];
    let (code, summary, _) = run(&[&same[..], &["--skip-complete"]].concat());
    assert_eq!(code, 0);
    assert!(summary.contains("already complete"), "{summary}");
    assert!(files(&tmp.path().join(partition(2))) == before);
    // Without it the table is remade, byte for byte the same.
    let (code, summary, _) = run(&same);
    assert_eq!(code, 0);
    assert!(summary.contains("Took"), "{summary}");
    assert!(files(&tmp.path().join(partition(2))) == before);
}

#[test]
fn shards_merge_into_the_single_run_bytes() {
    let (sharded, single) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    for s in ["1/3", "2/3", "3/3"] {
        sweep(sharded.path(), &["--hand-size", "3", "--shard", s]);
    }
    let dir = sharded.path().join(partition(3));
    assert!(names(&dir).contains(&"hands.part-2-of-3.parquet".to_string()));

    // Before merging, the parts hold the whole table's rows between them
    // (tests/scan_data.py scans them together with polars' hive reader).
    let rows: usize = names(&dir)
        .iter()
        .filter(|n| n.starts_with("hands.part-") && n.ends_with(".parquet"))
        .map(|n| {
            census24::tables::table::from_parquet(&fs::read(dir.join(n)).unwrap())
                .unwrap()
                .height()
        })
        .sum();
    assert_eq!(rows, 455);

    let (code, out, err) = run(&["merge", "--out", sharded.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Merged 3 parts"), "{out}");
    sweep(single.path(), &["--hand-size", "3"]);
    let merged = files(&dir);
    assert_eq!(
        merged.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["hands.parquet", "manifest.json", "solutions.parquet"],
        "parts are removed after merging"
    );
    assert!(
        merged == files(&single.path().join(partition(3))),
        "merged shards differ from one run"
    );
}

#[test]
fn shard_parts_and_whole_tables_never_mix() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let base = [
        "sweep",
        "--quiet",
        "--no-report",
        "--out",
        out,
        "--hand-size",
        "2",
    ];
    let with = |extra: &[&'static str]| [&base[..], extra].concat();
    sweep(tmp.path(), &["--hand-size", "2", "--shard", "1/2"]);
    // A whole run beside parts would be read twice by a hands*.parquet scan.
    let (code, _, err) = run(&with(&[]));
    assert_eq!(code, 2);
    assert!(
        err.contains("holds shard parts") && err.contains("census24 merge"),
        "{err}"
    );
    // Parts of another split would never merge with these.
    let (code, _, err) = run(&with(&["--shard", "1/3"]));
    assert_eq!(code, 2);
    assert!(err.contains("another split"), "{err}");
    sweep(tmp.path(), &["--hand-size", "2", "--shard", "2/2"]);
    let (code, _, err) = run(&["merge", "--quiet", "--out", out]);
    assert_eq!(code, 0, "{err}");
    // With the whole table in place, a shard would duplicate its rows.
    let (code, _, err) = run(&with(&["--shard", "1/2"]));
    assert_eq!(code, 2);
    assert!(err.contains("already holds the whole table"), "{err}");
}

#[test]
fn merge_names_missing_shards() {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), &["--hand-size", "2", "--shard", "1/3"]);
    let (code, _, err) = run(&["merge", "--out", tmp.path().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing shards 2/3, 3/3"), "{err}");
}

#[test]
fn bad_options_rejected_with_clear_messages() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    for (args, needle) in [
        (vec!["--values", "5..2"], "values \"5..2\" is empty"),
        (vec!["--hand-size", "0"], "hand size 0"),
        (vec!["--shard", "4/3"], "shard \"4/3\""),
        (vec!["--deck", "0"], "deck \"0\""),
        (vec!["--target", "x"], "\"x\" is not a number"),
        (vec!["--hand-size", "9"], "--no-solutions"),
    ] {
        let mut all = vec!["sweep", "--no-report", "--out", out];
        all.extend(args.iter().copied());
        let (code, stdout, err) = run(&all);
        assert_eq!(code, 2, "{all:?}: {stdout} {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
    }
    assert_eq!(
        fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn fractional_target_folder() {
    let tmp = TempDir::new().unwrap();
    sweep(
        tmp.path(),
        &[
            "--hand-size",
            "2",
            "--target",
            "3/2",
            "--values",
            "1..4",
            "--deck",
            "none",
        ],
    );
    let dir = tmp
        .path()
        .join("rules=rational/use=all/targets=3_2-3_2/values=1-4/deck=none/k=2");
    let hands = frame(&dir.join("hands.parquet"));
    // 10 pairs of 1..4; only 3/2 itself reaches 3/2.
    assert_eq!(hands.height(), 10);
    let r = hand_row(&hands, "2 3");
    assert!(get_bool(&r, "solvable") && get_bool(&r, "needs_fraction"));
    assert_eq!(
        hands.column("solvable").unwrap().bool().unwrap().sum(),
        Some(1)
    );
    let ways: u64 = hands
        .column("deal_ways")
        .unwrap()
        .u64()
        .unwrap()
        .sum()
        .unwrap();
    assert_eq!(ways, 16); // ordered draws of 2 from 4 values
}

/// A small table is written without chunk files; with them (`--resumable`)
/// the bytes are the same.
#[test]
fn small_tables_written_in_one_go_match_the_chunked_run() {
    let (direct, chunked) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    sweep(direct.path(), &["--hand-size", "4"]);
    sweep(chunked.path(), &["--hand-size", "4", "--resumable"]);
    let (a, b) = (
        files(&direct.path().join(K4)),
        files(&chunked.path().join(K4)),
    );
    assert_eq!(a.len(), 3);
    assert!(a == b, "writing without chunks changed the bytes");
}

/// `--also-deck`: each deck's table is the bytes its own sweep writes (the
/// deal odds and places by difficulty its own), though each hand is solved
/// once: with solutions (written in one go), counts only and decided only
/// (written through chunks). A deck given twice, a game without a table of
/// one target, a deck too small or too many hands to hold with solutions
/// is refused before any table is written.
#[test]
fn also_deck_tables_are_each_decks_own_sweep() {
    let (both, alone) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let tables: [(&[&str], &str, usize); 3] = [
        (&["--hand-size", "5", "--values", "1..8"], "values=1-8", 3),
        (
            &[
                "--hand-size",
                "6",
                "--values",
                "1..7",
                "--counts-only",
                "--resumable",
            ],
            "values=1-7",
            2,
        ),
        (
            &[
                "--hand-size",
                "8",
                "--values",
                "1..6",
                "--no-solutions",
                "--resumable",
            ],
            "values=1-6",
            2,
        ),
    ];
    for (game, values, files_each) in tables {
        let mut all = vec![
            "sweep",
            "--no-report",
            "--out",
            both.path().to_str().unwrap(),
        ];
        all.extend(game);
        all.extend(["--deck", "2", "--also-deck", "none", "--also-deck", "3"]);
        let (code, stdout, err) = run(&all);
        assert_eq!(code, 0, "{err}");
        if values == "values=1-8" {
            // The 792 hands of five from 1..8 drawn freely hold the 2-copy
            // deck's 504 (all solved first) and the 3-copy deck's 728 (all read).
            assert!(
                stdout.contains(
                    "Solved 792 hands once for 3 decks: the tables read the rows of 1232 hands"
                ),
                "{stdout}"
            );
        }
        for deck in ["2", "none", "3"] {
            let mut args = game.to_vec();
            args.extend(["--deck", deck]);
            sweep(alone.path(), &args);
        }
        let k = game[1];
        for deck in ["x2", "none", "x3"] {
            let part = format!("rules=rational/use=all/targets=24-24/{values}/deck={deck}/k={k}");
            let (a, b) = (
                files(&both.path().join(&part)),
                files(&alone.path().join(&part)),
            );
            assert_eq!(a.len(), files_each, "{part}");
            assert!(a == b, "{part}: --also-deck changed the bytes");
        }
    }
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    for (args, needle) in [
        (
            vec!["--deck", "none", "--also-deck", "none"],
            "--also-deck none: that deck's table is swept already",
        ),
        (
            vec!["--game", "countdown", "--also-deck", "none"],
            "--also-deck sweeps tables of one target",
        ),
        (
            vec![
                "--hand-size",
                "3",
                "--targets",
                "1..99",
                "--also-deck",
                "none",
            ],
            "--also-deck sweeps tables of one target",
        ),
        (
            vec![
                "-k",
                "7",
                "--values",
                "1..5",
                "--counts-only",
                "--also-deck",
                "1",
            ],
            "hand size 7 cannot be dealt from a deck of 5 cards",
        ),
        (
            vec!["-k", "6", "--also-deck", "none"],
            "the 18395 hands of deck 4 with their solutions are too many",
        ),
    ] {
        let mut all = vec!["sweep", "--no-report", "--out", out];
        all.extend(args.iter().copied());
        let (code, stdout, err) = run(&all);
        assert_eq!(code, 2, "{all:?}: {stdout} {err}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{all:?}: {err}"
        );
    }
    assert_eq!(
        fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

/// `--counts-only` keeps every column of the hands table (the same bytes as
/// a full sweep's) and writes no solutions table.
#[test]
fn counts_only_writes_the_full_hands_table_and_no_solutions() {
    let (counts, full) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    sweep(counts.path(), &["--hand-size", "4", "--counts-only"]);
    sweep(full.path(), &["--hand-size", "4"]);
    let dir = counts.path().join(K4);
    assert_eq!(names(&dir), ["hands.parquet", "manifest.json"]);
    assert_eq!(
        fs::read(dir.join("hands.parquet")).unwrap(),
        fs::read(full.path().join(K4).join("hands.parquet")).unwrap()
    );
    let manifest = fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"counts_only\": true"), "{manifest}");
    // Refused against a full table with the same other parameters.
    let (code, _, err) = run(&[
        "sweep",
        "--no-report",
        "--out",
        full.path().to_str().unwrap(),
        "--counts-only",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("counts_only: false there, true here"), "{err}");
}

/// Seven-card counts (no public table exists) checked hand by hand against
/// `census24 solve --all --count` at both levels, on a small deck.
#[test]
fn seven_card_counts_agree_with_solve_all_count() {
    let tmp = TempDir::new().unwrap();
    sweep(
        tmp.path(),
        &["--hand-size", "7", "--values", "1..4", "--counts-only"],
    );
    let dir = tmp
        .path()
        .join("rules=rational/use=all/targets=24-24/values=1-4/deck=x4/k=7");
    let df = frame(&dir.join("hands.parquet"));
    assert_eq!(df.height(), 80);
    let hands = df.column("hand").unwrap().str().unwrap();
    let structural = df.column("structural").unwrap().u32().unwrap();
    let dissimilar = df.column("dissimilar").unwrap().u32().unwrap();
    let mut solvable = 0;
    for i in (0..df.height()).step_by(7) {
        let hand = hands.get(i).unwrap();
        let count = |level: &str| -> u32 {
            let mut args = vec!["solve", "--all", "--count", "--distinct", level];
            args.extend(hand.split(' '));
            let (_, out, err) = run(&args);
            out.trim()
                .parse()
                .unwrap_or_else(|_| panic!("{hand}: {out} {err}"))
        };
        assert_eq!(structural.get(i), Some(count("structural")), "{hand}");
        assert_eq!(dissimilar.get(i), Some(count("dissimilar")), "{hand}");
        solvable += (structural.get(i) > Some(0)) as u32;
    }
    assert!(solvable > 5, "the sample has solvable hands");
}

/// The shipped k=4 table is what the current code writes.
#[test]
fn shipped_k4_table_matches_a_fresh_sweep() {
    let shipped: PathBuf = [env!("CARGO_MANIFEST_DIR"), "data", K4].iter().collect();
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), &[]);
    let fresh = files(&tmp.path().join(K4));
    let kept = files(&shipped);
    assert_eq!(
        kept.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>(),
        fresh.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>()
    );
    assert!(kept == fresh, "data/{K4} is stale: run `just data`");
}

/// Twelve cards from -27..27 drawn freely are 4922879481520 hands; the sweep
/// once listed them all before solving and aborted out of memory.
#[test]
fn too_many_hands_are_refused_before_listing_them() {
    let dir = TempDir::new().unwrap();
    let (code, out, err) = run(&[
        "sweep",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
        "-k",
        "12",
        "--values=-27..27",
        "--deck",
        "none",
        "--no-solutions",
    ]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("number 4922879481520"), "{err}");
    assert!(err.contains("at most 10000000 hands"), "{err}");
}
