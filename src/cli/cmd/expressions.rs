//! `census24 expressions --operands N [--list]`: the census of inequivalent
//! expressions over N distinct symbolic operands.

use std::io::{self, Write};

use crate::canon::census;
use crate::cli::args::ExpressionsArgs;
use crate::cli::cmd::outcome::Status;

pub fn run(args: ExpressionsArgs) -> anyhow::Result<Status> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.list {
        for line in census::list(args.operands)? {
            writeln!(out, "{line}")?;
        }
    } else {
        writeln!(out, "{}", census::count(args.operands)?)?;
    }
    out.flush()?;
    Ok(Status::Done)
}
