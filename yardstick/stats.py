#!/usr/bin/env python3
"""Print corpus, run and verdict statistics (reads yardstick.tsv, verdicts.tsv, /tmp/yardstick/base.json)."""
import json, collections, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import kinds
H = os.path.dirname(os.path.abspath(__file__))
rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(H, 'yardstick.tsv'), encoding='utf-8')]
print('files', len(rows), 'repos', len({r[0] for r in rows}))
print('category files', dict(collections.Counter(r[3] for r in rows).most_common()))
print('category repos', {c: len({r[0] for r in rows if r[3] == c}) for c in sorted({r[3] for r in rows})})
kd, ku = collections.Counter(), collections.Counter()
for r in rows:
    k, disc = kinds.classify(r[2]); (kd if disc else ku)[k] += 1
print('discovered kinds', dict(kd.most_common()), sum(kd.values()))
print('undiscovered kinds', dict(ku.most_common()), sum(ku.values()))
g = collections.Counter()
for r in rows:
    for glob, rx, k in kinds._D:
        if rx.match(r[2]): g[glob] += 1
print('discovered globs with no file:', [glob for glob, rx, k in kinds._D if not g[glob]])
scripts = {'Arabic/Persian': r'[\u0600-\u06ff\u0750-\u077f]', 'Hebrew': r'[\u0590-\u05ff]', 'Indic': r'[\u0900-\u0dff]',
           'Han': r'[\u3400-\u9fff]', 'Kana': r'[\u3040-\u30ff]', 'Hangul': r'[\uac00-\ud7af]'}
sc, sr = collections.Counter(), collections.defaultdict(set)
for repo, commit, path, cat in rows:
    p = f"/tmp/yardstick/files/{repo.replace('/', '__', 1)}/{path}"
    if not os.path.exists(p): continue
    t = open(p, encoding='utf-8', errors='replace').read()
    for k, rx in scripts.items():
        if len(re.findall(rx, t)) >= 30: sc[k] += 1; sr[k].add(repo)
print('files (repos) with >=30 chars of script', {k: f"{sc[k]} ({len(sr[k])})" for k in scripts})
d = json.load(open('/tmp/yardstick/base.json'))
f = d['findings']
print('files_scanned', d['files_scanned'], 'run errors', len(d['errors']))
we = [x for x in f if x['severity'] in ('warning', 'error')]
print('findings', dict(collections.Counter(x['severity'] for x in f)))
print('files with warning|error', len({x['path'] for x in we}), 'files with error', len({x['path'] for x in we if x['severity'] == 'error'}))
print('notes by rule', dict(collections.Counter(x['rule'] + ' ' + x['name'] for x in f if x['severity'] == 'note').most_common()))
cat = {('files/' + r[0].replace('/', '__', 1) + '/' + r[2]): r[3] for r in rows}
print('warning|error findings by category', dict(collections.Counter(cat[x['path']] for x in we)))
v = [l.split('\t') for l in open(os.path.join(H, 'verdicts.tsv'), encoding='utf-8').read().split('\n')[1:] if l]
print('verdicts', dict(collections.Counter(x[4] for x in v)))
print('TP by rule', dict(collections.Counter(x[1] for x in v if x[4] == 'TP')))
print('FP by rule', dict(collections.Counter(x[1] for x in v if x[4] == 'FP')))
ex = collections.defaultdict(list)
for x in v: ex[(x[4], x[5])].append(x[0] + ':' + x[2] + ' ' + x[1])
for (vv, c), l in sorted(ex.items(), key=lambda t: (t[0][0], -len(t[1]))):
    print(f"{vv} {len(l):3d} {c} :: {l[0]}" + (f" | {l[-1]}" if len(l) > 1 else ""))
