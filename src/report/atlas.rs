//! The atlas: the 24 game across hand sizes, one to ten cards, for both
//! conventions of dealing (a 52-card deck, and independent draws).
//!
//! Two parts. The hand-size rows (how many hands of each size make 24, by
//! hand and by deal, how many need a fraction, the last unsolvable ones) are
//! read from the shipped target-24 tables by the report's query step. The
//! **cover** of every target of a range is computed here, by exhaustion: for
//! each target, the smallest hand size at which every hand makes it, found
//! by solving hands in table order until one fails (a witness that the size
//! is too small) or none does (a proof that it is enough). The chart's lines
//! (the share of hands that make a target, for a handful of targets and
//! every size) are counted here the same way. Both walk the hand sizes
//! once with a [`Ladder`], which knows most of what the hands of one size
//! reach from the hands one card smaller; the exact solver decides only
//! the pairs it does not know (the misses among them: every witness).
//!
//! Pure and deterministic: the parameters in, counts out, the same whatever
//! the thread count (rayon's `position_first` and ordered sums).

use std::fmt::Write as _;

use rayon::prelude::*;

use crate::game::deck::{Deck, ValueRange};
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::game::targets::TargetRange;
use crate::solve::exact::solve;
use crate::solve::ladder::Ladder;
use crate::tables::enumerate;
use crate::tables::layout::TableKey;
use crate::tables::manifest::{FileEntry, Sealed, from_sealed_bytes, sealed_bytes, sha256_hex};

use super::TableSummary;

/// The largest hand size of the atlas.
pub const MAX_K: usize = 10;
/// The targets whose cover the atlas computes.
pub const TARGETS: TargetRange = TargetRange { lo: 1, hi: 100 };
/// The targets drawn as lines of share against hand size (24 among them).
pub const CHART_TARGETS: [i64; 5] = [1, 10, 24, 60, 97];

/// What one atlas covers: hand sizes 1 to `max_k`, the cover of
/// `targets`, and the lines of `chart_targets` (those inside `targets`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub max_k: usize,
    pub targets: TargetRange,
}

impl Default for Plan {
    /// The shipped atlas: 1 to [`MAX_K`] cards, targets [`TARGETS`].
    fn default() -> Plan {
        Plan {
            max_k: MAX_K,
            targets: TARGETS,
        }
    }
}

impl Plan {
    /// The targets drawn as lines: [`CHART_TARGETS`] inside the range.
    pub fn chart_targets(&self) -> Vec<i64> {
        CHART_TARGETS
            .into_iter()
            .filter(|t| (self.targets.lo..=self.targets.hi).contains(t))
            .collect()
    }
}

/// The atlas's two decks: a 52-card deck (at most four copies of a value),
/// and independent draws (any number of copies).
pub const DECKS: [Deck; 2] = [Deck::Copies(4), Deck::Unlimited];

/// The game of the atlas with `k` cards from `deck`: the standard game
/// (rational rules, values 1..13, target 24) with that deck.
pub fn key(k: usize, deck: Deck) -> TableKey {
    TableKey {
        deck,
        ..TableKey::standard(k)
    }
}

/// The smallest hand size at which every hand makes one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    pub target: i64,
    /// The smallest `k` (1 to the largest size searched) at which every
    /// hand of `k` cards makes the target; `None` when no size searched is
    /// enough.
    pub first_k: Option<usize>,
    /// The first hand (in table order) of the largest size that is not
    /// enough, which does not make the target: the witness that one card
    /// fewer does not do. `None` when one card is already enough.
    pub witness: Option<(usize, String)>,
}

/// Everything the atlas report states about one deck.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckAtlas {
    pub deck: Deck,
    /// The summary of each hand size's target-24 table found, by size.
    pub sizes: Vec<TableSummary>,
    /// Hand sizes 1 to [`MAX_K`] that have no table in the data folder.
    pub missing: Vec<usize>,
    /// What `census24 cover` solved for this deck.
    pub solved: Solved,
}

/// The folder (under the data folder, and under the reports folder) of the
/// atlas's files.
pub const ATLAS_DIR: &str = "atlas";
/// The cover of every target, one row per deck and target.
pub const COVER_CSV: &str = "cover.csv";
/// The chart's shares, one row per deck, target and hand size.
pub const SHARES_CSV: &str = "shares.csv";
/// The sealed listing of the two files (sizes and SHA-256), written last:
/// `report --atlas` reads neither file unless both match it.
pub const ATLAS_MANIFEST: &str = "manifest.json";

/// What `DATA/atlas/manifest.json` holds: the plan the files were solved
/// for and each file's size and SHA-256, sealed like a table's manifest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AtlasManifest {
    pub tool: String,
    pub tool_version: String,
    pub max_k: usize,
    /// `LO..HI`.
    pub targets: String,
    pub files: Vec<FileEntry>,
    pub manifest_sha256: String,
}

impl Sealed for AtlasManifest {
    fn seal(&mut self) -> &mut String {
        &mut self.manifest_sha256
    }
}

/// The files of `census24 cover` in the order they are written (the
/// manifest last, so that its presence means both files are complete).
pub fn cover_files(plan: &Plan, solved: &[Solved]) -> Vec<(&'static str, Vec<u8>)> {
    let (cover, shares) = (cover_csv(plan, solved), shares_csv(solved));
    let rows = |text: &str| text.lines().count().saturating_sub(1);
    let manifest = AtlasManifest {
        tool: "census24".to_string(),
        tool_version: env!("CARGO_PKG_VERSION").to_string(),
        max_k: plan.max_k,
        targets: plan.targets.to_string(),
        files: vec![
            FileEntry::of(COVER_CSV, rows(&cover), cover.as_bytes()),
            FileEntry::of(SHARES_CSV, rows(&shares), shares.as_bytes()),
        ],
        manifest_sha256: String::new(),
    };
    vec![
        (COVER_CSV, cover.into_bytes()),
        (SHARES_CSV, shares.into_bytes()),
        (ATLAS_MANIFEST, sealed_bytes(&manifest)),
    ]
}

/// The cover and shares files, read through `read` (a file name to its
/// bytes, `None` when it is missing) and trusted only if the sealed
/// manifest holds and lists both with their exact sizes and SHA-256; then
/// parsed ([`parse_solved`]). The error names the file and what is wrong.
pub fn read_solved(
    read: impl Fn(&str) -> Result<Option<Vec<u8>>, String>,
) -> Result<(Plan, Vec<Solved>), String> {
    let missing = |name: &str| format!("{name} is missing");
    let bytes = read(ATLAS_MANIFEST)?.ok_or_else(|| missing(ATLAS_MANIFEST))?;
    let manifest: AtlasManifest =
        from_sealed_bytes(&bytes).map_err(|e| format!("{ATLAS_MANIFEST}: {e}"))?;
    let mut texts = Vec::new();
    for name in [COVER_CSV, SHARES_CSV] {
        let entry = manifest
            .files
            .iter()
            .find(|f| f.name == name)
            .ok_or_else(|| format!("{ATLAS_MANIFEST} does not list {name}"))?;
        let bytes = read(name)?.ok_or_else(|| missing(name))?;
        if bytes.len() as u64 != entry.bytes || sha256_hex(&bytes) != entry.sha256 {
            return Err(format!(
                "{name} does not match the size and SHA-256 that {ATLAS_MANIFEST} lists for it \
                 (the file was changed or damaged): make it again with census24 cover"
            ));
        }
        texts.push(String::from_utf8(bytes).map_err(|_| format!("{name} is not UTF-8"))?);
    }
    let (plan, solved) = parse_solved(&texts[0], &texts[1])?;
    if plan.max_k != manifest.max_k || plan.targets.to_string() != manifest.targets {
        return Err(format!(
            "{COVER_CSV} covers 1..{} cards and targets {}, but {ATLAS_MANIFEST} says 1..{} and {}",
            plan.max_k, plan.targets, manifest.max_k, manifest.targets
        ));
    }
    Ok((plan, solved))
}

/// What `census24 cover` solves for one deck.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub deck: Deck,
    pub cover: Vec<Cover>,
    /// For each of the plan's chart targets, its share at every hand size.
    pub lines: Vec<(i64, Vec<Share>)>,
}

/// Solves the plan for one deck of the atlas; `progress` hears each step.
///
/// One pass over the hand sizes: the hands of each size (and what the
/// ladder knows they reach) serve the cover and every chart line.
pub fn solve_deck(plan: &Plan, deck: Deck, progress: &dyn Fn(&str)) -> Result<Solved, InputError> {
    let game = key(1, deck);
    let (values, rules) = (game.values, game.rules);
    let name = deck.folder();
    let mut cover = uncovered(plan.targets);
    let mut lines: Vec<(i64, Vec<Share>)> = plan
        .chart_targets()
        .into_iter()
        .map(|t| (t, Vec::new()))
        .collect();
    let mut ladder = Ladder::new(rules, plan.targets.lo, plan.targets.hi);
    for k in 1..=plan.max_k {
        ladder.climb(enumerate::hands(k, values, deck));
        let cards = crate::tables::summary::counted(k as u64, "card");
        if cover.iter().any(|c| c.first_k.is_none()) {
            cover_step(&mut cover, k, &ladder, rules)?;
            progress(&format!("deck {name}: every target checked at {cards}"));
        }
        for (t, line) in &mut lines {
            line.push(share(&ladder, k, *t, values, deck, rules)?);
        }
        progress(&format!(
            "deck {name}: the chart's targets counted at {cards}"
        ));
    }
    Ok(Solved { deck, cover, lines })
}

/// `cover.csv`: `deck,target,max_k,smallest_k,witness_k,witness_hand`
/// (`max_k` the largest size searched; an empty cell where there is none).
pub fn cover_csv(plan: &Plan, solved: &[Solved]) -> String {
    let mut out = String::from("deck,target,max_k,smallest_k,witness_k,witness_hand\n");
    for d in solved {
        for c in &d.cover {
            let (wk, wh) = c
                .witness
                .as_ref()
                .map_or((String::new(), ""), |(k, h)| (k.to_string(), h.as_str()));
            let first = c.first_k.map_or(String::new(), |k| k.to_string());
            let _ = writeln!(
                out,
                "{},{},{},{first},{wk},{wh}",
                d.deck.folder(),
                c.target,
                plan.max_k
            );
        }
    }
    out
}

/// `shares.csv`: `deck,target,k,hands,solvable,deal_share`.
pub fn shares_csv(solved: &[Solved]) -> String {
    let mut out = String::from("deck,target,k,hands,solvable,deal_share\n");
    for d in solved {
        for (t, shares) in &d.lines {
            for s in shares {
                let _ = writeln!(
                    out,
                    "{},{t},{},{},{},{}",
                    d.deck.folder(),
                    s.k,
                    s.hands,
                    s.solvable,
                    s.deal_share
                );
            }
        }
    }
    out
}

/// Reads the two files back: the plan they were solved for and each
/// deck's part, in the order of [`DECKS`]. The error names the line.
pub fn parse_solved(cover: &str, shares: &str) -> Result<(Plan, Vec<Solved>), String> {
    fn rows<'a>(
        text: &'a str,
        file: &str,
        header: &str,
    ) -> Result<Vec<(usize, Vec<&'a str>)>, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, h)) if h == header => {}
            _ => return Err(format!("{file}: the first line is not \"{header}\"")),
        }
        Ok(lines
            .filter(|(_, l)| !l.is_empty())
            .map(|(n, l)| (n + 1, l.split(',').collect()))
            .collect())
    }
    fn num<T: std::str::FromStr>(file: &str, n: usize, cell: &str) -> Result<T, String> {
        cell.parse()
            .map_err(|_| format!("{file} line {n}: \"{cell}\" is not a number"))
    }
    fn opt<T: std::str::FromStr>(file: &str, n: usize, cell: &str) -> Result<Option<T>, String> {
        if cell.is_empty() {
            Ok(None)
        } else {
            num(file, n, cell).map(Some)
        }
    }
    let mut solved: Vec<Solved> = DECKS
        .iter()
        .map(|&deck| Solved {
            deck,
            cover: Vec::new(),
            lines: Vec::new(),
        })
        .collect();
    let deck_of = |file: &str, n: usize, cell: &str| -> Result<usize, String> {
        DECKS
            .iter()
            .position(|d| d.folder() == cell)
            .ok_or_else(|| format!("{file} line {n}: \"{cell}\" is not a deck of the atlas"))
    };
    let mut max_k = None;
    for (n, c) in rows(
        cover,
        COVER_CSV,
        "deck,target,max_k,smallest_k,witness_k,witness_hand",
    )? {
        let [deck, target, mk, first, wk, wh] = c[..] else {
            return Err(format!("{COVER_CSV} line {n}: expected 6 cells"));
        };
        let d = deck_of(COVER_CSV, n, deck)?;
        let mk: usize = num(COVER_CSV, n, mk)?;
        if !(1..=MAX_K).contains(&mk) || max_k.is_some_and(|m| m != mk) {
            return Err(format!(
                "{COVER_CSV} line {n}: max_k {mk} is not 1 to {MAX_K}, or not the same on every line"
            ));
        }
        max_k = Some(mk);
        let target: i64 = num(COVER_CSV, n, target)?;
        let first_k: Option<usize> = opt(COVER_CSV, n, first)?;
        let witness = opt::<usize>(COVER_CSV, n, wk)?.map(|k| (k, wh.to_string()));
        let in_range = |k: usize| (1..=mk).contains(&k);
        if first_k.is_some_and(|k| !in_range(k))
            || witness.as_ref().is_some_and(|(k, _)| !in_range(*k))
        {
            return Err(format!("{COVER_CSV} line {n}: a hand size outside 1..{mk}"));
        }
        if solved[d].cover.last().is_some_and(|c| c.target >= target) {
            return Err(format!(
                "{COVER_CSV} line {n}: target {target} repeats or comes out of order"
            ));
        }
        solved[d].cover.push(Cover {
            target,
            first_k,
            witness,
        });
    }
    let max_k = max_k.unwrap_or(0);
    for (n, c) in rows(
        shares,
        SHARES_CSV,
        "deck,target,k,hands,solvable,deal_share",
    )? {
        let [deck, target, k, hands, solvable, deal] = c[..] else {
            return Err(format!("{SHARES_CSV} line {n}: expected 6 cells"));
        };
        let d = deck_of(SHARES_CSV, n, deck)?;
        let t: i64 = num(SHARES_CSV, n, target)?;
        let share = Share {
            k: num(SHARES_CSV, n, k)?,
            hands: num(SHARES_CSV, n, hands)?,
            solvable: num(SHARES_CSV, n, solvable)?,
            deal_share: num(SHARES_CSV, n, deal)?,
        };
        if !(1..=max_k).contains(&share.k)
            || share.solvable > share.hands
            || !(0.0..=1.0).contains(&share.deal_share)
        {
            return Err(format!(
                "{SHARES_CSV} line {n}: a hand size outside 1..{max_k}, more solvable hands \
                 than hands, or a share outside 0..1"
            ));
        }
        let lines = &mut solved[d].lines;
        match lines.iter_mut().find(|(x, _)| *x == t) {
            Some((_, v)) if v.last().is_some_and(|s| s.k >= share.k) => {
                return Err(format!(
                    "{SHARES_CSV} line {n}: hand size {} of target {t} repeats or comes out of order",
                    share.k
                ));
            }
            Some((_, v)) => v.push(share),
            None => lines.push((t, vec![share])),
        }
    }
    let targets: Vec<i64> = solved
        .iter()
        .flat_map(|d| d.cover.iter().map(|c| c.target))
        .collect();
    let (Some(&lo), Some(&hi)) = (targets.iter().min(), targets.iter().max()) else {
        return Err(format!("{COVER_CSV} holds no target"));
    };
    let targets = TargetRange::new(lo, hi).map_err(|e| format!("{COVER_CSV}: {e}"))?;
    for d in &solved {
        if !d.cover.iter().map(|c| c.target).eq(lo..=hi) {
            return Err(format!(
                "{COVER_CSV}: deck {} does not list every target {lo}..{hi} once",
                d.deck.folder()
            ));
        }
    }
    Ok((Plan { max_k, targets }, solved))
}

/// Hands of one size that make one target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    pub k: usize,
    pub hands: u64,
    pub solvable: u64,
    /// Probability that a deal of `k` cards makes the target.
    pub deal_share: f64,
}

/// Whether hand `i` of the ladder's size makes `target`: known by the
/// ladder, or else decided by the exact solver.
fn makes(ladder: &Ladder, i: usize, target: i64, rules: Rules) -> Result<bool, InputError> {
    if ladder.known(i, target) {
        return Ok(true);
    }
    let hand = Hand::new(ladder.hands()[i].clone())?;
    Ok(solve(&hand, Q::int(target), rules)?.is_some())
}

/// The first hand of the ladder's size (in order) that does not make
/// `target`.
fn first_miss(ladder: &Ladder, target: i64, rules: Rules) -> Result<Option<usize>, InputError> {
    let found = (0..ladder.hands().len())
        .into_par_iter()
        .position_first(|i| {
            // An error (a step limit; none occurs for these sizes) counts as
            // a miss, so that it is found and reported rather than skipped.
            !matches!(makes(ladder, i, target, rules), Ok(true))
        });
    match found {
        Some(i) => {
            makes(ladder, i, target, rules)?;
            Ok(Some(i))
        }
        None => Ok(None),
    }
}

fn hand_text(cards: &[i64]) -> String {
    cards
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cover of every target of `lo..=hi` by hands of 1 to `max_k` cards
/// from `values` and `deck`, under `rules`. `progress` is called once per
/// hand size with the size done.
pub fn cover(
    targets: TargetRange,
    values: ValueRange,
    deck: Deck,
    rules: Rules,
    max_k: usize,
    mut progress: impl FnMut(usize),
) -> Result<Vec<Cover>, InputError> {
    let mut out = uncovered(targets);
    let mut ladder = Ladder::new(rules, targets.lo, targets.hi);
    for k in 1..=max_k {
        ladder.climb(enumerate::hands(k, values, deck));
        cover_step(&mut out, k, &ladder, rules)?;
        progress(k);
        if out.iter().all(|c| c.first_k.is_some()) {
            break;
        }
    }
    Ok(out)
}

/// Every target of `targets`, none covered yet.
fn uncovered(targets: TargetRange) -> Vec<Cover> {
    (targets.lo..=targets.hi)
        .map(|target| Cover {
            target,
            first_k: None,
            witness: None,
        })
        .collect()
}

/// Checks each target not yet covered against the hands of size `k` (the
/// ladder's): covered at `k`, or the first hand that misses it.
fn cover_step(
    out: &mut [Cover],
    k: usize,
    ladder: &Ladder,
    rules: Rules,
) -> Result<(), InputError> {
    for c in out.iter_mut().filter(|c| c.first_k.is_none()) {
        match first_miss(ladder, c.target, rules)? {
            Some(i) => c.witness = Some((k, hand_text(&ladder.hands()[i]))),
            None => c.first_k = Some(k),
        }
    }
    Ok(())
}

/// The share of hands of each size 1 to `max_k` that make `target`.
pub fn shares(
    target: i64,
    values: ValueRange,
    deck: Deck,
    rules: Rules,
    max_k: usize,
) -> Result<Vec<Share>, InputError> {
    let mut ladder = Ladder::new(rules, target, target);
    (1..=max_k)
        .map(|k| {
            ladder.climb(enumerate::hands(k, values, deck));
            share(&ladder, k, target, values, deck, rules)
        })
        .collect()
}

/// The share of the hands of size `k` (the ladder's) that make `target`.
fn share(
    ladder: &Ladder,
    k: usize,
    target: i64,
    values: ValueRange,
    deck: Deck,
    rules: Rules,
) -> Result<Share, InputError> {
    let hands = ladder.hands();
    let made: Vec<bool> = (0..hands.len())
        .into_par_iter()
        .map(|i| makes(ladder, i, target, rules))
        .collect::<Result<_, _>>()?;
    let (mut solvable_hands, mut ways) = (0u64, 0u128);
    for (h, &ok) in hands.iter().zip(&made) {
        if ok {
            solvable_hands += 1;
            ways += u128::from(enumerate::deal_ways(h, deck));
        }
    }
    let total = enumerate::total_ways(k, values, deck).unwrap_or(u128::MAX);
    Ok(Share {
        k,
        hands: hands.len() as u64,
        solvable: solvable_hands,
        deal_share: ways as f64 / total as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> ValueRange {
        ValueRange::new(1, 13).unwrap()
    }

    /// Every hand of `k` cards makes `t`, by a brute force of its own:
    /// reduce any two numbers with any operation until one is left.
    fn brute_makes(cards: &[Q], t: Q) -> bool {
        if cards.len() == 1 {
            return cards[0] == t;
        }
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                let rest: Vec<Q> = (0..cards.len())
                    .filter(|&x| x != i && x != j)
                    .map(|x| cards[x])
                    .collect();
                let (a, b) = (cards[i], cards[j]);
                let outs = [
                    a.checked_add(b),
                    a.checked_sub(b),
                    b.checked_sub(a),
                    a.checked_mul(b),
                    a.checked_div(b),
                    b.checked_div(a),
                ];
                for v in outs.into_iter().flatten() {
                    let mut next = rest.clone();
                    next.push(v);
                    if brute_makes(&next, t) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn brute_all(k: usize, deck: Deck, t: i64) -> Option<Vec<i64>> {
        enumerate::hands(k, values(), deck).into_iter().find(|h| {
            let q: Vec<Q> = h.iter().map(|&c| Q::int(c)).collect();
            !brute_makes(&q, Q::int(t))
        })
    }

    #[test]
    fn cover_agrees_with_a_brute_force_on_small_hands() {
        for deck in DECKS {
            let got = cover(
                TargetRange::new(1, 30).unwrap(),
                values(),
                deck,
                Rules::Rational,
                4,
                |_| {},
            )
            .unwrap();
            for c in &got {
                // Every size below first_k has a miss, the brute force's
                // first miss is the witness, and first_k has none.
                let limit = c.first_k.unwrap_or(5);
                for k in 1..limit {
                    let miss = brute_all(k, deck, c.target);
                    assert!(miss.is_some(), "{deck:?} target {} k {k}", c.target);
                    if k == limit - 1 {
                        assert_eq!(
                            c.witness,
                            miss.map(|h| (k, hand_text(&h))),
                            "{deck:?} target {}",
                            c.target
                        );
                    }
                }
                if let Some(k) = c.first_k {
                    assert_eq!(brute_all(k, deck, c.target), None, "{deck:?} {}", c.target);
                }
            }
            // Real values: one card makes nothing for every hand; 1 1 1 1
            // makes at most 4, so four cards never cover 5 or more.
            assert!(got.iter().all(|c| c.first_k != Some(1)));
            assert!(
                got.iter()
                    .filter(|c| c.target >= 5)
                    .all(|c| c.first_k.is_none())
            );
        }
    }

    #[test]
    fn the_files_read_back_what_was_written() {
        let plan = Plan {
            max_k: 3,
            targets: TargetRange::new(20, 25).unwrap(),
        };
        let solved: Vec<Solved> = DECKS
            .iter()
            .map(|&d| solve_deck(&plan, d, &|_| {}).unwrap())
            .collect();
        assert_eq!(
            solved[0].lines.len(),
            1,
            "24 is the one chart target in 20..25"
        );
        let (back_plan, back) =
            parse_solved(&cover_csv(&plan, &solved), &shares_csv(&solved)).unwrap();
        assert_eq!(back_plan, plan);
        assert_eq!(back, solved);
        let e = parse_solved("deck,target\n", "").unwrap_err();
        assert!(e.starts_with("cover.csv: the first line"), "{e}");
        let bad = cover_csv(&plan, &solved).replace(",24,3,", ",2x4,3,");
        let e = parse_solved(&bad, &shares_csv(&solved)).unwrap_err();
        assert!(e.contains("\"2x4\" is not a number"), "{e}");
    }

    #[test]
    fn shares_of_24_match_the_known_counts() {
        let s = shares(24, values(), Deck::Copies(4), Rules::Rational, 4).unwrap();
        let counts: Vec<(u64, u64)> = s.iter().map(|s| (s.hands, s.solvable)).collect();
        assert_eq!(counts, [(13, 0), (91, 5), (455, 111), (1820, 1362)]);
        assert!(
            (s[3].deal_share - 0.8046).abs() < 5e-5,
            "{}",
            s[3].deal_share
        );
    }
}
