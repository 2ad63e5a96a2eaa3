//! The play page (`census24 pick --format play`): one self-contained HTML
//! document that times players on a puzzle set. A player types a label,
//! then meets one puzzle at a time with a clock that starts when it shows,
//! and answers it, says it has no solution, or gives up; at the end the
//! page offers the answers as a CSV ([`crate::difficulty::play::COLUMNS`]),
//! which `census24 calibrate --play` grades and fits a model to.
//!
//! Pure: the puzzles in, the document out. The page holds no grader and
//! reaches nothing outside itself (no server, no network, no script but
//! its own): the CSV is made in the page and saved as a download.

use serde::Serialize;

use super::sheet::{SheetPuzzle, escape};
use crate::difficulty::play::{COLUMNS, Outcome};
use crate::game::number::Q;

const PLAY_SCRIPT: &str = include_str!("play.js");
const PLAY_STYLE: &str = include_str!("play.css");

/// What the page's script reads: the game's spelling for the CSV, the
/// CSV's columns and outcomes as the reader spells them, and the puzzles.
#[derive(Serialize)]
struct PageData<'a> {
    game: &'a str,
    columns: [&'static str; COLUMNS.len()],
    outcomes: Outcomes,
    puzzles: Vec<PagePuzzle>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Outcomes {
    answered: &'static str,
    none: &'static str,
    gave_up: &'static str,
}

#[derive(Serialize)]
struct PagePuzzle {
    hand: String,
    target: String,
}

/// How the page names its game: `game` is its spelling on the command
/// line ([`crate::game::presets::spelling`]), which the CSV's `game`
/// column carries; `title` and `rule` are what the player reads.
#[derive(Clone, Copy, Debug)]
pub struct PlayGame<'a> {
    pub game: &'a str,
    pub title: &'a str,
    pub rule: &'a str,
}

/// The play page of `puzzles` (in the order played), each for its own
/// target or, on a sheet of one target, for `target`.
pub fn play_html(puzzles: &[SheetPuzzle], target: Option<Q>, game: &PlayGame) -> String {
    let data = PageData {
        game: game.game,
        columns: COLUMNS,
        outcomes: Outcomes {
            answered: Outcome::Answered.name(),
            none: Outcome::NoSolution.name(),
            gave_up: Outcome::GaveUp.name(),
        },
        puzzles: puzzles
            .iter()
            .map(|p| PagePuzzle {
                hand: p.hand.to_string(),
                target: match (p.target, target) {
                    (Some(t), _) => t.to_string(),
                    (None, Some(t)) => t.to_string(),
                    (None, None) => String::new(),
                },
            })
            .collect(),
    };
    // `</` never closes the data's script element early.
    let json = serde_json::to_string(&data)
        .expect("page data serializes")
        .replace("</", "<\\/");
    let title = escape(game.title);
    let n = puzzles.len();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"census24 pick --format play\">\n\
         <title>{title}: play {n} puzzle{s}</title>\n<style>\n{PLAY_STYLE}</style>\n</head>\n<body>\n<main>\n\
         <h1>{title}</h1>\n<p class=\"rule\">{rule}</p>\n\
         <section id=\"start\">\n<form id=\"start-form\">\n\
         <p>{n} puzzle{s}, one at a time. A clock starts when each puzzle shows. Type an \
         answer and press Enter, or say there is no solution, or give up. Nothing is sent \
         anywhere: at the end you save your answers as a file.</p>\n\
         <label for=\"player\">Your name or label</label>\n\
         <input type=\"text\" id=\"player\" autocomplete=\"off\" maxlength=\"60\">\n\
         <div class=\"actions\"><button class=\"primary\" type=\"submit\" id=\"go\">Start</button></div>\n\
         </form>\n</section>\n\
         <section id=\"play\" hidden>\n<div class=\"bar\"><span id=\"counter\"></span><span id=\"clock\"></span></div>\n\
         <div id=\"tiles\"></div>\n<div id=\"goal\"></div>\n\
         <form id=\"answer-form\">\n<label for=\"answer\">Your answer</label>\n\
         <input type=\"text\" id=\"answer\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"(1+2+3)*4\">\n\
         <div class=\"actions\"><button class=\"primary\" type=\"submit\" id=\"submit\">Answer</button>\
         <button type=\"button\" id=\"none\">No solution</button>\
         <button type=\"button\" id=\"give-up\">Give up</button></div>\n\
         </form>\n</section>\n\
         <section id=\"done\" hidden>\n<p>All done. Save your answers and hand the file to whoever \
         runs the session (<code>census24 calibrate --play FILE…</code> grades them).</p>\n\
         <div class=\"actions\"><a class=\"button primary\" id=\"download\" href=\"#\">Download answers (CSV)</a></div>\n\
         <textarea id=\"csv\" readonly></textarea>\n</section>\n\
         </main>\n<script type=\"application/json\" id=\"play-data\">{json}</script>\n\
         <script>\n{PLAY_SCRIPT}</script>\n</body>\n</html>\n",
        rule = escape(game.rule),
        s = if n == 1 { "" } else { "s" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_carries_its_game_and_puzzles_and_reaches_nothing_outside() {
        let cards = [1, 2, 3, 4];
        let p = SheetPuzzle {
            hand: "1 2 3 4",
            cards: &cards,
            target: None,
            tier: "easy",
            time_s: 5.0,
            answer: String::new(),
        };
        let game = PlayGame {
            game: "24",
            title: "Make 24 </script>",
            rule: "Use every card once.",
        };
        let html = play_html(&[p], Some(Q::int(24)), &game);
        assert!(html.contains(r#""puzzles":[{"hand":"1 2 3 4","target":"24"}]"#));
        assert!(html.contains(r#""game":"24""#));
        assert!(html.contains("Make 24 &lt;/script&gt;"));
        assert!(html.contains(r#""gaveUp":"gave-up""#));
        for outside in ["http:", "https:", "src=", "fetch(", "XMLHttpRequest"] {
            assert!(!html.contains(outside), "{outside}");
        }
        // The figures are not shown: a player is not told how hard it is.
        assert!(!html.contains("easy"));
    }
}
