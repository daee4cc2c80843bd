#!/usr/bin/env bash
# Issue 16's benchmark table: promptlint against ripgrep with a comparable pattern list
# (benches/rg-patterns.txt, 62 case-insensitive patterns over the same rule families), whole
# processes timed by hyperfine. A benchmark, not a test: figures go to BENCHMARKS.md.
#
#   benches/issue16.sh [BINARY...]   # default: target/release/promptlint (built first)
#
# Inputs, generated once into $TMPDIR (default /tmp) by ../shared/tools/gen_tree.py:
# t20 (20 MB tree) and t100 (100 MB tree), and one 5 KB AGENTS.md taken from t20.
# Set PROMPTLINT_BENCH_RUNS to change hyperfine's run count (default 5; 20 for the small
# runs), and RG to the ripgrep binary to time (default: the first `rg` on PATH; a wrapper
# such as pyenv's shim adds tens of milliseconds to every call, so name the binary itself).
# Peak memory comes from /usr/bin/time -v.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
tmp="${TMPDIR:-/tmp}"
runs="${PROMPTLINT_BENCH_RUNS:-5}"
patterns="$repo/benches/rg-patterns.txt"
gen="$repo/../shared/tools/gen_tree.py"

if [ "$#" -eq 0 ]; then
    cargo build --release --quiet
    set -- "$repo/target/release/promptlint"
fi
rg="${RG:-rg}"
for need in hyperfine "$rg"; do
    command -v "$need" >/dev/null || { echo "$need is not installed (apt-get install -y hyperfine ripgrep)" >&2; exit 1; }
done
if head -c 2 "$(command -v "$rg")" | grep -q '#!'; then
    echo "warning: $(command -v "$rg") is a script, not ripgrep itself; set RG=/path/to/rg" >&2
fi
for mb in 20 100; do
    [ -d "$tmp/t$mb" ] || python3 "$gen" "$tmp/t$mb" --mb "$mb"
done
one="$tmp/i16-one"
if [ ! -f "$one/AGENTS.md" ]; then
    mkdir -p "$one"
    # The AGENTS.md of t20 closest to 5 KB.
    src="$(find "$tmp/t20" -name AGENTS.md -size -6k -size +4k | LC_ALL=C sort | head -1)"
    cp "$src" "$one/AGENTS.md"
fi

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), cores: $(nproc)"
cd "$tmp"
for bin in "$@"; do
    echo "== $bin"
    hyperfine -N --warmup 1 --runs "$runs" \
        --command-name "rg t20" "$rg -i -c --hidden -f $patterns t20" \
        --command-name "promptlint t20" "$bin check --quiet --fail-on never t20"
    RAYON_NUM_THREADS=1 hyperfine -N --warmup 1 --runs "$runs" \
        --command-name "promptlint t20, 1 thread" "$bin check --quiet --fail-on never t20"
    hyperfine -N --warmup 1 --runs "$runs" \
        --command-name "rg t100" "$rg -i -c --hidden -f $patterns t100" \
        --command-name "promptlint t100" "$bin check --quiet --fail-on never t100"
    (cd "$one" && hyperfine -N --warmup 3 --runs $((runs * 4)) \
        --command-name "rg AGENTS.md" "$rg -i -c --hidden -f $patterns AGENTS.md" \
        --command-name "promptlint AGENTS.md" "$bin check --quiet --fail-on never AGENTS.md" \
        --command-name "promptlint rules" "$bin rules" \
        --command-name "promptlint --version" "$bin --version")
    /usr/bin/time -v "$bin" check --quiet --fail-on never t100 >/dev/null 2>"$tmp/i16-time.txt" || true
    grep -E "Maximum resident|Elapsed" "$tmp/i16-time.txt"
done
