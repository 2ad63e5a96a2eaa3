//! `census24 solve --all`: every solution of a hand, one per class at the
//! chosen `--distinct` level, simplest first; or with `--count`, how many.
//! With `--stdin`, one block (or one JSON object) per hand. With `--use
//! any`, the solutions of every selection of the cards, fewest cards first,
//! each line naming the cards it uses.

use serde_json::{Value, json};

use crate::canon::{
    Distinct, MAX_DISTINCT_CARDS, MAX_TREE_CARDS, count, solutions, solutions_by_selection, trees,
};
use crate::cli::args::SolveArgs;
use crate::game::error::InputError;
use crate::game::expr::{Expr, Facts};
use crate::game::family::Game;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::solve::sub_hands;

/// Validated options of one `solve --all` run.
#[derive(Clone, Debug)]
pub struct AllConfig {
    pub target: Q,
    pub rules: Rules,
    pub level: Distinct,
    pub count: bool,
    pub unicode: bool,
    pub json: bool,
    /// Every card once, or any selection of them.
    pub uses: Use,
    /// The game each hand must be a hand of, when one was named.
    pub game: Option<Game>,
}

impl AllConfig {
    pub fn from_args(args: &SolveArgs, game: &Game, target: Q) -> AllConfig {
        AllConfig {
            target,
            rules: game.rules,
            level: args.distinct.unwrap_or_default(),
            count: args.count,
            unicode: args.unicode,
            json: args.json,
            uses: game.uses,
            game: args.game.explicit().then_some(*game),
        }
    }
}

/// One listed solution: its text, for classes the class data, and with
/// `--use any` the cards it uses.
struct Line {
    text: String,
    class: Option<(String, u32, Facts)>,
    used: Option<Hand>,
}

impl Line {
    /// The line as printed: `cards: solution` when it names its cards.
    fn shown(&self) -> String {
        match &self.used {
            Some(sub) => format!("{sub}: {}", self.text),
            None => self.text.clone(),
        }
    }
}

/// Fails unless `--distinct` at `cfg.level` takes a hand of this size.
fn check_size(hand: &Hand, cfg: &AllConfig) -> Result<(), InputError> {
    match cfg.level {
        Distinct::Trees => hand.check_size(MAX_TREE_CARDS, "--distinct none"),
        _ => hand.check_size(MAX_DISTINCT_CARDS, "--all"),
    }
}

/// The solutions `solve --all` lists for `hand` (without `--count`). Trees
/// are printed with the brackets that tell them apart (`4*(2*3)/1` is not
/// `4*2*3/1`), classes with those the rules need. With `--use any`, the
/// solutions of each selection in turn, fewest cards first.
fn lines(hand: &Hand, cfg: &AllConfig) -> Result<Vec<Line>, InputError> {
    let class_lines = |sols: &crate::canon::Solutions, used: Option<&Hand>| -> Vec<Line> {
        sols.at(cfg.level)
            .into_iter()
            .map(|c| Line {
                text: c.expr.to_infix_under(cfg.rules, cfg.unicode),
                class: Some((c.canonical.clone(), c.dissimilar_group, c.facts)),
                used: used.cloned(),
            })
            .collect()
    };
    let tree_lines = |hand: &Hand, used: Option<&Hand>| -> Result<Vec<Line>, InputError> {
        Ok(trees(hand, cfg.target, cfg.rules)?
            .into_iter()
            .map(|expr: Expr| Line {
                text: expr.to_infix_tree(cfg.unicode),
                class: None,
                used: used.cloned(),
            })
            .collect())
    };
    Ok(match (cfg.uses, cfg.level) {
        (Use::All, Distinct::Trees) => tree_lines(hand, None)?,
        (Use::All, _) => class_lines(&solutions(hand, cfg.target, cfg.rules)?, None),
        (Use::Any, Distinct::Trees) => {
            let mut out = Vec::new();
            for sub in sub_hands(hand)? {
                out.extend(tree_lines(&sub, Some(&sub))?);
            }
            out
        }
        (Use::Any, _) => solutions_by_selection(hand, cfg.target, cfg.rules)?
            .iter()
            .flat_map(|(sub, sols)| class_lines(sols, Some(sub)))
            .collect(),
    })
}

/// The number of solutions `solve --all --count` gives: with `--use any`,
/// the sum over the distinct selections of the cards of each selection's
/// count (a solution uses exactly one selection, so none is counted twice).
fn count_all(hand: &Hand, cfg: &AllConfig) -> Result<u64, InputError> {
    match cfg.uses {
        Use::All => count(hand, cfg.target, cfg.rules, cfg.level),
        Use::Any => {
            let mut n = 0;
            for sub in sub_hands(hand)? {
                n += count(&sub, cfg.target, cfg.rules, cfg.level)?;
            }
            Ok(n)
        }
    }
}

/// The fields every JSON object of `--all` starts with.
fn header(hand: &Hand, cfg: &AllConfig, n: usize) -> Value {
    let mut o = json!({
        "hand": hand.to_string(),
        "target": cfg.target.to_string(),
        "rules": cfg.rules.name(),
        "distinct": cfg.level.name(),
        "count": n,
    });
    if cfg.uses == Use::Any {
        o["use"] = json!(cfg.uses.name());
    }
    o
}

/// What `solve --all` prints for `hand`, ending in a newline, and whether
/// the hand has a solution. Text: the count alone, or one solution per line
/// (`no solution` when there is none); in a batch (`batch`), the count as
/// `hand: N`, or a line `hand: N solutions` followed by the solutions
/// indented by two spaces. JSON: one object per hand, with `count` and,
/// unless `--count`, the list `solutions`. With `--use any` each solution
/// line reads `cards: solution` and each JSON solution has `used`.
pub fn render(hand: &Hand, cfg: &AllConfig, batch: bool) -> Result<(String, bool), InputError> {
    check_size(hand, cfg)?;
    if cfg.count {
        let n = count_all(hand, cfg)?;
        let text = match (cfg.json, batch) {
            (true, _) => header(hand, cfg, n as usize).to_string(),
            (false, true) => format!("{hand}: {n}"),
            (false, false) => n.to_string(),
        };
        return Ok((text + "\n", n > 0));
    }
    let lines = lines(hand, cfg)?;
    let solved = !lines.is_empty();
    let mut out = String::new();
    if cfg.json {
        let list: Vec<Value> = lines
            .iter()
            .map(|l| {
                let mut o = json!({ "expression": l.text });
                if let Some(sub) = &l.used {
                    o["used"] = json!(sub.cards());
                }
                if let Some((canonical, group, facts)) = &l.class {
                    o["canonical"] = json!(canonical);
                    o["dissimilar_group"] = json!(group);
                    o["uses_fraction"] = json!(facts.uses_fraction);
                    o["peak"] = json!(facts.peak.map(|p| p.to_string()));
                    o["depth"] = json!(facts.depth);
                }
                o
            })
            .collect();
        let mut o = header(hand, cfg, lines.len());
        o["solutions"] = Value::Array(list);
        out.push_str(&o.to_string());
        out.push('\n');
        return Ok((out, solved));
    }
    let indent = if batch {
        let heading = match lines.len() {
            0 => "no solution".to_string(),
            1 => "1 solution".to_string(),
            n => format!("{n} solutions"),
        };
        out.push_str(&format!("{hand}: {heading}\n"));
        "  "
    } else {
        if !solved {
            out.push_str("no solution\n");
        }
        ""
    };
    for l in &lines {
        out.push_str(indent);
        out.push_str(&l.shown());
        out.push('\n');
    }
    Ok((out, solved))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(level: Distinct, count: bool, json: bool) -> AllConfig {
        AllConfig {
            target: Q::int(24),
            rules: Rules::Rational,
            level,
            count,
            unicode: false,
            json,
            uses: Use::All,
            game: None,
        }
    }

    fn hand(s: &str) -> Hand {
        Hand::parse(s).unwrap()
    }

    #[test]
    fn trees_of_1_2_3_4_print_differently() {
        let (text, solved) =
            render(&hand("1 2 3 4"), &cfg(Distinct::Trees, false, false), false).unwrap();
        assert!(solved);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 52);
        let mut unique = lines.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 52, "{text}");
        // Each line is one tree: parsed back, it prints the same.
        for l in lines {
            let e = Expr::parse(l).unwrap();
            assert_eq!(e.eval(), Ok(Q::int(24)), "{l}");
            assert_eq!(e.to_infix_tree(false), l);
        }
    }

    #[test]
    fn no_solution_is_said_at_every_level_and_format() {
        let h = hand("1 1 1 1");
        for level in Distinct::ALL {
            let (text, solved) = render(&h, &cfg(level, false, false), false).unwrap();
            assert_eq!((text.as_str(), solved), ("no solution\n", false));
            let (text, _) = render(&h, &cfg(level, false, false), true).unwrap();
            assert_eq!(text, "1 1 1 1: no solution\n");
            let (text, _) = render(&h, &cfg(level, false, true), false).unwrap();
            let o: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(o["count"], 0);
            assert_eq!(o["solutions"], json!([]));
            let (text, _) = render(&h, &cfg(level, true, false), true).unwrap();
            assert_eq!(text, "1 1 1 1: 0\n");
        }
    }

    #[test]
    fn batch_block_has_a_heading_and_indented_solutions() {
        let (text, _) = render(
            &hand("1 1 5 5"),
            &cfg(Distinct::Dissimilar, false, false),
            true,
        )
        .unwrap();
        assert_eq!(text, "1 1 5 5: 2 solutions\n  (1+5)*(5-1)\n  1*5*5-1\n");
    }

    #[test]
    fn tree_listing_is_refused_past_its_limit_before_any_work() {
        let h = hand("1 2 3 4 5 6 7 8");
        let err = render(&h, &cfg(Distinct::Trees, true, false), false).unwrap_err();
        assert!(
            err.to_string().contains("--distinct none takes at most 7"),
            "{err}"
        );
    }
}
