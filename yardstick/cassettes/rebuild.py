#!/usr/bin/env python3
"""Rebuild the cassette yardstick (recorded LLM traffic with provider usage) from list.tsv.

Each line of list.tsv (after its header) is

    repo <TAB> commit <TAB> path <TAB> provider <TAB> api <TAB> format <TAB> framework <TAB> requests <TAB> why

and becomes the file  <out>/<owner>__<repo>/<path>  (default out: /tmp/cassettes). The
recordings are other projects' test data: they are rebuilt outside the repository and never
committed.

The bytes come from a git mirror  <mirrors>/<owner>+<repo>/repo  (the bare git directory the
session's `fetch` leaves under /work/.mirror/), read with `git --git-dir X show COMMIT:PATH`, so
a file is exactly the committed blob. This script fetches nothing: when a mirror is missing
or lacks the commit it names the repositories to fetch (`fetch github:OWNER/REPO`, or on a
machine without that tool `git clone --mirror https://github.com/OWNER/REPO
<mirrors>/OWNER+REPO/repo`) and exits 1.

Usage: rebuild.py [--list list.tsv] [--out /tmp/cassettes] [--mirrors /work/.mirror] [--clean]
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def gitdir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+", 1))
    for cand in ("repo/.git", "repo", ""):
        p = os.path.join(base, cand) if cand else base
        if os.path.isfile(os.path.join(p, "HEAD")) and os.path.isdir(os.path.join(p, "objects")):
            return p
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", default=os.path.join(HERE, "list.tsv"))
    ap.add_argument("--out", default="/tmp/cassettes")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--clean", action="store_true", help="remove the target directory first")
    a = ap.parse_args()
    out = os.path.abspath(a.out)
    repo_root = os.path.abspath(os.path.join(HERE, "..", ".."))
    if out == repo_root or out.startswith(repo_root + os.sep):
        print(f"refusing to write recordings inside the repository ({out})", file=sys.stderr)
        return 2
    if a.clean and os.path.isdir(out):
        shutil.rmtree(out)
    done, missing, to_fetch = 0, [], set()
    for n, line in enumerate(open(a.list, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#") or line.startswith("repo\t"):
            continue
        repo, commit, path = line.split("\t")[:3]
        if ".." in path.split("/") or path.startswith("/"):
            missing.append((n, repo, path, "unsafe path"))
            continue
        g = gitdir(a.mirrors, repo)
        if g is None:
            to_fetch.add(repo)
            missing.append((n, repo, path, "no mirror"))
            continue
        r = subprocess.run(["git", "--git-dir", g, "show", f"{commit}:{path}"], capture_output=True)
        if r.returncode != 0:
            to_fetch.add(repo)
            missing.append((n, repo, path, "not in the mirror at that commit: " + r.stderr.decode(errors="replace").strip()[:120]))
            continue
        dest = os.path.join(out, repo.replace("/", "__", 1), path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(r.stdout)
        done += 1
    print(f"wrote {done} recordings to {out}")
    for n, repo, path, why in missing:
        print(f"missing line {n}: {repo} {path}: {why}", file=sys.stderr)
    if to_fetch:
        print("fetch these repositories (or clone them as mirrors) and run again:", file=sys.stderr)
        for repo in sorted(to_fetch):
            print(f"  fetch github:{repo}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
