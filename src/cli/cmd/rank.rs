//! `census24 rank`: options to a validated [`RankQuery`] (a one-target
//! table) or [`GamesQuery`] (the games of a reach table), run it, print the
//! rows in the asked format.

use std::io::Write;

use crate::cli::args::{FormatArg, RankArgs};
use crate::cli::cmd::{GaveUp, Source, Status};
use crate::report::rank::{
    GamesQuery, RankError, RankQuery, Ranked, rank_games, ranking, to_csv, to_json, to_table,
};

pub fn run(args: RankArgs) -> anyhow::Result<Status> {
    let top = (!args.all).then_some(args.top);
    match crate::cli::cmd::source(&args.data, &args.game, 0)? {
        Source::OneTarget(table) => {
            let query = RankQuery {
                data: args.data.clone(),
                table,
                filter: args.filters.filter(),
                top,
                easiest_first: args.easiest,
            }
            .validate()?;
            let rows = ranking(&query)?;
            let dir = query.data.join(query.table.partition());
            print(&args, &rows, &query.filter.nothing_passes(&dir))
        }
        Source::Reach(table) => {
            let query = GamesQuery {
                data: args.data.clone(),
                game: args.game.game(),
                table,
                filter: args.filters.filter().validate()?,
                top,
                easiest_first: args.easiest,
            };
            let rows = match rank_games(&query) {
                Ok(rows) => rows,
                Err(e @ RankError::TooManyGames { .. }) => return Err(GaveUp(e.to_string()).into()),
                Err(e) => return Err(e.into()),
            };
            let dir = query.data.join(query.table.partition());
            print(&args, &rows, &query.filter.nothing_passes(&dir))
        }
    }
}

/// Prints `rows` in the asked format, or `nothing` when there are none.
fn print<R: Ranked>(args: &RankArgs, rows: &[R], nothing: &str) -> anyhow::Result<Status> {
    // As `pick`: a script can tell an empty ranking from a ranking.
    if rows.is_empty() {
        eprintln!("census24: {nothing}");
        return Ok(Status::NoSolution);
    }
    let text = match args.format() {
        FormatArg::Table => to_table(rows),
        FormatArg::Csv => to_csv(rows),
        FormatArg::Json => to_json(rows),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Status::Done)
}
