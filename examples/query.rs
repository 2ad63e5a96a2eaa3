//! Puzzle-designer questions answered from the census24 tables with polars:
//! `cargo run --release --example query [DATA_DIR]`.
//!
//! Every `hands.parquet` under DATA_DIR (default `data`) is read, and the
//! folder names (`rules=R/use=U/targets=T/values=V/deck=D/k=K`, hive style)
//! become columns, so that one query covers every hand size. (census24
//! builds polars without its streaming engine, so the files are read one by
//! one rather than scanned with a glob; `examples/query.py` scans them with
//! Python polars, and DuckDB reads the same glob.)

use std::path::{Path, PathBuf};

use polars::prelude::*;

/// Every `hands.parquet` under `dir`, sorted.
fn hands_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            hands_files(&path, out)?;
        } else if path.file_name().is_some_and(|n| n == "hands.parquet") {
            out.push(path);
        }
    }
    out.sort();
    Ok(())
}

/// One table's hands with its folder's keys as columns (`k` a number, the
/// others text).
fn read(path: &Path, data: &Path) -> PolarsResult<DataFrame> {
    let bytes = std::fs::read(path)?;
    let mut df = census24::tables::table::from_parquet(&bytes)?;
    let rel = path.parent().unwrap().strip_prefix(data).unwrap();
    let height = df.height();
    for part in rel.iter() {
        let (key, value) = part.to_str().unwrap().split_once('=').unwrap();
        let column = match key {
            "k" => Column::new(key.into(), vec![value.parse::<i64>().unwrap(); height]),
            _ => Column::new(key.into(), vec![value; height]),
        };
        df.with_column(column)?;
    }
    Ok(df)
}

fn main() -> PolarsResult<()> {
    let data = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "data".into()));
    let mut files = Vec::new();
    hands_files(&data, &mut files)?;
    let frames: Vec<LazyFrame> = files
        .iter()
        .map(|f| read(f, &data).map(IntoLazy::lazy))
        .collect::<PolarsResult<_>>()?;
    let args = UnionArgs {
        diagonal: true,
        ..Default::default()
    };
    let hands = concat(frames, args)?.filter(
        col("rules")
            .eq(lit("rational"))
            .and(col("targets").eq(lit("24-24")))
            .and(col("deck").eq(lit("x4"))),
    );

    // 1. Hands with exactly one solution (one dissimilar way to make 24).
    let one = hands
        .clone()
        .filter(col("k").eq(lit(4)).and(col("dissimilar").eq(lit(1u32))))
        .select([col("hand"), col("simplest")])
        .collect()?;
    println!(
        "Four-card hands with exactly one dissimilar solution: {}",
        one.height()
    );
    println!("{}", one.head(Some(10)));

    // 2. The chance that a random deal is solvable, per hand size: the share
    //    of solvable hands weighted by deal_probability.
    let odds = hands
        .clone()
        .group_by([col("k")])
        .agg([
            len().alias("hands"),
            col("solvable").sum().alias("solvable_hands"),
            col("deal_probability")
                .filter(col("solvable"))
                .sum()
                .alias("solvable_deals"),
            col("deal_probability").sum().alias("all_deals"),
        ])
        .with_column((col("solvable_deals") / col("all_deals")).alias("deal_share"))
        .sort(["k"], Default::default())
        .collect()?;
    println!("Share of solvable deals by hand size:\n{odds}");

    // 3. Hands solvable only with fractions.
    let fractions = hands
        .filter(col("needs_fraction").eq(lit(true)))
        .select([col("k"), col("hand"), col("simplest")])
        .sort(["k"], Default::default())
        .collect()?;
    println!("Hands solvable only with fractions: {}", fractions.height());
    println!("{}", fractions.head(Some(20)));
    Ok(())
}
