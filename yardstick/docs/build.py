#!/usr/bin/env python3
"""Build the documentation noise yardstick (issue 32): the README, CONTRIBUTING, SECURITY and docs/
markdown and HTML files of the repositories in `repos.txt`, taken from their mirrored
snapshots (`/work/.mirror/<owner>+<name>/`, made by the `fetch` tool), written to
/tmp/yardstick-docs/<owner>+<name>/<path>.

    python3 yardstick/docs/build.py            # extract
    python3 yardstick/docs/build.py --list     # also write repos.txt from the mirrors present

Then `BIN check --no-config --fail-on never --format json /tmp/yardstick-docs` and read every
warning or error on a `doc` file: most of these repositories are about agents and their
security, so their docs quote attacks; a finding there is noise unless the text is written
for the model. Standard library only; nothing is executed.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = "/work/.mirror"
OUT = "/tmp/yardstick-docs"
DOC = re.compile(r"(^|/)(README(\.[\w-]+)?\.md|Readme\.md|readme\.md|CONTRIBUTING\.md|SECURITY\.md)$"
                 r"|(^|/)docs?/.*\.(md|mdx|html)$|(^|/)\.github/(ISSUE_TEMPLATE/[^/]+\.md|PULL_REQUEST_TEMPLATE\.md)$")
MAX_FILES = 60
MAX_BYTES = 512 * 1024


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo, *args], capture_output=True, check=False)


def main():
    listing = os.path.join(HERE, "repos.txt")
    if "--list" in sys.argv:
        names = sorted(d for d in os.listdir(MIRROR) if "+" in d)
        with open(listing, "w") as fh:
            fh.write("\n".join(names) + "\n")
    names = [l.strip() for l in open(listing) if l.strip() and not l.startswith("#")]
    total = 0
    for name in names:
        base = os.path.join(MIRROR, name)
        gitdir = next((os.path.join(r, d) for r, ds, _ in os.walk(base) for d in ds
                       if d.endswith(".git") or os.path.exists(os.path.join(r, d, "HEAD"))), base)
        if not os.path.exists(os.path.join(gitdir, "HEAD")):
            gitdir = base
        ls = git(gitdir, "ls-tree", "-r", "--name-only", "HEAD")
        if ls.returncode != 0:
            continue
        paths = [p for p in ls.stdout.decode("utf-8", "replace").splitlines() if DOC.search(p)]
        for p in paths[:MAX_FILES]:
            blob = git(gitdir, "show", f"HEAD:{p}")
            if blob.returncode != 0 or len(blob.stdout) > MAX_BYTES:
                continue
            dest = os.path.join(OUT, name, p)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as fh:
                fh.write(blob.stdout)
            total += 1
    print(f"{total} documentation files from {len(names)} repositories in {OUT}")


if __name__ == "__main__":
    main()
