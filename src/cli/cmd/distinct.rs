//! `census24 solve --all`: every solution of one hand, one per class at the
//! chosen `--distinct` level, simplest first; or with `--count`, how many.

use std::io::{self, Write};

use serde_json::json;

use crate::canon::{Distinct, count, solutions, trees};
use crate::cli::args::SolveArgs;
use crate::cli::cmd::Status;
use crate::game::expr::{Expr, Facts};
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;

/// Validated options of one `solve --all` run.
#[derive(Clone, Debug)]
pub struct AllConfig {
    pub target: Q,
    pub rules: Rules,
    pub level: Distinct,
    pub count: bool,
    pub unicode: bool,
    pub json: bool,
}

impl AllConfig {
    pub fn from_args(args: &SolveArgs) -> AllConfig {
        AllConfig {
            target: args.target,
            rules: args.rules,
            level: args.distinct,
            count: args.count,
            unicode: args.unicode,
            json: args.json,
        }
    }
}

/// One printed solution: its expression and, for classes, the class data.
struct Line {
    expr: Expr,
    class: Option<(String, u32, Facts)>,
}

/// The lines `solve --all` prints for `hand` (without `--count`).
fn lines(hand: &Hand, cfg: &AllConfig) -> anyhow::Result<Vec<Line>> {
    Ok(match cfg.level {
        Distinct::Trees => trees(hand, cfg.target, cfg.rules)?
            .into_iter()
            .map(|expr| Line { expr, class: None })
            .collect(),
        level => solutions(hand, cfg.target, cfg.rules)?
            .at(level)
            .into_iter()
            .map(|c| Line {
                expr: c.expr.clone(),
                class: Some((c.canonical.clone(), c.dissimilar_group, c.facts)),
            })
            .collect(),
    })
}

/// Renders the output of `solve --all` for `hand`; also says whether the
/// hand has a solution.
pub fn render(hand: &Hand, cfg: &AllConfig) -> anyhow::Result<(String, bool)> {
    let mut out = String::new();
    if cfg.count {
        let n = count(hand, cfg.target, cfg.rules, cfg.level)?;
        let line = if cfg.json {
            json!({
                "hand": hand.to_string(),
                "target": cfg.target.to_string(),
                "rules": cfg.rules.name(),
                "distinct": cfg.level.name(),
                "count": n,
            })
            .to_string()
        } else {
            n.to_string()
        };
        out.push_str(&line);
        out.push('\n');
        return Ok((out, n > 0));
    }
    let lines = lines(hand, cfg)?;
    for l in &lines {
        let text = l.expr.to_infix(cfg.unicode);
        let line = if cfg.json {
            let mut o = json!({ "expression": text });
            if let Some((canonical, group, facts)) = &l.class {
                o["canonical"] = json!(canonical);
                o["dissimilar_group"] = json!(group);
                o["uses_fraction"] = json!(facts.uses_fraction);
                o["peak"] = json!(facts.peak.map(|p| p.to_string()));
                o["depth"] = json!(facts.depth);
            }
            o.to_string()
        } else {
            text
        };
        out.push_str(&line);
        out.push('\n');
    }
    Ok((out, !lines.is_empty()))
}

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    let cfg = AllConfig::from_args(args);
    let hand = Hand::parse_tokens(args.cards.iter().map(String::as_str))?;
    let (text, solved) = render(&hand, &cfg)?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(if solved {
        Status::Done
    } else {
        Status::NoSolution
    })
}
