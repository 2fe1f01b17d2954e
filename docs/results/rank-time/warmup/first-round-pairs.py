#!/usr/bin/env python3
"""Per warm-up design (DESIGN-SEED.json in DIR): whether a fork's first rounds favour one candidate over another.

For every fork of 4 counted rounds and each pair of COPY_BINARY, COPY_TEXT and COPY_CSV: the pair's log ratio of rows/s
in the fork's 1st and in its 2nd round minus its mean log ratio in the 3rd and 4th; the mean over forks with its
standard error. A slowdown every candidate shares cancels here (the intervals count such within-round ratios); a
warm-up that one candidate needs longer than another shows as a ratio away from 0.
Usage: first-round-pairs.py DIR
"""
import glob, json, math, statistics as st, sys
from collections import defaultdict

PAIRS = [('COPY_BINARY', 'COPY_TEXT'), ('COPY_BINARY', 'COPY_CSV'), ('COPY_TEXT', 'COPY_CSV')]
designs = defaultdict(lambda: defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    design = f.split('/')[-1].rsplit('-', 1)[0]
    d = json.load(open(f))
    forks = defaultdict(lambda: defaultdict(dict))
    for rnd in d['rounds']:
        for s in rnd['slices']:
            if not s.get('compiling'):
                forks[rnd['fork']][rnd['round']][s['candidate']] = math.log(s['rowsPerSecond'])
    for rounds in forks.values():
        order = sorted(rounds)
        if len(order) != 4:
            continue
        for a, b in PAIRS:
            if not all(a in rounds[r] and b in rounds[r] for r in order):
                continue
            ratio = [rounds[r][a] - rounds[r][b] for r in order]
            later = (ratio[2] + ratio[3]) / 2
            designs[design][(a, b, 1)].append(ratio[0] - later)
            designs[design][(a, b, 2)].append(ratio[1] - later)

print("| design | pair | 1st round against 3rd-4th | 2nd round | forks |")
print("|---|---|---:|---:|---:|")
for design, dev in designs.items():
    for a, b in PAIRS:
        cells = []
        for k in (1, 2):
            x = dev[(a, b, k)]
            cells.append(f"{100 * st.mean(x):+.1f} % ± {100 * st.stdev(x) / math.sqrt(len(x)):.1f}" if len(x) > 1 else "")
        print(f"| {design} | {a}/{b} | {cells[0]} | {cells[1]} | {len(dev[(a, b, 1)])} |")
