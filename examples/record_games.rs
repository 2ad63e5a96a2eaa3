//! Records the game in the manifests of tables written before census24
//! recorded it (`parameters.game`, [`census24::tables::manifest::GameRecord`]),
//! through [`census24::tables::registry::record_games`]: each whole table
//! under DATA is verified, then its manifest written again with the game its
//! folder holds and sealed anew. The table's files are not touched, and a
//! manifest that records its game is left as it is, so a second run changes
//! nothing. A sweep of the same table today writes the same manifest bytes.
//!
//! `cargo run --release --example record_games -- DATA`

use std::path::PathBuf;

use census24::tables::registry::{Recorded, record_games};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let (Some(data), None) = (args.next(), args.next()) else {
        anyhow::bail!("usage: record_games DATA");
    };
    let (mut now, mut already) = (0, 0);
    for r in record_games(&data).map_err(|e| anyhow::anyhow!("{e}"))? {
        match r {
            Recorded::Now(path, game) => {
                println!("{}: {}", path.display(), game.describe);
                now += 1;
            }
            Recorded::Already(_) => already += 1,
            Recorded::Parts(dir) => {
                println!("{}: shard parts, not a whole table: kept", dir.display())
            }
        }
    }
    println!("{now} manifests record their game now; {already} did already");
    Ok(())
}
