//! Distinct solutions: every solution of a hand, one per class, at three
//! levels of "the same" (see docs/DISTINCT.md).
//!
//! - **Structural**: equal as rational functions of the cards, after
//!   relabelling cards of equal value. Each class has a canonical key (the
//!   normal form of [`form`]) and a readable representative.
//! - **Dissimilar**: structural classes that differ only in a neutral part
//!   (worth 0 added or subtracted, worth 1 multiplying or dividing) are one
//!   solution; the rule is in [`dissimilar`].
//! - **None**: every expression tree up to the order of the operands of `+`
//!   and `*` ([`trees`]).
//!
//! Classes are generated directly by dynamic programming over sub-multisets
//! ([`search`]), never by listing every expression.

pub mod answer;
pub mod census;
mod dissimilar;
pub(crate) mod form;
#[cfg(test)]
pub(crate) mod modp;
pub(crate) mod search;
pub(crate) mod witness;

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::game::error::InputError;
use crate::game::expr::{Expr, Facts, FlatTrees, Node, Op, Shape, facts_of};
use crate::game::hand::Hand;
use crate::game::named::named;
use crate::game::number::Q;
use crate::game::rules::Rules;
use form::{Arena, FlatBuild, Form};
use search::{Algebra, Engine, Entry, Tree};
use witness::{TreeId, Witnesses};

/// The most cards [`solutions`] and [`trees`] take.
pub const MAX_DISTINCT_CARDS: usize = 8;

/// The most cards [`trees`] (the `none` level) takes. Every tree is held in
/// memory, and their number grows about thirtyfold with each card: `1 2 3 4
/// 5 6` has 30 375 trees worth 24 (0.2 s, 28 MB), `1 2 3 4 5 6 7` 842 415
/// (about 8 s and 700 MB on a loaded two-core machine), and all trees of `1
/// 2 3 4 5 6 7 8` once ran out of memory at 5.6 GB.
pub const MAX_TREE_CARDS: usize = 7;

/// The most cards [`solutions_by_target`] takes: every class of a hand for
/// every value is listed at once, which for eight different cards needs
/// tens of gigabytes (seven take about 3 s and 1.5 GB).
pub const MAX_TARGETS_CARDS: usize = 7;

/// The largest hand whose simplest solution is shown: up to this many cards
/// a table lists every structural class (`sweep` without `--no-solutions`)
/// and `solve` prints class 0, the simplest ([`simplicity`]); a larger hand
/// shows the first solution the search finds, since listing its classes
/// can take minutes.
pub const MAX_SIMPLEST_CARDS: usize = 7;

/// The simplest solution of `hand` for `target` under `rules`: class 0 of
/// [`solutions`], `None` when there is none.
pub fn simplest(hand: &Hand, target: Q, rules: Rules) -> Result<Option<Expr>, InputError> {
    Ok(solutions(hand, target, rules)?
        .classes
        .into_iter()
        .next()
        .map(|c| c.expr))
}

named! {
    /// Which solutions count as the same.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Distinct {
        /// Structural classes that differ only in a neutral part (a spare 1 that
        /// multiplies or divides, a spare 0 added or subtracted, 7/7, 7-7) are one.
        #[default]
        Dissimilar => "dissimilar",
        /// Equal as rational functions of the cards, equal cards interchangeable.
        Structural => "structural",
        /// Every expression tree, up to the order of the operands of + and *,
        /// printed with the brackets that tell trees apart (hands of at most 7
        /// cards).
        #[cfg_attr(feature = "cli", value(name = "none"))]
        Trees => "none",
    }
    impl FromStr else InputError::unknown("distinct level");
}

/// One structural class of solutions.
#[derive(Clone, Debug)]
pub struct Class {
    /// Readable representative; evaluates exactly to the target under the rules.
    pub expr: Expr,
    /// Deterministic canonical key of the structural class.
    pub canonical: String,
    /// Facts of `expr`.
    pub facts: Facts,
    /// 0-based index of the dissimilar group this class belongs to (groups
    /// numbered in order of first appearance in `classes`).
    pub dissimilar_group: u32,
}

/// All solutions of one hand.
#[derive(Clone, Debug, Default)]
pub struct Solutions {
    /// Every structural class, simplest first (see [`simplicity`]), deterministic.
    pub classes: Vec<Class>,
    /// Number of dissimilar groups.
    pub dissimilar: u32,
}

impl Solutions {
    /// Number of structural classes.
    pub fn structural(&self) -> u32 {
        self.classes.len() as u32
    }

    /// One class per dissimilar group, the simplest of the group, in group order.
    pub fn dissimilar_representatives(&self) -> impl Iterator<Item = &Class> {
        let mut next = 0;
        self.classes.iter().filter(move |c| {
            let first = c.dissimilar_group == next;
            next += first as u32;
            first
        })
    }

    /// The solutions among these that `keep` accepts, in the same order,
    /// their dissimilar groups numbered again in order of first appearance
    /// (a group is kept when one of its classes is): the solutions of a game
    /// played with fewer operations, say `+` and `-` only.
    pub fn keeping(self, keep: impl Fn(&Class) -> bool) -> Solutions {
        let mut number: Vec<Option<u32>> = vec![None; self.dissimilar as usize];
        let mut dissimilar = 0;
        let classes = self
            .classes
            .into_iter()
            .filter(|c| keep(c))
            .map(|mut c| {
                let g = c.dissimilar_group as usize;
                if g >= number.len() {
                    number.resize(g + 1, None);
                }
                c.dissimilar_group = *number[g].get_or_insert_with(|| {
                    dissimilar += 1;
                    dissimilar - 1
                });
                c
            })
            .collect();
        Solutions {
            classes,
            dissimilar,
        }
    }

    /// The classes listed at `level` (`None` is not a level of classes: its
    /// trees come from [`trees`], so it lists the structural classes here).
    pub fn at(&self, level: Distinct) -> Vec<&Class> {
        match level {
            Distinct::Dissimilar => self.dissimilar_representatives().collect(),
            Distinct::Structural | Distinct::Trees => self.classes.iter().collect(),
        }
    }
}

/// What a hand row and the difficulty features read of one class: the
/// facts of its representative, whether that is a product at its root, and
/// its dissimilar group.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline {
    pub facts: Facts,
    /// The representative is `a*b` at its root.
    pub product: bool,
    pub dissimilar_group: u32,
}

impl Class {
    pub fn outline(&self) -> Outline {
        Outline {
            facts: self.facts,
            product: matches!(self.expr, Expr::Bin(Op::Mul, ..)),
            dissimilar_group: self.dissimilar_group,
        }
    }
}

/// All solutions of one hand as a table's hand row reads them
/// (`sweep --counts-only`): the classes of the [`Solutions`] with the same
/// groups, each class an [`Outline`] and its representative a tree of one
/// flat buffer, without canonical keys or expression trees to build and
/// free for thousands of classes, and without their order: only the
/// simplest class is known (sorting every class took 4% of a seven-card
/// sweep, measured by perf on shard 37/100).
#[derive(Clone, Debug, Default)]
pub struct Sketch {
    /// Every structural class, in the order the search found them.
    pub classes: Vec<Outline>,
    pub dissimilar: u32,
    /// The representatives: class `i`'s is `trees.node(roots[i])`.
    pub trees: FlatTrees,
    pub roots: Vec<u32>,
    /// The index of the simplest class (the first of [`Solutions`]).
    pub simplest: Option<usize>,
}

impl Sketch {
    /// The representative of the simplest class.
    pub fn simplest(&self) -> Option<Expr> {
        self.simplest
            .map(|i| self.trees.node(self.roots[i]).to_expr())
    }
}

/// The order "simplest first": no fraction before a fraction, then fewer
/// sum/product alternations in the normal form, then fewer subtractions and
/// divisions in the representative, then a smaller largest intermediate, then
/// the canonical key. Every component is a function of the class, so the order
/// is stable across runs and threads.
pub fn simplicity(class: &Class, levels: u32) -> (bool, u32, u32, Q, String) {
    let (fraction, levels, ops, peak) = simplicity_prefix(class, levels);
    (fraction, levels, ops, peak, class.canonical.clone())
}

/// [`simplicity`] without its last component, the canonical key, so that a
/// sort can compare the key in place instead of copying it.
type Prefix = (bool, u32, u32, Q);

fn simplicity_prefix(class: &Class, levels: u32) -> Prefix {
    prefix_of(&class.facts, levels)
}

fn prefix_of(f: &Facts, levels: u32) -> Prefix {
    (
        f.uses_fraction,
        levels,
        f.op_counts[Op::Sub as usize] + f.op_counts[Op::Div as usize],
        f.peak.unwrap_or(Q::ZERO),
    )
}

/// Normal forms with a witness tree, both in arenas of their own.
#[derive(Debug, Default)]
pub(crate) struct StructuralAlgebra {
    pub arena: RefCell<Arena>,
    pub witnesses: RefCell<Witnesses>,
}

impl Algebra for StructuralAlgebra {
    type Key = Form;
    type Item = TreeId;

    fn leaf(&self, v: i64) -> (Form, TreeId) {
        (
            self.arena.borrow_mut().leaf(v),
            self.witnesses.borrow_mut().card(v),
        )
    }

    fn combine(&self, op: Op, a: &Entry<Self>, b: &Entry<Self>) -> (Form, TreeId) {
        let mut arena = self.arena.borrow_mut();
        let f = arena.apply(op, a.key, b.key);
        // The witness lives as long as the node's classes are kept.
        let local = arena.node(f.node).cards as usize >= arena.split();
        let w = self.witnesses.borrow_mut().bin(op, a.item, b.item, local);
        (f, w)
    }

    /// The smallest witness tree: which candidate is found first depends on
    /// what a solver met in earlier hands, and the witness can become the
    /// representative (when the reading of the normal form breaks the rules),
    /// so the choice must not.
    fn prefer(&self, a: &TreeId, b: &TreeId) -> bool {
        self.witnesses.borrow().cmp(*a, *b).is_lt()
    }

    /// A sum (product) of k terms (factors) is built only as the sum of its
    /// term with the largest key and the rest, never from two sums: the rest
    /// (or its negation, or reciprocal) is itself a class over the other
    /// cards, so the class is still found. And never as `a - b` (`a / b`)
    /// when `a + (-b)` (`a * (1/b)`) builds it too ([`Self::may_be_right`]).
    /// A class is still built more than once when the rest and its
    /// negation (reciprocal) both lead; on a seven-card shard, 8% of the
    /// candidates built are classes found already, 31% without the second
    /// rule.
    fn leads(&self, op: Op, a: &Form, b: &Form) -> bool {
        if !self.may_be_right(op, b) {
            return false;
        }
        let arena = self.arena.borrow();
        // The largest operand when `f` is a sum (product) that `op` would
        // extend.
        let extends = if matches!(op, Op::Add | Op::Sub) {
            1
        } else {
            2
        };
        let top = |f: &Form| {
            let lead = arena.lead(f.node);
            (lead.tag == extends).then_some(lead.top)
        };
        match (top(a), top(b)) {
            (None, None) => true,
            (Some(top), None) => arena.cmp_nodes(b.node, top).is_ge(),
            (None, Some(top)) => arena.cmp_nodes(a.node, top).is_ge(),
            (Some(_), Some(_)) => false,
        }
    }

    /// `b` is on the right of no class that leads when `-b` (for `a - b`)
    /// or `1/b` (for `a / b`) has a reading (an expression without a unary
    /// minus or a constant): `a + (-b)` or `a * (1/b)` is the same class,
    /// and `-b` (`1/b`) is a class over the same cards with the same kind
    /// and largest operand, found by the question that asks for its value,
    /// so that class is built there.
    fn may_be_right(&self, op: Op, b: &Form) -> bool {
        let arena = self.arena.borrow();
        match op {
            Op::Sub => !arena.writes(arena.negate(*b)),
            Op::Div => !arena.inverse_writes(*b),
            Op::Add | Op::Mul => true,
        }
    }

    /// A class `b` that [`Self::may_be_right`] of `-` admits (`-b` has no
    /// reading) is worth more than 0 when its cards are. Every class has a
    /// reading (every normal form of an expression is written by
    /// [`form::render`]), so by induction on its form: a card is positive;
    /// in a sum, each term can be written only with the sign it has, so
    /// each signed term is such a class; in a product, each factor can be
    /// written with one sign only, and the factors written negated (negative
    /// by the same induction) number as many, modulo 2, as the sign of `b`.
    fn right_is_positive(&self, op: Op) -> bool {
        op == Op::Sub
    }

    /// A sum (product) built with `op2` follows one card in a sum (product)
    /// only when none of its terms (factors) is above the card: its
    /// largest is the largest of its two operands' (each operand's own
    /// largest when it is a sum (product) too, else itself).
    fn may_follow(&self, op: Op, card: &Form, op2: Op, side: &Form) -> bool {
        let sum = |o: Op| matches!(o, Op::Add | Op::Sub);
        if sum(op) != sum(op2) {
            return true;
        }
        let arena = self.arena.borrow();
        let lead = arena.lead(side.node);
        let top = if lead.tag == if sum(op) { 1 } else { 2 } {
            lead.top
        } else {
            side.node
        };
        arena.cmp_nodes(card.node, top).is_ge()
    }

    /// Classes are told apart by interned forms and their witnesses chosen
    /// by [`Self::prefer`], so the order found needs no sorting.
    fn sort(&self, _list: &mut [Entry<Self>]) {}

    const ORDER_FREE: bool = true;

    fn start_hand(&self, split: usize) {
        self.arena.borrow_mut().start_hand(split);
        self.witnesses.borrow_mut().start_hand();
    }

    fn clear(&self) {
        self.arena.borrow_mut().clear();
        self.witnesses.borrow_mut().clear();
    }

    fn held(&self) -> usize {
        self.arena.borrow().len()
    }
}

/// Trees up to the order of the operands of `+` and `*`.
struct Trees;

impl Algebra for Trees {
    type Key = Rc<str>;
    type Item = Rc<Tree>;

    fn leaf(&self, v: i64) -> (Rc<str>, Rc<Tree>) {
        let k: Rc<str> = if v < 0 {
            format!("_{}", v.unsigned_abs())
        } else {
            v.to_string()
        }
        .into();
        (k, Rc::new(Tree::Card(v)))
    }

    fn combine(&self, op: Op, a: &Entry<Self>, b: &Entry<Self>) -> (Rc<str>, Rc<Tree>) {
        let (x, y) = if op.is_commutative() && b.key < a.key {
            (&b.key, &a.key)
        } else {
            (&a.key, &b.key)
        };
        let k: Rc<str> = format!("({x}{}{y})", op.symbol(false)).into();
        (k, Rc::new(Tree::Bin(op, a.item.clone(), b.item.clone())))
    }

    /// The first tree found of each class is kept, so classes are listed in
    /// key order (unique) for the next questions to find them in that order.
    fn sort(&self, list: &mut [Entry<Self>]) {
        list.sort_unstable_by(|a, b| a.key.cmp(&b.key));
    }
}

fn check(hand: &Hand, target: Q) -> Result<(), InputError> {
    hand.check_size(MAX_DISTINCT_CARDS, "distinct solutions")?;
    hand.check_range(target)
}

/// Finds distinct solutions hand after hand, remembering what it learned
/// about each sub-multiset of card values: in a sweep most sub-multisets of a
/// hand were met in earlier hands, and their classes are reused.
#[derive(Debug)]
pub struct DistinctSolver {
    rules: Rules,
    engine: Engine<StructuralAlgebra>,
    /// The readings [`Self::sketch`] wrote for the hand before, emptied for
    /// each hand: kept to keep its room.
    written: RefCell<form::Written>,
}

/// Remembered questions, classes and nodes after which a [`DistinctSolver`]
/// starts afresh, to bound its memory: the six-card sweep then peaks at about
/// 140 MB on one thread. Four times as much made a seven-card sweep slower
/// and twice as large; half as much, a little slower.
const FORGET_AFTER: usize = 1 << 19;

impl DistinctSolver {
    pub fn new(rules: Rules) -> DistinctSolver {
        DistinctSolver {
            rules,
            engine: Engine::new(StructuralAlgebra::default(), rules),
            written: RefCell::default(),
        }
    }

    /// What the solver holds (remembered questions, tables), for tuning.
    pub fn held(&self) -> usize {
        self.engine.size()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Every structural class of solutions of `hand` for `target`, simplest
    /// first, with its dissimilar group.
    pub fn solutions(&mut self, hand: &Hand, target: Q) -> Result<Solutions, InputError> {
        check(hand, target)?;
        self.start(hand);
        let id = self.engine.id(hand.cards());
        let found = self.engine.with_value(id, target);
        Ok(self.classes_of(&found, target))
    }

    /// The number of dissimilar solutions of `hand` for `target`: the
    /// `dissimilar` of [`Self::solutions`], found the same way (the same
    /// search, the same cores interned in the same order), but without the
    /// representatives, keys and order of the classes.
    pub fn dissimilar(&mut self, hand: &Hand, target: Q) -> Result<u32, InputError> {
        check(hand, target)?;
        self.start(hand);
        let id = self.engine.id(hand.cards());
        let found = self.engine.with_value(id, target);
        let mut arena = self.engine.algebra().arena.borrow_mut();
        let cores: rustc_hash::FxHashSet<Form> = found
            .iter()
            .map(|e| dissimilar::core_if_neutral(&mut arena, e.key).unwrap_or(e.key))
            .collect();
        Ok(cores.len() as u32)
    }

    /// [`Self::solutions`] as a [`Sketch`]: the same classes and groups,
    /// outlined, in the order found, with the same simplest class.
    pub fn sketch(&mut self, hand: &Hand, target: Q) -> Result<Sketch, InputError> {
        check(hand, target)?;
        self.start(hand);
        let id = self.engine.id(hand.cards());
        let found = self.engine.with_value(id, target);
        Ok(self.sketch_of(&found, target))
    }

    /// Every target from `lo` to `hi` that `hand` reaches, ascending, with
    /// its solutions: the same classes, order and groups as [`Self::solutions`]
    /// gives for each target, from one enumeration of the hand's classes
    /// (grouped by value) instead of one search per target.
    pub fn solutions_by_target(
        &mut self,
        hand: &Hand,
        lo: i64,
        hi: i64,
    ) -> Result<Vec<(i64, Solutions)>, InputError> {
        for t in [lo, hi] {
            check(hand, Q::int(t))?;
        }
        self.start(hand);
        let id = self.engine.id(hand.cards());
        let found = self
            .engine
            .all_kept(id, |v| v.is_integer() && (lo..=hi).contains(&v.numer()));
        let mut by_value: std::collections::BTreeMap<i64, Vec<Entry<StructuralAlgebra>>> =
            Default::default();
        for e in found {
            by_value.entry(e.value.numer()).or_default().push(e);
        }
        Ok(by_value
            .into_iter()
            .map(|(t, entries)| (t, self.classes_of(&entries, Q::int(t))))
            .collect())
    }

    /// Bounds memory and readies the engine for a hand of this size.
    fn start(&mut self, hand: &Hand) {
        if self.engine.size() > FORGET_AFTER {
            self.engine.clear();
        }
        self.engine
            .tabulate_upto(if hand.len() >= 5 { 3 } else { 2 });
        self.engine.start_hand(hand.len());
    }

    /// The classes `found` (each worth `target`), with representatives,
    /// facts and dissimilar groups, simplest first.
    fn classes_of(&self, found: &[Entry<StructuralAlgebra>], target: Q) -> Solutions {
        let rules = self.rules;
        let alg = self.engine.algebra();
        let (mut arena, witnesses) = (alg.arena.borrow_mut(), alg.witnesses.borrow());
        let classes: Vec<(Prefix, Class, Form)> = found
            .iter()
            .map(|e| {
                let form = e.key;
                // The representative is written from the normal form when that
                // reading obeys the rules; otherwise the tree the search found.
                let rendered = form::render(&arena, form.node, form.neg).and_then(|x| {
                    match x.facts_under(rules) {
                        Ok((v, facts)) if v == target => Some((x, facts)),
                        _ => None,
                    }
                });
                let (expr, facts) = rendered.unwrap_or_else(|| {
                    let x = witnesses.to_expr(e.item);
                    let facts = x.facts().expect("a representative evaluates");
                    (x, facts)
                });
                let core = dissimilar::core_if_neutral(&mut arena, form).unwrap_or(form);
                let class = Class {
                    expr,
                    canonical: arena.key(form),
                    facts,
                    dissimilar_group: 0,
                };
                let levels = arena.node(form.node).levels;
                (simplicity_prefix(&class, levels), class, core)
            })
            .collect();
        // The order of `simplicity`: canonical keys are unique, so it is
        // total. Indices are sorted rather than the classes themselves, which
        // are large to move.
        let mut order: Vec<u32> = (0..classes.len() as u32).collect();
        order.sort_unstable_by(|&i, &j| {
            let (a, b) = (&classes[i as usize], &classes[j as usize]);
            a.0.cmp(&b.0)
                .then_with(|| a.1.canonical.cmp(&b.1.canonical))
        });
        // Two classes are one dissimilar solution when their cores are the
        // same interned form (the same key); groups are numbered in order.
        let mut groups: FxHashMap<Form, u32> = FxHashMap::default();
        let mut slots: Vec<Option<(Prefix, Class, Form)>> = classes.into_iter().map(Some).collect();
        let out: Vec<Class> = order
            .into_iter()
            .map(|i| {
                let (_, mut class, core) = slots[i as usize].take().expect("each class once");
                let next = groups.len() as u32;
                class.dissimilar_group = *groups.entry(core).or_insert(next);
                class
            })
            .collect();
        let dissimilar = groups.len() as u32;
        Solutions {
            dissimilar,
            classes: out,
        }
    }
}

impl DistinctSolver {
    /// [`Self::classes_of`] outlined: each representative written into
    /// one flat buffer, the order's last key compared in the arena rather
    /// than as strings.
    fn sketch_of(&self, found: &[Entry<StructuralAlgebra>], target: Q) -> Sketch {
        let rules = self.rules;
        let alg = self.engine.algebra();
        let (mut arena, witnesses) = (alg.arena.borrow_mut(), alg.witnesses.borrow());
        let mut trees = FlatTrees::default();
        let mut written = self.written.borrow_mut();
        written.clear();
        let mut outlined: Vec<(Prefix, Outline, Form, Form, u32)> = Vec::with_capacity(found.len());
        for e in found {
            let form = e.key;
            // The representative as `classes_of` chooses it.
            let rendered = {
                let b = FlatBuild::new(&mut trees, &mut written);
                form::render_with(&arena, form.node, form.neg, &b)
            }
            .and_then(|root| match facts_of(trees.node(root), Some(rules)) {
                Ok((v, facts)) if v == target => Some((root, facts)),
                _ => None,
            });
            let (root, facts) = rendered.unwrap_or_else(|| {
                let x = witnesses.to_expr(e.item);
                let facts = x.facts().expect("a representative evaluates");
                (trees.push(&x), facts)
            });
            let product = matches!(trees.node(root).shape(), Shape::Bin(Op::Mul, ..));
            let core = dissimilar::core_if_neutral(&mut arena, form).unwrap_or(form);
            let levels = arena.node(form.node).levels;
            let outline = Outline {
                facts,
                product,
                dissimilar_group: 0,
            };
            outlined.push((prefix_of(&facts, levels), outline, form, core, root));
        }
        // The order of `classes_of`: `cmp_keys` is the order of the keys.
        let before = |i: usize, j: usize| {
            let (a, b) = (&outlined[i], &outlined[j]);
            a.0.cmp(&b.0).then_with(|| arena.cmp_keys(a.2, b.2))
        };
        // Groups are numbered in the order of their simplest classes, as
        // `classes_of` numbers them: only each group's simplest class is
        // needed in order, not every class.
        let mut groups: FxHashMap<Form, u32> = FxHashMap::default();
        let mut simplest: Vec<usize> = Vec::new();
        let mut group_of: Vec<u32> = Vec::with_capacity(outlined.len());
        for (i, o) in outlined.iter().enumerate() {
            let next = groups.len() as u32;
            let g = *groups.entry(o.3).or_insert(next);
            if g == next {
                simplest.push(i);
            } else if before(i, simplest[g as usize]).is_lt() {
                simplest[g as usize] = i;
            }
            group_of.push(g);
        }
        let mut order: Vec<u32> = (0..simplest.len() as u32).collect();
        order.sort_unstable_by(|&g, &h| before(simplest[g as usize], simplest[h as usize]));
        let mut number = vec![0u32; order.len()];
        for (n, &g) in order.iter().enumerate() {
            number[g as usize] = n as u32;
        }
        let classes = outlined
            .iter()
            .zip(&group_of)
            .map(|(o, &g)| Outline {
                dissimilar_group: number[g as usize],
                ..o.1
            })
            .collect();
        Sketch {
            classes,
            dissimilar: order.len() as u32,
            roots: outlined.iter().map(|o| o.4).collect(),
            simplest: order.first().map(|&g| simplest[g as usize]),
            trees,
        }
    }
}

/// [`DistinctSolver::sketch`] on this thread's solver.
pub fn sketch(hand: &Hand, target: Q, rules: Rules) -> Result<Sketch, InputError> {
    with_shared(rules, |s| s.sketch(hand, target))
}

thread_local! {
    /// The solver behind [`solutions`], one per thread, so that callers
    /// sweeping many hands (one thread each) share sub-multisets without
    /// holding a solver themselves. Its memory is bounded (see
    /// [`DistinctSolver`]); a call with other rules starts a new one.
    static SHARED: RefCell<Option<DistinctSolver>> = const { RefCell::new(None) };
}

/// Every structural class of solutions of `hand` for `target` under `rules`,
/// simplest first, with its dissimilar group. The result does not depend on
/// what was solved before: a thread-local [`DistinctSolver`] only saves work.
pub fn solutions(hand: &Hand, target: Q, rules: Rules) -> Result<Solutions, InputError> {
    with_shared(rules, |s| s.solutions(hand, target))
}

/// The number of dissimilar solutions of `hand` for `target` under
/// `rules`: the `dissimilar` of [`solutions`], without writing out the
/// classes.
pub fn dissimilar(hand: &Hand, target: Q, rules: Rules) -> Result<u32, InputError> {
    with_shared(rules, |s| s.dissimilar(hand, target))
}

/// [`DistinctSolver::solutions_by_target`] on this thread's solver.
pub fn solutions_by_target(
    hand: &Hand,
    lo: i64,
    hi: i64,
    rules: Rules,
) -> Result<Vec<(i64, Solutions)>, InputError> {
    hand.check_size(MAX_TARGETS_CARDS, "every target at once")?;
    with_shared(rules, |s| s.solutions_by_target(hand, lo, hi))
}

/// The solutions of each selection of a hand's cards that reaches a target,
/// with the selection, fewest cards first.
pub type BySelection = Vec<(Hand, Solutions)>;

/// Any-subset play: the solutions of each distinct non-empty sub-multiset
/// of `hand` that reaches `target`, with that sub-multiset, fewest cards
/// first ([`crate::solve::sub_hands`]). A solution belongs to the one
/// sub-multiset it uses, so the classes of different sub-multisets never
/// overlap and their counts add up.
pub fn solutions_by_selection(
    hand: &Hand,
    target: Q,
    rules: Rules,
) -> Result<BySelection, InputError> {
    check(hand, target)?;
    let mut out = Vec::new();
    for sub in crate::solve::sub_hands(hand)? {
        let sols = solutions(&sub, target, rules)?;
        if !sols.classes.is_empty() {
            out.push((sub, sols));
        }
    }
    Ok(out)
}

/// [`solutions_by_target`] in any-subset play: every target from `lo` to
/// `hi` that some sub-multiset of `hand` reaches, ascending, with the
/// solutions of each sub-multiset that reaches it, in the order of
/// [`solutions_by_selection`].
pub fn selections_by_target(
    hand: &Hand,
    lo: i64,
    hi: i64,
    rules: Rules,
) -> Result<Vec<(i64, BySelection)>, InputError> {
    for t in [lo, hi] {
        check(hand, Q::int(t))?;
    }
    let mut by_target: std::collections::BTreeMap<i64, Vec<(Hand, Solutions)>> = Default::default();
    for sub in crate::solve::sub_hands(hand)? {
        for (t, sols) in solutions_by_target(&sub, lo, hi, rules)? {
            by_target.entry(t).or_default().push((sub.clone(), sols));
        }
    }
    Ok(by_target.into_iter().collect())
}

/// Runs `f` on this thread's solver for `rules`.
fn with_shared<T>(rules: Rules, f: impl FnOnce(&mut DistinctSolver) -> T) -> T {
    SHARED.with_borrow_mut(|shared| {
        let solver = match shared {
            Some(s) if s.rules == rules => s,
            _ => shared.insert(DistinctSolver::new(rules)),
        };
        f(solver)
    })
}

/// Every expression tree over `hand` worth `target` under `rules`, counting
/// `a+b` and `b+a` (and `a*b`, `b*a`) once, and equal cards as identical:
/// the `--distinct none` level. Simplest first, by the same order as classes.
pub fn trees(hand: &Hand, target: Q, rules: Rules) -> Result<Vec<Expr>, InputError> {
    hand.check_size(MAX_TREE_CARDS, "listing every tree (distinct none)")?;
    check(hand, target)?;
    let mut engine = Engine::new(Trees, rules);
    let id = engine.id(hand.cards());
    let found = engine.with_value(id, target);
    let mut out: Vec<(bool, u32, u32, Q, Rc<str>, Expr)> = found
        .iter()
        .map(|e| {
            let expr = e.item.to_expr();
            let f = expr.facts().expect("a tree found by the search evaluates");
            let ops = f.op_counts[Op::Sub as usize] + f.op_counts[Op::Div as usize];
            (
                f.uses_fraction,
                f.depth,
                ops,
                f.peak.unwrap_or(Q::ZERO),
                e.key.clone(),
                expr,
            )
        })
        .collect();
    out.sort_by(|a, b| (a.0, a.1, a.2, a.3, &a.4).cmp(&(b.0, b.1, b.2, b.3, &b.4)));
    Ok(out.into_iter().map(|t| t.5).collect())
}

/// The number of solutions of `hand` at `level`.
pub fn count(hand: &Hand, target: Q, rules: Rules, level: Distinct) -> Result<u64, InputError> {
    Ok(match level {
        Distinct::Trees => trees(hand, target, rules)?.len() as u64,
        Distinct::Structural => solutions(hand, target, rules)?.classes.len() as u64,
        Distinct::Dissimilar => solutions(hand, target, rules)?.dissimilar as u64,
    })
}

/// The canonical key of the structural class of `expr` (cards labelled by value).
pub fn canonical_key(expr: &Expr) -> String {
    form::key_of(expr)
}

/// The key of the dissimilar group of `expr`: the canonical key of its core.
pub fn dissimilar_key(expr: &Expr) -> String {
    let mut arena = Arena::new();
    let form = form::of_expr(&mut arena, expr);
    dissimilar::core_key(&mut arena, form)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod examples {
    use super::*;

    fn sols(h: &str) -> Solutions {
        solutions(&Hand::parse(h).unwrap(), Q::int(24), Rules::Rational).unwrap()
    }

    fn show(s: &Solutions) -> Vec<String> {
        s.classes
            .iter()
            .map(|c| format!("{} #{}", c.expr, c.dissimilar_group))
            .collect()
    }

    #[test]
    fn hand_1_2_3_4_has_4_structural_3_dissimilar() {
        let s = sols("1 2 3 4");
        assert_eq!((s.structural(), s.dissimilar), (4, 3), "{:?}", show(&s));
    }

    #[test]
    fn hand_1_1_5_5_has_7_structural_2_dissimilar() {
        let s = sols("1 1 5 5");
        assert_eq!((s.structural(), s.dissimilar), (7, 2), "{:?}", show(&s));
    }

    #[test]
    fn hand_2_4_8_10_has_11_at_both_levels() {
        let s = sols("2 4 8 10");
        assert_eq!((s.structural(), s.dissimilar), (11, 11), "{:?}", show(&s));
    }

    #[test]
    fn hands_3_3_8_8_and_1_3_4_6_have_exactly_one() {
        for h in ["3 3 8 8", "1 3 4 6"] {
            let s = sols(h);
            assert_eq!(
                (s.structural(), s.dissimilar),
                (1, 1),
                "{h}: {:?}",
                show(&s)
            );
        }
    }
}
