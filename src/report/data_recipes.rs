//! The recipes of `DATA/README.md` (written with
//! [`crate::report::data_index`]): the read of every hive table at once,
//! and questions asked the same in polars and in DuckDB, each written to
//! run as it stands (CI runs them all and compares their rows with the
//! manifests: tests/data_recipes.py). Two things a reader gets wrong
//! without them: DuckDB reads the ordered `tier` enum as text, so its
//! `ORDER BY tier` is alphabetical, and a table whose objective is dealt
//! after the hand (Krypto) has a row for every pair of a hand and an
//! objective, also those the deck cannot deal (`deal_ways = 0`).

use std::fmt::Write;
use std::fs::File;
use std::path::Path;

use polars::prelude::*;

use crate::difficulty::Tier;
use crate::report::query::{ReportError, guarded};
use crate::report::render::large::thousands;
use crate::tables::columns::{DEAL_WAYS, SOLVABLE, TIER};

/// The polars and DuckDB reads of every Parquet file of the hive folders
/// at once (`data/rules=*/…`): kinds differ in columns, so polars inserts
/// the missing ones and DuckDB unites them by name.
pub fn every_hive_read() -> (String, String) {
    (
        "pl.scan_parquet(\"data/rules=*/**/*.parquet\", hive_partitioning=True, \
         missing_columns=\"insert\", extra_columns=\"ignore\")"
            .to_string(),
        "read_parquet('data/rules=*/**/*.parquet', hive_partitioning=true, union_by_name=true)"
            .to_string(),
    )
}

/// What the table of reads says before its rows.
pub const READS_INTRO: &str = "Run from the folder that holds `data/`. A polars read is lazy\n\
(`.collect()` reads it); a DuckDB read is a table (`SELECT count(*) FROM\n\
read_parquet(...)`). A glob reads every table of a file kind at once,\n\
hive keys included as columns. The last row reads every Parquet file of\n\
the hive folders at once: kinds differ in columns, so polars needs\n\
`missing_columns=\"insert\", extra_columns=\"ignore\"` and DuckDB\n\
`union_by_name=true`. Its glob starts at `rules=*`: `data/**/*.parquet`\n\
also meets `data/large-sets/sets.parquet`, which lies outside the hive\n\
folders, and DuckDB refuses the mix (\"Hive partition mismatch\"); read\n\
that file on its own (its row). CI runs every read as written and checks\n\
its rows against the manifests (tests/data_recipes.py).";

/// The recipes section: tiers in their order, and (when `dealt` names
/// tables whose objective is dealt, folders relative to `data`) the games
/// their deck can deal, with the counts read from those tables.
pub fn recipes(data: &Path, dealt: &[&str]) -> Result<String, ReportError> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n## Recipes\n\n\
         Each question is asked twice, in polars (Python, after `import polars as pl`)\n\
         and in DuckDB (SQL: the `duckdb` shell, or `duckdb.sql(...)` in Python),\n\
         and both give the same rows; run from the folder that holds `data/`.\n\
         CI runs each as written (tests/data_recipes.py)."
    );
    tier_recipe(&mut out);
    if !dealt.is_empty() {
        dealt_recipe(&mut out, data, dealt)?;
    }
    Ok(out)
}

/// Every hand of the one-target tables by tier, in the tiers' order.
fn tier_recipe(out: &mut String) {
    let names: Vec<&str> = Tier::ALL.iter().map(|t| t.name()).collect();
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    let _ = writeln!(
        out,
        "\n### Tiers in their order\n\n\
         `{TIER}` is an ordered enum in polars ({}), so sorting\n\
         by it gives that order. DuckDB reads it as text (VARCHAR), and `ORDER BY\n\
         {TIER}` on text is alphabetical ({}): cast it to an enum\n\
         type of the same names first. Every hand of the one-target tables by\n\
         tier, {} to {}, then the hands without a prediction (null; the\n\
         `--no-solutions` tables have no `{TIER}` column, read as null):\n\n\
         ```python\n\
         (\n    \
             pl.scan_parquet(\"data/**/hands.parquet\", hive_partitioning=True, missing_columns=\"insert\")\n    \
             .group_by(\"{TIER}\")\n    \
             .agg(hands=pl.len())\n    \
             .sort(\"{TIER}\", nulls_last=True)\n    \
             .collect()\n\
         )\n\
         ```\n\n\
         ```sql\n\
         CREATE TYPE {TIER} AS ENUM ({});\n\
         SELECT CAST({TIER} AS {TIER}) AS {TIER}, count(*) AS hands\n\
         FROM read_parquet('data/**/hands.parquet', hive_partitioning = true, union_by_name = true)\n\
         GROUP BY ALL\n\
         ORDER BY {TIER} NULLS LAST;\n\
         ```",
        names.join(" < "),
        {
            let mut sorted = names.clone();
            sorted.sort_unstable();
            sorted.join(", ")
        },
        names[0],
        names[names.len() - 1],
        quoted.join(", ")
    );
}

/// The games the deck can deal where the objective is dealt after the
/// hand, and the counts of the tables in `dealt`.
fn dealt_recipe(out: &mut String, data: &Path, dealt: &[&str]) -> Result<(), ReportError> {
    let _ = writeln!(
        out,
        "\n### Games the deck can deal (Krypto)\n\n\
         Where the objective is dealt from the deck after the hand\n\
         (`targets=dealt-…`: Krypto), a table has a row for every hand the deck\n\
         deals and every objective, dealable or not: a hand holding every copy of a\n\
         value leaves none to deal as the objective (three 5s and objective 5, in\n\
         a deck of three 5s). **`{DEAL_WAYS} > 0` is the dealable flag**: `{DEAL_WAYS}`\n\
         counts the deals of that hand and then that objective card, and is 0\n\
         exactly for a pair the deck cannot deal. Count games with the flag (or\n\
         weigh them by `{DEAL_WAYS}`); a count of every row counts pairs no deal\n\
         makes. `census24 check --game krypto` and `solve --game krypto` refuse\n\
         such a pair.\n\
         Games, the dealable ones, the unsolvable ones among all rows and among\n\
         the dealable ones:\n\n\
         ```python\n\
         (\n    \
             pl.scan_parquet(\"data/**/reach.parquet\", hive_partitioning=True)\n    \
             .filter(pl.col(\"targets\").str.starts_with(\"dealt-\"))\n    \
             .group_by(\"rules\", \"deck\")\n    \
             .agg(\n        \
                 games=pl.len(),\n        \
                 dealable=(pl.col(\"{DEAL_WAYS}\") > 0).sum(),\n        \
                 unsolvable=(~pl.col(\"{SOLVABLE}\")).sum(),\n        \
                 unsolvable_dealable=((pl.col(\"{DEAL_WAYS}\") > 0) & ~pl.col(\"{SOLVABLE}\")).sum(),\n    \
             )\n    \
             .sort(\"deck\", \"rules\")\n    \
             .collect()\n\
         )\n\
         ```\n\n\
         ```sql\n\
         SELECT rules, deck, count(*) AS games,\n       \
             count(*) FILTER (WHERE {DEAL_WAYS} > 0) AS dealable,\n       \
             count(*) FILTER (WHERE NOT {SOLVABLE}) AS unsolvable,\n       \
             count(*) FILTER (WHERE {DEAL_WAYS} > 0 AND NOT {SOLVABLE}) AS unsolvable_dealable\n\
         FROM read_parquet('data/**/reach.parquet', hive_partitioning = true)\n\
         WHERE targets LIKE 'dealt-%'\n\
         GROUP BY ALL\n\
         ORDER BY deck, rules;\n\
         ```\n\n\
         | rules | deck | games | dealable | unsolvable | unsolvable_dealable |\n\
         |---|---|---:|---:|---:|---:|"
    );
    let mut rows = Vec::new();
    for folder in dealt {
        let key = |name: &str| {
            folder
                .split('/')
                .find_map(|part| part.strip_prefix(&format!("{name}=")))
                .unwrap_or_default()
                .to_string()
        };
        let c = dealt_counts(&data.join(folder).join("reach.parquet"))?;
        rows.push((key("deck"), key("rules"), c));
    }
    rows.sort();
    for (deck, rules, c) in rows {
        let _ = writeln!(
            out,
            "| {rules} | {deck} | {} | {} | {} | {} |",
            thousands(c.games),
            thousands(c.dealable),
            thousands(c.unsolvable),
            thousands(c.unsolvable_dealable)
        );
    }
    Ok(())
}

/// A dealt table's games: all rows, the dealable ones, and the unsolvable
/// ones among each.
#[derive(Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct DealtCounts {
    games: u64,
    dealable: u64,
    unsolvable: u64,
    unsolvable_dealable: u64,
}

fn dealt_counts(path: &Path) -> Result<DealtCounts, ReportError> {
    let err = |source| ReportError::Table {
        path: path.to_path_buf(),
        source,
    };
    guarded(path, || {
        let file = File::open(path).map_err(|source| ReportError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let df = ParquetReader::new(file)
            .with_columns(Some(vec![SOLVABLE.into(), DEAL_WAYS.into()]))
            .finish()
            .map_err(err)?;
        let solvable = df.column(SOLVABLE).and_then(|c| c.bool().cloned());
        let ways = df.column(DEAL_WAYS).and_then(|c| c.u64().cloned());
        let (solvable, ways) = (solvable.map_err(err)?, ways.map_err(err)?);
        let mut c = DealtCounts::default();
        for i in 0..df.height() {
            let (ok, w) = (solvable.get(i), ways.get(i));
            let (dealable, unsolvable) = (w.unwrap_or(0) > 0, ok != Some(true));
            c.games += 1;
            c.dealable += u64::from(dealable);
            c.unsolvable += u64::from(unsolvable);
            c.unsolvable_dealable += u64::from(dealable && unsolvable);
        }
        Ok(c)
    })
}
