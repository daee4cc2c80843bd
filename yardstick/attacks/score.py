#!/usr/bin/env python3
"""Score promptlint against the attack yardstick of public reports (issue 32).

    python3 yardstick/attacks/score.py BIN [--batch NAME ...] [--list] [--jobs N]

Every `batch_*.py` beside this script defines `CASES`, a list of dicts:

    {"id": "b1-042",              # unique over all batches
     "label": "attack" | "decoy",
     "family": "injection" | "hidden" | "exfil" | "autonomy" | "encoded" | "mcp" | "persistence"
               | "harness" | "config" | "cache" | ...,
     "report": "https://...",      # the public report the case is modelled on
     "files": {"relative/path": "text", ...},   # a small repository tree
     "target": "relative/path",    # the file that carries the attack (or the decoy's point)
     "why": "one line"}

Each case is written to /tmp/yardstick-attacks/cases/<id>/ and scanned twice with
`BIN check --format json --fail-on never --no-config`: *named* (the target file given on the
command line) and *walked* (the case's folder, as `promptlint check .` does). A case counts as
flagged in a mode when that run reports a finding of severity warning or error from a rule
outside PL8xx (hygiene). Recall is over attacks, noise over decoys (and decoys with an error
are counted apart). Per-case results go to /tmp/yardstick-attacks/last.json (or under $YARDSTICK_ATTACKS_DIR). Standard
library only; nothing in the cases is executed.
"""

import argparse
import collections
import concurrent.futures
import glob
import importlib.util
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
# One scan and one notion of "flagged" for every yardstick: the effects scorer's.
sys.path.insert(0, os.path.join(HERE, "..", "effects"))
from score import counts, run  # noqa: E402
# Where cases and results go; YARDSTICK_ATTACKS_DIR keeps two runs apart.
ROOT = os.environ.get("YARDSTICK_ATTACKS_DIR", "/tmp/yardstick-attacks")
CASES_DIR = os.path.join(ROOT, "cases")


def load_batches(names):
    batches = {}
    for path in sorted(glob.glob(os.path.join(HERE, "batch_*.py"))):
        name = os.path.basename(path)[len("batch_"):-3]
        if names and name not in names:
            continue
        spec = importlib.util.spec_from_file_location(f"batch_{name}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        batches[name] = mod.CASES
    return batches


def write_case(case):
    base = os.path.join(CASES_DIR, case["id"])
    for rel, text in case["files"].items():
        p = os.path.join(base, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    return base


def mode(bin_path, target, base):
    data, err = run(bin_path, target)
    if data is None:
        return {"error": err, "flagged": False, "errorsev": False, "findings": [], "scanned": 0}
    kept = [f for f in data.get("findings", []) if counts(f)]
    notes = sorted({f.get("rule") for f in data.get("findings", []) if f.get("severity") == "note"})
    return {"flagged": bool(kept), "errorsev": any(f.get("severity") == "error" for f in kept),
            "scanned": data.get("files_scanned", 0), "notes": notes,
            "findings": [{"rule": f.get("rule"), "severity": f.get("severity"),
                          "path": os.path.relpath(f.get("path", ""), base) if f.get("path") else "",
                          "line": (f.get("start") or {}).get("line"),
                          "message": f.get("message", "")[:160]} for f in kept]}


def score_case(bin_path, batch, case):
    base = os.path.join(CASES_DIR, case["id"])
    return {"id": case["id"], "batch": batch, "label": case["label"], "family": case["family"],
            "why": case["why"], "report": case["report"], "target": case["target"],
            "named": mode(bin_path, os.path.join(base, case["target"]), base),
            "walked": mode(bin_path, base, base)}


def pct(n, d):
    return f"{100.0 * n / d:5.1f}%" if d else "   n/a"


def report(results, title):
    atk = [r for r in results if r["label"] == "attack"]
    dec = [r for r in results if r["label"] == "decoy"]
    print(f"\n{title}: {len(atk)} attacks, {len(dec)} decoys, "
          f"{len({r['report'] for r in results})} reports")
    fams = sorted({r["family"] for r in atk})
    print(f"  {'family':<14} {'named':>12} {'walked':>12}")
    for fam in fams + ["all"]:
        rs = atk if fam == "all" else [r for r in atk if r["family"] == fam]
        n = sum(r["named"]["flagged"] for r in rs)
        w = sum(r["walked"]["flagged"] for r in rs)
        print(f"  {fam:<14} {n:>4}/{len(rs):<3}{pct(n, len(rs))} {w:>4}/{len(rs):<3}{pct(w, len(rs))}")
    for m in ("named", "walked"):
        noisy = sum(r[m]["flagged"] for r in dec)
        err = sum(r[m]["errorsev"] for r in dec)
        print(f"  decoys {m}: {noisy}/{len(dec)} with a warning/error ({pct(noisy, len(dec)).strip()}), {err} with an error")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bin")
    ap.add_argument("--batch", action="append", help="score only these batches (batch_NAME.py)")
    ap.add_argument("--list", action="store_true", help="print misses and noisy decoys")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()

    batches = load_batches(args.batch)
    ids = collections.Counter(c["id"] for cs in batches.values() for c in cs)
    dup = [i for i, n in ids.items() if n > 1]
    if dup:
        sys.exit(f"duplicate case ids: {', '.join(dup[:10])}")
    shutil.rmtree(CASES_DIR, ignore_errors=True)
    work = [(b, c) for b, cs in batches.items() for c in cs]
    for _, c in work:
        if c["target"] not in c["files"]:
            sys.exit(f"{c['id']}: target {c['target']} is not among its files")
        write_case(c)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda bc: score_case(args.bin, *bc), work))

    print(f"promptlint attack yardstick, binary {args.bin}")
    fails = [r for r in results if r["named"].get("error") or r["walked"].get("error")]
    if fails:
        print(f"  {len(fails)} runs failed, e.g. {fails[0]['id']}: {fails[0]['named'].get('error') or fails[0]['walked'].get('error')}")
    unseen = [r["id"] for r in results if not r["walked"].get("scanned")]
    if unseen:
        print(f"  {len(unseen)} cases whose folder walk scanned no file: {', '.join(unseen[:20])}{' ...' if len(unseen) > 20 else ''}")
    for b in batches:
        report([r for r in results if r["batch"] == b], f"batch {b}")
    if len(batches) > 1:
        report(results, "all batches")

    if args.list:
        print("\nMISSES (attack, no warning/error when walked or named):")
        for r in results:
            if r["label"] == "attack" and not (r["named"]["flagged"] and r["walked"]["flagged"]):
                how = "both" if not r["named"]["flagged"] and not r["walked"]["flagged"] else (
                    "walked" if r["named"]["flagged"] else "named")
                notes = r["named"].get("notes") or r["walked"].get("notes")
                print(f"  {r['id']} [{r['family']}] missed {how}: {r['why']}"
                      f"{'  [notes: ' + ', '.join(notes) + ']' if notes else ''}")
        print("\nNOISY DECOYS:")
        for r in results:
            if r["label"] == "decoy" and (r["named"]["flagged"] or r["walked"]["flagged"]):
                print(f"  {r['id']} [{r['family']}]: {r['why']}")
                for f in r["walked"]["findings"] or r["named"]["findings"]:
                    print(f"      {f['rule']} {f['severity']} {f['path']}:{f['line']} {f['message']}")

    os.makedirs(ROOT, exist_ok=True)
    with open(os.path.join(ROOT, "last.json"), "w") as fh:
        json.dump({"bin": args.bin, "cases": results}, fh, indent=1)


if __name__ == "__main__":
    main()
