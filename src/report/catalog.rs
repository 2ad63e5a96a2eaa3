//! The hands of one table as a designer browses and picks them: each hand's
//! columns, the operations it needs and its solutions grouped as a person
//! reads them (dissimilar solutions easiest first, each with its structural
//! variants).
//!
//! Pure: `query::catalog` fills it from the Parquet files; the explorer page
//! and `census24 pick` read it.

use super::ops::Ops;
use crate::difficulty::Tier;
use crate::tables::layout::TableKey;

/// Beyond this many solution rows a table's catalog keeps only each hand's
/// easiest solution, so that its explorer page stays small enough to open
/// (the five-card table has 146 464 rows; six cards, 5.8 million).
pub const MAX_CLASSES: u64 = 400_000;

/// Which solutions a catalog lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Every structural class of every hand.
    All,
    /// Only the easiest solution of each hand (the table has more than
    /// [`MAX_CLASSES`] rows).
    Easiest,
    /// None: the table was swept without a solutions table.
    None,
}

/// One structural class as the explorer lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub expression: String,
    /// The difficulty model's effort of finding it (lower is easier).
    pub complexity: f64,
}

/// One dissimilar solution: its structural variants, easiest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Group(pub Vec<Variant>);

/// One row of `solutions.parquet`, the columns a catalog reads.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRow {
    pub class: u32,
    pub expression: String,
    pub dissimilar_group: u32,
    pub complexity: f64,
    /// Uses of `+ - * /`.
    pub op_counts: [u32; 4],
}

/// One hand of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Cards ascending, space separated, as in the table.
    pub hand: String,
    pub cards: Vec<i64>,
    pub solvable: bool,
    pub time_s: Option<f64>,
    pub solve_rate: Option<f64>,
    pub difficulty: Option<f64>,
    pub tier: Option<Tier>,
    /// Place by predicted time, 1 the slowest.
    pub rank: Option<u32>,
    pub dissimilar: Option<u32>,
    pub structural: Option<u32>,
    pub needs_fraction: bool,
    pub integer_solvable: bool,
    pub deal_probability: f64,
    /// `None` when unsolvable or the table has no solutions table.
    pub ops: Option<Ops>,
    /// The table's simplest solution, empty when none.
    pub example: String,
    /// Dissimilar solutions, easiest first (see [`grouped`]).
    pub groups: Vec<Group>,
}

impl Entry {
    /// The easiest solution: the first variant of the first group, or the
    /// table's example when solutions are not listed; `None` when unsolvable.
    pub fn easiest(&self) -> Option<&str> {
        match self.groups.first().and_then(|g| g.0.first()) {
            Some(v) => Some(&v.expression),
            None if self.example.is_empty() => None,
            None => Some(&self.example),
        }
    }
}

/// Every hand of a table, in table order (hands ascending).
#[derive(Clone, Debug, PartialEq)]
pub struct Catalog {
    pub id: TableKey,
    pub kept: Kept,
    pub hands: Vec<Entry>,
}

/// The classes of one hand as dissimilar groups: variants ordered by
/// complexity, then class (simplest first); groups by their first variant
/// the same way. The first variant of the first group is the easiest
/// solution `census24 rank` shows.
pub fn grouped(mut rows: Vec<ClassRow>) -> Vec<Group> {
    rows.sort_by(|a, b| {
        a.complexity
            .total_cmp(&b.complexity)
            .then(a.class.cmp(&b.class))
    });
    let mut order: Vec<u32> = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    for r in rows {
        let variant = Variant {
            expression: r.expression,
            complexity: r.complexity,
        };
        match order.iter().position(|&g| g == r.dissimilar_group) {
            Some(i) => groups[i].0.push(variant),
            None => {
                order.push(r.dissimilar_group);
                groups.push(Group(vec![variant]));
            }
        }
    }
    groups
}

/// The shape of an expression: its text with every number written `n`
/// (`7*9-3*13` -> `n*n-n*n`). Two hands whose easiest solutions share a
/// shape are solved the same way.
pub fn shape(expression: &str) -> String {
    let mut out = String::with_capacity(expression.len());
    let mut in_number = false;
    for c in expression.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('n');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(class: u32, expression: &str, group: u32, complexity: f64) -> ClassRow {
        ClassRow {
            class,
            expression: expression.into(),
            dissimilar_group: group,
            complexity,
            op_counts: [0; 4],
        }
    }

    #[test]
    fn groups_go_easiest_first_and_keep_their_variants() {
        let groups = grouped(vec![
            row(0, "a", 0, 5.0),
            row(1, "b", 1, 3.0),
            row(2, "c", 0, 4.0),
            row(3, "d", 1, 3.0),
            row(4, "e", 2, 9.0),
        ]);
        let names: Vec<Vec<&str>> = groups
            .iter()
            .map(|g| g.0.iter().map(|v| v.expression.as_str()).collect())
            .collect();
        assert_eq!(names, vec![vec!["b", "d"], vec!["c", "a"], vec!["e"]]);
    }

    #[test]
    fn shapes_erase_the_numbers() {
        assert_eq!(shape("7*9-3*13"), "n*n-n*n");
        assert_eq!(shape("(10-1)*8/3"), "(n-n)*n/n");
        assert_eq!(shape("(-5)+2+27"), "(-n)+n+n");
    }

    #[test]
    fn the_easiest_falls_back_to_the_example() {
        let mut e = Entry {
            hand: "3 3 8 8".into(),
            cards: vec![3, 3, 8, 8],
            solvable: true,
            time_s: Some(60.0),
            solve_rate: Some(0.5),
            difficulty: Some(90.0),
            tier: Some(Tier::Expert),
            rank: Some(1),
            dissimilar: Some(1),
            structural: Some(1),
            needs_fraction: true,
            integer_solvable: false,
            deal_probability: 0.0001,
            ops: Some(Ops::Fraction),
            example: "8/(3-8/3)".into(),
            groups: Vec::new(),
        };
        assert_eq!(e.easiest(), Some("8/(3-8/3)"));
        e.groups = grouped(vec![row(0, "x", 0, 1.0)]);
        assert_eq!(e.easiest(), Some("x"));
        e.example.clear();
        e.groups.clear();
        assert_eq!(e.easiest(), None);
    }
}
