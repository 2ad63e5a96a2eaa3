//! `census24 games`: every preset of [`crate::game::presets::PRESETS`], its
//! name, what it is and the game it names in full.

use crate::cli::cmd::outcome::Status;
use crate::game::presets::PRESETS;

pub fn run() -> anyhow::Result<Status> {
    for p in PRESETS {
        println!("{}\n  {}\n  {}\n", p.name, p.about, (p.game)().describe());
    }
    Ok(Status::Done)
}
