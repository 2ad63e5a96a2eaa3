//! Dealing a task: the numbers and the target of candidate `i` of a seed,
//! drawn as the game deals them, the same on every machine and thread.
//!
//! Each candidate has a generator of its own ([`Rng::stream`]: SplitMix64
//! seeded by the seed and the index), so candidates can be drawn in any
//! order and in parallel and still be the same. The generator is written
//! here rather than taken from a crate so that a seed keeps giving the
//! same tasks across versions of any dependency.

use crate::game::deck::Deck;
use crate::game::family::{Game, Objective, Targets};

/// SplitMix64 (Steele, Lea and Flood 2014): 64 bits of state, every output
/// a bijective mix of a counter.
#[derive(Clone, Debug)]
pub struct Rng(u64);

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Position `i` (`i < n`) of a permutation of `0..n` fixed by `seed`: a
/// table's games drawn in this order are each drawn once, so `n` draws see
/// every game (a stratum still short then is short in the table). A
/// four-round Feistel network over the smallest even number of bits that
/// holds `n`, walking the cycle until the value falls below `n`.
pub fn permuted(i: u64, n: u64, seed: u64) -> u64 {
    debug_assert!(i < n);
    let bits = (64 - (n.max(2) - 1).leading_zeros()).next_multiple_of(2);
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let mut x = i;
    loop {
        let (mut left, mut right) = (x >> half, x & mask);
        for round in 0..4u64 {
            let f = mix(seed ^ mix(right ^ (round << 56))) & mask;
            (left, right) = (right, left ^ f);
        }
        x = (left << half) | right;
        if x < n {
            return x;
        }
    }
}

impl Rng {
    /// The generator of candidate `index` of `seed`.
    pub fn stream(seed: u64, index: u64) -> Rng {
        Rng(mix(seed ^ mix(index.wrapping_add(GOLDEN))))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias (Lemire's method
    /// with rejection).
    pub fn below(&mut self, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

/// How a game deals: its cards when the deck is finite (every copy
/// listed), else the values drawn independently.
#[derive(Clone, Debug)]
pub enum Dealer {
    Cards(Vec<i64>),
    Independent { lo: i64, hi: i64 },
}

impl Dealer {
    pub fn of(game: &Game) -> Dealer {
        let values = game.dealt_values();
        match game.deck {
            Deck::Unlimited => Dealer::Independent {
                lo: values.lo,
                hi: values.hi,
            },
            Deck::Copies(n) => Dealer::Cards(
                (values.lo..=values.hi)
                    .flat_map(|v| std::iter::repeat_n(v, n as usize))
                    .collect(),
            ),
            Deck::Multiset(m) => Dealer::Cards(
                m.pairs()
                    .flat_map(|(v, c)| std::iter::repeat_n(v, c as usize))
                    .collect(),
            ),
        }
    }

    /// Cards in the deck (`None`: unlimited).
    pub fn cards(&self) -> Option<usize> {
        match self {
            Dealer::Cards(c) => Some(c.len()),
            Dealer::Independent { .. } => None,
        }
    }

    /// `k` cards (ascending) and the target, for `game`: the target is the
    /// game's one target, uniform over its range, or (Krypto's objective
    /// card) the next card dealt. `None` when a dealt objective is not one
    /// of the game's targets.
    pub fn deal(&self, game: &Game, k: usize, rng: &mut Rng) -> Option<(Vec<i64>, i64)> {
        let dealt_objective = game.objective == Objective::Dealt;
        let (mut hand, objective) = match self {
            Dealer::Cards(deck) => {
                let mut d = deck.clone();
                let take = k + usize::from(dealt_objective);
                for i in 0..take {
                    let j = i + rng.below((d.len() - i) as u64) as usize;
                    d.swap(i, j);
                }
                (d[..k].to_vec(), dealt_objective.then(|| d[k]))
            }
            Dealer::Independent { lo, hi } => {
                let width = (hi - lo + 1) as u64;
                let mut draw = || lo + rng.below(width) as i64;
                let hand: Vec<i64> = (0..k).map(|_| draw()).collect();
                let objective = dealt_objective.then(&mut draw);
                (hand, objective)
            }
        };
        hand.sort_unstable();
        let target = match (objective, game.targets) {
            (Some(t), targets) => {
                if !targets.contains(crate::game::number::Q::int(t)) {
                    return None;
                }
                t
            }
            (None, Targets::One(t)) => t.numer(),
            (None, Targets::Range(r)) => r.lo + rng.below((r.hi - r.lo + 1) as u64) as i64,
        };
        Some((hand, target))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn permuted_visits_every_position_once() {
        for n in [1u64, 2, 3, 5, 64, 1000, 12_513] {
            for seed in [0u64, 24, 7] {
                let mut seen: Vec<u64> = (0..n).map(|i| super::permuted(i, n, seed)).collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "n {n} seed {seed}");
            }
        }
        // Not the identity, and the seed matters.
        let first = |seed| {
            (0..20)
                .map(|i| super::permuted(i, 1000, seed))
                .collect::<Vec<_>>()
        };
        assert_ne!(first(24), (0..20).collect::<Vec<_>>());
        assert_ne!(first(24), first(25));
    }

    use super::*;
    use crate::game::presets;

    #[test]
    fn below_is_uniform_and_in_range() {
        let mut rng = Rng::stream(7, 0);
        let mut seen = [0u32; 6];
        for _ in 0..60_000 {
            seen[rng.below(6) as usize] += 1;
        }
        // Each face 10,000 expected; 5 standard deviations is about 460.
        assert!(
            seen.iter().all(|&n| (9_500..10_500).contains(&n)),
            "{seen:?}"
        );
    }

    #[test]
    fn streams_are_fixed_by_seed_and_index() {
        let a: Vec<u64> = (0..3).map(|i| Rng::stream(24, i).next_u64()).collect();
        let b: Vec<u64> = (0..3).map(|i| Rng::stream(24, i).next_u64()).collect();
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
        assert_ne!(Rng::stream(25, 0).next_u64(), a[0]);
        // The first output of stream (0, 0), pinned: a change of the
        // generator changes every task set, so it must be deliberate.
        assert_eq!(Rng::stream(0, 0).next_u64(), 0x568a_9b0b_1a2c_05ec);
    }

    #[test]
    fn deals_respect_the_deck() {
        let game = presets::game("countdown").unwrap();
        let dealer = Dealer::of(&game);
        assert_eq!(dealer.cards(), Some(24));
        for i in 0..2_000 {
            let (hand, target) = dealer.deal(&game, 6, &mut Rng::stream(1, i)).unwrap();
            assert_eq!(game.hand_fault(&hand), None, "{hand:?}");
            assert!((100..=999).contains(&target));
        }
        let krypto = presets::game("krypto").unwrap();
        let dealer = Dealer::of(&krypto);
        assert_eq!(dealer.cards(), Some(56));
        for i in 0..2_000 {
            let (hand, target) = dealer.deal(&krypto, 5, &mut Rng::stream(1, i)).unwrap();
            let mut all = hand.clone();
            all.push(target);
            all.sort_unstable();
            // Hand and objective together are six cards of the deck.
            let mut six = krypto;
            six.hand_size = 6;
            assert_eq!(six.hand_fault(&all), None, "{all:?}");
        }
    }
}
