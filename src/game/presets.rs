//! The named games: one entry each in [`PRESETS`], the one place a preset
//! is defined. The command line's `--game NAME` (and its help), the Python
//! package's `game=` and the defaults of every option come from here;
//! adding a preset is adding an entry.

use crate::game::deck::{Deck, Multiset, ValueRange};
use crate::game::error::{InputError, shown};
use crate::game::family::{Band, Draw, Game, Objective, Scoring, Targets};
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::game::targets::TargetRange;

/// A named game.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// What `--game` and `game=` take.
    pub name: &'static str,
    /// How titles name it: `Countdown`, `the 24 game`.
    pub title: &'static str,
    /// One line for `--help` and the docs.
    pub about: &'static str,
    pub game: fn() -> Game,
}

/// The preset every option defaults to.
pub const DEFAULT: &str = "24";

/// Every named game, the default first.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "24",
        title: "the 24 game",
        about: "four cards from a 52-card deck (1..13), make 24 using each card once, \
                fractions allowed",
        game: || Game {
            rules: Rules::Rational,
            uses: Use::All,
            values: range(1, 13),
            deck: Deck::Copies(4),
            targets: Targets::One(Q::int(24)),
            hand_size: 4,
            scoring: Scoring::EXACT,
            objective: Objective::Set,
            draw: Draw::Shuffled,
        },
    },
    Preset {
        name: "countdown",
        title: "Countdown",
        about: "the Countdown numbers round: six tiles from 1..10 twice and 25 50 75 100, \
                targets 100..999, any selection, whole non-negative intermediates, \
                10 points exact, 7 within 5, 5 within 10",
        game: || Game {
            rules: Rules::Natural,
            uses: Use::Any,
            values: range(1, 100),
            deck: Deck::Multiset(Multiset::countdown()),
            targets: Targets::Range(targets(100, 999)),
            hand_size: 6,
            scoring: Scoring {
                bands: COUNTDOWN_BANDS,
                unit: "point",
            },
            objective: Objective::Set,
            draw: Draw::LargeAsked,
        },
    },
    Preset {
        name: "krypto",
        title: "Krypto",
        about: "Krypto: five cards and an objective card dealt from its 56-card deck \
                (three each of 1..6, four each of 7..10, two each of 11..17, one each of \
                18..25), every card once; house rules allow fractions, tournament rules \
                (--rules natural) whole non-negative intermediates",
        game: || Game {
            rules: Rules::Rational,
            uses: Use::All,
            values: range(1, 25),
            deck: Deck::Multiset(Multiset::krypto()),
            targets: Targets::Range(targets(1, 25)),
            hand_size: 5,
            scoring: Scoring::EXACT,
            objective: Objective::Dealt,
            draw: Draw::Shuffled,
        },
    },
    Preset {
        name: "digits",
        title: "Digits",
        about: "the newspaper game Digits: six different numbers from 1..25 and a target, \
                any selection, whole positive intermediates, 3 stars exact, 2 within 10, \
                1 within 25",
        game: || Game {
            rules: Rules::Positive,
            uses: Use::Any,
            values: range(1, 25),
            deck: Deck::Copies(1),
            targets: Targets::Range(targets(1, 999)),
            hand_size: 6,
            scoring: Scoring {
                bands: DIGITS_BANDS,
                unit: "star",
            },
            objective: Objective::Set,
            draw: Draw::Shuffled,
        },
    },
];

/// Countdown's points: 10 exact, 7 within 5, 5 within 10.
const COUNTDOWN_BANDS: &[Band] = &[band(0, 10), band(5, 7), band(10, 5)];
/// Digits' stars: 3 exact, 2 within 10, 1 within 25.
const DIGITS_BANDS: &[Band] = &[band(0, 3), band(10, 2), band(25, 1)];

const fn band(within: u64, points: u32) -> Band {
    Band { within, points }
}

fn range(lo: i64, hi: i64) -> ValueRange {
    ValueRange::new(lo, hi).expect("a preset's values are a range")
}

fn targets(lo: i64, hi: i64) -> TargetRange {
    TargetRange::new(lo, hi).expect("a preset's targets are a range")
}

/// The preset named `name`; the error lists the names there are.
pub fn preset(name: &str) -> Result<&'static Preset, InputError> {
    PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        InputError::Other(format!(
            "unknown game \"{}\" (expected {})",
            shown(name),
            names().join(", ")
        ))
    })
}

/// The game named `name`.
pub fn game(name: &str) -> Result<Game, InputError> {
    preset(name).map(|p| (p.game)())
}

/// The default game: 24 with four cards.
pub fn standard() -> Game {
    (PRESETS[0].game)()
}

/// A game as a user names it: a preset (the default one when none) and the
/// fields they set, each replacing the preset's. The command line's game
/// options and the Python package's arguments both build one, so both
/// resolve a game the same way.
#[derive(Clone, Copy, Debug, Default)]
pub struct Choice {
    pub preset: Option<&'static Preset>,
    pub targets: Option<Targets>,
    pub rules: Option<Rules>,
    pub uses: Option<Use>,
    pub hand_size: Option<usize>,
    pub values: Option<ValueRange>,
    pub deck: Option<Deck>,
    pub objective: Option<Objective>,
}

impl Choice {
    /// The game: the preset with each field set replacing its own.
    pub fn game(&self) -> Game {
        let mut g = match self.preset {
            Some(p) => (p.game)(),
            None => standard(),
        };
        g.targets = self.targets.unwrap_or(g.targets);
        g.rules = self.rules.unwrap_or(g.rules);
        g.uses = self.uses.unwrap_or(g.uses);
        g.hand_size = self.hand_size.unwrap_or(g.hand_size);
        g.values = self.values.unwrap_or(g.values);
        g.deck = self.deck.unwrap_or(g.deck);
        g.objective = self.objective.unwrap_or(g.objective);
        g
    }

    /// Whether a game was named (a preset, or its hand size or values): a
    /// hand is then held to the game's size and deck. A deck alone names
    /// the deck big hands come from, not a game.
    pub fn named(&self) -> bool {
        self.preset.is_some() || self.hand_size.is_some() || self.values.is_some()
    }
}

/// Every preset's name, in order.
pub fn names() -> Vec<&'static str> {
    PRESETS.iter().map(|p| p.name).collect()
}

/// The preset a game is played with: the one whose deck, card values,
/// use of the cards, objective and draw it has (its rules, targets and hand
/// size may differ), and whether it keeps that preset's rules. `None` for a
/// game of another deck (a table of independent draws, `deck=none`).
pub fn base_of(game: &Game) -> Option<(&'static Preset, bool)> {
    let p = dealt_like(game)?;
    let own = (p.game)();
    (own.draw == game.draw).then_some((p, own.rules == game.rules))
}

/// The preset whose cards a game deals and plays alike: the same deck,
/// card values, use of the cards and objective (its rules, targets, hand
/// size, scoring and draw may differ). A table read back from its folder
/// takes the preset's scoring and draw from it: the folder does not say
/// them.
pub fn dealt_like(game: &Game) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| {
        let own = (p.game)();
        own.deck == game.deck
            && own.dealt_values() == game.dealt_values()
            && own.uses == game.uses
            && own.objective == game.objective
    })
}

/// How titles name a game: its preset's title, capitalized, with the
/// rules when they are not the preset's (`Krypto, natural rules`); the
/// cards of a game of one target played for a range of targets are `The 24
/// game's cards`. `None` for a game no preset is played with ([`base_of`]).
pub fn title_of(game: &Game) -> Option<String> {
    let (p, same_rules) = base_of(game)?;
    let mut t = p.title.to_string();
    if let Some(first) = t.get(..1) {
        t = first.to_uppercase() + &t[1..];
    }
    if (p.game)().target().is_some() && game.target().is_none() {
        t += "'s cards";
    }
    if !same_rules {
        t += &format!(", {} rules", game.rules);
    }
    Some(t)
}

/// The target a game's own players aim at, when it has one: its one
/// target, or for a game of a preset's cards played for a range of targets
/// (the 24 game's cards, targets 1..999) that preset's one target. `None`
/// for a game whose target changes from game to game (Countdown's,
/// Krypto's dealt objective) or a game no preset is played with: a chart
/// marks this target, and no other.
pub fn own_target(game: &Game) -> Option<Q> {
    game.target().or_else(|| (base_of(game)?.0.game)().target())
}

/// The preset a game is, if it is one unchanged.
pub fn name_of(game: &Game) -> Option<&'static str> {
    PRESETS.iter().find(|p| (p.game)() == *game).map(|p| p.name)
}

/// A game as the command line spells it: the name of the preset it is
/// played with (`24` for a game of no preset's cards), then each option
/// whose value differs from that preset's (`24 --hand-size 5`, `krypto
/// --rules natural`). `--game` followed by these words names the game
/// again; a play page's CSV carries it (its `game` column) so that
/// `census24 calibrate --play` and a model file know their game.
pub fn spelling(game: &Game) -> String {
    let (p, differ) = spelt(game);
    std::iter::once(p.name.to_string())
        .chain(differ)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The command-line options that name `game`, for every command that takes
/// a game (`census24 sweep`, `pick`, `rank`): its [`spelling`] as options,
/// `--game NAME` left out for the default game (`--hand-size 5`, `--game
/// krypto --rules natural`; nothing at all for the 24 game itself).
pub fn options(game: &Game) -> String {
    let (p, differ) = spelt(game);
    let name = (p.name != DEFAULT).then(|| format!("--game {}", p.name));
    name.into_iter().chain(differ).collect::<Vec<_>>().join(" ")
}

/// The preset `game` is spelled by and the options whose values differ
/// from it, in the order the help lists them.
fn spelt(game: &Game) -> (&'static Preset, Vec<String>) {
    let p = dealt_like(game).unwrap_or(&PRESETS[0]);
    let own = (p.game)();
    let multiset = matches!(game.deck, Deck::Multiset(_));
    let options = [
        (
            game.hand_size != own.hand_size,
            format!("--hand-size {}", game.hand_size),
        ),
        (
            !multiset && game.values != own.values,
            format!("--values {}", game.values),
        ),
        (
            game.targets != own.targets,
            match game.targets {
                Targets::One(t) => format!("--target {t}"),
                Targets::Range(r) => format!("--targets {r}"),
            },
        ),
        (game.rules != own.rules, format!("--rules {}", game.rules)),
        (game.uses != own.uses, format!("--use {}", game.uses)),
        (game.deck != own.deck, format!("--deck {}", game.deck)),
        (
            game.objective != own.objective,
            format!(
                "--objective {}",
                match game.objective {
                    Objective::Set => "set",
                    Objective::Dealt => "dealt",
                }
            ),
        ),
    ];
    let differ = options
        .into_iter()
        .filter_map(|(differs, words)| differs.then_some(words))
        .collect();
    (p, differ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_found_by_its_name_and_names_are_unique() {
        for p in PRESETS {
            assert_eq!(preset(p.name).unwrap().name, p.name);
            assert_eq!(name_of(&(p.game)()), Some(p.name));
            let g = (p.game)();
            // A game deals at least a hand from its deck.
            if let Some(cards) = g.deck.cards(g.values) {
                assert!(cards >= g.hand_size as u64, "{}", p.name);
            }
        }
        let mut names = names();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), PRESETS.len());
        assert_eq!(PRESETS[0].name, DEFAULT);
        assert_eq!(standard().target(), Some(Q::int(24)));
        let err = preset("Countdown").unwrap_err().to_string();
        // The message lists every preset, whatever the registry holds.
        assert_eq!(
            err,
            format!(
                "unknown game \"Countdown\" (expected {})",
                PRESETS
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        );
        for name in ["24", "countdown", "krypto", "digits"] {
            assert!(err.contains(&format!(" {name}")), "{err}");
        }
    }

    #[test]
    fn only_games_of_one_target_have_an_own_target() {
        let with = |name: &str, targets: Targets| Game {
            targets,
            ..game(name).unwrap()
        };
        let range = Targets::Range(targets(1, 999));
        assert_eq!(own_target(&standard()), Some(Q::int(24)));
        assert_eq!(own_target(&with("24", range)), Some(Q::int(24)));
        assert_eq!(own_target(&game("krypto").unwrap()), None);
        assert_eq!(own_target(&game("countdown").unwrap()), None);
        assert_eq!(own_target(&game("digits").unwrap()), None);
        // Independent draws are no preset's cards.
        let free = Game {
            deck: Deck::Unlimited,
            ..with("24", range)
        };
        assert_eq!(own_target(&free), None);
    }

    #[test]
    fn titles_name_the_preset_its_rules_and_a_range_of_its_cards() {
        let krypto = game("krypto").unwrap();
        assert_eq!(title_of(&krypto).as_deref(), Some("Krypto"));
        let natural = Game {
            rules: Rules::Natural,
            ..krypto
        };
        assert_eq!(title_of(&natural).as_deref(), Some("Krypto, natural rules"));
        let every = Game {
            targets: Targets::Range(targets(1, 999)),
            hand_size: 3,
            ..standard()
        };
        assert_eq!(title_of(&every).as_deref(), Some("The 24 game's cards"));
        // Countdown's tiles dealt at random are not Countdown.
        let shuffled = Game {
            draw: Draw::Shuffled,
            ..game("countdown").unwrap()
        };
        assert_eq!(title_of(&shuffled), None);
        let unlimited = Game {
            deck: Deck::Unlimited,
            ..standard()
        };
        assert_eq!(base_of(&unlimited).map(|(p, _)| p.name), None);
    }

    #[test]
    fn a_game_is_spelled_by_its_preset_and_the_options_that_differ() {
        assert_eq!(spelling(&standard()), "24");
        assert_eq!(spelling(&game("countdown").unwrap()), "countdown");
        let natural = Game {
            rules: Rules::Natural,
            ..game("krypto").unwrap()
        };
        assert_eq!(spelling(&natural), "krypto --rules natural");
        let five = Game {
            hand_size: 5,
            targets: Targets::One(Q::new(3, 4).unwrap()),
            ..standard()
        };
        assert_eq!(spelling(&five), "24 --hand-size 5 --target 3/4");
        assert_eq!(options(&five), "--hand-size 5 --target 3/4");
        assert_eq!(options(&standard()), "");
        assert_eq!(options(&natural), "--game krypto --rules natural");
    }

    #[test]
    fn the_krypto_deck_has_56_cards() {
        let g = game("krypto").unwrap();
        assert_eq!(g.deck.cards(g.values), Some(56));
        assert_eq!(g.dealt_values(), range(1, 25));
    }
}
