#!/usr/bin/env python3
"""Figures of one promptlint run on the yardstick.

Usage: promptlint check --format json /tmp/yardstick/files > run.json
       python3 measure.py run.json [--list]

Prints files scanned, findings by severity, files with a warning or error (and the share of
files scanned), findings by rule; with --list, one line per warning or error
(path:line, rule, severity, message) to judge by hand against verdicts-after.tsv.
"""
import json,sys,collections
d=json.load(open(sys.argv[1]))
fs=d['findings']
print('files_scanned',d['files_scanned'],'errors',len(d['errors']))
sev=collections.Counter(f['severity'] for f in fs); print(dict(sev))
files=collections.defaultdict(set)
for f in fs:
    if f['severity'] in ('warning','error'): files[f['severity']].add(f['path'])
we=files['warning']|files['error']
print('files with warning|error',len(we),'with error',len(files['error']), 'pct %.2f%%'%(100*len(we)/d['files_scanned']))
print(collections.Counter(f['rule'] for f in fs if f['severity'] in('warning','error')).most_common())
if '--list' in sys.argv[2:]:
    for f in fs:
        if f['severity'] in ('warning','error'):
            print(f"{f['path']}:{f['start']['line']}\t{f['rule']}\t{f['severity']}\t{f.get('message','')[:110]}")
