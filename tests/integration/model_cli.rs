//! A model file read at run time by `sweep` and `report` (issue 46, item
//! 5): a table swept with `--model FILE` holds that model's figures and
//! its manifest names the model; its report and explorer page say which
//! model priced them; `report --model FILE` prices a table swept without
//! it to the same pages; and the built-in model read as a file changes
//! no byte.

use std::fs;
use std::path::{Path, PathBuf};

use census24::tables::table;
use polars::prelude::*;
use tempfile::TempDir;

use crate::play_cli::synthetic;
use crate::util::run;

const K3: &str = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3";
const REACH3: &str = "rules=rational/use=all/targets=1-30/values=1-13/deck=x4/k=3";

/// A model fitted by `calibrate --play` on synthetic players, written to
/// `dir/class.json`: its times are not the built-in model's.
fn model(dir: &Path) -> PathBuf {
    let csv = dir.join("class.csv");
    fs::write(&csv, synthetic(60, 3)).unwrap();
    let model = dir.join("class.json");
    let (code, _, stderr) = run(&[
        "calibrate",
        "--play",
        csv.to_str().unwrap(),
        "--out",
        model.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    model
}

/// `census24 sweep --quiet --out ROOT/data ARGS` (its report in
/// ROOT/reports), requiring success.
fn sweep(root: &Path, args: &[&str]) {
    let out = root.join("data");
    let mut all = vec!["sweep", "--quiet", "--out", out.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "{all:?}: {stdout} {stderr}");
}

fn frame(path: &Path) -> DataFrame {
    table::from_parquet(&fs::read(path).unwrap()).unwrap()
}

fn times(df: &DataFrame) -> Vec<Option<f64>> {
    df.column("predicted_time_s")
        .unwrap()
        .f64()
        .unwrap()
        .iter()
        .collect()
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(dir.join("manifest.json")).unwrap()).unwrap()
}

fn text(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// The same files with the same bytes under `a` and `b`.
fn same_tree(a: &Path, b: &Path) {
    let names = files(a);
    assert_eq!(names, files(b), "{} and {}", a.display(), b.display());
    for n in names {
        assert!(
            fs::read(a.join(&n)).unwrap() == fs::read(b.join(&n)).unwrap(),
            "{} differs",
            n.display()
        );
    }
}

const SAYS: &str = "Predicted times and solve rates come from the model class.json, fitted on 3 \
                    players playing --game 24 (60 puzzles, 180 answers; held-out Spearman rho";

#[test]
fn sweep_with_a_model_prices_the_table_names_it_and_reports_by_it() {
    let tmp = TempDir::new().unwrap();
    let m = model(tmp.path());
    let m = m.to_str().unwrap();
    let (priced, plain) = (tmp.path().join("priced"), tmp.path().join("plain"));
    sweep(&priced, &["-k", "3", "--model", m]);
    sweep(&plain, &["-k", "3"]);
    let (pd, bd) = (priced.join("data").join(K3), plain.join("data").join(K3));

    // The model's figures, not the built-in model's; the rest the same.
    let (p, b) = (
        frame(&pd.join("hands.parquet")),
        frame(&bd.join("hands.parquet")),
    );
    assert_ne!(times(&p), times(&b));
    assert_eq!(p.column("hand").unwrap(), b.column("hand").unwrap());
    assert_eq!(
        p.column("dissimilar").unwrap(),
        b.column("dissimilar").unwrap()
    );
    assert_eq!(
        fs::read(pd.join("solutions.parquet")).unwrap(),
        fs::read(bd.join("solutions.parquet")).unwrap()
    );
    // ... the figures `rank --model` prices the plain table with.
    let rank = |data: &Path, model: &[&str]| {
        let data = data.join("data");
        let mut args = vec!["rank", "--data", data.to_str().unwrap(), "-k", "3", "--all"];
        args.extend_from_slice(&["--format", "csv"]);
        args.extend_from_slice(model);
        let (code, out, stderr) = run(&args);
        assert_eq!(code, 0, "{stderr}");
        // The figures of a table swept with a model are that model's, and
        // rank says so (with --model, that model's note).
        assert_eq!(
            stderr.contains("class.json"),
            data.starts_with(&priced) || !model.is_empty(),
            "{stderr}"
        );
        out
    };
    // (Hands of equal times may come in another order.)
    let sorted = |csv: String| {
        let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    assert_eq!(
        sorted(rank(&priced, &[])),
        sorted(rank(&plain, &["--model", m]))
    );
    assert_ne!(sorted(rank(&priced, &[])), sorted(rank(&plain, &[])));

    // The manifest names the model; the plain one has no such field.
    let record = &manifest(&pd)["parameters"]["model"];
    assert_eq!(record["file"], "class.json", "{record}");
    assert_eq!(record["source"]["game"], "24");
    assert_eq!(record["source"]["puzzles"], 60);
    assert_eq!(record["sha256"].as_str().unwrap().len(), 64);
    assert!(manifest(&bd)["parameters"].get("model").is_none());

    // The report and the page say which model priced them.
    let (pr, br) = (
        priced.join("reports").join(K3),
        plain.join("reports").join(K3),
    );
    for page in ["README.md", "explorer.html"] {
        assert!(text(&pr.join(page)).contains(SAYS), "{page}");
        assert!(!text(&br.join(page)).contains("class.json"), "{page}");
    }
    assert!(text(&br.join("explorer.html")).contains("come from the built-in model"));

    // `report --model` prices the plain table to the same report and page.
    let again = tmp.path().join("again");
    let data = plain.join("data");
    report(&data, &again, &["--model", m, "-k", "3"]);
    same_tree(&pr, &again.join(K3));

    // A later report without --model still names the model the manifest
    // records.
    let later = tmp.path().join("later");
    let data = priced.join("data");
    report(&data, &later, &[]);
    let readme = text(&later.join(K3).join("README.md"));
    assert_eq!(readme, text(&pr.join("README.md")));
    assert!(text(&later.join(K3).join("explorer.html")).contains(SAYS));

    // A sheet picked from the table names the model too; play within
    // fewer operations needs the model itself.
    let data = priced.join("data");
    let pick = |extra: &[&str]| {
        let mut args = vec![
            "pick",
            "--data",
            data.to_str().unwrap(),
            "-k",
            "3",
            "-n",
            "4",
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, html, stderr) = pick(&["--format", "html"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(html.contains(SAYS) && stderr.contains(SAYS), "{stderr}");
    let (code, _, stderr) = pick(&["--ops", "add-sub"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("was swept with the model class.json: give it with --model"),
        "{stderr}"
    );
    let (code, _, stderr) = pick(&["--ops", "add-sub", "--model", m]);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn a_reach_table_swept_with_a_model_holds_its_figures() {
    let tmp = TempDir::new().unwrap();
    let m = model(tmp.path());
    let m = m.to_str().unwrap();
    let (priced, plain) = (tmp.path().join("priced"), tmp.path().join("plain"));
    sweep(&priced, &["-k", "3", "--targets", "1..30", "--model", m]);
    sweep(&plain, &["-k", "3", "--targets", "1..30"]);
    let (pd, bd) = (
        priced.join("data").join(REACH3),
        plain.join("data").join(REACH3),
    );
    let (p, b) = (
        frame(&pd.join("reach.parquet")),
        frame(&bd.join("reach.parquet")),
    );
    assert_ne!(times(&p), times(&b));
    assert_eq!(p.column("solvable").unwrap(), b.column("solvable").unwrap());
    assert_eq!(manifest(&pd)["parameters"]["model"]["file"], "class.json");
    assert!(manifest(&bd)["parameters"].get("model").is_none());
    // A game of the table: the figures `rank --model` gives it.
    let row = |df: &DataFrame| {
        let mask = df.column("hand").unwrap().str().unwrap().equal("3 4 6");
        let t = df.column("target").unwrap().i32().unwrap().equal(22);
        times(&df.filter(&(mask & t)).unwrap())[0].unwrap()
    };
    let data = plain.join("data");
    let (code, csv, stderr) = run(&[
        "rank",
        "--data",
        data.to_str().unwrap(),
        "-k",
        "3",
        "--targets",
        "1..30",
        "--all",
        "--format",
        "csv",
        "--model",
        m,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let head: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| head.iter().position(|c| *c == name).unwrap();
    let line = csv
        .lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|c| c[at("hand")] == "3 4 6" && c[at("target")] == "22")
        .expect("3 4 6 for 22 is ranked");
    let ranked: f64 = line[at("predicted_time_s")].parse().unwrap();
    assert!((ranked - row(&p)).abs() < 0.006, "{ranked} {}", row(&p));
    assert!((ranked - row(&b)).abs() > 0.006, "{ranked} {}", row(&b));

    let pr = priced.join("reports").join(REACH3);
    assert!(text(&pr.join("README.md")).contains(SAYS));
    assert!(text(&pr.join("explorer.html")).contains(SAYS));
    // `report --model` of the plain table: the same report and page.
    let again = tmp.path().join("again");
    report(&data, &again, &["--model", m]);
    same_tree(&pr, &again.join(REACH3));
    // A later report without --model: the same pages, the games' figures
    // read from the table the model priced.
    let later = tmp.path().join("later");
    let data = priced.join("data");
    report(&data, &later, &[]);
    same_tree(&pr, &later.join(REACH3));
    // A pick from the table the model priced takes that model, or says
    // why not: its games would otherwise be priced by another one.
    let of_table = |command: &str, extra: &[&str]| {
        let data = data.to_str().unwrap();
        let mut a = vec![command, "--data", data, "-k", "3", "--targets", "1..30"];
        a.extend_from_slice(extra);
        run(&a)
    };
    let pick = |extra: &[&str]| of_table("pick", &[&["-n", "3"], extra].concat());
    let (code, _, stderr) = pick(&[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("was swept with the model class.json: give it with --model"),
        "{stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    let (code, out, stderr) = pick(&["--model", m]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(out.lines().count(), 3, "{out}");
    // So does a ranking of its games.
    let rank = |extra: &[&str]| of_table("rank", extra);
    let (code, _, stderr) = rank(&[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("give it with --model"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert_eq!(rank(&["--model", m]).0, 0);
}

/// The built-in model read as a file is the built-in model: tables,
/// manifests, reports and pages keep every byte.
#[test]
fn the_built_in_model_as_a_file_sweeps_todays_bytes() {
    let shipped =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/human/difficulty-model.json");
    let m = shipped.to_str().unwrap();
    let tmp = TempDir::new().unwrap();
    for (args, partition) in [
        (vec!["-k", "3"], K3),
        (
            vec!["-k", "2", "--targets", "1..40"],
            "rules=rational/use=all/targets=1-40/values=1-13/deck=x4/k=2",
        ),
    ] {
        let (with, without) = (tmp.path().join("with"), tmp.path().join("without"));
        let mut priced = args.clone();
        priced.extend(["--model", m]);
        sweep(&with, &priced);
        sweep(&without, &args);
        same_tree(&with, &without);
        let again = tmp.path().join("again");
        let data = without.join("data");
        let (code, _, stderr) = run(&[
            "report",
            "--quiet",
            "--data",
            data.to_str().unwrap(),
            "--out",
            again.to_str().unwrap(),
            "--model",
            m,
        ]);
        assert_eq!(code, 0, "{stderr}");
        same_tree(
            &again.join(partition),
            &without.join("reports").join(partition),
        );
        for d in [with, without, again] {
            fs::remove_dir_all(d).unwrap();
        }
    }
}

#[test]
fn pick_prices_play_within_some_operations_with_the_model() {
    let tmp = TempDir::new().unwrap();
    let m = model(tmp.path());
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data");
    let pick = |extra: &[&str]| {
        let mut args = vec!["pick", "--data", data.to_str().unwrap()];
        args.extend_from_slice(&["-n", "6", "--ops", "add-sub", "--format", "csv"]);
        args.extend_from_slice(extra);
        let (code, out, stderr) = run(&args);
        assert_eq!(code, 0, "{extra:?}: {stderr}");
        (out, stderr)
    };
    let (priced, said) = pick(&["--model", m.to_str().unwrap()]);
    assert!(said.contains("come from the model"), "{said}");
    let (plain, _) = pick(&[]);
    assert_ne!(priced, plain);
}

#[test]
fn a_census_of_large_sets_takes_no_model() {
    let (code, _, stderr) = run(&[
        "sweep",
        "--game",
        "countdown",
        "--large",
        "12 16 18 24",
        "--model",
        "m.json",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--model"), "{stderr}");
}

/// `census24 report --quiet` of `data` into `out`, with `extra` options:
/// it succeeds.
fn report(data: &Path, out: &Path, extra: &[&str]) {
    let mut args = vec![
        "report",
        "--quiet",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (code, _, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
}
