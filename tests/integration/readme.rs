//! Every console example of README.md is run and its output compared, so a
//! changed output fails CI instead of leaving the README wrong.
//!
//! The examples run in a scratch folder holding a copy of README.md and of
//! the shipped four-card table (what `rank` reads); `sweep` examples write
//! there too, never into the repository's data/. `[..]` in an example stands
//! for output that changes between runs (timings), `? N` for an exit status.

use std::fs;
use std::path::Path;

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
fn readme_console_examples_print_what_the_readme_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    fs::copy(root.join("README.md"), scratch.path().join("README.md")).unwrap();
    copy_tree(&root.join("data"), &scratch.path().join("data"));
    trycmd::TestCases::new()
        .register_bin("census24", trycmd::cargo::cargo_bin!("census24"))
        .case(scratch.path().join("README.md"));
}
