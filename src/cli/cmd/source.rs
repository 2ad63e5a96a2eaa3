//! Which table `rank` and `pick` read for a game ([`TableSource`]), and
//! the targets of a census of large sets: the one lookup of a game's table
//! for the commands, and the model file a table was swept with.

use std::path::Path;

/// The table `rank` and `pick` read for a game.
#[derive(Clone, Debug, PartialEq)]
pub enum TableSource {
    /// A one-target table with every card used (`hands.parquet`), which may
    /// not be swept yet.
    OneTarget(crate::tables::layout::TableKey),
    /// The swept reach table holding the game's targets: a game of many
    /// targets, or one target of such a game (Countdown for 952), or a
    /// target without its own table (four cards for 10).
    Reach(crate::tables::layout::ReachKey),
    /// No table holds the game (Countdown with other large numbers, a
    /// target of another range): its games are dealt and solved in memory,
    /// as `census24 tasks` deals them. Only for a command that deals.
    Dealt,
}

/// The targets of a census of large sets (`--large-sets`, `--large`):
/// the Countdown numbers round as its preset plays it, but for the
/// targets; any other game option is refused, naming it.
pub fn large_sets_targets(
    args: &crate::cli::args::GameArgs,
) -> anyhow::Result<crate::game::targets::TargetRange> {
    use crate::game::family::Targets;
    let Some(preset) = args.game.filter(|p| p.name == "countdown") else {
        anyhow::bail!(
            "--large-sets and --large play the Countdown numbers round: add --game countdown"
        );
    };
    let game = args.game();
    let Targets::Range(targets) = game.targets else {
        anyhow::bail!(
            "--large-sets and --large take a range of targets (--targets LO..HI), not --target"
        );
    };
    let mut played = (preset.game)();
    played.targets = game.targets;
    if game != played {
        anyhow::bail!(
            "--large-sets and --large play the Countdown numbers round with its own rules, use, \
             tiles and deck (but the large numbers); of the game options they take --targets \
             only, not {}",
            game.describe()
        );
    }
    Ok(targets)
}

/// Which table `rank` and `pick` read for the game of `args` under `data`:
/// the game's one-target table when it has one and it is swept (or the
/// command solves its hands in memory: at most `in_memory` cards), else
/// the reach table that holds its targets, else the one-target table to be
/// made. A game with neither is dealt when `deal` says the command can
/// deal it and `data` is a folder (a mistyped `--data` must not deal other
/// games than the table holds), or names the sweep that makes its table.
pub fn source(
    data: &std::path::Path,
    args: &crate::cli::args::GameArgs,
    in_memory: usize,
    deal: bool,
) -> anyhow::Result<TableSource> {
    use crate::report::games;
    use crate::tables::layout::TableKey;
    let game = args.game();
    let one = TableKey::of_game(&game);
    if let Some(key) = one
        && (key.k <= in_memory || data.join(key.partition()).is_dir())
    {
        return Ok(TableSource::OneTarget(key));
    }
    if let Some(reach) = games::covering(data, &game)? {
        return Ok(TableSource::Reach(reach));
    }
    if let Some(key) = one {
        return Ok(TableSource::OneTarget(key));
    }
    if deal && !data.is_dir() {
        anyhow::bail!(
            "--data {}: no such folder (pick reads a game's table there, or deals a game that \
             no table of the folder holds)",
            data.display()
        );
    }
    let Some(targets) = games::target_range(&game) else {
        if deal {
            return Ok(TableSource::Dealt);
        }
        anyhow::bail!(
            "--target {}: a game of any selection of the cards or a dealt target is read from a \
             reach table, which holds whole targets only (the game plays {})",
            game.targets,
            game.describe()
        );
    };
    let dealt = game.dealt_values();
    if game.objective == crate::game::family::Objective::Dealt
        && (targets.lo < dealt.lo || targets.hi > dealt.hi)
    {
        anyhow::bail!(
            "targets {}: this game deals its target from the deck, whose values are {dealt}",
            game.targets
        );
    }
    if deal {
        return Ok(TableSource::Dealt);
    }
    anyhow::bail!(
        "no table in {} holds targets {} of this game ({}): make it with `census24 sweep {}`",
        data.display(),
        game.targets,
        game.describe(),
        games::sweep_args(&game)
    )
}

/// The model file a table in `data` was swept with (`sweep --model`), as
/// its manifest records it; `None` for the built-in model or a table not
/// there.
pub fn swept_model(
    data: &Path,
    partition: &Path,
) -> Option<crate::difficulty::pricer::ModelRecord> {
    use crate::tables::layout::Part;
    let dir = data.join(partition);
    crate::tables::store::verify(&dir, Part::Whole)
        .ok()?
        .parameters
        .model
}

/// Refuses to work out the games of a reach table swept with a model file
/// by another model (no `--model`): its pages show that model's figures.
pub fn same_model_as_reach(data: &Path, partition: &Path, given: bool) -> anyhow::Result<()> {
    match swept_model(data, partition) {
        Some(r) if !given => anyhow::bail!(
            "{} was swept with the model {}: give it with --model, so that the games are priced \
             as its pages price them",
            data.join(partition).display(),
            r.file
        ),
        _ => Ok(()),
    }
}
