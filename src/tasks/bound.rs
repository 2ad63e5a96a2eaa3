//! How many distinct tasks a game holds: the hands of `k` numbers its deck
//! deals times its targets. A plan asking more of a hand size than that is
//! refused before anything is dealt, and a draw that has dealt every one
//! of them stops: nothing new can turn up.

use std::collections::HashSet;

use crate::game::family::{Game, Objective, Targets};
use crate::tables::enumerate::count_hands;

/// The distinct (hand, target) games of `k` numbers of `game`: its
/// multisets of `k` cards times its targets. With a dealt objective, the
/// targets are those among the deck's values (an upper bound: a hand that
/// holds every copy of a value leaves none to deal). `None` past `u128`.
pub fn games(game: &Game, k: usize) -> Option<u128> {
    let values = game.dealt_values();
    let hands = count_hands(k, values, game.deck)?;
    let targets = match (game.targets, game.objective) {
        (Targets::One(_), _) => 1,
        (Targets::Range(r), Objective::Set) => u128::from(r.hi.abs_diff(r.lo)) + 1,
        (Targets::Range(r), Objective::Dealt) => {
            let (lo, hi) = (r.lo.max(values.lo), r.hi.min(values.hi));
            if lo > hi {
                0
            } else {
                u128::from(hi.abs_diff(lo)) + 1
            }
        }
    };
    hands.checked_mul(targets)
}

/// What the words of a refusal call the count: why the game holds no more.
pub const WHY: &str = "the hands its deck deals times its targets";

/// Past this many games of a plan's hand sizes, the games dealt are not
/// kept: a draw would seldom see them all.
pub const TRACKED_GAMES: u128 = 1_000_000;

/// The distinct games dealt so far of each hand size, kept while the
/// sizes hold at most [`TRACKED_GAMES`]: once every game of a size has
/// been dealt, a stratum of that size still open can fill no more.
#[derive(Debug, Default)]
pub struct Dealt {
    /// Per hand size: the games it holds and those dealt.
    sizes: Vec<(usize, u128, HashSet<Deal>)>,
}

/// A game dealt: its numbers, ascending, and its target.
type Deal = (Vec<i64>, i64);

impl Dealt {
    /// A record of the games of `sizes` dealt in `game` (it keeps nothing
    /// when they are too many to see them all).
    pub fn of(game: &Game, sizes: &[usize]) -> Dealt {
        let held: Option<Vec<u128>> = sizes.iter().map(|&k| games(game, k)).collect();
        match held {
            Some(held) if held.iter().sum::<u128>() <= TRACKED_GAMES => Dealt {
                sizes: sizes
                    .iter()
                    .zip(held)
                    .map(|(&k, n)| (k, n, HashSet::new()))
                    .collect(),
            },
            _ => Dealt::default(),
        }
    }

    /// Notes a game dealt.
    pub fn note(&mut self, cards: &[i64], target: i64) {
        if let Some((_, _, seen)) = self.sizes.iter_mut().find(|s| s.0 == cards.len()) {
            seen.insert((cards.to_vec(), target));
        }
    }

    /// Whether every game of `k` numbers has been dealt.
    pub fn all_dealt(&self, k: usize) -> bool {
        self.sizes
            .iter()
            .any(|(size, held, seen)| *size == k && seen.len() as u128 >= *held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::presets;

    #[test]
    fn the_presets_hold_their_hands_times_their_targets() {
        let game = |name| presets::game(name).unwrap();
        // 1820 four-card hands of the 52-card deck, one target.
        assert_eq!(games(&game("24"), 4), Some(1820));
        assert_eq!(games(&game("24"), 1), Some(13));
        // Countdown: 13 243 six-tile hands, 900 targets.
        assert_eq!(games(&game("countdown"), 6), Some(13_243 * 900));
        // Krypto deals its objective from 1..25.
        let krypto = game("krypto");
        let hands = count_hands(5, krypto.dealt_values(), krypto.deck).unwrap();
        assert_eq!(games(&krypto, 5), Some(hands * 25));
        // Independent draws of 1..100, ten numbers: past nothing.
        let mut wide = game("24");
        wide.deck = crate::game::deck::Deck::Unlimited;
        assert!(games(&wide, 10).is_some());
    }
}
