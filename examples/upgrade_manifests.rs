//! Brings the manifests of tables written by an earlier census24 to what a
//! sweep writes today, when their files already are today's, through
//! [`census24::tables::registry::upgrade_manifests`]: each whole table under
//! DATA is verified; one whose manifest records no game
//! ([`census24::tables::manifest::GameRecord`]) or an older schema version,
//! and whose files have exactly the columns a sweep of its parameters writes
//! now, gets its manifest written again with its folder's game and today's
//! schema version, sealed anew. The table's files are not touched; a table
//! whose files differ is named, to be swept again; a second run changes
//! nothing. A sweep of the same table today writes the same manifest bytes.
//!
//! `cargo run --release --example upgrade_manifests -- DATA`

use std::path::PathBuf;

use census24::tables::registry::{Upgraded, upgrade_manifests};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let (Some(data), None) = (args.next(), args.next()) else {
        anyhow::bail!("usage: upgrade_manifests DATA");
    };
    let (mut now, mut already, mut stale) = (0, 0, 0);
    for r in upgrade_manifests(&data).map_err(|e| anyhow::anyhow!("{e}"))? {
        match r {
            Upgraded::Now(path, game) => {
                println!("{}: {}", path.display(), game.describe);
                now += 1;
            }
            Upgraded::Already(_) => already += 1,
            Upgraded::Parts(dir) => {
                println!("{}: shard parts, not a whole table: kept", dir.display())
            }
            Upgraded::Stale(dir) => {
                println!(
                    "{}: its files are not today's: sweep it again",
                    dir.display()
                );
                stale += 1;
            }
        }
    }
    println!("{now} manifests upgraded; {already} were today's; {stale} tables to sweep again");
    Ok(())
}
