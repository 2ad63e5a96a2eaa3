//! Figures the docs quote about the shipped tables, read back from the
//! tables: a regenerated table that changes a count fails here until the
//! sentence quoting it is changed too (issue 23: docs that are not true).
//! Only the cheap ones: counts in manifests and in the hands tables.

use std::fs;
use std::path::{Path, PathBuf};

use census24::tables::columns;
use census24::tables::manifest::Manifest;
use census24::tables::table;
use polars::prelude::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn table_dir(k: usize) -> PathBuf {
    root().join(format!(
        "data/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k={k}"
    ))
}

fn manifest(dir: &Path) -> Manifest {
    serde_json::from_slice(&fs::read(dir.join("manifest.json")).unwrap()).unwrap()
}

fn hands(dir: &Path) -> DataFrame {
    table::from_parquet(&fs::read(dir.join("hands.parquet")).unwrap()).unwrap()
}

/// The sum of a count column (nulls count 0).
fn sum(df: &DataFrame, name: &str) -> u64 {
    df.column(name)
        .unwrap()
        .cast(&DataType::UInt64)
        .unwrap()
        .u64()
        .unwrap()
        .iter()
        .flatten()
        .sum()
}

/// `text` holds `sentence` once its whitespace is folded (docs wrap lines).
fn says(doc: &str, sentence: &str) {
    let text = fs::read_to_string(root().join(doc)).unwrap();
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(folded.contains(sentence), "{doc} should say: {sentence}");
}

#[test]
fn the_readme_and_distinct_quote_the_four_and_five_card_counts() {
    let (m4, h4) = (manifest(&table_dir(4)), hands(&table_dir(4)));
    says(
        "README.md",
        &format!(
            "It prints a summary: {} of {} hands solvable",
            m4.solvable, m4.hands
        ),
    );
    says(
        "docs/DISTINCT.md",
        &format!(
            "Over all {} four-card hands of 1..13 with target 24 (rational rules): {} are solvable, \
             with {} structural classes and {} dissimilar solutions in total.",
            m4.hands,
            m4.solvable,
            sum(&h4, columns::STRUCTURAL),
            sum(&h4, columns::DISSIMILAR)
        ),
    );
    let (m5, h5) = (manifest(&table_dir(5)), hands(&table_dir(5)));
    says(
        "docs/DISTINCT.md",
        &format!(
            "(the shipped table, {} hands): {} solvable, {} structural, {} dissimilar.",
            m5.hands,
            m5.solvable,
            sum(&h5, columns::STRUCTURAL),
            sum(&h5, columns::DISSIMILAR)
        ),
    );
    assert_eq!(m4.solution_rows, sum(&h4, columns::STRUCTURAL));
}

#[test]
fn difficulty_quotes_the_tier_counts_of_the_four_card_table() {
    let h4 = hands(&table_dir(4));
    let tiers = h4
        .column(columns::TIER)
        .unwrap()
        .cast(&DataType::String)
        .unwrap();
    let count = |name: &str| {
        tiers
            .str()
            .unwrap()
            .iter()
            .filter(|t| *t == Some(name))
            .count()
    };
    let solvable = h4
        .column(columns::SOLVABLE)
        .unwrap()
        .bool()
        .unwrap()
        .sum()
        .unwrap();
    says(
        "docs/DIFFICULTY.md",
        &format!(
            "Of the {solvable} solvable four-card hands the model puts {} in easy, {} in medium, {} in \
             hard and {} in expert.",
            count("easy"),
            count("medium"),
            count("hard"),
            count("expert")
        ),
    );
}

/// `bytes` as the docs write a file size: `49 KB`, `3.6 MB` (decimal units,
/// two significant figures above 10 KB... as a reader rounds them).
fn size_words(bytes: u64) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{} KB", (bytes as f64 / 1e3).round())
    }
}

/// The README quoted the explorer pages at "44 KB (k = 2) to 3.1 MB (k =
/// 5)" when they had grown to 49 KB and 3.6 MB (issue 36): the sentence is
/// read back against the shipped pages.
#[test]
fn the_readme_quotes_the_sizes_of_the_shipped_explorer_pages() {
    let reports = root().join("reports/rules=rational/use=all/targets=24-24/values=1-13/deck=x4");
    let mut pages: Vec<(u64, usize)> = Vec::new();
    for k in 1..=10 {
        if let Ok(m) = fs::metadata(reports.join(format!("k={k}/explorer.html"))) {
            pages.push((m.len(), k));
        }
    }
    let (small, large) = (pages.iter().min().unwrap(), pages.iter().max().unwrap());
    let sentence = format!(
        "The shipped pages weigh {} (k = {}) to {} (k =\n{})",
        size_words(small.0),
        small.1,
        size_words(large.0),
        large.1
    );
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat(&readme).contains(&flat(&sentence)),
        "README.md should say: {sentence}"
    );
}

/// docs/BENCHMARKS.md showed a `pick --format jsonl` line without the p80
/// field and with an old prediction (issue 36): each JSON line it shows
/// under the command is the line the command prints for that hand today.
#[test]
fn the_benchmarks_doc_shows_the_line_pick_prints() {
    let doc = fs::read_to_string(root().join("docs/BENCHMARKS.md")).unwrap();
    let command = "census24 pick --stratify -n 100 --seed 1 --format jsonl";
    assert!(doc.contains(command), "docs/BENCHMARKS.md lost its command");
    let block = doc
        .split("```json\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let data = root().join("data");
    let out = crate::util::census24()
        .args(command.split_whitespace().skip(1))
        .args(["--data", data.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = String::from_utf8(out.stdout).unwrap();
    for shown in block.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(shown).unwrap();
        let hand = v["hand"].as_str().unwrap();
        let printed = out
            .lines()
            .find(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["hand"] == hand)
            .unwrap_or_else(|| panic!("the split has no hand {hand}: change the example"));
        assert_eq!(shown, printed, "docs/BENCHMARKS.md shows an old line");
    }
}

/// The shipped summary of the census of large sets (data/large-sets/) is
/// what today's code writes from its rows: its bytes and its manifest, as
/// `just large-sets` would make them. A change to how the summary is
/// written fails here until the shipped files are written again
/// (`large_sets_summary --rewrite data/large-sets`, or `just large-sets`).
#[test]
fn the_shipped_large_sets_summary_is_written_as_today() {
    use census24::tables::large_summary::{SETS_FILE, SUMMARY_MANIFEST, rewrite};
    let tmp = tempfile::TempDir::new().unwrap();
    for name in [SETS_FILE, SUMMARY_MANIFEST] {
        std::fs::copy(
            root().join("data/large-sets").join(name),
            tmp.path().join(name),
        )
        .unwrap();
    }
    assert!(
        !rewrite(tmp.path()).unwrap(),
        "data/large-sets/ is not in today's form"
    );
}

/// The answer of the census of large sets that the README quotes (the
/// easiest and the hardest set, and where the show's set ranks) is the
/// one the shipped summary gives (data/large-sets/, checked against its
/// sealed manifest), and the census's report names the same two sets.
/// Ranks as the report's: a higher share first, then the smaller numbers.
#[test]
fn the_readme_quotes_the_answer_of_the_large_sets_census() {
    use census24::report::render::large::thousands;
    use census24::tables::large_summary::{SetSolvable, read};
    let (manifest, sets) = read(&root().join("data/large-sets")).unwrap();
    let games: u64 = manifest.games_by_tiles.iter().sum();
    let order = |a: &SetSolvable, b: &SetSolvable| {
        b.total()
            .cmp(&a.total())
            .then_with(|| a.numbers.cmp(&b.numbers))
    };
    let easiest = sets.iter().min_by(|a, b| order(a, b)).unwrap();
    let hardest = sets.iter().max_by(|a, b| order(a, b)).unwrap();
    let standard = sets
        .iter()
        .find(|s| s.numbers == [25, 50, 75, 100])
        .unwrap();
    let rank = 1 + sets
        .iter()
        .filter(|s| order(s, standard) == std::cmp::Ordering::Less)
        .count();
    let name = |s: &SetSolvable| s.numbers.map(|v| v.to_string()).join(" ");
    let pct = |s: &SetSolvable| format!("{:.2}%", 100.0 * s.total() as f64 / games as f64);
    says(
        "README.md",
        &format!(
            "Of the {} sets of four large numbers from 11 to 100, the easiest is **{}**, which \
             solves {} of its {} games, and the hardest is **{}**, which solves {}. The show's \
             25 50 75 100 solves {} and ranks {} of {} (the easiest first).",
            thousands(manifest.sets),
            name(easiest),
            pct(easiest),
            thousands(games),
            name(hardest),
            pct(hardest),
            pct(standard),
            thousands(rank as u64),
            thousands(manifest.sets),
        ),
    );
    let report = format!("reports/{}/README.md", manifest.table);
    says(
        &report,
        &format!(
            "The easiest set is **{}**: {} of its games",
            name(easiest),
            pct(easiest)
        ),
    );
    says(
        &report,
        &format!("The hardest is **{}**: {}", name(hardest), pct(hardest)),
    );
}

/// data/README.md is what `census24 report` writes for the shipped data:
/// every table, the glob of each file kind and every column explained (run
/// `census24 report` to remake it).
#[test]
fn the_data_index_is_current() {
    let made = census24::report::data_index::data_index(&root().join("data")).unwrap();
    let shipped = std::fs::read_to_string(root().join("data/README.md")).unwrap();
    assert!(
        made == shipped,
        "data/README.md is stale: run `census24 report` (or `just report`)"
    );
}
