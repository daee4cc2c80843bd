#!/usr/bin/env python3
"""Score promptlint on the red-team lowering cases (cases.py).

    python3 yardstick/redteam/score.py BIN [--list]

Writes each case under /tmp/yardstick-redteam/<id>/ (YARDSTICK_REDTEAM_DIR moves it), walks
the case's folder with `BIN check --format json --fail-on never --no-config`, and counts the
case caught when a finding from a rule outside PL8xx has severity warning or error. Prints
the count and, with --list, every case with its findings. Standard library only.
"""
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import CASES  # noqa: E402

ROOT = os.environ.get("YARDSTICK_REDTEAM_DIR", "/tmp/yardstick-redteam")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bin_path = sys.argv[1]
    shutil.rmtree(ROOT, ignore_errors=True)
    caught = 0
    for cid, files in CASES.items():
        base = os.path.join(ROOT, cid)
        for rel, text in files.items():
            p = os.path.join(base, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        out = subprocess.run([bin_path, "check", "--format", "json", "--fail-on", "never",
                              "--no-config", base], capture_output=True, text=True, check=False)
        found = json.loads(out.stdout).get("findings", []) if out.stdout else []
        marks = sorted({f"{f['rule']}:{f['severity']}" for f in found})
        hit = any(not f["rule"].startswith("PL8") and f["severity"] in ("warning", "error")
                  for f in found)
        caught += hit
        if "--list" in sys.argv:
            print(f"{cid:6} {'CAUGHT' if hit else 'MISSED'} {' '.join(marks)}")
    print(f"caught {caught}/{len(CASES)}")


if __name__ == "__main__":
    main()
