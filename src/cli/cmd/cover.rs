//! `census24 cover`: the atlas's solved part (the cover of every target of
//! a range, and the chart's shares) for both of its decks, written into
//! OUT/atlas/ for `census24 report --atlas`.

use crate::cli::args::CoverArgs;
use crate::cli::cmd::Status;
use crate::report::atlas::Plan;
use crate::report::files::write_cover;

pub fn run(args: CoverArgs) -> anyhow::Result<Status> {
    let plan = Plan {
        max_k: args.max_k,
        targets: args.targets,
    };
    let quiet = args.quiet;
    let progress = move |step: &str| {
        if !quiet {
            eprintln!("cover: {step}");
        }
    };
    let written = write_cover(&args.out, &plan, &progress)?;
    if !args.quiet {
        for path in written {
            println!("{}", path.display());
        }
    }
    Ok(Status::Done)
}
