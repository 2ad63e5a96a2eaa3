//! Players' answers from a play page (`census24 pick --format play`):
//! the CSV's columns, reading it, grading every typed answer with the
//! library's grader, and pooling the players of each puzzle into the
//! measurements a model is fitted to (`census24 calibrate --play`).
//!
//! Pure: text and a game in, graded and pooled measurements out. A
//! puzzle's figures are those the four-card data has
//! ([`super::calibrate::Measured`]): the mean and trimmed times of the
//! correct solves, the solve rate over every attempt and the spread.

use std::collections::{BTreeMap, BTreeSet};

use super::calibrate::{FOLDS, Measured, Sample};
use super::model::{SETTINGS, Settings};
use crate::canon::solutions;
use crate::game::error::InputError;
use crate::game::family::Game;
use crate::game::grade::{Format, grade_as};
use crate::game::hand::Hand;
use crate::game::named::named;
use crate::game::number::Q;

/// The play CSV's columns, in the order the page writes them: the game as
/// `--game` spells it ([`crate::game::presets::spelling`]), the hand, its
/// target, the answer as typed, the seconds from the puzzle showing to the
/// player's choice, what the player chose ([`Outcome`]) and their label.
pub const COLUMNS: [&str; 7] = [
    "game", "hand", "target", "answer", "seconds", "outcome", "player",
];

named! {
    /// How a player left a puzzle.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum Outcome {
        /// Typed an answer (right or wrong: graded later).
        Answered => "answered",
        /// Said the puzzle has no solution (right only when none exists).
        NoSolution => "no-solution",
        /// Gave up.
        GaveUp => "gave-up",
    }
    impl FromStr else InputError::unknown("outcome");
}

/// One answer of a play CSV.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub game: String,
    pub hand: String,
    pub target: Q,
    pub answer: String,
    pub seconds: f64,
    pub outcome: Outcome,
    pub player: String,
    /// Its line in the file (the header is line 1).
    pub line: usize,
}

/// The cells of one CSV line: commas split them, a cell in double quotes
/// may hold commas and doubled quotes (`"a,""b"""` is `a,"b"`).
fn cells(line: &str) -> Result<Vec<String>, String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let cell = out.last_mut().expect("one cell at least");
        match (c, quoted) {
            ('"', false) if cell.is_empty() => quoted = true,
            ('"', true) if chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            (',', false) => out.push(String::new()),
            (c, _) => cell.push(c),
        }
    }
    match quoted {
        true => Err("a quoted cell is not closed".to_string()),
        false => Ok(out),
    }
}

/// Reads a play CSV: a header naming each of [`COLUMNS`] (in any order,
/// no other), then one answer a line. Errors name the line and the bad
/// value.
pub fn parse_play(text: &str) -> Result<Vec<Answer>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, head) = lines.next().ok_or("the file is empty")?;
    let header = cells(head.trim_start_matches('\u{feff}')).map_err(|e| format!("line 1: {e}"))?;
    let header: Vec<String> = header.iter().map(|h| h.trim().to_string()).collect();
    if let Some(bad) = header.iter().find(|h| !COLUMNS.contains(&h.as_str())) {
        return Err(format!(
            "column \"{bad}\" is not a play column (expected {})",
            COLUMNS.join(", ")
        ));
    }
    let mut at = [0; COLUMNS.len()];
    for (i, name) in COLUMNS.iter().enumerate() {
        let found: Vec<usize> = (0..header.len()).filter(|&j| header[j] == *name).collect();
        match found[..] {
            [j] => at[i] = j,
            [] => return Err(format!("no column \"{name}\" in the header")),
            _ => return Err(format!("column \"{name}\" is in the header twice")),
        }
    }
    lines
        .map(|(n, line)| {
            let line_no = n + 1;
            let fail = |e: String| format!("line {line_no}: {e}");
            let c = cells(line).map_err(fail)?;
            if c.len() != header.len() {
                return Err(fail(format!(
                    "{} cells, the header has {}",
                    c.len(),
                    header.len()
                )));
            }
            let get = |i: usize| c[at[i]].trim();
            let target: Q = get(2)
                .parse()
                .map_err(|_| fail(format!("target \"{}\" is not a number", get(2))))?;
            let seconds = get(4)
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| fail(format!("seconds \"{}\" is not a time", get(4))))?;
            let outcome = get(5).parse::<Outcome>().map_err(|e| fail(e.to_string()))?;
            if get(0).is_empty() || get(6).is_empty() {
                return Err(fail(format!(
                    "the {} is empty",
                    if get(0).is_empty() { "game" } else { "player" }
                )));
            }
            Ok(Answer {
                game: get(0).to_string(),
                hand: get(1).to_string(),
                target,
                answer: c[at[3]].clone(),
                seconds,
                outcome,
                player: get(6).to_string(),
                line: line_no,
            })
        })
        .collect()
}

/// Fewest correct solves a puzzle needs to enter the fit: one time has no
/// spread.
pub const MIN_SOLVES: usize = 2;

/// Fewest puzzles a play model is fitted on: five folds of six.
pub const MIN_PUZZLES: usize = 30;

/// The settings and folds of a fit on `n` puzzles: the shipped settings
/// with 10 folds from 200 puzzles; below, leaves of 5 puzzles and, under
/// 100, five folds, so that a classroom's few dozen puzzles still split.
pub fn play_settings(n: usize) -> (Settings, usize) {
    let min_leaf = if n >= 200 { SETTINGS.min_leaf } else { 5 };
    let folds = if n >= 100 { FOLDS } else { 5 };
    (
        Settings {
            min_leaf,
            ..SETTINGS
        },
        folds,
    )
}

/// One puzzle with every player's attempt at it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pooled {
    /// The hand as the CSV wrote it, ascending.
    pub hand: Hand,
    pub target: Q,
    /// The numbers a player uses ([`super::played_selection`]): the hand,
    /// or with any selection, its simplest solution's; `None` when the
    /// puzzle has no solution (proven).
    pub selection: Option<Hand>,
    pub attempts: usize,
    /// Seconds of each correct solve.
    pub solve_times: Vec<f64>,
}

impl Pooled {
    /// The measurements of the puzzle, as the four-card data has them;
    /// `None` with fewer than [`MIN_SOLVES`] correct solves. The trimmed
    /// times drop the solves beyond one standard deviation of the mean (as
    /// data/human/README.md says of the four-card data); a spread of
    /// equal times is taken as 1% of the mean (its logarithm is finite).
    pub fn measured(&self) -> Option<Measured> {
        let t = &self.solve_times;
        if t.len() < MIN_SOLVES {
            return None;
        }
        let (mean, std) = mean_std(t);
        let kept: Vec<f64> = t
            .iter()
            .copied()
            .filter(|x| (x - mean).abs() <= std)
            .collect();
        let (tm, ts) = match kept.len() >= MIN_SOLVES {
            true => mean_std(&kept),
            false => (mean, std),
        };
        Some(Measured {
            hand: self.hand.to_string(),
            mean_time_s: mean.max(0.01),
            solved_rate: t.len() as f64 / self.attempts as f64,
            trimmed_mean_time_s: tm.max(0.01),
            trimmed_std_time_s: ts.max(tm.max(0.01) / 100.0),
        })
    }
}

/// Mean and sample standard deviation.
fn mean_std(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, var.sqrt())
}

/// Every answer graded and pooled by puzzle, with what the model file
/// records of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    /// Puzzles in (hand, target) order.
    pub puzzles: Vec<Pooled>,
    /// Distinct player labels.
    pub players: usize,
    pub answers: usize,
    /// Answers graded correct (a right "no solution" included).
    pub correct: usize,
}

/// Grades every answer for `game` and pools them by puzzle: an answer is
/// correct when the grader of `census24 check` says it reaches the target
/// exactly (a near miss, which Countdown scores, is not a solve); "no
/// solution" is correct only when the puzzle has none (proven by the
/// exhaustive search); giving up is never correct. Fails on a hand that
/// is not one of the game's.
pub fn pool(answers: &[Answer], game: &Game) -> Result<Pool, String> {
    let mut by: BTreeMap<(Vec<i64>, Q), Vec<&Answer>> = BTreeMap::new();
    for a in answers {
        let hand = Hand::parse(&a.hand)
            .map_err(|e| format!("line {}: hand \"{}\": {e}", a.line, a.hand))?;
        if let Some(fault) = game.hand_fault(hand.cards()) {
            return Err(format!("line {}: hand \"{}\": {fault}", a.line, a.hand));
        }
        by.entry((hand.cards().to_vec(), a.target))
            .or_default()
            .push(a);
    }
    let mut puzzles = Vec::with_capacity(by.len());
    let mut correct = 0;
    for ((cards, target), tries) in by {
        let hand = Hand::new(cards).map_err(|e| e.to_string())?;
        let selection = super::played_selection(&hand, target, game)
            .map_err(|e| format!("hand {hand} -> {target}: {e}"))?;
        let mut solve_times = Vec::new();
        for a in &tries {
            let right = match a.outcome {
                Outcome::Answered => {
                    let (v, _) = grade_as(
                        hand.cards(),
                        &a.answer,
                        target,
                        game.rules,
                        game.uses,
                        Format::Auto,
                    );
                    v.correct
                }
                Outcome::NoSolution => selection.is_none(),
                Outcome::GaveUp => false,
            };
            if right {
                correct += 1;
                if a.outcome == Outcome::Answered {
                    solve_times.push(a.seconds);
                }
            }
        }
        puzzles.push(Pooled {
            hand,
            target,
            selection,
            attempts: tries.len(),
            solve_times,
        });
    }
    let players: BTreeSet<&str> = answers.iter().map(|a| a.player.as_str()).collect();
    Ok(Pool {
        puzzles,
        players: players.len(),
        answers: answers.len(),
        correct,
    })
}

/// The puzzles of `pool` a model is fitted on: each solvable one with at
/// least [`MIN_SOLVES`] correct solves, its features those of the numbers
/// a player uses, solved under `game`'s rules.
pub fn samples(pool: &Pool, game: &Game) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for p in &pool.puzzles {
        let (Some(selection), Some(measured)) = (&p.selection, p.measured()) else {
            continue;
        };
        let sols = solutions(selection, p.target, game.rules)
            .map_err(|e| format!("hand {} -> {}: {e}", p.hand, p.target))?;
        let (Some(features), Some(e)) = (
            super::features::features(selection, p.target, &sols),
            super::effort::effort(&sols, p.target),
        ) else {
            continue;
        };
        out.push(Sample {
            measured,
            features,
            effort: e.effort,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::presets;

    const HEAD: &str = "game,hand,target,answer,seconds,outcome,player";

    #[test]
    fn a_play_csv_reads_with_quoted_cells() {
        let text = format!(
            "{HEAD}\n24,1 2 3 4,24,(1+2+3)*4,5.20,answered,ann\n\
             24,3 3 8 8,24,\"8/(3-8/3), I think\",61,answered,\"Bo \"\"B\"\"\"\n\
             24,1 1 1 1,24,,9.5,no-solution,ann\n"
        );
        let a = parse_play(&text).unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a[1].answer, "8/(3-8/3), I think");
        assert_eq!(a[1].player, "Bo \"B\"");
        assert_eq!(a[2].outcome, Outcome::NoSolution);
        assert_eq!(a[0].target, Q::int(24));
        assert_eq!(a[2].line, 4);
    }

    #[test]
    fn a_bad_play_csv_is_refused_naming_what_is_wrong() {
        let bad = |text: &str, says: &str| {
            let e = parse_play(text).unwrap_err();
            assert!(e.contains(says), "{e} (wanted {says})");
            assert!(!e.contains('\n'), "{e}");
        };
        bad("", "empty");
        bad(
            "game,hand,target,answer,seconds,outcome",
            "no column \"player\"",
        );
        bad(
            &format!("{HEAD},score"),
            "column \"score\" is not a play column",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,24,x,fast,answered,a"),
            "line 2: seconds \"fast\"",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,24,x,-1,answered,a"),
            "seconds \"-1\"",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,24,x,3,solved,a"),
            "unknown outcome \"solved\"",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,twenty,x,3,answered,a"),
            "target \"twenty\"",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,24,x,3,answered"),
            "6 cells, the header has 7",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,24,\"x,3,answered,a"),
            "not closed",
        );
        bad(
            &format!("{HEAD}\n24,1 2 3 4,24,x,3,answered,"),
            "the player is empty",
        );
    }

    #[test]
    fn answers_are_graded_by_the_library_and_pooled_per_puzzle() {
        let text = format!(
            "{HEAD}\n24,1 2 3 4,24,(1+2+3)*4,4,answered,a\n24,4 3 2 1,24,1*2*3*4,6,answered,b\n\
             24,1 2 3 4,24,1+2+3+4,3,answered,c\n24,1 2 3 4,24,,20,gave-up,d\n\
             24,1 2 3 4,24,,7,no-solution,e\n24,1 1 1 1,24,,9,no-solution,a\n"
        );
        let game = presets::standard();
        let pool = pool(&parse_play(&text).unwrap(), &game).unwrap();
        assert_eq!((pool.players, pool.answers, pool.correct), (5, 6, 3));
        let p = &pool.puzzles[1];
        assert_eq!(p.hand.to_string(), "1 2 3 4");
        assert_eq!((p.attempts, p.solve_times.clone()), (5, vec![4.0, 6.0]));
        let m = p.measured().unwrap();
        assert_eq!((m.mean_time_s, m.solved_rate), (5.0, 0.4));
        // 1 1 1 1 has no solution: "no solution" is right, and nothing is timed.
        assert_eq!(pool.puzzles[0].selection, None);
        assert_eq!(pool.puzzles[0].measured(), None);
        let bad = format!("{HEAD}\n24,1 2 3 14,24,x,3,answered,a\n");
        let e = super::pool(&parse_play(&bad).unwrap(), &game).unwrap_err();
        assert!(e.starts_with("line 2: hand \"1 2 3 14\""), "{e}");
    }

    /// A synthetic population whose mean times follow a known ordering (the
    /// built-in model's predicted time of each hand, which the features
    /// can express) is played by twelve players with log-normal noise; the
    /// model fitted on their CSV ranks held-out puzzles as the truth does.
    #[test]
    fn a_model_fitted_on_a_synthetic_population_recovers_its_ordering() {
        use super::super::calibrate::{SEED, cross_validate, fit_model, spearman};
        use super::super::pricer::Pricer;
        let text = include_str!("../../data/human/four-card-solve-times.csv");
        let game = presets::standard();
        let mut state = 7u64;
        let mut unit = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        };
        // Every third measured hand: 301 puzzles, the last 60 held out.
        let hands: Vec<Hand> = text
            .lines()
            .skip(1)
            .step_by(3)
            .map(|l| Hand::parse(l.split(',').next().unwrap()).unwrap())
            .collect();
        let truth = |h: &Hand| {
            let sols = solutions(h, Q::int(24), game.rules).unwrap();
            let p = Pricer::shipped().predict(h, Q::int(24), &sols).unwrap();
            (p.time_s, p.solve_rate, format!("{}", sols.classes[0].expr))
        };
        let (played, held) = hands.split_at(hands.len() - 60);
        let mut csv = format!("{HEAD}\n");
        for h in played {
            let (time, rate, answer) = truth(h);
            for player in 0..12 {
                // Box-Muller: a normal draw for the noise of ln(time).
                let z =
                    (-2.0 * unit().max(1e-12).ln()).sqrt() * (std::f64::consts::TAU * unit()).cos();
                let seconds = time * (0.3 * z).exp();
                let (typed, outcome) = match unit() < rate {
                    true if player == 0 => ("1+2", "answered"), // wrong: graded so
                    true => (answer.as_str(), "answered"),
                    false => ("", "gave-up"),
                };
                csv += &format!("24,{h},24,{typed},{seconds:.2},{outcome},p{player}\n");
            }
        }
        let pool = pool(&parse_play(&csv).unwrap(), &game).unwrap();
        assert_eq!(pool.players, 12);
        let samples = samples(&pool, &game).unwrap();
        assert!(samples.len() >= 230, "{} puzzles fitted", samples.len());
        let (settings, folds) = play_settings(samples.len());
        let v = cross_validate(&samples, settings, folds, SEED);
        assert!(
            v.time.pooled > 0.8,
            "cross-validated rho {:.3}",
            v.time.pooled
        );
        let model = fit_model(&samples, settings);
        let pricer = Pricer::from_json(&model.to_json(), None).unwrap();
        let (mut predicted, mut true_times) = (Vec::new(), Vec::new());
        for h in held {
            let sols = solutions(h, Q::int(24), game.rules).unwrap();
            predicted.push(pricer.predict(h, Q::int(24), &sols).unwrap().time_s);
            true_times.push(truth(h).0);
        }
        let rho = spearman(&predicted, &true_times);
        assert!(rho > 0.8, "held-out rho {rho:.3}");
    }
}
