#!/usr/bin/env bash
# Streams a generated request log through `promptlint cache` and reports throughput and peak
# memory (maximum resident set size from /usr/bin/time -v). A benchmark, not a test.
#
# usage: benches/cache_stream.sh [SIZE_MB]   (default 1024; the log goes to $TMPDIR)
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb="${1:-1024}"
log="${TMPDIR:-/tmp}/promptlint-bench-${size_mb}mb.jsonl"
cargo build --release --quiet
if [ ! -f "$log" ]; then
  python3 benches/gen_request_log.py "$log" "$size_mb"
fi
bytes=$(stat -c %s "$log")
/usr/bin/time -v target/release/promptlint cache --format json "$log" \
  > "${TMPDIR:-/tmp}/promptlint-bench.json" 2> "${TMPDIR:-/tmp}/promptlint-bench.time" || true
grep -E "Elapsed|Maximum resident" "${TMPDIR:-/tmp}/promptlint-bench.time"
secs=$(grep "Elapsed (wall clock)" "${TMPDIR:-/tmp}/promptlint-bench.time" | awk '{print $NF}' \
  | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
python3 - "$bytes" "$secs" "${TMPDIR:-/tmp}/promptlint-bench.json" <<'PY'
import json, sys
b, s, path = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
d = json.load(open(path))
turns = sum(len(c["turns"]) for c in d["conversations"])
broken = sum(1 for c in d["conversations"] for t in c["turns"] if not t["stable"])
print(f"log {b/2**20:.0f} MiB, {len(d['conversations'])} conversations, {turns} turns, {broken} broken")
print(f"throughput {b/2**20/s:.1f} MiB/s ({s:.1f} s)")
PY
