#!/usr/bin/env python3
"""Write the real files listed in real.tsv to /tmp/yardstick-effects/real/<owner>__<repo>/<path>.

Each file is taken with `git show COMMIT:PATH` from the bare mirror
/work/.mirror/<owner>+<repo>/repo (or /work/.mirror/<owner>+<repo> if that is the git dir).
Their content is never copied into this repository. Standard library only.
"""

import csv
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = os.environ.get("MIRROR", "/work/.mirror")
OUT = "/tmp/yardstick-effects/real"


def gitdir(repo):
    base = os.path.join(MIRROR, repo.replace("/", "+"))
    sub = os.path.join(base, "repo")
    return sub if os.path.isdir(sub) else base


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    ok = missing = 0
    with open(os.path.join(HERE, "real.tsv"), newline="") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if not row or row[0].startswith("#"):
                continue
            repo, commit, path = row[:3]
            proc = subprocess.run(["git", "-C", gitdir(repo), "show", f"{commit}:{path}"], capture_output=True)
            if proc.returncode != 0:
                missing += 1
                print(f"missing: {repo} {commit[:10]} {path}", file=sys.stderr)
                continue
            dst = os.path.join(OUT, repo.replace("/", "__"), path)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as out:
                out.write(proc.stdout)
            ok += 1
    print(f"wrote {ok} files to {OUT}" + (f", {missing} missing" if missing else ""))


if __name__ == "__main__":
    main()
