#!/usr/bin/env bash
# Byte-identity check for speed work: a faster build must report exactly what the build
# before it reported. Record the reference outputs once with the old binary, then compare
# any later build with them.
#
#   benches/identical.sh record  OLD_BINARY  [OUT_DIR]   # writes the reference outputs
#   benches/identical.sh compare NEW_BINARY  [OUT_DIR]   # diffs a build against them
#
# Inputs: ../shared/corpus (all of it, when present), the generated trees /tmp/t20 and
# /tmp/t100 (python3 ../shared/tools/gen_tree.py /tmp/t20 --mb 20, and --mb 100) when present,
# and this repository's fixtures/; then every corpus file named one by one. Every format that prints findings is compared, with the
# exit code. OUT_DIR defaults to /tmp/i16-identity.
set -uo pipefail

mode="${1:?record or compare}"
bin="$(realpath "${2:?binary}")"
out="${3:-/tmp/i16-identity}"
root="$(cd "$(dirname "$0")/.." && pwd)"
ref="$out/ref"
new="$out/new"
case "$mode" in
    record) dest="$ref" ;;
    compare) dest="$new" ;;
    *) echo "mode is record or compare" >&2; exit 2 ;;
esac
[ -z "${ONLY:-}" ] && rm -rf "$dest"
mkdir -p "$dest"

inputs=()
[ -d "$root/../shared/corpus" ] && inputs+=("corpus:$root/../shared/corpus")
[ -d /tmp/t20 ] && inputs+=("t20:/tmp/t20")
[ -d /tmp/t100 ] && inputs+=("t100:/tmp/t100")
# A copy of fixtures/ outside the repository: in place, agent-file rules would also read the
# repository's own AGENTS.md (loaded before the fixtures'), which changes with the docs.
rm -rf "$out/work"
mkdir -p "$out/work"
cp -r "$root/fixtures" "$out/work/fixtures"
inputs+=("fixtures:$out/work/fixtures")
# ONLY=name limits the run to one input (corpus, t20, t100, fixtures, corpus-files).
if [ -n "${ONLY:-}" ]; then
    kept=()
    for entry in "${inputs[@]}"; do
        [ "${entry%%:*}" = "$ONLY" ] && kept+=("$entry")
    done
    inputs=("${kept[@]}")
fi

for entry in "${inputs[@]}"; do
    name="${entry%%:*}"
    dir="${entry#*:}"
    # Run from the folder's parent so every path printed is relative and the same each run.
    cd "$(dirname "$dir")" || exit 2
    base="$(basename "$dir")"
    for format in json human sarif concise github gitlab; do
        "$bin" check --no-config --color never --fail-on note --max-findings 0 \
            --format "$format" "$base" >"$dest/$name.$format" 2>"$dest/$name.$format.err"
        echo "$?" >"$dest/$name.$format.rc"
    done
    "$bin" check --no-config --color never --statistics "$base" >"$dest/$name.stats" 2>&1
    echo "$?" >>"$dest/$name.stats"
done

# Every corpus file named on the command line (a walk only picks agent files by name).
if [ -d "$root/../shared/corpus" ] && [ -z "${ONLY:-}" ] || [ "${ONLY:-}" = corpus-files ]; then
    cd "$root/../shared" || exit 2
    mapfile -t files < <(find corpus -type f ! -name MANIFEST.tsv | LC_ALL=C sort)
    for format in json human sarif concise; do
        "$bin" check --no-config --color never --fail-on note --max-findings 0 \
            --format "$format" "${files[@]}" >"$dest/corpus-files.$format" 2>"$dest/corpus-files.$format.err"
        echo "$?" >"$dest/corpus-files.$format.rc"
    done
fi

if [ "$mode" = compare ]; then
    if diff -rq "$ref" "$new"; then
        echo "identical: $(ls "$new" | wc -l) outputs"
    else
        echo "DIFFERENT (diff -r $ref $new)" >&2
        exit 1
    fi
fi
