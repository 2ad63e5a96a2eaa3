//! A hand's answer, as every product gives it (`census24 solve`, the
//! Python package, the task source): the search decides, and a solved hand
//! of up to [`MAX_SIMPLEST_CARDS`] cards shows its simplest solution, class
//! 0 of its structural classes, as the tables do.
//!
//! How to answer is a value, [`Policy`], that the caller hands down: which
//! solution to show, the closest value when the target is out of reach,
//! the big hands' deck and the step budget. There is no global.

use crate::game::error::InputError;
use crate::game::family::Game;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};
use crate::solve::{Closest, Outcome, Search, solve_hand_using};

use super::{MAX_SIMPLEST_CARDS, simplest};

/// Which solution a solved hand shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pick {
    /// The simplest (class 0), for hands of up to [`MAX_SIMPLEST_CARDS`]
    /// cards using every card; the first found beyond.
    #[default]
    Simplest,
    /// The first solution the search finds: faster on long batches.
    First,
}

/// How to answer a hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    pub pick: Pick,
    pub search: Search,
}

impl Policy {
    /// How `game` answers by default: the simplest solution, and for a game
    /// that scores near misses (Countdown, Digits) the nearest reachable
    /// value when the target is out of reach; big hands dealt from the
    /// game's deck.
    pub fn of_game(game: &Game) -> Policy {
        Policy {
            pick: Pick::Simplest,
            search: Search {
                closest: if game.scoring.rewards_near_misses() {
                    Closest::Nearest
                } else {
                    Closest::Exact
                },
                deck: game.deck,
                ..Search::default()
            },
        }
    }
}

/// The answer to `hand` for `target` under `rules` and `uses`, as
/// `policy` asks: an expression worth the target (or, with a closest mode,
/// the closest value reachable), or a proof by exhaustion that there is
/// none; [`InputError::TooHard`] when the search ran past its budget.
pub fn answer(
    hand: &Hand,
    target: Q,
    rules: Rules,
    uses: Use,
    policy: &Policy,
) -> Result<Outcome, InputError> {
    let mut outcome = solve_hand_using(hand, target, rules, uses, &policy.search)?;
    // The search proved a solution exists; the enumeration picks class 0.
    let plain =
        uses == Use::All && policy.pick == Pick::Simplest && hand.len() <= MAX_SIMPLEST_CARDS;
    if plain && outcome.solved(target) {
        outcome.expr = simplest(hand, target, rules)?.or(outcome.expr);
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MAX_STEPS;

    fn hand(s: &str) -> Hand {
        Hand::parse(s).unwrap()
    }

    #[test]
    fn the_simplest_is_class_0_and_first_is_what_the_search_finds() {
        let p = Policy::default();
        let a = answer(&hand("3 8 8 9"), Q::int(24), Rules::Rational, Use::All, &p).unwrap();
        assert_eq!(a.expr.unwrap().to_string(), "(9-8)*3*8");
        let first = Policy {
            pick: Pick::First,
            ..p
        };
        let f = answer(
            &hand("3 8 8 9"),
            Q::int(24),
            Rules::Rational,
            Use::All,
            &first,
        )
        .unwrap();
        assert!(f.solved(Q::int(24)));
    }

    #[test]
    fn the_step_budget_is_the_policys_own() {
        let tight = Policy {
            search: Search {
                max_steps: 10,
                ..Search::default()
            },
            ..Policy::default()
        };
        let h = hand("1 2 3 4 5 6 7 8 9");
        let err = answer(
            &h,
            Q::new(9_999_991, 7).unwrap(),
            Rules::Rational,
            Use::All,
            &tight,
        );
        // Refuted by size before any search: no budget needed.
        assert!(err.is_ok());
        let target = Q::new(1, 999).unwrap();
        let err = answer(&h, target, Rules::Rational, Use::All, &tight).unwrap_err();
        assert!(matches!(err, InputError::TooHard { .. }), "{err}");
        // The same hand under the default budget in another policy, at the
        // same time: no budget leaks from one to the other.
        let near = Policy {
            search: Search {
                closest: Closest::Nearest,
                ..Search::default()
            },
            ..Policy::default()
        };
        assert_eq!(near.search.max_steps, MAX_STEPS);
        let a = answer(
            &hand("1 1 1 1"),
            Q::int(24),
            Rules::Rational,
            Use::All,
            &near,
        )
        .unwrap();
        assert_eq!(a.value, Some(Q::int(4)));
    }
}
