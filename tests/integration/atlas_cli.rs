//! `census24 cover` and `census24 report --atlas` on a small atlas (1 to 4
//! cards, targets 1..30): the files they write, the numbers the report
//! states (cross-checked with the tables it reads), and bad input.

use std::fs;

use tempfile::TempDir;

use crate::util::run;

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "census24 {args:?}: {err}");
    out
}

#[test]
fn a_small_atlas_from_cover_and_tables() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let reports = tmp.path().join("reports");
    let d = data.to_str().unwrap();
    let r = reports.to_str().unwrap();
    // Without the cover files the report names the command that makes them.
    let (code, _, err) = run(&["report", "--atlas", "--data", d, "--out", r]);
    assert_eq!(code, 2);
    assert!(err.contains("make it with `census24 cover --out"), "{err}");
    ok(&[
        "cover",
        "-q",
        "--max-k",
        "4",
        "--targets",
        "1..30",
        "--out",
        d,
    ]);
    for deck in ["4", "none"] {
        for k in ["1", "2", "3", "4"] {
            ok(&[
                "sweep",
                "-q",
                "--no-report",
                "-k",
                k,
                "--deck",
                deck,
                "--out",
                d,
            ]);
        }
    }
    let written = ok(&["report", "--atlas", "--data", d, "--out", r]);
    assert!(written.trim_end().ends_with("atlas/README.md"), "{written}");
    let md = fs::read_to_string(reports.join("atlas/README.md")).unwrap();
    assert!(md.starts_with("# The atlas: the 24 game from 1 to 4 cards"));
    // The classic figures, by hand and by deal, from the four-card table.
    assert!(
        md.contains("1362 of the 1820 4-card hands (74.84%; 80.46% of deals)"),
        "{md}"
    );
    assert!(md.contains("| 4 | 1820 | 1362 | 74.84% | 80.46% | 1346 | 16 | 1.17% | 458 |"));
    // Four ones make at most 4 (1+1+1+1), so no size up to four covers 5..30.
    assert!(
        md.contains("| 30 | over 4 | 1 1 1 1 | over 4 | 1 1 1 1 |"),
        "{md}"
    );
    let cover = fs::read_to_string(reports.join("atlas/cover.csv")).unwrap();
    assert_eq!(
        cover,
        fs::read_to_string(data.join("atlas/cover.csv")).unwrap()
    );
    assert_eq!(cover.lines().count(), 1 + 2 * 30);
    let shares = fs::read_to_string(data.join("atlas/shares.csv")).unwrap();
    // The cover's own count of 24 agrees with the sweep's table.
    assert!(shares.contains("\nx4,24,4,1820,1362,"), "{shares}");
    assert!(shares.contains("\nnone,24,4,1820,1362,"), "{shares}");
    for name in ["solvable-by-hand-size.svg", "smallest-k-by-target.svg"] {
        assert!(reports.join("atlas").join(name).exists(), "{name}");
        assert!(md.contains(&format!("]({name})")));
    }
}

#[test]
fn cover_refuses_bad_options_in_one_line() {
    let tmp = TempDir::new().unwrap();
    let d = tmp.path().join("data");
    let d = d.to_str().unwrap();
    let (code, _, err) = run(&["cover", "--max-k", "11", "--out", d]);
    assert_eq!(code, 2);
    assert!(err.contains("11 cards: the atlas goes up to 10"), "{err}");
    let (code, _, err) = run(&["cover", "--targets", "9..3", "--out", d]);
    assert_eq!(code, 2);
    assert!(err.contains("9..3"), "{err}");
    assert!(!tmp.path().join("data").exists());
}
