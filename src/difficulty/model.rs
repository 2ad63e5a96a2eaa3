//! The fitted model: gradient-boosted regression trees over the features,
//! one forest for the mean solve time (log seconds), one for the solve rate
//! (log odds) and one for the spread of the solve times (log coefficient of
//! variation), and the deterministic fit that makes them.
//!
//! Pure: numbers in, numbers out. The parameters are a JSON text
//! (`data/human/difficulty-model.json`), one tree per line, that the binary
//! embeds when it is built; `census24 calibrate` writes it again.
//!
//! Boosting is the plain least-squares kind: start from the mean, then add
//! small trees, each fitted to what the trees before it got wrong, each
//! scaled down by a learning rate. A tree splits the hands on one feature at
//! a time, at the midpoint between two neighbouring values, choosing the
//! split that most reduces the squared error (the first such split on a tie:
//! features in order, values ascending), so the fit is a pure function of the
//! data. Thresholds and leaves are rounded to five decimals as they are made,
//! so the written file is exactly the model that was fitted.

use serde::{Deserialize, Serialize};
use std::fmt::Write;

use super::features::{COUNT, NAMES};

/// What a model was fitted on and how it was validated, as its file
/// records it (the `source` of a model `calibrate --play` writes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Source {
    /// The game its players played, as `--game` spells it
    /// ([`crate::game::presets::spelling`]).
    pub game: String,
    /// Who the players were, in words (`12 players`, `the players of
    /// 4nums.com`).
    pub players: String,
    /// Puzzles the forests were fitted on.
    pub puzzles: usize,
    /// Answers read (every attempt, graded), when known.
    pub answers: Option<usize>,
    /// Held-out Spearman rank correlation of predicted with measured mean
    /// time and solve rate (cross-validation over `folds` folds).
    pub held_out_time: f64,
    pub held_out_rate: f64,
    pub folds: usize,
}

/// Folds of the cross-validation a fit is judged by.
pub const FOLDS: usize = 10;

/// How the trees are grown.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub trees: usize,
    pub depth: usize,
    pub learning_rate: f64,
    /// The fewest hands a leaf may hold.
    pub min_leaf: usize,
}

/// The settings of the shipped model (docs/DIFFICULTY.md says how they were chosen).
pub const SETTINGS: Settings = Settings {
    trees: 300,
    depth: 4,
    learning_rate: 0.03,
    min_leaf: 10,
};

/// One node of a tree: a leaf value, or a split on a feature. In the model
/// file a leaf is a bare number and a split an array `[feature, le, then,
/// else]` (a third the size of an object with those fields, and the file
/// is embedded in the binary); an object `{feature, le, then, else}` is
/// read too.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Node {
    Leaf(f64),
    Split(Box<Cut>),
}

/// A split on a feature, with the trees on either side (one allocation a
/// split, both children in it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cut {
    /// Feature name (see `features::NAMES`).
    pub feature: String,
    /// Hands with the feature at most this go to `then`, others to `else`.
    pub le: f64,
    pub then: Node,
    #[serde(rename = "else")]
    pub otherwise: Node,
}

impl Node {
    /// The split on `feature` at `le` between `then` and `otherwise`.
    fn split(feature: String, le: f64, then: Node, otherwise: Node) -> Node {
        Node::Split(Box::new(Cut {
            feature,
            le,
            then,
            otherwise,
        }))
    }
}

/// Read by hand rather than by serde's untagged derive, which buffers every
/// node before trying each variant: reading the embedded model that way took
/// longer than all the rest of starting the binary.
impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

/// A split's field names in the model file.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Feature,
    Le,
    Then,
    Else,
    #[serde(other)]
    Other,
}

struct NodeVisitor;

impl<'de> serde::de::Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a leaf value or a split [feature, le, then, else]")
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Leaf(v))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Leaf(v as f64))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Node, E> {
        Ok(Node::Leaf(v as f64))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        use serde::de::Error;
        let missing = |what: &str| A::Error::custom(format!("a split lacks its {what}"));
        let feature = seq
            .next_element::<String>()?
            .ok_or_else(|| missing("feature"))?;
        let le = seq.next_element::<f64>()?.ok_or_else(|| missing("le"))?;
        let then = seq.next_element::<Node>()?.ok_or_else(|| missing("then"))?;
        let otherwise = seq.next_element::<Node>()?.ok_or_else(|| missing("else"))?;
        if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
            return Err(A::Error::custom(
                "a split has more than [feature, le, then, else]",
            ));
        }
        Ok(Node::split(feature, le, then, otherwise))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        use serde::de::Error;
        let (mut feature, mut le, mut then, mut otherwise) = (None, None, None, None);
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Feature => feature = Some(map.next_value::<String>()?),
                Field::Le => le = Some(map.next_value::<f64>()?),
                Field::Then => then = Some(map.next_value::<Node>()?),
                Field::Else => otherwise = Some(map.next_value::<Node>()?),
                Field::Other => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(Node::split(
            feature.ok_or_else(|| A::Error::missing_field("feature"))?,
            le.ok_or_else(|| A::Error::missing_field("le"))?,
            then.ok_or_else(|| A::Error::missing_field("then"))?,
            otherwise.ok_or_else(|| A::Error::missing_field("else"))?,
        ))
    }
}

/// One forest: its prediction is `base` plus one leaf of every tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forest {
    /// What the forest predicts, in words.
    pub predicts: String,
    pub base: f64,
    pub trees: Vec<Node>,
}

/// The whole model file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// Where the parameters come from, in words.
    pub about: Vec<String>,
    pub features: Vec<String>,
    pub settings: Settings,
    /// Mean solve time of the players who solved the hand, as ln(seconds).
    pub time: Forest,
    /// Share of attempts that ended solved, as ln(rate / (1 - rate)).
    pub solve_rate: Forest,
    /// Spread of the solvers' times, as ln(trimmed std / trimmed mean).
    pub spread: Forest,
    /// What a model fitted on a play page's answers was fitted on and its
    /// validation (`census24 calibrate --play`); the embedded model has
    /// none ([`super::pricer::shipped_source`] describes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
}

/// Compiled trees are padded to this depth at most (the shipped model's
/// trees are 4 deep), which bounds a forest's memory at 2^depth leaves a tree.
const MAX_DEPTH: usize = 16;

/// How deep `node`'s tree is (a leaf alone: 0).
fn depth(node: &Node) -> usize {
    match node {
        Node::Leaf(_) => 0,
        Node::Split(s) => 1 + depth(&s.then).max(depth(&s.otherwise)),
    }
}

/// A forest ready to predict. Every tree is padded to a complete tree of the
/// forest's depth and stored as arrays in heap order (the children of split
/// `i` are `2i+1` and `2i+2`): a leaf above the bottom is copied into every
/// bottom leaf under it, below splits that cannot change the outcome. A
/// prediction then takes `depth` steps in every tree and picks each child by
/// arithmetic instead of a branch: the branches of a pointer walk mispredict
/// about half the time, which made predicting cost more than counting the
/// derivations it is fed.
#[derive(Clone, Debug, PartialEq)]
pub struct Predictor {
    base: f64,
    depth: usize,
    /// Per tree, `2^depth - 1` splits: feature index and threshold.
    features: Vec<u8>,
    thresholds: Vec<f64>,
    /// Per tree, `2^depth` leaf values.
    leaves: Vec<f64>,
}

impl Predictor {
    pub fn of(forest: &Forest) -> Result<Predictor, String> {
        let depth = forest.trees.iter().map(depth).max().unwrap_or(0);
        if depth > MAX_DEPTH {
            return Err(format!(
                "a tree of the model is {depth} levels deep (at most {MAX_DEPTH})"
            ));
        }
        let splits = (1usize << depth) - 1;
        let trees = forest.trees.len();
        let mut p = Predictor {
            base: forest.base,
            depth,
            // Padding splits test feature 0 against +inf: every number goes
            // `then`, a NaN `otherwise`, and both sides hold the same leaf.
            features: vec![0; trees * splits],
            thresholds: vec![f64::INFINITY; trees * splits],
            leaves: vec![0.0; trees * (splits + 1)],
        };
        for (t, tree) in forest.trees.iter().enumerate() {
            p.place(tree, t, 0, 0)?;
        }
        Ok(p)
    }

    /// Writes `node` at heap position `i` (level `level`) of tree `t`.
    fn place(&mut self, node: &Node, t: usize, i: usize, level: usize) -> Result<(), String> {
        let splits = (1usize << self.depth) - 1;
        match node {
            Node::Leaf(v) => {
                // The bottom leaves under position i are one span of the
                // bottom row, which starts at heap position `splits`.
                let span = 1usize << (self.depth - level);
                let first = t * (splits + 1) + (i + 1) * span - 1 - splits;
                self.leaves[first..first + span].fill(*v);
            }
            Node::Split(s) => {
                let f = NAMES
                    .iter()
                    .position(|n| *n == s.feature)
                    .ok_or_else(|| format!("unknown feature \"{}\" in the model", s.feature))?;
                self.features[t * splits + i] = f as u8;
                self.thresholds[t * splits + i] = s.le;
                self.place(&s.then, t, 2 * i + 1, level + 1)?;
                self.place(&s.otherwise, t, 2 * i + 2, level + 1)?;
            }
        }
        Ok(())
    }

    /// The forest's value at `x` (trees summed in order).
    pub fn value(&self, x: &[f64; COUNT]) -> f64 {
        let trees = self.leaves.len() >> self.depth;
        (0..trees).fold(self.base, |s, t| s + self.tree_value(t, x))
    }

    /// The value of tree `t` at `x`.
    #[inline]
    fn tree_value(&self, t: usize, x: &[f64; COUNT]) -> f64 {
        let splits = (1usize << self.depth) - 1;
        let (features, thresholds) = (
            &self.features[t * splits..(t + 1) * splits],
            &self.thresholds[t * splits..(t + 1) * splits],
        );
        let mut i = 0;
        while i < splits {
            // `x <= le` goes to `then` (2i+1); anything else, NaN included,
            // to `otherwise` (2i+2).
            let then = x[usize::from(features[i])] <= thresholds[i];
            i = 2 * i + 2 - usize::from(then);
        }
        self.leaves[t * (splits + 1) + i - splits]
    }
}

/// `v` rounded to five decimals.
fn round5(v: f64) -> f64 {
    (v * 1e5).round() / 1e5
}

/// Fits a forest to `y` over the rows `x`.
pub fn fit(x: &[[f64; COUNT]], y: &[f64], settings: Settings, predicts: &str) -> Forest {
    let n = y.len().max(1) as f64;
    let base = round5(y.iter().sum::<f64>() / n);
    let mut pred = vec![base; y.len()];
    let mut trees = Vec::with_capacity(settings.trees);
    let all: Vec<usize> = (0..y.len()).collect();
    for _ in 0..settings.trees {
        let residual: Vec<f64> = y.iter().zip(&pred).map(|(a, b)| a - b).collect();
        let tree = grow(x, &residual, &all, settings.depth, settings);
        let one = Predictor::of(&Forest {
            predicts: String::new(),
            base: 0.0,
            trees: vec![tree.clone()],
        })
        .expect("features the fit names exist");
        for (p, row) in pred.iter_mut().zip(x) {
            *p += one.tree_value(0, row);
        }
        trees.push(tree);
    }
    Forest {
        predicts: predicts.to_string(),
        base,
        trees,
    }
}

/// One tree over the rows `rows`, fitted to `r`.
fn grow(x: &[[f64; COUNT]], r: &[f64], rows: &[usize], depth: usize, s: Settings) -> Node {
    let sum: f64 = rows.iter().map(|&i| r[i]).sum();
    let leaf = || Node::Leaf(round5(s.learning_rate * sum / rows.len() as f64));
    if depth == 0 || rows.len() < 2 * s.min_leaf {
        return leaf();
    }
    let total = rows.len() as f64;
    let parent = sum * sum / total;
    // (gain, feature, threshold)
    let mut best: Option<(f64, usize, f64)> = None;
    let mut order = rows.to_vec();
    for (f, _) in NAMES.iter().enumerate() {
        order.sort_by(|&a, &b| x[a][f].total_cmp(&x[b][f]).then(a.cmp(&b)));
        let mut left = 0.0;
        for (n, pair) in order.windows(2).enumerate() {
            left += r[pair[0]];
            let nl = n + 1;
            let (lo, hi) = (x[pair[0]][f], x[pair[1]][f]);
            if nl < s.min_leaf || rows.len() - nl < s.min_leaf || lo == hi {
                continue;
            }
            let right = sum - left;
            let gain = left * left / nl as f64 + right * right / (total - nl as f64) - parent;
            if gain > 1e-12 && best.is_none_or(|b| gain > b.0) {
                best = Some((gain, f, round5((lo + hi) / 2.0)));
            }
        }
    }
    let Some((_, f, le)) = best else {
        return leaf();
    };
    let (then, otherwise): (Vec<usize>, Vec<usize>) = rows.iter().partition(|&&i| x[i][f] <= le);
    if then.is_empty() || otherwise.is_empty() {
        return leaf();
    }
    Node::split(
        NAMES[f].to_string(),
        le,
        grow(x, r, &then, depth - 1, s),
        grow(x, r, &otherwise, depth - 1, s),
    )
}

/// A number as the model file writes it: five decimals, no trailing zeros.
fn number(v: f64) -> String {
    let s = format!("{:.5}", round5(v));
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

fn node_json(node: &Node, out: &mut String) {
    match node {
        Node::Leaf(v) => out.push_str(&number(*v)),
        Node::Split(s) => {
            let _ = write!(out, "[\"{}\",{},", s.feature, number(s.le));
            node_json(&s.then, out);
            out.push(',');
            node_json(&s.otherwise, out);
            out.push(']');
        }
    }
}

fn forest_json(f: &Forest, out: &mut String) {
    let _ = write!(
        out,
        "{{\n    \"predicts\": {},\n    \"base\": {},\n    \"trees\": [\n",
        serde_json::to_string(&f.predicts).expect("a string serializes"),
        number(f.base)
    );
    for (i, t) in f.trees.iter().enumerate() {
        out.push_str("      ");
        node_json(t, out);
        out.push_str(if i + 1 < f.trees.len() { ",\n" } else { "\n" });
    }
    out.push_str("    ]\n  }");
}

impl Model {
    /// The model file's text: JSON with one tree per line, so that a reader
    /// can follow a tree and a refit shows as a readable diff.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n  \"about\": [\n");
        for (i, line) in self.about.iter().enumerate() {
            let _ = write!(
                out,
                "    {}{}",
                serde_json::to_string(line).expect("a string serializes"),
                if i + 1 < self.about.len() {
                    ",\n"
                } else {
                    "\n"
                }
            );
        }
        out.push_str("  ],\n");
        if let Some(source) = &self.source {
            let _ = writeln!(
                out,
                "  \"source\": {},",
                serde_json::to_string(source).expect("a source serializes")
            );
        }
        let _ = write!(
            out,
            "  \"features\": {},\n  \"settings\": {{\"trees\": {}, \"depth\": {}, \"learning_rate\": {}, \"min_leaf\": {}}},\n  \"time\": ",
            serde_json::to_string(&self.features).expect("strings serialize"),
            self.settings.trees,
            self.settings.depth,
            number(self.settings.learning_rate),
            self.settings.min_leaf
        );
        forest_json(&self.time, &mut out);
        out.push_str(",\n  \"solve_rate\": ");
        forest_json(&self.solve_rate, &mut out);
        out.push_str(",\n  \"spread\": ");
        forest_json(&self.spread, &mut out);
        out.push_str("\n}\n");
        out
    }

    /// Reads a model file; fails on a feature this build does not compute.
    pub fn from_json(text: &str) -> Result<Model, String> {
        let m: Model = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if m.features != NAMES {
            return Err(format!(
                "the model reads features {:?}, this build computes {:?}",
                m.features, NAMES
            ));
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n: usize) -> (Vec<[f64; COUNT]>, Vec<f64>) {
        let x: Vec<[f64; COUNT]> = (0..n)
            .map(|i| {
                let mut r = [0.0; COUNT];
                r[0] = i as f64;
                r[3] = (i % 7) as f64;
                r
            })
            .collect();
        let y = x
            .iter()
            .map(|r| if r[0] < 50.0 { 1.0 } else { 3.0 } + 0.1 * r[3])
            .collect();
        (x, y)
    }

    #[test]
    fn boosting_learns_a_step_and_round_trips_through_json() {
        let (x, y) = rows(100);
        let s = Settings {
            trees: 200,
            depth: 2,
            learning_rate: 0.1,
            min_leaf: 5,
        };
        let forest = fit(&x, &y, s, "y");
        let p = Predictor::of(&forest).unwrap();
        assert!((p.value(&x[10]) - y[10]).abs() < 0.1);
        assert!((p.value(&x[90]) - y[90]).abs() < 0.1);
        let model = Model {
            about: vec!["test".into()],
            features: NAMES.iter().map(|s| s.to_string()).collect(),
            settings: s,
            time: forest.clone(),
            solve_rate: forest.clone(),
            spread: forest,
            source: None,
        };
        let text = model.to_json();
        let back = Model::from_json(&text).unwrap();
        assert_eq!(back, model);
        assert_eq!(back.to_json(), text);
    }

    #[test]
    fn the_fit_is_a_pure_function_of_the_data() {
        let (x, y) = rows(60);
        assert_eq!(fit(&x, &y, SETTINGS, "y"), fit(&x, &y, SETTINGS, "y"));
    }

    #[test]
    fn a_split_reads_as_an_array_or_as_an_object() {
        let array: Node = serde_json::from_str(r#"["reach",-1.9,0.5,["walk",2,1,-1]]"#).unwrap();
        let object: Node = serde_json::from_str(
            r#"{"feature": "reach", "le": -1.9, "then": 0.5,
                "else": {"feature": "walk", "le": 2, "then": 1, "else": -1}}"#,
        )
        .unwrap();
        assert_eq!(array, object);
        let mut out = String::new();
        node_json(&array, &mut out);
        assert_eq!(out, r#"["reach",-1.9,0.5,["walk",2,1,-1]]"#);
        for bad in [r#"["reach",-1.9,0.5]"#, r#"["reach",-1.9,0.5,1,2]"#] {
            assert!(serde_json::from_str::<Node>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn numbers_are_written_short() {
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(-0.000001), "0");
        assert_eq!(number(2.0), "2");
        assert_eq!(number(-1.234567), "-1.23457");
    }
}
