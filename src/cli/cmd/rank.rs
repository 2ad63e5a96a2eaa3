//! `census24 rank`: options to a validated [`RankQuery`], run it, print the
//! rows in the asked format.

use std::io::Write;

use crate::cli::args::{FormatArg, RankArgs};
use crate::cli::cmd::Status;
use crate::report::rank::{RankQuery, ranking, to_csv, to_json, to_table};

pub fn run(args: RankArgs) -> anyhow::Result<Status> {
    let query = RankQuery {
        data: args.data.clone(),
        table: crate::cli::cmd::table_key(&args.game)?,
        filter: args.filters.filter(),
        top: (!args.all).then_some(args.top),
        easiest_first: args.easiest,
    }
    .validate()?;
    let rows = ranking(&query)?;
    // As `pick`: a script can tell an empty ranking from a ranking.
    if rows.is_empty() {
        eprintln!(
            "census24: no hand of {} passes these filters",
            query.data.join(query.table.partition()).display()
        );
        return Ok(Status::NoSolution);
    }
    let text = match args.format() {
        FormatArg::Table => to_table(&rows),
        FormatArg::Csv => to_csv(&rows),
        FormatArg::Json => to_json(&rows),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}
