//! `census24 cover`: the atlas's solved part (the cover of every target of
//! a range, and the chart's shares) for both of its decks, written into
//! OUT/atlas/ for `census24 report --atlas`; or, with a game named, that
//! game's cover printed as CSV.

use std::io::Write;

use anyhow::bail;

use crate::cli::args::CoverArgs;
use crate::cli::cmd::outcome::Status;
use crate::game::family::Targets;
use crate::game::rules::Use;
use crate::game::targets::TargetRange;
use crate::report::atlas::{self, Plan, cover};
use crate::report::files::write_cover;

pub fn run(args: CoverArgs) -> anyhow::Result<Status> {
    let quiet = args.quiet;
    let progress = move |step: &str| {
        if !quiet {
            eprintln!("cover: {step}");
        }
    };
    if args.game.explicit() {
        return game_cover(&args, &progress);
    }
    let plan = Plan {
        max_k: args.max_k,
        targets: args.game.targets.unwrap_or(atlas::TARGETS),
    };
    let written = write_cover(&args.out, &plan, &progress)?;
    if !args.quiet {
        for path in written {
            println!("{}", path.display());
        }
    }
    Ok(Status::Done)
}

/// The cover of the game the options name, as CSV on standard output.
fn game_cover(args: &CoverArgs, progress: &dyn Fn(&str)) -> anyhow::Result<Status> {
    let game = args.game.game();
    if game.uses != Use::All {
        bail!(
            "cover asks from which hand size every hand makes a target using every card; \
             this game uses any selection ({})",
            game.describe()
        );
    }
    let targets = match game.targets {
        Targets::Range(r) => r,
        Targets::One(t) if t.is_integer() => TargetRange::new(t.numer(), t.numer())?,
        Targets::One(t) => bail!("cover takes whole targets, not {t}"),
    };
    let covers = cover(
        targets,
        game.dealt_values(),
        game.deck,
        game.rules,
        args.max_k,
        |k| progress(&format!("every target checked at {k} cards")),
    )?;
    let mut out = String::from("target,smallest_k,witness_k,witness_hand\n");
    for c in &covers {
        let smallest = c.first_k.map(|k| k.to_string()).unwrap_or_default();
        let (wk, wh) = match &c.witness {
            Some((k, hand)) => (k.to_string(), hand.as_str()),
            None => (String::new(), ""),
        };
        out += &format!("{},{smallest},{wk},{wh}\n", c.target);
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(Status::Done)
}
