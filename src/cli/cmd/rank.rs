//! `census24 rank`: options to a validated [`RankQuery`] (a one-target
//! table) or [`GamesQuery`] (the games of a reach table), run it, print the
//! rows in the asked format.

use std::io::Write;

use crate::cli::args::{FormatArg, RankArgs};
use crate::cli::cmd::outcome::{GaveUp, Status};
use crate::cli::cmd::source::TableSource;
use crate::export::{Row, to_csv, to_json, to_table};
use crate::game::deck::ValueRange;
use crate::puzzles::filter::HandFilter;
use crate::report::rank::{GamesQuery, RankError, RankQuery, rank_games, ranking};
use crate::report::sets::{SetsQuery, rank_sets};
use crate::tables::registry::large_sets::{LargeKey, LargeSets};

pub fn run(args: RankArgs) -> anyhow::Result<Status> {
    let top = (!args.all).then_some(args.top);
    if let Some(range) = args.large_sets {
        return run_sets(&args, range, top);
    }
    let model = args.model.given()?;
    let said = model.clone();
    match crate::cli::cmd::source::source(&args.data, &args.game, 0, false)? {
        TableSource::OneTarget(table) => {
            let query = RankQuery {
                data: args.data.clone(),
                table,
                filter: args.filters.filter(),
                top,
                easiest_first: args.easiest,
                model,
            }
            .validate()?;
            let rows = ranking(&query)?;
            crate::cli::cmd::pick::say_model(&said, &args.game.game());
            let dir = query.data.join(query.table.partition());
            // Without --model the figures are the table's: its model's.
            let swept = crate::cli::cmd::source::swept_model(&query.data, &query.table.partition());
            if let (None, Some(r)) = (&said, swept) {
                eprintln!("census24: {}", r.note(&args.game.game()));
            }
            print(&args, &rows, &query.filter.nothing_passes(&dir))
        }
        TableSource::Reach(table) => {
            crate::cli::cmd::source::same_model_as_reach(
                &args.data,
                &table.partition(),
                model.is_some(),
            )?;
            let query = GamesQuery {
                data: args.data.clone(),
                game: args.game.game(),
                table,
                filter: args.filters.filter().validate()?,
                top,
                easiest_first: args.easiest,
                model,
            };
            let rows = match rank_games(&query) {
                Ok(rows) => rows,
                Err(e @ RankError::TooManyGames { .. }) => return Err(GaveUp(e.to_string()).into()),
                Err(e) => return Err(e.into()),
            };
            crate::cli::cmd::pick::say_model(&said, &args.game.game());
            let dir = query.data.join(query.table.partition());
            print(&args, &rows, &query.filter.nothing_passes(&dir))
        }
        TableSource::Dealt => {
            unreachable!("rank reads tables: source() deals for commands that deal")
        }
    }
}

/// Prints `rows` in the asked format, or `nothing` when there are none.
fn print<R: Row>(args: &RankArgs, rows: &[R], nothing: &str) -> anyhow::Result<Status> {
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

/// `rank --game countdown --large-sets LO..HI`: the census's sets, hardest
/// first. The filters on hands do not apply to sets.
fn run_sets(args: &RankArgs, range: ValueRange, top: Option<usize>) -> anyhow::Result<Status> {
    if args.filters.filter() != HandFilter::default() {
        anyhow::bail!(
            "--large-sets ranks sets of large numbers by their share of games solved exactly; \
             the filters on hands (tier, time, dissimilar count, fractions, operations) do not \
             apply to them: use --holding and --large-tiles"
        );
    }
    let targets = crate::cli::cmd::source::large_sets_targets(&args.game)?;
    let query = SetsQuery {
        data: args.data.clone(),
        key: LargeKey {
            sets: LargeSets::Range(range),
            targets,
        },
        holding: args.holding.concat(),
        tiles: args.large_tiles,
        top,
        easiest_first: args.easiest,
    }
    .validate()?;
    let rows = rank_sets(&query)?;
    let held: Vec<String> = query.holding.iter().map(i64::to_string).collect();
    let nothing = format!("no set of the census holds {}", held.join(" "));
    print(args, &rows, &nothing)
}
