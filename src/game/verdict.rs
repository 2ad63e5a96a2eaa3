//! The verdict on an answer, shared by the two graders (an expression,
//! [`crate::game::grade`], and steps, [`crate::game::steps`]): whether it
//! is right, why not in one sentence, its exact value and the cards it
//! used, and the sentences both graders write.

use std::fmt::Write;

use crate::game::number::Q;
use crate::game::rules::Rules;

/// The verdict on one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub correct: bool,
    /// Why it is wrong: one short sentence naming the first fault; `None`
    /// when correct.
    pub reason: Option<String>,
    /// The exact value of the expression (whatever the rules), `None` when
    /// it does not parse, divides by zero or overflows.
    pub value: Option<Q>,
    /// The numbers the expression uses, in the order they are written.
    pub cards_used: Vec<i64>,
    /// A legal play: it parses, uses the hand's cards as the game allows
    /// and obeys the rules, whatever its value. A game that scores near
    /// misses ([`crate::game::family::Scoring`]) scores a legal play by
    /// its distance from the target, and no other.
    pub legal: bool,
}

impl Verdict {
    /// The points `scoring` gives this answer for `target`: by distance for
    /// a legal play, none otherwise.
    pub fn points(&self, scoring: &crate::game::family::Scoring, target: Q) -> u32 {
        match self.legal {
            true => scoring.score(self.value, target),
            false => 0,
        }
    }
}

impl Verdict {
    pub(crate) fn wrong(reason: String, value: Option<Q>, cards_used: Vec<i64>) -> Verdict {
        Verdict {
            correct: false,
            reason: Some(reason),
            value,
            cards_used,
            legal: false,
        }
    }
}

/// `3`, `3 and 8`, `3, 8 and 8`.
pub(crate) fn and_list(values: &[i64]) -> String {
    let mut out = String::new();
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == values.len() { " and " } else { ", " });
        }
        let _ = write!(out, "{v}");
    }
    out
}

/// Why `v` breaks `rules`, in one sentence (`None` when it obeys them).
pub(crate) fn rule_fault(v: Q, rules: Rules) -> Option<String> {
    if rules.admits(v) {
        return None;
    }
    Some(if !v.is_integer() {
        format!("{v} is not a whole number under {rules} rules")
    } else if v.is_negative() {
        format!("{v} is negative under {rules} rules")
    } else {
        format!("{v} is not positive under {rules} rules")
    })
}
