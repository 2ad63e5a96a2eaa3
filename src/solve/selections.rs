//! Which targets every selection of tiles reaches, for censuses of many
//! selections that share their tiles (the Countdown numbers round over
//! every set of large numbers): natural rules (positive whole
//! intermediates), any non-empty selection of the tiles, selections of up
//! to six tiles from 1 to 1023.
//!
//! The values of each sub-multiset are computed once and kept (per thread)
//! across every selection that contains it, so a selection with one or two
//! large tiles, met again in thousands of sets, costs a look-up:
//!
//! - up to four tiles: every value below 2^32 ([`Val`]), sorted
//!   ([`Engine::full`]), with the values below [`LOW`] also as bits;
//! - five tiles met again soon: the values up to the window's top times
//!   the sixth tile as bits ([`Engine::big`]): enough to combine them with
//!   that tile into any target of the window (`x + y`, `x - y`, `x * y`
//!   and `x / y = t` need `x` at most `t * y`);
//! - five tiles met once (in a census's order, the sets of three large
//!   numbers without the first or the second of a set): worked out for
//!   their one sixth tile alone ([`Engine::direct`]): the low values as
//!   bits and the targets `t` whose `t * y` they reach, with no bit set
//!   the size of the bound to clear and fill;
//! - six tiles: never listed; each split meets its two sides straight into
//!   the window of targets ([`Engine::reach`]), the cheapest first (kept
//!   five-tile sets with their sixth tile, then the meets, then five-tile
//!   sets met once), stopping once every value asked for is reached
//!   ([`Engine::reach_covering`]: a census of targets asks for its targets),
//!   and looking only among the values from the first to the last not
//!   reached yet ([`missing`]: a product, a quotient or a five-tile set met
//!   once walks only the values that can land there).
//!   A meet skips the results that regroup onto a split with a smaller
//!   side, by how the smaller side's values are made (a sum or a
//!   difference, a product, a quotient: [`meet`]).
//!
//! A value equal to one of its operands (`x * 1`, `x / 1`, `2y - y`, `y^2 /
//! y`) is not kept for the tiles that made it: the smaller expression
//! without the extra tiles reaches the same value, and with any selection
//! allowed that is the same reach. Values are `u64`: six tiles of at most
//! 1023 multiply to less than 2^60.
//!
//! `tests` below checks every selection against all values of all its
//! sub-multisets; `tests/integration/large_sets.rs` against an independent
//! brute force and against the single-deck sweep.

use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

/// Words of a window of values.
pub const WORDS: usize = 16;
/// Values in a window: the targets and their neighbours.
pub const WINDOW_BITS: u64 = (WORDS * 64) as u64;
/// A window's values as bits, from its low end.
pub type Win = [u64; WORDS];
/// Values of up to four tiles below this are kept as bits too.
const LOW: u64 = 4096;
/// The largest tile.
pub const MAX_TILE: u64 = 1023;
/// The most bits one five-tile set may take (the window's top times the
/// largest tile): a census beyond it is refused.
pub const MAX_BOUND: u64 = 1 << 20;
/// Bytes of five-tile bit sets the engines of a census keep together
/// before forgetting them (each engine its share).
const BIG_BUDGET: usize = 512 << 20;
/// Lists of up to four tiles the engines of a census keep together (each
/// engine its share). Twice the 400,000 of 64-bit values, in the same
/// bytes since lists hold [`Val`]s: on two workers each engine's half of
/// 400,000 made lists again set after set.
const LIST_BUDGET: usize = 800_000;
/// Windows of up to five tiles the engines of a census keep together (each
/// engine its share): made again from kept lists and bit sets at little
/// cost, so half as many as lists (shards of the census: the same CPU,
/// about 70 MiB less at the peak).
const WINDOW_BUDGET: usize = LIST_BUDGET / 2;

/// What one engine keeps: its share of [`BIG_BUDGET`], [`LIST_BUDGET`] and
/// [`WINDOW_BUDGET`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Budget {
    engines: usize,
    big: usize,
    lists: usize,
    windows: usize,
}

/// Slots of [`Engine::near`].
const NEAR_SLOTS: usize = 4096;

/// One slot of [`Engine::near`]: a sub-multiset's list and, once asked,
/// its bits below [`LOW`].
#[derive(Clone, Debug)]
struct Near {
    key: Key,
    full: Rc<[Val]>,
    low: Option<Rc<Bits>>,
}

impl Near {
    fn of(key: Key, full: Rc<[Val]>) -> Near {
        Near {
            key,
            full,
            low: None,
        }
    }
}

/// The slot of a key in [`Engine::near`].
#[inline]
fn slot(key: Key) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - NEAR_SLOTS.trailing_zeros())) as usize
}

/// A value of a list of up to four tiles. Values past it are dropped: no
/// use of a four-tile list reaches the window from one (a meet with two
/// tiles asks at most `hi * MAX_TILE^2`, a five-tile set at most `bound *
/// MAX_TILE`, both below 2^31 as `bound` is at most [`MAX_BOUND`]).
type Val = u32;

/// A multiset of up to six tiles (each 1..=1023), sorted ascending, ten
/// bits each from the low end.
pub type Key = u64;

/// The key of some tiles (in any order).
pub fn key_of(tiles: &[u16]) -> Key {
    let mut t: Vec<u16> = tiles.to_vec();
    t.sort_unstable();
    t.iter()
        .enumerate()
        .fold(0, |k, (i, &v)| k | (v as u64) << (10 * i))
}

/// The tiles of a key, ascending, and how many.
pub fn tiles_of(key: Key) -> ([u16; 6], usize) {
    let mut out = [0u16; 6];
    let mut n = 0;
    let mut k = key;
    while k != 0 {
        out[n] = (k & 1023) as u16;
        k >>= 10;
        n += 1;
    }
    (out, n)
}

/// Packs the tiles of `t` picked by `mask` (already in order).
#[inline]
fn pick(t: &[u16; 6], n: usize, mask: u32) -> Key {
    let mut k = 0;
    let mut at = 0;
    for (i, &v) in t[..n].iter().enumerate() {
        if mask >> i & 1 == 1 {
            k |= (v as u64) << at;
            at += 10;
        }
    }
    k
}

/// The distinct splits of a multiset into two non-empty parts (unordered).
fn splits(key: Key) -> ([(Key, Key); 31], usize) {
    let (t, n) = tiles_of(key);
    let mut out = [(0, 0); 31];
    let mut len = 0;
    let full = (1u32 << n) - 1;
    if (1..n).all(|i| t[i] != t[i - 1]) {
        // Distinct tiles (a census's selections but for a repeated small
        // tile): each split once, as the part without the last tile and
        // the rest, with nothing to compare.
        for mask in 1u32..1 << (n - 1) {
            let (ka, kb) = (pick(&t, n, mask), pick(&t, n, full ^ mask));
            out[len] = if ka <= kb { (ka, kb) } else { (kb, ka) };
            len += 1;
        }
        return (out, len);
    }
    for mask in 1u32..full {
        let (ka, kb) = (pick(&t, n, mask), pick(&t, n, full ^ mask));
        let p = if ka <= kb { (ka, kb) } else { (kb, ka) };
        if !out[..len].contains(&p) {
            out[len] = p;
            len += 1;
        }
    }
    (out, len)
}

/// The multisets one tile smaller.
fn drops(key: Key) -> ([Key; 6], usize) {
    let (t, n) = tiles_of(key);
    let mut out = [0; 6];
    let mut len = 0;
    let full = (1u32 << n) - 1;
    for i in 0..n {
        if i > 0 && t[i] == t[i - 1] {
            continue;
        }
        out[len] = pick(&t, n, full ^ (1 << i));
        len += 1;
    }
    (out, len)
}

/// Calls `m` with the results of `x` and `y` (natural rules; values of
/// lists, so below 2^32: [`Val`]) that are not one of them, each with the
/// bit of its operation ([`SUM`], [`PRODUCT`] or [`QUOTIENT`]), `cy`
/// being `2^64 / y` rounded up (0 for `y` of 1).
#[inline(always)]
fn each_pair_result(x: u64, y: u64, cy: u64, m: &mut impl FnMut(u64, u8)) {
    debug_assert!(x <= Val::MAX as u64 && y <= Val::MAX as u64);
    let (a, b) = if x >= y { (x, y) } else { (y, x) };
    m(a + b, SUM);
    if b != 1 {
        m(a * b, PRODUCT);
        let quotient = if b == y {
            exact_quotient(a, cy)
        } else {
            a.is_multiple_of(b).then(|| a / b)
        };
        if let Some(q) = quotient.filter(|&q| q != b) {
            m(q, QUOTIENT);
        }
    }
    if a != b {
        let d = a - b;
        if d != b {
            m(d, SUM);
        }
    }
}

/// Values below [`MARKED`] seen once each, as bits with a bit per word
/// in use: a list of up to four tiles is gathered here, in order and
/// without repeats, rather than sorted.
#[derive(Debug)]
struct Marks {
    words: Vec<u64>,
    used: Vec<u64>,
    len: usize,
}

/// Values [`Marks`] holds as bits: larger ones are sorted.
const MARKED: u64 = 1 << 20;

impl Marks {
    fn new() -> Marks {
        let words = (MARKED / 64) as usize;
        Marks {
            words: vec![0; words],
            used: vec![0; words.div_ceil(64)],
            len: 0,
        }
    }

    /// Marks `v`, or keeps it in `high` when it is too large to mark.
    #[inline(always)]
    fn put(&mut self, v: u64, high: &mut Vec<u64>) {
        if v >= MARKED {
            high.push(v);
            return;
        }
        let w = (v >> 6) as usize;
        let old = self.words[w];
        if old == 0 {
            self.used[w >> 6] |= 1 << (w & 63);
        }
        let new = old | 1 << (v & 63);
        self.len += (new != old) as usize;
        self.words[w] = new;
    }

    /// Appends the marked values in order to `out` and clears them.
    fn drain_into(&mut self, out: &mut Vec<Val>) {
        for (i, u) in self.used.iter_mut().enumerate() {
            let mut m = std::mem::take(u);
            while m != 0 {
                let w = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                let mut b = std::mem::take(&mut self.words[w]);
                while b != 0 {
                    out.push((w as Val) << 6 | b.trailing_zeros() as Val);
                    b &= b - 1;
                }
            }
        }
        self.len = 0;
    }
}

/// Values from 0 as bits.
#[derive(Debug)]
pub struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// Bits `from .. from + WINDOW_BITS` as a window (bits below 0 read 0).
    fn window_at(&self, from: i64) -> Win {
        window_of(&self.words, from)
    }
}

/// Bits `from .. from + WINDOW_BITS` of `words` as a window (bits outside read 0).
fn window_of(words: &[u64], from: i64) -> Win {
    let mut out = [0u64; WORDS];
    or_window_of(&mut out, words, from, (0, WORDS - 1));
    out
}

/// ORs into the words `first..=last` of `out` those of the window of
/// `words` from `from` ([`window_of`]): the words a span of values not
/// reached yet lies in ([`words_of`]).
#[inline]
fn or_window_of(out: &mut Win, words: &[u64], from: i64, (first, last): (usize, usize)) {
    let n = words.len() as i64;
    let wq = from.div_euclid(64);
    let sh = from.rem_euclid(64) as u32;
    if wq >= 0 && wq + (WORDS as i64) < n {
        // Wholly inside: no bounds to check (most calls).
        let src = &words[wq as usize..wq as usize + WORDS + 1];
        for i in first..=last {
            out[i] |= if sh == 0 {
                src[i]
            } else {
                src[i] >> sh | src[i + 1] << (64 - sh)
            };
        }
        return;
    }
    for (i, o) in out.iter_mut().enumerate().take(last + 1).skip(first) {
        let w = wq + i as i64;
        let lo = if (0..n).contains(&w) {
            words[w as usize]
        } else {
            0
        };
        let hi = if (0..n).contains(&(w + 1)) {
            words[(w + 1) as usize]
        } else {
            0
        };
        *o |= if sh == 0 {
            lo
        } else {
            lo >> sh | hi << (64 - sh)
        };
    }
}

/// The words of a window `w`'s bits that hold the values of `span`.
#[inline]
fn words_of(w: Window, span: Window) -> (usize, usize) {
    (
        ((span.lo - w.lo) / 64) as usize,
        ((span.hi - w.lo) / 64) as usize,
    )
}

/// The values a census records: `lo..=hi`, at most [`WINDOW_BITS`] of them,
/// `lo` at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub lo: u64,
    pub hi: u64,
}

#[inline]
fn mark(w: &mut Win, lo: u64, v: u64) {
    let i = v - lo;
    w[(i >> 6) as usize] |= 1 << (i & 63);
}

fn or(a: &mut Win, b: &Win) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= y;
    }
}

/// The values of every sub-multiset met so far, for one window and one
/// largest tile.
#[derive(Debug)]
pub struct Engine {
    win: Window,
    /// The largest value five-tile bit sets hold: the window's top times the
    /// largest tile.
    bound: u64,
    /// Tiles up to this are small: every selection of the census has some
    /// ([`Engine::small`]).
    small: u64,
    full: FxHashMap<Key, Rc<[Val]>>,
    low: FxHashMap<Key, Rc<Bits>>,
    /// The lists and bits met last, by slot ([`slot`]): a set's selections
    /// meet the same few hundred sub-multisets again and again, and a slot
    /// is read without the hash table's cache misses.
    near: Vec<Near>,
    big: FxHashMap<Key, Rc<Bits>>,
    /// Words of the bit sets in `big`.
    big_words: usize,
    /// The five-tile sets of the generation before `big` (each half the
    /// budget): a set met again moves back, so the ones in use stay.
    old_big: FxHashMap<Key, Rc<Bits>>,
    /// The words of five-tile sets forgotten, for the next ones to reuse:
    /// a generation forgotten at once and freed would be handed back to
    /// the system and faulted in again, page by page.
    spare: Vec<Vec<u64>>,
    uwin: FxHashMap<Key, Win>,
    /// How the values of two or three tiles are made ([`Engine::made`]).
    made: FxHashMap<Key, Rc<[u8]>>,
    /// Where a list is gathered ([`Engine::full`]).
    marks: Marks,
    /// Five-tile sets asked for lately and worked out for one sixth tile
    /// ([`Engine::keeps`]).
    seen: FxHashSet<Key>,
    old_seen: FxHashSet<Key>,
    budget: Budget,
}

impl Engine {
    /// An engine for selections whose largest tile is `max_tile` and
    /// whose small tiles, met with every set of the others, are those up
    /// to `small` ([`Engine::small`]).
    pub fn new(win: Window, max_tile: u64, small: u64) -> Engine {
        Engine::sharing(win, max_tile, small, 1)
    }

    /// One of `engines` engines working side by side (one per worker),
    /// each keeping its share of the memory.
    pub fn sharing(win: Window, max_tile: u64, small: u64, engines: usize) -> Engine {
        assert!(win.lo >= 1 && win.hi >= win.lo && win.hi - win.lo < WINDOW_BITS);
        assert!(win.hi * max_tile <= MAX_BOUND && max_tile <= MAX_TILE);
        Engine {
            win,
            bound: win.hi * max_tile,
            small,
            full: FxHashMap::default(),
            low: FxHashMap::default(),
            near: vec![Near::of(0, Rc::from(Vec::new())); NEAR_SLOTS],
            big: FxHashMap::default(),
            big_words: 0,
            old_big: FxHashMap::default(),
            spare: Vec::new(),
            uwin: FxHashMap::default(),
            made: FxHashMap::default(),
            marks: Marks::new(),
            seen: Default::default(),
            old_seen: Default::default(),
            budget: Budget {
                engines: engines.max(1),
                big: BIG_BUDGET / engines.max(1),
                lists: LIST_BUDGET / engines.max(1),
                windows: WINDOW_BUDGET / engines.max(1),
            },
        }
    }

    /// Values first reached with exactly these tiles (none of a smaller
    /// sub-multiset reaches them), sorted.
    fn full(&mut self, key: Key) -> Rc<[Val]> {
        let at = slot(key);
        if self.near[at].key == key {
            return self.near[at].full.clone();
        }
        if let Some(v) = self.full.get(&key) {
            let v = v.clone();
            self.near[at] = Near::of(key, v.clone());
            return v;
        }
        let (t, n) = tiles_of(key);
        let v: Rc<[Val]> = if n == 1 {
            Rc::from(vec![t[0] as Val])
        } else {
            // Both sides of every split first: the sets below use the
            // same marks.
            let (sp, ns) = splits(key);
            let sides: Vec<[Rc<[Val]>; 2]> = sp[..ns]
                .iter()
                .map(|&(kx, ky)| [self.full(kx), self.full(ky)])
                .collect();
            let marks = &mut self.marks;
            let mut high = Vec::new();
            for [xs, ys] in &sides {
                let (xs, ys) = if xs.len() >= ys.len() {
                    (xs, ys)
                } else {
                    (ys, xs)
                };
                for &y in ys.iter() {
                    let y = y as u64;
                    let cy = if y > 1 { u64::MAX / y + 1 } else { 0 };
                    for &x in xs.iter() {
                        each_pair_result(x as u64, y, cy, &mut |r, _| marks.put(r, &mut high));
                    }
                }
            }
            let mut out = Vec::with_capacity(marks.len + high.len());
            marks.drain_into(&mut out);
            high.sort_unstable();
            high.dedup();
            // Values past `Val` are never used (see `Val`).
            out.extend(
                high.iter()
                    .take_while(|&&v| v <= Val::MAX as u64)
                    .map(|&v| v as Val),
            );
            Rc::from(out)
        };
        self.full.insert(key, v.clone());
        self.near[at] = Near::of(key, v.clone());
        v
    }

    /// The values below LOW of `full(key)` as bits.
    fn low(&mut self, key: Key) -> Rc<Bits> {
        let at = slot(key);
        if self.near[at].key == key
            && let Some(b) = &self.near[at].low
        {
            return b.clone();
        }
        if let Some(v) = self.low.get(&key) {
            let v = v.clone();
            if self.near[at].key == key {
                self.near[at].low = Some(v.clone());
            }
            return v;
        }
        let xs = self.full(key);
        let mut words = vec![0u64; (LOW / 64) as usize];
        for &x in xs.iter() {
            let x = x as u64;
            if x >= LOW {
                break;
            }
            words[(x >> 6) as usize] |= 1 << (x & 63);
        }
        let v = Rc::new(Bits { words });
        self.low.insert(key, v.clone());
        if self.near[at].key == key {
            self.near[at].low = Some(v.clone());
        }
        v
    }

    /// Values of exactly the five tiles (identities skipped) as bits, up
    /// to `need` at least: up to the window's top times the small tiles'
    /// top ([`Engine::small`]) when that is enough (a set met with small
    /// sixth tiles only), else up to the bound.
    fn big(&mut self, key: Key, need: u64) -> Rc<Bits> {
        let holds = |b: &Rc<Bits>| (b.words.len() as u64) * 64 > need;
        if let Some(v) = self.big.get(&key).filter(|b| holds(b)) {
            return v.clone();
        }
        if let Some(v) = self.old_big.remove(&key).filter(|b| holds(b)) {
            self.big_words += v.words.len();
            self.big.insert(key, v.clone());
            return v;
        }
        let small = self.win.hi * self.small;
        let bound = if need <= small { small } else { self.bound };
        let len = (bound / 64 + 1) as usize;
        // Only sets up to the bound are reused: a small one in a large
        // one's words would hold them all.
        let reuse = if bound == self.bound {
            self.spare.pop()
        } else {
            None
        };
        let mut words = match reuse {
            Some(mut w) => {
                w.fill(0);
                w
            }
            None => vec![0u64; len],
        };
        // Sixth tiles are at most `bound / hi`.
        let qtop = self.win.hi + self.bound / self.win.hi;
        self.each_value(key, bound, qtop, None, &mut |r| {
            if r <= bound {
                words[(r >> 6) as usize] |= 1 << (r & 63);
            }
        });
        self.big_words += words.len();
        let v = Rc::new(Bits { words });
        self.big.insert(key, v.clone());
        v
    }

    /// Calls `m` with every value of exactly the tiles `key` (identities
    /// skipped) at most `top`, and some larger ones: the results of each
    /// split's two sides ([`each_result`]), but those of a pair against
    /// three tiles that a split of one tile against four finds too (by how
    /// the pair's values are made); and a quotient of the longer side's
    /// value by the other's only up to `qtop`, which is to be at least the
    /// engine's largest tile. With `also`, the sums, differences and
    /// products in it as well ([`each_result`]), the values between
    /// `top` and it not walked.
    ///
    /// A five-tile set's values are asked for with its sixth tile `y`:
    /// its values `x` up to about `hi + y` (for `x + y`, `x - y`, `y - x`,
    /// `x * y` and its own reach) and those with `x / y` in the window. A
    /// quotient `x = p / q` past the first is only asked for as `x / y = p
    /// / (q * y)`, which the six tiles' meet of the split `P | Q + y` finds
    /// when `P` has two tiles or more (every split but one tile against
    /// five is met, [`Engine::six_into`]). When `P` is one tile, `p` is at
    /// most the largest tile, so `p / q` is never past `qtop`. So with
    /// `qtop` at least `hi + y` no selection's reach changes.
    #[inline(always)]
    fn each_value(
        &mut self,
        key: Key,
        top: u64,
        qtop: u64,
        also: Option<Window>,
        m: &mut impl FnMut(u64),
    ) {
        let (sp, ns) = splits(key);
        let (_, n) = tiles_of(key);
        // Quotients past every value asked for are not needed.
        let qtop = qtop.min(also.map_or(top, |a| a.hi.max(top)));
        for &(kx, ky) in &sp[..ns] {
            let (mut xs, mut ys) = (self.full(kx), self.full(ky));
            let mut smaller = ky;
            if xs.len() < ys.len() {
                std::mem::swap(&mut xs, &mut ys);
                smaller = kx;
            }
            // How a pair's values are made, against three tiles: what
            // they leave goes to a split of one tile ([`each_result`]).
            let made = if n == 5 && tiles_of(smaller).1 == 2 {
                Some(self.made(smaller))
            } else {
                None
            };
            for (j, &b) in ys.iter().enumerate() {
                let how = made.as_ref().map_or(0, |h| h[j]);
                each_result(&xs, b as u64, (top, qtop, also), how, m);
            }
        }
    }

    /// Values any non-empty sub-multiset reaches, in the window (up to five tiles).
    fn uwin(&mut self, key: Key) -> Win {
        if let Some(v) = self.uwin.get(&key) {
            return *v;
        }
        let (_, n) = tiles_of(key);
        let w = self.win;
        let mut out = [0u64; WORDS];
        if n <= 4 {
            let xs = self.full(key);
            let s = xs.partition_point(|&x| (x as u64) < w.lo);
            for &x in &xs[s..] {
                let x = x as u64;
                if x > w.hi {
                    break;
                }
                mark(&mut out, w.lo, x);
            }
        } else {
            let b = self.big(key, 0);
            out = b.window_at(w.lo as i64);
            clip(&mut out, w);
        }
        if n > 1 {
            let (dr, nd) = drops(key);
            for &d in &dr[..nd] {
                let u = self.uwin(d);
                or(&mut out, &u);
            }
        }
        self.uwin.insert(key, out);
        out
    }

    /// What a six-tile selection reaches in the window: all of it, or a
    /// part holding every value of `need` ([`Engine::reach_covering`]).
    fn six(&mut self, key: Key, need: &Win) -> Win {
        let mut out = [0u64; WORDS];
        self.six_into(key, need, &mut out);
        clip(&mut out, self.win);
        out
    }

    /// Marks in `out` what the six tiles reach, cheapest ways first, and
    /// stops as soon as `out` holds all of `need`.
    fn six_into(&mut self, key: Key, need: &Win, out: &mut Win) {
        let w = self.win;
        let (t, n) = tiles_of(key);
        let all = (1u32 << n) - 1;
        // Each five-tile side (once per distinct tile left out): kept as a
        // bit set when met again soon, else worked out below for this
        // sixth tile alone, and only if still needed.
        let mut kept: [(Key, u64); 6] = [(0, 0); 6];
        let mut once: [(Key, u64); 6] = [(0, 0); 6];
        let (mut n_kept, mut n_once) = (0, 0);
        for i in 0..n {
            if i > 0 && t[i] == t[i - 1] {
                continue;
            }
            let five = pick(&t, n, all ^ (1 << i));
            let y = t[i] as u64;
            // With a small sixth tile the set is small to keep; and met
            // with it, it is mostly met again with the other small tiles.
            if y <= self.small || !self.fits_direct(y) || self.keeps(five) {
                // Made for this sixth tile first: the window alone would
                // make it up to the small bound.
                self.big(five, w.hi * y);
                or(out, &self.uwin(five));
                kept[n_kept] = (five, y);
                n_kept += 1;
            } else {
                let (dr, nd) = drops(five);
                for &k in &dr[..nd] {
                    or(out, &self.uwin(k));
                }
                once[n_once] = (five, y);
                n_once += 1;
            }
        }
        if covers(out, need) {
            return;
        }
        // The kept sets with their sixth tile: a few shifts and look-ups
        // for the values still missing.
        for &(five, y) in &kept[..n_kept] {
            let b = self.big(five, w.hi * y);
            single(w, out, &b.words, None, y);
            if covers(out, need) {
                return;
            }
        }
        let (sp, ns) = splits(key);
        for &(kx, ky) in &sp[..ns] {
            let (_, nx) = tiles_of(kx);
            let (_, ny) = tiles_of(ky);
            if ny == 1 || nx == 1 {
                continue;
            }
            let (mut xs, mut ys) = (self.full(kx), self.full(ky));
            // The larger side's low values as bits.
            let mut larger = kx;
            if xs.len() < ys.len() {
                std::mem::swap(&mut xs, &mut ys);
                larger = ky;
            }
            let low = self.low(larger);
            // How the smaller side's values are made says which of their
            // results other splits find ([`meet`]): only of a side of at
            // most three tiles, so that what it leaves to another split
            // goes to one with a smaller side still.
            let smaller = if larger == kx { ky } else { kx };
            let (_, tiles) = tiles_of(smaller);
            let made = if tiles <= 3 {
                self.made(smaller)
            } else {
                Rc::from(vec![0; ys.len()])
            };
            // Only the values from the first to the last not reached yet
            // are looked for.
            let Some(span) = missing(out, w) else {
                return;
            };
            meet(out, w, span, &xs, &low, &ys, Made { of: &made, tiles });
            if covers(out, need) {
                return;
            }
        }
        // Last, the five-tile sets met once: their values, then with
        // their sixth tile.
        for &(five, y) in &once[..n_once] {
            let Some(span) = missing(out, w) else {
                return;
            };
            let d = self.direct(five, y, span);
            let mut u = window_of(&d.low, w.lo as i64);
            clip(&mut u, w);
            or(out, &u);
            single(w, out, &d.low, Some(&d.q), y);
            if covers(out, need) {
                return;
            }
        }
    }

    /// How each value of `full(key)`, two or three tiles, is made: the
    /// bits [`SUM`] (a tile plus or minus a value of the others, or the
    /// other way), [`PRODUCT`] and [`QUOTIENT`], as many as hold.
    fn made(&mut self, key: Key) -> Rc<[u8]> {
        if let Some(m) = self.made.get(&key) {
            return m.clone();
        }
        let xs = self.full(key);
        let (t, n) = tiles_of(key);
        debug_assert!((2..=3).contains(&n));
        let mut made = vec![0u8; xs.len()];
        for i in 0..n {
            if i > 0 && t[i] == t[i - 1] {
                continue;
            }
            let rest = self.full(pick(&t, n, ((1 << n) - 1) ^ (1 << i)));
            for &q in rest.iter() {
                let q = q as u64;
                let cq = if q > 1 { u64::MAX / q + 1 } else { 0 };
                each_pair_result(t[i] as u64, q, cq, &mut |r, bit| {
                    if let Some(j) = Val::try_from(r)
                        .ok()
                        .and_then(|r| xs.binary_search(&r).ok())
                    {
                        made[j] |= bit;
                    }
                });
            }
        }
        let made: Rc<[u8]> = Rc::from(made);
        self.made.insert(key, made.clone());
        made
    }

    /// Whether a [`Direct`] holds every value a five-tile set with the
    /// sixth tile `y` is asked for: the window's top plus `y`.
    fn fits_direct(&self, y: u64) -> bool {
        self.win.hi + y < (DIRECT_WORDS * 64) as u64
    }

    /// Whether the five-tile set `five` is kept as a bit set: it is, or it
    /// was asked for lately (two generations of keys).
    fn keeps(&mut self, five: Key) -> bool {
        if self.big.contains_key(&five) || self.old_big.contains_key(&five) {
            return true;
        }
        if self.seen.contains(&five) || self.old_seen.contains(&five) {
            return true;
        }
        if self.seen.len() >= SEEN {
            self.old_seen = std::mem::take(&mut self.seen);
        }
        self.seen.insert(five);
        false
    }

    /// The values of exactly the five tiles `five` for one sixth tile `y`
    /// ([`Engine::fits_direct`]): the low ones as bits, and the window's
    /// values `t` of `span` (the window's values not reached yet:
    /// [`missing`]) with `t * y` among them.
    fn direct(&mut self, five: Key, y: u64, span: Window) -> Direct {
        let w = self.win;
        let mut low = [0u64; DIRECT_WORDS];
        let mut q = [0u64; WORDS];
        let (qlo, qhi) = (span.lo * y, span.hi * y);
        let c = if y > 1 { u64::MAX / y + 1 } else { 0 };
        const LOWS: u64 = (DIRECT_WORDS * 64) as u64;
        // Only values up to `w.hi + y` or multiples of y in qlo..=qhi count:
        // when the second run starts above the first, the values between
        // are not walked.
        let low_top = w.hi + y;
        let (top, also) = if qlo > low_top {
            (low_top, Some(Window { lo: qlo, hi: qhi }))
        } else {
            (qhi.max(low_top), None)
        };
        let width = qhi - qlo;
        let mut m = |r: u64| {
            if r < LOWS {
                low[(r >> 6) as usize] |= 1 << (r & 63);
            }
            if r.wrapping_sub(qlo) <= width
                && let Some(t) = exact_quotient(r, c)
            {
                let t = t - w.lo;
                q[(t >> 6) as usize & (WORDS - 1)] |= 1 << (t & 63);
            }
        };
        // The low values are asked for up to `w.hi + y` ([`single`]), below
        // LOWS ([`Engine::fits_direct`]): quotients past it are not needed,
        // but [`Engine::each_value`] asks for `qtop` at least the largest
        // tile (`bound / w.hi`).
        let qtop = (w.hi + y).max(self.bound / w.hi);
        self.each_value(five, top, qtop, also, &mut m);
        Direct { low, q }
    }

    /// The window it records.
    pub fn window(&self) -> Window {
        self.win
    }

    /// Its small tiles: a five-tile set met with one as its sixth tile is
    /// met again with the others, so it is kept as a bit set, up to the
    /// window's top times this when met with small tiles only. A larger
    /// sixth tile is left to [`Engine::keeps`]: a five-tile set of three
    /// large numbers met with a fourth may never come back.
    pub fn small(&self) -> u64 {
        self.small
    }

    /// How many engines share the memory it keeps.
    pub fn engines(&self) -> usize {
        self.budget.engines
    }

    /// The largest value its five-tile bit sets hold.
    pub fn bound(&self) -> u64 {
        self.bound
    }

    /// Everything a selection of one to six tiles reaches inside the window
    /// (bit `i` is the value `window.lo + i`).
    pub fn reach(&mut self, tiles: &[u16]) -> Win {
        let mut whole = [u64::MAX; WORDS];
        clip(&mut whole, self.win);
        self.reach_covering(tiles, &whole)
    }

    /// What a selection reaches inside the window, or enough of it to
    /// answer for the values of `need`: the result is [`Engine::reach`]'s,
    /// or a part of it that holds all of `need` (the work stops once every
    /// value of `need` is reached). A census of targets asks only whether
    /// each target is reached, or else how near: its values then.
    pub fn reach_covering(&mut self, tiles: &[u16], need: &Win) -> Win {
        assert!((1..=6).contains(&tiles.len()));
        let key = key_of(tiles);
        let out = if tiles.len() == 6 {
            self.six(key, need)
        } else {
            self.uwin(key)
        };
        self.forget_if_full();
        out
    }

    /// Forgets what it holds when it holds too much (a census meets each
    /// set's sub-multisets together, so little is lost).
    fn forget_if_full(&mut self) {
        if self.big_words * 8 > self.budget.big / 2 {
            self.big_words = 0;
            let old = std::mem::replace(&mut self.old_big, std::mem::take(&mut self.big));
            let full = (self.bound / 64 + 1) as usize;
            self.spare.extend(
                old.into_values()
                    .filter_map(|b| Rc::try_unwrap(b).ok())
                    .map(|b| b.words)
                    .filter(|w| w.len() == full),
            );
        }
        if self.full.len() > self.budget.lists {
            self.full.clear();
            self.made.clear();
            self.low.clear();
        }
        if self.uwin.len() > self.budget.windows {
            self.uwin.clear();
        }
    }
}

/// The low values of a five-tile set kept for one sixth tile, with the
/// window's values `t` whose `t * y` the set reaches.
#[derive(Debug)]
struct Direct {
    low: [u64; DIRECT_WORDS],
    q: Win,
}

/// Words of a [`Direct`]'s low values: up to the top of a census of
/// targets up to 999 (1009 with its neighbours) plus the largest tile.
const DIRECT_WORDS: usize = 34;
/// Five-tile sets asked for once, remembered in each generation: a set's
/// four-large selections ask for about 120 new ones, so a key comes back
/// in time when met again within a few hundred sets.
const SEEN: usize = 1 << 15;

/// Marks every `x op y` in the window not yet marked, `x` any value of
/// the five-tile set whose bits are `words` (up to `w.hi * y`, or up to
/// [`DIRECT_WORDS`] with `q` the values `t` whose `t * y` it holds) and
/// `y` the sixth tile.
fn single(w: Window, out: &mut Win, words: &[u64], q: Option<&Win>, y: u64) {
    let lo = w.lo;
    let get = |i: u64| {
        let k = (i >> 6) as usize;
        k < words.len() && words[k] >> (i & 63) & 1 == 1
    };
    // x + y and x - y: the bit set shifted, in the words of the values
    // not reached yet.
    let Some(span) = missing(out, w) else {
        return;
    };
    let at = words_of(w, span);
    or_window_of(out, words, lo as i64 - y as i64, at);
    or_window_of(out, words, (lo + y) as i64, at);
    if y > lo {
        for t in lo..=w.hi.min(y - 1) {
            if get(y - t) {
                mark(out, lo, t);
            }
        }
    }
    if y > 1 {
        // x * y and x / y, for the values of the window not yet
        // reached only (a value found already is not looked for).
        let c = u64::MAX / y + 1;
        for (i, o) in out.iter_mut().enumerate() {
            let base = lo + 64 * i as u64;
            if base > w.hi {
                break;
            }
            let n = (w.hi - base + 1).min(64);
            let mut missing = !*o & (u64::MAX >> (64 - n));
            let mut found = match q {
                Some(q) => q[i] & missing,
                None => 0,
            };
            missing &= !found;
            while missing != 0 {
                let j = missing.trailing_zeros();
                missing &= missing - 1;
                let t = base + j as u64;
                // t / y, when whole (t is below 2^32).
                let x = exact_quotient(t, c).unwrap_or(0);
                // x = 0 is no value: bit 0 of a five-tile set is clear.
                let mut hit = words[(x >> 6) as usize] >> (x & 63);
                if q.is_none() {
                    let p = t * y;
                    hit |= words[(p >> 6) as usize] >> (p & 63);
                }
                found |= (hit & 1) << j;
            }
            *o |= found;
        }
        if y >= lo {
            for t in lo..=w.hi.min(y) {
                if y.is_multiple_of(t) && get(y / t) {
                    mark(out, lo, t);
                }
            }
        }
    }
}

/// Calls `m` with every result of `x op b` at most `top` (and some
/// larger ones), `x` from the sorted values `xs`, as five-tile sets are
/// made: `x + b`, `|x - b|` unless 0, and unless the smaller is 1, `x * b`
/// and the whole quotient of the larger by the smaller. The values are
/// walked in runs past which fewer results can be small enough:
/// products up to `top / b`, sums and differences up to `top + b`,
/// quotients up to `qtop * b` (see [`Engine::each_value`]); with `also`,
/// a run of the products and one of the sums and differences in it, the
/// values `x` between not walked.
///
/// But `b` made in a family (`how`: [`SUM`], [`PRODUCT`], [`QUOTIENT`])
/// of a pair of tiles `u`, `z`, and `xs` the values of three, results of
/// the same family regroup onto a split of one tile, whose results are
/// all called for, and are skipped: `x ± (u ± z)` and `(u ± z) - x` as in
/// [`meet`], `x * (u * z)` as `(x * u) * z`, `x / (u * z)` as `(x / u) /
/// z` (the lists of four tiles hold every `x / u`, unlike a five-tile set
/// in [`meet`]), `x / (u / z)` as `(x * z) / u` and `(u / z) / x` as `u /
/// (x * z)`. Those are sums, differences and products at most `top` or
/// in `also`, or quotients at most `qtop`, which the split of one tile
/// (given the same `also`) calls for
/// whichever of its sides is the longer. Kept: `(u * z) / x` (`x` may
/// divide neither), and `x * (u / z)`, which is `(x * u) / z`, a quotient
/// that may be past `qtop`.
#[inline(always)]
fn each_result(
    xs: &[Val],
    b: u64,
    (top, qtop, also): (u64, u64, Option<Window>),
    how: u8,
    m: &mut impl FnMut(u64),
) {
    let sums = how & SUM == 0;
    let products = how & PRODUCT == 0;
    // x / b, and b / x.
    let divided = how & (PRODUCT | QUOTIENT) == 0;
    let dividing = how & QUOTIENT == 0;
    let i = seek_up(xs, 0, b);
    for &x in &xs[..i] {
        let x = x as u64;
        if sums {
            m(b + x);
            m(b - x);
        }
        if x != 1 {
            if products {
                m(b.saturating_mul(x));
            }
            if dividing && x * 2 <= b && b.is_multiple_of(x) {
                m(b / x);
            }
        }
    }
    let hi = &xs[i..];
    let mut j = 0;
    if b == 1 {
        while sums && j < hi.len() && (hi[j] as u64) <= top + 1 {
            let x = hi[j] as u64;
            m(x + 1);
            if x != 1 {
                m(x - 1);
            }
            j += 1;
        }
        if let (true, Some(a)) = (sums, also) {
            sums_in(hi, j, a, (top, 1), m);
        }
        return;
    }
    // Values below 2^32: whether `b` divides one, and the quotient, by
    // one multiply (see [`meet`]).
    let cb = u64::MAX / b + 1;
    let quotient = |x: u64| exact_quotient(x, cb);
    let pmax = top / b;
    while j < hi.len() && (hi[j] as u64) <= pmax {
        let x = hi[j] as u64;
        if sums {
            m(x + b);
            if x != b {
                m(x - b);
            }
        }
        if products {
            m(x * b);
        }
        if divided && let Some(q) = quotient(x) {
            m(q);
        }
        j += 1;
    }
    let past_products = j;
    if sums {
        let smax = top + b;
        while j < hi.len() && (hi[j] as u64) <= smax {
            let x = hi[j] as u64;
            m(x + b);
            if x != b {
                m(x - b);
            }
            if divided && let Some(q) = quotient(x) {
                m(q);
            }
            j += 1;
        }
    }
    // The sums, differences and products in `also` past `top`, the values
    // between not walked.
    if let Some(a) = also {
        if products {
            let s = seek_up(hi, past_products, a.lo.div_ceil(b).max(pmax + 1));
            for &x in hi[s..].iter().take_while(|&&x| x as u64 <= a.hi / b) {
                m(x as u64 * b);
            }
        }
        if sums {
            sums_in(hi, j, a, (top, b), m);
        }
    }
    if !divided {
        return;
    }
    let dmax = qtop.saturating_mul(b);
    while j < hi.len() && (hi[j] as u64) <= dmax {
        if let Some(q) = quotient(hi[j] as u64) {
            m(q);
        }
        j += 1;
    }
}

/// [`each_result`]'s `x + b` and `x - b` in `also` for the values `x` of
/// `hi` (each at least `b`) past `top + b`, from index `from` on (the
/// values before it are at most `top + b`).
#[inline(always)]
fn sums_in(hi: &[Val], from: usize, also: Window, (top, b): (u64, u64), m: &mut impl FnMut(u64)) {
    let s = seek_up(hi, from, also.lo.saturating_sub(b).max(top + b + 1));
    for &x in hi[s..].iter().take_while(|&&x| x as u64 <= also.hi + b) {
        m(x as u64 + b);
        m(x as u64 - b);
    }
}

/// `x / b` if whole, `x` below 2^32 and `c` being `2^64 / b` rounded up
/// (`b` from 2 to 2^32), by one multiply (Lemire, Kaser and Kurz, "Faster
/// remainder by direct computation", 2019): `x % b == 0` iff `x * c < c`
/// (mod 2^64), and `x / b = (x * c) >> 64`.
#[inline(always)]
fn exact_quotient(x: u64, c: u64) -> Option<u64> {
    (x.wrapping_mul(c) < c).then(|| ((x as u128 * c as u128) >> 64) as u64)
}

/// The values of the window `w` from the first to the last that `out`
/// does not hold, if any.
fn missing(out: &Win, w: Window) -> Option<Window> {
    let mut m = out.map(|o| !o);
    clip(&mut m, w);
    let first = m.iter().position(|&b| b != 0)?;
    let last = m.iter().rposition(|&b| b != 0)?;
    Some(Window {
        lo: w.lo + 64 * first as u64 + m[first].trailing_zeros() as u64,
        hi: w.lo + 64 * last as u64 + 63 - m[last].leading_zeros() as u64,
    })
}

/// Whether `out` holds every value of `need`.
#[inline]
fn covers(out: &Win, need: &Win) -> bool {
    out.iter().zip(need).all(|(o, n)| n & !o == 0)
}

fn clip(out: &mut Win, w: Window) {
    let width = w.hi - w.lo + 1;
    for (i, o) in out.iter_mut().enumerate() {
        let base = i as u64 * 64;
        if base >= width {
            *o = 0;
        } else if base + 64 > width {
            *o &= (1u64 << (width - base)) - 1;
        }
    }
}

/// The first index from `from` on whose value is at least `a`, when
/// none before `from` is (`a` grows from call to call): a gallop from
/// `from`, then a binary search.
#[inline(always)]
fn seek_up(xs: &[Val], from: usize, a: u64) -> usize {
    let n = xs.len();
    if from >= n || xs[from] as u64 >= a {
        return from;
    }
    let mut lo = from + 1;
    let mut step = 1;
    while lo + step <= n && (xs[lo + step - 1] as u64) < a {
        lo += step;
        step <<= 1;
    }
    let hi = (lo + step).min(n);
    lo + xs[lo..hi].partition_point(|&x| (x as u64) < a)
}

/// The first index whose value is at least `a`, when it is at most
/// `from` (`a` falls from call to call): a gallop down from `from`, then
/// a binary search.
#[inline(always)]
fn seek_down(xs: &[Val], from: usize, a: u64) -> usize {
    if from == 0 || (xs[from - 1] as u64) < a {
        return from;
    }
    let mut hi = from - 1;
    let mut step = 1;
    while hi >= step && xs[hi - step] as u64 >= a {
        hi -= step;
        step <<= 1;
    }
    let lo = if hi >= step { hi - step + 1 } else { 0 };
    lo + xs[lo..hi].partition_point(|&x| (x as u64) < a)
}

/// Marks `f(x)` for the values `x` of `xs` from index `start` up to `b`.
#[inline(always)]
fn scan(xs: &[Val], start: usize, out: &mut Win, lo: u64, b: u64, f: impl Fn(u64) -> Option<u64>) {
    for &x in &xs[start..] {
        let x = x as u64;
        if x > b {
            break;
        }
        if let Some(t) = f(x) {
            mark(out, lo, t);
        }
    }
}

/// Where each of [`meet`]'s scans starts in the larger side: the ranges
/// of its values move one way as the smaller side's value `y` grows, so
/// each start moves on from the last one.
#[derive(Default)]
struct Cursors {
    sum: Option<usize>,
    diff: usize,
    rdiff: usize,
    prod: Option<usize>,
    quot: usize,
    rquot: usize,
}

/// The bits of [`each_pair_result`]'s operations ([`Engine::made`]).
const SUM: u8 = 1;
const PRODUCT: u8 = 2;
const QUOTIENT: u8 = 4;

/// How the values of a meet's smaller side are made ([`Engine::made`]),
/// and of how many tiles.
#[derive(Clone, Copy, Debug)]
struct Made<'a> {
    of: &'a [u8],
    tiles: usize,
}

/// Marks every `x op y` in `span` (the part of the window `w` still to be
/// reached; xs the larger side; both sorted), and some others of the
/// window, but those other splits of the six tiles find, by how each `y`
/// of the smaller side (two or three tiles, `made`) is made.
///
/// A `y` made of a tile `u` and a value `z` of the side's other tiles,
/// met with an operation of the same family, regroups:
///
/// - `x + (u - z)` is `(x + u) - z`, `x - (u + z)` is `(x - u) - z`, and
///   `(u + z) - x` is `(u - x) + z` or `z - (x - u)`;
/// - `x * (u * z)` is `(x * u) * z`, `x * (u / z)` is `(x * u) / z`,
///   `x / (u / z)` is `(x * z) / u` and `(u / z) / x` is `u / (x * z)`;
///
/// every step a positive whole number (a step equal to one of its
/// operands, as `x - u = u`, leaves fewer tiles with the same value). The
/// regrouped value is met by a split with a smaller side: the five tiles
/// without one and that sixth tile, all of whose results are marked
/// ([`single`]; a five-tile set holds the `x * u`, `x - u` and the rest
/// that these need), or, for three tiles, a pair against four, met here
/// in turn. Not skipped: `(u * z) / x` (`x` may divide neither), every
/// operation across families (`x * (u + z)`, `x + u * z`), and for a side
/// of two tiles `x / (u * z)`, whose `x / u` may be a quotient a five-tile
/// set does not keep ([`Engine::each_value`]); of three tiles, `(x / u) /
/// z` is met with the pair.
fn meet(out: &mut Win, w: Window, span: Window, xs: &[Val], low: &Bits, ys: &[Val], made: Made) {
    let n = xs.len();
    let mut acc = [0u64; WORDS];
    let mut at = Cursors::default();
    // Of two tiles, `x / (u * z)` is met here (see above).
    let whole = if made.tiles == 2 {
        QUOTIENT
    } else {
        PRODUCT | QUOTIENT
    };
    for (&y, &how) in ys.iter().zip(made.of) {
        let y = y as u64;
        if how & SUM == 0 {
            sums(out, &mut acc, &mut at, (w, span), xs, low, y);
        }
        if y > 1 && how & (PRODUCT | QUOTIENT) == 0 {
            let s = seek_down(xs, at.prod.unwrap_or(n), span.lo.div_ceil(y).max(2));
            at.prod = Some(s);
            scan(xs, s, out, w.lo, span.hi / y, |x| Some(x * y));
        }
        if y > 1 && how & whole == 0 {
            quotients(out, &mut at, (w, span), xs, y);
        }
        if y > 1 && how & QUOTIENT == 0 {
            reverse_quotients(out, &mut at, (w, span), xs, y);
        }
    }
    or(out, &acc);
}

/// [`meet`]'s `x + y`, `x - y` and `y - x`: bit sets shifted into
/// `acc` where the larger side's low values hold them, else scans.
#[inline(always)]
fn sums(
    out: &mut Win,
    acc: &mut Win,
    at: &mut Cursors,
    (w, span): (Window, Window),
    xs: &[Val],
    low: &Bits,
    y: u64,
) {
    let lo = w.lo;
    if y <= span.hi {
        if w.lo + WINDOW_BITS <= LOW + y {
            or_window_of(acc, &low.words, lo as i64 - y as i64, words_of(w, span));
        } else {
            // Some x = t - y is LOW or more: not in the bits.
            let s = seek_down(xs, at.sum.unwrap_or(xs.len()), span.lo.saturating_sub(y));
            at.sum = Some(s);
            scan(xs, s, out, lo, span.hi - y, |x| Some(x + y));
        }
    }
    if w.lo + y + WINDOW_BITS <= LOW {
        or_window_of(acc, &low.words, (lo + y) as i64, words_of(w, span));
    } else {
        at.diff = seek_up(xs, at.diff, span.lo + y);
        scan(xs, at.diff, out, lo, span.hi + y, |x| Some(x - y));
    }
    if y > span.lo {
        at.rdiff = seek_up(xs, at.rdiff, y.saturating_sub(span.hi).max(1));
        scan(xs, at.rdiff, out, lo, y - span.lo, |x| Some(y - x));
    }
}

/// [`meet`]'s `x / y` (`y` above 1).
#[inline(always)]
fn quotients(out: &mut Win, at: &mut Cursors, (w, span): (Window, Window), xs: &[Val], y: u64) {
    let lo = w.lo;
    let (from, to) = (span.lo.saturating_mul(y), span.hi.saturating_mul(y));
    at.quot = seek_up(xs, at.quot, from);
    if to < 1 << 32 {
        let c = u64::MAX / y + 1;
        scan(xs, at.quot, out, lo, to, |x| exact_quotient(x, c));
    } else {
        scan(xs, at.quot, out, lo, to, |x| (x % y == 0).then(|| x / y));
    }
}

/// [`meet`]'s `y / x` (`y` above 1).
#[inline(always)]
fn reverse_quotients(
    out: &mut Win,
    at: &mut Cursors,
    (w, span): (Window, Window),
    xs: &[Val],
    y: u64,
) {
    if y >= span.lo {
        at.rquot = seek_up(xs, at.rquot, y.div_ceil(span.hi).max(2));
        scan(xs, at.rquot, out, w.lo, y / span.lo, |x| {
            y.is_multiple_of(x).then(|| y / x)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The census's small tiles: 1 to 10.
    const SMALL: u64 = 10;

    /// Every value of every sub-multiset, from the full lists alone (no bit
    /// sets, no meets): the slow way the engine avoids.
    fn slow(e: &mut Engine, tiles: &[u16]) -> Win {
        let w = e.window();
        let mut out = [0u64; WORDS];
        for mask in 1u32..(1 << tiles.len()) {
            let sub: Vec<u16> = (0..tiles.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| tiles[i])
                .collect();
            for &x in e.full(key_of(&sub)).iter() {
                let x = x as u64;
                if (w.lo..=w.hi).contains(&x) {
                    mark(&mut out, w.lo, x);
                }
            }
        }
        out
    }

    /// Splits, listed without comparing when the tiles are distinct, are
    /// every split of the tiles into two non-empty parts, each once.
    #[test]
    fn splits_are_each_distinct_split_once() {
        for tiles in [
            &[5u16][..],
            &[3, 7],
            &[1, 2, 3, 4, 5, 6],
            &[2, 2, 11, 12, 13, 14],
            &[4, 4, 4, 9],
            &[7, 11, 12, 13, 14],
            &[1023, 1, 1, 500, 500, 2],
        ] {
            let (sp, n) = splits(key_of(tiles));
            let mut got = sp[..n].to_vec();
            got.sort_unstable();
            let mut want: Vec<(Key, Key)> = (1u32..(1 << tiles.len()) - 1)
                .map(|m| {
                    let part = |inside: bool| {
                        let p: Vec<u16> = (0..tiles.len())
                            .filter(|i| (m >> i & 1 == 1) == inside)
                            .map(|i| tiles[i])
                            .collect();
                        key_of(&p)
                    };
                    let (a, b) = (part(true), part(false));
                    (a.min(b), a.max(b))
                })
                .collect();
            want.sort_unstable();
            want.dedup();
            assert_eq!(got, want, "{tiles:?}");
        }
    }

    #[test]
    fn every_split_agrees_with_every_value() {
        every_split_agrees_in(Window { lo: 90, hi: 1009 });
    }

    /// A window above the values kept as bits ([`LOW`]): sums and
    /// differences of larger values come from the lists.
    #[test]
    fn every_split_agrees_above_the_bits() {
        every_split_agrees_in(Window { lo: 4000, hi: 4919 });
        every_split_agrees_in(Window { lo: 5000, hi: 5919 });
    }

    /// A window below the largest tile: a quotient of a tile by the other
    /// tiles' values may lie past the window's top plus the sixth tile.
    #[test]
    fn every_split_agrees_below_the_largest_tile() {
        every_split_agrees_in(Window { lo: 1, hi: 40 });
        every_split_agrees_in(Window { lo: 20, hi: 70 });
    }

    fn every_split_agrees_in(win: Window) {
        let mut e = Engine::new(win, 100, SMALL);
        let mut n = 0;
        for set in [
            [25u16, 50, 75, 100],
            [11, 12, 13, 14],
            [37, 61, 89, 97],
            [12, 16, 18, 24],
        ] {
            for mask in 0u32..16 {
                let large: Vec<u16> = (0..4)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| set[i])
                    .collect();
                // Small tiles from 1..10, twice each at most, a spread of them.
                for seed in 0..12u16 {
                    let mut t = large.clone();
                    let mut v = seed;
                    while t.len() < 6 {
                        v = (v * 7 + 3) % 10 + 1;
                        if t.iter().filter(|&&x| x == v).count() < 2 {
                            t.push(v);
                        } else {
                            v += 1;
                        }
                    }
                    assert_eq!(e.reach(&t), slow(&mut e, &t), "{t:?}");
                    assert_eq!(e.reach(&t[..5]), slow(&mut e, &t[..5]), "{t:?}");
                    n += 1;
                }
            }
        }
        assert_eq!(n, 4 * 16 * 12);
    }

    /// Asked to cover some values only, the engine answers with the whole
    /// reach, or with a part of it that holds all of them: never a value
    /// it does not reach, never one of them missing that it reaches.
    #[test]
    fn covering_answers_for_what_it_is_asked() {
        let win = Window { lo: 90, hi: 1009 };
        let mut targets = [0u64; WORDS];
        for t in 100..=999 {
            mark(&mut targets, win.lo, t);
        }
        let mut sparse = [0u64; WORDS];
        for t in (100..=999).step_by(97) {
            mark(&mut sparse, win.lo, t);
        }
        let mut e = Engine::new(win, 100, SMALL);
        let (mut n, mut partial) = (0, 0);
        for set in [
            [25u16, 50, 75, 100],
            [11, 12, 13, 14],
            [37, 61, 89, 97],
            [97, 98, 99, 100],
        ] {
            for (s, t) in [(1u16, 1u16), (3, 6), (7, 10), (2, 9), (10, 10)] {
                let tiles = [set[0], set[1], set[2], set[3], s, t];
                let want = slow(&mut e, &tiles);
                for need in [targets, sparse, [0; WORDS]] {
                    let got = e.reach_covering(&tiles, &need);
                    for i in 0..WORDS {
                        assert_eq!(got[i] & !want[i], 0, "{tiles:?}: a value it does not reach");
                        assert_eq!(
                            got[i] & need[i],
                            want[i] & need[i],
                            "{tiles:?}: a needed value"
                        );
                    }
                    if !covers(&got, &need) {
                        assert_eq!(got, want, "{tiles:?}: stopped short of the need");
                    }
                    partial += usize::from(got != want);
                    n += 1;
                }
            }
        }
        assert_eq!(n, 4 * 5 * 3);
        // Nothing needed: it stops after the first, cheapest ways.
        assert!(partial >= 20, "{partial} partial answers");
    }

    /// A five-tile set met once with a large sixth tile is worked out for
    /// that tile alone ([`Engine::direct`]); met again, or met with a small
    /// sixth tile, it is kept as a bit set: both ways give every selection
    /// the same reach, the reach of all its values.
    #[test]
    fn both_ways_of_a_five_tile_set_agree() {
        let win = Window { lo: 90, hi: 1009 };
        let mut n = 0;
        for t in [
            [25u16, 50, 75, 100, 3, 6],
            [11, 12, 13, 14, 1, 1],
            [37, 61, 89, 97, 2, 9],
            [12, 16, 18, 24, 10, 10],
            [99, 98, 97, 11, 1, 2],
            [60, 72, 84, 96, 4, 8],
        ] {
            let mut distinct = t.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            let mut e = Engine::new(win, 100, SMALL);
            let large = distinct.iter().filter(|&&y| y as u64 > e.small()).count();
            let first = e.reach(&t);
            assert_eq!(
                e.seen.len(),
                large,
                "{t:?}: large sixth tiles worked out directly"
            );
            assert_eq!(
                e.big.len(),
                distinct.len() - large,
                "{t:?}: small ones kept"
            );
            let again = e.reach(&t);
            assert_eq!(
                e.big.len(),
                distinct.len(),
                "{t:?}: all kept the second time"
            );
            let want = slow(&mut e, &t);
            assert_eq!(first, want, "{t:?}");
            assert_eq!(again, want, "{t:?}");
            n += 1;
        }
        assert_eq!(n, 6);
    }

    /// An engine that forgets at every step (a share of one in 65,536:
    /// a few five-tile sets and lists) reuses the words of the sets it
    /// forgot and reads lists back from its slots: it answers as one that
    /// forgets nothing.
    #[test]
    fn forgetting_changes_no_answer() {
        let win = Window { lo: 90, hi: 1009 };
        let (mut keep, mut forget) = (
            Engine::new(win, 100, SMALL),
            Engine::sharing(win, 100, SMALL, 1 << 16),
        );
        assert_eq!(forget.engines(), 1 << 16);
        for set in [[25u16, 50, 75, 100], [37, 61, 89, 97], [11, 12, 13, 14]] {
            for s1 in 1..=10u16 {
                for s2 in [s1, 11 - s1] {
                    let t = [set[0], set[1], set[2], set[3], s1, s2];
                    assert_eq!(forget.reach(&t), keep.reach(&t), "{t:?}");
                    assert_eq!(forget.reach(&t[1..]), keep.reach(&t[1..]), "{t:?}");
                }
            }
        }
        assert!(!forget.spare.is_empty() && forget.big.len() < keep.big.len());
    }

    #[test]
    fn seeks_find_what_a_binary_search_finds() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..2000 {
            let mut xs: Vec<Val> = (0..rng.random_range(0..40))
                .map(|_| rng.random_range(0..200))
                .collect();
            xs.sort_unstable();
            xs.dedup();
            let mut asks: Vec<u64> = (0..10).map(|_| rng.random_range(0..220)).collect();
            asks.sort_unstable();
            let (mut up, mut down) = (0, xs.len());
            for (&a, &b) in asks.iter().zip(asks.iter().rev()) {
                up = seek_up(&xs, up, a);
                assert_eq!(
                    up,
                    xs.partition_point(|&x| (x as u64) < a),
                    "{xs:?} up to {a}"
                );
                down = seek_down(&xs, down, b);
                assert_eq!(
                    down,
                    xs.partition_point(|&x| (x as u64) < b),
                    "{xs:?} down to {b}"
                );
            }
        }
    }

    #[test]
    fn marks_give_values_in_order_once() {
        let mut marks = Marks::new();
        let mut high = Vec::new();
        let values = [
            5u64,
            3,
            5,
            MARKED - 1,
            64,
            63,
            4095,
            3,
            MARKED,
            MARKED + 7,
            MARKED,
        ];
        for &v in &values {
            marks.put(v, &mut high);
        }
        let mut out = Vec::new();
        marks.drain_into(&mut out);
        assert_eq!(out, vec![3, 5, 63, 64, 4095, MARKED as Val - 1]);
        assert_eq!(high, vec![MARKED, MARKED + 7, MARKED]);
        // Drained: empty for the next list.
        marks.put(9, &mut high);
        let mut again = Vec::new();
        marks.drain_into(&mut again);
        assert_eq!(again, vec![9]);
    }

    #[test]
    fn known_answers() {
        let mut e = Engine::new(Window { lo: 100, hi: 999 }, 100, SMALL);
        let hit = |w: &Win, t: u64| w[((t - 100) / 64) as usize] >> ((t - 100) % 64) & 1 == 1;
        // 952 from 25 50 75 100 3 6 (the famous Countdown game):
        // ((100 + 6) * 3 * 75 - 50) / 25.
        let r = e.reach(&[25, 50, 75, 100, 3, 6]);
        assert!(hit(&r, 952));
        // 1 1 2 2 3 3 reach at most (1+1+2)*(2*3*3) = 72 < 100.
        assert_eq!(e.reach(&[1, 1, 2, 2, 3, 3]), [0; WORDS]);
        // 100 and 101 from 100 1 alone; 102 needs 2.
        let r = e.reach(&[100, 1]);
        assert!(hit(&r, 100) && hit(&r, 101) && hit(&r, 99 + 1) && !hit(&r, 102));
    }
}
