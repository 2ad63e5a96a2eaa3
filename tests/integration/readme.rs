//! Every console example of README.md is run and its output compared, so a
//! changed output fails CI instead of leaving the README wrong.
//!
//! A ```` ```console ```` block holds examples: a line `$ census24 ARGS` (or
//! `$ printf 'LINES' | census24 ARGS`, LINES going to standard input), an
//! optional `? N` line with the exit status when it is not 0, then what the
//! command prints (standard output, then standard error). `[..]` in an
//! expected line stands for any text (timings). Blocks marked `sh` are not
//! run. The examples run in a scratch folder holding a copy of the shipped
//! tables (what `rank` reads), so `sweep` writes there, never into the
//! repository's data/.

use std::fs;
use std::path::Path;

use assert_cmd::Command;

/// One example of a console block.
#[derive(Debug)]
struct Example {
    line: usize,
    stdin: Option<String>,
    args: Vec<String>,
    status: i32,
    output: Vec<String>,
}

/// The words of a command line as a shell splits them: at spaces, with
/// "double" or 'single' quotes grouping (no escapes inside).
fn shell_words(cmd: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    for c in cmd.chars() {
        match (quote, c) {
            (None, '"' | '\'') => (quote, started) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (_, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            let (stdin, cmd) = match cmd
                .strip_prefix("printf '")
                .and_then(|r| r.split_once("' | "))
            {
                Some((text, rest)) => (Some(text.replace("\\n", "\n").replace("\\t", "\t")), rest),
                None => (None, cmd),
            };
            let mut words = shell_words(cmd).into_iter();
            assert_eq!(
                words.next().as_deref(),
                Some("census24"),
                "README line {}: a console example runs census24 alone (no pipes or comments): {cmd}",
                i + 1
            );
            out.push(Example {
                line: i + 1,
                stdin,
                args: words.collect(),
                status: 0,
                output: Vec::new(),
            });
        } else {
            let ex = out
                .last_mut()
                .unwrap_or_else(|| panic!("README line {}: output before any command", i + 1));
            match line.strip_prefix("? ") {
                Some(code) if ex.output.is_empty() => {
                    ex.status = code.parse().expect("`? N` takes an exit status")
                }
                _ => ex.output.push(line.to_string()),
            }
        }
    }
    out
}

/// `got` matches `want` where every `[..]` in `want` stands for any text.
fn matches(want: &str, got: &str) -> bool {
    let mut pieces = want.split("[..]");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = got.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (n, piece) in pieces.iter().enumerate() {
        if n + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn wildcards_stand_for_any_text() {
    assert!(matches(
        "Took [..] s on [..] threads.",
        "Took 0.09 s on 2 threads."
    ));
    assert!(matches("a", "a"));
    assert!(!matches("a", "ab"));
    assert!(!matches("Took [..] s.", "Took 1 ms."));
    assert!(matches("[..]", "anything"));
}

#[test]
fn readme_console_examples_print_what_the_readme_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(
        examples.len() >= 15,
        "found only {} examples",
        examples.len()
    );
    let scratch = tempfile::tempdir().unwrap();
    copy_tree(&root.join("data"), &scratch.path().join("data"));
    let mut failures = Vec::new();
    for ex in &examples {
        let out = Command::cargo_bin("census24")
            .unwrap()
            .args(&ex.args)
            .write_stdin(ex.stdin.clone().unwrap_or_default())
            .current_dir(scratch.path())
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Vec<&str> = text.lines().collect();
        let same =
            got.len() == ex.output.len() && ex.output.iter().zip(&got).all(|(w, g)| matches(w, g));
        if !same || out.status.code() != Some(ex.status) {
            failures.push(format!(
                "README line {}: census24 {}\n  exit {:?} (README: {})\n  printed:\n{}\n  README says:\n{}",
                ex.line,
                ex.args.join(" "),
                out.status.code(),
                ex.status,
                text,
                ex.output.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
