#!/usr/bin/env python3
"""List agent-file candidates in every mirror: repo, commit, path, kind, discovered, size."""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kinds
M = "/work/.mirror"
def gitdir(d):
    for c in ("repo/.git", "repo"):
        p = os.path.join(M, d, c)
        if os.path.isfile(os.path.join(p, "HEAD")): return p
out = open(sys.argv[1] if len(sys.argv) > 1 else "/tmp/yardstick/candidates.tsv", "w")
for d in sorted(os.listdir(M)):
    if "+" not in d or d.endswith(".part"): continue
    g = gitdir(d)
    if not g: continue
    repo = d.replace("+", "/", 1)
    try:
        commit = subprocess.run(["git","--git-dir",g,"rev-parse","HEAD"],capture_output=True,text=True,check=True).stdout.strip()
        ls = subprocess.run(["git","--git-dir",g,"ls-tree","-r","-l","-z","HEAD"],capture_output=True,check=True).stdout
    except subprocess.CalledProcessError as e:
        print("ERR", repo, e, file=sys.stderr); continue
    for ent in ls.split(b"\0"):
        if not ent: continue
        meta, path = ent.split(b"\t", 1)
        mode, typ, sha, size = meta.split()
        if typ != b"blob" or mode == b"120000": continue
        path = path.decode("utf-8", "replace")
        c = kinds.classify(path)
        if not c: continue
        if "node_modules/" in path or "/vendor/" in path: continue
        out.write(f"{repo}\t{commit}\t{path}\t{c[0]}\t{int(c[1])}\t{size.decode()}\n")
