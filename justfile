# census24 tasks. `just --list` shows them. Every recipe shares one build
# directory (the same one .ci/run uses) so polars is compiled once.

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") / ".cache/census24/target")

# List the recipes.
default:
    @just --list

# Run every test (the README's test command).
test:
    cargo test --release

# Check formatting and lints as CI does.
lint:
    cargo fmt --check
    cargo clippy --release --all-targets -- -D warnings

# Everything CI runs (tests, fmt, clippy, the Python example).
ci:
    bash .ci/run

# Solve one hand, e.g. `just solve 3 8 8 9`.
solve +cards:
    cargo run --release -- solve {{cards}}

# Run the benchmarks (figures go in docs/PERFORMANCE.md).
bench:
    cargo bench --bench solve
