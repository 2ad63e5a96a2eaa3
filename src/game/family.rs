//! A game of the family as one value: the rules its intermediate results
//! obey, whether every card is used or any selection, the card values and
//! the deck they are dealt from, the targets, the hand size, and how an
//! answer scores. Every product takes a [`Game`] (the command line's
//! `--game` and the Python package's `game=` start from a preset of
//! [`crate::game::presets`], and each flag overrides one field).

use std::fmt;

use crate::game::deck::{Deck, ValueRange};
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::game::targets::TargetRange;

/// Which targets a game plays: one (24), or every whole target of a range
/// (Countdown's 100..999).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Targets {
    One(Q),
    Range(TargetRange),
}

impl Targets {
    /// The one target, if the game has one.
    pub fn one(self) -> Option<Q> {
        match self {
            Targets::One(t) => Some(t),
            Targets::Range(_) => None,
        }
    }

    /// Whether `t` is a target of the game.
    pub fn contains(self, t: Q) -> bool {
        match self {
            Targets::One(one) => t == one,
            Targets::Range(r) => t.is_integer() && r.contains(t.numer()),
        }
    }
}

impl fmt::Display for Targets {
    /// `24`, `7/2` or `100..999`, as the options take them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Targets::One(t) => write!(f, "{t}"),
            Targets::Range(r) => write!(f, "{r}"),
        }
    }
}

/// Points for an answer whose value is at most `within` from the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Band {
    pub within: u64,
    pub points: u32,
}

/// How an answer scores: the points of the first band its distance from
/// the target falls in (bands by distance ascending, the first one the
/// exact answer's), none beyond the last band or without a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    pub bands: &'static [Band],
    /// What a point is called (`point`, `star`).
    pub unit: &'static str,
}

impl Scoring {
    /// Right or wrong: 1 point for the target exactly, 0 otherwise.
    pub const EXACT: Scoring = Scoring {
        bands: &[Band {
            within: 0,
            points: 1,
        }],
        unit: "point",
    };

    /// The points of an answer worth `value` for `target` (`None`: no
    /// value, such as an answer that is not an expression). Exact: a value
    /// at a fractional distance scores in the band that distance reaches.
    pub fn score(&self, value: Option<Q>, target: Q) -> u32 {
        let Some(v) = value else { return 0 };
        // A distance past 64 bits is past every band.
        let Some(d) = v.distance(target) else {
            return 0;
        };
        self.bands
            .iter()
            .find(|b| d <= Q::int(b.within.min(i64::MAX as u64) as i64))
            .map_or(0, |b| b.points)
    }

    /// The points of an exact answer.
    pub fn best(&self) -> u32 {
        self.bands.first().map_or(0, |b| b.points)
    }

    /// Whether a value other than the target can score (Countdown, Digits):
    /// the answer to an unreachable target is then the closest value.
    pub fn rewards_near_misses(&self) -> bool {
        self.bands.iter().any(|b| b.within > 0 && b.points > 0)
    }

    /// The distances of the bands that score a near miss, ascending
    /// (Countdown's `[5, 10]`, Digits' `[10, 25]`).
    pub fn near_bands(&self) -> Vec<u64> {
        self.bands
            .iter()
            .filter(|b| b.within > 0 && b.points > 0)
            .map(|b| b.within)
            .collect()
    }

    /// The widest distance that still scores.
    pub fn reach(&self) -> u64 {
        self.bands.iter().map(|b| b.within).max().unwrap_or(0)
    }
}

impl fmt::Display for Scoring {
    /// `1 point exact` or `10 points exact, 7 within 5, 5 within 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.bands.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let unit = if i == 0 {
                format!(" {}{}", self.unit, if b.points == 1 { "" } else { "s" })
            } else {
                String::new()
            };
            match b.within {
                0 => write!(f, "{}{unit} exact", b.points)?,
                w => write!(f, "{}{unit} within {w}", b.points)?,
            }
        }
        Ok(())
    }
}

/// Where the target comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Set by the game, apart from the cards (24, Countdown's random
    /// three-digit target).
    #[default]
    Set,
    /// Dealt from the same deck after the hand (Krypto's objective card):
    /// a deal's odds count the cards the hand took from the deck.
    Dealt,
}

/// How a hand is dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Draw {
    /// Shuffled from the deck: every hand of the deck, each as likely as
    /// the ways the deck deals it.
    #[default]
    Shuffled,
    /// As in Countdown: the contestant asks for a number of large tiles
    /// (the deck's values held once, above every value it holds twice),
    /// and the rest are small; the reports count games by the number of
    /// large tiles.
    LargeAsked,
}

impl Draw {
    /// The large values of `deck` when hands are dealt this way: those it
    /// holds once above every value it holds more than once (25, 50, 75
    /// and 100 in Countdown). None for a shuffled deal.
    pub fn large_values(self, deck: Deck) -> Vec<i64> {
        let (Draw::LargeAsked, Deck::Multiset(m)) = (self, deck) else {
            return Vec::new();
        };
        let top_multi = m.pairs().filter(|&(_, c)| c > 1).map(|(v, _)| v).max();
        match top_multi {
            None => Vec::new(),
            Some(top) => m
                .pairs()
                .filter(|&(v, c)| c == 1 && v > top)
                .map(|(v, _)| v)
                .collect(),
        }
    }
}

/// One game of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub rules: Rules,
    pub uses: Use,
    /// The card values (for an explicit deck, the deck's own).
    pub values: ValueRange,
    pub deck: Deck,
    pub targets: Targets,
    pub hand_size: usize,
    pub scoring: Scoring,
    pub objective: Objective,
    pub draw: Draw,
}

impl Game {
    /// The card values dealt: the deck's own for an explicit deck, else
    /// [`Game::values`].
    pub fn dealt_values(&self) -> ValueRange {
        self.deck.values_or(self.values)
    }

    /// The game's one target, if it has one.
    pub fn target(&self) -> Option<Q> {
        self.targets.one()
    }

    /// Why `cards` cannot be a hand of this game, in one line: the wrong
    /// number of cards, a value the deck does not deal, or more copies of a
    /// value than it holds. `None` for a hand of the game.
    pub fn hand_fault(&self, cards: &[i64]) -> Option<String> {
        if cards.len() != self.hand_size {
            return Some(format!(
                "the hand has {} cards; this game deals {}",
                cards.len(),
                self.hand_size
            ));
        }
        let values = self.dealt_values();
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        for run in sorted.chunk_by(|a, b| a == b) {
            let v = run[0];
            if !values.contains(v) {
                return Some(format!(
                    "card {v} is not dealt in this game (values {values})"
                ));
            }
            let held = match self.deck {
                Deck::Copies(n) => n as usize,
                Deck::Unlimited => usize::MAX,
                Deck::Multiset(m) => m.copies_of(v) as usize,
            };
            if run.len() > held {
                return Some(match held {
                    0 => format!("card {v} is not in this game's deck ({})", self.deck),
                    _ => format!(
                        "the hand has {} cards {v}; this game's deck ({}) holds {held}",
                        run.len(),
                        self.deck
                    ),
                });
            }
        }
        None
    }

    /// How the game is played, in a sentence for a player: which numbers,
    /// the operations (`signs`, as the reader is to write them), what every
    /// step must be, and how a near miss scores. `goal` names what to make
    /// (`the puzzle's target`). A puzzle sheet and a task's prompt say it.
    pub fn rule_sentence(&self, signs: &str, goal: &str) -> String {
        let uses = match self.uses {
            Use::All => "Use every number once",
            Use::Any => "Use some of the numbers, each at most once",
        };
        let steps = match self.rules {
            Rules::Rational => "",
            Rules::Integer => "; every step must be a whole number",
            Rules::Natural => "; every step must be a whole number, never below zero",
            Rules::Positive => "; every step must be a whole number above zero",
        };
        let scoring = match self.scoring.rewards_near_misses() {
            true => format!(" Scoring: {}.", self.scoring),
            false => String::new(),
        };
        format!("{uses}, with {signs} and brackets, to make {goal}{steps}.{scoring}")
    }

    /// Why the deck cannot deal `cards` and then the objective `target`, in
    /// one line: [`Game::hand_fault`]'s faults, or, in a game whose target
    /// is dealt from the deck after the hand (Krypto), an objective that is
    /// not one of its cards or whose every copy the hand holds (`5 5 5 1 2`
    /// and objective 5 need four 5s of a deck with three). `None` for a
    /// deal of the game.
    pub fn deal_fault(&self, cards: &[i64], target: Q) -> Option<String> {
        self.hand_fault(cards)
            .or_else(|| self.objective_fault(cards, target))
    }

    /// Why the objective `target` cannot be dealt after the hand `cards`;
    /// `None` in a game whose target is not dealt.
    fn objective_fault(&self, cards: &[i64], target: Q) -> Option<String> {
        if self.objective != Objective::Dealt {
            return None;
        }
        let values = self.dealt_values();
        if !target.is_integer() || !values.contains(target.numer()) {
            return Some(format!(
                "objective {target} is not a card of this game (values {values})"
            ));
        }
        let t = target.numer();
        let copies = match self.deck {
            Deck::Copies(n) => n as usize,
            Deck::Unlimited => return None,
            Deck::Multiset(m) => m.copies_of(t) as usize,
        };
        let held = cards.iter().filter(|&&c| c == t).count();
        (held >= copies).then(|| match copies {
            0 => format!("objective {t} is not in this game's deck ({})", self.deck),
            _ => format!(
                "the hand and its objective need {} cards {t}; this game's deck ({}) holds {copies}",
                held + 1,
                self.deck
            ),
        })
    }

    /// The game in words: `4 cards from 1..13 (deck 4), target 24, rational
    /// rules, every card once, 1 point exact`.
    pub fn describe(&self) -> String {
        let uses = match self.uses {
            Use::All => "every card once",
            Use::Any => "any selection of the cards",
        };
        let objective = match self.objective {
            Objective::Set => "",
            Objective::Dealt => " dealt from the deck",
        };
        format!(
            "{} cards from {} (deck {}), target{} {}{objective}, {} rules, {uses}, {}",
            self.hand_size,
            self.dealt_values(),
            self.deck,
            if self.targets.one().is_some() {
                ""
            } else {
                "s"
            },
            self.targets,
            self.rules,
            self.scoring
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COUNTDOWN: Scoring = Scoring {
        bands: &[
            Band {
                within: 0,
                points: 10,
            },
            Band {
                within: 5,
                points: 7,
            },
            Band {
                within: 10,
                points: 5,
            },
        ],
        unit: "point",
    };

    #[test]
    fn countdown_asks_for_four_large_tiles_and_a_shuffled_deal_for_none() {
        let countdown: Deck = "countdown".parse().unwrap();
        assert_eq!(Draw::LargeAsked.large_values(countdown), [25, 50, 75, 100]);
        assert!(Draw::Shuffled.large_values(countdown).is_empty());
        assert!(Draw::LargeAsked.large_values(Deck::Copies(4)).is_empty());
        // Krypto's deck holds 18..25 once above pairs, but its hands are
        // shuffled: no large tiles.
        let krypto: Deck = "krypto".parse().unwrap();
        assert!(Draw::Shuffled.large_values(krypto).is_empty());
    }

    #[test]
    fn krypto_refuses_an_objective_its_deck_cannot_deal() {
        let krypto = crate::game::presets::game("krypto").unwrap();
        let fault = |cards: &[i64], t: Q| krypto.deal_fault(cards, t);
        // Three 5s in the deck: none left for the objective.
        assert_eq!(
            fault(&[5, 5, 5, 1, 2], Q::int(5)).as_deref(),
            Some("the hand and its objective need 4 cards 5; this game's deck (krypto) holds 3")
        );
        // One 25: a hand holding it leaves no objective 25.
        assert!(fault(&[25, 1, 2, 3, 4], Q::int(25)).is_some());
        assert_eq!(fault(&[5, 5, 1, 2, 3], Q::int(5)), None);
        assert_eq!(fault(&[25, 1, 2, 3, 4], Q::int(24)), None);
        assert_eq!(
            fault(&[1, 2, 3, 4, 5], Q::int(26)).as_deref(),
            Some("objective 26 is not a card of this game (values 1..25)")
        );
        assert!(fault(&[1, 2, 3, 4, 5], Q::new(7, 2).unwrap()).is_some());
        // The hand's own fault comes first.
        assert_eq!(
            fault(&[5, 5, 5, 5, 1], Q::int(5)),
            krypto.hand_fault(&[5, 5, 5, 5, 1])
        );
        // Without the deck's limits, or with a target not dealt, any
        // objective goes.
        let unlimited = Game {
            deck: Deck::Unlimited,
            ..krypto
        };
        assert_eq!(unlimited.deal_fault(&[5, 5, 5, 1, 2], Q::int(5)), None);
        let set = Game {
            objective: Objective::Set,
            ..krypto
        };
        assert_eq!(set.deal_fault(&[5, 5, 5, 1, 2], Q::int(5)), None);
    }

    #[test]
    fn scores_follow_the_bands_exactly() {
        let t = Q::int(500);
        let s = |v: i64| COUNTDOWN.score(Some(Q::int(v)), t);
        assert_eq!(
            (s(500), s(495), s(505), s(494), s(510), s(511)),
            (10, 7, 7, 5, 5, 0)
        );
        assert_eq!(COUNTDOWN.score(None, t), 0);
        // 5 and a half away is past the within-5 band.
        assert_eq!(COUNTDOWN.score(Some(Q::new(1011, 2).unwrap()), t), 5);
        assert_eq!(Scoring::EXACT.score(Some(Q::int(24)), Q::int(24)), 1);
        assert_eq!(Scoring::EXACT.score(Some(Q::int(25)), Q::int(24)), 0);
        assert!(COUNTDOWN.rewards_near_misses() && !Scoring::EXACT.rewards_near_misses());
        assert_eq!(COUNTDOWN.near_bands(), [5, 10]);
        assert!(Scoring::EXACT.near_bands().is_empty());
        assert_eq!(
            COUNTDOWN.to_string(),
            "10 points exact, 7 within 5, 5 within 10"
        );
        assert_eq!(Scoring::EXACT.to_string(), "1 point exact");
    }
}
