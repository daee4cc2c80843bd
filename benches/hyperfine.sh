#!/usr/bin/env bash
# Whole-process timings of the release binary with hyperfine: start-up included, as a
# pre-commit hook or a CI job sees it.
#
#   benches/hyperfine.sh            # writes the inputs to a temp dir, then times
#
# The inputs are the ones `cargo bench` measures (benches/check.rs writes them when
# PROMPTLINT_BENCH_GENERATE is set): one AGENTS.md-sized file and a ~10 MB tree of agent files.
set -euo pipefail

cd "$(dirname "$0")/.."

if ! command -v hyperfine >/dev/null; then
    echo "hyperfine is not installed (try: apt-get install -y hyperfine, or cargo install hyperfine)" >&2
    exit 1
fi

cargo build --release --quiet
bin="$PWD/target/release/promptlint"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
PROMPTLINT_BENCH_GENERATE="$work" cargo bench --quiet --bench check

cd "$work"
hyperfine --warmup 3 --shell=none \
    --command-name "check AGENTS.md" "$bin check --quiet --fail-on never AGENTS.md" \
    --command-name "check 10 MB tree" "$bin check --quiet --fail-on never tree" \
    --command-name "rules" "$bin rules" \
    "$@"
