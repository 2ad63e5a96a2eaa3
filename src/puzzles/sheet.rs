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
use crate::difficulty::Tier;
use crate::game::error::InputError;
use crate::game::family::Game;
use crate::game::named::named;
use crate::game::number::Q;
use crate::game::presets::title_of;

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

named! {
    /// What a student sheet leaves out of each puzzle's level line
    /// (`pick --hide times,tiers`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Hidden {
        /// The predicted seconds: the level is shown as one to three dots.
        Times => "times",
        /// The tier (its name, or its dots).
        Tiers => "tiers",
    }
    impl FromStr else InputError::unknown("part of a sheet");
}

/// How a sheet looks beyond its puzzles: its title and what it hides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SheetStyle {
    /// The heading and page title (`pick --title`); `None`: the game's.
    pub title: Option<String>,
    /// What each puzzle's level line leaves out.
    pub hide: Vec<Hidden>,
    /// Which model priced the levels and how it was validated
    /// ([`crate::difficulty::pricer::Pricer::note`]), under the sheet on
    /// screen (not printed).
    pub model: Option<String>,
}

impl SheetStyle {
    fn hides(&self, h: Hidden) -> bool {
        self.hide.contains(&h)
    }
}

/// The dots a level shows when times are hidden, as printed 24 cards
/// mark their levels with one to three: easy 1, medium 2, hard 3 and
/// expert 3 (the cards have three levels; expert is their hardest).
pub fn dots(tier: Tier) -> usize {
    match tier {
        Tier::Easy => 1,
        Tier::Medium => 2,
        Tier::Hard | Tier::Expert => 3,
    }
}

/// The markup of a tier's dots (nothing for no tier).
fn dots_html(tier: &str) -> String {
    let Ok(tier) = tier.parse::<Tier>() else {
        return String::new();
    };
    format!(
        "<span class=\"dots\" title=\"{tier}\">{}</span>",
        "\u{25cf}".repeat(dots(tier))
    )
}

/// Versions of a sheet are labelled A, B, ..., Z, then AA, AB, ...
pub fn version_label(v: usize) -> String {
    let letter = |i: usize| char::from(b'A' + (i % 26) as u8);
    match v / 26 {
        0 => letter(v).to_string(),
        n => format!("{}{}", letter(n - 1), letter(v)),
    }
}

/// A sheet's parts: `heading` and the instructions `rule` (and `note`
/// under them), one list of puzzles per version, and whether four cards
/// are drawn as a 24 card's face (four numbers round a centre of dots).
struct Pages<'a, 'p> {
    heading: &'a str,
    rule: &'a str,
    note: Option<&'a str>,
    versions: &'a [Vec<SheetPuzzle<'p>>],
    face: bool,
    style: &'a SheetStyle,
}

/// One puzzle's card.
fn puzzle_html(n: usize, p: &SheetPuzzle, face: bool, style: &SheetStyle) -> String {
    let hide_times = style.hides(Hidden::Times);
    let hide_tiers = style.hides(Hidden::Tiers);
    let tiles: String = p
        .cards
        .iter()
        .map(|c| format!("<span class=\"pc\">{c}</span>"))
        .collect();
    let cards = match face {
        true => {
            let centre = match hide_tiers {
                true => String::new(),
                false => dots_html(p.tier),
            };
            format!("<div class=\"cards face\">{tiles}<span class=\"centre\">{centre}</span></div>")
        }
        false => format!("<div class=\"cards\">{tiles}</div>"),
    };
    let goal = p
        .target
        .map(|t| format!("<div class=\"goal\">Make {t}</div>"))
        .unwrap_or_default();
    let level = match (hide_tiers, hide_times) {
        (false, false) => format!("{} \u{b7} {:.2} s", p.tier, p.time_s),
        (true, false) => format!("{:.2} s", p.time_s),
        // A face shows its dots in its centre already.
        (false, true) if !face => dots_html(p.tier),
        _ => String::new(),
    };
    let level = match level.is_empty() {
        true => level,
        false => format!("<div class=\"level\">{level}</div>"),
    };
    format!(
        "<li class=\"puzzle\" data-hand=\"{}\"><div class=\"num\">Puzzle {}</div>{cards}{goal}{level}</li>",
        escape(p.hand),
        n + 1,
    )
}

/// The pages of a sheet: each version's puzzles, the name and date line
/// for the student on each, then each version's answers on pages of their
/// own. One version is labelled nowhere; several are A, B, ...
fn pages(sheet: &Pages) -> String {
    let mut body = String::from("<div class=\"sheet\">");
    let many = sheet.versions.len() > 1;
    let label = |v: usize| match many {
        true => format!(", version {}", version_label(v)),
        false => String::new(),
    };
    for (v, puzzles) in sheet.versions.iter().enumerate() {
        let tiles = puzzles.iter().map(|p| p.cards.len()).max().unwrap_or(4);
        let version = match many {
            true => format!(
                "<span class=\"version\">Version {}</span>",
                version_label(v)
            ),
            false => String::new(),
        };
        let _ = write!(
            body,
            "<section class=\"sheet-page\"><h1>{}</h1>{version}\
             <p class=\"student\"><span>Name</span><span class=\"blank\"></span>\
             <span>Date</span><span class=\"blank date\"></span></p>\
             <p class=\"rule\">{}</p>",
            sheet.heading, sheet.rule
        );
        if let Some(note) = sheet.note {
            let _ = write!(body, "<p class=\"played\">{note}</p>");
        }
        let _ = write!(
            body,
            "<ol class=\"puzzles{}\" style=\"--tiles: {tiles}\">",
            if sheet.face { " faces" } else { "" }
        );
        for (n, p) in puzzles.iter().enumerate() {
            body.push_str(&puzzle_html(n, p, sheet.face, sheet.style));
        }
        body.push_str("</ol></section>");
    }
    for (v, puzzles) in sheet.versions.iter().enumerate() {
        let _ = write!(
            body,
            "<section class=\"sheet-page answers\"><h1>Answers{}</h1><ol class=\"answer-list\">",
            label(v)
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
        body.push_str("</ol></section>");
    }
    body.push_str("</div>");
    if let Some(note) = &sheet.style.model {
        let _ = write!(body, "<p class=\"sheet-note\">{}</p>", escape(note));
    }
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

/// `N puzzle(s)`, and `in K versions` when there are several.
fn count(versions: &[Vec<SheetPuzzle>]) -> String {
    let n = versions.first().map_or(0, Vec::len);
    let mut s = format!("{n} puzzle{}", if n == 1 { "" } else { "s" });
    if versions.len() > 1 {
        s += &format!(", {} versions", versions.len());
    }
    s
}

/// Each hand of `set` as a puzzle of a one-target sheet whose answers keep
/// to `allowed`.
pub fn hand_puzzles<'a>(set: &[&'a Entry], allowed: Ops) -> Vec<SheetPuzzle<'a>> {
    set.iter()
        .map(|e| SheetPuzzle {
            hand: &e.hand,
            cards: &e.cards,
            target: None,
            tier: e.tier().map(|t| t.name()).unwrap_or_default(),
            time_s: e.time_s().unwrap_or(0.0),
            answer: pretty(e.simplest_within(allowed).unwrap_or_default()),
        })
        .collect()
}

/// The sheet of `versions` (each a set of hands, [`hand_puzzles`]) for
/// `target` whose answers may use the operations of `allowed`
/// ([`Ops::signs`], named in the instructions): puzzles first, answers
/// (the simplest solution of each within `allowed`, see
/// [`Entry::simplest_within`]) on pages of their own. A set of hands as
/// played within fewer operations ([`super::pick::played`]) says so under
/// the instructions ([`played_note`]). Four-card hands are drawn as a 24
/// card's face. Titled "Make 24" unless `style` says otherwise.
pub fn sheet_html(
    versions: &[Vec<SheetPuzzle>],
    target: Q,
    allowed: Ops,
    style: &SheetStyle,
) -> String {
    let rule = one_target_rule(target, allowed);
    let heading = match &style.title {
        Some(t) => escape(t),
        None => one_target_title(target),
    };
    let face = versions.iter().flatten().all(|p| p.cards.len() == 4);
    let body = pages(&Pages {
        heading: &heading,
        rule: &rule,
        note: played_note(allowed).as_deref(),
        versions,
        face,
        style,
    });
    document(&format!("{heading}: {}", count(versions)), &body)
}

/// How a game of one target is played within `allowed`, in a sentence
/// for its sheet and play page.
pub fn one_target_rule(target: Q, allowed: Ops) -> String {
    format!(
        "Use every card once, with {} and brackets, to make {target}.",
        allowed.signs()
    )
}

/// The title of a sheet or play page of one target: `Make 24`.
pub fn one_target_title(target: Q) -> String {
    format!("Make {target}")
}

/// How a game is played, in a sentence for its sheet
/// ([`Game::rule_sentence`], with the sheet's signs).
pub fn game_rule(game: &Game) -> String {
    game.rule_sentence(Ops::Fraction.signs(), "the puzzle's target")
}

/// The title a sheet of `game` has by default: the game's
/// ([`title_of`]: `Countdown`, `Krypto, natural rules`), or "Reach the
/// target" for a game no preset is played with.
pub fn games_title(game: &Game) -> String {
    title_of(game).unwrap_or_else(|| "Reach the target".to_string())
}

/// The sheet of games (a hand and a target each) of `game`, as `census24
/// pick --format html` prints a pick from a reach table (Countdown, Krypto;
/// the task source's tasks, `crate::tasks::Task::puzzle`), one list per
/// version: each puzzle shows its target, and the answers are the
/// simplest solutions. Unsolvable tasks have no answer. Titled by the game
/// ([`games_title`]) unless `style` says otherwise.
pub fn games_sheet_html(versions: &[Vec<SheetPuzzle>], game: &Game, style: &SheetStyle) -> String {
    let heading = escape(&style.title.clone().unwrap_or_else(|| games_title(game)));
    let body = pages(&Pages {
        heading: &heading,
        rule: &game_rule(game),
        note: None,
        versions,
        face: false,
        style,
    });
    document(&format!("{heading}: {}", count(versions)), &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Prediction;
    use crate::puzzles::catalog::{Group, Variant};

    fn puzzle<'a>(hand: &'a str, cards: &'a [i64], tier: &'a str) -> SheetPuzzle<'a> {
        SheetPuzzle {
            hand,
            cards,
            target: None,
            tier,
            time_s: 19.41,
            answer: "7\u{d7}9\u{2212}3\u{d7}13".into(),
        }
    }

    /// Issue 46: four cards are a 24 card's face with the tier's dots in
    /// its centre; `--hide times` shows dots instead of "hard · 19.41 s",
    /// `--hide tiers` the time alone, both nothing.
    #[test]
    fn hidden_levels_are_dots_or_nothing() {
        let four = [3, 7, 9, 13];
        let five = [1, 3, 7, 9, 13];
        let style = |hide: Vec<Hidden>| SheetStyle {
            hide,
            ..SheetStyle::default()
        };
        let three = "<span class=\"dots\" title=\"hard\">\u{25cf}\u{25cf}\u{25cf}</span>";
        let html = puzzle_html(0, &puzzle("3 7 9 13", &four, "hard"), true, &style(vec![]));
        assert!(
            html.contains(&format!("<span class=\"centre\">{three}</span>")),
            "{html}"
        );
        assert!(html.contains("hard \u{b7} 19.41 s"), "{html}");
        let html = puzzle_html(
            0,
            &puzzle("1 3 7 9 13", &five, "hard"),
            false,
            &style(vec![Hidden::Times]),
        );
        assert!(
            html.contains(&format!("<div class=\"level\">{three}</div>")),
            "{html}"
        );
        assert!(!html.contains("19.41"), "{html}");
        let html = puzzle_html(
            0,
            &puzzle("1 3 7 9 13", &five, "easy"),
            false,
            &style(vec![Hidden::Tiers]),
        );
        assert!(
            html.contains("<div class=\"level\">19.41 s</div>"),
            "{html}"
        );
        let both = style(vec![Hidden::Times, Hidden::Tiers]);
        let html = puzzle_html(0, &puzzle("3 7 9 13", &four, "expert"), true, &both);
        assert!(
            !html.contains("class=\"level\"") && !html.contains("dots"),
            "{html}"
        );
        assert_eq!(Tier::ALL.map(dots), [1, 2, 3, 3]);
    }

    #[test]
    fn versions_are_labelled_and_keep_their_own_answers() {
        let (a, b) = ([1, 2, 3, 4], [2, 3, 4, 5]);
        let versions = vec![
            vec![puzzle("1 2 3 4", &a, "easy")],
            vec![puzzle("2 3 4 5", &b, "easy")],
        ];
        let style = SheetStyle {
            title: Some("Class <5B>".into()),
            ..SheetStyle::default()
        };
        let html = sheet_html(&versions, Q::int(24), Ops::Fraction, &style);
        assert!(html.contains("<title>Class &lt;5B&gt;: 1 puzzle, 2 versions</title>"));
        let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("{s}"));
        assert!(at("Version A") < at("Version B"));
        assert!(at("Version B") < at("<h1>Answers, version A</h1>"));
        assert!(at("<h1>Answers, version A</h1>") < at("<h1>Answers, version B</h1>"));
        assert_eq!(html.matches("class=\"student\"").count(), 2);
        assert_eq!(
            (version_label(0), version_label(25)),
            ("A".into(), "Z".into())
        );
    }

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
        let sheet = |allowed: Ops| {
            let puzzles = hand_puzzles(&[&e], allowed);
            sheet_html(&[puzzles], Q::int(24), allowed, &SheetStyle::default())
        };
        let html = sheet(Ops::Fraction);
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
        let html = sheet(Ops::Product);
        assert!(html.contains(
            "<p class=\"played\">Tiers, times and solution counts are for play with \
             + \u{2212} and \u{d7} only.</p>"
        ));
    }
}
