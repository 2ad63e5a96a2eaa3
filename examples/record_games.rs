//! Records the game in the manifests of tables written before census24
//! recorded it (`parameters.game`, [`census24::tables::manifest::GameRecord`]):
//! each whole table under DATA is verified against its manifest, then its
//! manifest is written again with the game its folder holds and sealed anew.
//! The table's files are not touched, and a manifest that records its game
//! is left as it is, so a second run changes nothing. A sweep of the same
//! table today writes the same manifest bytes.
//!
//! `cargo run --release --example record_games -- DATA`

use std::path::PathBuf;

use census24::tables::disk::write_atomic;
use census24::tables::kind::KindKey;
use census24::tables::layout::Part;
use census24::tables::manifest::Manifest;
use census24::tables::registry::discover;
use census24::tables::store::verify;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let (Some(data), None) = (args.next(), args.next()) else {
        anyhow::bail!("usage: record_games DATA");
    };
    let (mut recorded, mut kept) = (0, 0);
    for key in discover(&data)?.keys() {
        let dir = data.join(key.partition());
        if !dir.join(Part::Whole.manifest()).is_file() {
            // Shard parts only: `census24 merge` writes the whole table's
            // manifest, with its game.
            println!("{}: shard parts, not a whole table: kept", dir.display());
            continue;
        }
        let mut manifest: Manifest = verify(&dir, Part::Whole)?;
        if manifest.parameters.game.is_some() {
            kept += 1;
            continue;
        }
        manifest.parameters.game = Some(key.game_record());
        let path = dir.join(Part::Whole.manifest());
        write_atomic(&path, &manifest.to_bytes())?;
        verify(&dir, Part::Whole)?;
        println!("{}: {}", path.display(), key.game_record().describe);
        recorded += 1;
    }
    println!("{recorded} manifests record their game now; {kept} did already");
    Ok(())
}
