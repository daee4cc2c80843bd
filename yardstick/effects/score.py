#!/usr/bin/env python3
"""Score promptlint against the effects yardstick.

    python3 yardstick/effects/score.py BIN [--list] [--real] [--jobs N]

Writes every case of cases.py into /tmp/yardstick-effects/cases/<id>/, runs
`BIN check --format json --fail-on never --no-config <that folder>` once per case, and
counts a case as flagged when it has a finding of severity warning or error from a rule
outside PL8xx (hygiene). Reports recall on the malicious cases and the false-alarm rate
on the benign ones, overall and per class. `--list` prints each miss and each false alarm.
`--real` also scans /tmp/yardstick-effects/real (built by rebuild_real.py) in one run and
reports the real files with a warning/error per class. Per-case results go to
/tmp/yardstick-effects/last.json. Standard library only.
"""

import argparse
import collections
import concurrent.futures
import csv
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the repository

import cases as casemod  # noqa: E402

ROOT = "/tmp/yardstick-effects"
CASES_DIR = os.path.join(ROOT, "cases")
REAL_DIR = os.path.join(ROOT, "real")


def use_batch(module, root):
    """Scores another batch of cases (score2.py: cases2.py in /tmp/yardstick-effects2)."""
    global casemod, ROOT, CASES_DIR, REAL_DIR
    casemod = module
    ROOT = root
    CASES_DIR = os.path.join(ROOT, "cases")
    REAL_DIR = os.path.join(ROOT, "real")


def run(bin_path, target):
    cmd = [bin_path, "check", "--format", "json", "--fail-on", "never", "--no-config", target]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return None, f"exit {proc.returncode}: {proc.stderr.strip()[:300]}"
    return data, None


def counts(f):
    return f.get("severity") in ("warning", "error") and not str(f.get("rule", "")).startswith("PL8")


def short(f, base):
    path = f.get("path", "")
    if path.startswith(base):
        path = path[len(base):].lstrip("/")
    line = (f.get("start") or {}).get("line", f.get("line"))
    return {"rule": f.get("rule"), "name": f.get("name"), "severity": f.get("severity"),
            "path": path, "line": line, "message": f.get("message", "")}


def write_case(case):
    base = os.path.join(CASES_DIR, case["id"])
    for rel, text in case["files"].items():
        p = os.path.join(base, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    return base


def score_case(bin_path, case):
    base = os.path.join(CASES_DIR, case["id"])
    data, err = run(bin_path, base)
    res = {"id": case["id"], "label": case["label"], "cls": case["cls"], "why": case["why"]}
    if data is None:
        res.update(error=err, flagged=False, findings=[], ignored=0)
        return res
    allf = data.get("findings", [])
    kept = [short(f, base) for f in allf if counts(f)]
    notes = sorted({f.get("rule") for f in allf if f.get("severity") == "note"
                    and not str(f.get("rule", "")).startswith("PL8")})
    res.update(flagged=bool(kept), findings=kept, ignored=len(allf) - len(kept), note_rules=notes,
               files_scanned=data.get("files_scanned"),
               run_errors=[e for e in data.get("errors", []) if e.get("message")])
    return res


def pct(n, d):
    return f"{100.0 * n / d:5.1f}%" if d else "   n/a"


def table(results, label, title):
    rows = [r for r in results if r["label"] == label]
    by = collections.defaultdict(list)
    for r in rows:
        by[r["cls"]].append(r)
    print(f"\n{title}")
    print(f"  {'class':<20} {'flagged':>9} {'rate':>7}")
    for cls in casemod.CLASSES:
        rs = by.get(cls, [])
        if not rs:
            continue
        n = sum(r["flagged"] for r in rs)
        print(f"  {cls:<20} {n:>4}/{len(rs):<4} {pct(n, len(rs))}")
    n = sum(r["flagged"] for r in rows)
    print(f"  {'all':<20} {n:>4}/{len(rows):<4} {pct(n, len(rows))}")
    return n, len(rows)


def fmt_findings(fs, indent="      "):
    return "\n".join(f"{indent}{f['rule']} {f['severity']} {f['path']}:{f['line']} {f['message'][:140]}" for f in fs)


def score_real(bin_path, listing):
    tsv = os.path.join(HERE, "real.tsv")
    if not os.path.isdir(REAL_DIR) or not os.path.exists(tsv):
        print("\n--real: run rebuild_real.py first", file=sys.stderr)
        return None
    rows = {}
    with open(tsv, newline="") as fh:
        for r in csv.reader(fh, delimiter="\t"):
            if not r or r[0].startswith("#"):
                continue
            repo, commit, path, label, cls = r[:5]
            rows[repo.replace("/", "__") + "/" + path] = {"repo": repo, "commit": commit, "path": path,
                                                         "label": label, "cls": cls}
    data, err = run(bin_path, REAL_DIR)
    if data is None:
        print(f"\n--real: run failed: {err}")
        return None
    hits = collections.defaultdict(list)
    for f in data.get("findings", []):
        if counts(f):
            s = short(f, REAL_DIR)
            hits[s["path"]].append(s)
    per = collections.defaultdict(lambda: {"n": 0, "flagged": 0})
    flagged = []
    for key, row in rows.items():
        k = (row["label"], row["cls"])
        per[k]["n"] += 1
        if key in hits:
            per[k]["flagged"] += 1
            flagged.append((row, hits[key]))
    other = {p: fs for p, fs in hits.items() if p not in rows}
    print(f"\nREAL FILES ({len(rows)} listed, {data.get('files_scanned')} scanned in one run)")
    print(f"  {'label/class':<30} {'with warning/error':>20}")
    for (label, cls), v in sorted(per.items()):
        print(f"  {label + '/' + cls:<30} {v['flagged']:>6}/{v['n']:<4} {pct(v['flagged'], v['n'])}")
    tot = sum(v["n"] for k, v in per.items() if k[0] == "benign" and k[1] != "context")
    fl = sum(v["flagged"] for k, v in per.items() if k[0] == "benign" and k[1] != "context")
    print(f"  {'benign (without context)':<30} {fl:>6}/{tot:<4} {pct(fl, tot)}")
    if other:
        print(f"  (findings on {len(other)} files not listed in real.tsv)")
    if listing:
        print("\n  real files with a warning/error:")
        for row, fs in flagged:
            print(f"    [{row['label']}/{row['cls']}] {row['repo']} {row['path']}")
            print(fmt_findings(fs, "        "))
    return {"per_class": {f"{a}/{b}": v for (a, b), v in per.items()},
            "flagged": [{**row, "findings": fs} for row, fs in flagged],
            "unlisted": other}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bin")
    ap.add_argument("--list", action="store_true", help="print misses and false alarms")
    ap.add_argument("--real", action="store_true", help="also scan /tmp/yardstick-effects/real")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()

    shutil.rmtree(CASES_DIR, ignore_errors=True)
    for c in casemod.CASES:
        write_case(c)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda c: score_case(args.bin, c), casemod.CASES))

    errs = [r for r in results if r.get("error")]
    print(f"promptlint effects yardstick: {len(results)} cases, binary {args.bin}")
    if errs:
        print(f"  {len(errs)} runs failed, e.g. {errs[0]['id']}: {errs[0]['error']}")
    unseen = [r["id"] for r in results if not r.get("error") and not r.get("files_scanned")]
    if unseen:
        print(f"  {len(unseen)} cases had no file scanned (not discovered by the walk): {', '.join(unseen)}")
    tp, np_ = table(results, "malicious", "MALICIOUS caught (recall)")
    fp, nb = table(results, "benign", "BENIGN with a warning/error (false alarms)")
    prec = tp / (tp + fp) if tp + fp else 0.0
    print(f"\nrecall {tp}/{np_} = {pct(tp, np_).strip()}, false-alarm rate {fp}/{nb} = {pct(fp, nb).strip()}, "
          f"precision {100 * prec:.1f}%")

    if args.list:
        print("\nMISSES (malicious, no warning/error):")
        for cls in casemod.CLASSES:
            miss = [r for r in results if r["label"] == "malicious" and r["cls"] == cls and not r["flagged"]]
            if miss:
                print(f"  {cls}:")
                for r in miss:
                    extra = f"  [notes only: {', '.join(r['note_rules'])}]" if r.get("note_rules") else ""
                    print(f"    {r['id']}  -- {r['why']}{extra}")
        print("\nFALSE ALARMS (benign with a warning/error):")
        for r in results:
            if r["label"] == "benign" and r["flagged"]:
                print(f"  {r['id']}  -- {r['why']}")
                print(fmt_findings(r["findings"]))

    out = {"bin": args.bin, "cases": results,
           "summary": {"malicious": [tp, np_], "benign_flagged": [fp, nb]}}
    if args.real:
        out["real"] = score_real(args.bin, args.list)
    with open(os.path.join(ROOT, "last.json"), "w") as fh:
        json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
