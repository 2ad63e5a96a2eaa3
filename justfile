# census24 tasks. `just --list` shows them (install just with `cargo install
# just`; every recipe is a cargo command you can also type). Every recipe
# builds where the README's cargo commands do (./target, or $CARGO_TARGET_DIR
# when set, as .ci/run sets it), so polars is compiled once.

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", justfile_directory() / "target")

# Where the census of large sets lives, under data and reports folders.
large_sets_report := "rules=natural/use=any/targets=100-999/values=1-100/deck=large-sets-11-100/k=6"

# List the recipes.
default:
    @just --list

# Run every test (the README's test command).
test:
    cargo test --release

# Build and test the core without features (no polars, clap, indicatif or mimalloc).
core:
    cargo build --release --no-default-features
    cargo test --release --no-default-features --lib

# A longer run of the fuzz harness than CI's: N random command lines and inputs with a fresh seed (printed, to replay a failure with FUZZ_SEED=...).
fuzz runs="20000":
    #!/usr/bin/env bash
    set -euo pipefail
    seed="${FUZZ_SEED:-$(date +%s)}"
    echo "FUZZ_SEED=$seed FUZZ_RUNS={{runs}}"
    FUZZ_SEED="$seed" FUZZ_RUNS="{{runs}}" cargo test --release --test integration fuzz -- --nocapture

# Check formatting and lints as CI does.
lint:
    cargo fmt --check
    cargo clippy --release --all-targets -- -D warnings

# Everything CI runs (tests, fmt, clippy, the Python example).
ci:
    bash .ci/run

# Install the Python package into a fresh venv and run its tests against the CLI.
python:
    cargo build --release
    rm -rf target/python-venv && python3 -m venv target/python-venv
    target/python-venv/bin/pip install --quiet ./python pytest
    CENSUS24_BIN="$CARGO_TARGET_DIR/release/census24" target/python-venv/bin/python -m pytest -q python/tests

# Solve one hand, e.g. `just solve 3 8 8 9`.
solve +cards:
    cargo run --release -- solve {{cards}}

# Run every benchmark: solver, distinct solutions, big hands, batch all-solutions, reach, tasks (figures go in docs/PERFORMANCE.md).
bench:
    cargo bench --bench solve
    cargo bench --bench distinct
    cargo bench --bench bighand
    cargo bench --bench batch
    cargo bench --bench reach
    cargo bench --bench tasks

# Regenerate the shipped tables in data/: the atlas (rational, values 1..13,
# target 24, every hand size 1..10 for the 52-card deck and for independent
# draws: with solutions up to 5 cards, --counts-only for 6 and 7,
# --no-solutions from 8), the reach tables of targets 1..999 for k = 2..4,
# the Countdown census, Krypto's census under house and tournament rules
# (five cards and an objective dealt from its deck), and the atlas's cover of targets 1..100 (data/atlas/,
# `census24 cover`). Each hand size's two decks are swept together (--also-deck),
# each hand solved once. About 20 CPU-minutes (10 on two cores), 83% of it the
# seven-card counts (docs/PERFORMANCE.md).
data:
    cargo build --release
    rm -rf data/rules=*
    for k in 1 2 3 4 5; do \
        "$CARGO_TARGET_DIR/release/census24" sweep --hand-size "$k" --deck 4 --also-deck none --out data --no-report --quiet; \
    done
    for k in 6 7; do \
        "$CARGO_TARGET_DIR/release/census24" sweep --hand-size "$k" --deck 4 --also-deck none --counts-only --out data --no-report --quiet; \
    done
    for k in 8 9 10; do \
        "$CARGO_TARGET_DIR/release/census24" sweep --hand-size "$k" --deck 4 --also-deck none --no-solutions --out data --no-report --quiet; \
    done
    for k in 2 3 4; do \
        "$CARGO_TARGET_DIR/release/census24" sweep --hand-size "$k" --targets 1..999 --out data --no-report --quiet; \
    done
    "$CARGO_TARGET_DIR/release/census24" sweep --game countdown --out data --no-report --quiet
    for rules in rational natural; do \
        "$CARGO_TARGET_DIR/release/census24" sweep --game krypto --rules "$rules" --no-solutions --out data --no-report --quiet; \
    done
    "$CARGO_TARGET_DIR/release/census24" cover --out data --quiet

# The tables alone, then the six-card sweep as a user runs it (with its
# report); the last one (every seven-card hand's solutions counted) takes
# many minutes.
# Time full sweeps (wall time and peak memory) for docs/PERFORMANCE.md.
bench-sweep:
    cargo build --release
    for args in "-k 4 --no-report" "-k 5 --no-report" "-k 6 --no-report" "-k 6" "-k 7 --no-solutions --no-report" "-k 7 --counts-only --no-report"; do \
        out=$(mktemp -d); \
        echo "== census24 sweep $args"; \
        /usr/bin/time -f "wall %e s, peak RSS %M KiB" "$CARGO_TARGET_DIR/release/census24" sweep $args --quiet --out "$out/data"; \
        rm -rf "$out"; \
    done

# Time the reach sweeps of docs/PERFORMANCE.md (every target 1..999 at once):
# k = 4 and 5 with solution counts, k = 5 and 6 without.
bench-reach:
    cargo build --release
    for args in "-k 4" "-k 5" "-k 5 --no-solutions" "-k 6 --no-solutions"; do \
        out=$(mktemp -d); \
        echo "== census24 sweep $args --targets 1..999"; \
        /usr/bin/time -f "wall %e s, user %U s, peak RSS %M KiB" "$CARGO_TARGET_DIR/release/census24" sweep $args --targets 1..999 --quiet --no-report --out "$out"; \
        rm -rf "$out"; \
    done

# Refit the difficulty model on the players' solve times (data/human/) and print its cross-validated figures; then rebuild, `just data` and `just report`.
calibrate:
    cargo build --release
    "$CARGO_TARGET_DIR/release/census24" calibrate --times data/human/four-card-solve-times.csv --out data/human/difficulty-model.json
    cargo build --release

# Time the README's main job as a user runs it (`census24 sweep`: every
# four-card hand, tables and report, in a fresh folder), median of 10 runs.
# Needs hyperfine (`cargo install hyperfine`).
bench-main:
    cargo build --release
    hyperfine --warmup 2 --runs 10 --prepare 'rm -rf /tmp/census24-bench' \
        '"$CARGO_TARGET_DIR/release/census24" sweep --quiet --out /tmp/census24-bench/data'

# Time census24 side by side with the public Rust solver inrust 0.3.8
# (crates.io; `inrust -G 24` prints every four-card hand's distinct solutions),
# installed once into ~/.cache/census24/inrust. Needs hyperfine. (`solve --stdin
# --all` exits 1: some hands have no solution, hence --ignore-failure.)
bench-public:
    cargo build --release
    test -x "$HOME/.cache/census24/inrust/bin/inrust" || cargo install inrust --version 0.3.8 --locked --root "$HOME/.cache/census24/inrust"
    python3 -c "from itertools import combinations_with_replacement as c; print(''.join(' '.join(map(str, h)) + '\n' for h in c(range(1, 14), 4)), end='')" > /tmp/census24-hands4.txt
    hyperfine --warmup 3 --runs 20 --ignore-failure --prepare 'rm -rf /tmp/census24-bench' \
        '"$HOME/.cache/census24/inrust/bin/inrust" -G 24' \
        '"$CARGO_TARGET_DIR/release/census24" solve --stdin --all < /tmp/census24-hands4.txt' \
        '"$CARGO_TARGET_DIR/release/census24" sweep --quiet --out /tmp/census24-bench/data'
    hyperfine --warmup 3 --runs 50 \
        '"$HOME/.cache/census24/inrust/bin/inrust" -G 24 3 8 8 9' \
        '"$CARGO_TARGET_DIR/release/census24" solve --all 3 8 8 9'

# Time shards of the census of every set of large numbers as an array runs
# them (docs/SCALING.md): shard 1 of 200 makes the shared counts, then
# shards 2, 100 and 200 read them. Their CPU time against one process's is
# in docs/PERFORMANCE.md.
# Time sample shards of the census of every set of large numbers (200 shards, the shared counts made once).
bench-large-sets:
    cargo build --release
    out=$(mktemp -d); \
    for i in 1 2 100 200; do \
        /usr/bin/time -f "shard $i/200: wall %e s, user %U s, sys %S s, peak RSS %M KiB" "$CARGO_TARGET_DIR/release/census24" sweep --game countdown --large-sets 11..100 --shard "$i/200" --threads 1 --quiet --no-report --out "$out/data"; \
    done; \
    rm -rf "$out"

# The census of every set of four large numbers from 11..100 (2,555,190
# sets; its time as one process is in docs/PERFORMANCE.md). Its whole table
# (148 MB) is this recipe's output, in large-sets/data/ (git-ignored);
# a finished table is kept, an interrupted run resumes. Extra arguments go
# to the sweep, e.g. `just large-sets --threads 1`.
# The census of every set of large numbers: its report into reports/, its sealed per-set summary into data/large-sets/.
large-sets *args:
    cargo build --release --bin census24 --example large_sets_summary
    "$CARGO_TARGET_DIR/release/census24" sweep --game countdown --large-sets 11..100 --resumable --skip-complete --no-report --out large-sets/data {{args}}
    "$CARGO_TARGET_DIR/release/census24" report --quiet --data large-sets/data --out large-sets/reports
    rm -rf "reports/{{large_sets_report}}"
    mkdir -p "$(dirname "reports/{{large_sets_report}}")"
    cp -r "large-sets/reports/{{large_sets_report}}" "reports/{{large_sets_report}}"
    "$CARGO_TARGET_DIR/release/examples/large_sets_summary" large-sets/data data/large-sets

# Regenerate the shipped reports in reports/ from the tables in data/ (run `just data` first): the atlas (reports/atlas/), then every table's report and the index. The report of the census of large sets is kept (its table is not in data/: `just large-sets` remakes it); its charts and explorer page are redrawn from its summary in data/large-sets/.
report:
    cargo build --release
    kept="$(mktemp -d)"; \
    if [ -d "reports/{{large_sets_report}}" ]; then mv "reports/{{large_sets_report}}" "$kept/census"; fi; \
    rm -rf reports; \
    if [ -d "$kept/census" ]; then mkdir -p "$(dirname "reports/{{large_sets_report}}")" && mv "$kept/census" "reports/{{large_sets_report}}"; fi; \
    rmdir "$kept"
    "$CARGO_TARGET_DIR/release/census24" report --atlas --data data --out reports
    "$CARGO_TARGET_DIR/release/census24" report --data data --out reports

# Retake the explorer's screenshots in docs/ (laptop, phone, puzzle sheet, student sheet) with headless Chromium, from the shipped reports.
screenshots:
    cargo build --release
    page="file://$PWD/reports/rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4/explorer.html"; \
    shot() { chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$(mktemp -d)" --screenshot="$1" --window-size="$2" "$3" 2>/dev/null; }; \
    shot docs/explorer.png 1280,900 "$page#tier=hard,expert&ops=product&max-dissimilar=2&hand=3,7,9,13"; \
    shot docs/explorer-phone.png 390,844 "$page#tier=expert&hand=1,3,4,6"; \
    sheet="$(mktemp -d)/sheet.html"; \
    "$CARGO_TARGET_DIR/release/census24" pick -n 12 --spread --distinct-shapes --format html > "$sheet"; \
    shot docs/puzzle-sheet.png 900,950 "file://$sheet"; \
    student="$(mktemp -d)/student.html"; \
    "$CARGO_TARGET_DIR/release/census24" pick -n 12 --spread --hide times --title "Make 24, week 3" --versions 2 --format html > "$student"; \
    shot docs/student-sheet.png 900,1000 "file://$student"
