//! A printable puzzle sheet: one card per hand of a puzzle set, the answers
//! on a second page (`census24 pick --format html`).
//!
//! Pure: the picked hands in, a self-contained HTML document out. The
//! explorer's "Make puzzle set" button writes the same markup from
//! JavaScript (`explorer/app.js`, `sheetHtml`), styled by the same
//! `sheet.css`.

use std::fmt::Write;

use super::catalog::Entry;
use super::ops::Ops;
use super::pick::played_note;
use crate::game::family::Game;
use crate::game::number::Q;

/// The puzzle sheet's styles, shared with the explorer page's sheets.
pub const SHEET_STYLE: &str = include_str!("sheet.css");

/// `s` as HTML text or an attribute value (the page and the sheet).
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An expression as pupils read it: `×`, `÷` and `−`.
pub fn pretty(expression: &str) -> String {
    expression
        .replace('*', "\u{d7}")
        .replace('/', "\u{f7}")
        .replace('-', "\u{2212}")
}

/// One puzzle on a sheet.
#[derive(Clone, Debug)]
pub struct SheetPuzzle<'a> {
    pub hand: &'a str,
    pub cards: &'a [i64],
    /// The puzzle's own target, on a sheet of many targets.
    pub target: Option<i64>,
    pub tier: &'a str,
    pub time_s: f64,
    /// As pupils read it ([`pretty`]); empty for none.
    pub answer: String,
}

/// The two pages of a sheet: `heading` and the instructions `rule` (and
/// `note` under them), the puzzles, then their answers.
fn pages(heading: &str, rule: &str, note: Option<&str>, puzzles: &[SheetPuzzle]) -> String {
    let mut body = String::new();
    let _ = write!(
        body,
        "<div class=\"sheet\"><section class=\"sheet-page\"><h1>{heading}</h1>\
         <p class=\"rule\">{rule}</p>"
    );
    if let Some(note) = note {
        let _ = write!(body, "<p class=\"played\">{note}</p>");
    }
    body.push_str("<ol class=\"puzzles\">");
    for (n, p) in puzzles.iter().enumerate() {
        let cards: String = p
            .cards
            .iter()
            .map(|c| format!("<span class=\"pc\">{c}</span>"))
            .collect();
        let goal = p
            .target
            .map(|t| format!("<div class=\"goal\">Make {t}</div>"))
            .unwrap_or_default();
        let _ = write!(
            body,
            "<li class=\"puzzle\" data-hand=\"{}\"><div class=\"num\">Puzzle {}</div>\
             <div class=\"cards\">{cards}</div>{goal}<div class=\"level\">{} \u{b7} {:.2} s</div></li>",
            escape(p.hand),
            n + 1,
            p.tier,
            p.time_s
        );
    }
    body.push_str(
        "</ol></section><section class=\"sheet-page answers\"><h1>Answers</h1><ol class=\"answer-list\">",
    );
    for p in puzzles {
        let target = p
            .target
            .map(|t| format!(" \u{2192} {t}"))
            .unwrap_or_default();
        let _ = write!(
            body,
            "<li><span class=\"hand\">{}{target}</span><span class=\"answer\">{}</span></li>",
            escape(p.hand),
            escape(&p.answer)
        );
    }
    body.push_str("</ol></section></div>");
    body
}

/// A self-contained HTML document titled `title` around `body`.
fn document(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"census24 pick\">\n\
         <title>{title}</title>\n<style>\nbody {{ margin: 0; background: #e9ecf2; }}\n\
         @media print {{ body {{ background: #fff; }} }}\n{SHEET_STYLE}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )
}

/// `N puzzle(s)`.
fn count(n: usize) -> String {
    format!("{n} puzzle{}", if n == 1 { "" } else { "s" })
}

/// The sheet of `set` for `target` whose answers may use the operations of
/// `allowed` ([`Ops::signs`], named in the instructions): puzzles on the first
/// page, answers (the simplest solution of each within `allowed`, see
/// [`Entry::simplest_within`]) on the second. A set of hands as played
/// within fewer operations ([`super::pick::played`]) says so under the
/// instructions ([`played_note`]).
pub fn sheet_html(set: &[&Entry], target: Q, allowed: Ops) -> String {
    let puzzles: Vec<SheetPuzzle> = set
        .iter()
        .map(|e| SheetPuzzle {
            hand: &e.hand,
            cards: &e.cards,
            target: None,
            tier: e.tier().map(|t| t.name()).unwrap_or_default(),
            time_s: e.time_s().unwrap_or(0.0),
            answer: pretty(e.simplest_within(allowed).unwrap_or_default()),
        })
        .collect();
    let rule = format!(
        "Use every card once, with {} and brackets, to make {target}.",
        allowed.signs()
    );
    let body = pages(
        &format!("Make {target}"),
        &rule,
        played_note(allowed).as_deref(),
        &puzzles,
    );
    document(&format!("Make {target}: {}", count(set.len())), &body)
}

/// How a game is played, in a sentence for its sheet
/// ([`Game::rule_sentence`], with the sheet's signs).
pub fn game_rule(game: &Game) -> String {
    game.rule_sentence(Ops::Fraction.signs(), "the puzzle's target")
}

/// The sheet of games (a hand and a target each) of `game`, as `census24
/// pick --format html` prints a pick from a reach table (Countdown, Krypto;
/// the task source's tasks, `crate::tasks::Task::puzzle`): each puzzle
/// shows its target, and the answers are the simplest solutions.
/// Unsolvable tasks have no answer.
pub fn games_sheet_html(puzzles: &[SheetPuzzle], game: &Game) -> String {
    let body = pages("Reach the target", &game_rule(game), None, puzzles);
    document(
        &format!("Reach the target: {}", count(puzzles.len())),
        &body,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Prediction;
    use crate::difficulty::Tier;
    use crate::puzzles::catalog::{Group, Variant};

    #[test]
    fn puzzles_come_first_and_answers_after() {
        let e = Entry {
            hand: "3 7 9 13".into(),
            cards: vec![3, 7, 9, 13],
            solvable: true,
            prediction: Some(Prediction {
                time_s: 19.41,
                time_p80_s: 26.0,
                solve_rate: 0.652,
                difficulty: 49.3,
                tier: Tier::Hard,
            }),
            rank: Some(112),
            dissimilar: Some(2),
            structural: Some(2),
            needs_fraction: false,
            integer_solvable: true,
            deal_probability: 0.001,
            ops: None,
            simplest: "7*9-3*13".into(),
            groups: vec![Group(vec![Variant {
                class: 0,
                expression: "7*9-3*13".into(),
                complexity: 10.19,
                ops: Ops::Product,
            }])],
        };
        let html = sheet_html(&[&e], Q::int(24), Ops::Fraction);
        let puzzle = html.find("<span class=\"pc\">13</span>").unwrap();
        let answers = html.find("<h1>Answers</h1>").unwrap();
        let answer = html.find("7\u{d7}9\u{2212}3\u{d7}13").unwrap();
        assert!(puzzle < answers && answers < answer);
        assert!(html.contains("hard \u{b7} 19.41 s"));
        assert!(html.contains("<title>Make 24: 1 puzzle</title>"));
        assert!(
            !html.contains("class=\"played\""),
            "every operation: no note"
        );
        let html = sheet_html(&[&e], Q::int(24), Ops::Product);
        assert!(html.contains(
            "<p class=\"played\">Tiers, times and solution counts are for play with \
             + \u{2212} and \u{d7} only.</p>"
        ));
    }
}
