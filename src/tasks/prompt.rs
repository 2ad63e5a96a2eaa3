//! A task as it is put to a model: its `game` (the preset it is a hand of,
//! so that a reward scores it as that game scores) and its `prompt`, the
//! game's rules in words ([`Game::rule_sentence`]), the numbers, the
//! target and the answer format asked for, through a [`Template`] (the
//! default one, or a user's with the same placeholders).

use serde::Serialize;

use super::{Task, TaskPlan};
use crate::game::error::InputError;
use crate::game::family::Game;
use crate::game::presets;

/// The operations as the prompt names them: as a model writes them and
/// `census24 check` reads them.
pub const SIGNS: &str = "+ - * /";

/// The tag a final answer is asked in; the rewards and `check --extract`
/// read it.
pub const ANSWER_TAG: &str = "answer";

/// The placeholders a template may hold, each with what it becomes.
pub const PLACEHOLDERS: [(&str, &str); 7] = [
    (
        "game",
        "the game's name: `Countdown`, `the 24 game` (`a numbers game` for no preset)",
    ),
    (
        "rules",
        "the game's rules in a sentence (which numbers, the operations, the steps, the scoring)",
    ),
    (
        "numbers",
        "the task's numbers, ascending, space separated: `3 6 25 50 75 100`",
    ),
    ("target", "the target: `952`"),
    ("count", "how many numbers the task has: `6`"),
    (
        "if_none",
        "what to answer when the target cannot be made (a sentence and a space, or nothing)",
    ),
    (
        "answer_format",
        "the answer format asked for: `... between <answer> and </answer>.`",
    ),
];

/// The template when none is given.
pub const DEFAULT_TEMPLATE: &str = "You are playing {game}. {rules}\n\n\
                                    Numbers: {numbers}\nTarget: {target}\n\n\
                                    {if_none}{answer_format}";

/// A prompt template: text with placeholders `{name}` of [`PLACEHOLDERS`];
/// `{{` and `}}` write a brace.
#[derive(Clone, Debug, PartialEq)]
pub struct Template(Vec<Piece>);

#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Text(String),
    Slot(&'static str),
}

impl Default for Template {
    fn default() -> Template {
        Template::parse(DEFAULT_TEMPLATE).expect("the default template parses")
    }
}

impl Template {
    /// Parses a template; an unknown placeholder or a lone brace is an
    /// error naming it.
    pub fn parse(text: &str) -> Result<Template, InputError> {
        let bad = |why: String| InputError::Other(format!("--prompt-template: {why}"));
        let mut pieces = Vec::new();
        let mut text_run = String::new();
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                '{' if chars.peek().map(|p| p.1) == Some('{') => {
                    chars.next();
                    text_run.push('{');
                }
                '}' if chars.peek().map(|p| p.1) == Some('}') => {
                    chars.next();
                    text_run.push('}');
                }
                '{' => {
                    let rest = &text[at + 1..];
                    let Some(end) = rest.find('}') else {
                        return Err(bad(format!(
                            "a '{{' at byte {at} is not closed (write {{{{ for a brace)"
                        )));
                    };
                    let name = &rest[..end];
                    let Some(&(slot, _)) = PLACEHOLDERS.iter().find(|p| p.0 == name) else {
                        let known: Vec<String> = PLACEHOLDERS
                            .iter()
                            .map(|p| format!("{{{}}}", p.0))
                            .collect();
                        return Err(bad(format!(
                            "unknown placeholder {{{}}} (expected {})",
                            crate::game::error::shown(name),
                            crate::game::named::or_list(
                                &known.iter().map(String::as_str).collect::<Vec<_>>()
                            )
                        )));
                    };
                    if !text_run.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text_run)));
                    }
                    pieces.push(Piece::Slot(slot));
                    while chars.peek().is_some_and(|p| p.0 <= at + 1 + end) {
                        chars.next();
                    }
                }
                '}' => {
                    return Err(bad(format!(
                        "a '}}' at byte {at} closes nothing (write }}}} for a brace)"
                    )));
                }
                c => text_run.push(c),
            }
        }
        if !text_run.is_empty() {
            pieces.push(Piece::Text(text_run));
        }
        Ok(Template(pieces))
    }

    /// The template with each placeholder replaced by `value(name)`.
    fn render(&self, value: impl Fn(&str) -> String) -> String {
        self.0
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.clone(),
                Piece::Slot(s) => value(s),
            })
            .collect()
    }
}

/// A task with its game and its prompt: a line of `census24 tasks`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Posed {
    #[serde(flatten)]
    pub task: Task,
    /// The preset the task is a hand of, named so that a reward grades it
    /// by that game (its rules and use are the row's): `None` when the
    /// plan's game is no preset's, or deals hands of another size.
    pub game: Option<&'static str>,
    pub prompt: String,
}

/// The preset every task of `plan` is a hand of: the one its game is
/// played with ([`presets::base_of`]: the same deck, values, use and draw;
/// the rules and targets may differ, and the task's own say them), when
/// every task has that preset's hand size (a reward holds a named game's
/// numbers to its hand).
pub fn game_of(plan: &TaskPlan) -> Option<&'static str> {
    let (preset, _) = presets::base_of(&plan.game)?;
    let size = (preset.game)().hand_size;
    (plan.hand_sizes == (size, size)).then_some(preset.name)
}

/// What a task is asked to answer, by the game: in a game that scores near
/// misses, the closest play when the target cannot be made; in a game
/// scored right or wrong whose plan holds unsolvable tasks, that there is
/// no solution. Empty otherwise (telling a model some tasks have no
/// solution when none lacks one invites it to give up).
fn if_none(game: &Game, unsolvable: bool) -> String {
    match (game.scoring.rewards_near_misses(), unsolvable) {
        (true, _) => "If the target cannot be made exactly, answer with the expression that \
                      comes closest. "
            .to_string(),
        (false, true) => format!(
            "Some of these puzzles have no solution: if this one has none, answer \
             <{ANSWER_TAG}>no solution</{ANSWER_TAG}>. "
        ),
        (false, false) => String::new(),
    }
}

/// The game's name in a prompt: its preset's title (`Countdown`, `the 24
/// game`, `Krypto, natural rules`), else `a numbers game`.
fn game_words(game: &Game) -> String {
    match presets::title_of(game) {
        Some(t) if t.starts_with("The ") => format!("t{}", &t[1..]),
        Some(t) => t,
        None => "a numbers game".to_string(),
    }
}

/// Each task of `plan` with its game and its prompt from `template`.
pub fn pose(plan: &TaskPlan, template: &Template, tasks: Vec<Task>) -> Vec<Posed> {
    let game = game_of(plan);
    let name = game_words(&plan.game);
    let rules = plan.game.rule_sentence(SIGNS, "the target");
    let none = if_none(&plan.game, plan.unsolvable > 0.0);
    let format = format!(
        "Think it through, then give your final answer as one expression of the numbers \
         between <{ANSWER_TAG}> and </{ANSWER_TAG}>."
    );
    tasks
        .into_iter()
        .map(|task| {
            let prompt = template.render(|slot| match slot {
                "game" => name.clone(),
                "rules" => rules.clone(),
                "numbers" => task.hand.clone(),
                "target" => task.target.to_string(),
                "count" => task.cards.len().to_string(),
                "if_none" => none.clone(),
                _ => format.clone(),
            });
            Posed { task, game, prompt }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_take_their_placeholders_and_refuse_others() {
        let t = Template::parse("{{x}} {numbers} -> {target}").unwrap();
        assert_eq!(t.render(|s| s.to_uppercase()), "{x} NUMBERS -> TARGET");
        for (text, says) in [
            (
                "{nums}",
                "unknown placeholder {nums} (expected {game}, {rules}",
            ),
            ("a { b", "a '{' at byte 2 is not closed"),
            ("a } b", "a '}' at byte 2 closes nothing"),
        ] {
            let err = Template::parse(text).unwrap_err().to_string();
            assert!(err.starts_with("--prompt-template: "), "{err}");
            assert!(err.contains(says), "{text}: {err}");
        }
        // Every placeholder is one the default template may use.
        assert!(Template::parse(&PLACEHOLDERS.map(|p| format!("{{{}}}", p.0)).join(" ")).is_ok());
    }
}
