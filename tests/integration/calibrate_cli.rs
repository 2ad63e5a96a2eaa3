//! `census24 calibrate` and the calibrated columns: the shipped model is
//! reproduced byte for byte, the shipped tables carry sane predictions, and
//! the four-card report plots predicted against measured time.

use std::fs;
use std::path::PathBuf;

use tempfile::TempDir;

use crate::util::run;

fn shipped(rel: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), rel].iter().collect()
}

#[test]
fn calibrate_reproduces_the_shipped_model_byte_for_byte() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("model.json");
    let times = shipped("data/human/four-card-solve-times.csv");
    let (code, stdout, stderr) = run(&[
        "calibrate",
        "--times",
        times.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("| calibrated (this model) |") && stdout.contains("on 903 hands"),
        "{stdout}"
    );
    let fresh = fs::read(&out).unwrap();
    let kept = fs::read(shipped("data/human/difficulty-model.json")).unwrap();
    assert!(
        fresh == kept,
        "data/human/difficulty-model.json is stale: run `just calibrate`"
    );
}

#[test]
fn calibrate_names_a_bad_file() {
    let tmp = TempDir::new().unwrap();
    let csv = tmp.path().join("times.csv");
    fs::write(
        &csv,
        "hand,mean_time_s,solved_rate,trimmed_mean_time_s,trimmed_std_time_s\n1 1 1 1,5,0.9,5,1\n",
    )
    .unwrap();
    let out = tmp.path().join("m.json");
    let (code, _, stderr) = run(&[
        "calibrate",
        "--times",
        csv.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("\"1 1 1 1\" has no solution"), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn shipped_tables_predict_a_finite_positive_time_for_every_solvable_hand() {
    for k in 2..=5 {
        let path = shipped(&format!(
            "data/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k={k}/hands.parquet"
        ));
        let df = census24::tables::table::from_parquet(&fs::read(&path).unwrap()).unwrap();
        let solvable = df.column("solvable").unwrap().bool().unwrap();
        let time = df.column("predicted_time_s").unwrap().f64().unwrap();
        let rate = df.column("predicted_solve_rate").unwrap().f64().unwrap();
        let rank = df.column("difficulty_rank").unwrap().u32().unwrap();
        for i in 0..df.height() {
            match (solvable.get(i), time.get(i), rate.get(i)) {
                (Some(true), Some(t), Some(r)) => {
                    assert!(t.is_finite() && t > 0.0, "k = {k}, row {i}: {t}");
                    assert!((0.0..=1.0).contains(&r), "k = {k}, row {i}: {r}");
                    assert!(rank.get(i).is_some(), "k = {k}, row {i}");
                }
                (Some(false), None, None) => assert!(rank.get(i).is_none()),
                other => panic!("k = {k}, row {i}: {other:?}"),
            }
        }
    }
}

#[test]
fn four_card_report_plots_predicted_against_measured_time() {
    let readme =
        shipped("reports/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4/README.md");
    let md = fs::read_to_string(&readme).unwrap();
    assert!(
        md.contains("](predicted-vs-measured-time.svg)") && md.contains("The 903 hands"),
        "{md}"
    );
    let svg = fs::read_to_string(readme.with_file_name("predicted-vs-measured-time.svg")).unwrap();
    assert_eq!(svg.matches("<circle").count(), 903);
    let k5 =
        shipped("reports/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=5/README.md");
    assert!(
        !fs::read_to_string(k5)
            .unwrap()
            .contains("predicted-vs-measured")
    );
}
