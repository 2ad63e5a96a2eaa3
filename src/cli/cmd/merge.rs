//! `census24 merge`: join every complete shard set under a folder.

use crate::cli::args::MergeArgs;
use crate::cli::cmd::outcome::Status;
use crate::tables::merge::merge_all;
use crate::tables::registry;
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
        let what = registry::entry(&t.parameters.kind).map_or_else(
            || registry::unknown_kind(&t.parameters.kind),
            |e| (e.merged)(t),
        );
        println!(
            "Merged {} into {}: {what}.",
            counted(u64::from(m.parts), "part"),
            m.dir.display()
        );
    }
    Ok(Status::Done)
}
