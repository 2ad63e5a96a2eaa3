//! Snapshot tests of rendered reports, from hand-made summaries of a tiny
//! family (values 1-4, target 6) so that every section has something in it.

use super::*;
use crate::game::deck::{Deck, ValueRange};
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::report::{Listed, ValueRow};

fn id(k: u32) -> TableKey {
    TableKey {
        rules: Rules::Rational,
        target: Q::int(6),
        values: ValueRange::new(1, 4).unwrap(),
        deck: Deck::Copies(4),
        k: k as usize,
    }
}

fn listed(hand: &str, difficulty: f64, tier: &str, dissimilar: u32, solution: &str) -> Listed {
    Listed {
        hand: hand.into(),
        // 50 * log10(t / 2) = difficulty
        time_s: Some(2.0 * 10f64.powf(difficulty / 50.0)),
        solve_rate: Some(1.0 - difficulty / 200.0),
        difficulty: Some(difficulty),
        tier: Some(tier.into()),
        dissimilar: Some(dissimilar),
        solution: solution.into(),
    }
}

fn family() -> Vec<SizeSummary> {
    vec![
        SizeSummary {
            k: 2,
            hands: 10,
            solvable: 2,
            deal_solvable: 0.2105,
            tiers: Some([2, 0, 0, 0]),
        },
        SizeSummary {
            k: 3,
            hands: 20,
            solvable: 15,
            deal_solvable: 0.8,
            tiers: Some([9, 4, 1, 1]),
        },
    ]
}

fn summary() -> TableSummary {
    // Hands that stand in more than one list, each written once.
    let hard_114 = listed("1 1 4", 80.2, "expert", 1, "4/(1-1/4)-2");
    let hard_113 = listed("1 1 3", 50.0, "hard", 1, "(1+1)*3");
    let x_114 = listed("1 1 4", 80.2, "expert", 1, "x");
    TableSummary {
        id: id(3),
        model: None,
        size: family()[1].clone(),
        integer_solvable: 14,
        deal_tiers: Some([0.5, 0.2, 0.06, 0.04]),
        by_value: [(1, 6), (2, 9), (3, 9), (4, 7)]
            .into_iter()
            .map(|(value, solvable)| ValueRow {
                value,
                hands: 10,
                solvable,
            })
            .collect(),
        solution_counts: Some(vec![(1, 5), (2, 4), (3, 3), (7, 2), (12, 1)]),
        hardest: HandList {
            total: 2,
            shown: vec![hard_114, hard_113.clone()],
        },
        fraction_only: HandList {
            total: 1,
            shown: vec![x_114.clone()],
        },
        one_solution: HandList {
            total: 3,
            shown: vec![hard_113, x_114],
        },
        unsolvable: HandList {
            total: 5,
            shown: ["1 1 1", "1 4 4", "4 4 4", "3 4 4", "2 4 4"]
                .iter()
                .map(|h| Listed {
                    hand: h.to_string(),
                    time_s: None,
                    solve_rate: None,
                    difficulty: None,
                    tier: None,
                    dissimilar: Some(0),
                    solution: String::new(),
                })
                .collect(),
        },
        calibration: None,
    }
}

#[test]
fn table_report_markdown() {
    let r = table_report(&summary(), &family());
    insta::assert_snapshot!(r.markdown);
}

#[test]
fn table_report_links_every_chart_it_writes() {
    let r = table_report(&summary(), &family());
    let names: Vec<&str> = r.charts.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(
        names,
        [
            BY_SIZE_CHART,
            BY_VALUE_CHART,
            COUNTS_CHART,
            TIERS_CHART,
            DEALS_CHART
        ]
    );
    let mut with = summary();
    with.calibration = Some(crate::report::Calibration {
        points: vec![(4.5, 5.0), (30.0, 20.0), (190.0, 80.0)],
        spearman: 1.0,
    });
    let r = table_report(&with, &family());
    assert!(r.charts.iter().any(|c| c.0 == CALIBRATION_CHART));
    assert!(r.markdown.contains(&format!("]({CALIBRATION_CHART})")));
    for (name, bytes) in &r.charts {
        assert!(
            r.markdown.contains(&format!("]({name})")),
            "{name} is not linked"
        );
        assert!(bytes.len() > 1000, "{name} is only {} bytes", bytes.len());
    }
}

#[test]
fn table_report_without_difficulty_skips_tiers_and_rankings() {
    let mut s = summary();
    s.size.tiers = None;
    s.deal_tiers = None;
    s.solution_counts = None;
    let r = table_report(&s, &family());
    assert!(r.markdown.contains("swept without solutions"));
    assert!(!r.markdown.contains("hardest solvable"));
    assert_eq!(r.charts.len(), 2);
}

#[test]
fn index_markdown() {
    let tables: Vec<(TableKey, SizeSummary)> = family().into_iter().map(|s| (id(s.k), s)).collect();
    let r = index(false, false, |r| {
        for group in tables.chunk_by(|a, b| a.0.family() == b.0.family()) {
            index_family(r, group);
        }
    });
    insta::assert_snapshot!(r.markdown);
    let names: Vec<&str> = r.charts.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "rules=rational/use=all/targets=6-6/values=1-4/deck=x4/solvable-by-hand-size.svg",
            "rules=rational/use=all/targets=6-6/values=1-4/deck=x4/tiers-by-hand-size.svg"
        ]
    );
}

#[test]
fn solution_counts_fall_into_buckets_and_trailing_empties_drop() {
    let b = bucketed(&[(1, 5), (2, 4), (7, 2), (9, 1), (12, 1)]);
    let names: Vec<&str> = b.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6-10", "11-20"]);
    assert_eq!(b[5].1, 3);
}

#[test]
fn table_without_solvable_hands_lists_no_hardest_hands() {
    let mut s = summary();
    s.id.k = 1;
    s.size = SizeSummary {
        k: 1,
        hands: 4,
        solvable: 0,
        deal_solvable: 0.0,
        tiers: Some([0; 4]),
    };
    s.hardest = HandList::default();
    let r = table_report(&s, &[s.size.clone()]);
    assert!(r.markdown.starts_with("# Target 6 with 1 card\n"));
    assert!(r.markdown.contains("A random deal of 1 card is solvable"));
    assert!(!r.markdown.contains("hardest solvable"));
}

/// The atlas states the tables' numbers, every unsolvable hand from six
/// cards up, the cover with its witnesses, and links every file it writes.
#[test]
fn atlas_states_the_numbers_and_links_its_files() {
    use crate::game::targets::TargetRange;
    use crate::report::atlas::{Cover, DeckAtlas, Plan, Share, Solved};
    let plan = Plan {
        max_k: 6,
        targets: TargetRange::new(23, 24).unwrap(),
    };
    let mut six = summary();
    six.size.k = 6;
    six.size.hands = 18;
    six.size.solvable = 15;
    let deck = |d: Deck| DeckAtlas {
        deck: d,
        sizes: vec![summary(), six.clone()],
        missing: vec![1, 2, 4, 5],
        solved: Solved {
            deck: d,
            cover: vec![
                Cover {
                    target: 23,
                    first_k: None,
                    witness: Some((6, "1 1 1 1 1 1".into())),
                },
                Cover {
                    target: 24,
                    first_k: Some(5),
                    witness: Some((4, "1 1 1 1".into())),
                },
            ],
            lines: vec![(
                24,
                (1..=6)
                    .map(|k| Share {
                        k,
                        hands: 10,
                        solvable: k as u64,
                        deal_share: 0.1,
                    })
                    .collect(),
            )],
        },
    };
    let r = super::atlas::render_atlas(&plan, &[deck(Deck::Copies(4)), deck(Deck::Unlimited)]);
    let md = &r.markdown;
    assert!(md.starts_with("# The atlas: the 24 game from 1 to 6 cards"));
    assert!(md.contains("24 can be made from 15 of the 20 3-card hands (75.00%; 80.00% of deals)"));
    assert!(
        md.contains("| 3 | 20 | 15 | 75.00% | 80.00% | 14 | 1 | 6.67% | 5 |"),
        "{md}"
    );
    assert!(md.contains("- 6 cards, 5 hands: 1 1 1; 1 4 4; 4 4 4; 3 4 4; 2 4 4"));
    assert!(
        md.contains("| 23 | over 6 | 1 1 1 1 1 1 | over 6 | 1 1 1 1 1 1 |"),
        "{md}"
    );
    assert!(md.contains("| 24 | 5 | 1 1 1 1 | 5 | 1 1 1 1 |"));
    assert!(md.contains("No table for 1, 2, 4, 5 cards"));
    for (name, _) in &r.charts {
        assert!(md.contains(&format!("]({name})")), "{name} is not linked");
    }
    assert_eq!(r.charts.len(), 6);
}

/// A table priced by a model file says which, in place of the built-in
/// model's words, and the rest of the report is the same.
#[test]
fn a_table_priced_by_a_model_file_names_it() {
    use crate::difficulty::pricer::{ModelRecord, shipped_source};
    let record = ModelRecord {
        file: "class.json".into(),
        sha256: "ab".repeat(32),
        source: crate::difficulty::model::Source {
            players: "3 players".into(),
            puzzles: 60,
            ..shipped_source()
        },
    };
    let plain = table_report(&summary(), &family()).markdown;
    let priced = table_report(
        &TableSummary {
            model: Some(record.clone()),
            ..summary()
        },
        &family(),
    )
    .markdown;
    let built_in = "The model was calibrated on players' times for four-card hands and 24; for \
                    other games its figures are extrapolations. ";
    assert!(plain.contains(built_in));
    assert!(!priced.contains(built_in));
    let note = record.note(&id(3).game());
    assert!(
        note.contains("the model class.json, fitted on 3 players"),
        "{note}"
    );
    assert_eq!(priced, plain.replace(built_in, &format!("{note} ")));
}
