//! The census of sets of large numbers (`sweep --game countdown
//! --large-sets`): its rows agree with today's single-deck sweep (the reach
//! table's rows of `--deck 1..10x2,A,B,C,D --use any --rules natural -k 6`)
//! on 30 random sets, its engine with an independent brute force (pair by
//! pair reduction, not splits) on selections of every number of large
//! tiles, and its bytes do not depend on threads or shards; bad input is
//! refused in one line before any work.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::Path;

use census24::game::deck::Deck;
use census24::game::hand::Hand;
use census24::game::rules::{Rules, Use};
use census24::game::targets::TargetRange;
use census24::solve::selections::{Engine, Win, Window};
use census24::tables::large_counts::Counts;
use census24::tables::reach::{ReachSpec, reach_rows};
use census24::tables::registry::large_sets::{LargeKey, LargeSets, LargeSetsKind, SMALL_TOP};
use rayon::prelude::*;
use tempfile::TempDir;

use crate::util::run;

const TARGETS: TargetRange = TargetRange { lo: 100, hi: 999 };

/// Small pseudo-random numbers (a fixed LCG: the sets are the same every run).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Every six-tile selection of a set: the small tiles (1..10 twice) and the
/// set's large numbers, with the number of large tiles it holds.
fn selections(set: &[i64; 4]) -> Vec<(Vec<i64>, usize)> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn rec(set: &[i64; 4], from: usize, cur: &mut Vec<i64>, out: &mut Vec<(Vec<i64>, usize)>) {
        if cur.len() == 6 {
            let large = cur.iter().filter(|&&v| v > 10).count();
            out.push((cur.clone(), large));
            return;
        }
        // Values 1..10 (indices 0..10) then the four large ones.
        for i in from..14 {
            let v = if i < 10 { i as i64 + 1 } else { set[i - 10] };
            let copies = if i < 10 { 2 } else { 1 };
            if cur.iter().filter(|&&x| x == v).count() < copies {
                cur.push(v);
                rec(set, i, cur, out);
                cur.pop();
            }
        }
    }
    rec(set, 0, &mut cur, &mut out);
    out
}

/// One selection's counts from the reach table's rows, as the single-deck
/// sweep writes them.
fn counts_by_sweep(tiles: &[i64], spec: &ReachSpec) -> Counts {
    let rows = reach_rows(&Hand::new(tiles.to_vec()).unwrap(), spec).unwrap();
    let mut c = Counts::default();
    for r in rows {
        let w = r.deal_ways;
        c.games += 1;
        c.games_weighted += w;
        if r.solvable {
            c.solvable += 1;
            c.solvable_weighted += w;
        }
        let d = if r.solvable { 0 } else { r.distance.unwrap() };
        for (i, near) in [5, 10].into_iter().enumerate() {
            if d <= near {
                c.near[i] += 1;
                c.near_weighted[i] += w;
            }
        }
    }
    c
}

#[test]
fn agrees_with_the_single_deck_sweep_on_30_random_sets() {
    let mut rng = Lcg(2025);
    let mut sets: Vec<[i64; 4]> = Vec::new();
    while sets.len() < 30 {
        let mut s: Vec<i64> = (0..4).map(|_| 11 + rng.below(90) as i64).collect();
        s.sort();
        s.dedup();
        if s.len() == 4 && !sets.contains(&[s[0], s[1], s[2], s[3]]) {
            sets.push([s[0], s[1], s[2], s[3]]);
        }
    }
    // Every distinct selection once, by the reach table's own engine (a
    // selection's deal ways do not depend on which large numbers the deck
    // holds besides its own).
    let mut distinct: HashSet<Vec<i64>> = HashSet::new();
    for s in &sets {
        distinct.extend(selections(s).into_iter().map(|x| x.0));
    }
    let distinct: Vec<Vec<i64>> = distinct.into_iter().collect();
    let by_sweep: HashMap<Vec<i64>, Counts> = distinct
        .par_iter()
        .map(|tiles| {
            let large: Vec<String> = tiles
                .iter()
                .filter(|&&v| v > 10)
                .map(|v| v.to_string())
                .collect();
            let mut deck = "1..10x2".to_string();
            for v in &large {
                deck += &format!(",{v}");
            }
            let spec = ReachSpec {
                targets: TARGETS,
                rules: Rules::Natural,
                uses: Use::Any,
                deck: deck.parse::<Deck>().unwrap(),
                values: census24::game::deck::ValueRange::new(1, 100).unwrap(),
                objective: census24::game::family::Objective::Set,
                solutions: false,
            };
            (tiles.clone(), counts_by_sweep(tiles, &spec))
        })
        .collect();
    let kind = LargeSetsKind::new(LargeKey {
        sets: LargeSets::chosen(&sets.iter().map(|s| s.to_vec()).collect::<Vec<_>>()).unwrap(),
        targets: TARGETS,
    });
    for s in &sets {
        let mut want = [Counts::default(); 5];
        for (tiles, large) in selections(s) {
            want[large].add(&by_sweep[&tiles]);
        }
        let rows = kind.rows_of_set(s);
        assert_eq!(rows.len(), 5);
        for (j, row) in rows.iter().enumerate() {
            assert_eq!(row.large_tiles as usize, j);
            assert_eq!(row.counts, want[j], "set {s:?}, {j} large tiles");
        }
    }
    assert_eq!(selections(&sets[0]).len(), 13_243);
}

/// Every value a selection reaches, any tiles used, by reducing it pair by
/// pair (every pair, every operation, every order), remembering the
/// multisets already reduced.
fn brute_force(tiles: &[u64]) -> HashSet<u64> {
    fn go(v: &[u64], seen: &mut HashSet<Vec<u64>>, out: &mut HashSet<u64>) {
        let mut key = v.to_vec();
        key.sort_unstable();
        if !seen.insert(key) {
            return;
        }
        out.extend(v.iter().copied());
        for i in 0..v.len() {
            for j in i + 1..v.len() {
                let (a, b) = (v[i].max(v[j]), v[i].min(v[j]));
                let mut results = vec![a + b, a * b];
                if a > b {
                    results.push(a - b);
                }
                if a % b == 0 {
                    results.push(a / b);
                }
                for r in results {
                    let mut next: Vec<u64> = v
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i && k != j)
                        .map(|(_, &x)| x)
                        .collect();
                    next.push(r);
                    go(&next, seen, out);
                }
            }
        }
    }
    let mut out = HashSet::new();
    go(tiles, &mut HashSet::new(), &mut out);
    out
}

#[test]
fn the_engine_agrees_with_a_brute_force_on_every_number_of_large_tiles() {
    let win = Window { lo: 90, hi: 1009 };
    let mut engine = Engine::new(win, 100, SMALL_TOP as u64);
    let picks: [&[u16]; 10] = [
        &[1, 1, 2, 3, 7, 9],
        &[2, 4, 5, 8, 10, 10],
        &[100, 1, 3, 3, 6, 9],
        &[37, 2, 2, 5, 7, 8],
        &[25, 50, 1, 4, 6, 6],
        &[89, 97, 3, 5, 8, 10],
        &[12, 16, 18, 2, 7, 9],
        &[61, 73, 99, 1, 1, 4],
        &[25, 50, 75, 100, 3, 6],
        &[11, 13, 83, 97, 5, 5],
    ];
    for tiles in picks {
        let got: Win = engine.reach(tiles);
        let all = brute_force(&tiles.iter().map(|&t| t as u64).collect::<Vec<_>>());
        for v in win.lo..=win.hi {
            let i = (v - win.lo) as usize;
            let bit = got[i / 64] >> (i % 64) & 1 == 1;
            assert_eq!(bit, all.contains(&v), "{tiles:?} and {v}");
        }
    }
}

fn table_dir(out: &Path, hi: u32) -> std::path::PathBuf {
    out.join(format!(
        "rules=natural/use=any/targets=100-999/values=1-{hi}/deck=large-sets-11-{hi}/k=6"
    ))
}

fn table_bytes(out: &Path, hi: u32) -> Vec<u8> {
    fs::read(table_dir(out, hi).join("large_sets.parquet")).unwrap()
}

fn sweep_range(out: &Path, hi: u32, extra: &[&str]) {
    let range = format!("11..{hi}");
    let mut args = vec![
        "sweep",
        "--game",
        "countdown",
        "--large-sets",
        &range,
        "--quiet",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn threads_and_shards_make_the_same_table() {
    let tmp = TempDir::new().unwrap();
    let one = tmp.path().join("one");
    sweep_range(&one, 18, &["--threads", "1"]);
    let two = tmp.path().join("two");
    sweep_range(&two, 18, &["--threads", "2"]);
    let parts = tmp.path().join("parts");
    for s in ["1/3", "2/3", "3/3"] {
        sweep_range(&parts, 18, &["--shard", s]);
    }
    let (code, _, err) = run(&["merge", "--quiet", "--out", parts.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let bytes = table_bytes(&one, 18);
    assert_eq!(bytes, table_bytes(&two, 18));
    assert_eq!(bytes, table_bytes(&parts, 18));
    // C(8, 4) sets, five rows each; the report reads the merged table.
    let df = census24::tables::table::from_parquet(&bytes).unwrap();
    assert_eq!(df.height(), 70 * 5);
    let (code, _, err) = run(&[
        "report",
        "--quiet",
        "--data",
        parts.to_str().unwrap(),
        "--out",
        tmp.path().join("reports").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
}

/// The counts of a table, summed by number of large tiles: solvable,
/// within 5, within 10, solvable weighted.
fn tier_sums(bytes: &[u8]) -> [[u64; 4]; 5] {
    let df = census24::tables::table::from_parquet(bytes).unwrap();
    let u64s = |name: &str| -> Vec<u64> {
        df.column(name)
            .unwrap()
            .u64()
            .unwrap()
            .into_no_null_iter()
            .collect()
    };
    let tiles: Vec<u8> = df
        .column("large_tiles")
        .unwrap()
        .u8()
        .unwrap()
        .into_no_null_iter()
        .collect();
    let cols = [
        u64s("solvable"),
        u64s("within_5"),
        u64s("within_10"),
        u64s("solvable_weighted"),
    ];
    let mut out = [[0u64; 4]; 5];
    for (i, &j) in tiles.iter().enumerate() {
        for (c, col) in cols.iter().enumerate() {
            out[j as usize][c] += col[i];
        }
    }
    out
}

/// A range of a few hundred sets (C(12, 4) = 495) as one run and as five
/// shards: the shards share one file of counts (the first makes it, the
/// others read it), a damaged file is made again, and the merged table is
/// the one run's, whose counts are pinned to those the engine of 431e940
/// wrote (before the shared file and the faster splits).
#[test]
fn a_range_of_495_sets_as_one_run_and_as_shards_sharing_their_counts() {
    let tmp = TempDir::new().unwrap();
    let one = tmp.path().join("one");
    sweep_range(&one, 22, &[]);
    let parts = tmp.path().join("parts");
    sweep_range(&parts, 22, &["--shard", "1/5"]);
    let dir = table_dir(&parts, 22);
    let seal = fs::read_to_string(dir.join("shared_counts.json")).unwrap();
    assert!(
        seal.contains("\"census\": \"every set of four from 11..22, targets 100..999\""),
        "{seal}"
    );
    // C(12, 1) + C(12, 2) + C(12, 3) combinations, 70 bytes each.
    assert_eq!(
        fs::metadata(dir.join("shared_counts.bin")).unwrap().len(),
        (12 + 66 + 220) * 70
    );
    sweep_range(&parts, 22, &["--shard", "2/5"]);
    // A damaged count is caught by the checksum and made again.
    let mut bin = fs::read(dir.join("shared_counts.bin")).unwrap();
    bin[100] ^= 1;
    fs::write(dir.join("shared_counts.bin"), &bin).unwrap();
    sweep_range(&parts, 22, &["--shard", "3/5"]);
    assert_ne!(fs::read(dir.join("shared_counts.bin")).unwrap(), bin);
    for s in ["4/5", "5/5"] {
        sweep_range(&parts, 22, &["--shard", s]);
    }
    let (code, _, err) = run(&["merge", "--quiet", "--out", parts.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let bytes = table_bytes(&one, 22);
    assert_eq!(bytes, table_bytes(&parts, 22));
    assert_eq!(tier_sums(&bytes), PINNED_11_22);
}

#[test]
fn targets_go_with_the_sets() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("data");
    let (code, _, err) = run(&[
        "sweep",
        "--game",
        "countdown",
        "--large",
        "25 50 75 100",
        "--targets",
        "100..199",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let dir = out.join(
        "rules=natural/use=any/targets=100-199/values=1-100/deck=large-sets-25.50.75.100/k=6",
    );
    let df =
        census24::tables::table::from_parquet(&fs::read(dir.join("large_sets.parquet")).unwrap())
            .unwrap();
    let games: u64 = df
        .column("games")
        .unwrap()
        .u64()
        .unwrap()
        .into_no_null_iter()
        .sum();
    assert_eq!(games, 13_243 * 100);
    // Its report was written beside the data folder.
    assert!(
        tmp.path()
            .join("reports")
            .join(dir.strip_prefix(&out).unwrap())
            .join("README.md")
            .exists()
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_2_before_any_work() {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("data");
    let o = out.to_str().unwrap();
    for (args, says) in [
        (vec!["--large-sets", "11..13"], "holds 3 numbers"),
        (
            vec!["--large-sets", "5..30"],
            "5 (in --large-sets 5..30) is a small tile",
        ),
        (vec!["--large", "25 50 75"], "has 3"),
        (vec!["--large", "25 50 50 75"], "50 twice"),
        (
            vec!["--large", "9 50 75 100"],
            "9 (in 9 50 75 100) is a small tile",
        ),
        (
            vec!["--large-sets", "11..100", "--large", "25 50 75 100"],
            "cannot be used with",
        ),
        (vec!["--large-sets", "11..300"], "at most 10000000"),
        (vec!["--large-sets", "11..2000"], "above 1023"),
        (
            vec!["--large-sets", "11..40", "--targets", "100..2999"],
            "at most 1000 of them",
        ),
        (
            vec!["--large", "12 16 18 999", "--targets", "1000..1999"],
            "more than the 1048576",
        ),
    ] {
        let mut a = vec!["sweep", "--game", "countdown", "--out", o];
        a.extend(args.iter());
        let (code, stdout, err) = run(&a);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(stdout.is_empty());
        assert!(!out.exists(), "{args:?} made {}", out.display());
    }
    // Without --game the option is refused too.
    let (code, _, err) = run(&["sweep", "--large-sets", "11..20", "--out", o]);
    assert_eq!(code, 2, "{err}");
}

/// Solvable, within 5, within 10 and solvable weighted of every set of
/// four from 11..22, by number of large tiles, as the engine of 431e940
/// (before the shared file) wrote them.
const PINNED_11_22: [[u64; 4]; 5] = [
    [973_453_635, 1_206_566_955, 1_218_940_470, 14_484_677_130],
    [2_357_599_365, 2_574_818_400, 2_578_693_260, 26_312_434_830],
    [1_576_622_430, 1_643_644_305, 1_643_843_475, 12_677_078_160],
    [365_803_758, 374_202_603, 374_218_497, 2_005_267_122],
    [24_183_504, 24_501_891, 24_502_420, 83_872_290],
];

/// A census shipped as its summary (`just large-sets`: the whole table
/// elsewhere, `DATA/large-sets/` and the report in the reports folder) is
/// listed by the index `census24 report` writes from a data folder
/// without its table; the summary holds the table's sets and solvable
/// games, and names the table it was made from.
#[test]
fn a_census_shipped_as_its_summary_is_indexed_and_reads_back() {
    use census24::report::query::large::large_data;
    use census24::tables::large_summary::{read, summary_files};
    use census24::tables::manifest::sha256_hex;
    let tmp = TempDir::new().unwrap();
    let whole = tmp.path().join("whole");
    sweep_range(&whole, 15, &[]);
    let out = tmp.path().join("reports");
    let (code, _, err) = run(&[
        "report",
        "--quiet",
        "--data",
        whole.to_str().unwrap(),
        "--out",
        tmp.path().join("whole-reports").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // The shipped data folder: another table, and the census's summary.
    let data = tmp.path().join("data");
    sweep_range(&data, 14, &[]);
    let key = LargeKey {
        sets: "11..15".parse().map(LargeSets::Range).unwrap(),
        targets: TARGETS,
    };
    let sets = large_data(&table_dir(&whole, 15)).unwrap();
    let sha = sha256_hex(&table_bytes(&whole, 15));
    fs::create_dir_all(data.join("large-sets")).unwrap();
    for (name, bytes) in summary_files(&key, &sets, &sha).unwrap() {
        fs::write(data.join("large-sets").join(name), bytes).unwrap();
    }
    let (manifest, rows) = read(&data.join("large-sets")).unwrap();
    assert_eq!((manifest.sets, manifest.table_sha256), (5, sha));
    // `rank --large-sets` reads the whole table or the summary alike, and
    // orders the sets as their solvable games do, hardest first.
    let rank = |data: &Path| {
        let (code, out, err) = run(&[
            "rank",
            "--data",
            data.to_str().unwrap(),
            "--game",
            "countdown",
            "--large-sets",
            "11..15",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let ranked = rank(&whole);
    assert_eq!(ranked, rank(&data));
    let names: Vec<String> = sets.iter().map(|s| s.large()).collect();
    let mut by_hand: Vec<(u64, &str)> = sets
        .iter()
        .zip(&names)
        .map(|(s, name)| (s.all().solvable, name.as_str()))
        .collect();
    by_hand.sort();
    let listed: Vec<(u64, &str)> = ranked
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["solvable"].as_u64().unwrap(),
                r["large"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, by_hand);
    let mut solvable: Vec<u64> = rows.iter().map(|r| r.total()).collect();
    assert_eq!(
        solvable,
        sets.iter().map(|s| s.all().solvable).collect::<Vec<_>>()
    );
    solvable.dedup();
    assert!(solvable.len() > 1, "five sets, one count: {solvable:?}");
    // Without the census's report in the reports folder the index skips it;
    // with it (copied there as the recipe does), the index lists it.
    let part = key.partition();
    for copied in [false, true] {
        if copied {
            let from = tmp.path().join("whole-reports").join(&part);
            fs::create_dir_all(out.join(&part)).unwrap();
            for f in fs::read_dir(&from).unwrap() {
                let f = f.unwrap();
                fs::copy(f.path(), out.join(&part).join(f.file_name())).unwrap();
            }
        }
        let (code, _, err) = run(&[
            "report",
            "--quiet",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let index = fs::read_to_string(out.join("README.md")).unwrap();
        let link = format!("({}/README.md)", part.display());
        assert_eq!(index.contains(&link), copied, "{index}");
        assert!(index.contains("every set of four from 11..14"), "{index}");
    }
}

/// `rank --large-sets 11..100` over the shipped summary: its ranks, shares
/// and order against a polars query of `sets.parquet` written here, and
/// the figures the census's report (made from the whole table) states.
#[test]
fn rank_orders_the_shipped_sets_as_a_query_of_the_summary_does() {
    use polars::prelude::*;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = root.join("data");
    let rank = |extra: &[&str]| crate::util::rank_large_sets(&data, extra);
    // The summary read here with polars, the sets sorted by their
    // solvable games (then their numbers) in plain Rust.
    let file = fs::File::open(data.join("large-sets/sets.parquet")).unwrap();
    let df = ParquetReader::new(file).finish().unwrap();
    let column = |name: &str| -> Vec<u64> {
        let c = df.column(name).unwrap().cast(&DataType::UInt64).unwrap();
        c.u64().unwrap().into_no_null_iter().collect()
    };
    let numbers: Vec<Vec<u64>> = (1..=4).map(|i| column(&format!("large_{i}"))).collect();
    let by_tiles: Vec<Vec<u64>> = (0..=4).map(|j| column(&format!("solvable_{j}"))).collect();
    let mut sets: Vec<(u64, [u64; 4], u64)> = (0..df.height())
        .map(|r| {
            let total = by_tiles.iter().map(|c| c[r]).sum();
            (
                total,
                std::array::from_fn(|i| numbers[i][r]),
                by_tiles[4][r],
            )
        })
        .collect();
    sets.sort();
    let name = |n: &[u64; 4]| n.map(|x| x.to_string()).join(" ");
    let large: Vec<String> = sets.iter().map(|s| name(&s.1)).collect();
    let total: Vec<u64> = sets.iter().map(|s| s.0).collect();
    // The three hardest sets and the show's, with their ranks.
    let hardest = rank(&["--top", "3"]);
    for (i, r) in hardest.iter().enumerate() {
        assert_eq!(
            (r["rank"].as_u64(), r["large"].as_str()),
            (Some(i as u64 + 1), Some(large[i].as_str()))
        );
        assert_eq!(r["solvable"].as_u64(), Some(total[i]));
    }
    let show = &rank(&["--holding", "25 50 75 100"])[0];
    let at = large.iter().position(|l| l == "25 50 75 100").unwrap();
    assert_eq!(show["rank"].as_u64(), Some(at as u64 + 1));
    assert_eq!(show["deck"], "1..10x2,25,50,75,100");
    // The report's figures: 12 16 18 24 hardest at 88.29%, 59 83 93 97
    // easiest at 93.01%, the show's set 91.22%.
    let pct =
        |r: &serde_json::Value| format!("{:.2}", 100.0 * r["solvable_share"].as_f64().unwrap());
    assert_eq!(
        (hardest[0]["large"].as_str(), pct(&hardest[0]).as_str()),
        (Some("12 16 18 24"), "88.29")
    );
    let easiest = &rank(&["--top", "1", "--easiest"])[0];
    assert_eq!(
        (
            easiest["rank"].as_u64(),
            easiest["large"].as_str(),
            pct(easiest).as_str()
        ),
        (Some(2_555_190), Some("59 83 93 97"), "93.01")
    );
    assert_eq!(pct(show), "91.22");
    // With four large tiles, among the sets holding 100: the most solvable
    // four-tile games first.
    let best = &rank(&[
        "--holding",
        "100",
        "--large-tiles",
        "4",
        "--top",
        "1",
        "--easiest",
    ])[0];
    let most = sets
        .iter()
        .filter(|s| s.1[3] == 100)
        .map(|s| s.2)
        .max()
        .unwrap();
    let games_4 = 49_500.0;
    assert_eq!(
        best["solvable_share_4"].as_f64(),
        Some(most as f64 / games_4),
        "{best}"
    );
    // Filters of hands do not apply to sets: one line, exit 2.
    let (code, _, err) = run(&[
        "rank",
        "--data",
        data.to_str().unwrap(),
        "--game",
        "countdown",
        "--large-sets",
        "11..100",
        "--tier",
        "easy",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `rank --large-sets` and a census sweep take the Countdown round's game
/// but for its targets, and `pick` deals only from a folder that exists:
/// each mistake is one line and exit 2.
#[test]
fn large_sets_refuse_another_game_and_bad_rank_options() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let data = data.to_str().unwrap();
    let cases: [(&[&str], &str); 10] = [
        (
            &["--game", "countdown", "--rules", "positive"],
            "they take --targets only",
        ),
        (
            &["--game", "countdown", "-k", "5"],
            "they take --targets only",
        ),
        (
            &["--game", "countdown", "--deck", "none"],
            "they take --targets only",
        ),
        (&["--game", "krypto"], "add --game countdown"),
        (&["--game", "countdown", "--target", "952"], "not --target"),
        (
            &["--game", "countdown", "--top", "0"],
            "--top 0 prints nothing",
        ),
        (
            &["--game", "countdown", "--holding", "101"],
            "101 is not a large number",
        ),
        (
            &["--game", "countdown", "--holding", "25 25"],
            "each number once",
        ),
        (
            &["--game", "countdown", "--large-tiles", "5"],
            "--large-tiles 5",
        ),
        (
            &["--game", "countdown", "--targets", "100..500"],
            "not of every set of four from 11..100, targets 100..500",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["rank", "--data", data, "--large-sets", "11..100"];
        all.extend(args);
        let (code, out, err) = run(&all);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().to_str().unwrap();
    let (code, _, err) = run(&[
        "sweep",
        "--game",
        "countdown",
        "--large-sets",
        "11..14",
        "--rules",
        "positive",
        "--out",
        out,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("they take --targets only"), "{err}");
    assert_eq!(
        fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "nothing written"
    );
    let nowhere = tmp.path().join("nowhere");
    let (code, _, err) = run(&[
        "pick",
        "--game",
        "countdown",
        "--data",
        nowhere.to_str().unwrap(),
        "-n",
        "2",
    ]);
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
    assert!(err.contains("no such folder"), "{err}");
}
