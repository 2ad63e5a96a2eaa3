//! The explorer page in a real browser: headless Chromium opens the page
//! `census24 report` writes for the shipped tables, a test script drives it
//! through the URL hash and through clicks and typing (DOM events, as a
//! person's), and what the page shows (counts, the hands listed, their
//! order, a hand's solutions, a puzzle set) is compared with the Parquet
//! tables read here with polars, with a brute force for the operations a
//! hand needs, and with `census24 pick`.
//!
//! Chromium is Debian's `chromium` (`.ci/run` installs it), or the binary
//! named by `CENSUS24_CHROMIUM`. Without one the tests fail, saying how to
//! install it, unless `CENSUS24_NO_BROWSER=1` says to skip them.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use polars::prelude::*;
use serde_json::Value;
use tempfile::TempDir;

use crate::util::{ops_class, run};

const FAMILY: &str = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4";
const OPS: [&str; 4] = ["add-sub", "product", "division", "fraction"];

/// The Chromium binary, or `None` when the tests are to be skipped.
pub(crate) fn chromium() -> Option<PathBuf> {
    if let Ok(path) = std::env::var("CENSUS24_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths).find_map(|dir| {
            ["chromium", "chromium-browser", "google-chrome"]
                .iter()
                .map(|name| dir.join(name))
                .find(|p| p.is_file())
        })
    });
    if found.is_none() && std::env::var("CENSUS24_NO_BROWSER").as_deref() == Ok("1") {
        eprintln!("CENSUS24_NO_BROWSER=1: skipping the explorer's browser test");
        return None;
    }
    Some(found.expect(
        "the explorer's browser test needs Chromium: `apt-get install chromium` (or set \
         CENSUS24_CHROMIUM to a Chromium binary; CENSUS24_NO_BROWSER=1 skips these tests)",
    ))
}

/// Helpers the test scripts use: each drives the page as a person does
/// (clicks, typing, the address bar) and reads what it shows.
const HARNESS: &str = r#"
window.__t = {
  hash: function (h) {
    return new Promise(function (done) {
      window.addEventListener('hashchange', function () { setTimeout(done, 0); }, { once: true });
      location.hash = h;
    });
  },
  type: function (id, v) {
    var el = document.getElementById(id);
    el.focus(); el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  },
  click: function (sel) {
    var el = document.querySelector(sel);
    if (!el) throw new Error('no element ' + sel);
    el.click();
  },
  count: function () { return document.getElementById('count').textContent; },
  hands: function () {
    return Array.from(document.querySelectorAll('#rows tr[data-i]')).map(function (tr) { return tr.cells[0].textContent; });
  },
  detail: function () {
    var h = document.querySelector('#detail:not([hidden]) h2');
    return {
      hand: h ? h.textContent : null,
      solutions: Array.from(document.querySelectorAll('#solutions > li.solution')).map(function (li) {
        return [li.dataset.expr].concat(Array.from(li.querySelectorAll('.variant')).map(function (v) { return v.dataset.expr; }));
      })
    };
  },
  puzzles: function () {
    return Array.from(document.querySelectorAll('#sheet-body li.puzzle')).map(function (li) { return li.dataset.hand; });
  },
  run: function (steps) {
    var out = {};
    steps(out).catch(function (e) { out.error = String(e && e.stack || e); }).then(function () {
      var pre = document.createElement('pre');
      pre.id = 'census24-test';
      pre.textContent = JSON.stringify(out);
      document.body.appendChild(pre);
    });
  }
};
"#;

/// Opens `page` with `script` appended in headless Chromium and returns
/// what the script reported.
pub(crate) fn drive(browser: &Path, page: &Path, script: &str) -> Value {
    drive_at(browser, page, script, 1280, false)
}

/// [`drive`] in a window `width` pixels wide; with `print`, the page's
/// print rules (`@media print`) apply on screen, as on paper.
fn drive_at(browser: &Path, page: &Path, script: &str, width: u32, print: bool) -> Value {
    let dir = TempDir::new().unwrap();
    let mut html = fs::read_to_string(page).unwrap();
    if print {
        html = html.replace("@media print", "@media all");
    }
    let at = html.rfind("</body>").expect("the page has a body");
    let driven = format!(
        "{}<script>{HARNESS}\n{script}</script>\n{}",
        &html[..at],
        &html[at..]
    );
    let file = dir.path().join("driven.html");
    fs::write(&file, driven).unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--allow-file-access-from-files",
            "--virtual-time-budget=30000",
        ])
        .arg(format!("--window-size={width},900"))
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .arg("--dump-dom")
        .arg(format!("file://{}", file.display()))
        // A file, not a pipe: the dumped page is larger than a pipe holds,
        // and nothing reads a pipe while the browser runs.
        .stdout(fs::File::create(dir.path().join("dom.html")).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{} does not start: {e}", browser.display()));
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("Chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = fs::read_to_string(dir.path().join("dom.html")).unwrap();
    let open = "<pre id=\"census24-test\">";
    let start = dom
        .find(open)
        .unwrap_or_else(|| panic!("the test script reported nothing; the page was:\n{dom:.3000}"))
        + open.len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let text = dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(
        v.get("error").is_none(),
        "the test script failed: {}",
        v["error"]
    );
    v
}

/// One hand of a table, as read here from hands.parquet.
#[derive(Clone, Debug)]
struct Hand {
    hand: String,
    cards: Vec<i64>,
    solvable: bool,
    time: Option<f64>,
    tier: Option<String>,
    dissimilar: Option<u32>,
    needs_fraction: bool,
    integer_solvable: bool,
}

fn read(path: &Path) -> DataFrame {
    census24::tables::table::from_parquet(&std::fs::read(path).unwrap()).unwrap()
}

fn strs(df: &DataFrame, name: &str) -> Vec<Option<String>> {
    let c = df.column(name).unwrap().cast(&DataType::String).unwrap();
    c.str()
        .unwrap()
        .iter()
        .map(|s| s.map(String::from))
        .collect()
}

fn f64s(df: &DataFrame, name: &str) -> Vec<Option<f64>> {
    let c = df.column(name).unwrap().cast(&DataType::Float64).unwrap();
    c.f64().unwrap().iter().collect()
}

fn u64s(df: &DataFrame, name: &str) -> Vec<Option<u64>> {
    let c = df.column(name).unwrap().cast(&DataType::UInt64).unwrap();
    c.u64().unwrap().iter().collect()
}

fn hands_of(table: &Path) -> Vec<Hand> {
    let df = read(&table.join("hands.parquet"));
    let (hand, time, tier) = (
        strs(&df, "hand"),
        f64s(&df, "predicted_time_s"),
        strs(&df, "tier"),
    );
    let (solvable, dissimilar) = (u64s(&df, "solvable"), u64s(&df, "dissimilar"));
    let (fraction, integer) = (u64s(&df, "needs_fraction"), u64s(&df, "integer_solvable"));
    (0..df.height())
        .map(|i| {
            let h = hand[i].clone().unwrap();
            Hand {
                cards: h.split(' ').map(|c| c.parse().unwrap()).collect(),
                hand: h,
                solvable: solvable[i] == Some(1),
                time: time[i],
                tier: tier[i].clone(),
                dissimilar: dissimilar[i].map(|d| d as u32),
                needs_fraction: fraction[i] == Some(1),
                integer_solvable: integer[i] == Some(1),
            }
        })
        .collect()
}

/// Each hand's solutions as the page must list them: dissimilar groups
/// ordered by their easiest class, each group's classes by complexity,
/// then class.
fn solutions_of(table: &Path) -> BTreeMap<String, Vec<Vec<String>>> {
    let df = read(&table.join("solutions.parquet"));
    let (hand, expr) = (strs(&df, "hand"), strs(&df, "expression"));
    let (class, group) = (u64s(&df, "class"), u64s(&df, "dissimilar_group"));
    let complexity = f64s(&df, "complexity");
    let mut rows: BTreeMap<String, Vec<(f64, u64, u64, String)>> = BTreeMap::new();
    for i in 0..df.height() {
        rows.entry(hand[i].clone().unwrap()).or_default().push((
            complexity[i].unwrap(),
            class[i].unwrap(),
            group[i].unwrap(),
            expr[i].clone().unwrap(),
        ));
    }
    rows.into_iter()
        .map(|(h, mut r)| {
            // Class order: the simplest first (docs/DISTINCT.md).
            r.sort_by_key(|a| a.1);
            let mut groups: Vec<(u64, Vec<String>)> = Vec::new();
            for (_, _, g, e) in r {
                match groups.iter_mut().find(|(id, _)| *id == g) {
                    Some((_, list)) => list.push(e),
                    None => groups.push((g, vec![e])),
                }
            }
            (h, groups.into_iter().map(|(_, l)| l).collect())
        })
        .collect()
}

/// The reports of the shipped tables in `tables` (each its folder and the
/// files copied), made in a temp dir from a copy of them.
fn reports_of(tables: &[(String, &[&str])]) -> TempDir {
    let tmp = TempDir::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (rel, files) in tables {
        let to = tmp.path().join("data").join(rel);
        fs::create_dir_all(&to).unwrap();
        for name in *files {
            fs::copy(root.join("data").join(rel).join(name), to.join(name)).unwrap();
        }
    }
    let (data, out) = (tmp.path().join("data"), tmp.path().join("reports"));
    let args = [
        "report",
        "--quiet",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{stdout} {stderr}");
    tmp
}

/// The reports of the shipped tables of 2 to 5 cards for 24.
fn reports() -> TempDir {
    let files: &[&str] = &["hands.parquet", "solutions.parquet", "manifest.json"];
    let tables: Vec<(String, &[&str])> = (2..=5)
        .map(|k| (format!("{FAMILY}/k={k}"), files))
        .collect();
    reports_of(&tables)
}

/// The lines `command` (a page's `census24 pick ... --format html`) prints
/// as `--format list` over the tables under `data`.
fn pick_list(command: &str, data: &Path) -> Vec<String> {
    let mut args: Vec<&str> = command
        .strip_prefix("census24 ")
        .unwrap_or_else(|| panic!("{command}"))
        .split(' ')
        .collect();
    assert_eq!(args.pop(), Some("html"), "{command}");
    args.extend(["list", "--data", data.to_str().unwrap()]);
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{command}: {stderr}");
    stdout.lines().map(String::from).collect()
}

fn shown(n: usize, of: usize) -> String {
    format!("{n} of {of} hands")
}

/// The hands passing `keep`, in table order, as the page lists them (at
/// most its first 200).
fn listed(hands: &[Hand], keep: impl Fn(&Hand) -> bool) -> (usize, Vec<String>) {
    let all: Vec<String> = hands
        .iter()
        .filter(|h| keep(h))
        .map(|h| h.hand.clone())
        .collect();
    (all.len(), all.into_iter().take(200).collect())
}

fn holds(cards: &[i64], want: &[i64]) -> bool {
    let mut left = cards.to_vec();
    want.iter().all(|w| match left.iter().position(|c| c == w) {
        Some(at) => {
            left.remove(at);
            true
        }
        None => false,
    })
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn groups(v: &Value) -> Vec<Vec<String>> {
    v.as_array().unwrap().iter().map(strings).collect()
}

#[test]
fn explorer_filters_counts_and_solutions_match_the_table_in_chromium() {
    let Some(browser) = chromium() else { return };
    let tmp = reports();
    let table = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("data/{FAMILY}/k=4"));
    let page = tmp
        .path()
        .join(format!("reports/{FAMILY}/k=4/explorer.html"));
    let hands = hands_of(&table);
    let sols = solutions_of(&table);
    let n = hands.len();
    let got = drive(
        &browser,
        &page,
        r#"
        __t.run(async function (out) {
          var t = __t;
          await t.hash('#tier=expert&max-dissimilar=1');
          out.expert_one = { count: t.count(), hands: t.hands() };
          await t.hash('#tier=expert&max-solutions=1&sort=-solutions');
          out.expert_one_old = { count: t.count(), hands: t.hands().slice().sort() };
          var ops = ['add-sub', 'product', 'division', 'fraction'];
          out.ops = [];
          for (var o = 0; o < ops.length; o++) {
            await t.hash('#ops=' + ops[o]);
            out.ops.push({ count: t.count(), hands: t.hands() });
          }
          await t.hash('#min-time=10&max-time=20&solvable=yes&fraction=no');
          out.times = { count: t.count(), hands: t.hands() };
          await t.hash('#tier=easy&sort=-time');
          out.sorted = { count: t.count(), hands: t.hands() };
          // A third click on a sorted column's header gives table order back.
          t.click('th[data-key="time"] button');
          out.unsorted = { hands: t.hands(), hash: location.hash };

          t.click('#reset');
          out.reset = { count: t.count(), hash: location.hash };
          t.click('#f-tier button[data-value="expert"]');
          t.type('f-max-dissimilar', '2');
          t.click('.seg[data-key="integer"] button[data-value="no"]');
          out.clicked = { count: t.count(), hands: t.hands(), hash: location.hash };

          t.click('#reset');
          t.type('f-with', '8 8');
          t.type('f-without', '1');
          out.cards = { count: t.count(), hands: t.hands(), hash: location.hash };

          t.click('#reset');
          t.type('f-q', '5 1 5 1');
          out.search = { count: t.count(), detail: t.detail(), hash: location.hash };
          t.type('f-q', '13 9 7 3');
          out.search2 = { count: t.count(), detail: t.detail() };

          t.click('#reset');
          await t.hash('#fraction=yes');
          out.fraction = { count: t.count(), hands: t.hands() };
          t.click('#rows tr[data-i]');
          out.row = t.detail();

          t.click('#reset');
          t.click('th[data-key="time"] button');
          t.click('th[data-key="time"] button');
          out.by_time = { hands: t.hands().slice(0, 12), hash: location.hash };
        });
        "#,
    );

    let check = |name: &str, v: &Value, (count, list): (usize, Vec<String>)| {
        assert_eq!(v["count"], shown(count, n), "{name}: the count");
        assert_eq!(strings(&v["hands"]), list, "{name}: the hands listed");
    };
    // An address made before the counts were named dissimilar.
    let mut old = strings(&got["expert_one"]["hands"]);
    old.sort();
    assert_eq!(got["expert_one_old"]["count"], got["expert_one"]["count"]);
    assert_eq!(strings(&got["expert_one_old"]["hands"]), old);
    check(
        "#tier=expert&max-dissimilar=1",
        &got["expert_one"],
        listed(&hands, |h| {
            h.tier.as_deref() == Some("expert") && h.dissimilar.is_some_and(|d| d <= 1)
        }),
    );
    // The operations a hand needs, against a brute force over operation sets.
    for (o, name) in OPS.iter().enumerate() {
        let want = listed(&hands, |h| ops_class(&h.cards) == Some(o));
        assert!(want.0 > 0, "no four-card hand needs {name}?");
        check(&format!("#ops={name}"), &got["ops"][o], want);
    }
    check(
        "time range",
        &got["times"],
        listed(&hands, |h| {
            h.solvable && !h.needs_fraction && h.time.is_some_and(|t| (10.0..=20.0).contains(&t))
        }),
    );
    let mut easy: Vec<(usize, &Hand)> = hands
        .iter()
        .enumerate()
        .filter(|(_, h)| h.tier.as_deref() == Some("easy"))
        .collect();
    easy.sort_by(|a, b| {
        b.1.time
            .unwrap()
            .total_cmp(&a.1.time.unwrap())
            .then(a.0.cmp(&b.0))
    });
    let easy: Vec<String> = easy.iter().map(|(_, h)| h.hand.clone()).collect();
    assert_eq!(got["sorted"]["count"], shown(easy.len(), n));
    assert_eq!(
        strings(&got["sorted"]["hands"]),
        easy[..200.min(easy.len())]
    );

    assert_eq!(got["unsorted"]["hash"], "#tier=easy");
    assert_eq!(
        strings(&got["unsorted"]["hands"]),
        listed(&hands, |h| h.tier.as_deref() == Some("easy")).1
    );
    assert_eq!(got["reset"]["count"], shown(n, n));
    assert_eq!(got["reset"]["hash"], "");
    let expert_few =
        |h: &Hand| h.tier.as_deref() == Some("expert") && h.dissimilar.is_some_and(|d| d <= 2);
    let clicked = listed(&hands, |h| expert_few(h) && !h.integer_solvable);
    // The last filter clicked matters: without it more hands pass.
    assert!(clicked.0 > 0 && clicked.0 < listed(&hands, expert_few).0);
    check(
        "clicks: expert, at most 2 solutions, not in whole numbers",
        &got["clicked"],
        clicked,
    );
    assert_eq!(
        got["clicked"]["hash"],
        "#tier=expert&max-dissimilar=2&integer=no"
    );
    check(
        "cards: two 8s, no 1",
        &got["cards"],
        listed(&hands, |h| {
            holds(&h.cards, &[8, 8]) && !h.cards.contains(&1)
        }),
    );
    assert_eq!(got["cards"]["hash"], "#with=8,8&without=1");

    for (key, hand) in [("search", "1 1 5 5"), ("search2", "3 7 9 13")] {
        assert_eq!(got[key]["count"], shown(1, n), "{key}");
        assert_eq!(got[key]["detail"]["hand"], format!("Hand {hand}"));
        assert_eq!(
            groups(&got[key]["detail"]["solutions"]),
            sols[hand],
            "{hand}"
        );
    }
    assert_eq!(got["search"]["hash"], "#q=5,1,5,1&hand=1,1,5,5");
    assert_eq!(
        sols["1 1 5 5"].len(),
        2,
        "1 1 5 5 has two dissimilar solutions"
    );

    let fraction = listed(&hands, |h| h.needs_fraction);
    assert_eq!(fraction.0, 16);
    check("#fraction=yes", &got["fraction"], fraction.clone());
    let first = &fraction.1[0];
    assert_eq!(got["row"]["hand"], format!("Hand {first}"));
    assert_eq!(groups(&got["row"]["solutions"]), sols[first]);

    let mut slow: Vec<(usize, &Hand)> = hands.iter().enumerate().collect();
    slow.sort_by(|a, b| match (a.1.time, b.1.time) {
        (Some(x), Some(y)) => y.total_cmp(&x).then(a.0.cmp(&b.0)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.0.cmp(&b.0),
    });
    let slow: Vec<String> = slow.iter().take(12).map(|(_, h)| h.hand.clone()).collect();
    assert_eq!(strings(&got["by_time"]["hands"]), slow);
    assert_eq!(got["by_time"]["hash"], "#sort=-time");
}

#[test]
fn explorer_puzzle_set_is_the_set_census24_pick_gives() {
    let Some(browser) = chromium() else { return };
    let tmp = reports();
    let page = tmp
        .path()
        .join(format!("reports/{FAMILY}/k=4/explorer.html"));
    let got = drive(
        &browser,
        &page,
        r#"
        __t.run(async function (out) {
          var t = __t;
          await t.hash('#tier=hard,expert&ops=product,division&n=6&seed=7');
          t.click('#make-set');
          out.spread = {
            puzzles: t.puzzles(),
            command: document.getElementById('pick-command').textContent,
            sheet: document.querySelector('#sheet-body .sheet').outerHTML
          };
          t.click('#sheet-back');
          t.click('#s-spread');
          t.click('#s-shapes');
          t.type('s-seed', '99');
          t.click('#make-set');
          out.random = { puzzles: t.puzzles(), command: document.getElementById('pick-command').textContent, hash: location.hash };
          // The filters pick gained (issue 33), one by an old address.
          t.click('#sheet-back');
          await t.hash('#min-dissimilar=2&max-dissimilar=3&ops=add-sub,product&n=6&seed=5');
          t.click('#make-set');
          out.dissimilar = { puzzles: t.puzzles(), command: document.getElementById('pick-command').textContent,
            note: document.querySelector('#sheet-body .sheet-note').textContent };
          // A set restricted to + and -: its sheet's tiers and times are
          // those of play with them, as pick's (issue 33).
          t.click('#sheet-back');
          await t.hash('#ops=add-sub&n=8&seed=3&shapes=0');
          t.click('#make-set');
          out.addsub = { puzzles: t.puzzles(), command: document.getElementById('pick-command').textContent,
            sheet: document.querySelector('#sheet-body .sheet').outerHTML };
          // Issue 33: add-sub hands with no two solved alike make a short
          // set, and the page says why as pick does on stderr.
          t.click('#sheet-back');
          await t.hash('#ops=add-sub&n=20');
          t.click('#make-set');
          var short = document.getElementById('short-set');
          out.short = { puzzles: t.puzzles(), command: document.getElementById('pick-command').textContent,
            why: short ? short.textContent : null };
          t.click('#sheet-back');
          await t.hash('#fraction=yes&n=6&seed=5&shapes=0');
          t.click('#make-set');
          out.fraction = { puzzles: t.puzzles(), command: document.getElementById('pick-command').textContent,
            note: document.querySelector('#sheet-body .sheet-note').textContent, hash: location.hash };
        });
        "#,
    );
    let data = tmp.path().join("data");
    for key in ["dissimilar", "fraction"] {
        let note = got[key]["note"].as_str().unwrap();
        assert!(note.contains("The same set on the command line"), "{note}");
    }
    assert!(
        got["dissimilar"]["command"]
            .as_str()
            .unwrap()
            .contains("--ops add-sub,product --min-dissimilar 2 --max-dissimilar 3"),
        "{}",
        got["dissimilar"]["command"]
    );
    assert!(
        got["fraction"]["command"]
            .as_str()
            .unwrap()
            .contains(" --needs-fraction"),
        "{}",
        got["fraction"]["command"]
    );
    assert_eq!(
        got["fraction"]["hash"],
        "#needs-fraction=yes&n=6&seed=5&shapes=0"
    );
    for key in ["spread", "random", "addsub", "dissimilar", "fraction"] {
        let command = got[key]["command"].as_str().unwrap();
        let cli = pick_list(command, &data);
        assert!(cli.len() >= 3, "{command}");
        assert_eq!(strings(&got[key]["puzzles"]), cli, "{command}");
    }
    // The page's sheet is the markup `pick --format html` prints, a
    // restricted one with its figures and its note.
    for key in ["spread", "addsub"] {
        let command = got[key]["command"].as_str().unwrap();
        let mut args: Vec<&str> = command["census24 ".len()..].split(' ').collect();
        args.extend(["--data", data.to_str().unwrap()]);
        let (code, html, stderr) = run(&args);
        assert_eq!(code, 0, "{stderr}");
        let start = html.find("<div class=\"sheet\">").unwrap();
        let end = html.rfind("</div>").unwrap() + "</div>".len();
        assert_eq!(
            got[key]["sheet"].as_str().unwrap(),
            &html[start..end],
            "{key}"
        );
    }
    // The short set's reason is pick's, word for word.
    let command = got["short"]["command"].as_str().unwrap();
    let mut args: Vec<&str> = command["census24 ".len()..].split(' ').collect();
    args.pop();
    args.extend(["list", "--data", data.to_str().unwrap()]);
    let (code, list, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    let n = list.lines().count();
    assert!(n < 20, "{command}: {n} hands");
    assert_eq!(strings(&got["short"]["puzzles"]).len(), n);
    let why = got["short"]["why"]
        .as_str()
        .unwrap_or_else(|| panic!("{}", got["short"]));
    assert_eq!(
        why,
        format!("Only {n} hands with distinct shapes (no two solved alike) pass these filters.")
    );
    let said = stderr.lines().find(|l| l.contains("only")).unwrap();
    assert_eq!(
        format!("census24: {}", why.to_lowercase().trim_end_matches('.')),
        said
    );
    let sheet = got["addsub"]["sheet"].as_str().unwrap();
    assert!(
        sheet.contains("Tiers, times and solution counts are for play with + and \u{2212} only."),
        "{sheet}"
    );
    assert!(
        got["spread"]["command"]
            .as_str()
            .unwrap()
            .contains("--tier hard,expert --ops product,division --spread --distinct-shapes"),
        "{}",
        got["spread"]["command"]
    );
    assert_eq!(
        got["random"]["hash"],
        "#tier=hard,expert&ops=product,division&n=6&seed=99&spread=0&shapes=0"
    );
}

#[test]
fn explorer_pages_of_the_shipped_tables_are_small_and_the_largest_opens() {
    let Some(browser) = chromium() else { return };
    let tmp = reports();
    for k in 2..=5 {
        let page = tmp
            .path()
            .join(format!("reports/{FAMILY}/k={k}/explorer.html"));
        let bytes = fs::metadata(&page).unwrap().len();
        assert!(bytes < 10_000_000, "k={k}: {bytes} bytes");
    }
    let table = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("data/{FAMILY}/k=5"));
    let page = tmp
        .path()
        .join(format!("reports/{FAMILY}/k=5/explorer.html"));
    let got = drive(
        &browser,
        &page,
        r#"
        __t.run(async function (out) {
          var t = __t;
          out.count = t.count();
          t.type('f-q', '5 4 3 2 1');
          out.detail = t.detail();
          await t.hash('#max-dissimilar=1&solvable=yes');
          out.one = t.count();
        });
        "#,
    );
    let hands = hands_of(&table);
    assert_eq!(got["count"], shown(hands.len(), hands.len()));
    let sols = solutions_of(&table);
    assert_eq!(got["detail"]["hand"], "Hand 1 2 3 4 5");
    assert_eq!(groups(&got["detail"]["solutions"]), sols["1 2 3 4 5"]);
    let one = hands
        .iter()
        .filter(|h| h.solvable && h.dissimilar == Some(1))
        .count();
    assert_eq!(got["one"], shown(one, hands.len()));
}

const COUNTDOWN: &str = "rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6";

/// The report of the shipped Countdown table, made in a temp dir.
fn countdown_reports() -> TempDir {
    reports_of(&[(COUNTDOWN.to_string(), &["reach.parquet", "manifest.json"])])
}

/// `hand -> target` of each puzzle of a sheet in the page.
const SHEET_GAMES: &str = r#"
  function sheetGames() {
    return Array.from(document.querySelectorAll('#sheet-body li.puzzle')).map(function (li) {
      return li.dataset.hand + ' -> ' + li.querySelector('.goal').textContent.replace('Make ', '');
    });
  }
"#;

/// The solvable games (`hand -> target`) of the reach table `path`.
fn solvable_games(path: &Path) -> std::collections::HashSet<String> {
    let table = read(path);
    let hands = strs(&table, "hand");
    let targets = table
        .column("target")
        .unwrap()
        .cast(&DataType::Int64)
        .unwrap();
    let targets = targets.i64().unwrap();
    let solvable = table.column("solvable").unwrap().bool().unwrap().clone();
    hands
        .iter()
        .enumerate()
        .filter(|&(i, _)| solvable.get(i) == Some(true))
        .map(|(i, h)| format!("{} -> {}", h.as_deref().unwrap(), targets.get(i).unwrap()))
        .collect()
}

/// Every 25th answer of a games page's data `d` graded correct by `check`
/// for the preset `game` (read back from `× ÷ −`).
fn grade_every_25th(d: &Value, game: &str) {
    let n = d["hand"].as_array().unwrap().len();
    let input: String = (0..n)
        .step_by(25)
        .map(|i| {
            let answer = d["answer"][i]
                .as_str()
                .unwrap()
                .replace('\u{d7}', "*")
                .replace('\u{f7}', "/")
                .replace('\u{2212}', "-");
            serde_json::json!({
                "hand": d["hand"][i],
                "target": d["target"][i],
                "answer": answer,
            })
            .to_string()
                + "\n"
        })
        .collect();
    let out = assert_cmd::Command::cargo_bin("census24")
        .unwrap()
        .args(["check", "--stdin", "--json", "--game", game])
        .write_stdin(input.as_str())
        .output()
        .unwrap();
    let verdicts = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{verdicts}");
    assert_eq!(verdicts.lines().count(), n.div_ceil(25));
    assert!(
        verdicts.lines().all(|l| l.contains("\"correct\":true")),
        "{verdicts}"
    );
}

/// What the Countdown page test does in the page: filters, a game opened,
/// sets under pick's filters, under a target filter and a short one.
const COUNTDOWN_SCRIPT: &str = r#"
        __t.run(async function (out) {
          var t = __t;
          var D = JSON.parse(document.getElementById('census24-data').textContent);
          out.data = { hand: D.hand, target: D.target, tier: D.tier, time: D.time, answer: D.answer, games: D.games };
          out.count = t.count();
          out.drawn = document.getElementById('drawn').textContent;
          out.hidden = ['f-ops', 's-seed', 's-spread'].map(function (id) { return document.getElementById(id).offsetParent === null; });
          await t.hash('#tier=expert');
          out.expert = t.count();
          t.type('f-targets', '900..999');
          out.range = t.count();
          out.rangeHash = location.hash;
          t.click('#rows tr[data-i]');
          out.detail = { head: document.querySelector('#detail h2').textContent,
            answer: document.querySelector('#solutions .expr').textContent,
            steps: Array.from(document.querySelectorAll('#steps li')).map(function (li) { return li.textContent; }) };
          t.click('#make-set');
          out.ranged = { command: document.getElementById('pick-command').textContent,
            note: document.querySelector('#sheet-body .sheet-note').textContent };
          t.click('#sheet-back');
          await t.hash('#tier=hard,expert&min-time=20&max-dissimilar=8&n=6');
          t.click('#make-set');
          out.hard = { games: sheetGames(), command: document.getElementById('pick-command').textContent,
            note: document.querySelector('#sheet-body .sheet-note').textContent,
            sheet: document.querySelector('#sheet-body .sheet').outerHTML };
          t.click('#sheet-back');
          await t.hash('#tier=easy&n=12');
          t.click('#make-set');
          out.easy = { games: sheetGames(), command: document.getElementById('pick-command').textContent };
          t.click('#sheet-back');
          await t.hash('#tier=easy&max-time=4&n=12');
          t.click('#make-set');
          var short = document.getElementById('short-set');
          out.short = { games: sheetGames(), why: short ? short.textContent : null,
            note: document.querySelector('#sheet-body .sheet-note').textContent };
        });
"#;

/// The Countdown table's page holds games (a selection of tiles and a
/// target), the first that `pick` draws: the same games `pick -n 5000`
/// prints (a second method: `pick` draws through the task source, the page
/// through its own walk of the draw), each solvable in the table and each
/// answer graded correct by `check`. Its filters count what the page's data
/// holds, and its puzzle sets under pick's filters are pick's sets, sheet
/// markup included; a target filter says its command draws another set.
#[test]
fn countdown_page_holds_the_games_pick_draws_and_its_sets_are_picks() {
    let Some(browser) = chromium() else { return };
    let tmp = countdown_reports();
    let data = tmp.path().join("data");
    let page = tmp
        .path()
        .join(format!("reports/{COUNTDOWN}/explorer.html"));
    let got = drive(&browser, &page, &format!("{SHEET_GAMES}{COUNTDOWN_SCRIPT}"));
    let d = &got["data"];
    let games: Vec<String> = d["hand"]
        .as_array()
        .unwrap()
        .iter()
        .zip(d["target"].as_array().unwrap())
        .map(|(h, t)| format!("{} -> {t}", h.as_str().unwrap()))
        .collect();
    let n = games.len();
    assert_eq!(n, 5000);
    assert_eq!(got["count"], format!("{n} of {n} games"));
    assert!(
        got["drawn"]
            .as_str()
            .unwrap()
            .starts_with("The first 5\u{2009}000 of the table\u{2019}s "),
        "{}",
        got["drawn"]
    );
    assert_eq!(got["hidden"], serde_json::json!([true, true, true]));
    // The same games as pick's draw of 5000 (in pick's easy-to-hard order).
    let (code, list, stderr) = run(&[
        "pick",
        "--game",
        "countdown",
        "-n",
        "5000",
        "--format",
        "list",
        "--data",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let mut picked: Vec<String> = list.lines().map(String::from).collect();
    let mut page_games = games.clone();
    picked.sort();
    page_games.sort();
    assert_eq!(page_games, picked);
    // Each game is solvable in the table (read here with polars).
    let solvable_games = solvable_games(&data.join(COUNTDOWN).join("reach.parquet"));
    assert!(games.iter().all(|g| solvable_games.contains(g)));
    assert_eq!(d["games"].as_u64().unwrap() as usize, solvable_games.len());
    grade_every_25th(d, "countdown");
    // Filters count the page's data.
    let tier = |i: usize| d["tier"][i].as_u64();
    let expert: Vec<usize> = (0..n).filter(|&i| tier(i) == Some(3)).collect();
    assert_eq!(got["expert"], format!("{} of {n} games", expert.len()));
    let ranged = expert
        .iter()
        .filter(|&&i| (900..=999).contains(&d["target"][i].as_i64().unwrap()))
        .count();
    assert_eq!(got["range"], format!("{ranged} of {n} games"));
    assert_eq!(got["rangeHash"], "#tier=expert&targets=900..999");
    // The first game listed, opened: its answer and steps.
    let first = expert
        .iter()
        .copied()
        .find(|&i| (900..=999).contains(&d["target"][i].as_i64().unwrap()))
        .unwrap();
    assert_eq!(
        got["detail"]["head"],
        format!("Hand {}", games[first].replace("->", "\u{2192}"))
    );
    assert_eq!(got["detail"]["answer"], d["answer"][first]);
    assert!(!got["detail"]["steps"].as_array().unwrap().is_empty());
    // A target filter draws from those games alone: another set.
    let note = got["ranged"]["note"].as_str().unwrap();
    assert!(note.contains("The filters census24 pick has"), "{note}");
    assert!(
        got["ranged"]["command"]
            .as_str()
            .unwrap()
            .contains("--targets 900..999"),
        "{}",
        got["ranged"]["command"]
    );
    // Under pick's own filters the set is pick's, sheet markup included.
    for key in ["hard", "easy"] {
        let command = got[key]["command"].as_str().unwrap();
        let cli = pick_list(command, &data);
        assert!(cli.len() >= 6, "{command}");
        assert_eq!(strings(&got[key]["games"]), cli, "{command}");
    }
    let note = got["hard"]["note"].as_str().unwrap();
    assert!(note.contains("The same set on the command line"), "{note}");
    let command = got["hard"]["command"].as_str().unwrap();
    assert!(
        command.contains(
            "pick --game countdown --count 6 --seed 24 --tier hard,expert --min-time 20 --max-dissimilar 8"
        ),
        "{command}"
    );
    let mut args: Vec<&str> = command["census24 ".len()..].split(' ').collect();
    args.extend(["--data", data.to_str().unwrap()]);
    let (code, html, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    let start = html.find("<div class=\"sheet\">").unwrap();
    let end = html.rfind("</div>").unwrap() + "</div>".len();
    assert_eq!(got["hard"]["sheet"].as_str().unwrap(), &html[start..end]);
    // A short set on a page of the first games says pick has more.
    let why = got["short"]["why"]
        .as_str()
        .unwrap_or_else(|| panic!("{}", got["short"]));
    let k = strings(&got["short"]["games"]).len();
    assert!(k < 12);
    assert!(
        why.starts_with(&format!(
            "Only {k} of the games on this page pass these filters: census24 pick draws from all "
        )),
        "{why}"
    );
    let note = got["short"]["note"].as_str().unwrap();
    assert!(note.contains("The filters census24 pick has"), "{note}");
}

/// The reach pages of two and three cards hold their sets to
/// `pick`: the two-card page holds every game and pick draws the whole
/// table, so a set shorter than asked is pick's short set too; the
/// three-card page holds the games of the first 100,000 draws only (pick
/// draws at least those), so a set under a time filter is pick's, not one
/// pick gives up on (the review found a page claiming such a set).
#[test]
fn reach_pages_give_pick_sets_short_or_not() {
    let Some(browser) = chromium() else { return };
    let family = "rules=rational/use=all/targets=1-999/values=1-13/deck=x4";
    let files: &[&str] = &["reach.parquet", "manifest.json"];
    let tmp = reports_of(&[
        (format!("{family}/k=2"), files),
        (format!("{family}/k=3"), files),
    ]);
    let data = tmp.path().join("data");
    let script = r#"
        __t.run(async function (out) {
          var t = __t;
          await t.hash(location.hash === '' ? '#n=300' : location.hash);
          t.click('#make-set');
          out.games = sheetGames();
          out.command = document.getElementById('pick-command').textContent;
          out.note = document.querySelector('#sheet-body .sheet-note').textContent;
        });
    "#;
    for (k, hash, short) in [(2, "", true), (3, "#tier=hard,expert&min-time=12.5", false)] {
        let page = tmp
            .path()
            .join(format!("reports/{family}/k={k}/explorer.html"));
        // The page opens at its hash: the script sets it first.
        let got = drive(
            &browser,
            &page,
            &format!("{SHEET_GAMES}\nlocation.hash = '{hash}';\n{script}"),
        );
        let note = got["note"].as_str().unwrap();
        assert!(
            note.contains("The same set on the command line"),
            "k={k}: {note}"
        );
        let games = strings(&got["games"]);
        assert_eq!(games.len() < if short { 300 } else { 12 }, short, "k={k}");
        assert_eq!(
            pick_list(got["command"].as_str().unwrap(), &data),
            games,
            "k={k}"
        );
    }
}

const LARGE_SETS: &str =
    "rules=natural/use=any/targets=100-999/values=1-100/deck=large-sets-11-100/k=6";

/// The report of the shipped census of large sets, made in a temp dir
/// (`data/` and `reports/` in it) from its summary, a small table beside
/// it, and its report (made from the whole table, which the repository
/// does not ship).
fn large_sets_reports() -> TempDir {
    let tmp = TempDir::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = tmp.path().join("data");
    let out = tmp.path().join("reports");
    let small = format!("{FAMILY}/k=2");
    for (from, to, files) in [
        (
            root.join("data").join(&small),
            data.join(&small),
            &["hands.parquet", "solutions.parquet", "manifest.json"][..],
        ),
        (
            root.join("data/large-sets"),
            data.join("large-sets"),
            &["sets.parquet", "manifest.json"][..],
        ),
        (
            root.join("reports").join(LARGE_SETS),
            out.join(LARGE_SETS),
            &["README.md"][..],
        ),
    ] {
        fs::create_dir_all(&to).unwrap();
        for name in files {
            fs::copy(from.join(name), to.join(name)).unwrap();
        }
    }
    let (code, stdout, stderr) = run(&[
        "report",
        "--quiet",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout} {stderr}");
    tmp
}

/// A sets page's sets: each one's ranks (every game, 1 to 4 large tiles)
/// and its numbers, as `rank` names a set.
fn sets_of_page(d: &Value) -> Vec<(Vec<u64>, String)> {
    let numbers = |v: &Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect()
    };
    let large = d["large"].as_array().unwrap();
    large
        .iter()
        .zip(d["rank"].as_array().unwrap())
        .map(|(l, r)| {
            let name: Vec<String> = numbers(l).iter().map(u64::to_string).collect();
            (numbers(r), name.join(" "))
        })
        .collect()
}

/// The page of the shipped census of large sets in Chromium: it holds the
/// 400 hardest and easiest sets by each share (and the show's), with the
/// ranks `rank --large-sets` prints; its order, its filter on the numbers
/// held and a set's commands agree with the command line.
#[test]
fn large_sets_page_ranks_as_rank_does() {
    let Some(browser) = chromium() else { return };
    let tmp = large_sets_reports();
    let (data, out) = (tmp.path().join("data"), tmp.path().join("reports"));
    let page = out.join(LARGE_SETS).join("explorer.html");
    let rank = |extra: &[&str]| -> Vec<(u64, String)> {
        crate::util::rank_large_sets(&data, extra)
            .iter()
            .map(|r| {
                (
                    r["rank"].as_u64().unwrap(),
                    r["large"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let got = drive(
        &browser,
        &page,
        r#"
        __t.run(async function (out) {
          var t = __t;
          var D = JSON.parse(document.getElementById('census24-data').textContent);
          out.data = { large: D.large, rank: D.rank, sets: D.sets };
          var rows = function () {
            return Array.from(document.querySelectorAll('#rows tr[data-i]')).slice(0, 5).map(function (tr) {
              return [tr.cells[0].textContent, tr.cells[1].textContent];
            });
          };
          out.count = t.count();
          out.hardest = rows();
          t.type('f-holding', '25 50 75 100');
          out.show = rows();
          t.type('f-holding', '97');
          t.click('#f-order [data-value="easiest"]');
          out.easiest97 = rows();
          t.type('f-holding', '');
          t.click('#f-by [data-by="4"]');
          out.four = rows();
          t.click('#rows tr[data-i]');
          out.pick = document.querySelector('#detail .pick-command').textContent;
          out.rankCommand = document.querySelector('#detail .rank-command').textContent;
        });
        "#,
    );
    // The page's sets: the ends of each ranking, and the show's set, with
    // the command line's ranks.
    let d = &got["data"];
    let mut page = sets_of_page(d);
    assert_eq!(d["sets"], 2_555_190);
    let mut expected: std::collections::BTreeSet<String> = ["25 50 75 100".to_string()].into();
    for (m, tiles) in ["", "1", "2", "3", "4"].iter().enumerate() {
        let by: Vec<&str> = if tiles.is_empty() {
            vec![]
        } else {
            vec!["--large-tiles", tiles]
        };
        for end in [&[][..], &["--easiest"][..]] {
            let mut extra = vec!["--top", "400"];
            extra.extend(&by);
            extra.extend(end);
            for (r, name) in rank(&extra) {
                let held = page
                    .iter()
                    .find(|p| p.1 == name)
                    .unwrap_or_else(|| panic!("{name} by {tiles}"));
                assert_eq!(held.0[m], r, "{name} by {tiles}");
                expected.insert(name);
            }
        }
    }
    page.sort_by_key(|p| p.0[0]);
    assert_eq!(
        page.iter()
            .map(|p| p.1.clone())
            .collect::<std::collections::BTreeSet<_>>(),
        expected
    );
    let show = rank(&["--holding", "25 50 75 100"])[0].0;
    assert_eq!(
        page.iter().find(|p| p.1 == "25 50 75 100").unwrap().0[0],
        show
    );
    // What the page shows: hardest first, the show's set, the easiest with
    // four large tiles among the sets holding 100.
    let cells = |v: &Value| -> Vec<(u64, String)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r[0].as_str().unwrap().replace(',', "").parse().unwrap(),
                    r[1].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(cells(&got["hardest"]), rank(&["--top", "5"]));
    assert_eq!(cells(&got["show"]), rank(&["--holding", "25 50 75 100"]));
    // The five easiest sets all hold 97, so the page holds the five
    // easiest of those holding 97.
    assert_eq!(
        cells(&got["easiest97"]),
        rank(&["--holding", "97", "--easiest", "--top", "5"])
    );
    let four = rank(&["--large-tiles", "4", "--easiest", "--top", "5"]);
    assert_eq!(cells(&got["four"]), four);
    assert_eq!(
        got["count"].as_str().unwrap().replace(',', ""),
        format!("{} of {} sets", page.len(), page.len())
    );
    // The opened set's commands run: its rank, and puzzles played with it.
    let first = &four[0].1;
    let rank_command = got["rankCommand"].as_str().unwrap();
    assert!(
        rank_command.ends_with(&format!("--holding \"{first}\" --large-tiles 4")),
        "{rank_command}"
    );
    let pick = got["pick"].as_str().unwrap();
    let deck = format!("--deck 1..10x2,{}", first.replace(' ', ","));
    assert!(pick.contains(&deck), "{pick}");
    let args: Vec<&str> = pick.strip_prefix("census24 ").unwrap().split(' ').collect();
    let mut args = args.clone();
    args.extend(["--data", data.to_str().unwrap()]);
    let (code, listed, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(listed.lines().count(), 12, "{listed}");
}

/// What a sheet's layout does wrong, measured in the page: a tile outside
/// its card, a tile's number wider than its tile, a card outside its page
/// or over another card, a hand not on one row of tiles (a face aside).
const MEASURE: &str = r#"
__t.run(async function (out) {
  var box = function (el) { return el.getBoundingClientRect(); };
  var inside = function (a, b) {
    return a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  };
  var cards = Array.from(document.querySelectorAll('li.puzzle'));
  out.width = window.innerWidth;
  out.cards = cards.length;
  out.tiles = 0;
  out.faces = document.querySelectorAll('.cards.face').length;
  out.bad = [];
  cards.forEach(function (li, n) {
    var card = box(li), name = 'puzzle ' + (n + 1) + ' (' + li.dataset.hand + ')';
    var tops = {};
    li.querySelectorAll('.pc').forEach(function (pc) {
      out.tiles++;
      var b = box(pc);
      tops[Math.round(b.top)] = true;
      if (!inside(b, card)) out.bad.push('tile ' + pc.textContent + ' of ' + name + ' leaves its card');
      if (pc.scrollWidth > pc.clientWidth + 1) out.bad.push('tile ' + pc.textContent + ' of ' + name + ' is narrower than its number');
    });
    if (!li.querySelector('.face') && Object.keys(tops).length !== 1) out.bad.push(name + ' wraps its tiles');
    if (!inside(card, box(li.closest('.sheet-page')))) out.bad.push(name + ' leaves its page');
    cards.forEach(function (other, m) {
      if (m <= n || li.closest('.sheet-page') !== other.closest('.sheet-page')) return;
      var o = box(other);
      if (card.left < o.right - 0.5 && o.left < card.right - 0.5 && card.top < o.bottom - 0.5 && o.top < card.bottom - 0.5) {
        out.bad.push(name + ' lies over puzzle ' + (m + 1));
      }
    });
  });
});
"#;

/// Issue 46: at 1280 px and at the printable width of A4 and Letter (12 mm
/// margins: 703 and 725 px, the print rules applied), every tile of every
/// sheet lies inside its card, on one row, and no card lies over another:
/// the 24 game's four-card faces and five-card hands, Countdown's and
/// Digits' six tiles, Krypto's five, and a student sheet of two versions.
#[test]
fn sheets_keep_every_tile_in_its_card_on_screen_and_on_paper() {
    let Some(browser) = chromium() else { return };
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let data = data.to_str().unwrap();
    let sheets: &[(&str, &[&str], usize)] = &[
        ("24", &["-n", "12", "--spread"], 4),
        ("24-five", &["--hand-size", "5", "-n", "12", "--spread"], 5),
        (
            "countdown",
            &["--game", "countdown", "-n", "10", "--stratify"],
            6,
        ),
        ("krypto", &["--game", "krypto", "-n", "10", "--stratify"], 5),
        ("digits", &["--game", "digits", "-n", "8"], 6),
        (
            "student",
            &[
                "-n",
                "12",
                "--versions",
                "2",
                "--hide",
                "times",
                "--title",
                "Class 5B",
            ],
            4,
        ),
        (
            "countdown-student",
            &[
                "--game",
                "countdown",
                "-n",
                "10",
                "--versions",
                "2",
                "--hide",
                "times",
            ],
            6,
        ),
    ];
    let dir = TempDir::new().unwrap();
    for (name, flags, tiles) in sheets {
        let mut args = vec!["pick", "--data", data, "--format", "html"];
        args.extend(*flags);
        let (code, html, stderr) = run(&args);
        assert_eq!(code, 0, "{name}: {stderr}");
        let page = dir.path().join(format!("{name}.html"));
        fs::write(&page, &html).unwrap();
        for (width, print) in [(1280, false), (703, true), (725, true)] {
            let got = drive_at(&browser, &page, MEASURE, width, print);
            let at = format!(
                "{name} at {width} px{}",
                if print { " (print)" } else { "" }
            );
            assert_eq!(got["width"], width, "{at}");
            let cards = got["cards"].as_u64().unwrap();
            assert!(cards >= 8, "{at}: {cards} cards");
            assert_eq!(
                got["tiles"].as_u64().unwrap(),
                cards * *tiles as u64,
                "{at}"
            );
            assert_eq!(strings(&got["bad"]), Vec::<String>::new(), "{at}");
            let faces = got["faces"].as_u64().unwrap();
            assert_eq!(faces, if *tiles == 4 { cards } else { 0 }, "{at}");
        }
    }
}
