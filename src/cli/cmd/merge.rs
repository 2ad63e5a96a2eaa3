//! `census24 merge`: join every complete shard set under a folder.

use crate::cli::args::MergeArgs;
use crate::cli::cmd::outcome::Status;
use crate::game::targets::TargetRange;
use crate::tables::large_sets::SELECTIONS_PER_SET;
use crate::tables::manifest::KindName;
use crate::tables::merge::merge_all;
use crate::tables::summary::counted;

pub fn run(args: MergeArgs) -> anyhow::Result<Status> {
    let merged = merge_all(&args.out)?;
    if merged.is_empty() && !args.quiet {
        println!(
            "Nothing to merge under {}: its tables are whole.",
            args.out.display()
        );
    }
    for m in merged {
        if args.quiet {
            continue;
        }
        let t = &m.manifest;
        let what = match t.parameters.kind {
            // A reach table's rows are (hand, target) pairs, and its
            // solvable count is of those pairs.
            KindName::EveryTarget => format!(
                "{} against targets {}: {} (hand, target) pairs, {} of them solvable",
                counted(t.hands, "hand"),
                t.parameters.target,
                t.solution_rows,
                t.solvable
            ),
            // A large-sets census counts games: a selection of tiles of a
            // set against one target.
            KindName::LargeSets => {
                let targets: u64 = t
                    .parameters
                    .target
                    .parse::<TargetRange>()
                    .map_or(0, |r| (r.hi - r.lo + 1) as u64);
                let games = t.hands * SELECTIONS_PER_SET * targets;
                format!(
                    "{} of large numbers against targets {}: {games} games, {} of them solvable",
                    counted(t.hands, "set"),
                    t.parameters.target,
                    t.solvable
                )
            }
            KindName::OneTarget => format!(
                "{}, {} solvable, {}",
                counted(t.hands, "hand"),
                t.solvable,
                counted(t.solution_rows, "solution class")
            ),
        };
        println!(
            "Merged {} into {}: {what}.",
            counted(u64::from(m.parts), "part"),
            m.dir.display()
        );
    }
    Ok(Status::Done)
}
