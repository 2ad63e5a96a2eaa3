//! Writes the per-set summary of a census of large sets
//! (`census24::tables::large_summary`) that `data/large-sets/` ships in
//! place of the whole census's table: `just large-sets` runs it after the
//! census.
//!
//! `cargo run --release --example large_sets_summary -- DATA OUT_DIR`
//!
//! DATA is the data folder the census was written to; it must hold exactly
//! one large-sets table, which is checked against its manifest before it is
//! read. OUT_DIR receives `sets.parquet`, then `manifest.json`.
//!
//! `cargo run --release --example large_sets_summary -- --rewrite DIR`
//! writes the summary in DIR again in today's form from its own rows (one
//! written before `sets.parquet` held the games by large tiles gains them),
//! checked first; the bytes are those the first form gives from the table.

use std::path::PathBuf;

use census24::report::query::large::large_data;
use census24::tables::disk::write_atomic;
use census24::tables::large_summary::{rewrite, summary_files};
use census24::tables::layout::Part;
use census24::tables::manifest::sha256_hex;
use census24::tables::registry::{Key, discover};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let (Some(data), Some(out), None) = (args.next(), args.next(), args.next()) else {
        anyhow::bail!("usage: large_sets_summary DATA OUT_DIR | --rewrite DIR");
    };
    if data.as_os_str() == "--rewrite" {
        let changed = rewrite(&out)?;
        println!(
            "{}: {}",
            out.display(),
            if changed {
                "written in today's form"
            } else {
                "already in today's form"
            }
        );
        return Ok(());
    }
    let keys: Vec<_> = discover(&data)?
        .keys()
        .filter_map(|k| match k {
            Key::Large(k) => Some(k),
            _ => None,
        })
        .collect();
    let [key] = keys.as_slice() else {
        anyhow::bail!(
            "{} holds {} large-sets tables, not one",
            data.display(),
            keys.len()
        );
    };
    let dir = data.join(key.partition());
    let sets = large_data(&dir)?;
    let table = std::fs::read(dir.join(Part::Whole.file("large_sets")))?;
    std::fs::create_dir_all(&out)?;
    for (name, bytes) in summary_files(key, &sets, &sha256_hex(&table))? {
        write_atomic(&out.join(name), &bytes)?;
        println!("{}: {} bytes", out.join(name).display(), bytes.len());
    }
    Ok(())
}
