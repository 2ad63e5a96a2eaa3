//! Data integrity: what is read is verified against its manifest, one
//! writer holds a table at a time, and a run killed at any step is finished
//! by the same command. Each test is named after the defect it pins.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::prelude::*;
use rand::rngs::StdRng;
use tempfile::TempDir;

use crate::util::{census24, run};

/// The folder of the default table of `k` cards under a data folder.
fn partition(k: usize) -> String {
    format!("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k={k}")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `census24 ARGS`, requiring exit 0.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {out} {err}");
    out
}

/// `census24 sweep -q --no-report --out DATA ARGS`, requiring exit 0.
fn sweep_into(data: &Path, args: &[&str]) {
    let mut all = vec!["sweep", "-q", "--no-report", "--out", s(data)];
    all.extend_from_slice(args);
    ok(&all);
}

/// A fresh data folder holding the default table of `k` cards (and `extra`
/// sweep options).
fn swept(k: usize, extra: &[&str]) -> (TempDir, PathBuf) {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let ks = k.to_string();
    let mut args = vec!["-k", ks.as_str()];
    args.extend_from_slice(extra);
    sweep_into(&data, &args);
    (tmp, data)
}

/// Every file under `dir` (hidden ones too), relative path and bytes,
/// sorted; lock files (empty, left on purpose) are left out.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.to_string_lossy().ends_with(".lock") {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.push((rel, fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn names(tree: &[(String, Vec<u8>)]) -> Vec<&str> {
    tree.iter().map(|(n, _)| n.as_str()).collect()
}

/// Asserts a failed run said one line naming `file`, with exit 2.
fn fails_naming(args: &[&str], file: &str, what: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out} {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(file), "{args:?} does not name {file}: {err}");
    assert!(err.contains(what), "{args:?} does not say {what:?}: {err}");
    assert!(out.is_empty(), "{args:?} printed {out}");
}

/// The readers of a table of `k` cards in `data`, as argument lists.
fn readers(data: &Path, reports: &Path) -> Vec<Vec<String>> {
    let d = s(data).to_string();
    let r = s(reports).to_string();
    [
        vec!["rank", "--data", &d, "--all", "--format", "csv"],
        vec!["pick", "--data", &d, "-n", "5", "--format", "csv"],
        vec!["report", "--data", &d, "--out", &r],
    ]
    .iter()
    .map(|a| a.iter().map(|x| x.to_string()).collect())
    .collect()
}

/// Defect 1: one flipped byte in hands.parquet made rank print wrong ranks
/// with exit 0.
#[test]
fn a_flipped_byte_in_hands_parquet_is_named_by_every_reader() {
    let (tmp, data) = swept(4, &[]);
    let hands = data.join(partition(4)).join("hands.parquet");
    let mut bytes = fs::read(&hands).unwrap();
    let i = bytes.len() / 2;
    bytes[i] ^= 0x10;
    fs::write(&hands, &bytes).unwrap();
    let reports = tmp.path().join("reports");
    for args in readers(&data, &reports) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fails_naming(&args, "hands.parquet", "SHA-256");
    }
    assert!(!reports.exists(), "report wrote something");
    // A cut file is named by its size.
    fs::write(&hands, &bytes[..1000]).unwrap();
    fails_naming(
        &["rank", "--data", s(&data)],
        "hands.parquet",
        "has 1000 bytes",
    );
}

/// Defect 2: `--skip-complete` trusted manifest.json alone.
#[test]
fn skip_complete_remakes_a_table_that_does_not_verify() {
    let (_tmp, data) = swept(3, &[]);
    let dir = data.join(partition(3));
    let before = tree(&dir);
    let hands = dir.join("hands.parquet");
    let cut = fs::read(&hands).unwrap()[..1000].to_vec();
    fs::write(&hands, cut).unwrap();
    fs::remove_file(dir.join("solutions.parquet")).unwrap();
    let args = [
        "sweep",
        "--no-report",
        "--skip-complete",
        "-k",
        "3",
        "--out",
        s(&data),
    ];
    let out = ok(&args);
    assert!(!out.contains("already complete"), "{out}");
    assert_eq!(tree(&dir), before);
    // A table that verifies is kept.
    let out = ok(&args);
    assert!(out.contains("already complete"), "{out}");
}

/// Defect 9: a missing solutions.parquet or hands.parquet passed in silence.
#[test]
fn a_missing_table_file_is_named_by_every_reader() {
    let (tmp, data) = swept(3, &[]);
    let dir = data.join(partition(3));
    let reports = tmp.path().join("reports");
    let k3 = |mut a: Vec<String>| {
        a.extend(["-k".to_string(), "3".to_string()]);
        a
    };
    let sols = fs::read(dir.join("solutions.parquet")).unwrap();
    fs::remove_file(dir.join("solutions.parquet")).unwrap();
    for args in readers(&data, &reports) {
        let args = if args[0] == "report" { args } else { k3(args) };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fails_naming(&args, "solutions.parquet", "is missing");
    }
    fs::write(dir.join("solutions.parquet"), sols).unwrap();
    fs::remove_file(dir.join("hands.parquet")).unwrap();
    fails_naming(
        &["report", "--data", s(&data), "--out", s(&reports)],
        "hands.parquet",
        "is missing",
    );
    assert!(!reports.exists(), "report wrote something");
}

/// Defect 9, the allowed gap: a table swept without a solutions table says
/// so where a command needs one, and serves the others.
#[test]
fn a_counts_only_table_is_refused_by_pick_by_name() {
    let (_tmp, data) = swept(3, &["--counts-only"]);
    let (code, _, err) = run(&["pick", "--data", s(&data), "-k", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--counts-only"), "{err}");
    assert!(err.contains("solutions.parquet"), "{err}");
    ok(&["rank", "--data", s(&data), "-k", "3"]);
}

/// Defect 10: a folder of shard parts only got "no table … create it with
/// sweep" instead of "run merge".
#[test]
fn a_folder_of_shard_parts_asks_for_merge() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    for shard in ["1/2", "2/2"] {
        sweep_into(&data, &["-k", "3", "--shard", shard]);
    }
    for cmd in ["rank", "pick"] {
        let (code, _, err) = run(&[cmd, "--data", s(&data), "-k", "3"]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!("census24 merge --out {}", s(&data))),
            "{cmd}: {err}"
        );
    }
    let (code, _, err) = run(&["report", "--data", s(&data)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("census24 merge"), "{err}");
}

/// Defect 10: `rank -k 0` suggested `sweep --hand-size 0`.
#[test]
fn hand_size_0_is_refused_where_it_is_given() {
    for cmd in ["rank", "pick", "sweep"] {
        let (code, _, err) = run(&[cmd, "-k", "0"]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("at least 1 card"), "{cmd}: {err}");
        assert!(!err.contains("--hand-size 0"), "{cmd}: {err}");
    }
}

/// Defect 10: merging a reach table called its rows hands.
#[test]
fn merging_a_reach_table_counts_rows_not_hands() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    for shard in ["1/2", "2/2"] {
        sweep_into(&data, &["-k", "3", "--targets", "1..10", "--shard", shard]);
    }
    let out = ok(&["merge", "--out", s(&data)]);
    assert!(
        out.contains(
            "455 hands against targets 1..10: 4550 (hand, target) pairs, 1847 of them solvable"
        ),
        "{out}"
    );
}

/// Defect 5: two sweeps could write one folder at once.
#[test]
fn a_second_writer_is_refused_while_the_lock_is_held() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let dir = data.join(partition(3));
    fs::create_dir_all(&dir).unwrap();
    let busy = |args: &[&str]| {
        let mut all = vec!["sweep", "-q", "--no-report", "-k", "3", "--out", s(&data)];
        all.extend_from_slice(args);
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("another census24 process is writing this table"),
            "{all:?}: {err}"
        );
    };
    let merge_busy = || {
        let (code, _, err) = run(&["merge", "--out", s(&data)]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("another census24 process"), "{err}");
    };
    // This test process holds the table's lock, as a whole-table sweep
    // would: no other writer of the table starts, shards included.
    let lock = fs::File::create(dir.join(".census24.lock")).unwrap();
    lock.lock().unwrap();
    busy(&[]);
    busy(&["--shard", "1/2"]);
    assert!(
        fs::read_dir(&dir).unwrap().count() == 1,
        "something was written"
    );
    drop(lock);
    // Now it holds it shared, as a running shard does: other shards run
    // beside it, the whole table and merge wait.
    let lock = fs::File::open(dir.join(".census24.lock")).unwrap();
    lock.lock_shared().unwrap();
    sweep_into(&data, &["-k", "3", "--shard", "1/2"]);
    sweep_into(&data, &["-k", "3", "--shard", "2/2"]);
    busy(&[]);
    merge_busy();
    // Released (as the OS does when a writer dies): the table is joined.
    drop(lock);
    ok(&["merge", "-q", "--out", s(&data)]);
    assert!(dir.join("manifest.json").exists());
}

/// Defect 6: `merge` after `--shard 2/2000000000` sized a list by the
/// declared shard count (and was killed at 24 GB).
#[test]
fn merge_of_a_huge_split_names_the_missing_shards_in_bounded_memory() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    sweep_into(&data, &["-k", "2", "--shard", "2/2000000000"]);
    let bin = assert_cmd::cargo::cargo_bin("census24");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576; exec \"$0\" merge --out \"$1\"")
        .arg(&bin)
        .arg(&data)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("missing shards 1/2000000000, 3/2000000000,"),
        "{err}"
    );
    assert!(err.contains("and 1999999989 more"), "{err}");
}

/// Defect 7: `pick -n 18446744073709551615 --spread` ran for minutes.
#[test]
fn pick_of_more_hands_than_match_takes_them_all_at_once() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let out = census24()
        .args(["pick", "--data", s(&data), "--format", "csv", "--spread"])
        .args(["-n", "18446744073709551615", "--max-time", "4.8"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let all = census24()
        .args(["rank", "--data", s(&data), "--all", "--format", "csv"])
        .args(["--max-time", "4.8"])
        .output()
        .unwrap();
    let ranked = String::from_utf8(all.stdout).unwrap().lines().count();
    assert!(ranked > 2, "{ranked}");
    assert_eq!(text.lines().count(), ranked, "{text}");
}

/// Defect 8: `solve --stdin` answered nothing until about 2,000 lines or
/// the end of input.
#[test]
fn solve_stdin_answers_a_line_while_input_stays_open() {
    let bin = assert_cmd::cargo::cargo_bin("census24");
    let mut child = Command::new(bin)
        .args(["solve", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            tx.send(line.unwrap()).unwrap();
        }
    });
    stdin.write_all(b"3 8 8 9\n").unwrap();
    stdin.flush().unwrap();
    let first = rx.recv_timeout(Duration::from_secs(20));
    assert_eq!(first.as_deref(), Ok("3 8 8 9: (9-8)*3*8"));
    stdin.write_all(b"1 1 1 1\n").unwrap();
    drop(stdin);
    let second = rx.recv_timeout(Duration::from_secs(20)).unwrap();
    assert_eq!(second, "1 1 1 1: no solution");
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

/// Defect 10: a long option value was cut before the reason was printed.
#[test]
fn a_long_bad_value_is_cut_and_the_reason_kept() {
    let deck = format!("1..13x2,{}", "1000,".repeat(60));
    let (code, _, err) = run(&["sweep", "--deck", &deck]);
    assert_eq!(code, 2);
    let first = err.lines().next().unwrap();
    assert!(first.len() < 400, "{first}");
    assert!(first.contains("(308 bytes)"), "{first}");
    let reason = first.rsplit("(308 bytes)").next().unwrap();
    assert!(reason.len() > 10, "no reason after the value: {first}");
}

// ---------------------------------------------------------------------------
// Kills at every step (defects 3 and 4).

/// The environment variable that aborts a run at its Nth step.
const KILL_AT: &str = "CENSUS24_TEST_KILL_AT";

/// Runs `setup` then `args` once with a kill at each step 1, 2, … until a
/// run passes every step; after each kill the same command must finish
/// (exit 0), `root` must then hold exactly `want` (no temporaries, no
/// unfinished-run folder), and a reader command must accept it. Returns
/// the number of steps.
fn kill_at_every_step(
    args: &[String],
    root: &Path,
    setup: &dyn Fn(),
    want: &[(String, Vec<u8>)],
    check: &[&str],
) -> u32 {
    let bin = assert_cmd::cargo::cargo_bin("census24");
    for step in 1.. {
        setup();
        let killed = Command::new(&bin)
            .args(args)
            .env(KILL_AT, step.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        if killed.success() {
            assert_eq!(tree(root), want, "{args:?} at step {step}, not killed");
            return step - 1;
        }
        assert_eq!(killed.code(), None, "{args:?} at step {step}: {killed}");
        let again = Command::new(&bin).args(args).output().unwrap();
        assert!(
            again.status.success(),
            "{args:?} after a kill at step {step}: {}",
            String::from_utf8_lossy(&again.stderr)
        );
        let got = tree(root);
        assert!(
            got == want,
            "{args:?} after a kill at step {step}: files {:?}, want {:?}",
            names(&got),
            names(want)
        );
        if !check.is_empty() {
            let (code, _, err) = run(check);
            assert_eq!(code, 0, "{check:?} after a kill at step {step}: {err}");
        }
    }
    unreachable!()
}

fn strings(a: &[&str]) -> Vec<String> {
    a.iter().map(|x| x.to_string()).collect()
}

/// A sweep of `args` into a fresh folder: the reference files.
fn reference(args: &[String], root: &Path) -> Vec<(String, Vec<u8>)> {
    let _ = fs::remove_dir_all(root);
    let out = Command::new(assert_cmd::cargo::cargo_bin("census24"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    let t = tree(root);
    let _ = fs::remove_dir_all(root);
    t
}

/// A sweep with `args` into a fresh folder (and its report beside it, if
/// `args` do not say `--no-report`), killed at each of its steps in turn
/// ([`kill_at_every_step`]), `check` (with `--data DIR` added) run after
/// each; it must have at least `min_steps`.
fn sweep_killed_at_every_step(args: &[&str], check: &[&str], min_steps: u32) {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path().join("run");
    let data = root.join("data");
    let mut all = strings(&["sweep", "-q", "--out", s(&data)]);
    all.extend(strings(args));
    let want = reference(&all, &root);
    let setup = || {
        let _ = fs::remove_dir_all(&root);
    };
    let mut check: Vec<&str> = check.to_vec();
    if !check.is_empty() {
        check.extend(["--data", s(&data)]);
    }
    let steps = kill_at_every_step(&all, &root, &setup, &want, &check);
    assert!(steps >= min_steps, "{args:?}: {steps} steps");
}

#[test]
fn a_small_sweep_killed_at_any_step_is_finished_by_the_same_command() {
    sweep_killed_at_every_step(&["--no-report", "-k", "3"], &["rank", "-k", "3"], 8);
}

#[test]
fn a_chunked_sweep_killed_at_any_step_is_finished_by_the_same_command() {
    // 1820 hands: four chunks.
    sweep_killed_at_every_step(&["--no-report", "--resumable", "-k", "4"], &["rank"], 30);
}

#[test]
fn a_reach_sweep_killed_at_any_step_is_finished_by_the_same_command() {
    sweep_killed_at_every_step(&["--no-report", "-k", "3", "--targets", "1..20"], &[], 6);
}

/// The report a sweep writes after its table is a step of the same command.
#[test]
fn a_sweep_and_its_report_killed_at_any_step_are_finished_by_the_same_command() {
    sweep_killed_at_every_step(&["-k", "2"], &["rank", "-k", "2"], 14);
    sweep_killed_at_every_step(&["-k", "2", "--targets", "1..10"], &[], 10);
}

/// Copies every file of `from` into `to` (made afresh).
fn copy_tree(from: &Path, to: &Path) {
    let _ = fs::remove_dir_all(to);
    for (rel, bytes) in tree(from) {
        let p = to.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, bytes).unwrap();
    }
}

#[test]
fn a_merge_killed_at_any_step_is_finished_by_the_same_command() {
    let tmp = TempDir::new().unwrap();
    let parts = tmp.path().join("parts");
    for shard in ["1/3", "2/3", "3/3"] {
        sweep_into(&parts, &["-k", "3", "--shard", shard]);
    }
    let data = tmp.path().join("data");
    let args = strings(&["merge", "-q", "--out", s(&data)]);
    copy_tree(&parts, &data);
    ok(&["merge", "-q", "--out", s(&data)]);
    let want = tree(&data);
    // The merged table is the one a single run writes.
    let single = tmp.path().join("single");
    ok(&["sweep", "-q", "--no-report", "-k", "3", "--out", s(&single)]);
    assert_eq!(want, tree(&single));
    let setup = || copy_tree(&parts, &data);
    let check = ["rank", "--data", s(&data), "-k", "3"];
    let steps = kill_at_every_step(&args, &data, &setup, &want, &check);
    assert!(steps >= 10, "{steps} steps");
}

#[test]
fn a_report_killed_at_any_step_is_finished_by_the_same_command() {
    let (tmp, data) = swept(3, &[]);
    let reports = tmp.path().join("reports");
    let args = strings(&["report", "-q", "--data", s(&data), "--out", s(&reports)]);
    let want = reference(&args, &reports);
    let setup = || {
        let _ = fs::remove_dir_all(&reports);
    };
    let steps = kill_at_every_step(&args, &reports, &setup, &want, &[]);
    assert!(steps >= 4, "{steps} steps");
}

// ---------------------------------------------------------------------------
// Bit flips over every table kind.

/// What a reader printed.
type Seen = (Option<i32>, String, String);

/// A reader's exit status, its output (for `report`, with every file it
/// wrote: its standard output only lists them) and its errors.
fn seen(args: &[String]) -> Seen {
    let reports = (args[0] == "report").then(|| {
        let i = args.iter().position(|a| a == "--out").unwrap();
        PathBuf::from(&args[i + 1])
    });
    if let Some(r) = &reports {
        let _ = fs::remove_dir_all(r);
    }
    let out = census24().args(args).output().unwrap();
    let mut stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if let Some(r) = &reports {
        for (name, bytes) in tree(r) {
            stdout += &format!("\n{name}\n{}", String::from_utf8_lossy(&bytes));
        }
    }
    (
        out.status.code(),
        stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Flips random bits of each file of the table in `dir` (`FLIPS_PER_FILE`
/// each, from a fixed seed) and runs each reader: each must either print
/// what it printed for the undamaged table, or fail with one line and exit
/// 2; never other output with exit 0, never a panic.
fn flips_are_caught(dir: &Path, readers: &[Vec<String>], seed: u64) {
    let flips: usize = std::env::var("FLIPS_PER_FILE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    let clean: Vec<Seen> = readers.iter().map(|a| seen(a)).collect();
    for (args, c) in readers.iter().zip(&clean) {
        assert_eq!(c.0, Some(0), "{args:?} on the undamaged table: {}", c.2);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && !p.to_string_lossy().ends_with(".lock"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for file in &files {
        let good = fs::read(file).unwrap();
        for _ in 0..flips {
            let mut bad = good.clone();
            let (i, bit) = (rng.random_range(0..bad.len()), rng.random_range(0..8));
            bad[i] ^= 1 << bit;
            fs::write(file, &bad).unwrap();
            for (args, c) in readers.iter().zip(&clean) {
                let got = seen(args);
                let same = got.0 == c.0 && got.1 == c.1;
                // A refusal names the damaged file (a reader that left
                // the check to Parquet would not always).
                let name = file.file_name().unwrap().to_str().unwrap();
                let refused = got.0 == Some(2)
                    && got.1.is_empty()
                    && got.2.lines().count() == 1
                    && got.2.contains(name)
                    && !got.2.contains("panicked");
                if !same && !refused {
                    failures.push(format!(
                        "{} byte {i} bit {bit}: {args:?} exit {:?}, stderr {:?}",
                        file.display(),
                        got.0,
                        got.2
                    ));
                }
            }
        }
        fs::write(file, &good).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn bit_flips_in_a_hands_table_are_caught_by_every_reader() {
    let (tmp, data) = swept(3, &[]);
    let reports = tmp.path().join("reports");
    let r: Vec<Vec<String>> = readers(&data, &reports)
        .into_iter()
        .map(|mut a| {
            if a[0] != "report" {
                a.extend(strings(&["-k", "3"]));
            }
            a
        })
        .collect();
    flips_are_caught(&data.join(partition(3)), &r, 3);
}

#[test]
fn bit_flips_in_a_reach_table_are_caught_by_its_report() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    sweep_into(&data, &["-k", "3", "--targets", "1..30"]);
    let reports = tmp.path().join("reports");
    let r = vec![strings(&[
        "report",
        "-q",
        "--data",
        s(&data),
        "--out",
        s(&reports),
    ])];
    let dir = data.join("rules=rational/use=all/targets=1-30/values=1-13/deck=x4/k=3");
    flips_are_caught(&dir, &r, 30);
}

#[test]
fn bit_flips_in_shard_parts_are_caught_by_merge() {
    let tmp = TempDir::new().unwrap();
    let parts = tmp.path().join("parts");
    for shard in ["1/2", "2/2"] {
        sweep_into(&parts, &["-k", "2", "--shard", shard]);
    }
    // merge consumes its parts: each run merges a fresh copy, and its
    // verdict is read from the merged table's manifest (or its refusal).
    let data = tmp.path().join("data");
    let dir = parts.join(partition(2));
    let mut rng = StdRng::seed_from_u64(2);
    let good_whole = {
        copy_tree(&parts, &data);
        ok(&["merge", "-q", "--out", s(&data)]);
        tree(&data)
    };
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && !p.to_string_lossy().ends_with(".lock"))
        .collect();
    files.sort();
    for file in &files {
        let good = fs::read(file).unwrap();
        for _ in 0..6 {
            let mut bad = good.clone();
            let i = rng.random_range(0..bad.len());
            bad[i] ^= 1 << rng.random_range(0..8);
            fs::write(file, &bad).unwrap();
            copy_tree(&parts, &data);
            let (code, out, err) = run(&["merge", "-q", "--out", s(&data)]);
            let fine = (code == 0 && tree(&data) == good_whole)
                || (code == 2 && err.lines().count() == 1 && out.is_empty());
            assert!(
                fine,
                "{} byte {i}: merge exit {code}: {err}",
                file.display()
            );
        }
        fs::write(file, &good).unwrap();
    }
}

/// A sweep's own report indexes the other tables of its data folder: one
/// that another process is writing is left out, not a failure of the sweep;
/// a plain `report` of every table says it is being written.
#[test]
fn a_table_being_written_is_left_out_of_another_sweeps_report() {
    let (tmp, data) = swept(2, &[]);
    let busy = data.join(partition(2));
    // Another writer is remaking the two-card table: its lock is held and
    // its files no longer match the manifest.
    let lock = fs::File::create(busy.join(".census24.lock")).unwrap();
    lock.lock().unwrap();
    fs::remove_file(busy.join("solutions.parquet")).unwrap();
    // And the five-card table is shard parts still to merge.
    sweep_into(&data, &["-k", "5", "--shard", "1/99"]);
    let reports = tmp.path().join("reports");
    ok(&["sweep", "-q", "-k", "3", "--out", s(&data)]);
    let index = fs::read_to_string(reports.join("README.md")).unwrap();
    assert!(!index.contains("k=2") && !index.contains("k=5"), "{index}");
    assert!(index.contains("k=3"), "{index}");
    let (code, _, err) = run(&["report", "--data", s(&data), "--out", s(&reports)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another census24 process is writing"), "{err}");
}

/// A table folder reached twice (through a link) is merged once, not
/// locked twice by one process or taken for an empty folder afterwards.
#[test]
fn a_folder_reached_through_a_link_is_merged_once() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    for shard in ["1/2", "2/2"] {
        sweep_into(&data, &["-k", "2", "--shard", shard]);
    }
    std::os::unix::fs::symlink(data.join(partition(2)), data.join("alias")).unwrap();
    let out = ok(&["merge", "--out", s(&data)]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("Merged 2 parts"), "{out}");
    ok(&["rank", "--data", s(&data), "-k", "2"]);
}

/// A finished chunk of an unfinished run whose file no longer matches its
/// marker is solved again on resume, not trusted and not an error.
#[test]
fn a_damaged_chunk_is_solved_again_on_resume() {
    let tmp = TempDir::new().unwrap();
    let (data, clean) = (tmp.path().join("data"), tmp.path().join("clean"));
    let args = ["-k", "4", "--resumable"];
    sweep_into(&clean, &args);
    let (code, _, err) = run(&[
        "sweep",
        "-q",
        "--no-report",
        "--out",
        s(&data),
        "-k",
        "4",
        "--resumable",
        "--stop-after-chunks",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
    let chunk = data
        .join(partition(4))
        .join(".partial/chunk-00000.solutions.parquet");
    let mut bytes = fs::read(&chunk).unwrap();
    let i = bytes.len() / 2;
    bytes[i] ^= 0x40;
    fs::write(&chunk, bytes).unwrap();
    let out = ok(&[
        "sweep",
        "--no-report",
        "--out",
        s(&data),
        "-k",
        "4",
        "--resumable",
    ]);
    assert!(out.contains("resuming 1 of 4 chunks"), "{out}");
    assert_eq!(tree(&data), tree(&clean));
}
