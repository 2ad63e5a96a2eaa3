//! Every shipped report and explorer page names the game its table holds,
//! and shows the sections of that game only: a Krypto report has no
//! Countdown section (near misses scored within 5 and 10, large tiles), a
//! Countdown report has them. The game comes from the table's key, read
//! back from its folder and its manifest's kind, never from the report.

use std::fs;
use std::path::{Path, PathBuf};

use census24::game::family::{Draw, Game};
use census24::game::presets::base_of;
use census24::tables::registry::Key;
use census24::tables::registry::kind_in;

const LARGE_CHART: &str = "solved-by-large-tiles.svg";

/// Every report under `reports/` whose table is shipped in `data/`, with
/// its key.
fn shipped() -> Vec<(PathBuf, Key)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for entry in walk(&root.join("reports")) {
        if entry.file_name().is_none_or(|n| n != "README.md") {
            continue;
        }
        let dir = entry.parent().unwrap();
        let rel = dir.strip_prefix(root.join("reports")).unwrap();
        let Some(kind) = kind_in(&root.join("data").join(rel)) else {
            continue;
        };
        let key = Key::from_partition(&kind, rel)
            .unwrap_or_else(|| panic!("{}: a table folder of its kind", rel.display()));
        out.push((dir.to_path_buf(), key));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// The key's game and title, for the kinds whose reports name a game.
fn game_and_title(key: &Key) -> Option<(Game, String)> {
    match key {
        Key::OneTarget(k) => Some((k.game(), k.title())),
        Key::Reach(k) => Some((k.game(), k.title())),
        Key::Large(_) => None,
    }
}

#[test]
fn every_shipped_report_names_its_game_and_shows_only_its_sections() {
    let reports = shipped();
    // One-target, reach (Countdown, both Krypto rule sets, every target).
    assert!(reports.len() >= 20, "{} reports", reports.len());
    let mut named = Vec::new();
    for (dir, key) in &reports {
        let Some((game, title)) = game_and_title(key) else {
            continue;
        };
        let md = fs::read_to_string(dir.join("README.md")).unwrap();
        let first = md.lines().next().unwrap();
        assert_eq!(first, format!("# {title}"), "{}", dir.display());
        if let Some((preset, _)) = base_of(&game) {
            let mut name = preset.title.to_string();
            name[..1].make_ascii_uppercase();
            assert!(first.contains(&name), "{}: {first}", dir.display());
            named.push(preset.name);
        }
        let page = dir.join("explorer.html");
        if page.exists() {
            let html = fs::read_to_string(&page).unwrap();
            let escaped = title.replace('&', "&amp;");
            assert!(
                html.contains(&format!("<title>{escaped}</title>")),
                "{}: <title> is not {title}",
                page.display()
            );
        }
        let near = game.scoring.rewards_near_misses();
        assert_eq!(
            md.contains("within 5"),
            near,
            "{}: near misses scored: {near}",
            dir.display()
        );
        let large = game.draw == Draw::LargeAsked;
        assert_eq!(
            md.contains("large tiles") || dir.join(LARGE_CHART).exists(),
            large,
            "{}: large tiles asked for: {large}",
            dir.display()
        );
        if !near {
            assert!(!md.contains("the show's scoring"), "{}", dir.display());
        }
    }
    // The named games of the shipped tables, each at least once.
    for name in ["24", "countdown", "krypto"] {
        assert!(named.contains(&name), "no report of {name}: {named:?}");
    }
}

#[test]
fn krypto_reports_say_krypto_and_countdown_reports_say_countdown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let title = |rel: &str| {
        let md = fs::read_to_string(root.join(rel).join("README.md")).unwrap();
        md.lines().next().unwrap().to_string()
    };
    assert_eq!(
        title("rules=natural/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5"),
        "# Krypto, natural rules: every target from 1 to 25, 5 cards"
    );
    assert_eq!(
        title("rules=rational/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5"),
        "# Krypto: every target from 1 to 25, 5 cards"
    );
    assert_eq!(
        title("rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6"),
        "# Countdown: every target from 100 to 999, 6 cards"
    );
    assert_eq!(
        title("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4"),
        "# The 24 game: target 24 with 4 cards"
    );
    assert_eq!(
        title("rules=rational/use=all/targets=24-24/values=1-13/deck=none/k=4"),
        "# Target 24 with 4 cards"
    );
    assert_eq!(
        title("rules=natural/use=any/targets=100-999/values=1-100/deck=large-sets-11-100/k=6"),
        "# Countdown with other large numbers"
    );
}

/// A table swept before manifests recorded its game, under an older
/// schema version, gets both from `upgrade_manifests` when its files are
/// today's: the same manifest bytes a sweep writes today, its files
/// untouched, and a second run changes nothing.
#[test]
fn upgrade_gives_an_old_manifest_the_bytes_a_sweep_writes_today() {
    use census24::tables::manifest::Manifest;
    use census24::tables::registry::{Upgraded, upgrade_manifests};
    let tmp = tempfile::TempDir::new().unwrap();
    let data = tmp.path().join("data");
    let d = data.to_str().unwrap();
    let out = ["--out", d, "-q", "--no-report"];
    for game in [
        &["-k", "2"][..],
        &[
            "--game",
            "krypto",
            "--rules",
            "natural",
            "-k",
            "3",
            "--no-solutions",
        ][..],
    ] {
        let args: Vec<&str> = ["sweep"].iter().chain(game).chain(&out).copied().collect();
        let (code, _, err) = crate::util::run(&args);
        assert_eq!(code, 0, "{err}");
    }
    let manifests: Vec<PathBuf> = walk(&data)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "manifest.json"))
        .collect();
    assert_eq!(manifests.len(), 2);
    let today: Vec<Vec<u8>> = manifests.iter().map(|p| fs::read(p).unwrap()).collect();
    // As an earlier census24 wrote them: no game, sealed.
    for p in &manifests {
        let mut m: Manifest = Manifest::from_checked_bytes(&fs::read(p).unwrap()).unwrap();
        assert!(m.parameters.game.is_some());
        m.parameters.game = None;
        m.parameters.schema_version -= 1;
        fs::write(p, m.to_bytes()).unwrap();
        assert!(!fs::read_to_string(p).unwrap().contains("\"game\""));
    }
    let done = upgrade_manifests(&data).unwrap();
    assert_eq!(
        done.iter()
            .filter(|r| matches!(r, Upgraded::Now(..)))
            .count(),
        2
    );
    for (p, want) in manifests.iter().zip(&today) {
        assert_eq!(&fs::read(p).unwrap(), want, "{}", p.display());
    }
    let again = upgrade_manifests(&data).unwrap();
    assert!(again.iter().all(|r| matches!(r, Upgraded::Already(_))));
}
