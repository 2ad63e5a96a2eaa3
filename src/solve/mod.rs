//! Solving one hand: is the target reachable, and how?
//!
//! [`exact`] decides any hand of up to [`MAX_EXACT_CARDS`] cards by dynamic
//! programming over its sub-multisets (and finds the closest reachable value
//! when asked); [`subsets`] lets a solution use any of the hand's cards
//! (`--use any`) with the same tables; [`bighand`] solves hands of up to 64
//! cards by an exact core plus a group worth zero, with proofs for its "no
//! solution" answers.
//!
//! This layer uses only [`crate::game`]. It is pure: hands in, outcomes out.

pub mod bighand;
pub mod exact;
pub mod ladder;
pub mod selections;
pub mod subsets;
pub mod targets;

pub use crate::game::hand::MAX_EXACT_CARDS;
pub use exact::{
    Closest, MAX_STEPS, Outcome, reachable_values, solve, solve_closest, solve_closest_within,
    solve_within,
};
pub use subsets::{solve_selection, sub_hands};

use crate::game::deck::Deck;
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};

/// How one hand is searched, beyond the game: the closest value to report
/// when the target is out of reach, the deck a hand over
/// [`MAX_EXACT_CARDS`] cards must come from, and the step budget of an
/// exhaustive search. A value handed down to every solve, never a global.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    pub closest: Closest,
    /// The deck the big-hand solver takes hands from.
    pub deck: Deck,
    /// Steps an exhaustive search may take ([`MAX_STEPS`] by default)
    /// before it gives up with [`InputError::TooHard`].
    pub max_steps: u64,
}

impl Default for Search {
    /// The exact target, the 52-card deck, [`MAX_STEPS`].
    fn default() -> Search {
        Search {
            closest: Closest::Exact,
            deck: Deck::Copies(4),
            max_steps: MAX_STEPS,
        }
    }
}

/// Solve a hand of any size: the exact solver up to [`MAX_EXACT_CARDS`] cards
/// (with `closest`), the big-hand solver beyond it for hands that could be
/// dealt from the search's deck ([`bighand::check_deck`]). A big hand without a
/// solution has no closest value to offer (its reachable values are never
/// all computed), so `closest` other than [`Closest::Exact`] is refused there.
pub fn solve_hand(
    hand: &Hand,
    target: Q,
    rules: Rules,
    search: &Search,
) -> Result<Outcome, InputError> {
    let closest = search.closest;
    if hand.len() <= MAX_EXACT_CARDS {
        return solve_closest_within(hand, target, rules, closest, search.max_steps);
    }
    bighand::check_deck(hand, search.deck)?;
    match bighand::solve_any(hand, target, rules)? {
        Some(e) => Ok(Outcome {
            value: Some(target),
            expr: Some(e),
        }),
        None if closest != Closest::Exact => Err(InputError::Other(format!(
            "hand {hand} has no solution, and the closest value is found only for \
             hands of at most {MAX_EXACT_CARDS} cards"
        ))),
        None => Ok(Outcome {
            value: None,
            expr: None,
        }),
    }
}

/// [`solve_hand`] as `use_` says: with [`Use::Any`] any non-empty
/// sub-multiset of the hand may make the target ([`solve_selection`]); the
/// big-hand solver does not play that game, so hands over
/// [`MAX_EXACT_CARDS`] cards are refused with an error naming `--use any`.
pub fn solve_hand_using(
    hand: &Hand,
    target: Q,
    rules: Rules,
    use_: Use,
    search: &Search,
) -> Result<Outcome, InputError> {
    match use_ {
        Use::All => solve_hand(hand, target, rules, search),
        Use::Any => solve_selection(hand, target, rules, search.closest, search.max_steps),
    }
}
