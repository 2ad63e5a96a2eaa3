//! The surface a newcomer meets (issue "one concept, one spelling"): file
//! modes, usage errors, the same options and exit statuses for `rank` and
//! `pick`, and a set-up that needs only cargo.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use tempfile::TempDir;

use crate::util::run;

/// The mode bits of `path`.
fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Files that sweep, report and merge write were 0600 whatever the umask,
/// so a web server or a merge running as another user could not read them.
#[test]
fn written_files_follow_the_umask() {
    let bin = assert_cmd::cargo::cargo_bin("census24");
    for (umask, want) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let tmp = TempDir::new().unwrap();
        let data = tmp.path().join("data");
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask}; exec \"$0\" sweep -q -k 2 --out \"$1\""
            ))
            .arg(&bin)
            .arg(&data)
            .status()
            .unwrap();
        assert!(status.success());
        let table = data.join("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=2");
        let report = tmp
            .path()
            .join("reports/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=2");
        for file in [
            table.join("hands.parquet"),
            table.join("solutions.parquet"),
            table.join("manifest.json"),
            report.join("README.md"),
            report.join("explorer.html"),
            tmp.path().join("reports/README.md"),
        ] {
            assert_eq!(mode(&file), want, "umask {umask}: {}", file.display());
        }
    }
}

/// Clap's usage errors were three lines or more, breaking the "one line
/// naming the problem" every other error keeps.
#[test]
fn usage_errors_are_one_line() {
    for args in [
        vec!["solve", "--target", "1/0", "1", "2"],
        vec!["sweep", "--deck", "x"],
        vec!["solve", "--tagret", "5", "1"],
        vec!["rank", "--tier", "brutal"],
        vec!["sweep", "--threads", "0"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("census24: "), "{args:?}: {err}");
    }
}

/// `rank --tier` took one tier and `pick --tier` a list; `rank` exited 0
/// on an empty result where `pick` exits 1.
#[test]
fn rank_takes_tiers_as_pick_does_and_says_when_nothing_passes() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let data = data.to_str().unwrap();
    let (code, out, err) = run(&[
        "rank",
        "--data",
        data,
        "--tier",
        "hard,expert",
        "--all",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let tiers: std::collections::BTreeSet<&str> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(6).unwrap())
        .collect();
    assert_eq!(tiers.into_iter().collect::<Vec<_>>(), ["expert", "hard"]);
    for cmd in ["rank", "pick"] {
        let (code, out, err) = run(&[cmd, "--data", data, "--max-time", "0.5"]);
        assert_eq!(code, 1, "{cmd}: {err}");
        assert!(out.is_empty(), "{cmd}: {out}");
        assert!(err.contains("passes these filters"), "{cmd}: {err}");
    }
    // With no filter given, an empty answer is a table with no solvable
    // hand, and says so (it said "passes these filters").
    let empty = tempfile::TempDir::new().unwrap();
    let dir = empty.path().to_str().unwrap();
    let game = ["-k", "1", "--target", "1000", "--data", dir];
    let (code, _, err) = run(&["sweep", "-k", "1", "--target", "1000", "--out", dir, "-q"]);
    assert_eq!(code, 0, "{err}");
    for cmd in ["rank", "pick"] {
        let mut args = vec![cmd];
        args.extend(game);
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{cmd}: {err}");
        assert!(out.is_empty(), "{cmd}: {out}");
        assert!(err.trim_end().ends_with("k=1 is solvable"), "{cmd}: {err}");
    }
}

/// The README's set-up needed `just`, which a fresh machine lacks: its
/// commands are cargo's alone.
#[test]
fn the_readme_set_up_needs_only_cargo() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let setup = readme.split("## On a fresh machine").nth(1).unwrap();
    let block = setup
        .split("```sh\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let commands: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(commands.len() >= 2, "{block}");
    for line in commands {
        let command = line.split('#').next().unwrap().trim();
        let program = command
            .split_whitespace()
            .find(|w| !w.contains('='))
            .unwrap();
        assert_eq!(program, "cargo", "{line}");
    }
}

/// Shell completions and the manual page come from the clap definitions,
/// so they name every subcommand and option there is.
#[test]
fn completions_and_the_man_page_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for word in ["sweep", "pick", "skip-complete", "targets"] {
            assert!(out.contains(word), "{shell} completions lack {word}");
        }
    }
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, err) = run(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(".ie \\n(.g .ds Aq") || out.contains(".TH census24"),
        "{out}"
    );
    for word in [
        "solve",
        "sweep",
        "merge",
        "report",
        "rank",
        "pick",
        "tasks",
        "completions",
    ] {
        assert!(out.contains(word), "the man page lacks {word}");
    }
}

/// `census24 man` printed the program's page alone, without any
/// subcommand's options, and named pages such as census24-solve(1) that
/// nothing made (issue 36). It now prints every page, and `--dir` writes
/// them one per command as the program's page names them.
#[test]
fn the_manual_has_every_subcommand_and_its_options() {
    let (code, out, err) = run(&["man"]);
    assert_eq!(code, 0, "{err}");
    let commands = [
        "solve",
        "check",
        "sweep",
        "merge",
        "report",
        "rank",
        "pick",
        "tasks",
        "expressions",
        "games",
        "calibrate",
        "cover",
        "completions",
        "man",
    ];
    for c in commands {
        assert!(
            out.contains(&format!(".TH census24-{c} 1")),
            "no page of {c}"
        );
    }
    // Options of subcommands, each on its own page.
    for option in [
        "max\\-steps",
        "resumable",
        "skip\\-complete",
        "time\\-limit",
        "extract",
    ] {
        assert!(out.contains(option), "the manual lacks --{option}");
    }
    let tmp = tempfile::TempDir::new().unwrap();
    let dir = tmp.path().join("man1");
    let (code, listed, err) = run(&["man", "--dir", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(listed.lines().count(), commands.len() + 1, "{listed}");
    let main = std::fs::read_to_string(dir.join("census24.1")).unwrap();
    for c in commands {
        let page = std::fs::read_to_string(dir.join(format!("census24-{c}.1"))).unwrap();
        assert!(page.contains(&format!(".TH census24-{c} 1")), "{c}");
        // The program's page names every page that is there.
        assert!(
            main.contains(&format!("census24\\-{c}(1)")),
            "census24.1 does not name {c}"
        );
    }
}

/// `solve --json` wrote the target as the string "24" but `solve --targets
/// --json` as the number 21: one type, a string (exact fractions fit).
#[test]
fn a_target_is_a_json_string_everywhere() {
    let (_, one, _) = run(&["solve", "--json", "3", "3", "8", "8"]);
    let (_, many, _) = run(&["solve", "--json", "--targets", "20..22", "3", "3", "8", "8"]);
    let (_, fraction, _) = run(&["solve", "--json", "--target", "7/2", "1", "2", "3"]);
    for line in one.lines().chain(many.lines()).chain(fraction.lines()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["target"].is_string(), "{line}");
    }
    // 21 and 22 (20 cannot be made from 3 3 8 8).
    assert_eq!(many.lines().count(), 2, "{many}");
}

/// There were three notions of "the solution" of a hand (`solve 1 1 5 5`
/// printed `1*(5*5-1)`, the table's example `(1+5)*(5-1)`, rank's "easiest"
/// `2*11/2+13` for a hand whose example was `2+11+13-2`). Now one: the
/// simplest, class 0, which `solve`, `solve --all`, `rank` and `pick` show
/// alike for every solvable four-card hand of the shipped table.
#[test]
fn solve_rank_and_pick_show_the_same_solution() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let data = data.to_str().unwrap();
    let (code, rank, err) = run(&["rank", "--data", data, "--all", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rank: serde_json::Value = serde_json::from_str(&rank).unwrap();
    let (code, pick, err) = run(&["pick", "--data", data, "-n", "100000", "--json"]);
    assert_eq!(code, 0, "{err}");
    let pick: serde_json::Value = serde_json::from_str(&pick).unwrap();
    let of = |v: &serde_json::Value| -> std::collections::BTreeMap<String, String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|o| {
                (
                    o["hand"].as_str().unwrap().to_string(),
                    o["simplest"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let (rank, pick) = (of(&rank), of(&pick));
    assert_eq!(rank.len(), 1362, "every solvable four-card hand");
    assert_eq!(rank, pick);
    let hands: String = rank.keys().map(|h| format!("{h}\n")).collect();
    let out = crate::util::census24()
        .args(["solve", "--stdin"])
        .write_stdin(hands)
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    for line in out.lines() {
        let (hand, answer) = line.split_once(": ").unwrap();
        assert_eq!(Some(&answer.to_string()), rank.get(hand), "{hand}");
    }
    assert_eq!(out.lines().count(), 1362);
    let (_, first, _) = run(&["solve", "--all", "2", "2", "11", "13"]);
    assert_eq!(
        first.lines().next(),
        rank.get("2 2 11 13").map(String::as_str)
    );
    assert_eq!(rank["1 1 5 5"], "(1+5)*(5-1)");
}

/// One exit-status table: 0 solved, 1 no solution, 2 bad input, 3 gave up
/// at the step limit (once 2, the same as bad input).
#[test]
fn a_search_that_gives_up_exits_3_and_max_steps_raises_the_limit() {
    let hand = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let with = |steps: &str| {
        let mut a = vec!["solve", "--target", "1000003", "--max-steps", steps];
        a.extend(hand);
        run(&a)
    };
    let (code, _, err) = with("1000");
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("1000 steps"), "{err}");
    let (code, _, err) = run(&["solve", "--max-steps", "0", "1", "2"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(run(&["solve", "1", "1", "1", "1"]).0, 1);
    assert_eq!(run(&["solve", "x"]).0, 2);
    assert_eq!(run(&["solve", "3", "3", "8", "8"]).0, 0);
}
