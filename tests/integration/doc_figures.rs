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
        "data/rules=rational/use=all/targets=24/values=1-13/deck=4/k={k}"
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
