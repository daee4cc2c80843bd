#!/usr/bin/env python3
"""Rebuild the promptlint "yardstick" evaluation corpus from yardstick.tsv.

Each line of yardstick.tsv is

    owner/repo <TAB> commit <TAB> path <TAB> category

and becomes the file  <target>/<owner>__<repo>/<path>  (the real relative path is kept,
because promptlint decides a file's kind from its path: AGENTS.md, .cursor/rules/x.mdc,
.claude/skills/x/SKILL.md, ...).

Where the bytes come from, in this order:

1. a git mirror  <mirrors>/<owner>+<repo>/repo[/.git]  (a bare git directory as the
   `fetch` verb of the session's search tool leaves it under /work/.mirror/), read with
   `git --git-dir X show COMMIT:PATH`, so the bytes are exactly the committed blob;
2. a raw cache  <raw>/<owner>__<repo>/<path>  (default /tmp/yardstick/raw/) holding files that
   were copied from the search tool's `read_file` answer (text as the index stores it, saved
   as UTF-8; a BOM or CRLF line ends of the original may be lost there).

A fresh machine WITHOUT the search tool cannot rebuild the corpus from this script alone:
it needs either (a) the mirrors, i.e. a git clone of every repository in yardstick.tsv that
contains the listed commit (e.g. `git clone --mirror https://github.com/OWNER/REPO
<mirrors>/OWNER+REPO/repo`; GitHub may have lost force-pushed commits), plus a copy of the
raw cache for the read_file lines, or (b) a tarball of a previously built target directory.
With network access, `--github` fetches missing files from
https://raw.githubusercontent.com/OWNER/REPO/COMMIT/PATH instead (stdlib urllib).

Usage: rebuild.py [--tsv yardstick.tsv] [--out /tmp/yardstick/files] [--mirrors /work/.mirror]
                  [--raw /tmp/yardstick/raw] [--github] [--clean]
Exit status 1 when any file could not be produced (listed on stderr).
"""
import argparse
import os
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def gitdir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+", 1))
    for cand in ("repo/.git", "repo", ""):
        p = os.path.join(base, cand) if cand else base
        if os.path.isfile(os.path.join(p, "HEAD")) and os.path.isdir(os.path.join(p, "objects")):
            return p
    return None


def from_git(g, commit, path):
    r = subprocess.run(["git", "--git-dir", g, "show", f"{commit}:{path}"], capture_output=True)
    return r.stdout if r.returncode == 0 else None


def from_github(repo, commit, path):
    url = "https://raw.githubusercontent.com/%s/%s/%s" % (repo, commit, urllib.parse.quote(path))
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            return resp.read()
    except Exception:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tsv", default=os.path.join(HERE, "yardstick.tsv"))
    ap.add_argument("--out", default="/tmp/yardstick/files")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--raw", default="/tmp/yardstick/raw")
    ap.add_argument("--github", action="store_true", help="fall back to raw.githubusercontent.com")
    ap.add_argument("--clean", action="store_true", help="remove the target directory first")
    a = ap.parse_args()
    if a.clean and os.path.isdir(a.out):
        shutil.rmtree(a.out)
    missing, done, via = [], 0, {"git": 0, "raw": 0, "github": 0}
    for n, line in enumerate(open(a.tsv, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        repo, commit, path, _cat = line.split("\t")
        if ".." in path.split("/") or path.startswith("/"):
            missing.append((n, repo, path, "unsafe path"))
            continue
        flat = repo.replace("/", "__", 1)
        data, src = None, None
        g = gitdir(a.mirrors, repo)
        if g:
            data, src = from_git(g, commit, path), "git"
        if data is None:
            rawp = os.path.join(a.raw, flat, path)
            if os.path.isfile(rawp):
                data, src = open(rawp, "rb").read(), "raw"
        if data is None and a.github:
            data, src = from_github(repo, commit, path), "github"
        if data is None:
            missing.append((n, repo, path, "no mirror, raw copy or download"))
            continue
        dest = os.path.join(a.out, flat, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(data)
        done += 1
        via[src] += 1
    print(f"wrote {done} files to {a.out} (git {via['git']}, raw {via['raw']}, github {via['github']})")
    for n, repo, path, why in missing:
        print(f"missing line {n}: {repo} {path}: {why}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
