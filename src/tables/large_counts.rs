//! The counts of games of one combination of one to three large numbers
//! (the selections of a census of large sets with that many large tiles),
//! the key of a combination, and the record the shared-counts file keeps
//! of each ([`crate::tables::large_shared`] writes and reads the file;
//! [`crate::tables::registry::large_sets`] makes and adds the counts).
//!
//! A record: the combination's numbers as three little-endian `u16` (0 for
//! none), then the eight counts of [`Counts`] as little-endian `u64`.

use rustc_hash::FxHashMap;

/// The counts of some games: exact, within 5, within 10, plain and
/// weighted by the ways to draw each selection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub games: u64,
    pub solvable: u64,
    pub near: [u64; 2],
    pub games_weighted: u64,
    pub solvable_weighted: u64,
    pub near_weighted: [u64; 2],
}

impl Counts {
    #[inline]
    pub fn add(&mut self, o: &Counts) {
        self.games += o.games;
        self.solvable += o.solvable;
        self.games_weighted += o.games_weighted;
        self.solvable_weighted += o.solvable_weighted;
        for i in 0..self.near.len() {
            self.near[i] += o.near[i];
            self.near_weighted[i] += o.near_weighted[i];
        }
    }
}

/// A combination of one to three large numbers (ascending), ten bits each
/// from the low end: the key of the shared counts.
pub type Combo = u32;

/// The key of a combination of large numbers (ascending, each at most
/// [`crate::solve::selections::MAX_TILE`]).
#[inline]
pub fn combo_of(large: &[i64]) -> Combo {
    large
        .iter()
        .enumerate()
        .fold(0, |k, (i, &v)| k | (v as Combo) << (10 * i))
}

/// The numbers of a combination, ascending.
pub fn numbers_of(combo: Combo) -> Vec<i64> {
    let mut out = Vec::new();
    let mut k = combo;
    while k != 0 {
        out.push((k & 1023) as i64);
        k >>= 10;
    }
    out
}

/// Bytes of one record: three numbers and eight counts.
const RECORD: usize = 3 * 2 + 8 * 8;

/// The records of `combos` with their `counts`, in order.
pub fn encode(combos: &[Combo], counts: &[Counts]) -> Vec<u8> {
    let mut out = Vec::with_capacity(combos.len() * RECORD);
    for (&combo, c) in combos.iter().zip(counts) {
        let mut numbers = numbers_of(combo);
        numbers.resize(3, 0);
        for v in numbers {
            out.extend_from_slice(&(v as u16).to_le_bytes());
        }
        for v in [
            c.games,
            c.solvable,
            c.near[0],
            c.near[1],
            c.games_weighted,
            c.solvable_weighted,
            c.near_weighted[0],
            c.near_weighted[1],
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out
}

/// The counts of records, `None` unless `bytes` are whole records.
pub fn decode(bytes: &[u8]) -> Option<FxHashMap<Combo, Counts>> {
    if !bytes.len().is_multiple_of(RECORD) {
        return None;
    }
    let mut out = FxHashMap::default();
    for r in bytes.chunks_exact(RECORD) {
        let numbers: Vec<i64> = (0..3)
            .map(|i| u16::from_le_bytes([r[2 * i], r[2 * i + 1]]) as i64)
            .take_while(|&v| v != 0)
            .collect();
        let v: Vec<u64> = (0..8)
            .map(|i| u64::from_le_bytes(r[6 + 8 * i..14 + 8 * i].try_into().expect("8 bytes")))
            .collect();
        let c = Counts {
            games: v[0],
            solvable: v[1],
            near: [v[2], v[3]],
            games_weighted: v[4],
            solvable_weighted: v[5],
            near_weighted: [v[6], v[7]],
        };
        out.insert(combo_of(&numbers), c);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let combos = vec![
            combo_of(&[11]),
            combo_of(&[11, 12]),
            combo_of(&[98, 99, 100]),
        ];
        let counts: Vec<Counts> = (0..3u64)
            .map(|i| Counts {
                games: 1 + i,
                solvable: 2 + i,
                near: [3 + i, 4 + i],
                games_weighted: 5 + i,
                solvable_weighted: 6 + i,
                near_weighted: [7 + i, u64::MAX - i],
            })
            .collect();
        let bytes = encode(&combos, &counts);
        assert_eq!(bytes.len(), 3 * RECORD);
        let back = decode(&bytes).unwrap();
        for (c, n) in combos.iter().zip(&counts) {
            assert_eq!(back[c], *n);
        }
        assert!(decode(&bytes[1..]).is_none());
    }
}
