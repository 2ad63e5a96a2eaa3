//! `census24 completions SHELL` and `census24 man`: a shell's completion
//! script and the manual page, generated from the clap definitions, so they
//! name exactly the options the program takes.

use std::io::Write;

use clap::CommandFactory;

use crate::cli::args::{Cli, CompletionsArgs};
use crate::cli::cmd::Status;

pub fn completions(args: CompletionsArgs) -> anyhow::Result<Status> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "census24", &mut out);
    write_out(&out)
}

pub fn man() -> anyhow::Result<Status> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    write_out(&out)
}

fn write_out(bytes: &[u8]) -> anyhow::Result<Status> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()?;
    Ok(Status::Done)
}
