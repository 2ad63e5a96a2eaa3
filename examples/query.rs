//! Puzzle-designer questions answered from the census24 tables with the polars
//! lazy API: `cargo run --release --example query [DATA_DIR]`.
//!
//! Every `hands.parquet` under DATA_DIR (default `data`) is scanned at once;
//! hive partitioning turns the folder names (rules, target, values, deck, k)
//! into columns, so one query covers every hand size.

use polars::prelude::*;

fn main() -> PolarsResult<()> {
    let data = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "data".to_string());
    let glob = format!("{data}/**/hands.parquet");
    // Folder values are never dates; without this polars would try to parse
    // `values=1-13` as one, which needs features census24 does not build.
    let hive_options = HiveOptions {
        try_parse_dates: false,
        ..HiveOptions::new_enabled()
    };
    let args = ScanArgsParquet {
        hive_options,
        ..Default::default()
    };
    let hands = LazyFrame::scan_parquet(PlRefPath::new(glob.as_str()), args)?.filter(
        col("rules")
            .eq(lit("rational"))
            .and(col("target").cast(DataType::String).eq(lit("24"))),
    );

    // 1. Hands with exactly one solution (one dissimilar way to make 24).
    let one = hands
        .clone()
        .filter(col("k").eq(lit(4)).and(col("dissimilar").eq(lit(1u32))))
        .select([col("hand"), col("example"), col("solutions")])
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
        .filter(col("needs_fraction"))
        .select([col("k"), col("hand"), col("example")])
        .sort(["k"], Default::default())
        .collect()?;
    println!("Hands solvable only with fractions: {}", fractions.height());
    println!("{}", fractions.head(Some(20)));
    Ok(())
}
