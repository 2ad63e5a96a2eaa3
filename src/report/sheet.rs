//! A printable puzzle sheet: one card per hand of a puzzle set, the answers
//! on a second page (`census24 pick --format html`).
//!
//! Pure: the picked hands in, a self-contained HTML document out. The
//! explorer's "Make puzzle set" button writes the same markup from
//! JavaScript (`explorer/app.js`, `sheetHtml`), styled by the same
//! `explorer/sheet.css`.

use std::fmt::Write;

use super::catalog::Entry;
use super::ops::Ops;
use super::pick::played_note;
use crate::game::number::Q;

/// The puzzle sheet's styles, shared with the explorer page's sheets.
pub const SHEET_STYLE: &str = include_str!("explorer/sheet.css");

fn escape(s: &str) -> String {
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

/// The sheet of `set` for `target` whose answers may use the operations of
/// `allowed` ([`Ops::signs`], named in the instructions): puzzles on the first
/// page, answers (the simplest solution of each within `allowed`, see
/// [`Entry::simplest_within`]) on the second. A set of hands as played
/// within fewer operations ([`super::pick::played`]) says so under the
/// instructions ([`played_note`]).
pub fn sheet_html(set: &[&Entry], target: Q, allowed: Ops) -> String {
    let signs = allowed.signs();
    let mut body = String::new();
    let _ = write!(
        body,
        "<div class=\"sheet\"><section class=\"sheet-page\"><h1>Make {target}</h1>\
         <p class=\"rule\">Use every card once, with {signs} and brackets, to make {target}.</p>"
    );
    if let Some(note) = played_note(allowed) {
        let _ = write!(body, "<p class=\"played\">{note}</p>");
    }
    body.push_str("<ol class=\"puzzles\">");
    for (n, e) in set.iter().enumerate() {
        let cards: String = e
            .cards
            .iter()
            .map(|c| format!("<span class=\"pc\">{c}</span>"))
            .collect();
        let _ = write!(
            body,
            "<li class=\"puzzle\" data-hand=\"{}\"><div class=\"num\">Puzzle {}</div>\
             <div class=\"cards\">{cards}</div><div class=\"level\">{} \u{b7} {:.2} s</div></li>",
            escape(&e.hand),
            n + 1,
            e.tier.map(|t| t.name()).unwrap_or_default(),
            e.time_s.unwrap_or(0.0)
        );
    }
    body.push_str(
        "</ol></section><section class=\"sheet-page answers\"><h1>Answers</h1><ol class=\"answer-list\">",
    );
    for e in set {
        let _ = write!(
            body,
            "<li><span class=\"hand\">{}</span><span class=\"answer\">{}</span></li>",
            escape(&e.hand),
            escape(&pretty(e.simplest_within(allowed).unwrap_or_default()))
        );
    }
    body.push_str("</ol></section></div>");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"census24 pick\">\n\
         <title>Make {target}: {} puzzle{}</title>\n<style>\nbody {{ margin: 0; background: #e9ecf2; }}\n\
         @media print {{ body {{ background: #fff; }} }}\n{SHEET_STYLE}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        set.len(),
        if set.len() == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Tier;
    use crate::report::catalog::{Group, Variant};

    #[test]
    fn puzzles_come_first_and_answers_after() {
        let e = Entry {
            hand: "3 7 9 13".into(),
            cards: vec![3, 7, 9, 13],
            solvable: true,
            time_s: Some(19.41),
            time_p80_s: Some(26.0),
            solve_rate: Some(0.652),
            difficulty: Some(49.3),
            tier: Some(Tier::Hard),
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
