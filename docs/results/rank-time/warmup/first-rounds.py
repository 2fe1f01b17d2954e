#!/usr/bin/env python3
"""Per warm-up design, from the rankings' JSON in a directory (DESIGN-SEED.json): how many settled, forks and counted
rounds, and how fast the first two counted rounds of a fork ran against its 3rd and 4th.

For every fork of 4 counted rounds of COPY_BINARY, COPY_TEXT and COPY_CSV (slices left out as compiling aside): the
log rows/s of its 1st and of its 2nd round minus the mean of its 3rd and 4th; the mean over those forks, with its
standard error. A warm-up that had not ended shows as a 1st (or 2nd) round below the later ones.
Usage: first-rounds.py DIR
"""
import glob, json, math, statistics as st, sys
from collections import defaultdict

designs = defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    design = f.split('/')[-1].rsplit('-', 1)[0]
    d = json.load(open(f))
    r = d['rankings'][0]
    seq = defaultdict(list)
    for rnd in d['rounds']:
        for s in rnd['slices']:
            if not s.get('compiling') and s['candidate'] in ('COPY_BINARY', 'COPY_TEXT', 'COPY_CSV'):
                seq[(s['candidate'], rnd['fork'])].append(math.log(s['rowsPerSecond']))
    first, second = [], []
    for v in seq.values():
        if len(v) == 4:
            later = (v[2] + v[3]) / 2
            first.append(v[0] - later)
            second.append(v[1] - later)
    designs[design].append((d['settled'], r['forks'], r['measuredRounds'], d['elapsedSeconds'], first, second))

def pct(x):
    return f"{100 * st.mean(x):+.1f} % ± {100 * st.stdev(x) / math.sqrt(len(x)):.1f}"

print("| design | rankings | settled | forks | counted rounds | 1st round against 3rd-4th | 2nd round | forks of 4 |")
print("|---|---:|---:|---|---|---:|---:|---:|")
for design, runs in designs.items():
    first = [x for r in runs for x in r[4]]
    second = [x for r in runs for x in r[5]]
    print(f"| {design} | {len(runs)} | {sum(r[0] for r in runs)} | {', '.join(str(r[1]) for r in runs)} | "
          f"{', '.join(str(r[2]) for r in runs)} | {pct(first)} | {pct(second)} | {len(first)} |")
