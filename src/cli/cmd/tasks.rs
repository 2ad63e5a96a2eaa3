//! `census24 tasks`: options to a [`TaskPlan`], make the tasks, pose them
//! (their game and prompt), print them as JSON lines or write a dataset
//! folder, in census24's columns or a trainer's.

use std::io::Write;
use std::time::Instant;

use crate::cli::args::TasksArgs;
use crate::cli::cmd::outcome::{GaveUp, Status};
use anyhow::Context;

use crate::tasks::formats::{self, JsonRow};
use crate::tasks::prompt::{self, Template};
use crate::tasks::{self, TaskError, TaskPlan, dataset};

pub fn run(args: TasksArgs) -> anyhow::Result<Status> {
    let game = args.game.game();
    let mut plan = TaskPlan::of_game(game);
    plan.hand_sizes = args.hand_sizes.unwrap_or((game.hand_size, game.hand_size));
    plan.count = args.count;
    plan.seed = args.seed;
    plan.unsolvable = args.unsolvable;
    plan.splits = tasks::parse_splits(&args.splits)?;
    plan.stratify = args.stratify;
    plan.filter.tiers = args.tier.clone();
    plan.order = args.order;
    plan.dissimilar_up_to = args.dissimilar_up_to;
    plan.model = args.model.given()?;
    if !args.quiet {
        super::pick::say_model(&plan.model, &game);
    }
    let template = match &args.prompt_template {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--prompt-template {}", path.display()))?;
            Template::parse(&text)?
        }
        None => Template::default(),
    };
    let start = Instant::now();
    let set = match tasks::make(&plan) {
        Ok(set) => set,
        Err(e @ TaskError::Short { .. }) => return Err(GaveUp(e.to_string()).into()),
        Err(TaskError::Input(e)) => return Err(e.into()),
    };
    let seconds = start.elapsed().as_secs_f64();
    let posed = prompt::pose(&plan, &template, set.tasks);
    match &args.out {
        Some(dir) => {
            // The command as a user types it: the program's name, not its path.
            let command: Vec<String> = std::iter::once("census24".to_string())
                .chain(std::env::args().skip(1))
                .collect();
            dataset::write(dir, &plan, args.format, &posed, &command.join(" "))?;
        }
        None => {
            let rows: Vec<JsonRow> = formats::rows(args.format, &posed)
                .into_iter()
                .map(JsonRow)
                .collect();
            let mut out = std::io::stdout().lock();
            out.write_all(crate::export::to_jsonl(&rows).as_bytes())?;
            out.flush()?;
        }
    }
    if !args.quiet {
        let per_split: Vec<String> = plan
            .splits
            .iter()
            .map(|s| {
                let n = posed.iter().filter(|p| p.task.split == s.name).count();
                format!("{n} {}", s.name)
            })
            .collect();
        eprintln!(
            "census24: {} tasks ({}) from {} candidates in {seconds:.2} s{}",
            posed.len(),
            per_split.join(", "),
            set.drawn,
            match &args.out {
                Some(dir) => format!(", written to {}", dir.display()),
                None => String::new(),
            }
        );
    }
    Ok(Status::Done)
}
