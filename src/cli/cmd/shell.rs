//! `census24 completions SHELL` and `census24 man`: a shell's completion
//! script and the manual, generated from the clap definitions, so they name
//! exactly the options the program takes: the program's page and one page
//! per subcommand (`census24-solve(1)` and so on, as the program's page
//! names them under SEE ALSO).

use std::io::Write;

use clap::CommandFactory;

use crate::cli::args::{Cli, CompletionsArgs, ManArgs};
use crate::cli::cmd::outcome::Status;

pub fn completions(args: CompletionsArgs) -> anyhow::Result<Status> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "census24", &mut out);
    write_out(&out)
}

/// Every page of the manual: (file name, roff), the program's first, then
/// each subcommand's in the order `--help` lists them.
fn pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    let mut page = |c: clap::Command| -> std::io::Result<()> {
        let source = format!("census24 {}", env!("CARGO_PKG_VERSION"));
        let man = clap_mangen::Man::new(c).source(source);
        let mut roff = Vec::new();
        man.render(&mut roff)?;
        pages.push((man.get_filename(), roff));
        Ok(())
    };
    page(cmd.clone())?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        page(sub.clone())?;
    }
    Ok(pages)
}

pub fn man(args: ManArgs) -> anyhow::Result<Status> {
    let pages = pages()?;
    let Some(dir) = args.dir else {
        let all: Vec<u8> = pages.into_iter().flat_map(|(_, roff)| roff).collect();
        return write_out(&all);
    };
    std::fs::create_dir_all(&dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let mut listing = String::new();
    for (name, roff) in pages {
        let path = dir.join(name);
        crate::tables::disk::write_atomic(&path, &roff)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        listing.push_str(&format!("{}\n", path.display()));
    }
    write_out(listing.as_bytes())
}

fn write_out(bytes: &[u8]) -> anyhow::Result<Status> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()?;
    Ok(Status::Done)
}
