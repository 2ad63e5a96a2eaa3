//! `census24 report` and `census24 rank` as a user runs them: the report a
//! sweep writes (every chart present and a well-formed SVG), the same bytes
//! from `census24 report`, the k = 4 facts the report must state, and
//! rankings in table, CSV and JSON form.

use std::fs;
use std::path::Path;

use quick_xml::Reader;
use quick_xml::events::Event;
use tempfile::TempDir;

use crate::util::run;

const K2: &str = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=2";
const K4: &str = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4";

/// Sweeps `--hand-size k` into `DIR/data` (the report goes to `DIR/reports`).
fn sweep(dir: &Path, k: &str) -> String {
    let data = dir.join("data");
    let args = [
        "sweep",
        "--quiet",
        "--hand-size",
        k,
        "--out",
        data.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{args:?}: {stdout} {stderr}");
    stdout
}

/// Fails unless `bytes` is a well-formed SVG document with some bars.
fn assert_svg(path: &Path) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        text.len() > 1000,
        "{} is only {} bytes",
        path.display(),
        text.len()
    );
    let mut reader = Reader::from_str(&text);
    let (mut depth, mut rects, mut root) = (0i32, 0, None);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                root.get_or_insert(String::from_utf8_lossy(e.name().as_ref()).into_owned());
                depth += 1;
                rects += usize::from(e.name().as_ref() == b"rect");
            }
            Ok(Event::Empty(e)) => rects += usize::from(e.name().as_ref() == b"rect"),
            Ok(Event::End(_)) => depth -= 1,
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("{} is not well-formed XML: {e}", path.display()),
        }
    }
    assert_eq!(root.as_deref(), Some("svg"), "{}", path.display());
    assert_eq!(depth, 0, "{} has unclosed elements", path.display());
    assert!(rects >= 2, "{} draws no bars", path.display());
}

/// Every `](name.svg)` link of a markdown file, resolved beside it.
fn linked_charts(readme: &Path) -> Vec<std::path::PathBuf> {
    let md = fs::read_to_string(readme).unwrap();
    md.split("](")
        .skip(1)
        .filter_map(|s| s.split(')').next())
        .filter(|l| l.ends_with(".svg"))
        .map(|l| readme.parent().unwrap().join(l))
        .collect()
}

#[test]
fn sweep_writes_a_report_with_every_chart_and_an_index() {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), "2");
    let readme = tmp.path().join("reports").join(K2).join("README.md");
    let charts = linked_charts(&readme);
    assert_eq!(charts.len(), 5, "{charts:?}");
    for chart in &charts {
        assert_svg(chart);
    }
    let index = tmp.path().join("reports/README.md");
    let index_md = fs::read_to_string(&index).unwrap();
    assert!(
        index_md.contains(&format!("({K2}/README.md)")),
        "{index_md}"
    );
    for chart in linked_charts(&index) {
        assert_svg(&chart);
    }
}

#[test]
fn report_of_a_two_card_table() {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), "2");
    let md = fs::read_to_string(tmp.path().join("reports").join(K2).join("README.md")).unwrap();
    insta::assert_snapshot!(md);
}

#[test]
fn report_command_writes_the_bytes_the_sweep_wrote() {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), "2");
    let data = tmp.path().join("data");
    let again = tmp.path().join("again");
    let args = [
        "report",
        "--data",
        data.to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{stdout} {stderr}");
    assert!(
        stdout.lines().last().unwrap().ends_with("README.md"),
        "{stdout}"
    );
    for name in [
        "README.md",
        "explorer.html",
        "solvable-by-value.svg",
        "tiers.svg",
        "deal-odds.svg",
    ] {
        let a = fs::read(tmp.path().join("reports").join(K2).join(name)).unwrap();
        let b = fs::read(again.join(K2).join(name)).unwrap();
        assert_eq!(a, b, "{name}");
    }
}

/// The options that sweep the two-card reach table of targets 1..50 into
/// `data`, without its report.
fn reach_k2(data: &str) -> [&str; 9] {
    [
        "sweep",
        "-q",
        "-k",
        "2",
        "--targets",
        "1..50",
        "--out",
        data,
        "--no-report",
    ]
}

/// `census24 report` indexes the data folder: each file kind with its
/// tables, rows and globs, and every column of every file with its type
/// and meaning.
#[test]
fn report_indexes_the_data_folder_with_its_columns_and_globs() {
    use census24::tables::columns::{self, SOLUTIONS};
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), "2");
    let data = tmp.path().join("data");
    let d = data.to_str().unwrap();
    assert_eq!(run(&reach_k2(d)).0, 0);
    let out = tmp.path().join("reports");
    let (code, stdout, stderr) =
        run(&["report", "-q", "--data", d, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout} {stderr}");
    let index = fs::read_to_string(data.join("README.md")).unwrap();
    for line in [
        "| `hands.parquet` | 1 | 91 | `pl.scan_parquet(\"data/**/hands.parquet\", hive_partitioning=True)` | `read_parquet('data/**/hands.parquet', hive_partitioning=true)` |",
        "| `reach.parquet` | 1 | 4,550 |",
        "| `rules=rational/use=all/targets=1-50/values=1-13/deck=x4/k=2/` | reach | The 24 game's cards | `reach.parquet` (4,550) | `closest`, `closest_below`, `distance` |",
        "| `tier` | enum (easy, medium, hard, expert) |",
    ] {
        assert!(index.contains(line), "no {line:?} in\n{index}");
    }
    // The nearest values are computed under natural rules only: this
    // rational reach table leaves them out, and says so above.
    let nearest = [columns::CLOSEST, columns::CLOSEST_BELOW, columns::DISTANCE];
    for column in columns::hands()
        .iter()
        .chain(&SOLUTIONS)
        .chain(&columns::reach())
        .filter(|c| !nearest.contains(c))
    {
        assert!(index.contains(&format!("| `{column}` |")), "{column}");
    }
    // The reports' own index keeps its name in its own folder.
    assert!(out.join("README.md").is_file());
}

#[test]
fn report_without_tables_says_how_to_make_one() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().to_str().unwrap();
    let (code, _, stderr) = run(&["report", "--data", data, "--out", data]);
    assert_eq!(code, 2);
    assert!(stderr.contains("census24 sweep --out"), "{stderr}");
    // A folder that does not exist gets the same advice, said once.
    let missing = tmp.path().join("nowhere");
    let missing = missing.to_str().unwrap();
    let (code, _, stderr) = run(&["report", "--data", missing, "--out", data]);
    assert_eq!(code, 2);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("no table under") && stderr.contains("nowhere"),
        "{stderr}"
    );
}

/// A fresh k = 4 table in a temp dir, with its report.
fn k4() -> TempDir {
    let tmp = TempDir::new().unwrap();
    sweep(tmp.path(), "4");
    tmp
}

#[test]
fn four_card_report_states_the_solvable_count_deal_odds_and_tiers() {
    let tmp = k4();
    let md = fs::read_to_string(tmp.path().join("reports").join(K4).join("README.md")).unwrap();
    assert!(md.contains("**1362 of 1820 hands are solvable**"), "{md}");
    assert!(
        md.contains("**A random deal of 4 cards is solvable with probability 0."),
        "{md}"
    );
    assert!(
        md.contains("**Difficulty tiers** of the 1362 solvable hands"),
        "{md}"
    );
    for hand in ["| 3 3 8 8 |", "| 1 3 4 6 |", "| 1 5 5 5 |"] {
        assert!(md.contains(hand), "{hand} missing from the lists");
    }
}

fn rank(tmp: &TempDir, extra: &[&str]) -> String {
    let data = tmp.path().join("data");
    let mut args = vec!["rank", "--data", data.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

#[test]
fn rank_top_10_of_four_card_hands_in_every_format() {
    let tmp = k4();
    let table = rank(&tmp, &["--hand-size", "4", "--top", "10"]);
    insta::assert_snapshot!("rank_top_10_table", table);
    let csv = rank(
        &tmp,
        &["--hand-size", "4", "--top", "10", "--format", "csv"],
    );
    insta::assert_snapshot!("rank_top_10_csv", csv);
    let json = rank(
        &tmp,
        &["--hand-size", "4", "--top", "10", "--format", "json"],
    );
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 10);
    // The three forms list the same hands in the same order.
    let hands: Vec<&str> = rows.iter().map(|r| r["hand"].as_str().unwrap()).collect();
    let csv_hands: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(hands, csv_hands);
    assert_eq!(rows[0]["rank"], 1);
    assert!(rows.iter().all(|r| r["tier"] == "expert"));
}

#[test]
fn rank_filters_by_tier_solutions_and_fractions() {
    let tmp = k4();
    let csv = rank(
        &tmp,
        &[
            "--all",
            "--needs-fraction",
            "--max-solutions",
            "1",
            "--easiest",
            "--format",
            "csv",
        ],
    );
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r[7] == "1" && r[9] == "true"), "{csv}");
    assert!(rows.iter().any(|r| r[1] == "3 3 8 8"));
    let time: Vec<f64> = rows.iter().map(|r| r[2].parse().unwrap()).collect();
    assert!(
        time.windows(2).all(|w| w[0] <= w[1]),
        "--easiest sorts by predicted time, ascending"
    );

    let easy = rank(&tmp, &["--tier", "easy", "--all", "--format", "csv"]);
    assert!(
        easy.lines()
            .skip(1)
            .all(|l| l.split(',').nth(6) == Some("easy"))
    );
    assert!(
        easy.lines().any(|l| l.split(',').nth(1) == Some("6 6 6 6")),
        "{easy}"
    );
}

#[test]
fn rank_filters_by_predicted_time() {
    let tmp = k4();
    let csv = rank(
        &tmp,
        &[
            "--all",
            "--min-time",
            "8",
            "--max-time",
            "9.5",
            "--format",
            "csv",
        ],
    );
    let times: Vec<f64> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(times.len() > 100, "{csv}");
    assert!(times.iter().all(|t| (8.0..=9.5).contains(t)), "{csv}");
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "slowest first");
    let (code, _, stderr) = run(&["rank", "--min-time", "30", "--max-time", "10"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--min-time 30 is above --max-time 10"),
        "{stderr}"
    );
}

#[test]
fn rank_of_a_missing_table_names_the_sweep_that_makes_it() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().to_str().unwrap();
    let (code, _, stderr) = run(&["rank", "--data", data, "--hand-size", "5"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("census24 sweep --hand-size 5 --out "),
        "{stderr}"
    );
}

#[test]
fn rank_rejects_bad_values_naming_them() {
    let (code, _, stderr) = run(&["rank", "--tier", "brutal"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("brutal"), "{stderr}");
    let (code, _, stderr) = run(&["rank", "--min-dissimilar", "3", "--max-dissimilar", "2"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--min-dissimilar 3 is above --max-dissimilar 2"),
        "{stderr}"
    );
    for game in [&[][..], &["--game", "countdown", "--target", "952"][..]] {
        let mut args = vec!["rank", "--top", "0"];
        args.extend(game);
        let (code, _, stderr) = run(&args);
        assert_eq!(code, 2, "{stderr}");
        assert_eq!(
            stderr,
            "census24: --top 0 prints nothing: ask for at least one hand\n"
        );
    }
}

#[test]
fn table_without_solutions_gets_a_report_but_no_ranking() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let args = [
        "sweep",
        "--quiet",
        "-k",
        "3",
        "--no-solutions",
        "--out",
        data.to_str().unwrap(),
    ];
    let (code, _, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    let readme = tmp
        .path()
        .join("reports/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3/README.md");
    let md = fs::read_to_string(&readme).unwrap();
    assert!(md.contains("swept without solutions"), "{md}");
    assert!(md.contains("**111 of 455 hands are solvable**"), "{md}");
    for chart in linked_charts(&readme) {
        assert_svg(&chart);
    }
    let (code, _, stderr) = run(&["rank", "--data", data.to_str().unwrap(), "-k", "3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("has no difficulty"), "{stderr}");
    assert!(stderr.contains("census24 sweep --hand-size 3"), "{stderr}");
}

/// `report` with game options writes only the reports of that game's
/// tables (every hand size unless -k is given); a game without a table is
/// named.
#[test]
fn report_of_a_game_writes_only_its_tables() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let d = data.to_str().unwrap();
    for args in [
        vec!["sweep", "-q", "-k", "2", "--out", d, "--no-report"],
        vec!["sweep", "-q", "-k", "3", "--out", d, "--no-report"],
        reach_k2(d).to_vec(),
    ] {
        assert_eq!(run(&args).0, 0, "{args:?}");
    }
    let reach = "rules=rational/use=all/targets=1-50/values=1-13/deck=x4/k=2";
    let k3 = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3";
    let report = |name: &str, game: &[&str]| {
        let out = tmp.path().join(name);
        let mut args = vec!["report", "-q", "--data", d, "--out", out.to_str().unwrap()];
        args.extend_from_slice(game);
        let (code, stdout, stderr) = run(&args);
        (code, stderr, out, stdout)
    };
    let (code, err, out, _) = report("one", &["--game", "24", "-k", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.join(K2).join("README.md").is_file());
    assert!(!out.join(k3).exists() && !out.join(reach).exists());
    let (code, err, out, _) = report("sizes", &["--game", "24"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.join(K2).join("README.md").is_file() && out.join(k3).join("README.md").is_file());
    assert!(!out.join(reach).exists());
    let (code, err, out, _) = report("range", &["--targets", "1..50"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.join(reach).join("README.md").is_file());
    assert!(!out.join(K2).exists());
    let (code, err, _, _) = report("none", &["--game", "countdown"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no table of this game under") && err.contains("targets 100..999"),
        "{err}"
    );
}
