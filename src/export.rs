//! One writer for the rows the commands print (`rank`, `pick`, `tasks`):
//! an aligned text table, CSV, a JSON array and JSON lines, as hyperfine's
//! export manager is the one place of its formats. A kind of row names its
//! columns ([`Row::header`], the tables' column names where they share a
//! meaning) and gives its cells; how each format lays them out is written
//! here only, so the same rows print alike whichever command prints them.
//!
//! Pure: rows in, text out.

use std::fmt::Write;

use serde::Serialize;

use crate::difficulty::figures;
use crate::tables::columns;

/// A row the table and CSV formats print; the JSON formats print any
/// `Serialize` value.
pub trait Row: Serialize {
    /// The column names, in order.
    fn header() -> Vec<&'static str>;

    /// The row's cells, as the table and the CSV print them: each column
    /// of [`Row::header`] by its name in the row's JSON ([`cell`]).
    fn cells(&self) -> Vec<String> {
        let v = serde_json::to_value(self).expect("rows serialize");
        Self::header().iter().map(|c| cell(c, &v[*c])).collect()
    }
}

/// One cell as the table and the CSV print it: a fraction with the
/// decimals of its column (a share 6, a deal probability 8, a prediction's
/// figure its own, [`figures::Figure::decimals`], others 2), a missing
/// value empty.
pub fn cell(column: &str, v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) if n.is_f64() => {
            let decimals = match column {
                c if columns::SOLVABLE_SHARES.contains(&c) => 6,
                columns::DEAL_PROBABILITY => 8,
                c => figures::figure(c).map_or(2, |f| f.decimals),
            };
            format!("{:.*}", decimals, n.as_f64().unwrap_or(0.0))
        }
        other => other.to_string(),
    }
}

/// Whether a column's cells are numbers, right-aligned in a table.
fn right_aligned(column: &str) -> bool {
    !matches!(
        column,
        columns::HAND | columns::TIER | columns::NEEDS_FRACTION | columns::SIMPLEST
    )
}

/// An aligned text table: numbers right-aligned, text left-aligned.
pub fn to_table<R: Row>(rows: &[R]) -> String {
    let header = R::header();
    let cells: Vec<Vec<String>> = rows.iter().map(R::cells).collect();
    let width: Vec<usize> = (0..header.len())
        .map(|j| {
            cells
                .iter()
                .map(|r| r[j].len())
                .chain([header[j].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let mut line = |row: &[String]| {
        let mut l = String::new();
        for (j, cell) in row.iter().enumerate() {
            if j > 0 {
                l.push_str("  ");
            }
            if right_aligned(header[j]) {
                let _ = write!(l, "{cell:>w$}", w = width[j]);
            } else {
                let _ = write!(l, "{cell:<w$}", w = width[j]);
            }
        }
        out.push_str(l.trim_end());
        out.push('\n');
    };
    line(&header.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    for r in &cells {
        line(r);
    }
    out
}

/// CSV with a header row; a field quoted only when it needs it (a comma,
/// a quote or a line break).
pub fn to_csv<R: Row>(rows: &[R]) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = R::header().join(",") + "\n";
    for r in rows {
        let cells: Vec<String> = r.cells().iter().map(|s| quote(s)).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// A JSON array of objects, one per row, indented, with a final newline.
pub fn to_json<T: Serialize>(rows: &[T]) -> String {
    serde_json::to_string_pretty(rows).expect("rows serialize") + "\n"
}

/// JSON lines: one object per row and line.
pub fn to_jsonl<T: Serialize>(rows: &[T]) -> String {
    let mut out = String::new();
    for r in rows {
        out.push_str(&serde_json::to_string(r).expect("rows serialize"));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Sample {
        hand: &'static str,
        predicted_time_s: f64,
        simplest: &'static str,
    }

    impl Row for Sample {
        fn header() -> Vec<&'static str> {
            vec![columns::HAND, columns::PREDICTED_TIME_S, columns::SIMPLEST]
        }
    }

    fn rows() -> [Sample; 2] {
        [
            Sample {
                hand: "3 3 8 8",
                predicted_time_s: 61.266,
                simplest: "8/(3-8/3)",
            },
            Sample {
                hand: "1 2 3 4",
                predicted_time_s: 3.5,
                simplest: "a, \"b\"",
            },
        ]
    }

    #[test]
    fn every_format_writes_the_same_rows() {
        let rows = rows();
        assert_eq!(
            to_table(&rows),
            "hand     predicted_time_s  simplest\n\
             3 3 8 8             61.27  8/(3-8/3)\n\
             1 2 3 4              3.50  a, \"b\"\n"
        );
        assert_eq!(
            to_csv(&rows),
            "hand,predicted_time_s,simplest\n3 3 8 8,61.27,8/(3-8/3)\n1 2 3 4,3.50,\"a, \"\"b\"\"\"\n"
        );
        let json: Vec<serde_json::Value> = serde_json::from_str(&to_json(&rows)).unwrap();
        let lines: Vec<serde_json::Value> = to_jsonl(&rows)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(json, lines);
        assert_eq!(json[0]["predicted_time_s"], 61.266);
        assert!(to_json(&rows).ends_with("]\n"));
    }
}
