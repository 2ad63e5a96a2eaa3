//! Normal forms of expressions up to the field laws, and their canonical keys.
//!
//! An expression that uses each card once is a *read-once* rational function.
//! Its normal form alternates two kinds of n-ary node:
//!
//! - a **sum** of at least two signed terms, each a leaf or a product;
//! - a **product** of at least two factors, each multiplied or divided, each a
//!   leaf or a sum;
//!
//! and carries one overall sign. Signs are pushed outwards: a product holds no
//! sign of its own (a negated factor's sign moves to the product's form), and a
//! sum is stored in the one of its two orientations (`a-b` or `b-a`) whose
//! sorted term list is smaller, the other orientation being its negation. So
//! `(a-b)*(c-d)` and `(b-a)*(d-c)` meet, as do `a-(b-c)` and `a-b+c`, and
//! `a/(b/c)` and `a*c/b`.
//!
//! Leaves are labelled by card *value*, and the operands of every node are
//! sorted by their keys, so relabelling equal cards cannot change a key: the
//! key is a canonical string for the class of the expression under the field
//! laws and the exchange of equal cards (trees are compared as unordered
//! labelled trees, bottom-up). A node that is its own negation after such an
//! exchange (`5-5`, or any product with such a factor) is marked `selfneg` and
//! always carries the sign `+`, because `-(5-5)` *is* `5-5` with the fives
//! swapped.
//!
//! Nodes live in an [`Arena`] and are hash-consed: a node is its kind and its
//! sorted list of (operand id, flip), so two nodes are equal exactly when
//! their ids are, and building a form that exists already allocates nothing.
//! Keys are stored once per node, in one buffer, and compared only to sort
//! operands. The arena has two regions: nodes of many cards (those of one
//! hand's top-level questions) go to a region that is emptied when the next
//! hand starts, the others are kept as long as the search keeps its tables.

use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use crate::game::expr::{Expr, FlatTrees, Op};
use crate::game::number::Q;

/// A node of an [`Arena`]; the top bit names its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NodeId(u32);

/// The bit of a [`NodeId`] that marks the per-hand region.
const LOCAL: u32 = 1 << 31;

impl NodeId {
    fn region(self) -> usize {
        (self.0 >> 31) as usize
    }

    fn index(self) -> usize {
        (self.0 & !LOCAL) as usize
    }
}

/// The kind of a node; the operands of a sum or product are in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Leaf(i64),
    /// Terms; a part's `flip` means subtracted.
    Sum,
    /// Factors; a part's `flip` means divided.
    Prod,
}

/// A normal-form node.
#[derive(Debug)]
pub(crate) struct Node {
    pub kind: Kind,
    /// Its operands: `len` parts from `start` in its region's part list.
    parts: (u32, u32),
    /// Its canonical key (its sign excluded): a range of its region's keys.
    key: (u32, u32),
    /// Exact value of the node, `None` if some division in it is by zero.
    pub value: Option<Q>,
    /// Equal to its own negation after exchanging equal cards.
    pub selfneg: bool,
    /// Number of cards (leaves) under the node.
    pub cards: u32,
    /// Height in sum/product alternations: 0 for a leaf.
    pub levels: u32,
    /// Whether some sum or product under the node has a neutral set of
    /// operands (see [`super::dissimilar`]): 0 not asked yet, 1 no, 2 yes.
    pub(crate) neutral: Cell<u8>,
    /// The node's core (see [`super::dissimilar`]), once reduced: it has no
    /// more cards than the node, so it lives at least as long.
    pub(crate) core: Cell<Option<Form>>,
    /// The next node of its region with the same hash, if any.
    next: Option<NodeId>,
}

/// One operand of a sum or product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Part {
    pub flip: bool,
    pub node: NodeId,
}

/// A signed node: the normal form of one expression. Two forms are equal
/// exactly when their canonical keys are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Form {
    pub neg: bool,
    pub node: NodeId,
}

/// What the hottest comparisons read of a node, apart from the node itself
/// (a few cache lines of nodes, operands and keys): the first bytes of its
/// key and, for a sum or product, its operand with the largest key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lead {
    /// The first 8 bytes of the key, big-endian, zero-padded: keys hold no
    /// zero byte, so prefixes that differ order the keys.
    prefix: u64,
    /// 0 for a leaf, 1 for a sum, 2 for a product.
    pub tag: u8,
    /// The last (largest-key) operand of a sum or product.
    pub top: NodeId,
    /// Which signed forms of the node, and for a product of its
    /// reciprocal, [`render`] can write: see [`Writes`].
    writes: Writes,
}

/// Which readings of a node exist, as bits: the node with sign `+` and
/// with sign `-` (a node that is its own negation has both or neither),
/// and for a product, its reciprocal (every factor's `*` and `/` exchanged)
/// with each sign. A bit is set exactly when [`render`] writes that form,
/// worked out from the operands' bits by render's own rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Writes(u8);

impl Writes {
    const PLUS: u8 = 1;
    const MINUS: u8 = 2;
    const INVERSE_PLUS: u8 = 4;
    const INVERSE_MINUS: u8 = 8;

    fn signed(neg: bool) -> u8 {
        if neg { Self::MINUS } else { Self::PLUS }
    }

    fn inverse(neg: bool) -> u8 {
        if neg {
            Self::INVERSE_MINUS
        } else {
            Self::INVERSE_PLUS
        }
    }

    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

#[derive(Debug, Default)]
struct Region {
    nodes: Vec<Node>,
    /// A [`Lead`] per node.
    leads: Vec<Lead>,
    parts: Vec<Part>,
    keys: Vec<u8>,
    /// Hash of (kind, parts) -> the last node made with that hash.
    index: FxHashMap<u64, NodeId>,
}

impl Region {
    fn clear(&mut self) {
        self.nodes.clear();
        self.leads.clear();
        self.parts.clear();
        self.keys.clear();
        self.index.clear();
    }
}

/// Every node built so far, each once.
#[derive(Debug)]
pub(crate) struct Arena {
    regions: [Region; 2],
    /// Nodes of at least this many cards go to the per-hand region.
    split: u32,
    /// The most cards of a node of the kept region: a node of more is not
    /// looked for there (a probe of a table larger than the caches).
    kept_cards: u32,
    /// Scratch lists of operands, reused.
    spare: Vec<Vec<Part>>,
    keybuf: Vec<u8>,
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

fn shape_hash(kind: Kind, parts: &[Part]) -> u64 {
    let mut h = FxHasher::default();
    match kind {
        Kind::Leaf(v) => {
            0u8.hash(&mut h);
            v.hash(&mut h);
        }
        Kind::Sum => 1u8.hash(&mut h),
        Kind::Prod => 2u8.hash(&mut h),
    }
    for p in parts {
        (p.node.0 << 1 | p.flip as u32).hash(&mut h);
    }
    h.finish()
}

impl Arena {
    /// An arena whose nodes are all kept.
    pub fn new() -> Arena {
        Arena {
            regions: [Region::default(), Region::default()],
            split: u32::MAX,
            kept_cards: 0,
            spare: Vec::new(),
            keybuf: Vec::new(),
        }
    }

    /// Forget the per-hand region; from now on nodes of `split` or more cards
    /// go there. No node of the kept region may refer to them, which holds
    /// since a node refers only to nodes of fewer cards.
    pub fn start_hand(&mut self, split: usize) {
        self.regions[1].clear();
        self.split = u32::try_from(split).unwrap_or(u32::MAX);
    }

    /// The number of cards from which nodes are forgotten at the next hand.
    pub fn split(&self) -> usize {
        self.split as usize
    }

    /// Forget every node.
    pub fn clear(&mut self) {
        self.regions[0].clear();
        self.regions[1].clear();
        self.kept_cards = 0;
    }

    /// Nodes held in the kept region.
    pub fn len(&self) -> usize {
        self.regions[0].nodes.len()
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.regions[id.region()].nodes[id.index()]
    }

    /// The key prefix and largest operand of a node.
    #[inline]
    pub fn lead(&self, id: NodeId) -> Lead {
        self.regions[id.region()].leads[id.index()]
    }

    /// Whether `f` has a reading: an expression without a unary minus or
    /// a constant whose normal form it is ([`render`] writes one).
    pub fn writes(&self, f: Form) -> bool {
        self.lead(f.node).writes.has(Writes::signed(f.neg))
    }

    /// Whether `f` is a product whose reciprocal (every factor's `*` and
    /// `/` exchanged, the same sign) has a reading.
    pub fn inverse_writes(&self, f: Form) -> bool {
        self.lead(f.node).writes.has(Writes::inverse(f.neg))
    }

    /// The [`Writes`] of a node of `kind` over `parts`, from its operands':
    /// [`render_with`]'s rules, as bits, in one pass over the operands.
    fn writes_of(&self, kind: Kind, parts: &[Part], selfneg: bool) -> Writes {
        if let Kind::Leaf(_) = kind {
            return Writes(Writes::PLUS);
        }
        // Every operand written as itself or negated (an operand that is its
        // own negation has both bits or neither). A sum starts with a term
        // written with the sign it has in the sum (`start`, by the sum's
        // sign). A product's negated factors make its sign (`parity`)
        // unless a factor can be written both ways (`either`); one factor
        // must be multiplied (`up`), and its reciprocal's, divided (`down`).
        let (mut every, mut start, mut parity, mut either) = (true, [false; 2], false, false);
        let (mut up, mut down) = (false, false);
        for p in parts {
            let w = self.lead(p.node).writes;
            let (plus, minus) = (w.has(Writes::PLUS), w.has(Writes::MINUS));
            every &= plus || minus;
            for (s, started) in start.iter_mut().enumerate() {
                *started |= if p.flip ^ (s == 1) { minus } else { plus };
            }
            parity ^= !plus;
            either |= plus && minus;
            up |= !p.flip;
            down |= p.flip;
        }
        let mut bits = 0;
        for neg in [false, true] {
            // `neg` as render reads it: a node that is its own negation is
            // written with `+`.
            let s = neg && !selfneg;
            let written = match kind {
                Kind::Sum => every && start[s as usize],
                _ => every && (parity == s || either),
            };
            if written && (kind == Kind::Sum || up) {
                bits |= Writes::signed(neg);
            }
            if written && kind == Kind::Prod && down {
                bits |= Writes::inverse(neg);
            }
        }
        Writes(bits)
    }

    /// The operands of a sum or product (none for a leaf).
    pub fn parts(&self, id: NodeId) -> &[Part] {
        let r = &self.regions[id.region()];
        let (start, len) = r.nodes[id.index()].parts;
        &r.parts[start as usize..(start + len) as usize]
    }

    /// The canonical key of a node, as bytes (ASCII).
    pub fn key_bytes(&self, id: NodeId) -> &[u8] {
        let r = &self.regions[id.region()];
        let (start, len) = r.nodes[id.index()].key;
        &r.keys[start as usize..(start + len) as usize]
    }

    /// The key order of two nodes (the order of their key strings).
    pub fn cmp_nodes(&self, a: NodeId, b: NodeId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        match self.lead(a).prefix.cmp(&self.lead(b).prefix) {
            Ordering::Equal => self.key_bytes(a).cmp(self.key_bytes(b)),
            o => o,
        }
    }

    fn part_cmp(&self, a: &Part, b: &Part) -> Ordering {
        self.cmp_nodes(a.node, b.node).then(a.flip.cmp(&b.flip))
    }

    /// The canonical key of a form: its node's key, after `-` when negated.
    pub fn key(&self, f: Form) -> String {
        let bytes = self.key_bytes(f.node);
        let mut s = String::with_capacity(bytes.len() + 1);
        if f.neg {
            s.push('-');
        }
        // Keys are ASCII: copied whole, not char by char.
        s.push_str(std::str::from_utf8(bytes).expect("keys are ASCII"));
        s
    }

    /// The order of the canonical keys of two forms.
    pub fn cmp_keys(&self, a: Form, b: Form) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (x, y) = (self.key_bytes(a.node), self.key_bytes(b.node));
        match (a.neg, b.neg) {
            (false, false) | (true, true) => x.cmp(y),
            // `-k` against `l`: '-' against the first byte of `l`.
            (true, false) => b"-".iter().chain(x).cmp(y.iter()),
            (false, true) => x.iter().cmp(b"-".iter().chain(y)),
        }
    }

    /// The form of one card.
    pub fn leaf(&mut self, v: i64) -> Form {
        Form {
            neg: false,
            node: self.intern(Kind::Leaf(v), &[], false),
        }
    }

    pub fn negate(&self, f: Form) -> Form {
        Form {
            neg: f.neg ^ !self.node(f.node).selfneg,
            node: f.node,
        }
    }

    fn take_spare(&mut self) -> Vec<Part> {
        let mut v = self.spare.pop().unwrap_or_default();
        v.clear();
        v
    }

    /// The normal form of `a op b`.
    pub fn apply(&mut self, op: Op, a: Form, b: Form) -> Form {
        let mut parts = self.take_spare();
        let f = match op {
            Op::Add | Op::Sub => {
                self.push_terms(a, false, &mut parts);
                self.push_terms(b, op == Op::Sub, &mut parts);
                self.make_sum(&mut parts)
            }
            Op::Mul | Op::Div => {
                let mut neg = false;
                self.push_factors(a, false, &mut parts, &mut neg);
                self.push_factors(b, op == Op::Div, &mut parts, &mut neg);
                self.make_prod(&mut parts, neg)
            }
        };
        self.spare.push(parts);
        f
    }

    /// The terms of `f`, as a summand (negated when `minus`).
    pub fn push_terms(&self, f: Form, minus: bool, out: &mut Vec<Part>) {
        let s = f.neg ^ minus;
        let node = self.node(f.node);
        match node.kind {
            Kind::Sum => out.extend(self.parts(f.node).iter().map(|p| Part {
                flip: !self.node(p.node).selfneg && (p.flip ^ s),
                node: p.node,
            })),
            _ => out.push(Part {
                flip: !node.selfneg && s,
                node: f.node,
            }),
        }
    }

    /// The factors of `f`, as a multiplier (a divisor when `divide`); its sign
    /// goes to `neg`.
    pub fn push_factors(&self, f: Form, divide: bool, out: &mut Vec<Part>, neg: &mut bool) {
        *neg ^= f.neg;
        match self.node(f.node).kind {
            Kind::Prod => out.extend(self.parts(f.node).iter().map(|p| Part {
                flip: p.flip ^ divide,
                node: p.node,
            })),
            _ => out.push(Part {
                flip: divide,
                node: f.node,
            }),
        }
    }

    fn sort_parts(&self, parts: &mut [Part]) {
        // Few operands: insertion sort, stable like the key order needs.
        for i in 1..parts.len() {
            let mut j = i;
            while j > 0 && self.part_cmp(&parts[j - 1], &parts[j]) == Ordering::Greater {
                parts.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The normal form of the sum of `parts` (terms that are leaves or
    /// products); `parts` is left sorted.
    pub fn make_sum(&mut self, parts: &mut [Part]) -> Form {
        if parts.len() == 1 {
            return Form {
                neg: parts[0].flip,
                node: parts[0].node,
            };
        }
        self.sort_parts(parts);
        // The sorted negation differs from this list first in the first run
        // of equal keys with unequal numbers of added and subtracted terms;
        // the orientation with more added terms there is the smaller one.
        let mut order = Ordering::Equal;
        let mut i = 0;
        while i < parts.len() {
            let mut j = i;
            let mut minus = 0;
            while j < parts.len() && parts[j].node == parts[i].node {
                minus += parts[j].flip as usize;
                j += 1;
            }
            let plus = j - i - minus;
            if !self.node(parts[i].node).selfneg && plus != minus {
                order = if plus > minus {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
                break;
            }
            i = j;
        }
        let (neg, selfneg) = match order {
            Ordering::Greater => {
                for p in parts.iter_mut() {
                    p.flip = !self.node(p.node).selfneg && !p.flip;
                }
                self.sort_parts(parts);
                (true, false)
            }
            Ordering::Less => (false, false),
            Ordering::Equal => (false, true),
        };
        Form {
            neg,
            node: self.intern(Kind::Sum, parts, selfneg),
        }
    }

    /// The normal form of `±` the product of `parts` (factors that are leaves
    /// or sums); the sign is `-` when `neg`. `parts` is left sorted.
    pub fn make_prod(&mut self, parts: &mut [Part], neg: bool) -> Form {
        let selfneg = parts.iter().any(|p| self.node(p.node).selfneg);
        let neg = neg && !selfneg;
        if parts.len() == 1 && !parts[0].flip {
            return Form {
                neg: neg && !self.node(parts[0].node).selfneg,
                node: parts[0].node,
            };
        }
        self.sort_parts(parts);
        Form {
            neg,
            node: self.intern(Kind::Prod, parts, selfneg),
        }
    }

    /// The node of `kind` over the sorted `parts`, made if new.
    fn intern(&mut self, kind: Kind, parts: &[Part], selfneg: bool) -> NodeId {
        let h = shape_hash(kind, parts);
        let n_cards = match kind {
            Kind::Leaf(_) => 1,
            Kind::Sum | Kind::Prod => parts.iter().map(|p| self.node(p.node).cards).sum(),
        };
        // The per-hand region holds nodes of `split` cards or more only; the
        // kept one, nodes of at most `kept_cards`. A node is in one region.
        for r in 0..2 {
            if (r == 0 && n_cards > self.kept_cards) || (r == 1 && n_cards < self.split) {
                continue;
            }
            let mut at = self.regions[r].index.get(&h).copied();
            while let Some(id) = at {
                let n = self.node(id);
                if n.kind == kind && self.parts(id) == parts {
                    return id;
                }
                at = n.next;
            }
        }
        let (value, cards, levels) = match kind {
            Kind::Leaf(v) => (Some(Q::int(v)), 1, 0),
            Kind::Sum | Kind::Prod => {
                let sum = kind == Kind::Sum;
                let mut value = Some(if sum { Q::ZERO } else { Q::ONE });
                let (mut cards, mut levels) = (0, 0);
                for p in parts {
                    let n = self.node(p.node);
                    cards += n.cards;
                    levels = levels.max(n.levels);
                    value = match (value, n.value) {
                        (Some(acc), Some(v)) => match (sum, p.flip) {
                            (true, false) => acc.checked_add(v),
                            (true, true) => acc.checked_sub(v),
                            (false, false) => acc.checked_mul(v),
                            (false, true) => acc.checked_div(v),
                        },
                        _ => None,
                    };
                }
                (value, cards, levels + 1)
            }
        };
        // The key: a card is its value (`_5` for -5, a symbol of its own, not
        // the negation of 5); a sum `(+t1-t2)`, a product `[*f1/f2]`.
        let mut key = std::mem::take(&mut self.keybuf);
        key.clear();
        match kind {
            Kind::Leaf(v) => {
                if v < 0 {
                    key.push(b'_');
                }
                key.extend_from_slice(v.unsigned_abs().to_string().as_bytes());
            }
            Kind::Sum | Kind::Prod => {
                let (open, plus, minus, close) = if kind == Kind::Sum {
                    (b'(', b'+', b'-', b')')
                } else {
                    (b'[', b'*', b'/', b']')
                };
                key.push(open);
                for p in parts {
                    key.push(if p.flip { minus } else { plus });
                    key.extend_from_slice(self.key_bytes(p.node));
                }
                key.push(close);
            }
        }
        let writes = self.writes_of(kind, parts, selfneg);
        let r = (cards >= self.split) as usize;
        if r == 0 {
            self.kept_cards = self.kept_cards.max(cards);
        }
        let region = &mut self.regions[r];
        let id = NodeId(region.nodes.len() as u32 | if r == 1 { LOCAL } else { 0 });
        let node = Node {
            kind,
            parts: (region.parts.len() as u32, parts.len() as u32),
            key: (region.keys.len() as u32, key.len() as u32),
            value,
            selfneg,
            cards,
            levels,
            neutral: Cell::new(0),
            core: Cell::new(None),
            next: region.index.get(&h).copied(),
        };
        let mut prefix = [0u8; 8];
        let n = key.len().min(8);
        prefix[..n].copy_from_slice(&key[..n]);
        region.leads.push(Lead {
            prefix: u64::from_be_bytes(prefix),
            tag: match kind {
                Kind::Leaf(_) => 0,
                Kind::Sum => 1,
                Kind::Prod => 2,
            },
            top: parts.last().map_or(id, |p| p.node),
            writes,
        });
        region.parts.extend_from_slice(parts);
        region.keys.extend_from_slice(&key);
        region.nodes.push(node);
        region.index.insert(h, id);
        self.keybuf = key;
        id
    }
}

/// Operands a node renders without allocating its scratch lists (every node
/// of a hand of up to 8 cards).
const INLINE: usize = 8;

/// Runs `f` on `n` default values, on the stack when `n` is small: rendering
/// runs for every class of every hand, and small lists are most of its
/// allocations otherwise.
fn with_scratch<T: Default, R>(n: usize, f: impl FnOnce(&mut [T]) -> R) -> R {
    if n <= INLINE {
        let mut a: [T; INLINE] = std::array::from_fn(|_| T::default());
        f(&mut a[..n])
    } else {
        let mut v: Vec<T> = (0..n).map(|_| T::default()).collect();
        f(&mut v)
    }
}

/// Display order of operands, as indices into `parts` (written to `order`):
/// compound parts first (by key), then cards ascending, so `(1+2+3)*4`,
/// `1*2*3*4` and `5*5-1` read as people write them. Added (multiplied)
/// operands come before subtracted (divided) ones: a subtraction or division
/// never comes first, and intermediates stay positive and integral as long as
/// possible.
fn display_order(arena: &Arena, parts: &[Part], neg: bool, order: &mut [usize]) {
    for (i, o) in order.iter_mut().enumerate() {
        *o = i;
    }
    let late = |p: &Part| p.flip ^ neg && !arena.node(p.node).selfneg;
    order.sort_by(|&a, &b| {
        let (a, b) = (&parts[a], &parts[b]);
        late(a).cmp(&late(b)).then_with(|| {
            match (arena.node(a.node).kind, arena.node(b.node).kind) {
                (Kind::Leaf(x), Kind::Leaf(y)) => x.cmp(&y),
                (Kind::Leaf(_), _) => Ordering::Greater,
                (_, Kind::Leaf(_)) => Ordering::Less,
                _ => arena.cmp_nodes(a.node, b.node),
            }
        })
    });
}

/// What [`render_with`] writes a reading with: an expression tree, or
/// nodes of a flat buffer.
pub(crate) trait Build {
    type T;
    fn card(&self, v: i64) -> Self::T;
    fn bin(&self, op: Op, l: Self::T, r: Self::T) -> Self::T;
    /// The reading of the compound node `id` (negated when `neg`), written
    /// by `write` unless this builder already holds it. Readings are a
    /// function of the signed node, so a builder whose readings can be
    /// shared keeps each one.
    fn reuse(
        &self,
        _id: NodeId,
        _neg: bool,
        write: impl FnOnce() -> Option<Self::T>,
    ) -> Option<Self::T> {
        write()
    }
}

/// Readings as [`Expr`] trees.
struct ExprBuild;

impl Build for ExprBuild {
    type T = Expr;
    fn card(&self, v: i64) -> Expr {
        Expr::Card(v)
    }
    fn bin(&self, op: Op, l: Expr, r: Expr) -> Expr {
        Expr::bin(op, l, r)
    }
}

/// Readings as nodes of a [`FlatTrees`] buffer, by index: no allocation per
/// node. A signed compound node met again (a part shared by many classes of
/// a hand) is written once and its nodes shared.
pub(crate) struct FlatBuild<'a> {
    trees: RefCell<&'a mut FlatTrees>,
    written: RefCell<&'a mut Written>,
}

/// The readings a [`FlatBuild`] has written into its buffer, by signed node
/// (`None`: that signed node has no reading).
pub(crate) type Written = FxHashMap<(NodeId, bool), Option<u32>>;

impl<'a> FlatBuild<'a> {
    /// Writes into `trees`, whose readings so far are `written`.
    pub fn new(trees: &'a mut FlatTrees, written: &'a mut Written) -> Self {
        FlatBuild {
            trees: RefCell::new(trees),
            written: RefCell::new(written),
        }
    }
}

impl Build for FlatBuild<'_> {
    type T = u32;
    fn card(&self, v: i64) -> u32 {
        self.trees.borrow_mut().card(v)
    }
    fn bin(&self, op: Op, l: u32, r: u32) -> u32 {
        self.trees.borrow_mut().bin(op, l, r)
    }
    fn reuse(&self, id: NodeId, neg: bool, write: impl FnOnce() -> Option<u32>) -> Option<u32> {
        if let Some(&r) = self.written.borrow().get(&(id, neg)) {
            return r;
        }
        let r = write();
        self.written.borrow_mut().insert((id, neg), r);
        r
    }
}

/// A readable expression tree with the value of `node` (of `-node` when
/// `neg`), or `None` if that signed form cannot be written without a unary
/// minus or a constant (`-a`, `1/(a*b)`).
pub(crate) fn render(arena: &Arena, id: NodeId, neg: bool) -> Option<Expr> {
    render_with(arena, id, neg, &ExprBuild)
}

/// [`render`], the reading written by `b`.
pub(crate) fn render_with<B: Build>(arena: &Arena, id: NodeId, neg: bool, b: &B) -> Option<B::T> {
    let node = arena.node(id);
    let neg = neg && !node.selfneg;
    match node.kind {
        Kind::Leaf(_) => render_node(arena, id, node.kind, neg, b),
        Kind::Sum | Kind::Prod => b.reuse(id, neg, || render_node(arena, id, node.kind, neg, b)),
    }
}

/// [`render_with`] of the node `id` of `kind`, `neg` already cleared when
/// the node is its own negation.
fn render_node<B: Build>(arena: &Arena, id: NodeId, kind: Kind, neg: bool, b: &B) -> Option<B::T> {
    let parts = arena.parts(id);
    match kind {
        Kind::Leaf(v) => (!neg).then(|| b.card(v)),
        Kind::Sum => with_scratch(parts.len(), |order: &mut [usize]| {
            display_order(arena, parts, neg, order);
            let order = &*order;
            let term = |i: usize| &parts[order[i]];
            // Each term is written as itself when it can be, else negated;
            // both readings are made at most once.
            with_scratch(parts.len(), |cache: &mut [[Option<Option<B::T>>; 2]]| {
                let mut get = |i: usize, minus: bool| -> Option<B::T> {
                    cache[i][minus as usize]
                        .get_or_insert_with(|| render_with(arena, term(i).node, minus, b))
                        .take()
                };
                // Start with a term that can be written with the sign it has
                // in the sum (a subtracted product may be a positive
                // difference).
                let (first, mut acc) = (0..order.len()).find_map(|i| {
                    let p = term(i);
                    let minus = p.flip ^ neg && !arena.node(p.node).selfneg;
                    get(i, minus).map(|e| (i, e))
                })?;
                for i in 0..order.len() {
                    if i == first {
                        continue;
                    }
                    let minus = term(i).flip ^ neg;
                    acc = match get(i, false) {
                        Some(e) => b.bin(if minus { Op::Sub } else { Op::Add }, acc, e),
                        None => {
                            let e = get(i, true)?;
                            b.bin(if minus { Op::Add } else { Op::Sub }, acc, e)
                        }
                    };
                }
                Some(acc)
            })
        }),
        Kind::Prod => with_scratch(parts.len(), |order: &mut [usize]| {
            display_order(arena, parts, false, order);
            let order = &*order;
            let factor = |i: usize| &parts[order[i]];
            // Each factor written as itself or as its negation; the number of
            // negations must match the sign asked for.
            with_scratch(parts.len(), |chosen: &mut [Option<(B::T, bool)>]| {
                let mut flips = false;
                for (i, c) in chosen.iter_mut().enumerate() {
                    *c = Some(match render_with(arena, factor(i).node, false, b) {
                        Some(e) => (e, false),
                        None => {
                            flips ^= true;
                            (render_with(arena, factor(i).node, true, b)?, true)
                        }
                    });
                }
                if flips != neg {
                    // Flip the first factor that can be written both ways.
                    let mut flipped = false;
                    for (i, c) in chosen.iter_mut().enumerate() {
                        let p = factor(i);
                        if arena.node(p.node).selfneg {
                            flipped = true;
                            break;
                        }
                        if !c.as_ref().expect("every factor written").1
                            && let Some(e) = render_with(arena, p.node, true, b)
                        {
                            *c = Some((e, true));
                            flipped = true;
                            break;
                        }
                    }
                    if !flipped {
                        return None;
                    }
                }
                let first = (0..order.len()).position(|i| !factor(i).flip)?;
                let mut take = |i: usize| chosen[i].take().expect("each factor written once").0;
                let mut acc = take(first);
                for i in 0..order.len() {
                    if i != first {
                        let op = if factor(i).flip { Op::Div } else { Op::Mul };
                        acc = b.bin(op, acc, take(i));
                    }
                }
                Some(acc)
            })
        }),
    }
}

/// The normal form of an expression tree.
pub(crate) fn of_expr(arena: &mut Arena, e: &Expr) -> Form {
    match e {
        Expr::Card(v) => arena.leaf(*v),
        Expr::Bin(op, l, r) => {
            let (l, r) = (of_expr(arena, l), of_expr(arena, r));
            arena.apply(*op, l, r)
        }
    }
}

/// The canonical key of an expression tree, from a fresh arena.
pub(crate) fn key_of(e: &Expr) -> String {
    let mut arena = Arena::new();
    let f = of_expr(&mut arena, e);
    arena.key(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> String {
        key_of(&Expr::parse(s).unwrap())
    }

    #[test]
    fn field_laws_meet() {
        assert_eq!(key("1+2+3"), key("(3+1)+2"));
        assert_eq!(key("7-(2-3)"), key("7-2+3"));
        assert_eq!(key("7/(2/3)"), key("7*3/2"));
        assert_eq!(key("(7-2)*(3-5)"), key("(2-7)*(5-3)"));
        assert_eq!(key("(7-2)/(3-5)"), key("(2-7)/(5-3)"));
        assert_ne!(key("(7+2)-3"), key("7-2+3"));
        assert_ne!(key("7*1"), key("7/1"));
        assert_ne!(key("7-2"), key("2-7"));
    }

    #[test]
    fn equal_cards_are_interchangeable() {
        let mut arena = Arena::new();
        let f = of_expr(&mut arena, &Expr::parse("5-5").unwrap());
        assert_eq!(arena.key(arena.negate(f)), arena.key(f));
        assert_eq!(key("3*(5-5)"), key("(5-5)*3"));
        assert_eq!(key("4+3*(5-5)"), key("4-3*(5-5)"));
    }

    #[test]
    fn render_round_trips() {
        for s in [
            "(1+2+3)*4",
            "8/(3-8/3)",
            "6/(1-3/4)",
            "5*5-1",
            "(5+1)*(5-1)",
            "2-(7-3)*4",
        ] {
            let mut arena = Arena::new();
            let f = of_expr(&mut arena, &Expr::parse(s).unwrap());
            let e = render(&arena, f.node, f.neg).unwrap();
            assert_eq!(key_of(&e), arena.key(f), "{s} -> {e}");
            assert_eq!(e.eval(), Expr::parse(s).unwrap().eval());
        }
    }
}
